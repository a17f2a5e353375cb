#!/usr/bin/env bash
# The runner benchmark: `rulecheck` on a generated spec file of a million cases against
# libyaml's own bare event parse of the same file, all timed in this run (median of RUNS, interleaved),
# with peak resident memory; then both under `valgrind --tool=callgrind` on CALLGRIND_CASES cases,
# whose instruction counts do not move with the machine's load.
# Usage: Benchmarks/Runner/run.sh [CASES] [RUNS] [CALLGRIND_CASES]
set -euo pipefail
cd "$(dirname "$0")/../.."
cases=${1:-1000000}
runs=${2:-5}
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

# Runs the three commands in turn, RUNS rounds (so that a busy spell of the machine falls on
# all of them), and keeps each one's "seconds peak-KB" lines.
for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" "$work/bare-parse" "$work/specs/cases.yaml" 2>>"$work/bare.times" >/dev/null
    /usr/bin/time -f "%e %M" .build/release/rulecheck "$work/specs/cases.yaml" 2>>"$work/check.times" >/dev/null
    /usr/bin/time -f "%e %M" .build/release/rulecheck "$work/specs/cases.yaml" --jobs 1 2>>"$work/one.times" >/dev/null
done
# Prints the median "seconds peak-KB" of a command's runs.
median() { grep -E '^[0-9.]+ [0-9]+$' "$1" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
read -r bare_s bare_kb < <(median "$work/bare.times")
read -r check_s check_kb < <(median "$work/check.times")
read -r one_s one_kb < <(median "$work/one.times")
printf '| run (median of %s) | seconds | × bare parse | peak RSS (MB) |\n|---|---:|---:|---:|\n' "$runs"
printf '| libyaml bare event parse | %s | 1.00 | %d |\n' "$bare_s" $((bare_kb / 1024))
printf '| rulecheck (--jobs = cores: libyaml, decoding and validating on threads of their own) | %s | %.2f | %d |\n' \
    "$check_s" "$(echo "$check_s / $bare_s" | bc -l)" $((check_kb / 1024))
printf '| rulecheck --jobs 1 | %s | %.2f | %d |\n' "$one_s" "$(echo "$one_s / $bare_s" | bc -l)" $((one_kb / 1024))

# Instructions, summed over every thread: "Collected : N" of callgrind's summary.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
# The instructions of each thread of a run, from callgrind's files per thread: libyaml's own thread
# (the one that runs EventPipeline.produce), the thread that decodes cases (CaseBatchSource.next),
# and the rest (start-up, validating, comparing, reporting).
threads() {
    rm -rf "$work/threads" && mkdir "$work/threads"
    valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/threads/out" "$@" >/dev/null 2>&1
    parse=0 decode=0 rest=0
    for file in "$work/threads"/out-*; do
        count=$(sed -n 's/^totals: //p' "$file")
        if grep -q 'EventPipelineC7produce' "$file"; then parse=$((parse + count))
        elif grep -q 'CaseBatchSourceC4next' "$file" && ! grep -q 'rulecheck_main' "$file"; then decode=$((decode + count))
        else rest=$((rest + count)); fi
    done
    echo "$parse $decode $rest"
}
if command -v valgrind >/dev/null; then
    # NB: valgrind 3.19 gives up on the DWARF 5 debug information Swift 6 writes, so it counts a
    # copy without it (function names stay, from the symbol table).
    strip --strip-debug -o "$work/rulecheck" .build/release/rulecheck
    bare_ir=$(instructions "$work/bare-parse" "$work/small/cases.yaml")
    one_ir=$(instructions "$work/rulecheck" "$work/small/cases.yaml" --jobs 1)
    read -r parse_ir decode_ir rest_ir < <(threads "$work/rulecheck" "$work/small/cases.yaml" --jobs 2)
    ratio() { printf '%.2f' "$(echo "$1 / $bare_ir" | bc -l)"; }
    printf '\n| under callgrind, %s cases | instructions | × bare parse |\n|---|---:|---:|\n' "$callgrind_cases"
    printf '| libyaml bare event parse | %s | 1.00 |\n' "$bare_ir"
    printf '| rulecheck --jobs 2: libyaml'"'"'s own thread | %s | %s |\n' "$parse_ir" "$(ratio "$parse_ir")"
    printf '| rulecheck --jobs 2: the thread that decodes cases | %s | %s |\n' "$decode_ir" "$(ratio "$decode_ir")"
    printf '| rulecheck --jobs 2: the others (start, validating, reporting) | %s | %s |\n' "$rest_ir" "$(ratio "$rest_ir")"
    printf '| rulecheck --jobs 2, every thread | %s | %s |\n' "$((parse_ir + decode_ir + rest_ir))" \
        "$(ratio "$((parse_ir + decode_ir + rest_ir))")"
    printf '| rulecheck --jobs 1, one thread | %s | %s |\n' "$one_ir" "$(ratio "$one_ir")"
fi
