"""Helpers of the web tests: a test client on a fresh app, waiting for a seat's decision."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra: pip install '.[test]'")

from fastapi.testclient import TestClient  # noqa: E402

from magie.cli.web.app import create_app  # noqa: E402


def client(data=None, **kw: Any) -> TestClient:
    return TestClient(create_app(data, bot_delay=0, **kw))


def new_game(c: TestClient, seats: list[dict], *, edition: str = "classic", seed: int = 1, **kw: Any) -> dict:
    r = c.post("/api/games", json={"edition": edition, "seed": seed, "seats": seats, **kw})
    assert r.status_code == 201, r.text
    return r.json()


def wait_decision(c: TestClient, game: str, token: str, timeout: float = 20.0) -> dict:
    """The decision the seat of `token` waits on, once there is one."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = c.get(f"/api/games/{game}/decision", params={"token": token})
        assert r.status_code == 200, r.text
        d = r.json()["decision"]
        if d is not None:
            return d
        time.sleep(0.02)
    raise AssertionError(f"no decision for the seat within {timeout}s: {c.get(f'/api/games/{game}').json()}")


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
