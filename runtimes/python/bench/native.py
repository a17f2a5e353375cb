#!/usr/bin/env python3
"""Where the time of a body validated by the Swift engine through ctypes goes (the prototype of
Benchmarks/PythonCore; docs/performance.md, "Python"), each stage against pydantic v2 in the same
run: the bare ctypes call, the call with the validation alone, with the answer line written, that
line read by `json.loads`, the whole verdict with this package's result objects, `json.loads` of the
answer line alone, and the verdict with RuleCore's problem details bytes (`problem`: what an invalid
body costs when Swift writes the problem details and Python reads nothing).

Usage: PYTHONPATH=runtimes/python/src python3 runtimes/python/bench/native.py LIBRARY [--repeat N]

Each figure is the best of N passes of 2,000 calls, the ways interleaved pass by pass, in
nanoseconds of the thread's CPU time.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import pathlib
import sys
import time
from typing import Any, Callable, Dict, List

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

import bench  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402
from rulecheck_runtime._api import Verdict  # noqa: E402
from native_binding import NativeRules  # noqa: E402

TODAY = b"2026-11-22"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("library")
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args()
    seed = NativeRules(options.library, [str(ROOT / "rules")], Rules.load(ROOT / "runtimes" / "fixtures" / "seed.schema.json"))
    order = NativeRules(options.library, [str(HERE / "rules")], Rules.load(HERE / "order.schema.json"))
    cases = [("SignUp valid", seed, "SignUp", bench.SignUpModel, bench.SIGN_UP_BODIES[0]),
             ("SignUp invalid", seed, "SignUp", bench.SignUpModel, bench.SIGN_UP_BODIES[1]),
             ("Order valid", order, "Order", bench.OrderModel, bench.ORDER_BODIES["valid"]),
             ("Order invalid", order, "Order", bench.OrderModel, bench.ORDER_BODIES["invalid"])]
    print(f"{'body':16} {'pydantic':>9} {'call':>9} {'validate':>9} {'+answer':>9} {'+loads':>9} {'verdict':>9}"
          f" {'loads':>9} {'problem':>9} {'object':>9}   verdict ÷ pydantic; validate ÷ pydantic; object ÷ pydantic")
    objects = ctypes.PyDLL(options.library).rulecheck_verdict_object
    objects.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ssize_t, ctypes.c_char_p]
    objects.restype = ctypes.py_object
    for label, native, name, model, body in cases:
        lib = native._lib
        checker = native._checker(name)
        buffer, capacity = native._buffer, native._capacity
        lib.rulecheck_validate_only.argtypes = lib.rulecheck_nothing.argtypes
        lib.rulecheck_validate_only.restype = lib.rulecheck_nothing.restype
        lib.rulecheck_problem_json.argtypes = lib.rulecheck_nothing.argtypes
        lib.rulecheck_problem_json.restype = lib.rulecheck_nothing.restype
        nothing, only, answer = lib.rulecheck_nothing, lib.rulecheck_validate_only, lib.rulecheck_validate_json
        problem = lib.rulecheck_problem_json
        size = len(body)
        answer(checker, body, size, TODAY, buffer, capacity)
        line = buffer.value

        def pydantic(body: bytes = body, model: Any = model) -> Any:
            try:
                return model.model_validate_json(body)
            except bench.ValidationError as error:
                return error

        def object_verdict(checker: Any = checker, body: bytes = body, size: int = size) -> Verdict:
            kind, found = objects(checker, body, size, TODAY)
            return Verdict(found, None, "en") if kind == 1 else Verdict(None, found, "en")

        print(f"{'':16} object's answer: {repr(objects(checker, body, size, TODAY))[:100]}")
        ways: Dict[str, Callable[[], Any]] = {
            "pydantic": pydantic,
            "call": lambda: nothing(checker, body, size, TODAY, buffer, capacity),
            "validate": lambda: only(checker, body, size, TODAY, buffer, capacity),
            "+answer": lambda: answer(checker, body, size, TODAY, buffer, capacity),
            "+loads": lambda: (answer(checker, body, size, TODAY, buffer, capacity), json.loads(buffer.value)),
            "verdict": lambda: native.verdict(name, body, today="2026-11-22").status,
            "loads": lambda: json.loads(line),
            "problem": lambda: (problem(checker, body, size, TODAY, buffer, capacity), buffer.value),
            "object": lambda: object_verdict(),
        }
        best: Dict[str, float] = {key: float("inf") for key in ways}
        for _ in range(options.repeat):
            for key, way in ways.items():
                start = time.thread_time_ns()
                for _ in range(2000):
                    way()
                best[key] = min(best[key], (time.thread_time_ns() - start) / 2000)
        print(f"{label:16} " + " ".join(f"{best[key]:9,.0f}" for key in ways)
              + f"   {best['verdict'] / best['pydantic']:.2f}; {best['validate'] / best['pydantic']:.2f}"
              + f"; object {best['object'] / best['pydantic']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
