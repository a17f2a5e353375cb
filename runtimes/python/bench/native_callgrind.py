#!/usr/bin/env python3
"""One bench body validated CALLS times one way, for `valgrind --tool=callgrind`: `swift` calls
`rulecheck_validate_only` of the library of Benchmarks/PythonCore through ctypes (the Swift
engine's validation and the thinnest call, no result), `pydantic` calls `model_validate_json`.
The instructions of a call are the program's total with CALLS = 300 less that with 100, divided
by 200, so that start-up, loading and first-use tables cancel out (docs/performance.md, "Python";
Benchmarks/PythonCore/callgrind.sh runs it all).

Usage: PYTHONPATH=runtimes/python/src valgrind --tool=callgrind PYTHON \\
         runtimes/python/bench/native_callgrind.py LIBRARY WAY BODY CALLS
WAY is swift, pydantic or call (`rulecheck_nothing`: the ctypes call alone); BODY signup-valid, signup-invalid, order-valid or order-invalid.
"""

from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

import bench  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402
from native_binding import NativeRules  # noqa: E402


def main() -> int:
    library, way, body, calls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    seed = NativeRules(library, [str(ROOT / "rules")], Rules.load(ROOT / "runtimes" / "fixtures" / "seed.schema.json"))
    order = NativeRules(library, [str(HERE / "rules")], Rules.load(HERE / "order.schema.json"))
    cases = {"signup-valid": (seed, "SignUp", bench.SignUpModel, bench.SIGN_UP_BODIES[0]),
             "signup-invalid": (seed, "SignUp", bench.SignUpModel, bench.SIGN_UP_BODIES[1]),
             "order-valid": (order, "Order", bench.OrderModel, bench.ORDER_BODIES["valid"]),
             "order-invalid": (order, "Order", bench.OrderModel, bench.ORDER_BODIES["invalid"])}
    native, type_name, model, data = cases[body]
    lib = native._lib
    only = lib.rulecheck_validate_only
    only.argtypes = lib.rulecheck_nothing.argtypes
    only.restype = lib.rulecheck_nothing.restype
    checker = native._checker(type_name)
    buffer, capacity = native._buffer, native._capacity
    if way == "swift":
        for _ in range(calls):
            only(checker, data, len(data), b"2026-11-22", buffer, capacity)
    elif way == "call":
        nothing = lib.rulecheck_nothing
        for _ in range(calls):
            nothing(checker, data, len(data), b"2026-11-22", buffer, capacity)
    else:
        validate = model.model_validate_json
        for _ in range(calls):
            try:
                validate(data)
            except bench.ValidationError:
                pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
