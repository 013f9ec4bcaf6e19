"""Batch simulation: many bot games of one edition, in parallel, with a reproducible summary.

Game k of a batch with seed S is seeded with `game_seed(S, k)`, so the summary depends only on
(edition, variants, sets, S, n, seats, bots, round cap), never on the number of worker
processes, the backend (processes or Ray) or which worker played which game. Each game reduces
to a small `GameStats`; games come back in game order and the `Summary` adds them up as they
come, keeping only totals and histograms: memory does not grow with the number of games.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

from ..agents import is_plugin, make_bot
from ..agents.external import close_agents
from ..agents.guard import save_failed_game
from ..analysis.stats import Histogram, rate_test, wilson
from ..errors import GameError
from ..game.game import Game
from .config import Sets, load_config
from .counters import GameCounters, add_into


def game_seed(seed: int, k: int) -> int:
    """The seed of game `k` of a batch seeded with `seed` (a fixed 63-bit mix)."""
    x = (seed * 0x9E3779B97F4A7C15 + k * 0xBF58476D1CE4E5B9 + 1) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return x & 0x7FFFFFFFFFFFFFFF


@dataclass(frozen=True)
class BatchSpec:
    """What to simulate: edition ref, overlays and `--set` values, seats (one bot kind per
    seat), round cap. `counters=False` plays without the event counters (faster; no landing
    measures, rent or building counts); `warm_up` is the first round whose landings are counted
    by the two measures (the tokens all start on the start space)."""

    edition: str
    variants: tuple[str, ...] = ()
    bots: tuple[str, ...] = ("basic", "basic", "basic", "basic")
    max_rounds: int | None = None      # None: the edition's own limit, else DEFAULT_CAP
    seed: int = 0
    check_invariants: bool = False
    sets: Sets = ()
    counters: bool = True
    claim_attention: float = 1.0       # share of rents basic bots claim (rent-must-be-claimed)
    warm_up: int = 1                   # landings per roll / per turn are counted from this round on

    def edition_model(self):
        """The playable edition of this spec (cached per process)."""
        return load_config(self.edition, self.variants, self.sets)


DEFAULT_CAP = 1000
"""Rounds after which a simulated game of an edition without a round limit is stopped."""


@dataclass
class GameStats:
    """One finished game: `reason` is 'last_standing', 'condition' or 'round_limit'; `capped`
    when the round limit was the simulation's cap rather than a rule of the edition;
    `winners` are seats (several on a tie); `rounds` and `turns` played; `landings` per space
    (every stop, cards' moves included); `bankruptcies`; `first` is the seat that played first;
    `extra` counts edition statistics (e.g. 'sue', 'sue_deeds'); `cash` and `worth` (net worth
    by the edition's score) per seat at the end; with counters: `per_roll` and `per_turn`
    landings (index len(board) is 'in jail'), `events` by kind, `rent_by_group` (money),
    `builds_by_group` (buildings bought), `bankrupt_rounds` (the round of each bankruptcy)."""

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
    seed: int = 0
    cash: tuple[int, ...] = ()
    worth: tuple[int, ...] = ()
    per_roll: list[int] = field(default_factory=list)
    per_turn: list[int] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)
    rent_by_group: dict[str, int] = field(default_factory=dict)
    builds_by_group: dict[str, int] = field(default_factory=dict)
    bankrupt_rounds: list[int] = field(default_factory=list)


def play_one(spec: BatchSpec, k: int) -> GameStats:
    """Play game `k` of the batch `spec` with bots and return its statistics."""
    ed = spec.edition_model()
    seed = game_seed(spec.seed, k)
    players = [(f"{kind}-{i + 1}", make_bot(kind, seed, i, spec.claim_attention)) for i, kind in enumerate(spec.bots)]
    cap = spec.max_rounds if spec.max_rounds is not None else (ed.end.max_rounds or DEFAULT_CAP)
    counters = GameCounters(ed, len(players), spec.warm_up) if spec.counters else None
    plugins = any(is_plugin(kind) for kind in spec.bots)   # a user's agent: keep the game to save it
    # the engine calls log.add(event); counters keep numbers only
    g = Game(ed, players, seed=seed, max_rounds=cap, check_invariants=spec.check_invariants,
             log=cast(Any, counters), record=plugins, start=False)
    try:
        g.start()
        g.play()
    except GameError as e:
        if not plugins:
            raise
        path = save_failed_game(g, spec.edition, spec.variants, spec.bots)
        raise GameError(f"game {k} (seed {seed}): {e}; the game so far is saved to {path}") from None
    finally:
        if plugins:
            close_agents([a for _, a in players], g)
    limited = g.end_reason == "round_limit"
    rounds = cap if limited else g.round       # cap is the max_rounds the game was given
    stats = GameStats(k=k, reason=g.end_reason, capped=limited and cap != ed.end.max_rounds,
                      winners=tuple(p.seat for p in g.winners),
                      rounds=rounds, turns=g.turns, landings=g.landings,
                      bankruptcies=g.bankruptcies, first=g.order[0].seat, extra=dict(g.stats),
                      seed=seed, cash=tuple(p.cash for p in g.players),
                      worth=tuple(g.net_worth(p) if p.alive else 0 for p in g.players))
    if counters is not None:
        counters.finish()
        stats.per_roll, stats.per_turn = counters.per_roll, counters.per_turn
        stats.events, stats.rent_by_group = counters.events, counters.rent_by_group
        stats.builds_by_group, stats.bankrupt_rounds = counters.builds_by_group, counters.bankrupt_rounds
    return stats


def play_chunk(specs: Sequence[BatchSpec], ks: Sequence[int]) -> list[tuple[GameStats, ...]]:
    """Play games `ks` of every spec in `specs` (the same seeds for each: common random numbers)."""
    return [tuple(play_one(s, k) for s in specs) for k in ks]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _inc(d: dict[str, Any], key: str, v: float) -> None:
    d[key] = d.get(key, 0) + v


@dataclass
class Summary:
    """The statistics of a batch, in memory that does not grow with the number of games.
    `games` is how many were played (less than asked if the run was interrupted); `ended` ended
    by the rules (a round limit of the edition included), `capped` were stopped by the
    simulation's round cap. `confidence` is the level of every interval in `to_json`."""

    spec: BatchSpec
    asked: int
    confidence: float = 0.95
    games: int = 0
    ended: int = 0
    capped: int = 0
    rounds: Histogram = field(default_factory=Histogram)
    turns: int = 0
    wins: list[float] = field(default_factory=list)
    first_wins: float = 0.0
    landings: list[int] = field(default_factory=list)
    per_roll: list[int] = field(default_factory=list)
    per_turn: list[int] = field(default_factory=list)
    bankruptcies: int = 0
    bankrupt_rounds: Histogram = field(default_factory=Histogram)
    reasons: dict[str, int] = field(default_factory=dict)
    events: dict[str, int] = field(default_factory=dict)
    rent_by_group: dict[str, int] = field(default_factory=dict)
    builds_by_group: dict[str, int] = field(default_factory=dict)
    extra: dict[str, int] = field(default_factory=dict)

    def add(self, s: GameStats) -> None:
        """Add one game's statistics (games are added in game order)."""
        if not self.wins:
            self.wins = [0.0] * len(self.spec.bots)
        self.games += 1
        if s.capped:
            self.capped += 1
        else:
            self.ended += 1
        _inc(self.reasons, s.reason, 1)
        self.rounds.add(s.rounds)
        self.turns += s.turns
        for seat in s.winners:   # a shared win counts as a fraction
            self.wins[seat] += 1 / len(s.winners)
            if seat == s.first:
                self.first_wins += 1 / len(s.winners)
        add_into(self.landings, s.landings)
        add_into(self.per_roll, s.per_roll)
        add_into(self.per_turn, s.per_turn)
        self.bankruptcies += s.bankruptcies
        for r in s.bankrupt_rounds:
            self.bankrupt_rounds.add(r)
        for src, dst in ((s.extra, self.extra), (s.events, self.events),
                         (s.rent_by_group, self.rent_by_group), (s.builds_by_group, self.builds_by_group)):
            for key, v in src.items():
                _inc(dst, key, v)

    def rate(self, x: float) -> dict[str, Any]:
        """A rate of `x` games out of those played, with its Wilson interval."""
        n = self.games
        lo, hi = wilson(x, n, self.confidence)
        return {"rate": round(x / n, 4) if n else 0.0, "low": round(lo, 4), "high": round(hi, 4)}

    def to_json(self) -> dict:
        """The summary as plain data (`magie simulate --json`)."""
        n = self.games or 1
        ed = self.spec.edition_model()
        ids = [s.id for s in ed.spaces]
        landings = self.landings or [0] * len(ids)     # no game finished yet
        total_landings = sum(landings) or 1
        seats = len(self.spec.bots)
        wins = self.wins or [0.0] * seats
        kinds: dict[str, float] = {}
        for seat, kind in enumerate(self.spec.bots):
            _inc(kinds, kind, wins[seat])
        z, p = rate_test(self.first_wins, self.games, 1 / seats)
        h = self.rounds
        out = {
            "edition": self.spec.edition, "variants": list(self.spec.variants),
            "sets": {k: v for k, v in self.spec.sets},
            "content_hash": ed.content_hash,
            "seed": self.spec.seed, "bots": list(self.spec.bots),
            **({"claim_attention": self.spec.claim_attention} if self.spec.claim_attention != 1.0 else {}),
            "max_rounds": self.spec.max_rounds if self.spec.max_rounds is not None
            else (ed.end.max_rounds or DEFAULT_CAP),
            "games": self.games, "asked": self.asked, "confidence": self.confidence,
            "ended": self.ended, "capped": self.capped,
            "end_rate": round(self.ended / n, 4),
            "end_rate_interval": self.rate(self.ended),
            "end_reasons": dict(sorted(self.reasons.items())),
            "rounds_mean": round(h.mean(), 2) if h.n else 0,
            "rounds_median": h.percentile(50) if h.n else 0,
            "rounds": {"mean": round(h.mean(), 2), "sd": round(h.sd(), 2),
                       **{f"p{q}": h.percentile(q) for q in (5, 25, 50, 75, 95)},
                       "min": min(h.counts, default=0), "max": max(h.counts, default=0),
                       "histogram": [[a, b, c] for a, b, c in h.bins(20)]},
            "turns": self.turns,
            "win_rate_by_seat": [round(w / n, 4) for w in wins],
            "win_by_seat": [self.rate(w) | {"bot": self.spec.bots[i]} for i, w in enumerate(wins)],
            "win_by_kind": {k: self.rate(w) | {"seats": self.spec.bots.count(k),
                                               "fair_share": round(self.spec.bots.count(k) / seats, 4)}
                            for k, w in kinds.items()},
            "first_player_win_rate": round(self.first_wins / n, 4),
            "first_player": self.rate(self.first_wins) | {"expected": round(1 / seats, 4),
                                                           "z": round(z, 3), "p_value": round(p, 6)},
            "bankruptcies_per_game": round(self.bankruptcies / n, 3),
            "landing_frequency": {ids[i]: round(c / total_landings, 5) for i, c in enumerate(landings)},
            "extra": dict(sorted(self.extra.items())),
        }
        if self.spec.counters:
            out["landing_per_roll"] = _shares(self.per_roll, ids)
            out["landing_per_turn"] = _shares(self.per_turn, ids)
            out["rolls"] = sum(self.per_roll)
            out["warm_up"] = self.spec.warm_up
            group_order = [g.id for g in ed.groups]
            out["rent_by_group"] = {g: self.rent_by_group.get(g, 0) for g in group_order if g in self.rent_by_group}
            out["builds_by_group"] = {g: self.builds_by_group.get(g, 0) for g in group_order
                                      if g in self.builds_by_group}
            out["trades"] = self.events.get("trade", 0)
            out["bankruptcies_by_round"] = [[a, b, c] for a, b, c in self.bankrupt_rounds.bins(20)]
            out["events"] = dict(sorted(self.events.items()))
        return out


def _shares(counts: list[int], ids: list[str]) -> dict[str, float]:
    total = sum(counts) or 1
    counts = counts or [0] * (len(ids) + 1)
    out = {ids[i]: round(counts[i] / total, 6) for i in range(len(ids))}
    out["in_jail"] = round(counts[len(ids)] / total, 6)
    return out


def _chunks(n: int, size: int) -> Iterator[list[int]]:
    for a in range(0, n, size):
        yield list(range(a, min(n, a + size)))


def chunk_size(n: int, workers: int, cap: int = 50) -> int:
    """Games per task: enough tasks to balance the workers, few enough to keep the per-task
    overhead small."""
    return max(1, min(cap, n // (workers * 8) or 1))


def stream(specs: Sequence[BatchSpec], n: int, jobs: int = 1, *, backend: str = "process",
           address: str | None = None) -> Generator[tuple[GameStats, ...], None, None]:
    """Games 0..n-1 of every spec, in game order, one tuple (a game per spec) at a time.

    `backend` 'process' plays on `jobs` processes (1: in this process); 'ray' sends chunks of
    games to Ray (`engine/sim/ray_backend.py`). Closing the generator stops the workers."""
    specs = tuple(specs)
    for s in specs:
        s.edition_model()          # fail early, in this process
    if n * len(specs) >= SETTLE_GAMES:
        settle_memory()
    if backend == "ray":
        from .ray_backend import RAY_CHUNK_CAP, ray_map
        for chunk in ray_map(play_chunk, specs, lambda workers: _chunks(n, chunk_size(n, workers, RAY_CHUNK_CAP)),
                             jobs, address):
            yield from chunk
        return
    if backend != "process":
        raise ValueError(f"unknown backend {backend!r} (known: process, ray)")
    if jobs <= 1:
        for k in range(n):
            yield tuple(play_one(s, k) for s in specs)
        return
    # workers ignore Ctrl-C; this process stops them at once when it gets one
    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_sigint)
    try:
        for chunk in pool.imap(partial(play_chunk, specs), _chunks(n, chunk_size(n, jobs))):
            yield from chunk
        pool.close()
    finally:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)   # a second Ctrl-C: still stop cleanly
        try:
            pool.terminate()
            pool.join()
        finally:
            signal.signal(signal.SIGINT, previous)


def simulate(spec: BatchSpec, n: int, jobs: int = 1,
             progress: Callable[[int], None] | None = None, *,
             on_game: Callable[[GameStats], None] | None = None,
             backend: str = "process", address: str | None = None,
             confidence: float = 0.95) -> Summary:
    """Play `n` games of `spec` on `jobs` processes (1: in this process) or on Ray, and sum them
    up. `progress(done)` is called as games finish; `on_game(stats)` gets each game in order
    (per-game records). A KeyboardInterrupt stops the run and returns the summary of the games
    finished so far (a prefix in game order, so it is still reproducible)."""
    summary = Summary(spec=spec, asked=n, confidence=confidence)
    games = stream((spec,), n, jobs, backend=backend, address=address)
    try:
        for (s,) in games:
            summary.add(s)
            if on_game is not None:
                on_game(s)
            if progress:
                progress(summary.games)
    except KeyboardInterrupt:
        pass
    finally:
        games.close()
    return summary


SETTLE_GAMES = 64
"""Games of a batch from which `settle_memory` pays: a full collection costs about as much as
what freezing saves on a few dozen games of classic (more in a process holding much)."""


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
