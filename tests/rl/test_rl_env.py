"""magie.rl: the PettingZoo AEC environment and the Gymnasium wrapper pass the libraries' own API
checks, their masks only allow answers the engine accepts, rewards follow the result, and a
game played through the environment replays byte for byte as a magie save."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import magie.rl as rl  # noqa: E402
from magie.engine.agents import make_bot  # noqa: E402
from magie.engine.game.events import EventLog  # noqa: E402
from magie.engine.game.game import Game  # noqa: E402
from magie.engine.saves import read_save, write_save  # noqa: E402
from tests.game.helpers import playable  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("edition", ["classic", "biznespolia"])
def test_pettingzoo_api_test_passes(edition):
    api_test(rl.env(edition, seed=3, max_rounds=25), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_check_env_passes():
    check_env(rl.MagieGym("classic", seed=1, max_rounds=25), skip_render_check=True)


def play_out(e, seed: int) -> dict:
    """Play every seat with actions drawn from the masks; return the rewards summed per agent."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    total: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] = total.get(agent, 0.0) + reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) >= 1
        e.step(int(rng.choice(legal)))
    return total


def test_a_game_through_the_env_replays_byte_for_byte_as_a_save(tmp_path):
    e = rl.env("classic", seed=11, max_rounds=40, events=True)
    total = play_out(e, 11)
    g = e.game
    assert g.over and not e.agents
    winners = {w.seat for w in g.winners}
    for seat in range(4):    # +1 to the winner (shared on a tie), -1 to everyone else
        expected = 1.0 / len(winners) if seat in winners else -1.0
        assert total[f"player_{seat}"] == pytest.approx(expected)
    path = write_save(tmp_path / "rl.json", e.save())
    save = read_save(path)
    assert [s.agent for s in save.seats] == ["human"] * 4
    ed = playable("classic")
    log = EventLog()
    replay = Game(ed, [(s.name, make_bot("random", 0, k)) for k, s in enumerate(save.seats)], seed=save.seed,
                  replay=save.decisions, log=log, max_rounds=save.options["max_rounds"])
    replay.play()
    assert log.lines() == e.events()
    assert [w.seat for w in replay.winners] == [w.seat for w in g.winners]


def test_the_same_seed_and_actions_give_the_same_game():
    a, b = rl.env("classic", max_rounds=20), rl.env("classic", max_rounds=20)
    play_out(a, 5)
    play_out(b, 5)
    assert a.game.saved_decisions() == b.game.saved_decisions()
    assert [p.cash for p in a.game.players] == [p.cash for p in b.game.players]


def test_first_observation_encodes_the_table():
    e = rl.env("classic", seed=2)
    e.reset(seed=2)
    obs = e.observe(e.agent_selection)
    x = obs["observation"]
    ed = e.ed
    start = ed.setup.start_cash
    name, at, size = e.obs_enc.layout[0]
    assert (name, at, size) == ("players", 0, 32)
    for k in range(4):      # alive, cash / (4 x start cash), on the start space, not in jail
        assert x[8 * k] == 1.0
        assert x[8 * k + 1] == pytest.approx(start / (4 * start))
        assert x[8 * k + 3] == 0.0
    assert x[7] == 1.0 and x[15] == 0.0          # the observer is the one asked
    owners = dict((n, s) for n, s, _ in e.obs_enc.layout)["owners"]
    deed = next(i for i, s in enumerate(ed.spaces) if s.is_deed)
    assert x[owners + deed * 5] == 1.0           # the bank holds every deed at the start
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() >= 1


def test_an_illegal_action_is_replaced_by_the_neutral_answer():
    """Seat 0 tries to 'buy' every deed it can but the mask says which slots exist: an action the
    mask forbids (here: bankrupt while not in debt) becomes the neutral answer (done/decline)."""
    e = rl.env("classic", seed=4, max_rounds=10)
    e.reset(seed=4)
    bankrupt = e.act_enc.names.index("bankrupt")
    agent = e.agent_selection
    obs, *_ = e.last()
    assert obs["action_mask"][bankrupt] == 0
    seat = int(agent.split("_")[1])
    d = e.driver.pending[1]
    before = list(e.game.owner)
    e.step(bankrupt)
    assert e.infos[agent]["illegal"] == 1
    assert e.game.players[seat].alive
    if d.kind == "buy":                 # declined, not bought
        assert e.game.owner[d.space] is not e.game.players[seat] or before[d.space] is not None


def test_a_learner_against_basic_bots_plays_to_the_end():
    env = rl.MagieGym("classic", seat=2, opponents="basic", seed=9, max_rounds=60)
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(0)
    steps, done, reward = 0, False, 0.0
    while not done:
        mask = env.action_masks()
        assert (mask == info["action_mask"].astype(bool)).all()
        obs, reward, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert info["illegal"] == 0
        assert env.observation_space.contains(obs)
        steps += 1
    g = env.aec.game
    assert g.over
    assert reward == pytest.approx(1.0 / len(g.winners) if 2 in info["winners"] else -1.0)
    assert [type(a).__name__ for k, a in enumerate(g.agents) if k != 2] == ["BasicBot"] * 3
    env.close()


def test_bid_slots_are_fractions_of_the_printed_price():
    e = rl.env("classic", seed=1)
    e.reset(seed=1)
    g = e.game
    p = g.players[0]
    from magie.engine.game.decisions import Decision
    deed = next(i for i, s in enumerate(g.spaces) if s.is_deed and s.price >= 200)
    price = g.spaces[deed].price
    d = Decision("bid", p, min=10, max=p.cash, price=None, high_bidder=None, space=deed)
    legal = e.act_enc.legal(g, d)
    bid0 = e.act_enc.names.index("bid:0")
    assert legal[bid0] == 10                       # the minimum
    assert legal[bid0 + 3] == price                # 1 x the printed price
    assert legal[bid0 + 7] == 3 * price            # 3 x
    assert legal[e.act_enc.names.index("pass")] is None
    d = Decision("bid", p, min=10, max=2 * price, price=None, high_bidder=None, space=deed)
    assert bid0 + 7 not in e.act_enc.legal(g, d)   # more than the cap
    e.close()
