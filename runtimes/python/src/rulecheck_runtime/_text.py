"""What rulecheck does to text: normalizers, lengths, the email grammar, and reading values.

Each function follows docs/format.md's contract, not Python's nearest built-in, and every Unicode fact
comes from the pinned tables (_unicode.py, Unicode 17.0.0), never from the interpreter's: `trim` removes
the White_Space set and nothing else (str.strip() also removes U+001C-U+001F), `lowercase` is the full
mapping with Final_Sigma, and `characters` counts extended grapheme clusters (len() counts code points).
"""

from __future__ import annotations

import calendar
import datetime
import re
from decimal import Decimal
from typing import Any, Callable, Dict, Final, List, Optional, Sequence, Tuple, Union

from . import _rulecheck_data as data
from ._marked import Date
from ._unicode import (COLLAPSE_WHITE_SPACE, LOWERCASE, NFC, NFKC, TRIM, UPPERCASE, WHITE_SPACE_CHARS, ascii_lower,
                       grapheme_count, is_compiled)

# Read by _core as text.WHITE_SPACE_CHARS and text.TRIM.
__all__ = ["WHITE_SPACE_CHARS", "TRIM"]

# Each step a _unicode.Normalizer, which _core calls by its `apply`; any other function put here (a
# test's deliberately wrong `trim`) is called as it is.
NORMALIZERS: Dict[str, Callable[[str], str]] = {
    "trim": TRIM,
    "collapseWhitespace": COLLAPSE_WHITE_SPACE,
    "lowercase": LOWERCASE,
    "uppercase": UPPERCASE,
    "nfc": NFC,
    "nfkc": NFKC,
}


# Extended grapheme clusters, UAX #29 of the pinned version.
characters = grapheme_count


def utf16(text: str) -> int:
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def utf8_bytes(text: str) -> int:
    if text.isascii():
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


LENGTHS: Dict[str, Callable[[str], int]] = {
    "characters": characters,
    "scalars": len,
    "utf16": utf16,
    "bytes": utf8_bytes,
}


# The WHATWG HTML "valid email address", as the HTML standard writes it, from its three classes:
# the local part's characters, a label's, and those a label begins and ends with.
_EMAIL_LOCAL = "a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-"
_EMAIL_LABEL = "a-zA-Z0-9-"
_EMAIL_EDGE = "a-zA-Z0-9"
_EMAIL_LONGEST_LABEL: Final[int] = 63
_EMAIL_INNER = f"{{0,{_EMAIL_LONGEST_LABEL - 2}}}"
EMAIL = re.compile(
    f"[{_EMAIL_LOCAL}]+@[{_EMAIL_EDGE}](?:[{_EMAIL_LABEL}]{_EMAIL_INNER}[{_EMAIL_EDGE}])?"
    f"(?:\\.[{_EMAIL_EDGE}](?:[{_EMAIL_LABEL}]{_EMAIL_INNER}[{_EMAIL_EDGE}])?)*"
)
# Each ASCII character's classes in EMAIL as bits (1 local part, 2 label, 4 a label's edge), read
# from the classes by `re` when the module loads.
_EMAIL_CLASSES: Final[bytes] = bytes(
    sum(bit for bit, chars in ((1, _EMAIL_LOCAL), (2, _EMAIL_LABEL), (4, _EMAIL_EDGE))
        if re.fullmatch(f"[{chars}]", chr(point)))
    for point in range(0x80))
_EMAIL_AT: Final[int] = ord("@")
_EMAIL_DOT: Final[int] = ord(".")


def _email_class(text: str, index: int) -> int:
    point = ord(text[index])
    return _EMAIL_CLASSES[point] if point < 0x80 else 0


def is_email(text: str) -> bool:
    """Whether EMAIL matches all of `text`, in one pass over its characters: the local part, the
    `@`, then labels of 1 to 63 label characters that begin and end with a letter or digit, apart
    by dots."""
    size = len(text)
    at = 0
    while at < size and _email_class(text, at) & 1:
        at += 1
    if at == 0 or at == size or ord(text[at]) != _EMAIL_AT:
        return False
    while True:
        start = at = at + 1
        while at < size and _email_class(text, at) & 2:
            at += 1
        if not (0 < at - start <= _EMAIL_LONGEST_LABEL and _email_class(text, start) & 4
                and _email_class(text, at - 1) & 4):
            return False
        if at == size:
            return True
        if ord(text[at]) != _EMAIL_DOT:
            return False


# Whether this module runs compiled: `email` is then checked by `is_email`'s loop, which mypyc compiles
# to half of `re`'s instructions, and in pure Python by EMAIL.
COMPILED: Final[bool] = is_compiled(is_email)


# RFC 9562's text form: 8-4-4-4-12 hexadecimal digits, either case, any version and variant.
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


# RFC 3986's URI, built from the ABNF of its Appendix A, rule by rule. ASCII only: every class is
# written out, so that nothing beyond ASCII can match.
_UNRESERVED = r"[A-Za-z0-9\-._~]"
_PCT_ENCODED = r"%[0-9A-Fa-f]{2}"
_SUB_DELIMS = r"[!$&'()*+,;=]"
_PCHAR = f"(?:{_UNRESERVED}|{_PCT_ENCODED}|{_SUB_DELIMS}|[:@])"
_SCHEME = r"[A-Za-z][A-Za-z0-9+\-.]*"
_USERINFO = f"(?:{_UNRESERVED}|{_PCT_ENCODED}|{_SUB_DELIMS}|:)*"
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
_IPV4 = rf"{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}"
_H16 = r"[0-9A-Fa-f]{1,4}"
_LS32 = f"(?:{_H16}:{_H16}|{_IPV4})"


def _h16s(low: int, high: int) -> str:
    """Between `low` and `high` of `h16 ":"`."""
    return f"(?:{_H16}:){{{low},{high}}}"


_IPV6 = "(?:" + "|".join([
    f"{_h16s(6, 6)}{_LS32}",
    f"::{_h16s(5, 5)}{_LS32}",
    f"(?:{_H16})?::{_h16s(4, 4)}{_LS32}",
    f"(?:{_h16s(0, 1)}{_H16})?::{_h16s(3, 3)}{_LS32}",
    f"(?:{_h16s(0, 2)}{_H16})?::{_h16s(2, 2)}{_LS32}",
    f"(?:{_h16s(0, 3)}{_H16})?::{_H16}:{_LS32}",
    f"(?:{_h16s(0, 4)}{_H16})?::{_LS32}",
    f"(?:{_h16s(0, 5)}{_H16})?::{_H16}",
    f"(?:{_h16s(0, 6)}{_H16})?::",
]) + ")"
_IPVFUTURE = f"[vV][0-9A-Fa-f]+\\.(?:{_UNRESERVED}|{_SUB_DELIMS}|:)+"
_IP_LITERAL = rf"\[(?:{_IPV6}|{_IPVFUTURE})\]"
_REG_NAME = f"(?:{_UNRESERVED}|{_PCT_ENCODED}|{_SUB_DELIMS})*"
_HOST = f"(?:{_IP_LITERAL}|{_IPV4}|{_REG_NAME})"
_AUTHORITY = f"(?:{_USERINFO}@)?(?P<host>{_HOST})(?::[0-9]*)?"
_SEGMENT = f"{_PCHAR}*"
_SEGMENT_NZ = f"{_PCHAR}+"
_HIER_PART = (
    f"(?://{_AUTHORITY}(?:/{_SEGMENT})*"  # "//" authority path-abempty
    f"|/(?:{_SEGMENT_NZ}(?:/{_SEGMENT})*)?"  # path-absolute
    f"|{_SEGMENT_NZ}(?:/{_SEGMENT})*"  # path-rootless
    "|)"  # path-empty
)
_QUERY = f"(?:{_PCHAR}|[/?])*"
URI = re.compile(f"(?P<scheme>{_SCHEME}):{_HIER_PART}(?:\\?{_QUERY})?(?:#{_QUERY})?")


def is_url(text: str, schemes: Union[str, Sequence[str]]) -> bool:
    """Whether `text` is an RFC 3986 URI whose scheme is in `schemes` (a list, compared
    case-insensitively, where http and https need a non-empty host) or any scheme ("any")."""
    match = URI.fullmatch(text)
    if match is None:
        return False
    if schemes == "any":
        return True
    scheme = ascii_lower(match.group("scheme"))
    if scheme not in {ascii_lower(name) for name in schemes}:
        return False
    return scheme not in ("http", "https") or bool(match.group("host"))


INTEGER = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"([+-]?)([0-9]+)(?:\.([0-9]+))?")
INT_MIN = -(2**63)
INT_MAX = 2**63 - 1

# A relative date bound as exported: `today - 13 years`, `today + 1 day`.
# The grammar of a bound relative to today is the generated data's (_rulecheck_data.py).
RELATIVE_DATE = re.compile(data.RELATIVE_DATE)


def resolve_date_bound(bound: str, today: str) -> str:
    """The date of a `notBefore`/`notAfter` bound, YYYY-MM-DD, where today is `today`: months and
    years are calendar arithmetic with the day clamped to the month's last (2024-02-29 - 1 year is
    2023-02-28); a date beyond 0001-01-01...9999-12-31 is clamped to that range."""
    if bound == "today":
        return today
    match = RELATIVE_DATE.fullmatch(bound)
    if match is None:
        return bound
    sign, count, unit = match.groups()
    amount = int(count) * (-1 if sign == "-" else 1)
    start = datetime.date.fromisoformat(today)
    if unit in ("day", "week"):
        days = amount * (7 if unit == "week" else 1)
        try:
            return (start + datetime.timedelta(days=days)).isoformat()
        except OverflowError:
            return (datetime.date.min if days < 0 else datetime.date.max).isoformat()
    year, month0 = divmod(start.year * 12 + start.month - 1 + amount * (12 if unit == "year" else 1), 12)
    if year < datetime.MINYEAR:
        return datetime.date.min.isoformat()
    if year > datetime.MAXYEAR:
        return datetime.date.max.isoformat()
    day = min(start.day, calendar.monthrange(year, month0 + 1)[1])
    return datetime.date(year, month0 + 1, day).isoformat()


# A JSON number or decimal text's description writes scientific notation past this many zeros.
PLAIN_FORM_ZEROS = 20


class Number:
    """An exact decimal number, as rulecheck's DecimalNumber: digits without leading or trailing
    zeros, and a power of ten. `12.99999999999999999` is not 13, and `1e400` is a number."""

    # NB: `shown` is str()'s text, kept when first written: the JSON reader hands the same Number
    # to every body that writes it (a body's `"quantity": 3`), and nothing changes one once made.
    __slots__ = ("negative", "digits", "exponent", "plain_always", "written_scale", "shown")

    def __init__(self, negative: bool, whole: str, fraction: str, exponent: int, plain_always: bool) -> None:
        whole_digits = whole.lstrip("0")
        scale = exponent
        if fraction.strip("0") == "":
            digits = whole_digits.rstrip("0")
            scale += len(whole_digits) - len(digits)
        else:
            fraction_digits = fraction.rstrip("0")
            scale -= len(fraction_digits)
            digits = whole_digits + fraction_digits if whole_digits else fraction_digits.lstrip("0")
        self.negative = negative and digits != ""
        self.exponent = scale if digits else 0
        self.digits = digits
        self.plain_always = plain_always
        # The fraction digits str() writes at least: a rule file's bound 50.00 keeps its two.
        self.written_scale = 0
        self.shown: Optional[str] = None

    @classmethod
    def from_text(cls, text: str, written: bool = False) -> Optional["Number"]:
        """`[+-]?[0-9]+(\\.[0-9]+)?`, as a decimal type reads text; None otherwise. `written` keeps
        the fraction digits as written for str(), as a rule file's bound `50.00` (not part of the value)."""
        match = DECIMAL.fullmatch(text)
        if match is None:
            return None
        sign, whole, fraction = match.groups()
        number = cls(sign == "-", whole, fraction or "", 0, True)
        if written and fraction:
            number.written_scale = len(fraction)
        return number

    @classmethod
    def from_int(cls, number: int) -> "Number":
        return cls(number < 0, str(abs(number)), "", 0, True)

    @classmethod
    def from_decimal(cls, number: Decimal) -> Optional["Number"]:
        if not number.is_finite():
            return None
        sign, digits, exponent = number.as_tuple()
        assert isinstance(exponent, int)
        return cls(bool(sign), "".join(map(str, digits)), "", exponent, False)

    def exact_integer(self) -> Optional[int]:
        """The number as an integer within 64 bits, or None (a fraction, or too large)."""
        if not self.digits:
            return 0
        if self.exponent < 0 or len(self.digits) + self.exponent > 19:
            return None
        value = int(self.digits) * 10**self.exponent
        if self.negative:
            value = -value
        return value if INT_MIN <= value <= INT_MAX else None

    def __reduce__(self) -> Tuple[Any, Tuple[bool, str, int, bool, int]]:
        # NB: pickled by its parts, as the compiled module's classes must be (a verdict's value, sent
        # back by a worker process).
        return _restored, (self.negative, self.digits, self.exponent, self.plain_always, self.written_scale)

    def __str__(self) -> str:
        found = self.shown
        if found is None:
            found = self.shown = self._written()
        return found

    def _written(self) -> str:
        form = self._shortest()
        if self.written_scale == 0 or "e" in form:
            return form
        fraction = len(form) - form.index(".") - 1 if "." in form else 0
        missing = self.written_scale - fraction
        return form + ("." if fraction == 0 else "") + "0" * missing if missing > 0 else form

    def _shortest(self) -> str:
        digits = self.digits
        if not digits:
            return "0"
        sign = "-" if self.negative else ""
        count = len(digits)
        exponent = self.exponent
        zeros = exponent if exponent >= 0 else max(-exponent - count, 0)
        if not self.plain_always and zeros > PLAIN_FORM_ZEROS:
            rest = digits[1:]
            return sign + digits[0] + ("." + rest if rest else "") + "e" + str(exponent + count - 1)
        if exponent >= 0:
            return sign + digits + "0" * exponent
        if count > -exponent:
            point = count + exponent
            return sign + digits[:point] + "." + digits[point:]
        return sign + "0." + "0" * zeros + digits

    def __repr__(self) -> str:
        return f"Number({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, int) and not isinstance(other, bool):
            other = Number.from_int(other)
        if not isinstance(other, Number):
            return NotImplemented
        return (self.negative, self.exponent, self.digits) == (other.negative, other.exponent, other.digits)

    def __hash__(self) -> int:
        if self.exponent >= 0 and len(self.digits) + self.exponent <= 19:
            return hash(self.exact_integer())
        return hash((self.negative, self.exponent, self.digits))

    def _magnitude_less(self, other: "Number") -> bool:
        if not self.digits or not other.digits:
            return not self.digits and bool(other.digits)
        a_leading = self.exponent + len(self.digits)
        b_leading = other.exponent + len(other.digits)
        if a_leading != b_leading:
            return a_leading < b_leading
        return self.digits < other.digits

    def __lt__(self, other: "Number") -> bool:
        if self.negative != other.negative:
            return self.negative
        return other._magnitude_less(self) if self.negative else self._magnitude_less(other)

    def __le__(self, other: "Number") -> bool:
        return not other < self

    def to_decimal(self) -> Decimal:
        if self.written_scale:
            return Decimal(str(self))
        return Decimal(("-" if self.negative else "") + (self.digits or "0") + "E" + str(self.exponent))


def _restored(negative: bool, digits: str, exponent: int, plain_always: bool, written_scale: int) -> Number:
    """A Number as it was pickled (Number.__reduce__): its digits are already without zeros at either end."""
    number = Number(negative, digits, "", exponent, plain_always)
    number.written_scale = written_scale
    return number


def number_of(value: object) -> Optional[Number]:
    """An integer or decimal value as a Number, for comparisons across both."""
    if isinstance(value, Number):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Number.from_int(value)
    return None


# A valid value: str (string), Date, int (integer), Number (decimal), bool, dict (record), list.
Value = Union[str, int, bool, Number, Dict[str, "Value"], List["Value"]]


def describe(value: object) -> str:
    """The canonical text of a valid value, as a message's {value} shows it."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{name}: {describe(value[name])}" for name in sorted(value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(describe(item) for item in value) + "]"
    return str(value)


def parse_integer(text: str) -> Optional[int]:
    if not INTEGER.fullmatch(text):
        return None
    if len(text.lstrip("+-").lstrip("0")) > 19:
        # Beyond 64 bits, and int() refuses more than 4,300 digits (found by Scripts/agree.py).
        return None
    number = int(text)
    return number if INT_MIN <= number <= INT_MAX else None


_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


_DATE_SHAPE = re.compile(r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])")


def parse_date(text: str) -> Optional[Date]:
    """`YYYY-MM-DD`, a real day of the years 0001 to 9999; its text is already the canonical one."""
    if len(text) != 10 or _DATE_SHAPE.fullmatch(text) is None or text.startswith("0000"):
        return None
    # NB: every month has 28 days; only a later day needs its month's length.
    if text[8] != "0" and text[8:] > "28":
        year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
        if day > _MONTH_DAYS[month] and not (month == 2 and day == 29 and calendar.isleap(year)):
            return None
    return Date(text)


def parse_boolean(text: str) -> Optional[bool]:
    return True if text == "true" else False if text == "false" else None


PARSERS: Dict[str, Callable[[str], object]] = {
    "string": lambda text: text,
    "integer": parse_integer,
    "decimal": Number.from_text,
    "date": parse_date,
    "boolean": parse_boolean,
}
