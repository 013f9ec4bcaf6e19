"""Votes of the players: to end the game (`end.vote`) or to turn on a rule switch
(`switches[*].vote`, switches.py).

Every player still in the game is asked a `vote` decision (options 'yes', 'no'), in turn order
from the proposer (or the current player); `hint` is the bot's pick from the vote's `bot`
formula (no formula: 'no'). The vote passes with `needs` yes votes: a number, 'majority'
(more than half of the players still in) or 'all'. The result is the `vote` event.
Rule source: the editions that use it cite theirs (docs/rules.md, "Money besides the bank").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import Decision

if TYPE_CHECKING:
    from ..edition.model import Vote
    from .game import Game
    from .player import Player

VOTE_OPTIONS = ("yes", "no")


def needed(vote: Vote, voters: int) -> int:
    """The yes votes that carry `vote` among `voters` players."""
    if vote.needs == "all":
        return voters
    if vote.needs == "majority":
        return voters // 2 + 1
    return int(vote.needs)


def hold_vote(g: Game, vote: Vote, topic: str, proposer: Player | None) -> bool:
    """Ask every player still in the game; True when the vote carries. `topic` names what is
    voted on ('end', or a switch id)."""
    first = proposer if proposer is not None else g.current
    voters = g.alive_players()
    if first is not None and first in voters:
        k = voters.index(first)
        voters = voters[k:] + voters[:k]
    yes: list[int] = []
    for q in voters:
        hint = "yes" if vote.bot is not None and vote.bot(g, q) else "no"
        answer = g.ask(Decision.of("vote", q, VOTE_OPTIONS, None, {"topic": topic, "hint": hint,
                                   "proposer": None if proposer is None else proposer.seat}))
        if answer == "yes":
            yes.append(q.seat)
    carried = len(yes) >= needed(vote, len(voters))
    g.emit("vote", topic=topic, proposer=None if proposer is None else proposer.seat, yes=yes,
           carried=carried)
    return carried


def round_vote(g: Game) -> None:
    """At the start of a round, every `end.vote.every` rounds: the players vote on ending the
    game; carried, the game ends, ranked by the vote's `rank`."""
    vote = g.ed.end.vote
    if vote is None or g.over or (g.round - 1) % vote.every or g.round == 1:
        return
    if hold_vote(g, vote, "end", None):
        g.finish_richest("vote", rank=vote.rank)
