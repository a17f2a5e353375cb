#!/usr/bin/env python3
"""cProfile (the standard library's) on `rules.verdict` of one of bench.py's bodies, sorted by own
time (docs/performance.md, "The second pass at item 7").

Usage: python3 runtimes/python/bench/profile_bodies.py [order-valid|order-invalid|signup-valid|signup-invalid] [CALLS]
"""

from __future__ import annotations

import cProfile
import pstats
import sys

import bench  # NB: puts this checkout's package (or --source's) on the path first


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "order-valid"
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    rules, name, body = bench.body_case(which)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(calls):
        rules.verdict(name, body, today=bench.TODAY)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
