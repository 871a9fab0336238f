# Held-out benchmark: spectral norm (floating-point arithmetic, function calls).
def eval_A(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)
def eval_A_times_u(u):
    n = len(u)
    return [sum(eval_A(i, j) * u[j] for j in range(n)) for i in range(n)]
def eval_At_times_u(u):
    n = len(u)
    return [sum(eval_A(j, i) * u[j] for j in range(n)) for i in range(n)]
n = 300
u = [1.0] * n
for _ in range(10):
    v = eval_At_times_u(eval_A_times_u(u))
    u = eval_At_times_u(eval_A_times_u(v))
vBv = sum(a * b for a, b in zip(u, v)); vv = sum(b * b for b in v)
print("%.9f" % (vBv / vv) ** 0.5)
