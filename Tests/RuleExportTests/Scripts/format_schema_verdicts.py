"""Python's `jsonschema` on documents in the rule-file and spec-file formats: checks each schema
against the draft-07 meta-schema, then reads JSON lines of {"schema", "document"} and prints, a
line each, `ok` or the first error.

Usage: format_schema_verdicts.py RULES.schema.json SPECS.schema.json < documents.jsonl
"""

import json
import sys

import jsonschema

validators = {}
for name, path in (("rules", sys.argv[1]), ("specs", sys.argv[2])):
    with open(path, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft7Validator.check_schema(schema)
    validators[name] = jsonschema.Draft7Validator(schema)
for line in sys.stdin:
    request = json.loads(line)
    errors = sorted(validators[request["schema"]].iter_errors(request["document"]), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(part) for part in errors[0].absolute_path)
        print(f"{where}: {errors[0].message}"[:300].replace("\n", " "))
    else:
        print("ok")
