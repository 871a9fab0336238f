# Narrow training: string formatting and f-strings with integers, str.format, %.
out = []
for i in range(150000):
    out.append(f"{i:06d}|{i % 13:>3}|{'x' * (i % 5)}")
    if i % 1000 == 0:
        out.append("{} of {}".format(i, 150000))
print(len(out), len("".join(out[:1000])))
