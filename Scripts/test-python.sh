#!/usr/bin/env bash
# The Python package runtimes/python and the FastAPI example (docs/python.md), as CI runs them:
# pytest (every fixture of runtimes/fixtures byte for byte; the Spark tests apart, once), mypy
# --strict, a wheel that holds py.typed, every spec case of specs/ and of the feature rules through
# `python3 -m rulecheck_runtime.conformance`, the example's tests (schemathesis among them), and its
# drift check against uvicorn on 127.0.0.1.
# RULECHECK is the rulecheck command (default: `rulecheck` on the PATH); nothing here builds Swift.
set -euo pipefail
cd "$(dirname "$0")/.."
RULECHECK="${RULECHECK:-rulecheck}"
out=.build/python
mkdir -p "$out"
fail() { echo "FAIL: $1" >&2; exit 1; }
# The package from its source folder: the checks below need no install.
export PYTHONPATH="$PWD/runtimes/python/src${PYTHONPATH:+:$PYTHONPATH}"

RULECHECK="$RULECHECK" python3 -m pytest -q -p no:cacheprovider -m "not spark" runtimes/python
# The Spark tests, once: one session in local mode (local[2]) for their module. With
# RULECHECK_DATAFRAMES=required (.ci/run), they and the pandas tests fail where they would skip.
RULECHECK="$RULECHECK" python3 -m pytest -q -p no:cacheprovider -m spark -W "ignore::FutureWarning" runtimes/python
python3 -m mypy --strict --cache-dir "$out/mypy" runtimes/python/src/rulecheck_runtime
MYPYPATH=runtimes/python/src python3 -m mypy --strict --cache-dir "$out/mypy" \
    Examples/FastAPIServer/app.py Examples/FastAPIServer/drift_check.py

rm -rf .build/wheel
python3 -m pip wheel --quiet --no-deps runtimes/python -w .build/wheel
python3 - .build/wheel/rulecheck_runtime-*.whl <<'CHECK' || fail "the wheel lacks py.typed or a module"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
needed = {"rulecheck_runtime/" + name for name in ("py.typed", "__init__.py", "conformance.py", "fastapi.py",
          "_rulecheck_data.py", "_records.py", "dataframe.py", "spark.py")}
missing = needed - names
sys.exit(f"{sys.argv[1]} lacks {sorted(missing)}" if missing else 0)
CHECK

"$RULECHECK" export jsonschema rules --output "$out/rules.schema.json" 2>/dev/null
"$RULECHECK" specs/ --implementation "python3 -m rulecheck_runtime.conformance $out/rules.schema.json"
"$RULECHECK" export jsonschema Tests/GeneratedCodeTests/Features/rules --output "$out/features.schema.json" 2>/dev/null
"$RULECHECK" Tests/GeneratedCodeTests/Features/specs \
    --implementation "python3 -m rulecheck_runtime.conformance $out/features.schema.json"

# The mypyc build (Scripts/build-python-mypyc.sh; docs/performance.md, "mypyc"): compiled, the
# package passes every spec case and the tests of its meaning (fixtures, API, JSON, bad input,
# conformance, patterns, Unicode, hostile input, the fuzzers' regressions, and the fast paths against
# the paths they stand for). RULECHECK_MYPYC=skip leaves it out (about 3 minutes of CPU).
if [ "${RULECHECK_MYPYC:-}" != skip ]; then
    # NB: the script fails when a module its wheel should compile imports from its source.
    compiled="$(Scripts/build-python-mypyc.sh "$out/mypyc")"
    PYTHONPATH="$compiled" "$RULECHECK" specs/ \
        --implementation "python3 -m rulecheck_runtime.conformance $out/rules.schema.json"
    PYTHONPATH="$compiled" "$RULECHECK" Tests/GeneratedCodeTests/Features/specs \
        --implementation "python3 -m rulecheck_runtime.conformance $out/features.schema.json"
    (cd runtimes/python && RULECHECK="$RULECHECK" RULECHECK_PYTHON_SOURCE="$compiled" PYTHONPATH="$compiled" \
        python3 -m pytest -q -p no:cacheprovider tests/test_fixtures.py tests/test_api.py tests/test_json.py \
        tests/test_bad_input.py tests/test_conformance.py tests/test_patterns.py tests/test_unicode.py \
        tests/test_hostile.py tests/test_fuzz_regressions.py tests/test_fast_paths.py tests/test_event_loop.py)
fi
# the custom check example, with the Luhn implementation of the tests (docs/python.md, "Custom checks")
"$RULECHECK" export jsonschema Examples/CustomChecks/rules --output "$out/cards.schema.json" 2>/dev/null
"$RULECHECK" Examples/CustomChecks/specs \
    --implementation "python3 -m rulecheck_runtime.conformance --custom runtimes/python/tests/luhn.py $out/cards.schema.json"

# The example's tests, schemathesis among them (test_schemathesis.py: valid and invalid bodies from
# the example's own /openapi.json, SCHEMATHESIS_MAX_EXAMPLES per operation, about 30 s).
RULECHECK="$RULECHECK" SCHEMATHESIS_MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-40}" \
    python3 -m pytest -q -p no:cacheprovider Examples/FastAPIServer
# The drift checks, on their own: the example under uvicorn passes every case of SignUp and ToDoTask
# at its endpoints, and every spec case through its conformance route.
python3 Examples/FastAPIServer/drift_check.py --rulecheck "$RULECHECK" specs/
python3 Examples/FastAPIServer/drift_check.py --rulecheck "$RULECHECK" --conformance specs/
