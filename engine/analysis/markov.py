"""Exact long-run landing odds of an edition, solved as a Markov chain (no simulation).

The chain is built from the edition's own data: the board (space kinds, decks), the dice
(`dice.count`, `dice.sides`), each card's movement read from its parsed DSL (`movement.py`), the
doubles rules (`rules.doubles`) and the jail rules (`rules.jail`). Its states are where a token
stands at the start of a turn: on a space (in jail's space: just visiting), in jail after `a`
failed throws, or in jail with a free exit next turn (`after_attempts: leave_next_turn`).
One transition is one whole turn, doubles runs included, so the stationary distribution is
the **per-turn** measure (where the token is at the end of a turn); the **per-roll** measure
(Collins' convention: where each throw of the dice finally leaves the token, after cards, chained
draws and go-to-jail, each throw of a doubles run, the third double that goes to jail and each
throw in jail counted) is the stationary expectation of the throws' outcomes in a turn divided by
the expected throws per turn.

Modelling choices (docs/editions/classic.md, "Landing odds"): cards are drawn uniformly from
their full deck (the long run of a shuffled deck; a kept card counts as drawn and is back at
once; a `reshuffle` deck as well: each pass through it draws every card once, whether the
drawn card goes under the deck or to a pile shuffled back, so each card's long-run frequency is
1/len(deck)); money never changes the movement (nobody is ever short of the jail fine); a card
movement under a condition of the game is not modelled (reported in `LandingOdds.unknown`);
an introductory lap (`rules.intro_lap`) is not modelled, it happens once.

The edition's own dice (`dice.extra`) are modelled where the engine's throw is a number: a die
thrown on every move's throw (no `when`) whose faces are numbers, or symbols with no effect
(counting 0), adds its face to the total of a move's throw; doubles stay those of the base dice
and throws in jail use the base dice only, as in the engine (engine/game/own_dice.py). A die
thrown under a condition of the game (`when`), a symbol face with an effect (`instead`, `after`)
and `dice.all_alike` with such dice depend on the game or on a player's choice: the analysis is
refused with an `AnalysisError` naming each of them (`move_outcomes`).

Jail policies: 'short' pays the fine at the start of the next turn in jail (when the edition has
a fine), 'long' throws for doubles every time and leaves as the edition says after the last
failure (`jail.after_attempts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from math import gcd
from typing import Any

from ..edition.model import Edition
from ..errors import MagieError
from .movement import CardMoves, Step, card_moves

JAIL = -1
"""The outcome 'the token is in jail' (a go-to-jail space or card, the doubles rule)."""

MAX_CHAIN = 20
"""Chained draws and card moves followed this deep (the engine stops a game at 20 as well)."""

POLICIES = ("short", "long")


class AnalysisError(MagieError):
    """The edition's movement has no single long-run distribution (a reducible or periodic
    chain), or cannot be modelled (jail rules without a jail space, doubles that send to a
    holding space other than the jail, dice the chain does not model)."""


@dataclass
class LandingOdds:
    """The solution. `per_roll` and `per_turn` map each space id to a probability, plus
    'in_jail'; the jail space's own entry is just visiting. `rolls_per_turn` is the expected
    number of throws of the dice in a turn; `unknown` lists (card id, reason) for cards whose
    movement could not be derived and was treated as no move."""

    edition: str
    jail_policy: str
    per_roll: dict[str, float]
    per_turn: dict[str, float]
    rolls_per_turn: float
    unknown: list[tuple[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The odds as plain data (`magie analyze --json`)."""
        return {"edition": self.edition, "jail_policy": self.jail_policy,
                "per_roll": {k: round(v, 8) for k, v in self.per_roll.items()},
                "per_turn": {k: round(v, 8) for k, v in self.per_turn.items()},
                "rolls_per_turn": round(self.rolls_per_turn, 8),
                "not_modelled": [{"card": c, "reason": r} for c, r in self.unknown]}


def dice_outcomes(count: int, sides: int) -> list[tuple[int, bool, float]]:
    """(total, doubles, probability) of a throw of `count` dice with `sides` sides. Doubles:
    at least two dice, all equal (as the engine's `Dice.throw`). Totals are found by
    convolution, so many dice stay cheap."""
    totals = {0: 1.0}
    for _ in range(count):
        nxt: dict[int, float] = {}
        for t, p in totals.items():
            for face in range(1, sides + 1):
                nxt[t + face] = nxt.get(t + face, 0.0) + p / sides
        totals = nxt
    out: dict[tuple[int, bool], float] = {}
    doubles_p = (1.0 / sides) ** count if count >= 2 else 0.0
    for t, p in totals.items():
        out[(t, False)] = p
    if count >= 2:
        for face in range(1, sides + 1):
            t = face * count
            out[(t, False)] -= doubles_p
            out[(t, True)] = doubles_p
    return [(t, d, p) for (t, d), p in sorted(out.items()) if p > 1e-15]


def move_outcomes(ed: Edition) -> list[tuple[int, bool, float]]:
    """(total, doubles, probability) of a move's throw of edition `ed`: its base dice plus the
    numbers of its own dice (`dice.extra`), a symbol without effect counting 0; doubles are
    judged on the base dice. Raises `AnalysisError` naming every part of the dice the chain does
    not model: a die with a `when` condition, a symbol with an `instead` or `after` effect,
    `dice.all_alike` with the edition's own dice."""
    base = dice_outcomes(ed.dice_count, ed.dice_sides)
    if not ed.extra_dice:
        return base
    missing: list[str] = []
    for d in ed.extra_dice:
        if d.when is not None:
            missing.append(f"die '{d.id}' is thrown under a condition of the game (`when`)")
        acting = sorted({f for f in d.faces if isinstance(f, str)
                         and (ed.symbols[f].instead is not None or ed.symbols[f].after is not None)})
        if acting:
            missing.append(f"die '{d.id}' has symbol faces with an effect: {', '.join(acting)}")
    if ed.all_alike is not None:
        missing.append("`dice.all_alike` replaces the move when every die shows the same number")
    if missing:
        raise AnalysisError("the chain does not model these dice of the edition: " + "; ".join(missing)
                            + " (the odds would be those of other dice; `magie simulate` plays them)")
    out: dict[tuple[int, bool], float] = {(t, dbl): q for t, dbl, q in base}
    for d in ed.extra_dice:
        nxt: dict[tuple[int, bool], float] = {}
        for (t, dbl), q in out.items():
            for f in d.faces:
                key = (t + (f if isinstance(f, int) else 0), dbl)
                nxt[key] = nxt.get(key, 0.0) + q / len(d.faces)
        out = nxt
    return [(t, dbl, q) for (t, dbl), q in sorted(out.items())]


class _Board:
    """Where a move ends once the space is resolved: cards, chained draws, go to jail."""

    def __init__(self, ed: Edition, moves: CardMoves):
        self.ed = ed
        self.n = len(ed.spaces)
        self.moves = moves
        self.jail = ed.jail_index
        self._memo: dict[tuple[int, int], dict[int, float]] = {}
        self._nearest: dict[tuple[str | None, str | None], list[int]] = {}

    def nearest(self, pos: int, kind: str | None, group: str | None) -> int:
        key = (kind, group)
        table = self._nearest.get(key)
        if table is None:
            match = [(kind is None or s.kind == kind) and (group is None or s.group == group)
                     for s in self.ed.spaces]
            if not any(match):
                raise AnalysisError(f"a card moves to the nearest {kind or 'space of group ' + str(group)}, "
                                    f"but the board has none")
            table = [next((i + d) % self.n for d in range(1, self.n + 1) if match[(i + d) % self.n])
                     for i in range(self.n)]
            self._nearest[key] = table
        return table[pos]

    def land(self, pos: int, depth: int = 0) -> dict[int, float]:
        """Outcome distribution (space index or JAIL) of a token stopping on `pos`."""
        key = (pos, depth)
        memo = self._memo.get(key)
        if memo is not None:
            return memo
        sp = self.ed.spaces[pos]
        if sp.kind == "go_to_jail":
            out = {JAIL: 1.0}
        elif sp.kind == "card" and sp.deck and depth < MAX_CHAIN:
            out = self.draw(sp.deck, pos, depth)
        else:
            out = {pos: 1.0}
        self._memo[key] = out
        return out

    def draw(self, deck: str, pos: int, depth: int) -> dict[int, float]:
        cards = self.moves.decks.get(deck) or []
        if not cards:
            return {pos: 1.0}
        out: dict[int, float] = {}
        w = 1.0 / len(cards)
        for steps in cards:
            for o, p in self.apply(steps, pos, depth + 1).items():
                out[o] = out.get(o, 0.0) + w * p
        return out

    def apply(self, steps: tuple[Step, ...], pos: int, depth: int) -> dict[int, float]:
        """Carry out a card's steps from `pos`, each landing resolved in turn."""
        dist = {pos: 1.0}
        for st in steps:
            nxt: dict[int, float] = {}
            for where, p in dist.items():
                if where == JAIL or depth >= MAX_CHAIN:
                    res = {where: 1.0}
                elif st.how == "jail":
                    res = {JAIL: 1.0}
                elif st.how == "draw":
                    res = self.draw(st.arg, where, depth)
                else:
                    if st.how == "to":
                        target = st.arg
                    elif st.how == "nearest":
                        target = self.nearest(where, *st.arg)
                    else:
                        target = (where + st.arg) % self.n
                    res = self.land(target, depth)
                for o, q in res.items():
                    nxt[o] = nxt.get(o, 0.0) + p * q
            dist = nxt
        return dist


# states: 0..n-1 free on a space; n + a in jail after a failed throws; n + attempts: free exit next turn
@dataclass
class Chain:
    """The turn chain: `T[s]` maps next states to probabilities, `R[s]` the expected number of
    throws of a turn from `s` ending at each outcome (space index or JAIL), `rolls[s]` the
    expected throws; `labels[s]` names each state."""

    n: int
    T: list[dict[int, float]]
    R: list[dict[int, float]]
    rolls: list[float]
    labels: list[str]
    start: int


def build_chain(ed: Edition, moves: CardMoves, policy: str) -> Chain:
    """The turn-level chain of edition `ed` under jail `policy` ('short' or 'long')."""
    if policy not in POLICIES:
        raise AnalysisError(f"unknown jail policy {policy!r} (known: {', '.join(POLICIES)})")
    r = ed.rules
    if r.doubles_jail_after and r.doubles_holding != "jail":
        raise AnalysisError(f"doubles send players to the holding space '{r.doubles_holding}': the chain "
                            f"models the jail only")
    chain = _ChainBuilder(ed, moves)
    for i in range(chain.n):
        chain.free_turn(i, {i: 1.0}, 0, False)
    if chain.jail is not None:
        chain.jail_turns(chain.jail, policy)
    labels = [sp.id for sp in ed.spaces]
    if chain.jail is not None:
        labels += [f"in jail after {a} failed throws" for a in range(chain.attempts)] + ["in jail, free next turn"]
    return Chain(n=chain.n, T=chain.T, R=chain.R, rolls=chain.rolls, labels=labels, start=ed.start_index)


class _ChainBuilder:
    """The rows of the chain as they are filled: `T` the next turn's state, `R` where the token
    stops (landings and JAIL), `rolls` the throws of a turn, one row per state (the spaces, then
    in jail after 0, 1, ... failed throws, then in jail and free next turn)."""

    def __init__(self, ed: Edition, moves: CardMoves):
        self.ed = ed
        self.r = ed.rules
        self.board = _Board(ed, moves)
        self.n = self.board.n
        self.moving = move_outcomes(ed)         # a move's throw (the edition's own dice included)
        self.dice = dice_outcomes(ed.dice_count, ed.dice_sides)   # a throw in jail: the base dice
        self.jail = ed.jail_index
        self.attempts = max(1, self.r.jail_attempts)
        n_states = self.n + self.attempts + 1 if self.jail is not None else self.n
        self.served = self.n + self.attempts
        self.T: list[dict[int, float]] = [{} for _ in range(n_states)]
        self.R: list[dict[int, float]] = [{} for _ in range(n_states)]
        self.rolls = [0.0] * n_states

    def jailed(self) -> int:
        """The state of a token just sent to jail."""
        if self.jail is None:
            raise AnalysisError(f"edition '{self.ed.id}' sends tokens to jail (a space, a card or the doubles "
                                f"rule) but has no space of kind 'jail'")
        return self.n

    def free_turn(self, s: int, start: dict[int, float], doubles: int, single: bool) -> None:
        """Throws from positions `start` with `doubles` already thrown this turn."""
        r, T, R, n = self.r, self.T, self.R, self.n
        cur = start
        level = 0
        while cur and level < 200:
            nxt: dict[int, float] = {}
            for pos, pr in cur.items():
                for total, dbl, q in self.moving:
                    w = pr * q
                    self.rolls[s] += w
                    count = doubles + level + (1 if dbl else 0)
                    if dbl and r.doubles_jail_after and count >= r.doubles_jail_after:
                        _add(R[s], JAIL, w)
                        _add(T[s], self.jailed(), w)
                        continue
                    again = dbl and r.doubles_roll_again and not single
                    for out, p in self.board.land((pos + total) % n).items():
                        _add(R[s], out, w * p)
                        if out == JAIL:
                            _add(T[s], self.jailed(), w * p)
                        elif again:
                            _add(nxt, out, w * p)
                        else:
                            _add(T[s], out, w * p)
            cur = {k: v for k, v in nxt.items() if v > 1e-300}
            level += 1
            single = False

    def jail_turns(self, jail: int, policy: str) -> None:
        """The rows of the jail states: paying at once ('short', when there is a fine) or throwing
        for doubles ('long'), and the turn after the last failed throw."""
        r = self.r
        paid_single = r.jail_paid_exit == "one_throw"
        self.free_turn(self.served, {jail: 1.0}, 0, paid_single)
        for a in range(self.attempts):
            s = self.n + a
            if policy == "short" and r.jail_fine > 0:
                self.free_turn(s, {jail: 1.0}, 0, paid_single)
            else:
                self._jail_throws(jail, a)

    def _jail_throws(self, jail: int, a: int) -> None:
        """The row of a token in jail after `a` failed throws that throws for doubles."""
        r, T, R, n = self.r, self.T, self.R, self.n
        s = n + a
        for total, dbl, q in self.dice:
            self.rolls[s] += q
            if dbl:
                for out, p in self.board.land((jail + total) % n).items():
                    _add(R[s], out, q * p)
                    if out != JAIL and r.jail_doubles_roll_again:
                        self.free_turn(s, {out: q * p}, 1, False)
                    else:
                        _add(T[s], n if out == JAIL else out, q * p)
            elif a + 1 < r.jail_attempts:
                _add(R[s], JAIL, q)
                _add(T[s], s + 1, q)
            elif r.jail_after_attempts == "leave_next_turn":
                _add(R[s], JAIL, q)
                _add(T[s], self.served, q)
            else:
                for out, p in self.board.land((jail + total) % n).items():
                    _add(R[s], out, q * p)
                    _add(T[s], n if out == JAIL else out, q * p)


def _add(d: dict[int, float], k: int, p: float) -> None:
    d[k] = d.get(k, 0.0) + p


def _reachable(T: list[dict[int, float]], s: int) -> set[int]:
    seen = {s}
    stack = [s]
    while stack:
        u = stack.pop()
        for v, p in T[u].items():
            if p > 0 and v not in seen:
                seen.add(v)
                stack.append(v)
    return seen


def closed_class(chain: Chain) -> list[int]:
    """The states the token visits in the long run from the start space: the one closed
    communicating class reachable from it. Raises `AnalysisError` when there are several
    (reducible: the long run depends on luck) or the class is periodic."""
    T = chain.T
    reach = _reachable(T, chain.start)
    reach_from = {u: _reachable(T, u) for u in reach}
    closed = []
    for u in sorted(reach):
        if all(u in reach_from[v] for v in reach_from[u]):
            cls = sorted(reach_from[u])
            if cls not in closed:
                closed.append(cls)
    if len(closed) != 1:
        names = ["{" + ", ".join(chain.labels[i] for i in c[:4]) + (", ..." if len(c) > 4 else "") + "}"
                 for c in closed]
        raise AnalysisError(f"the movement has no single long run: a token can be caught in any of "
                            f"{len(closed)} separate sets of spaces ({'; '.join(names)}) with no way out")
    cls = closed[0]
    if len(cls) == 1:
        raise AnalysisError(f"the movement is reducible: a token on {chain.labels[cls[0]]} can never leave it")
    # period: gcd over the class's edges of level(u) + 1 - level(v)
    level = {cls[0]: 0}
    queue = [cls[0]]
    for u in queue:
        for v, p in T[u].items():
            if p > 0 and v not in level:
                level[v] = level[u] + 1
                queue.append(v)
    period = 0
    for u in cls:
        for v, p in T[u].items():
            if p > 0:
                period = gcd(period, level[u] + 1 - level[v])
    if period > 1:
        raise AnalysisError(f"the movement is periodic (period {period}): the token's position cycles, "
                            f"so there is no long-run landing distribution")
    return cls


def stationary(chain: Chain, cls: list[int]) -> dict[int, float]:
    """The stationary distribution on the closed class `cls` (Gaussian elimination with partial
    pivoting on pi (T - I) = 0, one equation replaced by sum(pi) = 1)."""
    idx = {s: k for k, s in enumerate(cls)}
    m = len(cls)
    # A x = b with A = (T - I)^T; row m-1 replaced by ones
    A = [[0.0] * m for _ in range(m)]
    for s in cls:
        for t, p in chain.T[s].items():
            if t in idx:
                A[idx[t]][idx[s]] += p
        A[idx[s]][idx[s]] -= 1.0
    A[m - 1] = [1.0] * m
    b = [0.0] * (m - 1) + [1.0]
    for col in range(m):
        piv = max(range(col, m), key=lambda r_: abs(A[r_][col]))
        if abs(A[piv][col]) < 1e-14:
            raise AnalysisError("the chain's equations are singular (no unique long run)")
        A[col], A[piv] = A[piv], A[col]
        b[col], b[piv] = b[piv], b[col]
        inv = 1.0 / A[col][col]
        for r_ in range(col + 1, m):
            f = A[r_][col] * inv
            if f:
                row, prow = A[r_], A[col]
                for c in range(col, m):
                    row[c] -= f * prow[c]
                b[r_] -= f * b[col]
    x = [0.0] * m
    for r_ in range(m - 1, -1, -1):
        x[r_] = (b[r_] - sum(A[r_][c] * x[c] for c in range(r_ + 1, m))) / A[r_][r_]
    return {s: max(0.0, x[idx[s]]) for s in cls}


def landing_odds(ed: Edition, tree: Mapping[str, Any], policy: str = "long") -> LandingOdds:
    """The exact long-run landing odds of edition `ed` (its merged tree `tree` gives the card
    effects' DSL text) under jail `policy`. Raises `AnalysisError` for an edition whose chain has
    no single aperiodic long run."""
    moves = card_moves(tree, ed.space_index, ed.start_index, ed.jail_index)
    chain = build_chain(ed, moves, policy)
    cls = closed_class(chain)
    pi = stationary(chain, cls)
    n = chain.n
    ids = [sp.id for sp in ed.spaces]
    per_turn = dict.fromkeys(ids, 0.0)
    per_turn["in_jail"] = 0.0
    roll_counts = dict.fromkeys(ids, 0.0)
    roll_counts["in_jail"] = 0.0
    rolls = 0.0
    for s, p in pi.items():
        per_turn[ids[s] if s < n else "in_jail"] += p
        rolls += p * chain.rolls[s]
        for out, c in chain.R[s].items():
            roll_counts["in_jail" if out == JAIL else ids[out]] += p * c
    per_roll = {k: v / rolls for k, v in roll_counts.items()}
    total = sum(per_turn.values())
    per_turn = {k: v / total for k, v in per_turn.items()}
    return LandingOdds(edition=ed.id, jail_policy=policy, per_roll=per_roll, per_turn=per_turn,
                       rolls_per_turn=rolls, unknown=list(moves.unknown))

