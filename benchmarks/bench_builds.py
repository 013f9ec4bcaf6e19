"""The pure and the compiled build of the working tree, side by side with a baseline commit.

`python benchmarks/bench_builds.py --baseline 888c6f9` builds the compiled engine of the working
tree as `pip install .` builds it (tools/mypyc_build.py `build_in_place`: the same mypyc output,
C compiler levels and parallel compile) into `--build-dir` (default: a temporary folder), checks
out the baseline in a temporary `git worktree` (pure Python, as it ran then), and measures three
sides on the same seeds (four `--bots` on `--edition`, seeds `--seed`.., a 1,000-round cap; each
side in its own subprocess with its tree first on PYTHONPATH, benchmarks/bench_sim.py's worker):

- timed (default): `--repeats` rounds, the order of the sides turned round each round; CPU time
  per turn (`time.process_time`, user + system of the worker); each side's median and range, and
  each ratio of two sides as the ratio of medians with the range of the per-round ratios (the two
  sides of a round ran within seconds of each other, so a round's ratio is the steadier figure on
  a loaded machine);
- `--callgrind`: instructions per turn (valgrind's callgrind; one run a side, which repeats to
  about 0.1% whatever the load; about 50x slower than a plain run) and their ratios.

The pure and compiled builds must play the same number of turns (the same games); the
baseline's games may differ. Needs mypy, a C compiler and the Python headers (and valgrind for
`--callgrind`). Examples:

  python benchmarks/bench_builds.py --baseline 888c6f9
  python benchmarks/bench_builds.py --baseline 888c6f9 --callgrind --games 10
  python benchmarks/bench_builds.py --build-dir /tmp/magie-builds --reuse --repeats 9 --games 40
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_sim import Side, _run_side, _shim  # noqa: E402
from mypyc_build import build_in_place  # noqa: E402


def _sides(args: argparse.Namespace, tmp: Path, compiled: Path) -> list[Side]:
    """The compiled build, the pure working tree and (with --baseline) the baseline, pure."""
    def side(label: str, src: Path, shim: Path) -> Side:
        return Side(label, src, shim, args.edition, args.bots)

    sides = [side("compiled", compiled / "magie", compiled), side("pure", ROOT, _shim(tmp / "shim-pure", ROOT))]
    if args.baseline:
        base = tmp / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base), args.baseline],
                       check=True)
        sides.append(side(args.baseline, base, _shim(tmp / "shim-base", base)))
    return sides


def measure(sides: list[Side], games: int, seed: int, repeats: int, callgrind: bool) -> None:
    """Run every side `repeats` times (the order turned round each round) and print each side's
    median and range, then every pair's ratio (first listed / second) with its per-round range.
    Raises SystemExit when the pure and the compiled build played different games."""
    unit, digits = ("instructions", 0) if callgrind else ("us CPU", 2)
    for r in range(repeats):
        order = sides[r % len(sides):] + sides[:r % len(sides)]
        for side in order:
            value, turns = _run_side(side, games, seed, callgrind)
            side.results.append(value)
            side.turns.add(turns)
        print(f"  round {r + 1}/{repeats}: "
              + ", ".join(f"{s.label} {s.results[-1]:,.{digits}f}" for s in sides), flush=True)
    if sides[0].turns != sides[1].turns:
        raise SystemExit(f"the compiled and the pure build played different games: {sides[0].turns} against "
                         f"{sides[1].turns} turns")
    for s in sides:
        spread = f", range {min(s.results):,.{digits}f}-{max(s.results):,.{digits}f}" if repeats > 1 else ""
        print(f"{s.label:>10}: median {statistics.median(s.results):,.{digits}f} {unit} per turn{spread} "
              f"({repeats} x {games} games, {sorted(s.turns)} turns)")
    for a, b in combinations(sides, 2):
        ratio = statistics.median(a.results) / statistics.median(b.results)
        rounds = sorted(x / y for x, y in zip(a.results, b.results, strict=True))
        more = f" (per round {rounds[0]:.3f}-{rounds[-1]:.3f})" if repeats > 1 else ""
        print(f"{a.label} / {b.label}: {ratio:.3f}{more}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", metavar="REF", help="a git ref measured beside them, pure (e.g. 888c6f9)")
    ap.add_argument("--build-dir", type=Path, help="build the compiled engine here and keep it (DIR/compiled)")
    ap.add_argument("--reuse", action="store_true", help="use the compiled build already in --build-dir")
    ap.add_argument("--callgrind", action="store_true", help="count instructions per turn instead of timing")
    ap.add_argument("--games", type=int, default=None, help="games a side plays a round (default 30; 10 with "
                                                            "--callgrind)")
    ap.add_argument("--repeats", type=int, default=None, help="rounds (default 7; 1 with --callgrind)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--edition", default="classic", help="the edition played (default classic)")
    ap.add_argument("--bots", default="basic", metavar="KIND[,KIND...]", help="the bots' kinds (default basic)")
    args = ap.parse_args()
    if args.reuse and args.build_dir is None:
        ap.error("--reuse needs --build-dir")
    games = args.games or (10 if args.callgrind else 30)
    repeats = args.repeats or (1 if args.callgrind else 7)
    with tempfile.TemporaryDirectory(prefix="magie-builds-") as tmp:
        compiled = (args.build_dir or Path(tmp)) / "compiled"
        if not args.reuse:
            print(f"building the compiled engine into {compiled} ...", flush=True)
            try:
                print(build_in_place(compiled), flush=True)
            except RuntimeError as e:
                raise SystemExit(str(e)) from None
        elif not (compiled / "magie" / "engine").is_dir():
            ap.error(f"--reuse: no compiled build in {compiled}")
        print(f"cpus available: {len(os.sched_getaffinity(0))}; load average {os.getloadavg()[0]:.1f}; "
              f"{repeats} round(s) of {games} games, {'callgrind' if args.callgrind else 'CPU time'}", flush=True)
        try:
            measure(_sides(args, Path(tmp), compiled), games, args.seed, repeats, args.callgrind)
        finally:
            if args.baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(Path(tmp) / "base")],
                               check=False, capture_output=True)
        print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
