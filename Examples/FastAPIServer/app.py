"""The seed's sign-up and task routes on FastAPI, validated by the rules through rulecheck_runtime.fastapi:
the Python twin of Examples/TaskServer (docs/python.md).

    uvicorn app:app --host 127.0.0.1 --port 8000

RULES_SCHEMA names the rules export (default: runtimes/fixtures/seed.schema.json, the export of
rules/ that the Swift tests keep current); DRIFT_CHECK=1 honours the drift check's
Rulecheck-Today header (a test mode: never in production); DROP_CODE=titleTooLong makes a
deliberately wrong server, whose task route lets that violation through, for the drift check to catch.
"""

from __future__ import annotations

import itertools
import os
import pathlib
import sys
from dataclasses import asdict
from typing import Any, Dict, Optional

from fastapi import FastAPI, Request

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# NB: the package from the repository when it is not installed (`pip install ./runtimes/python`).
try:
    import rulecheck_runtime  # noqa: F401
except ImportError:  # pragma: no cover - depends on the environment
    sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

from rule_models import SignUp, ToDoTask  # noqa: E402  (rulecheck generate python rules --output .)
from rulecheck_runtime import ProblemDetails, Rules  # noqa: E402
from rulecheck_runtime.fastapi import ProblemError, RuleCheck  # noqa: E402

DEFAULT_RULES = ROOT / "runtimes" / "fixtures" / "seed.schema.json"
# Addresses already registered: the server code `emailTaken`, which rules/signup.yaml declares on
# `NewEmail` with its messages.
TAKEN_EMAILS = frozenset({"taken@example.org"})



def create_app(rules: Rules, *, test_mode: bool = False, drop_code: Optional[str] = None) -> FastAPI:
    check = RuleCheck(rules, max_body_bytes=16 << 20, honor_test_today=test_mode)
    app = FastAPI(title="rulecheck FastAPI example")
    check.install(app)
    check.conformance_route(app, "/conformance")
    ids = itertools.count(1)

    @app.post("/signup", status_code=201)
    def sign_up(request: Request, value: SignUp = check.depends("SignUp", as_type=SignUp)) -> Dict[str, Any]:
        if value.email in TAKEN_EMAILS:
            raise check.problem(request, "SignUp", [
                rules.server_violation("SignUp", "emailTaken", ["email"], value=value.email)])
        # The account, never the password.
        return {"email": value.email, "displayName": value.displayName, "birthYear": value.birthYear,
                "plan": value.plan}

    if drop_code is None:
        @app.post("/tasks", status_code=201)
        def add_task(task: ToDoTask = check.depends("ToDoTask", as_type=ToDoTask)) -> Dict[str, Any]:
            stored = asdict(task)
            stored["dueDate"] = task.dueDate.isoformat() if task.dueDate is not None else None
            return {"id": next(ids), **stored}
    else:
        # A deliberately wrong handler: it lets one kind of violation through (drift).
        @app.post("/tasks", status_code=201)
        async def add_task_wrongly(request: Request) -> Dict[str, Any]:
            verdict = rules.verdict("ToDoTask", await request.body(),
                                    accept_language=request.headers.get("accept-language"), today=check.today(request))
            problem = verdict.problem
            if problem is not None:
                kept = [violation for violation in problem.violations if violation.code != drop_code]
                if problem.status != 422 or kept:
                    raise ProblemError(ProblemDetails.for_violations(kept, problem.language)
                                       if problem.status == 422 else problem)
            return {"id": next(ids)}

    return app


def create_app_from_environment() -> FastAPI:
    rules = Rules.load(os.environ.get("RULES_SCHEMA") or DEFAULT_RULES)
    return create_app(rules, test_mode=os.environ.get("DRIFT_CHECK") == "1",
                      drop_code=os.environ.get("DROP_CODE") or None)


app = create_app_from_environment()
