"""An environment one can learn in: the bound on one manage window, shaping over every seat,
the `gymnasium.make` ids, seeding, vector environments, rendering, docs/rl.md's tables."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import magie.rl as rl  # noqa: E402
from magie.rl.baselines import BuyThrowDone  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


def looping_policy(env: rl.MagieGym):
    """Buy every deed, then in every manage window take any action but done while one is legal
    (mortgage, lift, build...): the policy that loops inside a window."""
    names = env.aec.act_enc.names
    done, buy, roll = names.index("done"), names.index("buy"), names.index("roll")

    def policy(mask: np.ndarray) -> int:
        legal = [int(a) for a in np.flatnonzero(mask)]
        if buy in legal:
            return buy
        others = [a for a in legal if a != done and a >= 34]     # the per-space and later slots
        if others:
            return others[0]
        return roll if roll in legal else legal[0]
    return policy


def longest_window(window_actions: int | None, seed: int = 3, steps: int = 3000) -> tuple[int, int]:
    """Play the looping policy at seat 0 against basic bots; return the most actions taken in
    one manage window and how many windows ended because only done was left."""
    env = rl.MagieGym("classic", opponents="basic", seed=seed, max_rounds=60, window_actions=window_actions)
    env.reset(seed=seed)
    policy = looping_policy(env)
    done_slot = env.aec.act_enc.names.index("done")
    run = most = closed = 0
    for _ in range(steps):
        mask = env.action_masks()
        seat, d = env.aec.driver.pending
        assert seat == 0
        if d.kind == "manage" and window_actions is not None and run >= window_actions:
            assert np.flatnonzero(mask).tolist() == [done_slot]      # the window closes: done only
            closed += 1
        action = policy(mask)
        _, _, terminated, _, _ = env.step(action)
        if d.kind == "manage":
            run = 0 if action == done_slot else run + 1
            most = max(most, run)
        if terminated:
            break
    env.close()
    return most, closed


def test_a_manage_window_closes_for_the_learner_after_its_bound():
    most, closed = longest_window(3)
    assert most == 3 and closed >= 1


def test_without_the_bound_the_same_policy_loops_in_one_window():
    most, _ = longest_window(None, steps=600)
    assert most > 50           # mortgage, lift, mortgage...: nothing in the rules stops it


def test_the_default_bound_is_documented_and_rejects_a_negative_one():
    assert rl.MagieGym("classic").aec.window_actions == rl.WINDOW_ACTIONS == 8
    assert "`window_actions=K` (default 8" in (REPO / "docs" / "rl.md").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="window_actions"):
        rl.MagieGym("classic", window_actions=-1)


def worth_share(game, seat: int) -> float:
    worth = [max(0, game.net_worth(p)) if p.alive else 0 for p in game.players]
    return worth[seat] / sum(worth)


def test_shaping_rewards_the_change_of_the_learners_share_of_every_seat():
    """Against three bots the learner is the only agent: its share of the table (not of the
    agents alone, which is always 1) moves, and the shaped reward follows it with its sign."""
    env = rl.MagieGym("classic", opponents="basic", seed=5, max_rounds=40, shaping=2.0)
    env.reset(seed=5)
    policy = BuyThrowDone(env.aec.act_enc)
    grew = shrank = 0
    obs, terminated = None, False
    while not terminated:
        before = worth_share(env.aec.game, 0)
        obs, reward, terminated, _, _ = env.step(policy(obs, env.action_masks()))
        if terminated:
            break
        change = worth_share(env.aec.game, 0) - before
        assert reward == pytest.approx(2.0 * change, abs=1e-9)
        if change > 1e-3:
            grew += 1
            assert reward > 0
        elif change < -1e-3:
            shrank += 1
            assert reward < 0
    assert grew >= 5 and shrank >= 5


def test_make_ids_for_the_built_in_editions_and_any_edition_by_keyword():
    assert {"magie/Classic-v0", "magie/Mega-v0", "magie/LandlordsGame-v0", "magie/Edition-v0"} <= set(rl.ENV_IDS)
    env = gymnasium.make("magie/Classic-v0", max_rounds=20)
    assert env.unwrapped.aec.ed.id == "classic"
    assert env.observation_space.shape == (585,)
    env = gymnasium.make("magie/Edition-v0", edition="mega", opponents="random", max_rounds=20)
    assert env.unwrapped.aec.ed.id == "mega"
    assert env.observation_space.shape == (env.unwrapped.aec.obs_enc.size,) != (585,)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    env.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_check_env_passes_on_a_made_env_with_its_text_render():
    check_env(gymnasium.make("magie/Classic-v0", max_rounds=25, render_mode="ansi").unwrapped)


def run(env, seed: int, steps: int) -> list[np.ndarray]:
    policy = BuyThrowDone(env.unwrapped.aec.act_enc)
    obs, _ = env.reset(seed=seed)
    out = [obs]
    for _ in range(steps):
        obs, _, terminated, _, _ = env.step(policy(obs, env.unwrapped.action_masks()))
        out.append(obs)
        if terminated:
            break
    return out


def test_the_same_seed_gives_the_same_episode_and_another_seed_another():
    a = run(gymnasium.make("magie/Classic-v0", opponents="random"), 7, 150)
    b = run(gymnasium.make("magie/Classic-v0", opponents="random"), 7, 150)
    c = run(gymnasium.make("magie/Classic-v0", opponents="random"), 8, 150)
    assert len(a) == len(b) and all((x == y).all() for x, y in zip(a, b, strict=True))
    assert len(a) != len(c) or any((x != y).any() for x, y in zip(a, c, strict=True))


def test_reset_without_a_seed_follows_from_the_first_seed():
    one, two = rl.MagieGym("classic", seed=4), rl.MagieGym("classic", seed=4)
    seeds = []
    for env in (one, two):
        env.reset()
        env.reset()
        seeds.append(env.aec._game_seed)
    assert seeds[0] == seeds[1] != 4


def test_a_sync_vector_env_over_two_envs_steps_through_an_episode_end():
    """Same-step autoreset (as docs/rl.md shows): a copy whose game ends starts the next one in
    the same step, so every mask the policy sees has a legal slot."""
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make("magie/Classic-v0", opponents="random", max_rounds=3) for _ in range(2)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)
    obs, info = envs.reset(seed=1)
    assert obs.shape == (2, 585) and info["action_mask"].shape == (2, 314)
    assert [e.unwrapped.aec._game_seed for e in envs.envs] == [1, 2]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        masks = envs.call("action_masks")
        assert len(masks) == 2 and all(m.any() for m in masks)
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs.shape == (2, 585) and envs.single_observation_space.contains(obs[0])
        ended += int(terminated.sum())
        if ended >= 2:
            break
    assert ended >= 2              # three-round games end, and the copies reset themselves
    envs.close()


def test_render_as_text():
    env = rl.env("classic", seed=2, render_mode="ansi")      # every seat an agent: nobody has moved
    env.reset(seed=2)
    asked = int(env.agent_selection.split("_")[1])
    lines = env.render().splitlines()
    assert lines[0] == "round 1"
    assert lines[1:5] == [f"{'>' if k == asked else ' '} player_{k}: 1500 cash, go; 0 deeds (0 mortgaged), "
                          "net worth 1500" for k in range(4)]
    assert lines[5] == "asked: manage before_roll"
    assert rl.MagieGym("classic").render() is None      # no render mode


def test_render_as_the_board_picture():
    pytest.importorskip("cairosvg")
    env = rl.MagieGym("classic", seed=2, render_mode="rgb_array")
    env.reset(seed=2)
    picture = env.render()
    assert picture.shape == (600, 600, 3) and picture.dtype == np.uint8
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 10      # a drawing, not a blank
    assert env.aec.picture(200).shape == (200, 200, 3)
    with pytest.raises(ValueError, match="16 to 8000"):
        env.aec.picture(0)


def test_the_board_picture_without_cairosvg_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    env = rl.MagieGym("classic", seed=2, render_mode="rgb_array")
    env.reset(seed=2)
    with pytest.raises(gymnasium.error.DependencyNotInstalled, match=r"\[web\]'"):
        env.render()


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        rl.MagieGym("classic", render_mode="human")
