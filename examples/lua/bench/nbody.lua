-- pgolab benchmark: floating-point kernels — an n-body simulation (planets
-- as tables with named fields) and a spectral-norm power iteration.
-- usage: lua nbody.lua [steps] [n]
local steps = tonumber(arg and arg[1]) or 220000
local sn_n = tonumber(arg and arg[2]) or 220

local sqrt = math.sqrt
local PI = math.pi
local SOLAR_MASS = 4 * PI * PI
local DAYS_PER_YEAR = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return {
    x = x, y = y, z = z,
    vx = vx * DAYS_PER_YEAR, vy = vy * DAYS_PER_YEAR, vz = vz * DAYS_PER_YEAR,
    mass = mass * SOLAR_MASS,
  }
end

-- approximate outer-planet system (values rounded; any stable set works)
local bodies = {
  body(0, 0, 0, 0, 0, 0, 1),
  body(4.84, -1.16, -0.10, 1.66e-3, 7.70e-3, -6.90e-5, 9.55e-4),
  body(8.34, 4.12, -0.40, -2.77e-3, 5.00e-3, 2.30e-5, 2.86e-4),
  body(12.89, -15.11, -0.22, 2.96e-3, 2.38e-3, -2.97e-5, 4.37e-5),
  body(15.38, -25.92, 0.18, 2.68e-3, 1.63e-3, -9.52e-5, 5.15e-5),
}

local function offset_momentum(b)
  local px, py, pz = 0.0, 0.0, 0.0
  for i = 1, #b do
    local bi = b[i]
    px = px + bi.vx * bi.mass
    py = py + bi.vy * bi.mass
    pz = pz + bi.vz * bi.mass
  end
  b[1].vx = -px / SOLAR_MASS
  b[1].vy = -py / SOLAR_MASS
  b[1].vz = -pz / SOLAR_MASS
end

local function advance(b, n, dt)
  for i = 1, n do
    local bi = b[i]
    local bix, biy, biz, bimass = bi.x, bi.y, bi.z, bi.mass
    local bivx, bivy, bivz = bi.vx, bi.vy, bi.vz
    for j = i + 1, n do
      local bj = b[j]
      local dx, dy, dz = bix - bj.x, biy - bj.y, biz - bj.z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * sqrt(d2))
      local bm = bj.mass * mag
      bivx = bivx - dx * bm
      bivy = bivy - dy * bm
      bivz = bivz - dz * bm
      bm = bimass * mag
      bj.vx = bj.vx + dx * bm
      bj.vy = bj.vy + dy * bm
      bj.vz = bj.vz + dz * bm
    end
    bi.vx, bi.vy, bi.vz = bivx, bivy, bivz
    bi.x = bix + dt * bivx
    bi.y = biy + dt * bivy
    bi.z = biz + dt * bivz
  end
end

local function energy(b)
  local e = 0.0
  for i = 1, #b do
    local bi = b[i]
    e = e + 0.5 * bi.mass * (bi.vx * bi.vx + bi.vy * bi.vy + bi.vz * bi.vz)
    for j = i + 1, #b do
      local bj = b[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      e = e - bi.mass * bj.mass / sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

offset_momentum(bodies)
local e0 = energy(bodies)
local n = #bodies
for _ = 1, steps do advance(bodies, n, 0.01) end
local e1 = energy(bodies)

-- spectral norm ------------------------------------------------------------
local function A(i, j)
  local ij = i + j - 1
  return 1.0 / (ij * (ij - 1) * 0.5 + i)
end

local function Av(x, y, N)
  for i = 1, N do
    local a = 0.0
    for j = 1, N do a = a + x[j] * A(i, j) end
    y[i] = a
  end
end

local function Atv(x, y, N)
  for i = 1, N do
    local a = 0.0
    for j = 1, N do a = a + x[j] * A(j, i) end
    y[i] = a
  end
end

local function AtAv(x, y, t, N)
  Av(x, t, N)
  Atv(t, y, N)
end

local u, v, t = {}, {}, {}
for i = 1, sn_n do u[i] = 1.0 end
for _ = 1, 10 do
  AtAv(u, v, t, sn_n)
  AtAv(v, u, t, sn_n)
end
local vBv, vv = 0.0, 0.0
for i = 1, sn_n do
  local ui, vi = u[i], v[i]
  vBv = vBv + ui * vi
  vv = vv + vi * vi
end

print(string.format("nbody e0=%.9f e1=%.9f spectral=%.9f", e0, e1, sqrt(vBv / vv)))
