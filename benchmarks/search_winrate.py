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
import statistics
import time
from pathlib import Path

from magie.engine.agents import make_bot
from magie.engine.agents.search import SearchBot
from magie.engine.analysis.stats import wilson
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.game import Game
from magie.engine.sim.batch import DEFAULT_CAP, game_seed


def play(edition: str, k: int, seed: int, bot: str, players: int, params: dict | None = None) -> dict:
    """Game k: the tested bot at seat k % players, basic bots elsewhere. `params` (with bot
    'search') are SearchBot keyword arguments that replace the default budget."""
    ed = load_playable_cached(edition, ())
    s = game_seed(seed, k)
    seat = k % players
    agents = [make_bot(bot if i == seat else "basic", s, i) for i in range(players)]
    if params:
        tested = agents[seat]
        agents[seat] = SearchBot(seed=tested.seed, name=tested.name, **params)
    g = Game(ed, [(a.name, a) for a in agents], seed=s, max_rounds=ed.end.max_rounds or DEFAULT_CAP)
    t0 = time.perf_counter()
    c0 = time.process_time()
    g.play()
    cpu = time.process_time() - c0
    secs = time.perf_counter() - t0
    winners = [p.seat for p in g.winners]
    timing = getattr(agents[seat], "timing", {})
    return {"k": k, "seat": seat, "winners": winners, "win": (1 / len(winners)) if seat in winners else 0.0,
            "rounds": g.round, "turns": g.turns, "reason": g.end_reason,
            "seconds": round(secs, 3), "cpu": round(cpu, 3),
            "timing": {kind: [c, round(t, 4)] for kind, (c, t) in timing.items()},
            "times": {kind: [round(x, 4) for x in ts] for kind, ts in getattr(agents[seat], "times", {}).items()},
            "overturned": getattr(agents[seat], "overturned", {}),
            "rolled": [round(x, 4) for x in getattr(agents[seat], "rolled_times", [])],
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
    times: dict[str, list[float]] = {}
    over: dict[str, list[int]] = {}
    for r in rows:
        for kind, ts in r.get("times", {}).items():
            times.setdefault(kind, []).extend(ts)
        for kind, (a, b) in r.get("overturned", {}).items():
            o = over.setdefault(kind, [0, 0])
            o[0] += a
            o[1] += b
    every = [x for ts in times.values() for x in ts]
    rolled = [x for r in rows for x in r.get("rolled", [])]

    def spread(xs: list[float]) -> dict:
        return {"median_ms": round(1000 * statistics.median(xs), 2), "max_ms": round(1000 * max(xs), 1)} if xs else {}
    cpu = {"per_game_s": round(sum(r.get("cpu", 0.0) for r in rows) / n, 3) if n else 0.0,
           "max_game_s": round(max((r.get("cpu", 0.0) for r in rows), default=0.0), 3),
           "per_decision": spread(every), "per_decision_with_rollouts": spread(rolled),
           "by_kind": {kind: spread(ts) for kind, ts in sorted(times.items()) if kind in over}}
    return {"cpu": cpu, "overturned": {k: {"searched": a, "changed": b} for k, (a, b) in sorted(over.items())},
            "turns": turns, "games": n, "wins": round(wins, 2), "win_rate": round(wins / n, 4) if n else 0.0,
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
    ap.add_argument("--shard", default="0/1", help="i/m: play only the games k with k %% m == i (run m processes).")
    ap.add_argument("--summary", type=Path, nargs="+", help="Only summarise these files of results.")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="A SearchBot argument for the tested bot, instead of its default "
                         "(e.g. rollouts=6, horizon=30, searched=buy+trade).")
    a = ap.parse_args()
    if a.summary:
        rows = [json.loads(line) for f in a.summary for line in f.read_text().splitlines() if line.strip()]
        print(json.dumps(summary(rows), indent=2))
        return
    params: dict = {}
    for key, v in (x.split("=", 1) for x in a.set):
        params[key] = frozenset(v.split("+")) if key == "searched" else float(v) if "." in v else int(v)
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
        r = play(a.edition, k, a.seed, a.bot, a.players, params)
        rows.append(r)
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
    print(json.dumps(summary(rows), indent=2))


if __name__ == "__main__":
    main()
