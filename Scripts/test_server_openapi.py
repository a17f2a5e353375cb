"""schemathesis against a Swift example server (Examples/TaskServer, Examples/VaporServer), driven by
the server's own OpenAPI document (`GET /openapi.json`: the export of the rules it runs, with its
operations): every check passes, the coverage phase's wrong methods (405 with `Allow`) among them,
within a bounded number of examples per operation. Positive data that the rules refuse is allowed
only where the export marks the body's schema an over-approximation of them (`x-rulecheck-approximate`),
as in the FastAPI example's test (Examples/FastAPIServer/tests/test_schemathesis.py).

    RULECHECK_SERVER=.build-servers/debug/TaskServer python3 -m pytest -q Scripts/test_server_openapi.py

RULECHECK_SERVER is the built server; it is started on a free port of 127.0.0.1 on the repository's
rules, and stopped when the tests end. SCHEMATHESIS_MAX_EXAMPLES bounds the examples per operation.
"""

from __future__ import annotations

import atexit
import os
import pathlib
import socket
import subprocess
import time
import urllib.request
from typing import Any, Dict

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
SERVER = os.environ.get("RULECHECK_SERVER")
if not SERVER:
    pytest.skip("RULECHECK_SERVER names no built example server", allow_module_level=True)
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "40"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(server: str) -> str:
    """The server's base URL, once its OpenAPI document answers; the process ends with the tests."""
    port = free_port()
    process = subprocess.Popen([server, "--rules", str(ROOT / "rules"), "--host", "127.0.0.1", "--port", str(port)])
    atexit.register(process.terminate)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{server} exited with {process.returncode} before it served")
        try:
            with urllib.request.urlopen(base + "/openapi.json", timeout=2) as response:
                if response.status == 200:
                    return base
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)


BASE = start(SERVER)
SCHEMA = schemathesis.openapi.from_url(BASE + "/openapi.json")
SCHEMA.config.update(base_url=BASE)
DOCUMENT: Dict[str, Any] = SCHEMA.raw_schema
# Valid data and invalid data alike, with a fixed seed: the same run each time.
SCHEMA.config.generation.update(modes=[schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE],
                                deterministic=True)


def test_the_document_is_the_servers_operations() -> None:
    # NB: a document without operations would make the test below run no case at all.
    assert set(DOCUMENT["paths"]) == {"/signup", "/tasks"}


def approximate(case: Any) -> bool:
    """Whether the operation's body model is an over-approximation in the export: its schema
    accepts some values its rules refuse (a grapheme count, a date relative to today…)."""
    body = case.operation.definition.raw.get("requestBody", {})
    reference = body.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref", "")
    name = reference.rsplit("/", 1)[-1]
    definition = DOCUMENT["components"]["schemas"].get(name, {})
    return bool(definition.get("x-rulecheck-approximate"))


@SCHEMA.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_server_meets_its_own_openapi_document(case: Any) -> None:
    from schemathesis.specs.openapi.checks import positive_data_acceptance

    excluded = [positive_data_acceptance] if approximate(case) else []
    case.call_and_validate(excluded_checks=excluded)
