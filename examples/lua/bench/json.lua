-- pgolab benchmark: a JSON encoder and recursive-descent decoder, round-
-- tripping generated documents. usage: lua json.lua [rounds]
local rounds = tonumber(arg and arg[1]) or 8

local seed = 2718281
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end

local letters = "abcdefghijklmnopqrstuvwxyz"
local function rstring()
  local len = rand(12)
  local t = {}
  for i = 1, len do
    local r = rand(40)
    if r <= 26 then t[i] = letters:sub(r, r)
    elseif r == 27 then t[i] = '"'
    elseif r == 28 then t[i] = "\\"
    elseif r == 29 then t[i] = "\n"
    elseif r == 30 then t[i] = "\t"
    else t[i] = " " end
  end
  return table.concat(t)
end

local function gen(depth)
  local r = rand(10)
  if depth <= 0 or r <= 4 then
    local k = rand(6)
    if k == 1 then return rand(100000) - 50000
    elseif k == 2 then return (rand(1000000) - 500000) / 64
    elseif k == 3 then return rand(2) == 1
    elseif k == 4 then return rstring()
    elseif k == 5 then return rstring() .. rand(99)
    else return rand(1000) end
  elseif r <= 7 then
    local a = {}
    for i = 1, rand(8) do a[i] = gen(depth - 1) end
    return a
  else
    local o = {}
    for _ = 1, rand(7) do o["f_" .. rstring():gsub("%W", "") .. rand(50)] = gen(depth - 1) end
    return o
  end
end

-- encoder ------------------------------------------------------------------
local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r" }
local function encode_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

local encode
local function encode_into(v, out)
  local tv = type(v)
  if tv == "table" then
    if v[1] ~= nil or next(v) == nil then
      out[#out + 1] = "["
      for i = 1, #v do
        if i > 1 then out[#out + 1] = "," end
        encode_into(v[i], out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        out[#out + 1] = encode_string(k)
        out[#out + 1] = ":"
        encode_into(v[k], out)
      end
      out[#out + 1] = "}"
    end
  elseif tv == "string" then
    out[#out + 1] = encode_string(v)
  elseif tv == "number" then
    if math.type(v) == "integer" then out[#out + 1] = tostring(v)
    else out[#out + 1] = string.format("%.17g", v) end
  elseif tv == "boolean" then
    out[#out + 1] = v and "true" or "false"
  else
    out[#out + 1] = "null"
  end
end
function encode(v)
  local out = {}
  encode_into(v, out)
  return table.concat(out)
end

-- decoder ------------------------------------------------------------------
local byte, sub, find = string.byte, string.sub, string.find
local unescape = { [110] = "\n", [116] = "\t", [114] = "\r", [34] = '"', [92] = "\\", [47] = "/" }

local decode_value
local function skip_ws(s, i)
  return find(s, "[^ \t\r\n]", i) or #s + 1
end

local function decode_string(s, i)
  -- s:byte(i) == '"'
  local parts, j = {}, i + 1
  while true do
    local a = find(s, '["\\]', j)
    if not a then error("unterminated string at " .. i) end
    parts[#parts + 1] = sub(s, j, a - 1)
    if byte(s, a) == 34 then return table.concat(parts), a + 1 end
    local e = byte(s, a + 1)
    if e == 117 then
      parts[#parts + 1] = string.char(tonumber(sub(s, a + 2, a + 5), 16))
      j = a + 6
    else
      parts[#parts + 1] = unescape[e] or error("bad escape at " .. a)
      j = a + 2
    end
  end
end

function decode_value(s, i)
  i = skip_ws(s, i)
  local c = byte(s, i)
  if c == 123 then -- {
    local obj = {}
    i = skip_ws(s, i + 1)
    if byte(s, i) == 125 then return obj, i + 1 end
    while true do
      local k
      k, i = decode_string(s, skip_ws(s, i))
      i = skip_ws(s, i)
      if byte(s, i) ~= 58 then error("expected ':' at " .. i) end
      obj[k], i = decode_value(s, i + 1)
      i = skip_ws(s, i)
      c = byte(s, i)
      if c == 125 then return obj, i + 1 end
      if c ~= 44 then error("expected ',' or '}' at " .. i) end
      i = i + 1
    end
  elseif c == 91 then -- [
    local arr, n = {}, 0
    i = skip_ws(s, i + 1)
    if byte(s, i) == 93 then return arr, i + 1 end
    while true do
      n = n + 1
      arr[n], i = decode_value(s, i)
      i = skip_ws(s, i)
      c = byte(s, i)
      if c == 93 then return arr, i + 1 end
      if c ~= 44 then error("expected ',' or ']' at " .. i) end
      i = i + 1
    end
  elseif c == 34 then
    return decode_string(s, i)
  elseif c == 116 then return true, i + 4
  elseif c == 102 then return false, i + 5
  elseif c == 110 then return nil, i + 4
  else
    local a, b = find(s, "^-?%d+%.?%d*[eE]?[-+]?%d*", i)
    if not a then error("unexpected character at " .. i) end
    return math.tointeger(tonumber(sub(s, a, b))) or tonumber(sub(s, a, b)), b + 1
  end
end

local function decode(s)
  local v, i = decode_value(s, 1)
  i = skip_ws(s, i)
  if i <= #s then error("trailing garbage at " .. i) end
  return v
end

-- a structural checksum that does not depend on pairs() order
local function digest(v)
  local tv = type(v)
  if tv == "table" then
    local h = #v * 7 + 1
    for k, x in pairs(v) do
      local kh = type(k) == "string" and #k * 131 + byte(k, #k) or k
      h = (h + kh * 31 + digest(x)) % 1000000007
    end
    return h
  elseif tv == "string" then
    local h = #v
    for i = 1, #v, 3 do h = (h * 17 + byte(v, i)) % 1000000007 end
    return h
  elseif tv == "number" then
    return math.floor(v * 64) % 1000000007
  else
    return v and 3 or 5
  end
end

local docs = {}
for i = 1, 40 do docs[i] = gen(6) end

local total_len, sum = 0, 0
for r = 1, rounds do
  for i = 1, #docs do
    local text = encode(docs[i])
    local back = decode(text)
    local again = encode(back)
    if again ~= text then error("round trip mismatch in document " .. i) end
    total_len = total_len + #text
    if r == 1 then sum = (sum + digest(back)) % 1000000007 end
  end
end
print(string.format("json bytes=%d digest=%d", total_len, sum))
