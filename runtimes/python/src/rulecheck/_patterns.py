"""rulecheck's portable pattern subset, translated to the `regex` module's syntax.

The subset (DESIGN.md, `pattern`) is read as ECMAScript reads it with the `u` flag, and written
out so that Python cannot read it otherwise: every literal becomes a \\UXXXXXXXX escape, `\\d \\w \\s`
become their ASCII and White_Space classes, `.` excludes ECMAScript's line terminators, `$`
becomes `\\Z` (Python's `$` also matches before a final newline), and groups stop capturing.
`\\p{…}` general categories and scripts become explicit code point classes from the pinned tables
(_unicode_data.py, _unicode_scripts.py): the `regex` module is only a matching engine, and its own
Unicode knowledge is never asked.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple, Union

import regex

from . import _unicode_data, _unicode_scripts
from ._unicode import WHITE_SPACE, general_category_ranges

Ranges = List[Tuple[int, int]]
ClassPiece = Union[str, Ranges]

MAX = 0x10FFFF
DIGITS = [(0x30, 0x39)]
WORD = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
LINE_TERMINATORS = [(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]

# Every name a property escape accepts for a general category or a group (PropertyValueAliases.txt's,
# as ECMAScript reads them), with the two-letter categories it selects: generated data.
GENERAL_CATEGORIES: Dict[str, Tuple[str, ...]] = {
    name: tuple(leaves.split(","))
    for name, _, leaves in (entry.partition(":") for entry in _unicode_data.GENERAL_CATEGORY_ALIASES.split(";"))
}


SIMPLE_ESCAPES = {"t": 0x09, "n": 0x0A, "r": 0x0D, "f": 0x0C, "v": 0x0B, "0": 0x00}
CLASS_ESCAPES: Dict[str, Ranges] = {"d": DIGITS, "w": WORD, "s": sorted((c, c) for c in WHITE_SPACE)}


def literal(code_point: int) -> str:
    return "\\U%08X" % code_point


def ranges_body(ranges: Ranges) -> str:
    return "".join(literal(low) if low == high else literal(low) + "-" + literal(high) for low, high in ranges)


def merged(ranges: Ranges) -> Ranges:
    out: Ranges = []
    for low, high in sorted(ranges):
        if out and low <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(high, out[-1][1]))
        else:
            out.append((low, high))
    return out


def character_class(ranges: Ranges) -> str:
    """A class of explicit code points, as the `regex` module matches it fast. It tries a class's
    ranges one by one, so a long class is its ASCII part, then, for any other code point, a search
    tree: each node asks one range (a conditional on a lookahead) and its leaves hold at most 12
    ranges. ASCII text never reaches the tree."""
    ranges = merged(ranges)
    if len(ranges) <= _LEAF or ranges[-1][1] < 0x80:
        return "[" + ranges_body(ranges) + "]" if ranges else "(?!)"
    ascii_part = [(low, min(high, 0x7F)) for low, high in ranges if low < 0x80]
    rest = [(max(low, 0x80), high) for low, high in ranges if high >= 0x80]
    beyond = "(?=[^\\x00-\\x7F])" + _search_tree(rest, 0x80)
    if not ascii_part:
        return "(?:" + beyond + ")"
    return "(?:[" + ranges_body(ascii_part) + "]|" + beyond + ")"


_LEAF = 12


def _search_tree(ranges: Ranges, low: int) -> str:
    """Matches a code point of `ranges` (sorted, merged, none below `low`)."""
    if len(ranges) <= _LEAF:
        return "[" + ranges_body(ranges) + "]"
    middle = ranges[len(ranges) // 2][0]
    left = [r for r in ranges if r[1] < middle]
    right = [r for r in ranges if r[0] >= middle]
    return (f"(?(?=[{literal(low)}-{literal(middle - 1)}]){_search_tree(left, low)}"
            f"|{_search_tree(right, middle)})")


def complement(ranges: Ranges) -> Ranges:
    result: Ranges = []
    next_start = 0
    for low, high in sorted(ranges):
        if low > next_start:
            result.append((next_start, low - 1))
        next_start = max(next_start, high + 1)
    if next_start <= MAX:
        result.append((next_start, MAX))
    return result


class PatternError(ValueError):
    pass


class Translator:
    def __init__(self, source: str) -> None:
        self.source = source
        self.position = 0

    def peek(self, offset: int = 0) -> Optional[str]:
        index = self.position + offset
        return self.source[index] if index < len(self.source) else None

    def take(self) -> str:
        char = self.peek()
        if char is None:
            raise PatternError(f"unexpected end of pattern {self.source!r}")
        self.position += 1
        return char

    def translate(self) -> str:
        out: List[str] = []
        while self.peek() is not None:
            out.append(self.atom())
        return "".join(out)

    def atom(self) -> str:
        char = self.take()
        if char == "(":
            if self.peek() == "?":
                self.take()
                kind = self.take()
                if kind == "<":
                    while self.take() != ">":
                        pass
                elif kind != ":":
                    raise PatternError(f"unsupported group in {self.source!r}")
            return "(?:"
        if char in ")|*+?":
            return char
        if char == "{":
            count = char
            while count[-1] != "}":
                count += self.take()
            return count
        if char == ".":
            return character_class(complement(LINE_TERMINATORS))
        if char == "^":
            return "\\A"
        if char == "$":
            return "\\Z"
        if char == "[":
            return self.character_class()
        if char == "\\":
            return self.escape()
        return literal(ord(char))

    def character_class(self) -> str:
        negated = self.peek() == "^"
        if negated:
            self.take()
        ranges: Ranges = []
        while self.peek() != "]":
            low = self.class_atom()
            if isinstance(low, str) and self.peek() == "-" and self.peek(1) not in ("]", None):
                self.take()
                high = self.class_atom()
                if not isinstance(high, str):
                    raise PatternError(f"a class escape cannot end a range in {self.source!r}")
                ranges.append((ord(low), ord(high)))
            elif isinstance(low, str):
                ranges.append((ord(low), ord(low)))
            else:
                ranges.extend(low)
        self.take()
        return character_class(complement(ranges) if negated else ranges)

    def class_atom(self) -> ClassPiece:
        """One character (a string of length 1), or the ranges of a class escape."""
        char = self.take()
        if char != "\\":
            return char
        return self.class_escape()

    def class_escape(self) -> ClassPiece:
        char = self.take()
        if char in SIMPLE_ESCAPES:
            return chr(SIMPLE_ESCAPES[char])
        if char == "x":
            return chr(int(self.take() + self.take(), 16))
        if char == "u":
            return chr(self.unicode_escape())
        lower = char.lower()
        if lower in CLASS_ESCAPES:
            return CLASS_ESCAPES[lower] if char == lower else complement(CLASS_ESCAPES[lower])
        if char in ("p", "P"):
            ranges = self.property()
            return complement(ranges) if char == "P" else ranges
        if char.isalnum():
            raise PatternError(f"unsupported escape \\{char} in {self.source!r}")
        return char

    def escape(self) -> str:
        piece = self.class_escape()
        if isinstance(piece, str):
            return literal(ord(piece))
        return character_class(piece)

    def unicode_escape(self) -> int:
        if self.peek() == "{":
            self.take()
            digits = ""
            while self.peek() != "}":
                digits += self.take()
            self.take()
            return int(digits, 16)
        unit = int("".join(self.take() for _ in range(4)), 16)
        if 0xD800 <= unit <= 0xDBFF and self.peek() == "\\" and self.peek(1) == "u":
            saved = self.position
            self.position += 2
            low = int("".join(self.take() for _ in range(4)), 16)
            if 0xDC00 <= low <= 0xDFFF:
                return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            self.position = saved
        return unit

    def property(self) -> Ranges:
        """The code points of `\\p{…}`: a general category or a script, from the pinned tables."""
        if self.take() != "{":
            raise PatternError(f"\\p needs braces in {self.source!r}")
        content = ""
        while self.peek() != "}":
            content += self.take()
        self.take()
        name, _, value = content.rpartition("=")
        if name in ("", "gc", "General_Category"):
            if value not in GENERAL_CATEGORIES:
                raise PatternError(f"unknown general category {value!r} in {self.source!r}")
            return general_category_ranges(GENERAL_CATEGORIES[value])
        if name in ("sc", "Script", "scx", "Script_Extensions"):
            return script_ranges(value, extensions=name in ("scx", "Script_Extensions"), source=self.source)
        raise PatternError(f"unknown property {content!r} in {self.source!r}")


def script_ranges(name: str, extensions: bool, source: str) -> Ranges:
    """A script's code points (Script, or Script_Extensions), selected by a long name, short name or alias, exactly."""
    for names, start, end, extensions_start, extensions_end in _unicode_scripts.ENTRIES:
        if name in names:
            low, high = (extensions_start, extensions_end) if extensions else (start, end)
            bounds = _unicode_scripts.BOUNDS
            return [(bounds[2 * i], bounds[2 * i + 1]) for i in range(low, high)]
    raise PatternError(f"unknown script {name!r} in {source!r}")


def compile_pattern(source: str) -> "regex.Pattern[str]":
    """The compiled `regex` for a pattern of rulecheck's subset; match it with fullmatch()."""
    try:
        return regex.compile(Translator(source).translate(), regex.VERSION0)
    except (KeyError, ValueError, regex.error) as error:
        if isinstance(error, PatternError):
            raise
        raise PatternError(f"cannot read the pattern {source!r}: {error}") from None
