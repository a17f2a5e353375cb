#!/usr/bin/env bash
# Builds RuleCore's DocC documentation (Sources/RuleCore/RuleCore.docc) with swift-docc-plugin into
# .build/docs/RuleCore.doccarchive, failing on any warning: a broken symbol link, an unknown topic.
# The plugin is a dependency of this package (DocC/), not of rulecheck's, so apps never resolve it.
# Extra arguments go to docc, e.g. --transform-for-static-hosting --hosting-base-path rulecheck.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/docs
swift package --package-path DocC --allow-writing-to-directory .build/docs \
    generate-documentation --product RuleCore --output-path .build/docs/RuleCore.doccarchive \
    --warnings-as-errors "$@"
