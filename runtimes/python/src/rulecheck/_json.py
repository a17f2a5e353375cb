"""The strict JSON reader (RFC 8259), as rulecheck's JSONReader reads a body: the same errors, at
the same line and column, in the same words.

`null` is None, a string str, `true`/`false` bool, an array list, an object dict, and a number a
`Number`, exactly as written: `12.99999999999999999` is not 13, and `1e400` is a number. Anything
else is a `JSONReadError` at the first character that is wrong: bad syntax, trailing content, a
duplicate key, invalid UTF-8 (never replaced with U+FFFD), a lone surrogate escape such as
`\\uD800`, a control character in a string, nesting beyond `max_depth`, a number whose exponent is
beyond `max_exponent`. Reading is iterative, so a million `[` fail at the depth limit at once.
Python's `json` module is not used: it accepts duplicate keys, `NaN` and lone surrogates.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Tuple

from ._text import Number
from ._unicode import general_category

MAX_DEPTH = 512
MAX_EXPONENT = 999_999_999
_SATURATION = 1 << 58

_WHITE = re.compile(r"[ \t\n\r]*")
_PLAIN = re.compile(r'[^"\\\x00-\x1f]*')
_DIGITS = re.compile(r"[0-9]*")
_WORD = re.compile(r"[A-Za-z0-9_]{1,20}")
_HEX4 = re.compile(r"[0-9A-Fa-f]{4}")
_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_QUIET_CATEGORIES = frozenset(["Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cn", "Cs", "Mn", "Me"])


def _end(pattern: "re.Pattern[str]", text: str, pos: int) -> int:
    """Where a run of `pattern` (which matches the empty string too) starting at `pos` ends."""
    match = pattern.match(text, pos)
    assert match is not None
    return match.end()


class JSONReadError(ValueError):
    """Why a body is not JSON, and where: `line` and `column` from 1 (columns count Unicode
    scalars; a line ends at \\n, \\r\\n or \\r), and the byte `offset` from 0."""

    def __init__(self, message: str, offset: int, line: int, column: int) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column


def code_point(value: int) -> str:
    """`U+0001`, `U+FEFF`, `U+1F600`."""
    return "U+%04X" % value


def _utf8_sequence_length(data: bytes, offset: int) -> int:
    """The length of the invalid UTF-8 sequence at `offset`, up to the byte that makes it invalid
    (Unicode's table 3-7)."""
    lead = data[offset]
    low, high = 0x80, 0xBF
    if 0xC2 <= lead <= 0xDF:
        length = 2
    elif lead == 0xE0:
        length, low = 3, 0xA0
    elif 0xE1 <= lead <= 0xEC or 0xEE <= lead <= 0xEF:
        length = 3
    elif lead == 0xED:
        length, high = 3, 0x9F
    elif lead == 0xF0:
        length, low = 4, 0x90
    elif 0xF1 <= lead <= 0xF3:
        length = 4
    elif lead == 0xF4:
        length, high = 4, 0x8F
    else:
        return 1
    for index in range(1, length):
        if offset + index >= len(data):
            return index + 1
        byte = data[offset + index]
        lower, upper = (low, high) if index == 1 else (0x80, 0xBF)
        if not lower <= byte <= upper:
            return index + 1
    return length  # NB: not reached for a sequence the decoder refused


def invalid_utf8(data: bytes, offset: int) -> str:
    length = _utf8_sequence_length(data, offset)
    shown = ["0x%02X" % byte for byte in data[offset : offset + length]]
    cut = " cut off by the end of the input" if offset + length > len(data) else ""
    return ("invalid UTF-8 byte " if len(shown) == 1 else "invalid UTF-8 bytes ") + " ".join(shown) + cut


class _Reader:
    def __init__(self, data: bytes, max_depth: int, max_exponent: int) -> None:
        self.data = data
        self.max_depth = max_depth
        self.max_exponent = max_exponent
        try:
            self.text = data.decode("utf-8")
            self.bad: Optional[str] = None
        except UnicodeDecodeError as error:
            # Read up to the first invalid byte; reaching it is the error, with its bytes.
            self.text = data[: error.start].decode("utf-8")
            self.bad = invalid_utf8(data, error.start)
        self.end = len(self.text)

    # MARK: errors

    def error(self, message: str, at: int) -> JSONReadError:
        before = self.text[:at]
        line = 1 + before.count("\n") + before.count("\r") - before.count("\r\n")
        start = max(before.rfind("\n"), before.rfind("\r")) + 1
        offset = len(before.encode("utf-8", "surrogatepass"))
        return JSONReadError(message, offset, line, at - start + 1)

    def found(self, at: int) -> str:
        if at >= self.end:
            return self.bad if self.bad is not None else "the end of the input"
        char = self.text[at]
        value = ord(char)
        if char.isascii() and char.isalpha():
            match = _WORD.match(self.text, at)
            assert match is not None
            return "'" + match.group() + "'"
        if 0x21 <= value <= 0x7E:
            return "'" + char + "'"
        if char == " ":
            return "a space"
        if char == "\t":
            return "a tab"
        if char in "\n\r":
            return "a line break"
        if value < 0x80:
            return code_point(value)
        if general_category(value) in _QUIET_CATEGORIES:
            return code_point(value)
        return f"'{char}' ({code_point(value)})"

    def expected_value(self, place: Tuple[str, str], at: int) -> JSONReadError:
        kind, key = place
        found = self.found(at)
        if kind == "top":
            return self.error(f"expected a value; found {found}", at)
        if kind == "list":
            return self.error(f"expected a value or ']'; found {found}", at)
        if kind == "comma":
            if at < self.end and self.text[at] == "]":
                return self.error("expected a value after ','; found ']'; JSON has no trailing commas", at)
            return self.error(f"expected a value after ','; found {found}", at)
        return self.error(f"expected the value of '{quoted(key)}'; found {found}", at)

    # MARK: reading

    def read(self) -> Any:
        text = self.text
        end = self.end
        pos = 1 if text.startswith("\ufeff") else 0
        # Each open container: [is_list, items or members, key being read]
        stack: List[List[Any]] = []
        place: Tuple[str, str] = ("top", "")
        while True:
            pos = _end(_WHITE, text, pos)
            if pos >= end:
                raise self.expected_value(place, pos)
            char = text[pos]
            value: Any
            if char == '"':
                value, pos = self.string(pos)
            elif char == "-" or "0" <= char <= "9":
                value, pos = self.number(pos)
            elif char == "t":
                pos = self.literal("true", place, pos)
                value = True
            elif char == "f":
                pos = self.literal("false", place, pos)
                value = False
            elif char == "n":
                pos = self.literal("null", place, pos)
                value = None
            elif char == "[" or char == "{":
                if len(stack) >= self.max_depth:
                    raise self.error(f"nesting depth exceeds the limit of {self.max_depth} levels", pos)
                pos = _end(_WHITE, text, pos + 1)
                if char == "[":
                    if pos < end and text[pos] == "]":
                        value = []
                        pos += 1
                    else:
                        stack.append([True, [], ""])
                        place = ("list", "")
                        continue
                else:
                    if pos < end and text[pos] == "}":
                        value = {}
                        pos += 1
                    else:
                        if pos >= end or text[pos] != '"':
                            raise self.error(f"expected a key or '}}'; found {self.found(pos)}", pos)
                        members: Dict[str, Any] = {}
                        key, pos = self.member(pos, members)
                        stack.append([False, members, key])
                        place = ("member", key)
                        continue
            else:
                raise self.expected_value(place, pos)
            # The value goes into the innermost container; each container it completes goes into
            # the next, until a comma asks for another value.
            while True:
                if not stack:
                    pos = _end(_WHITE, text, pos)
                    if pos < end or self.bad is not None:
                        raise self.error(
                            f"expected the end of the input after the value; found {self.found(pos)}", pos)
                    return value
                frame = stack[-1]
                pos = _end(_WHITE, text, pos)
                next_char = text[pos] if pos < end else ""
                if frame[0]:
                    frame[1].append(value)
                    if next_char == ",":
                        pos += 1
                        place = ("comma", "")
                    elif next_char == "]":
                        pos += 1
                        stack.pop()
                        value = frame[1]
                        continue
                    else:
                        raise self.error(
                            f"expected ',' or ']' after an item of a list; found {self.found(pos)}", pos)
                else:
                    frame[1][frame[2]] = value
                    if next_char == ",":
                        pos = _end(_WHITE, text, pos + 1)
                        if pos >= end or text[pos] != '"':
                            if pos < end and text[pos] == "}":
                                raise self.error(
                                    "expected a key after ','; found '}'; JSON has no trailing commas", pos)
                            raise self.error(f"expected a key after ','; found {self.found(pos)}", pos)
                        key, pos = self.member(pos, frame[1])
                        frame[2] = key
                        place = ("member", key)
                    elif next_char == "}":
                        pos += 1
                        stack.pop()
                        value = frame[1]
                        continue
                    else:
                        raise self.error(
                            f"expected ',' or '}}' after a member of an object; found {self.found(pos)}", pos)
                break

    def member(self, pos: int, members: Dict[str, Any]) -> Tuple[str, int]:
        key, after = self.string(pos)
        if key in members:
            raise self.error(f"duplicate key '{quoted(key)}' in an object", pos)
        after = _end(_WHITE, self.text, after)
        if after >= self.end or self.text[after] != ":":
            raise self.error(f"expected ':' after the key '{quoted(key)}'; found {self.found(after)}", after)
        return key, after + 1

    def literal(self, word: str, place: Tuple[str, str], pos: int) -> int:
        if not self.text.startswith(word, pos):
            raise self.expected_value(place, pos)
        return pos + len(word)

    def string(self, pos: int) -> Tuple[str, int]:
        text = self.text
        pos += 1
        parts: List[str] = []
        while True:
            run_end = _end(_PLAIN, text, pos)
            if run_end > pos:
                parts.append(text[pos:run_end])
            pos = run_end
            if pos >= self.end:
                if self.bad is not None:
                    raise self.error(self.bad, pos)
                raise self.error("expected '\"' to end the string; found the end of the input", pos)
            char = text[pos]
            if char == '"':
                return "".join(parts), pos + 1
            if char == "\\":
                piece, pos = self.escape(pos)
                parts.append(piece)
                continue
            value = ord(char)
            raise self.error(
                f"control character {code_point(value)} in a string; write it as '\\u{code_point(value)[2:]}'", pos)

    def escape(self, start: int) -> Tuple[str, int]:
        text = self.text
        pos = start + 1
        if pos >= self.end and self.bad is None:
            raise self.error("expected an escape after '\\'; found the end of the input", pos)
        char = text[pos] if pos < self.end else ""
        simple = _SIMPLE_ESCAPES.get(char)
        if simple is not None:
            return simple, pos + 1
        if char != "u":
            if char and 0x20 < ord(char) < 0x7F:
                shown = f"'\\{char}'"
            else:
                shown = f"'\\' followed by {self.found(pos)}"
            raise self.error(
                f"invalid escape {shown} in a string; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", start)
        unit, pos = self.hex_quad(pos + 1)
        if 0xDC00 <= unit <= 0xDFFF:
            raise self.error(
                f"lone low surrogate '\\u{unit:04X}' in a string; it must follow a high surrogate \\uD800–\\uDBFF",
                start)
        if 0xD800 <= unit <= 0xDBFF:
            if not text.startswith("\\u", pos):
                raise self.error(
                    f"lone high surrogate '\\u{unit:04X}' in a string; it must be followed by a low surrogate "
                    "\\uDC00–\\uDFFF", start)
            low, pos = self.hex_quad(pos + 2)
            if not 0xDC00 <= low <= 0xDFFF:
                raise self.error(
                    f"high surrogate '\\u{unit:04X}' followed by '\\u{low:04X}' in a string; it must be followed by "
                    "a low surrogate \\uDC00–\\uDFFF", start)
            return chr(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)), pos
        return chr(unit), pos

    def hex_quad(self, pos: int) -> Tuple[int, int]:
        match = _HEX4.match(self.text, pos)
        if match is None:
            at = pos
            while at < pos + 4 and at < self.end and self.text[at] in "0123456789abcdefABCDEF":
                at += 1
            raise self.error(f"expected 4 hexadecimal digits after '\\u'; found {self.found(at)}", at)
        return int(match.group(), 16), match.end()

    def number(self, start: int) -> Tuple[Number, int]:
        text = self.text
        pos = start
        negative = text[pos] == "-"
        if negative:
            pos += 1
        whole_start = pos
        if pos >= self.end or not "0" <= text[pos] <= "9":
            raise self.error(
                f"{'expected a digit after' + chr(32) + repr('-') if negative else 'expected a number'}; "
                f"found {self.found(pos)}", pos)
        first = text[pos]
        pos += 1
        if first == "0":
            if pos < self.end and "0" <= text[pos] <= "9":
                raise self.error(
                    "expected '.', 'e' or the end of the number after a leading '0'; "
                    f"found {self.found(pos)}; JSON has no leading zeros", pos)
        else:
            pos = _end(_DIGITS, text, pos)
        whole = text[whole_start:pos]
        fraction = ""
        if pos < self.end and text[pos] == ".":
            pos += 1
            fraction_start = pos
            pos = _end(_DIGITS, text, pos)
            if pos == fraction_start:
                raise self.error(f"expected a digit after '.'; found {self.found(pos)}", pos)
            fraction = text[fraction_start:pos]
        exponent = 0
        limit_at = start
        if pos < self.end and text[pos] in "eE":
            pos += 1
            exponent_negative = False
            if pos < self.end and text[pos] in "+-":
                exponent_negative = text[pos] == "-"
                pos += 1
            limit_at = pos
            pos = _end(_DIGITS, text, pos)
            if pos == limit_at:
                raise self.error(f"expected a digit in the exponent; found {self.found(pos)}", pos)
            digits = text[limit_at:pos].lstrip("0")
            exponent = int(digits or "0") if len(digits) <= 18 else _SATURATION
            exponent = min(exponent, _SATURATION)
            if exponent_negative:
                exponent = -exponent
        scientific = exponent
        if first != "0":
            scientific += len(whole) - 1
        else:
            stripped = fraction.lstrip("0")
            if stripped:
                scientific -= len(fraction) - len(stripped) + 1
        if abs(exponent) >= _SATURATION or abs(scientific) > self.max_exponent:
            raise self.error(f"the number's exponent exceeds the limit of {self.max_exponent} in magnitude", limit_at)
        return Number(negative, whole, fraction, exponent, False), pos


def quoted(key: str) -> str:
    """A key for a message: control characters escaped, and cut after 40 characters."""
    shown = "".join("\\u%04X" % ord(char) if ord(char) < 0x20 else char for char in key[:40])
    return shown + "…" if len(key) > 40 else shown


class _Refused(Exception):
    """What the fast path cannot take; the strict reader then reads the body."""


def _members(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    members = dict(pairs)
    if len(members) != len(pairs):
        raise _Refused
    return members


def _integer(text: str) -> Number:
    negative = text[0] == "-"
    return Number(negative, text[1:] if negative else text, "", 0, False)


_FRACTION = re.compile(r"(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?")


def _fast_number(max_exponent: int) -> Any:
    def number(text: str) -> Number:
        match = _FRACTION.fullmatch(text)
        if match is None:
            raise _Refused
        sign, whole, fraction, exponent_text = match.groups()
        fraction = fraction or ""
        exponent = 0
        if exponent_text is not None:
            digits = exponent_text.lstrip("+-").lstrip("0")
            if len(digits) > 18:
                raise _Refused
            exponent = -int(digits or "0") if exponent_text.startswith("-") else int(digits or "0")
        scientific = exponent
        if whole[0] != "0":
            scientific += len(whole) - 1
        else:
            stripped = fraction.lstrip("0")
            if stripped:
                scientific -= len(fraction) - len(stripped) + 1
        if abs(scientific) > max_exponent:
            raise _Refused
        return Number(sign == "-", whole, fraction, exponent, False)

    return number


def _constant(text: str) -> Any:
    raise _Refused


# A \u escape of a surrogate (paired or not): the strict reader decides those.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_FAST_NUMBER = _fast_number(MAX_EXPONENT)


def read(data: bytes, *, max_depth: int = MAX_DEPTH, max_exponent: int = MAX_EXPONENT) -> Any:
    """Reads UTF-8 bytes as one JSON text, strictly; raises JSONReadError at the first mistake.

    A body that Python's C JSON scanner reads and that cannot differ (no more brackets than the depth
    limit, no surrogate escape, valid UTF-8, no duplicate key, NaN or exponent past the limit) is
    read by it, with exact numbers; any other, and every mistake, by the strict reader."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    data = bytes(data)
    if data.count(b"[") + data.count(b"{") <= max_depth and _SURROGATE_ESCAPE.search(data) is None:
        try:
            text = data.decode("utf-8")
            if text.startswith("\ufeff"):
                text = text[1:]
            number = _FAST_NUMBER if max_exponent == MAX_EXPONENT else _fast_number(max_exponent)
            return json.loads(text, object_pairs_hook=_members, parse_float=number, parse_int=_integer,
                              parse_constant=_constant)
        except (ValueError, RecursionError, _Refused):
            pass
    return _Reader(data, max_depth, max_exponent).read()


def read_strictly(data: bytes, *, max_depth: int = MAX_DEPTH, max_exponent: int = MAX_EXPONENT) -> Any:
    """read() without the fast path: the strict reader alone."""
    return _Reader(bytes(data), max_depth, max_exponent).read()
