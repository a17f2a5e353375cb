#!/usr/bin/env bash
# Instructions per `rules.verdict` of bench.py's bodies (docs/performance.md, "Native classes for
# mypyc"): the program with 1,000 calls less the same with none (both after 50 warm-up calls, so
# that loading the rules cancels out), divided by 1,000. SRC is the package to count (a mypyc build,
# say); default: this checkout's pure Python. About 40 s of CPU a body.
# Usage: runtimes/python/bench/callgrind_bodies.sh [SRC] [BODY ...]   (BODY: order-valid, order-invalid, signup-valid, signup-invalid)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_dir="$(cd "${1:-$here/../src}" && pwd)"
[ "$#" -gt 0 ] && shift
if [ "$#" -gt 0 ]; then bodies=("$@"); else bodies=(order-valid order-invalid signup-valid signup-invalid); fi
python="$(python3 -c 'import sys; print(sys.executable)')"  # NB: the interpreter itself, not a shim
# NB: a fixed hash seed (0 unless PYTHONHASHSEED is set): a body's count moves by up to 1,800
# instructions with the seed.
export PYTHONHASHSEED="${PYTHONHASHSEED:-0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for body in "${bodies[@]}"; do
    for calls in 1000 0; do
        valgrind --tool=callgrind --callgrind-out-file="$work/$body.$calls" \
            "$python" "$here/verdicts.py" --source "$source_dir" "$calls" "$body" >/dev/null 2>"$work/log"
    done
    total() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
    echo "$body $(( ($(total "$work/$body.1000") - $(total "$work/$body.0")) / 1000 ))"
done
