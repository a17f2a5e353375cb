"""The strict JSON reader: what it reads, and each mistake with the Swift reader's words, line and
column (the fixtures pin more of them byte for byte in test_fixtures.py)."""

from __future__ import annotations

import time
from decimal import Decimal
from typing import Any

import pytest

from rulecheck import JSONReadError
from rulecheck._json import read
from rulecheck._text import Number


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


@pytest.mark.parametrize("text, message, line, column", [
    (b'{"a": 1, "a": 2}', "duplicate key 'a' in an object", 1, 10),
    (b'{"a": 1,}', "expected a key after ','; found '}'; JSON has no trailing commas", 1, 9),
    (b"[1,]", "expected a value after ','; found ']'; JSON has no trailing commas", 1, 4),
    (b"[1 2]", "expected ',' or ']' after an item of a list; found '2'", 1, 4),
    (b'{"a" 1}', "expected ':' after the key 'a'; found '1'", 1, 6),
    (b'{"a": 1 "b": 2}', "expected ',' or '}' after a member of an object; found '\"'", 1, 9),
    (b"{1: 2}", "expected a key or '}'; found '1'", 1, 2),
    (b'{"a": }', "expected the value of 'a'; found '}'", 1, 7),
    (b"[", "expected a value or ']'; found the end of the input", 1, 2),
    (b"NaN", "expected a value; found 'NaN'", 1, 1),
    (b"Infinity", "expected a value; found 'Infinity'", 1, 1),
    (b"True", "expected a value; found 'True'", 1, 1),
    (b"1 2", "expected the end of the input after the value; found '2'", 1, 3),
    (b"01", "expected '.', 'e' or the end of the number after a leading '0'; found '1'; JSON has no leading zeros", 1, 2),
    (b"1.", "expected a digit after '.'; found the end of the input", 1, 3),
    (b"1e+", "expected a digit in the exponent; found the end of the input", 1, 4),
    (b"-x", "expected a digit after '-'; found 'x'", 1, 2),
    (b"1e1000000000", "the number's exponent exceeds the limit of 999999999 in magnitude", 1, 3),
    (b"10e999999999", "the number's exponent exceeds the limit of 999999999 in magnitude", 1, 4),
    (b'"a\tb"', "control character U+0009 in a string; write it as '\\u0009'", 1, 3),
    (b'"abc', "expected '\"' to end the string; found the end of the input", 1, 5),
    (b'"\\x"', "invalid escape '\\x' in a string; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", 1, 2),
    (b'"\\u12"', "expected 4 hexadecimal digits after '\\u'; found '\"'", 1, 6),
    (b'"\\udc00"', "lone low surrogate '\\uDC00' in a string; it must follow a high surrogate \\uD800–\\uDBFF", 1, 2),
    (b'"\\ud800x"', "lone high surrogate '\\uD800' in a string; it must be followed by a low surrogate \\uDC00–\\uDFFF",
     1, 2),
    (b'"\\ud800\\u0041"', "high surrogate '\\uD800' followed by '\\u0041' in a string; it must be followed by a low "
     "surrogate \\uDC00–\\uDFFF", 1, 2),
    (b'"\xff"', "invalid UTF-8 byte 0xFF", 1, 2),
    (b'"\xed\xa0\x80"', "invalid UTF-8 bytes 0xED 0xA0", 1, 2),
    (b'"\xc3"', "invalid UTF-8 bytes 0xC3 0x22", 1, 2),
    (b'"\xe2\x82', "invalid UTF-8 bytes 0xE2 0x82 cut off by the end of the input", 1, 2),
    (b"\xff", "expected a value; found invalid UTF-8 byte 0xFF", 1, 1),
    (b'"\xc3\xa9" \xff', "expected the end of the input after the value; found invalid UTF-8 byte 0xFF", 1, 5),
    (b"\xef\xbb\xbf\xef\xbb\xbf1", "expected a value; found U+FEFF", 1, 2),
    (b'\n\r\n\r  [1,\n 2,]', "expected a value after ','; found ']'; JSON has no trailing commas", 5, 4),
    (b'["\xc3\xa9\xc3\xa9", x]', "expected a value after ','; found 'x'", 1, 8),
    (b"\xc3\xa9", "expected a value; found 'é' (U+00E9)", 1, 1),
    (b"", "expected a value; found the end of the input", 1, 1),
    (b"   ", "expected a value; found the end of the input", 1, 4),
])
def test_mistakes_are_reported_where_they_are(text: bytes, message: str, line: int, column: int) -> None:
    with pytest.raises(JSONReadError) as caught:
        read(text)
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, line, column)
    assert str(caught.value) == f"{line}:{column}: {message}"


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
    start = time.monotonic()
    try:
        read(text)
    except JSONReadError:
        pass
    assert time.monotonic() - start < 5


FAST_AND_STRICT = [
    b'{"a": [1, -0, 2.50, -1e-3, 12.99999999999999999, 1E+2, 1e400, 0.0e0], "b": {"c": null, "d": [true, false]}}',
    b'"\\u00e9\\n\\"\\\\ \xc3\xa9 \xf0\x9f\x98\x80"',
    b"\xef\xbb\xbf[]",
    b"  \t\r\n {} ",
    b'{"k": "\x7f"}',
    b"12345678901234567890123",
    b"1e999999999",
] + [case["body"].encode("utf-8") for case in __import__("json").loads(
    (__import__("pathlib").Path(__file__).resolve().parents[2] / "fixtures" / "body_cases.json").read_text())
    if "body" in case]


@pytest.mark.parametrize("text", FAST_AND_STRICT)
def test_the_fast_path_reads_what_the_strict_reader_reads(text: bytes) -> None:
    from rulecheck._json import read_strictly

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


def test_random_bodies_give_a_value_or_a_read_error_and_both_paths_agree() -> None:
    """Seeded random bodies from JSON's own pieces: never any other exception, never two answers."""
    import random

    from rulecheck._json import read_strictly

    pieces = [b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"u", b"d800", b"dc00", b"00e9", b"0", b"1", b"-",
              b".", b"e", b"E", b"+", b" ", b"\n", b"\r", b"\t", b"true", b"false", b"null", b"NaN", b'"a"', b'"k":',
              b"\xff", b"\xc3\xa9", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\x00", b"\x1f", b"9" * 30, b"e999999999"]
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
