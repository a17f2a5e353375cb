"""The fuzz targets' findings and hostile shapes (Fuzz/runtimes/, docs/reliability.md), kept as
regression cases: each runtimes/fixtures/fuzz/TARGET/NAME.input with the engine's verdict in
NAME.verdict.json. Both runtimes' cases run here: a reader's answer is the same in every runtime."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import pytest

from fixture_paths import FIXTURES
from rulecheck_runtime import JSONReadError, Rules
from rulecheck_runtime import _json

FOLDER = FIXTURES / "fuzz"
CASES = sorted((path.parent.name, path) for path in FOLDER.glob("*/*.input"))


def names() -> List[Tuple[str, str]]:
    """The types and models in the order of a validator input's first byte (Fuzz/runtimes/oracle.py)."""
    found = []
    for rule_set in ("seed", "features"):
        document = json.loads((FIXTURES / f"{rule_set}.schema.json").read_text())
        found += [(rule_set, name) for name in sorted(document.get("$defs") or document["definitions"])]
    return found


def test_there_are_regression_cases() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize("target, path", CASES, ids=[f"{target}/{path.name}" for target, path in CASES])
def test_a_regression_input_is_answered_as_the_engine_answers_it(seed: Rules, features: Rules, target: str,
                                                                  path: Any) -> None:
    data = path.read_bytes()
    verdict = json.loads(path.with_name(path.name[: -len(".input")] + ".verdict.json").read_text())
    if target.endswith("JSONReader"):
        answer: Dict[str, Any]
        try:
            fast = _json.read(data)
            answer = {"read": True}
        except JSONReadError as error:
            answer = {"error": error.message, "column": error.column}
        try:
            strict = _json.read_strictly(data)
            assert "read" in answer and repr(strict) == repr(fast)
        except JSONReadError as error:
            assert answer == {"error": error.message, "column": error.column}
        assert answer == verdict
        return
    rule_set, name = names()[data[0] % len(names())]
    rules = seed if rule_set == "seed" else features
    result = rules.validate_json(name, data[1:], today="2026-11-28", language="ja")
    if result.valid:
        assert {"valid": True, "value": result.json_value()} == verdict
    else:
        found = sorted(json.dumps({"code": v.code, "path": v.path, "message": v.message("ja")}, ensure_ascii=False)
                       for v in result.violations)
        assert found == sorted(json.dumps(v, ensure_ascii=False) for v in verdict["violations"])
