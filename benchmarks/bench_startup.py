"""Start-up cost of the `magie` command: CPU seconds (user + system) of `magie --help` and
`magie editions`, this working tree against a git ref, interleaved (target: at most 0.15 s).

Each side runs in its own process with its own source first on PYTHONPATH (the shim of
bench_sim.py), so the ref needs no install. `--callgrind` also counts the instructions of one
run of each side under `valgrind --tool=callgrind`: a measure that does not depend on the load
of the machine.

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


def _env(shim: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(shim), "PYTHONDONTWRITEBYTECODE": "1"}


def cpu_of(shim: Path, args: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of one run of `magie ARGS` from `shim`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", RUN, *args], env=_env(shim), check=True,
                   stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(shim: Path, args: tuple[str, ...]) -> int:
    """Instructions of one run under callgrind (the 'Collected' total)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              sys.executable, "-c", RUN, *args], env=_env(shim), check=True,
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
            sides = {"baseline": _shim(Path(tmp) / "shim-base", base_src),
                     "working tree": _shim(Path(tmp) / "shim-work", ROOT)}
            for args in COMMANDS:
                for shim in sides.values():       # warm the parser cache, bytecode, file cache
                    cpu_of(shim, args)
                cpu: dict[str, list[float]] = {k: [] for k in sides}
                for r in range(a.repeats):
                    for side in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                        cpu[side].append(cpu_of(sides[side], args))
                med = {k: statistics.median(v) for k, v in cpu.items()}
                line = ", ".join(f"{k} median {med[k]:.3f} s (spread {min(v):.3f}-{max(v):.3f})"
                                 for k, v in cpu.items())
                print(f"magie {' '.join(args)}: {line}, n={a.repeats}; ratio "
                      f"{med['working tree'] / med['baseline']:.3f}", flush=True)
                if a.callgrind:
                    ir = {k: instructions_of(s, args) for k, s in sides.items()}
                    print(f"  instructions: baseline {ir['baseline']:,}, working tree {ir['working tree']:,}; "
                          f"ratio {ir['working tree'] / ir['baseline']:.3f}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_src)], check=False)


if __name__ == "__main__":
    main()
