#!/usr/bin/env python3
"""Records the Swift engine's verdict beside each regression input of the runtimes' fuzz targets:
runtimes/fixtures/fuzz/TARGET/NAME.input gets NAME.verdict.json, which the JavaScript and Python tests
compare with their own answer. A reader target's input is a body ({"read": true} or {"error": …,
"column": …}); a validator target's is the type's byte and a body (Fuzz/runtimes/oracle.py).

Usage: RULECHECK=… python3 Fuzz/runtimes/regression.py runtimes/fixtures/fuzz/TARGET/NAME.input…
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle  # noqa: E402


def main() -> None:
    rulecheck = os.environ.get("RULECHECK", "rulecheck")
    names = oracle.names(oracle.export(rulecheck, oracle.temporary_folder()))
    for path in sys.argv[1:]:
        with open(path, "rb") as file:
            data = file.read()
        if os.path.basename(os.path.dirname(path)).endswith("JSONReader"):
            if b"\n" in data or b"\r" in data:
                sys.exit(f"{path}: a reader's regression input is one line, as the engine reads it")
            verdict = oracle.check(rulecheck, "seed", "TaskNote", [data])[0]
            verdict = verdict if "error" in verdict else {"read": True}
        else:
            rule_set, name = names[data[0] % len(names)]
            verdict = oracle.check(rulecheck, rule_set, name, [oracle.one_line(data[1:])])[0]
        with open(path[: -len(".input")] + ".verdict.json", "w", encoding="utf-8") as file:
            file.write(json.dumps(verdict, ensure_ascii=False, default=str) + "\n")


if __name__ == "__main__":
    main()
