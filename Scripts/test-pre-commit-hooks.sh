#!/usr/bin/env bash
# Tests .pre-commit-hooks.yaml the way a user meets it: pre-commit (from PyPI) installed in a new git
# repository whose .pre-commit-config.yaml names this repository's hooks, then `git commit` of good
# files (passes), of a rule file with a mistake and of a failing spec case (both refused, with
# rulecheck's diagnostic), and of a file the hooks do not look at (skipped).
# The `-system` hooks run the rulecheck on PATH: $RULECHECK, default the debug build's.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rulecheck="${RULECHECK:-$root/.build/debug/rulecheck}"
[ -x "$rulecheck" ] || { echo "no rulecheck at $rulecheck; run 'swift build --product rulecheck' or set RULECHECK" >&2; exit 2; }
if ! python3 -m pre_commit --version >/dev/null 2>&1; then
    echo "installing pre-commit"
    python3 -m pip install --quiet pre-commit
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$rulecheck" "$tmp/bin/rulecheck"
export PATH="$tmp/bin:$PATH" PRE_COMMIT_HOME="$tmp/cache"
export GIT_AUTHOR_NAME=ci GIT_AUTHOR_EMAIL=ci@example.com GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@example.com
git_() { git -c init.defaultBranch=main -c commit.gpgsign=false "$@"; }
fail() { echo "FAIL: $1" >&2; [ -f "$tmp/out" ] && cat "$tmp/out" >&2; exit 1; }

# The hooks' repository as pre-commit clones it: this working tree's .pre-commit-hooks.yaml, committed.
git_ init -q "$tmp/hooks"
cp "$root/.pre-commit-hooks.yaml" "$tmp/hooks/"
git_ -C "$tmp/hooks" add .pre-commit-hooks.yaml
git_ -C "$tmp/hooks" commit -qm hooks
rev="$(git -C "$tmp/hooks" rev-parse HEAD)"

project="$tmp/project"
git_ init -q "$project"
cd "$project"
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: rulecheck-lint-system
      - id: rulecheck-specs-system
YAML
mkdir rules specs
cat > rules/task.yaml <<'YAML'
rulecheck: 1
types:
  TaskTitle:
    normalize: [trim]
    checks:
      - length: { min: 1, max: 20, code: { tooShort: titleTooShort } }
YAML
cat > specs/task.yaml <<'YAML'
rulecheck: 1
cases:
  TaskTitle:
    - { in: "  Buy milk  ", out: "Buy milk" }
    - { in: "   ", errors: [titleTooShort] }
YAML
python3 -m pre_commit install >/dev/null
git_ add -A

# 1. Good files: both hooks run and pass.
git_ commit -qm good > "$tmp/out" 2>&1 || fail "a commit of good rule and spec files was refused"
grep -q "rulecheck lint\.*Passed" "$tmp/out" || fail "the lint hook did not pass"
grep -q "rulecheck specs\.*Passed" "$tmp/out" || fail "the specs hook did not pass"

# 2. A rule file with a mistake: refused, with the diagnostic at its place.
head="$(git rev-parse HEAD)"
sed -i 's/length:/lenght:/' rules/task.yaml
git_ add rules/task.yaml
git_ commit -qm typo > "$tmp/out" 2>&1 && fail "a commit of a rule file with a mistake was accepted"
grep -q "rulecheck lint\.*Failed" "$tmp/out" || fail "the lint hook did not fail"
grep -q "rules/task.yaml:6:9: error: unknown check 'lenght'; did you mean 'length'?" "$tmp/out" ||
    fail "the lint hook did not show the diagnostic"
[ "$(git rev-parse HEAD)" = "$head" ] || fail "the refused commit was made"

# 3. A spec case the rules do not pass: refused, with the failing case.
git_ reset -q --hard
echo '    - { in: "123456789012345678901", errors: [titleTooLong] }' >> specs/task.yaml
git_ add specs/task.yaml
git_ commit -qm failing > "$tmp/out" 2>&1 && fail "a commit of a failing spec case was accepted"
grep -q "rulecheck specs\.*Failed" "$tmp/out" || fail "the specs hook did not fail"
# NB: lint reads the spec files too, and knows the rule reports 'tooLong', never 'titleTooLong'.
grep -q "rulecheck lint\.*Failed" "$tmp/out" || fail "the lint hook did not fail on the spec file"
grep -q "never reports 'titleTooLong'; it can report 'invalidFormat', 'required', 'titleTooShort', 'tooLong'" "$tmp/out" ||
    fail "the lint hook did not say the code can never be reported"
grep -q 'specs/task.yaml:6:7: TaskTitle: in "123456789012345678901": expected errors \[titleTooLong\], got errors \[tooLong\]' "$tmp/out" ||
    fail "the specs hook did not show the failing case"
git_ reset -q --hard

# 4. A file the hooks do not look at: both skipped.
echo "notes" > README.md
git_ add README.md
git_ commit -qm readme > "$tmp/out" 2>&1 || fail "a commit of an unrelated file was refused"
[ "$(grep -c "no files to check.*Skipped" "$tmp/out")" = 2 ] || fail "the hooks did not skip an unrelated file"

echo "pre-commit hooks: 4 scenarios passed"
