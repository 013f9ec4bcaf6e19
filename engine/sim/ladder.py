"""The ladder: round-robin games between bot kinds over many seeds, with ratings.

Tables: with at least as many kinds as seats, every combination of `players` kinds; with fewer,
every table of `players` seats that mixes at least two kinds. Game k plays table k mod T, its
seats rotated by k div T (so each kind plays every seat), seeded with `game_seed(seed, k)`. The
standings of a game rank its winners first, then the others still in by net worth, then the
bankrupt ones (tied last). Ratings are openskill's Plackett-Luce model, updated game by game in
game order (so they depend only on the edition, kinds, seed and number of games, never on
--jobs); a kind seated twice at a table gets the mean of its two updates. `ordinal` (mu - 3 sigma)
orders the table. Needs the `openskill` package (the `rl` extra).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations, combinations_with_replacement
from typing import Any

from ..agents import is_plugin, make_bot
from ..agents.external import close_agents
from ..agents.guard import save_failed_game
from ..analysis.stats import wilson
from ..edition.playable import load_playable_cached
from ..errors import GameError
from ..game.game import Game
from .batch import DEFAULT_CAP, _ignore_sigint, game_seed


def tables(kinds: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables of the round robin (see the module docstring)."""
    if len(kinds) >= players:
        return list(combinations(kinds, players))
    return [t for t in combinations_with_replacement(kinds, players) if len(set(t)) > 1]


class _Timed:
    """An agent that counts its decisions and the seconds spent on them."""

    def __init__(self, agent: Any):
        self.agent = agent
        self.name = agent.name
        self.human = False
        self.decisions = 0
        self.seconds = 0.0
        if callable(getattr(agent, "windows", None)):
            self.windows = agent.windows

    def decide(self, game, d) -> Any:
        t = time.perf_counter()
        try:
            return self.agent.decide(game, d)
        finally:
            self.seconds += time.perf_counter() - t
            self.decisions += 1

    def rejected(self, d, reason: str) -> None:
        self.agent.rejected(d, reason)


@dataclass(frozen=True)
class LadderSpec:
    """What to play: edition and overlays, the bot kinds, seats per table, seed, round cap."""

    edition: str
    kinds: tuple[str, ...]
    variants: tuple[str, ...] = ()
    players: int = 4
    seed: int = 0
    max_rounds: int | None = None


@dataclass
class LadderGame:
    """One game: the kind at each seat, the rank of each seat (1 = won), winners (seats),
    rounds, and per seat (decisions, seconds) spent deciding."""

    k: int
    seats: tuple[str, ...]
    ranks: list[int]
    winners: list[int]
    rounds: int
    timing: list[tuple[int, float]]


def seating(spec: LadderSpec, k: int) -> tuple[str, ...]:
    """The kinds at the seats of game `k`."""
    ts = tables(spec.kinds, spec.players)
    t = ts[k % len(ts)]
    r = (k // len(ts)) % spec.players
    return t[r:] + t[:r]


def play_game(spec: LadderSpec, k: int) -> LadderGame:
    """Play game `k` of the ladder. A user's agent that fails stops it with a `GameError` that
    says where the game so far was saved."""
    ed = load_playable_cached(spec.edition, spec.variants)
    seed = game_seed(spec.seed, k)
    seats = seating(spec, k)
    agents = [_Timed(make_bot(kind, seed, i)) for i, kind in enumerate(seats)]
    cap = spec.max_rounds if spec.max_rounds is not None else (ed.end.max_rounds or DEFAULT_CAP)
    plugins = any(is_plugin(kind) for kind in seats)
    g = Game(ed, [(a.name, a) for a in agents], seed=seed, max_rounds=cap, record=plugins, start=False)
    try:
        g.start()
        g.play()
    except GameError as e:
        if not plugins:
            raise
        path = save_failed_game(g, spec.edition, spec.variants, seats)
        raise GameError(f"game {k} (seed {seed}): {e}; the game so far is saved to {path}") from None
    finally:
        if plugins:
            close_agents([a.agent for a in agents], g)
    winners = [p.seat for p in g.winners]
    alive = sorted((p for p in g.players if p.alive and p.seat not in winners), key=lambda p: -g.net_worth(p))
    ranks = [0] * len(seats)
    for s in winners:
        ranks[s] = 1
    for n, p in enumerate(alive):
        ranks[p.seat] = 2 + n
    last = 2 + len(alive)
    for p in g.players:
        if not p.alive:
            ranks[p.seat] = last
    return LadderGame(k=k, seats=seats, ranks=ranks, winners=winners, rounds=g.round,
                      timing=[(a.decisions, a.seconds) for a in agents])


def _chunk(spec: LadderSpec, ks: Sequence[int]) -> list[LadderGame]:
    return [play_game(spec, k) for k in ks]


@dataclass
class KindStats:
    """One kind's line of the ladder."""

    kind: str
    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    wins: float = 0.0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def ordinal(self) -> float:
        """The conservative rating mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict:
        lo, hi = wilson(self.wins, self.games)
        return {"kind": self.kind, "rating": round(self.ordinal, 3), "mu": round(self.mu, 3),
                "sigma": round(self.sigma, 3), "games": self.games, "wins": round(self.wins, 2),
                "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
                "wilson95": [round(lo, 4), round(hi, 4)],
                "ms_per_decision": round(1000 * self.seconds / self.decisions, 3) if self.decisions else 0.0}


@dataclass
class Ladder:
    """The ladder after `games` games: a `KindStats` per kind, best rating first by `table()`."""

    spec: LadderSpec
    asked: int
    games: int = 0
    rounds: list[int] = field(default_factory=list)
    stats: dict[str, KindStats] = field(default_factory=dict)

    def add(self, lg: LadderGame, model: Any) -> None:
        """Rate one game (games are added in game order)."""
        self.games += 1
        self.rounds.append(lg.rounds)
        for kind in lg.seats:
            self.stats.setdefault(kind, KindStats(kind))
        teams = [[model.rating(mu=self.stats[kind].mu, sigma=self.stats[kind].sigma)] for kind in lg.seats]
        new = model.rate(teams, ranks=lg.ranks)
        updates: dict[str, list] = {}
        for kind, team in zip(lg.seats, new, strict=True):
            updates.setdefault(kind, []).append(team[0])
        for kind, rs in updates.items():
            st = self.stats[kind]
            st.mu = sum(r.mu for r in rs) / len(rs)
            st.sigma = sum(r.sigma for r in rs) / len(rs)
        for seat, kind in enumerate(lg.seats):
            st = self.stats[kind]
            st.games += 1
            if seat in lg.winners:
                st.wins += 1 / len(lg.winners)
            st.decisions += lg.timing[seat][0]
            st.seconds += lg.timing[seat][1]

    def table(self) -> list[KindStats]:
        """The kinds, best rating first."""
        return sorted(self.stats.values(), key=lambda s: (-s.ordinal, s.kind))

    def to_json(self) -> dict:
        """The ladder as plain data (`magie ladder` writes it)."""
        return {"edition": self.spec.edition, "variants": list(self.spec.variants), "seed": self.spec.seed,
                "players": self.spec.players, "kinds": list(self.spec.kinds), "games": self.games,
                "asked": self.asked, "tables": [list(t) for t in tables(self.spec.kinds, self.spec.players)],
                "rounds_mean": round(sum(self.rounds) / len(self.rounds), 2) if self.rounds else 0,
                "model": "openskill PlackettLuce", "ranking": [s.to_json() for s in self.table()]}


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        from ..extras import install_hint

        raise GameError(f"the ladder's ratings need openskill: {install_hint('rl')}") from None
    return PlackettLuce()


def run_ladder(spec: LadderSpec, n: int, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Ladder:
    """Play `n` ladder games on `jobs` processes and rate them in game order. A KeyboardInterrupt
    stops early: the ladder of the games finished in order so far is returned."""
    model = _model()
    ladder = Ladder(spec=spec, asked=n)
    load_playable_cached(spec.edition, spec.variants)
    for kind in spec.kinds:
        make_bot(kind, 0, 0)           # an unknown kind or a broken plug-in fails here, once
    done: dict[int, LadderGame] = {}

    def collect(games: list[LadderGame]) -> None:
        for lg in games:
            done[lg.k] = lg
        if progress:
            progress(len(done))
    try:
        if jobs <= 1:
            for k in range(n):
                collect([play_game(spec, k)])
        else:
            chunks = [list(range(a, min(n, a + 4))) for a in range(0, n, 4)]
            with multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_sigint) as pool:
                for games in pool.imap_unordered(partial(_chunk, spec), chunks):
                    collect(games)
    except KeyboardInterrupt:
        pass
    for k in range(n):
        if k not in done:
            break
        ladder.add(done[k], model)
    return ladder
