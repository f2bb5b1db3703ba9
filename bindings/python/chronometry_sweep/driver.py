"""The sweep itself: check the grid, skip the points already stored, run the others on the
local pool or a Dask cluster, store each outcome as it comes, and return the study's
DataFrame."""
from __future__ import annotations

import math
import os
import sys
from typing import TYPE_CHECKING, Optional

from . import store
from .dask_cluster import run_dask
from .grid import Grid, checked, key_of, points, replicate
from .local_pool import run_local
from .runner import Outcome
from .studies import renamed_keyword, resolve, study_of

if TYPE_CHECKING:
    import distributed
    import pandas


def estimate(study: str, todo: list) -> Optional[list]:
    """Each point's estimated simulator events (chronometry.study.estimate_study_events), or None
    when the study is not a chronometry study or a point's cost is unknown."""
    found = study_of(study)
    if found is None or not hasattr(found[0], "estimate_study_events"):
        return None
    mod, name = found
    events = [mod.estimate_study_events(name, **{k: v for k, v in p.items() if k != "rows"})
              for p in todo]
    return None if any(math.isnan(e) for e in events) else events


def describe_plan(study: str, todo: list, events: Optional[list]) -> str:
    """"sync: 12 points, about 3 min 20 s (21.4 M simulator events estimated)"."""
    text = f"{study}: {len(todo)} point{'s' if len(todo) != 1 else ''}"
    if events is None:
        return text + ", cost unknown until the first point finishes"
    from chronometry import study as registry
    seconds = sum(events) * registry.SECONDS_PER_EVENT_PRIOR
    return (text + f", about {_duration(seconds)} ({sum(events) / 1e6:.4g} M simulator events "
            "estimated; the bar's ETA weighs each point by its estimate)")


def _duration(seconds: float) -> str:
    s = int(round(max(seconds, 0)))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {(s % 3600) // 60} min"


class _Progress:
    """A tqdm bar when asked for and tqdm is there; nothing otherwise. With estimated costs
    the bar counts estimated events, so its ETA weighs a loaded point as it should."""

    def __init__(self, enabled: bool, total: int, study: str,
                 weights: Optional[dict] = None):
        self.bar = None
        self.weights = weights
        if enabled:
            try:
                from tqdm import tqdm
                if weights:
                    self.bar = tqdm(total=sum(weights.values()), desc=f"{study} sweep",
                                    unit="event", unit_scale=True)
                else:
                    self.bar = tqdm(total=total, desc=f"{study} sweep", unit="run")
            except ImportError:
                pass

    def update(self, params: Optional[dict] = None) -> None:
        if self.bar:
            step = 1
            if self.weights and params is not None:
                step = self.weights.get(key_of(params), 0)
            self.bar.update(step)

    def close(self) -> None:
        if self.bar:
            self.bar.close()


@renamed_keyword
def sweep(study: str, grid: Grid, db_path: str, workers: Optional[int] = None,
          scheduler: "Optional[str | distributed.Client]" = None, progress: bool = True,
          limit: Optional[int] = None, retries: int = 1,
          retry_errors: bool = False,
          replications: Optional[int] = None) -> "pandas.DataFrame":
    """Run the points of ``grid`` missing from ``db_path``; return the study's DataFrame.

    study:    a name in STUDIES or "module:function".
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
    spec = resolve(study)
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
    grid_points = checked(study, grid_points)  # before anything runs or is opened
    db = store.connect(db_path)
    saved = [0]
    todo = []
    try:
        seen = store.finished_keys(db, study, retry_errors)
        for p in grid_points:
            if key_of(p) not in seen:  # a grid listing a point twice still runs it once
                seen.add(key_of(p))
                todo.append(p)
        if limit is not None:
            todo = todo[:int(limit)]
        events = estimate(study, todo) if todo else None
        weights = None
        if progress and todo:
            print(describe_plan(study, todo, events), file=sys.stderr, flush=True)
            if events is not None:
                weights = {key_of(p): e for p, e in zip(todo, events)}
        bar = _Progress(progress, len(todo), study, weights)

        def on_done(outcome: Outcome) -> None:
            store.save(db, study, outcome)
            saved[0] += 1
            bar.update(outcome.params)

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
    return store.load(db_path, study)
