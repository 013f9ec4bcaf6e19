"""Ray backend of the batch simulation (optional extra `magie[ray]`).

Games go out in chunks, one Ray task per chunk (a task costs about 0.7 ms here, so a task
carries many games); results come back in game order, so the summary is the same as with
`--jobs 1` for the same seed. At most `4 * workers` tasks are in flight at once, which keeps
memory flat however many games are asked. `address` (or the `RAY_ADDRESS` environment
variable, which Ray reads itself) joins a running cluster; otherwise a local Ray is started
with `jobs` CPUs and stopped at the end. See docs/scale.md.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
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


def ray_map(fn: Callable[[Any, list[int]], Any], shared: Any, chunks: Callable[[int], Iterable[list[int]]],
            jobs: int, address: str | None) -> Iterator[Any]:
    """`fn(shared, chunk)` for every chunk of `chunks(workers)` (given the number of CPUs of the
    cluster), run as Ray tasks; results are yielded in chunk order (see the module docstring)."""
    ray = _ray()
    started = False
    if not ray.is_initialized():
        addr = address or os.environ.get("RAY_ADDRESS")
        if addr:
            ray.init(address=addr, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
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
            result = ray.get(pending.popleft())
            submit()
            yield result
    finally:
        if started:
            ray.shutdown()
