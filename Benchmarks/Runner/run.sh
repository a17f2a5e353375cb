#!/usr/bin/env bash
# The runner benchmark: `rulecheck` on a generated spec file of a million cases against
# libyaml's own bare event parse of the same file, both timed in this run (median of RUNS),
# with peak resident memory; then both under `valgrind --tool=callgrind` on CALLGRIND_CASES cases,
# whose instruction counts do not move with the machine's load.
# Usage: Benchmarks/Runner/run.sh [CASES] [RUNS] [CALLGRIND_CASES]
set -euo pipefail
cd "$(dirname "$0")/../.."
cases=${1:-1000000}
runs=${2:-3}
callgrind_cases=${3:-20000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

nice swift build -c release --product rulecheck >/dev/null
cc -O2 -o "$work/bare-parse" Benchmarks/Runner/bare-parse.c $(pkg-config --cflags --libs yaml-0.1)
mkdir -p "$work/specs" "$work/small"
python3 Benchmarks/Runner/generate-spec.py "$cases" "$work/specs/cases.yaml"
python3 Benchmarks/Runner/generate-spec.py "$callgrind_cases" "$work/small/cases.yaml"
sed -i "s|rules: ../../rules|rules: $PWD/rules|" "$work/specs/cases.yaml" "$work/small/cases.yaml"
echo "spec file: $cases cases, $(du -m "$work/specs/cases.yaml" | cut -f1) MB"

# Prints "seconds peak-KB" of the median run of a command.
measure() {
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -n 1
    done | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

read -r bare_s bare_kb < <(measure "$work/bare-parse" "$work/specs/cases.yaml")
read -r check_s check_kb < <(measure .build/release/rulecheck "$work/specs/cases.yaml")
read -r one_s one_kb < <(measure .build/release/rulecheck "$work/specs/cases.yaml" --jobs 1)
printf '| run | seconds | × bare parse | peak RSS (MB) |\n|---|---:|---:|---:|\n'
printf '| libyaml bare event parse | %s | 1.00 | %d |\n' "$bare_s" $((bare_kb / 1024))
printf '| rulecheck (read ahead; --jobs = cores) | %s | %.2f | %d |\n' "$check_s" "$(echo "$check_s / $bare_s" | bc -l)" $((check_kb / 1024))
printf '| rulecheck --jobs 1 | %s | %.2f | %d |\n' "$one_s" "$(echo "$one_s / $bare_s" | bc -l)" $((one_kb / 1024))

# Instructions, summed over every thread: "Collected : N" of callgrind's summary.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
if command -v valgrind >/dev/null; then
    # NB: valgrind 3.19 gives up on the DWARF 5 debug information Swift 6 writes, so it counts a
    # copy without it (function names stay, from the symbol table).
    strip --strip-debug -o "$work/rulecheck" .build/release/rulecheck
    bare_ir=$(instructions "$work/bare-parse" "$work/small/cases.yaml")
    check_ir=$(instructions "$work/rulecheck" "$work/small/cases.yaml" --jobs 1)
    printf '\n| under callgrind, %s cases | instructions | × bare parse |\n|---|---:|---:|\n' "$callgrind_cases"
    printf '| libyaml bare event parse | %s | 1.00 |\n' "$bare_ir"
    printf '| rulecheck --jobs 1 (reading, validating and reporting) | %s | %.2f |\n' "$check_ir" \
        "$(echo "$check_ir / $bare_ir" | bc -l)"
fi
