"""How often a bot wins against three basic bots, with the CPU it spends per decision and per
turn; the strong bot's heuristics can be left out one by one to measure what each gains.

    python benchmarks/hard_winrate.py classic -n 400                     # the hard bot (StrongBot)
    python benchmarks/hard_winrate.py classic -n 1000 --without offer    # one heuristic left out
    python benchmarks/hard_winrate.py classic -n 1000 --set RESERVE_SHARE=1
    python benchmarks/hard_winrate.py mega -n 200 --bot search

Game k is seeded with `game_seed(seed, k)` and the tested bot sits at seat k % 4, so every seat
is played equally often (25% is parity); runs with the same --seed and -n play the same games
(paired comparisons). `--without PART` and `--set NAME=VALUE` make a subclass of the tested bot's
class with that part of `StrongBot.PARTS` left out or that class attribute set.

CPU is `time.process_time` of the tested bot's own calls (`decide`, and `idle`, the engine's
question whether it would pass), so it holds on a shared machine. A decision is one `decide`
call; a turn is everything the bot spent in one game turn (its own and, between turns, the
others'). The summary prints the win rate with its Wilson 95% interval, the mean and largest
CPU per decision and per turn, and the CPU per game.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from typing import Any

from magie.engine.agents import make_bot
from magie.engine.analysis.stats import wilson
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.game import Game
from magie.engine.sim.batch import DEFAULT_CAP, game_seed


class Clock:
    """The tested bot's CPU: per decision, and summed per game turn (`game.turns`)."""

    def __init__(self) -> None:
        self.decisions: list[float] = []
        self.turns: dict[int, float] = defaultdict(float)


def timed(bot: Any, clock: Clock, parts: frozenset[str] | None, attrs: dict[str, Any]) -> Any:
    """A bot like `bot` (same seed and name) of a subclass of its class that times its `decide`
    and `idle` calls into `clock`, with `PARTS` = `parts` (None: unchanged) and the class
    attributes `attrs`."""
    cls = type(bot)

    def decide(self: Any, game: Any, d: Any) -> Any:
        c0 = time.process_time()
        answer = cls.decide(self, game, d)
        spent = time.process_time() - c0
        clock.decisions.append(spent)
        clock.turns[game.turns] += spent
        return answer

    body: dict[str, Any] = {"decide": decide, **attrs}
    if parts is not None:
        body["PARTS"] = parts
    if getattr(cls, "idle", None) is not None:
        def idle(self: Any, game: Any, p: Any, window: str) -> Any:
            c0 = time.process_time()
            answer = cls.idle(self, game, p, window)
            clock.turns[game.turns] += time.process_time() - c0
            return answer
        body["idle"] = idle
    seed = getattr(bot, "_seed", getattr(bot, "seed", 0))     # the basic bot's, the search bot's
    return type(f"Timed{cls.__name__}", (cls,), body)(seed=seed, name=bot.name)


def play(edition: str, k: int, seed: int, bot: str, parts: frozenset[str] | None,
         attrs: dict[str, Any]) -> dict[str, Any]:
    """Game k: the tested bot at seat k % 4, basic bots elsewhere; its result and CPU."""
    ed = load_playable_cached(edition, ())
    s = game_seed(seed, k)
    seat = k % 4
    clock = Clock()
    agents = [make_bot(bot if i == seat else "basic", s, i) for i in range(4)]
    agents[seat] = timed(agents[seat], clock, parts, attrs)
    g = Game(ed, [(a.name, a) for a in agents], seed=s, max_rounds=ed.end.max_rounds or DEFAULT_CAP)
    g.play()
    winners = [p.seat for p in g.winners]
    turns = list(clock.turns.values())
    return {"k": k, "seat": seat, "win": (1 / len(winners)) if seat in winners else 0.0,
            "rounds": g.round, "turns": g.turns, "reason": g.end_reason,
            "decisions": len(clock.decisions), "decision_cpu": round(sum(clock.decisions), 5),
            "decision_max": round(max(clock.decisions, default=0.0), 5),
            "turns_timed": len(turns), "turn_max": round(max(turns, default=0.0), 5),
            "cpu": round(sum(turns), 5)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins with the Wilson 95% interval, CPU per decision and per turn (mean and largest, ms)
    and per game (mean and largest, s), the end reasons."""
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    decisions = sum(r["decisions"] for r in rows)
    turns = sum(r["turns_timed"] for r in rows)
    cpu = sum(r["cpu"] for r in rows)
    reasons: dict[str, int] = {}
    for r in rows:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    return {"games": n, "wins": round(wins, 2), "win_rate": round(wins / n, 4) if n else 0.0,
            "wilson95": [round(lo, 4), round(hi, 4)],
            "decision_ms": {"mean": round(1000 * sum(r["decision_cpu"] for r in rows) / max(decisions, 1), 4),
                            "max": round(1000 * max((r["decision_max"] for r in rows), default=0.0), 3)},
            "turn_ms": {"mean": round(1000 * cpu / max(turns, 1), 4),
                        "max": round(1000 * max((r["turn_max"] for r in rows), default=0.0), 3)},
            "game_s": {"mean": round(cpu / max(n, 1), 4), "max": round(max((r["cpu"] for r in rows), default=0.0), 4)},
            "reasons": reasons}


def _value(text: str) -> Any:
    """A --set value: an int, a float, True/False, else the text."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"True": True, "False": False}.get(text, text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("edition")
    ap.add_argument("-n", "--games", type=int, default=400)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--without", action="append", default=[], metavar="PART",
                    help="Leave out a heuristic of StrongBot.PARTS (offer, refuse, bid, buy, fund).")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="Set a class attribute of the tested bot (e.g. RESERVE_SHARE=1, CHANGE=False).")
    ap.add_argument("--out", help="Write one line of JSON per game to this file.")
    a = ap.parse_args()
    attrs = {name: _value(v) for name, _, v in (x.partition("=") for x in a.set)}
    parts = None
    if a.without:
        known = type(make_bot(a.bot)).PARTS
        parts = frozenset(known) - set(a.without)
    rows = [play(a.edition, k, a.seed, a.bot, parts, attrs) for k in range(a.games)]
    if a.out:
        with open(a.out, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    print(json.dumps({"edition": a.edition, "bot": a.bot, "seed": a.seed, "without": a.without, "set": a.set,
                      **summary(rows)}))


if __name__ == "__main__":
    main()
