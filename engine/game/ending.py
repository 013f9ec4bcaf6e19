"""End conditions and ranking: when the game ends and who wins.

A game ends when one player is left ([000] 24.7), when an end condition of the edition holds
(`end.when`, e.g. the second bankruptcy of the quick game, or "one player has received his
wages five times", `max_laps >= 5`), when an end vote carries (`end.vote`, votes.py), or at the
round limit; then the richest by the edition's score (`end.score`) wins, ties share. A
condition may rank otherwise: `cash` (the money in hand) or `shared` (a cooperative goal: every
player still in wins together, as in a cooperative variant).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


class GameOver(Exception):
    """Raised inside a turn when the game has ended, to unwind to the turn loop."""


def check_end(g: Game) -> None:
    """End the game if an end condition of the edition holds (the richest wins), or when a
    finite bank could not pay in full under `setup.bank.when_empty: end` (bank.py; reason
    'bank_empty', ranked by score)."""
    if g.bank_broke:
        finish_richest(g, "bank_empty")
        return
    for cond in g.ed.end.when:
        if cond.test(g):
            finish_richest(g, cond.id, rank=cond.rank)
            return


def ends_now(g: Game) -> bool:
    """Would the game end now (one player left, or an end condition holds)?"""
    if sum(1 for q in g.order if q.alive) <= 1:
        return True
    return any(cond.test(g) for cond in g.ed.end.when)


def finish_after_bankruptcy(g: Game) -> None:
    """After a bankruptcy: the last player left wins, or an end condition may hold."""
    if sum(1 for q in g.order if q.alive) <= 1:
        finish_last(g)
    else:
        check_end(g)


def finish_richest(g: Game, reason: str, rank: str = "score") -> None:
    """End the game now: the richest player still in it wins (ties share). `rank` is how:
    `score` by `end.score`, `cash` by the cash in hand ([000] the first-broke game: "the one
    who has more banknotes wins"), `shared` every player still in wins (a cooperative goal;
    the scores are still recorded). `reason` is recorded in the end event ('condition' or the
    condition's id, 'vote', 'round_limit', 'time_limit', 'bank_empty')."""
    alive = [p for p in g.order if p.alive]
    if rank == "cash":
        scores = {p.seat: p.cash for p in alive}
    else:
        scores = {p.seat: g.net_worth(p) for p in alive}
    best = max(scores.values())
    g.winners = alive if rank == "shared" else [p for p in alive if scores[p.seat] == best]
    g.over = True
    g.end_reason = reason
    g.emit("end", reason=reason, winners=[p.seat for p in g.winners], scores=scores)


def finish_last(g: Game) -> None:
    """End the game: the one player left wins ([000] 24.7)."""
    alive = [p for p in g.order if p.alive]
    g.winners = alive[:1]
    g.over = True
    g.end_reason = "last_standing"
    g.emit("end", reason="last_standing", winners=[p.seat for p in g.winners])
