#!/usr/bin/env python3
"""Design (B)'s minimal experiment: `CustomerName`'s step (trim, 1 to 60 characters) in a CPython
extension (onecheck.c) against the package's compiled step, `rules.validate`, hand-written Python
and pydantic v2's TypeAdapter, in one run (docs/performance.md, "Python").

Usage: runtimes/python/bench/cext/build.sh && \\
       PYTHONPATH=runtimes/python/src:.build/cext python3 runtimes/python/bench/cext/onecheck.py [--repeat N]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from typing import Any, Callable, Dict

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import bench  # noqa: E402
import rc_onecheck  # noqa: E402
from pydantic import TypeAdapter, ValidationError  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402
from rulecheck_runtime._api import _context  # noqa: E402
from typing_extensions import Annotated  # noqa: E402

VALUES = [" Hanako Sato ", "   ", "Taro Yamada", "x" * 61] * 250


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=9)
    options = parser.parse_args()
    rules = Rules.load(HERE.parent / "order.schema.json")
    step = rules._run("CustomerName")
    context = _context(rules._contexts, bench.TODAY, None)
    adapter = TypeAdapter(Annotated[str, bench.trimmed(1, 60)])
    for value in VALUES[:4]:
        found = step(value, True, context)
        expected = found[1] if found[0] else False
        assert rc_onecheck.customer_name(value) == expected, (value, found)

    def pydantic(value: str) -> Any:
        try:
            return adapter.validate_python(value)
        except ValidationError as error:
            return error

    ways: Dict[str, Callable[[str], Any]] = {
        "C extension": rc_onecheck.customer_name,
        "hand-written": lambda value: bench.hand_text(value, 1, 60),
        "package's step": lambda value: step(value, True, context),
        "rules.validate": lambda value: rules.validate("CustomerName", value, today=bench.TODAY),
        "pydantic v2": pydantic,
    }
    best = bench.measure(ways, VALUES, options.repeat)
    for name, found in best.items():
        print(f"{name:16} {found:7,.0f} ns   ÷ pydantic {found / best['pydantic v2']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
