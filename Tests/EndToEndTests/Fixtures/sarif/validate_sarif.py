"""Validates a SARIF log on stdin against the SARIF 2.1.0 schema beside this script, with
Python's `jsonschema`; prints each error and exits 1 when there is one.

Usage: validate_sarif.py < log.sarif
"""

import json
import os
import sys

import jsonschema

with open(os.path.join(os.path.dirname(__file__), "sarif-schema-2.1.0.json"), encoding="utf-8") as file:
    schema = json.load(file)
jsonschema.Draft4Validator.check_schema(schema)
errors = list(jsonschema.Draft4Validator(schema).iter_errors(json.load(sys.stdin)))
for error in errors:
    print("/".join(str(part) for part in error.absolute_path) + ": " + error.message)
sys.exit(1 if errors else 0)
