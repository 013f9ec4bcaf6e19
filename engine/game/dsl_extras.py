"""Game-side support of the DSL's newer statements: choices, offers to buy, release from jail,
flags and counters on players and spaces with durations, kept cards of an edition's own uses
(played in manage windows or instead of paying rent), and the sets loops and filters go over.

Each member implements a `GameRuntime` call of engine/dsl/runtime.py (documented there); the
`Game` class mixes this in. Nothing here knows an edition: labels, uses and windows come from
the edition's cards and actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import GameError
from .decisions import BUY_OPTIONS, Decision

PERIODS = ("turns", "rounds", "laps")
"""Flag durations counted by the engine (`set flag F on X for N turns`)."""


class DslExtrasMixin:
    """Choices, offers, timed flags, counters, kept-card plays and DSL sets for `Game`."""

    # Set up by Game.__init__ (`_init_dsl_extras`).
    space_flags: dict[tuple[int, str], str]
    counters: dict[tuple[Any, str], int]
    _timed: list[list]
    _held_use: dict[tuple[str, str], str]

    def _init_dsl_extras(self) -> None:
        self.space_flags = {}
        self.counters = {}
        self._timed = []           # [target, name, period, turns left, turn number set]
        self._held_use = {}
        self._labels: dict[str, dict] = {}
        self._plays: dict[str, Any] = {}
        for deck in self.ed.decks.values():
            for c in deck.cards:
                if c.labels:
                    self._labels[c.id] = c.labels
                if c.play is not None:
                    self._plays[c.id] = c.play
        for a in self.ed.actions:
            if a.labels:
                self._labels.setdefault(a.id, a.labels)
        self.playable_cards = bool(self._plays)
        self._rent_plays = any(pl.window == "rent" for pl in self._plays.values())
        self._group_ids = tuple(g.id for g in self.ed.groups)
        self._sets: dict[str | None, tuple[int, ...]] = {}

    # ------------------------------------------------------------------ choices and offers
    def choose(self, p, options: list[str], hint: str | None, source: str) -> str | None:
        """Ask `p` to pick one of `options` (a `choice` decision); see GameRuntime.choose."""
        if not options:
            return None
        if len(options) == 1:
            label = options[0]
        else:
            label = self.ask(Decision("choice", p, tuple(options), hint=hint or options[0],
                                      source=source, labels=self._labels.get(source, {})))
        if self.log is not None:
            self.emit("choice", player=p.seat, source=source, label=label)
        return label

    def offer_buy(self, p, space: int, price: int) -> None:
        """Offer `p` the unowned deed `space` at `price`; declined, it stays with the bank."""
        if self.owner[space] is not None or not self.spaces[space].is_deed:
            return
        affordable = p.cash >= price or p.cash + self.liquidation_value(p) >= price
        options = BUY_OPTIONS if affordable else ("decline",)
        if self.ask(Decision("buy", p, options, space=space, price=price, offer=True)) == "buy":
            self.pay(p, None, price, "purchase")
            if not p.alive:
                return
            self.set_owner(space, p)
            if self.log is not None:
                self.emit("buy", player=p.seat, space=self.spaces[space].id, price=price)
        elif self.log is not None:
            self.emit("decline", player=p.seat, space=self.spaces[space].id)

    def release(self, p) -> None:
        """`p` leaves jail, staying on the jail space (a card's or a space's release)."""
        if p.in_jail:
            self._release(p, "effect")

    # ------------------------------------------------------------------ flags and counters
    @staticmethod
    def _target_key(x) -> Any:
        return ("space", x) if isinstance(x, int) else ("player", x.seat)

    def set_flag(self, p, name: str, until: str, count: int = 0) -> None:
        """Set flag `name` on a player or a space (its index); see GameRuntime.set_flag."""
        if isinstance(p, int):
            self.space_flags[(p, name)] = until
            self.emit("flag", space=self.spaces[p].id, flag=name, until=until)
        else:
            p.flags[name] = until
            if until in ("end_of_turn", "next_move"):
                self._turn_flags.append(p)
            self.emit("flag", player=p.seat, flag=name, until=until)
        if until in PERIODS:
            if count <= 0:
                raise GameError(f"flag {name!r}: a duration must be positive, not {count}")
            self._timed = [t for t in self._timed if not (t[0] is p and t[1] == name)]
            self._timed.append([p, name, until, count, self.turns])

    def clear_flag(self, p, name: str) -> None:
        """Remove flag `name` from a player or a space (no-op if not set)."""
        if isinstance(p, int):
            self.space_flags.pop((p, name), None)
        else:
            p.flags.pop(name, None)

    def has_flag(self, p, name: str) -> bool:
        """Is flag `name` set on the player or space?"""
        if isinstance(p, int):
            return (p, name) in self.space_flags
        return name in p.flags

    def use_flag(self, p, name: str) -> bool:
        """Is flag `name` set on the player or space? It is removed."""
        if isinstance(p, int):
            return self.space_flags.pop((p, name), None) is not None
        return p.flags.pop(name, None) is not None

    def _tick_flags(self, period: str, p=None) -> None:
        """Count one turn (of `p`), round or lap (of `p`) off the timed flags; expired ones
        are removed. A turn counts only after the turn in which the flag was set."""
        keep = []
        for t in self._timed:
            target, name, per, left, set_at = t
            counts = per == period and (
                (period == "turns" and (isinstance(target, int) or target is p)
                 and set_at != self.turns)
                or period == "rounds"
                or (period == "laps" and target is p))
            if counts:
                left -= 1
                t[3] = left
            if left > 0 and self.has_flag(target, name):
                keep.append(t)
            elif left <= 0:
                self.clear_flag(target, name)
        self._timed = keep

    def add_counter(self, x, name: str, amount: int) -> None:
        """Add `amount` to counter `name` of a player or space."""
        key = (self._target_key(x), name)
        self.counters[key] = self.counters.get(key, 0) + amount

    def clear_counter(self, x, name: str) -> None:
        """Counter `name` of a player or space back to 0."""
        self.counters.pop((self._target_key(x), name), None)

    def counter(self, x, name: str) -> int:
        """The value of counter `name` of a player or space (0 if never added to)."""
        return self.counters.get((self._target_key(x), name), 0)

    # ------------------------------------------------------------------ kept cards
    def holds(self, p, use: str) -> int:
        """How many kept cards of `use` `p` holds."""
        return sum(1 for h in p.held_cards if self._card_use(h) == use)

    def _card_use(self, held: tuple[str, str]) -> str:
        return self._held_use.get(held, "get_out_of_jail")

    def playable(self, p, window: str) -> list[tuple[str, str]]:
        """The held cards `p` may play in `window` (before_roll, after_landing, rent)."""
        return [h for h in p.held_cards
                if (pl := self._plays.get(h[1])) is not None and pl.window == window]

    def play_card(self, p, held: tuple[str, str], owner=None, rent: int = 0) -> None:
        """`p` plays a held card: it returns to the bottom of its deck, then its `play.do`
        runs (with the rent due and its owner in the rent window)."""
        if held not in p.held_cards:
            raise GameError(f"{p.name} does not hold card {held[1]!r}")
        p.held_cards.remove(held)
        self._return_card(held)
        self.emit("card_played", player=p.seat, card=held[1])
        self._in_card += 1
        try:
            self._plays[held[1]].effect(self, p, owner, rent)
        finally:
            self._in_card -= 1

    def _rent_play(self, p, owner, amount: int) -> bool:
        """Offer `p` to play a held card instead of paying `amount` rent to `owner`; True if
        one was played (the rent is then what the card's effect pays)."""
        cards = self.playable(p, "rent")
        if not cards:
            return False
        options = tuple(cards) + (None,)
        hints = [h for h in cards if (b := self._plays[h[1]].bot) is None or b(self, p, owner, amount)]
        answer = self.ask(Decision("play_card", p, options, window="rent", owner=owner.seat,
                                   amount=amount, hint=hints[0] if hints else None))
        if answer is None:
            return False
        self.play_card(p, tuple(answer), owner, amount)
        return True

    def bot_play(self, p, window: str) -> tuple | None:
        """The ('play', deck, card) action a bot takes in `window`, or None: the first held
        card playable there whose `bot` hint holds (no hint: always)."""
        for h in self.playable(p, window):
            b = self._plays[h[1]].bot
            if b is None or b(self, p, None, 0):
                return ("play", h[0], h[1])
        return None

    # ------------------------------------------------------------------ sets for loops
    def group_ids(self) -> Sequence[str]:
        """The edition's group ids, in edition order."""
        return self._group_ids

    def spaces_of(self, kind: str | None) -> Sequence[int]:
        """Every space (None), the deeds ('deed'), or the spaces of a kind, in board order."""
        got = self._sets.get(kind)
        if got is None:
            if kind is None:
                got = tuple(range(self.n))
            elif kind == "deed":
                got = tuple(s.index for s in self.spaces if s.is_deed)
            else:
                got = tuple(s.index for s in self.spaces if s.kind == kind)
            self._sets[kind] = got
        return got

    def ahead(self, p) -> Sequence[int]:
        """Every board index in the order met moving forward from `p` (its own space last)."""
        n = self.n
        return [(p.pos + k) % n for k in range(1, n + 1)]
