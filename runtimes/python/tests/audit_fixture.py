"""The DataFrame tests' fixture: tests/audit/records.csv (valid rows, invalid rows, bad values and
a line of invalid UTF-8) and the model Record of tests/audit/rules, with what `rulecheck audit
--format json` counts on it, run by the built binary."""

from __future__ import annotations

import csv
import io
import json
import os
import pathlib
import shutil
import subprocess
from typing import Any, Dict, List, Optional, Tuple

import pytest

from fixture_paths import ROOT

AUDIT = pathlib.Path(__file__).resolve().parent / "audit"
RECORDS = AUDIT / "records.csv"
RULES = AUDIT / "rules"
# The summary's keys that `rulecheck audit --format json` has too, with the same meaning.
COUNTS = ("subject", "records", "valid", "invalid", "unreadable", "codes", "paths", "pathCodes", "unreadableReasons")


# CI sets RULECHECK_DATAFRAMES=required: there a missing module or binary fails instead of skipping.
REQUIRED = os.environ.get("RULECHECK_DATAFRAMES") == "required"


def need(module: str, extra: str) -> Any:
    """`module` imported, else the test module skipped (failed where REQUIRED)."""
    if REQUIRED:
        return __import__(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (pip install rulecheck[{extra}])")


def need_command() -> str:
    """The rulecheck command, else the test skipped (failed where REQUIRED)."""
    command = rulecheck_command()
    if command is None:
        message = "no rulecheck binary to compare with: build it or set RULECHECK"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    return command


def rulecheck_command() -> Optional[str]:
    """RULECHECK, else a built binary of this checkout, else `rulecheck` on the PATH."""
    for candidate in (os.environ.get("RULECHECK"), str(ROOT / ".build" / "debug" / "rulecheck"),
                      str(ROOT / ".build" / "release" / "rulecheck"), shutil.which("rulecheck")):
        if candidate and (os.access(candidate, os.X_OK) or shutil.which(candidate.split()[0])):
            return candidate
    return None


def export(command: str, folder: pathlib.Path) -> pathlib.Path:
    """The rules of tests/audit/rules exported to `folder`."""
    path = folder / "record.schema.json"
    subprocess.run(command.split() + ["export", "jsonschema", str(RULES), "--output", str(path)],
                   check=True, stderr=subprocess.DEVNULL)
    return path


def audit(command: str, path: pathlib.Path, model: str) -> Dict[str, Any]:
    """`rulecheck audit PATH --format json`'s counts (exit 0 or 1)."""
    run = subprocess.run(command.split() + ["audit", str(path), "--rules", str(RULES), "--model", model,
                                            "--format", "json"], capture_output=True)
    assert run.returncode in (0, 1), run.stderr.decode()
    report: Dict[str, Any] = json.loads(run.stdout)
    return {key: report[key] for key in COUNTS}


def csv_cells(path: pathlib.Path) -> Tuple[List[str], List[List[str]]]:
    """A CSV file's header and rows as text, each cell as written, bytes that are not UTF-8 kept
    as lone surrogates (surrogateescape); blank lines skipped, as `rulecheck audit` skips them."""
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    rows = [row for row in csv.reader(io.StringIO(text, newline="")) if row]
    return rows[0], rows[1:]
