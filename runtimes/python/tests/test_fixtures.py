"""Every request body of runtimes/fixtures/body_cases.json gets the Swift library's verdict from
verdicts.jsonl: the value, or the problem details byte for byte (and, parsed, member for member);
and every violation a server adds, of server_cases.json, its problem or refusal of server_verdicts.jsonl."""

from __future__ import annotations

import base64
import json
from typing import Any, Dict, List

import pytest

from fixture_paths import FIXTURES
from rulecheck_runtime import ProblemDetails, Rules, UndeclaredServerCode

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


SERVER_CASES: List[Dict[str, Any]] = json.loads((FIXTURES / "server_cases.json").read_text(encoding="utf-8"))
SERVER_VERDICTS: List[str] = (FIXTURES / "server_verdicts.jsonl").read_text(encoding="utf-8").splitlines()


def test_there_is_a_server_verdict_for_each_server_case() -> None:
    assert len(SERVER_CASES) >= 20
    assert len(SERVER_CASES) == len(SERVER_VERDICTS)


@pytest.mark.parametrize("index", range(len(SERVER_CASES)),
                         ids=lambda i: f"{i}-{SERVER_CASES[i]['name']}-{SERVER_CASES[i]['code']}")
def test_a_server_code_is_added_as_swift_adds_it(index: int) -> None:
    """A violation the server adds (`serverCodes:`): the problem details byte for byte, or the same
    sentence refusing a code or path the rules do not declare there."""
    case, expected = SERVER_CASES[index], SERVER_VERDICTS[index]
    rules = RULES[case["rules"]]
    try:
        violation = rules.server_violation(case["name"], case["code"], case["path"], value=case.get("value"))
    except UndeclaredServerCode as error:
        assert {"error": str(error)} == json.loads(expected)
        return
    problem = ProblemDetails.for_violations([violation], rules.language_for(case["name"], case.get("acceptLanguage")))
    assert problem.json() == expected
