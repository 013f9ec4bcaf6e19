"""The manage window: building, selling, mortgaging, trading and edition actions between rolls,
and the same actions (those that raise money) while a player is in debt.

Every action kind is a row of `MANAGE_ACTIONS`: how it is checked, carried out, and listed
(for the random bot and the human menu). `legal_actions` lists every legal action,
`check_action` checks one answer and raises `IllegalDecision` with the reason, `apply_action`
checks it and carries it out (the public entry point), `carry_out` carries out an answer the
decision protocol has already checked (asking.py checks every manage and raise answer).
Windows: 'before_roll' (start of the turn), 'after_landing' (after each landing; it also counts
as before the next roll when doubles give one), 'raise' (in debt), 'between_turns' (another
player's, between turns: between_turns.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..errors import IllegalDecision
from .decisions import BANKRUPT, DONE, NO_CALM, Calm, Deal, Decision, TradeOffer
from .edition_actions import action_by_id, action_problem, action_ready, action_targets, actions_open
from .player import WOKEN

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

MAX_ACTIONS_PER_WINDOW: Final = 500
"""A safety net against an agent that never says done."""

Action = tuple[Any, ...]


@dataclass(frozen=True)
class ManageAction:
    """One kind of manage action, `(name, ...)`. `check(game, player, action, window)` returns
    why the action is not legal now (None: legal; it may raise `IllegalDecision` for a
    malformed tuple); `apply(game, player, action, window)` carries out a checked one.
    Listing: `on_space(game, player, space, window)` says whether `(name, space)` is legal, for
    each deed of the player in board order (actions on one space); `listing(game, player,
    window)` lists the others. `in_game(game)` says whether the kind can be legal at all in this
    game, by its edition and rules (None: it can); the random bot picks among those kinds
    (`pickable_kinds`). `label` names the action for people. An action on one deed also has
    `on_deed(game, player, space, window)`: why the deed's own rules refuse it (None: they allow
    it), which `check` gives too outside the debt window (`deed_problems`)."""

    name: str
    label: str
    check: Callable[[Game, Player, Action, str], str | None]
    apply: Callable[[Game, Player, Action, str], None] | None = None
    on_space: Callable[[Game, Player, int, str], bool] | None = None
    listing: Callable[[Game, Player, str], list[Action]] | None = None
    in_game: Callable[[Game], bool] | None = None
    on_deed: Callable[[Game, Player, int, str], str | None] | None = None


def manage(g: Game, p: Player, window: str) -> None:
    """Offer `p` the manage window until they answer done. An agent with a `windows(game)`
    method is asked only in the windows it names (bots that never act before rolling); one
    with an `idle(game, player, window)` method that returns True is not asked at all (it would answer
    done: nothing it looks at changed), unless answers are recorded or replayed. A `Calm` it
    returns ('before_roll', 'after_landing') is kept in `p.calm` (and dropped when it answers
    anything else in any window here): the turn loop does not call this at all while the promise
    holds (`calm_holds`; it ends a Quiet(cash) as this does). A promise is only kept from an
    `idle` call, which is never made while replaying."""
    if window not in g.agent_windows[p.seat]:
        return
    if p.cash >= p.wake:             # a Quiet(cash) between turns ends here (decisions.Quiet)
        p.wake = WOKEN
    idle = g.agent_idle[p.seat]
    if idle is not None:
        passed = idle(g, p, window)
        if passed:
            p.calm = passed if passed is not True and isinstance(passed, Calm) else NO_CALM
            return
        p.calm = NO_CALM
    offer_window(g, p, window)


def calm_holds(g: Game, p: Player) -> bool:
    """Does `p`'s agent's promise to pass (`p.calm`, decisions.Calm) hold, so that the turn loop
    need not call `manage` for `p`'s own window (and no edition action is open: `actions_open`)?
    When it holds, what `manage` does first is done here: a Quiet(cash) between turns ends once
    the cash reaches it."""
    c = p.calm
    if p.version != c.version or g.deeds_version != c.deeds or p.cash >= c.wake or g.turns >= c.turn:
        return False
    if g.ed.actions and actions_open(g, p):
        return False
    if p.cash >= p.wake:
        p.wake = WOKEN
    return True


def offer_window(g: Game, p: Player, window: str) -> None:
    """Ask `p` the manage decision of `window` until they answer done (or the game ends), and
    carry out each action: `manage` without its checks of the agent's windows and `idle`."""
    for _ in range(MAX_ACTIONS_PER_WINDOW):
        if not p.alive or g.over:
            return
        if p.cash >= p.wake:         # as in manage: the agent is consulted with this cash
            p.wake = WOKEN
        action = g.ask(Decision.of("manage", p, None, g, {"window": window, "more_rolls": g.more_rolls}))
        if action is DONE or action[0] == "done":
            return
        carry_out(g, p, action, window)


def before_roll_window(g: Game, window: str) -> bool:
    """Does `window` count as before a roll (the start of the turn, or after a landing when
    doubles give another throw)?"""
    return window == "before_roll" or (window == "after_landing" and g.more_rolls)


def legal_actions(g: Game, p: Player, window: str) -> list[Action]:
    """Every legal action for `p` in `window`, then ('done',); in debt ('raise'), no done, and
    ('bankrupt',) only when everything `p` has cannot pay the debt. Order: the actions on each
    deed (board order, then registry order), then the others in registry order."""
    acts: list[Action] = []
    for i in sorted(p.deeds):
        for name, legal in _ON_SPACE:
            if legal(g, p, i, window):
                acts.append((name, i))
    for listing in _LISTING:
        acts.extend(listing(g, p, window))
    return acts


def closed_actions(g: Game, p: Player, window: str) -> list[tuple[Action, str]]:
    """The actions on `p`'s deeds that are not open to `p` in `window` now, each with the reason
    its check gives ("why not"): building on each lot with a level left, selling a building where
    there is one, mortgaging an unmortgaged deed, lifting a mortgaged one. Deeds in board order,
    then registry order; the actions that could not apply at all (selling where nothing stands)
    are left out. Asks nothing and changes nothing."""
    out: list[tuple[Action, str]] = []
    kinds = [name for name in DEED_ACTIONS if (kind := MANAGE_ACTIONS[name]).in_game is None or kind.in_game(g)]
    for i in sorted(p.deeds):
        sp = g.spaces[i]
        for name in kinds:
            if name == "build" and g.level[i] >= len(sp.ladder):
                continue
            if name in ("sell", "sell_all") and g.level[i] == 0:
                continue
            if name == "mortgage" and g.mortgaged[i] or name == "unmortgage" and not g.mortgaged[i]:
                continue
            action = (name, i)
            reason = MANAGE_ACTIONS[name].check(g, p, action, window)
            if reason:
                out.append((action, reason))
    return out


def deed_problems(g: Game, p: Player, window: str) -> dict[int, dict[str, str | None]]:
    """For each deed of `p` (board order), each action on one deed (`DEED_ACTIONS`, registry
    order) with why the deed's own rules refuse it to `p` in `window` now, or None where they
    allow it: each row's `on_deed` (the building rules, a building to sell, the mortgage, the
    bank buying deeds). Every kind is there, in the game or not and whether or not it could
    apply (selling where nothing stands gives its reason). The debt window's own refusals (no
    building or lifting a mortgage while in debt: `check_action`) are not in it: a front end
    says those as "not in this decision". Asks nothing and changes nothing."""
    return {i: {name: on_deed(g, p, i, window) for name, on_deed in _ON_DEED} for i in sorted(p.deeds)}


def pickable_kinds(g: Game) -> tuple[ManageAction, ...]:
    """The kinds of action an agent may pick in a manage window of `g`, in registry order: those
    with a per-space check or a listing that can be legal in this game (`in_game`), without
    'done' and 'bankrupt', which end a window rather than act in it, and 'trade', whose offers
    are made up by the agent. The random bot picks a kind among them, then a target."""
    return tuple(k for k in MANAGE_ACTIONS.values()
                 if (k.on_space is not None or k.listing is not None) and k.name not in _ENDS
                 and (k.in_game is None or k.in_game(g)))


def check_action(g: Game, p: Player, action: Any, window: str) -> None:
    """Raise `IllegalDecision` unless `action` is legal for `p` in `window`."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        raise IllegalDecision(f"an action is a tuple like ('build', space), not {action!r}")
    kind = MANAGE_ACTIONS.get(action[0])
    if kind is None:
        raise IllegalDecision(f"unknown action {action[0]!r}")
    problem = kind.check(g, p, action, window)
    if problem:
        raise IllegalDecision(problem)


def apply_action(g: Game, p: Player, action: Any, window: str) -> None:
    """Check `action` for `p` in `window` and carry it out: the entry point for code outside the
    decision protocol (a search bot's forks, tests, tools). Raises `IllegalDecision` with the
    reason, the game unchanged, when the action is not legal now."""
    check_action(g, p, action, window)
    carry_out(g, p, action, window)


def carry_out(g: Game, p: Player, action: Action, window: str) -> None:
    """Carry out an action that `check_action` has passed (the answers of the manage and raise
    decisions, checked as they are asked); unchecked, an illegal action could break the game's
    invariants, so only the decision protocol's callers use it."""
    apply = MANAGE_ACTIONS[action[0]].apply
    if apply is not None:
        apply(g, p, action, window)


# ---------------------------------------------------------------------- the rows
def _space(action: Action, g: Game) -> int:
    if len(action) != 2 or not isinstance(action[1], int) or not 0 <= action[1] < g.n:
        raise IllegalDecision(f"{action[0]} takes a space index, not {action[1:]!r}")
    return action[1]


def _debt(g: Game) -> int:
    return g.debt or 0


def _check_done(g: Game, p: Player, action: Action, window: str) -> str | None:
    if window == "raise":
        return "you are in debt: raise the money (sell, mortgage) first"
    return None


def _list_done(g: Game, p: Player, window: str) -> list[Action]:
    return [] if window == "raise" else [DONE]


def _check_bankrupt(g: Game, p: Player, action: Action, window: str) -> str | None:
    if window != "raise":
        return "bankruptcy is declared only when a debt cannot be paid"
    amount = _debt(g)
    if p.cash + g.liquidation_value(p) >= amount:
        return f"you can still raise {amount}: sell buildings or mortgage"
    return None


def _list_bankrupt(g: Game, p: Player, window: str) -> list[Action]:
    if window == "raise" and p.cash + g.liquidation_value(p) < _debt(g):
        return [BANKRUPT]
    return []


def _check_build(g: Game, p: Player, action: Action, window: str) -> str | None:
    i = _space(action, g)
    if window == "raise":
        return "no building while in debt"
    if g.build_passed == g.build_stamp(p, i, window):
        return None         # the same check passed in this very state (the bot checks before answering)
    return g.build_problem(p, i, window)


def _build_problem(g: Game, p: Player, i: int, window: str) -> str | None:
    return g.build_problem(p, i, window)


def _check_sell(g: Game, p: Player, action: Action, window: str) -> str | None:
    return g.sell_problem(p, _space(action, g))


def _sell_problem(g: Game, p: Player, i: int, window: str) -> str | None:
    return g.sell_problem(p, i)


def _check_mortgage(g: Game, p: Player, action: Action, window: str) -> str | None:
    return g.mortgage_problem(p, _space(action, g))


def _mortgage_problem(g: Game, p: Player, i: int, window: str) -> str | None:
    return g.mortgage_problem(p, i)


def _check_unmortgage(g: Game, p: Player, action: Action, window: str) -> str | None:
    i = _space(action, g)
    return "no unmortgaging while in debt" if window == "raise" else g.unmortgage_problem(p, i)


def _unmortgage_problem(g: Game, p: Player, i: int, window: str) -> str | None:
    return g.unmortgage_problem(p, i)


def _check_sell_deed(g: Game, p: Player, action: Action, window: str) -> str | None:
    return g.sell_deed_problem(p, _space(action, g))


def _sell_deed_problem(g: Game, p: Player, i: int, window: str) -> str | None:
    return g.sell_deed_problem(p, i)


def _check_sell_all(g: Game, p: Player, action: Action, window: str) -> str | None:
    grp = g.ed.group_by_id.get(action[1]) if len(action) == 2 else None
    if grp is None:
        return f"no group {action[1:]!r}"
    if not any(g.level[j] and g.owner[j] is p for j in grp.spaces):
        return f"{p.name} has no buildings on group {grp.id}"
    return None


def _list_sell_all(g: Game, p: Player, window: str) -> list[Action]:
    held = p.groups       # only groups where p holds a deed can hold p's buildings
    return [("sell_all", grp.id) for grp in g.ed.groups
            if held[grp.index] and grp.buildable and any(g.level[j] and g.owner[j] is p for j in grp.spaces)]


def _check_trade(g: Game, p: Player, action: Action, window: str) -> str | None:
    if len(action) != 2 or not isinstance(action[1], (TradeOffer, Deal)):
        raise IllegalDecision("a trade is ('trade', TradeOffer) or ('trade', Deal)")
    if action[1].proposer != p.seat:
        raise IllegalDecision("a player proposes trades of their own: the proposer must be "
                              f"{p.name} (seat {p.seat})")
    return g.trade_problem(action[1], window)


def _check_act(g: Game, p: Player, action: Action, window: str) -> str | None:
    if len(action) != 3:
        raise IllegalDecision("an edition action is ('act', action_id, target)")
    a = action_by_id(g, action[1])
    if a is None:
        return f"no action {action[1]!r}"
    if window == "raise":
        return "edition actions are not allowed while in debt"
    if window == "between_turns":
        return "edition actions are taken on one's own turn"
    return action_problem(g, p, a, action[2])


def _list_act(g: Game, p: Player, window: str) -> list[Action]:
    if window in ("raise", "between_turns"):
        return []
    return [("act", a.id, target) for a in g.ed.actions if action_ready(g, p, a)
            for target in action_targets(g, a) if action_problem(g, p, a, target) is None]


def _apply_act(g: Game, p: Player, action: Action, window: str) -> None:
    a = action_by_id(g, action[1])
    assert a is not None, "checked by check_action"
    g.run_action(p, a, action[2])


def _check_play(g: Game, p: Player, action: Action, window: str) -> str | None:
    if len(action) != 3:
        raise IllegalDecision("playing a kept card is ('play', deck_id, card_id)")
    if window in ("raise", "between_turns") or (action[1], action[2]) not in g.playable(p, window):
        return f"{p.name} cannot play card {action[2]!r} now"
    return None


def _list_play(g: Game, p: Player, window: str) -> list[Action]:
    if window in ("raise", "between_turns") or not g.card_plays or not p.held_cards:
        return []
    return [("play",) + held for held in g.playable(p, window)]


def _check_loan(g: Game, p: Player, action: Action, window: str) -> str | None:
    return g.loan_problem(p)


def _list_loan(g: Game, p: Player, window: str) -> list[Action]:
    return [("loan",)] if g.rules.loans is not None and g.loan_problem(p) is None else []


def _apply_loan(g: Game, p: Player, a: Action, w: str) -> None:
    g.take_loan(p)


def _check_repay(g: Game, p: Player, action: Action, window: str) -> str | None:
    return "no repaying while in debt" if window == "raise" else g.repay_problem(p)


def _list_repay(g: Game, p: Player, window: str) -> list[Action]:
    return [("repay",)] if p.loans and window != "raise" and g.repay_problem(p) is None else []


def _apply_repay(g: Game, p: Player, a: Action, w: str) -> None:
    g.repay_loan(p)


def _check_propose(g: Game, p: Player, action: Action, window: str) -> str | None:
    if len(action) != 2:
        raise IllegalDecision("proposing a rule switch is ('propose', switch_id)")
    return g.propose_problem(p, action[1], window)


def _list_propose(g: Game, p: Player, window: str) -> list[Action]:
    return [("propose", sw.id) for sw in g.ed.switches if g.propose_problem(p, sw.id, window) is None]


def _apply_propose(g: Game, p: Player, a: Action, w: str) -> None:
    g.propose(p, a[1])


def _apply_build(g: Game, p: Player, a: Action, w: str) -> None:
    g.request_building(p, a[1], w)


def _can_build(g: Game, p: Player, i: int, w: str) -> bool:
    if w == "raise":
        return False
    # cheap necessary conditions of build_problem first: a level left, its price, the group
    sp = g.spaces[i]
    ladder = sp.ladder
    lvl = g.level[i]
    if lvl >= len(ladder):
        return False
    rung = ladder[lvl]
    if p.cash < rung.cost:
        return False
    if rung.owned == "all" and p.groups[sp.group_index] < len(g.ed.groups[sp.group_index].spaces):
        return False
    return g.build_problem(p, i, w) is None


def _apply_sell(g: Game, p: Player, a: Action, w: str) -> None:
    g.sell_building(p, a[1])


def _can_sell(g: Game, p: Player, i: int, w: str) -> bool:
    return bool(g.level[i]) and g.sell_problem(p, i) is None


def _apply_mortgage(g: Game, p: Player, a: Action, w: str) -> None:
    g.mortgage(p, a[1])


def _can_mortgage(g: Game, p: Player, i: int, w: str) -> bool:
    # a built lot is never mortgaged (mortgage_problem), whichever `sell_buildings_first`
    return not g.mortgaged[i] and not g.level[i] and g.mortgage_problem(p, i) is None


def _apply_unmortgage(g: Game, p: Player, a: Action, w: str) -> None:
    g.unmortgage(p, a[1])


def _can_unmortgage(g: Game, p: Player, i: int, w: str) -> bool:
    return w != "raise" and g.mortgaged[i] and p.cash >= g.unmortgage_cost(i)


def _apply_sell_deed(g: Game, p: Player, a: Action, w: str) -> None:
    g.sell_deed(p, a[1])


def _can_sell_deed(g: Game, p: Player, i: int, w: str) -> bool:
    return g.rules.bank_buys_percent is not None and g.sell_deed_problem(p, i) is None


def _apply_sell_all(g: Game, p: Player, a: Action, w: str) -> None:
    g.sell_all(p, g.ed.group_by_id[a[1]].index)


def _apply_trade(g: Game, p: Player, a: Action, w: str) -> None:
    g.propose_trade(a[1])


def _apply_play(g: Game, p: Player, a: Action, w: str) -> None:
    g.play_card(p, (a[1], a[2]))


def _bank_buys(g: Game) -> bool:
    return g.rules.bank_buys_percent is not None


def _has_mortgages(g: Game) -> bool:
    """Can some deed of the edition be mortgaged (`rules.mortgage.unavailable` leaves one out)?"""
    some: bool = g.ed.shared("mortgages", lambda: any(s.is_deed and s.mortgageable for s in g.spaces))
    return some


def _has_actions(g: Game) -> bool:
    return bool(g.ed.actions)


def _has_plays(g: Game) -> bool:
    return bool(g.card_plays)


def _has_loans(g: Game) -> bool:
    return g.rules.loans is not None


def _has_switches(g: Game) -> bool:
    return bool(g.ed.switches)


MANAGE_ACTIONS: Final[dict[str, ManageAction]] = {k.name: k for k in (
    ManageAction("build", "build", _check_build, _apply_build, on_space=_can_build, on_deed=_build_problem),
    ManageAction("sell", "sell a building", _check_sell, _apply_sell, on_space=_can_sell, on_deed=_sell_problem),
    ManageAction("mortgage", "mortgage", _check_mortgage, _apply_mortgage, on_space=_can_mortgage,
                 in_game=_has_mortgages, on_deed=_mortgage_problem),
    ManageAction("unmortgage", "lift the mortgage", _check_unmortgage, _apply_unmortgage, on_space=_can_unmortgage,
                 in_game=_has_mortgages, on_deed=_unmortgage_problem),
    ManageAction("sell_deed", "sell the deed to the bank", _check_sell_deed, _apply_sell_deed,
                 on_space=_can_sell_deed, in_game=_bank_buys, on_deed=_sell_deed_problem),
    ManageAction("sell_all", "sell all the group's buildings", _check_sell_all, _apply_sell_all,
                 listing=_list_sell_all),
    ManageAction("act", "edition action", _check_act, _apply_act, listing=_list_act, in_game=_has_actions),
    ManageAction("play", "play a kept card", _check_play, _apply_play, listing=_list_play, in_game=_has_plays),
    ManageAction("trade", "propose a trade", _check_trade, _apply_trade),
    ManageAction("loan", "borrow from the bank", _check_loan, _apply_loan, listing=_list_loan, in_game=_has_loans),
    ManageAction("repay", "repay a bank loan", _check_repay, _apply_repay, listing=_list_repay,
                 in_game=_has_loans),
    ManageAction("propose", "propose a vote on a rule switch", _check_propose, _apply_propose,
                 listing=_list_propose, in_game=_has_switches),
    ManageAction("done", "done", _check_done, None, listing=_list_done),
    ManageAction("bankrupt", "declare bankruptcy", _check_bankrupt, None, listing=_list_bankrupt),
)}
"""The registry of manage actions, by the first item of the action tuple."""

_ENDS: Final = ("done", "bankrupt")
_ON_SPACE: Final = [(k.name, k.on_space) for k in MANAGE_ACTIONS.values() if k.on_space is not None]
_ON_DEED: Final = [(k.name, k.on_deed) for k in MANAGE_ACTIONS.values() if k.on_deed is not None]
DEED_ACTIONS: Final[tuple[str, ...]] = tuple(name for name, _problem in _ON_DEED)
"""The kinds of action on one deed, `(name, space)`, in registry order: build, sell, mortgage,
unmortgage, sell_deed (each row with `on_deed`; every row with `on_space` has one)."""
_LISTING: Final = [k.listing for k in MANAGE_ACTIONS.values() if k.listing is not None]
