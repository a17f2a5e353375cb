"""A Luhn check digit implementation of the custom check `luhn` (Examples/CustomChecks), for the tests
and for `python3 -m rulecheck_runtime.conformance --custom tests/luhn.py`."""

from __future__ import annotations

from typing import Any, Callable, Dict


def luhn(value: Any) -> bool:
    """Whether `value`, ASCII digits, ends in a valid Luhn check digit."""
    if not isinstance(value, str) or not value or not all("0" <= c <= "9" for c in value):
        return False
    total = 0
    for offset, character in enumerate(reversed(value)):
        digit = ord(character) - 0x30
        if offset % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


custom: Dict[str, Callable[[Any], bool]] = {"luhn": luhn}
