#!/usr/bin/env python3
"""Where a seed rule's call goes (docs/performance.md, "issue 39 item 7, second pass"): the hand-written
form, the type's compiled step alone (`Rules._run(name)(value, False, context)`, what a model calls per
field), `rules.validate` (the API: keywords, look-ups, the result), and an empty method of the same
signature, on the rule's 1,000 inputs, interleaved, best of N passes, the thread's CPU time.

Usage: python3 runtimes/python/bench/percall.py [RULE ...] [--repeat N] [--source SRC]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Callable, Dict, List, Optional

import bench  # NB: bench.py puts --source (or this checkout's package) on the path first
import inputs
from rulecheck_runtime import Rules
from rulecheck_runtime._core import Context


class Empty:
    """A method with `validate`'s signature that does nothing: the toll of the call alone."""

    def validate(self, type: str, value: Any, *, today: Optional[str] = None, language: str = "en",
                 time_zone: Optional[str] = None) -> Any:
        return value


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("rules", nargs="*", default=["TaskTitle", "Username", "EmailAddress", "TaskDueDate"])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--source", metavar="SRC")
    options = parser.parse_args()
    rules = Rules.load(bench.ROOT / "runtimes" / "fixtures" / "seed.schema.json")
    context = Context(bench.TODAY, None)
    empty = Empty()
    print("| rule | hand-written, ns | step alone, ns | rules.validate, ns | empty method, ns "
          "| step ÷ hand-written | validate ÷ hand-written |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in options.rules:
        run = rules._run(name)
        ways: Dict[str, Callable[[Any], Any]] = {
            "hand": bench.HAND[name],
            "step": lambda value: run(value, False, context)[0],
            "validate": lambda value: rules.validate(name, value, today=bench.TODAY).valid,
            "empty": lambda value: empty.validate(name, value, today=bench.TODAY),
        }
        values = inputs.all_inputs()[name]
        found = bench.measure(ways, values, options.repeat)
        hand = found["hand"]
        print(f"| {name} | {hand:,.0f} | {found['step']:,.0f} | {found['validate']:,.0f} | {found['empty']:,.0f} "
              f"| {found['step'] / hand:.2f} | {found['validate'] / hand:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
