"""Speed as a ratio against a baseline measured in the same run, never an absolute time."""

from __future__ import annotations

import json
import statistics
import time
from typing import Any, Callable, List


def ratio(run: Callable[[Any], Any], body: Any, baseline: Any, rounds: int = 5) -> float:
    """The median time of `run` on `body` over its median time on `baseline`, interleaved. NB: the
    thread's CPU time, as bench/bench.py measures: the other processes on shared cores do not count."""
    run(baseline)
    run(body)
    times: List[List[float]] = [[], []]
    for _ in range(rounds):
        for index, value in enumerate((baseline, body)):
            start = time.thread_time()
            run(value)
            times[index].append(time.thread_time() - start)
    return statistics.median(times[1]) / max(statistics.median(times[0]), 1e-9)


def reading_of(size: int) -> Callable[[], Any]:
    """The platform's reading of `size` ASCII characters (`json.loads` of a string of them): the
    baseline of a test that holds the runtime's work on a large input within a factor of reading it."""
    text = json.dumps("a" * size)
    return lambda: json.loads(text)
