"""FastAPI integration (`pip install "rulecheck[fastapi]"`): a dependency that validates the
request body as a named model and gives its value (typed, with `as_type`), exception handlers that
answer RFC 9457 problem details as the Swift server does, and the validated routes' request bodies
and problem responses in FastAPI's own OpenAPI document (docs/python.md).

    from fastapi import FastAPI
    from rulecheck_runtime import Rules
    from rulecheck_runtime.fastapi import RuleCheck
    from rule_models import SignUp            # rulecheck generate python rules --output .

    rules = Rules.load("rules.schema.json")
    check = RuleCheck(rules)
    app = FastAPI()
    check.install(app)

    @app.post("/signup", status_code=201)
    def sign_up(value: SignUp = check.depends("SignUp", as_type=SignUp)) -> dict:
        ...
"""

from __future__ import annotations

import copy
import datetime
import functools
from typing import (Any, Awaitable, Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple, Type, TypeVar,
                    cast, overload)

from starlette.requests import Request
from starlette.responses import Response

from . import _rulecheck_data as data
from ._api import DEFAULT_MAX_BODY_BYTES, ProblemDetails, Rules, negotiate_language
from ._core import Verdict, Violation
from ._unicode import ascii_lower
from ._typed import Converter, ModelTypeError, converter

T = TypeVar("T")

TIME_ZONE_HEADER = "Time-Zone"
TEST_TODAY_HEADER = "Rulecheck-Today"
# Bodies larger than this many bytes are validated in a worker process, off the event loop.
DEFAULT_OFFLOAD_THRESHOLD_BYTES = 64 * 1024
# The languages rulecheck has every text of a problem in, for answers that concern no model (404, 405).
_PROBLEM_LANGUAGES = ("en", "ja")


class ProblemError(Exception):
    """A request refused with problem details; RuleCheck.install answers it as
    `application/problem+json` with its status, `Content-Language` and `Vary: Accept-Language`."""

    def __init__(self, problem: ProblemDetails, headers: Optional[Dict[str, str]] = None) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.headers = headers or {}


def problem_response(problem: ProblemDetails, headers: Optional[Dict[str, str]] = None) -> Response:
    return Response(
        content=problem.json_bytes(), status_code=problem.status, media_type=ProblemDetails.media_type,
        headers={"Content-Language": problem.language, "Vary": "Accept-Language", **(headers or {})})


@functools.lru_cache(maxsize=1)
def iana_time_zones() -> FrozenSet[str]:
    """The names of the IANA time zone database that this machine holds (`zoneinfo`), without the
    files that are not zones of it: `localtime` (the machine's own zone) and `posixrules`."""
    try:
        import zoneinfo
    except ImportError:  # pragma: no cover - Python 3.8
        return frozenset()
    return frozenset(zoneinfo.available_timezones() - {"localtime", "posixrules"})


def is_iana_time_zone(name: str) -> bool:
    """Whether `name` is a zone of the IANA database, spelled as it spells it (`Asia/Tokyo`; not
    `asia/tokyo`, `localtime`, `JST` or `GMT+09:00`)."""
    return name in iana_time_zones()


class RuleCheck:
    """The rules, and how requests reach them, with the defaults of the Swift integrations
    (`BodyValidationSettings`, docs/server.md): the body size limit (413 past it); a body must be
    sent as JSON (415 otherwise; on by default, as in the Swift server: a CSRF defence); the time
    zone of "today" when a request sends no `Time-Zone` header (an IANA name); a test mode that
    honours the drift check's `Rulecheck-Today` header (never in production: any client could choose
    the day); and the body size past which validation runs in a worker process (`offload_workers` of
    them, started at the first such body), off the event loop."""

    def __init__(self, rules: Rules, *, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
                 require_json_content_type: bool = True, default_time_zone: Optional[str] = None,
                 honor_test_today: bool = False,
                 offload_threshold_bytes: int = DEFAULT_OFFLOAD_THRESHOLD_BYTES, offload_workers: int = 1) -> None:
        if default_time_zone is not None and not is_iana_time_zone(default_time_zone):
            raise ValueError(f"default_time_zone {default_time_zone!r} is not an IANA time zone such as 'Asia/Tokyo'")
        self.rules = rules
        self.max_body_bytes = max_body_bytes
        self.require_json_content_type = require_json_content_type
        self.default_time_zone = default_time_zone
        self.honor_test_today = honor_test_today
        self.offload_threshold_bytes = offload_threshold_bytes
        self.offload_workers = offload_workers
        self._pool: Any = None

    def install(self, app: Any) -> None:
        """Answers as problem details: a ProblemError, FastAPI's `RequestValidationError` (422, one
        violation per error), 404, 405 (with `Allow`: every method the path answers) and any other
        `HTTPException`; and adds each validated route's request body, its `Accept-Language` and
        `Time-Zone` headers and its 400, 413, 415 and 422 responses to `app.openapi()`."""
        from fastapi.exceptions import RequestValidationError
        from starlette.exceptions import HTTPException

        async def on_problem(request: Request, error: Exception) -> Response:
            assert isinstance(error, ProblemError)
            return problem_response(error.problem, error.headers)

        async def on_http_error(request: Request, error: Exception) -> Response:
            assert isinstance(error, HTTPException)
            language = negotiate_language(request.headers.get("accept-language"), _PROBLEM_LANGUAGES)
            headers = dict(error.headers or {})
            if error.status_code == 404:
                problem = ProblemDetails.not_found(language)
            elif error.status_code == 405:
                allowed = allowed_methods(app, request)
                headers["Allow"] = ", ".join(allowed)
                problem = ProblemDetails.method_not_allowed(request.method, allowed, language)
            else:
                problem = ProblemDetails.for_status(error.status_code, error.detail, language)
            if error.status_code in (204, 304):  # pragma: no cover - a status without a body
                return Response(status_code=error.status_code, headers=headers)
            return problem_response(problem, headers)

        async def on_request_validation_error(request: Request, error: Exception) -> Response:
            assert isinstance(error, RequestValidationError)
            language = negotiate_language(request.headers.get("accept-language"), _PROBLEM_LANGUAGES)
            violations = [
                self.rules.violation(str(item.get("type", "invalidFormat")), [str(part) for part in item.get("loc", ())],
                                     messages={"en": str(item.get("msg", ""))})
                for item in error.errors()]
            return problem_response(ProblemDetails.for_violations(violations, language))

        app.add_exception_handler(ProblemError, on_problem)
        app.add_exception_handler(HTTPException, on_http_error)
        app.add_exception_handler(RequestValidationError, on_request_validation_error)
        original = app.openapi

        def openapi() -> Dict[str, Any]:
            if getattr(app, "_rulecheck_openapi", None) is None:
                document = original()
                add_operations(self, app, document)
                app._rulecheck_openapi = document
            return cast(Dict[str, Any], app._rulecheck_openapi)

        app.openapi = openapi

    def language(self, request: Request, model: str) -> str:
        """The language of `model`'s messages that the request's `Accept-Language` prefers."""
        return self.rules.language_for(model, request.headers.get("accept-language"))

    def today(self, request: Request, language: str = "en") -> str:
        """Today for the request: `Rulecheck-Today` in test mode, else today in its `Time-Zone`
        (an IANA name; 400 when it names none), else in the default time zone."""
        if self.honor_test_today:
            text = request.headers.get(TEST_TODAY_HEADER)
            if text is not None:
                try:
                    if len(text) != 10:
                        raise ValueError(text)
                    return datetime.date.fromisoformat(text).isoformat()
                except ValueError:
                    raise ProblemError(ProblemDetails.unreadable_test_today(language)) from None
        header = request.headers.get(TIME_ZONE_HEADER)
        if header is not None and not is_iana_time_zone(header):
            raise ProblemError(ProblemDetails.unknown_time_zone(language))
        name = header or self.default_time_zone
        if name is None:
            return datetime.date.today().isoformat()
        from zoneinfo import ZoneInfo

        return datetime.datetime.now(ZoneInfo(name)).date().isoformat()

    async def read_body(self, request: Request, language: str) -> bytes:
        """The body, at most `max_body_bytes` (413 past them, before reading them all)."""
        limit = self.max_body_bytes
        declared = request.headers.get("content-length")
        # NB: ASCII digits only: str.isdigit() also takes "²", which int() refuses (a 500).
        if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > limit:
            raise ProblemError(ProblemDetails.too_large(limit, language))
        chunks: List[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ProblemError(ProblemDetails.too_large(limit, language))
            chunks.append(chunk)
        return b"".join(chunks)

    @overload
    def body(self, model: str) -> Callable[[Request], Awaitable[Any]]: ...

    @overload
    def body(self, model: str, as_type: Type[T]) -> Callable[[Request], Awaitable[T]]: ...

    def body(self, model: str, as_type: Optional[Type[Any]] = None) -> Callable[[Request], Awaitable[Any]]:
        """A dependency that validates the request body as `model`: it gives the value after
        normalization (a dict; Decimal for decimals, datetime.date for dates), or, with `as_type`, an
        instance of that class (a dataclass of `rulecheck generate python`, any dataclass, a
        TypedDict or a pydantic model) with nested models as their classes and None for optional
        fields left out. Raises ProblemError (400, 413, 415, 422). An unknown model, or an `as_type`
        that cannot hold the model's valid values, raises here, at start-up (ModelTypeError)."""
        self.rules.languages(model)  # NB: an unknown model fails here, at start-up, not per request.
        convert: Optional[Converter] = None if as_type is None else converter(self.rules, model, as_type)
        uses_today = self.rules.uses_today(model)
        threshold = self.offload_threshold_bytes

        def decide(data: bytes, language: str, today: Optional[str], accept_language: Optional[str]) -> Any:
            verdict: Verdict = self.rules.verdict(model, data, accept_language=accept_language, today=today,
                                                  max_body_bytes=None)
            if verdict.problem is not None:
                raise ProblemError(verdict.problem)
            value = verdict.value
            return value if convert is None else convert(value)

        async def validated_body(request: Request) -> Any:
            language = self.language(request, model)
            if self.require_json_content_type:
                content_type = request.headers.get("content-type")
                if not ProblemDetails.is_json(content_type):
                    raise ProblemError(ProblemDetails.unsupported_media_type(content_type, language))
            # NB: the headers that set today count only for a model with rules relative to today.
            today = self.today(request, language) if uses_today else None
            data = await self.read_body(request, language)
            accept_language = request.headers.get("accept-language")
            if len(data) > threshold:
                # NB: a large body would hold the event loop for its whole validation (a 1 MB body,
                # about 0.25 s). A worker thread would not free it: the thread holds the GIL, and the
                # loop waits for it at each turn; a worker process shares no lock with the loop.
                verdict = await self._offloaded(model, data, accept_language, today)
                if verdict.problem is not None:
                    raise ProblemError(verdict.problem)
                value = verdict.value
                return value if convert is None else convert(value)
            return decide(data, language, today, accept_language)

        validated_body.__name__ = f"validated_{model}_body"
        validated_body._rulecheck_model = model  # type: ignore[attr-defined]
        return validated_body

    async def _offloaded(self, model: str, data: bytes, accept_language: Optional[str],
                         today: Optional[str]) -> Verdict:
        """The verdict on a large body, from a worker process that holds the same rules."""
        import asyncio

        if self._pool is None:
            import concurrent.futures
            import multiprocessing

            # NB: forked where the platform can (no re-import of the app's main module), one worker
            # per core the validations may use; the rules are compiled once in each.
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("fork" if "fork" in methods else None)
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.offload_workers, mp_context=context, initializer=_start_worker,
                initargs=(self.rules._definitions,))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _worker_verdict, model, data, accept_language, today)

    def depends(self, model: str, as_type: Type[T]) -> T:
        """`Depends(check.body(model, as_type=as_type))`, typed as `as_type` for mypy, so that the
        parameter's annotation must be that class: `order: Order = check.depends("Order", as_type=Order)`."""
        from fastapi import Depends

        return cast(T, Depends(self.body(model, as_type)))

    def conformance_route(self, app: Any, path: str = "/conformance") -> None:
        """A route that answers the conformance protocol over HTTP, one request a POST, as the Swift
        server's: `rulecheck specs/ --implementation http://127.0.0.1:8000/conformance`."""
        from .conformance import respond

        async def conformance(request: Request) -> Response:
            status, text = respond(self.rules, await request.body())
            return Response(content=text.encode("utf-8"), status_code=status,
                            media_type="application/json" if status == 200 else "text/plain; charset=utf-8")

        app.add_api_route(path, conformance, methods=["POST"], include_in_schema=False)

    def problem(self, request: Request, model: str, violations: Sequence[Violation]) -> ProblemError:
        """A 422 for violations the server found itself (`emailTaken`), in the language the request
        negotiates for `model`, as its validation's 422 would be:
        `raise check.problem(request, "SignUp", [rules.server_violation("SignUp", "emailTaken", ["email"])])`."""
        return ProblemError(ProblemDetails.for_violations(list(violations), self.language(request, model)))


_WORKER_RULES: Optional[Rules] = None


def _start_worker(definitions: Dict[str, Any]) -> None:
    """A worker process's start: the rules compiled once, from the server's definitions."""
    global _WORKER_RULES
    from ._core import FORMAT_VERSION

    _WORKER_RULES = Rules({"x-rulecheck-version": FORMAT_VERSION, "$defs": definitions})


def _worker_verdict(model: str, data: bytes, accept_language: Optional[str], today: Optional[str]) -> Verdict:
    assert _WORKER_RULES is not None
    return _WORKER_RULES.verdict(model, data, accept_language=accept_language, today=today, max_body_bytes=None)


def allowed_methods(app: Any, request: Request) -> List[str]:
    """Every method that some route of `app` answers at the request's path, as `Allow` lists them."""
    from starlette.routing import Match

    methods: Set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches(request.scope)
        if match != Match.NONE and getattr(route, "methods", None):
            methods.update(route.methods)
    return sorted(methods)


# The OpenAPI operation of a validated route, as `rulecheck export openapi --operation` writes it
# (tests/test_openapi.py compares the two, so that they cannot drift).
_STRING = {"type": "string"}
_PROBLEM_SCHEMA = {
    "type": "object",
    "properties": {
        "type": _STRING, "title": _STRING, "status": {"type": "integer"}, "detail": _STRING, "language": _STRING,
        "violations": {"type": "array", "items": {
            "type": "object",
            "properties": {"code": _STRING, "path": {"type": "array", "items": _STRING}, "message": _STRING},
            "required": ["code", "path", "message"]}},
        "line": {"type": "integer"}, "column": {"type": "integer"},
    },
    "required": ["type", "title", "status", "detail", "violations"],
}
# The descriptions are the export's (`rulecheck export openapi --operation`), from the generated data.
_RESPONSES: Dict[str, str] = data.PROBLEM_RESPONSES
_HEADERS: Dict[str, str] = data.OPERATION_HEADERS


def problem_response_schema(description: str) -> Dict[str, Any]:
    """An OpenAPI response of problem details, with `Content-Language` and `Vary`."""
    return {
        "description": description,
        "headers": {
            "Content-Language": {"description": "The language of the messages and the detail.", "schema": _STRING},
            "Vary": {"description": "Accept-Language: the body depends on it.", "schema": _STRING},
        },
        "content": {ProblemDetails.media_type: {"schema": copy.deepcopy(_PROBLEM_SCHEMA)}},
    }


def header_parameter(name: str) -> Dict[str, Any]:
    return {"name": name, "in": "header", "required": False, "description": _HEADERS[name], "schema": _STRING}


def _rule_models(dependant: Any) -> List[str]:
    """The models that the rulecheck dependencies of a route (at any depth) validate its body as."""
    found: List[str] = []
    model = getattr(getattr(dependant, "call", None), "_rulecheck_model", None)
    if isinstance(model, str):
        found.append(model)
    for child in getattr(dependant, "dependencies", ()):
        found.extend(_rule_models(child))
    return found


def _references(schema: Any, into: Set[str]) -> Any:
    """`schema` with each `$ref` to a definition pointed at `components.schemas`, the names it refers to added to `into`."""
    if isinstance(schema, dict):
        out = {}
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(("#/$defs/", "#/components/schemas/")):
                name = value.rsplit("/", 1)[1]
                into.add(name)
                out[key] = "#/components/schemas/" + name
            else:
                out[key] = _references(value, into)
        return out
    if isinstance(schema, list):
        return [_references(item, into) for item in schema]
    return schema


def add_operations(check: RuleCheck, app: Any, document: Dict[str, Any]) -> None:
    """Adds to FastAPI's `document` each validated route's request body (the rules' schema of its
    model, from the export), its problem responses and headers, and the schemas they refer to; and
    makes every 422 that FastAPI documents (RequestValidationError) problem details, as `install` answers it."""
    from fastapi.routing import APIRoute

    schemas: Dict[str, Any] = document.setdefault("components", {}).setdefault("schemas", {})
    needed: List[str] = []
    for route in app.routes:
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        models = _rule_models(route.dependant)
        path_item = document.get("paths", {}).get(route.path_format, {})
        for method in sorted(route.methods or ()):
            operation = path_item.get(ascii_lower(method))
            if operation is None:
                continue
            responses = operation.setdefault("responses", {})
            if "422" in responses:
                responses["422"] = problem_response_schema(_RESPONSES["422"])
            if not models:
                continue
            model = models[0]
            needed.append(model)
            operation["requestBody"] = {"required": True, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/" + model}}}}
            for status, description in _RESPONSES.items():
                responses[status] = problem_response_schema(description)
            parameters = operation.setdefault("parameters", [])
            present = {(parameter.get("in"), ascii_lower(str(parameter.get("name")))) for parameter in parameters}
            for name in ("Accept-Language", "Time-Zone"):
                if name == "Time-Zone" and not check.rules.uses_today(model):
                    continue
                if ("header", ascii_lower(name)) not in present:
                    parameters.append(header_parameter(name))
    done: Set[str] = set()
    while needed:
        name = needed.pop()
        if name in done:
            continue
        done.add(name)
        refers: Set[str] = set()
        schema = _references(check.rules._definition(name), refers)
        if name in schemas and schemas[name] != schema:
            raise ModelTypeError(f"the OpenAPI document already has a schema named {name!r} (a pydantic model?); "
                                 f"rename it, or the rules' {name!r}")
        schemas[name] = schema
        needed.extend(refers - done)
    _drop_unused(document, ("HTTPValidationError", "ValidationError"))


def _drop_unused(document: Dict[str, Any], names: Tuple[str, ...]) -> None:
    schemas = document.get("components", {}).get("schemas", {})
    for name in names:
        if name not in schemas:
            continue
        reference = '"#/components/schemas/' + name + '"'
        import json

        rest = {key: value for key, value in schemas.items() if key != name}
        if reference not in json.dumps(document.get("paths", {})) and reference not in json.dumps(rest):
            del schemas[name]


__all__ = ["DEFAULT_OFFLOAD_THRESHOLD_BYTES", "ModelTypeError", "ProblemError", "RuleCheck", "TEST_TODAY_HEADER",
           "TIME_ZONE_HEADER", "is_iana_time_zone", "problem_response"]
