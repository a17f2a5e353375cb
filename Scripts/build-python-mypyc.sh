#!/usr/bin/env bash
# The Python package with its verdict path compiled by mypyc (docs/performance.md, "mypyc"): a copy
# of runtimes/python/src in OUT/src (default OUT: .build/python-mypyc) in which _core, _json, _text,
# _patterns and _unicode are C extensions beside their Python source. Python imports an extension
# before the source of the same name, so the copy runs compiled; without the extensions (another
# platform, another Python), the same folder is the pure-Python package. Needs mypy (which ships
# mypyc) and a C compiler; about 3 minutes of CPU. Scripts/test-python.sh runs the tests on it.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mkdir -p "${1:-.build/python-mypyc}" && cd "${1:-.build/python-mypyc}" && pwd)"
modules=(_core _json _text _patterns _unicode)
rm -rf "$out/src" "$out/build"
cp -R runtimes/python/src "$out/src"
find "$out/src" \( -name __pycache__ -o -name .mypy_cache -o -name '*.so' \) -prune -exec rm -rf {} +
cd "$out/src"
# NB: run from the package's parent, where mypyc puts each extension beside its module and the
# library they share (a *__mypyc.*.so) on the import path; its C sources go to OUT/build.
python3 -m mypyc $(printf 'rulecheck_runtime/%s.py ' "${modules[@]}") >"$out/mypyc.log" 2>&1 \
    || { tail -n 40 "$out/mypyc.log" >&2; exit 1; }
mv build "$out/build"
for module in "${modules[@]}"; do
    ls "$out"/src/rulecheck_runtime/"$module".*.so >/dev/null 2>&1 || { echo "no extension for $module" >&2; exit 1; }
done
echo "$out/src"
