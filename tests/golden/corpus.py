"""The golden corpus: `--log` event lines of seeded bot games, one file per game.

Every built-in edition and every overlay (on its base edition), seeds 1-3, four `basic` and
four `random` bots, at most `MAX_ROUNDS` rounds. The logs pin the engine's behaviour: a change
that alters any of them is a change of behaviour, made on purpose and explained in its commit.

Regenerate (only then): `python -m tests.golden.corpus` (writes tests/golden/logs/*.jsonl.gz).
"""

from __future__ import annotations

import gzip
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOGS = HERE / "logs"
MAX_ROUNDS = 100
SEEDS = (1, 2, 3)
KINDS = ("basic", "random")
EDITIONS = ("classic", "quick", "timed", "biznespolia", "biznespolia_short", "uk", "mega",
            "landlords_game")
OVERLAYS = {  # overlay id -> its base edition
    "all-deeds-dealt": "classic", "first-broke-ends": "classic", "free-parking-jackpot": "classic",
    "income-tax-choice": "classic", "millionaire": "classic", "online": "classic",
    "rent-must-be-claimed": "classic", "start-auction": "biznespolia", "speed-die": "classic",
    "standard-cards": "biznespolia", "single-tax": "landlords_game",
    "landlords-advanced": "landlords_game",
}


def cases() -> list[tuple[str, str | None, str, int]]:
    """Every game of the corpus as (edition, overlay or None, bot kind, seed)."""
    tables = [(e, None) for e in EDITIONS] + [(b, o) for o, b in OVERLAYS.items()]
    return [(e, o, k, s) for e, o in tables for k in KINDS for s in SEEDS]


def name(edition: str, overlay: str | None, kind: str, seed: int) -> str:
    """The file name of one game's log."""
    return f"{overlay or edition}-{kind}-{seed}.jsonl.gz"


def play_log(edition: str, overlay: str | None, kind: str, seed: int) -> bytes:
    """The `magie play EDITION --bots 4 --quiet --log FILE` bytes of one game (run in-process)."""
    from typer.testing import CliRunner

    from magie.cli.app import app

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        args = ["play", edition, "--bots", "4", "--bot-kind", kind, "--seed", str(seed), "--quiet",
                "--log", str(path), "--max-rounds", str(MAX_ROUNDS)]
        if overlay is not None:
            args += ["--variant", overlay]
        result = CliRunner().invoke(app, args)
        if result.exit_code != 0:
            raise RuntimeError(f"magie {' '.join(args)} failed ({result.exit_code}):\n{result.output}"
                               f"{result.exception!r}")
        return path.read_bytes()


def stored(edition: str, overlay: str | None, kind: str, seed: int) -> bytes:
    """The stored log of one game."""
    return gzip.decompress((LOGS / name(edition, overlay, kind, seed)).read_bytes())


def regenerate() -> None:
    """Write every log of the corpus (mtime 0 so the gzip bytes depend on the content only)."""
    LOGS.mkdir(exist_ok=True)
    for case in cases():
        data = play_log(*case)
        (LOGS / name(*case)).write_bytes(gzip.compress(data, mtime=0))
        print(name(*case), len(data), file=sys.stderr)


if __name__ == "__main__":
    regenerate()
