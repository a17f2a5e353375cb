#!/usr/bin/env python3
"""`rules.verdict` of one of bench.py's bodies, N times after 50 warm-up calls: the program that
callgrind_bodies.sh counts (docs/performance.md, "Native classes for mypyc").

Usage: python3 runtimes/python/bench/verdicts.py [--source SRC] N [order-valid|order-invalid|signup-valid|signup-invalid]
"""

from __future__ import annotations

import sys

import bench  # NB: puts this checkout's package (or --source's) on the path first


def main() -> None:
    calls, which = int(sys.argv[-2]), sys.argv[-1]
    rules, name, body = bench.body_case(which)
    for _ in range(50 + calls):
        rules.verdict(name, body, today=bench.TODAY)


if __name__ == "__main__":
    main()
