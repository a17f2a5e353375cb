"""The external corpora of conformance/ (see its README.md), case for case, as the engine's
RuleCoreTests and the JavaScript tests read them: JSON-Schema-Test-Suite's pattern, ECMAScript
regex, uri and uuid data, Unicode's GraphemeBreakTest, and the email and date corpora."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from fixture_paths import CONFORMANCE
from rulecheck_runtime import _text as text
from rulecheck_runtime._patterns import PatternError, compile_pattern


def _lines(file: str) -> List[Dict[str, Any]]:
    lines = (CONFORMANCE / file).read_text(encoding="utf-8").split("\n")
    return [dict(json.loads(line), where=f"{file}:{index + 1}") for index, line in enumerate(lines) if line.strip()]


def _suite(file: str) -> List[Dict[str, Any]]:
    groups = json.loads((CONFORMANCE / file).read_text(encoding="utf-8"))
    return [case for group in groups for case in group["tests"] if isinstance(case["data"], str)]


PATTERNS = _lines("jsts-pattern.jsonl") + _lines("jsts-ecmascript-regex.jsonl")
# Outside the portable subset: the engine refuses them (PatternConformanceTests), and so does this runtime.
REFUSED = {"^\\cC$", "^\\cc$"}
# Where docs/format.md differs from ECMAScript on purpose: \s is White_Space, without U+FEFF.
DIFFERENCES = {("^\\s$", "\ufeff"): False, ("^\\S$", "\ufeff"): True}
URIS = _suite("jsts-format-uri.json")
UUIDS = _suite("jsts-format-uuid.json")
EMAILS = _lines("email.jsonl")
DATES = _lines("dates.jsonl")


def test_every_corpus_is_all_there() -> None:
    assert (len(PATTERNS), len(URIS), len(UUIDS), len(EMAILS), len(DATES)) == (65, 40, 22, 44, 35)
    for pattern in REFUSED:
        assert any(case["rule"]["pattern"] == pattern for case in PATTERNS)
    for pattern, value in DIFFERENCES:
        assert any((case["rule"]["pattern"], case["input"]) == (pattern, value) for case in PATTERNS)


@pytest.mark.parametrize("case", PATTERNS, ids=lambda case: case["where"])
def test_pattern(case: Dict[str, Any]) -> None:
    source = case["rule"]["pattern"]
    if source in REFUSED:
        with pytest.raises(PatternError):
            compile_pattern(source)
        return
    if "UNANCHORED" in case["suite"]:
        source = f"[\\s\\S]*(?:{source})[\\s\\S]*"
    expected = DIFFERENCES.get((case["rule"]["pattern"], case["input"]), case["valid"])
    assert compile_pattern(source).fullmatch(case["input"]) == expected


@pytest.mark.parametrize("case", URIS, ids=lambda case: case["description"])
def test_url_with_any_scheme_is_format_uri(case: Dict[str, Any]) -> None:
    assert text.is_url(case["data"], "any") == case["valid"]


@pytest.mark.parametrize("case", UUIDS, ids=lambda case: case["description"])
def test_uuid_is_format_uuid(case: Dict[str, Any]) -> None:
    assert (text.UUID.fullmatch(case["data"]) is not None) == case["valid"]


@pytest.mark.parametrize("case", EMAILS, ids=lambda case: case["where"])
def test_email_is_whatwg(case: Dict[str, Any]) -> None:
    assert (text.EMAIL.fullmatch(case["input"]) is not None) == case["valid"], case["why"]


@pytest.mark.parametrize("case", DATES, ids=lambda case: case["where"])
def test_a_bound_relative_to_today_resolves_as_the_engine_resolves_it(case: Dict[str, Any]) -> None:
    assert text.resolve_date_bound(case["bound"], case["today"]) == case["date"]
