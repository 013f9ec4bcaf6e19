"""The learning baseline's machinery (`magie.rl.train`): MaskablePPO trains a few iterations on
classic, its losses move, and the trained policy answers only legal slots. The full run is a
benchmark (benchmarks/rl_maskable_ppo.py, docs/rl.md), not a test.

Needs torch and sb3-contrib (the `rl-train` extra, which the test extra includes): skipped when
they are missing, except in CI (the CI environment variable set), where their absence fails."""

from __future__ import annotations

import importlib
import math
import os
from dataclasses import replace
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")


def need(module: str) -> ModuleType:
    """`module` imported; a skip naming the extra when it is missing outside CI."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            raise          # CI installs the test extra: a missing trainer there is a failure
        pytest.skip(f"{module} is not installed: install torch's CPU build, then pip install '.[rl-train]' "
                    "(docs/rl.md, 'A baseline that learns')", allow_module_level=True)


need("torch")
need("sb3_contrib")

from magie.rl.train import TrainConfig, evaluate, model_policy, train  # noqa: E402

CONFIG = TrainConfig(edition="classic", opponents=("random", "basic"), later=(), n_steps=64, batch_size=64,
                     n_epochs=2, max_rounds=40)


@pytest.fixture(scope="module")
def trained():
    """Three PPO iterations (3 x 64 x 2 environment steps) whatever the machine's speed."""
    return train(CONFIG, budget_s=600, max_timesteps=3 * 64 * 2)


def test_the_losses_move_and_the_games_are_counted(trained):
    model, curve = trained
    assert model.num_timesteps == 3 * 64 * 2
    assert len(curve.losses) == 3                      # one update per iteration
    losses = [row[1] for row in curve.losses]
    assert all(math.isfinite(x) for x in losses)
    assert len(set(losses)) == 3                       # each update saw other data and other weights
    assert [row[0] for row in curve.losses] == [128, 256, 384]
    assert curve.wall_s >= curve.games[-1][1] if curve.games else curve.wall_s > 0
    assert 0 < curve.cpu_s
    for ts, wall, cpu, kind, won in curve.games:      # capped at 40 rounds: some games end
        assert 0 < ts <= 384 and wall >= 0 and cpu >= 0 and kind in ("random", "basic") and 0 <= won <= 1


def test_the_weights_change_with_training():
    """The same seed and configuration, one iteration against three: the policy's output differs."""
    one, _ = train(CONFIG, budget_s=600, max_timesteps=64 * 2)
    three, _ = train(CONFIG, budget_s=600, max_timesteps=3 * 64 * 2)
    import torch
    obs = torch.zeros((1, one.observation_space.shape[0]))
    a = one.policy.get_distribution(obs).distribution.logits
    b = three.policy.get_distribution(obs).distribution.logits
    assert not torch.allclose(a, b)


def test_the_trained_policy_answers_only_legal_slots(trained):
    model, _ = trained
    result = evaluate(model_policy(model), "classic", "random", 2, seed=5, max_rounds=30)
    assert result["illegal"] == 0 and result["steps"] > 50
    assert result["games"] == 2 and 0 <= result["won"] <= 2

    def unmasked(obs: np.ndarray, mask: np.ndarray) -> int:       # the same network, masks ignored
        action, _ = model.predict(obs, deterministic=True)
        return int(action)
    # the count is real: without the mask the untrained-ish network does answer illegal slots
    assert evaluate(unmasked, "classic", "random", 1, seed=5, max_rounds=30)["illegal"] > 0


def test_the_curriculum_changes_the_opponents():
    """A phase from share 0 of the budget on starts after the first iteration."""
    config = replace(CONFIG, opponents=("random", "random"), later=((0.0, ("basic", "basic")),), max_rounds=10)
    model, curve = train(config, budget_s=600, max_timesteps=3 * 64 * 2)
    assert curve.phases == [(128, ["basic", "basic"])]
    kinds = {ts > 128: {g[3] for g in curve.games if (g[0] > 128) == (ts > 128)} for ts in (0, 129)}
    assert kinds[False] <= {"random"} and kinds[True] == {"basic"}     # 10-round games: several end
    assert model.get_env().get_attr("aec")[0].bots == {1: "basic", 2: "basic", 3: "basic"}


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="clock"):
        train(CONFIG, budget_s=1, clock="gpu")
    with pytest.raises(ValueError, match="one bot kind per environment"):
        train(replace(CONFIG, later=((0.5, ("basic",)),)), budget_s=1)
