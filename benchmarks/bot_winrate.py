"""Win rate of the basic bot against its version before issue 15 (commit 888c6f9's behaviour,
which the golden corpus pinned until then) in mixed tables: two seats each, the seats
alternating between games, classic, round cap 1000 (then the richest wins).

The earlier bot is the current one with `LOOK_AGAIN` disabled: it looks at trades only when a
deed changed hands, exactly as 888c6f9's did. Prints the share of games the current bot won,
with its 95% Wilson interval (50% is a tie), and the share of capped games.

Run: `python benchmarks/bot_winrate.py [--games 600] [--edition classic]`
"""

from __future__ import annotations

import argparse
import math

from magie.engine.agents.basic import INF, BasicBot
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.game import Game


class EarlierBot(BasicBot):
    """The basic bot as of 888c6f9: no second look at trades while ownership is unchanged."""

    LOOK_AGAIN = INF


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--edition", default="classic")
    a = ap.parse_args()
    ed = load_playable_cached(a.edition)
    won = capped = 0
    for k in range(a.games):
        new_seats = (0, 2) if k % 2 == 0 else (1, 3)
        players = [(f"b{i}", (BasicBot if i in new_seats else EarlierBot)(seed=k * 1009 + i, name=f"b{i}"))
                   for i in range(4)]
        g = Game(ed, players, seed=k, max_rounds=1000)
        g.play()
        capped += g.end_reason == "round_limit"
        won += any(w.seat in new_seats for w in g.winners[:1])
    lo, hi = wilson(won, a.games)
    print(f"{a.edition}, {a.games} mixed games (2 current + 2 earlier basic bots): current bot won "
          f"{won} = {won / a.games:.1%} (95% Wilson {lo:.1%}-{hi:.1%}; 50% is a tie); capped {capped}")


if __name__ == "__main__":
    main()
