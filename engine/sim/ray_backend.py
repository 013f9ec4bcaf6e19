"""Ray backend of the batch simulation (optional extra `magie[ray]`).

Games go out in chunks, one Ray task per chunk (a task costs about 0.7 ms here, so a task
carries many games); results come back in game order, so the summary is the same as with
`--jobs 1` for the same seed. At most `4 * workers` tasks are in flight at once, which keeps
memory flat however many games are asked. `address` (or the `RAY_ADDRESS` environment
variable, which Ray reads itself) joins a running cluster; otherwise a local Ray is started
with `jobs` CPUs and stopped at the end. See docs/scale.md.

Ray (2.59 and later) starts a cluster with token authentication by default: `ray start` keeps
the token in `~/.ray/auth_token`. A driver given an explicit address does not turn the token on
by itself (Ray does so only for `address="auto"`), so joining such a cluster failed with
`InvalidAuthToken` until `RAY_AUTH_MODE=token` was set. `join_auth` turns it on when a token is
at hand and the mode is not set (`auth_mode_for`), before Ray is first imported: Ray reads the
mode when it is imported.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from ..errors import MagieError

RAY_CHUNK_CAP = 200
"""Most games in one Ray task (bigger than the process pool's: a task costs more)."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        from ..extras import install_hint

        raise MagieError(f"--backend ray needs Ray: {install_hint('ray')}") from None
    return ray


AUTH_MODE = "RAY_AUTH_MODE"
"""Ray's switch for token authentication (`token` or `disabled`)."""


def auth_mode_for(environ: MutableMapping[str, str], home: Path) -> str | None:
    """The `RAY_AUTH_MODE` a driver joining a cluster at an explicit address should take: None to
    leave the environment as it is (the mode is set, or no token is at hand), `token` when Ray
    would find a token (`RAY_AUTH_TOKEN`, `RAY_AUTH_TOKEN_PATH`, or `home/.ray/auth_token`, where
    `ray start` writes it) but nothing says to use it."""
    if environ.get(AUTH_MODE):
        return None
    if environ.get("RAY_AUTH_TOKEN") or environ.get("RAY_AUTH_TOKEN_PATH") or (home / ".ray" / "auth_token").is_file():
        return "token"
    return None


def join_auth(environ: MutableMapping[str, str]) -> None:
    """Turn Ray's token authentication on in `environ` (this process's, which Ray reads) when
    `auth_mode_for` says so; an explicit `RAY_AUTH_MODE` (`disabled` too) is kept."""
    mode = auth_mode_for(environ, Path.home())
    if mode is not None:
        environ[AUTH_MODE] = mode


def _join(ray: Any, addr: str) -> None:
    """Connect this process to the Ray cluster at `addr`. Raises MagieError naming the address and
    what to check when Ray cannot connect (no cluster there, or a token it does not accept)."""
    try:
        ray.init(address=addr, log_to_driver=False)
    except (ConnectionError, RuntimeError, ray.exceptions.RayError) as e:
        token = os.environ.get(AUTH_MODE, "") == "token"
        raise MagieError(
            f"could not join the Ray cluster at {addr}: {e}. Check that `ray start` runs there (`ray status`); "
            + ("a cluster with token authentication needs its token here: `ray get-auth-token` on the head node, "
               "given to magie as RAY_AUTH_TOKEN or in ~/.ray/auth_token (docs/scale.md)" if token else
               "if the cluster uses token authentication, give magie its token (`ray get-auth-token` on the head "
               "node) as RAY_AUTH_TOKEN and set RAY_AUTH_MODE=token (docs/scale.md)")) from None


def ray_map(fn: Callable[[Any, list[int]], Any], shared: Any, chunks: Callable[[int], Iterable[list[int]]],
            jobs: int, address: str | None) -> Iterator[Any]:
    """`fn(shared, chunk)` for every chunk of `chunks(workers)` (given the number of CPUs of the
    cluster), run as Ray tasks; results are yielded in chunk order (see the module docstring)."""
    addr = address or os.environ.get("RAY_ADDRESS")
    if addr:
        join_auth(os.environ)        # before Ray is imported: it reads the mode once, at import
    ray = _ray()
    started = False
    if not ray.is_initialized():
        if addr:
            _join(ray, addr)
        else:
            # `local`: a Ray of our own, even where `ray start` runs on this machine (without it
            # Ray would join that cluster, and refuse `num_cpus` there)
            ray.init(address="local", num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
        started = True
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        task = ray.remote(num_cpus=1)(fn)
        shared_ref = ray.put(shared)
        todo = iter(chunks(workers))
        pending: deque = deque()

        def submit() -> bool:
            chunk = next(todo, None)
            if chunk is None:
                return False
            pending.append(task.remote(shared_ref, chunk))
            return True

        for _ in range(4 * workers):
            if not submit():
                break
        while pending:
            try:
                result = ray.get(pending.popleft())
            except ray.exceptions.RayTaskError as e:
                # the game's own error (an effect that cannot be paid, ...), as `--jobs` raises
                # it: Ray's wrapper would print the worker's whole traceback as its message
                if isinstance(e.cause, Exception):
                    raise e.cause from e         # the worker's traceback stays, for a bug
                raise
            submit()
            yield result
    finally:
        if started:
            ray.shutdown()
