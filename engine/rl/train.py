"""A baseline that learns: MaskablePPO (sb3-contrib) at one seat of `MagieGym` against magie bots.

Needs the `rl-train` extra (sb3-contrib, which brings stable-baselines3 and torch); install the
CPU build of torch first (docs/rl.md "A baseline that learns"). `benchmarks/rl_maskable_ppo.py`
trains and evaluates with it; a test trains for a few seconds.

- `TrainConfig`: the edition, the opponents of each training environment (and a curriculum: other
  opponents from a share of the budget on), the environment's options (round cap, shaping, window
  bound) and PPO's hyperparameters.
- `train(config, budget_s)`: trains while another PPO iteration fits in `budget_s` seconds of
  the chosen clock, returns the model and a `Curve` (the learner's games and PPO's losses as
  training went on).
- `evaluate(policy, ...)`: plays `games` games at seat 0 against one kind of bot, game k seeded
  `seed + k`, the policy answering only masked slots; the win share with its 95% Wilson interval.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from magie.engine.analysis.stats import wilson

from .gym_env import MagieGym

Policy = Callable[[np.ndarray, np.ndarray], int]
"""`(observation, bool mask) -> slot`: the shape of `magie.rl.baselines`' policies."""


@dataclass
class TrainConfig:
    """What `train` builds. `edition`: a built-in edition's id or an edition file. `opponents[i]`
    is the bot kind of the three other seats of training environment i, so the number of
    environments is `len(opponents)`; they step in one process (a `DummyVecEnv`: the environment
    steps are cheap next to the network's). `later` is the curriculum: `(share, kinds)` pairs in
    increasing share, each replacing the environments' opponents by `kinds` (as many as
    `opponents`) once `share` of the budget has passed. `max_rounds`, `shaping` and
    `window_actions` go to `MagieGym`; the rest are MaskablePPO's (`net` is the width of each
    hidden layer of the policy and value networks, `n_steps` the steps per environment of one
    iteration)."""

    edition: str
    opponents: Sequence[str] = ("random", "random", "random", "random")
    later: Sequence[tuple[float, Sequence[str]]] = ((0.3, ("random", "basic", "basic", "basic")),)
    max_rounds: int = 200
    shaping: float = 2.0
    window_actions: int | None = 8
    seed: int = 0
    net: Sequence[int] = (128, 128)
    n_steps: int = 512
    batch_size: int = 256
    n_epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.998
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    clip_range: float = 0.2

    def as_dict(self) -> dict[str, Any]:
        """The configuration as JSON-ready values (for the results file)."""
        d = asdict(self)
        d["opponents"] = list(self.opponents)
        d["later"] = [[share, list(kinds)] for share, kinds in self.later]
        d["net"] = list(self.net)
        return d


@dataclass
class Curve:
    """The run as it went. `games`: one row per finished training game, `(timesteps, wall_s,
    cpu_s, opponents, won)` (won: 1, 1/k on a k-way tie, 0). `losses`: one row per PPO update,
    `(timesteps, loss, policy_gradient_loss, value_loss, entropy_loss)` as stable-baselines3
    logged them. `phases`: `(timesteps, kinds)` when the curriculum changed the opponents. Seconds
    count from the start of training; cpu is this process's CPU time. `wall_s` and `cpu_s`: the
    whole training's."""

    games: list[tuple[int, float, float, str, float]] = field(default_factory=list)
    phases: list[tuple[int, list[str]]] = field(default_factory=list)
    wall_s: float = 0.0
    cpu_s: float = 0.0
    losses: list[tuple[int, float, float, float, float]] = field(default_factory=list)


def make_env(config: TrainConfig, opponents: str, i: int, phase: int = 0) -> MagieGym:
    """Training environment `i` of `config`'s curriculum phase `phase` (seat 0 against three
    `opponents` bots), seeded so that no two environments play the same games."""
    return MagieGym(config.edition, opponents=opponents, max_rounds=config.max_rounds, shaping=config.shaping,
                    window_actions=config.window_actions, seed=(config.seed * 100 + phase) * 1000 + i)


def train(config: TrainConfig, budget_s: float, *, clock: str = "wall", max_timesteps: int | None = None,
          verbose: int = 0, on_iteration: Callable[[Curve, int], None] | None = None) -> tuple[Any, Curve]:
    """Trains a MaskablePPO policy by `config` until `budget_s` seconds of `clock` ('wall' or
    'cpu', this process's CPU time) would pass if another iteration as long as the longest so far
    ran, or after `max_timesteps` environment steps (whichever comes first, checked after each
    iteration), so a run stays within its budget unless one iteration takes longer than the rest;
    at least one iteration (`n_steps` x environments steps) always runs. `on_iteration(curve,
    timesteps)` is called after each iteration. Returns `(model, curve)`. Raises ValueError for
    another clock or a phase of `later` whose number of kinds is not the number of environments,
    and ImportError (naming the extra) when sb3-contrib is not installed."""
    if clock not in ("wall", "cpu"):
        raise ValueError(f"clock is 'wall' or 'cpu', not {clock!r}")
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as e:   # pragma: no cover - depends on the installation
        raise ImportError("training needs sb3-contrib and torch: install torch (CPU build) first, "
                          "then pip install '.[rl-train]' (docs/rl.md)") from e
    torch.set_num_threads(1)
    phases = [(0.0, tuple(config.opponents))] + [(share, tuple(kinds)) for share, kinds in config.later]
    if any(len(kinds) != len(config.opponents) for _, kinds in phases):
        raise ValueError("every phase of the curriculum has one bot kind per environment")

    def vec(phase: int) -> Any:
        return DummyVecEnv([(lambda i=i, kind=kind: make_env(config, kind, i, phase))
                            for i, kind in enumerate(phases[phase][1])])
    phase = 0
    kinds = list(phases[0][1])
    venv = vec(0)
    model = MaskablePPO(
        "MlpPolicy", venv, n_steps=config.n_steps, batch_size=config.batch_size, n_epochs=config.n_epochs,
        learning_rate=config.learning_rate, gamma=config.gamma, gae_lambda=config.gae_lambda,
        ent_coef=config.ent_coef, clip_range=config.clip_range, seed=config.seed, verbose=verbose,
        policy_kwargs={"net_arch": {"pi": list(config.net), "vf": list(config.net)}}, device="cpu")
    curve = Curve()
    wall0, cpu0 = time.monotonic(), time.process_time()

    def elapsed() -> float:
        return time.monotonic() - wall0 if clock == "wall" else time.process_time() - cpu0

    class Record(BaseCallback):
        """Collects the finished training games."""

        def _on_step(self) -> bool:
            for i, (done, info) in enumerate(zip(self.locals["dones"], self.locals["infos"], strict=True)):
                if done and "winners" in info:
                    winners = info["winners"]
                    won = 1.0 / len(winners) if 0 in winners else 0.0
                    curve.games.append((self.num_timesteps, time.monotonic() - wall0,
                                        time.process_time() - cpu0, kinds[i], won))
            return True

    record = Record()
    step = config.n_steps * len(config.opponents)
    longest = 0.0     # the longest iteration so far, by the budget's clock
    while True:       # one PPO iteration (a rollout, then an update) per call
        begun = elapsed()
        model.learn(total_timesteps=step, reset_num_timesteps=False, callback=record)
        logged = model.logger.name_to_value           # the update just made (logged, not yet dumped)
        curve.losses.append((model.num_timesteps, float(logged["train/loss"]),
                             float(logged["train/policy_gradient_loss"]),
                             float(logged["train/value_loss"]), float(logged["train/entropy_loss"])))
        if on_iteration is not None:
            on_iteration(curve, model.num_timesteps)
        longest = max(longest, elapsed() - begun)
        if elapsed() + longest > budget_s or (
                max_timesteps is not None and model.num_timesteps >= max_timesteps):
            break
        if phase + 1 < len(phases) and elapsed() >= phases[phase + 1][0] * budget_s:
            phase += 1
            kinds[:] = phases[phase][1]
            curve.phases.append((model.num_timesteps, list(kinds)))
            model.get_env().close()
            model.set_env(vec(phase))       # the games under way are dropped; the next rollout resets
    curve.wall_s, curve.cpu_s = time.monotonic() - wall0, time.process_time() - cpu0
    model.get_env().close()
    return model, curve


def model_policy(model: Any) -> Policy:
    """The deterministic policy of a trained MaskablePPO model, as a `Policy`."""
    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)
    return policy


def evaluate(policy: Policy, edition: str, opponents: str, games: int, *, seed: int = 10_000,
             max_rounds: int = 200, window_actions: int | None = 8) -> dict[str, Any]:
    """Plays `games` games at seat 0 against three `opponents` bots (game k: `reset(seed=seed + k)`,
    no shaping). Returns {'games', 'won' (a shared win counts 1/k), 'rate', 'low', 'high' (95%
    Wilson), 'capped' (games ended by the round cap), 'steps', 'illegal' (answers outside the
    mask: 0 for a masked policy)}."""
    env = MagieGym(edition, opponents=opponents, max_rounds=max_rounds, window_actions=window_actions)
    won, capped, steps, illegal = 0.0, 0, 0, 0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            mask = env.action_masks()
            action = policy(obs, mask)
            illegal += not mask[action]
            obs, _, done, _, info = env.step(action)
            steps += 1
        winners = info["winners"]
        won += 1.0 / len(winners) if 0 in winners else 0.0
        capped += env.aec.game.end_reason == "round_limit"
    env.close()
    lo, hi = wilson(won, games)
    return {"games": games, "won": won, "rate": won / games if games else 0.0, "low": lo, "high": hi,
            "capped": capped, "steps": steps, "illegal": illegal}
