"""Batch simulation: reproducible for any number of workers, interrupted runs give a prefix."""

import pytest

from magie.engine.sim.batch import BatchSpec, game_seed, simulate


def test_game_seeds_differ_and_are_stable():
    seeds = [game_seed(7, k) for k in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(7, 3) == game_seed(7, 3) != game_seed(8, 3)


def test_the_same_seed_gives_the_same_summary_for_any_jobs():
    spec = BatchSpec(edition="classic", seed=5, max_rounds=300)
    one = simulate(spec, 24, jobs=1).to_json()
    two = simulate(spec, 24, jobs=2).to_json()
    assert one == two
    assert one["games"] == 24 and one["ended"] + one["capped"] == 24
    assert sum(one["win_rate_by_seat"]) == pytest.approx(1.0, abs=1e-3)   # rounded to 4 places
    assert sum(one["landing_frequency"].values()) == pytest.approx(1.0, abs=1e-3)


def test_an_interrupted_run_reports_the_games_finished():
    spec = BatchSpec(edition="classic", seed=1, max_rounds=100)

    def stop_after_five(done):
        if done == 5:
            raise KeyboardInterrupt

    summary = simulate(spec, 50, jobs=1, progress=stop_after_five)
    assert summary.games == 5 and summary.asked == 50
    assert summary.to_json() == simulate(spec, 5, jobs=1).to_json() | {"asked": 50}


def test_the_round_cap_of_the_edition_is_a_rule_not_a_cap():
    timed = simulate(BatchSpec(edition="timed", seed=2), 6, jobs=1).to_json()
    assert timed["capped"] == 0 and timed["max_rounds"] == 40 and timed["rounds_median"] <= 40
    capped = simulate(BatchSpec(edition="classic", seed=2, max_rounds=3), 4, jobs=1).to_json()
    assert capped["capped"] == 4 and capped["rounds_mean"] == 3


def test_memory_is_settled_only_for_a_batch_big_enough_to_repay_it(monkeypatch):
    from magie.engine.sim import batch

    settled = []
    monkeypatch.setattr(batch, "settle_memory", lambda: settled.append(True))
    spec = BatchSpec(edition="quick", seed=1, max_rounds=2, counters=False)
    simulate(spec, batch.SETTLE_GAMES - 1)
    assert settled == []
    simulate(spec, batch.SETTLE_GAMES)
    assert settled == [True]
