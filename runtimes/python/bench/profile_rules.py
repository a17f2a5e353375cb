#!/usr/bin/env python3
"""Profiles this package on one seed rule's 1,000 inputs, many passes, with pyinstrument (PyPI).

Usage: python3 runtimes/python/bench/profile_rules.py RULE [PASSES]
"""

from __future__ import annotations

import pathlib
import sys

from pyinstrument import Profiler

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

import inputs  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402


def main() -> None:
    name = sys.argv[1]
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rules = Rules.load(ROOT / "runtimes" / "fixtures" / "seed.schema.json")
    values = inputs.all_inputs()[name]
    profiler = Profiler(interval=0.0001)
    profiler.start()
    for _ in range(passes):
        for value in values:
            rules.validate(name, value, today="2026-11-22")
    profiler.stop()
    print(profiler.output_text(unicode=False, color=False, show_all=False))


if __name__ == "__main__":
    main()
