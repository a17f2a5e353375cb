"""FastAPI integration (`pip install "rulecheck[fastapi]"`): a dependency that validates the
request body as a named model and gives its value, and an exception handler that answers RFC 9457
problem details as the Swift server does (docs/python.md).

    from fastapi import Depends, FastAPI
    from rulecheck import Rules
    from rulecheck.fastapi import RuleCheck

    rules = Rules.load("rules.schema.json")
    check = RuleCheck(rules)
    app = FastAPI()
    check.install(app)

    @app.post("/signup", status_code=201)
    def sign_up(value: dict = Depends(check.body("SignUp"))) -> dict:
        ...
"""

from __future__ import annotations

import datetime
from typing import Any, Awaitable, Callable, List, Optional, Sequence, TypeVar

from starlette.requests import Request
from starlette.responses import Response

from ._api import DEFAULT_MAX_BODY_BYTES, ProblemDetails, Rules
from ._core import Violation

T = TypeVar("T")

TIME_ZONE_HEADER = "Time-Zone"
TEST_TODAY_HEADER = "Rulecheck-Today"


class ProblemError(Exception):
    """A request refused with problem details; RuleCheck.install answers it as
    `application/problem+json` with its status, `Content-Language` and `Vary: Accept-Language`."""

    def __init__(self, problem: ProblemDetails) -> None:
        super().__init__(problem.detail)
        self.problem = problem


def problem_response(problem: ProblemDetails) -> Response:
    return Response(
        content=problem.json_bytes(), status_code=problem.status, media_type=ProblemDetails.media_type,
        headers={"Content-Language": problem.language, "Vary": "Accept-Language"})


class RuleCheck:
    """The rules, and how requests reach them: the body size limit (413 past it), whether a body
    must be sent as JSON (415 otherwise; off by default, as in the Swift server), the time zone of
    "today" when a request sends no `Time-Zone` header, and a test mode that honours the drift
    check's `Rulecheck-Today` header (never in production: any client could choose the day)."""

    def __init__(self, rules: Rules, *, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
                 require_json_content_type: bool = False, default_time_zone: Optional[str] = None,
                 honor_test_today: bool = False) -> None:
        self.rules = rules
        self.max_body_bytes = max_body_bytes
        self.require_json_content_type = require_json_content_type
        self.default_time_zone = default_time_zone
        self.honor_test_today = honor_test_today

    def install(self, app: Any) -> None:
        """Adds the exception handler that answers a ProblemError."""

        async def handler(request: Request, error: Exception) -> Response:
            assert isinstance(error, ProblemError)
            return problem_response(error.problem)

        app.add_exception_handler(ProblemError, handler)

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
        name = request.headers.get(TIME_ZONE_HEADER) or self.default_time_zone
        if name is None:
            return datetime.date.today().isoformat()
        try:
            from zoneinfo import ZoneInfo

            zone = ZoneInfo(name)
        except (ValueError, KeyError, OSError, ImportError):
            raise ProblemError(ProblemDetails.unknown_time_zone(language)) from None
        return datetime.datetime.now(zone).date().isoformat()

    async def read_body(self, request: Request, language: str) -> bytes:
        """The body, at most `max_body_bytes` (413 past them, before reading them all)."""
        limit = self.max_body_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise ProblemError(ProblemDetails.too_large(limit, language))
        chunks: List[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ProblemError(ProblemDetails.too_large(limit, language))
            chunks.append(chunk)
        return b"".join(chunks)

    def body(self, model: str, as_type: Optional[Callable[..., T]] = None) -> Callable[[Request], Awaitable[Any]]:
        """A dependency that validates the request body as `model`: it gives the value after
        normalization (a dict; Decimal for decimals, datetime.date for dates), or `as_type(**value)`
        (a dataclass, a pydantic model, any callable), and raises ProblemError (400, 413, 415, 422)."""
        self.rules.languages(model)  # NB: an unknown model fails here, at start-up, not per request.

        async def validated_body(request: Request) -> Any:
            language = self.language(request, model)
            if self.require_json_content_type:
                content_type = request.headers.get("content-type")
                media = (content_type or "").split(";")[0].strip().lower()
                if media != "application/json" and not (media.startswith("application/") and media.endswith("+json")):
                    raise ProblemError(ProblemDetails.unsupported_media_type(content_type, language))
            today = self.today(request, language)
            data = await self.read_body(request, language)
            verdict = self.rules.verdict(model, data, accept_language=request.headers.get("accept-language"),
                                         today=today, max_body_bytes=None)
            if verdict.problem is not None:
                raise ProblemError(verdict.problem)
            value = verdict.value
            if as_type is not None and isinstance(value, dict):
                return as_type(**value)
            return value

        validated_body.__name__ = f"validated_{model}_body"
        return validated_body

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


__all__ = ["ProblemError", "RuleCheck", "TEST_TODAY_HEADER", "TIME_ZONE_HEADER", "problem_response"]
