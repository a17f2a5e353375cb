"""Every request body of runtimes/fixtures/body_cases.json gets the Swift library's verdict from
verdicts.jsonl: the value, or the problem details byte for byte (and, parsed, member for member)."""

from __future__ import annotations

import base64
import json
from typing import Any, Dict, List

import pytest

from fixture_paths import FIXTURES
from rulecheck import Rules

CASES: List[Dict[str, Any]] = json.loads((FIXTURES / "body_cases.json").read_text(encoding="utf-8"))
VERDICTS: List[str] = (FIXTURES / "verdicts.jsonl").read_text(encoding="utf-8").splitlines()
RULES = {name: Rules.load(FIXTURES / f"{name}.schema.json") for name in ("seed", "features")}


def test_there_is_a_verdict_for_each_case() -> None:
    assert len(CASES) >= 30
    assert len(CASES) == len(VERDICTS)


def canonical(value: Any) -> str:
    """The value as the Swift fixtures write it: one line, fields sorted by name."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("index", range(len(CASES)), ids=lambda i: f"{i}-{CASES[i]['type']}")
def test_the_verdict_matches_swift(index: int) -> None:
    case, expected = CASES[index], VERDICTS[index]
    body = case["body"].encode("utf-8") if "body" in case else base64.b64decode(case["bodyBase64"])
    verdict = RULES[case["rules"]].verdict(
        case["type"], body, accept_language=case.get("acceptLanguage"), today=case["today"])
    if verdict.problem is None:
        line = '{"status":200,"value":' + canonical(verdict.json_value()) + "}"
    else:
        line = verdict.problem.json()
        assert json.loads(line) == json.loads(expected)
        # The dict form carries the same members; numbers compare by value.
        as_dict = json.loads(json.dumps(verdict.problem.to_dict(), default=str))
        assert {k: v for k, v in as_dict.items() if k != "violations"} == {
            k: v for k, v in json.loads(expected).items() if k != "violations"}
    assert json.loads(line) == json.loads(expected)
    assert line == expected
