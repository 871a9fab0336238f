-- pgolab training workload: table-heavy algorithms (sorting, hash maps,
-- heaps, graph search, sieves). usage: lua tables.lua [scale]
local scale = tonumber(arg and arg[1]) or 1

local seed = 4242
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end

local acc = 0
local function mix(v) acc = (acc * 33 + v) % 1000000007 end

-- 1. table.sort with and without a comparator, and a hand-written merge sort
local function sorting(n)
  local a, b = {}, {}
  for i = 1, n do a[i] = rand(1000000); b[i] = { key = rand(1000), id = i } end
  table.sort(a)
  table.sort(b, function(x, y)
    if x.key ~= y.key then return x.key < y.key end
    return x.id > y.id
  end)
  local function msort(t, lo, hi, tmp)
    if hi - lo < 1 then return end
    local mid = (lo + hi) // 2
    msort(t, lo, mid, tmp); msort(t, mid + 1, hi, tmp)
    local i, j, k = lo, mid + 1, lo
    while i <= mid and j <= hi do
      if t[j] < t[i] then tmp[k] = t[j]; j = j + 1 else tmp[k] = t[i]; i = i + 1 end
      k = k + 1
    end
    while i <= mid do tmp[k] = t[i]; i = i + 1; k = k + 1 end
    while j <= hi do tmp[k] = t[j]; j = j + 1; k = k + 1 end
    for x = lo, hi do t[x] = tmp[x] end
  end
  local c = {}
  for i = 1, n do c[i] = rand(1000000) end
  msort(c, 1, n, {})
  for i = 1, n, 97 do mix(a[i] + b[i].id + c[i]) end
end

-- 2. hash maps: string and integer keys, updates, deletions, counting
local function hashmaps(n)
  local byname, byid = {}, {}
  for i = 1, n do
    local k = "k" .. rand(n // 3)
    byname[k] = (byname[k] or 0) + i
    byid[rand(n)] = k
  end
  local removed = 0
  for id, k in pairs(byid) do
    if id % 3 == 0 then byid[id] = nil; removed = removed + 1 end
    if byname[k] and byname[k] % 2 == 0 then byname[k] = byname[k] // 2 end
  end
  local keys = {}
  for k in pairs(byname) do keys[#keys + 1] = k end
  table.sort(keys)
  for i = 1, #keys, 11 do mix(byname[keys[i]] % 100003) end
  mix(removed)
end

-- 3. binary heap priority queue + Dijkstra on a random sparse graph
local function dijkstra(nv, ne)
  local adj = {}
  for v = 1, nv do adj[v] = {} end
  for _ = 1, ne do
    local u, v = rand(nv), rand(nv)
    local e = adj[u]
    e[#e + 1] = { to = v, w = rand(100) }
  end
  for v = 1, nv - 1 do local e = adj[v]; e[#e + 1] = { to = v + 1, w = 500 } end
  local dist, heap = {}, {}
  local function push(d, v)
    local h = heap
    local i = #h + 1
    h[i] = { d, v }
    while i > 1 do
      local p = i // 2
      if h[p][1] <= h[i][1] then break end
      h[p], h[i] = h[i], h[p]; i = p
    end
  end
  local function pop()
    local h = heap
    local top, last = h[1], h[#h]
    h[#h] = nil
    if #h > 0 then
      h[1] = last
      local i, n = 1, #h
      while true do
        local l, r, m = 2 * i, 2 * i + 1, i
        if l <= n and h[l][1] < h[m][1] then m = l end
        if r <= n and h[r][1] < h[m][1] then m = r end
        if m == i then break end
        h[m], h[i] = h[i], h[m]; i = m
      end
    end
    return top
  end
  dist[1] = 0; push(0, 1)
  while #heap > 0 do
    local item = pop()
    local d, u = item[1], item[2]
    if d == dist[u] then
      for _, e in ipairs(adj[u]) do
        local nd = d + e.w
        local old = dist[e.to]
        if old == nil or nd < old then dist[e.to] = nd; push(nd, e.to) end
      end
    end
  end
  local s = 0
  for v = 1, nv do s = s + (dist[v] or 0) end
  mix(s % 1000003)
end

-- 4. sieve of Eratosthenes + table.insert/remove as a queue/stack
local function sieve_and_queues(n)
  local composite = {}
  local primes = {}
  for i = 2, n do
    if not composite[i] then
      primes[#primes + 1] = i
      for j = i * i, n, i do composite[j] = true end
    end
  end
  local q = {}
  for i = 1, 3000 do table.insert(q, primes[i % #primes + 1]) end
  local s = 0
  while #q > 1 do
    local x = table.remove(q)
    local y = table.remove(q, #q)
    s = s + x % 97 + y % 89
    if x % 5 == 0 then table.insert(q, x + y) end
  end
  mix(#primes); mix(s)
end

for _ = 1, scale do
  sorting(50000)
  hashmaps(80000)
  dijkstra(10000, 50000)
  sieve_and_queues(400000)
end
print(string.format("tables checksum %d", acc))
