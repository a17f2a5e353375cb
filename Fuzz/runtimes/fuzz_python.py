#!/usr/bin/env python3
"""Coverage-guided fuzzing of the Python runtime (runtimes/python) with atheris, the Swift engine as
the oracle. Two targets:

- `PyJSONReader`: a body's bytes through `_json.read` (the fast path) and `_json.read_strictly`: each
  answers a value or a JSONReadError, never another exception, and both the same; a one-line body's
  verdict (read, or the error's message and column) is the engine's.
- `PyValidators`: the first byte chooses a type or model of the seed or feature rules, the rest is a
  body; a body the reader reads is validated (`validate_json`), which never raises, and its verdict,
  value, codes, paths and Japanese messages are the engine's (`rulecheck check`).

Engine verdicts come in batches (Fuzz/runtimes/oracle.py). A disagreement is written to
Fuzz/.artifacts/TARGET/disagreement-SHA1 (the input) and stops the run, as a crash does.

Usage: RULECHECK=… python3 Fuzz/runtimes/fuzz_python.py TARGET [libFuzzer flags] CORPUS [SEEDS…]
(Fuzz/run.sh runs it). Needs atheris (pip install atheris).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from typing import Any, Dict, List, Tuple

import atheris

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import oracle  # noqa: E402

sys.path.insert(0, os.path.join(oracle.ROOT, "runtimes", "python", "src"))
with atheris.instrument_imports(include=["rulecheck_runtime"]):
    from rulecheck_runtime import JSONReadError, Rules  # noqa: E402
    from rulecheck_runtime import _json  # noqa: E402
    from rulecheck_runtime._text import Number  # noqa: E402

TARGETS = ("PyJSONReader", "PyValidators")
# NB: comparable() recurses twice per level of a value nested to the depth limit (512).
sys.setrecursionlimit(5000)
BATCH = 400


def comparable(value: Any) -> Any:
    """A read value as plain data: a Number as its sign, digits and exponent."""
    if isinstance(value, Number):
        return ("number", value.negative, value.digits, value.exponent)
    if isinstance(value, dict):
        return {key: comparable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [comparable(item) for item in value]
    return value


def disagreed(target: str, found: List[Tuple[bytes, Dict[str, Any], Dict[str, Any]]]) -> None:
    if not found:
        return
    folder = os.path.join(oracle.ROOT, "Fuzz", ".artifacts", target)
    os.makedirs(folder, exist_ok=True)
    for data, answer, verdict in found:
        path = os.path.join(folder, "disagreement-" + hashlib.sha1(data).hexdigest())
        with open(path, "wb") as file:
            file.write(data)
        print(f"DISAGREEMENT {path}\n  input: {data[:300]!r}\n  python: {json.dumps(answer, default=str)[:600]}\n"
              f"  engine: {json.dumps(verdict, default=str)[:600]}", file=sys.stderr, flush=True)
    raise AssertionError(f"{len(found)} disagreement(s) with the engine; the first: {found[0][0][:200]!r}")


def reader(rulecheck: str) -> Any:
    batch = oracle.Batch(rulecheck, BATCH, reader=True)

    def test_one_input(data: bytes) -> None:
        try:
            fast: Any = comparable(_json.read(data))
        except JSONReadError as error:
            fast = ("error", str(error))
        try:
            strict: Any = comparable(_json.read_strictly(data))
        except JSONReadError as error:
            strict = ("error", str(error))
        if fast != strict:
            raise AssertionError(f"read and read_strictly differ: {str(fast)[:300]} / {str(strict)[:300]}")
        # NB: the engine reads a line of standard input; a blank one it skips.
        if b"\n" in data or b"\r" in data or not data.strip(b" \t"):
            return
        if isinstance(fast, tuple) and fast[0] == "error":
            line, column, message = str(fast[1]).split(":", 2)
            answer: Dict[str, Any] = {"error": message.strip(), "column": int(column)}
            assert line == "1"
        else:
            answer = {"read": True}
        disagreed("PyJSONReader", batch.add("seed", "TaskNote", data, answer, data) or [])

    return test_one_input, batch


def validators(rulecheck: str) -> Any:
    work = oracle.temporary_folder()
    schemas = oracle.export(rulecheck, work)
    rule_sets = {name: Rules.load(path) for name, path in schemas.items()}
    names = oracle.names(schemas)
    batch = oracle.Batch(rulecheck, BATCH)

    def test_one_input(data: bytes) -> None:
        if not data:
            return
        rule_set, name = names[data[0] % len(names)]
        body = data[1:]
        try:
            _json.read(body)
        except JSONReadError:
            return
        result = rule_sets[rule_set].validate_json(name, body, today=oracle.TODAY, language=oracle.LANGUAGE)
        if result.valid:
            answer: Dict[str, Any] = {"valid": True, "value": result.json_value()}
        else:
            answer = {"valid": False, "violations": [
                {"code": v.code, "path": v.path, "message": v.message(oracle.LANGUAGE)} for v in result.violations]}
        if not result.valid:
            # The problem details of an invalid body are JSON too.
            problem = rule_sets[rule_set].verdict(name, body, today=oracle.TODAY).problem
            assert problem is not None and json.loads(problem.json())["status"] == 422
        disagreed("PyValidators", batch.add(rule_set, name, oracle.one_line(body), answer, data) or [])

    return test_one_input, batch


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: RULECHECK=… {sys.argv[0]} {'|'.join(TARGETS)} [libFuzzer flags] CORPUS…")
    target = sys.argv.pop(1)
    rulecheck = os.environ.get("RULECHECK", "rulecheck")
    test_one_input, batch = reader(rulecheck) if target == "PyJSONReader" else validators(rulecheck)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
