-- pgolab benchmark: word and bigram frequencies over generated text
-- (string building, gmatch, lower, hash-table counting, sorting).
-- usage: lua wordfreq.lua [words]
local nwords = tonumber(arg and arg[1]) or 110000

local seed = 314159
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end

-- a vocabulary of compound words built from a fixed list of plain words,
-- used with a skewed (Zipf-like) choice
local parts = {
  "river", "stone", "maple", "cloud", "lantern", "copper", "meadow", "harbor", "orbit", "pixel",
  "violet", "walnut", "ember", "falcon", "garden", "island", "jasmine", "kettle", "lemon", "marble",
  "nectar", "olive", "pepper", "quartz", "rocket", "saddle", "timber", "velvet", "willow", "yonder",
  "zephyr", "amber", "basil", "cedar", "delta", "echo", "fable", "granite", "hazel", "indigo",
  "juniper", "kiwi", "lotus", "mango", "nova", "opal", "pebble", "quill", "raven", "sable",
  "tulip", "umber", "vapor", "wander", "yarrow", "zinc", "acorn", "birch", "comet", "dune",
}
local vocab, seen = {}, {}
while #vocab < 3000 do
  local w = {}
  for i = 1, rand(3) do w[i] = parts[rand(#parts)] end
  local s = table.concat(w)
  if not seen[s] then seen[s] = true; vocab[#vocab + 1] = s end
end

local function pick()
  -- product of two uniforms skews towards small indices
  local i = (rand(#vocab) * rand(#vocab)) // #vocab + 1
  if i > #vocab then i = #vocab end
  return vocab[i]
end

-- generate the text in chunks: sentences with capitals and punctuation
local punct = { ".", ",", ";", "!", "?", " -", ":" }
local chunks, sentence = {}, {}
local produced = 0
while produced < nwords do
  local len = rand(14) + 3
  for i = 1, len do
    local w = pick()
    if i == 1 then w = w:sub(1, 1):upper() .. w:sub(2) end
    if rand(9) == 1 then w = w .. punct[rand(#punct)] end
    sentence[i] = w
  end
  for i = len + 1, #sentence do sentence[i] = nil end
  chunks[#chunks + 1] = table.concat(sentence, " ") .. punct[rand(3)]
  produced = produced + len
end
local text = table.concat(chunks, rand(2) == 1 and "\n" or "  ")

-- count words and bigrams
local counts, bigrams = {}, {}
local total, prev = 0, nil
for w in text:gmatch("%a+") do
  w = w:lower()
  total = total + 1
  counts[w] = (counts[w] or 0) + 1
  if prev then
    local key = prev .. " " .. w
    bigrams[key] = (bigrams[key] or 0) + 1
  end
  prev = w
end

local function top(map, k)
  local list = {}
  for w, c in pairs(map) do list[#list + 1] = { w = w, c = c } end
  table.sort(list, function(a, b)
    if a.c ~= b.c then return a.c > b.c end
    return a.w < b.w
  end)
  local out = {}
  for i = 1, math.min(k, #list) do out[i] = list[i].w .. "=" .. list[i].c end
  return out, #list
end

local topw, distinct = top(counts, 5)
local topb, distinctb = top(bigrams, 3)
local sentences = select(2, text:gsub("[%.!?]", ""))
local h = 0
for w, c in pairs(counts) do
  local x = c
  for i = 1, #w do x = x * 31 + w:byte(i) end
  h = (h + x) % 1000000007
end
print(string.format("wordfreq total=%d distinct=%d bigrams=%d sentences=%d hash=%d top=%s | %s",
  total, distinct, distinctb, sentences, h, table.concat(topw, ","), table.concat(topb, ",")))
