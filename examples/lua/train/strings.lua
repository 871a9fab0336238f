-- pgolab training workload: string building, pattern matching and formatting.
-- usage: lua strings.lua [scale]   (prints one deterministic checksum line)
local scale = tonumber(arg and arg[1]) or 1

-- small deterministic PRNG (LCG), so output never depends on math.random
local seed = 12345
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end

local syllables = { "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "zen", "qua", "ix", "or" }
local function word()
  local parts = {}
  for i = 1, rand(3) + 1 do parts[i] = syllables[rand(#syllables)] end
  return table.concat(parts)
end

local hash = 0
local function mix(s)
  for i = 1, #s, 7 do hash = (hash * 31 + s:byte(i)) % 4294967296 end
  hash = (hash + #s) % 4294967296
end

-- 1. CSV-ish records: build with string.format, parse back with patterns
local function csv_round(nrec)
  local lines = {}
  for i = 1, nrec do
    lines[i] = string.format("%d,%s,%s,%.2f,%s", i, word(), word():upper(), rand(100000) / 100,
      rand(2) == 1 and "yes" or "no")
  end
  local text = table.concat(lines, "\n")
  local total, yes = 0, 0
  for id, a, b, amount, flag in text:gmatch("(%d+),(%a+),(%u+),([%d%.]+),(%a+)") do
    total = total + tonumber(amount)
    if flag == "yes" and a:upper() ~= b then yes = yes + tonumber(id) % 7 end
  end
  mix(string.format("%.2f:%d", total, yes))
end

-- 2. a tiny template engine: ${name} and ${name|upper} substitution via gsub
local function templates(n)
  local vars = { user = "ada", city = "lovelace", count = 0 }
  local filters = { upper = string.upper, rev = string.reverse, len = function(s) return tostring(#s) end }
  local tpl = "Hello ${user|upper}, welcome to ${city}! You are visitor ${count}; ${city|rev} ${user|len}."
  for i = 1, n do
    vars.count = i
    vars.user = word()
    local out = tpl:gsub("%${(%w+)|?(%w*)}", function(name, filter)
      local v = tostring(vars[name])
      if filter ~= "" then v = filters[filter](v) end
      return v
    end)
    mix(out)
  end
end

-- 3. Caesar / ROT-n with string.byte/char, plus find with plain and pattern search
local function ciphers(n)
  local found = 0
  for i = 1, n do
    local s = word() .. " " .. word() .. " " .. word()
    local shift = i % 25 + 1
    local out = {}
    for j = 1, #s do
      local c = s:byte(j)
      if c >= 97 and c <= 122 then c = (c - 97 + shift) % 26 + 97 end
      out[j] = string.char(c)
    end
    local enc = table.concat(out)
    if enc:find("qu", 1, true) then found = found + 1 end
    local a, b = enc:find("%s(%a+)%s")
    if a then found = found + (b - a) end
    mix(enc)
  end
  mix(tostring(found))
end

-- 4. splitting, trimming, repetition and reversal
local function split_join(n)
  local count = 0
  for i = 1, n do
    local padded = string.rep(" ", i % 4) .. word() .. ";" .. word() .. ";;" .. word() .. string.rep(" ", i % 3)
    local trimmed = padded:match("^%s*(.-)%s*$")
    local fields = {}
    for f in (trimmed .. ";"):gmatch("([^;]*);") do fields[#fields + 1] = f end
    count = count + #fields
    local joined = table.concat(fields, "/"):reverse()
    mix(joined:sub(2, -2))
  end
  mix(tostring(count))
end

for _ = 1, scale do
  csv_round(16000)
  templates(16000)
  ciphers(11000)
  split_join(21000)
end
print(string.format("strings checksum %08x", hash))
