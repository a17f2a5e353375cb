#!/usr/bin/env bash
# CI for the JavaScript runtime, on its own: node --test, tsc --noEmit, and every spec case of
# specs/ and of the feature rules through bin/conformance.mjs. .ci/run calls it after `swift test`;
# RULECHECK (the first argument) is how to run the rulecheck command, `swift run rulecheck` there.
#
#   runtimes/js/ci.sh "swift run rulecheck"
#   runtimes/js/ci.sh /usr/local/bin/rulecheck
set -euo pipefail
cd "$(dirname "$0")/../.."
RULECHECK="${1:-swift run rulecheck}"

if ! command -v node >/dev/null; then
    echo "node not found; installing nodejs"
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs
fi
if ! command -v tsc >/dev/null; then
    echo "tsc not found; installing node-typescript"
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq node-typescript
fi

node --version
node --test runtimes/js/test/
node runtimes/js/scripts/build-dist.mjs --check
tsc --noEmit -p runtimes/js

mkdir -p .build
$RULECHECK export jsonschema rules --output .build/rules.schema.json
$RULECHECK specs/ --implementation "node runtimes/js/bin/conformance.mjs .build/rules.schema.json"
# the browser build, dist/ with every part, on the same cases
$RULECHECK specs/ --implementation "env RULECHECK_JS_DIST=1 node runtimes/js/bin/conformance.mjs .build/rules.schema.json"
$RULECHECK export jsonschema Tests/GeneratedCodeTests/Features/rules --output .build/features.schema.json
$RULECHECK Tests/GeneratedCodeTests/Features/specs \
    --implementation "node runtimes/js/bin/conformance.mjs .build/features.schema.json"
# the custom check example, with the Luhn implementation of the tests (docs/javascript.md, "Custom checks")
$RULECHECK export jsonschema Examples/CustomChecks/rules --output .build/cards.schema.json 2>/dev/null
$RULECHECK Examples/CustomChecks/specs \
    --implementation "node runtimes/js/bin/conformance.mjs --custom runtimes/js/test/luhn.mjs .build/cards.schema.json"
