"""A scripted person for the end-to-end tests: answers each decision from its JSON (as the API and
the page's `#decision[data-decision]` give it), so the same seed gives the same game whether it
is played through the API or by clicking in a browser.

The person buys the first deed offered, declines the second and bids the minimum once in the
auction that follows, mortgages a deed once they hold two, pays to leave jail, accepts a bot's
trade offer, and otherwise ends the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Person:
    bought: int = 0
    declined: int | None = None      # the space declined
    bid: bool = False
    mortgaged: bool = False
    jail_paid: bool = False
    trades_answered: int = 0
    seen: list[str] = field(default_factory=list)

    def choose(self, d: dict[str, Any], deeds: int) -> tuple[str, Any]:
        """('click', answer) or ('bid', amount) or ('pass', None) for decision `d`; `deeds` is the
        number of deeds the person holds."""
        kind = d["kind"]
        self.seen.append(kind)
        if kind == "buy":
            if self.bought == 0:
                self.bought += 1
                return "click", "buy"
            if self.declined is None:
                self.declined = d["details"]["space"]
                return "click", "decline"
            if deeds < 6:
                self.bought += 1
                return "click", "buy"
            return "click", "decline"
        if kind == "bid":
            if not self.bid and d["details"].get("space") == self.declined:
                self.bid = True
                return "bid", d["details"]["min"]
            return "pass", None
        if kind == "manage":
            mortgages = [o for o in d["options"] if o[0] == "mortgage"]
            if not self.mortgaged and deeds >= 2 and mortgages:
                self.mortgaged = True
                return "click", mortgages[0]
            return "click", ["done"]
        if kind == "jail":
            if "pay" in d["options"]:
                self.jail_paid = True
                return "click", "pay"
            return "click", "roll"
        if kind == "trade":
            self.trades_answered += 1
            return "click", "accept"
        if kind == "raise":
            return "click", d["options"][0]
        return "click", d["options"][0] if d["options"] else None

    def done(self) -> bool:
        return bool(self.bought and self.bid and self.mortgaged and self.jail_paid and self.trades_answered)


def group_offer(info: dict, state: dict, seat: int) -> dict | None:
    """A trade that completes one of `seat`'s groups: the missing deeds of the first group whose
    other deeds one other player holds, for twice their printed price in cash (None if no group
    fits or the person cannot pay)."""
    me = state["players"][seat]
    by_id = {s["id"]: s for s in info["spaces"]}
    for g in info["groups"]:
        spaces = [s for s in info["spaces"] if s["group"] == g["id"] and s["kind"] == "street"]
        if not spaces:
            continue
        mine = [s for s in spaces if state["owners"].get(s["id"]) == seat]
        missing = [s for s in spaces if state["owners"].get(s["id"]) != seat]
        holders = {state["owners"].get(s["id"]) for s in missing}
        if not mine or not missing or len(holders) != 1 or None in holders:
            continue
        cash = 2 * sum(by_id[s["id"]]["price"] for s in missing)
        if cash > me["cash"] // 2:
            continue
        return {"proposer": seat, "partner": holders.pop(), "give_deeds": [], "give_cash": cash, "give_cards": [],
                "get_deeds": [s["index"] for s in missing], "get_cash": 0, "get_cards": []}
    return None
