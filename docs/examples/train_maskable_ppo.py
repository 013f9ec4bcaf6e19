"""Train a small policy on a magie edition with MaskablePPO, then report its win rate.

An example, not part of the test suite: the measured baseline is benchmarks/rl_maskable_ppo.py
(docs/rl.md, "A baseline that learns"). Needs torch (install its CPU build first) and the
`rl-train` extra: in magie's checkout, pip install '.[rl-train]'.

    python docs/examples/train_maskable_ppo.py --edition classic --minutes 5
    python docs/examples/train_maskable_ppo.py --baseline     # no training: a random masked policy

The learner sits at seat 0, trains against random bots, then basic bots from half of the time on
(`magie.rl.train.TrainConfig`); it is evaluated against three random bots and three basic bots
(25% is parity with four players).
"""

from __future__ import annotations

import argparse

from magie.rl.baselines import RandomMasked
from magie.rl.train import TrainConfig, evaluate, model_policy, train


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--minutes", type=float, default=5.0, help="training time (wall clock)")
    ap.add_argument("--games", type=int, default=100, help="evaluation games per opponent kind")
    ap.add_argument("--baseline", action="store_true", help="evaluate a random masked policy, no training")
    a = ap.parse_args()
    if a.baseline:
        policy = RandomMasked(0)
    else:
        model, _ = train(TrainConfig(edition=a.edition), a.minutes * 60, verbose=1)
        policy = model_policy(model)
    for opponents in ("random", "basic"):
        r = evaluate(policy, a.edition, opponents, a.games, seed=10_000)
        print(f"against three {opponents} bots: won {r['won']:g} of {r['games']} = {r['rate']:.1%} "
              f"(95% {r['low']:.1%} - {r['high']:.1%})")


if __name__ == "__main__":
    main()
