"""Writes the benchmark data of `rulecheck audit` into FOLDER: rules/rec.yaml (a five-field model:
string, integer, decimal, boolean, date), data.jsonl (N records, 1% too long a title) and spec.yaml
(the same records as spec cases). Usage: python3 audit-data.py FOLDER N"""
import os
import sys

work, n = sys.argv[1], int(sys.argv[2])
os.makedirs(f"{work}/rules", exist_ok=True)
with open(f"{work}/rules/rec.yaml", "w") as rules:
    rules.write("""rulecheck: 1
types:
  Title: { normalize: [trim], checks: [ { length: { min: 1, max: 40 } } ] }
  Count: { type: integer, checks: [ { range: { min: 0, max: 1000 } } ] }
  Price: { type: decimal, checks: [ { range: { min: 0 } } ] }
  Done: { type: boolean }
  Due: { type: date, checks: [ { notBefore: 2026-01-01 } ] }
models:
  Rec:
    fields: { title: Title, count: Count, price: Price, done: Done, due: Due }
""")
with open(f"{work}/data.jsonl", "w") as jsonl, open(f"{work}/spec.yaml", "w") as spec:
    spec.write("rulecheck: 1\nrules: rules\ncases:\n  Rec:\n")
    for i in range(n):
        bad = i % 100 == 99
        title = f"Task number {i}" + (" and much more text than forty" if bad else "")
        price, done, due = f"{i % 997}.{i % 100:02d}", "true" if i % 2 else "false", f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}"
        jsonl.write(f'{{"title": "{title}", "count": {i % 1000}, "price": {price}, "done": {done}, "due": "{due}"}}\n')
        expect = "errors: { title: [tooLong] }" if bad else "valid: true"
        spec.write(f'    - {{ in: {{ title: "{title}", count: {i % 1000}, price: {price}, done: {done}, due: "{due}" }}, {expect} }}\n')
