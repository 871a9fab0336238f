# Narrow training: lists, comprehensions, sorting with keys, slicing (integers only).
data = [(i * 7919) % 10007 for i in range(100000)]
acc = 0
for r in range(15):
    xs = sorted(data, key=lambda x: (x % 97, x))
    ys = [x * 2 for x in xs if x & 1]
    acc += sum(ys[::3]) + len(xs[r:r + 1000])
print(acc)
