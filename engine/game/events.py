"""The event log: every state change of a game, as JSON lines.

Events are plain dicts with a type `e` first, then fields in a fixed order (players by seat
number, spaces by id, money as int), so the same game always serialises to the same bytes.
A game with no log (fast simulation) skips building events altogether. Every kind of event,
with its fields, is a row of `EVENT_KINDS` (docs/events.md is made from it by
`events_markdown()`; a test keeps the two equal and checks that the CLI renders every kind).

The log protocol (written here only). A log is any object with `add(event)`, passed as
`Game(log=...)` (`EventLog` below; `magie simulate`'s counters, engine/sim/counters.py). It may
also have:

- `wants`: a frozenset of the kinds it takes in full (absent or None: every kind). Events of the
  other kinds are only counted, and their dicts are never built. An entry `pay:REASON` takes only
  the pay events of that reason (`ledger.transfer`).
- `follow(game)`: called once as the game is created, before any event, so that the log may read
  the game's state (where the tokens are, who is in jail) when an event comes instead of
  following every event that changes it.

Every game with a log counts its events by kind, taken in full or not: `GameState.event_counts[i]`
for the kind `KINDS[i]`. `GameState.emit(kind, **fields)` counts an event and builds it if the log
takes the kind. The kinds that come several times a turn (`E_TURN`, `E_ROLL`, ... in state.py) are
written out at their call sites the same way without the call: count, then build the dict only
if `g.log_full[i]`. A kind the log does not take costs a list increment; a taken one a dict.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

KEEP_EVENTS = 200_000
"""Events an `EventLog` keeps in memory by default: the latest ones (a random-bot game of 10^6
rounds makes tens of millions; the whole log streams to the file given as `stream`)."""


class EventLog:
    """Collects events; optionally calls `listener(event)` for each (the CLI renders them live)
    and writes each as a JSON line to `stream`. If writing fails (a full disk), the log stops
    writing, keeps the error in `error`, and the game goes on.

    `events` holds the latest `keep` events (default `KEEP_EVENTS`; None: all of them), so that
    memory stays bounded however long the game; the stream gets every event."""

    __slots__ = ("events", "listener", "stream", "error")

    def __init__(self, listener: Callable[[dict[str, Any]], None] | None = None, stream: TextIO | None = None,
                 keep: int | None = KEEP_EVENTS):
        self.events: deque[dict[str, Any]] = deque(maxlen=keep)
        self.listener = listener
        self.stream = stream
        self.error: OSError | None = None

    def add(self, event: dict[str, Any]) -> None:
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


def dumps(event: dict[str, Any]) -> str:
    """One event as a compact, deterministic JSON line (UTF-8 text kept as is)."""
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class EventKind:
    """One kind of event: `name` (the `e` field), its `fields` in order (after `e` and `turn`,
    the number of turns played so far), the `optional` ones among them (present only when
    they apply), and what it records (`says`)."""

    name: str
    fields: tuple[str, ...]
    says: str
    optional: tuple[str, ...] = ()


EVENT_KINDS: dict[str, EventKind] = {k.name: k for k in (
    EventKind("start", ("edition", "seed", "players"), "the game starts: edition id, seed, player names by seat"),
    EventKind("order_roll", ("player", "dice"), "a throw for the order of play"),
    EventKind("order", ("order",), "the order of play, as seats"),
    EventKind("role", ("player", "role", "how"), "a player's role is given at the start: `how` is chosen or dealt"),
    EventKind("deal", ("player", "space"), "a title deed dealt at the start"),
    EventKind("turn", ("player", "round", "cash", "pos"), "a turn begins: the player, the round, cash, position"),
    EventKind("roll", ("player", "dice", "jail", "extra", "faces"),
              "a throw: for a move, in jail (`jail`), or not a move (`extra`: a card's or a court's); "
              "with the edition's own dice, `faces` are theirs (numbers or symbol ids; a symbol is 0 "
              "in `dice`)",
              optional=("jail", "extra", "faces")),
    EventKind("symbol", ("player", "symbol"),
              "a symbol face of the edition's own dice acts (its `instead` or `after` effect)"),
    EventKind("all_alike", ("player",),
              "every die thrown shows the same number: `dice.all_alike` replaces the move"),
    EventKind("intro_reroll", ("player", "dice"), "the introductory lap: another move at once"),
    EventKind("move", ("player", "to", "steps"), "a token moves `steps` (negative: back) to space `to`"),
    EventKind("lap", ("player", "salary"), "a lap is completed: the salary (negative: paid)"),
    EventKind("pay", ("payer", "payee", "amount", "reason"),
              "money moves (None: the bank or the pot; 'treasury': the treasury)"),
    EventKind("loan", ("player", "amount", "pledged", "loans"),
              "the player borrows `amount` from the bank, pledging deeds; `loans` now held"),
    EventKind("repay", ("player", "amount", "freed", "loans"), "the player repays a bank loan; its deeds are free"),
    EventKind("vote", ("topic", "proposer", "yes", "carried"),
              "a vote on `topic` ('end' or a rule switch): the seats voting yes, and whether it carried"),
    EventKind("rule_switch", ("switch", "how", "overlays"),
              "a rule switch turns on (by a vote or a condition): the game plays on with its overlays"),
    EventKind("jackpot", ("player", "amount"), "the player takes the pot (free-parking house rule)"),
    EventKind("bank_empty", ("payee", "owed", "paid", "had", "reading"),
              "the finite bank owes more than it holds (`had`, below 0: IOUs out): it pays `paid` of "
              "`owed` by its `reading` (iou: all, the part beyond its cash in IOUs; partial, end: what it has)"),
    EventKind("cap_refused", ("player", "space"),
              "the player may own no more deeds of the space's kind or group (rules.limits): no purchase"),
    EventKind("buy", ("player", "space", "price"), "a deed is bought at its printed price"),
    EventKind("decline", ("player", "space"), "the player does not buy the deed"),
    EventKind("auction", ("space", "start"), "the bank auctions a deed, opening at `start`"),
    EventKind("shortage_auction", ("building", "stock"), "the bank's last houses or hotels are auctioned"),
    EventKind("bid", ("player", "amount"), "a bid in an auction"),
    EventKind("sold", ("space", "player", "price"), "the auction is won"),
    EventKind("unsold", ("space",), "nobody bid: the deed stays with the bank"),
    EventKind("card", ("player", "deck", "card"), "a card is drawn"),
    EventKind("card_kept", ("player", "card"), "the card is kept for later"),
    EventKind("deck_empty", ("player", "deck"), "the deck has no card to draw (all held)"),
    EventKind("deck_reshuffled", ("deck", "cards"),
              "a `reshuffle` deck is empty at a draw: its discard pile of `cards` cards is shuffled into a new deck"),
    EventKind("flag", ("player", "space", "flag", "until"), "a card sets a flag on a player or a space",
              optional=("player", "space")),
    EventKind("choice", ("player", "source", "label"), "a choice of a card or action is made"),
    EventKind("card_played", ("player", "card"), "a kept card is played (back to its deck, or out of the game)"),
    EventKind("card_discarded", ("player", "card"), "a kept card is lost, out of the game (`discard kept USE`)"),
    EventKind("jail", ("player", "holding"), "the player goes to jail, or to the holding space `holding`",
              optional=("holding",)),
    EventKind("doubles_jail", ("player",), "too many doubles in a row: to jail"),
    EventKind("jail_stay", ("player", "attempts", "holding"), "the player stays in jail (or in `holding`)",
              optional=("holding",)),
    EventKind("jail_leave", ("player", "how", "holding"),
              "the player leaves jail (or `holding`): served, paid, card, doubles, forced or effect",
              optional=("holding",)),
    EventKind("build", ("player", "space", "level", "cost"), "a building is bought: the lot's new level"),
    EventKind("sell", ("player", "space", "level"), "a building is sold back: the lot's new level"),
    EventKind("sell_all", ("player", "group"), "every building of a group is sold back at once"),
    EventKind("mortgage", ("player", "space"), "a deed is mortgaged"),
    EventKind("unmortgage", ("player", "space"), "a mortgage is lifted"),
    EventKind("sell_deed", ("player", "space", "value"), "a deed is sold to the bank"),
    EventKind("released", ("player", "space"), "a mortgaged deed not redeemed at the lap end goes to the bank"),
    EventKind("deed", ("space", "frm", "to"),
              "a deed changes hands (trade, bankruptcy, court; `to` None: back to the bank)"),
    EventKind("rent_unclaimed", ("player", "owner", "space"), "the owner did not claim the rent"),
    EventKind("trade_offer", ("proposer", "partner", "give_deeds", "give_cash", "give_cards", "get_deeds",
                              "get_cash", "get_cards"), "a trade is proposed"),
    EventKind("trade", ("proposer", "partner"), "the trade is accepted (pay and deed events follow)"),
    EventKind("trade_rejected", ("proposer", "partner"), "the trade is rejected"),
    EventKind("deal_offer", ("proposer", "legs"), "a deal among several players is proposed; each leg "
              "is {giver, taker, deeds, cash, cards}"),
    EventKind("deal_accepted", ("proposer", "parties"), "every party accepts the deal (pay and deed events follow)"),
    EventKind("deal_rejected", ("proposer", "by"), "a party (`by`) rejects the deal"),
    EventKind("action", ("player", "action", "target"), "an edition action is taken (target: a space id or None)"),
    EventKind("timeout", ("player", "decision"), "a human let a decision time out"),
    EventKind("bankrupt", ("player", "creditor", "debt"), "the player goes bankrupt (creditor None: the bank)"),
    EventKind("end", ("reason", "winners", "scores"),
              "the game ends: last_standing, condition (or the condition's id), vote, round_limit, "
              "time_limit or bank_empty; `scores` by seat when the richest wins", optional=("scores",)),
)}
"""The registry of event kinds, by name."""

KINDS: tuple[str, ...] = tuple(EVENT_KINDS)
"""The event kinds by index (the order of `EVENT_KINDS`): `GameState.event_counts[i]` counts `KINDS[i]`."""
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
"""The index of each kind in `KINDS`."""


def events_markdown() -> str:
    """docs/events.md: every event kind and its fields, from `EVENT_KINDS`."""
    lines = ["# Events", "",
             "Every state change of a game is an event: one JSON line of `magie play --log FILE`, with the",
             "kind `e` first, then `turn` (turns played so far), then the kind's fields in this order.",
             "Players are seats, spaces are ids, money is integer units of the edition's currency.",
             "Generated from `EVENT_KINDS` in engine/game/events.py (a test keeps this file equal to it).",
             "", "| e | fields | what |", "|---|---|---|"]
    for k in EVENT_KINDS.values():
        fields = ", ".join(f"`{f}`" + (" (optional)" if f in k.optional else "") for f in k.fields)
        lines.append(f"| `{k.name}` | {fields} | {k.says} |")
    return "\n".join(lines) + "\n"
