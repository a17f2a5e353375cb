#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, then under ThreadSanitizer, each in its own build
# folder (.build/sanitize-*), so that neither invalidates the other or the normal debug build.
# Exits non-zero when either run fails or a sanitizer reports anything.
#
# Usage: Scripts/sanitizers.sh [address|thread]…   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
    echo "== swift test --sanitize=$sanitizer"
    # NB: halt_on_error makes ThreadSanitizer fail the run at its first report instead of only printing
    # it; the suppressions name LeakSanitizer's false positives and leaks in Foundation, each explained.
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" \
        LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt print_suppressions=0 ${LSAN_OPTIONS:-}" \
        swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer"
done
