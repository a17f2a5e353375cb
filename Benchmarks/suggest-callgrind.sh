#!/usr/bin/env bash
# `rulecheck suggest` against an empty suite over the seed rules (rules/): every mutant survives
# and gets a search, as Scripts/agree.py asks. Counts its instructions with callgrind (every
# thread's, which moves neither with the machine's load nor with its cores), beside those of
# `rulecheck specs` (the repository's suite) with the same binary, and prints both and their
# ratio, for docs/performance.md. Usage: Benchmarks/suggest-callgrind.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/callgrind-lib.sh
profile_of rulecheck
work=$(mktemp -d)
trap 'rm -rf "$work" "$profile"' EXIT
printf 'rulecheck: 1\nrules: %s/rules\ntoday: 2026-01-15\ncases: {}\n' "$PWD" >"$work/empty.yaml"
suggest=$(count suggest "$work/empty.yaml")
suite=$(count specs)
printf '| run | instructions | ÷ `rulecheck specs` |\n|---|---:|---:|\n'
printf '| `rulecheck specs` | %s | 1.00 |\n' "$suite"
printf '| `rulecheck suggest` on an empty suite over rules/ | %s | %s |\n' "$suggest" \
    "$(python3 -c "print(f'{$suggest/$suite:.1f}')")"
