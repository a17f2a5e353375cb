"""Every Unicode fact a verdict depends on, from the pinned tables (_unicode_data.py, UCD 17.0.0).

Nothing here asks the platform (`unicodedata`, `str.lower`, `regex`'s `\\X` or `\\p{…}`): Python's own
Unicode follows the interpreter's version (14.0 on Python 3.11), the tables follow the engine's. Each table
is decoded once, at first use. A lone surrogate is the code point it is: grapheme break Control, no case
mapping, unchanged by normalization.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Callable, Dict, List, Optional, Pattern, Tuple

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


def decode_mapping(table: str) -> Dict[int, Tuple[int, ...]]:
    """A mapping table (`D:T,T,…;…`) as a dictionary from code point to code points."""
    out: Dict[int, Tuple[int, ...]] = {}
    key = 0
    for entry in table.split(";"):
        distance, _, targets = entry.partition(":")
        key += int(distance, 16)
        out[key] = tuple(int(t, 16) for t in targets.split(","))
    return out


def _dense(table: str) -> bytes:
    """A property table whose values fit a byte, as one byte per code point (fastest lookup)."""
    starts, values = decode_property(table)
    out = bytearray(MAX_SCALAR + 1)
    ends = starts[1:] + [MAX_SCALAR + 1]
    for start, end, value in zip(starts, ends, values):
        if value:
            out[start:end] = bytes([value]) * (end - start)
    return bytes(out)


def _class(table: str, wanted: Callable[[int], bool]) -> str:
    """A regular-expression character class body of the code points whose value `wanted` accepts."""
    starts, values = decode_property(table)
    ends = starts[1:] + [MAX_SCALAR + 1]
    parts = []
    for start, end, value in zip(starts, ends, values):
        if wanted(value):
            parts.append(_escape(start) if end - start == 1 else f"{_escape(start)}-{_escape(end - 1)}")
    return "".join(parts)


def _escape(point: int) -> str:
    return f"\\U{point:08x}"


class _Lazy:
    """Each table decoded at first use."""

    def __init__(self) -> None:
        self._cache: Dict[str, object] = {}

    def get(self, name: str, build: Callable[[], object]) -> object:
        value = self._cache.get(name)
        if value is None:
            value = self._cache[name] = build()
        return value


_lazy = _Lazy()


def _grapheme() -> bytes:
    return _lazy.get("grapheme", lambda: _dense(_data.GRAPHEME))  # type: ignore[return-value]


def _ccc() -> bytes:
    return _lazy.get("ccc", lambda: _dense(_data.CCC))  # type: ignore[return-value]


# ---------------------------------------------------------------- properties


def general_category(point: int) -> str:
    """The short name of the code point's General_Category (`Cn` when unassigned)."""
    starts, values = _lazy.get("gc", lambda: decode_property(_data.GENERAL_CATEGORY))  # type: ignore[misc]
    return _data.GENERAL_CATEGORY_NAMES[values[bisect_right(starts, point) - 1]]


def general_category_ranges(names: Tuple[str, ...]) -> List[Tuple[int, int]]:
    """The inclusive code point ranges whose General_Category is one of `names` (short names)."""
    starts, values = _lazy.get("gc", lambda: decode_property(_data.GENERAL_CATEGORY))  # type: ignore[misc]
    indices = {_data.GENERAL_CATEGORY_NAMES.index(name) for name in names}
    ends = starts[1:] + [MAX_SCALAR + 1]
    out: List[Tuple[int, int]] = []
    for start, end, value in zip(starts, ends, values):
        if value in indices:
            if out and out[-1][1] + 1 == start:
                out[-1] = (out[-1][0], end - 1)
            else:
                out.append((start, end - 1))
    return out


def _property_set(name: str, table: str) -> frozenset[int]:
    def build() -> frozenset[int]:
        starts, values = decode_property(table)
        ends = starts[1:] + [MAX_SCALAR + 1]
        return frozenset(p for s, e, v in zip(starts, ends, values) if v for p in range(s, e))

    return _lazy.get(name, build)  # type: ignore[return-value]


def white_space() -> str:
    """Every White_Space code point, as one string (25 code points)."""
    return "".join(chr(p) for p in sorted(_property_set("white_space", _data.WHITE_SPACE)))


WHITE_SPACE_CHARS = white_space()
_WHITE_SPACE_RUN = re.compile("[" + re.escape(WHITE_SPACE_CHARS) + "]+")


def trim(text: str) -> str:
    # NB: str.strip(chars) removes exactly the characters given.
    return text.strip(WHITE_SPACE_CHARS)


def collapse_white_space(text: str) -> str:
    return _WHITE_SPACE_RUN.sub(" ", text.strip(WHITE_SPACE_CHARS))


# ---------------------------------------------------------------- graphemes (UAX #29, extended clusters)

_CR, _LF, _CONTROL, _EXTEND, _ZWJ, _RI, _PREPEND, _SPACING_MARK = 1, 2, 3, 4, 5, 6, 7, 8
_L, _V, _T, _LV, _LVT, _PICTOGRAPHIC = 9, 10, 11, 12, 13, 14
_CONSONANT, _LINKER, _INCB_EXTEND = 1, 2, 3


def _trivial_class() -> Pattern[str]:
    # Code points that always start a cluster and never extend one are value 0: text without any other
    # has one cluster per code point.
    return re.compile("[" + _class(_data.GRAPHEME, lambda value: value != 0) + "]")


def grapheme_count(text: str) -> int:
    """The number of extended grapheme clusters (UAX #29 of the pinned version, with GB9c)."""
    if text.isascii():
        return len(text) - text.count("\r\n")
    trivial: Pattern[str] = _lazy.get("grapheme_class", _trivial_class)  # type: ignore[assignment]
    if trivial.search(text) is None:
        return len(text)
    table = _grapheme()
    count = 0
    previous = -1  # the previous code point's Grapheme_Cluster_Break; -1 before the first
    regional = 0  # Regional_Indicator code points in a row just before
    emoji = 0  # 1 after ExtPict Extend*, 2 after ExtPict Extend* ZWJ
    conjunct = 0  # 1 after InCB Consonant [Extend Linker]*, 2 once a Linker is among them
    for char in text:
        value = table[ord(char)]
        kind = value & 0x0F
        incb = value >> 4
        if previous < 0:
            joins = False
        elif previous == _CR:
            joins = kind == _LF
        elif previous == _LF or previous == _CONTROL or kind == _CR or kind == _LF or kind == _CONTROL:
            joins = False
        elif kind == _EXTEND or kind == _ZWJ or kind == _SPACING_MARK or previous == _PREPEND:
            joins = True
        elif previous == _L:
            joins = kind == _L or kind == _V or kind == _LV or kind == _LVT
        elif previous == _LV or previous == _V:
            joins = kind == _V or kind == _T
        elif previous == _LVT or previous == _T:
            joins = kind == _T
        else:
            joins = (
                (incb == _CONSONANT and conjunct == 2)
                or (kind == _PICTOGRAPHIC and previous == _ZWJ and emoji == 2)
                or (kind == _RI and regional % 2 == 1)
            )
        if not joins:
            count += 1
        if incb == _CONSONANT:
            conjunct = 1
        elif conjunct and incb == _LINKER:
            conjunct = 2
        elif incb != _INCB_EXTEND:
            conjunct = 0
        if kind == _PICTOGRAPHIC:
            emoji = 1
        elif emoji == 1 and kind == _EXTEND:
            pass
        elif emoji == 1 and kind == _ZWJ:
            emoji = 2
        else:
            emoji = 0
        regional = regional + 1 if kind == _RI else 0
        previous = kind
    return count


# ---------------------------------------------------------------- case mapping


def _translation(table: str) -> Dict[int, str]:
    return {key: "".join(map(chr, value)) for key, value in decode_mapping(table).items()}


_SIGMA = "\u03a3"


def _is_final_sigma(text: str, index: int) -> bool:
    """Unicode §3.13 Final_Sigma: preceded by Cased Case_Ignorable*, not followed by Case_Ignorable* Cased.

    A code point both Cased and Case_Ignorable (U+0345, U+02B0 …) is skipped as Case_Ignorable.
    """
    cased = _property_set("cased", _data.CASED)
    ignorable = _property_set("case_ignorable", _data.CASE_IGNORABLE)
    i = index - 1
    while i >= 0 and ord(text[i]) in ignorable:
        i -= 1
    if i < 0 or ord(text[i]) not in cased:
        return False
    i = index + 1
    while i < len(text) and ord(text[i]) in ignorable:
        i += 1
    return i == len(text) or ord(text[i]) not in cased


def lowercase(text: str) -> str:
    """The full lowercase mapping, with Final_Sigma (the Unicode default case conversion)."""
    table: Dict[int, str] = _lazy.get("lower", lambda: _translation(_data.LOWER))  # type: ignore[assignment]
    if _SIGMA not in text:
        return text.translate(table)
    parts: List[str] = []
    start = 0
    index = text.find(_SIGMA)
    while index >= 0:
        parts.append(text[start:index].translate(table))
        parts.append("\u03c2" if _is_final_sigma(text, index) else "\u03c3")
        start = index + 1
        index = text.find(_SIGMA, start)
    parts.append(text[start:].translate(table))
    return "".join(parts)


def uppercase(text: str) -> str:
    """The full uppercase mapping (ß -> SS)."""
    table: Dict[int, str] = _lazy.get("upper", lambda: _translation(_data.UPPER))  # type: ignore[assignment]
    return text.translate(table)


# ---------------------------------------------------------------- normalization


def _compositions() -> Dict[int, int]:
    out: Dict[int, int] = {}
    for first, pairs in decode_mapping(_data.COMPOSE).items():
        for i in range(0, len(pairs), 2):
            out[first << 21 | pairs[i]] = pairs[i + 1]
    return out


def _decompose(text: str, table: Dict[int, Tuple[int, ...]], ccc: bytes) -> List[int]:
    out: List[int] = []
    for char in text:
        point = ord(char)
        if _S_BASE <= point < _S_BASE + _S_COUNT:
            index = point - _S_BASE
            out.append(_L_BASE + index // _N_COUNT)
            out.append(_V_BASE + index % _N_COUNT // _T_COUNT)
            if index % _T_COUNT:
                out.append(_T_BASE + index % _T_COUNT)
        else:
            mapped = table.get(point)
            if mapped is None:
                out.append(point)
            else:
                out.extend(mapped)
    # Canonical ordering: each run of non-starters sorted by combining class, stably.
    i, n = 0, len(out)
    while i < n:
        if ccc[out[i]] == 0:
            i += 1
            continue
        j = i
        while j < n and ccc[out[j]] != 0:
            j += 1
        if j - i > 1:
            out[i:j] = sorted(out[i:j], key=lambda p: ccc[p])
        i = j
    return out


def _compose(points: List[int], ccc: bytes) -> str:
    compositions: Dict[int, int] = _lazy.get("compose", _compositions)  # type: ignore[assignment]
    out: List[int] = []
    starter = -1  # index in out of the last starter
    last = 0  # combining class of the last code point kept after the starter
    for point in points:
        klass = ccc[point]
        if starter >= 0 and (len(out) - 1 == starter or 0 < last < klass):
            first = out[starter]
            composite: Optional[int] = None
            if _L_BASE <= first < _L_BASE + _L_COUNT and _V_BASE <= point < _V_BASE + _V_COUNT:
                composite = _S_BASE + ((first - _L_BASE) * _V_COUNT + point - _V_BASE) * _T_COUNT
            elif (_S_BASE <= first < _S_BASE + _S_COUNT and (first - _S_BASE) % _T_COUNT == 0
                  and _T_BASE < point < _T_BASE + _T_COUNT):
                composite = first + point - _T_BASE
            else:
                composite = compositions.get(first << 21 | point)
            if composite is not None:
                out[starter] = composite
                continue
        if klass == 0:
            starter = len(out)
        last = klass
        out.append(point)
    return "".join(map(chr, out))


def _quick_class(table: str) -> Callable[[], Pattern[str]]:
    # Code points whose quick check is not Yes, or that are not starters: text without any is unchanged.
    def build() -> Pattern[str]:
        ccc = _class(_data.CCC, lambda value: value != 0)
        return re.compile("[" + _class(table, lambda value: value != 0) + ccc + "]")

    return build


def nfc(text: str) -> str:
    """Normalization Form C: canonical decomposition, canonical ordering, canonical composition."""
    if text.isascii():
        return text
    quick: Pattern[str] = _lazy.get("nfc_quick", _quick_class(_data.NFC_QC))  # type: ignore[assignment]
    if quick.search(text) is None:
        return text
    ccc = _ccc()
    table: Dict[int, Tuple[int, ...]] = _lazy.get("nfd", lambda: decode_mapping(_data.NFD))  # type: ignore[assignment]
    return _compose(_decompose(text, table, ccc), ccc)


def _nfkd_table() -> Dict[int, Tuple[int, ...]]:
    table = dict(decode_mapping(_data.NFD))
    table.update(decode_mapping(_data.NFKD))
    return table


def nfkc(text: str) -> str:
    """Normalization Form KC: compatibility decomposition, canonical ordering, canonical composition."""
    if text.isascii():
        return text
    quick: Pattern[str] = _lazy.get("nfkc_quick", _quick_class(_data.NFKC_QC))  # type: ignore[assignment]
    if quick.search(text) is None:
        return text
    ccc = _ccc()
    table: Dict[int, Tuple[int, ...]] = _lazy.get("nfkd", _nfkd_table)  # type: ignore[assignment]
    return _compose(_decompose(text, table, ccc), ccc)


def nfd(text: str) -> str:
    """Normalization Form D (for tests: NormalizationTest checks it too)."""
    table: Dict[int, Tuple[int, ...]] = _lazy.get("nfd", lambda: decode_mapping(_data.NFD))  # type: ignore[assignment]
    return "".join(map(chr, _decompose(text, table, _ccc())))


def nfkd(text: str) -> str:
    """Normalization Form KD (for tests)."""
    table: Dict[int, Tuple[int, ...]] = _lazy.get("nfkd", _nfkd_table)  # type: ignore[assignment]
    return "".join(map(chr, _decompose(text, table, _ccc())))
