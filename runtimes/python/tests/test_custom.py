"""Custom checks (format 1.3): implementations passed when the rules load, run as the engine runs
them; rules using one without an implementation do not load, and the error names it."""

from __future__ import annotations

import subprocess
import sys
from typing import Any, List

import pytest

from fixture_paths import FIXTURES, SOURCE, ROOT
from luhn import luhn
from rulecheck_runtime import Rules, RulesError

SCHEMA = FIXTURES / "cards.schema.json"


@pytest.mark.parametrize("type_name, given, expected", [
    ("CardNumber", "4539578763621486", "4539578763621486"),
    ("CardNumber", " 4111111111111111 ", "4111111111111111"),
    ("CardNumber", "4539578763621487", ["invalidChecksum", "Check the card number."]),
    ("CardNumber", "18", ["tooShort"]),
    ("GiftCard", "79927398713", "79927398713"),
    ("GiftCard", "79927398710", ["giftCardChecksum", "Check the gift card number."]),
])
def test_an_implementation_passed_when_loading_gives_the_verdict(type_name: str, given: str, expected: Any) -> None:
    rules = Rules.load(SCHEMA, custom={"luhn": luhn})
    result = rules.validate(type_name, given)
    if isinstance(expected, str):
        assert result.valid and result.value == expected
    else:
        assert not result.valid
        assert [violation.code for violation in result.violations] == [expected[0]]
        if len(expected) > 1:
            assert result.violations[0].message() == expected[1]


def test_the_implementation_sees_the_normalized_value() -> None:
    seen: List[Any] = []

    def record(value: Any) -> bool:
        seen.append(value)
        return True

    assert Rules.load(SCHEMA, custom={"luhn": record}).validate("CardNumber", " 4111111111111111 ").valid
    assert seen == ["4111111111111111"]


@pytest.mark.parametrize("custom", [None, {}, {"luhm": luhn}])
def test_rules_using_a_custom_check_without_an_implementation_do_not_load(custom: Any) -> None:
    with pytest.raises(RulesError, match=r"custom check 'luhn'.*custom=\{\"luhn\""):
        Rules.load(SCHEMA, custom=custom)
    with pytest.raises(RulesError, match="custom check 'luhn'"):
        Rules.loads(SCHEMA.read_bytes(), custom=custom)


def test_an_implementation_that_is_not_callable_is_refused() -> None:
    with pytest.raises(TypeError):
        Rules.load(SCHEMA, custom={"luhn": True})  # type: ignore[dict-item]


def test_the_conformance_program_takes_the_implementations() -> None:
    request = b'{"type": "CardNumber", "input": "4539578763621487"}\n'
    command = [sys.executable, "-m", "rulecheck_runtime.conformance"]
    environment = {"PYTHONPATH": str(SOURCE)}
    answered = subprocess.run(command + ["--custom", str(ROOT / "runtimes/python/tests/luhn.py"), str(SCHEMA)],
                              input=request, capture_output=True, env=environment, check=False)
    assert answered.returncode == 0, answered.stderr
    assert b"invalidChecksum" in answered.stdout
    refused = subprocess.run(command + [str(SCHEMA)], input=request, capture_output=True, env=environment, check=False)
    assert refused.returncode == 2 and b"custom check 'luhn'" in refused.stderr
