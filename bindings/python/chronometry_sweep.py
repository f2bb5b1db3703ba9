"""One sweep API for every chronometry technique.

A sweep takes a grid (a dict of lists, whose Cartesian product is taken, or a pandas DataFrame
whose rows are the points), runs every point that is not already in the results file through
the technique's scenario runner in parallel worker processes -- local processes, or the workers
of a Dask distributed cluster when a scheduler address (or a ``distributed.Client``) is given --
and returns the finished points as a pandas DataFrame.

Guarantees:

* Every finished point is committed to the SQLite results file at once (one row per point,
  primary key technique + parameters), so an interrupted sweep loses nothing that finished and
  running it again only runs the missing points. No point is ever stored twice.
* A point whose runner raises is stored with status ``error`` and its message; the sweep goes on.
  ``retry_errors=True`` runs the stored errors again.
* A point whose worker process dies (segfault, SIGKILL, out of memory) runs again in a new
  worker; a point that kills its worker ``retries + 1`` times is stored as an error
  ("WorkerDied"). Every local worker runs one point at a time in its own process, so a death
  is always the running point's, and no other point is lost with it.
* Ctrl-C (SIGINT) stops the sweep at once: the points in flight are abandoned (their workers
  killed), the finished ones stay in the file, "N saved, run again to resume" is printed and
  KeyboardInterrupt raised. Workers ignore SIGINT themselves and die with the driver (Linux:
  PR_SET_PDEATHSIG), so a killed driver leaves no process behind.
* For a chronometry study, the whole grid is checked before anything runs (the results file is
  not even opened): every point's keys, the type and range of every value and the study's checks
  across parameters (``chronometry.check_study``, the same as ``run_study``'s); one ValueError
  lists the bad points (the first five and how many) and nothing runs.
* Times are normalised before anything runs: ``delay="8us"``, ``delay=timedelta(microseconds=8)``,
  ``delay=numpy.timedelta64(8, "us")`` and ``delay_ns=8000`` are one point, stored (and keyed
  in the results file) as ``delay_ns=8000``, so a sweep resumes across spellings; a bare number
  under ``delay`` is refused (it has no unit), as on the command line.
* Seeds follow ns-3's convention: the seed (``RngSeed``) stays fixed and independent replications
  differ in the run number (``RngRun``), the ``run`` parameter of every runner; ``replicate``
  adds runs 1..k to every point.

Runners are named ``"module:function"``; the names in ``TECHNIQUES`` are chronometry's studies
(``chronometry.studies()``, run by ``chronometry.run_study``; ``run_<name>_study`` is each one's
alias). A runner takes the point's parameters as keyword arguments, returns a dict of
measurements (JSON-serialisable), and raises ``ValueError`` for invalid parameters.
"""
import importlib
import itertools
import json
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sqlite3
import sys
import threading
import time

__all__ = ["TECHNIQUES", "points", "replicate", "sweep", "load", "write_csv", "run_point",
           "parameters"]

#: Technique name -> scenario runner ("module:function"): every chronometry study (a study
#: declared in C++ appears in chronometry.studies() and needs one line here).
TECHNIQUES = {
    "replay": "chronometry:run_replay_study",  # RepCl/HLC/HVC replay clocks (E, I, delta, alpha)
    "relation": "chronometry:run_relation_study",  # MinRTT vs NTP vs return trip (drift, load)
    "scheduling": "chronometry:run_scheduling_study",  # OneClock scheduled operations (E, delta)
    "inference": "chronometry:run_inference_study",  # WAP5 causal path inference (E, delta, alpha)
    "rda": "chronometry:run_rda_study",  # RDA one-way latency vs LDA, FineComb (loss, E, rate)
}

_SCHEMA = ("CREATE TABLE IF NOT EXISTS runs ("
           " technique TEXT NOT NULL, key TEXT NOT NULL, params TEXT NOT NULL,"
           " status TEXT NOT NULL, error TEXT, result TEXT, started REAL, finished REAL,"
           " worker TEXT, PRIMARY KEY (technique, key))")


def _native(value):
    """numpy/pandas scalars -> plain Python (JSON and pybind11 want them); a numpy.timedelta64
    stays one (its item() is an int for nanoseconds, a timedelta for microseconds)."""
    if getattr(getattr(value, "dtype", None), "kind", None) in ("m", "M"):
        return value
    if hasattr(value, "item") and not isinstance(value, (list, dict, str, bytes)):
        return value.item()
    return value


def points(grid, technique=None):
    """The points of a grid: a dict of lists (Cartesian product), a DataFrame or a list of dicts.

    With a chronometry ``technique`` they are checked and normalised as ``sweep`` does (every
    time as its ``*_ns`` int of nanoseconds); a bad point raises one ValueError listing them."""
    if technique is not None:
        return _checked(technique, points(grid))
    if hasattr(grid, "to_dict") and hasattr(grid, "columns"):  # a pandas DataFrame
        rows = grid.to_dict(orient="records")
    elif isinstance(grid, dict):
        for name, values in grid.items():
            if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
                raise ValueError(f"grid[{name!r}] = {values!r} is invalid; valid: a list of values")
        keys = sorted(grid)
        rows = [dict(zip(keys, combo)) for combo in itertools.product(*(list(grid[k]) for k in keys))]
    elif isinstance(grid, (list, tuple)):
        rows = [dict(p) for p in grid]
    else:
        raise ValueError(f"grid of type {type(grid).__name__} is invalid; valid: dict of lists, "
                         "DataFrame or list of dicts")
    return [{str(k): _native(v) for k, v in row.items()} for row in rows]


def replicate(grid, runs, technique=None):
    """Every point of ``grid`` with run numbers 1..runs (ns-3 RngRun), the seed unchanged; with
    a ``technique``, checked and normalised as by ``points``."""
    if int(runs) < 1:
        raise ValueError(f"runs = {runs} is invalid; valid range: >= 1")
    replicated = [dict(p, run=r) for p in points(grid) for r in range(1, int(runs) + 1)]
    return replicated if technique is None else _checked(technique, replicated)


def key_of(params):
    """The identity of a point: its parameters as canonical JSON."""
    return json.dumps(params, sort_keys=True)


def _resolve(runner):
    spec = TECHNIQUES.get(runner, runner)
    if not isinstance(spec, str) or ":" not in spec:
        raise ValueError(f"technique {runner!r} is invalid; valid: one of {sorted(TECHNIQUES)} "
                         "or 'module:function'")
    return spec


def _call(spec, params):
    module, function = spec.split(":", 1)
    return getattr(importlib.import_module(module), function)(**params)


# ns-3's simulator is one per process and the runners release the GIL while it runs: a worker
# with several threads (a Dask worker started with --nthreads > 1) must still run one point at
# a time, or two simulations share one simulator and the process dies.
_RUN_LOCK = threading.Lock()


def run_point(spec, params):
    """Run one point in a worker; returns (params, result, error, started, finished, worker)."""
    with _RUN_LOCK:
        return _run_point(spec, params)


def _run_point(spec, params):
    started = time.time()
    worker = f"{socket.gethostname()}:{os.getpid()}"
    try:
        result = _call(spec, params)
        json.dumps(result)  # a result that cannot be stored is an error of this point
        return params, result, None, started, time.time(), worker
    except Exception as error:  # recorded with the point; the sweep goes on
        return params, None, f"{type(error).__name__}: {error}", started, time.time(), worker


def _open(db_path):
    directory = os.path.dirname(os.path.abspath(db_path))
    os.makedirs(directory, exist_ok=True)
    db = sqlite3.connect(db_path, timeout=60)
    db.execute("PRAGMA journal_mode=WAL")  # readers (a notebook) never block the writer
    columns = [row[1] for row in db.execute("PRAGMA table_info(runs)")]
    if columns and "technique" not in columns:
        # A results file from before the multi-technique schema: keep its rows aside.
        db.execute("ALTER TABLE runs RENAME TO runs_legacy")
    db.execute(_SCHEMA)
    db.commit()
    return db


def _store(db, technique, outcome):
    params, result, error, started, finished, worker = outcome
    db.execute("INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (technique, key_of(params), json.dumps(params, sort_keys=True),
                "error" if error else "ok", error,
                json.dumps(result) if error is None else None, started, finished, worker))
    db.commit()


class _Progress:
    def __init__(self, enabled, total, technique):
        self.bar = None
        if enabled:
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, desc=f"{technique} sweep", unit="run")
            except ImportError:
                pass

    def update(self):
        if self.bar:
            self.bar.update(1)

    def close(self):
        if self.bar:
            self.bar.close()


def _die_with(parent):
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


def _worker(conn, parent):
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


class _Pool:
    """Worker processes owned by the driver, one point each at a time: a death is the running
    point's (retried, then stored as an error), Ctrl-C kills them all at once."""

    def __init__(self, size):
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

    def submit(self, spec, params):
        process, conn = self.idle.pop() if self.idle else self._start()
        conn.send((spec, params))
        self.busy[conn] = (process, params)

    def free(self):
        return self.size - len(self.busy)

    def wait(self):
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

    def close(self, kill=False):
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


def _run_local(spec, todo, workers, on_done, retries):
    """Local worker processes; a point whose worker dies runs again ``retries`` times."""
    queue = list(reversed(todo))  # pop() takes them in grid order
    deaths = {}
    pool = _Pool(max(1, min(int(workers), len(todo))))
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
                    now = time.time()
                    on_done((params, None, "WorkerDied: the worker process died running this "
                             f"point ({deaths[key]} times)", now, now, None))
    except BaseException:
        pool.close(kill=True)
        raise
    pool.close()


def _chronometry_build():
    """Where this process' chronometry module comes from and the ns-3 release it was built on."""
    import chronometry
    return getattr(chronometry, "NS3_VERSION", None), os.path.abspath(chronometry.__file__)


def _check_workers(client, spec):
    """A chronometry technique must run on the same ns-3 build in every worker as here: a worker
    whose PYTHONPATH finds another build (another ns-3 release) would give other results."""
    if spec.split(":", 1)[0] != "chronometry":
        return
    mine = _chronometry_build()
    for worker, (version, path) in client.run(_chronometry_build).items():
        if version != mine[0]:
            raise ValueError(f"Dask worker {worker} imports chronometry built on ns-3 {version} "
                             f"({path}), this process ns-3 {mine[0]} ({mine[1]}): give the "
                             "workers the same build (PYTHONPATH)")


def _run_dask(spec, todo, scheduler, on_done, retries):
    """The same points on a Dask distributed cluster (address string or Client)."""
    from distributed import Client, as_completed
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        _check_workers(client, spec)
        # pure=False: identical parameters are still distinct tasks (one per point anyway).
        batch = client.map(run_point, [spec] * len(todo), todo, pure=False, retries=retries)
        by_future = dict(zip(batch, todo))
        try:
            for future in as_completed(batch):
                params = by_future[future]
                try:
                    outcome = future.result()
                except Exception as error:  # the worker died more often than retries allow
                    now = time.time()
                    outcome = (params, None, f"WorkerDied: {type(error).__name__}: {error}",
                               now, now, None)
                on_done(outcome)
        except BaseException:
            client.cancel(batch)  # Ctrl-C: the pending points are cancelled on the cluster
            raise
    finally:
        if client is not scheduler:
            client.close()


def _study(technique):
    """(the chronometry module, the study's name) of a technique, or None for another runner."""
    module, function = _resolve(technique).split(":", 1)
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    study = getattr(mod, "STUDY_RUNNERS", {}).get(function)
    return None if study is None else (mod, study)


def parameters(technique):
    """The keywords a technique's runner accepts: a chronometry study's parameter keywords (a
    time's ``delay_ns``, then its ``delay``), plus ``rows``; None for another runner (then nothing
    can be checked in advance)."""
    study = _study(technique)
    if study is None:
        return None
    mod, name = study
    keywords = []
    for p in mod.studies()[name]["parameters"]:
        keywords += [p["keyword"]] + ([p["unit_keyword"]] if p["unit_keyword"] else [])
    return keywords + ["rows"]


#: How many bad points the ValueError of a refused grid shows.
_SHOWN = 5


def _checked(technique, grid_points):
    """The points of a chronometry technique, checked and in canonical form (each time as its
    ``*_ns`` int of nanoseconds), or one ValueError listing the bad points; another runner's
    points as they are. Nothing runs."""
    study = _study(technique)
    if study is None:
        return grid_points
    mod, name = study
    valid = parameters(technique)
    good, bad = [], []
    for index, p in enumerate(grid_points):
        unknown = [key for key in p if key not in valid]
        if unknown:
            bad.append((index, p, f"grid key {unknown[0]!r} is invalid for technique "
                                  f"{technique!r}; valid: {', '.join(valid)}"))
            continue
        keywords = {k: v for k, v in p.items() if k != "rows"}
        try:
            canonical = mod.check_study(name, rows=p.get("rows"), **keywords)
        except (ValueError, TypeError) as error:
            bad.append((index, p, str(error)))
            continue
        if "rows" in p:
            canonical["rows"] = p["rows"]
        good.append(canonical)
    if bad:
        lines = [f"  point {index} {p!r}: {message}" for index, p, message in bad[:_SHOWN]]
        if len(bad) > _SHOWN:
            lines.append(f"  ... and {len(bad) - _SHOWN} more")
        raise ValueError(f"{len(bad)} of {len(grid_points)} points of the grid are invalid for "
                         f"technique {technique!r}; nothing was run:\n" + "\n".join(lines))
    return good


def sweep(technique, grid, db_path, workers=None, scheduler=None, progress=True, limit=None,
          retries=1, retry_errors=False):
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

    Ctrl-C stops at once: finished points stay stored, "N saved, run again to resume" is printed
    on stderr and KeyboardInterrupt is raised.
    """
    spec = _resolve(technique)
    if workers is None:
        workers = os.cpu_count() or 1
    if int(workers) < 1:
        raise ValueError(f"workers = {workers} is invalid; valid range: >= 1")
    if limit is not None and int(limit) < 0:
        raise ValueError(f"limit = {limit} is invalid; valid range: >= 0")
    if int(retries) < 0:
        raise ValueError(f"retries = {retries} is invalid; valid range: >= 0")
    grid_points = _checked(technique, points(grid))  # before anything runs or is opened
    db = _open(db_path)
    saved = [0]
    todo = []
    try:
        query = "SELECT key FROM runs WHERE technique = ?"
        if retry_errors:
            query += " AND status = 'ok'"
        done = {row[0] for row in db.execute(query, (technique,))}
        seen = set(done)
        for p in grid_points:
            if key_of(p) not in seen:  # a grid listing a point twice still runs it once
                seen.add(key_of(p))
                todo.append(p)
        if limit is not None:
            todo = todo[:int(limit)]
        bar = _Progress(progress, len(todo), technique)

        def on_done(outcome):
            _store(db, technique, outcome)
            saved[0] += 1
            bar.update()

        try:
            if todo:
                if scheduler is not None:
                    _run_dask(spec, todo, scheduler, on_done, retries)
                else:
                    _run_local(spec, todo, int(workers), on_done, retries)
        except KeyboardInterrupt:
            bar.close()
            print(f"chronometry_sweep: interrupted; {saved[0]} saved, run again to resume "
                  f"({len(todo) - saved[0]} of {len(todo)} points not run, in {db_path})",
                  file=sys.stderr, flush=True)
            raise
        bar.close()
    finally:
        db.close()
    return load(db_path, technique)


def load(db_path, technique=None):
    """Stored points as a DataFrame: parameters and measurements as columns, plus status/error."""
    import pandas as pd
    db = _open(db_path)
    try:
        query = "SELECT technique, params, status, error, result, finished, worker FROM runs"
        args = ()
        if technique is not None:
            query += " WHERE technique = ?"
            args = (technique,)
        rows = []
        for tech, params, status, error, result, finished, worker in db.execute(
                query + " ORDER BY technique, key", args):
            row = {"technique": tech}
            row.update(json.loads(params))
            row.update({"status": status, "error": error, "finished": finished,
                        "worker": worker})
            if result:
                row.update(json.loads(result))
            rows.append(row)
    finally:
        db.close()
    return pd.DataFrame(rows)


def write_csv(db_path, technique, csv_path, header=None):
    """The ok rows of a technique, written atomically.

    With ``header`` (a runner's CSV header) the rows are the runners' own ``csv_row`` fields
    (or ``csv_rows``, several lines per point, for a runner such as the relation study's), so
    the file matches the C++ example's CSV; otherwise the DataFrame's columns.
    """
    df = load(db_path, technique)
    if not df.empty:
        df = df[df["status"] == "ok"]
    tmp = csv_path + ".tmp"
    if header is not None:
        lines = [header] + (list(df["csv_row"]) if "csv_row" in df else [])
        if "csv_rows" in df:
            lines += [line for rows in df["csv_rows"] for line in rows.splitlines()]
        with open(tmp, "w") as out:
            out.write("\n".join(lines) + "\n")
    else:
        df.drop(columns=[c for c in ("csv_row", "csv_rows") if c in df]).to_csv(tmp, index=False)
    os.replace(tmp, csv_path)
    return len(df)
