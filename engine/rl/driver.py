"""Turn the engine inside out: a game that asks its agents becomes one that waits for answers.

The engine asks every decision through `agent.decide(game, decision)` and expects the answer back
at once. An environment needs the opposite: stop at a decision, hand it to the learner, resume when
the learner answers. `GameDriver` runs the game in a worker thread; the seats it controls block in
`decide` until `answer()` is called. Only one of the two threads runs at a time (each waits for the
other through a queue), so the game stays a function of its seed and answers.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from magie.engine.game.decisions import Decision, FunctionAgent


class _Abort(BaseException):
    """Unwinds an abandoned game's thread (raised inside a waiting `decide`)."""


_ABORT = object()


class GameDriver:
    """Plays `make_game(agents)` (a callable building a `Game` with `start=False` from a list of
    agents by seat) in a thread. Seats in `controlled` get waiting agents; `others[seat]` are
    ordinary agents (bots) that answer at once. After `start()` and after every `answer()`,
    `pending` is (seat, decision) of the next controlled decision, or None when the game is
    over. An exception in the game (a `GameError`) is raised again from `start`/`answer`."""

    def __init__(self, make_game: Callable[[list], Any], players: int, controlled: set[int],
                 others: dict[int, Any], names: list[str]):
        self.agents = [(self._waiting(s, names[s]) if s in controlled else others[s]) for s in range(players)]
        self._make_game = make_game
        self._to_game: queue.SimpleQueue = queue.SimpleQueue()
        self._to_env: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.game: Any = None
        self.pending: tuple[int, Decision] | None = None
        self.over = False

    def start(self) -> None:
        """Build the game and play it up to the first controlled decision (or its end)."""
        self.game = self._make_game(self.agents)
        self._thread = threading.Thread(target=self._run, name="magie-game", daemon=True)
        self._thread.start()
        self._receive()

    def answer(self, answer: Any) -> None:
        """Give the pending decision its answer and play on to the next one (or the end)."""
        if self.pending is None:
            raise RuntimeError("no decision is waiting for an answer")
        self.pending = None
        self._to_game.put(answer)
        self._receive()

    def close(self) -> None:
        """Abandon the game: its thread unwinds and ends."""
        if self._thread is not None and self._thread.is_alive():
            if self.pending is not None:
                self.pending = None
                self._to_game.put(_ABORT)
            self._thread.join(timeout=5)
        self._thread = None

    # ------------------------------------------------------------------ the game's thread
    def _run(self) -> None:
        try:
            g = self.game
            g.start()
            while not g.over:
                g.play_turn()
        except _Abort:
            return
        except BaseException as e:     # handed to the environment's thread, raised there
            self._to_env.put(("error", e))
            return
        self._to_env.put(("over", None))

    def _waiting(self, seat: int, name: str) -> FunctionAgent:
        """The agent of a controlled seat: hands the decision to the driver and waits."""
        return FunctionAgent(name, lambda game, d: self._wait(seat, d))

    def _wait(self, seat: int, d: Decision) -> Any:
        self._to_env.put(("decision", (seat, d)))
        answer = self._to_game.get()
        if answer is _ABORT:
            raise _Abort
        return answer

    def _receive(self) -> None:
        kind, data = self._to_env.get()
        if kind == "decision":
            self.pending = data
        elif kind == "over":
            self.over = True
            self._thread = None
        else:
            self.over = True
            self._thread = None
            raise data
