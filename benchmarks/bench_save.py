"""Reading a saved game: wall and CPU milliseconds of `read_save` on the save of a long game,
beside the time to replay the same game (what resuming costs after reading).

The saves are made fresh: classic, four random bots (they trade often, so the save holds many
recorded trades, the answers the schema checks most slowly), seed 11, cut after `--turns`
turns, the merged edition carried in the save as `magie play` writes it. `read_save` runs
`--number` times in each of `--rounds` rounds; the best round is reported (as `python -m
timeit` does), per call.

Run: `python benchmarks/bench_save.py [--turns 300 3000] [--rounds 7] [--number 20]`
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from magie.cli.saved_edition import load_with_content
from magie.engine.agents import make_bot
from magie.engine.game.game import Game
from magie.engine.saves import SaveGame, Seat, read_save, write_save


def make_save(folder: Path, turns: int) -> tuple[Path, int]:
    """A save of the first `turns` turns of a game of four random bots: (path, answers)."""
    ed, content = load_with_content("classic", ())
    seats = tuple(Seat(f"Bot {i + 1}", "random") for i in range(4))
    game = Game(ed, [(s.name, make_bot("random", 11, i)) for i, s in enumerate(seats)], seed=11, record=True,
                max_rounds=10**6)
    game.play(max_turns=turns)
    save = SaveGame("classic", "classic", (), ed.content_hash, 11, seats,
                    {"max_rounds": None, "time_limit": None, "elapsed": 0.0, "auto_claim": True},
                    game.saved_decisions(), game.round, game.turns, edition_content=content)
    return write_save(folder / f"game-{turns}.json", save), len(save.decisions)


def best_per_call(path: Path, rounds: int, number: int) -> tuple[float, float]:
    """(wall, CPU) seconds of one `read_save(path)`, from the best of `rounds` rounds."""
    walls, cpus = [], []
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(number):
            read_save(path, agents=("human", "random"))
        walls.append((time.perf_counter() - wall) / number)
        cpus.append((time.process_time() - cpu) / number)
    return min(walls), min(cpus)


def replay_seconds(path: Path) -> float:
    """Wall seconds to replay the recorded answers of the save at `path`."""
    save = read_save(path, agents=("human", "random"))
    ed, _ = load_with_content(save.edition_ref, save.variants)
    start = time.perf_counter()
    game = Game(ed, [(s.name, make_bot("random", save.seed, i)) for i, s in enumerate(save.seats)],
                seed=save.seed, replay=save.decisions, record=True, max_rounds=10**6)
    while game.replaying:
        game.play_turn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[300, 3000])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--number", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("| turns | answers | bytes | read_save wall ms | read_save CPU ms | replay wall ms |")
        print("|---|---|---|---|---|---|")
        for turns in args.turns:
            path, answers = make_save(Path(tmp), turns)
            wall, cpu = best_per_call(path, args.rounds, args.number)
            print(f"| {turns:,} | {answers:,} | {path.stat().st_size:,} | {wall * 1000:.1f} | {cpu * 1000:.1f} "
                  f"| {replay_seconds(path) * 1000:.0f} |")


if __name__ == "__main__":
    main()
