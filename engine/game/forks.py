"""Forks of a game for rollouts: a determinised copy an agent may play on (`fork`), and the few
moves a rollout makes there that no decision asks (`stop_turn`, `manage_with`).

A fork is the view's one way to step a game (`GameView.fork`, engine/game/view.py): it leaves
the game it was made from untouched, records nothing, logs nothing and asks the agents it was
given, so an agent can try an answer and play on without reaching into the engine. The search
bot (engine/agents/search.py) is its user.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .between_turns import wire as wire_between_turns
from .cards import clear_turn_flags
from .decisions import DONE, Agent, Decision
from .dice import Dice
from .ending import GameOver, check_end
from .turn import advance

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def _shared(g: Game) -> dict[int, Any]:
    """The memo that makes a copy share what belongs to the edition: the edition, its rules,
    spaces, groups and compiled cards, and its `Edition.shared` tables (rent formulas,
    nearest-space and space-set caches, card indexes, the wiring of space kinds), each standing
    for itself."""
    ed = g.ed
    shared: list[Any] = [ed, g.rules, g.spaces, *g.spaces, *ed.groups]
    for deck in ed.decks.values():
        shared.extend(deck.cards)
    memo = {id(x): x for x in shared}
    for table in ed.tables.values():
        memo[id(table)] = table
        if isinstance(table, tuple):        # several tables built at once
            for part in table:
                memo[id(part)] = part
    return memo


def fork(g: Game, seed: int, agents: Sequence[Agent]) -> Game:
    """A determinised deep copy of `g` with `agents` in its seats (one per seat, in seat order):
    it shares the edition (`_shared`), records nothing, logs nothing, checks no invariants, calls
    no replay hook, throws dice from a generator seeded with `seed` and has its decks shuffled
    by it, so what it plays is as unknown as the real game's future. The agents' promises
    between turns (`Player.wake`, the seats' bits) are asked of `agents` again. `g` is not
    changed. Raises `ValueError` when `agents` is not one per seat.

    The copy is a game built the usual way (not started) into which the state is copied
    (`GameState.copy_from`): `copy.deepcopy` of a whole game does not work on the compiled build."""
    if len(agents) != len(g.agents):
        raise ValueError(f"a fork needs one agent per seat: {len(g.agents)}, not {len(agents)}")
    memo = _shared(g)
    for a, own in zip(g.agents, agents, strict=True):
        memo[id(a)] = own
    if g.log is not None:
        memo[id(g.log)] = None
    memo[id(g.answers)] = []
    memo[id(g.replay_queue)] = deque()
    memo[id(g.rng)] = random.Random()    # seeded below: its state need not be copied
    clone = type(g)(g.ed, [(p.name, a) for p, a in zip(g.players, agents, strict=True)], g.seed,
                    deal=False, start=False)
    memo[id(g.dice)] = clone.dice        # replaced below (and a compiled Dice has no copy)
    # The clone's own agents' `idle`, where the game's agent has one: `deepcopy` rebinds a pure
    # bound method to the memo's agent, but copies a compiled agent's method as itself, which
    # would let the fork call (and move on) the real game's agents.
    memo[id(g.agent_idle)] = [None if m is None else own
                              for m, own in zip(g.agent_idle, clone.agent_idle, strict=True)]
    memo[id(g.agent_hints)] = clone.agent_hints     # (the fork's own agents' standing answers)
    clone.copy_from(g, memo)
    # The promises to pass between turns were the real agents'; the fork's are others, so they
    # are asked again (an easy bot's quiet until its own trigger would otherwise keep a basic
    # bot in its seat from building).
    wire_between_turns(clone)
    clone.record = False
    clone.check_each_turn = False
    clone.on_replay_done = None
    clone.rng.seed(seed)
    clone.dice = Dice(clone.rng, g.ed.dice_sides)
    for dq in clone.decks.values():
        cards = list(dq)
        clone.rng.shuffle(cards)
        dq.clear()
        dq.extend(cards)
    return clone


def stop_turn(g: Game) -> None:
    """Stop the current turn where it stands (the rest of it is not played) and pass the turn
    on, as the end of a turn does (engine/game/turn.py): the card and hook in progress dropped,
    the turn flags cleared, the end conditions checked, the next player's turn. For a fork whose
    decision was carried out by hand; once the game is over, or before its first turn, only the
    card and hook in progress are dropped."""
    g.in_card = 0
    g.drawing.clear()
    g.hooking.clear()
    if g.current is None or g.over:
        return
    try:
        if g.turn_flags:
            clear_turn_flags(g)
        check_end(g)
        if not g.over:
            advance(g)
    except GameOver:
        pass


def manage_with(g: Game, p: Player, window: str, agent: Agent, limit: int) -> None:
    """Play `p`'s manage window `window` with `agent` answering (not the seat's agent, and not
    through `ask`: nothing is recorded): ask it the manage decision, carry out its action after
    the window's check (`apply_action`), until it answers done, `p` is out, the game is over or
    `limit` actions were taken. Raises `IllegalDecision` for an action the check refuses."""
    for _ in range(limit):
        d = Decision.of("manage", p, None, g, {"window": window, "more_rolls": False})
        act = agent.decide(g, d)
        if act is DONE or act[0] == "done" or not p.alive or g.over:
            return
        g.apply_action(p, act, window)
