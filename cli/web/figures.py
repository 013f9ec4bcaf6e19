"""The figures of a web game shown at its end: each player's net worth round by round, the rent
each paid and received, and how often each space was landed on.

A `Tally` is fed every event of the game (`event`, in the game's thread, replays included) and
looks at the game after each turn (`snapshot`), so a game restarted from its save counts the same
figures again; `json` gives them for the public state once the game is over.
"""

from __future__ import annotations

from typing import Any


class Tally:
    """The figures of one game as it is played. `worth` holds one row a round, `[round, [net
    worth by seat]]`, the last row updated until the next round starts (so it ends with the final
    net worths); `rent_paid` and `rent_received` the rent by seat (money, units of the edition's
    currency; `pay` events whose reason is rent, the bank's part left out)."""

    def __init__(self) -> None:
        self.worth: list[list[Any]] = []
        self.rent_paid: dict[int, int] = {}
        self.rent_received: dict[int, int] = {}

    def event(self, event: dict[str, Any]) -> None:
        """Count one event of the log."""
        if event["e"] == "pay" and event.get("reason") == "rent":
            payer, payee, amount = event.get("payer"), event.get("payee"), int(event.get("amount") or 0)
            if isinstance(payer, int):
                self.rent_paid[payer] = self.rent_paid.get(payer, 0) + amount
            if isinstance(payee, int):
                self.rent_received[payee] = self.rent_received.get(payee, 0) + amount

    def snapshot(self, game: Any) -> None:
        """Note every player's net worth in the game's current round (after a turn)."""
        row = [game.round, [game.net_worth(p) for p in game.players]]
        if self.worth and self.worth[-1][0] == game.round:
            self.worth[-1] = row
        else:
            self.worth.append(row)

    def json(self, game: Any) -> dict[str, Any]:
        """The figures as JSON data: `worth` (rows `[round, [net worth by seat]]`), `rent_paid` and
        `rent_received` (lists by seat), `landings` (space id -> times landed on; engine's
        `Game.landings`, spaces never landed on left out)."""
        seats = range(len(game.players))
        return {"worth": [list(r) for r in self.worth],
                "rent_paid": [self.rent_paid.get(s, 0) for s in seats],
                "rent_received": [self.rent_received.get(s, 0) for s in seats],
                "landings": {game.spaces[i].id: n for i, n in enumerate(game.landings) if n}}
