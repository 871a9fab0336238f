# Narrow training: dict and set operations with string and int keys.
d = {}
for i in range(200000):
    k = "k%d" % (i % 5000)
    d[k] = d.get(k, 0) + i % 7
s = set()
for i in range(100000):
    s.add(i * 7 % 10007)
inv = {v: k for k, v in d.items()}
print(len(d), len(s), len(inv), sum(d.values()))
