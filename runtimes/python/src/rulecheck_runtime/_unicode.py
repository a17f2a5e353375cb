"""Every Unicode fact a verdict depends on, from the pinned tables (_unicode_data.py, UCD 17.0.0).

Nothing here asks the platform (`unicodedata`, `str.lower`, `regex`'s `\\X` or `\\p{…}`): Python's own
Unicode follows the interpreter's version (14.0 on Python 3.11), the tables follow the engine's. Each table
is decoded once, at first use. A lone surrogate is the code point it is: grapheme break Control, no case
mapping, unchanged by normalization.
"""

from __future__ import annotations

import re
import types
from bisect import bisect_right
from typing import Any, Callable, Dict, Final, FrozenSet, Iterable, List, Optional, Pattern, Set, Tuple

from . import _unicode_data as _data

VERSION = _data.VERSION
MAX_SCALAR = 0x10FFFF

# Hangul syllables (Unicode §3.12): decomposed and composed by the algorithm, not by the tables.
_S_BASE, _L_BASE, _V_BASE, _T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
_L_COUNT, _V_COUNT, _T_COUNT = 19, 21, 28
_N_COUNT = _V_COUNT * _T_COUNT
_S_COUNT = _L_COUNT * _N_COUNT


# ---------------------------------------------------------------- decoders


def decode_property(table: str) -> Tuple[List[int], List[int]]:
    """A property table (`D:V;…`) as the first code point of each run and its value."""
    starts: List[int] = []
    values: List[int] = []
    point = 0
    for entry in table.split(";"):
        distance, _, value = entry.partition(":")
        point += int(distance, 16)
        starts.append(point)
        values.append(int(value, 16))
    return starts, values


def decode_mapping(table: str, below: int = MAX_SCALAR + 1) -> Dict[int, Tuple[int, ...]]:
    """A mapping table (`D:T,T,…;…`, runs `D:T*N*S`) as a dictionary from code point to code points:
    a run maps the N keys S apart from the key D gives to T, T+S, …, and D counts from its last key.
    With `below`, the keys below it alone: the table's first entries, the rest not read."""
    out: Dict[int, Tuple[int, ...]] = {}
    key = 0
    start = 0
    while start <= len(table):
        end = table.find(";", start)
        if end < 0:
            end = len(table)
        distance, _, targets = table[start:end].partition(":")
        start = end + 1
        key += int(distance, 16)
        if key >= below:
            break
        if "*" not in targets:
            out[key] = tuple(int(t, 16) for t in targets.split(","))
            continue
        first, count, stride = (int(number, 16) for number in targets.split("*"))
        for index in range(count):
            if key + index * stride < below:
                out[key + index * stride] = (first + index * stride,)
        key += (count - 1) * stride
    return out


def ascii_values(table: str) -> FrozenSet[int]:
    """The values a property table gives the ASCII code points."""
    starts, values = decode_property(table)
    return frozenset(value for start, value in zip(starts, values) if start < 0x80)


def ranges(table: str, wanted: Callable[[int], bool]) -> List[Tuple[int, int]]:
    """The inclusive code point ranges of a property table whose value `wanted` accepts, merged."""
    starts, values = decode_property(table)
    ends = starts[1:] + [MAX_SCALAR + 1]
    out: List[Tuple[int, int]] = []
    for start, end, value in zip(starts, ends, values):
        if wanted(value):
            if out and out[-1][1] + 1 == start:
                out[-1] = (out[-1][0], end - 1)
            else:
                out.append((start, end - 1))
    return out


def _translation_table(table: str, value: Callable[[int], int]) -> str:
    """A property table as a string of one character per code point, chr(value(v)), for str.translate:
    text.translate(it) is the text's values, one character each, read in C."""
    starts, values = decode_property(table)
    ends = starts[1:] + [MAX_SCALAR + 1]
    return "".join(chr(value(v)) * (end - start) for start, end, v in zip(starts, ends, values))


def is_compiled(function: Callable[..., Any]) -> bool:
    """Whether a function of this package runs compiled by mypyc (Scripts/build-python-mypyc.sh): a
    compiled module's functions are built-in functions, not Python ones. A module picks with it between
    a loop over a text's characters, which compiled costs a few instructions a character, and `re`,
    which runs such a loop several times faster than CPython's interpreter runs its own."""
    return not isinstance(function, types.FunctionType)


_cache: Dict[str, Any] = {}


def _lazy(name: str, build: Callable[[], Any]) -> Any:
    """Each table decoded once, at first use."""
    value = _cache.get(name)
    if value is None:
        value = _cache[name] = build()
    return value


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def _past_bmp(text: str) -> bool:
    """Whether `text` holds a code point past the BMP. NB: its UTF-16 is longer than two bytes a code
    point then; the encoder copies a string of the BMP at memory speed, ten times `re`'s search."""
    return len(text.encode("utf-16-le", "surrogatepass")) > 2 * len(text)


def _merged(points: Iterable[int]) -> List[Tuple[int, int]]:
    """Code points as sorted inclusive ranges."""
    out: List[Tuple[int, int]] = []
    for point in sorted(points):
        if out and out[-1][1] + 1 == point:
            out[-1] = (out[-1][0], point)
        else:
            out.append((point, point))
    return out


# Past this many code points, text is searched for what may change a grapheme count or a case mapping
# before it is translated (`_finder`): shorter text is translated at once, which costs less than the
# search and the translation together when the search finds something (measured on the seed rules'
# inputs). The normalization forms always search first: the search replaces their translation.
_SEARCH_FIRST = 64


def _in_ranges(point: int, starts: List[int], ends: List[int]) -> bool:
    index = bisect_right(starts, point) - 1
    return index >= 0 and point <= ends[index]


def _finder(found: List[Tuple[int, int]]) -> Callable[[str], bool]:
    """Whether a text holds a code point of the inclusive ranges `found`. NB: the BMP's are one `re`
    class, which `re` reads as a bitmap, in C, at a few nanoseconds a character; `str.translate` asks
    its table once a character, some 50 times slower. The rarer code points past the BMP are looked up
    once each different one, when the text holds any."""
    bmp = [(low, min(high, 0xFFFF)) for low, high in found if low <= 0xFFFF]
    search = re.compile("[" + "".join("\\u%04x-\\u%04x" % pair for pair in bmp) + "]").search if bmp else None
    astral = [(max(low, 0x10000), high) for low, high in found if high > 0xFFFF]
    starts = [low for low, _ in astral]
    ends = [high for _, high in astral]

    def holds(text: str) -> bool:
        if search is not None and search(text) is not None:
            return True
        if not astral or not _past_bmp(text):
            return False
        found = _ASTRAL.search(text)
        # NB: each different code point past the BMP once: the first few removed from the text by
        # str.replace, in C (a megabyte ZWJ chain holds one), the rest from a set of them.
        distinct = 0
        while found is not None:
            char = found.group()
            if _in_ranges(ord(char), starts, ends):
                return True
            distinct += 1
            if distinct == 8:
                return any(ord(char) > 0xFFFF and _in_ranges(ord(char), starts, ends)
                           for char in set(text[found.start():]))
            text = text.replace(char, "")
            found = _ASTRAL.search(text, found.start())
        return False

    return holds


# ---------------------------------------------------------------- properties


def _general_categories() -> Tuple[List[int], List[int]]:
    return decode_property(_data.GENERAL_CATEGORY)


def general_category(point: int) -> str:
    """The short name of the code point's General_Category (`Cn` when unassigned)."""
    starts, values = _lazy("gc", _general_categories)
    return _data.GENERAL_CATEGORY_NAMES[values[bisect_right(starts, point) - 1]]


def general_category_ranges(names: Iterable[str]) -> List[Tuple[int, int]]:
    """The inclusive code point ranges whose General_Category is one of `names` (short names)."""
    indices = {_data.GENERAL_CATEGORY_NAMES.index(name) for name in names}
    return ranges(_data.GENERAL_CATEGORY, lambda value: value in indices)


def _flags(name: str, table: str) -> FrozenSet[int]:
    def build() -> FrozenSet[int]:
        return frozenset(p for low, high in ranges(table, bool) for p in range(low, high + 1))

    return _lazy(name, build)  # type: ignore[no-any-return]


# The White_Space property: 25 code points, as one string for str.strip.
WHITE_SPACE = _flags("white_space", _data.WHITE_SPACE)
WHITE_SPACE_CHARS = "".join(chr(p) for p in sorted(WHITE_SPACE))
# A run that collapseWhitespace changes: two or more White_Space characters, or one that is not a space.
# NB: a single space is not matched (prose has one between each two words, a substitution each), and the
# pattern begins with a class, which `re` scans for fast.
_WHITE_SPACE_RUN = re.compile(f"[{re.escape(WHITE_SPACE_CHARS)}]"
                              f"(?:[{re.escape(WHITE_SPACE_CHARS)}]+|(?<=[{re.escape(WHITE_SPACE_CHARS.replace(' ', ''))}]))")


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(text: str) -> str:
    """`text` with A to Z as a to z and nothing else changed: for names that are ASCII by their
    grammar (language tags, URI schemes, media types, HTTP methods and header names)."""
    return text.translate(_ASCII_LOWER)


def trim(text: str) -> str:
    return TRIM.apply(text, text.isascii())


# The ASCII characters of White_Space: ASCII text is trimmed of these alone; without any but the
# space, and without two spaces in a row, it holds no run to collapse.
_ASCII_WHITE_SPACE_CHARS: Final[str] = "".join(char for char in WHITE_SPACE_CHARS if char < "\x80")
_ASCII_BREAKS: Final[Tuple[str, ...]] = tuple(char for char in _ASCII_WHITE_SPACE_CHARS if char != " ")


def collapse_white_space(text: str) -> str:
    return COLLAPSE_WHITE_SPACE.apply(text, text.isascii())


# ---------------------------------------------------------------- graphemes (UAX #29, extended clusters)

# GRAPHEME's values: Grapheme_Cluster_Break in the low 4 bits, Indic_Conjunct_Break above.
_CR, _LF, _CONTROL, _EXTEND, _ZWJ, _RI, _PREPEND, _SPACING_MARK = 1, 2, 3, 4, 5, 6, 7, 8
_L, _V, _T, _LV, _LVT, _PICTOGRAPHIC = 9, 10, 11, 12, 13, 14
_CONSONANT, _LINKER, _INCB_EXTEND = 1, 2, 3


def _grapheme_pattern() -> Pattern[str]:
    """UAX #29's regular expression of an extended grapheme cluster (Table 1b, with GB9c), over text
    translated into GRAPHEME values (one character each): the `re` module is only a matching engine."""

    def kinds(*wanted: int) -> str:
        return "".join(re.escape(chr(v)) for v in range(64) if v & 0x0F in wanted)

    def conjunct(*wanted: int) -> str:
        return "".join(re.escape(chr(v)) for v in range(64) if v >> 4 in wanted)

    L, V, T, LV, LVT = kinds(_L), kinds(_V), kinds(_T), kinds(_LV), kinds(_LVT)
    hangul = f"[{L}]*(?:[{V}]+|[{LV}][{V}]*|[{LVT}])[{T}]*|[{L}]+|[{T}]+"
    regional = f"[{kinds(_RI)}][{kinds(_RI)}]"
    pictographic = f"[{kinds(_PICTOGRAPHIC)}](?:[{kinds(_EXTEND)}]*[{kinds(_ZWJ)}][{kinds(_PICTOGRAPHIC)}])*"
    linkers = conjunct(_INCB_EXTEND, _LINKER)
    conjunct_cluster = (f"[{conjunct(_CONSONANT)}](?:[{linkers}]*[{conjunct(_LINKER)}][{linkers}]*"
                        f"[{conjunct(_CONSONANT)}])+")
    controls = kinds(_CONTROL, _CR, _LF)
    core = f"(?:{hangul}|{regional}|{pictographic}|{conjunct_cluster}|[^{controls}])"
    postcore = f"[{kinds(_EXTEND, _ZWJ, _SPACING_MARK)}]*"
    # NB: first the common case, a code point that begins no longer core, then the rule as written.
    simple = f"[^{controls}{kinds(_PREPEND, _L, _V, _T, _LV, _LVT, _RI, _PICTOGRAPHIC)}{conjunct(_CONSONANT)}]"
    crlf = re.escape(chr(_CR)) + re.escape(chr(_LF))
    return re.compile(f"{simple}{postcore}|{crlf}|[{controls}]|[{kinds(_PREPEND)}]*{core}{postcore}")


def _grapheme_tables() -> Tuple[str, Pattern[str]]:
    return _translation_table(_data.GRAPHEME, lambda value: value), _grapheme_pattern()


# The GRAPHEME kinds that join a code point to a neighbour's cluster (GB6 to GB9b, GB9c's linkers,
# GB11's ZWJ, GB12 and GB13). Text with none of them is one cluster a code point, but for CR LF. A
# Hangul syllable (LV, LVT) joins only an L before it or a V or T after it (GB6 to GB8), all three here.
_JOINERS = frozenset([_EXTEND, _ZWJ, _RI, _PREPEND, _SPACING_MARK, _L, _V, _T])


def _joiners() -> Callable[[str], bool]:
    return _finder(ranges(_data.GRAPHEME, lambda value: value & 0x0F in _JOINERS))


def grapheme_count(text: str) -> int:
    """The number of extended grapheme clusters (UAX #29 of the pinned version, with GB9c).

    NB: text with no joining code point (most text, in any script) is counted as ASCII is, with no
    translation into GRAPHEME values (`_finder`)."""
    if text.isascii():
        return len(text) - text.count("\r\n")
    if len(text) > _SEARCH_FIRST and not _lazy("grapheme-joiners", _joiners)(text):
        return len(text) - text.count("\r\n")
    table, cluster = _lazy("grapheme", _grapheme_tables)
    if len(text) <= _SEARCH_FIRST:
        return _clusters(cluster, text.translate(table))
    not_ascii_or_mark, control_and_mark = _lazy("grapheme-ascii-marks", _ascii_and_marks)
    if not_ascii_or_mark.search(text) is None and control_and_mark.search(text) is None:
        # NB: ASCII and marks (Latin in NFD): a cluster a code point less the marks, but one that begins
        # the text; str.encode drops what is not ASCII in C, and str.translate costs 30 ns a code point.
        return len(text.encode("ascii", "ignore")) + (not text[0].isascii()) - text.count("\r\n")
    extends, each_extend, chains = _lazy("grapheme-runs", _grapheme_runs)
    text = extends.sub(lambda run: _one_extend(run.group(), each_extend), text)
    if "\u200d" in text:
        text = chains.sub(r"\1", text)
    replacements, singles = _lazy("grapheme-singles", _grapheme_singles)
    translated = text.translate(table)
    for old, new in replacements:
        translated = translated.replace(old, new)
    joiners, joins, kinds = _lazy("grapheme-marks", _grapheme_marks)
    if not any(joiner in translated for joiner in joiners) or joins.search(translated) is None:
        counted = _count_by_marks(translated.encode("latin-1").translate(kinds))
        if counted is not None:
            return counted
    shorter = singles.sub("", translated)
    return len(translated) - len(shorter) + _clusters(cluster, shorter)


def _count_by_marks(kinds: bytes) -> Optional[int]:
    """The clusters of text whose only joins are marks after what is not a control, and CR LF
    (`_grapheme_marks`), from counts of its kinds: every code point begins a cluster but a mark after
    anything but a control (GB4, GB9, GB9a) and an LF after a CR (GB3). None when the text holds a
    kind that joins otherwise (X)."""
    if b"X" in kinds:
        return None
    starts = kinds.count(b"RM") + kinds.count(b"LM") + kinds.count(b"CM") + (kinds[:1] == b"M")
    return len(kinds) - kinds.count(b"M") + starts - kinds.count(b"RL")


def _grapheme_marks() -> Tuple[Tuple[str, ...], Pattern[str], bytes]:
    """For text of GRAPHEME values after `_grapheme_singles`' replacements: what would join a
    pictograph (GB11: ZWJ then a pictograph) or a consonant (GB9c: a linker, any linkers and Indic
    Extend, then a consonant), the values that begin such a join (searched for first, by `in`, which
    `re` is five times slower than), and each value's kind as one byte for `_count_by_marks`: M a mark
    (Extend, ZWJ, SpacingMark: GB9, GB9a), R, L and C the controls (CR, LF, Control), X what joins
    otherwise (Prepend, and the Hangul jamo L, V and T), O the rest. NB: without those joins a
    pictograph and a consonant join nothing before them; after the replacements no two regional
    indicators are neighbours (X if they were not replaced), and a syllable LV or LVT joins only jamo."""

    zwj = _values_class(lambda value: value & 0x0F == _ZWJ)
    pictograph = _values_class(lambda value: value & 0x0F == _PICTOGRAPHIC)
    linker = _values_class(lambda value: value >> 4 == _LINKER)
    linkers = _values_class(lambda value: value >> 4 in (_LINKER, _INCB_EXTEND))
    consonant = _values_class(lambda value: value >> 4 == _CONSONANT)
    joins = re.compile(f"[{zwj}][{pictograph}]|[{linker}][{linkers}]*[{consonant}]")
    joiners = tuple(chr(value) for value in sorted(_lazy("grapheme-values", _grapheme_values))
                    if value & 0x0F == _ZWJ or value >> 4 == _LINKER)
    replacements, _ = _lazy("grapheme-singles", _grapheme_singles)
    paired = any(old == chr(_RI) * 2 for old, _ in replacements)
    kind_of = {_EXTEND: "M", _ZWJ: "M", _SPACING_MARK: "M", _CR: "R", _LF: "L", _CONTROL: "C",
               _PREPEND: "X", _L: "X", _V: "X", _T: "X", _RI: "O" if paired else "X"}
    kinds = bytes(ord(kind_of.get(value & 0x0F, "O")) if value < 64 else ord("X") for value in range(256))
    return joiners, joins, kinds


def _ascii_and_marks() -> Tuple[Pattern[str], Pattern[str]]:
    """A code point that is neither ASCII nor a mark (Extend, ZWJ, SpacingMark: GB9, GB9a), and a
    control followed by a mark (GB4), for text that joins only a mark to what it follows. NB: every
    ASCII code point is Other or a control in the pinned tables; if one were not, nothing would pass."""
    marks = _class(ranges(_data.GRAPHEME, lambda value: value & 0x0F in (_EXTEND, _ZWJ, _SPACING_MARK)), True)[1:-1]
    controls = "".join(re.escape(chr(point)) for point in range(128)
                       if _property_of_point(point) in (_CR, _LF, _CONTROL))
    others = all(_property_of_point(point) in (0, _CR, _LF, _CONTROL) for point in range(128))
    return (re.compile(f"[^\\x00-\\x7f{marks}]" if others else "[\\x00-\\U0010ffff]"),
            re.compile(f"[{controls}][{marks}]"))


def _property_of_point(point: int) -> int:
    table, _ = _lazy("grapheme", _grapheme_tables)
    return ord(table[point])


def _clusters(cluster: Pattern[str], translated: str) -> int:
    # NB: subn counts the matches without making a string of each, as findall would.
    return cluster.subn("", translated)[1]


def _values_class(wanted: Callable[[int], bool]) -> str:
    """The GRAPHEME values that `wanted` holds, as the inside of a `re` class over translated text."""
    return "".join(re.escape(chr(value)) for value in range(64) if wanted(value))


def _grapheme_values() -> FrozenSet[int]:
    """The GRAPHEME values that some code point has."""
    return frozenset(value for value in range(64) if ranges(_data.GRAPHEME, value.__eq__))


def _grapheme_singles() -> Tuple[List[Tuple[str, str]], Pattern[str]]:
    """What a long text's GRAPHEME values are shortened by before their clusters are matched (about
    100 ns a cluster in `re`), the count unchanged or told by how much shorter the text is:

    - a pair of regional indicators (GB12, GB13) to one `Other` value (no Indic_Conjunct_Break), which
      every rule treats as the pair: `str.replace` pairs each run from its start, as GB12 and GB13 count;
    - a consonant, a linker and a consonant (GB9c joins them, always) to the consonant, which its
      neighbours see on either side as before;
    - each `Other` value or consonant followed by another of either, after none of a `Prepend`, a linker
      or an Indic_Conjunct_Break Extend: a cluster of one code point, whose removal leaves every other
      boundary as it was (the last of a run stays, and a consonant after the run does not look back
      through it to a linker, GB9c).

    NB: each replacement only when the pinned tables give every code point of that kind the one
    GRAPHEME value written here, as they do."""

    def values(wanted: Callable[[int], bool]) -> Set[int]:
        return {value for value in _lazy("grapheme-values", _grapheme_values) if wanted(value)}

    other, consonant, linker = 0, _CONSONANT << 4, _EXTEND | _LINKER << 4
    replacements = []
    if values(lambda value: value & 0x0F == _RI) == {_RI}:
        replacements.append((chr(_RI) * 2, chr(other)))
    if (values(lambda value: value >> 4 == _CONSONANT) == {consonant}
            and values(lambda value: value >> 4 == _LINKER) == {linker}):
        replacements.append((chr(consonant) + chr(linker) + chr(consonant), chr(consonant)))
    joining = _values_class(lambda value: value & 0x0F == _PREPEND or value >> 4 in (_LINKER, _INCB_EXTEND))
    either = f"[{_values_class(lambda value: value in (other, consonant))}]"
    return replacements, re.compile(f"(?<![{joining}]){either}{either}*(?={either})")


# The shortest run of Extend code points that a long text's count shortens first (`_grapheme_runs`).
# NB: a run is shortened by a Python call; text in NFD holds a short run in each syllable, which the
# cluster pattern reads at once (two marks a syllable took 190 times an ASCII body when each was a call).
_LONG_RUN = 16


def _grapheme_runs() -> Tuple[Pattern[str], Pattern[str], Pattern[str]]:
    """What a long text is shortened by before its clusters are counted, the count unchanged:

    - a run of code points of one GRAPHEME value that is Extend (GB9), with or without GB9c's
      Indic_Conjunct_Break Extend or Linker, to its first code point: the cluster pattern reads each
      such value only under `*`, or as one linker among linkers;
    - a run of one ZWJ and Extended_Pictographic pair to one pair (GB11 joins each of them to the
      same cluster, under `*`).

    NB: a 100,000-mark cluster or a megabyte ZWJ chain is then a few code points, found by `re` in
    C, not a look-up of str.translate each. Extend runs are looked for in the BMP alone, which `re`
    reads as a bitmap (a run past it is translated as it is)."""
    classes = []
    for conjunct in (0, _INCB_EXTEND, _LINKER):
        wanted = _EXTEND | conjunct << 4
        classes.append(ranges(_data.GRAPHEME, lambda value: value == wanted))
    every = _class(_merged(p for found in classes for low, high in found for p in range(low, high + 1)), False)
    each = "|".join(f"({found}){found}+" for found in (_class(ranges, False) for ranges in classes))
    pictographic = _class(ranges(_data.GRAPHEME, lambda value: value == _PICTOGRAPHIC), True)
    return (re.compile(_run(every, _LONG_RUN)), re.compile(each),
            re.compile(f"(\u200d{pictographic})\\1+"))


def _one_extend(run: str, each: Pattern[str]) -> str:
    """A run of Extend code points as its first of each value (`_grapheme_runs`)."""
    if run.count(run[0]) == len(run):
        return run[0]
    return each.sub(r"\1\2\3", run)


# ---------------------------------------------------------------- case mapping


def _case_table(table: str) -> Dict[int, str]:
    return {key: "".join(map(chr, value)) for key, value in decode_mapping(table).items()}


def _lower_table() -> Dict[int, str]:
    return _case_table(_data.LOWER)


def _upper_table() -> Dict[int, str]:
    return _case_table(_data.UPPER)


def _lower_changes() -> Callable[[str], bool]:
    """Whether a text holds a code point that lowercase maps (`_finder`): text without one is its
    own lowercase, found with no translation (`str.translate` with a dict raises and clears a
    KeyError for each character it does not map)."""
    return _finder(_merged(_lazy("lower", _lower_table)))


def _upper_changes() -> Callable[[str], bool]:
    return _finder(_merged(_lazy("upper", _upper_table)))


_SIGMA = "\u03a3"


def _sigma_classes(wide: bool) -> Tuple[str, str]:
    """Case_Ignorable and Cased-but-not-Case_Ignorable as `re` classes (`_final_sigma`): a code point
    both Cased and Case_Ignorable (U+0345, U+02B0 …) is skipped as Case_Ignorable, as ICU and CPython
    do."""
    def build() -> Tuple[str, str]:
        ignorable = _flags("case_ignorable", _data.CASE_IGNORABLE)
        return (_class(_merged(ignorable), wide),
                _class(_merged(_flags("cased", _data.CASED) - ignorable), wide))

    return _lazy(f"sigma-classes-{wide}", build)  # type: ignore[no-any-return]


def _followed_by_cased(start: str, wide: bool) -> Pattern[str]:
    """`start` followed by Case_Ignorable* Cased."""
    def build() -> Pattern[str]:
        skip, cased = _sigma_classes(wide)
        return re.compile(re.escape(start) + "(?=" + skip + "*" + cased + ")")

    return _lazy(f"sigma-followed-{ord(start)}-{wide}", build)  # type: ignore[no-any-return]


def _not_followed_by_cased(wide: bool) -> Pattern[str]:
    """A capital sigma not followed by Case_Ignorable* Cased: one Final_Sigma may make ς."""
    def build() -> Pattern[str]:
        skip, cased = _sigma_classes(wide)
        return re.compile(_SIGMA + "(?!" + skip + "*" + cased + ")")

    return _lazy(f"sigma-not-followed-{wide}", build)  # type: ignore[no-any-return]


# Noncharacters that stand for the sigmas Final_Sigma may make ς while their other side is read.
_MARKS = [chr(point) for point in range(0xFDD0, 0xFDF0)]


def _final_sigma(text: str) -> str:
    """`text` with each capital sigma as Unicode §3.13's Final_Sigma makes it: ς when preceded by
    Cased Case_Ignorable* and not followed by Case_Ignorable* Cased, else σ.

    NB: in passes of `re` and `str` in C with fixed replacements, as `re` has no lookbehind of
    variable width, and each match costs more than a `str.replace` of all: the sigmas not followed by
    a cased letter are marked with a noncharacter the text lacks, the others become σ at once; in the
    text reversed, where what preceded a sigma follows it, the marks followed by a cased letter become
    ς, the rest σ. A Python step per sigma took 110 to 340 times the time of other text. Lowercase
    keeps σ, ς and other cased letters cased, so each pass reads the one before as the original.
    """
    wide = _past_bmp(text)
    # NB: marking costs a match a sigma that no cased letter follows, the σ pass a match a sigma that
    # one follows; runs of sigmas (a sigma followed by one) are where the marks pay.
    mark = None
    if 4 * text.count(_SIGMA + _SIGMA) > text.count(_SIGMA):
        mark = next((mark for mark in _MARKS if mark not in text), None)
    if mark is None:
        text = _followed_by_cased(_SIGMA, wide).sub("\u03c3", text)
        backwards: str = _followed_by_cased(_SIGMA, wide).sub("\u03c2", text[::-1])
        return backwards.replace(_SIGMA, "\u03c3")[::-1]
    text = _not_followed_by_cased(wide).sub(mark, text).replace(_SIGMA, "\u03c3")
    if mark not in text:
        return text
    backwards = _followed_by_cased(mark, wide).sub("\u03c2", text[::-1])
    return backwards.replace(mark, "\u03c3")[::-1]


def lowercase(text: str) -> str:
    """The full lowercase mapping, with Final_Sigma (the Unicode default case conversion)."""
    return LOWERCASE.apply(text, text.isascii())


def _lowercase_other(text: str) -> str:
    # NB: apart from the ASCII path, whose call then makes no closure (mypyc makes one per call of a
    # function holding a lambda). Right for any text, ASCII included.
    if len(text) > _SEARCH_FIRST and not _lazy("lower-changes", _lower_changes)(text):
        return text
    table: Dict[int, str] = _lazy("lower", _lower_table)
    if _SIGMA in text:
        text = _final_sigma(text)
    return _map_each(text, _lazy("lower-runs", lambda: _mapped_runs(table)), table)


def uppercase(text: str) -> str:
    """The full uppercase mapping (ß -> SS)."""
    return UPPERCASE.apply(text, text.isascii())


def _uppercase_other(text: str) -> str:
    if len(text) > _SEARCH_FIRST and not _lazy("upper-changes", _upper_changes)(text):
        return text
    table: Dict[int, str] = _lazy("upper", _upper_table)
    return _map_each(text, _lazy("upper-runs", lambda: _mapped_runs(table)), table)


def _mapped_runs(table: Dict[int, str]) -> Optional[Tuple[Pattern[str], Pattern[str]]]:
    """Runs of the code points `table` maps (`_classes`), when what it maps them to it maps to
    itself (each code point can be replaced everywhere at once); otherwise None."""
    if any(ord(char) in table for value in table.values() for char in value):
        return None
    return _classes(_merged(table), 1)


def _map_each(text: str, runs: Optional[Tuple[Pattern[str], Pattern[str]]], table: Dict[int, str],
              wide: Optional[bool] = None) -> str:
    """`text` with each code point `table` maps replaced by what it maps to: for each of the first
    few different ones by str.replace, a pass in C over the text; for the rest, by str.translate of
    the runs of them, with no look-up of a code point the table lacks. NB: str.translate with a dict
    raises and clears a KeyError for each code point it does not map: a megabyte of marks after one
    capital took 30 times an ASCII body's reading."""
    if runs is None or len(text) <= _SEARCH_FIRST:
        return text.translate(table)
    pattern = runs[_past_bmp(text) if wide is None else wide]
    found = pattern.search(text)
    replaced = 0
    while found is not None:
        if replaced == 8:
            start = found.start()
            return text[:start] + pattern.sub(lambda run: run.group().translate(table), text[start:])
        char = found.group()[0]
        text = text.replace(char, table[ord(char)])
        replaced += 1
        found = pattern.search(text, found.start())
    return text


# ---------------------------------------------------------------- normalization


def _class(found: Iterable[Tuple[int, int]], wide: bool) -> str:
    """Inclusive code point ranges as one `re` class; without `wide`, the BMP's alone. NB: `re` reads
    the BMP's part as a bitmap, and then tries each range past the BMP in turn for every character the
    bitmap does not hold: text with no code point past the BMP is searched with the bitmap alone."""
    inside = "".join(("\\U%08x-\\U%08x" % (low, high if wide else min(high, 0xFFFF)))
                     for low, high in found if wide or low <= 0xFFFF)
    return "[" + inside + "]" if inside else "[^\\x00-\\U0010ffff]"


def _run(one: str, at_least: int) -> str:
    """A run of `at_least` or more of the class `one`. NB: written `[c][c]*`, not `[c]+`: `re` searches
    for a pattern that begins with a class by its fast scan, two to three times a repeat's speed."""
    return one * (at_least + 1) + "*"


def _classes(found: Iterable[Tuple[int, int]], at_least: int) -> Tuple[Pattern[str], Pattern[str]]:
    """Runs of `at_least` or more code points of `found`, in text within the BMP and in any text."""
    ranges = list(found)
    return re.compile(_run(_class(ranges, False), at_least)), re.compile(_run(_class(ranges, True), at_least))


class _Normalization:
    """The decomposition tables, combining classes and compositions, decoded together at first use.

    Text is normalized as a string, in passes that `re` and `str` run in C over what needs no change:
    a code point with a decomposition is replaced everywhere at once, a run of non-starters of one
    combining class is in canonical order and blocks itself from composing, and only stretches that
    hold a possible second of a composition are composed code point by code point. A megabyte of one
    combining mark costs a few passes of C, not a Python step a code point."""

    def __init__(self) -> None:
        self.ccc = self._values(_data.CCC)
        self.canonical = decode_mapping(_data.NFD)
        self.compatibility = dict(self.canonical)
        self.compatibility.update(decode_mapping(_data.NFKD))
        self.compositions: Dict[int, int] = {}
        seconds = set(range(_V_BASE, _V_BASE + _V_COUNT)) | set(range(_T_BASE + 1, _T_BASE + _T_COUNT))
        for first, pairs in decode_mapping(_data.COMPOSE).items():
            for i in range(0, len(pairs), 2):
                self.compositions[first << 21 | pairs[i]] = pairs[i + 1]
                seconds.add(pairs[i])
        classes: Dict[int, List[Tuple[int, int]]] = {}
        for low, high in ranges(_data.CCC, bool):
            for point in range(low, high + 1):
                classes.setdefault(self.ccc[point], []).append((point, point))
        # Each combining class's code points; a run of them is matched at once.
        self.class_ranges = {klass: _merged(p for p, _ in points) for klass, points in classes.items()}
        self.same_class = [{klass: re.compile(_class(found, wide) + "*") for klass, found in self.class_ranges.items()}
                           for wide in (False, True)]
        self.non_starter_runs = _classes(ranges(_data.CCC, bool), 2)
        # What may compose: a run of non-starters and possible seconds, with the starter before it.
        busy = _merged(set(seconds) | {p for low, high in ranges(_data.CCC, bool) for p in range(low, high + 1)})
        self.composing = tuple(re.compile(f"{idle}?{mark}+(?:{idle}{mark}+)*")
                               for mark, idle in ((_class(busy, wide), "[^" + _class(busy, wide)[1:])
                                                  for wide in (False, True)))
        self.has_second = _finder(_merged(seconds))
        self.decomposers: Dict[int, Tuple[Tuple[Pattern[str], Pattern[str]], Dict[int, str]]] = {}
        # Short spans composed and runs ordered, by their text: prose repeats its syllables (Vietnamese
        # in NFD composed each syllable a code point at a time in Python, 20 times an ASCII body).
        self.composed: Dict[str, str] = {}
        self.ordered: Dict[str, str] = {}

    @staticmethod
    def _values(table: str) -> bytes:
        """A property table whose values fit a byte, as one byte per code point."""
        starts, values = decode_property(table)
        ends = starts[1:] + [MAX_SCALAR + 1]
        out = bytearray(MAX_SCALAR + 1)
        for start, end, value in zip(starts, ends, values):
            if value:
                out[start:end] = bytes([value]) * (end - start)
        return bytes(out)

    def _decomposer(self, table: Dict[int, Tuple[int, ...]]) -> Tuple[Tuple[Pattern[str], Pattern[str]], Dict[int, str]]:
        """Runs of code points with a decomposition in `table`, and each one's, for str.translate.
        Hangul syllables decompose by the algorithm (Unicode §3.12), written out here once."""
        found = self.decomposers.get(id(table))
        if found is None:
            mapping = {point: "".join(map(chr, points)) for point, points in table.items()}
            for index in range(_S_COUNT):
                trailing = chr(_T_BASE + index % _T_COUNT) if index % _T_COUNT else ""
                mapping[_S_BASE + index] = (chr(_L_BASE + index // _N_COUNT)
                                            + chr(_V_BASE + index % _N_COUNT // _T_COUNT) + trailing)
            found = self.decomposers[id(table)] = (_classes(_merged(mapping), 1), mapping)
        return found

    def decompose(self, text: str, table: Dict[int, Tuple[int, ...]]) -> str:
        """The full decomposition in canonical order."""
        return self._decompose(text, table)[0]

    def compose_decomposed(self, text: str, table: Dict[int, Tuple[int, ...]]) -> str:
        """The decomposition by `table`, in canonical order, composed canonically."""
        return self.compose(*self._decompose(text, table))

    def _decompose(self, text: str, table: Dict[int, Tuple[int, ...]]) -> Tuple[str, bool]:
        """The decomposition in canonical order, and whether it holds a code point past the BMP."""
        patterns, mapping = self._decomposer(table)
        wide = _past_bmp(text)
        decomposed = _map_each(text, patterns, mapping, wide)
        # NB: a few compatibility ideographs of the BMP decompose to ones past it.
        if not wide and decomposed is not text:
            wide = _past_bmp(decomposed)
        return self._order_runs(decomposed, wide), wide

    def _order_runs(self, text: str, wide: bool) -> str:
        runs = self.non_starter_runs[wide]
        if runs.search(text) is None:
            return text
        return runs.sub(_remembering(self.ordered, lambda found: self._order(found, wide)), text)

    def _order(self, text: str, wide: bool) -> str:
        """A run of non-starters sorted by combining class, stably (canonical ordering)."""
        ccc = self.ccc
        same_class = self.same_class[wide]
        groups: List[Tuple[int, str]] = []
        at = 0
        while at < len(text) and len(groups) <= 16:
            klass = ccc[ord(text[at])]
            end = same_class[klass].match(text, at).end()  # type: ignore[union-attr]
            groups.append((klass, text[at:end]))
            at = end
        if at == len(text):
            if all(groups[i][0] < groups[i + 1][0] for i in range(len(groups) - 1)):
                return text
            return "".join(group for _, group in sorted(groups, key=lambda group: group[0]))
        # NB: many groups, of few different code points (two marks, alternating): each class's code
        # points are the run less the others, removed by str.replace, a pass in C for each.
        distinct: List[str] = []
        rest = text
        while rest and len(distinct) < 8:
            distinct.append(rest[0])
            rest = rest.replace(rest[0], "")
        if rest:
            return "".join(sorted(text, key=lambda char: ccc[ord(char)]))
        pieces: List[str] = []
        for klass in sorted({ccc[ord(char)] for char in distinct}):
            piece = text
            for char in distinct:
                if ccc[ord(char)] != klass:
                    piece = piece.replace(char, "")
            pieces.append(piece)
        return "".join(pieces)

    def compose(self, text: str, wide: bool) -> str:
        """Canonical composition of text in canonical order: only what may compose is read code point by
        code point, and a run of non-starters of one class that is blocked is kept whole."""
        if not self.has_second(text):
            return text
        return self.composing[wide].sub(_remembering(self.composed, lambda found: self._compose_span(found, wide)), text)

    def _compose_span(self, text: str, wide: bool) -> str:
        out: List[str] = []
        ccc = self.ccc
        compositions = self.compositions
        same_class = self.same_class[wide]
        starter = -1  # index in out of the last starter
        last = 0  # combining class of the last code point kept after the starter
        at, end = 0, len(text)
        while at < end:
            point = ord(text[at])
            klass = ccc[point]
            if starter >= 0 and (len(out) - 1 == starter or 0 < last < klass):
                first = ord(out[starter])
                composite: Optional[int]
                if _L_BASE <= first < _L_BASE + _L_COUNT and _V_BASE <= point < _V_BASE + _V_COUNT:
                    composite = _S_BASE + ((first - _L_BASE) * _V_COUNT + point - _V_BASE) * _T_COUNT
                elif (_S_BASE <= first < _S_BASE + _S_COUNT and (first - _S_BASE) % _T_COUNT == 0
                      and _T_BASE < point < _T_BASE + _T_COUNT):
                    composite = first + point - _T_BASE
                else:
                    composite = compositions.get(first << 21 | point)
                if composite is not None:
                    out[starter] = chr(composite)
                    at += 1
                    continue
            elif klass != 0 and (klass == last or starter < 0):
                # Blocked, and so is each code point of the same class after it: kept whole.
                after = same_class[klass].match(text, at).end()  # type: ignore[union-attr]
                out.append(text[at:after])
                last = klass
                at = after
                continue
            if klass == 0:
                starter = len(out)
            last = klass
            out.append(text[at])
            at += 1
        return "".join(out)


# The longest text `_remembered` keeps, and how many it keeps before it forgets them all.
_REMEMBERED_LENGTH = 32
_REMEMBERED_COUNT = 4096


def _remembering(memory: Dict[str, str], work: Callable[[str], str]) -> Callable[["re.Match[str]"], str]:
    """For `re.sub`: `work` of a match's text, kept in `memory` when the text is short. NB: hostile
    text of ever new spans fills the memory and empties it again, a dictionary's cost a span."""

    def replacement(match: "re.Match[str]") -> str:
        found = match.group()
        done = memory.get(found)
        if done is None:
            done = work(found)
            if len(found) <= _REMEMBERED_LENGTH:
                if len(memory) >= _REMEMBERED_COUNT:
                    memory.clear()
                memory[found] = done
        return done

    return replacement


def _may_change(quick_check: str) -> Callable[[str], bool]:
    """Whether a text may not be its own normal form by UAX #15's quick check, found with no
    translation: it holds a code point whose quick check is not Yes, or two non-starters in a row.
    NB: one non-starter between starters is in canonical order (the quick check compares a combining
    class with the one before it), so a virama between consonants is no reason to normalize (a
    megabyte of Devanagari conjuncts was normalized for nothing). Text past the BMP is asked for
    either kind of code point in one pass (`_finder`), as before: a run there is a `re` class tried
    range by range."""
    not_yes = ranges(quick_check, bool)
    non_starters = ranges(_data.CCC, bool)
    either = _finder(_merged(point for low, high in set(not_yes) | set(non_starters) for point in range(low, high + 1)))
    bmp_not_yes = re.compile(_class(not_yes, False)).search
    two_non_starters = re.compile(_run(_class(non_starters, False), 2)).search

    def may_change(text: str) -> bool:
        if _past_bmp(text):
            return either(text)
        return bmp_not_yes(text) is not None or two_non_starters(text) is not None

    return may_change


def _nfc_changes() -> Callable[[str], bool]:
    return _may_change(_data.NFC_QC)


def _nfkc_changes() -> Callable[[str], bool]:
    return _may_change(_data.NFKC_QC)


def _normalization() -> _Normalization:
    return _lazy("normalization", _Normalization)  # type: ignore[no-any-return]


def nfc(text: str) -> str:
    """Normalization Form C: canonical decomposition, canonical ordering, canonical composition."""
    return NFC.apply(text, text.isascii())


def _nfc_other(text: str) -> str:
    if not _lazy("nfc-changes", _nfc_changes)(text):
        return text
    tables = _normalization()
    return tables.compose_decomposed(text, tables.canonical)


def nfkc(text: str) -> str:
    """Normalization Form KC: compatibility decomposition, canonical ordering, canonical composition."""
    return NFKC.apply(text, text.isascii())


def _nfkc_other(text: str) -> str:
    if not _lazy("nfkc-changes", _nfkc_changes)(text):
        return text
    tables = _normalization()
    return tables.compose_decomposed(text, tables.compatibility)


def nfd(text: str) -> str:
    """Normalization Form D (NormalizationTest checks it with the others)."""
    tables = _normalization()
    return tables.decompose(text, tables.canonical)


def nfkd(text: str) -> str:
    """Normalization Form KD (NormalizationTest checks it with the others)."""
    tables = _normalization()
    return tables.decompose(text, tables.compatibility)


# ---------------------------------------------------------------- normalizer steps


def _ascii_case(table: str) -> bytes:
    """A case mapping of the ASCII code points, from the pinned table's ASCII rows alone (its first
    entries), as bytes.translate's 256 bytes. Each ASCII code point maps to one ASCII code point
    (checked here, as the tables are read): a case mapping keeps ASCII text ASCII."""
    rows = decode_mapping(table, 0x80)
    mapped = [rows.get(byte, (byte,)) if byte < 0x80 else (byte,) for byte in range(256)]
    if not all(len(points) == 1 and points[0] < 0x80 for points in mapped[:0x80]):
        raise ValueError("a case mapping of the pinned tables maps an ASCII code point out of ASCII")
    return bytes(points[0] for points in mapped)


# NB: read when the module loads (a few hundred entries), so that a call finds them as C variables
# in the mypyc build; the rest of the tables is decoded at first use.
_ASCII_LOWERCASE: Final[bytes] = _ascii_case(_data.LOWER)
_ASCII_UPPERCASE: Final[bytes] = _ascii_case(_data.UPPER)
# Whether ASCII text is its own NFC, and its own NFKC: every ASCII code point's quick check is Yes
# and its combining class 0 in the pinned tables (UAX #15: such text is normalized).
_ASCII_IS_NFC: Final[bool] = ascii_values(_data.NFC_QC) == ascii_values(_data.CCC) == frozenset([0])
_ASCII_IS_NFKC: Final[bool] = ascii_values(_data.NFKC_QC) == ascii_values(_data.CCC) == frozenset([0])


def _ascii_mapped(text: str, table: bytes) -> str:
    """ASCII `text` mapped by an `_ascii_case` table, as bytes, in C without a look-up per character;
    text none of whose characters the table changes is returned as it is (a code, a SKU, an address
    already in lower case)."""
    encoded = text.encode("ascii")
    mapped = encoded.translate(table)
    return text if mapped == encoded else mapped.decode("ascii")


class Normalizer:
    """One normalizer step (docs/format.md, "Normalizers"): `apply(text, ascii)` is `text` normalized,
    where `ascii` True says that the text is ASCII (its caller tested it once, and each step keeps
    ASCII text ASCII) and False says nothing: every step is right for any text with False. Called as
    a function, a step tests the text itself.

    NB: a class per step, held in text.NORMALIZERS, not a function: mypyc compiles `step.apply(…)`
    through this base class into a call through the class's vtable, where a function held as an
    object is called through Python's protocol and the function's argument parsing (1,300 to 3,000
    instructions a call on the bench's bodies)."""

    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        raise NotImplementedError

    def __call__(self, text: str) -> str:
        return self.apply(text, text.isascii())


class Trim(Normalizer):
    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        # NB: str.strip(chars) removes exactly the characters given, fewer tested for ASCII text.
        return text.strip(_ASCII_WHITE_SPACE_CHARS if ascii else WHITE_SPACE_CHARS)


class CollapseWhiteSpace(Normalizer):
    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        if not ascii:
            return _WHITE_SPACE_RUN.sub(" ", text.strip(WHITE_SPACE_CHARS))
        text = text.strip(_ASCII_WHITE_SPACE_CHARS)
        for char in _ASCII_BREAKS:
            if char in text:
                return _WHITE_SPACE_RUN.sub(" ", text)
        # NB: the space is the only White_Space left: each pass of str.replace, in C, halves every run
        # of spaces (a run of n takes log2(n) passes), and text with no two spaces in a row is
        # returned as it is. Splitting on the space made a string per space of a long run.
        while "  " in text:
            text = text.replace("  ", " ")
        return text


class Lowercase(Normalizer):
    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        return _ascii_mapped(text, _ASCII_LOWERCASE) if ascii else _lowercase_other(text)


class Uppercase(Normalizer):
    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        return _ascii_mapped(text, _ASCII_UPPERCASE) if ascii else _uppercase_other(text)


class NormalFormC(Normalizer):
    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        return text if ascii and _ASCII_IS_NFC else _nfc_other(text)


class NormalFormKC(Normalizer):
    __slots__ = ()

    def apply(self, text: str, ascii: bool) -> str:
        return text if ascii and _ASCII_IS_NFKC else _nfkc_other(text)


# The steps text.NORMALIZERS names.
TRIM: Final = Trim()
COLLAPSE_WHITE_SPACE: Final = CollapseWhiteSpace()
LOWERCASE: Final = Lowercase()
UPPERCASE: Final = Uppercase()
NFC: Final = NormalFormC()
NFKC: Final = NormalFormKC()
