"""The sweep itself: check the grid, skip the points already stored, run the others on the
local pool or a Dask cluster, store each outcome as it comes, and return the technique's
DataFrame."""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Optional

from . import store
from .dask_cluster import run_dask
from .grid import Grid, checked, key_of, points, replicate
from .local_pool import run_local
from .runner import Outcome
from .techniques import resolve

if TYPE_CHECKING:
    import distributed
    import pandas


class _Progress:
    """A tqdm bar when asked for and tqdm is there; nothing otherwise."""

    def __init__(self, enabled: bool, total: int, technique: str):
        self.bar = None
        if enabled:
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, desc=f"{technique} sweep", unit="run")
            except ImportError:
                pass

    def update(self) -> None:
        if self.bar:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar:
            self.bar.close()


def sweep(technique: str, grid: Grid, db_path: str, workers: Optional[int] = None,
          scheduler: "Optional[str | distributed.Client]" = None, progress: bool = True,
          limit: Optional[int] = None, retries: int = 1,
          retry_errors: bool = False,
          replications: Optional[int] = None) -> "pandas.DataFrame":
    """Run the points of ``grid`` missing from ``db_path``; return the technique's DataFrame.

    technique:    a name in TECHNIQUES or "module:function".
    grid:         a dict of lists, a DataFrame or a list of dicts (see ``points``). For a
                  chronometry study the whole grid is checked first and a bad point refuses it
                  (one ValueError listing them; nothing runs); times are stored as ``*_ns`` ints.
    workers:      local worker processes (default: the machine's cores); ignored with a
                  scheduler.
    scheduler:    a Dask scheduler address ("tcp://host:8786") or a distributed.Client.
    limit:        run at most this many missing points now (the rest on a later call).
    retries:      runs again a point whose worker process died, this many times.
    retry_errors: also run the points stored with status "error" again.
    replications: run every point of the grid this many times, runs 1..replications (ns-3's
                  RngRun; ``replicate(grid, replications)``); the grid then has no ``run``.
                  ``summarize`` gives each point's mean and 95% interval over them.

    Ctrl-C stops at once: finished points stay stored, "N saved, run again to resume" is printed
    on stderr and KeyboardInterrupt is raised.
    """
    spec = resolve(technique)
    if workers is None:
        workers = os.cpu_count() or 1
    if int(workers) < 1:
        raise ValueError(f"workers = {workers} is invalid; valid range: >= 1")
    if limit is not None and int(limit) < 0:
        raise ValueError(f"limit = {limit} is invalid; valid range: >= 0")
    if int(retries) < 0:
        raise ValueError(f"retries = {retries} is invalid; valid range: >= 0")
    grid_points = points(grid)
    if replications is not None:
        given = [p for p in grid_points if "run" in p]
        if given:
            raise ValueError(f"replications = {replications} with a grid that gives run "
                             f"({given[0]!r}) is invalid; valid: runs in the grid or "
                             "replications, not both")
        grid_points = replicate(grid_points, replications)
    grid_points = checked(technique, grid_points)  # before anything runs or is opened
    db = store.connect(db_path)
    saved = [0]
    todo = []
    try:
        seen = store.finished_keys(db, technique, retry_errors)
        for p in grid_points:
            if key_of(p) not in seen:  # a grid listing a point twice still runs it once
                seen.add(key_of(p))
                todo.append(p)
        if limit is not None:
            todo = todo[:int(limit)]
        bar = _Progress(progress, len(todo), technique)

        def on_done(outcome: Outcome) -> None:
            store.save(db, technique, outcome)
            saved[0] += 1
            bar.update()

        try:
            if todo:
                if scheduler is not None:
                    run_dask(spec, todo, scheduler, on_done, retries)
                else:
                    run_local(spec, todo, int(workers), on_done, retries)
        except KeyboardInterrupt:
            bar.close()
            print(f"chronometry_sweep: interrupted; {saved[0]} saved, run again to resume "
                  f"({len(todo) - saved[0]} of {len(todo)} points not run, in {db_path})",
                  file=sys.stderr, flush=True)
            raise
        bar.close()
    finally:
        db.close()
    return store.load(db_path, technique)
