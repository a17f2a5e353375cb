"""Bad input is answered, never crashed on: every model of the seed and feature rules, given random
JSON of every kind in every field, answers 200, 400 or 422 with problem details that are JSON."""

from __future__ import annotations

import json
import random
from typing import Any, Callable, List, Tuple

import pytest

from rulecheck_runtime import Rules
from timing import ratio

LEAVES: Any = ["", " ", "a", "1990", "2026-02-30", "true", "\u3000", "x" * 70, "é" * 5, 0, -1, 1990, 2.5, 1e300,
               True, False, None, [], {}]


def random_value(generator: random.Random, depth: int = 0) -> Any:
    kind = generator.random()
    if depth < 3 and kind < 0.15:
        return [random_value(generator, depth + 1) for _ in range(generator.randint(0, 4))]
    if depth < 3 and kind < 0.25:
        return {generator.choice(["a", "title", "zip"]): random_value(generator, depth + 1)}
    return generator.choice(LEAVES)


@pytest.mark.parametrize("rules_name", ["seed", "features"])
def test_every_model_answers_random_bodies(rules_name: str, request: pytest.FixtureRequest) -> None:
    rules: Rules = request.getfixturevalue(rules_name)
    generator = random.Random(7)
    fields = sorted({field["name"] for name in rules.names for field in
                     rules._definitions[name].get("x-rulecheck-fields", [])})
    for name in rules.names:
        for _ in range(60):
            body = {field: random_value(generator) for field in fields if generator.random() < 0.6}
            data = json.dumps(body).encode() if generator.random() < 0.9 else json.dumps(body).encode()[:-1]
            verdict = rules.verdict(name, data, accept_language=generator.choice(["ja", "en", "*", "fr;q=0", None]),
                                    today="2026-11-22")
            assert verdict.status in (200, 400, 422)
            if verdict.problem is not None:
                problem = json.loads(verdict.problem.json())
                assert problem["status"] == verdict.status
                assert all(v["pointer"].startswith("/") or v["pointer"] == "" for v in problem["violations"])
            result = rules.validate(name, body, today="2026-11-22")
            assert result.valid == (not result.violations)


def test_a_sensitive_value_never_leaks_into_problem_details(seed: Rules) -> None:
    secret = "zz-secret-zz"
    bodies = [{"email": "a@example.com", "password": secret, "passwordConfirmation": secret + "1", "plan": "free"},
              {"email": "a@example.com", "password": 12345, "passwordConfirmation": [secret], "plan": "free"},
              {"email": "a@example.com", "password": secret * 10, "passwordConfirmation": secret * 10, "plan": "x"}]
    for body in bodies:
        for language in ("en", "ja"):
            verdict = seed.verdict("SignUp", json.dumps(body).encode(), accept_language=language)
            assert verdict.problem is not None
            assert secret not in verdict.problem.json()
            assert "12345" not in verdict.problem.json()


MEGABYTES: List[Tuple[str, Callable[[int], str], int, List[str]]] = [
    ("TaskTitle", lambda n: "漢" * n, 3_000_000, ["titleTooLong"]),
    ("NewPassword", lambda n: "a1" * n, 5_000_000, ["tooLong"]),
    ("Website", lambda n: "http://" + "a/" * n + "%", 500_000, ["invalidURL"]),
    ("EmailAddress", lambda n: "a" * (10 * n) + "@" + "b." * n + "-", 100_000, ["invalidEmail"]),
]


@pytest.mark.parametrize("name, make, size, codes", MEGABYTES, ids=[case[0] for case in MEGABYTES])
def test_megabytes_of_text_are_answered_quickly(seed: Rules, name: str, make: Callable[[int], str], size: int,
                                                codes: Any) -> None:
    value = make(size)
    result = seed.validate(name, value)
    assert [v.code for v in result.violations] == codes
    # NB: against the same shape a quarter of the size, in the same run: linear is 4 times, quadratic 16.
    found = ratio(lambda text: seed.validate(name, text), value, make(size // 4), rounds=3)
    assert found < 8, f"{found:.1f}x a quarter of the value"
    assert all(len(v.value or "") <= 65 for v in result.violations)
