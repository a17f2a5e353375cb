"""What the engine knows reaches this package as generated data (`_rulecheck_data.py`, written by
`rulecheck export runtime-data`; RuleExportTests fails while it is stale): no module of the
package holds such a table by hand. A sentence, a list of checks, a code's bound or the date
grammar typed into a module fails here."""

from __future__ import annotations

import re
from typing import List, Tuple

from fixture_paths import SOURCE
from rulecheck_runtime import _rulecheck_data as data
from rulecheck_runtime import _text
from rulecheck_runtime._core import CHECKS, FORMAT_VERSION, PLACEHOLDERS

# Generated files, which may hold what they generate.
GENERATED = {"_rulecheck_data.py"}
SOURCES: List[Tuple[str, str]] = [
    (path.name, path.read_text(encoding="utf-8"))
    for path in sorted((SOURCE / "rulecheck_runtime").glob("*.py")) if path.name not in GENERATED
]
SENTENCES = [text for problem in data.PROBLEMS.values() for text in [problem["title"], *problem["detail"].values()]]


def test_the_modules_are_all_read() -> None:
    assert len(SOURCES) >= 8
    assert len(SENTENCES) >= 20


def test_no_module_types_a_problem_text() -> None:
    for name, source in SOURCES:
        for sentence in SENTENCES:
            # A detail is matched by its longest run without placeholders, so a split copy is found too.
            words = max(re.split(r"\{[a-z]+\}", sentence), key=len)
            assert words not in source, f"{name} holds {words!r}"


def test_no_module_types_a_sentence_of_the_json_reader() -> None:
    runs = [max(re.split(r"\{[a-zA-Z]+\}", template), key=len) for template in data.JSON_SENTENCES.values()]
    runs = [run for run in runs if len(run) >= 14]
    assert len(runs) >= 25
    for name, source in SOURCES:
        for run in runs:
            assert run not in source, f"{name} holds {run!r}"


def test_no_module_lists_the_checks_a_bound_or_the_date_units_by_hand() -> None:
    units = "|".join(data.DATE_UNITS)
    for name, source in SOURCES:
        for line in source.splitlines():
            named = [check for check in data.CHECKS if f'"{check}"' in line]
            assert len(named) < 4, f"{name}: a list of checks: {line.strip()}"
            assert units not in line, f"{name}: the date units: {line.strip()}"
            assert not re.search(r'"(too[A-Z]\w+)"\s*:\s*"(min|max)"', line), f"{name}: a placeholder: {line.strip()}"


def test_the_package_tables_are_the_data() -> None:
    assert CHECKS == frozenset(data.CHECKS)
    assert FORMAT_VERSION == data.FORMAT_VERSION
    assert sorted(_text.NORMALIZERS) == sorted(data.NORMALIZERS)
    assert PLACEHOLDERS == {code: bound["placeholder"] for code, bound in data.BOUNDS.items()}
    assert set(PLACEHOLDERS) >= {"tooShort", "tooLong", "tooSmall", "tooLarge", "tooEarly", "tooLate"}


def test_core_gives_every_check_of_the_data_its_meaning() -> None:
    core = dict(SOURCES)["_core.py"]
    for check in data.CHECKS:
        if check == "required":
            assert "x-rulecheck-required" in core
        else:
            assert f'"{check}"' in core, f"_core.py never names {check}"


def test_the_problem_texts_are_the_engines() -> None:
    from rulecheck_runtime import ProblemDetails

    answers = [
        (ProblemDetails.unsupported_media_type("text/plain", "ja"), 415, "ja",
         "本文はapplication/jsonで送ってください（'text/plain'ではなく）。"),
        (ProblemDetails.unsupported_media_type(None, "ja"), 415, "ja",
         "本文はapplication/jsonで送ってください（Content-Typeがありません）。"),
        (ProblemDetails.unsupported_media_type(None, "fr"), 415, "en",
         "The body must be sent as application/json, not no content type."),
        (ProblemDetails.too_large(10, "ja-JP"), 413, "ja-JP", "本文が10バイトを超えています。"),
        (ProblemDetails.unknown_time_zone("en"), 400, "en",
         "The Time-Zone header names no time zone; send an IANA name such as Asia/Tokyo."),
    ]
    for problem, status, language, detail in answers:
        assert (problem.status, problem.language, problem.detail) == (status, language, detail)
        assert problem.title == next(p["title"] for p in data.PROBLEMS.values() if p["status"] == status)
