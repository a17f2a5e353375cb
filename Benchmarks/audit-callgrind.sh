#!/usr/bin/env bash
# Instructions of `rulecheck audit` against `audit --read-only` on the same N records (default
# 20,000; Benchmarks/audit-data.py's five-field model, 1% rejected), counted by callgrind on one
# validating thread (--jobs 1), which does not move with the machine's load. Prints both counts,
# their ratio, and what the validation adds per record. With --annotate, also the functions that
# cost the most in the audit, inclusive, demangled.
# Usage: Benchmarks/audit-callgrind.sh [N] [--annotate] (builds rulecheck in release).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
source Benchmarks/callgrind-lib.sh
profile_of rulecheck
work=$(mktemp -d)
trap 'rm -rf "$work" "$profile"' EXIT
python3 Benchmarks/audit-data.py "$work" "$n"
audit=(audit "$work/data.jsonl" --rules "$work/rules" --model Rec --jobs 1)
read_only=$(count "${audit[@]}" --read-only)
full=$(count "${audit[@]}")
echo "read-only: $read_only instructions; audit: $full instructions"
python3 -c "print(f'audit ÷ read-only: {$full / $read_only:.2f}; validation: {($full - $read_only) / $n:.0f} instructions per record')"
if [[ "${2:-}" == "--annotate" ]]; then
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/out" "$profile" "${audit[@]}" \
        >/dev/null 2>&1 || true
    callgrind_annotate --inclusive=yes "$work/out" 2>/dev/null | head -60 | swift demangle --simplified
fi
