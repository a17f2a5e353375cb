#!/usr/bin/env python3
"""\\u-escaped non-ASCII bodies against an ASCII body of the same size (issue 38; docs/performance.md):
`rules.verdict` on a 1 MB body of one script's escapes in a counted field (seed `ToDoTask.title`:
trim, characters) and a normalized one (features `Order.comment`: nfc, collapseWhitespace,
lowercase), each as a ratio to an ASCII body of the same size (`{"note": "aaa…"}`, as
tests/test_hostile.py), best of N runs of the thread's CPU time.

Usage: python3 runtimes/python/bench/escaped.py [--repeat N] [--baseline SRC] [--markdown]
--baseline SRC measures the package in SRC (another checkout's runtimes/python/src) in the same run.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from typing import Any, Callable, Dict, List

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

from bench import baseline_package  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402

SIZE = 1_000_000
SCRIPTS = [("Latin-1 é", "\\u00e9"), ("CJK 一", "\\u4e00"), ("Hangul 한", "\\ud55c"), ("Devanagari क", "\\u0915"),
           ("emoji 😀", "\\ud83d\\ude00"), ("Cyrillic capital Ж", "\\u0416"), ("combining acute", "\\u0301")]
PLACES = [("seed.schema.json", "ToDoTask", "title"), ("features.schema.json", "Order", "comment")]


def best(run: Callable[[bytes], Any], body: bytes, repeat: int) -> float:
    run(body)
    found = []
    for _ in range(repeat):
        start = time.thread_time_ns()
        run(body)
        found.append(time.thread_time_ns() - start)
    return min(found)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--baseline", metavar="SRC")
    parser.add_argument("--markdown", action="store_true")
    options = parser.parse_args()
    packages: Dict[str, Any] = {"rulecheck": Rules}
    if options.baseline:
        packages["baseline"] = baseline_package(options.baseline).Rules
    loaded = {(way, schema): rules.load(ROOT / "runtimes" / "fixtures" / schema)
              for way, rules in packages.items() for schema, _, _ in PLACES}
    header = ["script"] + [f"{name}.{field} ({way})" for _, name, field in PLACES for way in packages]
    print("| " + " | ".join(header) + " |" if options.markdown else "  ".join(header))
    if options.markdown:
        print("|---|" + "---:|" * (len(header) - 1))
    for script, escape in SCRIPTS:
        cells: List[str] = []
        for schema, name, field in PLACES:
            body = ('{"%s": "%s"}' % (field, escape * (SIZE // len(escape)))).encode()
            plain = json.dumps({"note": "a" * (len(body) - 12)}).encode()  # as tests/test_hostile.py's ascii_body
            for way in packages:
                rules = loaded[(way, schema)]

                def run(data: bytes) -> Any:
                    return rules.verdict(name, data, max_body_bytes=None).status

                cells.append(f"{best(run, body, options.repeat) / best(run, plain, options.repeat):.1f}")
        print("| " + " | ".join([script] + cells) + " |" if options.markdown else "  ".join([script] + cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
