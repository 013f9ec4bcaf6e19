"""The opt-in mypyc build against the pure one, on the same source.

Builds the compiled tree into a scratch folder (tools/mypyc_build.py `build_in_place`: the staged
copy, then mypyc in place at -O3 as `MAGIE_COMPILE=1 pip install .` does; minutes), optionally
replays the golden corpus on it (`--golden`: the tests of CI's check, tools/compiled_check.py
`TESTS`, in a process that checked it imports the compiled modules: the same games, the search
bots' forks, and the basic bot's constants and subclass overrides), then times the two builds in turn,
each in its own subprocess, for `--repeats` rounds: CPU time (`time.process_time`) per turn of
`--games` classic games with four basic bots (seeds 1..N, the same games on both sides; their
turn counts must agree). Reports each side's median and range and the ratio of medians
(compiled / pure; below 1 is faster).

Run: `python benchmarks/bench_compiled.py [--build-dir DIR] [--reuse] [--golden] [--games N] [--repeats R]`
(needs mypy and a C compiler).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from compiled_check import TESTS, assert_compiled, pure_tree, run_tests  # noqa: E402
from mypyc_build import build_in_place  # noqa: E402

_TIMER = """
import sys, time
from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable_cached
try:
    from magie.engine.game import Game
except ImportError:                         # the layout before the restructure
    from magie.engine.game.game import Game
n, edition, kind = int(sys.argv[1]), sys.argv[2], sys.argv[3]
ed = load_playable_cached(edition)
try:
    from magie.engine.sim.batch import settle_memory
    settle_memory()
except ImportError:
    pass
def one(k):
    g = Game(ed, [(f"b{i}", make_bot(kind, k, i)) for i in range(4)], seed=k, max_rounds=1000)
    g.play()
    return g.turns
one(0)
start = time.process_time()
turns = sum(one(k) for k in range(1, n + 1))
print(turns, (time.process_time() - start) / turns * 1e6)
"""


def run(path: Path, games: int, edition: str, kind: str) -> tuple[int, float]:
    """(turns, CPU us per turn) of one timing subprocess with `path` first on PYTHONPATH."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", _TIMER, str(games), edition, kind], env=env, cwd=tempfile.gettempdir(),
                         check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", type=Path, default=Path(tempfile.gettempdir()) / "magie-mypyc")
    parser.add_argument("--reuse", action="store_true", help="use the build already in --build-dir")
    parser.add_argument("--golden", action="store_true", help="replay the golden corpus on the compiled build")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--kind", default="basic")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="another source tree to time beside them (e.g. base=/tmp/i15base, a worktree "
                             "of commit 888c6f9); its games may differ, so its turns are not compared")
    args = parser.parse_args()
    compiled = args.build_dir / "compiled"
    if not args.reuse:
        print(f"building into {compiled} (minutes) ...", flush=True)
        try:
            print(build_in_place(compiled, opt_level="3"), flush=True)
        except RuntimeError as e:
            raise SystemExit(str(e)) from None
    pure = args.build_dir / "pure"
    pure_tree(pure)
    if args.golden:
        print(assert_compiled(compiled), flush=True)
        if run_tests(compiled, TESTS, []):
            raise SystemExit("the compiled build failed the golden corpus")
    sides = {"pure": pure, "compiled": compiled}
    for spec in args.tree:
        name, _, path = spec.partition("=")
        sides[name] = args.build_dir / name
        pure_tree(sides[name], Path(path))
    times: dict[str, list[float]] = {side: [] for side in sides}
    turns: dict[str, int] = {}
    for _ in range(args.repeats):
        for side, path in sides.items():
            t, us = run(path, args.games, args.edition, args.kind)
            if turns.setdefault(side, t) != t or (side == "compiled" and turns["pure"] != t):
                raise SystemExit(f"the builds played different games: {turns} vs {t}")
            times[side].append(us)
    for side, xs in times.items():
        print(f"{side:9} median {statistics.median(xs):7.2f} us/turn  range {min(xs):.2f}-{max(xs):.2f}  "
              f"({args.repeats} runs of {args.games} games, {turns[side]} turns)")
    for side in sides:
        if side == "compiled":
            continue
        ratios = [c / p for p, c in zip(times[side], times["compiled"], strict=True)]
        print(f"compiled / {side}: {statistics.median(times['compiled']) / statistics.median(times[side]):.3f} "
              f"(per round {min(ratios):.3f}-{max(ratios):.3f})")
    for side in list(sides)[2:]:
        ratios = [c / p for p, c in zip(times[side], times["pure"], strict=True)]
        print(f"pure / {side}: {statistics.median(times['pure']) / statistics.median(times[side]):.3f} "
              f"(per round {min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
