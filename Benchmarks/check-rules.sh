#!/usr/bin/env bash
# The generated value objects are benchmarked from copies of the repository's seed rules:
# exits 1 and names the copies that differ from rules/.
cd "$(dirname "$0")" || exit 2
status=0
for copy in Benchmarks/SeedValueObjects/rules/*.yaml; do
    cmp -s "$copy" "../rules/$(basename "$copy")" || { echo "differs from rules/: $copy"; status=1; }
done
exit $status
