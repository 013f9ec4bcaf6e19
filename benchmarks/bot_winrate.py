"""Win rate of the current basic bot against the basic bot of an earlier commit (888c6f9 by
default) in mixed tables: two seats each, the seats alternating between
games, classic, round cap 1000 (then the richest wins).

The earlier bot is that commit's own engine/agents/basic.py (and the liquidation helper it
imported), read with `git show COMMIT:PATH` and loaded as a plug-in class on today's engine: it
plays as it did then (no look again at trades, no building between turns, no paying debts in
deeds, no `idle`), answering every decision kind it did not know with its first option. One
question is new since: the forced fine after the last throw in jail offers no roll
(`jail.card_after_attempts`); there the earlier bot answers as today's does (the kept card if it
has one, else pay), since it had no answer to it. Prints
the share of games the current bot won, with its 95% Wilson interval (50% is a tie), and the share
of capped games.

Run: `python benchmarks/bot_winrate.py [--games 600] [--edition classic] [--baseline 888c6f9]`
"""

from __future__ import annotations

import argparse
import subprocess
import types
from pathlib import Path

from magie.engine.agents.basic import BasicBot
from magie.engine.analysis.stats import wilson
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.game import Game

ROOT = Path(__file__).resolve().parent.parent


def _show(commit: str, path: str) -> str:
    return subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def earlier_bot(commit: str = "888c6f9") -> type:
    """The `BasicBot` class of `commit`, its relative imports pointed at today's package (the
    decisions module and, where it had one, its own liquidation helper)."""
    mod = types.ModuleType(f"basic_{commit}")
    src = _show(commit, "engine/agents/basic.py").replace("from ..game.", "from magie.engine.game.")
    if "from .liquidate import" in src:
        helper = _show(commit, "engine/agents/liquidate.py").replace("from ..game.", "from magie.engine.game.")
        exec(compile(helper, f"{commit}:engine/agents/liquidate.py", "exec"), mod.__dict__)
        src = src.replace("from .liquidate import raise_money_action", "")
    exec(compile(src, f"{commit}:engine/agents/basic.py", "exec"), mod.__dict__)
    base = mod.BasicBot

    class Earlier(base):  # type: ignore[misc, valid-type]
        def decide(self, game, d):
            if d.kind == "jail" and "roll" not in d.options:      # a question it was never asked
                return "card" if "card" in d.options else "pay"
            return base.decide(self, game, d)

    Earlier.__name__ = Earlier.__qualname__ = f"BasicBot_{commit}"
    return Earlier


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--baseline", default="888c6f9", help="the commit whose basic bot plays the other two seats")
    a = ap.parse_args()
    ed = load_playable_cached(a.edition)
    earlier = earlier_bot(a.baseline)
    won = capped = 0
    for k in range(a.games):
        new_seats = (0, 2) if k % 2 == 0 else (1, 3)
        players = [(f"b{i}", (BasicBot if i in new_seats else earlier)(seed=k * 1009 + i, name=f"b{i}"))
                   for i in range(4)]
        g = Game(ed, players, seed=k, max_rounds=1000)
        g.play()
        capped += g.end_reason == "round_limit"
        won += any(w.seat in new_seats for w in g.winners[:1])
    lo, hi = wilson(won, a.games)
    print(f"{a.edition}, {a.games} mixed games (2 current basic bots + 2 of {a.baseline}): current bot won "
          f"{won} = {won / a.games:.1%} (95% Wilson {lo:.1%}-{hi:.1%}; 50% is a tie); capped {capped}")


if __name__ == "__main__":
    main()
