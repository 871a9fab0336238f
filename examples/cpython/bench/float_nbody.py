# Held-out benchmark: floating-point arithmetic in pure Python (the n-body problem).
import math

def bodies():
    pi = math.pi
    sm = 4 * pi * pi
    dp = 365.24
    b = [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, sm],
         [4.84, -1.16, -0.10, 1.66e-03 * dp, 7.69e-03 * dp, -6.90e-05 * dp, 9.54e-04 * sm],
         [8.34, 4.12, -0.40, -2.76e-03 * dp, 4.99e-03 * dp, 2.30e-05 * dp, 2.85e-04 * sm],
         [12.89, -15.11, -0.22, 2.96e-03 * dp, 2.37e-03 * dp, -2.96e-05 * dp, 4.36e-05 * sm],
         [15.37, -25.91, 0.17, 2.68e-03 * dp, 1.62e-03 * dp, -9.51e-05 * dp, 5.15e-05 * sm]]
    return b

def advance(b, dt, n):
    pairs = [(b[i], b[j]) for i in range(len(b)) for j in range(i + 1, len(b))]
    for _ in range(n):
        for (p1, p2) in pairs:
            dx = p1[0] - p2[0]; dy = p1[1] - p2[1]; dz = p1[2] - p2[2]
            mag = dt * ((dx * dx + dy * dy + dz * dz) ** -1.5)
            m1 = p1[6] * mag; m2 = p2[6] * mag
            p1[3] -= dx * m2; p1[4] -= dy * m2; p1[5] -= dz * m2
            p2[3] += dx * m1; p2[4] += dy * m1; p2[5] += dz * m1
        for p in b:
            p[0] += dt * p[3]; p[1] += dt * p[4]; p[2] += dt * p[5]

b = bodies()
advance(b, 0.01, 60000)
print("%.6f" % b[1][0])
