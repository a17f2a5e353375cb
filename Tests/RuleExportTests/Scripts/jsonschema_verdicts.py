"""Python's `jsonschema` on exported definitions: reads JSON lines of {"definition", "instance"}
and prints one verdict (true or false) a line.

Usage: jsonschema_verdicts.py SCHEMA.json PYTHON_SOURCE_DIR < cases.jsonl

`pattern` is read as JSON Schema says, as an ECMAScript regular expression, through the
Python runtime's translation of rulecheck's pattern subset: `jsonschema` itself would
use Python's `re`, which knows no `\\p{…}` and lets `$` match before a final newline.
"""

import json
import sys

import jsonschema

# NB: spec cases hold integers of thousands of digits, which Python refuses to read by default.
sys.set_int_max_str_digits(0)
sys.path.insert(0, sys.argv[2])
from rulecheck_runtime._patterns import compile_pattern  # noqa: E402


def ecmascript_pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not compile_pattern(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


with open(sys.argv[1], encoding="utf-8") as file:
    document = json.load(file)
# NB: the meta-schema without format checks: its "regex" format would be checked with Python's `re`.
jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA).validate(document)
Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": ecmascript_pattern})
for line in sys.stdin:
    case = json.loads(line)
    schema = {"$defs": document["$defs"], "$ref": "#/$defs/" + case["definition"]}
    print("true" if Validator(schema).is_valid(case["instance"]) else "false")
