"""The package's API: rules loaded once, validation of Python values and of JSON bodies, and the
RFC 9457 problem details the Swift library answers with."""

from __future__ import annotations

import datetime
import json
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from . import _json
from . import _rulecheck_data as data
from ._core import (
    NOW,
    FORMAT_VERSION,
    Compiler,
    Context,
    CustomCheck,
    Outcome,
    Runner,
    RulesError,
    ValidationResult,
    Verdict,
    Violation,
    fill,
    json_quote,
    json_value,
    judge,
    lookup_language,
    outcomes_of,
    public_value,
    result_of,
)
from ._json import JSONReadError
from ._text import Number
from ._unicode import VERSION as UNICODE_VERSION
from ._unicode import ascii_lower

# The largest body validate_json and verdict read, in bytes, unless told otherwise.
DEFAULT_MAX_BODY_BYTES = 1_048_576


class UndeclaredServerCode(ValueError):
    """A server code asked for where the rules do not declare it under `serverCodes:`: a mistake in the
    server's code, never in a request. Its text names what is declared there, as the Swift library's does."""


class UnknownTypeError(KeyError):
    """A type or model the rules do not define."""

    def __init__(self, name: str, known: Sequence[str]) -> None:
        close = [other for other in known if ascii_lower(other) == ascii_lower(name)]
        hint = f"; did you mean {close[0]!r}?" if close else ""
        super().__init__(f"the rules define no type or model named {name!r}{hint}")
        self.name = name

    def __str__(self) -> str:
        return str(self.args[0])


def _context(contexts: Dict[Any, Context], today: Any, time_zone: Optional[str]) -> Context:
    """The context of a call, cached by its today (and time zone), since most calls repeat them."""
    key = today if time_zone is None else (today, time_zone)
    found = contexts.get(key)
    if found is None:
        if len(contexts) > 256:
            contexts.clear()
        found = contexts[key] = Context(today, time_zone)
    return found


_PROBLEMS: Dict[str, Dict[str, Any]] = data.PROBLEMS


def _detail_template(templates: Dict[str, str], language: str) -> str:
    if language in templates:
        return templates[language]
    tag = lookup_language(language, list(templates))
    return templates[tag] if tag is not None else templates["en"]


class ProblemDetails:
    """An RFC 9457 `application/problem+json` body: 422 with every violation, 400 for a body that
    is not JSON (with `line` and `column`), 413 for one past the size limit, 415 for one that is
    not sent as JSON. `json()` writes it byte for byte as the Swift library does."""

    media_type = "application/problem+json"
    # NB: defaults read through the class, so that a 422 (for_violations) sets only what it holds.
    type = "about:blank"
    line: Optional[int] = None
    column: Optional[int] = None
    # A 422's count and language, for its detail written when first read (None: detail is written).
    _detail_of: Optional[Tuple[int, str]] = None

    def __init__(self, status: int, title: str, detail: str, language: str,
                 violations: Optional[List[Violation]] = None, line: Optional[int] = None,
                 column: Optional[int] = None, type: str = "about:blank") -> None:
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.language = language
        self.violations: List[Violation] = violations or []
        self.line = line
        self.column = column

    @property
    def detail(self) -> str:
        """The problem in a sentence; a 422's ("2 fields are invalid") written when first read."""
        lazy = self._detail_of
        if lazy is not None:
            count, language = lazy
            templates = _PROBLEMS["oneInvalid" if count == 1 else "invalid"]["detail"]
            self._detail = fill(_detail_template(templates, language),
                                lambda name: str(count) if name == "count" else None)
            self._detail_of = None
        return self._detail

    @detail.setter
    def detail(self, value: str) -> None:
        self._detail = value
        self._detail_of = None

    @classmethod
    def for_violations(cls, violations: List[Violation], language: str) -> "ProblemDetails":
        # NB: no __init__ and no detail text: a server that answers with json() writes it, one that
        # reads the status alone never does (about a tenth of an invalid body's verdict in Python).
        count = len(violations)
        problem = _PROBLEMS["oneInvalid" if count == 1 else "invalid"]
        if cls is ProblemDetails:
            made: ProblemDetails = cls.__new__(cls)
            made.status = problem["status"]
            made.title = problem["title"]
            made.language = language
            made.violations = violations
        else:  # a subclass's __init__ runs, as it did
            made = cls(problem["status"], problem["title"], "", language, violations)
        made._detail_of = (count, language)
        return made

    @classmethod
    def unreadable(cls, error: JSONReadError, language: str) -> "ProblemDetails":
        # NB: "en", whatever was negotiated: the reader's diagnostic is in English (Content-Language is true to it).
        problem = _PROBLEMS["notJSON"]
        detail = fill(problem["detail"]["en"], lambda name: error.message if name == "message" else None)
        return cls(problem["status"], problem["title"], detail, "en", line=error.line, column=error.column)

    # The answers of every server integration besides the rules' own, with the Swift library's texts
    # (ProblemText.swift, through the generated data): in the negotiated language where there is
    # one, else in English.
    @classmethod
    def _other(cls, name: str, language: str, values: Dict[str, str]) -> "ProblemDetails":
        problem = _PROBLEMS[name]
        templates: Dict[str, str] = problem["detail"]
        has = language in templates or lookup_language(language, list(templates)) is not None
        shown = language if has else "en"
        detail = fill(_detail_template(templates, shown), values.get)
        return cls(problem["status"], problem["title"], detail, shown)

    @classmethod
    def too_large(cls, limit: int, language: str) -> "ProblemDetails":
        return cls._other("tooLarge", language, {"limit": str(limit)})

    @classmethod
    def unsupported_media_type(cls, content_type: Optional[str], language: str) -> "ProblemDetails":
        if content_type is None:
            return cls._other("missingMediaType", language, {})
        return cls._other("unsupportedMediaType", language, {"type": content_type})

    @classmethod
    def unknown_time_zone(cls, language: str) -> "ProblemDetails":
        return cls._other("unknownTimeZone", language, {})

    @classmethod
    def unreadable_test_today(cls, language: str) -> "ProblemDetails":
        return cls._other("unreadableTestToday", language, {})

    @classmethod
    def not_found(cls, language: str) -> "ProblemDetails":
        """404: no route is at the request's path."""
        return cls._other("notFound", language, {})

    @classmethod
    def method_not_allowed(cls, method: str, allowed: Sequence[str], language: str) -> "ProblemDetails":
        """405: the path answers other methods than the request's, `allowed` (also sent as `Allow`),
        listed sorted and once each, as every runtime lists them."""
        return cls._other("methodNotAllowed", language, {"method": method, "allowed": ", ".join(sorted(set(allowed)))})

    @classmethod
    def for_status(cls, status: int, detail: Optional[str], language: str = "en") -> "ProblemDetails":
        """Another status a server answers (an `HTTPException` of its own): its reason phrase as the
        title, and `detail` (else the phrase), in English since the server wrote it."""
        import http

        try:
            title = http.HTTPStatus(status).phrase
        except ValueError:
            title = "Error"
        return cls(status, title, detail or title, "en")

    @staticmethod
    def is_json(content_type: Optional[str]) -> bool:
        """Whether a `Content-Type` names JSON: `application/json` or `application/…+json`,
        parameters and case aside, as the Swift library's `isJSON(contentType:)`."""
        if content_type is None:
            return False
        media = ascii_lower(content_type.split(";", 1)[0].strip(" \t"))
        return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))

    def json(self) -> str:
        parts = ['{"type":', json_quote(self.type), ',"title":', json_quote(self.title), ',"status":',
                 str(self.status), ',"detail":', json_quote(self.detail), ',"language":', json_quote(self.language),
                 ',"violations":[', ",".join(v.json(self.language) for v in self.violations), "]"]
        if self.line is not None and self.column is not None:
            parts.append(f',"line":{self.line},"column":{self.column}')
        parts.append("}")
        return "".join(parts)

    def json_bytes(self) -> bytes:
        return self.json().encode("utf-8")

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": self.type, "title": self.title, "status": self.status, "detail": self.detail,
                               "language": self.language,
                               "violations": [v.to_dict(self.language) for v in self.violations]}
        if self.line is not None:
            out["line"] = self.line
            out["column"] = self.column
        return out

    def __repr__(self) -> str:
        return f"<ProblemDetails {self.status} {self.detail!r}>"


def parse_accept_language(header: Optional[str]) -> List[Tuple[str, int]]:
    """The ranges of an `Accept-Language` header, most preferred first: (tag, quality in 0...1000)."""
    ranges: List[Tuple[int, str, int]] = []
    for index, entry in enumerate((header or "").split(",")):
        parts = entry.split(";")
        tag = ascii_lower(parts[0].strip(" \t"))
        if not _is_range(tag):
            continue
        quality = 1000
        for parameter in parts[1:]:
            pair = parameter.strip(" \t")
            if not (pair.startswith("q=") or pair.startswith("Q=")):
                continue
            value = _quality(pair[2:])
            if value is None:
                quality = -1
                break
            quality = value
        if quality >= 0:
            ranges.append((quality, tag, index))
    ranges.sort(key=lambda item: (-item[0], item[2]))
    return [(tag, quality) for quality, tag, _ in ranges]


def _is_range(tag: str) -> bool:
    if tag == "*":
        return True
    subtags = tag.split("-")
    if not subtags[0].isascii() or not subtags[0].isalpha():
        return False
    return all(1 <= len(part) <= 8 and part.isascii() and part.isalnum() for part in subtags)


def _quality(text: str) -> Optional[int]:
    if not text or text[0] not in "01":
        return None
    if len(text) == 1:
        return 1000 if text == "1" else 0
    if text[1] != "." or len(text) > 5 or not all("0" <= c <= "9" for c in text[2:]):
        return None
    thousandths = int((text[2:] + "000")[:3])
    if text[0] == "1":
        return 1000 if thousandths == 0 else None
    return thousandths


def negotiate_language(accept_language: Optional[str], available: Iterable[str], default: str = "en") -> str:
    """The language of messages for an `Accept-Language` header: the client's most preferred
    among `available`, else `default`, as the Swift library negotiates."""
    if not accept_language:
        return default
    ranges = parse_accept_language(accept_language)
    excluded = {tag for tag, quality in ranges if quality == 0}
    candidates = [name for name in available if ascii_lower(name) not in excluded]
    for tag, quality in ranges:
        if quality <= 0:
            continue
        if tag == "*":
            if ascii_lower(default) not in excluded:
                return default
            if candidates:
                return candidates[0]
            continue
        found = lookup_language(tag, candidates, narrower=True)
        if found is not None:
            return found
    return default


class Rules:
    """Every type and model of a rules export (`rulecheck export jsonschema` or `export openapi`),
    compiled once.

    >>> rules = Rules.load("rules.schema.json")
    >>> rules.validate("TaskTitle", "  Buy milk ").value
    'Buy milk'
    """

    def __init__(self, document: Dict[str, Any], custom: Optional[Mapping[str, CustomCheck]] = None) -> None:
        if not isinstance(document, dict):
            raise RulesError("not a schema exported by rulecheck: the document is not a JSON object")
        version = document.get("x-rulecheck-version")
        if version is None:
            raise RulesError("not a schema exported by rulecheck: it has no x-rulecheck-version")
        if version != FORMAT_VERSION:
            if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
                raise RulesError(
                    f"the rules were exported by a newer rulecheck (x-rulecheck-version {version}); this package "
                    f"reads version {FORMAT_VERSION}: update it (pip install -U rulecheck-runtime)")
            raise RulesError(f"x-rulecheck-version {version!r} is not one this package reads ({FORMAT_VERSION})")
        # The Unicode version the verdicts follow. NB: an export without it (made before it existed) is read.
        unicode_version = document.get("x-rulecheck-unicode")
        if unicode_version is not None and unicode_version != UNICODE_VERSION:
            raise RulesError(
                f"the rules were exported for Unicode {unicode_version} (x-rulecheck-unicode); this package "
                f"decides by Unicode {UNICODE_VERSION}: use the rulecheck and the package of the same release")
        definitions = document.get("$defs")
        if definitions is None:
            definitions = (document.get("components") or {}).get("schemas")
        if not isinstance(definitions, dict):
            raise RulesError("not a schema exported by rulecheck: it has neither $defs nor components.schemas")
        self._definitions = {name: d for name, d in definitions.items()
                             if isinstance(d, dict) and "x-rulecheck-type" in d}
        declarations = document.get("x-rulecheck-custom", {})
        if not isinstance(declarations, dict):
            raise RulesError("x-rulecheck-custom is not an object")
        if custom is not None:
            if not isinstance(custom, Mapping):
                raise TypeError('custom is a mapping of callables by custom check name, such as {"luhn": luhn}')
            for check_name, implementation in custom.items():
                if not callable(implementation):
                    raise TypeError(f"custom[{check_name!r}] is not callable")
        self._compiler = Compiler(self._definitions, declarations, custom)
        self._runs: Dict[str, Any] = {}
        self._runners: Dict[str, Runner] = {}
        self._contexts: Dict[Any, Context] = {}
        self._negotiated: Dict[Tuple[str, str], str] = {}
        self._uses_today: Dict[str, bool] = {}
        # The JSON text the rules were read from (load, loads), which rulecheck_runtime.spark ships to workers.
        self._export: Optional[bytes] = None
        for name in self._definitions:
            runner = self._runners[name] = self._compiler.runner(name)
            self._runs[name] = runner.run
            self._compiler.languages_of(name)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"],
             custom: Optional[Mapping[str, CustomCheck]] = None) -> "Rules":
        """Reads an exported schema file; RulesError when it is not one this package can use, or when
        it uses a custom check that `custom` (implementations by name) does not implement."""
        with open(path, "rb") as file:
            data = file.read()
        try:
            document = _json.read(data)
        except JSONReadError as error:
            raise RulesError(f"{os.fspath(path)}:{error.line}:{error.column}: {error.message}") from None
        rules = cls(_plain(document), custom)
        rules._export = data
        return rules

    @classmethod
    def loads(cls, data: Union[str, bytes], custom: Optional[Mapping[str, CustomCheck]] = None) -> "Rules":
        """Reads an exported schema from its JSON text; `custom` as for `load`."""
        text = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        try:
            document = _json.read(text)
        except JSONReadError as error:
            raise RulesError(f"{error.line}:{error.column}: {error.message}") from None
        rules = cls(_plain(document), custom)
        rules._export = text
        return rules

    @property
    def names(self) -> List[str]:
        """The types and models the rules define."""
        return list(self._definitions)

    def is_model(self, name: str) -> bool:
        return self._definition(name).get("x-rulecheck-type") == "model"

    def languages(self, name: str) -> Tuple[str, ...]:
        """The languages the messages of `name` (and its fields) are written in."""
        self._definition(name)
        return self._compiler.languages_of(name)

    def negotiable_languages(self, name: str) -> Tuple[str, ...]:
        """The languages a server answers `name` in: those all its messages (its fields' too) and a
        problem's detail are written in, so that the answer is in one language; a language only some
        messages have (one `fr:`) is never negotiated, as in the Swift library."""
        self._definition(name)
        return tuple(tag for tag in self._compiler.complete_languages_of(name) if tag in data.DETAIL_LANGUAGES)

    def language_for(self, name: str, accept_language: Optional[str]) -> str:
        """The language of messages for an `Accept-Language` header, among `negotiable_languages(name)`."""
        if not accept_language:
            self._definition(name)
            return "en"
        key = (name, accept_language)
        found = self._negotiated.get(key)
        if found is None:
            if len(self._negotiated) > 1024:
                self._negotiated.clear()
            found = self._negotiated[key] = negotiate_language(accept_language, self.negotiable_languages(name))
        return found

    def uses_today(self, name: str) -> bool:
        """Whether the rules of `name` (its fields' too) hold a date bound relative to today
        (`notBefore: today`), so that a request's `Time-Zone` matters to its verdict."""
        found = self._uses_today.get(name)
        if found is None:
            found = self._uses_today[name] = self._reaches_today(name, set())
        return found

    def _reaches_today(self, name: str, seen: Set[str]) -> bool:
        if name in seen:
            return False
        seen.add(name)
        definition = self._definition(name)
        for check in definition.get("x-rulecheck-checks", []):
            bound = check.get("date")
            if isinstance(bound, str) and bound.startswith("today"):
                return True
        return any(self._reaches_today(field["type"], seen) for field in definition.get("x-rulecheck-fields", [])
                   if isinstance(field.get("type"), str) and field["type"] in self._definitions)

    def _definition(self, name: str) -> Dict[str, Any]:
        definition = self._definitions.get(name)
        if definition is None:
            raise UnknownTypeError(name, list(self._definitions))
        return definition

    def _run(self, name: str) -> Any:
        run = self._runs.get(name)
        if run is None:
            raise UnknownTypeError(name, list(self._definitions))
        return run

    def validator(self, name: str) -> "Validator":
        """The compiled validator of one type or model, for a call without the name's look-up."""
        return Validator(self, name)

    def validate(self, type: str, value: Any, *, today: Union[str, datetime.date, None] = None,
                 language: str = "en", time_zone: Optional[str] = None) -> ValidationResult:
        """Validates a Python value as the type or model `type`: text (str) as a form gives it, int,
        Decimal or float, bool, None for absent, a dict for a model, a list for a list field.
        `today` is the date that counts as today (else today where `time_zone` is)."""
        runner = self._runners.get(type)
        if runner is None:
            raise UnknownTypeError(type, list(self._definitions))
        if time_zone is None:
            context = NOW if today is None else self._contexts.get(today) or _context(self._contexts, today, None)
        else:
            context = _context(self._contexts, today, time_zone)
        return result_of(runner, value, False, context, language)

    def validate_json(self, type: str, body: Union[bytes, bytearray, memoryview, str], *,
                      today: Union[str, datetime.date, None] = None, language: str = "en",
                      time_zone: Optional[str] = None) -> ValidationResult:
        """Reads `body` as one JSON text, exactly as the Swift reader does, and validates it: each
        value's JSON kind must fit its type (`{"title": 12345}` is invalidFormat), undeclared
        fields are skipped. Raises JSONReadError (with line and column) when it is not JSON."""
        runner = self._runners.get(type)
        if runner is None:
            raise UnknownTypeError(type, list(self._definitions))
        data = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else bytes(body)
        context = NOW if today is None and time_zone is None else _context(self._contexts, today, time_zone)
        return result_of(runner, _json.read(data), True, context, language)

    def verdict(self, type: str, body: Union[bytes, bytearray, memoryview, str], *,
                accept_language: Optional[str] = None, today: Union[str, datetime.date, None] = None,
                time_zone: Optional[str] = None, max_body_bytes: Optional[int] = DEFAULT_MAX_BODY_BYTES) -> Verdict:
        """A request body's verdict in one call: its value, or the problem details to answer with
        (400 not JSON, 413 past `max_body_bytes`, 422 invalid), in the language `accept_language`
        prefers among those the rules write `type`'s messages in."""
        runner = self._runners.get(type)
        if runner is None:
            raise UnknownTypeError(type, list(self._definitions))
        language = self.language_for(type, accept_language) if accept_language else "en"
        if body.__class__ is not bytes:
            body = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else bytes(body)
        if max_body_bytes is not None and len(body) > max_body_bytes:
            return Verdict(None, ProblemDetails.too_large(max_body_bytes, language), language)
        if time_zone is None:
            context = NOW if today is None else self._contexts.get(today) or _context(self._contexts, today, None)
        else:
            context = _context(self._contexts, today, time_zone)
        try:
            found = judge(runner, body, context, language)
        except JSONReadError as error:
            return Verdict(None, ProblemDetails.unreadable(error, language), language)
        if isinstance(found, list):
            return Verdict(None, ProblemDetails.for_violations(found, language), language)
        return found

    def server_violation(self, name: str, code: str, path: Sequence[str] = (), *,
                         value: Optional[str] = None) -> Violation:
        """A violation the server found itself, of a code the rules declare under `serverCodes:` on
        the type or model at `path` inside `name` (`["email"]`, `["tags", "0"]`, `[]` for the model):
        its code, messages and `sensitive` are the rules', as if a check had reported it. Raises
        UndeclaredServerCode when `path` names no field or the code is not declared there."""
        current, here, sensitive = self._definition(name), name, False
        path = list(path)
        index = 0
        while index < len(path):
            fields = current.get("x-rulecheck-fields")
            if fields is None:
                raise UndeclaredServerCode(
                    f"'{here}' at '{'.'.join(path[:index])}' has no fields, so no '{path[index]}'; "
                    f"report '{code}' on a path that names a field of a model")
            field = next((entry for entry in fields if entry["name"] == path[index]), None)
            if field is None:
                names = ", ".join(f"'{entry['name']}'" for entry in fields)
                raise UndeclaredServerCode(f"'{here}' has no field '{path[index]}'; its fields are {names}")
            sensitive = sensitive or field.get("sensitive") is True
            index += 1
            if "list" in field:
                if index >= len(path) or not _is_item_index(path[index]):
                    named = ", ".join(f'"{part}"' for part in path[:index])
                    raise UndeclaredServerCode(
                        f"field '{field['name']}' of '{here}' is a list; name an item by its index, "
                        f'such as [{named}, "0"]')
                index += 1
            here = field["type"]
            current = self._definition(here)
        declared = current.get("x-rulecheck-server-codes", [])
        outcome = next((entry for entry in declared if entry["code"] == code), None)
        if outcome is None:
            place = f" at '{'.'.join(path)}'" if path else ""
            codes = ", ".join(f"'{entry['code']}'" for entry in declared)
            raise UndeclaredServerCode(
                f"'{here}'{place} declares no server code '{code}'; "
                + (f"its server codes are {codes}" if codes
                   else f"declare it under 'serverCodes:' of '{here}', with its messages"))
        sensitive = sensitive or current.get("x-rulecheck-sensitive") is True
        return Violation(Outcome(outcome, code, sensitive), path, value=value)

    def violation(self, code: str, path: Sequence[str] = (), *, value: Optional[str] = None,
                  messages: Optional[Dict[str, str]] = None, sensitive: bool = False) -> Violation:
        """A violation of a code the rules do not declare (for one they declare under `serverCodes:`,
        use `server_violation`), with the messages the rules give `code` anywhere, else `messages`,
        else the code itself."""
        templates = dict(self._messages_of(code))
        templates.update(messages or {})
        outcome = Outcome({"code": code, "messages": templates}, code, sensitive)
        return Violation(outcome, list(path), value=value)

    def _messages_of(self, code: str) -> Dict[str, str]:
        for definition in self._definitions.values():
            for outcome in outcomes_of(definition):
                if outcome.get("code") == code and outcome.get("messages"):
                    return dict(outcome["messages"])
        return {}


def _is_item_index(text: str) -> bool:
    """A list item's index as the Swift library reads one: `0` or digits without a leading zero, within 64 bits."""
    return (text == "0" or (text[:1] in "123456789" and text.isascii() and text.isdigit())) and int(text) < 1 << 63


def _plain(document: Any) -> Any:
    """A schema read by the strict reader, its numbers as Python's (bounds, counts, versions)."""
    if isinstance(document, dict):
        return {key: _plain(value) for key, value in document.items()}
    if isinstance(document, list):
        return [_plain(item) for item in document]
    if isinstance(document, Number):
        integer = document.exact_integer()
        return integer if integer is not None else document.to_decimal()
    return document


class Validator:
    """One type or model of the rules, compiled: `rules.validator("TaskTitle").validate(" a ")`."""

    __slots__ = ("rules", "name", "_runner")

    def __init__(self, rules: Rules, name: str) -> None:
        self.rules = rules
        self.name = name
        rules._run(name)
        self._runner = rules._runners[name]

    def validate(self, value: Any, *, today: Union[str, datetime.date, None] = None, language: str = "en",
                 time_zone: Optional[str] = None) -> ValidationResult:
        """As Rules.validate, for this type or model."""
        if time_zone is None:
            contexts = self.rules._contexts
            context = NOW if today is None else contexts.get(today) or _context(contexts, today, None)
        else:
            context = _context(self.rules._contexts, today, time_zone)
        return result_of(self._runner, value, False, context, language)

    def validate_json(self, body: Union[bytes, bytearray, memoryview, str], *,
                      today: Union[str, datetime.date, None] = None, language: str = "en",
                      time_zone: Optional[str] = None) -> ValidationResult:
        return self.rules.validate_json(self.name, body, today=today, language=language, time_zone=time_zone)

    def verdict(self, body: Union[bytes, bytearray, memoryview, str], *, accept_language: Optional[str] = None,
                today: Union[str, datetime.date, None] = None, time_zone: Optional[str] = None,
                max_body_bytes: Optional[int] = DEFAULT_MAX_BODY_BYTES) -> Verdict:
        return self.rules.verdict(self.name, body, accept_language=accept_language, today=today,
                                  time_zone=time_zone, max_body_bytes=max_body_bytes)

    @property
    def languages(self) -> Tuple[str, ...]:
        return self.rules.languages(self.name)
