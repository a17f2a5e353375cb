#!/usr/bin/env bash
# Tests `make install PREFIX=…` and `make uninstall` into a temporary prefix: the installed rulecheck
# runs the repository's specs, bash completes its subcommands and options from the installed script,
# the zsh and fish scripts are in place, and uninstall removes all four files.
# CONFIGURATION=debug (the default here) reuses the build that `swift test` made.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $1" >&2; exit 1; }

make --no-print-directory install PREFIX="$prefix" CONFIGURATION="${CONFIGURATION:-debug}" >/dev/null
"$prefix/bin/rulecheck" specs/ >/dev/null || fail "the installed rulecheck did not pass specs/"

complete_() {  # the words bash offers after "$@"
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _rulecheck rulecheck "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$prefix/share/bash-completion/completions/rulecheck" "$@"
}
complete_ rulecheck li | grep -qx lint || fail "bash does not complete 'rulecheck li' to lint"
complete_ rulecheck lint --fo | grep -qx -- --format || fail "bash does not complete 'rulecheck lint --fo' to --format"
head -1 "$prefix/share/zsh/site-functions/_rulecheck" | grep -q '^#compdef rulecheck' || fail "no zsh completion"
grep -q "^complete -c 'rulecheck' -n .* -l 'version'" "$prefix/share/fish/vendor_completions.d/rulecheck.fish" || fail "no fish completion"

make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left="$(find "$prefix" -type f)"
[ -z "$left" ] || fail "make uninstall left $left"
echo "make install: binary, specs, completions and uninstall passed"
