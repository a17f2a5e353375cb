"""The prototype of the Swift engine behind a C ABI (Benchmarks/PythonCore, `native_binding.py`): every
request body of runtimes/fixtures/body_cases.json gets, through the library and this package's
result objects, the Swift library's verdict of verdicts.jsonl byte for byte, as the pure package does.

The library is not part of the package yet, so this test sits beside the benchmarks, outside the
package's suite (its name keeps pytest from collecting it there), and is run by hand: RULECHECK_NATIVE_LIBRARY names the library (built by
`swift build -c release` in Benchmarks/PythonCore), and the test fails without it:
    RULECHECK_NATIVE_LIBRARY=LIB python3 -m pytest -p no:cacheprovider runtimes/python/bench/native_check.py"""

from __future__ import annotations

import base64
import json
import os
from typing import Any, Dict, List

import pytest

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "src"), str(HERE.parent / "tests")]

from fixture_paths import FIXTURES, ROOT  # noqa: E402
from rulecheck_runtime import Rules  # noqa: E402

LIBRARY = os.environ.get("RULECHECK_NATIVE_LIBRARY")

CASES: List[Dict[str, Any]] = json.loads((FIXTURES / "body_cases.json").read_text(encoding="utf-8"))
VERDICTS: List[str] = (FIXTURES / "verdicts.jsonl").read_text(encoding="utf-8").splitlines()
RULE_FILES = {"seed": ROOT / "rules", "features": ROOT / "Tests" / "GeneratedCodeTests" / "Features" / "rules"}


@pytest.fixture(scope="module")
def native() -> Dict[str, Any]:
    from native_binding import NativeRules  # noqa: E402

    assert LIBRARY, "RULECHECK_NATIVE_LIBRARY names no library (Benchmarks/PythonCore)"
    return {name: NativeRules(LIBRARY, [str(folder)], Rules.load(FIXTURES / f"{name}.schema.json"))
            for name, folder in RULE_FILES.items()}


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("index", range(len(CASES)), ids=lambda i: f"{i}-{CASES[i]['type']}")
def test_the_verdict_through_the_library_matches_swift(native: Dict[str, Any], index: int) -> None:
    case, expected = CASES[index], VERDICTS[index]
    body = case["body"].encode("utf-8") if "body" in case else base64.b64decode(case["bodyBase64"])
    verdict = native[case["rules"]].verdict(
        case["type"], body, accept_language=case.get("acceptLanguage"), today=case["today"])
    if verdict.problem is None:
        line = '{"status":200,"value":' + canonical(verdict.json_value()) + "}"
    else:
        line = verdict.problem.json()
    assert line == expected


def test_the_value_is_the_pure_packages(native: Dict[str, Any]) -> None:
    """Decimals and dates come back as the package's own values, not as text."""
    rules = Rules.load(FIXTURES / "seed.schema.json")
    body = b'{"title": " Buy milk ", "note": "", "dueDate": "2026-12-01"}'
    through = native["seed"].verdict("ToDoTask", body, today="2026-11-22")
    pure = rules.verdict("ToDoTask", body, today="2026-11-22")
    assert through.value == pure.value
    assert type(through.value["dueDate"]) is type(pure.value["dueDate"])
