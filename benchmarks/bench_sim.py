"""Simulation speed and memory: 4 `basic` bots on classic.

Reports, in one run:
- microseconds per turn on one core (a turn is one player's turn, extra throws after doubles
  included) and games per second; target: at most 15 us per turn;
- the throughput of `--jobs 2` against `--jobs 1` (target: at least 1.7x), same games;
- the peak memory (max RSS) of `magie simulate classic -n 10000` (target: under 200 MB).

`--baseline REF` compares instead the speed of this working tree with a git ref (a commit,
branch or tag): REF is checked out in a temporary `git worktree`, each side runs in its own
subprocess with its own source first on PYTHONPATH (a temporary `magie/` folder of symlinks to
engine/, cli/, editions/, schema/), the two sides alternate for `--repeats` rounds, and the
medians, spread and ratio (working tree / baseline, below 1.0 is faster) of us per turn are
reported. Both sides play the same seeded games, so their turn counts must agree.

Run: `python benchmarks/bench_sim.py [--games N] [--skip-memory]`
or   `python benchmarks/bench_sim.py --baseline 888c6f9 [--games N] [--repeats R]`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("engine", "cli", "editions", "schema")


def _game_class():
    """`Game` from either layout of the engine (before and after the restructure of issue 9)."""
    try:
        from magie.engine.game import Game
    except ImportError:
        from magie.engine.game.game import Game
    return Game


def per_turn(games: int, seed: int = 1, repeats: int = 3) -> tuple[float, float, int]:
    """Play the same `games` games `repeats` times in this process; return the best run's
    (us per turn, games per second, turns). The best of several runs is the least disturbed
    by other work on the machine."""
    from magie.engine.agents import make_bot
    from magie.engine.edition.playable import load_playable_cached
    from magie.engine.sim.batch import settle_memory

    game_cls = _game_class()
    ed = load_playable_cached("classic")
    settle_memory()          # as `magie simulate` does after loading the edition
    best = None
    for _ in range(repeats):
        turns = 0
        start = time.perf_counter()
        for k in range(games):
            g = game_cls(ed, [(f"b{i}", make_bot("basic", seed + k, i)) for i in range(4)], seed=seed + k,
                         max_rounds=1000)
            g.play()
            turns += g.turns
        elapsed = time.perf_counter() - start
        if best is None or elapsed < best[0]:
            best = (elapsed, turns)
    assert best is not None
    elapsed, turns = best
    return elapsed / turns * 1e6, games / elapsed, turns


def jobs_speedup(games: int) -> tuple[float, float, float]:
    """Wall time of the same batch on 1 and 2 processes; returns (t1, t2, t1 / t2)."""
    from magie.engine.sim.batch import BatchSpec, simulate

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


# ---------------------------------------------------------------------- --baseline REF
def _worker(games: int, expect_root: str) -> None:
    """Subprocess side of --baseline: time `games` games once, print JSON (us per turn, turns)."""
    import magie.engine

    where = Path(magie.engine.__file__).resolve().parent.parent
    if where != Path(expect_root).resolve():
        raise SystemExit(f"bench worker imported magie.engine from {where}, not {expect_root}")
    us, _, turns = per_turn(games, repeats=1)
    print(json.dumps({"us": us, "turns": turns}))


def _shim(dest: Path, src: Path) -> Path:
    """A folder holding `magie/` whose parts are symlinks into the source tree `src`."""
    pkg = dest / "magie"
    pkg.mkdir(parents=True)
    for part in PARTS:
        (pkg / part).symlink_to(src / part, target_is_directory=True)
    return dest


def _run_side(shim: Path, src: Path, games: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(shim) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games),
                          "--expect-root", str(src)], env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(ref: str, games: int, repeats: int) -> float:
    """Time REF against the working tree, interleaved; print medians, spread and the ratio."""
    with tempfile.TemporaryDirectory(prefix="magie-bench-") as tmp:
        base_src = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base_src), ref],
                       check=True)
        try:
            shims = {"baseline": (_shim(Path(tmp) / "shim-base", base_src), base_src),
                     "working tree": (_shim(Path(tmp) / "shim-work", ROOT), ROOT)}
            times: dict[str, list[float]] = {k: [] for k in shims}
            turns: dict[str, set[int]] = {k: set() for k in shims}
            order = list(shims)
            for r in range(repeats):
                for side in (order if r % 2 == 0 else order[::-1]):
                    res = _run_side(*shims[side], games)
                    times[side].append(res["us"])
                    turns[side].add(res["turns"])
                print(f"  round {r + 1}/{repeats}: " + ", ".join(f"{k} {v[-1]:.2f} us" for k, v in times.items()),
                      flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_src)], check=False)
    med = {k: statistics.median(v) for k, v in times.items()}
    for k, v in times.items():
        print(f"{k:>13}: median {med[k]:.2f} us per turn, spread {min(v):.2f}-{max(v):.2f} "
              f"(n={len(v)}, {games} games of {sorted(turns[k])} turns)")
    if turns["baseline"] != turns["working tree"]:
        print("warning: the two sides played different numbers of turns: behaviour differs")
    ratios = sorted(w / b for w, b in zip(times["working tree"], times["baseline"], strict=True))
    ratio = med["working tree"] / med["baseline"]
    print(f"ratio working tree / {ref}: {ratio:.3f} (ratio of medians; per-round ratios "
          f"{ratios[0]:.3f}-{ratios[-1]:.3f}, median {statistics.median(ratios):.3f})")
    return ratio


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None,
                    help="games for the per-turn timing (default 300; 100 per round with --baseline)")
    ap.add_argument("--jobs-games", type=int, default=600, help="games for the --jobs comparison")
    ap.add_argument("--memory-games", type=int, default=10000, help="games for the memory run")
    ap.add_argument("--skip-memory", action="store_true", help="skip the 10,000-game memory run")
    ap.add_argument("--baseline", metavar="REF", help="compare the speed per turn with git ref REF")
    ap.add_argument("--repeats", type=int, default=7, help="rounds of the --baseline comparison")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--expect-root", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(args.games, args.expect_root)
        return
    if args.baseline:
        print(f"cpus available: {len(os.sched_getaffinity(0))}; {args.repeats} interleaved rounds")
        compare(args.baseline, args.games or 100, args.repeats)
        return
    games = args.games or 300
    print(f"cpus available: {len(os.sched_getaffinity(0))}")
    us, gps, turns = per_turn(games)
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
