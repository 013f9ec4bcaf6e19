"""Digests of event logs: editions and overlays x bot mixes x seeds, played as `simulate` plays
them (no recording), to show that a speed change of the bots or the engine changes no game.

    PYTHONHASHSEED=0 python benchmarks/same_games.py [N] [--mixes basic,basic+easy,...] > after.txt
    diff before.txt after.txt

Prints one line per (edition, overlays, mix): the first 16 hex digits of the sha256 of the N
games' event logs (seeds 0..N-1, four bots seated in the mix's order, 300-round cap). The mix
`hard` plays 2 games only (the search bot is slow); `bold` is the search bot's bold build policy
(`search.BoldBot`) as a whole bot. Run it on two trees (e.g. with PYTHONPATH at a shim of each)
and compare the outputs. A mix that fails on an edition prints `failed: ` and the exception's
class (the search bot cannot fork a Mega game: its deep copy meets a mappingproxy).
"""

from __future__ import annotations

import argparse
import hashlib
import io

from magie.engine.agents import make_bot
from magie.engine.agents.search import BoldBot
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game

EDITIONS = [("classic", ()), ("biznespolia", ()), ("mega", ()), ("landlords_game", ()), ("uk", ()),
            ("quick", ()), ("biznespolia_short", ()), ("classic", ("speed-die",)),
            ("classic", ("all-deeds-dealt",)), ("classic", ("rent-must-be-claimed",)),
            ("landlords_game", ("single-tax",))]
MIXES = ["basic", "basic+easy", "basic+random", "bold+basic", "easy", "hard+basic"]


def _bot(kind: str, seed: int, seat: int):
    if kind == "bold":
        return BoldBot(seed * 4 + seat, f"bold{seat}")
    return make_bot(kind, seed, seat)


def digest(ed_name: str, overlays: tuple, mix: str, n: int) -> str:
    """The digest of `n` games of edition `ed_name` with `overlays` and the bots of `mix`."""
    ed = load_playable_cached(ed_name, overlays)
    kinds = mix.split("+")
    h = hashlib.sha256()
    for seed in range(2 if "hard" in kinds else n):
        out = io.StringIO()
        players = [(f"b{k}", _bot(kinds[k % len(kinds)], seed, k)) for k in range(4)]
        Game(ed, players, seed=seed, log=EventLog(stream=out), record=False, max_rounds=300).play()
        h.update(out.getvalue().encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=20, help="games per edition and mix")
    ap.add_argument("--mixes", default=",".join(MIXES), help="comma-separated bot mixes (kinds joined by +)")
    args = ap.parse_args()
    for ed_name, ov in EDITIONS:
        for mix in args.mixes.split(","):
            try:
                d = digest(ed_name, ov, mix, args.n)
            except Exception as exc:  # noqa: BLE001 - a bot that fails on an edition is reported, not fatal
                d = f"failed: {type(exc).__name__}"
            print(ed_name, "+".join(ov) or "-", mix, d, flush=True)


if __name__ == "__main__":
    main()
