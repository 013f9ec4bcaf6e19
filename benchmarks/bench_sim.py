"""Simulation speed and memory: 4 bots (default `basic`) on an edition (default classic).

Without options it reports, in one run:
- microseconds per turn on one core (a turn is one player's turn, extra throws after doubles
  included) and games per second; target: at most 15 us per turn;
- the throughput of `--jobs 2` against `--jobs 1` (target: at least 1.8x), same games;
- the peak memory (max RSS) of `magie simulate classic -n 10000` (target: at most 60 MB).

Comparing two sides. A side is a source tree, an edition (with `--set` values) and the bots of
the four seats. The working tree with `--edition`, `--bots`, `--set` is always one side; the
other is
- `--baseline REF`: the git ref REF (a commit, branch or tag), checked out in a temporary
  `git worktree`, with the same edition, bots and sets unless `--vs-*` says otherwise; or
- without `--baseline`: the working tree again with `--vs-edition`, `--vs-bots`, `--vs-set`
  (what is not given is the same as the working side).
Each side runs in its own subprocess with its own source first on PYTHONPATH (a temporary `magie/`
folder of symlinks to engine/, cli/, editions/, schema/); the ratio is working side / other side
(below 1.0 is cheaper). `--compiled DIR` makes the working side the mypyc build of the
working tree in DIR (`DIR/magie/...`, as `benchmarks/bench_builds.py --build-dir B` leaves it in
B/compiled); without `--baseline` or `--vs-*` the other side is then the pure working tree.

Two measures:
- timing (default): the sides alternate for `--repeats` rounds; medians, spread and the ratio of
  us per turn (CPU time, `time.process_time`). On a shared, busy machine timings scatter by 2x.
- `--callgrind`: instructions per turn counted by valgrind's callgrind, which does not depend on
  the machine's load (one run per side is enough: counts repeat to about 0.1%). Only the games
  are counted (their set-up included; the edition load and a warm-up game of seed 0 are not),
  with PYTHONHASHSEED=0 (README.md: `cg.sh`). About 50x slower than a plain run:
  10 classic games take about a minute a side. `--only FUNC` counts only the instructions spent
  inside one Game method (e.g. `--only between_turns`), to give its share of a turn, and
  `--without METHOD` leaves out a method it calls (`--without offer_window`: the decisions the
  window actually asks, so that what remains is its cost when every agent passes). The
  wrappers that switch the count on and off cost instructions of their own, which that count
  includes: an empty method called through the `--only` wrapper costs more than a plain call
  of it, and a `--without` call is counted until its wrapper switches the count off. The
  benchmark measures both on empty methods (four short callgrind runs, `calibrate`) and prints
  the share a second time with calls x (wrapper - plain call) taken out: what remains counts
  each call of the method as a plain call from Python would cost.

The seats: `--bots basic,random` seats basic, random, basic, random (kinds repeat round the
table); bot k of game with seed s is `make_bot(kind, s, k)`. Games have seeds `--seed`..
`--seed + --games - 1` and a 1,000-round cap.

Examples:
  python benchmarks/bench_sim.py --baseline 888c6f9 --callgrind            # against a ref
  python benchmarks/bench_sim.py --callgrind --edition biznespolia --vs-edition classic
  python benchmarks/bench_sim.py --callgrind --bots random --vs-bots basic
  python benchmarks/bench_sim.py --callgrind --vs-set rules.between_turns=false
  python benchmarks/bench_sim.py --callgrind --only between_turns          # the window's share
  python benchmarks/bench_sim.py --callgrind --only between_turns --without offer_window
                                                  # ... leaving out the windows where bots act
  python benchmarks/bench_sim.py --baseline main --games 100 --repeats 5   # timing, interleaved
  python benchmarks/bench_sim.py --skip-memory                             # absolute figures
  python benchmarks/bench_sim.py --compiled /tmp/magie-mypyc/compiled --baseline 888c6f9 --callgrind
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("engine", "cli", "editions", "schema")


def _game_class():
    """`Game` from either layout of the engine (before and after engine/game/ was split by mechanism)."""
    try:
        from magie.engine.game import Game
    except ImportError:
        from magie.engine.game.game import Game
    return Game


def _edition(name: str, sets: tuple[str, ...] = ()):
    """The playable edition `name` with `--set KEY=VALUE` values applied (trees without
    engine/sim/config.py accept no sets)."""
    if not sets:
        from magie.engine.edition.playable import load_playable_cached
        return load_playable_cached(name)
    from magie.engine.sim.config import load_config, parse_set
    return load_config(name, (), tuple(parse_set(s) for s in sets))


def _table(kinds: list[str], seed: int) -> list:
    """The four seats of the game of `seed`: kinds repeat round the table (a kind is a bot of
    `make_bot` or one of benchmarks/declining.py's, which pass between turns)."""
    from declining import make
    return [(f"b{i}", make(kinds[i % len(kinds)], seed, i)) for i in range(4)]


def per_turn(games: int, seed: int = 1, repeats: int = 3, edition: str = "classic",
             bots: str = "basic", sets: tuple[str, ...] = ()) -> tuple[float, float, int]:
    """Play the same `games` games (seeds seed..seed+games-1) `repeats` times in this process;
    return the best run's (CPU us per turn, games per CPU second, turns). The best of several
    runs is the least disturbed by other work on the machine. A game of seed 0 is played first and
    not counted: what the first game of a process does once (imports, caches) is not a turn's cost."""
    from magie.engine.sim.batch import settle_memory

    game_cls = _game_class()
    ed = _edition(edition, sets)
    kinds = bots.split(",")
    settle_memory()          # as `magie simulate` does after loading the edition
    game_cls(ed, _table(kinds, 0), seed=0, max_rounds=1000).play()
    best = None
    for _ in range(repeats):
        turns = 0
        start = time.process_time()
        for k in range(games):
            g = game_cls(ed, _table(kinds, seed + k), seed=seed + k, max_rounds=1000)
            g.play()
            turns += g.turns
        elapsed = time.process_time() - start
        if best is None or elapsed < best[0]:
            best = (elapsed, turns)
    assert best is not None
    elapsed, turns = best
    return elapsed / turns * 1e6, games / elapsed, turns


CALLS: dict[str, int] = {}
"""Calls of each wrapped method in the counted games (`--only`, `--without`), by name."""


def _toggled(inner, name: str = ""):
    """`inner` called through `operator.call`, a C function callgrind toggles the count on."""
    import operator

    def counted(self, *args, **kwargs):
        CALLS[name] = CALLS.get(name, 0) + 1
        return operator.call(inner, self, *args, **kwargs)
    return counted


def _untoggled(inner, name: str = ""):
    """`inner` called through `itertools.starmap`'s C `starmap_next`, which callgrind toggles
    the count off on (a second `operator.call` inside the first would not toggle: callgrind
    toggles on the outermost call of a function only)."""
    from itertools import starmap

    def uncounted(self, *args):
        CALLS[name] = CALLS.get(name, 0) + 1
        return next(starmap(inner, ((self, *args),)))
    return uncounted


CALIBRATE_CALLS = 2000
"""Calls of an empty method in each calibration run (`calibrate`)."""


def calibrate(mode: str) -> None:
    """One calibration run, under callgrind with the toggles of `--only ... --without ...`:
    CALIBRATE_CALLS calls of an empty method, made as `mode` says: `toggled` through the
    `--only` wrapper; `plain` a loop that calls it plainly, `loop` the same loop without the
    call, `untoggled` the loop calling it through the `--without` wrapper (each loop inside one
    `--only` call, so counted)."""
    class Empty:
        def nothing(self, x: int) -> None:
            return None

        def plain(self, n: int) -> None:
            for _ in range(n):
                self.nothing(1)

        def loop(self, n: int) -> None:
            for _ in range(n):
                pass

    if mode == "toggled":
        Empty.nothing = _toggled(Empty.nothing)
        e = Empty()
        for _ in range(CALIBRATE_CALLS):
            e.nothing(1)
        return
    if mode == "untoggled":
        Empty.nothing = _untoggled(Empty.nothing)
        mode = "plain"
    setattr(Empty, mode, _toggled(getattr(Empty, mode)))
    getattr(Empty(), mode)(CALIBRATE_CALLS)


_WRAPPERS: list[float] = []


def wrapper_costs() -> tuple[float, float]:
    """(instructions a call through the `--only` wrapper costs beyond a plain call of the same
    empty method, the same for a call through a `--without` wrapper), from four calibration
    runs (`calibrate`), made once per process."""
    if not _WRAPPERS:
        got = {}
        for mode in ("toggled", "plain", "loop", "untoggled"):
            cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=_operator_call",
                   "--toggle-collect=starmap_next", "--callgrind-out-file=/dev/null",
                   sys.executable, str(Path(__file__).resolve()), "--worker", "--calibrate", mode]
            out = subprocess.run(cmd, capture_output=True, text=True, cwd=tempfile.gettempdir(),
                                 env={**os.environ, "PYTHONHASHSEED": "0"})
            found = re.search(r"Collected : (\d+)", out.stderr)
            if out.returncode != 0 or found is None:
                raise SystemExit(f"calibration {mode} failed:\n{out.stderr[-3000:]}")
            got[mode] = int(found.group(1)) / CALIBRATE_CALLS
        call = got["plain"] - got["loop"]          # a plain call of the empty method
        _WRAPPERS[:] = [got["toggled"] - call, got["untoggled"] - got["plain"]]
    return _WRAPPERS[0], _WRAPPERS[1]


def counted_games(games: int, seed: int, edition: str, bots: str, sets: tuple[str, ...],
                  only: str | None, without: tuple[str, ...] = ()) -> int:
    """The games callgrind counts; returns their turns. They run inside `functools.reduce`, a C
    function that callgrind's `--toggle-collect=functools_reduce` switches on; with `only`, the
    Game method `only` runs inside `operator.call` instead (`--toggle-collect=_operator_call`),
    and so does each method of `without` (called as `game.METHOD` inside `only`), which switches
    the count off again while it runs.
    A warm-up game of seed 0 (lazy imports, first-call caches) runs first, uncounted."""
    game_cls = _game_class()
    ed = _edition(edition, sets)
    kinds = bots.split(",")
    try:
        from magie.engine.sim.batch import settle_memory
        settle_memory()
    except ImportError:
        pass

    def one(acc: int, k: int) -> int:
        g = game_cls(ed, _table(kinds, k), seed=k, max_rounds=1000)
        g.play()
        return acc + g.turns
    one(0, 0)
    if only is not None:
        # the count is on inside `only`, off again inside each method of `without`
        setattr(game_cls, only, _toggled(getattr(game_cls, only), only))
        for name in without:
            setattr(game_cls, name, _untoggled(getattr(game_cls, name), name))
        CALLS.clear()
        return sum(one(0, k) for k in range(seed, seed + games))
    return functools.reduce(one, range(seed, seed + games), 0)


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


# ---------------------------------------------------------------------- two sides
@dataclass
class Side:
    """One side of a comparison: a source tree (through its shim folder), an edition with sets,
    the bots' kinds, and optionally one Game method to count alone (`--only`)."""
    label: str
    src: Path
    shim: Path
    edition: str
    bots: str
    sets: tuple[str, ...] = ()
    only: str | None = None
    without: tuple[str, ...] = ()
    results: list[float] = field(default_factory=list)
    turns: set[int] = field(default_factory=set)
    net: list[float] = field(default_factory=list)      # with --only: results less the wrappers' own cost

    def describe(self) -> str:
        what = f"{self.edition}, {self.bots}" + "".join(f", {s}" for s in self.sets)
        only = f", only {self.only}" + "".join(f" without {w}" for w in self.without) if self.only else ""
        return f"{self.label} ({what}{only})"


def _worker(args: argparse.Namespace) -> None:
    """Subprocess side: play the games once, print JSON (us per turn or turns and the calls of
    the wrapped methods); or one calibration run (`--calibrate`)."""
    if args.calibrate:
        calibrate(args.calibrate)
        return
    import magie.engine

    where = Path(magie.engine.__file__).resolve().parent.parent
    if where != Path(args.expect_root).resolve():
        raise SystemExit(f"bench worker imported magie.engine from {where}, not {args.expect_root}")
    sets = tuple(args.set or ())
    if args.callgrind:
        turns = counted_games(args.games, args.seed, args.edition, args.bots, sets, args.only,
                              tuple(args.without or ()))
        print(json.dumps({"turns": turns, "calls": CALLS}))
        return
    us, _, turns = per_turn(args.games, seed=args.seed, repeats=1, edition=args.edition, bots=args.bots,
                            sets=sets)
    print(json.dumps({"us": us, "turns": turns}))


def _shim(dest: Path, src: Path) -> Path:
    """A folder holding `magie/` whose parts are symlinks into the source tree `src`."""
    pkg = dest / "magie"
    pkg.mkdir(parents=True)
    for part in PARTS:
        (pkg / part).symlink_to(src / part, target_is_directory=True)
    return dest


def _run_side(side: Side, games: int, seed: int, callgrind: bool) -> tuple[float, int]:
    """Run one side once in a subprocess; (us per turn or instructions per turn, turns). With
    `side.only`, the instructions per turn less the wrappers' own cost go to `side.net`."""
    env = {**os.environ, "PYTHONPATH": str(side.shim) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games), "--seed", str(seed),
           "--edition", side.edition, "--bots", side.bots, "--expect-root", str(side.src)]
    cmd += [f"--set={s}" for s in side.sets]
    if callgrind:
        cmd += ["--callgrind"] + (["--only", side.only] if side.only else [])
        cmd += [f"--without={w}" for w in side.without] if side.only else []
        env["PYTHONHASHSEED"] = "0"
        toggle = "_operator_call" if side.only else "functools_reduce"
        if side.only and side.without:
            toggle += " --toggle-collect=starmap_next"
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", *f"--toggle-collect={toggle}".split(),
               "--callgrind-out-file=/dev/null"] + cmd
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        raise SystemExit(f"{side.describe()} failed:\n{out.stderr[-3000:]}")
    res = json.loads(out.stdout.strip().splitlines()[-1])
    if not callgrind:
        return res["us"], res["turns"]
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"no callgrind count in the output of {side.describe()}:\n{out.stderr[-3000:]}")
    count = int(found.group(1))
    if side.only:
        on, off = wrapper_costs()
        calls = res["calls"]
        wrappers = calls.get(side.only, 0) * on + sum(calls.get(w, 0) for w in side.without) * off
        side.net.append((count - wrappers) / max(res["turns"], 1))
        print(f"  {side.label}: {calls} calls; the wrappers cost {on:,.0f} (--only) and {off:,.0f} (--without) "
              f"instructions a call beyond a plain call: {wrappers / max(res['turns'], 1):,.0f} a turn", flush=True)
    return count / max(res["turns"], 1), res["turns"]


def compare(sides: list[Side], games: int, seed: int, repeats: int, callgrind: bool) -> float:
    """Run the two sides (working side first) `repeats` times, interleaved; print each side's
    median and spread and the ratio working / other. Returns the ratio of medians."""
    unit = "instructions" if callgrind else "us"
    for r in range(repeats):
        for side in (sides if r % 2 == 0 else sides[::-1]):
            value, turns = _run_side(side, games, seed, callgrind)
            side.results.append(value)
            side.turns.add(turns)
        print(f"  round {r + 1}/{repeats}: "
              + ", ".join(f"{s.label} {s.results[-1]:,.{0 if callgrind else 2}f} {unit}" for s in sides), flush=True)
    med = [statistics.median(s.results) for s in sides]
    for s, m in zip(sides, med, strict=True):
        spread = f", spread {min(s.results):,.2f}-{max(s.results):,.2f}" if len(s.results) > 1 else ""
        print(f"  {s.describe()}: median {m:,.{0 if callgrind else 2}f} {unit} per turn{spread} "
              f"(n={len(s.results)}, {games} games of {sorted(s.turns)} turns)")
    work, other = sides
    if work.turns != other.turns and work.edition == other.edition and work.bots == other.bots \
            and work.sets == other.sets:
        print("  note: the two sides played different numbers of turns: the games differ")
    ratios = sorted(w / b for w, b in zip(work.results, other.results, strict=True))
    ratio = med[0] / med[1]
    what = "share of a turn" if work.only else "ratio"
    more = f" (per-round {ratios[0]:.3f}-{ratios[-1]:.3f})" if len(ratios) > 1 else ""
    print(f"{what} {work.label} / {other.label}: {ratio:.4f}{more}")
    if work.net:
        net = statistics.median(work.net)
        print(f"{what} {work.label} / {other.label}, the wrappers' own cost taken out: {net:,.0f} instructions "
              f"per turn, {net / med[1]:.4f}")
    return ratio


def _sides(args: argparse.Namespace, tmp: Path) -> list[Side]:
    """The working side and the other side of the comparison the options ask for."""
    sets = tuple(args.set or ())
    work = Side("working tree", ROOT, _shim(tmp / "shim-work", ROOT), args.edition, args.bots, sets, args.only,
                tuple(args.without or ()))
    if args.compiled:               # the build's own folder is the shim: magie.engine is found in DIR/magie
        work = Side("compiled", args.compiled.resolve() / "magie", args.compiled.resolve(), args.edition, args.bots,
                    sets, args.only, tuple(args.without or ()))
    other_src, label = ROOT, "working tree"
    if args.baseline:
        other_src, label = tmp / "base", args.baseline
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(other_src),
                        args.baseline], check=True)
    other = Side(label, other_src, _shim(tmp / "shim-base", other_src),
                 args.vs_edition or args.edition, args.vs_bots or args.bots,
                 tuple(args.vs_set) if args.vs_set is not None else sets)
    if work.src == other_src and not args.only and (other.edition, other.bots, other.sets) == (work.edition,
                                                                                       work.bots, work.sets):
        raise SystemExit("both sides are the same: give --baseline REF, --vs-edition, --vs-bots, --vs-set or --only")
    if work.src == other_src:
        work.label, other.label = "this", "that"
    return [work, other]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None,
                    help="games a side plays (default: 300 alone; 100 a round of a timed comparison; "
                         "10 with --callgrind)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--edition", default="classic", help="edition of the working side (default classic)")
    ap.add_argument("--bots", default="basic", metavar="KIND[,KIND...]",
                    help="bot kinds of the working side, repeated round the table (default basic)")
    ap.add_argument("--set", action="append", metavar="KEY=VALUE",
                    help="a rule value of the working side, as `magie simulate --set` (repeatable)")
    ap.add_argument("--vs-edition", metavar="NAME", help="edition of the other side (default: --edition)")
    ap.add_argument("--vs-bots", metavar="KIND[,KIND...]", help="bots of the other side (default: --bots)")
    ap.add_argument("--vs-set", action="append", metavar="KEY=VALUE",
                    help="rule values of the other side (default: --set's)")
    ap.add_argument("--compiled", metavar="DIR", type=Path,
                    help="the working side is the mypyc build in DIR (DIR/magie/..., by benchmarks/bench_builds.py)")
    ap.add_argument("--baseline", metavar="REF", help="the other side is git ref REF (default: the working tree)")
    ap.add_argument("--callgrind", action="store_true",
                    help="count instructions per turn with valgrind (load-independent) instead of timing")
    ap.add_argument("--only", metavar="METHOD",
                    help="with --callgrind: count only inside Game.METHOD (e.g. between_turns, manage) and "
                         "give its share of the whole turn")
    ap.add_argument("--without", action="append", metavar="METHOD",
                    help="with --only: leave out what Game.METHOD costs when --only's method calls it as "
                         "game.METHOD (e.g. --only between_turns --without offer_window: the window's cost "
                         "when nobody acts there; repeatable)")
    ap.add_argument("--repeats", type=int, default=None,
                    help="rounds of a comparison (default 7 timed, 1 with --callgrind)")
    ap.add_argument("--jobs-games", type=int, default=600, help="games for the --jobs comparison")
    ap.add_argument("--memory-games", type=int, default=10000, help="games for the memory run")
    ap.add_argument("--skip-memory", action="store_true", help="skip the 10,000-game memory run")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--calibrate", choices=("toggled", "plain", "loop", "untoggled"), help=argparse.SUPPRESS)
    ap.add_argument("--expect-root", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.only and not args.callgrind:
        ap.error("--only needs --callgrind")
    if args.without and not args.only:
        ap.error("--without needs --only")
    if args.only and (args.baseline or args.vs_edition or args.vs_bots or args.vs_set is not None):
        ap.error("--only compares a method with the whole turn of the same games: no --baseline or --vs-*")
    if args.worker:
        _worker(args)
        return
    if args.compiled and not (args.compiled / "magie" / "engine").is_dir():
        ap.error(f"--compiled {args.compiled}: no magie/engine/ (benchmarks/bench_builds.py --build-dir builds one)")
    comparing = (args.compiled or args.baseline or args.vs_edition or args.vs_bots or args.vs_set is not None
                 or args.only)
    if args.callgrind or comparing:
        games = args.games or (10 if args.callgrind else 100)
        repeats = args.repeats or (1 if args.callgrind else 7)
        print(f"cpus available: {len(os.sched_getaffinity(0))}; {repeats} interleaved round(s), "
              f"{'callgrind instruction counts' if args.callgrind else 'CPU time'}")
        with tempfile.TemporaryDirectory(prefix="magie-bench-") as tmp:
            try:
                if not comparing:       # --callgrind alone: the working side's count
                    side = Side("working tree", ROOT, _shim(Path(tmp) / "shim-work", ROOT), args.edition,
                                args.bots, tuple(args.set or ()))
                    value, turns = _run_side(side, games, args.seed, True)
                    print(f"  {side.describe()}: {value:,.0f} instructions per turn ({games} games, {turns} turns)")
                    return
                sides = _sides(args, Path(tmp))
                if args.only:           # the method's count against the whole turn's, same games
                    sides[1].only = None
                compare(sides, games, args.seed, repeats, args.callgrind)
            finally:
                if args.baseline:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(Path(tmp) / "base")],
                                   check=False, capture_output=True)
        return
    games = args.games or 300
    print(f"cpus available: {len(os.sched_getaffinity(0))}")
    us, gps, turns = per_turn(games, seed=args.seed, edition=args.edition, bots=args.bots,
                              sets=tuple(args.set or ()))
    print(f"per turn: {us:.2f} us CPU (best of 3 runs of {turns} turns; {gps:.1f} games per CPU second)"
          f"  target <= 15 us")
    t1, t2, ratio = jobs_speedup(args.jobs_games)
    print(f"jobs: {args.jobs_games} games in {t1:.2f} s (1 job), {t2:.2f} s (2 jobs): "
          f"{ratio:.2f}x  target >= 1.8x")
    if not args.skip_memory:
        mb = simulate_peak_mb(args.memory_games)
        print(f"peak memory of simulate -n {args.memory_games}: {mb:.0f} MB  target <= 60 MB")


if __name__ == "__main__":
    main()
