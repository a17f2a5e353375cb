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
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Dict, Final, List, Optional, Tuple, Union

from . import _rulecheck_data as data
from ._text import Number
from ._unicode import general_category

MAX_DEPTH = 512
MAX_EXPONENT = 999_999_999
_SATURATION = 1 << 58

_WHITE = re.compile(r"[ \t\n\r]*")
_PLAIN = re.compile(r'[^"\\\x00-\x1f]*')
# Escapes that cannot be wrong, with the plain characters between them: no surrogate, which alone the
# engine refuses (a lone one) and json's scanner keeps.
_ESCAPED = re.compile(r'(?:\\["\\/bfnrt]|\\u(?![dD][89a-fA-F])[0-9A-Fa-f]{4}|[^"\\\x00-\x1f]+)*')
_DIGITS = re.compile(r"[0-9]*")
_WORD = re.compile(r"[A-Za-z0-9_]{1,20}")
_HEX4 = re.compile(r"[0-9A-Fa-f]{4}")
# The reader's sentences are the engine's (the generated data's JSON_SENTENCES), placeholders filled in.
_SENTENCES: Dict[str, str] = data.JSON_SENTENCES
_PLACEHOLDER = re.compile(r"\{([a-zA-Z]+)\}")


def sentence(name: str, **values: str) -> str:
    return _PLACEHOLDER.sub(lambda match: values.get(match.group(1), match.group(0)), _SENTENCES[name])


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
    text = sentence("invalidByte" if len(shown) == 1 else "invalidBytes", bytes=" ".join(shown))
    return sentence("cutOff", bytes=text) if offset + length > len(data) else text


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
            return self.bad if self.bad is not None else _SENTENCES["endOfInput"]
        char = self.text[at]
        value = ord(char)
        if char.isascii() and char.isalpha():
            match = _WORD.match(self.text, at)
            assert match is not None
            return "'" + match.group() + "'"
        if 0x21 <= value <= 0x7E:
            return "'" + char + "'"
        if char == " ":
            return _SENTENCES["space"]
        if char == "\t":
            return _SENTENCES["tab"]
        if char in "\n\r":
            return _SENTENCES["lineBreak"]
        if value < 0x80:
            return code_point(value)
        if general_category(value) in _QUIET_CATEGORIES:
            return code_point(value)
        return f"'{char}' ({code_point(value)})"

    def expected_value(self, place: Tuple[str, str], at: int) -> JSONReadError:
        kind, key = place
        found = self.found(at)
        if kind == "top":
            return self.error(sentence("value", found=found), at)
        if kind == "list":
            return self.error(sentence("valueOrEnd", found=found), at)
        if kind == "comma":
            if at < self.end and self.text[at] == "]":
                return self.error(sentence("valueAfterCommaTrailing"), at)
            return self.error(sentence("valueAfterComma", found=found), at)
        return self.error(sentence("memberValue", key=quoted(key), found=found), at)

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
                    raise self.error(sentence("depth", limit=str(self.max_depth)), pos)
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
                            raise self.error(sentence("keyOrEnd", found=self.found(pos)), pos)
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
                            sentence("endAfterValue", found=self.found(pos)), pos)
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
                            sentence("afterItem", found=self.found(pos)), pos)
                else:
                    frame[1][frame[2]] = value
                    if next_char == ",":
                        pos = _end(_WHITE, text, pos + 1)
                        if pos >= end or text[pos] != '"':
                            if pos < end and text[pos] == "}":
                                raise self.error(
                                    sentence("keyAfterCommaTrailing"), pos)
                            raise self.error(sentence("keyAfterComma", found=self.found(pos)), pos)
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
                            sentence("afterMember", found=self.found(pos)), pos)
                break

    def member(self, pos: int, members: Dict[str, Any]) -> Tuple[str, int]:
        key, after = self.string(pos)
        if key in members:
            raise self.error(sentence("duplicateKey", key=quoted(key)), pos)
        after = _end(_WHITE, self.text, after)
        if after >= self.end or self.text[after] != ":":
            raise self.error(sentence("colonAfterKey", key=quoted(key), found=self.found(after)), after)
        return key, after + 1

    def literal(self, word: str, place: Tuple[str, str], pos: int) -> int:
        if not self.text.startswith(word, pos):
            raise self.expected_value(place, pos)
        return pos + len(word)

    def string(self, pos: int) -> Tuple[str, int]:
        text = self.text
        pos += 1
        # NB: json's scanner reads the string in C; what it takes and the engine refuses (a lone
        # surrogate), and each mistake, is read again below for the engine's words. A string it
        # refuses at a control character is right up to it, if it holds no surrogate escape.
        try:
            value, end = scanstring(text, pos)
            if _SURROGATE.search(value) is None:
                return value, end
        except json.JSONDecodeError as error:
            if error.msg.startswith("Invalid control character") and \
                    _SURROGATE_ESCAPE_TEXT.search(text, pos, error.pos) is None:
                pos = error.pos
        parts: List[str] = []
        while True:
            run_end = _end(_PLAIN, text, pos)
            if run_end > pos:
                parts.append(text[pos:run_end])
            pos = run_end
            if pos >= self.end:
                if self.bad is not None:
                    raise self.error(self.bad, pos)
                raise self.error(sentence("unterminatedString"), pos)
            char = text[pos]
            if char == '"':
                return "".join(parts), pos + 1
            if char == "\\":
                # NB: a run of escapes decoded by json's scanner, in C: escape by escape, a body of
                # them that was refused (read here for its error) took a hundred times an ASCII one.
                run_end = _end(_ESCAPED, text, pos)
                if run_end > pos:
                    parts.append(scanstring(text[pos:run_end] + '"', 0)[0])
                    pos = run_end
                    continue
                piece, pos = self.escape(pos)
                parts.append(piece)
                continue
            value = ord(char)
            raise self.error(
                sentence("controlCharacter", codePoint=code_point(value), escape="\\u" + code_point(value)[2:]), pos)

    def escape(self, start: int) -> Tuple[str, int]:
        text = self.text
        pos = start + 1
        if pos >= self.end and self.bad is None:
            raise self.error(sentence("escapeAtEnd"), pos)
        char = text[pos] if pos < self.end else ""
        simple = _SIMPLE_ESCAPES.get(char)
        if simple is not None:
            return simple, pos + 1
        if char != "u":
            if char and 0x20 < ord(char) < 0x7F:
                shown = f"'\\{char}'"
            else:
                shown = sentence("escapeFollowedBy", found=self.found(pos))
            raise self.error(sentence("invalidEscape", escape=shown), start)
        unit, pos = self.hex_quad(pos + 1)
        if 0xDC00 <= unit <= 0xDFFF:
            raise self.error(sentence("loneLowSurrogate", unit=f"\\u{unit:04X}"), start)
        if 0xD800 <= unit <= 0xDBFF:
            if not text.startswith("\\u", pos):
                raise self.error(sentence("loneHighSurrogate", unit=f"\\u{unit:04X}"), start)
            low, pos = self.hex_quad(pos + 2)
            if not 0xDC00 <= low <= 0xDFFF:
                raise self.error(
                    sentence("highSurrogateFollowedBy", unit=f"\\u{unit:04X}", low=f"\\u{low:04X}"), start)
            return chr(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)), pos
        return chr(unit), pos

    def hex_quad(self, pos: int) -> Tuple[int, int]:
        match = _HEX4.match(self.text, pos)
        if match is None:
            at = pos
            while at < pos + 4 and at < self.end and self.text[at] in "0123456789abcdefABCDEF":
                at += 1
            raise self.error(sentence("hexDigits", found=self.found(at)), at)
        return int(match.group(), 16), match.end()

    def number(self, start: int) -> Tuple[Number, int]:
        text = self.text
        pos = start
        negative = text[pos] == "-"
        if negative:
            pos += 1
        whole_start = pos
        if pos >= self.end or not "0" <= text[pos] <= "9":
            raise self.error(sentence("digitAfterMinus" if negative else "number", found=self.found(pos)), pos)
        first = text[pos]
        pos += 1
        if first == "0":
            if pos < self.end and "0" <= text[pos] <= "9":
                raise self.error(sentence("leadingZero", found=self.found(pos)), pos)
        else:
            pos = _end(_DIGITS, text, pos)
        whole = text[whole_start:pos]
        fraction = ""
        if pos < self.end and text[pos] == ".":
            pos += 1
            fraction_start = pos
            pos = _end(_DIGITS, text, pos)
            if pos == fraction_start:
                raise self.error(sentence("digitAfterPoint", found=self.found(pos)), pos)
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
                raise self.error(sentence("exponentDigit", found=self.found(pos)), pos)
            digits = text[limit_at:pos].lstrip("0")
            exponent = int(digits or "0") if len(digits) <= 18 else _SATURATION
            exponent = min(exponent, _SATURATION)
            if exponent_negative:
                exponent = -exponent
        scientific = exponent
        if first != "0":
            scientific += len(whole) - 1
        else:
            leading = _first_nonzero(fraction)
            if leading >= 0:
                scientific -= leading + 1
        if abs(exponent) >= _SATURATION or abs(scientific) > self.max_exponent:
            raise self.error(sentence("exponentLimit", limit=str(self.max_exponent)), limit_at)
        return _number(negative, whole, fraction, exponent), pos


def quoted(key: str) -> str:
    """A key for a message: control characters escaped, and cut after 40 characters."""
    shown = "".join("\\u%04X" % ord(char) if ord(char) < 0x20 else char for char in key[:40])
    return shown + "…" if len(key) > 40 else shown


def _first_nonzero(digits: str) -> int:
    """The index of the first digit of `digits` that is not 0, or -1. NB: str.find runs at memchr's
    speed; lstrip("0") tests each character, ten times slower on a million zeros."""
    found = [index for index in map(digits.find, "123456789") if index >= 0]
    return min(found) if found else -1


def _last_nonzero(digits: str) -> int:
    """The index of the last digit of `digits` that is not 0, or -1."""
    return max(map(digits.rfind, "123456789"))


def _number(negative: bool, whole: str, fraction: str, exponent: int) -> Number:
    """The Number whole.fraction × 10^exponent, given to Number as its significant digits alone, so
    that it strips no zeros itself (a million of them cost ten times the digits' reading)."""
    digits = whole + fraction if fraction else whole
    start = _first_nonzero(digits)
    if start < 0:
        return Number(negative, "0", "", 0, False)
    end = _last_nonzero(digits) + 1
    return Number(negative, digits[start:end], "", exponent - len(fraction) + len(digits) - end, False)


class _Refused(Exception):
    """What the fast path cannot take; the strict reader then reads the body."""


def _members(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    # NB: a loop, not dict(pairs): compiled by mypyc it unpacks each pair natively (dict(pairs) took a
    # fifth of the reading of a valid Order, in callgrind), and in pure Python it costs the same.
    members: Dict[str, Any] = {}
    for key, value in pairs:
        members[key] = value
    if len(members) != len(pairs):
        raise _Refused
    return members


# A number this short (the body's usual ones) is given to Number as written: stripping its zeros costs
# less than finding them. A longer one is given as its significant digits alone (_number).
_SHORT_NUMBER = 40


# The short numbers read before, by their text: bodies repeat theirs (quantities, years, prices), and a
# Number is never changed once made, so one serves every body. NB: emptied when full, so that a body
# of distinct numbers costs what it did; in pure Python a Number made costs ten times one found.
_NUMBERS: Dict[str, Number] = {}
_NUMBERS_HELD = 4096


def _held(text: str, number: Number) -> Number:
    if len(_NUMBERS) >= _NUMBERS_HELD:
        _NUMBERS.clear()
    _NUMBERS[text] = number
    return number


def _integer(text: str) -> Number:
    found = _NUMBERS.get(text)
    if found is not None:
        return found
    negative = text[0] == "-"
    if len(text) <= _SHORT_NUMBER:
        return _held(text, Number(negative, text[1:] if negative else text, "", 0, False))
    return _number(negative, text[1:] if negative else text, "", 0)


def _long_number(text: str, max_exponent: int) -> Number:
    """A number with an exponent, or longer than _SHORT_NUMBER; _Refused past `max_exponent`.
    NB: json's scanner gives only a JSON number's text: split at '.' and 'e' by find, no regex."""
    sign = "-" if text[0] == "-" else ""
    mark = text.find("e")
    if mark < 0:
        mark = text.find("E")
    exponent_text = text[mark + 1:] if mark >= 0 else None
    mantissa = text[len(sign):mark] if mark >= 0 else text[len(sign):]
    point = mantissa.find(".")
    whole, fraction = (mantissa[:point], mantissa[point + 1:]) if point >= 0 else (mantissa, "")
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
        leading = _first_nonzero(fraction)
        if leading >= 0:
            scientific -= leading + 1
    if abs(scientific) > max_exponent:
        raise _Refused
    return _number(sign == "-", whole, fraction, exponent)


def _float(text: str) -> Number:
    """A number with a fraction or an exponent, within the default exponent limit. NB: a function of the
    module, not _fast_number's closure: mypyc calls it from json's scanner without a closure object."""
    found = _NUMBERS.get(text)
    if found is not None:
        return found
    if len(text) <= _SHORT_NUMBER and "e" not in text and "E" not in text:
        negative = text[0] == "-"
        whole, _, fraction = (text[1:] if negative else text).partition(".")
        return _held(text, Number(negative, whole, fraction, 0, False))
    return _long_number(text, MAX_EXPONENT)


def _limited_integer(max_exponent: int) -> Any:
    """_integer for another exponent limit: an integer of more digits than the limit is refused, as the
    strict reader refuses it (the default limit is past any body's length)."""
    def integer(text: str) -> Number:
        if len(text) - (text[0] == "-") - 1 > max_exponent:
            raise _Refused
        return _integer(text)

    return integer


def _fast_number(max_exponent: int) -> Any:
    """_float for another exponent limit (a short number is within one of at least its length)."""
    def number(text: str) -> Number:
        if max_exponent >= _SHORT_NUMBER and len(text) <= _SHORT_NUMBER and "e" not in text and "E" not in text:
            negative = text[0] == "-"
            whole, _, fraction = (text[1:] if negative else text).partition(".")
            return Number(negative, whole, fraction, 0, False)
        return _long_number(text, max_exponent)

    return number


def _constant(text: str) -> Any:
    raise _Refused


# A \u escape of a surrogate (paired or not): the fast path's result is then searched for a lone one.
_BACKSLASH: Final = 0x5C
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
# NB: the pattern escapes its surrogates itself: a literal one is no str mypyc compiles.
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SURROGATE_ESCAPE_TEXT = re.compile(r"\\u[dD][89a-fA-F]")


def _depth(document: Any) -> int:
    """How deep lists and objects nest in `document`: 0 for a scalar, 1 for `[]`. NB: level by level,
    with no tuple per value, which had the garbage collector walk the whole document again and again."""
    depth = 0
    level = [document] if isinstance(document, (list, dict)) else []
    while level:
        depth += 1
        below: List[Any] = []
        for value in level:
            below.extend([item for item in (value.values() if value.__class__ is dict else value)
                          if item.__class__ is list or item.__class__ is dict])
        level = below
    return depth


def _has_surrogate(document: Any) -> bool:
    """Whether a string or key inside `document` holds a surrogate. NB: level by level, not by
    recursion, which a value nested to the depth limit would take past Python's."""
    level = [document]
    while level:
        below: List[Any] = []
        for value in level:
            if value.__class__ is str:
                if _SURROGATE.search(value) is not None:
                    return True
            elif value.__class__ is dict:
                below.extend(value)
                below.extend(value.values())
            elif value.__class__ is list:
                below.extend(value)
        level = below
    return False


def _scanner(max_exponent: int) -> Any:
    """json's C scanner with the hooks of the fast path: exact numbers, duplicate keys and constants refused."""
    if max_exponent == MAX_EXPONENT:
        decoder = json.JSONDecoder(object_pairs_hook=_members, parse_int=_integer, parse_float=_float,
                                   parse_constant=_constant)
    else:
        decoder = json.JSONDecoder(object_pairs_hook=_members, parse_int=_limited_integer(max_exponent),
                                   parse_float=_fast_number(max_exponent), parse_constant=_constant)
    return decoder.scan_once  # type: ignore[attr-defined]


# NB: made once, as json.loads makes its default decoder (shared by threads, as that one is); with
# hooks, json.loads makes a decoder and its scanner per call. The C scanner is called directly:
# JSONDecoder.decode adds two Python frames and two regex matches for the white space around the value.
_SCAN = _scanner(MAX_EXPONENT)


def read(data: Union[bytes, bytearray, memoryview, str], *, max_depth: int = MAX_DEPTH,
         max_exponent: int = MAX_EXPONENT) -> Any:
    """Reads UTF-8 bytes as one JSON text, strictly; raises JSONReadError at the first mistake.

    A body that Python's C JSON scanner reads and that cannot differ (valid UTF-8, no duplicate key,
    NaN or exponent past the limit, no lone surrogate in the value, nested no deeper than the limit)
    is read by it, with exact numbers; any other, and every mistake, by the strict reader."""
    # NB: typed as what it takes, which the mypyc build checks on entry (a str was a TypeError there).
    if data.__class__ is bytes:
        body = data
    elif isinstance(data, str):
        body = data.encode("utf-8", "surrogatepass")
    else:
        body = bytes(data)
    try:
        text = body.decode("utf-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        text = text.strip(" \t\n\r")
        # NB: StopIteration when there is no value at all.
        document, end = (_SCAN if max_exponent == MAX_EXPONENT else _scanner(max_exponent))(text, 0)
        # NB: json pairs \uD83D\uDE00 as the engine does, and keeps a lone one as a surrogate, which
        # the strict reader refuses with its words; no \u, no surrogate. A body with no backslash is
        # told by memchr, asked for the byte as an int (`b"\\u" in body` first tries the bytes as an
        # index and raises and clears a TypeError: 2,000 instructions for an Order body).
        # A body of more brackets than the depth limit (so of more bytes) is measured: the strict
        # reader took seconds for a megabyte of small lists. (The scanner recurses, and past the
        # interpreter's recursion limit raises RecursionError, caught.)
        if end == len(text) and \
                (_BACKSLASH not in body or b"\\u" not in body or _SURROGATE_ESCAPE.search(body) is None
                 or not _has_surrogate(document)) and \
                (len(body) <= max_depth or body.count(b"[") + body.count(b"{") <= max_depth
                 or _depth(document) <= max_depth):
            return document
    except (ValueError, RecursionError, StopIteration, _Refused):
        pass
    return _Reader(body, max_depth, max_exponent).read()


def read_strictly(data: bytes, *, max_depth: int = MAX_DEPTH, max_exponent: int = MAX_EXPONENT) -> Any:
    """read() without the fast path: the strict reader alone."""
    return _Reader(bytes(data), max_depth, max_exponent).read()
