"""Start-up cost of the `magie` command: CPU seconds (user + system) of `magie --help` and
`magie editions`, this working tree against a git ref, interleaved (target: at most 0.15 s).

Each side runs in its own process with its own source first on PYTHONPATH (the shim of
bench_sim.py), so the ref needs no install. Three sides: the ref, the working tree as a user
runs it twice (the second run served by the output cache, cli/output_cache.py), and the working
tree with `MAGIE_NO_CACHE=1` (every run does the whole work); and `python -c pass`, the floor
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


def cpu_of(side: Side, args: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of one run of `magie ARGS` from `side`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(_command(args), env=_env(side), check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(side: Side, args: tuple[str, ...]) -> int:
    """Instructions of one run under callgrind (the 'Collected' total)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              *_command(args)], env=_env(side), check=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    m = re.search(r"Collected : (\d+)", out)
    return int(m.group(1)) if m else -1


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
            cache = {"MAGIE_CACHE_DIR": str(Path(tmp) / "cache")}
            work = _shim(Path(tmp) / "shim-work", ROOT)
            sides: dict[str, Side] = {"baseline": (_shim(Path(tmp) / "shim-base", base_src), cache),
                                      "working tree": (work, cache),
                                      "no cache": (work, {**cache, "MAGIE_NO_CACHE": "1"})}
            for args in (("pass",), *COMMANDS):
                run = {"pass": {"python -c pass": sides["baseline"]}}.get(args[0], sides)
                for _ in range(2):              # bytecode, the parser cache, the output cache, file cache
                    for side in run.values():
                        cpu_of(side, args)
                cpu: dict[str, list[float]] = {k: [] for k in run}
                for r in range(a.repeats):
                    for name in (list(run) if r % 2 == 0 else list(run)[::-1]):
                        cpu[name].append(cpu_of(run[name], args))
                med = {k: statistics.median(v) for k, v in cpu.items()}
                line = ", ".join(f"{k} median {med[k]:.3f} s (spread {min(v):.3f}-{max(v):.3f})"
                                 for k, v in cpu.items())
                ratio = (f"; ratio {med['working tree'] / med['baseline']:.3f} "
                         f"(no cache {med['no cache'] / med['baseline']:.3f})" if "baseline" in med else "")
                print(f"{' '.join(args) if args == ('pass',) else 'magie ' + ' '.join(args)}: {line}, "
                      f"n={a.repeats}{ratio}; load average {os.getloadavg()[0]:.1f}", flush=True)
                if a.callgrind:
                    # twice: valgrind's own variables make the first run under it a cache miss
                    ir = {k: [instructions_of(s, args) for _ in range(2)][-1] for k, s in run.items()}
                    print("  instructions: " + ", ".join(f"{k} {v:,}" for k, v in ir.items()) + (
                        f"; ratio {ir['working tree'] / ir['baseline']:.3f} "
                        f"(no cache {ir['no cache'] / ir['baseline']:.3f})" if "baseline" in ir else ""),
                        flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_src)], check=False)


if __name__ == "__main__":
    main()
