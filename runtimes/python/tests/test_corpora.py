"""The external corpora of conformance/ (see its README.md), case for case, as the engine's
RuleCoreTests and the JavaScript tests read them: JSON-Schema-Test-Suite's pattern, ECMAScript
regex, uri, uuid, hostname, ipv4 and ipv6 data, Unicode's GraphemeBreakTest, and the email and date corpora."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from fixture_paths import CONFORMANCE
from rulecheck_runtime import Rules
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
# Where JSON Schema's hostname, ipv4 and ipv6 mean other than ours: our verdict, and why.
VERDICTS = {(line["file"], line["data"]): line for line in _lines("jsts-format-verdicts.jsonl")}
HOSTS_AND_IPS = [
    (file, type_name, case)
    for file, type_name in (
        ("jsts-format-hostname.json", "ServerName"),
        ("jsts-format-ipv4.json", "IPv4Address"),
        ("jsts-format-ipv6.json", "IPv6Address"),
    )
    for case in _suite(file)
]
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


def test_the_host_and_ip_suites_are_all_there_and_every_difference_is_a_case() -> None:
    counts = {file: sum(1 for found, _, _ in HOSTS_AND_IPS if found == file) for file, _, _ in HOSTS_AND_IPS}
    assert counts == {"jsts-format-hostname.json": 58, "jsts-format-ipv4.json": 35, "jsts-format-ipv6.json": 36}
    cases = {(file, case["data"]) for file, _, case in HOSTS_AND_IPS}
    assert set(VERDICTS) <= cases and len(VERDICTS) == 23
    for file in counts:
        verdicts = {case["valid"] for found, _, case in HOSTS_AND_IPS if found == file}
        assert verdicts == {True, False}


@pytest.mark.parametrize(
    "file,type_name,case", HOSTS_AND_IPS, ids=lambda item: item["description"] if isinstance(item, dict) else str(item)
)
def test_hostname_and_ip_are_json_schema_formats_but_where_recorded(
    seed: Rules, file: str, type_name: str, case: Dict[str, Any]
) -> None:
    override = VERDICTS.get((file, case["data"]))
    expected = case["valid"] if override is None else override["valid"]
    assert seed.validate(type_name, case["data"]).valid == expected, case["data"]


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
