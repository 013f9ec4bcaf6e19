"""A scripted agent for tests and rule cases: answers given in advance, by decision kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game.decisions import DECISION_KINDS, Decision

if TYPE_CHECKING:
    from ..game.view import GameView


class Scripted:
    """Answers decisions from per-kind queues: `Scripted(buy=['buy'], bid=[10, None])`.

    Each decision of a kind takes the next answer queued for that kind. When a kind's queue is
    empty, `default(game, decision)` answers if given, else the kind's default (`DECISION_KINDS`:
    decline to buy, pass bids, roll in jail, done managing, reject trades, fixed tax, claim
    rent, keep inherited mortgages, release at lap end, the liquidation order when in debt), but
    the first option for a placement.
    `asked` records every decision, for assertions."""

    human = False

    def __init__(self, default: Callable[[Any, Decision], Any] | None = None, name: str = "script",
                 windows: frozenset[str] | None = None, **answers: list[Any]) -> None:
        self.answers = {k: list(v) for k, v in answers.items()}
        if windows is not None:      # the manage windows it is asked in (default: its own turn's)
            self.windows = lambda game: windows
        self.default = default
        self.name = name
        self.asked: list[Decision] = []

    def decide(self, game: GameView, d: Decision) -> Any:
        self.asked.append(d)
        queue = self.answers.get(d.kind)
        if queue:
            return queue.pop(0)
        if self.default is not None:
            return self.default(game, d)
        if d.kind == "place":
            return d.options[0]
        return DECISION_KINDS[d.kind].default(game, d)

    def rejected(self, d: Decision, reason: str) -> None:  # pragma: no cover - bots are never re-asked
        pass

    def left(self) -> dict[str, list[Any]]:
        """Scripted answers not used (a case must use exactly what it scripts)."""
        return {k: v for k, v in self.answers.items() if v}
