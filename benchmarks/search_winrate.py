"""How often a bot wins against three basic bots: one line of JSON per game, then a summary
with a Wilson 95% interval and the time per decision.

    python benchmarks/search_winrate.py classic -n 400 --bot search --out runs/classic.jsonl
    python benchmarks/search_winrate.py classic --summary runs/classic.jsonl

Game k is seeded with `game_seed(seed, k)`; the tested bot sits at seat k % players, so every
seat is played equally often (25% is parity with four players). An existing --out file is
continued: games already in it are not played again.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.game import Game
from magie.engine.sim.batch import DEFAULT_CAP, game_seed


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def play(edition: str, k: int, seed: int, bot: str, players: int) -> dict:
    """Game k: the tested bot at seat k % players, basic bots elsewhere."""
    ed = load_playable_cached(edition, ())
    s = game_seed(seed, k)
    seat = k % players
    agents = [make_bot(bot if i == seat else "basic", s, i) for i in range(players)]
    g = Game(ed, [(a.name, a) for a in agents], seed=s, max_rounds=ed.end.max_rounds or DEFAULT_CAP)
    t0 = time.perf_counter()
    g.play()
    secs = time.perf_counter() - t0
    winners = [p.seat for p in g.winners]
    timing = getattr(agents[seat], "timing", {})
    return {"k": k, "seat": seat, "winners": winners, "win": (1 / len(winners)) if seat in winners else 0.0,
            "rounds": g.round, "turns": g.turns, "reason": g.end_reason, "seconds": round(secs, 3),
            "timing": {kind: [c, round(t, 4)] for kind, (c, t) in timing.items()},
            "turns_asked": len(getattr(agents[seat], "turn_seconds", {})),
            "turn_total": round(sum(getattr(agents[seat], "turn_seconds", {}).values()), 3),
            "turn_max": round(max(getattr(agents[seat], "turn_seconds", {}).values(), default=0.0), 3),
            "turns_over_1s": sum(1 for t in getattr(agents[seat], "turn_seconds", {}).values() if t > 1.0)}


def summary(rows: list[dict]) -> dict:
    """Win rate with its Wilson 95% interval, seconds per game, and per decision kind: how many
    decisions per game and the mean and largest time per decision (ms)."""
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    kinds: dict[str, list[float]] = {}
    for r in rows:
        for kind, (c, t) in r["timing"].items():
            a = kinds.setdefault(kind, [0, 0.0])
            a[0] += c
            a[1] += t
    asked = sum(r.get("turns_asked", 0) for r in rows)
    spent = sum(r.get("turn_total", 0.0) for r in rows)
    turns = {"turns_asked": asked, "seconds_per_turn_asked": round(spent / asked, 3) if asked else 0.0,
             "turn_max": max((r.get("turn_max", 0.0) for r in rows), default=0.0),
             "turns_over_1s": sum(r.get("turns_over_1s", 0) for r in rows)}
    return {"turns": turns, "games": n, "wins": round(wins, 2), "win_rate": round(wins / n, 4) if n else 0.0,
            "wilson95": [round(lo, 4), round(hi, 4)],
            "seconds_per_game": round(sum(r["seconds"] for r in rows) / n, 3) if n else 0.0,
            "decisions": {kind: {"per_game": round(c / n, 1), "ms_each": round(1000 * t / c, 2) if c else 0.0}
                          for kind, (c, t) in sorted(kinds.items())}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("edition")
    ap.add_argument("-n", "--games", type=int, default=400)
    ap.add_argument("--bot", default="search")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--first", type=int, default=0, help="Start at game k = FIRST (split a run by ranges).")
    ap.add_argument("--shard", default="0/1", help="i/m: play only the games k with k % m == i (run m processes).")
    ap.add_argument("--summary", type=Path, help="Only summarise this file of results.")
    a = ap.parse_args()
    if a.summary:
        rows = [json.loads(line) for line in a.summary.read_text().splitlines() if line.strip()]
        print(json.dumps(summary(rows), indent=2))
        return
    rows = []
    done: set[int] = set()
    if a.out and a.out.exists():
        rows = [json.loads(line) for line in a.out.read_text().splitlines() if line.strip()]
        rows = list({r["k"]: r for r in rows}.values())      # a game played twice counts once
        done = {r["k"] for r in rows}
    out = a.out.open("a") if a.out else None
    i, m = (int(x) for x in a.shard.split("/"))
    for k in range(a.games):
        if k in done or k % m != i or k < a.first:
            continue
        r = play(a.edition, k, a.seed, a.bot, a.players)
        rows.append(r)
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
    print(json.dumps(summary(rows), indent=2))


if __name__ == "__main__":
    main()
