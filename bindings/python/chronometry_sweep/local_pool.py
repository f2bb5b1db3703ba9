"""The parallel runner on this machine: worker processes owned by the driver, one point each
at a time, so a worker's death (segfault, SIGKILL, out of memory) is always the running point's
(run again ``retries`` times, then stored as "WorkerDied"), and Ctrl-C kills them all at once.
Workers ignore SIGINT (the driver handles it) and die with the driver (Linux:
PR_SET_PDEATHSIG)."""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
from typing import Callable, Dict, List, Optional, Tuple

from .grid import Point, key_of
from .runner import Outcome, run_point, worker_died


def _die_with(parent: int) -> None:
    """In a worker: ignore Ctrl-C (the driver handles it) and die when the driver dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: killed when the driver dies
    except (OSError, AttributeError):  # not Linux: the closed pipe still ends an idle worker
        pass
    if os.getppid() != parent:  # the driver died before prctl took effect
        os._exit(1)


def _worker(conn, parent: int) -> None:
    """A local worker process: runs the points the driver sends, one at a time."""
    _die_with(parent)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        try:
            conn.send(run_point(*message))
        except (BrokenPipeError, OSError):
            break
    os._exit(0)  # no atexit handlers, no flush of the driver's inherited buffers


class WorkerPool:
    """Worker processes owned by the driver, one point each at a time: a death is the running
    point's (retried, then stored as an error), Ctrl-C kills them all at once."""

    def __init__(self, size: int):
        self.size = size
        self.context = multiprocessing.get_context("fork")
        self.busy = {}  # connection -> (process, params)
        self.idle = []  # (process, connection)

    def _start(self):
        parent_end, child_end = self.context.Pipe()
        process = self.context.Process(target=_worker, args=(child_end, os.getpid()),
                                       daemon=True)
        process.start()
        child_end.close()
        return process, parent_end

    def submit(self, spec: str, params: Point) -> None:
        """Send a point to an idle worker (started if none is idle)."""
        process, conn = self.idle.pop() if self.idle else self._start()
        conn.send((spec, params))
        self.busy[conn] = (process, params)

    def free(self) -> int:
        """How many more points can run now."""
        return self.size - len(self.busy)

    def wait(self) -> List[Tuple[Point, Optional[Outcome]]]:
        """Block until a point finishes or a worker dies: [(params, outcome or None)]."""
        waiting = list(self.busy) + [process.sentinel for process, _ in self.busy.values()]
        ready = multiprocessing.connection.wait(waiting)
        done = []
        for conn in list(self.busy):
            process, params = self.busy[conn]
            if conn in ready:
                try:
                    outcome = conn.recv()
                except (EOFError, OSError):
                    outcome = None
                if outcome is not None:
                    del self.busy[conn]
                    self.idle.append((process, conn))
                    done.append((params, outcome))
                    continue
            if conn in ready or process.sentinel in ready:
                if process.is_alive() and conn not in ready:
                    continue
                del self.busy[conn]  # the worker died running this point
                conn.close()
                process.join(timeout=5)
                done.append((params, None))
        return done

    def close(self, kill: bool = False) -> None:
        """Stop the workers: politely when done, at once (SIGKILL) when interrupted."""
        workers = [(process, conn) for conn, (process, _) in self.busy.items()] + self.idle
        for process, conn in workers:
            if kill:
                process.kill()
            else:
                try:
                    conn.send(None)
                except (BrokenPipeError, OSError):
                    process.kill()
        for process, conn in workers:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()
            conn.close()
        self.busy, self.idle = {}, []


def run_local(spec: str, todo: List[Point], workers: int, on_done: Callable[[Outcome], None],
              retries: int) -> None:
    """Run the points in local worker processes, calling ``on_done`` with each outcome as it
    comes; a point whose worker dies runs again ``retries`` times."""
    queue = list(reversed(todo))  # pop() takes them in grid order
    deaths: Dict[str, int] = {}
    pool = WorkerPool(max(1, min(int(workers), len(todo))))
    try:
        while queue or pool.busy:
            while queue and pool.free() > 0:
                pool.submit(spec, queue.pop())
            for params, outcome in pool.wait():
                if outcome is not None:
                    on_done(outcome)
                    continue
                key = key_of(params)
                deaths[key] = deaths.get(key, 0) + 1
                if deaths[key] <= int(retries):
                    queue.append(params)  # again, in a new worker
                else:
                    on_done(worker_died(params, "the worker process died running this "
                                                f"point ({deaths[key]} times)"))
    except BaseException:
        pool.close(kill=True)
        raise
    pool.close()
