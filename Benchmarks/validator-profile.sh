#!/usr/bin/env bash
# Builds ValidatorProfile (Benchmarks/Benchmarks/ValidatorProfile) optimized, with swiftc against
# the root package's release RuleCore and RuleYAML, and prints the binary's path: what
# `node runtimes/js/bench/bench.mjs --swift` times. The same sources as the Benchmarks package's
# product, without its ordo-one/benchmark dependency and its plugin's release build of the whole
# `rulecheck` tool (an hour on the shared machine): the seed value objects are generated here by
# `rulecheck generate swift`, as the plugin generates them.
#
#   Benchmarks/validator-profile.sh                 # builds `swift build -c release --target RuleYAML` first
#   Benchmarks/validator-profile.sh RELEASE_BIN     # a release bin folder of this package's current code
#
# RULECHECK (default: the debug build's rulecheck, built when missing) generates the value objects.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ $# -ge 1 ]; then
    release=$(cd "$1" && pwd)
else
    swift build -c release --target RuleYAML >&2
    release=$(swift build -c release --show-bin-path)
fi
if [ -z "${RULECHECK:-}" ]; then
    swift build --product rulecheck >&2
    RULECHECK="$(swift build --show-bin-path)/rulecheck"
fi
for module in RuleCore RuleYAML; do
    [ -f "$release/Modules/$module.swiftmodule" ] || { echo "$0: no $module in $release/Modules" >&2; exit 2; }
done

out="$root/Benchmarks/.build/validator-profile"
mkdir -p "$out/generated"
benchmarks="$root/Benchmarks/Benchmarks"
"$RULECHECK" generate swift "$benchmarks/SeedValueObjects/rules" --output "$out/generated" >&2

optimized=(swiftc -O -wmo -swift-version 6 -parse-as-library -I "$out" -I "$release/Modules")
"${optimized[@]}" -module-name Baselines -emit-module -emit-module-path "$out/Baselines.swiftmodule" \
    -c "$benchmarks"/Baselines/*.swift -o "$out/Baselines.o" >&2
"${optimized[@]}" -module-name SeedValueObjects -emit-module -emit-module-path "$out/SeedValueObjects.swiftmodule" \
    -c "$benchmarks"/SeedValueObjects/*.swift "$out"/generated/*.swift -o "$out/SeedValueObjects.o" >&2
# NB: RuleYAML's module names the C modules CLibYAML and CFileMapping, so their module maps come
# along; the link needs libyaml and CFileMapping's object.
printf 'module CFileMapping {\n    umbrella header "%s"\n    export *\n}\n' \
    "$root/Sources/CFileMapping/include/CFileMapping.h" >"$out/CFileMapping.modulemap"
swiftc -O -wmo -swift-version 6 -module-name ValidatorProfile -I "$out" -I "$release/Modules" \
    -Xcc -fmodule-map-file="$root/Sources/CLibYAML/module.modulemap" -Xcc -fmodule-map-file="$out/CFileMapping.modulemap" \
    "$benchmarks/ValidatorProfile/main.swift" "$out/Baselines.o" "$out/SeedValueObjects.o" \
    "$release"/RuleCore.build/*.o "$release"/RuleYAML.build/*.o "$release"/CFileMapping.build/*.o \
    -lyaml -o "$out/ValidatorProfile" >&2
echo "$out/ValidatorProfile"
