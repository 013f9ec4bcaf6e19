"""Helpers of the web tests: a test client on a fresh app, waiting for a seat's decision.

A test waits for the server or a game by polling for a condition with a generous timeout
(`poll`, `WAIT`), never by sleeping a fixed time, so that it holds on a loaded machine."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install '.[test]'")

from fastapi.testclient import TestClient  # noqa: E402

from magie.cli.web.app import create_app  # noqa: E402

T = TypeVar("T")

WAIT = 90.0
"""Seconds a web test waits for the server or a game before it fails."""


def poll(read: Callable[[], T], what: str, timeout: float = WAIT, interval: float = 0.02) -> T:
    """The first truthy value of `read()`, called every `interval` seconds; an AssertionError
    naming `what` after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = read()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(interval)


def client(data=None, **kw: Any) -> TestClient:
    return TestClient(create_app(data, bot_delay=0, **kw))


def new_game(c: TestClient, seats: list[dict], *, edition: str = "classic", seed: int = 1, **kw: Any) -> dict:
    r = c.post("/api/games", json={"edition": edition, "seed": seed, "seats": seats, **kw})
    assert r.status_code == 201, r.text
    return r.json()


def wait_decision(c: TestClient, game: str, token: str, timeout: float = WAIT) -> dict:
    """The decision the seat of `token` waits on, once there is one."""
    def decision() -> dict | None:
        r = c.get(f"/api/games/{game}/decision", params={"token": token})
        assert r.status_code == 200, r.text
        return r.json()["decision"]
    return poll(decision, f"a decision for the seat of game {game}", timeout)


def answer(c: TestClient, game: str, token: str, value: Any, **kw: Any):
    return c.post(f"/api/games/{game}/answer", params={"token": token}, json={"answer": value, **kw})


def until(c: TestClient, game: str, token: str, kind: str, *, limit: int = 400) -> dict:
    """Answer the seat's decisions neutrally (end the turn, decline, pass, pay) until one of `kind`."""
    for _ in range(limit):
        d = wait_decision(c, game, token)
        if d["kind"] == kind:
            return d
        neutral = {"manage": ["done"], "buy": "decline", "bid": None, "jail": "roll", "trade": "reject",
                   "tax": "fixed", "claim": True, "inherited_mortgage": "keep", "redeem": "release"}
        value = neutral.get(d["kind"], d["options"][0] if d["options"] else None)
        if d["kind"] == "raise":
            value = d["options"][0]
        r = answer(c, game, token, value, decision=d["id"])
        assert r.status_code == 200, r.text
    raise AssertionError(f"no '{kind}' decision in {limit} answers")
