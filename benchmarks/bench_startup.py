"""Start-up cost of the `magie` command: CPU seconds (user + system) of `magie --help` and
`magie editions`, this working tree against a git ref, interleaved (target: at most 0.15 s).

Each side runs in its own process with its own source first on PYTHONPATH (the shim of
bench_sim.py), so the ref needs no install. Three sides for each of the ref and the working
tree: "cached", as a user runs it twice (the second run served by the output cache,
cli/output_cache.py); "first run", its output entries removed before each run (what the first
run after a change of a file, the environment or the terminal costs, recording included); and
"no cache", `MAGIE_NO_CACHE=1` (every run does the whole work); and `python -c pass`, the floor
of any Python command on this machine. Python's bytecode is written (as `pip install` does), so
no side compiles its sources on every run; the output and parser caches live in a temporary
folder. `--callgrind` also counts the instructions of one run of each side under
`valgrind --tool=callgrind`: a measure that does not depend on the load of the machine.

Run: `python benchmarks/bench_startup.py --baseline 888c6f9 [--repeats 15] [--callgrind]`
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

COMMANDS = (("--help",), ("editions",))
RUN = "import sys; sys.argv = ['magie', *sys.argv[1:]]; from magie.cli.app import main; main()"


Side = tuple[Path, dict[str, str]]
"""A shim folder and the variables to add to the environment."""


def _env(side: Side) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(side[0]), **side[1]}


def _command(args: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-c", "pass"] if args == ("pass",) else [sys.executable, "-c", RUN, *args]


FIRST = "MAGIE_BENCH_FIRST_RUN"
"""Set in a side's variables: its output-cache entries are removed before each of its runs."""


def _forget(side: Side) -> None:
    if side[1].get(FIRST):
        for entry in Path(side[1]["MAGIE_CACHE_DIR"]).glob("output-*"):
            entry.unlink()


def cpu_of(side: Side, args: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of one run of `magie ARGS` from `side`."""
    _forget(side)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(_command(args), env=_env(side), check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(side: Side, args: tuple[str, ...]) -> int:
    """Instructions of one run under callgrind (the 'Collected' total)."""
    _forget(side)
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              *_command(args)], env=_env(side), check=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    m = re.search(r"Collected : (\d+)", out)
    return int(m.group(1)) if m else -1


def _ratio(values: dict, side: str) -> str:
    """'; ratio R' of a working-tree side to the same side of the baseline, else ''."""
    base = side.replace("working tree", "baseline")
    return f"; ratio {values[side] / values[base]:.3f}" if side != base and base in values else ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", metavar="REF", default="888c6f9")
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="magie-bench-") as tmp:
        base_src = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base_src),
                        a.baseline], check=True)
        try:
            sides: dict[str, Side] = {}
            for tree, shim in (("baseline", _shim(Path(tmp) / "shim-base", base_src)),
                               ("working tree", _shim(Path(tmp) / "shim-work", ROOT))):
                cache = {"MAGIE_CACHE_DIR": str(Path(tmp) / f"cache-{tree[0]}")}
                sides[f"{tree} cached"] = (shim, cache)
                sides[f"{tree} first run"] = (shim, {"MAGIE_CACHE_DIR": str(Path(tmp) / f"first-{tree[0]}"),
                                                     FIRST: "1"})
                sides[f"{tree} no cache"] = (shim, {**cache, "MAGIE_NO_CACHE": "1"})
            for args in (("pass",), *COMMANDS):
                run = {"pass": {"python -c pass": sides["baseline cached"]}}.get(args[0], sides)
                for _ in range(2):              # bytecode, the parser cache, the output cache, file cache
                    for side in run.values():
                        cpu_of(side, args)
                cpu: dict[str, list[float]] = {k: [] for k in run}
                for r in range(a.repeats):
                    for name in (list(run) if r % 2 == 0 else list(run)[::-1]):
                        cpu[name].append(cpu_of(run[name], args))
                med = {k: statistics.median(v) for k, v in cpu.items()}
                print(f"{' '.join(args) if args == ('pass',) else 'magie ' + ' '.join(args)}: n={a.repeats}, "
                      f"load average {os.getloadavg()[0]:.1f}", flush=True)
                for k, v in cpu.items():
                    print(f"  {k}: CPU median {med[k]:.3f} s (spread {min(v):.3f}-{max(v):.3f})"
                          + _ratio(med, k), flush=True)
                if a.callgrind:
                    # twice: valgrind's own variables make the first run under it a cache miss
                    ir = {k: [instructions_of(s, args) for _ in range(2)][-1] for k, s in run.items()}
                    for k, n in ir.items():
                        print(f"  {k}: {n / 1e6:,.1f} M instructions" + _ratio(ir, k), flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_src)], check=False)


if __name__ == "__main__":
    main()
