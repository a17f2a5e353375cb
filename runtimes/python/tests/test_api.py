"""The Python API: Rules.load, validate on Python values, results and violations, messages,
languages, today, sensitive values, server-only violations, and rules it refuses."""

from __future__ import annotations

import copy
import datetime
import json
import re
from decimal import Decimal
from typing import Any, Dict

import pytest

from fixture_paths import FIXTURES
from rulecheck_runtime import (
    JSONReadError,
    ProblemDetails,
    Rules,
    RulesError,
    UnknownTypeError,
    negotiate_language,
)

SEED: Dict[str, Any] = json.loads((FIXTURES / "seed.schema.json").read_text(encoding="utf-8"))


def test_validate_gives_the_normalized_value(seed: Rules) -> None:
    result = seed.validate("TaskTitle", "  Buy milk ")
    assert result.valid and bool(result)
    assert result.value == "Buy milk"
    assert result.violations == []


@pytest.mark.parametrize("name, value, expected", [
    ("BirthYear", "1990", 1990),
    ("BirthYear", 1990, 1990),
    ("BirthYear", Decimal("1990.00"), 1990),
    ("BirthYear", 1990.0, 1990),
    ("BirthYear", "", None),
    ("TaskDueDate", "2026-12-01", datetime.date(2026, 12, 1)),
    ("Plan", " PRO ", "pro"),
    ("TermsAccepted", "true", True),
    ("TermsAccepted", True, True),
])
def test_python_values_are_read_by_kind(seed: Rules, name: str, value: Any, expected: Any) -> None:
    result = seed.validate(name, value, today="2026-11-22")
    assert result.valid, result.violations
    assert result.value == expected
    assert type(result.value) is type(expected)


@pytest.mark.parametrize("name, value, code", [
    ("BirthYear", "19x0", "invalidFormat"),
    ("BirthYear", 1990.5, "invalidFormat"),
    ("BirthYear", float("nan"), "invalidFormat"),
    ("BirthYear", 2**70, "invalidFormat"),
    ("BirthYear", True, "invalidFormat"),
    ("BirthYear", 1800, "tooSmall"),
    ("TaskTitle", {"a": 1}, "invalidFormat"),
    ("TaskTitle", ["a"], "invalidFormat"),
    ("TaskTitle", None, "required"),
    ("SignUp", "text", "invalidFormat"),
])
def test_wrong_values_are_violations(seed: Rules, name: str, value: Any, code: str) -> None:
    result = seed.validate(name, value)
    assert not result.valid
    assert [v.code for v in result.violations] == [code]


def test_a_violation_has_code_builtin_path_pointer_typed_bound_value_and_message(seed: Rules) -> None:
    result = seed.validate("ToDoTask", {"title": "x" * 21, "note": "", "dueDate": "2026-11-21"}, today="2026-11-22")
    too_long, too_early = result.violations
    assert (too_long.code, too_long.builtin_code, too_long.path, too_long.pointer) == (
        "titleTooLong", "tooLong", ["title"], "/title")
    assert (too_long.bound, too_long.bound_kind, too_long.value) == (20, "count", "x" * 21)
    assert (too_early.bound, too_early.bound_kind) == (datetime.date(2026, 11, 22), "date")
    assert too_early.message() == "Must be 2026-11-22 or later."
    assert too_early.message("ja") == "2026-11-22以降の日付を入力してください。"
    assert too_early.message("JA-jp") == "2026-11-22以降の日付を入力してください。"
    assert too_early.message("fr") == "Must be 2026-11-22 or later."
    small = seed.validate("BirthYear", "1800").violations[0]
    assert (small.bound, small.bound_kind) == (Decimal(1900), "number")
    assert result.messages() == {"title": ["The title is too long."], "dueDate": ["Must be 2026-11-22 or later."]}


def test_sensitive_values_are_never_echoed(seed: Rules) -> None:
    result = seed.validate("SignUp", {"email": "a@example.com", "password": "hunterxx", "passwordConfirmation":
                                      "hunteryy", "plan": "free"})
    texts = [v.json() for v in result.violations] + [repr(result)]
    assert [v.code for v in result.violations] == ["passwordNeedsDigit", "passwordNeedsDigit"]
    assert all(v.value is None for v in result.violations)
    assert not any("hunter" in text for text in texts)
    mismatch = seed.validate("SignUp", {"email": "a@example.com", "password": "hunter22", "passwordConfirmation":
                                        "hunter23", "plan": "free"}).violations
    assert [(v.code, v.value) for v in mismatch] == [("passwordMismatch", None)]


def test_values_are_cut_after_64_scalars(seed: Rules) -> None:
    violation = seed.validate("TaskTitle", "é" * 100).violations[0]
    assert violation.value == "é" * 64 + "…"


def test_today_is_given_or_taken_in_a_time_zone(seed: Rules) -> None:
    assert seed.validate("TaskDueDate", "2026-11-22", today="2026-11-22").valid
    assert seed.validate("TaskDueDate", "2026-11-22", today=datetime.date(2026, 11, 22)).valid
    assert not seed.validate("TaskDueDate", "2026-11-21", today="2026-11-22").valid
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
        here = datetime.datetime.now(__import__("zoneinfo").ZoneInfo(zone)).date()
        assert seed.validate("TaskDueDate", here.isoformat(), time_zone=zone).valid
        assert not seed.validate("TaskDueDate", (here - datetime.timedelta(days=1)).isoformat(), time_zone=zone).valid


@pytest.mark.parametrize("header, available, expected", [
    ("ja, en;q=0.5", ["en", "ja"], "ja"),
    ("ja-JP", ["en", "ja"], "ja"),
    ("en", ["en-GB", "ja"], "en-GB"),
    ("fr", ["en", "ja"], "en"),
    ("fr, *", ["en", "ja"], "en"),
    ("en;q=0, *", ["en", "ja"], "ja"),
    ("ja;q=0", ["en", "ja"], "en"),
    ("ja;q=2, en", ["en", "ja"], "en"),
    ("x_y, ja", ["en", "ja"], "ja"),
    ("", ["en", "ja"], "en"),
    (None, ["en", "ja"], "en"),
    ("pt;q=0.4, ja;q=0.41", ["en", "ja", "pt"], "ja"),
])
def test_accept_language_is_negotiated_as_the_swift_library_does(header: Any, available: Any, expected: str) -> None:
    assert negotiate_language(header, available) == expected


def test_the_languages_are_those_of_the_model_and_its_fields(seed: Rules) -> None:
    assert seed.languages("SignUp") == ("en", "ja")
    assert seed.language_for("SignUp", "ja-JP") == "ja"


def test_validate_json_reads_kinds_strictly(seed: Rules) -> None:
    assert not seed.validate_json("SignUp", b'{"birthYear": "1990"}').valid
    result = seed.validate_json("BirthYear", b"1990.0")
    assert result.value == 1990
    with pytest.raises(JSONReadError) as caught:
        seed.validate_json("BirthYear", b"[1,]")
    assert (caught.value.line, caught.value.column) == (1, 4)


def test_verdict_statuses(seed: Rules) -> None:
    assert seed.verdict("TaskTitle", b'"a"').status == 200
    assert seed.verdict("TaskTitle", b'"').status == 400
    assert seed.verdict("TaskTitle", b'""').status == 422
    too_large = seed.verdict("TaskTitle", b'"' + b"a" * 2000 + b'"', max_body_bytes=1000)
    assert too_large.status == 413
    assert too_large.problem is not None and too_large.problem.detail == "The body is over 1000 bytes."


@pytest.mark.parametrize("name, body, status", [
    ("ToDoTask", b'{"title": " Buy milk ", "note": "2 L", "dueDate": "2026-12-01"}', 200),
    ("UnitPrice", b"12.50", 200),
    ("ToDoTask", b'{"title": ""}', 422),
    ("SignUp", b'{"email": "a@example.com", "password": "short", "passwordConfirmation": "short1", "plan": "x"}', 422),
    ("ToDoTask", b"{", 400),
])
def test_a_verdict_crosses_to_another_process(seed: Rules, name: str, body: bytes, status: int) -> None:
    """A FastAPI app validates a large body in a worker process, which sends its verdict back
    pickled: its status, value and problem arrive as they left, sensitive values still hidden (in
    the mypyc build too, whose classes are pickled by their arguments)."""
    import pickle

    verdict = seed.verdict(name, body, today="2026-11-29")
    back = pickle.loads(pickle.dumps(verdict))
    assert (back.status, back.valid, back.language, back.value, back.json_value()) == (
        status, status == 200, "en", verdict.value, verdict.json_value())
    assert (back.problem is None) == (status == 200)
    if back.problem is not None and verdict.problem is not None:
        assert back.problem.json() == verdict.problem.json()
        assert [v.to_dict() for v in back.problem.violations] == [v.to_dict() for v in verdict.problem.violations]


@pytest.mark.parametrize("body, accept, detail", [
    (b'{"email": "a@example.com", "password": "secret12", "passwordConfirmation": "secret12", "plan": "gold"}',
     None, "The request has 1 invalid value."),
    (b'{"email": "not an email", "password": "short", "passwordConfirmation": "different1", "plan": "gold"}',
     None, "The request has 4 invalid values."),
    (b'{"email": "not an email", "password": "short", "passwordConfirmation": "different1", "plan": "gold"}',
     "ja", "入力内容に4件の誤りがあります。"),
])
def test_a_422_holds_its_count_in_its_language(seed: Rules, body: bytes, accept: Any, detail: str) -> None:
    """Its detail as an attribute, in json() and to_dict(), whichever is read first; a detail the
    server sets is the one written; the count is the one at the verdict."""
    for first in ("detail", "json", "dict"):
        problem = seed.verdict("SignUp", body, accept_language=accept).problem
        assert problem is not None and (problem.status, problem.title, problem.type) == (
            422, "Unprocessable Content", "about:blank")
        assert (problem.line, problem.column, problem.language) == (None, None, accept or "en")
        read = {"detail": lambda: problem.detail, "json": lambda: json.loads(problem.json())["detail"],
                "dict": lambda: problem.to_dict()["detail"]}[first]()
        assert read == problem.detail == json.loads(problem.json())["detail"] == problem.to_dict()["detail"] == detail
        assert len(problem.violations) == int("".join(re.findall("[0-9]", detail)))
    problem = seed.verdict("SignUp", body, accept_language=accept).problem
    assert problem is not None
    problem.violations.append(seed.violation("emailTaken", ["email"]))
    assert problem.detail == detail
    problem.detail = "Taken."
    assert json.loads(problem.json())["detail"] == problem.to_dict()["detail"] == "Taken."
    assert repr(problem) == "<ProblemDetails 422 'Taken.'>"

    class Traced(ProblemDetails):
        def __init__(self, *arguments: Any, **keywords: Any) -> None:
            super().__init__(*arguments, **keywords)
            self.traced = True

    again = seed.verdict("SignUp", body).problem
    assert again is not None
    made = Traced.for_violations(again.violations, accept or "en")
    assert isinstance(made, Traced) and made.traced and made.detail == detail


def test_a_value_is_given_with_decimals_and_dates_at_any_depth() -> None:
    """`value` and `json_value()` of an internal value: numbers and dates inside records and lists,
    text, integers, booleans and absent values as they are, and a subclass of dict or list as well."""
    from collections import OrderedDict

    from rulecheck_runtime._core import json_value, public_value
    from rulecheck_runtime._marked import Date
    from rulecheck_runtime._text import Number

    internal = {"a": "x", "b": 3, "c": True, "d": None, "e": Number(False, "12", "50", 0, False),
                "f": Date("2026-11-22"), "g": [Number(True, "1", "", 2, False), Date("2000-01-01"), "y", [False]],
                "h": {"i": Number(False, "0", "", 0, False), "j": ["z"]}, "k": OrderedDict(m=Date("1999-12-31")),
                "n": 1.5}
    assert public_value(internal) == {
        "a": "x", "b": 3, "c": True, "d": None, "e": Decimal("12.5"), "f": datetime.date(2026, 11, 22),
        "g": [Decimal("-100"), datetime.date(2000, 1, 1), "y", [False]], "h": {"i": Decimal(0), "j": ["z"]},
        "k": {"m": datetime.date(1999, 12, 31)}, "n": 1.5}
    assert json_value(internal) == {
        "a": "x", "b": 3, "c": True, "d": None, "e": "12.5", "f": "2026-11-22",
        "g": ["-100", "2000-01-01", "y", [False]],
        "h": {"i": "0", "j": ["z"]}, "k": {"m": "1999-12-31"}, "n": 1.5}
    for convert in (public_value, json_value):
        assert convert(Date("2026-11-22")).__class__ in (datetime.date, str)
        assert convert("2026-11-22").__class__ is str and convert(7) == 7


def test_server_only_violations_take_the_rules_messages_or_their_own(seed: Rules) -> None:
    taken = seed.violation("emailTaken", ["email"], value="a@example.com",
                           messages={"en": "Taken.", "ja": "使われています。"})
    problem = ProblemDetails.for_violations([taken], "ja")
    assert json.loads(problem.json())["violations"] == [{
        "code": "emailTaken", "builtinCode": "emailTaken", "path": ["email"], "pointer": "/email",
        "value": "a@example.com", "message": "使われています。"}]
    # A code the rules know brings their messages.
    assert seed.violation("emptyEmail", ["email"]).message("ja") == "メールアドレスが入力されていません"
    assert seed.violation("unknownCode").message() == "unknownCode"


def test_pointers_escape_tilde_and_slash(seed: Rules) -> None:
    violation = seed.violation("x", ["a/b", "c~d", "0"])
    assert violation.pointer == "/a~1b/c~0d/0"


def test_an_unknown_type_is_a_clear_error(seed: Rules) -> None:
    with pytest.raises(UnknownTypeError, match="no type or model named 'signup'; did you mean 'SignUp'"):
        seed.validate("signup", {})
    with pytest.raises(UnknownTypeError):
        seed.verdict("Nope", b"{}")


def edited(change: Any) -> Dict[str, Any]:
    document = copy.deepcopy(SEED)
    change(document)
    return document


@pytest.mark.parametrize("document, message", [
    (edited(lambda d: d.update({"x-rulecheck-version": 2})), "exported by a newer rulecheck (x-rulecheck-version 2)"),
    # NB: the hint names this distribution; `pip install -U rulecheck` installs another project.
    (edited(lambda d: d.update({"x-rulecheck-version": 2})), "update it (pip install -U rulecheck-runtime)"),
    (edited(lambda d: d.pop("x-rulecheck-version")), "not a schema exported by rulecheck"),
    (edited(lambda d: d["$defs"]["TaskTitle"]["x-rulecheck-checks"].append({"check": "luhn", "codes": {}})),
     "TaskTitle: the check 'luhn' is not implemented by this version of the rulecheck-runtime package; "
     "update it (pip install -U rulecheck-runtime)"),
    (edited(lambda d: d["$defs"]["TaskTitle"].pop("x-rulecheck-required")), "TaskTitle: a malformed definition"),
    (edited(lambda d: d["$defs"]["SignUp"]["x-rulecheck-fields"].append({"name": "x", "type": "Nope"})),
     "SignUp: the field 'x' has the unknown type 'Nope'"),
    (edited(lambda d: d["$defs"]["TaskTitle"].update({"x-rulecheck-normalize": ["rot13"]})),
     "TaskTitle: unknown normalizer 'rot13'"),
    ([], "not a JSON object"),
])
def test_rules_it_cannot_use_are_refused_clearly(document: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules(document)


def test_a_file_that_is_not_json_names_its_line_and_column(tmp_path: Any) -> None:
    path = tmp_path / "rules.schema.json"
    path.write_text('{\n  "x-rulecheck-version": 1,\n}')
    with pytest.raises(RulesError, match=r"rules.schema.json:3:1: expected a key after ','"):
        Rules.load(path)


def test_openapi_exports_load_too() -> None:
    openapi = {"openapi": "3.1.0", "x-rulecheck-version": 1, "components": {"schemas": SEED["$defs"]}}
    assert Rules(openapi).validate("TaskTitle", " a ").value == "a"
