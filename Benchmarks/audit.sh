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
python3 "$(dirname "$0")/audit-data.py" "$work" "$n"
python3 - "$work" "$n" "$binary" <<'PY'
import resource, subprocess, sys, time
work, n, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3]
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
