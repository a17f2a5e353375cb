"""The modules `rulecheck generate python` writes for the seed and the feature rules (the golden
files of PythonGeneratorTests in tests/generated/), imported under names of their own."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from fixture_paths import ROOT

GENERATED = ROOT / "runtimes" / "python" / "tests" / "generated"


def load(rules: str) -> ModuleType:
    """`tests/generated/<rules>/rule_models.py` as the module `<rules>_rule_models`."""
    name = f"{rules}_rule_models"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, GENERATED / rules / "rule_models.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # NB: before running it, so that its string annotations resolve.
    spec.loader.exec_module(module)
    return module
