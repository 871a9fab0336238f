#!/usr/bin/env python3
"""Writes a deterministic text corpus for the ripgrep example: log-like lines and prose, split
into files. usage: corpus.py DIR MEGABYTES SEED. The same arguments give the same bytes.
The training and the benchmark corpora use different seeds (and sizes), so the benchmark data
is held out from training."""
import os
import random
import sys

WORDS = ("the of and to in is was for on that with as by at from his her an were which be this had not "
         "are but or have they one you all their has been would there more when who will no out so up said "
         "what its about than into them can only other new some could time these two may then do first any "
         "my now such like our over man me even most made after also did many before must through back years "
         "where much your way well down should because each just those people how too little state good very "
         "make world still own see men work long get here between both life being under never day same another "
         "know while last might us great old year off come since against go came right used take three "
         "running parsing building searching matching streaming loading writing reading waiting "
         "Alpha Beta Gamma Delta Kernel Buffer Socket Thread Request Response Session Cluster Replica").split()
LEVELS = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR", "TRACE"]
SERVICES = ["auth", "billing", "search", "gateway", "storage", "indexer", "mailer"]
DOMAINS = ["example.com", "example.org", "mail.test", "corp.example.net"]


def log_line(r):
    t = "2024-%02d-%02dT%02d:%02d:%02d.%03dZ" % (r.randint(1, 12), r.randint(1, 28), r.randint(0, 23),
                                                 r.randint(0, 59), r.randint(0, 59), r.randint(0, 999))
    user = "%s%d@%s" % (r.choice(WORDS).lower(), r.randint(1, 999), r.choice(DOMAINS))
    msg = " ".join(r.choice(WORDS) for _ in range(r.randint(3, 12)))
    return "%s %-5s service=%s-%d user=%s latency=%dms status=%d msg=\"%s\"\n" % (
        t, r.choice(LEVELS), r.choice(SERVICES), r.randint(1, 40), user, int(r.expovariate(1 / 80)),
        r.choice([200, 200, 200, 201, 204, 301, 404, 500, 503]), msg)


def prose_line(r):
    words = [r.choice(WORDS) for _ in range(r.randint(6, 18))]
    words[0] = words[0].capitalize()
    return " ".join(words) + r.choice([".", ".", "?", "!", ";"]) + "\n"


def main():
    out, megabytes, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    r = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    target = int(megabytes * 1024 * 1024)
    per_file = 2 * 1024 * 1024
    written, n = 0, 0
    while written < target:
        lines, size = [], 0
        while size < min(per_file, target - written):
            line = log_line(r) if r.random() < 0.6 else prose_line(r)
            lines.append(line)
            size += len(line)
        with open(os.path.join(out, "part-%04d.log" % n), "w") as f:
            f.write("".join(lines))
        written += size
        n += 1


if __name__ == "__main__":
    main()
