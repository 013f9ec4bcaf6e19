"""Fixed-size numbers for learners: the observation vector and the discrete actions of an edition.

Both are sized from the edition (spaces, groups, edition actions) and the number of players, so
one trained policy fits one (edition, players) pair. `Observation.layout` and `Actions.layout`
name every block (docs/rl.md prints them for classic).

Observation (float32, every value in [0, 1]; seats rotated so the observing player comes first):
blocks `players` (8 numbers each: alive, cash, position, in jail, jail attempts, held cards, net
worth, is the one asked), `positions` (one-hot per player), `owners` (one-hot holder per deed,
the bank first), `levels`, `mortgaged`, `kind` (one-hot decision kind), `window`, `space` (the
space the decision is about), `amounts` (price, min, max, amount, cost, fixed), `offer` (deeds
got 1 / given 0.5, cash in, cash out) and `game` (round, houses and hotels left, more rolls).

Actions (`Actions`): a `Discrete` space of named slots: `named` answers (done, pass, bankrupt,
buy, decline, ...), `option` (the k-th option of an unknown kind), `bid` (the minimum, or a
fraction of the printed price), per space `build`/`sell`/`mortgage`/`unmortgage`/`sell_deed`/
`place`, per group `sell_all` and three `trade` templates, and the edition's `act`ions.
`legal(game, decision)` maps each legal slot to the engine answer it stands for; the mask is
its key set. docs/rl.md has the tables with sizes and scales, written by `tables_markdown`
(tools/rl_tables.py; a test checks that the page is current).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from magie.engine.game.decisions import BANKRUPT, DECISION_KINDS, DONE, Decision, TradeOffer

if TYPE_CHECKING:
    from magie.engine.game.view import GameView

KINDS = tuple(DECISION_KINDS)
"""Decision kinds with a slot of their own in the observation (the engine's registry, in its
order; an unknown kind takes the slot after them)."""

WINDOWS = ("before_roll", "after_landing", "raise")

NAMED: tuple[tuple[str, Any], ...] = (
    ("done", DONE), ("pass", None), ("bankrupt", BANKRUPT), ("buy", "buy"), ("decline", "decline"),
    ("accept", "accept"), ("reject", "reject"), ("pay", "pay"), ("card", "card"), ("roll", "roll"),
    ("fixed", "fixed"), ("alternative", "alternative"), ("lift", "lift"), ("keep", "keep"),
    ("redeem", "redeem"), ("release", "release"), ("claim", True), ("waive", False))
"""The named answer slots, in action order."""

OPTION_SLOTS = 8
BID_FRACTIONS = (None, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)
"""Bid slots: None is the minimum bid; the others are fractions of the deed's printed price."""
TRADE_PRICES = (1.0, 1.5, 2.0)
PER_SPACE = ("build", "sell", "mortgage", "unmortgage", "sell_deed")
AMOUNT_KEYS = ("price", "min", "max", "amount", "cost", "fixed")


def _key(v: Any) -> tuple:
    """A dict key that tells True from 1 and None from 0."""
    return (type(v).__name__, v)


class Observation:
    """The observation vector of an edition for `players` seats (see the module docstring)."""

    def __init__(self, edition, players: int):
        self.ed = edition
        self.players = players
        n = len(edition.spaces)
        self.n = n
        blocks = [("players", 8 * players), ("positions", n * players), ("owners", (players + 1) * n),
                  ("levels", n), ("mortgaged", n), ("kind", len(KINDS) + 1), ("window", len(WINDOWS)),
                  ("space", n), ("amounts", len(AMOUNT_KEYS)), ("offer", n + 2), ("game", 4)]
        self.layout: list[tuple[str, int, int]] = []
        at = 0
        for name, size in blocks:
            self.layout.append((name, at, size))
            at += size
        self.size = at
        self._at = {name: start for name, start, _ in self.layout}
        self._deeds = [i for i, s in enumerate(edition.spaces) if s.is_deed]

    def encode(self, game: GameView, seat: int, d: Decision | None) -> np.ndarray:
        """The vector for the player at `seat`, asked `d` (None: not asked now)."""
        x = np.zeros(self.size, dtype=np.float32)
        P, n, at = self.players, self.n, self._at
        start = game.start_cash or 1
        order = [(seat + k) % P for k in range(P)]
        rel = {s: k for k, s in enumerate(order)}
        for k, s in enumerate(order):
            p = game.players[s]
            b = at["players"] + 8 * k
            x[b] = p.alive
            x[b + 1] = min(1.0, p.cash / (4 * start))
            x[b + 2] = p.pos / n
            x[b + 3] = p.in_jail
            x[b + 4] = min(1.0, p.jail_attempts / 3)
            x[b + 5] = min(1.0, len(p.held_cards) / 2)
            x[b + 6] = min(1.0, max(0.0, game.net_worth(p) / (8 * start))) if p.alive else 0.0
            x[b + 7] = d is not None and s == seat
            if p.alive:
                x[at["positions"] + k * n + p.pos] = 1.0
        hotel = game.hotel_level or 1
        for i in self._deeds:
            o = game.owner[i]
            x[at["owners"] + i * (P + 1) + (0 if o is None else 1 + rel[o.seat])] = 1.0
            x[at["levels"] + i] = min(1.0, game.level[i] / hotel)
            x[at["mortgaged"] + i] = game.mortgaged[i]
        r = game.rules
        limit = game.max_rounds or 1000
        x[at["game"]] = min(1.0, game.round / limit)
        if r.houses_supply:
            x[at["game"] + 1] = game.houses / r.houses_supply
        if r.hotels_supply:
            x[at["game"] + 2] = game.hotels / r.hotels_supply
        if d is None:
            return x
        kind = KINDS.index(d.kind) if d.kind in KINDS else len(KINDS)
        x[at["kind"] + kind] = 1.0
        ctx = d.ctx
        w = ctx.get("window")
        if w in WINDOWS:
            x[at["window"] + WINDOWS.index(w)] = 1.0
        x[at["game"] + 3] = bool(ctx.get("more_rolls"))
        sp = ctx.get("space")
        if isinstance(sp, int) and 0 <= sp < n:
            x[at["space"] + sp] = 1.0
        for k, key in enumerate(AMOUNT_KEYS):
            v = ctx.get(key)
            if isinstance(v, int) and not isinstance(v, bool):
                x[at["amounts"] + k] = min(1.0, max(0.0, v / (2 * start)))
        offer = ctx.get("offer")
        if isinstance(offer, TradeOffer):
            mine = offer.partner == seat        # the offer's partner is the one asked
            got = offer.give_deeds if mine else offer.get_deeds
            given = offer.get_deeds if mine else offer.give_deeds
            for i in got:
                x[at["offer"] + i] = 1.0
            for i in given:
                x[at["offer"] + i] = 0.5
            cash_in = offer.give_cash if mine else offer.get_cash
            cash_out = offer.get_cash if mine else offer.give_cash
            x[at["offer"] + n] = min(1.0, cash_in / (2 * start))
            x[at["offer"] + n + 1] = min(1.0, cash_out / (2 * start))
        return x


class Actions:
    """The discrete actions of an edition (see the module docstring). `size` slots; `names[a]`
    labels slot `a` (e.g. 'build:12'); `legal(game, d)` maps each legal slot to its answer."""

    def __init__(self, edition):
        self.ed = edition
        n = len(edition.spaces)
        G = len(edition.groups)
        A = len(edition.actions)
        self.n = n
        blocks = [("named", len(NAMED)), ("option", OPTION_SLOTS), ("bid", len(BID_FRACTIONS))]
        blocks += [(k, n) for k in PER_SPACE]
        blocks += [("place", n), ("sell_all", G), ("trade", len(TRADE_PRICES) * G), ("act", A * (1 + n))]
        self.layout: list[tuple[str, int, int]] = []
        at = 0
        for name, size in blocks:
            self.layout.append((name, at, size))
            at += size
        self.size = at
        self._at = {name: start for name, start, _ in self.layout}
        self._named = {_key(v): k for k, (_, v) in enumerate(NAMED)}
        self._act_index = {a.id: k for k, a in enumerate(edition.actions)}
        self._group_index = {g.id: g.index for g in edition.groups}
        self.names = [f"{name}:{k}" for name, _, size in self.layout for k in range(size)]
        for k, (label, _) in enumerate(NAMED):
            self.names[k] = label

    def legal(self, game: GameView, d: Decision) -> dict[int, Any]:
        """{slot: answer} for every legal answer of `d` this encoding can express (at least one)."""
        at = self._at
        out: dict[int, Any] = {}
        kind = d.kind
        if kind == "bid":
            out[at["named"] + 1] = None
            i = d.ctx.get("space")
            base = game.spaces[i].price if isinstance(i, int) else d.min
            cap = d.max if d.max is not None else d.player.cash
            for k, f in enumerate(BID_FRACTIONS):
                amount = d.min if f is None else max(d.min, int(round(f * base)))
                if amount <= cap:
                    out.setdefault(at["bid"] + k, amount)
            return out
        if kind in ("manage", "raise"):
            for act in d.options:
                slot = self._action_slot(act)
                if slot is not None:
                    out.setdefault(slot, act)
            if kind == "manage":
                self._trades(game, d, out)
            if not out:                    # nothing expressible: the neutral answer
                out[at["named"]] = DONE
            return out
        if kind in ("place", "pick"):      # a space: its board slot
            for o in d.options:
                if o is None:
                    out[at["named"] + 1] = None
                elif isinstance(o, int) and 0 <= o < self.n:
                    out[at["place"] + o] = o
            return out
        for k, o in enumerate(d.options):
            slot = self._named.get(_key(o))
            if slot is None and k < OPTION_SLOTS:
                slot = at["option"] + k
            if slot is not None:
                out.setdefault(slot, o)
        return out

    def default(self, game: GameView, d: Decision, legal: dict[int, Any]) -> int:
        """The slot of the neutral answer of `d` (the engine's default for a person who lets
        the decision time out, `DECISION_KINDS[kind].default`, when this encoding has a slot
        for it), else the first legal slot."""
        kind = DECISION_KINDS.get(d.kind)
        neutral = kind.default(game, d) if kind is not None else None
        for slot, answer in legal.items():
            if answer == neutral and type(answer) is type(neutral):
                return slot
        return min(legal)

    def only_done(self, legal: dict[int, Any]) -> dict[int, Any]:
        """`legal` (of a manage decision) cut down to its 'done' slot: the window closes for a
        learner that has used its actions (`MagieAEC.window_actions`). Unchanged when done is not
        legal (a window in debt)."""
        done = self._at["named"]
        return {done: legal[done]} if done in legal else legal

    def _action_slot(self, act: Any) -> int | None:
        at = self._at
        if not isinstance(act, tuple) or not act:
            return None
        k = act[0]
        if k == "done":
            return at["named"]
        if k == "bankrupt":
            return at["named"] + 2
        if k in PER_SPACE and len(act) == 2 and isinstance(act[1], int):
            return at[k] + act[1]
        if k == "sell_all" and act[1] in self._group_index:
            return at["sell_all"] + self._group_index[act[1]]
        if k == "act" and act[1] in self._act_index:
            target = act[2]
            return at["act"] + self._act_index[act[1]] * (1 + self.n) + (0 if target is None else 1 + target)
        return None

    def _trades(self, game: GameView, d: Decision, out: dict[int, Any]) -> None:
        """Trade templates: cash for the deeds that complete a group, when one other player holds
        them all (legal only when the engine's `trade_problem` finds nothing wrong)."""
        if not game.rules.trade_enabled:
            return
        p = d.player
        window = d.ctx.get("window", "after_landing")
        for grp in game.ed.groups:
            missing = [j for j in grp.spaces if game.owner[j] is not p]
            if not missing or len(missing) == len(grp.spaces):
                continue
            holders = {game.owner[j] for j in missing}
            if len(holders) != 1 or None in holders:
                continue
            q = holders.pop()
            price = sum(game.spaces[j].price for j in missing)
            for k, f in enumerate(TRADE_PRICES):
                cash = int(round(f * price))
                if cash > p.cash:
                    break
                offer = TradeOffer(p.seat, q.seat, give_cash=cash, get_deeds=tuple(missing))
                if game.trade_problem(offer, window) is None:
                    out[self._at["trade"] + len(TRADE_PRICES) * grp.index + k] = ("trade", offer)

    def mask(self, legal: dict[int, Any]) -> np.ndarray:
        """The action mask (int8, 1 for a legal slot)."""
        m = np.zeros(self.size, dtype=np.int8)
        m[list(legal)] = 1
        return m


OBSERVATION_VALUES = {
    "players": "8 per player: alive, cash / (4 x start cash), position / spaces, in jail, jail attempts / 3, "
               "held cards / 2, net worth / (8 x start cash), is the one asked",
    "positions": "one-hot position of each player (spaces per player)",
    "owners": "one-hot holder of each deed (the bank first, then the players: players + 1 per space); "
              "zeros for spaces with no deed",
    "levels": "building level / hotel level",
    "mortgaged": "1 if mortgaged",
    "kind": "one-hot decision kind: {kinds}",
    "window": "one-hot manage window: " + ", ".join(WINDOWS),
    "space": "one-hot space the decision is about",
    "amounts": ", ".join(AMOUNT_KEYS) + " of the decision / (2 x start cash)",
    "offer": "a trade offer to the player: 1 for a deed it would get, 0.5 for one it would give (a space each); "
             "cash in, cash out / (2 x start cash)",
    "game": "round / round limit, houses left / supply, hotels left / supply, more rolls this turn",
}
"""What each observation block holds (docs/rl.md's table)."""

ACTION_ANSWERS = {
    "named": ", ".join(label for label, _ in NAMED),
    "option": "the k-th listed option of a decision kind the encoding does not know",
    "bid": "the minimum bid, or " + ", ".join(f"{f:g}" for f in BID_FRACTIONS if f is not None)
           + " x the deed's printed price (at least the minimum, at most the bidder's cash)",
    **{k: f"('{k}', space), one slot a space" for k in PER_SPACE},
    "place": "a lot for a building (one slot a space)",
    "sell_all": "every building of a group (one slot a group)",
    "trade": "offer the one other holder of the deeds that complete a group "
             + ", ".join(f"{f:g}" for f in TRADE_PRICES) + " x their printed price (per group)",
    "act": "an edition action, without a target or on a space ((1 + spaces) per edition action)",
}
"""What each action block answers (docs/rl.md's table)."""


def tables_markdown(edition, players: int) -> str:
    """docs/rl.md's tables of the observation and action blocks of `edition` (a playable
    `Edition`) with `players` seats: block, start, size, what it holds."""
    obs, act = Observation(edition, players), Actions(edition)
    kinds = ", ".join((*KINDS, "other"))
    out = [f"Observation: {obs.size} numbers for {edition.id} with {players} players.", "",
           "| block | start | size | values |", "|---|---|---|---|"]
    out += [f"| {name} | {at} | {size} | {OBSERVATION_VALUES[name].format(kinds=kinds)} |"
            for name, at, size in obs.layout]
    out += ["", f"Actions: {act.size} slots for {edition.id}.", "",
            "| block | start | size | answer |", "|---|---|---|---|"]
    out += [f"| {name} | {at} | {size} | {ACTION_ANSWERS[name]} |" for name, at, size in act.layout]
    return "\n".join(out) + "\n"
