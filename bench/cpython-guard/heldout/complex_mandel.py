# Held-out: complex arithmetic (complexobject.c), never in the narrow training.
def mandel(w, h, it):
    n = 0
    for y in range(h):
        for x in range(w):
            c = complex(-2.0 + 3.0 * x / w, -1.2 + 2.4 * y / h)
            z = 0j
            for _ in range(it):
                z = z * z + c
                if abs(z) > 2.0:
                    break
            else:
                n += 1
    return n
print(mandel(240, 160, 200))
