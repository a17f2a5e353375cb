"""Bodies past RuleCheck.offload_threshold_bytes (64 KB) are validated in a worker process: while two
clients post 290 KB bodies, another route's latency stays near its idle latency, where validating
them on the event loop multiplies it. Measured as ratios within one run, never as a timed limit."""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from typing import Any, List, Tuple

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

import httpx  # noqa: E402
from fastapi import Depends, FastAPI  # noqa: E402

from rulecheck_runtime import Rules  # noqa: E402
from rulecheck_runtime.fastapi import DEFAULT_OFFLOAD_THRESHOLD_BYTES, RuleCheck  # noqa: E402

# About 290 KB that the reader must read whole (an undeclared field is skipped, not left unread):
# tens of milliseconds of validation.
LARGE = json.dumps({"title": "a", "note": "", "extra": list(range(40_000))}).encode("utf-8")
PROBES = 25
INTERVAL = 0.02


def make_app(rules: Rules, threshold: int) -> FastAPI:
    check = RuleCheck(rules, max_body_bytes=4 << 20, offload_threshold_bytes=threshold)
    app = FastAPI()
    check.install(app)

    @app.get("/health")
    async def health() -> Any:
        return {"ok": True}

    @app.post("/tasks", status_code=201)
    async def add(value: Any = Depends(check.body("ToDoTask"))) -> Any:
        return {"ok": True}

    return app


async def latencies(app: FastAPI, loaded: bool, probes: int = PROBES) -> Tuple[List[float], int]:
    """The latency of each /health probe, with two clients posting LARGE meanwhile when `loaded`,
    and how many large bodies were validated during the probes."""
    transport = httpx.ASGITransport(app=app)
    done = asyncio.Event()
    posted = 0

    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        async def post_large() -> None:
            nonlocal posted
            while not done.is_set():
                response = await client.post("/tasks", content=LARGE, headers={"Content-Type": "application/json"})
                assert response.status_code == 201, response.text
                posted += 1
                # NB: in-process (ASGITransport) nothing else yields: a network client would wait here.
                await asyncio.sleep(0)

        posters = [asyncio.ensure_future(post_large()) for _ in range(2 if loaded else 0)]
        await asyncio.sleep(0.05)
        found = []
        start = time.perf_counter()
        for probe in range(probes):
            # NB: a probe is due at a fixed time, as a client's request arrives whatever the server
            # is doing; its latency counts from then, so a blocked event loop shows in it.
            due = start + probe * INTERVAL
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            response = await client.get("/health")
            found.append(time.perf_counter() - due)
            assert response.status_code == 200
        done.set()
        await asyncio.gather(*posters)
    return found, posted


def timed(call: Any) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def test_another_routes_latency_stays_flat_while_large_bodies_are_validated(seed: Rules) -> None:
    assert len(LARGE) > DEFAULT_OFFLOAD_THRESHOLD_BYTES
    off_loop = make_app(seed, DEFAULT_OFFLOAD_THRESHOLD_BYTES)
    on_loop = make_app(seed, len(LARGE) * 2)

    validation = statistics.median(timed(lambda: seed.verdict("ToDoTask", LARGE, max_body_bytes=None))
                                   for _ in range(3))
    idle, _ = asyncio.run(latencies(off_loop, loaded=False))
    threaded, posted_threaded = asyncio.run(latencies(off_loop, loaded=True))
    inline, posted_inline = asyncio.run(latencies(on_loop, loaded=True, probes=7))
    idle_median, threaded_median, inline_median = (statistics.median(x) for x in (idle, threaded, inline))
    print(f"one body: {validation * 1e3:.1f} ms; /health median: idle {idle_median * 1e3:.2f} ms, off the loop {threaded_median * 1e3:.2f} ms "
          f"({posted_threaded} bodies), on the loop {inline_median * 1e3:.2f} ms ({posted_inline} bodies)")
    assert posted_threaded >= 2 and posted_inline >= 2, "the large bodies were validated during the probes"
    # NB: on the loop a probe waits for whole validations; off it, for nothing the body does. Both compared with one body's validation time
    # measured in this run, so that a busy machine slows both sides alike.
    assert inline_median > validation
    assert threaded_median < validation / 3
