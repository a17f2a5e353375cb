#!/usr/bin/env bash
# Instructions per request of the example server's invalid sign-up without the HTTP server, counted
# by callgrind, which does not move with the machine's load: the validating route's work (verdict
# and problem details' JSON) against the plain route's (JSONDecoder + JSONEncoder), each the count
# of N and of 2N iterations subtracted, so start-up and loading cancel out (docs/performance.md).
# Usage: Benchmarks/problem-details.sh [N] (default 1000).
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-1000}
source ./callgrind-lib.sh
profile_of ProblemDetailsProfile
per() {  # instructions per request of WAY [ACCEPT-LANGUAGE]
    local once twice
    once=$(count "$1" "$n" "${@:2}")
    twice=$(count "$1" $((2 * n)) "${@:2}")
    echo $(((twice - once) / n))
}
plain=$(per plain)
printf '| route | instructions per request | ÷ plain |\n|---|---:|---:|\n'
printf '| plain `Codable` (`JSONDecoder` + `JSONEncoder`) | %d | 1.00 |\n' "$plain"
for language in "" ja; do
    rules=$(per rules ${language:+"$language"})
    printf '| validating, problem details in %s | %d | %s |\n' "${language:-en}" "$rules" \
        "$(python3 -c "print(f'{$rules/$plain:.2f}')")"
done
