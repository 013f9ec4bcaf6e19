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

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..edition.model import Edition
from ..game.events import KINDS

if TYPE_CHECKING:
    from ..game.player import Player
    from ..game.state import GameState


class GameCounters:
    """Counters of one game of edition `ed` with `seats` players (see the module docstring),
    passed as `Game(log=...)`.
    Landings are counted from round `from_round` on: every token starts on the start space, so
    the first rounds are not yet the long run the exact odds describe (the share in jail, for
    one, starts at nothing).

    A log that takes only the kinds in `wants` (events.py, the log protocol): where a token is
    and whether it is in jail are read from the game's players (the engine calls `follow(game)`
    as it creates the game) at the moment an event comes, which is what the move, jail and jail_leave events
    before it left them; the number of events of each kind is the game's `event_counts`."""

    wants: ClassVar[frozenset[str]] = frozenset({"turn", "roll", "pay:rent", "build", "bankrupt", "end"})

    __slots__ = ("n", "group_of", "index", "players", "game", "pending", "current", "round", "per_roll",
                 "per_turn", "events", "rent_by_group", "builds_by_group", "bankrupt_rounds", "from_round")

    def __init__(self, ed: Edition, seats: int, from_round: int = 1):
        self.n = len(ed.spaces)
        self.index = ed.space_index
        self.group_of = [s.group for s in ed.spaces]
        self.players: Sequence[Player] = ()
        self.game: GameState | None = None
        self.pending: int | None = None      # seat whose last movement throw is not resolved yet
        self.current: int | None = None      # seat playing the current turn
        self.round = 1
        self.per_roll = [0] * (self.n + 1)
        self.per_turn = [0] * (self.n + 1)
        self.events: dict[str, int] = {}
        self.rent_by_group: dict[str, int] = defaultdict(int)
        self.builds_by_group: dict[str, int] = defaultdict(int)
        self.bankrupt_rounds: list[int] = []
        self.from_round = from_round         # landings are counted from this round on (a warm-up)

    def follow(self, game: GameState) -> None:
        """Read positions, jail and event counts from `game` (the engine calls it as it creates
        the game, before any event)."""
        self.game = game
        self.players = game.players

    def _where(self, seat: int) -> int:
        p = self.players[seat]
        return self.n if p.in_jail else p.pos

    def _resolve_roll(self) -> None:
        if self.pending is not None:
            if self.round >= self.from_round:
                self.per_roll[self._where(self.pending)] += 1
            self.pending = None

    def _end_turn(self) -> None:
        self._resolve_roll()
        if self.current is not None and self.round >= self.from_round:
            self.per_turn[self._where(self.current)] += 1
        self.current = None

    def add(self, event: dict[str, Any]) -> None:
        """Take one event of a kind in `wants` (the engine's log interface). The kinds in order
        of frequency (a roll, a turn and a rent come every turn)."""
        e = event["e"]
        if e == "roll":
            if "extra" not in event:                 # a card's or a court's throw is no move
                seat = self.pending
                if seat is not None and self.round >= self.from_round:
                    p = self.players[seat]
                    self.per_roll[self.n if p.in_jail else p.pos] += 1
                self.pending = event["player"]
        elif e == "turn":
            if self.round >= self.from_round:
                seat = self.pending
                if seat is not None:
                    p = self.players[seat]
                    self.per_roll[self.n if p.in_jail else p.pos] += 1
                seat = self.current
                if seat is not None:
                    p = self.players[seat]
                    self.per_turn[self.n if p.in_jail else p.pos] += 1
            self.pending = None
            self.current = event["player"]
            self.round = event["round"]
        elif e == "pay":                             # rent only (`wants` has pay:rent)
            payer = event["payer"]
            if payer is not None:
                self.rent_by_group[self.group_of[self.players[payer].pos] or "?"] += int(event["amount"])
        elif e == "build":
            self.builds_by_group[self.group_of[self.index[event["space"]]] or "?"] += 1
        elif e == "bankrupt":
            self.bankrupt_rounds.append(self.round)
            if event["player"] == self.current:
                self._resolve_roll()
                self.current = None
        elif e == "end":
            self._end_turn()

    def finish(self) -> None:
        """Count the last turn if the game stopped without an end event (a turn limit), and take
        the game's event counts."""
        self._end_turn()
        self.rent_by_group, self.builds_by_group = dict(self.rent_by_group), dict(self.builds_by_group)
        if self.game is not None:
            self.events = {KINDS[i]: c for i, c in enumerate(self.game.event_counts) if c}


def add_into(total: list[int], part: Sequence[int]) -> None:
    """total[i] += part[i] (growing `total` if needed)."""
    if len(total) < len(part):
        total.extend([0] * (len(part) - len(total)))
    for i, c in enumerate(part):
        total[i] += c
