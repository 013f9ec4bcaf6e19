"""Forcing what seeded play did not reach (`magie check`): for each decision kind, manage action
and edition action that no checked game fired, a position where it is open, built in a game
mid-play with the engine's public means (deeds set to an owner, money paid by the bank, a player
moved, a building or mortgage carried out through `apply_action`), then the mechanism run so
that the decision is asked or the action taken through the decision protocol.

A forcer is a function of a `Forcing` (the game, the player whose turn it is, and a way to steer
an agent's answers); it builds the position and runs the mechanism, and returns '' or why it
could not build the position in this game. Whether the decision or action then fired is read
from what the game asked and what was answered (engine/sim/selfcheck.py counts both), never
assumed. Forcers exist per mechanism of the engine (decision kinds of `DECISION_KINDS`, action
kinds of `MANAGE_ACTIONS`), never per edition: each finds its spaces, groups, cards and holding
spaces in the edition's data.

`dsl_calls(ed)` lists the engine procedures an edition's compiled DSL calls (`choose`, `pick`,
`offer_build`, ...), read from the compiled code: what a card, action or hook can ask.
"""

from __future__ import annotations

import types
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any

from ..game.decisions import DONE, Deal, DealLeg, Decision, TradeOffer

if TYPE_CHECKING:
    from ..edition.model import Edition
    from ..game.game import Game
    from ..game.player import Player

FORCE_CASH = 5_000
"""Money (integer units) the bank pays a forced player so that price is no obstacle; an amount a
position can hold in any edition's play (the bank pays it as it pays salaries)."""

ASIS = object()
"""What a `Steer` returns to let the agent answer as it would."""

DICE_TURNS = 100
"""Most turns played for the dice to show a face whose effect asks a decision."""

Steer = Callable[[Decision], Any]
"""Answers a decision in a forced position, or returns `ASIS`."""


@dataclass
class Forcing:
    """A game mid-play in which one thing is forced: `g`, `p` the player whose turn it is, and
    `steer`, seat -> `Steer`, read by the counting agents of the checked game; `asked`, the
    decision kinds asked in the game so far (counted by those agents)."""

    g: Game
    p: Player
    asked: Counter[str]
    steer: dict[int, Steer] = field(default_factory=dict)
    given: set[int] = field(default_factory=set)       # the groups handed out (`group`)

    @property
    def others(self) -> list[Player]:
        """The other players still in, in seat order."""
        return [q for q in self.g.players if q.alive and q is not self.p]

    def cash(self, p: Player, amount: int = FORCE_CASH) -> None:
        """The bank pays `p` `amount`."""
        self.g.bank_pays(p, amount, "salary")

    def movable(self, i: int, mortgageable: bool) -> bool:
        """Can the deed of `i` change hands in a forced position: no building in its group, not
        mortgaged (and mortgageable when asked)?"""
        g = self.g
        sp = g.spaces[i]
        return (sp.is_deed and not g.mortgaged[i] and (not mortgageable or sp.mortgageable)
                and not any(g.level[j] for j in g.ed.groups[sp.group_index].spaces))

    def deeds(self, p: Player, count: int = 1, mortgageable: bool = False) -> list[int]:
        """Give `p` up to `count` unbuilt, unmortgaged deeds (of groups without buildings): those
        the bank holds first (board order), then other players' (an edition that deals every
        deed at the start leaves the bank none)."""
        g = self.g
        movable = [s.index for s in g.spaces if g.owner[s.index] is not p and self.movable(s.index, mortgageable)]
        movable.sort(key=lambda i: g.owner[i] is not None)
        for i in movable[:count]:
            g.set_owner(i, p)
        return movable[:count]

    def bank_deed(self) -> int | None:
        """A deed the bank holds, one handed back to the bank by its owner when it holds none
        (a deed of a group without buildings, not mortgaged); None when there is no such deed."""
        g = self.g
        held = [s.index for s in g.spaces if s.is_deed and g.owner[s.index] is None]
        if held:
            return held[0]
        back = next((s.index for s in g.spaces if self.movable(s.index, False)), None)
        if back is not None:
            g.set_owner(back, None)
        return back

    def group(self, p: Player) -> list[int]:
        """Give `p` every deed of the first buildable group with no building and no mortgage
        (taken from whoever holds them) not handed out before in this position, and the money to
        build; its spaces, or [] if none."""
        g = self.g
        for grp in g.ed.groups:
            if (grp.buildable and grp.index not in self.given
                    and not any(g.level[j] or g.mortgaged[j] for j in grp.spaces)):
                self.given.add(grp.index)
                for j in grp.spaces:
                    g.set_owner(j, p)
                self.cash(p)
                return list(grp.spaces)
        return []

    def take(self, seat: int, name: str, pick: Callable[[Any], bool] = lambda a: True) -> None:
        """Steer `seat` to answer its next manage or raise decision with the first legal action
        `name` (that `pick` accepts), then done in that window."""
        state = {"done": False}

        def answer(d: Decision) -> Any:
            if d.kind not in ("manage", "raise"):
                return ASIS
            if state["done"]:
                return DONE if d.kind == "manage" else ASIS
            for a in d.options:
                if a[0] == name and pick(a):
                    state["done"] = True
                    return a
            return ASIS
        self.steer[seat] = answer

    def offer(self, seat: int, action: tuple) -> None:
        """Steer `seat` to answer its next manage decision with `action` (checked by the engine),
        then done."""
        state = {"done": False}

        def answer(d: Decision) -> Any:
            if d.kind != "manage":
                return ASIS
            was, state["done"] = state["done"], True
            return DONE if was else action
        self.steer[seat] = answer

    def window(self, p: Player) -> None:
        """Offer `p` the manage window before the roll, then after a landing."""
        for w in ("before_roll", "after_landing"):
            if p.alive and not self.g.over:
                self.g.offer_window(p, w)


Forcer = Callable[[Forcing], str]


def _manage(name: str, setup: Callable[[Forcing], str] | None = None) -> Forcer:
    """A forcer of manage action `name`: `setup` builds the position, then `p` is offered the
    manage windows and steered to take the action."""
    def force(f: Forcing) -> str:
        why = setup(f) if setup is not None else ""
        if why:
            return why
        f.take(f.p.seat, name)
        f.window(f.p)
        return ""
    return force


def _built(f: Forcing) -> str:
    """`p` holds a whole group with a building on its first lot."""
    lots = f.group(f.p)
    if not lots:
        return "no buildable group is free of buildings and mortgages"
    for w in ("before_roll", "after_landing"):
        act = ("build", lots[0])
        if act in f.g.legal_actions(f.p, w):
            f.g.apply_action(f.p, act, w)
            return ""
    return "building on a whole group was refused"


def _mortgaged(f: Forcing) -> str:
    """`p` holds a mortgaged deed and the money to lift it."""
    got = f.deeds(f.p, mortgageable=True)
    if not got:
        return "no mortgageable deed free of buildings"
    f.g.apply_action(f.p, ("mortgage", got[0]), "after_landing")
    f.cash(f.p)
    return ""


def _one_deed(f: Forcing) -> str:
    return "" if f.deeds(f.p, mortgageable=True) or f.deeds(f.p) else "no deed free of buildings"


def _group_cash(f: Forcing) -> str:
    return "" if f.group(f.p) else "no buildable group is free of buildings and mortgages"


def _pledged(f: Forcing) -> str:
    """`p` holds deeds of the bank, one by one, until a loan is open."""
    while f.g.loan_problem(f.p) is not None:
        if not f.deeds(f.p):
            return f"no loan: {f.g.loan_problem(f.p)}"
    return ""


def _loaned(f: Forcing) -> str:
    why = _pledged(f)
    if why:
        return why
    f.g.apply_action(f.p, ("loan",), "after_landing")
    f.cash(f.p)
    return ""


def _trade(f: Forcing) -> str:
    got = f.deeds(f.p)
    if not got or not f.others:
        return "no deed to offer or no one to trade with"
    f.offer(f.p.seat, ("trade", TradeOffer(f.p.seat, f.others[0].seat, give_deeds=(got[0],))))
    f.window(f.p)
    return ""


def _deal(f: Forcing) -> str:
    got = f.deeds(f.p, 2)
    if len(got) < 2 or len(f.others) < 2:
        return "a deal needs two deeds to give and two other players"
    q, r = f.others[:2]
    f.offer(f.p.seat, ("trade", Deal(f.p.seat, (DealLeg(f.p.seat, q.seat, (got[0],)),
                                                DealLeg(f.p.seat, r.seat, (got[1],))))))
    f.window(f.p)
    return ""


def _unowned(run: Callable[[Forcing, int], object]) -> Forcer:
    """A forcer that gives `p` money and runs `run(f, i)` on a deed `i` the bank holds (the
    landing that offers it for sale, or its auction)."""
    def force(f: Forcing) -> str:
        i = f.bank_deed()
        if i is None:
            return "no deed can be handed back to the bank"
        f.cash(f.p)
        run(f, i)
        return ""
    return force


def _jail(f: Forcing) -> str:
    g = f.g
    holding = "jail" if "jail" in g.ed.holdings else next(iter(g.ed.holdings), None)
    if holding is None:
        return "no jail or holding space"
    g.go_to_holding(f.p, holding)
    for _ in range(len(g.order) + 1):
        if g.over or not f.p.in_jail:
            break
        g.play_turn()
    return ""


def _raise(f: Forcing) -> str:
    got = f.deeds(f.p, mortgageable=True)
    if not got:
        return "no mortgageable deed to raise money on"
    f.g.pay(f.p, None, f.p.cash + 1, "fine")
    return ""


def _landing(test: Callable[[Forcing, Any], bool], owned: bool = False) -> Forcer:
    """A forcer that moves `p` onto the first space that `test(f, space)` accepts; with `owned`,
    another player is given its deed first."""
    def force(f: Forcing) -> str:
        g = f.g
        spaces = [s for s in g.spaces if test(f, s)]
        if not spaces or (owned and not f.others):
            return "no such space on the board"
        i = spaces[0].index
        if owned:
            g.set_owner(i, f.others[0])
        f.cash(f.p)
        f.g.move_to(f.p, i)
        return ""
    return force


def _inherited(f: Forcing) -> str:
    g = f.g
    if not f.others:
        return "no other player"
    q = f.others[0]
    got = f.deeds(q, mortgageable=True)
    if not got:
        return "no mortgageable deed free of buildings"
    g.apply_action(q, ("mortgage", got[0]), "after_landing")
    f.cash(f.p)
    g.transfer_deed(got[0], f.p)
    return ""


def _redeem(f: Forcing) -> str:
    why = _mortgaged(f)
    if not why:
        f.g.redeem_at_lap_end(f.p)
    return why


def _place(f: Forcing) -> str:
    """A card's offer of a building where the edition's DSL makes one, else a building shortage:
    the bank keeps one building of the kind `p` asks for (the game's supply lowered with it),
    another player with a whole group wins the auction and places it."""
    g = f.g
    if "offer_build" in dsl_calls(g.ed):
        if not f.group(f.p):
            return "no buildable group is free of buildings and mortgages"
        g.offer_build(f.p, lambda i: 0)
        return ""
    lots = f.group(f.p)
    rival = f.others[0] if f.others else None
    if not lots or rival is None or not f.group(rival):
        return "two buildable groups free of buildings are needed"
    kind = g.spaces[lots[0]].ladder[0].kind
    if kind not in g.stock:
        return f"the supply of {kind}s is unlimited"
    cut = g.stock[kind] - 1
    g.stock[kind] -= cut
    g.supply_start[kind] -= cut
    f.take(f.p.seat, "build")
    build = f.steer[f.p.seat]
    f.steer[f.p.seat] = lambda d: None if d.kind == "bid" else build(d)      # p passes: the rival wins
    f.steer[rival.seat] = lambda d: d.min if d.kind == "bid" else ASIS
    f.window(f.p)
    return ""


def _sources(ed: Edition, procedure: str) -> Iterator[tuple[str, Any]]:
    """What can run `procedure` in `ed`: ('card', (deck id, card id)), ('kind', space index) for
    a space of a declared kind whose hook does, ('action', action id), ('dice', None) for a
    symbol face of the dice or all dice alike."""
    for deck_id, deck in ed.decks.items():
        for c in deck.cards:
            if procedure in code_names(c.effect):
                yield "card", (deck_id, c.id)
    for k in ed.space_kinds:
        if any(procedure in code_names(h) for h in k.hooks.values()):
            i = next((s.index for s in ed.spaces if s.kind == k.id), None)
            if i is not None:
                yield "kind", i
    for a in ed.actions:
        if procedure in code_names(a.do):
            yield "action", a.id
    if any(procedure in code_names(fn) for fn in [ed.all_alike] + [f for sym in ed.symbols.values()
                                                                 for f in (sym.instead, sym.after)]):
        yield "dice", None


def _asking(procedure: str, kind: str) -> Forcer:
    """A forcer of a decision a card, hook, action or die face of the edition asks through
    `procedure`: each source in turn (a card put on top of its deck and drawn, a landing, the
    action taken, turns played until the dice show the face) until the game has asked `kind`."""
    def force(f: Forcing) -> str:
        g = f.g
        for what, src in _sources(g.ed, procedure):
            if g.over or not f.p.alive:
                break
            f.cash(f.p)
            if what == "card":
                if not draw_card(f, *src):
                    continue
            elif what == "kind":
                f.g.move_to(f.p, src)
            elif what == "dice":
                for _turn in range(DICE_TURNS):
                    if g.over or f.asked[kind]:
                        break
                    g.play_turn()
            else:
                f.group(f.p)
                f.take(f.p.seat, "act", _is_action(src))
                f.window(f.p)
            if f.asked[kind]:
                return ""
        return ""
    return force


def _is_action(action_id: str) -> Callable[[Any], bool]:
    """Accepts an `('act', id, target)` action of `action_id`."""
    return lambda a: a[1] == action_id


def _offer_window(f: Forcing) -> str:
    f.window(f.p)
    return ""


def draw_card(f: Forcing, deck_id: str, card_id: str) -> bool:
    """`p` draws card `card_id`, put on top of its deck; False when it is not in the deck (kept
    by a player, or in the discard pile)."""
    dq = f.g.decks[deck_id]
    card = next((c for c in dq if c.id == card_id), None)
    if card is None:
        return False
    dq.remove(card)
    dq.appendleft(card)
    f.g.draw(f.p, deck_id)
    return True


def _held(f: Forcing, windows: tuple[str, ...]) -> str:
    """`p` draws (and so keeps) the first card played from the hand in one of `windows`."""
    for deck_id, deck in f.g.ed.decks.items():
        for c in deck.cards:
            if c.play is not None and c.play.window in windows and draw_card(f, deck_id, c.id):
                if any(h[1] == c.id for h in f.p.held_cards):
                    return ""
    return "no card played from the hand could be drawn and kept"


def _play_card(f: Forcing) -> str:
    """`p` holds a card played instead of paying rent (then lands on another's deed) or
    instead of throwing the dice (then plays the turn)."""
    if not _held(f, ("rent",)):
        return _landing(lambda f, s: f.movable(s.index, False), owned=True)(f)
    why = _held(f, ("roll",))
    if not why:
        f.g.play_turn()
    return why


def _vote(f: Forcing) -> str:
    if not f.g.ed.switches:
        return "no rule switch to propose"
    f.take(f.p.seat, "propose")
    f.window(f.p)
    return ""


def _act(action_id: str) -> Forcer:
    """A forcer of edition action `action_id`: `p` has money and the first lot of each group
    the bank holds, another player the second; then, until the action is open after a landing,
    `p` is moved onto a space of each kind in turn (an action's `when` may read where its player
    landed); where it is open, `p` is steered to take it on its first legal target."""
    def force(f: Forcing) -> str:
        g, p = f.g, f.p
        f.cash(p)
        for grp in g.ed.groups:
            free = [j for j in grp.spaces if g.spaces[j].is_deed and g.owner[j] is None]
            for j, who in zip(free, [p] + f.others[:1], strict=False):
                g.set_owner(j, who)
        firsts = list(dict.fromkeys((s.kind, s.index) for s in g.spaces))
        for _kind, i in [("", None)] + firsts:
            if g.over or not p.alive:
                break
            if i is not None:
                g.release(p)            # a landing that held p in jail leaves p free for the next
                g.move_to(p, i)
            if any(a[0] == "act" and a[1] == action_id for a in g.legal_actions(p, "after_landing")):
                f.take(p.seat, "act", _is_action(action_id))
                g.offer_window(p, "after_landing")
                return ""
        return "its condition held after no landing tried (one space of each kind)"
    return force


DECISION_FORCERS: dict[str, Forcer] = {
    "buy": _unowned(lambda f, i: f.g.move_to(f.p, i)),
    "bid": _unowned(lambda f, i: f.g.auction(i)),
    "jail": _jail,
    "manage": _offer_window,
    "raise": _raise,
    "trade": _trade,
    "deal": _deal,
    "tax": _landing(lambda f, s: s.tax_alternative is not None),
    "claim": _landing(lambda f, s: f.movable(s.index, False), owned=True),
    "inherited_mortgage": _inherited,
    "redeem": _redeem,
    "place": _place,
    "choice": _asking("choose", "choice"),
    "pick": _asking("pick", "pick"),
    "vote": _vote,
    "play_card": _play_card,
}
"""How each decision kind is forced (a kind missing here, such as `role`, asked at the start of
every game that has it, is never forced)."""

ACTION_FORCERS: dict[str, Forcer] = {
    "build": _manage("build", _group_cash),
    "sell": _manage("sell", _built),
    "sell_all": _manage("sell_all", _built),
    "mortgage": _manage("mortgage", _one_deed),
    "unmortgage": _manage("unmortgage", _mortgaged),
    "sell_deed": _manage("sell_deed", _one_deed),
    "trade": _trade,
    "loan": _manage("loan", _pledged),
    "repay": _manage("repay", _loaned),
    "propose": _vote,
    "play": _manage("play", lambda f: _held(f, ("before_roll", "after_landing"))),
    "done": _manage("done"),
}
"""How each manage action kind is forced (`act` is forced per edition action: `edition_action`;
`bankrupt` is never an answer the engine takes: selfcheck.closed)."""


def edition_action(action_id: str) -> Forcer:
    """The forcer of the edition's action `action_id`."""
    return _act(action_id)


# ---------------------------------------------------------------------- what the DSL calls
def code_names(fn: Any) -> frozenset[str]:
    """The attribute and global names a compiled DSL function's code uses, nested code included."""
    code = getattr(fn, "__code__", None)
    out: set[str] = set()
    stack = [code] if isinstance(code, types.CodeType) else []
    while stack:
        c = stack.pop()
        out.update(c.co_names)
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return frozenset(out)


def _compiled(x: Any, depth: int = 0) -> Iterator[Any]:
    """The compiled DSL functions reachable from `x` (an edition and its parts)."""
    if depth > 5 or isinstance(x, (str, bytes, int, float, type)) or x is None:
        return
    if isinstance(x, types.FunctionType):
        if hasattr(x, "where"):
            yield x
        return
    if is_dataclass(x):
        for fl in fields(x):
            yield from _compiled(getattr(x, fl.name, None), depth + 1)
    elif isinstance(x, (list, tuple)):
        for y in x:
            yield from _compiled(y, depth + 1)
    elif hasattr(x, "values") and hasattr(x, "keys"):
        for y in x.values():
            yield from _compiled(y, depth + 1)


def dsl_calls(ed: Edition) -> frozenset[str]:
    """Every name the compiled DSL of `ed` uses (the game's procedures it calls among them:
    'choose', 'pick', 'offer_build', ...), over every snippet of the edition's one compiled
    module (and its rule switches' modules). Learnt once per edition."""
    def learn() -> frozenset[str]:
        modules = {id(fn.__globals__): fn.__globals__ for fn in _compiled(ed)}
        out: set[str] = set()
        for ns in modules.values():
            for v in ns.values():
                if isinstance(v, types.FunctionType) and v.__code__.co_filename.startswith("<magie-dsl"):
                    out |= code_names(v)
        return frozenset(out)
    found: frozenset[str] = ed.shared("dsl_calls", learn)
    return found
