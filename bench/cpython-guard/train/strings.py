# Narrow training (no floating-point code): string building, splitting, joining, methods.
words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
total = 0
for i in range(40000):
    s = "-".join(w.upper() if i % 3 else w for w in words)
    parts = s.split("-")
    total += len(parts) + s.count("A") + len(s.replace("E", "ee").strip("-"))
    if s.startswith("ALPHA") and s.endswith("THETA"):
        total += 1
print(total)
