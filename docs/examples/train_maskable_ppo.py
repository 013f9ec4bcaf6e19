"""Train a small policy on a magie edition with MaskablePPO, then report its win rate.

An example, not part of the test suite. Needs the rl extra and sb3-contrib, which brings
stable-baselines3 and torch (in magie's checkout: pip install '.[rl]' sb3-contrib).

    python docs/examples/train_maskable_ppo.py --edition classic --minutes 5
    python docs/examples/train_maskable_ppo.py --baseline     # no training: a random masked policy

The learner sits at seat 0 against three bots; it is evaluated against random bots and against
basic bots (25% is parity with four players).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from magie.rl import MagieGym


def win_rate(policy, edition: str, opponents: str, games: int, seed: int) -> float:
    """Share of `games` won by `policy(obs, mask) -> action` at seat 0 against three `opponents`."""
    env = MagieGym(edition, opponents=opponents, max_rounds=200)
    wins = 0.0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            obs, reward, done, _, info = env.step(policy(obs, env.action_masks()))
        winners = info["winners"]
        wins += (1 / len(winners)) if 0 in winners else 0.0
    env.close()
    return wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--opponents", default="basic", help="the bots the learner trains against")
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=100, help="evaluation games per opponent kind")
    ap.add_argument("--baseline", action="store_true", help="evaluate a random masked policy, no training")
    a = ap.parse_args()
    rng = np.random.default_rng(0)

    def random_policy(obs, mask):
        return int(rng.choice(np.flatnonzero(mask)))

    if a.baseline:
        policy = random_policy
    else:
        from sb3_contrib import MaskablePPO  # pip install sb3-contrib

        env = MagieGym(a.edition, opponents=a.opponents, max_rounds=200, shaping=1.0)
        model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, verbose=1, seed=0)
        deadline = time.monotonic() + 60 * a.minutes
        while time.monotonic() < deadline:
            model.learn(total_timesteps=4096, reset_num_timesteps=False)

        def policy(obs, mask):
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            return int(action)
    for opponents in ("random", "basic"):
        rate = win_rate(policy, a.edition, opponents, a.games, seed=10_000)
        print(f"win rate against three {opponents} bots over {a.games} games: {rate:.1%}")


if __name__ == "__main__":
    main()
