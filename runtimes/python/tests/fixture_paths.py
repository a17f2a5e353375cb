"""Where the repository, its shared fixtures and its conformance corpora are, and the package's source on the path.

RULECHECK_PYTHON_SOURCE names another folder holding the package to test, such as the mypyc build
of Scripts/build-python-mypyc.sh; by default, the repository's runtimes/python/src."""

from __future__ import annotations

import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "runtimes" / "fixtures"
CONFORMANCE = ROOT / "conformance"
SOURCE = pathlib.Path(os.environ.get("RULECHECK_PYTHON_SOURCE") or ROOT / "runtimes" / "python" / "src").resolve()
if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))
