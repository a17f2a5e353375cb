#!/usr/bin/env python3
"""A year of rule edits, simulated, for `rulecheck diff`'s speed target (issue 28: under 2 s in a
release build between two commits a year of edits apart).

Usage: Benchmarks/Runner/diff-year.py RULECHECK [EDITS]   (EDITS: 50 by default)

Copies rules/ into a new git repository in a temporary folder, commits it, makes EDITS edits of
the kinds a year brings (a length or range bound moved either way, a message reworded, a type
added in a new rule file, a value added to a oneOf), each its own commit, checks with `rulecheck
lint` that the rules still load, then times `rulecheck diff git:FIRST git:LAST` (the median of
five runs) and prints the changes it found and the seconds.
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def git(folder, *arguments):
    subprocess.run(["git", "-C", folder, *arguments], check=True, capture_output=True)


def edit(rules, index):
    """Makes edit number `index` in the rule files as they are now."""
    files = sorted(f for f in os.listdir(rules) if f.endswith(".yaml") and not f.startswith("extra_"))
    texts = {f: open(os.path.join(rules, f), encoding="utf-8").read() for f in files}
    kind = index % 5
    if kind in (0, 1):
        bounds = [(f, m) for f in files for m in re.finditer(r"\b(min|max): (\d+)\b", texts[f])]
        file, match = bounds[(index * 7) % len(bounds)]
        number = int(match.group(2))
        moved = number + 1 if kind == 0 or number == 0 else number - 1
        text = texts[file][:match.start()] + f"{match.group(1)}: {moved}" + texts[file][match.end():]
    elif kind == 2:
        messages = [(f, m) for f in files for m in re.finditer(r'\ben: "([^"]+)"', texts[f])]
        file, match = messages[(index * 3) % len(messages)]
        text = texts[file][:match.start()] + f'en: "{match.group(1)} ({index})"' + texts[file][match.end():]
    elif kind == 3:
        file = f"extra_{index}.yaml"
        text = (f"rulecheck: 1\ntypes:\n  Extra{index}:\n    normalize: [trim]\n"
                f"    checks:\n      - length: {{ min: 1, max: {10 + index} }}\n")
    else:
        file = "signup.yaml"
        text = texts[file].replace("oneOf: [free, pro, team", f"oneOf: [free, pro, team, plan{index}", 1)
    with open(os.path.join(rules, file), "w", encoding="utf-8") as out:
        out.write(text)


def main(arguments):
    if len(arguments) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[1])
    rulecheck = os.path.abspath(arguments[1])
    count = int(arguments[2]) if len(arguments) == 3 else 50
    with tempfile.TemporaryDirectory() as folder:
        rules = os.path.join(folder, "rules")
        shutil.copytree(os.path.join(ROOT, "rules"), rules)
        git(folder, "init", "-q")
        git(folder, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "add", ".")
        git(folder, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-qm", "a year ago")
        for number in range(count):
            edit(rules, number)
            git(folder, "add", ".")
            git(folder, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-qm",
                f"edit {number + 1}")
        lint = subprocess.run([rulecheck, "lint", rules], capture_output=True, text=True, cwd=folder)
        if lint.returncode == 2:
            sys.exit("the edited rules do not load:\n" + lint.stdout + lint.stderr)
        command = [rulecheck, "diff", "git:HEAD~%d:rules" % count, "git:HEAD:rules", "--fail-on", "none"]
        times = []
        for _ in range(5):
            start = time.perf_counter()
            run = subprocess.run(command, capture_output=True, text=True, cwd=folder)
            times.append(time.perf_counter() - start)
            if run.returncode != 0:
                sys.exit(f"rulecheck diff exited {run.returncode}:\n{run.stdout}{run.stderr}")
        changes = len([line for line in run.stdout.splitlines() if re.match(r"^\S.*: (tightened|loosened|both|normalized|codes renamed|messages only|unchanged in meaning|no witness|added|removed)", line)])
        print(run.stdout.strip().splitlines()[-1] if run.stdout.strip() else "")
        print(f"{count} edits, {changes} changes listed; rulecheck diff took {statistics.median(times):.2f} s "
              f"(median of 5: {', '.join(f'{t:.2f}' for t in times)})")


if __name__ == "__main__":
    main(sys.argv)
