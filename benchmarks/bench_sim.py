"""Simulation speed and memory: 4 `basic` bots on classic.

Reports, in one run:
- microseconds per turn on one core (a turn is one player's turn, extra throws after doubles
  included) and games per second; target: at most 15 us per turn;
- the throughput of `--jobs 2` against `--jobs 1` (target: at least 1.7x), same games;
- the peak memory (max RSS) of `magie simulate classic -n 10000` (target: under 200 MB).

Run: `python benchmarks/bench_sim.py [--games N] [--skip-memory]`.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.game import Game
from magie.engine.sim.batch import BatchSpec, settle_memory, simulate


def per_turn(games: int, seed: int = 1, repeats: int = 3) -> tuple[float, float, int]:
    """Play the same `games` games `repeats` times in this process; return the best run's
    (us per turn, games per second, turns). The best of several runs is the least disturbed
    by other work on the machine."""
    ed = load_playable_cached("classic")
    settle_memory()          # as `magie simulate` does after loading the edition
    best = None
    for _ in range(repeats):
        turns = 0
        start = time.perf_counter()
        for k in range(games):
            g = Game(ed, [(f"b{i}", make_bot("basic", seed + k, i)) for i in range(4)], seed=seed + k,
                     max_rounds=1000)
            g.play()
            turns += g.turns
        elapsed = time.perf_counter() - start
        if best is None or elapsed < best[0]:
            best = (elapsed, turns)
    elapsed, turns = best
    return elapsed / turns * 1e6, games / elapsed, turns


def jobs_speedup(games: int) -> tuple[float, float, float]:
    """Wall time of the same batch on 1 and 2 processes; returns (t1, t2, t1 / t2)."""
    spec = BatchSpec(edition="classic", seed=3)
    t = time.perf_counter()
    simulate(spec, games, jobs=1)
    t1 = time.perf_counter() - t
    t = time.perf_counter()
    simulate(spec, games, jobs=2)
    t2 = time.perf_counter() - t
    return t1, t2, t1 / t2


def simulate_peak_mb(games: int) -> float:
    """Max RSS (MB) of a `magie simulate classic -n GAMES --jobs 1` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run([sys.executable, "-m", "magie.cli.app", "simulate", "classic", "-n", str(games),
                    "--jobs", "1", "--json"], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(before, after) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300, help="games for the per-turn timing")
    ap.add_argument("--jobs-games", type=int, default=600, help="games for the --jobs comparison")
    ap.add_argument("--memory-games", type=int, default=10000, help="games for the memory run")
    ap.add_argument("--skip-memory", action="store_true", help="skip the 10,000-game memory run")
    args = ap.parse_args()
    print(f"cpus available: {len(os.sched_getaffinity(0))}")
    us, gps, turns = per_turn(args.games)
    print(f"per turn: {us:.2f} us (best of 3 runs of {turns} turns; {gps:.1f} games/s, one core)"
          f"  target <= 15 us")
    t1, t2, ratio = jobs_speedup(args.jobs_games)
    print(f"jobs: {args.jobs_games} games in {t1:.2f} s (1 job), {t2:.2f} s (2 jobs): "
          f"{ratio:.2f}x  target >= 1.7x")
    if not args.skip_memory:
        mb = simulate_peak_mb(args.memory_games)
        print(f"peak memory of simulate -n {args.memory_games}: {mb:.0f} MB  target < 200 MB")


if __name__ == "__main__":
    main()
