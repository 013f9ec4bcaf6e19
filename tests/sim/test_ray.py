"""`--backend ray`: the same summary as `--jobs 1` for the same seed, on a local Ray with 2 workers."""

import pytest

from magie.engine.sim.batch import BatchSpec, simulate
from magie.engine.sim.compare import compare

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_summary_of_one_job(local_ray):
    spec = BatchSpec(edition="classic", seed=5, max_rounds=300)
    assert simulate(spec, 30, jobs=2, backend="ray").to_json() == simulate(spec, 30, jobs=1).to_json()


def test_ray_compare_is_paired_like_local(local_ray):
    specs = [BatchSpec(edition="classic", seed=2, max_rounds=100, counters=False),
             BatchSpec(edition="quick", seed=2, max_rounds=100, counters=False)]
    local = compare(["classic", "quick"], specs, 10, 1).to_json()
    assert compare(["classic", "quick"], specs, 10, 2, backend="ray").to_json() == local
