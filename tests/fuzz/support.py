"""The properties the fuzz tests check, shared by the edition and save fuzzers.

- validation never raises, every problem has a position (file and line), and what it gives back
  and holds is bounded by the input: at most `PROBLEMS_PER_LINE` problems a line, each line of
  the report at most `MAX_LINE` characters, the process's peak memory under `MAX_RSS_MB`
  (bounded resources, not a wall-clock limit: the machines CI shares run at half speed or less);
- an edition that validates plays one seeded game with random bots, every invariant checked after
  every turn, with no engine error: a game may only stop on an `EffectError` that names the
  edition's snippet (file:line:col), a run-time fault the checker cannot see.
"""

from __future__ import annotations

import os
import re
import resource
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings

from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable
from magie.engine.edition.validate import validate_paths
from magie.engine.errors import EffectError
from magie.engine.game.game import Game
from magie.engine.problems import Problem

REPO = Path(__file__).resolve().parents[2]
EDITIONS = REPO / "editions"
PROBLEMS_PER_LINE = 8
"""Most problems validation reports per line of the file (plus `PROBLEMS_PER_LINE` for the file
as a whole): one mistake is told once, not once per place that reads it."""

MAX_LINE = 4_000
"""Most characters of one reported problem (a long value is cut, never echoed whole)."""

MAX_RSS_MB = 1_024
"""Most memory the test process may have held at its peak (a fuzzed file is at most a few
hundred kilobytes; the loader refuses more than `yamlload.MAX_NODES` values)."""

ROUNDS = 60
"""Rounds of the game an edition that validates must survive."""

FUZZ = settings(deadline=None, derandomize=True, database=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
"""Settings of every fuzz test: reproducible in CI (derandomized, no example database)."""

def examples(default: int) -> int:
    """How many examples a fuzz test runs: `default`, or MAGIE_FUZZ_EXAMPLES times more for a long
    local run (MAGIE_FUZZ_EXAMPLES=25 runs 25 times as many)."""
    return default * max(1, int(os.environ.get("MAGIE_FUZZ_EXAMPLES", "1") or 1))


_POSITION = re.compile(r"\.ya?ml:\d+:\d+")


def validate_text(text: str, name: str = "fuzzed.yaml", folder: Path | None = None) -> list[Problem]:
    """Write `text` to a file (in `folder`, default a new temporary folder) and validate it,
    checking the properties of validation. Returns the problems."""
    if folder is None:
        with tempfile.TemporaryDirectory() as tmp:
            return validate_text(text, name, Path(tmp))
    path = folder / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    problems = validate_paths([path])
    assert len(problems) <= PROBLEMS_PER_LINE * (text.count("\n") + 2), f"{len(problems)} problems"
    for p in problems:
        assert p.file and p.line >= 1 and p.col >= 1, f"a problem without a position: {p.format()}"
        assert p.message and p.code
        assert len(p.format()) <= MAX_LINE, f"a problem of {len(p.format()):,} characters"
    if sys.platform.startswith("linux"):
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024     # kilobytes on Linux
        assert peak_mb < MAX_RSS_MB, f"the process held {peak_mb:.0f} MB"
    if not any(p.severity == "error" for p in problems):
        play_one_game(path)
    return problems


def play_one_game(path: Path, seed: int = 1) -> None:
    """Load the edition at `path` (it validated) and play one seeded random-bot game."""
    ed = load_playable(str(path))   # a ProblemsError here means validate missed something
    n = max(ed.players_min, min(3, ed.players_max))
    game = Game(ed, [(f"r{i}", make_bot("random", seed, i)) for i in range(n)], seed=seed,
                max_rounds=ROUNDS, check_invariants=True)
    try:
        game.play()
    except EffectError as e:
        assert _POSITION.search(str(e)), f"a game-stopping error that names no snippet: {e}"
