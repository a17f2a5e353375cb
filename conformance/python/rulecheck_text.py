"""What rulecheck does to text: normalizers, lengths, the email grammar, and reading values.

Each function follows DESIGN.md's contract, not Python's nearest built-in: `trim` removes the
Unicode White_Space set and nothing else (str.strip() also removes U+001C-U+001F), `lowercase`
maps each code point on its own (str.lower() turns a final sigma into 'ς'), and `characters`
counts extended grapheme clusters (len() counts code points).
"""

import calendar
import datetime
import re
import unicodedata
from decimal import Decimal

import regex

# The Unicode White_Space property: 25 code points.
WHITE_SPACE = frozenset(
    [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680]
    + list(range(0x2000, 0x200B))
    + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
)


def is_white_space(char):
    return ord(char) in WHITE_SPACE


def trim(text):
    start, end = 0, len(text)
    while start < end and is_white_space(text[start]):
        start += 1
    while end > start and is_white_space(text[end - 1]):
        end -= 1
    return text[start:end]


def collapse_white_space(text):
    out = []
    previous_was_space = False
    for char in trim(text):
        if is_white_space(char):
            if not previous_was_space:
                out.append(" ")
            previous_was_space = True
        else:
            out.append(char)
            previous_was_space = False
    return "".join(out)


NORMALIZERS = {
    "trim": trim,
    "collapseWhitespace": collapse_white_space,
    # Full case mapping of each code point alone, as Swift's lowercased() and uppercased() do.
    "lowercase": lambda text: "".join(char.lower() for char in text),
    "uppercase": lambda text: "".join(char.upper() for char in text),
    "nfc": lambda text: unicodedata.normalize("NFC", text),
    "nfkc": lambda text: unicodedata.normalize("NFKC", text),
}


def normalize(text, names):
    for name in names:
        text = NORMALIZERS[name](text)
    return text


GRAPHEME = regex.compile(r"\X")

LENGTHS = {
    "characters": lambda text: len(GRAPHEME.findall(text)),
    "scalars": len,
    "utf16": lambda text: len(text.encode("utf-16-le", "surrogatepass")) // 2,
    "bytes": lambda text: len(text.encode("utf-8", "surrogatepass")),
}


def length(text, unit):
    return LENGTHS[unit](text)


# The WHATWG HTML "valid email address", as the HTML standard writes it.
EMAIL = re.compile(
    r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"
)


def is_email(text):
    return EMAIL.fullmatch(text) is not None


# RFC 9562's text form: 8-4-4-4-12 hexadecimal digits, either case, any version and variant.
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def is_uuid(text):
    return UUID.fullmatch(text) is not None


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


def _h16s(low, high):
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


def is_url(text, schemes):
    """Whether `text` is an RFC 3986 URI whose scheme is in `schemes` (a list, compared
    case-insensitively, where http and https need a non-empty host) or any scheme ("any")."""
    match = URI.fullmatch(text)
    if match is None:
        return False
    if schemes == "any":
        return True
    scheme = match.group("scheme").lower()
    if scheme not in {name.lower() for name in schemes}:
        return False
    return scheme not in ("http", "https") or bool(match.group("host"))


INTEGER = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"([+-]?)([0-9]+)(?:\.([0-9]+))?")
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


# A relative date bound as exported: `today - 13 years`, `today + 1 day`.
RELATIVE_DATE = re.compile(r"today *([+-]) *([0-9]+) *(day|week|month|year)s?")


def resolve_date_bound(bound, today):
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


def canonical_decimal(text):
    """A decimal's shortest exact text: no '+', no leading or trailing zeros, '0' for zero."""
    sign, whole, fraction = DECIMAL.fullmatch(text).groups()
    whole = whole.lstrip("0") or "0"
    fraction = (fraction or "").rstrip("0")
    negative = sign == "-" and (whole != "0" or fraction != "")
    return ("-" if negative else "") + whole + ("." + fraction if fraction else "")


def decimal_number(text):
    """A decimal's text as a number that compares exactly."""
    return Decimal(canonical_decimal(text))


class Value:
    """A valid value: its kind (string, integer, decimal, date, boolean, record, list) and content."""

    def __init__(self, kind, content):
        self.kind = kind
        self.content = content

    def __eq__(self, other):
        return isinstance(other, Value) and (self.kind, self.content) == (other.kind, other.content)

    def text(self):
        """The canonical text, as a message's {value} shows it."""
        if self.kind == "boolean":
            return "true" if self.content else "false"
        if self.kind == "record":
            fields = sorted(self.content.items())
            return "{" + ", ".join(f"{name}: {value.text()}" for name, value in fields) + "}"
        if self.kind == "list":
            return "[" + ", ".join(item.text() for item in self.content) + "]"
        return str(self.content)

    def json(self):
        """The value in a response: integers and booleans as JSON, records as objects, the rest as text."""
        if self.kind in ("integer", "boolean"):
            return self.content
        if self.kind == "record":
            return {name: value.json() for name, value in self.content.items()}
        if self.kind == "list":
            return [item.json() for item in self.content]
        return self.text()


def parse(text, value_type):
    """`text` read as `value_type`, or None when it is not written as the type requires."""
    if value_type == "string":
        return Value("string", text)
    if value_type == "integer":
        if not INTEGER.fullmatch(text):
            return None
        if len(text.lstrip("+-").lstrip("0")) > 19:
            # Beyond 64 bits, and int() refuses more than 4,300 digits (found by Scripts/agree.py).
            return None
        number = int(text)
        return Value("integer", number) if -(2**63) <= number < 2**63 else None
    if value_type == "decimal":
        return Value("decimal", canonical_decimal(text)) if DECIMAL.fullmatch(text) else None
    if value_type == "date":
        match = DATE.fullmatch(text)
        if not match:
            return None
        try:
            return Value("date", datetime.date(*map(int, match.groups())).isoformat())
        except ValueError:
            return None
    if value_type == "boolean":
        return Value("boolean", text == "true") if text in ("true", "false") else None
    raise ValueError(f"unknown value type {value_type!r}")
