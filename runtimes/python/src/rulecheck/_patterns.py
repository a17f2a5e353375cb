"""rulecheck's portable pattern subset, translated to the `regex` module's syntax.

The subset (DESIGN.md, `pattern`) is read as ECMAScript reads it with the `u` flag, and written
out so that Python cannot read it otherwise: every literal becomes a \\UXXXXXXXX escape, `\\d \\w \\s`
become their ASCII and White_Space classes, `.` excludes ECMAScript's line terminators, `$`
becomes `\\Z` (Python's `$` also matches before a final newline), groups stop capturing, and
property names become `\\p{gc=…}` or `\\p{Script=…}`, so that no alias is read loosely.
The `regex` module, unlike `re`, knows general categories and scripts.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import regex

from ._text import WHITE_SPACE

Ranges = List[Tuple[int, int]]

MAX = 0x10FFFF
DIGITS = [(0x30, 0x39)]
WORD = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
LINE_TERMINATORS = [(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]

# PropertyValueAliases.txt's general categories: every name ECMAScript accepts -> the short name.
GENERAL_CATEGORIES: Dict[str, str] = {}
for names in [
    "C Other", "Cc Control cntrl", "Cf Format", "Cn Unassigned", "Co Private_Use", "Cs Surrogate",
    "L Letter", "LC Cased_Letter", "Ll Lowercase_Letter", "Lm Modifier_Letter", "Lo Other_Letter",
    "Lt Titlecase_Letter", "Lu Uppercase_Letter", "M Mark Combining_Mark", "Mc Spacing_Mark",
    "Me Enclosing_Mark", "Mn Nonspacing_Mark", "N Number", "Nd Decimal_Number digit", "Nl Letter_Number",
    "No Other_Number", "P Punctuation punct", "Pc Connector_Punctuation", "Pd Dash_Punctuation",
    "Pe Close_Punctuation", "Pf Final_Punctuation", "Pi Initial_Punctuation", "Po Other_Punctuation",
    "Ps Open_Punctuation", "S Symbol", "Sc Currency_Symbol", "Sk Modifier_Symbol", "Sm Math_Symbol",
    "So Other_Symbol", "Z Separator", "Zl Line_Separator", "Zp Paragraph_Separator", "Zs Space_Separator",
]:
    short, *aliases = names.split()
    for name in [short] + aliases:
        GENERAL_CATEGORIES[name] = short

SIMPLE_ESCAPES = {"t": 0x09, "n": 0x0A, "r": 0x0D, "f": 0x0C, "v": 0x0B, "0": 0x00}
CLASS_ESCAPES: Dict[str, Ranges] = {"d": DIGITS, "w": WORD, "s": sorted((c, c) for c in WHITE_SPACE)}


def literal(code_point: int) -> str:
    return "\\U%08X" % code_point


def ranges_body(ranges: Ranges) -> str:
    return "".join(literal(low) if low == high else literal(low) + "-" + literal(high) for low, high in ranges)


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
            return "[^" + ranges_body(LINE_TERMINATORS) + "]"
        if char == "^":
            return "\\A"
        if char == "$":
            return "\\Z"
        if char == "[":
            return self.character_class()
        if char == "\\":
            return self.escape(in_class=False)
        return literal(ord(char))

    def character_class(self) -> str:
        negated = self.peek() == "^"
        if negated:
            self.take()
        parts: List[str] = []
        while self.peek() != "]":
            low = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", None):
                self.take()
                high = self.class_atom()
                parts.append(literal(ord(low)) + "-" + literal(ord(high)))
            else:
                parts.append(literal(ord(low)) if len(low) == 1 else low)
        self.take()
        return "[" + ("^" if negated else "") + "".join(parts) + "]"

    def class_atom(self) -> str:
        """One character (a string of length 1), or a class body piece (a longer string)."""
        char = self.take()
        if char != "\\":
            return char
        return self.escape(in_class=True)

    def escape(self, in_class: bool) -> str:
        char = self.take()
        if char in SIMPLE_ESCAPES:
            return self.emit(SIMPLE_ESCAPES[char], in_class)
        if char == "x":
            return self.emit(int(self.take() + self.take(), 16), in_class)
        if char == "u":
            return self.emit(self.unicode_escape(), in_class)
        lower = char.lower()
        if lower in CLASS_ESCAPES:
            ranges = CLASS_ESCAPES[lower] if char == lower else complement(CLASS_ESCAPES[lower])
            return ranges_body(ranges) if in_class else "[" + ranges_body(ranges) + "]"
        if char in ("p", "P"):
            return self.property(negated=char == "P", in_class=in_class)
        if char.isalnum():
            raise PatternError(f"unsupported escape \\{char} in {self.source!r}")
        return self.emit(ord(char), in_class)

    def emit(self, code_point: int, in_class: bool) -> str:
        # NB: inside a class the caller needs the character itself, to build ranges from it.
        return chr(code_point) if in_class else literal(code_point)

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

    def property(self, negated: bool, in_class: bool) -> str:
        if self.take() != "{":
            raise PatternError(f"\\p needs braces in {self.source!r}")
        content = ""
        while self.peek() != "}":
            content += self.take()
        self.take()
        name, _, value = content.rpartition("=")
        if name in ("", "gc", "General_Category"):
            expression = "gc=" + GENERAL_CATEGORIES[value]
        elif name in ("sc", "Script"):
            expression = "Script=" + value
        elif name in ("scx", "Script_Extensions"):
            expression = "Script_Extensions=" + value
        else:
            raise PatternError(f"unknown property {content!r} in {self.source!r}")
        return ("\\P{" if negated else "\\p{") + expression + "}"


def compile_pattern(source: str) -> "regex.Pattern[str]":
    """The compiled `regex` for a pattern of rulecheck's subset; match it with fullmatch()."""
    try:
        return regex.compile(Translator(source).translate(), regex.VERSION0)
    except (KeyError, ValueError, regex.error) as error:
        if isinstance(error, PatternError):
            raise
        raise PatternError(f"cannot read the pattern {source!r}: {error}") from None
