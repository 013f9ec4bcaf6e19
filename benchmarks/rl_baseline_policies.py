"""Win rate of a hand-written policy at seat 0 of `MagieGym` against three bots: the floor a
trained policy must beat (docs/rl.md "Baselines").

Policies (magie.rl.baselines): `buy-throw-done` (buy every deed offered, throw the dice, end
every manage window at once), `buy-trade-build` (the same, but in a manage window first offer the
trade that completes a color group, then build) and `random` (uniform among the legal slots). Game k is played with
`reset(seed=SEED + k)`; a shared win counts as a fraction. Prints the win share with its 95%
Wilson interval (25% is parity with four players), the share of games ended by the round cap,
and the environment steps per second.

Run: `python benchmarks/rl_baseline_policies.py [--policy buy-throw-done] [--opponents random]
[--games 200] [--edition classic] [--max-rounds N] [--seed 10000]`
"""

from __future__ import annotations

import argparse
import time

from magie.engine.analysis.stats import wilson
from magie.rl import MagieGym
from magie.rl.baselines import BuyThrowDone, BuyTradeBuild, RandomMasked

POLICIES = {"buy-throw-done": BuyThrowDone, "buy-trade-build": BuyTradeBuild}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--policy", choices=(*POLICIES, "random"), default="buy-throw-done")
    ap.add_argument("--opponents", default="random", help="the bot kind of the three other seats")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--max-rounds", type=int, default=None, help="default: the environment's (1000)")
    ap.add_argument("--seed", type=int, default=10_000)
    a = ap.parse_args()
    env = MagieGym(a.edition, opponents=a.opponents, max_rounds=a.max_rounds)
    policy = POLICIES[a.policy](env.aec.act_enc) if a.policy in POLICIES else RandomMasked(0)
    wins, capped, steps = 0.0, 0, 0
    started = time.perf_counter()
    for k in range(a.games):
        obs, info = env.reset(seed=a.seed + k)
        done = False
        while not done:
            obs, _, done, _, info = env.step(policy(obs, env.action_masks()))
            steps += 1
        winners = info["winners"]
        wins += 1 / len(winners) if 0 in winners else 0.0
        capped += env.aec.game.end_reason == "round_limit"
    elapsed = time.perf_counter() - started
    env.close()
    lo, hi = wilson(wins, a.games)
    print(f"{a.policy} at seat 0 against three {a.opponents} bots, {a.edition}, {a.games} games (seeds "
          f"{a.seed}..{a.seed + a.games - 1}): won {wins:g} = {wins / a.games:.1%} (95% {lo:.1%} - {hi:.1%}); "
          f"{capped} ended at the round cap; {steps} steps, {steps / elapsed:.0f} steps/s")


if __name__ == "__main__":
    main()
