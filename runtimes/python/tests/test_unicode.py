"""The pinned Unicode tables (17.0.0): every line of conformance/unicode/, the version an export is made
for, no platform Unicode in the package, and the generated files as the generator writes them."""

from __future__ import annotations

import bisect
import copy
import json
import pathlib
import random
import re
import subprocess
import sys
from typing import Any, Dict, List, Tuple

import pytest

from fixture_paths import FIXTURES, ROOT, SOURCE
from rulecheck_runtime import UNICODE_VERSION, Rules, RulesError
from rulecheck_runtime import _unicode as unicode
from rulecheck_runtime._patterns import compile_pattern, script_ranges

# NB: found from this file, as in a checkout; never a folder outside the repository.
CONFORMANCE = pathlib.Path(__file__).resolve().parents[3] / "conformance" / "unicode"

# Lines of the conformance files this package gets wrong. Empty: it passes every one.
EXPECTED_FAILURES: List[str] = []


def hex_text(field: str) -> str:
    return "".join(chr(int(point, 16)) for point in field.split())


def data_lines(name: str) -> List[str]:
    lines = []
    with open(CONFORMANCE / name, encoding="utf-8") as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            if line:
                lines.append(line)
    return lines


def test_the_package_follows_the_pinned_version() -> None:
    assert UNICODE_VERSION == "17.0.0"
    with open(CONFORMANCE / "GraphemeBreakTest.txt", encoding="utf-8") as file:
        assert file.readline().startswith(f"# GraphemeBreakTest-{UNICODE_VERSION}.txt")
    with open(CONFORMANCE / "NormalizationTest.txt", encoding="utf-8") as file:
        assert file.readline().startswith(f"# NormalizationTest-{UNICODE_VERSION}.txt")


def test_every_line_of_grapheme_break_test() -> None:
    failures = []
    lines = data_lines("GraphemeBreakTest.txt")
    for line in lines:
        marks = line.split()
        text = "".join(chr(int(point, 16)) for point in marks[1::2])
        expected = marks.count("÷") - 1
        if unicode.grapheme_count(text) != expected:
            failures.append(line)
        # The same text 70 times between NULs (a Control: a break on each side), past the length at
        # which the count searches for a joining code point before translating (_SEARCH_FIRST).
        long_text = "\x00".join([text] * 70)
        assert len(long_text) > unicode._SEARCH_FIRST
        if unicode.grapheme_count(long_text) != 70 * expected + 69:
            failures.append("70 times: " + line)
    assert len(lines) > 700
    assert failures == EXPECTED_FAILURES


def test_every_line_of_normalization_test() -> None:
    failures = []
    count = 0
    part = ""
    listed = set()
    with open(CONFORMANCE / "NormalizationTest.txt", encoding="utf-8") as file:
        for raw in file:
            line = raw.split("#", 1)[0].strip()
            if line.startswith("@Part"):
                part = line
                continue
            if not line:
                continue
            count += 1
            c1, c2, c3, c4, c5 = (hex_text(field) for field in line.split(";")[:5])
            if part == "@Part1":
                listed.add(ord(c1))
            good = (
                c2 == unicode.nfc(c1) == unicode.nfc(c2) == unicode.nfc(c3)
                and c4 == unicode.nfc(c4) == unicode.nfc(c5)
                and c3 == unicode.nfd(c1) == unicode.nfd(c2) == unicode.nfd(c3)
                and c5 == unicode.nfd(c4) == unicode.nfd(c5)
                and c4 == unicode.nfkc(c1) == unicode.nfkc(c2) == unicode.nfkc(c3) == unicode.nfkc(c4)
                == unicode.nfkc(c5)
                and c5 == unicode.nfkd(c1) == unicode.nfkd(c2) == unicode.nfkd(c3) == unicode.nfkd(c4)
                == unicode.nfkd(c5)
            )
            if not good:
                failures.append(line)
    assert count > 20000
    assert failures == EXPECTED_FAILURES
    # Part 1's promise: a code point it does not list is its own NFC and NFKC.
    changed = [f"{point:04X}" for point in range(0x110000)
               if point not in listed and not 0xD800 <= point <= 0xDFFF
               and (unicode.nfc(chr(point)) != chr(point) or unicode.nfkc(chr(point)) != chr(point))]
    assert len(listed) > 15000
    assert changed == []


def test_normalization_test_in_long_texts() -> None:
    # NormalizationTest's columns 40 lines at a time, between NULs (a starter that composes with
    # nothing: a boundary on each side): long text takes the passes that replace each of the first few
    # decomposable code points everywhere at once, then translate runs of the rest.
    rows = []
    with open(CONFORMANCE / "NormalizationTest.txt", encoding="utf-8") as file:
        for raw in file:
            line = raw.split("#", 1)[0].strip()
            if line and not line.startswith("@"):
                rows.append([hex_text(field) for field in line.split(";")[:5]])
    failures = []
    for start in range(0, len(rows), 40):
        chunk = rows[start:start + 40]
        for form, source, expected in [(unicode.nfc, 0, 1), (unicode.nfc, 2, 1), (unicode.nfkc, 0, 3),
                                       (unicode.nfkc, 4, 3), (unicode.nfd, 0, 2), (unicode.nfkd, 0, 4)]:
            found = form("\x00".join(row[source] for row in chunk)).split("\x00")
            failures += [f"{form.__name__} of line {start + i}" for i, (row, text) in enumerate(zip(chunk, found))
                         if text != row[expected]]
    assert len(rows) > 20000
    assert failures == EXPECTED_FAILURES


# Long runs of one shape, and what each normal form makes of them.
LONG_RUNS: List[Tuple[str, str, str, str]] = [
    ("a" + "\u0301" * 1000, "\u00e1" + "\u0301" * 999, "\u00e1" + "\u0301" * 999, "a" + "\u0301" * 1000),
    # Canonical ordering puts each U+0316 (class 220) before each U+0301 (230), which then composes.
    ("a" + "\u0301\u0316" * 500, "\u00e1" + "\u0316" * 500 + "\u0301" * 499,
     "\u00e1" + "\u0316" * 500 + "\u0301" * 499, "a" + "\u0316" * 500 + "\u0301" * 500),
    # Ten marks of ten classes, over and over: more than str.replace sorts; sorted by key (below).
    ("a" + "\u0301\u0316\u0327\u0334\u0345\u05b0\u0e38\u0f71\u302a\u1dce" * 100, "", "", ""),
    (" \u3000\u2028\u00a0" * 300, " \u3000\u2028\u00a0" * 300, "  \u2028 " * 300, " \u3000\u2028\u00a0" * 300),
    ("\U0001f468\u200d" * 500, "\U0001f468\u200d" * 500, "\U0001f468\u200d" * 500, "\U0001f468\u200d" * 500),
    ("\u1100\u1161\u11a8" * 300 + "\u0301", "\uac01" * 300 + "\u0301", "\uac01" * 300 + "\u0301",
     "\u1100\u1161\u11a8" * 300 + "\u0301"),
    # A compatibility ideograph of the BMP decomposes past it, and composes no further.
    ("\ufa6c\u0301" * 100, "\U000242ee\u0301" * 100, "\U000242ee\u0301" * 100, "\U000242ee\u0301" * 100),
]


@pytest.mark.parametrize("text, nfc, nfkc, nfd", LONG_RUNS, ids=[ascii(case[0][:8]) for case in LONG_RUNS])
def test_long_runs_normalize_as_each_code_point_would(text: str, nfc: str, nfkc: str, nfd: str) -> None:
    if not nfkc:
        # The marks sorted by class, stably; then U+0301 (230, after all but U+0345's 240) composes.
        ccc = unicode._normalization().ccc
        nfd = "a" + "".join(sorted(text[1:], key=lambda char: ccc[ord(char)]))
        assert len(set(ccc[ord(char)] for char in text[1:])) == 10
        nfc = nfkc = "\u00e1" + nfd[1:].replace("\u0301", "", 1)
    assert (unicode.nfc(text), unicode.nfkc(text), unicode.nfd(text)) == (nfc, nfkc, nfd)


def test_grapheme_runs_count_as_the_whole_text() -> None:
    # Each GraphemeBreakTest line with every code point three times, 70 times between NULs: the
    # count with runs of Extend and ZWJ chains shortened is the count of the whole translated text.
    table, cluster = unicode._lazy("grapheme", unicode._grapheme_tables)
    failures = []
    for line in data_lines("GraphemeBreakTest.txt"):
        points = line.split()[1::2]
        for times in (2, 3):
            text = "\x00".join(["".join(chr(int(point, 16)) * times for point in points)] * 70)
            if unicode.grapheme_count(text) != len(cluster.findall(text.translate(table))):
                failures.append(f"{times} times: {line}")
    for text, count in [("a" + "\u0301" * 100_000, 1), ("\U0001f468\u200d" * 1000, 1),
                        ("\u0915" + "\u094d\u0915" * 1000, 1), ("\u0301" * 1000 + "\x00" + "\u0301" * 1000, 3),
                        ("\U0001f468\u200d\U0001f469\u200d" * 500 + "\U0001f467", 1),
                        ("\u200d\U0001f468" * 1000, 2)]:
        if unicode.grapheme_count(text) != count:
            failures.append(ascii(text[:10]))
    assert failures == EXPECTED_FAILURES


def test_long_text_of_every_grapheme_value_counts_as_the_whole_text() -> None:
    # Random long texts of code points of two to six GRAPHEME values (runs of regional indicators, of
    # consonants and linkers, of Other, which the count shortens before matching, beside what can join
    # them): the count is the cluster pattern's over the whole translated text.
    table, cluster = unicode._lazy("grapheme", unicode._grapheme_tables)
    present = {}
    for value in range(64):
        found = unicode.ranges(unicode._data.GRAPHEME, lambda each, value=value: each == value)
        if found:
            present[value] = [chr(found[0][0]), chr(found[-1][1])] + [chr(low) for low, _ in found[:5]]
    assert len(present) > 15
    present[-1] = ["a", "Z", " ", "\r", "\n", "\t", "\x7f"]  # ASCII, whose letters and controls have paths of their own
    rnd = random.Random(7)
    values = list(present)
    failures = []
    for _ in range(2000):
        some = rnd.sample(values, rnd.randint(2, 6))
        weights = [rnd.random() for _ in some]
        text = "".join(rnd.choice(present[rnd.choices(some, weights)[0]]) for _ in range(rnd.randint(65, 300)))
        if unicode.grapheme_count(text) != cluster.subn("", text.translate(table))[1]:
            failures.append([hex(ord(char)) for char in text])
    assert failures == []


def test_case_mapping_of_many_different_code_points() -> None:
    # More different mapped code points than are replaced one by one: the rest are translated by runs.
    for name, table in [("lowercase", unicode._lazy("lower", unicode._lower_table)),
                        ("uppercase", unicode._lazy("upper", unicode._upper_table))]:
        text = "-".join([chr(point) for point in sorted(table) if point != 0x03A3] * 2)
        assert getattr(unicode, name)(text) == "-".join(table[ord(char)] if ord(char) in table else char
                                                        for char in text.split("-")), name


def case_cases() -> List[Dict[str, str]]:
    with open(CONFORMANCE / "case-mapping.jsonl", encoding="utf-8") as file:
        return [case for case in map(json.loads, file) if "in" in case]


def test_every_line_of_case_mapping() -> None:
    cases = case_cases()
    failures = [json.dumps(case) for case in cases
                if unicode.lowercase(case["in"]) != case["lower"] or unicode.uppercase(case["in"]) != case["upper"]]
    # Each 70 times between NULs (neither cased nor case-ignorable: Final_Sigma stops there), past the
    # length at which a case mapping searches for a mapped code point first (_SEARCH_FIRST).
    failures += ["70 times: " + json.dumps(case) for case in cases
                 if unicode.lowercase("\x00".join([case["in"]] * 70)) != "\x00".join([case["lower"]] * 70)
                 or unicode.uppercase("\x00".join([case["in"]] * 70)) != "\x00".join([case["upper"]] * 70)]
    assert len(cases) > 3000
    assert sum("\u03a3" in case["in"] and len(case["in"]) > 1 for case in cases) > 20
    assert failures == EXPECTED_FAILURES


@pytest.mark.parametrize("text, characters, lower, upper, nfc, nfkc", [
    # Lone surrogates are the code points they are: Control, no case mapping, unchanged by normalization.
    ("\ud800", 1, "\ud800", "\ud800", "\ud800", "\ud800"),
    ("a\udc00\u0301", 2, "a\udc00\u0301", "A\udc00\u0301", "a\udc00\u0301", "a\udc00\u0301"),
    # Letters of Unicode 16 and 17, which the interpreter's own tables (14.0 on Python 3.11) lack.
    ("\u1c89", 1, "\u1c8a", "\u1c89", "\u1c89", "\u1c89"),
    ("\U0001ccd6", 1, "\U0001ccd6", "\U0001ccd6", "\U0001ccd6", "A"),
    # Indic conjuncts (GB9c) are one cluster, Balinese ones since 17.0.
    ("\u1b13\u1b44\u1b13\u1b44\u1b13", 1, "\u1b13\u1b44\u1b13\u1b44\u1b13", "\u1b13\u1b44\u1b13\u1b44\u1b13",
     "\u1b13\u1b44\u1b13\u1b44\u1b13", "\u1b13\u1b44\u1b13\u1b44\u1b13"),
    ("\u0915\u094d\u0937", 1, "\u0915\u094d\u0937", "\u0915\u094d\u0937", "\u0915\u094d\u0937", "\u0915\u094d\u0937"),
    ("cafe\u0301", 4, "cafe\u0301", "CAFE\u0301", "caf\u00e9", "caf\u00e9"),
    ("STRASSE \u00df \u1e9e", 11, "strasse \u00df \u00df", "STRASSE SS \u1e9e", "STRASSE \u00df \u1e9e",
     "STRASSE \u00df \u1e9e"),
    ("\u0130", 1, "i\u0307", "\u0130", "\u0130", "\u0130"),
    ("\u039f\u0394\u039f\u03a3 \u039f\u0394\u039f\u03a3", 9, "\u03bf\u03b4\u03bf\u03c2 \u03bf\u03b4\u03bf\u03c2",
     "\u039f\u0394\u039f\u03a3 \u039f\u0394\u039f\u03a3", "\u039f\u0394\u039f\u03a3 \u039f\u0394\u039f\u03a3",
     "\u039f\u0394\u039f\u03a3 \u039f\u0394\u039f\u03a3"),
    ("\r\n\U0001f468\u200d\U0001f469\u200d\U0001f467\U0001f1ef\U0001f1f5", 3,
     "\r\n\U0001f468\u200d\U0001f469\u200d\U0001f467\U0001f1ef\U0001f1f5",
     "\r\n\U0001f468\u200d\U0001f469\u200d\U0001f467\U0001f1ef\U0001f1f5",
     "\r\n\U0001f468\u200d\U0001f469\u200d\U0001f467\U0001f1ef\U0001f1f5",
     "\r\n\U0001f468\u200d\U0001f469\u200d\U0001f467\U0001f1ef\U0001f1f5"),
])
def test_what_each_function_answers(text: str, characters: int, lower: str, upper: str, nfc: str, nfkc: str) -> None:
    assert (unicode.grapheme_count(text), unicode.lowercase(text), unicode.uppercase(text), unicode.nfc(text),
            unicode.nfkc(text)) == (characters, lower, upper, nfc, nfkc)


@pytest.mark.parametrize("point, category", [
    (0x41, "Lu"), (0x1C89, "Lu"), (0x0378, "Cn"), (0xD800, "Cs"), (0xE000, "Co"), (0x10FFFF, "Cn"),
    (0x1CCD6, "So"), (0x00AD, "Cf"), (0x3000, "Zs"),
])
def test_general_categories(point: int, category: str) -> None:
    assert unicode.general_category(point) == category


def test_white_space_is_the_property() -> None:
    assert len(unicode.WHITE_SPACE) == 25
    assert unicode.trim("\u3000\x1c a \u2029") == "\x1c a"
    assert unicode.collapse_white_space(" a \t\u00a0 b\u200b ") == "a b\u200b"


@pytest.mark.parametrize("text, collapsed", [
    ("a b", "a b"), ("  a  b  ", "a b"), ("a\tb", "a b"), ("a\r\nb", "a b"), ("a \x0b\x0cb", "a b"),
    ("\x1ca\x1fb", "\x1ca\x1fb"), ("", ""), (" \t ", ""), ("a b\u00a0c", "a b c"), ("a\u3000\u3000b", "a b"),
])
def test_collapse_white_space_of_each_shape(text: str, collapsed: str) -> None:
    # NB: ASCII text with no run to collapse is returned without the substitution; the answer is the same.
    assert unicode.collapse_white_space(text) == collapsed


def test_collapse_white_space_is_the_substitution_on_random_text() -> None:
    import random

    generator = random.Random(39)
    pieces = ["a", "b", " ", "  ", "\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x85", "\u00a0", "\u2028", "\u3000", "é"]
    for _ in range(20_000):
        text = "".join(generator.choice(pieces) for _ in range(generator.randint(0, 8)))
        expected = unicode._WHITE_SPACE_RUN.sub(" ", text.strip(unicode.WHITE_SPACE_CHARS))
        assert unicode.collapse_white_space(text) == expected, ascii(text)


def seed_document() -> Dict[str, Any]:
    with open(FIXTURES / "seed.schema.json", encoding="utf-8") as file:
        document: Dict[str, Any] = json.load(file)
    return document


def test_an_export_for_another_unicode_version_is_refused() -> None:
    document = seed_document()
    document["x-rulecheck-unicode"] = "16.0.0"
    with pytest.raises(RulesError) as raised:
        Rules(document)
    assert "Unicode 16.0.0" in str(raised.value) and "Unicode 17.0.0" in str(raised.value)
    same = copy.deepcopy(document)
    same["x-rulecheck-unicode"] = UNICODE_VERSION
    assert Rules(same).validate("TaskTitle", " Buy milk ").value == "Buy milk"
    # An export made before the key existed is read (docs/python.md).
    del document["x-rulecheck-unicode"]
    assert Rules(document).validate("TaskTitle", " Buy milk ").value == "Buy milk"


# Every use of the platform's Unicode in the package, with why it decides no verdict. A new one fails
# the test below: decide by _unicode.py, or add it here with its reason.
ALLOWED: List[Tuple[str, str, str]] = [
    ("_unicode.py", "Nothing here asks the platform (`unicodedata`, `str.lower`, `regex`'s `\\\\X` or `\\\\p{…}`): "
     "Python's own", "the docstring that says so"),
    ("_patterns.py", "`\\\\d \\\\w` ASCII, `\\\\s` White_Space, `.` anything but ECMAScript's line terminators, "
     "and `\\\\p{…}`", "a docstring"),
    ("_patterns.py", "hint = f\"; a script needs 'Script=': '\\\\p{{Script={value}}}'\"",
     "an error message's hint"),
    ("_patterns.py", '"""The code points of `\\\\p{…}`: a general category or a script, from the pinned tables."""',
     "a docstring"),
]
PLATFORM = re.compile(r"unicodedata|\.lower\(|\.upper\(|\.casefold\(|normalize\(|\\\\X|\\X|\\\\p\{|\\p\{")


def test_no_new_use_of_the_platform_unicode() -> None:
    package = SOURCE / "rulecheck_runtime"
    found = []
    for path in sorted(package.glob("*.py")):
        if path.name in ("_unicode_data.py", "_unicode_scripts.py"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if PLATFORM.search(line):
                found.append((path.name, line.strip()))
    allowed = [(name, line) for name, line, _ in ALLOWED]
    assert [use for use in found if use not in allowed] == []
    assert [use for use in allowed if use not in found] == [], "an allowed use is gone: remove it from ALLOWED"
    # NB: the search finds the docstrings that name the APIs, so it searches something.
    assert len(found) >= 3


def test_the_generated_tables_are_what_the_generator_writes(tmp_path: pathlib.Path) -> None:
    generator = ROOT / "Scripts" / "generate-unicode.py"
    run = subprocess.run([sys.executable, str(generator), "--out", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    written = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*") if path.is_file())
    assert len(written) >= 12
    assert "runtimes/python/src/rulecheck_runtime/_unicode_data.py" in written
    drifted = [name for name in written if (tmp_path / name).read_bytes() != (ROOT / name).read_bytes()]
    assert drifted == [], "run Scripts/generate-unicode.py and commit what it writes"


@pytest.mark.parametrize("source, member", [
    (r"\p{L}", lambda p: unicode.general_category(p)[0] == "L"),
    (r"\p{Letter}", lambda p: unicode.general_category(p)[0] == "L"),
    (r"\p{LC}", lambda p: unicode.general_category(p) in ("Lu", "Ll", "Lt")),
    (r"\p{gc=Nd}", lambda p: unicode.general_category(p) == "Nd"),
    (r"\P{Cn}", lambda p: unicode.general_category(p) != "Cn"),
    (r"[^\p{Mn}\p{Me}]", lambda p: unicode.general_category(p) not in ("Mn", "Me")),
    (r"\p{punct}", lambda p: unicode.general_category(p)[0] == "P"),
    (r"[\p{Script=Han}a]", lambda p: p == 0x61 or any(low <= p <= high for low, high in HAN)),
])
def test_pattern_classes_are_the_tables(source: str, member: Any) -> None:
    # Every 11th code point, surrogates included: the class the pattern matches is the tables'.
    pattern = compile_pattern(source)
    wrong = [f"{p:04X}" for p in range(0, 0x110000, 11) if pattern.fullmatch(chr(p)) != member(p)]
    assert wrong == []


HAN = script_ranges("Han", extensions=False, source="")


def _property_of(table: str) -> Any:
    starts, values = unicode.decode_property(table)
    return lambda point: values[bisect.bisect_right(starts, point) - 1]


def _finders() -> List[Tuple[str, Any, Any]]:
    grapheme = _property_of(unicode._data.GRAPHEME)
    lower, upper = unicode._lazy("lower", unicode._lower_table), unicode._lazy("upper", unicode._upper_table)
    return [
        ("joiners", unicode._joiners(), lambda p: grapheme(p) & 0x0F in unicode._JOINERS),
        ("lowercase", unicode._lower_changes(), lambda p: p in lower),
        ("uppercase", unicode._upper_changes(), lambda p: p in upper),
    ]


@pytest.mark.parametrize("name, holds, member", _finders(), ids=[case[0] for case in _finders()])
def test_the_fast_paths_find_what_the_tables_say(name: str, holds: Any, member: Any) -> None:
    # The searches that spare a translation (grapheme count, nfc, nfkc, case mapping) find a code
    # point exactly when its table says it may change the text: at every edge of a run and every
    # 97th code point, alone and inside other non-ASCII text (the BMP's and the astral planes').
    points = set(range(0, 0x110000, 97))
    for low, high in unicode._merged(p for p in range(0x110000) if member(p)):
        points.update(p for p in (low - 1, low, high, high + 1) if 0 <= p < 0x110000)
    wrong = [f"{p:04X}" for p in sorted(points)
             if holds(chr(p)) != member(p) or holds("一\U0001F600" + chr(p) + "\u4e8c") != member(p)]
    assert wrong == []
    assert any(member(p) for p in points) and not all(member(p) for p in points)


@pytest.mark.parametrize("form", ["nfc", "nfkc"])
def test_the_quick_check_finds_what_the_tables_say(form: str) -> None:
    """UAX #15's quick check, which spares a normalization: text of the BMP may change when it holds a
    code point whose quick check is not Yes, or two non-starters in a row (one between starters is in
    canonical order: a virama between consonants); text past the BMP when it holds either kind. At
    every edge of a run of either and every 97th code point."""
    quick, ccc = (_property_of(table) for table in (
        unicode._data.NFC_QC if form == "nfc" else unicode._data.NFKC_QC, unicode._data.CCC))
    holds = unicode._nfc_changes() if form == "nfc" else unicode._nfkc_changes()
    points = set(range(0, 0x110000, 97))
    for low, high in unicode._merged(p for p in range(0x110000) if quick(p) != 0 or ccc(p) != 0):
        points.update(p for p in (low - 1, low, high, high + 1) if 0 <= p < 0x110000)
    wrong = []
    for p in sorted(points):
        either = quick(p) != 0 or ccc(p) != 0
        found = (holds("一" + chr(p) + "二"), holds("一" + chr(p) * 2 + "二"), holds("一\U0001F600" + chr(p) + "二"))
        if found != (quick(p) != 0 if p <= 0xFFFF else either, either, either):
            wrong.append(f"{p:04X}")
    assert wrong == []
    assert any(quick(p) == 0 and ccc(p) != 0 for p in points if p <= 0xFFFF)
    # The virama case itself, and its normal form is the text.
    conjunct = "\u0915\u094d\u0937"
    assert not holds(conjunct * 3) and getattr(unicode, form)(conjunct * 3) == conjunct * 3
