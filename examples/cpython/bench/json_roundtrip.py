# Held-out benchmark: json.dumps/loads of nested records (the C accelerator, _json, a loadable module).
import json

records = [{"id": i, "name": "item-%d" % i, "tags": ["a", "b", str(i % 7)], "price": i * 1.25,
            "stock": {"warehouse": i % 13, "count": i * 3}} for i in range(2000)]
total = 0
for _ in range(40):
    text = json.dumps(records)
    back = json.loads(text)
    total += len(text) + back[-1]["stock"]["count"]
print(total)
