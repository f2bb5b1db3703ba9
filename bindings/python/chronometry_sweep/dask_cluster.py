"""The parallel runner on a Dask distributed cluster (a scheduler address or a
``distributed.Client``): the same points and outcomes as the local runner, each worker checked
first to import the same chronometry build (the same ns-3 release) as this process."""
from __future__ import annotations

import os
from typing import Any, Callable, List, Optional, Tuple

from .grid import Point
from .runner import Outcome, run_point, worker_died


def chronometry_build() -> Tuple[Optional[int], str]:
    """Where this process' chronometry package comes from (its compiled module) and the ns-3
    release it was built on."""
    import chronometry
    compiled = getattr(chronometry, "_chronometry", chronometry)  # a build before the package
    return getattr(chronometry, "NS3_VERSION", None), os.path.abspath(compiled.__file__)


def check_workers(client: Any, spec: str) -> None:
    """A chronometry study must run on the same ns-3 build in every worker as here: a worker
    whose PYTHONPATH finds another build (another ns-3 release) would give other results."""
    module = spec.split(":", 1)[0]
    if module != "chronometry" and not module.startswith("chronometry."):
        return
    mine = chronometry_build()
    for worker, (version, path) in client.run(chronometry_build).items():
        if version != mine[0]:
            raise ValueError(f"Dask worker {worker} imports chronometry built on ns-3 {version} "
                             f"({path}), this process ns-3 {mine[0]} ({mine[1]}): give the "
                             "workers the same build (PYTHONPATH)")


def run_dask(spec: str, todo: List[Point], scheduler: Any, on_done: Callable[[Outcome], None],
             retries: int) -> None:
    """Run the points on a Dask cluster, calling ``on_done`` with each outcome as it comes; Dask
    runs a point again when its worker dies, ``retries`` times. Ctrl-C cancels the pending
    points on the cluster."""
    from distributed import Client, as_completed
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        check_workers(client, spec)
        # pure=False: identical parameters are still distinct tasks (one per point anyway).
        batch = client.map(run_point, [spec] * len(todo), todo, pure=False, retries=retries)
        by_future = dict(zip(batch, todo))
        try:
            for future in as_completed(batch):
                params = by_future[future]
                try:
                    outcome = future.result()
                except Exception as error:  # the worker died more often than retries allow
                    outcome = worker_died(params, f"{type(error).__name__}: {error}")
                on_done(outcome)
        except BaseException:
            client.cancel(batch)  # Ctrl-C: the pending points are cancelled on the cluster
            raise
    finally:
        if client is not scheduler:
            client.close()
