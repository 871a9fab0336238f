-- pgolab training workload: numeric loops over floats and integers
-- (mandelbrot, matrix multiply, integer bit tricks, math library).
-- usage: lua numeric.lua [scale]
local scale = tonumber(arg and arg[1]) or 1

local results = {}

-- 1. Mandelbrot set: count the points that stay bounded
local function mandelbrot(size, maxiter)
  local inside = 0
  for py = 0, size - 1 do
    local ci = 2.0 * py / size - 1.0
    for px = 0, size - 1 do
      local cr = 2.5 * px / size - 2.0
      local zr, zi, n = 0.0, 0.0, 0
      while n < maxiter do
        local zr2, zi2 = zr * zr, zi * zi
        if zr2 + zi2 > 4.0 then break end
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
        n = n + 1
      end
      if n == maxiter then inside = inside + 1 end
    end
  end
  results[#results + 1] = string.format("mandel=%d", inside)
end

-- 2. dense matrix multiply (arrays of arrays)
local function matmul(n)
  local a, b = {}, {}
  for i = 1, n do
    local ra, rb = {}, {}
    for j = 1, n do
      ra[j] = (i * j) % 7 / 7.0
      rb[j] = (i + j) % 5 / 5.0
    end
    a[i], b[i] = ra, rb
  end
  local c = {}
  for i = 1, n do
    local ci, ai = {}, a[i]
    for j = 1, n do
      local s = 0.0
      for k = 1, n do s = s + ai[k] * b[k][j] end
      ci[j] = s
    end
    c[i] = ci
  end
  local trace = 0.0
  for i = 1, n do trace = trace + c[i][i] end
  results[#results + 1] = string.format("trace=%.6f", trace)
end

-- 3. integer arithmetic: xorshift, popcount, gcd, Collatz
local function integers(n)
  local x = 88172645463325252
  local pop, g, steps = 0, 0, 0
  for i = 1, n do
    x = x ~ (x << 13); x = x ~ (x >> 7); x = x ~ (x << 17)
    local v = x & 0xffff
    while v ~= 0 do v = v & (v - 1); pop = pop + 1 end
    local a, b = i, (x >> 40) & 0x3ff
    while b ~= 0 do a, b = b, a % b end
    g = g + a
    if i % 16 == 0 then
      local c = i
      while c ~= 1 do
        if c % 2 == 0 then c = c // 2 else c = 3 * c + 1 end
        steps = steps + 1
      end
    end
  end
  results[#results + 1] = string.format("pop=%d gcd=%d collatz=%d", pop, g, steps)
end

-- 4. math library: trapezoid integration and Newton's method
local function mathlib(n)
  local sin, cos, exp, sqrt, floor = math.sin, math.cos, math.exp, math.sqrt, math.floor
  local h = math.pi / n
  local s = 0.5 * (sin(0) + sin(math.pi))
  for i = 1, n - 1 do
    local t = i * h
    s = s + sin(t) * cos(t / 3) + exp(-t) * 0.25
  end
  s = s * h
  local roots = 0.0
  for i = 1, n // 10 do
    local target, r = i + 0.5, i
    for _ = 1, 6 do r = 0.5 * (r + target / r) end
    roots = roots + r - sqrt(target) + floor(r) % 3
  end
  results[#results + 1] = string.format("integral=%.6f roots=%.3f", s, roots)
end

for _ = 1, scale do
  results = {}
  mandelbrot(360, 100)
  matmul(110)
  integers(300000)
  mathlib(300000)
end
print("numeric " .. table.concat(results, " "))
