-- pgolab training workload: closures, metatables/OOP, inheritance,
-- operator overloading, coroutines, varargs and pcall.
-- usage: lua objects.lua [scale]
local scale = tonumber(arg and arg[1]) or 1

local acc = 0
local function mix(v) acc = (acc * 31 + v) % 2147483647 end

-- a tiny class system ------------------------------------------------------
local function class(parent)
  local c = {}
  c.__index = c
  if parent then setmetatable(c, { __index = parent }) end
  c.new = function(...)
    local o = setmetatable({}, c)
    if o.init then o:init(...) end
    return o
  end
  return c
end

local Shape = class()
function Shape:init(name) self.name = name; self.moves = 0 end
function Shape:move(dx, dy) self.x = self.x + dx; self.y = self.y + dy; self.moves = self.moves + 1 end
function Shape:area() return 0 end

local Rect = class(Shape)
function Rect:init(x, y, w, h) Shape.init(self, "rect"); self.x, self.y, self.w, self.h = x, y, w, h end
function Rect:area() return self.w * self.h end

local Circle = class(Shape)
function Circle:init(x, y, r) Shape.init(self, "circle"); self.x, self.y, self.r = x, y, r end
function Circle:area() return 3 * self.r * self.r end

local Square = class(Rect)
function Square:init(x, y, s) Rect.init(self, x, y, s, s); self.name = "square" end

local function shapes(n)
  local list = {}
  for i = 1, n do
    local k = i % 3
    if k == 0 then list[i] = Rect.new(i, -i, i % 7 + 1, i % 5 + 1)
    elseif k == 1 then list[i] = Circle.new(-i, i, i % 9 + 1)
    else list[i] = Square.new(0, 0, i % 4 + 2) end
  end
  local total = 0
  for step = 1, 12 do
    for i = 1, n do
      local s = list[i]
      s:move(step, -step)
      total = total + s:area() + (s.x - s.y) % 13
    end
  end
  mix(total % 1000003)
end

-- operator overloading: a 2D vector type ----------------------------------
local Vec = {}
Vec.__index = Vec
local function vec(x, y) return setmetatable({ x = x, y = y }, Vec) end
Vec.__add = function(a, b) return vec(a.x + b.x, a.y + b.y) end
Vec.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
Vec.__mul = function(a, k) return vec(a.x * k, a.y * k) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__lt = function(a, b) return a.x * a.x + a.y * a.y < b.x * b.x + b.y * b.y end
Vec.__le = function(a, b) return not (b < a) end
Vec.__len = function(a) return math.abs(a.x) + math.abs(a.y) end
Vec.__tostring = function(a) return "(" .. a.x .. "," .. a.y .. ")" end
Vec.__call = function(a, k) return a.x * k + a.y end

local function vectors(n)
  local p = vec(0, 0)
  local v = vec(1, 2)
  local s = 0
  for i = 1, n do
    p = p + v * (i % 3) - vec(i % 5, i % 7)
    if p < v then s = s + 1 end
    if p == vec(0, 0) then s = s + 5 end
    s = s + #p % 11 + p(i % 4) % 3
  end
  mix(s % 1000003); mix(#tostring(p))
end

-- closures: counters, memoization, function composition ---------------------
local function closures(n)
  local function counter(start, step)
    local c = start
    return function() c = c + step; return c end
  end
  local function compose(f, g) return function(...) return f(g(...)) end end
  local function memo(f)
    local cache = {}
    return function(k)
      local v = cache[k]
      if v == nil then v = f(k); cache[k] = v end
      return v
    end
  end
  local fib
  fib = memo(function(k) if k < 2 then return k end return (fib(k - 1) + fib(k - 2)) % 1000007 end)
  local inc, dbl = function(x) return x + 1 end, function(x) return x * 2 end
  local f = compose(inc, compose(dbl, inc))
  local counters = {}
  for i = 1, 50 do counters[i] = counter(i, i % 4 + 1) end
  local s = 0
  for i = 1, n do
    s = s + counters[i % 50 + 1]() + f(i % 100) + fib(i % 300)
  end
  mix(s % 1000003)
end

-- varargs, select, table.pack/unpack, pcall/error ---------------------------
local function varargs(n)
  local function sum(...)
    local t = 0
    for i = 1, select("#", ...) do t = t + (select(i, ...)) end
    return t
  end
  local function risky(x)
    if x % 17 == 0 then error({ code = x }) end
    if x % 23 == 0 then error("bad " .. x, 0) end
    return x
  end
  local s, errs = 0, 0
  for i = 1, n do
    local packed = table.pack(i, i + 1, i % 9, i % 4)
    s = s + sum(table.unpack(packed, 1, packed.n))
    local ok, r = pcall(risky, i)
    if ok then s = s + r
    elseif type(r) == "table" then errs = errs + r.code % 7
    else errs = errs + #r end
  end
  mix(s % 1000003); mix(errs)
end

-- coroutines as generators -------------------------------------------------
local function generators(n)
  local function range(a, b)
    return coroutine.wrap(function() for i = a, b do coroutine.yield(i) end end)
  end
  local function filter(pred, gen)
    return coroutine.wrap(function()
      for v in gen do if pred(v) then coroutine.yield(v) end end
    end)
  end
  local s = 0
  for v in filter(function(x) return x % 3 ~= 0 end, range(1, n)) do s = s + v % 101 end
  mix(s)
end

for _ = 1, scale do
  shapes(18000)
  vectors(140000)
  closures(220000)
  varargs(90000)
  generators(120000)
end
print(string.format("objects checksum %d", acc))
