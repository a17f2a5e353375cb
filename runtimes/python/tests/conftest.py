"""Shared fixtures: the repository's root, and the rules the Swift library's fixtures were recorded on."""

from __future__ import annotations

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "runtimes" / "fixtures"
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))

from rulecheck import Rules  # noqa: E402


@pytest.fixture(scope="session")
def seed() -> Rules:
    return Rules.load(FIXTURES / "seed.schema.json")


@pytest.fixture(scope="session")
def features() -> Rules:
    return Rules.load(FIXTURES / "features.schema.json")
