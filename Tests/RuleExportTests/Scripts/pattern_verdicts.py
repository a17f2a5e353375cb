"""The Python runtime's patterns (rulecheck_runtime._patterns): reads JSON lines of {"pattern", "input"} and prints
whether the pattern matches the whole input (true or false), a line each.

Usage: pattern_verdicts.py PYTHON_SOURCE_DIR < cases.jsonl
"""

import json
import sys

sys.path.insert(0, sys.argv[1])
from rulecheck_runtime._patterns import compile_pattern  # noqa: E402

for line in sys.stdin:
    case = json.loads(line)
    print("true" if compile_pattern(case["pattern"]).fullmatch(case["input"]) else "false")
