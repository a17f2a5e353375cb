"""A prototype (docs/performance.md, "Python"): request bodies validated by the Swift engine itself,
a shared library built from Benchmarks/PythonCore and loaded with ctypes, with the answers turned
into this package's own result objects (Verdict, ProblemDetails, Violation). It lives beside the
benchmarks, outside the package, until the full version (docs/performance.md) ships.

The library reads the rules from their YAML files; `Rules` (from the export) still gives the
languages a body's messages can be in. One `NativeRules` per thread: its answer buffer is shared.
"""

from __future__ import annotations

import ctypes
import datetime
import json
from typing import Any, Dict, List, Optional, Sequence, Union

from rulecheck_runtime._api import DEFAULT_MAX_BODY_BYTES, ProblemDetails, Rules, Verdict
from rulecheck_runtime._core import Outcome, Violation
from rulecheck_runtime._json import JSONReadError
from rulecheck_runtime._marked import Date, TextBound
from rulecheck_runtime._text import Number

_VOID = ctypes.c_void_p
_SIZE = ctypes.c_ssize_t
_BYTES = ctypes.c_char_p


class NativeError(RuntimeError):
    """The library could not load the rules, or a call broke the protocol."""


class NativeRules:
    """Validates request bodies with the Swift engine: `verdict` as `Rules.verdict`."""

    def __init__(self, library: str, rule_paths: Sequence[str], rules: Rules, capacity: int = 1 << 16) -> None:
        lib = ctypes.CDLL(library)
        lib.rulecheck_load.argtypes = [_BYTES, ctypes.c_char_p, _SIZE]
        lib.rulecheck_load.restype = _VOID
        lib.rulecheck_validator.argtypes = [_VOID, _BYTES]
        lib.rulecheck_validator.restype = _VOID
        lib.rulecheck_outcome.argtypes = [_VOID, _SIZE, ctypes.c_char_p, _SIZE]
        lib.rulecheck_outcome.restype = _SIZE
        for name in ("rulecheck_validate_json", "rulecheck_nothing"):
            function = getattr(lib, name)
            function.argtypes = [_VOID, _BYTES, _SIZE, _BYTES, ctypes.c_char_p, _SIZE]
            function.restype = _SIZE
        self._lib = lib
        self.rules = rules
        self._buffer = ctypes.create_string_buffer(capacity)
        self._capacity = capacity
        error = ctypes.create_string_buffer(1 << 14)
        handle = lib.rulecheck_load("\n".join(str(path) for path in rule_paths).encode(), error, len(error))
        if not handle:
            raise NativeError(error.value.decode("utf-8", "replace"))
        self._handle = handle
        self._checkers: Dict[str, int] = {}
        self._outcomes: List[Optional[Outcome]] = []
        self._todays: Dict[Any, bytes] = {}

    def _checker(self, name: str) -> int:
        found = self._checkers.get(name)
        if found is None:
            found = self._lib.rulecheck_validator(self._handle, name.encode())
            if not found:
                self.rules._definition(name)  # NB: raises UnknownTypeError, as the pure package does
                raise NativeError(f"the library's rules have no '{name}'")
            self._checkers[name] = found
        return found

    def _call(self, function: Any, *arguments: Any) -> Any:
        count = function(*arguments, self._buffer, self._capacity)
        if count < 0:
            self._capacity = -count * 2
            self._buffer = ctypes.create_string_buffer(self._capacity)
            count = function(*arguments, self._buffer, self._capacity)
        return json.loads(self._buffer.value)

    def _outcome(self, index: int) -> Outcome:
        outcomes = self._outcomes
        if index < len(outcomes):
            found = outcomes[index]
            if found is not None:
                return found
        code, builtin, sensitive, messages = self._call(self._lib.rulecheck_outcome, self._handle, index)
        outcome = Outcome({"code": code, "messages": messages}, builtin, sensitive)
        outcomes.extend([None] * (index + 1 - len(outcomes)))
        outcomes[index] = outcome
        return outcome

    def _today(self, today: Union[str, datetime.date, None]) -> Optional[bytes]:
        if today is None:
            return None
        found = self._todays.get(today)
        if found is None:
            found = self._todays[today] = (today if isinstance(today, str) else today.isoformat()).encode()
        return found

    def answer(self, type: str, body: bytes, today: Union[str, datetime.date, None] = None) -> Any:
        """The library's answer line for `body`, read: for measuring the call and the reading alone."""
        return self._call(self._lib.rulecheck_validate_json, self._checker(type), body, len(body), self._today(today))

    def nothing(self, type: str, body: bytes, today: Union[str, datetime.date, None] = None) -> Any:
        """A call that validates nothing, read as an answer: the cost of crossing into the library."""
        return self._call(self._lib.rulecheck_nothing, self._checker(type), body, len(body), self._today(today))

    def verdict(self, type: str, body: Union[bytes, bytearray, memoryview, str], *,
                accept_language: Optional[str] = None, today: Union[str, datetime.date, None] = None,
                time_zone: Optional[str] = None, max_body_bytes: Optional[int] = DEFAULT_MAX_BODY_BYTES) -> Verdict:
        """As `Rules.verdict` (no `time_zone` yet: today is the caller's or UTC's)."""
        if time_zone is not None:
            raise NotImplementedError("time_zone in the prototype")
        checker = self._checker(type)
        language = self.rules.language_for(type, accept_language)
        data = body if isinstance(body, bytes) else (
            body.encode("utf-8", "surrogatepass") if isinstance(body, str) else bytes(body))
        if max_body_bytes is not None and len(data) > max_body_bytes:
            return Verdict(None, ProblemDetails.too_large(max_body_bytes, language), language)
        found = self._call(self._lib.rulecheck_validate_json, checker, data, len(data), self._today(today))
        kind = found[0]
        if kind == 1:
            value = found[1]
            for mark in found[2]:
                value = _marked(value, mark)
            return Verdict(value, None, language)
        if kind == 0:
            outcome = self._outcome
            violations = []
            for index, path, bound_kind, bound, shown, redacted in found[1]:
                violation = Violation(outcome(index), path, _bound(bound_kind, bound), shown)
                if redacted:
                    violation.redacted = True
                violations.append(violation)
            return Verdict(None, ProblemDetails.for_violations(violations, language), language)
        if kind == 2:
            error = JSONReadError(found[1], found[2], found[3], found[4])
            return Verdict(None, ProblemDetails.unreadable(error, language), language)
        raise NativeError(f"unreadable today {today!r}")


def _bound(kind: Optional[str], bound: Any) -> Any:
    if kind is None or kind == "c":
        return bound
    if kind == "n":
        return Number.from_text(bound, written=True)
    if kind == "d":
        return Date(bound)
    return TextBound(bound)


def _marked(value: Any, mark: List[Any]) -> Any:
    """`value` with the string at `mark`'s path made the decimal or date it stands for."""
    kind, path = mark[0], mark[1:]
    if not path:
        return Number.from_text(value) if kind == "n" else Date(value)
    holder = value
    for step in path[:-1]:
        holder = holder[step]
    last = path[-1]
    holder[last] = Number.from_text(holder[last]) if kind == "n" else Date(holder[last])
    return value
