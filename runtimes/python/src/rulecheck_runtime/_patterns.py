"""rulecheck's portable pattern subset (docs/format.md, "Patterns"), parsed here and matched by an
automaton: time linear in the value's length, whatever the pattern, as the JavaScript runtime's
pattern.js does it.

The subset is read as ECMAScript reads it with the `u` flag and compiled by Thompson's construction;
a match runs the automaton's states, built as values need them from the threads of a Pike VM (a
lazy subset construction, each transition computed once and cached in a dict keyed by the
character; the threads are the bits of an int, so a large count's thousands of live threads move in a
few operations on words). No pattern reaches a backtracking engine. Every class is ranges of code points:
`\\d \\w` ASCII, `\\s` White_Space, `.` anything but ECMAScript's line terminators, and `\\p{…}`
general categories and scripts from the pinned tables (_unicode_data.py, _unicode_scripts.py).
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Callable, Dict, Final, FrozenSet, List, Optional, Sequence, Tuple, Union

from . import _unicode_data, _unicode_scripts
from ._unicode import WHITE_SPACE, general_category_ranges, is_compiled

if TYPE_CHECKING:
    # NB: only in annotations, which run nowhere: mypyc compiles an i64 to a C integer; in CPython
    # it is an int, and the package needs no mypy_extensions.
    from mypy_extensions import i64

Ranges = List[Tuple[int, int]]

# The longest value, in scalars, that a pattern can match (docs/reliability.md, "Patterns").
MAXIMUM_INPUT_LENGTH: Final = 10_000
MAXIMUM_STATES = 10_000
MAXIMUM_COUNT = 1000
MAXIMUM_DEPTH = 200
# The automaton's cache: at most this many states (then it starts again, so memory stays bounded)
# and, per state, this many transitions on characters past ASCII.
MAXIMUM_DFA_STATES = 2000
MAXIMUM_CACHED_CHARACTERS = 4096

MAX = 0x10FFFF
DIGITS: Ranges = [(0x30, 0x39)]
WORD: Ranges = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
LINE_TERMINATORS: Ranges = [(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]
SIMPLE_ESCAPES = {"t": 0x09, "n": 0x0A, "r": 0x0D, "f": 0x0C, "v": 0x0B, "0": 0x00}
SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|/"
CLASS_ESCAPES = {"d": "d", "D": "d", "w": "w", "W": "w", "s": "s", "S": "s"}

# Every name a property escape accepts for a general category or a group (PropertyValueAliases.txt's,
# as ECMAScript reads them), with the two-letter categories it selects: generated data.
GENERAL_CATEGORIES: Dict[str, Tuple[str, ...]] = {
    name: tuple(leaves.split(","))
    for name, _, leaves in (entry.partition(":") for entry in _unicode_data.GENERAL_CATEGORY_ALIASES.split(";"))
}


class PatternError(ValueError):
    """A pattern outside rulecheck's subset, or past its limits."""


def merged(ranges: Sequence[Tuple[int, int]]) -> Ranges:
    out: Ranges = []
    for low, high in sorted(ranges):
        if out and low <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(high, out[-1][1]))
        else:
            out.append((low, high))
    return out


def complement(ranges: Sequence[Tuple[int, int]]) -> Ranges:
    result: Ranges = []
    next_start = 0
    for low, high in merged(ranges):
        if low > next_start:
            result.append((next_start, low - 1))
        next_start = max(next_start, high + 1)
    if next_start <= MAX:
        result.append((next_start, MAX))
    return result


class ScalarClass:
    """A class: the sorted, merged ranges of code points it holds (a negated class is complemented)."""

    __slots__ = ("ranges", "lows")

    def __init__(self, ranges: Sequence[Tuple[int, int]], negated: bool = False) -> None:
        self.ranges = complement(ranges) if negated else merged(ranges)
        self.lows = [low for low, _ in self.ranges]

    def has(self, point: int) -> bool:
        index = bisect_right(self.lows, point) - 1
        return index >= 0 and point <= self.ranges[index][1]


# NB: read untyped, then typed as sequences: the types inferred from the generated literals name each
# of their thousands of elements, and mypyc unpacks such a tuple into a gigabyte of C.
_SCRIPT_ENTRIES: Sequence[Tuple[Tuple[str, ...], int, int, int, int]] = getattr(_unicode_scripts, "ENTRIES")
_SCRIPT_BOUNDS: Sequence[int] = getattr(_unicode_scripts, "BOUNDS")


def script_ranges(name: str, extensions: bool, source: str) -> Ranges:
    """A script's code points (Script, or Script_Extensions), selected by a long name, short name or alias, exactly."""
    for names, start, end, extensions_start, extensions_end in _SCRIPT_ENTRIES:
        if name in names:
            low, high = (extensions_start, extensions_end) if extensions else (start, end)
            bounds = _SCRIPT_BOUNDS
            return [(bounds[2 * i], bounds[2 * i + 1]) for i in range(low, high)]
    raise PatternError(f"unknown script {name!r} in the pattern {source!r}")


def property_class(content: str, negated: bool, source: str) -> ScalarClass:
    """The code points of `\\p{…}`: a general category or a script, from the pinned tables."""
    name, _, value = content.rpartition("=")
    if name in ("sc", "Script", "scx", "Script_Extensions"):
        return ScalarClass(script_ranges(value, name in ("scx", "Script_Extensions"), source), negated)
    if name not in ("", "gc", "General_Category"):
        raise PatternError(f"unknown property {content!r} in the pattern {source!r}")
    if value not in GENERAL_CATEGORIES:
        hint = ""
        if any(value in entry[0] for entry in _SCRIPT_ENTRIES):
            hint = f"; a script needs 'Script=': '\\p{{Script={value}}}'"
        raise PatternError(f"unknown property {content!r} in the pattern {source!r}{hint}")
    return ScalarClass(general_category_ranges(GENERAL_CATEGORIES[value]), negated)


# MARK: parser: source → syntax tree
# Nodes are tuples: ("empty",) ("char", c) ("class", ScalarClass) ("start",) ("end",) ("cat", parts)
# ("alt", parts) ("rep", part, min, max), max None for no bound.

Node = Tuple[object, ...]
ClassAtom = Union[int, ScalarClass]


class Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.chars = [ord(char) for char in source]
        self.position = 0

    def fail(self, message: str) -> PatternError:
        return PatternError(f"{message} at {self.position} in the pattern {self.source!r}")

    def peek(self, offset: int = 0) -> Optional[int]:
        index = self.position + offset
        return self.chars[index] if index < len(self.chars) else None

    def take(self) -> int:
        char = self.peek()
        if char is None:
            raise self.fail("unexpected end")
        self.position += 1
        return char

    def is_(self, char: str, offset: int = 0) -> bool:
        return self.peek(offset) == ord(char)

    def parse(self) -> Node:
        node = self.alternation(0)
        if self.peek() is not None:
            raise self.fail("unbalanced ')'")
        return node

    def alternation(self, depth: int) -> Node:
        if depth > MAXIMUM_DEPTH:
            raise self.fail("groups nested too deeply")
        parts = [self.concatenation(depth)]
        while self.is_("|"):
            self.take()
            parts.append(self.concatenation(depth))
        return parts[0] if len(parts) == 1 else ("alt", tuple(parts))

    def concatenation(self, depth: int) -> Node:
        parts: List[Node] = []
        while self.peek() is not None and not self.is_("|") and not self.is_(")"):
            parts.append(self.quantified(depth))
        if not parts:
            return ("empty",)
        return parts[0] if len(parts) == 1 else ("cat", tuple(parts))

    def quantified(self, depth: int) -> Node:
        node = self.atom(depth)
        bounds: Tuple[int, Optional[int]]
        if self.is_("*") or self.is_("+") or self.is_("?"):
            char = chr(self.take())
            bounds = (0, None) if char == "*" else (1, None) if char == "+" else (0, 1)
        elif self.is_("{"):
            bounds = self.count()
        else:
            return node
        if node[0] in ("start", "end"):
            raise self.fail("nothing to repeat")
        if self.is_("?"):
            self.take()  # lazy: the same whole-match verdict
        if self.is_("*") or self.is_("+") or self.is_("?") or self.is_("{"):
            raise self.fail("nothing to repeat (possessive and double quantifiers are not in the subset)")
        # NB: this engine is linear whatever the pattern, but the backends sharing the rule file may backtrack.
        if bounds[1] is None and repeats_without_bound(node):
            raise self.fail("nested unbounded repetition, which takes exponential time on backtracking engines")
        repetition: Node = ("rep", node, bounds[0], bounds[1])
        if repetition_product(repetition, MAXIMUM_COUNT) > MAXIMUM_COUNT:
            raise self.fail(f"nested repetitions multiply to more than {MAXIMUM_COUNT}")
        return repetition

    def count(self) -> Tuple[int, Optional[int]]:
        """`{m}`, `{m,}`, `{m,n}` at the current position, consumed."""
        chars = self.chars

        def digits(start: int) -> int:
            end = start
            while end < len(chars) and 0x30 <= chars[end] <= 0x39:
                end += 1
            return end

        index = self.position + 1
        min_end = digits(index)
        if min_end == index:
            raise self.fail("a lone '{' (write '\\{')")
        minimum = int("".join(map(chr, chars[index:min_end])))
        maximum: Optional[int] = minimum
        index = min_end
        if index < len(chars) and chars[index] == 0x2C:
            max_end = digits(index + 1)
            maximum = None if max_end == index + 1 else int("".join(map(chr, chars[index + 1:max_end])))
            index = max_end
        if index >= len(chars) or chars[index] != 0x7D:
            raise self.fail("a lone '{' (write '\\{')")
        self.position = index + 1
        if minimum > MAXIMUM_COUNT or (maximum is not None and maximum > MAXIMUM_COUNT):
            raise self.fail(f"a count above {MAXIMUM_COUNT}")
        if maximum is not None and maximum < minimum:
            raise self.fail("a count {m,n} with n below m")
        return minimum, maximum

    def atom(self, depth: int) -> Node:
        char = self.take()
        letter = chr(char)
        if letter == "(":
            if self.is_("?"):
                self.take()
                if self.is_(":"):
                    self.take()
                elif self.is_("<") and not self.is_("=", 1) and not self.is_("!", 1):
                    self.take()
                    while not self.is_(">"):
                        self.take()
                    self.take()
                else:
                    raise self.fail("lookaround, atomic groups and inline flags are not in the subset")
            node = self.alternation(depth + 1)
            if not self.is_(")"):
                raise self.fail("an unclosed group")
            self.take()
            return node
        if letter == ")":
            raise self.fail("unbalanced ')'")
        if letter in "*+?{":
            raise self.fail("nothing to repeat")
        if letter in "}]":
            raise self.fail(f"a lone '{letter}'")
        if letter == ".":
            return ("class", ScalarClass(LINE_TERMINATORS, True))
        if letter == "^":
            return ("start",)
        if letter == "$":
            return ("end",)
        if letter == "[":
            return self.character_class()
        if letter == "\\":
            escaped = self.escape(False)
            return ("char", escaped) if isinstance(escaped, int) else ("class", escaped)
        return ("char", char)

    def character_class(self) -> Node:
        negated = self.is_("^")
        if negated:
            self.take()
        if self.is_("]"):
            raise self.fail("an empty class means different things on different backends")
        ranges: Ranges = []
        while not self.is_("]"):
            if self.peek() is None:
                raise self.fail("an unclosed class")
            if self.is_("["):
                raise self.fail("'[' in a class (write '\\[')")
            if ((self.is_("&") and self.is_("&", 1)) or (self.is_("-") and self.is_("-", 1))
                    or (self.is_("~") and self.is_("~", 1))):
                raise self.fail("set operations are not in the subset")
            low = self.class_atom()
            if self.is_("-") and not self.is_("]", 1) and self.peek(1) is not None:
                self.take()
                high = self.class_atom()
                if not isinstance(low, int) or not isinstance(high, int):
                    raise self.fail("a range of a class escape")
                if high < low:
                    raise self.fail("a range out of order")
                ranges.append((low, high))
            elif isinstance(low, int):
                ranges.append((low, low))
            else:
                ranges.extend(low.ranges)
        self.take()
        return ("class", ScalarClass(ranges, negated))

    def class_atom(self) -> ClassAtom:
        char = self.take()
        if char != 0x5C:
            return char
        if self.is_("-"):
            self.take()
            return 0x2D
        return self.escape(True)

    def escape(self, in_class: bool) -> ClassAtom:
        """A code point, or a class."""
        char = self.take()
        letter = chr(char)
        if letter in SIMPLE_ESCAPES:
            following = self.peek()
            if letter == "0" and following is not None and 0x30 <= following <= 0x39:
                raise self.fail("an octal escape")
            return SIMPLE_ESCAPES[letter]
        if letter == "x":
            return self.hex(2)
        if letter == "u":
            return self.unicode_escape()
        if letter in CLASS_ESCAPES:
            kind = CLASS_ESCAPES[letter]
            ranges = DIGITS if kind == "d" else WORD if kind == "w" else [(p, p) for p in WHITE_SPACE]
            return ScalarClass(ranges, letter != kind)
        if letter in ("p", "P"):
            if not self.is_("{"):
                raise self.fail("\\p needs braces")
            self.take()
            content = ""
            while not self.is_("}"):
                content += chr(self.take())
            self.take()
            return property_class(content, letter == "P", self.source)
        if letter in SYNTAX_CHARACTERS or (in_class and letter == "-"):
            return char
        raise self.fail(f"the escape '\\{letter}' is not in the subset")

    def hex(self, count: int) -> int:
        value = 0
        for _ in range(count):
            letter = chr(self.take())
            if letter not in "0123456789abcdefABCDEF":
                raise self.fail("expected a hexadecimal digit")
            value = value * 16 + int(letter, 16)
        return value

    def unicode_escape(self) -> int:
        if self.is_("{"):
            self.take()
            value = 0
            digits = 0
            while not self.is_("}"):
                letter = chr(self.take())
                if letter not in "0123456789abcdefABCDEF":
                    raise self.fail("expected a hexadecimal digit")
                value = value * 16 + int(letter, 16)
                digits += 1
                if value > MAX:
                    raise self.fail("a code point above U+10FFFF")
            if digits == 0:
                raise self.fail("expected a hexadecimal digit")
            self.take()
            if 0xD800 <= value <= 0xDFFF:
                raise self.fail("'\\u{…}' is a surrogate, not a Unicode scalar")
            return value
        unit = self.hex(4)
        if not 0xD800 <= unit <= 0xDFFF:
            return unit
        if unit <= 0xDBFF and self.is_("\\") and self.is_("u", 1):
            saved = self.position
            self.position += 2
            low = self.hex(4)
            if 0xDC00 <= low <= 0xDFFF:
                return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            self.position = saved
        raise self.fail(f"a lone surrogate '\\u{unit:X}' is not a Unicode scalar")


# The engine's PatternSyntax properties, for the same load errors.

def matches_empty(node: Node) -> bool:
    kind = node[0]
    if kind in ("empty", "start", "end"):
        return True
    if kind in ("char", "class"):
        return False
    if kind == "cat":
        return all(matches_empty(part) for part in _parts(node))
    if kind == "alt":
        return any(matches_empty(part) for part in _parts(node))
    return node[2] == 0 or matches_empty(_part(node))


def repeats_without_bound(node: Node) -> bool:
    kind = node[0]
    if kind == "rep":
        maximum = node[3]
        return maximum is None or (isinstance(maximum, int) and maximum > 0 and repeats_without_bound(_part(node)))
    if kind == "alt":
        return any(repeats_without_bound(part) for part in _parts(node))
    if kind == "cat":
        parts = _parts(node)
        return (any(repeats_without_bound(part) for part in parts)
                and all(repeats_without_bound(part) or matches_empty(part) for part in parts))
    return False


def repetition_product(node: Node, limit: int) -> int:
    kind = node[0]
    if kind in ("cat", "alt"):
        return max([1] + [repetition_product(part, limit) for part in _parts(node)])
    if kind == "rep":
        bound = node[3] if node[3] is not None else node[2]
        assert isinstance(bound, int)
        return min(max(1, bound) * repetition_product(_part(node), limit), limit + 1)
    return 1


def program_size(node: Node, limit: int) -> int:
    kind = node[0]
    size: int
    if kind == "empty":
        size = 0
    elif kind == "cat":
        size = sum(program_size(part, limit) for part in _parts(node))
    elif kind == "alt":
        parts = _parts(node)
        size = 2 * (len(parts) - 1) + sum(program_size(part, limit) for part in parts)
    elif kind == "rep":
        part = program_size(_part(node), limit)
        minimum, maximum = node[2], node[3]
        assert isinstance(minimum, int)
        if maximum is None:
            size = max(minimum, 1) * part + (1 if minimum > 0 else 2)
        else:
            assert isinstance(maximum, int)
            size = minimum * part + (maximum - minimum) * (part + 1)
    else:
        size = 1
    return min(size, limit + 1)


def _parts(node: Node) -> Tuple[Node, ...]:
    parts = node[1]
    assert isinstance(parts, tuple)
    return parts


def _part(node: Node) -> Node:
    part = node[1]
    assert isinstance(part, tuple)
    return part


# MARK: compiler: syntax tree → program
# Each instruction is (op, x, y): CHAR (c), CLASS (ScalarClass), SPLIT (x, y), JUMP (x), START, END, MATCH.

CHAR, CLASS, SPLIT, JUMP, START, END, MATCH = range(7)
Instruction = List[Any]


class Compiler:
    def __init__(self, limit: int = MAXIMUM_STATES) -> None:
        self.program: List[Instruction] = []
        self.limit = limit

    def emit(self, op: int, x: object = None, y: object = None) -> int:
        self.program.append([op, x, y])
        if len(self.program) > self.limit + 1:
            raise PatternError(f"the pattern has more than {MAXIMUM_STATES} states")
        return len(self.program) - 1

    def compile(self, node: Node) -> None:
        kind = node[0]
        program = self.program
        if kind == "empty":
            return
        if kind == "char":
            self.emit(CHAR, node[1])
        elif kind == "class":
            self.emit(CLASS, node[1])
        elif kind == "start":
            self.emit(START)
        elif kind == "end":
            self.emit(END)
        elif kind == "cat":
            for part in _parts(node):
                self.compile(part)
        elif kind == "alt":
            parts = _parts(node)
            jumps = []
            for index, part in enumerate(parts):
                if index < len(parts) - 1:
                    split = self.emit(SPLIT, 0, 0)
                    program[split][1] = split + 1
                    self.compile(part)
                    jumps.append(self.emit(JUMP, 0))
                    program[split][2] = len(program)
                else:
                    self.compile(part)
            for jump in jumps:
                program[jump][1] = len(program)
        else:
            part, minimum, maximum = _part(node), node[2], node[3]
            assert isinstance(minimum, int)
            for _ in range(minimum):
                self.compile(part)
            if maximum is None:
                split = self.emit(SPLIT, 0, 0)
                program[split][1] = split + 1
                self.compile(part)
                self.emit(JUMP, split)
                program[split][2] = len(program)
            else:
                assert isinstance(maximum, int)
                splits = []
                for _ in range(minimum, maximum):
                    split = self.emit(SPLIT, 0, 0)
                    program[split][1] = split + 1
                    splits.append(split)
                    self.compile(part)
                for split in splits:
                    program[split][2] = len(program)


# MARK: the automaton

class State(Dict[str, "State"]):
    """A state of the automaton: the threads after a prefix (a set of instruction indices, as the
    bits of an int), whether they accept at the end of the value, and, as a dict, the transitions
    computed so far (a character to the next state)."""

    __slots__ = ("threads", "accepting", "classes")

    def __init__(self, threads: int, accepting: bool) -> None:
        super().__init__()
        self.threads = threads
        self.accepting = accepting
        # The transitions past ASCII by interval of equal meaning (Pattern.bounds), once the
        # per-character dict holds MAXIMUM_CACHED_CHARACTERS.
        self.classes: Dict[int, State] = {}


class Pattern:
    """A compiled pattern: fullmatch(text) says whether it matches all of `text`, in time linear in
    its length; never when it is longer than MAXIMUM_INPUT_LENGTH scalars. `matcher` answers it, and
    `kind` names the way: "literals" (a set look-up), "pieces" (linear pieces: a linear `re`, or a
    walk over ASCII text), "contains" (`A*BA*`) or "automaton"."""

    def __init__(self, source: str, searching: Optional[Node] = None) -> None:
        self.source = source
        tree = Parser(source).parse() if searching is None else searching
        self.tree = tree
        self.searcher: Optional[Pattern] = None
        if program_size(tree, MAXIMUM_STATES) >= MAXIMUM_STATES and searching is None:
            raise PatternError(
                f"the pattern {source!r} is too large: it compiles to more than {MAXIMUM_STATES} states")
        compiler = Compiler(MAXIMUM_STATES if searching is None else MAXIMUM_STATES + 8)
        compiler.compile(tree)
        compiler.emit(MATCH)
        self.program = compiler.program
        # The code points where some CHAR or CLASS of the program changes its answer: between two
        # bounds, every code point leads from a state to the same next state.
        bounds = {0}
        for op, x, _ in self.program:
            if op == CHAR:
                assert isinstance(x, int)
                bounds.update((x, x + 1))
            elif op == CLASS:
                assert isinstance(x, ScalarClass)
                for low, high in x.ranges:
                    bounds.update((low, high + 1))
        self.bounds = sorted(bound for bound in bounds if bound <= MAX)
        self.ops: List[int] = [instruction[0] for instruction in self.program]
        self.prepare_moves()
        self.states: Dict[int, State] = {}
        self.dead = State(0, False)
        self.initial = State(sum(1 << pc for pc in self.closure((0,), True, None)), False)
        self.initial.accepting = bool(self.initial.threads & self.accepting)
        self.states = {self.initial.threads: self.initial, 0: self.dead}
        self.empty_matches = MATCH in (self.ops[pc] for pc in self.closure((0,), True, True))
        self.readers: Dict[int, int] = {}
        self.reader_groups: Optional[List[Tuple[Any, int]]] = None
        # The fastest way that gives the automaton's answers (the matchers below).
        literals = literal_set(tree)
        pieces = None if literals is not None else linear_pieces(tree)
        contains = None if literals is not None or pieces is not None else contains_classes(tree)
        self.kind = ("literals" if literals is not None else "pieces" if pieces is not None
                     else "contains" if contains is not None else "automaton")
        self.matcher: Matcher
        if literals is not None:
            self.matcher = LiteralMatcher(literals)
        elif pieces is not None:
            self.matcher = PieceMatcher(pieces)
        elif contains is not None:
            self.matcher = ContainsMatcher(contains[0], contains[1], self.fullmatch_by_automaton)
        else:
            self.matcher = AutomatonMatcher(self.fullmatch_by_automaton)
        self.fullmatch: Callable[[str], bool] = self.matcher.fullmatch

    def closure(self, pcs: Sequence[int], at_start: bool, at_end: Optional[bool]) -> Tuple[int, ...]:
        """The instructions reachable from `pcs` without reading, sorted. With `at_end` None (not
        known), an END stays among them, to be followed at the end of the value."""
        program = self.program
        seen = set()
        out = []
        stack = list(reversed(pcs))
        while stack:
            at = stack.pop()
            if at in seen:
                continue
            seen.add(at)
            op, x, y = program[at]
            if op == JUMP:
                stack.append(x)
            elif op == SPLIT:
                stack.append(y)
                stack.append(x)
            elif op == START:
                if at_start:
                    stack.append(at + 1)
            elif op == END:
                if at_end is True:
                    stack.append(at + 1)
                elif at_end is None:
                    out.append(at)
            else:
                out.append(at)
        return tuple(sorted(out))

    def prepare_moves(self) -> None:
        """The masks `advance` moves threads by without reading (after a character, neither at the
        start nor known to be at the end). Every SPLIT's first branch is the next instruction, so
        runs of SPLITs are followed by one addition; the other branches and the JUMPs by their
        targets: those many instructions share (the ends of a count's copies) by one mask each, the
        others one by one."""
        splits = keep = accepting = 0
        sources: Dict[int, List[int]] = {}
        for pc, (op, x, y) in enumerate(self.program):
            if op == SPLIT:
                assert x == pc + 1
                splits |= 1 << pc
                sources.setdefault(y, []).append(pc)
            elif op == JUMP:
                sources.setdefault(x, []).append(pc)
            elif op in (CHAR, CLASS, MATCH):
                keep |= 1 << pc
            elif op == END:
                keep |= 1 << pc
        for pc, op in enumerate(self.ops):
            if op == MATCH or (op == END and any(self.ops[at] == MATCH for at in self.closure((pc + 1,), False, True))):
                accepting |= 1 << pc
        self.splits, self.keep, self.accepting = splits, keep, accepting
        self.closures: Dict[int, int] = {}
        # NB: a group of at least 8 sources is tested as one mask; fewer, each source that is reached.
        self.shared: List[Tuple[int, int]] = []
        self.single: Dict[int, int] = {}
        self.singles = 0
        for target, froms in sources.items():
            if len(froms) >= 8:
                self.shared.append((sum(1 << pc for pc in froms), target))
            else:
                for pc in froms:
                    self.single[pc] = target
                    self.singles |= 1 << pc

    def state(self, threads: int) -> State:
        found = self.states.get(threads)
        if found is None:
            if len(self.states) >= MAXIMUM_DFA_STATES:
                # NB: the cache is full: forget every transition and state but the first and the
                # dead one, so memory stays bounded; a state in use stays valid, its threads known.
                for old in self.states.values():
                    old.clear()
                    old.classes.clear()
                self.states = {self.initial.threads: self.initial, 0: self.dead}
            found = State(threads, bool(threads & self.accepting))
            self.states[threads] = found
        return found

    def step(self, state: State, char: str) -> State:
        """The state after `char`, cached in `state`."""
        point = ord(char)
        interval = bisect_right(self.bounds, point) - 1
        if point >= 0x80 and len(state) >= MAXIMUM_CACHED_CHARACTERS:
            found = state.classes.get(interval)
            if found is None:
                found = state.classes[interval] = self.advance(state, interval)
            return found
        found = self.advance(state, interval)
        state[char] = found
        return found

    def advance(self, state: State, interval: int) -> State:
        """The state after a character of the interval `interval` (Pattern.bounds)."""
        readers = self.readers.get(interval)
        if readers is None:
            readers = self.readers[interval] = self.readers_of(self.bounds[interval])
        matched = state.threads & readers
        if not matched:
            return self.dead
        # The closure of the instructions after those that read the character, as bit operations
        # on the set of threads (prepare_moves): the SPLITs reached carry along their runs; each
        # target of another branch or a JUMP reached adds its own closure, computed once.
        front = matched << 1
        splits = self.splits
        reached = front | (((front & splits) + splits) ^ splits)
        out = reached & self.keep
        closures = self.closures
        for sources, target in self.shared:
            if reached & sources:
                found = closures.get(target)
                if found is None:
                    found = closures[target] = self.closure_mask(target)
                out |= found
        some = reached & self.singles
        while some:
            low = some & -some
            target = self.single[low.bit_length() - 1]
            found = closures.get(target)
            if found is None:
                found = closures[target] = self.closure_mask(target)
            out |= found
            some ^= low
        return self.state(out) if out else self.dead

    def closure_mask(self, pc: int) -> int:
        """The threads reached from `pc` without reading, after a character, as a mask."""
        mask = 0
        for at in self.closure((pc,), False, None):
            mask |= 1 << at
        return mask

    def readers_of(self, point: int) -> int:
        """The CHAR and CLASS instructions that read `point`, as a mask: each class asked once,
        however many instructions a count made of it."""
        if self.reader_groups is None:
            groups: Dict[int, Tuple[Any, List[int]]] = {}
            for pc, (op, x, _) in enumerate(self.program):
                if op in (CHAR, CLASS):
                    groups.setdefault(id(x) if op == CLASS else -1 - x, (x, []))[1].append(pc)
            self.reader_groups = [(x, sum(1 << pc for pc in pcs)) for x, pcs in groups.values()]
        mask = 0
        for x, pcs in self.reader_groups:
            if x == point if isinstance(x, int) else x.has(point):
                mask |= pcs
        return mask

    def search(self, text: str) -> bool:
        """Whether the pattern matches some part of `text`, as JSON Schema's `pattern` reads it (for
        tests that run exported schemas): by the automaton, and with no input limit, as JSON Schema
        has none."""
        if self.searcher is None:
            anything: Node = ("rep", ("class", ScalarClass([(0, MAX)])), 0, None)
            self.searcher = Pattern(self.source, ("cat", (anything, self.tree, anything)))
        return self.searcher.run(text)

    def fullmatch_by_automaton(self, text: str) -> bool:
        """Whether the pattern matches all of `text`; never when it is longer than 10,000 scalars."""
        return len(text) <= MAXIMUM_INPUT_LENGTH and self.run(text)

    def run(self, text: str) -> bool:
        """The automaton's answer on all of `text`, of any length."""
        if not text:
            return self.empty_matches
        state = self.initial
        dead = self.dead
        for char in text:
            following = state.get(char)
            if following is None:
                following = self.step(state, char)
            if following is dead:
                return False
            state = following
        return state.accepting

    def fullmatch_by_threads(self, text: str) -> bool:
        """The same answer by running the threads in lock step (Pike's VM) with no cache and no
        fast path: the reference the tests hold the automaton to."""
        if len(text) > MAXIMUM_INPUT_LENGTH:
            return False
        program = self.program
        threads = self.closure((0,), True, not text)
        for index, char in enumerate(text):
            point = ord(char)
            targets = [pc + 1 for pc in threads
                       if (program[pc][0] == CHAR and program[pc][1] == point)
                       or (program[pc][0] == CLASS and program[pc][1].has(point))]
            threads = self.closure(targets, False, index == len(text) - 1)
        return any(self.ops[pc] == MATCH for pc in threads)


def literal_set(node: Node) -> Optional[FrozenSet[str]]:
    """The values a pattern of literals and alternations of them matches (`abc`, `(free|pro|team)`):
    a match is a set look-up. None for any other pattern."""
    kind = node[0]
    if kind == "empty":
        return frozenset(("",))
    if kind == "char":
        point = node[1]
        assert isinstance(point, int)
        return frozenset((chr(point),))
    if kind == "alt":
        found: FrozenSet[str] = frozenset()
        for part in _parts(node):
            words = literal_set(part)
            if words is None:
                return None
            found |= words
        return found
    if kind == "cat":
        words = frozenset(("",))
        for part in _parts(node):
            more = literal_set(part)
            if more is None or len(words) * len(more) > 64:
                return None
            words = frozenset(word + tail for word in words for tail in more)
        return words
    return None


# MARK: pieces: linear without the automaton, where backtracking cannot happen

Piece = Tuple[ScalarClass, int, Optional[int]]
PIECE_RANGES = 32
POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""


def pieces_of(tree: Node) -> Optional[List[Piece]]:
    """The pattern as a sequence of classes with counts, if it is one (anchors at its ends dropped)."""
    nodes: List[Node] = list(_parts(tree)) if tree[0] == "cat" else [tree]
    if nodes and nodes[0][0] == "start":
        nodes = nodes[1:]
    if nodes and nodes[-1][0] == "end":
        nodes = nodes[:-1]
    pieces: List[Piece] = []
    for node in nodes:
        minimum: object = 1
        maximum: object = 1
        if node[0] == "rep":
            node, minimum, maximum = _part(node), node[2], node[3]
        if node[0] == "char":
            point = node[1]
            assert isinstance(point, int)
            found = ScalarClass([(point, point)])
        elif node[0] == "class":
            assert isinstance(node[1], ScalarClass)
            found = node[1]
        else:
            return None
        assert isinstance(minimum, int) and (maximum is None or isinstance(maximum, int))
        pieces.append((found, minimum, maximum))
    return pieces


def _contains(pieces: List[Piece]) -> bool:
    """Whether the pieces are `A*BA*` with B inside A: all of A, with some B."""
    return (len(pieces) == 3 and pieces[0][1:] == pieces[2][1:] == (0, None) and pieces[1][1:] == (1, 1)
            and pieces[0][0].ranges == pieces[2][0].ranges and _inside(pieces[1][0], pieces[0][0]))


def contains_classes(tree: Node) -> Optional[Tuple[ScalarClass, ScalarClass]]:
    """For `A*BA*` with B inside A, A of at most PIECE_RANGES ranges and B of more (a password that
    needs a letter, a general category): A and B (ContainsMatcher). None otherwise."""
    pieces = pieces_of(tree)
    if pieces is None or not _contains(pieces) or len(pieces[0][0].ranges) > PIECE_RANGES:
        return None
    return pieces[0][0], pieces[1][0]


def linear_pieces(tree: Node) -> Optional[List[Piece]]:
    """For a pattern that is a sequence of classes with counts (`\\+?[0-9]{6,15}`, `G.*`), in which
    no part of variable length can give back a character that what may follow it takes: its pieces,
    which a greedy walk that never steps back matches exactly (PieceMatcher). `A*BA*` with B inside
    A (`.*[0-9].*`) is read as `(A-B)*BA*`. None otherwise, and for a class of more than
    PIECE_RANGES ranges, which `re` would try one by one (a general category: the automaton answers
    faster)."""
    found_pieces = pieces_of(tree)
    if found_pieces is None:
        return None
    pieces = found_pieces
    if _contains(pieces):
        before = ScalarClass(pieces[1][0].ranges + complement(pieces[0][0].ranges), True)
        pieces[0] = (before, 0, None)
    if any(len(found.ranges) > PIECE_RANGES for found, _, _ in pieces):
        return None
    for index, (found, minimum, maximum) in enumerate(pieces):
        if minimum == maximum:
            continue
        for following, following_minimum, _ in pieces[index + 1:]:
            if not _disjoint(found, following):
                return None
            if following_minimum > 0:
                break
    return pieces


def pieces_expression(pieces: List[Piece]) -> str:
    """An expression for Python's `re` that means what linear pieces mean: only classes of explicit
    code points, counts and concatenation. As nothing can be given back, every count is possessive
    (Python 3.11 and later): `re` never steps back. Before 3.11 `re` steps back, and each step fails
    at once, so a match is linear in the value all the same."""
    # NB: a class with no code point (`a*aa*` read as `[]*aa*`) matches nothing, so it is either no
    # piece at all or a piece that never matches.
    return "".join(("" if minimum == 0 else "(?!)") if not found.ranges
                   else _class_expression(found) + _count_expression(minimum, maximum)
                   for found, minimum, maximum in pieces)


def _disjoint(first: ScalarClass, second: ScalarClass) -> bool:
    """Whether no code point is in both: one walk through the two sorted lists of ranges."""
    index = other = 0
    while index < len(first.ranges) and other < len(second.ranges):
        (low, high), (other_low, other_high) = first.ranges[index], second.ranges[other]
        if low <= other_high and other_low <= high:
            return False
        if high < other_high:
            index += 1
        else:
            other += 1
    return True


def _inside(inner: ScalarClass, outer: ScalarClass) -> bool:
    return all(any(low <= inner_low and inner_high <= high for low, high in outer.ranges)
               for inner_low, inner_high in inner.ranges)


def _class_expression(found: ScalarClass) -> str:
    return "[" + "".join("\\U%08X" % low if low == high else "\\U%08X-\\U%08X" % (low, high)
                         for low, high in found.ranges) + "]"


def _count_expression(minimum: int, maximum: Optional[int]) -> str:
    if minimum == maximum:
        return "" if minimum == 1 else "{%d}" % minimum
    return "{%d,%s}%s" % (minimum, "" if maximum is None else maximum, POSSESSIVE)


def ascii_table(found: ScalarClass) -> bytes:
    """The class's membership of the 128 ASCII code points, one byte each (1: in it), from its ranges."""
    table = bytearray(128)
    for low, high in found.ranges:
        for point in range(low, min(high, 127) + 1):
            table[point] = 1
    return bytes(table)


# MARK: matchers: each way a pattern answers, once, for Pattern.fullmatch and the pattern check

# Whether this module runs compiled: a loop over ASCII text and a table of bytes then costs a few
# instructions a character, less than `re`'s own setup of a call (about 1,800 instructions); in
# CPython's interpreter the same loop costs more than `re`, so there the matchers call `re`.
NATIVE: Final = is_compiled(merged)
# A walk's answers: the text matches; it does not; it holds a code point past ASCII, which `re` or
# the automaton answers for.
WALK_FAILED: Final = 0
WALK_MATCHED: Final = 1
WALK_MET_WIDE: Final = 2


class Matcher:
    """How a pattern answers fullmatch(text): whether it matches all of `text`; never when `text` is
    longer than MAXIMUM_INPUT_LENGTH scalars. Pattern.fullmatch is its matcher's, and a pattern check
    (_core.PatternCheck) calls it directly (compiled, a call through the class's vtable)."""

    __slots__ = ()

    def fullmatch(self, text: str) -> bool:
        raise NotImplementedError


class LiteralMatcher(Matcher):
    """A pattern of a few words (`(free|pro|team)`): a set look-up."""

    __slots__ = ("literals",)

    def __init__(self, literals: FrozenSet[str]) -> None:
        self.literals = literals

    def fullmatch(self, text: str) -> bool:
        # NB: no word is as long as the input limit (a pattern has fewer states), so the set's answer
        # is already false past it.
        return text in self.literals


class WalkingMatcher(Matcher):
    """A matcher that, with `ascii_walk` (the default when compiled: NATIVE), answers ASCII text by a
    walk over its tables (`walk`) and any other text by `wide`."""

    __slots__ = ("ascii_walk",)

    def __init__(self, ascii_walk: bool) -> None:
        self.ascii_walk = ascii_walk

    def fullmatch(self, text: str) -> bool:
        if len(text) > MAXIMUM_INPUT_LENGTH:
            return False
        if self.ascii_walk:
            answer = self.walk(text)
            if answer != WALK_MET_WIDE:
                return answer == WALK_MATCHED
        return self.wide(text)

    def walk(self, text: str) -> "i64":
        raise NotImplementedError

    def wide(self, text: str) -> bool:
        raise NotImplementedError


class PieceMatcher(WalkingMatcher):
    """A pattern of linear pieces (linear_pieces): its `re` expression; with `ascii_walk` (the
    default when compiled: NATIVE), text by a greedy walk over each piece's ASCII table, as far as
    the walk meets no code point past ASCII."""

    __slots__ = ("match", "table")

    def __init__(self, pieces: List[Piece], ascii_walk: bool = NATIVE) -> None:
        self.match: Callable[[str], Optional["re.Match[str]"]] = re.compile(pieces_expression(pieces)).fullmatch
        super().__init__(ascii_walk)
        # Each piece in turn: its minimum and maximum count, two bytes each, little-endian (no bound:
        # 0xFFFF, past the input limit), then its ASCII table; one bytes object, read without a call.
        self.table = b"".join([bytes((minimum & 0xFF, minimum >> 8, bound & 0xFF, bound >> 8)) + ascii_table(found)
                               for found, minimum, maximum in pieces
                               for bound in (0xFFFF if maximum is None else maximum,)])

    def wide(self, text: str) -> bool:
        return self.match(text) is not None

    def walk(self, text: str) -> "i64":
        """The answer read from the ASCII tables (WALK_MATCHED or WALK_FAILED), or WALK_MET_WIDE when
        the walk reads a code point past ASCII. Each piece takes as many characters of its class as
        its count allows, and never gives one back, which is exact because no following piece could
        take it (linear_pieces); an answer that read only ASCII is the answer for all of `text`."""
        table = self.table
        length: i64 = len(text)
        size: i64 = len(table)
        index: i64 = 0
        offset: i64 = 0
        while offset < size:
            start = index
            end: i64 = start + table[offset + 2] + (table[offset + 3] << 8)
            if end > length:
                end = length
            offset += 4
            while index < end:
                point: i64 = ord(text[index])
                if point >= 128:
                    return WALK_MET_WIDE
                if not table[offset + point]:
                    break
                index += 1
            if index - start < table[offset - 4] + (table[offset - 3] << 8):
                return WALK_FAILED
            offset += 128
        return WALK_MATCHED if index == length else WALK_FAILED


class ContainsMatcher(WalkingMatcher):
    """`A*BA*` with B inside A (contains_classes: a password that needs a letter): every code point
    in A and one in B.
    Text of the Basic Multilingual Plane by two `re` scans, which ask a large class as a bitmap;
    other text by the automaton; with `ascii_walk` (the default when compiled: NATIVE), ASCII text
    by one loop over a table of A and B."""

    __slots__ = ("every", "some", "automaton", "table")

    def __init__(self, every: ScalarClass, some: ScalarClass, automaton: Callable[[str], bool],
                 ascii_walk: bool = NATIVE) -> None:
        every_bmp, some_bmp = [ScalarClass([(low, min(high, 0xFFFF)) for low, high in found.ranges if low <= 0xFFFF])
                               for found in (every, some)]
        self.every: Callable[[str], Optional["re.Match[str]"]] = re.compile(
            _class_expression(every_bmp) + "*" + POSSESSIVE if every_bmp.ranges else "").fullmatch
        self.some: Callable[[str], Optional["re.Match[str]"]] = re.compile(
            _class_expression(some_bmp) if some_bmp.ranges else "(?!)").search
        self.automaton = automaton
        super().__init__(ascii_walk)
        # 0: not in A; 1: in A; 2: in A and B (B is inside A).
        self.table = bytes([a + b for a, b in zip(ascii_table(every), ascii_table(some))])

    def wide(self, text: str) -> bool:
        if self.every(text) is not None:
            return self.some(text) is not None
        return self.automaton(text)

    def walk(self, text: str) -> "i64":
        """The answer for ASCII `text` (WALK_MATCHED or WALK_FAILED): one loop over its code points;
        WALK_MET_WIDE at the first code point past ASCII."""
        table = self.table
        length: i64 = len(text)
        index: i64 = 0
        seen: i64 = 0
        while index < length:
            point: i64 = ord(text[index])
            if point >= 128:
                return WALK_MET_WIDE
            found: i64 = table[point]
            if found == 0:
                return WALK_FAILED
            seen |= found
            index += 1
        return WALK_MATCHED if seen > 1 else WALK_FAILED


class AutomatonMatcher(Matcher):
    """Any other pattern: the automaton (Pattern.fullmatch_by_automaton)."""

    __slots__ = ("automaton",)

    def __init__(self, automaton: Callable[[str], bool]) -> None:
        self.automaton = automaton

    def fullmatch(self, text: str) -> bool:
        return self.automaton(text)


def compile_pattern(source: str) -> Pattern:
    """The compiled pattern of rulecheck's subset; match it with fullmatch(text) -> bool."""
    try:
        return Pattern(source)
    except RecursionError:
        raise PatternError(f"the pattern {source!r} nests too deeply") from None
