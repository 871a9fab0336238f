#!/usr/bin/env python3
"""Runs the composite action's two shell steps (action.yml) as the runner would, for the hostile cases:
inputs through env, GITHUB_OUTPUT in the name<<DELIMITER form, the second step fed the first's outputs.
usage: action-run.py WORKDIR VERSION JAR_URL SHA256   (prints the outputs as NAME=VALUE lines; exit: the
first failing step's status)"""
import os, re, subprocess, sys, yaml

work, version, jar_url, sha = sys.argv[1:5]
here = os.path.dirname(os.path.abspath(__file__))
steps = [s for s in yaml.safe_load(open(os.path.join(here, "..", "..", "action.yml")))["runs"]["steps"] if "run" in s]
inputs = {"version": version, "jar-url": jar_url, "sha256": sha}
outputs = {}

def read_outputs(path):
    text, out, i = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n"), {}, 0
    while i < len(text):
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_-]*)<<(.*)$", text[i])
        if m:
            j = text.index(m.group(2), i + 1)
            out[m.group(1)] = "\n".join(text[i + 1:j]); i = j + 1
        elif "=" in text[i]:
            k, v = text[i].split("=", 1); out[k] = v; i += 1
        else:
            i += 1
    return out

for n, step in enumerate(steps):
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8",
           "RUNNER_TOOL_CACHE": os.environ.get("RUNNER_TOOL_CACHE", os.path.join(work, "toolcache")),
           "RUNNER_TEMP": os.path.join(work, "tmp"), "GITHUB_ACTION_PATH": os.path.join(here, "..", ".."),
           "GITHUB_PATH": os.path.join(work, "path"), "SERVER_URL": "https://example.invalid", "ACTION_REPOSITORY": "o/pgolab"}
    gh_out = os.path.join(work, "output-%d" % n)
    open(gh_out, "w").close()
    env["GITHUB_OUTPUT"] = gh_out
    for k, v in step.get("env", {}).items():
        m = re.match(r"^\$\{\{ *(inputs|steps\.resolve\.outputs)\.([A-Za-z0-9_-]+) *\}\}$", str(v))
        if m:
            env[k] = inputs[m.group(2)] if m.group(1) == "inputs" else outputs.get(m.group(2), "")
    r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], env=env, cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    sys.stdout.write(r.stdout.decode("utf-8", "replace"))
    got = read_outputs(gh_out)
    for k, v in got.items():
        print("OUTPUT %s=%r" % (k, v))
    outputs.update(got)
    if r.returncode != 0:
        sys.exit(r.returncode)
