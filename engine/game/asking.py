"""Asking decisions: the one way the engine gets an answer from a player.

`ask` takes the next recorded answer while replaying (bots are still asked, so that their own
state moves on as in the recorded game), else asks the agent; checks the answer; records it
(for saves); and handles a human's timeout. What each kind asks and answers is in
decisions.py (`DECISION_KINDS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..errors import BotFault, DecisionTimeout, GameError, IllegalDecision, ReplayMismatch
from .decisions import DECISION_KINDS, DONE, Decision, decode_answer, encode_answer

if TYPE_CHECKING:
    from .game import Game

TIMEOUT: Final[dict[str, bool]] = {"timeout": True}
"""How a timed-out decision is recorded in saves."""


def ask(g: Game, d: Decision, check: Callable[[Decision, Any], None] | None = None) -> Any:
    """Ask `d.player`'s agent (or take the next replayed answer), check the answer (manage
    and raise actions by `check_action`, others by `check(d, answer)` or against `d.options`), record
    it and return it. A human is told the reason and asked again; a bot's illegal answer is
    a `GameError` naming the bot and the decision (a `BotFault` for a bot of the user's own,
    one whose `own` is true); a replayed answer that does not fit is a
    `ReplayMismatch`. A decision with exactly one listed option is answered with it without
    asking an agent whose `skip_forced` is true (the bots; see `Agent`): recorded as if asked,
    and replayed from the record, so saves of either kind replay alike."""
    p = d.player
    agent = g.agents[p.seat]
    g.build_passed = None         # only a check made while this decision is asked may pass its answer
    if d.listed is not None and len(d.listed) == 1 and getattr(agent, "skip_forced", False):
        return forced(g, d, d.listed[0])
    while True:
        if g.replay_queue:
            if not getattr(agent, "human", False):
                agent.decide(g, d)       # the bot's state moves on as in the recorded game
            answer = decode_answer(g.replay_queue.popleft())
            replayed = True
            if not g.replay_queue and g.on_replay_done is not None:
                g.on_replay_done()
        else:
            try:
                answer = agent.decide(g, d)
            except DecisionTimeout:
                answer = TIMEOUT
            replayed = False
        if isinstance(answer, dict) and answer == TIMEOUT:    # (the type first: a tuple == dict costs more)
            if g.record:
                g.answers.append(TIMEOUT)
            return timed_out(g, d)
        if answer is not DONE:
            try:
                if d.game is not None:
                    g.check_action(p, answer, d.ctx["window"])
                elif check is not None:
                    check(d, answer)
                else:
                    listed = d.listed
                    if listed is not None and answer not in listed:
                        raise IllegalDecision(f"{answer!r} is not one of {list(listed)!r}")
            except IllegalDecision as exc:
                if replayed:
                    raise ReplayMismatch(
                        f"the save does not fit this game: a recorded answer to '{d.kind}' for "
                        f"{p.name} is not allowed here ({exc.reason})") from None
                if getattr(agent, "human", False):
                    agent.rejected(d, exc.reason)
                    continue
                fault = BotFault if getattr(agent, "own", False) else GameError
                raise fault(f"bot {agent.name!r} (seat {p.seat}, {p.name}) gave "
                            f"an illegal answer to '{d.kind}': {exc.reason}") from None
        if g.record:
            g.answers.append(encode_answer(answer))
        return answer


def forced(g: Game, d: Decision, answer: Any) -> Any:
    """`answer`, the one legal answer to `d`, given for an agent with `skip_forced` without
    asking it: recorded like any other (a save replays it, whoever replays it), or, while
    replaying, the recorded answer (answers recorded before bots skipped forced decisions hold
    one here too), which must be `answer`."""
    if g.replay_queue:
        recorded = decode_answer(g.replay_queue.popleft())
        if not g.replay_queue and g.on_replay_done is not None:
            g.on_replay_done()
        if recorded == TIMEOUT:         # a person's seat recorded, a bot's replayed
            if g.record:
                g.answers.append(TIMEOUT)
            return timed_out(g, d)
        if recorded != answer:
            raise ReplayMismatch(f"the save does not fit this game: a recorded answer to '{d.kind}' for "
                                 f"{d.player.name} is not allowed here ({recorded!r} is not {answer!r})")
    if g.record:
        g.answers.append(encode_answer(answer))
    return answer


def timed_out(g: Game, d: Decision) -> Any:
    """A human let `d` time out: the kind's default answer (`DECISION_KINDS`), after making the
    player bankrupt to the bank if the edition says so ([001b] 20, `rules.decision_timeout`)."""
    p = d.player
    g.emit("timeout", player=p.seat, decision=d.kind)
    if g.rules.decision_timeout == "bankrupt" and p.alive:
        g.bankrupt(p, None, 0)
    return DECISION_KINDS[d.kind].default(g, d)
