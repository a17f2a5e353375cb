#!/usr/bin/env bash
# Instructions per validation of each seed rule, each way, counted by callgrind, which does not
# move with the machine's load: the count of N and of 2N iterations over the rule's 1,000 inputs,
# subtracted, so start-up and loading cancel out. Prints a Markdown table with the ratios to the
# hand-tuned baseline. Usage: [QUICK=1] [RULES="A B"] Benchmarks/callgrind.sh [N] (default 10).
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-10}
source ./callgrind-lib.sh
profile_of ValidatorProfile
per() {  # instructions per validation of RULE WAY
    local once twice
    once=$(count "$1" "$2" "$n")
    twice=$(count "$1" "$2" $((2 * n)))
    echo $(((twice - once) / (n * 1000)))
}
printf '| rule | hand-tuned | compiled | generated | compiled ÷ hand-tuned (target ≤ 1.2) | generated ÷ hand-tuned (target ≤ 1.3) |\n'
printf '|---|---:|---:|---:|---:|---:|\n'
for rule in ${RULES:-TaskTitle Username EmailAddress TaskDueDate SearchQuery OrderReference Handle UnitPrice ServerName IPAddress}; do
    hand=$(per "$rule" hand-tuned)
    compiled=$(per "$rule" compiled)
    generated=$(per "$rule" generated)
    printf '| %s | %d | %d | %d | %s | %s |\n' "$rule" "$hand" "$compiled" "$generated" \
        "$(python3 -c "print(f'{$compiled/$hand:.2f}')")" "$(python3 -c "print(f'{$generated/$hand:.2f}')")"
done
