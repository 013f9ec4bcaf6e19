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
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import MagieError
from .batch import BatchSpec, GameStats, chunk_size, play_chunk

RAY_CHUNK_CAP = 200
"""Most games in one Ray task (bigger than the process pool's: a task costs more)."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise MagieError("--backend ray needs Ray: pip install 'magie[ray]'") from None
    return ray


def ray_stream(specs: Sequence[BatchSpec], n: int, jobs: int, address: str | None
               ) -> Iterator[tuple[GameStats, ...]]:
    """Games 0..n-1 of every spec, in order, played as Ray tasks (see the module docstring)."""
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
        task = ray.remote(num_cpus=1)(play_chunk)
        specs_ref = ray.put(tuple(specs))
        size = chunk_size(n, workers, RAY_CHUNK_CAP)
        starts = iter(range(0, n, size))
        pending: deque = deque()

        def submit() -> bool:
            a = next(starts, None)
            if a is None:
                return False
            pending.append(task.remote(specs_ref, list(range(a, min(n, a + size)))))
            return True

        for _ in range(4 * workers):
            if not submit():
                break
        while pending:
            chunk = ray.get(pending.popleft())
            submit()
            yield from chunk
    finally:
        if started:
            ray.shutdown()
