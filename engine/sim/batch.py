"""Batch simulation: many bot games of one edition, in parallel, with a reproducible summary.

Game k of a batch with seed S is seeded with `game_seed(S, k)`, so the summary depends only on
(edition, variants, S, n, seats, bots, round cap), never on the number of worker processes or
on which worker played which game. Each game reduces to a small `GameStats`; the `Summary`
adds them up in game order.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from ..agents import make_bot
from ..edition.playable import load_playable_cached
from ..game.game import Game


def game_seed(seed: int, k: int) -> int:
    """The seed of game `k` of a batch seeded with `seed` (a fixed 63-bit mix)."""
    x = (seed * 0x9E3779B97F4A7C15 + k * 0xBF58476D1CE4E5B9 + 1) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return x & 0x7FFFFFFFFFFFFFFF


@dataclass(frozen=True)
class BatchSpec:
    """What to simulate: edition ref and overlays, seats (one bot kind per seat), round cap."""

    edition: str
    variants: tuple[str, ...] = ()
    bots: tuple[str, ...] = ("basic", "basic", "basic", "basic")
    max_rounds: int | None = None      # None: the edition's own limit, else DEFAULT_CAP
    seed: int = 0
    check_invariants: bool = False


DEFAULT_CAP = 1000
"""Rounds after which a simulated game of an edition without a round limit is stopped."""


@dataclass
class GameStats:
    """One finished game: `reason` is 'last_standing', 'condition' or 'round_limit'; `capped`
    when the round limit was the simulation's cap rather than a rule of the edition;
    `winners` are seats (several on a tie); `rounds` and `turns` played; `landings` per space;
    `bankruptcies`; `first` is the seat that played first; `extra` counts edition statistics
    (e.g. 'suits', 'suits_won')."""

    k: int
    reason: str
    capped: bool
    winners: tuple[int, ...]
    rounds: int
    turns: int
    landings: list[int]
    bankruptcies: int
    first: int
    extra: dict[str, int] = field(default_factory=dict)


def play_one(spec: BatchSpec, k: int) -> GameStats:
    """Play game `k` of the batch `spec` with bots and return its statistics."""
    ed = load_playable_cached(spec.edition, spec.variants)
    seed = game_seed(spec.seed, k)
    players = [(f"{kind}-{i + 1}", make_bot(kind, seed, i)) for i, kind in enumerate(spec.bots)]
    cap = spec.max_rounds if spec.max_rounds is not None else (ed.end.max_rounds or DEFAULT_CAP)
    g = Game(ed, players, seed=seed, max_rounds=cap, check_invariants=spec.check_invariants)
    g.play()
    limited = g.end_reason == "round_limit"
    rounds = cap if limited else g.round       # cap is the max_rounds the game was given
    return GameStats(k=k, reason=g.end_reason, capped=limited and cap != ed.end.max_rounds,
                     winners=tuple(p.seat for p in g.winners),
                     rounds=rounds, turns=g.turns, landings=g.landings,
                     bankruptcies=g.bankruptcies, first=g.order[0].seat, extra=dict(g.stats))


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(spec: BatchSpec, ks: Sequence[int]) -> list[GameStats]:
    return [play_one(spec, k) for k in ks]


@dataclass
class Summary:
    """The statistics of a batch. `games` is how many were played (less than asked if the run
    was interrupted); `ended` ended by the rules (a round limit of the edition included),
    `capped` were stopped by the simulation's round cap."""

    spec: BatchSpec
    asked: int
    games: int = 0
    ended: int = 0
    capped: int = 0
    rounds: list[int] = field(default_factory=list)
    turns: int = 0
    wins: list[float] = field(default_factory=list)
    first_wins: float = 0.0
    landings: list[int] = field(default_factory=list)
    bankruptcies: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    def add(self, s: GameStats) -> None:
        """Add one game's statistics (games are added in game order)."""
        if not self.wins:
            self.wins = [0.0] * len(self.spec.bots)
            self.landings = [0] * len(s.landings)
        self.games += 1
        if s.capped:
            self.capped += 1
        else:
            self.ended += 1
        self.rounds.append(s.rounds)
        self.turns += s.turns
        for seat in s.winners:   # a shared win counts as a fraction
            self.wins[seat] += 1 / len(s.winners)
            if seat == s.first:
                self.first_wins += 1 / len(s.winners)
        for i, c in enumerate(s.landings):
            self.landings[i] += c
        self.bankruptcies += s.bankruptcies
        for key, v in s.extra.items():
            self.extra[key] = self.extra.get(key, 0) + v

    def to_json(self) -> dict:
        """The summary as plain data (`magie simulate --json`)."""
        n = self.games or 1
        total_landings = sum(self.landings) or 1
        ed = load_playable_cached(self.spec.edition, self.spec.variants)
        landings = self.landings or [0] * len(ed.spaces)     # no game finished yet
        return {
            "edition": self.spec.edition, "variants": list(self.spec.variants),
            "seed": self.spec.seed, "bots": list(self.spec.bots),
            "max_rounds": self.spec.max_rounds if self.spec.max_rounds is not None
            else (ed.end.max_rounds or DEFAULT_CAP),
            "games": self.games, "asked": self.asked,
            "ended": self.ended, "capped": self.capped,
            "end_rate": round(self.ended / n, 4),
            "rounds_mean": round(statistics.fmean(self.rounds), 2) if self.rounds else 0,
            "rounds_median": statistics.median(self.rounds) if self.rounds else 0,
            "turns": self.turns,
            "win_rate_by_seat": [round(w / n, 4) for w in self.wins or [0.0] * len(self.spec.bots)],
            "first_player_win_rate": round(self.first_wins / n, 4),
            "bankruptcies_per_game": round(self.bankruptcies / n, 3),
            "landing_frequency": {ed.spaces[i].id: round(c / total_landings, 5)
                                  for i, c in enumerate(landings)},
            "extra": dict(sorted(self.extra.items())),
        }


def simulate(spec: BatchSpec, n: int, jobs: int = 1,
             progress: Callable[[int], None] | None = None) -> Summary:
    """Play `n` games of `spec` on `jobs` processes (1: in this process) and sum them up.

    `progress(done)` is called as games finish. A KeyboardInterrupt stops the run and returns
    the summary of the games finished so far (in game order, so it is still reproducible)."""
    summary = Summary(spec=spec, asked=n)
    load_playable_cached(spec.edition, spec.variants)   # fail early, in this process
    settle_memory()
    done: dict[int, GameStats] = {}

    def collect(stats: list[GameStats]) -> None:
        for s in stats:
            done[s.k] = s
        if progress:
            progress(len(done))

    if jobs <= 1:
        try:
            for k in range(n):
                collect([play_one(spec, k)])
        except KeyboardInterrupt:
            pass
    else:
        chunk = max(1, min(50, n // (jobs * 8) or 1))
        chunks = [list(range(a, min(n, a + chunk))) for a in range(0, n, chunk)]
        # workers ignore Ctrl-C; this process stops them at once when it gets one
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_sigint)
        try:
            for stats in pool.imap_unordered(partial(_play_chunk, spec), chunks):
                collect(stats)
            pool.close()
        except KeyboardInterrupt:
            pass
        finally:
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)   # a second Ctrl-C: still stop cleanly
            try:
                pool.terminate()
                pool.join()
            finally:
                signal.signal(signal.SIGINT, previous)
    # add in game order, stopping at the first gap so an interrupted run is a prefix
    for k in range(n):
        if k not in done:
            break
        summary.add(done[k])
    return summary


def settle_memory() -> None:
    """Move everything alive now (the loaded edition, its compiled DSL, the parsers) out of the
    garbage collector's way: games allocate many short-lived objects, and each full collection
    would otherwise walk these long-lived ones again (about 6% of a simulation's time). Worker
    processes forked afterwards inherit the frozen state."""
    gc.collect()
    gc.freeze()


def default_jobs() -> int:
    """A sensible default for --jobs: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)
