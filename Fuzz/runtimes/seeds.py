#!/usr/bin/env python3
"""Seeds for the runtimes' validator fuzzers (PyValidators, JSValidators): every spec case's input
of specs/ and of the feature rules' specs, and every body of runtimes/fixtures/body_cases.json, each
as one file whose first byte chooses the type or model (oracle.names order) and whose rest is the
JSON body. The spec cases' inputs are what `rulecheck --implementation` sends (docs/conformance.md),
recorded by this script as the implementation.

Usage: python3 Fuzz/runtimes/seeds.py RULECHECK OUT_FOLDER
       python3 Fuzz/runtimes/seeds.py --record FILE   (the implementation: records, answers valid)
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle  # noqa: E402

SPECS = {"seed": os.path.join(oracle.ROOT, "specs"),
         "features": os.path.join(oracle.ROOT, "Tests", "GeneratedCodeTests", "Features", "specs")}


def record(path: str) -> None:
    with open(path, "a", encoding="utf-8") as out:
        for line in sys.stdin:
            out.write(line)
            out.flush()
            sys.stdout.write('{"valid":true,"value":null}\n')
            sys.stdout.flush()


def main() -> None:
    if sys.argv[1] == "--record":
        record(sys.argv[2])
        return
    rulecheck, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = oracle.temporary_folder()
    names = oracle.names(oracle.export(rulecheck, work))
    bodies = []
    for rule_set, specs in SPECS.items():
        requests = os.path.join(work, f"{rule_set}.requests")
        implementation = f"{sys.executable} {os.path.abspath(__file__)} --record {requests}"
        run = subprocess.run([rulecheck, specs, "--implementation", implementation], capture_output=True,
                             text=True, cwd=oracle.ROOT)
        # NB: the recorder answers every case valid, so the run fails its invalid cases: exit 1 is the
        # expected outcome. Any other exit (2: the run could not start) means nothing was recorded.
        if run.returncode not in (0, 1) or not os.path.exists(requests):
            sys.exit(f"seeds.py: `rulecheck {os.path.relpath(specs, oracle.ROOT)} --implementation` exited "
                     f"{run.returncode} and recorded no request:\n{run.stderr.strip()}")
        with open(requests, encoding="utf-8") as file:
            for line in file:
                request = json.loads(line)
                bodies.append((rule_set, request["type"], json.dumps(request["input"], ensure_ascii=False)))
    with open(os.path.join(oracle.ROOT, "runtimes", "fixtures", "body_cases.json"), encoding="utf-8") as file:
        for case in json.load(file):
            if "body" in case and "type" in case:
                bodies.append((case["rules"], case["type"], case["body"]))
    for rule_set, type_name, body in bodies:
        data = bytes([names.index((rule_set, type_name))]) + body.encode("utf-8")
        path = os.path.join(out, hashlib.sha1(data).hexdigest())
        # NB: two targets may seed the same folder at once; a rename never shows a half-written seed.
        with open(f"{path}.{os.getpid()}.tmp", "wb") as file:
            file.write(data)
        os.replace(f"{path}.{os.getpid()}.tmp", path)
    print(f"{len(bodies)} seeds in {out}")


if __name__ == "__main__":
    main()
