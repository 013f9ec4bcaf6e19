"""The turn machine: whose turn it is, the throws of a turn, doubles, and rounds.

Rule sources: ../shared/rules/classic.md 3-4 ([000] 3-4: doubles throw again, the third
double sends to jail), 15 (a turn in jail, jail.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..dsl.runtime import Roll
from .cards import clear_turn_flags, tick_flags
from .edition_actions import actions_open
from .ending import GameOver, check_end, finish_richest
from .jail import go_to_holding, holding_of, jail_turn
from .landing import run_turn_start
from .loans import charge_interest
from .manage import calm_holds
from .movement import move_by
from .own_dice import all_alike, move_throw, move_with_faces, play_all_alike
from .player import WOKEN
from .state import E_ROLL, E_TURN
from .switches import check_switches
from .votes import round_vote

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def play(g: Game, max_turns: int | None = None) -> Game:
    """Play turns until the game is over (or `max_turns` more turns were played)."""
    if max_turns is None:
        while not g.over:
            play_turn(g)
        return g
    played = 0
    while not g.over and played < max_turns:
        play_turn(g)
        played += 1
    return g


def play_turn(g: Game) -> None:
    """One player's turn, including extra rolls after doubles ([000] 3-4, jail 15), then the
    end of the turn: turn flags, the end conditions, rule switches, the next player, and the
    window between turns. (One function on purpose: the turn loop runs millions of times.)"""
    p = g.order[g.turn_idx]
    if not p.alive:         # went bankrupt before the first turn (a start auction)
        advance(g)
        if g.over:
            return
        p = g.order[g.turn_idx]
    g.current = p
    g.turns += 1
    p.doubles = 0
    p.built_this_turn = 0
    if p.built_groups:
        p.built_groups.clear()
    if p.actions_used:
        p.actions_used.clear()
    g.landed_at = None
    g.last_roll = None
    if g.log is not None:
        g.event_counts[E_TURN] += 1
        if g.log_full[E_TURN]:
            g.log.add({"e": "turn", "turn": g.turns, "player": p.seat, "round": g.round, "cash": p.cash,
                       "pos": g.spaces[p.pos].id})
    g.more_rolls = False
    try:
        if not (p.loans or g.turn_hooks) or _turn_start(g, p):
            if g.wants_before_roll[p.seat] and not calm_holds(g, p):
                g.manage(p, "before_roll")
            from_the_throw(g, p)
    except GameOver:
        pass
    # the end of the turn
    if g.turn_flags or g.space_flags:
        clear_turn_flags(g)
    if g.timed_flags:
        tick_flags(g, "turns", p)
    if g.check_each_turn:
        g.check_invariants()
    if g.over:
        return
    if g.ed.end.when or g.bank_broke:
        check_end(g)
        if g.over:
            return
    if g.ed.switches:
        check_switches(g)
    nxt = g.turn_idx + 1    # the next seat, when it is in the game and no round ends: else advance
    if nxt < len(g.order) and g.order[nxt].alive:
        g.turn_idx = nxt
    else:
        advance(g)
    if g.between_awake & p.rest and not g.over:   # someone but `p` may not be quiet between turns
        g.between_turns(p)


def _turn_start(g: Game, p: Player) -> bool:
    """What a turn starts with: the interest of bank loans (loans.py), then the turn-start
    procedure of the space `p` is on (not in jail). False when the turn ends there (`p` went
    bankrupt or to jail)."""
    if p.loans:
        charge_interest(g, p, "turn")
        if not p.alive:
            return False
    if g.turn_hooks and not p.in_jail:
        run_turn_start(g, p)
        if not p.alive or p.in_jail:
            return False
    return True


def from_the_throw(g: Game, p: Player) -> None:
    """The rest of `p`'s turn from the jail question or the first throw on: out of jail (or
    staying), the throws and moves, the manage window after each landing, doubles. Raises
    GameOver when the game ends on the way. (The search bot replays a jail decision from here.)"""
    r = g.rules
    roll: Roll | None = None
    single = False                 # a jail exit that allows one throw only (C16 b)
    if p.in_jail:
        freed = jail_turn(g, p)
        if isinstance(freed, bool):  # False: the turn ends in jail
            return
        roll = freed
        single = roll is None and holding_of(g, p).paid_exit == "one_throw"
    own = g.own_dice
    while p.alive and not p.in_jail:
        if roll is None:
            if g.roll_plays and p.held_cards and g.roll_play(p):   # a kept card instead of the throw
                if p.alive and not p.in_jail:
                    g.more_rolls = False
                    g.manage(p, "after_landing")
                return
            roll = move_throw(g, p) if own else g.dice.throw(g.ed.dice_count)
            g.last_roll = roll
            if g.log is not None:
                g.event_counts[E_ROLL] += 1
                if g.log_full[E_ROLL]:
                    g.log.add({"e": "roll", "turn": g.turns, "player": p.seat, "dice": list(roll.dice),
                               "faces": list(roll.faces)} if roll.extra else
                              {"e": "roll", "turn": g.turns, "player": p.seat, "dice": list(roll.dice)})
            if own and all_alike(g, roll):
                play_all_alike(g, p, roll)          # instead of the move; the turn then ends
                if p.alive and not p.in_jail and not g.over:
                    g.more_rolls = False
                    g.manage(p, "after_landing")
                return
            _, total, doubles, _, extra = roll      # by position: a NamedTuple's field names cost more
            doubles = doubles and not p.intro
            if doubles:
                p.doubles += 1
                if r.doubles_jail_after and p.doubles >= r.doubles_jail_after:
                    g.emit("doubles_jail", player=p.seat)
                    go_to_holding(g, p, r.doubles_holding)
                    return
            again = doubles and r.doubles_roll_again and not single
        else:   # the throw that freed the player from jail
            _, total, doubles, _, extra = roll
            again = doubles and holding_of(g, p).doubles_roll_again
            if again:
                p.doubles += 1
        if own and extra:
            move_with_faces(g, p, roll)
        else:
            move_by(g, p, total)
        if not p.alive or p.in_jail:
            return
        g.more_rolls = again
        c = p.calm              # manage.calm_holds, inlined (after every landing): no manage call while it holds
        if (p.version != c.version or g.deeds_version != c.deeds or p.cash >= c.wake or g.turns >= c.turn
                or (g.ed.actions and actions_open(g, p))):
            g.manage(p, "after_landing")
        elif p.cash >= p.wake:  # what manage would do first: a Quiet(cash) between turns ends here
            p.wake = WOKEN
        if not again:
            return
        roll = None


def advance(g: Game) -> None:
    """Pass the turn to the next player still in the game; a wrap starts a new round (and
    may reach the round limit)."""
    idx = g.turn_idx
    n = len(g.order)
    while True:
        idx = (idx + 1) % n
        if idx == 0:
            g.round += 1
            if g.timed_flags:
                tick_flags(g, "rounds")
            if g.max_rounds is not None and g.round > g.max_rounds:
                g.turn_idx = idx
                finish_richest(g, "round_limit")
                return
            if g.ed.end.vote is not None:
                g.turn_idx = idx
                round_vote(g)
                if g.over:
                    return
        if g.order[idx].alive:
            break
    g.turn_idx = idx
