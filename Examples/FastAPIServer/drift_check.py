#!/usr/bin/env python3
"""The drift check against the example server, for real: uvicorn on 127.0.0.1 (a free port), then
`rulecheck specs/ --endpoint SignUp=POST:…/signup --endpoint ToDoTask=POST:…/tasks` against it.

Usage: drift_check.py [--rulecheck COMMAND] [--drop CODE] [--conformance] [SPEC…]

COMMAND runs rulecheck (default: $RULECHECK, else `rulecheck`); --drop CODE starts the
deliberately wrong server, whose task route lets that violation through; --conformance checks
every spec case through the server's /conformance route instead of its endpoints. Exits with
rulecheck's exit code (0 when every case passes, 1 when some case fails), 2 when the server did
not start.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shlex
import socket
import subprocess
import sys
import time
from typing import List, Optional, Sequence

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, server: "subprocess.Popen[bytes]", seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def run(rulecheck: Sequence[str], specs: Sequence[str], drop: Optional[str] = None,
        conformance: bool = False) -> "subprocess.CompletedProcess[str]":
    """Starts the server, runs the drift check, stops the server; rulecheck's completed process."""
    port = free_port()
    environment = dict(os.environ, DRIFT_CHECK="1", PYTHONPATH=os.pathsep.join(
        [str(HERE), str(ROOT / "runtimes" / "python" / "src"), os.environ.get("PYTHONPATH", "")]))
    environment.pop("DROP_CODE", None)
    if drop:
        environment["DROP_CODE"] = drop
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "app:app", "--host", "127.0.0.1", "--port", str(port), "--log-level",
         "warning"], cwd=HERE, env=environment)
    try:
        if not wait_for(port, server):
            return subprocess.CompletedProcess([], 2, "", f"the server did not start on 127.0.0.1:{port}\n")
        base = f"http://127.0.0.1:{port}"
        if conformance:
            command = [*rulecheck, *specs, "--implementation", f"{base}/conformance"]
        else:
            command = [*rulecheck, *specs, "--endpoint", f"SignUp=POST:{base}/signup",
                       "--endpoint", f"ToDoTask=POST:{base}/tasks"]
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main(arguments: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rulecheck", default=os.environ.get("RULECHECK", "rulecheck"))
    parser.add_argument("--drop", default=None)
    parser.add_argument("--conformance", action="store_true")
    parser.add_argument("specs", nargs="*", default=["specs/"])
    options = parser.parse_args(arguments)
    completed = run(shlex.split(options.rulecheck), options.specs, options.drop, options.conformance)
    sys.stdout.write(completed.stdout)
    sys.stderr.write(completed.stderr)
    return completed.returncode


if __name__ == "__main__":
    sys.exit(main())
