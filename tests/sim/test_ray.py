"""`--backend ray`: the same summary as `--jobs 1` for the same seed, on a local Ray with 2 workers
and on a cluster of two nodes joined by its address. Starting Ray costs seconds of CPU: the quick
loop runs the backend on `TaskRay`, which runs each task in this process the way Ray hands it
over (arguments and results pickled, results taken in the order asked), and the slow run on Ray."""

import os
import pickle
import subprocess
import sys
import time
import types

import pytest

from magie.engine.sim import ray_backend
from magie.engine.sim.batch import BatchSpec, simulate
from magie.engine.sim.compare import compare
from magie.engine.sim.ray_backend import auth_mode_for


class _TaskError(Exception):
    """What `ray.get` raises for a task that failed: the worker's traceback as its text, the
    task's own error as `cause`."""

    def __init__(self, cause: Exception):
        super().__init__(f"ray::play_chunk() (pid=1)\nTraceback (most recent call last): ...\n{cause!r}")
        self.cause = cause


class TaskRay:
    """What `ray_map` uses of Ray, run in this process: `remote(fn).remote(*args)` pickles the
    arguments and runs `fn` when `get` asks for its result, which is pickled too. Counts the tasks
    in flight at once and whether the Ray it started was stopped."""

    exceptions = types.SimpleNamespace(RayTaskError=_TaskError)     # Ray's `ray.exceptions`

    def __init__(self, cpus: int):
        self.cpus, self.up, self.in_flight, self.most_in_flight, self.tasks = cpus, False, 0, 0, 0

    def is_initialized(self):
        return self.up

    def init(self, num_cpus, address=None, **_):
        self.up, self.cpus, self.address = True, num_cpus, address

    def shutdown(self):
        self.up = False

    def cluster_resources(self):
        return {"CPU": float(self.cpus)}

    def put(self, value):
        return pickle.dumps(value)

    def remote(self, num_cpus):
        def wrap(fn):
            return _Task(self, fn)
        return wrap

    def get(self, future):
        fn, args = future
        self.in_flight -= 1
        try:
            result = fn(*[pickle.loads(a) for a in args])
        except Exception as e:      # Ray raises a task's error wrapped, its traceback as its text
            raise _TaskError(e) from e
        return pickle.loads(pickle.dumps(result))


class _Task:
    def __init__(self, ray, fn):
        self.ray, self.fn = ray, fn

    def remote(self, shared_ref, chunk):
        self.ray.tasks += 1
        self.ray.in_flight += 1
        self.ray.most_in_flight = max(self.ray.most_in_flight, self.ray.in_flight)
        return self.fn, (shared_ref, pickle.dumps(chunk))


@pytest.fixture
def task_ray(monkeypatch):
    fake = TaskRay(2)
    monkeypatch.setattr(ray_backend, "_ray", lambda: fake)
    yield fake
    assert not fake.up                    # the Ray the backend started is stopped


def test_the_ray_backend_gives_the_summary_of_one_job(task_ray):
    spec = BatchSpec(edition="classic", seed=5, max_rounds=300)
    assert simulate(spec, 30, jobs=2, backend="ray").to_json() == simulate(spec, 30, jobs=1).to_json()
    assert task_ray.tasks > 1


def test_the_ray_backend_keeps_at_most_four_tasks_a_worker_in_flight(task_ray):
    spec = BatchSpec(edition="quick", seed=3, max_rounds=5, counters=False)
    assert simulate(spec, 40, jobs=1, backend="ray").to_json() == simulate(spec, 40, jobs=1).to_json()
    assert task_ray.tasks > 4 and task_ray.most_in_flight == 4


def test_the_ray_backend_starts_a_ray_of_its_own_beside_a_cluster_of_this_machine(task_ray):
    # without address="local", ray.init joins the cluster `ray start` left on this machine (any
    # user's: /tmp/ray/ray_current_cluster) and refuses num_cpus there with a traceback
    simulate(BatchSpec(edition="quick", seed=3, max_rounds=2, counters=False), 2, jobs=1, backend="ray")
    assert task_ray.address == "local" and task_ray.cpus == 1


def test_a_games_error_in_a_ray_task_is_the_error_of_one_job(task_ray, tmp_path):
    # Ray raises a failed task's error wrapped, with the worker's traceback as its text: the
    # backend raises the game's own error, which `magie simulate` prints as one line
    from magie.engine.errors import EffectError
    from magie.engine.paths import EDITIONS_DIR

    classic = (EDITIONS_DIR / "classic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "negative.yaml"
    path.write_text(classic.replace("do: pay bank 15\n", "do: pay bank 100 - cash\n", 1), encoding="utf-8")
    spec = BatchSpec(edition=str(path), seed=1, max_rounds=100, counters=False)
    with pytest.raises(EffectError) as one_job:
        simulate(spec, 20, jobs=1)
    with pytest.raises(EffectError) as on_ray:
        simulate(spec, 20, jobs=1, backend="ray")
    assert str(on_ray.value) == str(one_job.value) and "cannot be negative" in str(one_job.value)


def test_the_ray_backend_compare_is_paired_like_local(task_ray):
    specs = [BatchSpec(edition="classic", seed=2, max_rounds=100, counters=False),
             BatchSpec(edition="quick", seed=2, max_rounds=100, counters=False)]
    local = compare(["classic", "quick"], specs, 10, 1).to_json()
    assert compare(["classic", "quick"], specs, 10, 2, backend="ray").to_json() == local


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.slow     # starts Ray: seconds of CPU (the quick loop runs the backend on TaskRay)
def test_ray_gives_the_summary_of_one_job(local_ray):
    spec = BatchSpec(edition="classic", seed=5, max_rounds=300)
    assert simulate(spec, 30, jobs=2, backend="ray").to_json() == simulate(spec, 30, jobs=1).to_json()


@pytest.mark.slow     # starts Ray (the quick loop runs the backend on TaskRay)
def test_ray_compare_is_paired_like_local(local_ray):
    specs = [BatchSpec(edition="classic", seed=2, max_rounds=100, counters=False),
             BatchSpec(edition="quick", seed=2, max_rounds=100, counters=False)]
    local = compare(["classic", "quick"], specs, 10, 1).to_json()
    assert compare(["classic", "quick"], specs, 10, 2, backend="ray").to_json() == local


# ---------------------------------------------------------------- joining a cluster by address
# docs/scale.md's how-to, on a local cluster of two nodes (Ray's own `cluster_utils.Cluster`) with
# token authentication on, as `ray start` has it by default since Ray 2.59. The cluster runs in a
# process of its own (Ray reads the authentication mode once, when it is imported), and `magie
# simulate --address` is given the token as a user would give it, but not `RAY_AUTH_MODE`.

CLUSTER = r"""
import os, sys, time
os.environ["RAY_AUTH_MODE"] = "token"
from ray.cluster_utils import Cluster
cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
cluster.add_node(num_cpus=1)
cluster.wait_for_nodes()
print(cluster.address, flush=True)
try:
    sys.stdin.read()          # until the test closes it
finally:
    cluster.shutdown()
"""


def _magie(*args: str, env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "magie.cli.app", *args], capture_output=True, text=True,
                          env=env, timeout=timeout)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(extra)
    return env


@pytest.mark.slow     # starts two Ray nodes: seconds of CPU
def test_simulate_joins_a_two_node_cluster_with_token_authentication(tmp_path):
    pytest.importorskip("ray")
    token = "magie-test-token-0123456789abcdef"
    env = _env(RAY_AUTH_TOKEN=token, HOME=str(tmp_path))
    with subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True, env=env) as cluster:
        try:
            address = ""
            deadline = time.monotonic() + 240
            while not address and time.monotonic() < deadline and cluster.poll() is None:
                address = (cluster.stdout.readline() if cluster.stdout else "").strip()
            assert address, "the local Ray cluster did not start"
            args = ("simulate", "classic", "-n", "24", "--seed", "3", "--json")
            joined = _magie(*args, "--backend", "ray", "--address", address, env=env)
            assert joined.returncode == 0, joined.stderr[-2000:]
            assert joined.stdout == _magie(*args, env=env).stdout
        finally:
            if cluster.stdin:
                cluster.stdin.close()
            cluster.wait(timeout=120)


def test_a_token_that_cannot_be_read_is_a_message_not_a_traceback(tmp_path):
    pytest.importorskip("ray")
    env = _env(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN_PATH=str(tmp_path / "missing"), HOME=str(tmp_path))
    run = _magie("simulate", "classic", "-n", "2", "--backend", "ray", "--address", "127.0.0.1:1", env=env,
                 timeout=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "could not join the Ray cluster at 127.0.0.1:1" in run.stderr and "ray get-auth-token" in run.stderr


@pytest.mark.parametrize(("environ", "token_file", "mode"), [
    ({}, False, None),                                          # no token: Ray's default, unauthenticated
    ({}, True, "token"),                                        # `ray start` wrote ~/.ray/auth_token
    ({"RAY_AUTH_TOKEN": "x"}, False, "token"),
    ({"RAY_AUTH_TOKEN_PATH": "/somewhere"}, False, "token"),
    ({"RAY_AUTH_MODE": "disabled"}, True, None),                # the user's explicit choice is kept
    ({"RAY_AUTH_MODE": "token"}, False, None),
])
def test_the_token_is_used_when_one_is_at_hand_and_the_mode_is_not_set(tmp_path, environ, token_file, mode):
    if token_file:
        (tmp_path / ".ray").mkdir()
        (tmp_path / ".ray" / "auth_token").write_text("t")
    assert auth_mode_for(dict(environ), tmp_path) == mode
