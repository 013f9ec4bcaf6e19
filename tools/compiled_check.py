"""CI's check of the compiled build: the same games as pure Python, byte for byte.

Two ways to run it (both need the test dependencies):

- `python tools/compiled_check.py --installed` (.ci/run, after `pip install '.[test]'`, which
  compiles the engine where a C compiler works, and the whole test suite on that install): the
  compiled build is the installed magie and the pure one this tree's source;
- `python tools/compiled_check.py` (a developer's editable install is pure Python; needs mypy, a
  C compiler and the Python headers): builds the engine's `COMPILED` modules with mypyc from this
  tree as an install does (tools/mypyc_build.py `build_in_place`) into a temporary folder (kept
  with `--build-dir`); that folder, first on PYTHONPATH, is the compiled build.

Then it
1. refuses to pass vacuously: `magie --version` of the compiled build must say "compiled with
   mypyc: N modules" with N the length of `COMPILED`, and each of those modules must be imported
   from an extension module (of the build folder, or outside this tree for the installed one);
2. runs `TESTS` with pytest on the build the suite did not run on (the compiled build folder, or
   this tree's pure source), in a process that checked first which modules it imports: the golden
   corpus (tests/golden: each stored `magie play --log` game replayed through the CLI and through
   the simulation path), the search bots' forks (tests/game/test_search_bot.py) and the bots'
   subclasses and constants (tests/agents); on the pure source, the tests marked `pure` too
   (they patch or read the pure engine, and the compiled build skips them);
3. compares `magie simulate EDITION --json` (the batch path with its counters, one process and
   two workers) byte for byte between the two builds (`SIMULATIONS`).

Any difference, or a build that fails, exits 1 with what differed. Times of each part:
benchmarks/README.md, "The compiled build in CI".
"""

from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from mypyc_build import COMPILED, DEFAULT_OPT_LEVEL, PARTS, build_in_place, jobs  # noqa: E402

TESTS = ["tests/golden", "tests/game/test_search_bot.py", "tests/agents"]
"""The pytest targets run on the compiled build (paths under the repository)."""

SIMULATIONS = [
    ["classic", "-n", "100", "--seed", "1", "--jobs", "1"],
    ["classic", "--bot", "basic,random,easy,hard", "-n", "10", "--seed", "2", "--jobs", "2"],
    ["biznespolia", "-n", "30", "--seed", "3", "--jobs", "1"],
    ["classic", "-V", "free-parking-jackpot", "-V", "speed-die", "--bot", "random", "-n", "30", "--seed", "4",
     "--jobs", "1"],
]
"""The `magie simulate ... --json` runs compared with the pure tree (arguments after `simulate`):
the batch path with its counters on classic, a table of every built-in bot but search (the
interpreted easy bot subclasses the compiled basic bot; the hard bot's rollouts fork compiled
games; 10 games, its rollouts cost) over two workers, Biznespolia, and random bots under two
house rules."""

MODULES = [f"magie.engine.{m.removesuffix('.py').replace('/', '.')}" for m in COMPILED]
"""The dotted names of the compiled modules."""

GUARD = """
import importlib, sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
kind, build, source = sys.argv[1], sys.argv[2], Path(sys.argv[3]).resolve()
wrong = []
for name in sys.argv[4].split(","):
    path = Path(importlib.import_module(name).__file__).resolve()
    compiled = path.name.endswith(tuple(EXTENSION_SUFFIXES))
    if kind == "compiled":
        ok = compiled and (path.is_relative_to(Path(build).resolve()) if build != "-" else
                           not path.is_relative_to(source))
    else:
        ok = not compiled and path.is_relative_to(source)
    if not ok:
        wrong.append(f"{name} from {path}")
if wrong:
    sys.exit(f"not the {kind} build: " + "; ".join(wrong))
"""
"""Code that imports every module of `MODULES` (argv[4], comma-separated) and exits with a
message unless each comes from where the build of kind argv[1] has it: "compiled", an extension
module under the build folder argv[2] ("-": the installed build, anywhere but the engine's source
folder argv[3]); "pure", a .py file of the engine's source folder."""

RUN_TESTS = GUARD + """
import pytest
sys.exit(pytest.main(sys.argv[5:]))
"""
"""`GUARD`, then pytest with the arguments after the fourth, in the same process."""


def _env(tree: Path | None) -> dict[str, str]:
    """The environment of a run of `tree` (first on PYTHONPATH; None: the installed magie)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    return env if tree is None else dict(env, PYTHONPATH=str(tree))


def _guard_args(kind: str, tree: Path | None) -> list[str]:
    """The arguments of `GUARD` for the build of `kind` in `tree` (None: installed)."""
    return [kind, str(tree or "-"), str(ROOT / PARTS["engine"]), ",".join(MODULES)]


def _magie(tree: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    """`magie ARGS` (this Python's console script, or `python -m magie.cli.app`) run on `tree`
    (None: the installed magie)."""
    script = Path(sys.executable).parent / "magie"
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "magie.cli.app"]
    return subprocess.run([*command, *args], env=_env(tree), cwd=tempfile.gettempdir(), capture_output=True,
                          text=True)


def pure_tree(dest: Path, root: Path = ROOT) -> Path:
    """A `magie/` folder of symlinks to the source parts of `root` in `dest` (the pure build of
    the same source); returns `dest`."""
    (dest / "magie").mkdir(parents=True, exist_ok=True)
    for package, folder in PARTS.items():
        link = dest / "magie" / package
        if not link.exists():
            link.symlink_to(root / folder)
    return dest


def assert_compiled(compiled: Path | None) -> str:
    """The `magie --version` line of the build in `compiled` (None: the installed magie). Raises
    SystemExit unless it says compiled with `len(COMPILED)` modules and every module of `MODULES`
    is imported from the build's extension modules."""
    version = _magie(compiled, "--version")
    want = f"(compiled with mypyc: {len(COMPILED)} modules)"
    if version.returncode or not version.stdout.strip().endswith(want):
        raise SystemExit(f"magie --version on the build says {version.stdout.strip()!r}{version.stderr[-2000:]}, "
                         f"not {want}: the compiled modules are not the ones imported")
    guard = subprocess.run([sys.executable, "-c", GUARD, *_guard_args("compiled", compiled)], env=_env(compiled),
                           cwd=tempfile.gettempdir(), capture_output=True, text=True)
    if guard.returncode:
        raise SystemExit(guard.stderr[-5000:])
    return version.stdout.strip()


def run_tests(kind: str, tree: Path | None, targets: list[str], extra: list[str]) -> int:
    """pytest's exit code for `targets` (and `extra` options) on the build of `kind` ("compiled"
    or "pure") in `tree` (None: the installed magie), in a process that checked first that it
    imports that build's modules (`GUARD`)."""
    return subprocess.run([sys.executable, "-c", RUN_TESTS, *_guard_args(kind, tree), "-q", "-p", "no:cacheprovider",
                           *extra, *targets], env=_env(tree), cwd=ROOT).returncode


def compare_simulations(compiled: Path | None, pure: Path, runs: list[list[str]]) -> list[str]:
    """The differences between the `simulate --json` outputs of the two trees (`compiled` None:
    the installed magie), one message per run that differs or fails ([] when every run gives the
    same bytes)."""
    problems = []
    for args in runs:
        outs = {side: _magie(tree, "simulate", *args, "--json") for side, tree in
                (("pure", pure), ("compiled", compiled))}
        shown = " ".join(args)
        failed = [f"{side} exit {o.returncode}: {o.stderr[-2000:]}" for side, o in outs.items() if o.returncode]
        if failed:
            problems.append(f"simulate {shown}: " + "; ".join(failed))
        elif outs["pure"].stdout != outs["compiled"].stdout:
            diff = difflib.unified_diff(outs["pure"].stdout.splitlines(), outs["compiled"].stdout.splitlines(),
                                        "pure", "compiled", lineterm="", n=2)
            problems.append(f"simulate {shown} --json differs:\n" + "\n".join(list(diff)[:40]))
        else:
            print(f"  simulate {shown} --json: same {len(outs['pure'].stdout)} bytes", flush=True)
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--installed", action="store_true",
                        help="the compiled build is the installed magie (CI, after the suite ran on it)")
    parser.add_argument("--build-dir", type=Path, help="build here and keep it (default: a temporary folder, removed)")
    parser.add_argument("--reuse", action="store_true", help="check the build already in --build-dir")
    parser.add_argument("--opt-level", default=DEFAULT_OPT_LEVEL, choices="0123",
                        help=f"the C compiler's -O level (default: {DEFAULT_OPT_LEVEL}, as an install)")
    parser.add_argument("--jobs", type=int, default=jobs(), help="C compilers at once (default: the cores)")
    parser.add_argument("pytest_args", nargs="*", help="pytest targets and options instead of TESTS (after --)")
    args = parser.parse_args()
    if args.reuse and args.build_dir is None:
        parser.error("--reuse needs --build-dir")
    if args.installed and (args.reuse or args.build_dir):
        parser.error("--installed checks the installed magie: no --build-dir or --reuse")
    folder = args.build_dir or Path(tempfile.mkdtemp(prefix="magie-compiled-check-"))
    compiled = None if args.installed else folder / "compiled"
    try:
        start = time.perf_counter()
        if compiled is not None and not args.reuse:
            print(f"building the compiled engine into {compiled} (-O{args.opt_level}, {args.jobs} jobs) ...",
                  flush=True)
            try:
                print(build_in_place(compiled, opt_level=args.opt_level, workers=args.jobs), flush=True)
            except RuntimeError as e:
                raise SystemExit(str(e)) from None
        built = time.perf_counter()
        where = "installed" if compiled is None else "build"
        print(f"{assert_compiled(compiled)}: every one of the {len(COMPILED)} modules is imported from the {where}",
              flush=True)
        pure = pure_tree(folder / "pure")
        kind, tree = ("pure", pure) if compiled is None else ("compiled", compiled)
        targets = [a for a in args.pytest_args if not a.startswith("-")] or TESTS
        print(f"the golden corpus on the {kind} build ...", flush=True)
        code = run_tests(kind, tree, targets, [a for a in args.pytest_args if a.startswith("-")])
        if kind == "pure" and not code:     # and the tests the compiled build skips (marked `pure`)
            code = run_tests(kind, tree, ["tests"], ["-m", "pure"])
        tested = time.perf_counter()
        problems = [f"pytest on the {kind} build: exit {code}"] if code else []
        problems += compare_simulations(compiled, pure, SIMULATIONS)
        print(f"compiled check: build {built - start:.0f} s, tests {tested - built:.0f} s, "
              f"simulate {time.perf_counter() - tested:.0f} s", flush=True)
        if problems:
            raise SystemExit("the compiled build does not play the pure build's games:\n" + "\n".join(problems))
        print("compiled check passed: the compiled build plays the same games as pure Python")
    finally:
        if args.build_dir is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
