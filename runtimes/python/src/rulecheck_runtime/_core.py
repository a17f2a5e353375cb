"""Rules compiled from the x-rulecheck-* keywords of a schema that `rulecheck export` wrote.

Each definition compiles once, when the rules load: a type into a CompiledType, the one engine of
its steps; a model into a ModelRunner, a list field into a ListRunner, each check into an object of
its kind's class (ValueCheck, ModelCheck), so that mypyc compiles every call among them into a
direct one. A call looks up no schema key, parses no bound and compiles no pattern. The standard
keywords of the schema are not read: they only approximate some rules, while the x-rulecheck-*
keywords describe every type and model completely (docs/export.md).
"""

from __future__ import annotations

import datetime
import re
import sys
from decimal import Decimal
from typing import Any, Callable, Dict, Final, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union, cast

from . import _json
from . import _rulecheck_data as data
from . import _text as text
from ._marked import Date, PatternTimeoutError, TextBound
from ._patterns import MAXIMUM_INPUT_LENGTH, Matcher, Pattern, PatternError, compile_pattern
from ._text import WHITE_SPACE_CHARS
from ._text import Number
from ._unicode import Normalizer, ascii_lower
from ._unicode import general_category

# A value longer than this never matches a pattern (docs/format.md, "Patterns").
PATTERN_INPUT_LIMIT: Final = MAXIMUM_INPUT_LENGTH
# A lone surrogate (every surrogate of a str is one), which no Swift string and no JSON body holds:
# text with one is no value of any type, invalidFormat, as a body with one is a 400, raw or escaped.
# NB: the pattern escapes its surrogates itself: a literal one is no str mypyc compiles.
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SURROGATE_SEARCH: Final = _SURROGATE.search
# NB: the constants a run reads are Final, which mypyc reads as C variables, not from the module's dict.
WHITE_SPACE: Final[str] = WHITE_SPACE_CHARS
# What trim takes off ASCII text: the ASCII characters of White_Space (strip is faster with fewer).
_ASCII_WHITE_SPACE: Final[str] = "".join(char for char in WHITE_SPACE_CHARS if char < "\x80")
_INT_MIN: Final[int] = text.INT_MIN
_INT_MAX: Final[int] = text.INT_MAX
# Past this many bits an int has more digits than str() writes (sys.get_int_max_str_digits).
_LONG_INT_BITS = 4000 * 3
# How each type reads normalized text: text.PARSERS, but for the leading zeros of an integer.
def _parse_integer(written: str) -> Optional[int]:
    """text.parse_integer, with a long text's leading zeros stripped first: int() refuses more than
    4,300 digits, zeros included (a million zeros and a 1 raised ValueError)."""
    if len(written) > 20:
        sign = written[0] if written[0] in "+-" else ""
        digits = written[len(sign):].lstrip("0")
        written = sign + (digits or "0")
    return text.parse_integer(written)


PARSERS: Dict[str, Callable[[str], object]] = {**text.PARSERS, "integer": _parse_integer}
# Deprecated, unused: patterns match in linear time (_patterns.py), with no time limit; kept for the
# code that imports it (docs/python.md).
PATTERN_TIMEOUT = 1.0
# {value} shows at most this many scalars, then "…"; a sensitive value shows as HIDDEN_VALUE.
ECHOED_SCALARS = 64
HIDDEN_VALUE = "***"

# Every check this runtime means exactly as the engine does (`required` is read from
# `x-rulecheck-required`, the others from `x-rulecheck-checks`), from the generated data; a schema
# with any other is refused when it loads.
CHECKS: FrozenSet[str] = frozenset(data.CHECKS)
FORMAT_VERSION: int = data.FORMAT_VERSION

# The built-in codes whose message shows a bound, and which placeholder shows it (generated data).
PLACEHOLDERS: Dict[str, str] = {code: bound["placeholder"] for code, bound in data.BOUNDS.items()}


class RulesError(ValueError):
    """A rules export this runtime cannot use: not rulecheck's, from a newer rulecheck, a check it
    does not know, or a malformed definition."""


# MARK: messages and JSON text

_ESCAPED = re.compile("[\x00-\x1f\"\\\\\x7f\x80-\x9f\u2028\u2029\ufeff\ufffe\uffff" + r"\ud800-\udfff]")
_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_char(match: "re.Match[str]") -> str:
    char = match.group()
    return _SHORT_ESCAPES.get(char) or "\\u%04X" % ord(char)


def json_quote(value: str) -> str:
    """A string as rulecheck writes it in JSON: quoted, with `"`, `\\`, controls, U+007F-U+009F,
    U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF and a lone surrogate (which Swift cannot hold) escaped,
    the rest as it is."""
    return '"' + _ESCAPED.sub(_escape_char, value) + '"'


def lookup_language(tag: str, available: Sequence[str], narrower: bool = False) -> Optional[str]:
    """The available tag for `tag`: the same (case and `_` aside), a narrower one when asked
    (`pt` finds `pt-BR`), else `tag` cut at each `-` (`pt-BR` finds `pt`)."""
    wanted = ascii_lower(tag).replace("_", "-")
    candidates = [(name, ascii_lower(name).replace("_", "-")) for name in available]
    for name, normalized in candidates:
        if normalized == wanted:
            return name
    if narrower:
        for name, normalized in candidates:
            if normalized.startswith(wanted + "-"):
                return name
    while "-" in wanted:
        wanted = wanted[: wanted.rfind("-")]
        for name, normalized in candidates:
            if normalized == wanted:
                return name
    return None


def fill(template: str, parameter: Callable[[str], Optional[str]]) -> str:
    """Replaces each {name} that has a parameter; any other {…} stays as written."""
    if "{" not in template:
        return template
    out: List[str] = []
    rest = 0
    while True:
        open_at = template.find("{", rest)
        close_at = template.find("}", open_at + 1) if open_at >= 0 else -1
        if open_at < 0 or close_at < 0:
            out.append(template[rest:])
            return "".join(out)
        out.append(template[rest:open_at])
        value = parameter(template[open_at + 1 : close_at])
        out.append(template[open_at : close_at + 1] if value is None else value)
        rest = close_at + 1


def echoed(value: str) -> str:
    return value if len(value) <= ECHOED_SCALARS else value[:ECHOED_SCALARS] + "…"


class Outcome:
    """What a check reports: its code, the built-in code it stands for, and its messages."""

    __slots__ = ("code", "builtin_code", "messages", "placeholder", "sensitive", "_templates")

    def __init__(self, exported: Dict[str, Any], builtin_code: str, sensitive: bool = False) -> None:
        self.code: str = exported["code"]
        self.builtin_code = builtin_code
        self.messages: Dict[str, str] = dict(exported.get("messages") or {})
        self.placeholder = PLACEHOLDERS.get(builtin_code)
        self.sensitive = sensitive
        self._templates: Dict[str, Optional[str]] = {}

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any], str, bool]]:
        # NB: pickled by its arguments, as the compiled module's classes must be (a verdict a worker
        # process sends back holds violations: unpickling one of the mypyc build was a TypeError).
        return Outcome, ({"code": self.code, "messages": self.messages}, self.builtin_code, self.sensitive)

    def template(self, language: str) -> Optional[str]:
        """The message template in `language`, falling back from `pt-BR` to `pt` to `en`."""
        try:
            return self._templates[language]
        except KeyError:
            pass
        found = self.messages.get(language)
        if found is None:
            tag = lookup_language(language, list(self.messages))
            found = self.messages.get(tag) if tag is not None else self.messages.get("en")
        self._templates[language] = found
        return found


# A bound as stored: a count (int), a number (Number), a date (Date) or a text (TextBound).
Bound = Union[int, Number, Date, TextBound]


def _violation(outcome: "Outcome", path: List[str], bound: Optional[Bound], stored: Optional[str],
               redacted: bool) -> "Violation":
    """A violation as it was pickled (Violation.__reduce__)."""
    made = Violation(outcome, path, bound, stored)
    made.redacted = redacted
    return made


class Violation:
    """One rule a value breaks: `code` (as the rules name it), `builtin_code`, `path` (field names
    and list indexes as text), `pointer` (RFC 6901), the typed `bound` (int, Decimal or date) with
    `bound_kind`, the offending `value` as text (None when sensitive), and its `message(language)`."""

    __slots__ = ("outcome", "path", "_bound", "_stored", "redacted")

    def __init__(self, outcome: Outcome, path: Optional[List[str]] = None, bound: Optional[Bound] = None,
                 value: Optional[str] = None) -> None:
        self.outcome = outcome
        self.path: List[str] = path if path is not None else []
        self._bound = bound
        self._stored = value
        self.redacted = False

    def __reduce__(self) -> Tuple[Any, Tuple[Outcome, List[str], Optional[Bound], Optional[str], bool]]:
        return _violation, (self.outcome, self.path, self._bound, self._stored, self.redacted)

    @property
    def code(self) -> str:
        return self.outcome.code

    @property
    def builtin_code(self) -> str:
        return self.outcome.builtin_code

    @property
    def sensitive(self) -> bool:
        return self.redacted or self.outcome.sensitive

    @property
    def pointer(self) -> str:
        return "".join("/" + part.replace("~", "~0").replace("/", "~1") for part in self.path)

    @property
    def bound(self) -> Union[int, Decimal, datetime.date, str, None]:
        bound = self._bound
        if isinstance(bound, Number):
            return bound.to_decimal()
        if isinstance(bound, Date):
            return datetime.date.fromisoformat(bound)
        if isinstance(bound, TextBound):
            return str(bound)
        return bound

    @property
    def bound_kind(self) -> Optional[str]:
        bound = self._bound
        if bound is None:
            return None
        if isinstance(bound, TextBound):
            return "text"
        return "number" if isinstance(bound, Number) else "date" if isinstance(bound, Date) else "count"

    @property
    def value(self) -> Optional[str]:
        if self._stored is None or self.sensitive:
            return None
        return echoed(self._stored)

    def message(self, language: str = "en") -> str:
        template = self.outcome.template(language)
        if template is None:
            return self.outcome.code
        return fill(template, self._parameter)

    def _parameter(self, name: str) -> Optional[str]:
        if name == "value":
            return HIDDEN_VALUE if self.sensitive else self.value
        if self._bound is not None and name == self.outcome.placeholder:
            return str(self._bound)
        return None

    def to_dict(self, language: str = "en") -> Dict[str, Any]:
        """The members problem details write for it, in that order."""
        out: Dict[str, Any] = {"code": self.code, "builtinCode": self.builtin_code, "path": list(self.path),
                               "pointer": self.pointer}
        if self._bound is not None:
            bound = self._bound
            out[self.outcome.placeholder or "min"] = (
                bound.to_decimal() if isinstance(bound, Number) else str(bound) if isinstance(bound, (Date, TextBound))
                else bound)
            out["boundKind"] = self.bound_kind
        value = self.value
        if value is not None:
            out["value"] = value
        out["message"] = self.message(language)
        return out

    def json(self, language: str = "en") -> str:
        """The violation as problem details write it, byte for byte as the Swift library."""
        parts = ['{"code":', json_quote(self.code), ',"builtinCode":', json_quote(self.builtin_code), ',"path":[',
                 ",".join(json_quote(part) for part in self.path), '],"pointer":', json_quote(self.pointer)]
        bound = self._bound
        if bound is not None:
            parts.append("," + json_quote(self.outcome.placeholder or "min") + ":")
            parts.append(json_quote(bound) if isinstance(bound, (Date, TextBound)) else str(bound))
            parts.append(',"boundKind":"' + str(self.bound_kind) + '"')
        value = self.value
        if value is not None:
            parts.append(',"value":' + json_quote(value))
        parts.append(',"message":' + json_quote(self.message(language)) + "}")
        return "".join(parts)

    def __repr__(self) -> str:
        where = ".".join(self.path)
        return f"<Violation {where + ': ' if where else ''}{self.code}>"


# What each text check looks for: the value starting with, ending with, or holding its text.
TEXT_MATCHES: Dict[str, Callable[[str, str], bool]] = {
    "startsWith": str.startswith,
    "endsWith": str.endswith,
    "contains": lambda value, needle: needle in value,
    "notContains": lambda value, needle: needle in value,
}


_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_IPV4_PART = re.compile(r"0|[1-9][0-9]{0,2}")
_IPV6_GROUP = re.compile(r"[0-9A-Fa-f]{1,4}")


def is_hostname(value: str) -> bool:
    """`hostname`: RFC 1123 ASCII labels of 1 to 63, neither starting nor ending with "-", 253 in all,
    no trailing dot."""
    return 0 < len(value) <= 253 and value.isascii() and all(
        _LABEL.fullmatch(label) is not None for label in value.split("."))


def is_ipv4(value: str) -> bool:
    """`ip: 4`: a dotted quad of 0 to 255 with no leading zeros."""
    parts = value.split(".")
    return len(parts) == 4 and all(_IPV4_PART.fullmatch(part) is not None and int(part) <= 255 for part in parts)


def is_ipv6(value: str) -> bool:
    """`ip: 6`: RFC 4291's text form, "::" once, a dotted quad as the last 32 bits; no zone, no brackets."""
    double = value.find("::")
    if double >= 0 and value.find("::", double + 1) >= 0:
        return False
    sides = [value] if double < 0 else [value[:double], value[double + 2:]]
    groups = 0
    for side, part in enumerate(sides):
        if not part:
            continue
        items = part.split(":")
        for index, item in enumerate(items):
            if "." in item:
                if side != len(sides) - 1 or index != len(items) - 1 or not is_ipv4(item):
                    return False
                groups += 2
            elif _IPV6_GROUP.fullmatch(item) is not None:
                groups += 1
            else:
                return False
    return groups == 8 if double < 0 else groups <= 7


# What `printable` refuses, from the generated data: general categories, scalars besides them,
# and the scalars of a refused category it allows.
_PRINTABLE = cast(Dict[str, List[Any]], data.PRINTABLE)
_REFUSED_CATEGORIES: FrozenSet[str] = frozenset(_PRINTABLE["categories"])
_REFUSED_SCALARS: FrozenSet[int] = frozenset(_PRINTABLE["refused"])
_ALLOWED_SCALARS: FrozenSet[int] = frozenset(_PRINTABLE["allowed"])


def is_printable(value: str) -> bool:
    """`printable`: no scalar of a refused general category of the pinned tables, nor a refused scalar."""
    for character in value:
        point = ord(character)
        if point < 0x7F:
            if point < 0x20:
                return False
            continue
        if point in _REFUSED_SCALARS:
            return False
        if general_category(point) in _REFUSED_CATEGORIES and point not in _ALLOWED_SCALARS:
            return False
    return True


# MARK: the context of a call

class Context:
    """What a call validates against: the date that counts as today."""

    __slots__ = ("_today", "time_zone")

    def __init__(self, today: Union[str, datetime.date, None], time_zone: Optional[str]) -> None:
        if isinstance(today, datetime.date):
            today = today.isoformat()
        elif today is not None and text.parse_date(str(today)) is None:
            raise ValueError(f"today must be a date, YYYY-MM-DD, not {today!r}")
        self._today = today
        self.time_zone = time_zone

    def today(self) -> str:
        # NB: without a date given, asked each time: a context may outlive midnight.
        return self._today if self._today is not None else today_in(self.time_zone)


# The context of a call that gives neither today nor a time zone: today where the machine is.
NOW = Context(None, None)


def today_in(time_zone: Optional[str]) -> str:
    """Today's date where `time_zone` (an IANA name) is, else in the machine's time zone."""
    if time_zone is None:
        return datetime.date.today().isoformat()
    from zoneinfo import ZoneInfo

    return datetime.datetime.now(ZoneInfo(time_zone)).date().isoformat()


# MARK: compiled validators

# (raw input, whether strings are JSON strings (strict kinds), context) -> (valid, value, violations or None)
Run = Callable[[Any, bool, Context], Tuple[bool, Any, Optional[List[Violation]]]]
EMPTY_RECORD_TEXT = "{…}"


def shown(raw: Any) -> str:
    """An input as a violation shows it when its kind is wrong."""
    if isinstance(raw, str):
        return raw
    if raw is True:
        return "true"
    if raw is False:
        return "false"
    if isinstance(raw, dict):
        return EMPTY_RECORD_TEXT
    if isinstance(raw, (list, tuple)):
        return "[…]"
    if isinstance(raw, float):
        number = _float_number(raw)
        return str(number) if number is not None else repr(raw)
    if isinstance(raw, Decimal):
        number = Number.from_decimal(raw)
        return str(number) if number is not None else str(raw)
    return str(raw)


def _float_number(raw: float) -> Optional[Number]:
    if raw != raw or raw in (float("inf"), float("-inf")):
        return None
    return Number.from_decimal(Decimal(repr(raw)))


def as_number(raw: Any) -> Optional[Number]:
    """A numeric input (Number, int, float, Decimal) as a Number; None for NaN and infinities."""
    if isinstance(raw, Number):
        return raw
    if isinstance(raw, int):
        # NB: str() of an int past 4,300 digits raises; Decimal reads one of any length.
        return Number.from_int(raw) if raw.bit_length() < _LONG_INT_BITS else Number.from_decimal(Decimal(raw))
    if isinstance(raw, float):
        return _float_number(raw)
    if isinstance(raw, Decimal):
        return Number.from_decimal(raw)
    return None


CustomCheck = Callable[[Any], bool]
"""A custom check's implementation (format 1.3): whether the value passes, synchronous and pure."""


def outcomes_of(definition: Dict[str, Any]) -> Iterable[Dict[str, Any]]:
    """Every outcome a definition exports, as the Swift validator orders its outcomes: `required`,
    `invalidFormat`, each check's codes, a model's lists' codes, then its server codes."""
    for key in ("x-rulecheck-required", "x-rulecheck-format"):
        if isinstance(definition.get(key), dict):
            yield definition[key]
    for check in definition.get("x-rulecheck-checks", []):
        yield from (check.get("codes") or {}).values()
    for field in definition.get("x-rulecheck-fields", []):
        if "list" in field:
            yield from (field["list"].get("codes") or {}).values()
    yield from definition.get("x-rulecheck-server-codes", [])


class ValueCheck:
    """One check of a type, bound when the rules load: `check(value, shown_text, context)` is the
    violation of the value read and of its text as violations show it, or None.

    NB: a class per kind, not a closure: mypyc compiles a call through this base class to a direct
    call, where a compiled closure is an object called through Python's protocol."""

    __slots__ = ()

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        raise NotImplementedError


class LengthCheck(ValueCheck):
    __slots__ = ("count", "ascii_is_len", "low", "high", "too_short", "too_long")

    def __init__(self, count: Callable[[str], int], low: int, high: int, too_short: Optional[Outcome],
                 too_long: Optional[Outcome]) -> None:
        self.count = count
        # NB: ASCII text without CR has one character a code point: counted with no call.
        self.ascii_is_len: bool = count is text.characters or count is len
        self.low = low
        self.high = high
        self.too_short = too_short
        self.too_long = too_long

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        if self.ascii_is_len and shown_text.isascii() and "\r" not in shown_text:
            found = len(shown_text)
        else:
            count = self.count
            found = count(shown_text)
        if found < self.low:
            return Violation(self.too_short, None, self.low, shown_text)  # type: ignore[arg-type]
        if found > self.high:
            return Violation(self.too_long, None, self.high, shown_text)  # type: ignore[arg-type]
        return None


class GrammarCheck(ValueCheck):
    """`email` and `uuid`: the text matches the grammar's expression."""

    __slots__ = ("matcher", "reported")

    def __init__(self, expression: "re.Pattern[str]", reported: Outcome) -> None:
        self.matcher: Callable[[str], Optional["re.Match[str]"]] = expression.fullmatch
        self.reported = reported

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return None if self.matcher(shown_text) is not None else Violation(self.reported, None, None, shown_text)


class EmailCheck(ValueCheck):
    """`email` by text.is_email, in the mypyc build (text.COMPILED), where it is a direct call to a
    compiled loop; GrammarCheck's `re` is faster in pure Python."""

    __slots__ = ("reported",)

    def __init__(self, reported: Outcome) -> None:
        self.reported = reported

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return None if text.is_email(shown_text) else Violation(self.reported, None, None, shown_text)


class TextMatchCheck(ValueCheck):
    __slots__ = ("where", "needle", "found_passes", "missed")

    def __init__(self, where: Callable[[str, str], bool], needle: TextBound, found_passes: bool,
                 missed: Outcome) -> None:
        self.where = where
        self.needle = needle
        self.found_passes = found_passes
        self.missed = missed

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        if self.where(shown_text, self.needle) == self.found_passes:
            return None
        return Violation(self.missed, None, self.needle, shown_text)


class PredicateCheck(ValueCheck):
    """`hostname`, `ip` and `printable`: a test of the text."""

    __slots__ = ("valid", "failed")

    def __init__(self, valid: Callable[[str], bool], failed: Outcome) -> None:
        self.valid = valid
        self.failed = failed

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return None if self.valid(shown_text) else Violation(self.failed, None, None, shown_text)


class URLCheck(ValueCheck):
    __slots__ = ("schemes", "invalid_url")

    def __init__(self, schemes: Union[str, Sequence[str]], invalid_url: Outcome) -> None:
        self.schemes = schemes
        self.invalid_url = invalid_url

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return None if text.is_url(shown_text, self.schemes) else Violation(self.invalid_url, None, None, shown_text)


class PatternCheck(ValueCheck):
    """`pattern`, by the compiled pattern's matcher (_patterns.Matcher: a set, linear pieces, `A*BA*`
    or the automaton), which holds the input limit; compiled, a call through the matcher's vtable."""

    __slots__ = ("matcher", "mismatch")

    def __init__(self, matcher: Matcher, mismatch: Outcome) -> None:
        self.matcher = matcher
        self.mismatch = mismatch

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        if self.matcher.fullmatch(shown_text):
            return None
        return Violation(self.mismatch, None, None, shown_text)


class OneOfCheck(ValueCheck):
    __slots__ = ("allowed", "not_allowed")

    def __init__(self, allowed: Set[Any], not_allowed: Outcome) -> None:
        self.allowed = allowed
        self.not_allowed = not_allowed

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return None if value in self.allowed else Violation(self.not_allowed, None, None, shown_text)


class NotOneOfCheck(ValueCheck):
    __slots__ = ("refused", "reserved")

    def __init__(self, refused: Set[Any], reserved: Outcome) -> None:
        self.refused = refused
        self.reserved = reserved

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return Violation(self.reserved, None, None, shown_text) if value in self.refused else None


class DecimalsCheck(ValueCheck):
    # The fraction digits without trailing zeros: a Number keeps none, so they are -exponent.
    __slots__ = ("most", "too_many")

    def __init__(self, most: int, too_many: Outcome) -> None:
        self.most = most
        self.too_many = too_many

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        number = text.number_of(value)
        if number is None or max(0, -number.exponent) <= self.most:
            return None
        return Violation(self.too_many, None, self.most, shown_text)


RangeBound = Tuple[Number, Optional[int], int, bool, Outcome]


class RangeCheck(ValueCheck):
    """`range`: the bounds given, in the engine's order: min and max inclusive, greaterThan and
    lessThan exclusive (format 1.3), each failing on its own side, and on it when exclusive."""

    __slots__ = ("bounds", "fast")

    def __init__(self, bounds: List[RangeBound]) -> None:
        self.bounds = bounds
        # Exact comparisons of integers with integer bounds, without building numbers.
        self.fast: bool = all(whole is not None for _, whole, _, _, _ in bounds)

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        if type(value) is int and self.fast:
            for bound, whole, side, exclusive, reported in self.bounds:
                order = -1 if value < whole else 1 if value > whole else 0  # type: ignore[operator]
                if order == side or (exclusive and order == 0):
                    return Violation(reported, None, bound, shown_text)
            return None
        number = text.number_of(value)
        if number is None:
            return None
        for bound, _, side, exclusive, reported in self.bounds:
            order = -1 if number < bound else 1 if bound < number else 0
            if order == side or (exclusive and order == 0):
                return Violation(reported, None, bound, shown_text)
        return None


class DateBoundCheck(ValueCheck):
    """`notBefore` and `notAfter`: a fixed date, or one relative to the context's today."""

    __slots__ = ("bound_text", "fixed", "before", "reported", "resolved")

    def __init__(self, bound_text: str, before: bool, reported: Outcome) -> None:
        self.bound_text = bound_text
        self.fixed: Optional[Date] = text.parse_date(bound_text)
        self.before = before
        self.reported = reported
        self.resolved: Dict[str, Date] = {}

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        limit = self.fixed
        if limit is None:
            today = context._today or context.today()
            resolved = self.resolved
            limit = resolved.get(today)
            if limit is None:
                if len(resolved) > 64:
                    resolved.clear()
                limit = resolved[today] = Date(text.resolve_date_bound(self.bound_text, today))
        if (value < limit) if self.before else (value > limit):
            return Violation(self.reported, None, limit, shown_text)  # NB: a date's text is its value
        return None


class CustomValueCheck(ValueCheck):
    """A use of a custom check: its implementation's verdict on the value, normalized and parsed."""

    __slots__ = ("implementation", "failed")

    def __init__(self, implementation: CustomCheck, failed: Outcome) -> None:
        self.implementation = implementation
        self.failed = failed

    def check(self, value: Any, shown_text: str, context: Context) -> Optional[Violation]:
        return None if self.implementation(value) is True else Violation(self.failed, None, None, shown_text)


class ModelCheck:
    """One check of a model across its fields' values, after the fields: `check` adds its violation
    to `violations`. A class per kind, as ValueCheck."""

    __slots__ = ()

    def check(self, values: Dict[str, Any], invalid: FrozenSet[str], violations: List[Violation]) -> None:
        raise NotImplementedError


class EqualCheck(ModelCheck):
    __slots__ = ("names", "last", "mismatch")

    def __init__(self, names: List[str], mismatch: Outcome) -> None:
        self.names = names
        self.last = names[-1]
        self.mismatch = mismatch

    def check(self, values: Dict[str, Any], invalid: FrozenSet[str], violations: List[Violation]) -> None:
        names = self.names
        if any(name in invalid for name in names):
            return
        first = values.get(names[0], _MISSING)
        if any(not _same(values.get(name, _MISSING), first) for name in names[1:]):
            last = self.last
            shown_last = text.describe(values[last]) if last in values else None
            violations.append(Violation(self.mismatch, [last], value=shown_last))


class NotEqualCheck(ModelCheck):
    __slots__ = ("names", "last", "must_differ")

    def __init__(self, names: List[str], must_differ: Outcome) -> None:
        self.names = names
        self.last = names[-1]
        self.must_differ = must_differ

    def check(self, values: Dict[str, Any], invalid: FrozenSet[str], violations: List[Violation]) -> None:
        names = self.names
        if any(name in invalid for name in names):
            return
        present = [values[name] for name in names if name in values]
        for index, value in enumerate(present):
            if _contains(present[:index], value):
                violations.append(Violation(self.must_differ, [self.last], value=text.describe(value)))
                return


class AscendingCheck(ModelCheck):
    __slots__ = ("names", "last", "out_of_order", "strict")

    def __init__(self, names: List[str], out_of_order: Outcome, strict: bool) -> None:
        self.names = names
        self.last = names[-1]
        self.out_of_order = out_of_order
        self.strict = strict

    def check(self, values: Dict[str, Any], invalid: FrozenSet[str], violations: List[Violation]) -> None:
        ordered = []
        for name in self.names:
            if name not in values or name in invalid:
                return
            ordered.append(values[name])
        for a, b in zip(ordered, ordered[1:]):
            if _in_order(a, b, self.strict) is False:
                violations.append(Violation(self.out_of_order, [self.last], value=text.describe(ordered[-1])))
                return


class RequiredIfCheck(ModelCheck):
    __slots__ = ("field", "when", "needed", "triggers")

    def __init__(self, field: str, when: str, needed: Outcome, triggers: Optional[List[Any]]) -> None:
        self.field = field
        self.when = when
        self.needed = needed
        self.triggers = triggers

    def check(self, values: Dict[str, Any], invalid: FrozenSet[str], violations: List[Violation]) -> None:
        field = self.field
        when = self.when
        if field in values or field in invalid or when not in values:
            return
        condition = values[when]
        triggers = self.triggers
        if triggers is not None:
            holds = _contains(triggers, condition)
        else:
            holds = condition is not False
        if holds:
            violations.append(Violation(self.needed, [field]))


# (valid, value, violations or None): what a run answers.
Result = Tuple[bool, Any, Optional[List[Violation]]]


class Runner:
    """A type, model or list field compiled: `run(raw, strict, context)` is its validator, with `raw`
    the input, `strict` whether strings are JSON strings (strict kinds). A model calls its fields'
    runners through this base class, which mypyc compiles to direct calls."""

    __slots__ = ()

    def run(self, raw: Any, strict: bool, context: Context) -> Result:
        raise NotImplementedError


class ForwardRunner(Runner):
    """The runner of a definition being compiled, for a model that names itself: the definition's
    runner once compiled."""

    __slots__ = ("target",)

    def __init__(self) -> None:
        self.target: Optional[Runner] = None

    def run(self, raw: Any, strict: bool, context: Context) -> Result:
        target = self.target
        assert target is not None
        return target.run(raw, strict, context)


class CompiledType(Runner):
    """A type's steps, bound once when the rules load: normalizers, reading, checks. `run` is the
    type's validator; a call looks up no schema key, parses no bound and compiles no pattern.

    NB: a slotted object, not a closure: a closure copies each of its free variables on every
    call, and a type's validator has many."""

    __slots__ = ("optional", "required", "rejects_empty", "invalid_format", "parse", "strict_string", "is_integer",
                 "is_decimal", "is_boolean", "trims", "normalizer", "checks", "only", "leading", "trailing")

    def __init__(self, value_type: str, optional: bool, required: Outcome, rejects_empty: bool,
                 invalid_format: Outcome, normalizers: List[Callable[[str], str]], checks: List[ValueCheck],
                 first_pattern: int) -> None:
        self.optional = optional
        self.required = required
        self.rejects_empty = rejects_empty
        self.invalid_format = invalid_format
        # NB: a string is its own value; no call reads it.
        self.parse: Optional[Callable[[str], object]] = None if value_type == "string" else PARSERS[value_type]
        self.strict_string: bool = value_type in ("string", "date")
        self.is_integer: bool = value_type == "integer"
        self.is_decimal: bool = value_type == "decimal"
        self.is_boolean: bool = value_type == "boolean"
        # NB: `trim`, the most common step, is str.strip with the White_Space set, called in place.
        self.trims: bool = bool(normalizers) and normalizers[0] is text.TRIM
        rest = [_step(normalizer) for normalizer in (normalizers[1:] if self.trims else normalizers)]
        self.normalizer: Optional[Normalizer] = rest[0] if len(rest) == 1 else _Chain(rest) if rest else None
        self.checks: Tuple[ValueCheck, ...] = tuple(checks)
        # One check reports at most one violation: returned at once, with no list to fill.
        self.only: Optional[ValueCheck] = checks[0] if len(checks) == 1 else None
        # The checks before the first pattern, then the patterns and the checks after them.
        self.leading: Tuple[ValueCheck, ...] = self.checks[:first_pattern] if first_pattern > 0 else ()
        self.trailing: Tuple[ValueCheck, ...] = self.checks[first_pattern:] if first_pattern > 0 else self.checks

    def run(self, raw: Any, strict: bool, context: Context) -> Result:
        value: Any
        shown_text: str
        if type(raw) is str:
            ascii = raw.isascii()
            if (strict and not self.strict_string) or (not ascii and _SURROGATE_SEARCH(raw)):
                return False, None, [Violation(self.invalid_format, None, None, raw)]
            if self.trims:
                shown_text = raw.strip(_ASCII_WHITE_SPACE if ascii else WHITE_SPACE)
            else:
                shown_text = raw
            normalizer = self.normalizer
            if normalizer is not None:
                shown_text = normalizer.apply(shown_text, ascii)
            if not shown_text:
                if self.optional:
                    return True, None, None
                if self.rejects_empty:
                    return False, None, [Violation(self.required, None, None, "")]
            parse = self.parse
            if parse is None:
                value = shown_text
            else:
                value = parse(shown_text)
                if value is None:
                    return False, None, [Violation(self.invalid_format, None, None, shown_text)]
        elif raw is None:
            if self.optional:
                return True, None, None
            return False, None, [Violation(self.required)]
        elif raw is True or raw is False:
            shown_text = "true" if raw else "false"
            if not self.is_boolean:
                return False, None, [Violation(self.invalid_format, None, None, shown_text)]
            value = raw
        elif isinstance(raw, str):
            return self.run(str(raw), strict, context)
        elif type(raw) is int and self.is_integer and _INT_MIN <= raw <= _INT_MAX:
            # NB: as the branch below reads it, with no Number made: str() of an int is its Number's text.
            shown_text = str(raw)
            value = raw
        else:
            number = as_number(raw)
            if number is None:
                return False, None, [Violation(self.invalid_format, None, None, shown(raw))]
            shown_text = str(number)
            if self.is_integer:
                value = raw if type(raw) is int and _INT_MIN <= raw <= _INT_MAX else number.exact_integer()
            elif self.is_decimal:
                value = number
            else:
                value = None
            if value is None:
                return False, None, [Violation(self.invalid_format, None, None, shown_text)]
        # The value read, and its text as violations show it: the checks, in their order.
        only = self.only
        if only is not None:
            violation = only.check(value, shown_text, context)
            if violation is None:
                return True, value, None
            return False, None, [violation]
        if not self.checks:
            return True, value, None
        violations: List[Violation] = []
        for check in self.leading:
            violation = check.check(value, shown_text, context)
            if violation is not None:
                violations.append(violation)
        # A value past the pattern limit never matches; when an earlier check has reported it
        # already, the patterns add nothing true about it (docs/format.md, "Patterns").
        if not (violations and len(shown_text) > PATTERN_INPUT_LIMIT):
            for check in self.trailing:
                violation = check.check(value, shown_text, context)
                if violation is not None:
                    violations.append(violation)
        if violations:
            return False, None, violations
        return True, value, None


class ModelRunner(Runner):
    """A model's fields, each by its runner, then its checks across fields."""

    __slots__ = ("optional", "required", "invalid_format", "fields", "checks", "sensitive_fields")

    def __init__(self, optional: bool, required: Outcome, invalid_format: Outcome,
                 fields: List[Tuple[str, Runner, bool]], checks: List[ModelCheck], sensitive_fields: Set[str]) -> None:
        self.optional = optional
        self.required = required
        self.invalid_format = invalid_format
        # Each field's name, runner and whether the field itself is sensitive.
        self.fields: Tuple[Tuple[str, Runner, bool], ...] = tuple(fields)
        self.checks: Tuple[ModelCheck, ...] = tuple(checks)
        self.sensitive_fields: FrozenSet[str] = frozenset(sensitive_fields)

    def run(self, raw: Any, strict: bool, context: Context) -> Result:
        if type(raw) is not dict:
            if raw is None:
                if self.optional:
                    return True, None, None
                return False, None, [Violation(self.required)]
            if not isinstance(raw, dict):
                return False, None, [Violation(self.invalid_format, value=shown(raw))]
        record: Dict[str, Any] = raw
        values: Dict[str, Any] = {}
        # NB: the lists are made on the first failure; a valid record makes neither.
        violations: Optional[List[Violation]] = None
        failed: Optional[List[str]] = None
        for field_name, runner, redact in self.fields:
            _, value, found = runner.run(record.get(field_name), strict, context)
            if found is None:
                if value is not None:
                    values[field_name] = value
                continue
            if violations is None or failed is None:
                violations = []
                failed = []
            failed.append(field_name)
            for violation in found:
                if redact:
                    violation.redacted = True
                violation.path.insert(0, field_name)
            violations.extend(found)
        checks = self.checks
        if checks:
            invalid = _NO_NAMES if failed is None else frozenset(failed)
            if violations is None:
                violations = []
            own_start = len(violations)
            for check in checks:
                check.check(values, invalid, violations)
            sensitive_fields = self.sensitive_fields
            if sensitive_fields:
                for violation in violations[own_start:]:
                    if violation.path and violation.path[0] in sensitive_fields:
                        violation.redacted = True
        if violations:
            return False, None, violations
        return True, values, None


class ListRunner(Runner):
    """A list field: each item by the item type's runner, then the count and uniqueness.

    NB: the model puts the field's name in front of each path, as of any field."""

    __slots__ = ("optional", "required", "invalid_format", "min_items", "max_items", "too_few", "too_many",
                 "duplicate", "items")

    def __init__(self, optional: bool, required: Outcome, invalid_format: Outcome, min_items: Optional[int],
                 max_items: Optional[int], too_few: Optional[Outcome], too_many: Optional[Outcome],
                 duplicate: Optional[Outcome], items: Runner) -> None:
        self.optional = optional
        self.required = required
        self.invalid_format = invalid_format
        self.min_items = min_items
        self.max_items = max_items
        self.too_few = too_few
        self.too_many = too_many
        self.duplicate = duplicate
        self.items = items

    def run(self, raw: Any, strict: bool, context: Context) -> Result:
        if type(raw) is not list:
            if raw is None:
                if self.optional:
                    return True, None, None
                return False, None, [Violation(self.required, [])]
            if not isinstance(raw, (list, tuple)):
                return False, None, [Violation(self.invalid_format, [], value=shown(raw))]
        items = self.items
        values: List[Any] = []
        violations: List[Violation] = []
        index = 0
        for item in raw:
            _, value, found = items.run(item, strict, context)
            if found is None:
                if value is not None:
                    values.append(value)
            else:
                for violation in found:
                    violation.path[:0] = [str(index)]
                violations.extend(found)
            index += 1
        count = len(raw)
        min_items = self.min_items
        if min_items is not None and count < min_items:
            violations.append(Violation(self.too_few, [], bound=min_items))  # type: ignore[arg-type]
        max_items = self.max_items
        if max_items is not None and count > max_items:
            violations.append(Violation(self.too_many, [], bound=max_items))  # type: ignore[arg-type]
        duplicate = self.duplicate
        if duplicate is not None:
            repeated = _first_repeated(values)
            if repeated is not _MISSING:
                violations.append(Violation(duplicate, [], value=text.describe(repeated)))
        if violations:
            return False, None, violations
        return True, values, None


# The classes of values both forms give as they are. NB: told by the class, so that a record's text
# fields cost no call (a valid Order's value took 7 µs in pure Python); any other class (a subclass)
# goes through the isinstance tests.
_AS_THEY_ARE = frozenset([str, int, bool, float, type(None)])


def public_value(value: Any) -> Any:
    """An internal value as the API gives it: Decimal for decimals, datetime.date for dates."""
    kind = value.__class__
    if kind in _AS_THEY_ARE:
        return value
    if kind is dict:
        return {name: field if field.__class__ in _AS_THEY_ARE else public_value(field)
                for name, field in value.items()}
    if kind is list:
        return [item if item.__class__ in _AS_THEY_ARE else public_value(item) for item in value]
    if isinstance(value, dict):
        return {name: public_value(field) for name, field in value.items()}
    if isinstance(value, list):
        return [public_value(item) for item in value]
    if isinstance(value, Number):
        return value.to_decimal()
    if isinstance(value, Date):
        return datetime.date.fromisoformat(value)
    return value


def json_value(value: Any) -> Any:
    """An internal value as the conformance protocol writes it: integers and booleans as JSON,
    decimals (canonical) and dates as strings, records as objects, lists as arrays."""
    kind = value.__class__
    if kind in _AS_THEY_ARE:
        return value
    if kind is dict:
        return {name: field if field.__class__ in _AS_THEY_ARE else json_value(field)
                for name, field in value.items()}
    if kind is list:
        return [item if item.__class__ in _AS_THEY_ARE else json_value(item) for item in value]
    if isinstance(value, dict):
        return {name: json_value(field) for name, field in value.items()}
    if isinstance(value, list):
        return [json_value(item) for item in value]
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, Date):
        return str(value)
    return value


class ValidationResult:
    """`valid`, the `value` after normalization (None when invalid, or for an optional value left
    empty), and every violation in the order found.

    NB: a class of the compiled module, made by `result_of` there with no interpreted call (it was a
    tuple subclass made in `_api.py`: 700 instructions of `EmailAddress`'s 7,100)."""

    __slots__ = ("valid", "_value", "_violations", "language")

    def __init__(self, valid: bool, value: Any, violations: Optional[List[Violation]], language: str = "en") -> None:
        self.valid = valid
        self._value = value
        self._violations = violations
        # The language `messages()` uses by default: the one asked for when validating.
        self.language = language

    def __bool__(self) -> bool:
        return self.valid

    @property
    def violations(self) -> List[Violation]:
        return self._violations or []

    @property
    def value(self) -> Any:
        """str, int, bool, Decimal, datetime.date, a dict for a model, a list for a list field."""
        return public_value(self._value)

    def json_value(self) -> Any:
        """The value with decimals and dates as strings, ready for json.dumps."""
        return json_value(self._value)

    def messages(self, language: Optional[str] = None) -> Dict[str, List[str]]:
        """Each path (dotted, '' for the value itself) and its messages."""
        out: Dict[str, List[str]] = {}
        for violation in self.violations:
            out.setdefault(".".join(violation.path), []).append(violation.message(language or self.language))
        return out

    def __repr__(self) -> str:
        if self.valid:
            return f"<ValidationResult valid value={self.value!r}>"
        return f"<ValidationResult invalid {self.violations!r}>"

    def __reduce__(self) -> Tuple[Any, Tuple[bool, Any, Optional[List[Violation]], str]]:
        return ValidationResult, (self.valid, self._value, self._violations, self.language)


def result_of(runner: Runner, value: Any, strict: bool, context: Context, language: str) -> ValidationResult:
    """A value validated by `runner`, as the API gives it."""
    valid, found, violations = runner.run(value, strict, context)
    return ValidationResult(valid, found, violations, language)


class Verdict:
    """A request body's verdict: `valid` with its `value`, or the `problem` (ProblemDetails) to answer with.

    NB: a class of the compiled module, made by `judge` there with no interpreted call."""

    __slots__ = ("valid", "_value", "problem", "language")

    def __init__(self, value: Any, problem: Any, language: str) -> None:
        self.valid: bool = problem is None
        self._value = value
        self.problem = problem
        self.language = language

    @property
    def status(self) -> int:
        problem = self.problem
        return 200 if problem is None else int(problem.status)

    @property
    def value(self) -> Any:
        return public_value(self._value)

    def json_value(self) -> Any:
        return json_value(self._value)

    def __reduce__(self) -> Tuple[Any, Tuple[Any, Any, str]]:
        # NB: a compiled class is pickled by its arguments (a FastAPI app's worker process sends one back).
        return Verdict, (self._value, self.problem, self.language)


def judge(runner: Runner, body: bytes, context: Context, language: str) -> Union[Verdict, List[Violation]]:
    """A body read and validated by `runner`: its valid Verdict, or its violations. Raises
    JSONReadError when it is not JSON. NB: the verdict's steps in the compiled module, which the
    interpreted Rules.verdict called one by one (7 % of a valid Order's instructions)."""
    _, found, violations = runner.run(_json.read(body), True, context)
    if violations is not None:
        return violations
    return Verdict(found, None, language)


class Compiler:
    def __init__(self, definitions: Dict[str, Any], custom_declarations: Optional[Dict[str, Any]] = None,
                 custom: Optional[Mapping[str, CustomCheck]] = None) -> None:
        self.definitions = definitions
        self.custom_declarations: Dict[str, Any] = custom_declarations or {}
        self.custom: Mapping[str, CustomCheck] = custom or {}
        self.compiled: Dict[Tuple[str, Optional[bool]], Runner] = {}
        self.languages: Dict[str, Tuple[str, ...]] = {}
        self.complete_languages: Dict[str, Tuple[str, ...]] = {}
        self.patterns: Dict[str, Pattern] = {}

    def validator(self, name: str, optional: Optional[bool] = None) -> Run:
        """The validator of the type or model `name`: its runner's `run`."""
        return self.runner(name, optional).run

    def runner(self, name: str, optional: Optional[bool] = None) -> Runner:
        key = (name, optional)
        found = self.compiled.get(key)
        if found is None:
            definition = self.definitions.get(name)
            if not isinstance(definition, dict):
                raise RulesError(f"no definition named {name!r}")
            # NB: a placeholder first, so that a model naming itself compiles.
            forward = ForwardRunner()
            self.compiled[key] = forward
            try:
                if definition.get("x-rulecheck-type") == "model":
                    found = self.model(name, definition, optional)
                else:
                    found = self.type(name, definition, optional)
            except (KeyError, TypeError, AttributeError, IndexError) as error:
                raise RulesError(f"{name}: a malformed definition ({type(error).__name__}: {error})") from None
            forward.target = found
            self.compiled[key] = found
        return found

    @staticmethod
    def _message_tables(definition: Dict[str, Any]) -> List[Dict[str, Any]]:
        """The `messages` of each outcome of a definition (`outcomes_of`)."""
        return [outcome.get("messages") or {} for outcome in outcomes_of(definition) if "messages" in outcome]

    def languages_of(self, name: str, seen: Optional[Set[str]] = None) -> Tuple[str, ...]:
        """Every language the messages of `name` and of its fields are written in, sorted."""
        found = self.languages.get(name)
        if found is not None:
            return found
        seen = seen if seen is not None else set()
        seen.add(name)
        definition = self.definitions[name]
        tags: Set[str] = set()
        for table in self._message_tables(definition):
            tags.update(table.keys())
        for field in definition.get("x-rulecheck-fields", []):
            if field["type"] not in seen:
                tags.update(self.languages_of(field["type"], seen))
        found = tuple(sorted(tags))
        self.languages[name] = found
        return found

    def complete_languages_of(self, name: str) -> Tuple[str, ...]:
        """The languages every message of `name` and of its fields is written in, sorted."""
        found = self.complete_languages.get(name)
        if found is not None:
            return found
        definition = self.definitions[name]
        tags = set(self.languages_of(name))
        for table in self._message_tables(definition):
            tags.intersection_update(table.keys())
        for field in definition.get("x-rulecheck-fields", []):
            tags.intersection_update(self.complete_languages_of(field["type"]))
        found = tuple(sorted(tags))
        self.complete_languages[name] = found
        return found

    # MARK: types

    def type(self, name: str, definition: Dict[str, Any], optional_override: Optional[bool]) -> Runner:
        sensitive = bool(definition.get("x-rulecheck-sensitive", False))
        optional = bool(definition.get("x-rulecheck-optional", False)) if optional_override is None else optional_override
        required_exported = definition["x-rulecheck-required"]
        value_type = definition["x-rulecheck-type"]
        if value_type not in PARSERS:
            raise RulesError(f"{name}: unknown value type {value_type!r}")
        normalizers: List[Callable[[str], str]] = []
        for normalizer in definition.get("x-rulecheck-normalize", []):
            if normalizer not in text.NORMALIZERS:
                raise RulesError(f"{name}: unknown normalizer {normalizer!r}")
            normalizers.append(text.NORMALIZERS[normalizer])
        checks: List[ValueCheck] = []
        first_pattern = -1
        for check in definition.get("x-rulecheck-checks", []):
            kind = check.get("check")
            if kind == "custom":
                checks.append(self.custom_check(name, check, sensitive))
                continue
            if kind not in CHECKS:
                raise RulesError(
                    f"{name}: the check {kind!r} is not implemented by this version of the rulecheck-runtime "
                    "package; update it (pip install -U rulecheck-runtime)")
            if kind == "pattern" and first_pattern < 0:
                first_pattern = len(checks)
            checks.append(self.value_check(name, kind, check, value_type, sensitive))
        return CompiledType(value_type, optional, Outcome(required_exported, "required", sensitive),
                            bool(required_exported.get("rejectsEmpty", False)),
                            Outcome(definition["x-rulecheck-format"], "invalidFormat", sensitive), normalizers, checks,
                            first_pattern)

    def custom_check(self, name: str, check: Dict[str, Any], sensitive: bool) -> ValueCheck:
        """A use of a custom check: its implementation's verdict on the value, normalized and parsed."""
        check_name = check.get("name")
        declaration = self.custom_declarations.get(check_name) if isinstance(check_name, str) else None
        if not isinstance(declaration, dict):
            raise RulesError(f"{name}: the custom check {check_name!r} is not declared in x-rulecheck-custom")
        implementation = self.custom.get(check_name)  # type: ignore[arg-type]
        if implementation is None:
            raise RulesError(
                f"the custom check '{check_name}' ({declaration.get('description')}) has no implementation; pass one "
                f"when loading: Rules.load(path, custom={{\"{check_name}\": lambda value: True or False}})")
        code = declaration["code"]
        return CustomValueCheck(implementation, Outcome(check["codes"][code], code, sensitive))

    def value_check(self, name: str, kind: str, check: Dict[str, Any], value_type: str, sensitive: bool) -> ValueCheck:
        codes = check["codes"]

        def outcome(builtin: str) -> Outcome:
            return Outcome(codes[builtin], builtin, sensitive)

        if kind == "length":
            minimum: Optional[int] = check.get("min")
            maximum: Optional[int] = check.get("max")
            return LengthCheck(text.LENGTHS[check.get("unit", "characters")],
                               minimum if minimum is not None else -1,
                               maximum if maximum is not None else sys.maxsize,
                               outcome("tooShort") if minimum is not None else None,
                               outcome("tooLong") if maximum is not None else None)
        if kind == "email" and text.COMPILED:
            return EmailCheck(outcome("invalidEmail"))
        if kind in ("email", "uuid"):
            return GrammarCheck(text.EMAIL if kind == "email" else text.UUID,
                                outcome("invalidEmail" if kind == "email" else "invalidUUID"))
        if kind in TEXT_MATCHES:
            # By scalars, case-sensitively: a Python str is a sequence of scalars.
            builtin = data.CHECKS[kind]["codes"][0]
            needle = TextBound(check[data.CHECKS[kind]["parameters"][0]])
            return TextMatchCheck(TEXT_MATCHES[kind], needle, kind != "notContains", outcome(builtin))
        if kind == "hostname":
            return PredicateCheck(is_hostname, outcome("invalidHostname"))
        if kind == "ip":
            version = check.get("version")
            valid: Callable[[str], bool] = (
                is_ipv4 if version == 4 else is_ipv6 if version == 6 else lambda s: is_ipv4(s) or is_ipv6(s))
            return PredicateCheck(valid, outcome("invalidIP"))
        if kind == "printable":
            return PredicateCheck(is_printable, outcome("unprintable"))
        if kind == "url":
            return URLCheck(check.get("schemes", "any"), outcome("invalidURL"))
        if kind == "pattern":
            source = check["regex"]
            pattern = self.patterns.get(source)
            if pattern is None:
                try:
                    pattern = compile_pattern(source)
                except PatternError as error:
                    raise RulesError(f"{name}: {error}") from None
                self.patterns[source] = pattern
            return PatternCheck(pattern.matcher, outcome("patternMismatch"))
        if kind == "oneOf":
            parse = PARSERS[value_type]
            allowed = {parsed for parsed in (parse(item) for item in check["values"]) if parsed is not None}
            return OneOfCheck(allowed, outcome("notAllowed"))
        if kind == "notOneOf":
            # Compared as oneOf compares: text exactly, integers by value.
            parse_refused = PARSERS[value_type]
            refused = {parsed for parsed in (parse_refused(item) for item in check["values"]) if parsed is not None}
            return NotOneOfCheck(refused, outcome("reserved"))
        if kind == "decimals":
            return DecimalsCheck(check["max"], outcome("tooManyDecimals"))
        if kind == "range":
            bounds: List[RangeBound] = []
            for key, code, side, exclusive in (
                ("min", "tooSmall", -1, False),
                ("max", "tooLarge", 1, False),
                ("greaterThan", "notGreaterThan", -1, True),
                ("lessThan", "notLessThan", 1, True),
            ):
                if key not in check:
                    continue
                bound = Number.from_text(check[key], written=True)
                if bound is None:
                    raise RulesError(f"{name}: a range bound is not a decimal number")
                whole = bound.exact_integer() if bound.exponent >= 0 else None
                bounds.append((bound, whole, side, exclusive, outcome(code)))
            return RangeCheck(bounds)
        if kind in ("notBefore", "notAfter"):
            before = kind == "notBefore"
            return DateBoundCheck(check["date"], before, outcome("tooEarly" if before else "tooLate"))
        raise RulesError(f"{name}: the check {kind!r} does not apply to a type")

    # MARK: models

    def model(self, name: str, definition: Dict[str, Any], optional_override: Optional[bool]) -> Runner:
        required = Outcome(definition["x-rulecheck-required"], "required")
        invalid_format = Outcome(definition["x-rulecheck-format"], "invalidFormat")
        fields: List[Tuple[str, Runner, bool]] = []
        sensitive_fields: Set[str] = set()
        for field in definition["x-rulecheck-fields"]:
            field_name: str = field["name"]
            field_type: str = field["type"]
            if field_type not in self.definitions:
                raise RulesError(f"{name}: the field {field_name!r} has the unknown type {field_type!r}")
            sensitive = bool(field.get("sensitive", False)) or bool(
                self.definitions[field_type].get("x-rulecheck-sensitive", False))
            if sensitive:
                sensitive_fields.add(field_name)
            if "list" in field:
                fields.append((field_name, self.list_field(field), bool(field.get("sensitive", False))))
            else:
                fields.append((field_name, self.runner(field_type, field.get("optional")),
                               bool(field.get("sensitive", False))))
        checks: List[ModelCheck] = []
        for check in definition.get("x-rulecheck-checks", []):
            kind = check.get("check")
            if kind not in CHECKS:
                raise RulesError(
                    f"{name}: the check {kind!r} is not implemented by this version of the rulecheck-runtime "
                    "package; update it (pip install -U rulecheck-runtime)")
            checks.append(self.model_check(kind, check))
        return ModelRunner(bool(optional_override), required, invalid_format, fields, checks, sensitive_fields)

    def list_field(self, field: Dict[str, Any]) -> Runner:
        rule = field["list"]
        codes = rule["codes"]
        min_items: Optional[int] = rule.get("minItems")
        max_items: Optional[int] = rule.get("maxItems")
        unique = bool(rule.get("unique", False))
        return ListRunner(bool(field.get("optional", False)), Outcome(codes["required"], "required"),
                          Outcome(codes["invalidFormat"], "invalidFormat"), min_items, max_items,
                          Outcome(codes["tooFewItems"], "tooFewItems") if min_items is not None else None,
                          Outcome(codes["tooManyItems"], "tooManyItems") if max_items is not None else None,
                          Outcome(codes["duplicateItem"], "duplicateItem") if unique else None,
                          self.runner(field["type"]))

    def model_check(self, kind: str, check: Dict[str, Any]) -> ModelCheck:
        codes = check["codes"]
        if kind == "equal":
            return EqualCheck(list(check["fields"]), Outcome(codes["mismatch"], "mismatch"))
        if kind == "notEqual":
            return NotEqualCheck(list(check["fields"]), Outcome(codes["mustDiffer"], "mustDiffer"))
        if kind == "ascending":
            return AscendingCheck(list(check["fields"]), Outcome(codes["outOfOrder"], "outOfOrder"),
                                  bool(check.get("strict", False)))
        if kind == "requiredIf":
            triggers: Optional[List[Any]] = None
            if "equals" in check:
                equals = check["equals"]
                triggers = [parsed for parsed in (parse(equals) for parse in PARSERS.values()) if parsed is not None]
            return RequiredIfCheck(check["field"], check["when"], Outcome(codes["required"], "required"), triggers)
        raise RulesError(f"the check {kind!r} does not apply to a model")


_MISSING: Final[Any] = object()
# The invalid fields of a record no field of which failed: never added to.
_NO_NAMES: Final[FrozenSet[str]] = frozenset()


class _Called(Normalizer):
    """A normalizer given as a function, not a Normalizer (a test's deliberately wrong one in
    text.NORMALIZERS): called as it is."""

    __slots__ = ("function",)

    def __init__(self, function: Callable[[str], str]) -> None:
        self.function = function

    def apply(self, text: str, ascii: bool) -> str:
        return self.function(text)


def _step(normalizer: Callable[[str], str]) -> Normalizer:
    return normalizer if isinstance(normalizer, Normalizer) else _Called(normalizer)


class _Chain(Normalizer):
    """Normalizers applied in their order. NB: a step keeps ASCII text ASCII, which a function
    (`_Called`) may not: with one, no step is told that the text is ASCII."""

    __slots__ = ("steps", "ascii_kept")

    def __init__(self, steps: List[Normalizer]) -> None:
        self.steps: Tuple[Normalizer, ...] = tuple(steps)
        self.ascii_kept: bool = not any(isinstance(step, _Called) for step in steps)

    def apply(self, text: str, ascii: bool) -> str:
        ascii = ascii and self.ascii_kept
        for step in self.steps:
            text = step.apply(text, ascii)
        return text


def _same(a: Any, b: Any) -> bool:
    """Equality of valid values, kinds included (a boolean is no integer, a date no string): the
    kind of a value is its class, `bool` for True and False."""
    if a is _MISSING or b is _MISSING:
        return a is b
    return type(a) is type(b) and bool(a == b)


def _contains(values: List[Any], value: Any) -> bool:
    for item in values:
        if _same(item, value):
            return True
    return False


def _first_repeated(values: List[Any]) -> Any:
    """The first value equal to one before it (as `_same` compares), or _MISSING."""
    # NB: text items are equal as strings are: a set finds the first repeated one in one pass.
    all_text = True
    for value in values:
        if type(value) is not str:
            all_text = False
            break
    if all_text:
        if len(set(values)) == len(values):
            return _MISSING
        seen: Set[str] = set()
        for value in values:
            if value in seen:
                return value
            seen.add(value)
    for index in range(len(values)):
        if _contains(values[:index], values[index]):
            return values[index]
    return _MISSING


def _in_order(a: Any, b: Any, strict: bool) -> Optional[bool]:
    if isinstance(a, Date) and isinstance(b, Date):
        return a < b if strict else a <= b
    if a is True or a is False or b is True or b is False:
        return None
    x, y = text.number_of(a), text.number_of(b)
    if x is None or y is None:
        return None
    return x < y if strict else x <= y
