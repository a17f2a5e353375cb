#!/usr/bin/env bash
# `rulecheck audit` against its baselines, in one run of the same binary: N five-field records
# (default 1,000,000; 1% rejected) audited, read only with the JSON reader (`--read-only`), and
# run as a spec file of the same records. Prints wall and CPU seconds and the two ratios of
# issue 42 (audit ÷ read ≤ 2, audit ÷ spec file ≤ 1.2).
#
# With RUNS above 1, the read and the audit run RUNS times in pairs, one right after the other
# (which goes first alternates), so that both of a pair share the machine's load of the moment;
# each pair's ratios are printed, then their medians. The spec file runs once.
# Usage: Benchmarks/audit.sh [BINARY] [N] [RUNS] (default .build/release/rulecheck, 1,000,000, 1).
set -euo pipefail
binary=$(realpath "${1:-.build/release/rulecheck}")
n=${2:-1000000}
runs=${3:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$(dirname "$0")/audit-data.py" "$work" "$n"
python3 - "$work" "$n" "$binary" "$runs" <<'PY'
import resource, statistics, subprocess, sys, time
work, n, binary, runs = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
def timed(args, ok):
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    run = subprocess.run([binary] + args, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    assert run.returncode in ok, (args, run.returncode, run.stderr[-2000:])
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
audit = ["audit", "data.jsonl", "--rules", "rules", "--model", "Rec"]
pairs = []
for index in range(runs):
    if index % 2 == 0:
        read, full = timed(audit + ["--read-only"], {0}), timed(audit, {1})
    else:
        full, read = timed(audit, {1}), timed(audit + ["--read-only"], {0})
    pairs.append((read, full))
    if runs > 1:
        print(f"pair {index + 1}: read wall {read[0]:6.2f} s cpu {read[1]:6.2f} s; audit wall {full[0]:6.2f} s "
              f"cpu {full[1]:6.2f} s; audit ÷ read: wall {full[0] / read[0]:.2f}, cpu {full[1] / read[1]:.2f}")
results = {"read": pairs[0][0], "audit": pairs[0][1], "spec": timed(["test", "spec.yaml"], {0})}
if runs == 1:
    for name, (wall, cpu) in results.items():
        print(f"{name:6} wall {wall:7.2f} s  cpu {cpu:7.2f} s")
else:
    wall = statistics.median(full[0] / read[0] for read, full in pairs)
    cpu = statistics.median(full[1] / read[1] for read, full in pairs)
    print(f"audit ÷ read, median of {runs} pairs: wall {wall:.2f}, cpu {cpu:.2f}")
    print(f"spec   wall {results['spec'][0]:7.2f} s  cpu {results['spec'][1]:7.2f} s (once)")
for base in ("read", "spec"):
    w, c = results["audit"][0] / results[base][0], results["audit"][1] / results[base][1]
    print(f"audit ÷ {base}{' (first pair)' if runs > 1 else ''}: wall {w:.2f}, cpu {c:.2f}")
PY
