"""Rule switches: a set of overlays turned on during the game (`switches:` of an edition).

A switch names overlays (house-rule files); the edition with them applied is built when the
edition loads (playable.py: same board, same groups, same decks, checked), so turning a switch
on is only swapping the rules the game reads: deterministic, and replayed from the saved
answers like everything else. A switch turns on when its `when` condition holds after a turn
(an event), or when a vote proposed by a player carries (the manage action
`('propose', switch_id)`, at most once per switch and turn; votes.py). Then the game plays by
the switched edition: rules, formulas, space texts, card effects; ownership, buildings, cash
and the decks' order stay. `empty_treasury` sends the treasury's money back to the bank. The
`rule_switch` event records it; `switched` lists the switches on (saves show them). A switched
edition has no switches of its own: one switch per game.
Rule source: the editions that use it cite theirs (docs/rules.md, "Money besides the bank").
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .between_turns import wire as wire_between_turns
from .changes import rules_switched
from .landing import wire_spaces
from .treasury import empty_treasury
from .votes import hold_vote

if TYPE_CHECKING:
    from ..edition.model import Switch
    from .game import Game
    from .player import Player


def switch_by_id(g: Game, sid: object) -> Switch | None:
    """The edition's switch `sid` (None when there is none by that id)."""
    return next((s for s in g.ed.switches if s.id == sid), None)


def propose_problem(g: Game, p: Player, sid: object, window: str) -> str | None:
    """Why `p` may not propose a vote on switch `sid` now, or None."""
    sw = switch_by_id(g, sid)
    if sw is None:
        return f"no rule switch {sid!r} can be turned on now"
    if sw.vote is None:
        return f"switch {sw.id!r} turns on by itself, not by a vote"
    if window == "raise":
        return "no vote while in debt"
    if p.actions_used.get("propose:" + sw.id):
        return f"{p.name} has already proposed {sw.id!r} this turn"
    return None


def propose(g: Game, p: Player, sid: str) -> None:
    """`p` proposes switch `sid`: everyone votes; carried, the switch turns on."""
    sw = switch_by_id(g, sid)
    assert sw is not None and sw.vote is not None, "checked by propose_problem"
    p.actions_used["propose:" + sw.id] = 1
    if hold_vote(g, sw.vote, sw.id, p):
        turn_on(g, sw, "vote")


def check_switches(g: Game) -> None:
    """After a turn: turn on the first switch whose `when` condition holds."""
    for sw in g.ed.switches:
        if sw.when is not None and sw.when(g):
            turn_on(g, sw, "condition")
            return


def turn_on(g: Game, sw: Switch, how: str) -> None:
    """Play on by the switched edition (`how`: 'vote' or 'condition')."""
    ed = sw.edition
    g.ed = ed
    g.rules = ed.rules
    g.spaces = ed.spaces
    g.rent_fns = [ed.rules.rent_formulas.get(s.kind, g.rent_fns[s.index]) for s in ed.spaces]
    wire_spaces(g)
    g.nearest_cache = ed.shared("nearest", dict)
    g.space_sets = ed.shared("space_sets", dict)
    for deck_id, cards in g.decks.items():
        new = {c.id: c for c in ed.decks[deck_id].cards}
        g.decks[deck_id] = deque(new.get(c.id, c) for c in cards)
        g.discards[deck_id] = [new.get(c.id, c) for c in g.discards.get(deck_id, ())]
    g.index_cards(ed)
    wire_between_turns(g)           # the flags fixed at set-up follow the new rules
    rules_switched(g)               # bots look at the board again (wire woke every player asked)
    g.switched.append(sw.id)
    g.emit("rule_switch", switch=sw.id, how=how, overlays=list(sw.overlays))
    if sw.empty_treasury:
        empty_treasury(g)
