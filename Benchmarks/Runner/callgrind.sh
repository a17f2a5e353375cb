#!/usr/bin/env bash
# The runner in instructions per case, counted by callgrind, which does not move with the machine's
# load: `rulecheck` on Benchmarks/Runner/generate-spec.py's cases against libyaml's own bare event
# parse of the same file (bare-parse.c), each the count of 2N cases less that of N, so that start-up
# and loading the rules cancel out. Counted with --jobs 1 (every instruction on one thread) and
# with --jobs 2 thread by thread: libyaml's own thread (the one that runs EventPipeline.produce)
# and the others (decoding cases, validating, reporting), which share the second core.
# Prints a Markdown table, and exits 1 when a ratio is over its limit (docs/performance.md says why
# these limits hold the wall clock of a million cases to 1.15 times the bare parse's).
# Usage: Benchmarks/Runner/callgrind.sh [N] (default 20000, whose file of 1.7 MB is pipelined as a
# million cases are: rulecheck parses a file of 1 MB or more on a thread of its own; builds rulecheck).
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-20000}
source Benchmarks/callgrind-lib.sh
profile_of rulecheck
work=$(mktemp -d)
trap 'rm -rf "$work" "$profile"' EXIT
cc -O2 -o "$work/bare-parse" Benchmarks/Runner/bare-parse.c $(pkg-config --cflags --libs yaml-0.1)
for cases in "$n" $((2 * n)); do
    mkdir "$work/$cases"
    python3 Benchmarks/Runner/generate-spec.py "$cases" "$work/$cases/cases.yaml"
    sed -i "s|rules: ../../rules|rules: $PWD/rules|" "$work/$cases/cases.yaml"
done

# The instructions of each of a run's threads, from callgrind's file per thread: "LIBYAML OTHERS".
threads() {
    rm -rf "$work/threads" && mkdir "$work/threads"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --separate-threads=yes \
        --callgrind-out-file="$work/threads/out" "$profile" "$@" >/dev/null 2>&1 || true
    local parse=0 others=0 file total
    for file in "$work/threads"/out-*; do
        total=$(sed -n 's/^totals: //p' "$file")
        if grep -q 'EventPipelineC7produce' "$file"; then parse=$((parse + total)); else others=$((others + total)); fi
    done
    ((parse > 0)) || { echo "no thread of libyaml's own in the --jobs 2 run" >&2; exit 1; }
    echo "$parse $others"
}

bare=$(($(count_of "$work/bare-parse" "$work/$((2 * n))/cases.yaml") - $(count_of "$work/bare-parse" "$work/$n/cases.yaml")))
one=$(($(count "$work/$((2 * n))/cases.yaml" --jobs 1) - $(count "$work/$n/cases.yaml" --jobs 1)))
read -r parse_twice others_twice < <(threads "$work/$((2 * n))/cases.yaml" --jobs 2)
read -r parse_once others_once < <(threads "$work/$n/cases.yaml" --jobs 2)
parse=$((parse_twice - parse_once))
others=$((others_twice - others_once))

failed=0
# A row: NAME, instructions for N cases, and the limit of their ratio to the bare parse's (or "").
row() {
    local ratio
    ratio=$(python3 -c "print(f'{$2 / $bare:.2f}')")
    printf '| %s | %d | %s | %s |\n' "$1" $(($2 / n)) "$ratio" "${3:-}"
    if [[ -n "${3:-}" ]] && python3 -c "import sys; sys.exit(0 if $2 / $bare > ${3#≤ } else 1)"; then
        echo "over the limit: $1, $ratio × the bare parse" >&2
        failed=1
    fi
}
printf '| %s cases less %s, per case | instructions | × bare parse | limit |\n|---|---:|---:|---|\n' $((2 * n)) "$n"
row "libyaml bare event parse" "$bare"
row "rulecheck --jobs 2: libyaml's own thread" "$parse" "≤ 1.10"
row "rulecheck --jobs 2: the other threads (decoding, validating, reporting)" "$others" "≤ 1.00"
row "rulecheck --jobs 1, one thread" "$one" "≤ 2.20"
exit "$failed"
