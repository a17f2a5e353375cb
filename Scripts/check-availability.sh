#!/usr/bin/env bash
# The package's floor is macOS 14 / iOS 17 (Package.swift), and SwiftPM builds every target for it,
# but a Linux build checks no Apple availability: this fails on a use, in the package's sources or an
# example's, of an API newer than the floor, from a maintained list, with file:line for each.
# Add to the list when the floor moves or a newer API tempts; `// availability: checked` on a line
# that guards its use with `if #available` or `@available` lets it pass.
set -euo pipefail
cd "$(dirname "$0")/.."

# API and what it needs, as `pattern|needs`: extended regular expressions over Swift source.
newer=(
    'import Synchronization|macOS 15 / iOS 18 (Mutex, Atomic)'
    '\bMutex<|macOS 15 / iOS 18'
    '\bAtomic(<|\()|macOS 15 / iOS 18'
    '\b(Raw|Mutable)?Span\b|macOS 26 / iOS 26'
    '\bInlineArray\b|macOS 26 / iOS 26'
    '\bUTF8Span\b|macOS 26 / iOS 26'
)
found=0
for entry in "${newer[@]}"; do
    pattern="${entry%%|*}"
    needs="${entry#*|}"
    while IFS= read -r hit; do
        [[ "$hit" == *"availability: checked"* ]] && continue
        echo "${hit%%:*:*}:$(cut -d: -f2 <<<"$hit"): error: needs $needs, above the floor macOS 14 / iOS 17"
        found=1
    done < <(grep -rnE --include='*.swift' "$pattern" Sources Examples/*/Sources 2>/dev/null | grep -v '^\s*//' || true)
done
if [ "$found" = 1 ]; then exit 1; fi
echo "no API newer than macOS 14 / iOS 17 in Sources/ and Examples/*/Sources"
