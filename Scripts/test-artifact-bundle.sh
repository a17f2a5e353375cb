#!/usr/bin/env bash
# Tests the prebuilt plugin: Scripts/release.sh makes the artifact bundle and the rulecheck-plugins
# package (the bundle by path), and a new app package with an iOS 17-style manifest uses
# RuleGenPrebuiltPlugin for its rule files and RuleCore from this repository, builds, and runs the
# generated value object. The app's build must not build rulecheck, RuleYAML or libyaml's module:
# its generated code comes from the bundle's rulecheck.
# RULECHECK_BINARY=PATH bundles that binary instead of building the static one (release.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $1" >&2; exit 1; }

"$root/Scripts/release.sh" --output "$tmp/dist" >/dev/null
[ -f "$tmp/dist/rulecheck.artifactbundle.zip" ] || fail "no artifact bundle zip"
grep -q '"type": "executable"' "$tmp/dist/rulecheck.artifactbundle/info.json" || fail "info.json declares no executable"

app="$tmp/App"
mkdir -p "$app/Sources/App/rules"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "rulecheck", path: "$root"),
        .package(name: "rulecheck-plugins", path: "$tmp/dist/rulecheck-plugins"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [.product(name: "RuleCore", package: "rulecheck")],
            plugins: [.plugin(name: "RuleGenPrebuiltPlugin", package: "rulecheck-plugins")]
        )
    ]
)
SWIFT
cp "$root/rules/task.yaml" "$app/Sources/App/rules/"  # the seed task: TaskTitle, its model and form
cat > "$app/Sources/App/main.swift" <<'SWIFT'
print(try TaskTitle("  Buy milk  ").value)
do {
    _ = try TaskTitle(String(repeating: "x", count: 21))
} catch {
    print(error)
}
SWIFT
swift build --package-path "$app" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "the app did not build"; }
grep -q "Generating Swift value objects for App" "$tmp/build.log" || fail "the plugin did not run"
out="$("$(swift build --package-path "$app" --show-bin-path)/App")"
[ "$out" = "$(printf 'Buy milk\ntitleTooLong(max: 20)')" ] || fail "the app printed: $out"
bin="$(swift build --package-path "$app" --show-bin-path)"
# SwiftPM makes a folder for every target of the graph; a compiled one holds object files.
for module in RuleYAML RuleYAML-tool rulecheck rulecheck-tool; do
    ! ls "$bin/$module.build/"*.o >/dev/null 2>&1 || fail "the app's build compiled $module"
done
ls "$bin/RuleCore.build/"*.o >/dev/null 2>&1 || fail "the app's build compiled no RuleCore (the check above sees nothing)"
echo "artifact bundle: the app built with the prebuilt plugin, and ran"
