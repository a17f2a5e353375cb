"""The example server through FastAPI's test client: valid bodies, each kind of refusal, languages,
time zones, the size limit, and the server-only check emailTaken."""

from __future__ import annotations

import datetime
import json
from typing import Any, Dict, Optional

import pytest
from fastapi.testclient import TestClient

import app as example
from rulecheck_runtime import Rules

RULES = Rules.load(example.DEFAULT_RULES)
SIGN_UP = {"email": " taro@example.com ", "password": "secret12", "passwordConfirmation": "secret12",
           "displayName": "  Taro   Yamada ", "birthYear": 1990, "plan": " PRO "}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(example.create_app(RULES))


@pytest.fixture(scope="module")
def test_mode_client() -> TestClient:
    return TestClient(example.create_app(RULES, test_mode=True))


def post(client: TestClient, path: str, body: Any, headers: Optional[Dict[str, str]] = None) -> Any:
    content = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    return client.post(path, content=content, headers={"Content-Type": "application/json", **(headers or {})})


def codes(response: Any) -> Dict[str, list]:
    found: Dict[str, list] = {}
    for violation in response.json()["violations"]:
        found.setdefault(violation["pointer"], []).append(violation["code"])
    return found


def test_a_valid_sign_up_is_created_normalized_and_without_the_password(client: TestClient) -> None:
    response = post(client, "/signup", SIGN_UP)
    assert response.status_code == 201
    assert response.json() == {"email": "taro@example.com", "displayName": "Taro Yamada", "birthYear": 1990,
                               "plan": "pro"}
    assert "secret12" not in response.text


def test_a_valid_task_is_created(client: TestClient) -> None:
    response = post(client, "/tasks", {"title": " Buy milk ", "note": "", "dueDate": "2999-12-01"})
    assert response.status_code == 201
    assert response.json()["title"] == "Buy milk"
    assert response.json()["dueDate"] == "2999-12-01"


@pytest.mark.parametrize("body, expected", [
    ({"title": "123456789012345678901", "note": ""}, {"/title": ["titleTooLong"]}),
    ({"title": "   ", "note": ""}, {"/title": ["titleTooShort"]}),
    ({"title": 12345, "note": ""}, {"/title": ["invalidFormat"]}),
    ({"title": True, "note": ""}, {"/title": ["invalidFormat"]}),
    ({"title": "a"}, {"/note": ["required"]}),
    ({"title": "a", "note": "", "dueDate": "2026-02-30"}, {"/dueDate": ["invalidFormat"]}),
    ({"title": "a", "note": "", "extra": {"deep": [[[[1]]]]}}, {}),
    ([1, 2], {"": ["invalidFormat"]}),
])
def test_task_bodies_get_the_rules_verdict(client: TestClient, body: Any, expected: Dict[str, list]) -> None:
    response = post(client, "/tasks", body)
    if not expected:
        assert response.status_code == 201
        return
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    assert response.headers["content-language"] == "en"
    assert response.headers["vary"] == "Accept-Language"
    assert codes(response) == expected


def test_sign_up_violations_hide_the_password(client: TestClient) -> None:
    body = dict(SIGN_UP, password="shorty", passwordConfirmation="shorty")
    response = post(client, "/signup", body)
    assert response.status_code == 422
    assert codes(response) == {"/password": ["tooShort", "passwordNeedsDigit"],
                               "/passwordConfirmation": ["tooShort", "passwordNeedsDigit"]}
    assert "shorty" not in response.text
    mismatch = post(client, "/signup", dict(SIGN_UP, password="abcdefgh1", passwordConfirmation="abcdefgh2"))
    assert codes(mismatch) == {"/passwordConfirmation": ["passwordMismatch"]}
    assert "abcdefgh" not in mismatch.text


@pytest.mark.parametrize("body, detail, line, column", [
    (b'{"title": "a", "title": "b"}', "The body is not JSON: duplicate key 'title' in an object.", 1, 16),
    (b'{"title": "a",}', "The body is not JSON: expected a key after ','; found '}'; JSON has no trailing commas.", 1, 15),
    (b'{"title": "\xff"}', "The body is not JSON: invalid UTF-8 byte 0xFF.", 1, 12),
    (b'{"title": "\\ud800"}', "The body is not JSON: lone high surrogate '\\uD800' in a string; it must be followed "
     "by a low surrogate \\uDC00–\\uDFFF.", 1, 12),
    (b"", "The body is not JSON: expected a value; found the end of the input.", 1, 1),
    (b"[" * 10_000, "The body is not JSON: nesting depth exceeds the limit of 512 levels.", 1, 513),
])
def test_a_body_that_is_not_json_is_400_with_line_and_column(
        client: TestClient, body: bytes, detail: str, line: int, column: int) -> None:
    response = post(client, "/tasks", body)
    assert response.status_code == 400
    problem = response.json()
    assert (problem["detail"], problem["line"], problem["column"]) == (detail, line, column)
    assert problem["violations"] == []


def test_a_10_mb_title_is_422_with_the_value_cut(client: TestClient) -> None:
    response = post(client, "/tasks", {"title": "a" * 10_000_000, "note": ""})
    assert response.status_code == 422
    assert len(response.content) < 1000
    assert response.json()["violations"][0]["value"] == "a" * 64 + "…"


def test_a_body_past_the_limit_is_413() -> None:
    small = TestClient(example.create_app(RULES))
    limited = example.RuleCheck(RULES, max_body_bytes=100)
    from fastapi import Depends, FastAPI

    app = FastAPI()
    limited.install(app)

    @app.post("/tasks")
    def add(value: Any = Depends(limited.body("ToDoTask"))) -> Any:
        return value

    response = post(TestClient(app), "/tasks", {"title": "a" * 200, "note": ""})
    assert response.status_code == 413
    assert response.json()["detail"] == "The body is over 100 bytes."
    assert post(small, "/tasks", {"title": "a", "note": ""}).status_code == 201


def test_a_body_not_sent_as_json_is_415(client: TestClient) -> None:
    body = b'{"title": "a", "note": ""}'
    refused = client.post("/tasks", content=body, headers={"Content-Type": "text/plain"})
    assert refused.status_code == 415
    assert refused.json()["detail"] == "The body must be sent as application/json, not 'text/plain'."
    assert client.post("/tasks", content=body, headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 201
    assert client.post("/tasks", content=body, headers={"Content-Type": "application/merge-patch+json"}).status_code == 201


def test_a_wrong_method_is_405_with_allow_as_problem_details(client: TestClient) -> None:
    response = client.get("/tasks", headers={"Accept-Language": "ja"})
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["detail"] == "このパスはGETに応答しません。POSTを使ってください。"
    assert client.get("/nowhere").json()["title"] == "Not Found"


def test_the_typed_models_are_the_generated_ones() -> None:
    """rule_models.py is `rulecheck generate python rules`' output: the golden file of its test."""
    golden = example.ROOT / "runtimes" / "python" / "tests" / "generated" / "seed" / "rule_models.py"
    assert (example.HERE / "rule_models.py").read_bytes() == golden.read_bytes()


@pytest.mark.parametrize("header, language, message", [
    ("ja", "ja", "タイトルが長すぎます。"),
    ("ja-JP, en;q=0.5", "ja", "タイトルが長すぎます。"),
    ("fr, en;q=0.8", "en", "The title is too long."),
    ("ja;q=0, *", "en", "The title is too long."),
    ("", "en", "The title is too long."),
])
def test_messages_follow_accept_language(client: TestClient, header: str, language: str, message: str) -> None:
    response = post(client, "/tasks", {"title": "a" * 21, "note": ""}, {"Accept-Language": header})
    assert response.status_code == 422
    assert response.headers["content-language"] == language
    assert response.json()["language"] == language
    assert response.json()["violations"][0]["message"] == message


def test_today_is_the_client_time_zone(client: TestClient) -> None:
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
        today = datetime.datetime.now(__import__("zoneinfo").ZoneInfo(zone)).date().isoformat()
        response = post(client, "/tasks", {"title": "a", "note": "", "dueDate": today}, {"Time-Zone": zone})
        assert response.status_code == 201, response.text
    for zone in ("Mars/Olympus", "../../etc/passwd", "/etc/localtime", "Asia/Tokyo\u0000"):
        response = post(client, "/tasks", {"title": "a", "note": ""}, {"Time-Zone": zone})
        assert response.status_code == 400, zone
        assert response.json()["detail"] == (
            "The Time-Zone header names no time zone; send an IANA name such as Asia/Tokyo.")


def test_the_test_today_header_counts_only_in_test_mode(client: TestClient, test_mode_client: TestClient) -> None:
    body = {"title": "a", "note": "", "dueDate": "2026-11-22"}
    assert post(test_mode_client, "/tasks", body, {"Rulecheck-Today": "2026-11-22"}).status_code == 201
    refused = post(test_mode_client, "/tasks", body, {"Rulecheck-Today": "2026-11-23"})
    assert codes(refused) == {"/dueDate": ["tooEarly"]}
    assert post(test_mode_client, "/tasks", body, {"Rulecheck-Today": "soon"}).status_code == 400
    # Outside test mode the header is ignored: today is the real one, after 2026-11-22.
    assert post(client, "/tasks", dict(body, dueDate="2000-01-01"), {"Rulecheck-Today": "1999-01-01"}).status_code == 422


def test_a_taken_email_is_a_server_only_violation_in_the_rules_languages(client: TestClient) -> None:
    body = dict(SIGN_UP, email="taken@example.org")
    response = post(client, "/signup", body, {"Accept-Language": "ja"})
    assert response.status_code == 422
    assert response.headers["content-language"] == "ja"
    violation = response.json()["violations"][0]
    assert (violation["code"], violation["pointer"], violation["message"]) == (
        "emailTaken", "/email", "このメールアドレスは登録済みです。")


def test_a_chunked_body_past_the_limit_is_413_while_reading() -> None:
    from fastapi import Depends, FastAPI

    limited = example.RuleCheck(RULES, max_body_bytes=1000)
    app = FastAPI()
    limited.install(app)

    @app.post("/tasks")
    def add(value: Any = Depends(limited.body("ToDoTask"))) -> Any:
        return value

    def chunks() -> Any:
        yield b'{"title": "'
        for _ in range(100):
            yield b"a" * 100
        yield b'", "note": ""}'

    response = TestClient(app).post("/tasks", content=chunks(),
                                    headers={"Accept-Language": "ja", "Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.headers["content-language"] == "ja"
    assert response.json()["title"] == "Content Too Large"


def test_an_unknown_model_fails_when_the_route_is_made() -> None:
    from rulecheck_runtime import UnknownTypeError

    with pytest.raises(UnknownTypeError, match="no type or model named 'Signup'; did you mean 'SignUp'"):
        example.RuleCheck(RULES).body("Signup")


def test_the_value_can_be_a_pydantic_model() -> None:
    from fastapi import Depends, FastAPI
    from pydantic import BaseModel

    class Task(BaseModel):
        title: str
        note: str
        dueDate: Optional[datetime.date] = None

    check = example.RuleCheck(RULES, default_time_zone="UTC")
    app = FastAPI()
    check.install(app)

    @app.post("/tasks")
    def add(task: Task = Depends(check.body("ToDoTask", as_type=Task))) -> Any:
        assert isinstance(task, Task)
        return {"title": task.title, "due": str(task.dueDate)}

    client = TestClient(app)
    response = post(client, "/tasks", {"title": "  a ", "note": "", "dueDate": "2999-01-02"})
    assert response.json() == {"title": "a", "due": "2999-01-02"}
    assert post(client, "/tasks", {"title": "", "note": ""}).status_code == 422
