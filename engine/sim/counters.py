"""Per-game counters read from the game's event stream (the engine's public output), so that
simulation statistics need no hook in the turn loop.

`GameCounters` is passed to `Game(log=...)`: the engine calls `add(event)` for every event and
the counters keep only numbers (no event is stored). They give:

- landings by the two measures of `magie analyze` (engine/analysis/markov.py): **per roll**,
  where each movement throw finally leaves the token (after cards, chained draws and go to
  jail; a throw in jail that fails, and the doubles throw that goes to jail, count as in jail),
  and **per turn**, where the token is at the end of each turn; index `n` is 'in jail';
- events by kind, rent paid by group, buildings bought by group, bankruptcies by round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..edition.model import Edition


class GameCounters:
    """Counters of one game of edition `ed` with `seats` players (see the module docstring).
    Landings are counted from round `from_round` on: every token starts on the start space, so
    the first rounds are not yet the long run the exact odds describe (the share in jail, for
    one, starts at nothing)."""

    __slots__ = ("n", "jail", "index", "group_of", "pos", "in_jail", "pending", "current",
                 "round", "per_roll", "per_turn", "events", "rent_by_group", "builds_by_group",
                 "bankrupt_rounds", "from_round")

    def __init__(self, ed: Edition, seats: int, from_round: int = 1):
        self.n = len(ed.spaces)
        self.jail = ed.jail_index
        self.index = dict(ed.space_index)
        self.group_of = [s.group for s in ed.spaces]
        self.pos = [ed.start_index] * seats
        self.in_jail = [False] * seats
        self.pending: int | None = None      # seat whose last movement throw is not resolved yet
        self.current: int | None = None      # seat playing the current turn
        self.round = 1
        self.per_roll = [0] * (self.n + 1)
        self.per_turn = [0] * (self.n + 1)
        self.events: dict[str, int] = {}
        self.rent_by_group: dict[str, int] = {}
        self.builds_by_group: dict[str, int] = {}
        self.bankrupt_rounds: list[int] = []
        self.from_round = from_round         # landings are counted from this round on (a warm-up)

    def _where(self, seat: int) -> int:
        return self.n if self.in_jail[seat] else self.pos[seat]

    def _resolve_roll(self) -> None:
        if self.pending is not None:
            if self.round >= self.from_round:
                self.per_roll[self._where(self.pending)] += 1
            self.pending = None

    def _end_turn(self, alive: bool = True) -> None:
        self._resolve_roll()
        if self.current is not None and alive and self.round >= self.from_round:
            self.per_turn[self._where(self.current)] += 1
        self.current = None

    def add(self, event: dict[str, Any]) -> None:
        """Take one event of the game (the engine's log interface)."""
        e = event["e"]
        ev = self.events
        ev[e] = ev.get(e, 0) + 1
        if e == "move":
            self.pos[event["player"]] = self.index[event["to"]]
        elif e == "roll":
            if not event.get("extra"):
                self._resolve_roll()
                self.pending = event["player"]
        elif e == "turn":
            self._end_turn()
            self.current = event["player"]
            self.round = event["round"]
            self.pos[self.current] = self.index[event["pos"]]
        elif e == "jail":
            seat = event["player"]
            if self.jail is not None:
                self.pos[seat] = self.jail
            self.in_jail[seat] = True
        elif e == "jail_leave":
            self.in_jail[event["player"]] = False
        elif e == "pay":
            if event.get("reason") == "rent" and event.get("payer") is not None:
                g = self.group_of[self.pos[event["payer"]]] or "?"
                self.rent_by_group[g] = self.rent_by_group.get(g, 0) + int(event["amount"])
        elif e == "build":
            g = self.group_of[self.index[event["space"]]] or "?"
            self.builds_by_group[g] = self.builds_by_group.get(g, 0) + 1
        elif e == "bankrupt":
            self.bankrupt_rounds.append(self.round)
            if event["player"] == self.current:
                self._resolve_roll()
                self.current = None
        elif e == "end":
            self._end_turn()

    def finish(self) -> None:
        """Count the last turn if the game stopped without an end event (a turn limit)."""
        self._end_turn()


def add_into(total: list[int], part: Sequence[int]) -> None:
    """total[i] += part[i] (growing `total` if needed)."""
    if len(total) < len(part):
        total.extend([0] * (len(part) - len(total)))
    for i, c in enumerate(part):
        total[i] += c
