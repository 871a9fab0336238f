# Held-out benchmark: regular expressions over a log-like text (_sre is built in; re compiles in Python).
import re

lines = ["2026-12-04 10:%02d:%02d host%d GET /api/v1/items/%d?page=%d 200 %dms" % (i % 60, i % 60, i % 5, i, i % 9, i % 300)
         for i in range(20000)]
text = "\n".join(lines)
pat = re.compile(r"host(\d) (GET|POST) /api/v1/(\w+)/(\d+)\?page=(\d+) (\d{3}) (\d+)ms")
slow = 0
for _ in range(6):
    for m in pat.finditer(text):
        if int(m.group(7)) > 250:
            slow += 1
print(slow)
