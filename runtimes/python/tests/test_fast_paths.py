"""The shortcuts of the verdict path against the general path they stand for, at their edges: each
normalizer step told that its text is ASCII (as a type's run tells it) against the same step told
nothing, and the email check's loop (the mypyc build's) against its expression. Run on the pure
package and on the mypyc build (Scripts/test-python.sh)."""

from __future__ import annotations

import random
from typing import List, Tuple

import pytest

import fixture_paths  # noqa: F401  (the package to test on the path first)
from rulecheck_runtime import _core, _text
from rulecheck_runtime import _unicode as unicode

# (step, text, normalized): ASCII text the step changes and text it leaves alone, text with one
# non-ASCII code point, and empty text.
STEPS: List[Tuple[str, str, str]] = [
    ("uppercase", "ord-004217", "ORD-004217"),
    ("uppercase", "ABC-1234", "ABC-1234"),
    ("uppercase", "x-1", "X-1"),
    ("uppercase", "stra\u00dfe", "STRASSE"),
    ("uppercase", "", ""),
    ("lowercase", "Taro@Example.COM", "taro@example.com"),
    ("lowercase", "taro@example.com", "taro@example.com"),
    ("lowercase", "\u00c4", "\u00e4"),
    ("lowercase", "", ""),
    ("nfc", "cafe", "cafe"),
    ("nfc", "cafe\u0301", "caf\u00e9"),
    ("nfc", "", ""),
    ("nfkc", "ABC 12", "ABC 12"),
    ("nfkc", "\uff21BC", "ABC"),
    ("nfkc", "", ""),
    ("collapseWhitespace", "Taro Yamada", "Taro Yamada"),
    ("collapseWhitespace", "  Taro   Yamada ", "Taro Yamada"),
    ("collapseWhitespace", "a\t\tb\r\nc", "a b c"),
    ("collapseWhitespace", " " * 1000 + "a" + " " * 999 + "b" + " " * 3, "a b"),
    ("collapseWhitespace", "a\x1c  b", "a\x1c b"),
    ("collapseWhitespace", "a \u00a0b", "a b"),
    ("collapseWhitespace", "", ""),
    ("trim", " \t a b \r\n", "a b"),
    ("trim", "a", "a"),
    ("trim", "\x1ca\x1f", "\x1ca\x1f"),
    ("trim", "\u3000a\u2029", "a"),
    ("trim", "", ""),
]


@pytest.mark.parametrize("name, text, normalized", STEPS, ids=[f"{c[0]}-{ascii(c[1][:12])}" for c in STEPS])
def test_each_step_answers_alike_told_ascii_or_not(name: str, text: str, normalized: str) -> None:
    step = _text.NORMALIZERS[name]
    assert isinstance(step, unicode.Normalizer)
    assert step.apply(text, False) == normalized
    assert step(text) == normalized
    if text.isascii():
        assert step.apply(text, True) == normalized
        if normalized == text:
            # Text a step leaves alone is returned as it is, not copied.
            assert step.apply(text, True) is text


def test_the_ascii_case_mappings_are_the_pinned_tables_rows() -> None:
    every = "".join(map(chr, range(0x80)))
    for step, table in [(unicode.UPPERCASE, unicode._lazy("upper", unicode._upper_table)),
                        (unicode.LOWERCASE, unicode._lazy("lower", unicode._lower_table))]:
        assert step.apply(every, True) == step.apply(every, False) == "".join(table.get(ord(c), c) for c in every)
        assert [step.apply(c, True) for c in every] == [table.get(ord(c), c) for c in every]


def test_ascii_is_its_own_normal_form_by_the_pinned_tables() -> None:
    every = "".join(map(chr, range(0x80)))
    assert unicode._ASCII_IS_NFC and unicode._ASCII_IS_NFKC
    assert not unicode._lazy("nfc-changes", unicode._nfc_changes)(every)
    assert not unicode._lazy("nfkc-changes", unicode._nfkc_changes)(every)


@pytest.mark.parametrize("below", [0x80, 0x100, 0x3A4, 0x10400])
def test_a_mapping_read_up_to_a_code_point_is_the_whole_tables_start(below: int) -> None:
    for table in (unicode._data.LOWER, unicode._data.UPPER, unicode._data.NFKD):
        whole = unicode.decode_mapping(table)
        assert unicode.decode_mapping(table, below) == {key: value for key, value in whole.items() if key < below}


def test_the_ascii_values_of_a_property_are_those_of_each_ascii_code_point() -> None:
    import bisect

    for table in (unicode._data.NFC_QC, unicode._data.CCC, unicode._data.WHITE_SPACE, unicode._data.GENERAL_CATEGORY):
        starts, values = unicode.decode_property(table)
        each = {values[bisect.bisect_right(starts, point) - 1] for point in range(0x80)}
        assert unicode.ascii_values(table) == each
    assert unicode.ascii_values(unicode._data.WHITE_SPACE) == frozenset([0, 1])
    assert unicode.ascii_values(unicode._data.CCC) == frozenset([0])
    assert len(unicode.ascii_values(unicode._data.GENERAL_CATEGORY)) > 5


def test_a_chain_with_a_plain_function_tells_no_step_that_its_text_is_ascii() -> None:
    # A function may make ASCII text non-ASCII: the steps after it are not told the text is ASCII.
    chain = _core._Chain([_core._Called(lambda text: text + "\u00df"), unicode.UPPERCASE])
    assert chain.apply("a", True) == "ASS"


EMAILS = [
    "a@b", "a@b.c", "taro@example.com", "a.b+c@d-e.f", "!#$%&'*+/=?^_`{|}~-@x", "a@" + "b" * 63,
    "a@" + "b" * 64, "a@" + "b" * 63 + ".c", "a@b." + "c" * 64, "a@-b", "a@b-", "a@b-c", "a@b--c", "a@b..c",
    "a@.b", "a@b.", "@b", "a@", "a", "", "a@@b", "a@b@c", "a b@c", "a@b c", "\u00e9@b", "a@b\u00e9", "a@b_c",
    "a@1", "1@1.2", "a@b.c\n", "\na@b", "a@b\ud800", ".@a", "a.@b", "a@b.-c",
]


@pytest.mark.parametrize("text", EMAILS, ids=[ascii(text[:16]) for text in EMAILS])
def test_the_email_loop_is_the_expression(text: str) -> None:
    assert _text.is_email(text) == (_text.EMAIL.fullmatch(text) is not None)


def test_the_email_loop_is_the_expression_on_random_text() -> None:
    # Each text a local part, an `@` (mostly) and a domain, of pieces that meet at the grammar's edges.
    generator = random.Random(39)
    local = ["a", "Z", "0", ".", "+", "!", "-", "_", " ", "\u00e9", "@"]
    domain = ["a", "Z", "0", "-", ".", "_", " ", "\u00e9", "b" * 31, "c" * 62, "d" * 63]
    matched = 0
    for _ in range(50_000):
        text = ("".join(generator.choice(local) for _ in range(generator.randint(0, 3)))
                + ("@" if generator.random() < 0.9 else "")
                + "".join(generator.choice(domain) for _ in range(generator.randint(0, 5))))
        assert _text.is_email(text) == (_text.EMAIL.fullmatch(text) is not None), ascii(text)
        matched += _text.is_email(text)
    assert 2_000 < matched < 48_000


def test_the_email_check_is_the_loop_compiled_and_the_expression_in_pure_python() -> None:
    check = _core.Compiler({}).value_check("T", "email", {"check": "email", "codes": {"invalidEmail": {"code": "invalidEmail"}}},
                                           "string", False)
    assert type(check) is (_core.EmailCheck if _text.COMPILED else _core.GrammarCheck)
    assert _text.COMPILED == (_text.__file__ or "").endswith(".so")
