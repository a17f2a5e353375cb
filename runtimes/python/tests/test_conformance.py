"""`python3 -m rulecheck_runtime.conformance`: the protocol of docs/conformance.md, and its refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any, List

from fixture_paths import FIXTURES, SOURCE
from rulecheck_runtime import CHECKS

SCHEMA = str(FIXTURES / "seed.schema.json")


def run(arguments: List[str], stdin: str = "") -> "subprocess.CompletedProcess[str]":
    environment = dict(os.environ, PYTHONPATH=str(SOURCE))
    return subprocess.run([sys.executable, "-m", "rulecheck_runtime.conformance", *arguments], input=stdin,
                          capture_output=True, text=True, env=environment, timeout=60)


def test_checks_lists_every_check() -> None:
    done = run(["--checks"])
    assert done.returncode == 0
    assert json.loads(done.stdout) == sorted(CHECKS)


def test_each_request_line_gets_one_answer_line() -> None:
    requests: List[Any] = [
        {"type": "ToDoTask", "input": {"title": " a ", "note": "", "dueDate": "2026-11-21"}, "today": "2026-11-22",
         "language": "ja"},
        {"type": "ToDoTask", "input": {"title": " a ", "note": "", "dueDate": "2026-12-01"}, "today": "2026-11-22",
         "language": "en"},
        {"type": "BirthYear", "input": "1990", "today": "2026-11-22", "language": "en"},
        {"type": "BirthYear", "input": 1990.0, "today": "2026-11-22", "language": "en"},
        {"type": "BirthYear", "input": None, "today": "2026-11-22", "language": "en"},
    ]
    done = run([SCHEMA], "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests))
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        {"valid": False, "violations": [{"code": "tooEarly", "path": ["dueDate"],
                                         "message": "2026-11-22以降の日付を入力してください。"}]},
        {"valid": True, "value": {"title": "a", "note": "", "dueDate": "2026-12-01"}},
        {"valid": True, "value": 1990},
        {"valid": True, "value": 1990},
        {"valid": True, "value": None},
    ]


def test_wrong_use_exits_2_with_a_reason(tmp_path: Any) -> None:
    newer = tmp_path / "newer.schema.json"
    newer.write_text(json.dumps({"x-rulecheck-version": 2, "$defs": {}}))
    for arguments, stdin, reason in [
        ([], "", "usage: python3 -m rulecheck_runtime.conformance"),
        ([str(tmp_path / "missing.json")], "", "No such file"),
        ([str(newer)], "", "exported by a newer rulecheck (x-rulecheck-version 2)"),
        ([SCHEMA], '{"type": "Nope", "input": null}\n', "no type or model named 'Nope'"),
        ([SCHEMA], '{"type": "TaskTitle", "type": "TaskTitle"}\n', "duplicate key 'type'"),
    ]:
        done = run(arguments, stdin)
        assert done.returncode == 2, (arguments, done.stdout)
        assert reason in done.stderr, (arguments, done.stderr)
        assert "Traceback" not in done.stderr


def test_the_http_responder_answers_as_the_swift_route(seed: Any) -> None:
    from rulecheck_runtime.conformance import respond

    status, text = respond(seed, b'{"type": "BirthYear", "input": "1800", "today": "2026-11-22", "language": "ja"}')
    assert (status, json.loads(text)) == (200, {"valid": False, "violations": [
        {"code": "tooSmall", "path": [], "message": "1900以上の値を入力してください。"}]})
    for body, reason in [
        (b"[1,]", "the request is not JSON: 1:4: expected a value after ','; found ']'; JSON has no trailing commas"),
        (b"[]", "the request is not a JSON object"),
        (b'{"type": 1}', 'the request has no string "type"'),
        (b'{"type": "Nope"}', "no type or model 'Nope'"),
        (b'{"type": "BirthYear", "today": "2026-02-30"}', '"today" is not a date YYYY-MM-DD'),
    ]:
        assert respond(seed, body) == (400, reason)
