"""The hand-written floors of magie.rl.baselines: they answer only legal slots, and `buy, trade,
build` does what its name says where `buy, throw, done` does not."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import magie.rl as rl  # noqa: E402
from magie.rl.baselines import BuyThrowDone, BuyTradeBuild  # noqa: E402


def play(policy_class: type[BuyThrowDone], seed: int = 3) -> tuple[Counter[str], list[int], rl.MagieGym]:
    """One 60-round game at seat 0 against three random bots: the blocks of the slots answered."""
    env = rl.MagieGym("classic", opponents="random", max_rounds=60)
    policy = policy_class(env.aec.act_enc)
    blocks = [name for name, _, size in env.aec.act_enc.layout for _ in range(size)]
    used: Counter[str] = Counter()
    obs, _ = env.reset(seed=seed)
    done, info = False, {}
    while not done:
        mask = env.action_masks()
        slot = policy(obs, mask)
        assert mask[slot]
        used[blocks[slot] if blocks[slot] != "named" else env.aec.act_enc.names[slot]] += 1
        obs, _, done, _, info = env.step(slot)
    return used, info["winners"], env


def test_buy_trade_build_completes_groups_and_builds():
    used, _, env = play(BuyTradeBuild)
    assert used["trade"] >= 1 and used["build"] >= 1 and used["buy"] >= 5
    game = env.aec.game
    assert any(game.level[i] > 0 for i in game.players[0].deeds)       # houses stand on its deeds


def test_buy_throw_done_neither_trades_nor_builds():
    used, _, _ = play(BuyThrowDone)
    assert used["trade"] == 0 and used["build"] == 0 and used["buy"] >= 5 and used["done"] > 50
