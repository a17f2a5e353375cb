"""The strict JSON reader: what it reads, and each mistake with the Swift reader's words, line and
column (the fixtures pin more of them byte for byte in test_fixtures.py)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Dict

import pytest

from fixture_paths import CONFORMANCE
from timing import ratio
from rulecheck_runtime import JSONReadError
from rulecheck_runtime._json import read
from rulecheck_runtime._text import Number


@pytest.mark.parametrize("text, expected", [
    (b'{"a": [1, "x", true, false, null, {}, []]}', {"a": [Number(False, "1", "", 0, False), "x", True, False, None, {}, []]}),
    (b'"\\u00e9t\\u00e9 \\ud83d\\ude00 \\" \\\\ \\/ \\b\\f\\n\\r\\t"', "été 😀 \" \\ / \b\f\n\r\t"),
    (b"\xef\xbb\xbf 42 ", Number(False, "42", "", 0, False)),
    (b"  \n\t\r 7", Number(False, "7", "", 0, False)),
    (b'"\x7f"', "\x7f"),
])
def test_reads_json(text: bytes, expected: Any) -> None:
    assert read(text) == expected


@pytest.mark.parametrize("text, shown", [
    (b"12.99999999999999999", "12.99999999999999999"),
    (b"1e400", "1e400"),
    (b"1e-400", "1e-400"),
    (b"-0.0", "0"),
    (b"2000.0", "2000"),
    (b"1.50e1", "15"),
    (b"12345678901234567890123", "12345678901234567890123"),
    (b"1e20", "100000000000000000000"),
    (b"1e21", "1e21"),
    (b"1e999999999", "1e999999999"),
])
def test_numbers_are_exact(text: bytes, shown: str) -> None:
    number = read(text)
    assert isinstance(number, Number)
    assert str(number) == shown


def test_numbers_compare_by_value() -> None:
    assert read(b"2000.0") == read(b"2e3") == 2000
    assert read(b"12.99999999999999999") != read(b"13")
    assert read(b"12.99999999999999999") < read(b"13")  # type: ignore[operator]
    assert read(b"-1e400") < read(b"-1")  # type: ignore[operator]
    assert read(b"1e-400").to_decimal() == Decimal("1e-400")


# The refusals every runtime shares (conformance/json-reader.jsonl): the bytes, and the engine's
# message, byte offset, line and column.
REFUSALS = [json.loads(line) for line in (CONFORMANCE / "json-reader.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]


def test_the_corpus_is_all_there() -> None:
    assert len(REFUSALS) == 54


@pytest.mark.parametrize("case", REFUSALS, ids=lambda case: case["hex"][:40])
def test_mistakes_are_reported_where_they_are(case: Dict[str, Any]) -> None:
    with pytest.raises(JSONReadError) as caught:
        read(bytes.fromhex(case["hex"]))
    error = caught.value
    assert (error.message, error.offset, error.line, error.column) == (
        case["message"], case["offset"], case["line"], case["column"])
    assert str(error) == f"{case['line']}:{case['column']}: {case['message']}"


def test_long_keys_are_cut_in_messages() -> None:
    key = "k" * 50
    with pytest.raises(JSONReadError) as caught:
        read(f'{{"{key}": 1, "{key}": 2}}'.encode())
    assert caught.value.message == f"duplicate key '{'k' * 40}…' in an object"


@pytest.mark.parametrize("depth, ok", [(512, True), (513, False)])
def test_nesting_is_limited_to_512(depth: int, ok: bool) -> None:
    text = b"[" * depth + b"]" * depth
    if ok:
        read(text)
    else:
        with pytest.raises(JSONReadError, match="nesting depth exceeds the limit of 512 levels"):
            read(text)


@pytest.mark.parametrize("text", [b"[" * 1_000_000, b'{"a":' * 1_000_000, b"1" * 10_000_000, b'"' + b"a" * 10_000_000 + b'"'])
def test_huge_inputs_are_read_or_refused_at_once(text: bytes) -> None:
    def run(body: bytes) -> None:
        try:
            read(body)
        except JSONReadError:
            pass

    # NB: against an ASCII string of the same size; CPython's scanner reads a digit at a third of the
    # speed of a string's character (test_hostile.py), so a long number is some 10 times.
    found = ratio(run, text, b'"' + b"a" * (len(text) - 2) + b'"', rounds=3)
    assert found < 15, f"{found:.1f}x an ASCII string"


FAST_AND_STRICT = [
    b'{"a": [1, -0, 2.50, -1e-3, 12.99999999999999999, 1E+2, 1e400, 0.0e0], "b": {"c": null, "d": [true, false]}}',
    b'"\\u00e9\\n\\"\\\\ \xc3\xa9 \xf0\x9f\x98\x80"',
    b"\xef\xbb\xbf[]",
    b"  \t\r\n {} ",
    b'{"k": "\x7f"}',
    b"12345678901234567890123",
    b"1e999999999",
    # Duplicate keys wherever they are (nested, in a list, beside a colon in a string or an escaped
    # quote), white space around a colon, and the body's value alone.
    b'{"a": {"k": 1, "k": 2}, "b": 3}',
    b'[{"k": 1}, {"k": 1, "k": 1}]',
    b'{"a": "x:y", "a": 1}',
    b'{"a": "x:y", "b": {"c": 1}}',
    b'{"a": "\\":", "a": 1}',
    b'{"a": "\\":", "b": [1, {"c": "d"}]}',
    b'{"a" : 1, "a" : 2}',
    b'{"a" : {"b": 1}}',
    b'{"a": {}, "b": [{}, []], "c": {"d": {"e": null}}}',
    b'{"\\u003a": 1, "b": 2}',
    b'{"k":1,"k":1}',
    b'"a:b"',
    b'[":", ":"]',
] + [case["body"].encode("utf-8") for case in __import__("json").loads(
    (__import__("pathlib").Path(__file__).resolve().parents[2] / "fixtures" / "body_cases.json").read_text())
    if "body" in case]


@pytest.mark.parametrize("text", FAST_AND_STRICT)
def test_the_fast_path_reads_what_the_strict_reader_reads(text: bytes) -> None:
    from rulecheck_runtime._json import read_strictly

    try:
        strict: Any = read_strictly(text)
    except JSONReadError as error:
        with pytest.raises(JSONReadError) as caught:
            read(text)
        assert str(caught.value) == str(error)
        return
    fast = read(text)
    assert fast == strict
    assert repr(fast) == repr(strict)


# Numbers on either side of the fast path's short form (at most 40 characters, no exponent), with
# leading and trailing zeros, signs and fractions.
SHORT_AND_LONG_NUMBERS = ["0", "-0", "0.0", "-0.000", "7", "-7", "120", "1200.500", "0.000120", "-10.01",
                          "9" * 40, "-" + "9" * 39, "9" * 41, "1" + "0" * 39, "1" + "0" * 40, "0." + "0" * 37 + "1",
                          "0." + "0" * 38 + "1", "1" + "0" * 20 + "." + "0" * 18, "1" + "0" * 20 + "." + "0" * 19,
                          "-12.5e3", "1.0E-2"]


@pytest.mark.parametrize("number", SHORT_AND_LONG_NUMBERS)
def test_a_number_the_fast_path_reads_is_the_strict_readers_digit_for_digit(number: str) -> None:
    """Not only equal: the same digits, exponent and form, which str() and the checks read."""
    from rulecheck_runtime._json import read_strictly

    def parts(found: Any) -> Any:
        return [(n.negative, n.digits, n.exponent, n.plain_always, n.written_scale) for n in found]

    body = ("[" + number + "]").encode()
    assert parts(read(body)) == parts(read_strictly(body))


@pytest.mark.parametrize("text, limit", [(b"[123456]", 5), (b"[-1234567]", 5), (b"[12345]", 3), (b"[1234.5]", 2),
                                         (b"[1e5]", 4), (b"[0.00001]", 4), (b"[123456, 1]", 6)])
def test_an_exponent_limit_is_the_strict_readers_on_the_fast_path(text: bytes, limit: int) -> None:
    from rulecheck_runtime._json import read_strictly

    try:
        strict: Any = read_strictly(text, max_exponent=limit)
    except JSONReadError as error:
        with pytest.raises(JSONReadError) as caught:
            read(text, max_exponent=limit)
        assert str(caught.value) == str(error)
        return
    assert repr(read(text, max_exponent=limit)) == repr(strict)


def test_numbers_read_before_are_the_same_numbers_again() -> None:
    """Short numbers are kept by their text; what is read is never another number's."""
    first = read(b'[3, 3, 129.5, -3, 30, 3.0, 0, -0]')
    again = read(b'[3, 129.5, -3, 30, 3.0, 0, -0]')
    assert [repr(n) for n in first] == [repr(n) for n in [first[0]] + again]
    assert [str(n) for n in again] == ["3", "129.5", "-3", "30", "3", "0", "0"]
    for index in range(5000):  # past what is kept
        assert str(read(str(index).encode())) == str(index)
    assert str(read(b"3")) == "3" and str(read(b"-0.50")) == "-0.5"


def test_random_bodies_give_a_value_or_a_read_error_and_both_paths_agree() -> None:
    """Seeded random bodies from JSON's own pieces: never any other exception, never two answers."""
    import random

    from rulecheck_runtime._json import read_strictly

    pieces = [b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"u", b"d800", b"dc00", b"00e9", b"0", b"1", b"-",
              b".", b"e", b"E", b"+", b" ", b"\n", b"\r", b"\t", b"true", b"false", b"null", b"NaN", b'"a"', b'"k":',
              b"\xff", b"\xc3\xa9", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\x00", b"\x1f", b"9" * 30, b"e999999999",
              b'{"k":1}', b'":', b'\\":']
    generator = random.Random(25)
    for _ in range(5000):
        body = b"".join(generator.choice(pieces) for _ in range(generator.randint(0, 12)))
        try:
            strict: Any = read_strictly(body)
        except JSONReadError as error:
            with pytest.raises(JSONReadError) as caught:
                read(body)
            assert str(caught.value) == str(error), body
            continue
        assert repr(read(body)) == repr(strict), body
