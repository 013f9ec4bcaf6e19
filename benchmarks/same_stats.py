"""Check that `magie simulate --json` prints the same bytes in the working tree as at another
commit, over several editions, overlays, bot mixes and seeds (with the counters on, the default).

A speed change to the event counters or the engine must not change any statistic; this runs both
sides, one case at a time, and prints each case as `same` or `DIFFERENT` (with the first line
that differs). Exit code 1 if any case differs.

usage: python benchmarks/same_stats.py [--baseline REF] [--games N] [--case 'ARGS' ...]

The other side is REF (default `main`) checked out with `git worktree add --detach` in a
temporary folder; both sides run from source through a shim folder (`magie/` of symlinks), as
benchmarks/bench_sim.py does, with the user cache off (`MAGIE_NO_CACHE=1`). The tree's folder is
written `<tree>` in both outputs, and the edition's `content_hash` line is left out (it changes
with the folder for some editions).
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_sim import ROOT, _shim  # noqa: E402

CASES = (
    "classic --seed 0",
    "classic --seed 7 --bot basic,random,easy,basic",
    "classic --seed 3 --variant free-parking-jackpot --variant speed-die",
    "classic --seed 5 --variant rent-must-be-claimed --variant all-deeds-dealt",
    "biznespolia --seed 2 --variant standard-cards --variant start-auction --bot random",
    "classic --seed 4 --variant income-tax-choice --variant first-broke-ends --warm-up 3",
    "biznespolia --seed 0",
    "biznespolia --seed 9 --bot random",
    "biznespolia_short --seed 1",
    "mega --seed 1",
    "landlords_game --seed 1",
    "landlords_game --seed 2 --variant single-tax",
    "uk --seed 6 --variant millionaire",
    "quick --seed 1 --bot random --max-rounds 200",
    "timed --seed 1",
    "classic --seed 8 --variant online --players 3",
)
"""`simulate` arguments of each case (the game count and --json --jobs 1 are added)."""


def _simulate(shim: Path, src: Path, args: list[str]) -> tuple[int, str]:
    """Exit code and output of `magie simulate ARGS` from the tree behind `shim`, with the tree's
    folder written as <tree> (warnings name files) and without the `content_hash` line."""
    env = {**os.environ, "PYTHONPATH": str(shim), "PYTHONDONTWRITEBYTECODE": "1", "MAGIE_NO_CACHE": "1",
           "COLUMNS": "100"}
    r = subprocess.run([sys.executable, "-c", "from magie.cli.app import main; main()", "simulate", *args],
                       env=env, capture_output=True, text=True, cwd=shim)
    out = (r.stdout + r.stderr).replace(str(src), "<tree>")
    # the landlords_game edition's content hash depends on the folder it is read from
    return r.returncode, "\n".join(line for line in out.split("\n") if '"content_hash":' not in line)


def main() -> int:
    """Run every case on both sides and report; 0 if all are the same."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="main", help="the commit to compare with (default: main)")
    ap.add_argument("--games", type=int, default=30, help="games per case (default 30)")
    ap.add_argument("--case", action="append", help="simulate arguments of a case (repeatable; default: "
                    "the built-in list)")
    a = ap.parse_args()
    cases = a.case or list(CASES)
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base), a.baseline],
                       check=True)
        try:
            work_shim, base_shim = _shim(Path(tmp) / "shim-work", ROOT), _shim(Path(tmp) / "shim-base", base)
            for case in cases:
                args = shlex.split(case) + ["-n", str(a.games), "--json", "--jobs", "1"]
                (rc1, out1), (rc2, out2) = _simulate(work_shim, ROOT, args), _simulate(base_shim, base, args)
                if (rc1, out1) == (rc2, out2) and rc1 == 0:
                    print(f"same       {case}  ({len(out1)} bytes)")
                    continue
                differ += 1
                pairs = zip(out1.splitlines(), out2.splitlines(), strict=False)
                first = next((i for i, (x, y) in enumerate(pairs) if x != y), None)
                print(f"DIFFERENT  {case}  (exit {rc1} vs {rc2}; first differing line {first})")
                if first is not None:
                    print("   here:", out1.splitlines()[first][:200])
                    print("   base:", out2.splitlines()[first][:200])
                elif rc1 or rc2:
                    print("  ", (out1 if rc1 else out2)[-400:])
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)
    print(f"{len(cases) - differ} of {len(cases)} cases the same as {a.baseline}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
