"""schemathesis against the example, driven by the example's own /openapi.json (FastAPI's, with
the rules' request bodies and problem responses that RuleCheck.install adds): every check passes,
within a bounded number of examples per operation. Positive data that the rules refuse is allowed
only where the export marks the schema an over-approximation of them (`x-rulecheck-approximate`)."""

from __future__ import annotations

import os
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402

import app as example  # noqa: E402

APP = example.create_app(example.Rules.load(example.DEFAULT_RULES))
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "40"))
# Valid data and invalid data alike, with a fixed seed: the same run each time.
SCHEMA.config.generation.update(modes=[schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE],
                                deterministic=True)


def approximate(case: Any) -> bool:
    """Whether the operation's body model is an over-approximation in the export: its schema
    accepts some values its rules refuse (a grapheme count, a date relative to today…)."""
    body = case.operation.definition.raw.get("requestBody", {})
    reference = body.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref", "")
    name = reference.rsplit("/", 1)[-1]
    definition = APP.openapi()["components"]["schemas"].get(name, {})
    return bool(definition.get("x-rulecheck-approximate"))


@SCHEMA.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_example_meets_its_own_openapi_document(case: Any) -> None:
    from schemathesis.specs.openapi.checks import positive_data_acceptance

    excluded = [positive_data_acceptance] if approximate(case) else []
    case.call_and_validate(excluded_checks=excluded)
