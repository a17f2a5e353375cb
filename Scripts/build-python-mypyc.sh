#!/usr/bin/env bash
# The Python package with its verdict path compiled by mypyc (docs/python.md, "Speed"): the wheel that
# runtimes/python/pyproject.toml's `mypyc` build hook makes (the modules it names, each a C extension
# beside its Python source), in OUT/wheel, and that wheel installed in OUT/src (default OUT:
# .build/python-mypyc). Python imports an extension before the source of the same name, so the
# package runs compiled; without the extensions (another platform, another Python), the same files
# are the pure-Python package. Built from a copy of runtimes/python: the build leaves its extensions
# beside the sources it compiles. Needs a C compiler; pip fetches hatchling and hatch-mypyc (with
# mypy) for the build, unless both are installed. About 2 minutes of CPU. Prints OUT/src;
# Scripts/test-python.sh runs the tests on it.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mkdir -p "${1:-.build/python-mypyc}" && cd "${1:-.build/python-mypyc}" && pwd)"
rm -rf "$out/src" "$out/wheel" "$out/project" "$out/build"
mkdir -p "$out/project"
cp -R runtimes/python/pyproject.toml runtimes/python/README.md runtimes/python/src "$out/project/"
find "$out/project" \( -name __pycache__ -o -name .mypy_cache -o -name '*.so' \) -prune -exec rm -rf {} +
isolation=()
if python3 -c 'import hatchling, hatch_mypyc' 2>/dev/null; then
    isolation=(--no-build-isolation)
fi
fail() { tail -n 40 "$out/mypyc.log" >&2; exit 1; }
HATCH_BUILD_HOOK_ENABLE_MYPYC=true python3 -m pip wheel --no-deps ${isolation[@]+"${isolation[@]}"} \
    "$out/project" -w "$out/wheel" >"$out/mypyc.log" 2>&1 || fail
python3 -m pip install --no-deps --target "$out/src" "$out"/wheel/rulecheck_runtime-*.whl >>"$out/mypyc.log" 2>&1 || fail
# Every module the hook names runs compiled from the installed wheel, and the wheel says its platform.
PYTHONPATH="$out/src" python3 - "$out/project/pyproject.toml" "$out"/wheel/rulecheck_runtime-*.whl <<'CHECK'
import importlib, pathlib, sys, tomllib
hook = tomllib.loads(pathlib.Path(sys.argv[1]).read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
names = [pathlib.PurePath(path).stem for path in hook["include"]]
files = {name: importlib.import_module("rulecheck_runtime." + name).__file__ or "" for name in names}
source = [name for name, file in files.items() if not file.endswith(".so")]
if source or sys.argv[2].endswith("-none-any.whl"):
    sys.exit(f"the mypyc build is not compiled: {source or sys.argv[2]}")
CHECK
echo "$out/src"
