"""The FastAPI integration's defaults and answers, as the Swift integrations' (docs/server.md):
415 unless the body is sent as JSON, the texts of runtimes/fixtures/http_verdicts.jsonl byte for
byte, `Time-Zone` as an IANA name read only for models with rules relative to today, problem details
for 404, 405 (with `Allow`) and FastAPI's RequestValidationError, and the validated routes in
FastAPI's own OpenAPI document, as `rulecheck export openapi --operation` writes them."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
from typing import Any, Dict, List

import pytest

pytest.importorskip("fastapi")

from fastapi import Depends, FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from fixture_paths import FIXTURES, ROOT  # noqa: E402
from rulecheck_runtime import ProblemDetails, Rules  # noqa: E402
from rulecheck_runtime.fastapi import ModelTypeError, RuleCheck, is_iana_time_zone  # noqa: E402

HTTP_CASES: List[Dict[str, Any]] = json.loads((FIXTURES / "http_cases.json").read_text(encoding="utf-8"))
HTTP_VERDICTS: List[str] = (FIXTURES / "http_verdicts.jsonl").read_text(encoding="utf-8").splitlines()
TASK = b'{"title": "a", "note": ""}'
JSON = {"Content-Type": "application/json"}


def make_app(rules: Rules, **options: Any) -> FastAPI:
    check = RuleCheck(rules, **options)
    app = FastAPI()
    check.install(app)

    @app.post("/tasks", status_code=201)
    def add_task(value: Any = Depends(check.body("ToDoTask"))) -> Any:
        return {"title": value["title"]}

    @app.get("/tasks")
    def list_tasks(limit: int = 10) -> Any:
        return []

    @app.post("/signup", status_code=201)
    def sign_up(value: Any = Depends(check.body("SignUp"))) -> Any:
        return {"email": value["email"]}

    return app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(make_app(Rules.load(FIXTURES / "seed.schema.json")))


def test_there_is_an_answer_for_each_http_case() -> None:
    assert len(HTTP_CASES) >= 10
    assert len(HTTP_CASES) == len(HTTP_VERDICTS)


@pytest.mark.parametrize("index", range(len(HTTP_CASES)), ids=lambda i: f"{i}-{HTTP_CASES[i]['problem']}")
def test_the_answers_besides_the_rules_are_swifts_byte_for_byte(index: int) -> None:
    case = HTTP_CASES[index]
    language = case["language"]
    problem = {
        "tooLarge": lambda: ProblemDetails.too_large(case["limit"], language),
        "unsupportedMediaType": lambda: ProblemDetails.unsupported_media_type(case.get("contentType"), language),
        "unknownTimeZone": lambda: ProblemDetails.unknown_time_zone(language),
        "unreadableTestToday": lambda: ProblemDetails.unreadable_test_today(language),
        "notFound": lambda: ProblemDetails.not_found(language),
        "methodNotAllowed": lambda: ProblemDetails.method_not_allowed(case["method"], case["allowed"], language),
    }[case["problem"]]()
    assert problem.json() == HTTP_VERDICTS[index]


@pytest.mark.parametrize("content_type, status", [
    (None, 415), ("text/plain", 415), ("", 415), ("application/x-www-form-urlencoded", 415),
    ("application/json", 201), ("application/json; charset=utf-8", 201), ("Application/JSON", 201),
    ("application/merge-patch+json", 201),
])
def test_a_body_must_be_sent_as_json_by_default(client: TestClient, content_type: Any, status: int) -> None:
    headers = {} if content_type is None else {"Content-Type": content_type}
    response = client.post("/tasks", content=TASK, headers=headers)
    assert response.status_code == status, response.text
    if status == 415:
        assert response.headers["content-type"] == "application/problem+json"
        shown = "no content type" if content_type is None else f"'{content_type}'"
        assert response.json()["detail"] == f"The body must be sent as application/json, not {shown}."


def test_415_can_be_turned_off() -> None:
    client = TestClient(make_app(Rules.load(FIXTURES / "seed.schema.json"), require_json_content_type=False))
    assert client.post("/tasks", content=TASK, headers={"Content-Type": "text/plain"}).status_code == 201


TIME_ZONES: List[Dict[str, Any]] = json.loads((FIXTURES / "time_zones.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", TIME_ZONES, ids=lambda case: repr(case["zone"])[:40])
def test_time_zone_names_are_the_shared_fixtures(case: Dict[str, Any]) -> None:
    # NB: the Swift library is held to the same answers (RuntimeFixtureTests.timeZoneNamesAreTheDatabases).
    assert is_iana_time_zone(case["zone"]) == case["known"]


@pytest.mark.parametrize("zone, status", [
    ("Asia/Tokyo", 201), ("UTC", 201), ("America/Argentina/Buenos_Aires", 201), ("Etc/GMT+9", 201),
    ("localtime", 400), ("posixrules", 400), ("asia/tokyo", 400), ("GMT+09:00", 400), ("JST", 400),
    ("", 400), ("/etc/localtime", 400), ("../zoneinfo/Asia/Tokyo", 400), ("Asia/Tokyo\u0000", 400),
])
def test_time_zone_is_an_iana_name(client: TestClient, zone: str, status: int) -> None:
    response = client.post("/tasks", content=TASK, headers={**JSON, "Time-Zone": zone})
    assert response.status_code == status, response.text


def test_time_zone_is_not_read_for_a_model_without_rules_relative_to_today(client: TestClient) -> None:
    body = json.dumps({"email": "taro@example.com", "password": "secret12", "passwordConfirmation": "secret12",
                       "plan": "free"})
    response = client.post("/signup", content=body, headers={**JSON, "Time-Zone": "Mars/Olympus"})
    assert response.status_code == 201, response.text


def test_an_unknown_default_time_zone_fails_at_start_up() -> None:
    with pytest.raises(ValueError, match="'localtime' is not an IANA time zone"):
        RuleCheck(Rules.load(FIXTURES / "seed.schema.json"), default_time_zone="localtime")


@pytest.mark.parametrize("language, detail", [
    ("en", "Nothing is at this path."), ("ja", "このパスには何もありません。"), ("fr", "Nothing is at this path.")])
def test_404_is_problem_details(client: TestClient, language: str, detail: str) -> None:
    response = client.get("/nowhere", headers={"Accept-Language": language})
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json() == {"type": "about:blank", "title": "Not Found", "status": 404, "detail": detail,
                               "language": "ja" if language == "ja" else "en", "violations": []}


def test_405_is_problem_details_with_every_method_the_path_answers(client: TestClient) -> None:
    response = client.delete("/tasks")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, POST"
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["title"] == "Method Not Allowed"
    assert response.json()["detail"] == "This path does not answer DELETE; it answers GET, POST."
    assert client.put("/signup").headers["allow"] == "POST"


def test_fastapis_own_validation_errors_are_problem_details(client: TestClient) -> None:
    response = client.get("/tasks", params={"limit": "many"})
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert (problem["title"], problem["detail"]) == ("Unprocessable Content", "The request has 1 invalid value.")
    assert [(v["code"], v["path"], v["pointer"]) for v in problem["violations"]] == [
        ("int_parsing", ["query", "limit"], "/query/limit")]


def test_the_openapi_document_has_the_validated_routes(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    # NB: openapi-spec-validator reads `pattern` with Python's re, which lacks ECMA-262's `\p{L}`
    # (the seed's patterns have it): the patterns are set aside for the check, not for the document.
    pytest.importorskip("openapi_spec_validator").validate(without_patterns(document))
    operation = document["paths"]["/tasks"]["post"]
    assert operation["requestBody"] == {"required": True, "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/ToDoTask"}}}}
    assert {"201", "400", "413", "415", "422"} <= set(operation["responses"])
    assert [p["name"] for p in operation["parameters"]] == ["Accept-Language", "Time-Zone"]
    # SignUp has no rule relative to today: its Time-Zone header is not read, so not documented.
    assert [p["name"] for p in document["paths"]["/signup"]["post"]["parameters"]] == ["Accept-Language"]
    schemas = document["components"]["schemas"]
    assert {"ToDoTask", "TaskTitle", "TaskNote", "TaskDueDate", "SignUp", "NewEmail"} <= set(schemas)
    assert schemas["ToDoTask"]["properties"]["title"] == {"$ref": "#/components/schemas/TaskTitle"}
    assert "HTTPValidationError" not in schemas
    # FastAPI's own 422 is problem details too, as install() answers it.
    assert "application/problem+json" in document["paths"]["/tasks"]["get"]["responses"]["422"]["content"]


def without_patterns(document: Any) -> Any:
    if isinstance(document, dict):
        return {key: "^.*$" if key == "pattern" and isinstance(value, str) else without_patterns(value)
                for key, value in document.items()}
    if isinstance(document, list):
        return [without_patterns(item) for item in document]
    return document


COMMAND = os.environ.get("RULECHECK") or shutil.which("rulecheck")


@pytest.mark.skipif(COMMAND is None, reason="set RULECHECK to the rulecheck command")
@pytest.mark.parametrize("model,path", [("ToDoTask", "/tasks"), ("SignUp", "/signup")])
def test_the_operation_is_the_one_rulecheck_exports(client: TestClient, model: str, path: str) -> None:
    # SignUp reads no today, so neither document lists its Time-Zone header.
    assert COMMAND is not None
    export = subprocess.run([*shlex.split(COMMAND), "export", "openapi", str(ROOT / "rules"), "--operation",
                             f"{model}=POST:{path}"], capture_output=True, text=True, cwd=str(ROOT))
    assert export.returncode == 0, export.stderr
    exported = json.loads(export.stdout)["paths"][path]["post"]
    ours = client.get("/openapi.json").json()["paths"][path]["post"]
    assert ours["requestBody"] == exported["requestBody"]
    assert ours["parameters"] == exported["parameters"]
    for status in ("400", "413", "415", "422"):
        assert ours["responses"][status] == exported["responses"][status], status


class ToDoTask(BaseModel):
    """A pydantic model named as a model of the rules."""

    name: str


def test_a_schema_name_taken_by_another_model_is_an_error() -> None:
    rules = Rules.load(FIXTURES / "seed.schema.json")
    check = RuleCheck(rules)
    app = FastAPI()
    check.install(app)

    @app.post("/tasks")
    def add(value: Any = Depends(check.body("ToDoTask"))) -> Any:
        return value

    @app.post("/other")
    def other(task: ToDoTask) -> Any:
        return task

    with pytest.raises(ModelTypeError, match="already has a schema named 'ToDoTask'"):
        app.openapi()


def test_a_content_length_of_other_digits_is_no_500() -> None:
    """`Content-Length: ²` (latin-1, as ASGI carries headers): str.isdigit() takes it, int() does not.
    The declared length is ignored and the body read as sent, never a 500."""
    import asyncio

    app = make_app(Rules.load(FIXTURES / "seed.schema.json"))
    body = json.dumps({"title": "Buy milk", "dueDate": "2099-01-01"}).encode()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/tasks", "raw_path": b"/tasks", "query_string": b"", "root_path": "",
             "headers": [(b"content-type", b"application/json"), (b"content-length", "²".encode("latin-1"))],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    sent: List[Dict[str, Any]] = []
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> Dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: Dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    status = next(message["status"] for message in sent if message["type"] == "http.response.start")
    assert status < 500, sent
