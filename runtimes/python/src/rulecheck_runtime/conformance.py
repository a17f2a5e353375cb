"""The conformance protocol (docs/conformance.md), spoken by this package.

Usage: python3 -m rulecheck_runtime.conformance SCHEMA.json
       python3 -m rulecheck_runtime.conformance --checks   (the checks it implements, as a JSON array)

SCHEMA.json is what `rulecheck export jsonschema` (or `export openapi`) wrote. Each line of
standard input is a request, {"type": …, "input": …, "today": …, "language": …}; each answer
is one line on standard output, {"valid": true, "value": …} or {"valid": false, "violations":
[{"code": …, "path": […], "message": …}]}. Requests are read with the package's strict JSON
reader; a request's strings are text, as a form gives it, and its numbers stay numbers.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List, Optional, Tuple

from . import _json
from ._api import Rules
from ._core import CHECKS, NOW, Context, RulesError, json_value
from ._text import parse_date

USAGE = "usage: python3 -m rulecheck_runtime.conformance [--custom CHECKS.py] SCHEMA.json | --checks"


def answer(rules: Rules, request: Dict[str, Any]) -> Dict[str, Any]:
    run = rules._run(request["type"])
    language = request.get("language") or "en"
    today = request.get("today")
    _, value, violations = run(request.get("input"), False, NOW if today is None else Context(today, None))
    if violations is not None:
        return {"valid": False,
                "violations": [{"code": v.code, "path": v.path, "message": v.message(language)} for v in violations]}
    return {"valid": True, "value": json_value(value)}


def respond(rules: Rules, body: bytes) -> Tuple[int, str]:
    """One request over HTTP, as the Swift server's conformance route answers it: 200 with the
    answer line, or 400 with why the request cannot be answered."""
    try:
        request = _json.read(body)
    except _json.JSONReadError as error:
        return 400, f"the request is not JSON: {error}"
    if not isinstance(request, dict):
        return 400, "the request is not a JSON object"
    name = request.get("type")
    if not isinstance(name, str):
        return 400, 'the request has no string "type"'
    if name not in rules.names:
        return 400, f"no type or model '{name}'"
    today = request.get("today")
    if today is not None and (not isinstance(today, str) or parse_date(today) is None):
        return 400, '"today" is not a date YYYY-MM-DD'
    language = request.get("language")
    request["language"] = language if isinstance(language, str) else "en"
    return 200, json.dumps(answer(rules, request), ensure_ascii=False, separators=(",", ":"))


def _custom_checks(path: str) -> Any:
    """The `custom` mapping of the Python file at `path`: the custom checks' implementations."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("rulecheck_custom_checks", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"rulecheck.conformance: {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "custom", {})


def main(arguments: Optional[List[str]] = None) -> int:
    arguments = sys.argv[1:] if arguments is None else arguments
    if arguments == ["--checks"]:
        print(json.dumps(sorted(CHECKS)))
        return 0
    custom = None
    if len(arguments) == 3 and arguments[0] == "--custom":
        custom = _custom_checks(arguments[1])
        arguments = arguments[2:]
    if len(arguments) != 1 or arguments[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        rules = Rules.load(arguments[0], custom=custom)
    except (OSError, RulesError) as error:
        print(f"rulecheck_runtime.conformance: {error}", file=sys.stderr)
        return 2
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            request = _json.read(line.rstrip(b"\r\n"))
            response = answer(rules, request)
        except Exception as error:  # noqa: BLE001 - an answer the runner reports, never a silent exit
            print(f"rulecheck_runtime.conformance: {type(error).__name__}: {error}", file=sys.stderr)
            return 2
        sys.stdout.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
