"""A batch keeps no per-game data: the memory held after N games does not grow with N."""

import gc
import tracemalloc

import pytest

from magie.engine.sim.batch import BatchSpec, Summary, stream


@pytest.mark.slow
def test_memory_does_not_grow_with_the_number_of_games():
    spec = BatchSpec(edition="classic", seed=1, max_rounds=60)
    spec.edition_model()
    summary = Summary(spec=spec, asked=10**6)
    games = stream((spec,), 10**6)
    held = {}
    tracemalloc.start()
    try:
        for k, (s,) in enumerate(games, 1):
            summary.add(s)
            if k in (40, 160):
                gc.collect()
                held[k] = tracemalloc.get_traced_memory()[0]
            if k == 160:
                break
    finally:
        games.close()
        tracemalloc.stop()
    # the old batch kept about 0.8 KB a game (100 KB for these 120 games); now only histogram keys
    assert held[160] - held[40] < 20_000
