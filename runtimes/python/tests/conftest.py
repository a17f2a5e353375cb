"""Shared fixtures: the rules the Swift library's fixtures were recorded on."""

from __future__ import annotations

import pytest

from fixture_paths import FIXTURES
from rulecheck_runtime import Rules


@pytest.fixture(scope="session")
def seed() -> Rules:
    return Rules.load(FIXTURES / "seed.schema.json")


@pytest.fixture(scope="session")
def features() -> Rules:
    return Rules.load(FIXTURES / "features.schema.json")
