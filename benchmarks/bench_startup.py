"""Start-up cost of the `magie` command: CPU seconds (user + system) of `magie --help`, of
`magie COMMAND --help` for every command, of `magie editions` and of `magie --version`
(target: at most 0.15 s each), with `python -c pass` as the floor of any Python command.

Every run is a first run: it gets a new, empty cache folder (`MAGIE_CACHE_DIR`), so nothing a
previous run saved is used. Python's bytecode is written (as `pip install` does), so no run
compiles its sources. CPU time, not wall time, so that the figures hold on a loaded machine;
runs of the commands are interleaved and each is reported as the median and the spread.

With `--baseline REF` the same commands run from a git ref too (checked out in a temporary
worktree, put first on PYTHONPATH by the shim of bench_sim.py, so it needs no install).
`--callgrind` also counts the instructions of one run of each under valgrind: a measure that
does not depend on the load of the machine.

Run: `python benchmarks/bench_startup.py [--repeats 9] [--baseline REF] [--callgrind]`
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_sim import ROOT, _shim  # noqa: E402

COMMANDS = ("validate", "editions", "show", "diff", "schema", "watch", "check", "play", "simulate", "analyze",
            "compare", "ladder", "board", "serve", "lsp", "explain")
"""The commands whose `--help` is measured (those of `magie --help`)."""

RUNS: tuple[tuple[str, ...], ...] = (("pass",), ("--help",), *((c, "--help") for c in COMMANDS),
                                     ("editions",), ("--version",))
RUN = "import sys; sys.argv = ['magie', *sys.argv[1:]]; from magie.cli.app import main; main()"


def _command(args: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-c", "pass"] if args == ("pass",) else [sys.executable, "-c", RUN, *args]


def _env(shim: Path, cache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "MAGIE_NO_CACHE")}
    return {**env, "PYTHONPATH": str(shim), "MAGIE_CACHE_DIR": cache}


def cpu_of(shim: Path, args: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of one first run of `magie ARGS` from the source under `shim`."""
    with tempfile.TemporaryDirectory(prefix="magie-cache-") as cache:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(_command(args), env=_env(shim, cache), check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(shim: Path, args: tuple[str, ...]) -> int:
    """Instructions of one first run under callgrind (the 'Collected' total)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              *_command(args)], env=_env(shim, tmp), check=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    m = re.search(r"Collected : (\d+)", out)
    return int(m.group(1)) if m else -1


def measure(sides: dict[str, Path], repeats: int, callgrind: bool) -> None:
    """Print, for each command line of `RUNS`, the CPU median and spread of each side."""
    for args in RUNS:
        run = {"floor": sides["working tree"]} if args == ("pass",) else sides
        for shim in run.values():        # bytecode written, files in the page cache
            cpu_of(shim, args)
        cpu: dict[str, list[float]] = {k: [] for k in run}
        for r in range(repeats):
            for name in (list(run) if r % 2 == 0 else list(run)[::-1]):
                cpu[name].append(cpu_of(run[name], args))
        label = "python -c pass" if args == ("pass",) else "magie " + " ".join(args)
        cells = [f"{k} {statistics.median(v):.3f} s ({min(v):.3f}-{max(v):.3f})" for k, v in cpu.items()]
        if callgrind:
            cells += [f"{k} {instructions_of(s, args) / 1e6:,.1f} M instr." for k, s in run.items()]
        print(f"{label:24} " + "; ".join(cells), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", metavar="REF", help="also measure this git ref")
    ap.add_argument("--repeats", type=int, default=9)
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="magie-bench-") as tmp:
        sides = {"working tree": _shim(Path(tmp) / "shim-work", ROOT)}
        base_src = Path(tmp) / "base"
        if a.baseline:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base_src),
                            a.baseline], check=True)
            sides = {"baseline": _shim(Path(tmp) / "shim-base", base_src), **sides}
        print(f"CPU seconds of a first run: median (spread) of {a.repeats} runs; "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
        try:
            measure(sides, a.repeats, a.callgrind)
        finally:
            if a.baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_src)],
                               check=False)


if __name__ == "__main__":
    main()
