#!/usr/bin/env python3
"""The round-4 table: case, outcome before, outcome after (from two round4.sh results.tsv files), as Markdown,
then the counts of each class before and after.
usage: bench/hostile/table.py BEFORE.tsv AFTER.tsv"""
import collections, sys

def load(path):
    out = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 2:
            out[parts[0]] = (parts[1], parts[2] if len(parts) > 2 else "")
    return out

before, after = load(sys.argv[1]), load(sys.argv[2])
print("| case | before | after | what happened after |")
print("|---|---|---|---|")
for case in after:
    b = before.get(case, ("not run", ""))[0]
    a, note = after[case]
    note = note.replace("|", "\\|")[:160]
    print(f"| {case} | {b} | {a} | {note} |")
print()
for name, table in (("before", before), ("after", after)):
    counts = collections.Counter(v[0] for v in table.values())
    print(f"- {name}: {len(table)} cases: " + ", ".join(f"{n} {c}" for c, n in counts.most_common()))
