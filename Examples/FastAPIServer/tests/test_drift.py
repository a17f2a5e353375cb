"""The drift check against the real server under uvicorn on 127.0.0.1: the example passes every
case of its models, and a handler that lets titleTooLong through fails at those cases.

Needs the rulecheck command: $RULECHECK (CI sets it), else `rulecheck` on the PATH."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess

import pytest

import drift_check

COMMAND = os.environ.get("RULECHECK") or shutil.which("rulecheck")
pytestmark = pytest.mark.skipif(COMMAND is None, reason="set RULECHECK to the rulecheck command")


def test_the_server_passes_the_drift_check() -> None:
    assert COMMAND is not None
    run = drift_check.run(shlex.split(COMMAND), ["specs/signup.yaml", "specs/task.yaml"])
    assert run.returncode == 0, run.stdout + run.stderr
    summary = run.stdout.strip().splitlines()[-1]
    assert summary.startswith("14 passed, 0 failed"), summary


def test_a_handler_that_drops_a_violation_fails_the_drift_check() -> None:
    assert COMMAND is not None
    run = drift_check.run(shlex.split(COMMAND), ["specs/signup.yaml", "specs/task.yaml"], drop="titleTooLong")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "specs/task.yaml:76:7: ToDoTask" in run.stdout
    assert "expected errors {title: [titleTooLong]}, got endpoint answered 201 (valid)" in run.stdout
    assert run.stdout.strip().splitlines()[-1].startswith("13 passed, 1 failed")


def test_every_spec_case_passes_through_the_conformance_route() -> None:
    assert COMMAND is not None
    run = drift_check.run(shlex.split(COMMAND), ["specs/"], conformance=True)
    assert run.returncode == 0, run.stdout + run.stderr
    # NB: every case the engine runs itself, however many specs/ holds.
    local = subprocess.run([*shlex.split(COMMAND), "specs/"], capture_output=True, text=True, check=True)
    expected = local.stdout.strip().splitlines()[-1]
    assert expected.endswith(" passed, 0 failed") and not expected.startswith("0 ")
    assert run.stdout.strip().splitlines()[-1] == expected
