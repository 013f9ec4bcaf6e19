"""The event log: every state change of a game, as JSON lines.

Events are plain dicts with a type `e` first, then fields in a fixed order (players by seat
number, spaces by id, money as int), so the same game always serialises to the same bytes.
A game with no log (fast simulation) skips building events altogether.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TextIO


class EventLog:
    """Collects events; optionally calls `listener(event)` for each (the CLI renders them live)
    and writes each as a JSON line to `stream`. If writing fails (a full disk), the log stops
    writing, keeps the error in `error`, and the game goes on."""

    __slots__ = ("events", "listener", "stream", "error")

    def __init__(self, listener: Callable[[dict], None] | None = None, stream: TextIO | None = None):
        self.events: list[dict] = []
        self.listener = listener
        self.stream = stream
        self.error: OSError | None = None

    def add(self, event: dict) -> None:
        """Record `event`, write it as a JSON line, pass it to the listener."""
        self.events.append(event)
        if self.stream is not None:
            try:
                self.stream.write(dumps(event) + "\n")
            except OSError as e:
                self.stream = None
                self.error = e
        if self.listener is not None:
            self.listener(event)

    def lines(self) -> list[str]:
        """The log as JSON lines (without newlines)."""
        return [dumps(e) for e in self.events]


def dumps(event: dict) -> str:
    """One event as a compact, deterministic JSON line (UTF-8 text kept as is)."""
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))
