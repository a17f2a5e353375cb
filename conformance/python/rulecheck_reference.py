#!/usr/bin/env python3
"""The reference implementation of rulecheck's conformance protocol (docs/conformance.md).

Usage: rulecheck_reference.py SCHEMA.json
       rulecheck_reference.py --checks   (the checks it implements, as a JSON array)

SCHEMA.json is what `rulecheck export jsonschema` (or `export openapi`) wrote. Each line of
standard input is a request, {"type": …, "input": …, "today": …, "language": …}; each answer
is one line on standard output, {"valid": true, "value": …} or {"valid": false, "violations":
[{"code": …, "path": […], "message": …}]}. Needs Python 3.9+ and the `regex` module (PyPI),
for grapheme clusters (`\\X`), general categories and scripts.
"""

import json
import sys

from rulecheck_rules import CHECKS, Rules


def as_input(value):
    """A request's input as the rules read it: text, None (absent), a dict of fields, or a list of items."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return {name: as_input(field) for name, field in value.items()}
    if isinstance(value, list):
        return [as_input(item) for item in value]
    return str(value)


def answer(rules, request):
    value, violations = rules.validate(request["type"], as_input(request["input"]), request["today"])
    if violations:
        return {"valid": False, "violations": [v.json(request["language"]) for v in violations]}
    return {"valid": True, "value": None if value is None else value.json()}


def main(arguments):
    if arguments[1:] == ["--checks"]:
        print(json.dumps(sorted(CHECKS)))
        return
    if len(arguments) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    with open(arguments[1], encoding="utf-8") as schema:
        rules = Rules(json.load(schema))
    for line in sys.stdin:
        if not line.strip():
            continue
        response = answer(rules, json.loads(line))
        sys.stdout.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv)
