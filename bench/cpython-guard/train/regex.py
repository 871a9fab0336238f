# Narrow training: regular expressions over generated log lines.
import re
pat = re.compile(r"(\w+)=(\d+)")
line = " ".join("key%d=%d" % (i, i * 3) for i in range(50))
n = 0
for _ in range(3000):
    for m in pat.finditer(line):
        n += int(m.group(2)) & 1
    n += len(re.split(r"\s+", line))
print(n)
