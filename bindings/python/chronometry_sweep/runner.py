"""One point, run where it is sent (a local worker process or a Dask worker): ``run_point``
calls the study's runner and returns the point's ``Outcome``, an error included."""
from __future__ import annotations

import importlib
import json
import os
import socket
import threading
import time
from typing import Any, Dict, NamedTuple, Optional

from .grid import Point


class Outcome(NamedTuple):
    """What running one point gave: stored as one row of the results file."""

    params: Point  #: the point's parameters (canonical form)
    result: Optional[Dict[str, Any]]  #: the runner's measurements; None when it failed
    error: Optional[str]  #: "<Exception>: <message>" (or "WorkerDied: ..."); None when it ran
    started: float  #: time.time() when it started
    finished: float  #: time.time() when it finished
    worker: Optional[str]  #: "host:pid" of the process that ran it; None if none finished it


def call(spec: str, params: Point) -> Any:
    """Call runner ``spec`` ("module:function") with the point's parameters."""
    module, function = spec.split(":", 1)
    return getattr(importlib.import_module(module), function)(**params)


# ns-3's simulator is one per process and the runners release the GIL while it runs: a worker
# with several threads (a Dask worker started with --nthreads > 1) must still run one point at
# a time, or two simulations share one simulator and the process dies.
_RUN_LOCK = threading.Lock()


def run_point(spec: str, params: Point) -> Outcome:
    """Run one point in a worker; a runner's exception is the outcome's error."""
    with _RUN_LOCK:
        return _run_point(spec, params)


def _run_point(spec: str, params: Point) -> Outcome:
    started = time.time()
    worker = f"{socket.gethostname()}:{os.getpid()}"
    try:
        result = call(spec, params)
        json.dumps(result)  # a result that cannot be stored is an error of this point
        return Outcome(params, result, None, started, time.time(), worker)
    except Exception as error:  # recorded with the point; the sweep goes on
        return Outcome(params, None, f"{type(error).__name__}: {error}", started, time.time(),
                       worker)


def worker_died(params: Point, message: str) -> Outcome:
    """The outcome of a point whose worker died more often than the sweep retries it."""
    now = time.time()
    return Outcome(params, None, f"WorkerDied: {message}", now, now, None)
