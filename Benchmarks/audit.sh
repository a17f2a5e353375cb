#!/usr/bin/env bash
# `rulecheck audit` against its baselines, in one run of the same binary: N five-field records
# (default 1,000,000; 1% rejected) audited, read only with the JSON reader (`--read-only`), and
# run as a spec file of the same records. Prints wall and CPU seconds and the two ratios of
# issue 42 (audit ÷ read ≤ 2, audit ÷ spec file ≤ 1.2).
# Usage: Benchmarks/audit.sh [BINARY] [N] (default .build/release/rulecheck).
set -euo pipefail
binary=$(realpath "${1:-.build/release/rulecheck}")
n=${2:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$n" "$binary" <<'PY'
import os, resource, subprocess, sys, time
work, n, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(f"{work}/rules")
open(f"{work}/rules/rec.yaml", "w").write("""rulecheck: 1
types:
  Title: { normalize: [trim], checks: [ { length: { min: 1, max: 40 } } ] }
  Count: { type: integer, checks: [ { range: { min: 0, max: 1000 } } ] }
  Price: { type: decimal, checks: [ { range: { min: 0 } } ] }
  Done: { type: boolean }
  Due: { type: date, checks: [ { notBefore: 2026-01-01 } ] }
models:
  Rec:
    fields: { title: Title, count: Count, price: Price, done: Done, due: Due }
""")
with open(f"{work}/data.jsonl", "w") as jsonl, open(f"{work}/spec.yaml", "w") as spec:
    spec.write("rulecheck: 1\nrules: rules\ncases:\n  Rec:\n")
    for i in range(n):
        bad = i % 100 == 99
        title = f"Task number {i}" + (" and much more text than forty" if bad else "")
        price, done, due = f"{i % 997}.{i % 100:02d}", "true" if i % 2 else "false", f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}"
        jsonl.write(f'{{"title": "{title}", "count": {i % 1000}, "price": {price}, "done": {done}, "due": "{due}"}}\n')
        expect = "errors: { title: [tooLong] }" if bad else "valid: true"
        spec.write(f'    - {{ in: {{ title: "{title}", count: {i % 1000}, price: {price}, done: {done}, due: "{due}" }}, {expect} }}\n')
def timed(args, ok):
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    run = subprocess.run([binary] + args, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    assert run.returncode in ok, (args, run.returncode, run.stderr[-2000:])
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
audit = ["audit", "data.jsonl", "--rules", "rules", "--model", "Rec"]
results = {
    "read": timed(audit + ["--read-only"], {0}),
    "audit": timed(audit, {1}),
    "spec": timed(["test", "spec.yaml"], {0}),
}
for name, (wall, cpu) in results.items():
    print(f"{name:6} wall {wall:7.2f} s  cpu {cpu:7.2f} s")
for base in ("read", "spec"):
    w, c = results["audit"][0] / results[base][0], results["audit"][1] / results[base][1]
    print(f"audit ÷ {base}: wall {w:.2f}, cpu {c:.2f}")
PY
