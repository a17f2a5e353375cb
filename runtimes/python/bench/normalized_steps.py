#!/usr/bin/env python3
"""The normalized types of the bench's bodies, each type's step alone (`Rules._run(name)`, what a model
calls per field), this checkout's package (or --source's) against a baseline package in the same
process, interleaved, best of 25 passes, the thread's CPU time (docs/performance.md, "Normalizers
called natively"). The baseline must be pure Python: a mypyc build loads under its own name only.

Usage: python3 runtimes/python/bench/normalized_steps.py BASELINE_SRC [--source SRC]
"""

from __future__ import annotations

import sys
from typing import Any, List, Tuple

import bench  # NB: puts this checkout's package (or --source's) on the path first
from rulecheck_runtime import Rules
from rulecheck_runtime._core import Context

# (rules, type, inputs): trim and uppercase, trim and lowercase, nfkc and collapseWhitespace; text
# each changes and text each leaves alone.
CASES: List[Tuple[str, str, List[str]]] = [
    ("order", "OrderNumber", [" ord-004217 ", "ORD-004217"]),
    ("order", "Sku", ["ABC-1234", "xyz-0001"]),
    ("seed", "DisplayName", ["  Taro   Yamada ", "Taro Yamada", "Hanako"]),
    ("seed", "Plan", [" PRO ", "gold"]),
]


def main() -> None:
    arguments = sys.argv[1:]
    if "--source" in arguments:
        at = arguments.index("--source")
        del arguments[at:at + 2]
    baseline: Any = bench.baseline_package(arguments[0])
    paths = {"order": bench.HERE / "order.schema.json", "seed": bench.ROOT / "runtimes" / "fixtures" / "seed.schema.json"}
    print("| type | inputs | this package, ns | baseline, ns | ÷ baseline |")
    print("|---|---|---:|---:|---:|")
    for which, name, inputs in CASES:
        ours = Rules.load(paths[which])._run(name)
        theirs = baseline.Rules.load(paths[which])._run(name)
        context = Context(bench.TODAY, None)
        their_context = baseline._core.Context(bench.TODAY, None)
        found = bench.measure({"ours": lambda value: ours(value, False, context),
                               "theirs": lambda value: theirs(value, False, their_context)}, inputs * 500, 25)
        print(f"| {name} | {', '.join(f'`{text!r}`' for text in inputs)} | {found['ours']:,.0f} | "
              f"{found['theirs']:,.0f} | {found['ours'] / found['theirs']:.3f} |")


if __name__ == "__main__":
    main()
