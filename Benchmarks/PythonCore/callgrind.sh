#!/bin/sh
# The Swift engine's validation of the Python bench's bodies through ctypes against pydantic-core's
# model_validate_json, in instructions per call (docs/performance.md, "Python"): each way and body
# run twice under callgrind, CALLS = 300 and 100, and the totals' difference divided by 200.
# Usage, from the repository root, after `swift build -c release` in Benchmarks/PythonCore:
#   Benchmarks/PythonCore/callgrind.sh
set -eu
LIB=Benchmarks/PythonCore/.build/release/libRulecheckPythonCore.so
PYTHON=$(python3 -c 'import sys; print(sys.executable)')
OUT=$(mktemp -d)
total() {
    PYTHONPATH=runtimes/python/src valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" \
        "$PYTHON" runtimes/python/bench/native_callgrind.py "$LIB" "$1" "$2" "$3" >/dev/null 2>&1
    callgrind_annotate "$OUT/cg" 2>/dev/null | sed -n 's/^\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,
}
printf '%-16s %12s %12s %8s\n' body pydantic swift 'swift ÷ pydantic'
for body in signup-valid signup-invalid order-valid order-invalid; do
    p=$(( ($(total pydantic "$body" 300) - $(total pydantic "$body" 100)) / 200 ))
    s=$(( ($(total swift "$body" 300) - $(total swift "$body" 100)) / 200 ))
    printf '%-16s %12s %12s %8s\n' "$body" "$p" "$s" "$(python3 -c "print(f'{$s / $p:.2f}')")"
done
rm -rf "$OUT"
