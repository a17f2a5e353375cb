"""What rulecheck does to text: normalizers, lengths, the email grammar, and reading values.

Each function follows DESIGN.md's contract, not Python's nearest built-in: `trim` removes the
Unicode White_Space set and nothing else (str.strip() also removes U+001C-U+001F), `lowercase`
maps each code point on its own (str.lower() turns a final sigma into 'ς'), and `characters`
counts extended grapheme clusters (len() counts code points).
"""

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


INTEGER = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"([+-]?)([0-9]+)(?:\.([0-9]+))?")
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


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
