"""Where the repository, its shared fixtures and its conformance corpora are, and the package's source on the path."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "runtimes" / "fixtures"
CONFORMANCE = ROOT / "conformance"
SOURCE = ROOT / "runtimes" / "python" / "src"
if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))
