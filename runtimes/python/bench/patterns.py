#!/usr/bin/env python3
"""The package's patterns (the automaton of _patterns.py) against the `regex` module, on the
patterns of the seed and feature rules and 1,000 seeded values each; docs/performance.md, "Python".

Usage: PYTHONPATH=runtimes/python/src python3 runtimes/python/bench/patterns.py [--before SRC] [--markdown]

Columns: **regex as written**, the `regex` module on the pattern as written (its own `\\p{L}`):
the anchor every ratio divides by; **rulecheck**, `compile_pattern(source).fullmatch`; with
`--before SRC` (the `src` folder of another checkout, e.g. main's), that checkout's `_patterns.py`
too, loaded as a package of its own, so before and after are measured in the same run. Each figure
is the best of N passes over the values, in nanoseconds of the thread's CPU time per match, the
ways interleaved pass by pass.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import regex

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

from inputs import Generator  # noqa: E402
from rulecheck_runtime._patterns import compile_pattern  # noqa: E402

COUNT = 1000


def password(draw: Generator) -> str:
    pieces = ["a", "Z", "q", "7", "0", "-", "!", "あ", "漢", "é"]
    return "".join(pieces[draw.below(len(pieces))] for _ in range(draw.integer(6, 16)))


def digits(draw: Generator, low: int, high: int) -> str:
    return "".join(str(draw.below(10)) for _ in range(draw.integer(low, high)))


def phone(draw: Generator) -> str:
    return ("+" if draw.below(2) else "") + digits(draw, 4, 17)


def postal(draw: Generator) -> str:
    return digits(draw, 3, 3) + ("-" if draw.below(8) else "") + digits(draw, 3, 5)


def product(draw: Generator) -> str:
    letters = "".join("ABCXYZ"[draw.below(6)] for _ in range(3))
    return letters + "-" + digits(draw, 4, 4 + draw.below(2))


def gift(draw: Generator) -> str:
    return "GH"[draw.below(2)] + digits(draw, 4, 12)


def plan(draw: Generator) -> str:
    return ["free", "pro", "team", "gold", "pr"][draw.below(5)]


# (what, pattern, values): the patterns of rules/ and of the feature rules, and a set of literals.
CASES: List[Tuple[str, str, Callable[[Generator], str]]] = [
    ("Password: a letter", ".*\\p{L}.*", password),
    ("Password: a digit", ".*[0-9].*", password),
    ("Phone", "\\+?[0-9]{6,15}", phone),
    ("PostalCode", "[0-9]{3}-[0-9]{4}", postal),
    ("ProductCode (features)", "[A-Z]{3}-[0-9]{4}", product),
    ("GiftCode (features)", "G.*", gift),
    ("a set of literals", "(free|pro|team)", plan),
]


def load_before(source: pathlib.Path) -> Any:
    """The package of another checkout, as the package `rulecheck_before`."""
    # NB: an older checkout names the package `rulecheck`.
    folder = next(source / name for name in ("rulecheck_runtime", "rulecheck") if (source / name).is_dir())
    spec = importlib.util.spec_from_file_location(
        "rulecheck_before", folder / "__init__.py", submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rulecheck_before"] = module
    spec.loader.exec_module(module)
    return importlib.import_module("rulecheck_before._patterns")


def measure(ways: Dict[str, Callable[[str], Any]], values: Sequence[str], repeat: int) -> Dict[str, float]:
    times: Dict[str, List[float]] = {name: [] for name in ways}
    for _ in range(repeat):
        for name, function in ways.items():
            start = time.thread_time_ns()
            for value in values:
                function(value)
            times[name].append((time.thread_time_ns() - start) / len(values))
    return {name: min(found) for name, found in times.items()}


def main(arguments: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--before", type=pathlib.Path)
    parser.add_argument("--markdown", action="store_true")
    options = parser.parse_args(arguments)
    before = load_before(options.before) if options.before else None
    columns = ["regex as written"] + (["before"] if before else []) + ["rulecheck"]
    rows = []
    for what, source, make in CASES:
        draw = Generator(0x5EED + len(rows))
        values = [make(draw) for _ in range(COUNT)]
        ours = compile_pattern(source).fullmatch
        anchor = regex.compile(source, regex.VERSION0).fullmatch
        ways: Dict[str, Callable[[str], Any]] = {"regex as written": anchor}
        if before:
            theirs = before.compile_pattern(source).fullmatch
            # NB: a bool, or (in a checkout from before issue 38) a match or None.
            ways["before"] = lambda value, theirs=theirs: bool(theirs(value))
            assert all(ways["before"](value) == ours(value) for value in values), source
        ways["rulecheck"] = ours
        assert all((anchor(value) is not None) == ours(value) for value in values), source
        matched = sum(map(ours, values))
        rows.append((what, source, matched, measure(ways, values, options.repeat)))
    if options.markdown:
        header = "| pattern | values matched | " + " | ".join(f"{column}, ns" for column in columns)
        header += " | rulecheck ÷ before |" if before else " |"
        print(header)
        print("|---|---:|" + "---:|" * len(columns) + ("---:|" if before else ""))
        for what, source, matched, found in rows:
            cells = " | ".join(f"{found[column]:,.0f}" for column in columns)
            tail = f" | {found['rulecheck'] / found['before']:.2f} |" if before else " |"
            shown = source.replace("|", "\\|")
            print(f"| {what} `{shown}` | {matched} | {cells}{tail}")
    else:
        for what, source, matched, found in rows:
            print(f"{what:28} {source:22} {matched:5} " + "  ".join(
                f"{column} {found[column]:6.0f} ns" for column in columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
