"""One sweep API for every chronometry study.

A sweep takes a grid (a dict of lists, whose Cartesian product is taken, or a pandas DataFrame
whose rows are the points), runs every point that is not already in the results file through
the study's runner in parallel worker processes -- local processes, or the workers
of a Dask distributed cluster when a scheduler address (or a ``distributed.Client``) is given --
and returns the finished points as a pandas DataFrame.

Guarantees:

* Every finished point is committed to the SQLite results file at once (one row per point,
  primary key study + parameters), so an interrupted sweep loses nothing that finished and
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
  across parameters (``chronometry.study.check_study``, the same as ``run_study``'s); one ValueError
  lists the bad points (the first five and how many) and nothing runs.
* Times are normalised before anything runs: ``delay="8us"``, ``delay=timedelta(microseconds=8)``,
  ``delay=numpy.timedelta64(8, "us")`` and ``delay_ns=8000`` are one point, stored (and keyed
  in the results file) as ``delay_ns=8000``, so a sweep resumes across spellings; a bare number
  under ``delay`` is refused (it has no unit), as on the command line.
* Seeds follow ns-3's convention: the seed (``RngSeed``) stays fixed and independent replications
  differ in the run number (``RngRun``), the ``run`` parameter of every runner; ``replicate``
  adds runs 1..k to every point (``sweep(..., replications=k)`` too), and ``summarize`` groups
  them back: per point and numeric result, n, mean, sd and the 95% interval's half-width.

Runners are named ``"module:function"``; the names in ``STUDIES`` are chronometry's studies,
every one that ``chronometry.study.studies()`` lists, each run by its ``run_<name>_study`` in the
submodule of its concept (``chronometry.study.runner_of``). A runner takes the point's parameters as keyword
arguments, returns a dict of measurements (JSON-serialisable), and raises ``ValueError`` for
invalid parameters.

The package's modules, each with one role (as SEM's runner, parallel runner and database):

* ``studies``: ``STUDIES``, a study's runner and its keywords;
* ``grid``: a grid's points, replications, a point's key, the whole-grid check;
* ``runner``: one point in a worker, its ``Outcome``;
* ``local_pool``: the parallel runner on this machine (worker processes);
* ``dask_cluster``: the parallel runner on a Dask cluster;
* ``store``: the SQLite results file (save, load, CSV);
* ``driver``: ``sweep``, which puts them together;
* ``summary``: ``summarize``, a sweep's replications as each point's mean, standard deviation
  and 95% confidence interval (Student's t), as the C++ side's ReplicationSummary.

Everything a user calls is here, at the package's top level. The word is "study" throughout
(``STUDIES``, ``sweep(study, ...)``, a DataFrame's ``study`` column); the former "technique"
(``TECHNIQUES``, the module ``techniques``, ``technique=``) still works for one release with a
DeprecationWarning.
"""
from . import dask_cluster, grid, local_pool, runner, store, summary, studies
from .driver import sweep
from .grid import Grid, Point, key_of, points, replicate
from .runner import Outcome, run_point
from .store import load, write_csv
from .summary import summarize
from .studies import STUDIES, parameters

__all__ = ["STUDIES", "points", "replicate", "sweep", "load", "write_csv", "run_point",
           "parameters", "key_of", "summarize", "Outcome", "Grid", "Point"]

# The names these had in the single-file module (tests use them).
_open = store.connect
_chronometry_build = dask_cluster.chronometry_build
_check_workers = dask_cluster.check_workers


#: Former name -> new name, deprecated for one release.
_RENAMED = {"TECHNIQUES": "STUDIES", "techniques": "studies"}


def __getattr__(name):
    """The former names (PEP 562), with a DeprecationWarning naming the new one."""
    if name not in _RENAMED:
        raise AttributeError(f"module 'chronometry_sweep' has no attribute {name!r}")
    import importlib
    import warnings
    warnings.warn(f"chronometry_sweep.{name} is deprecated; use chronometry_sweep."
                  f"{_RENAMED[name]}", DeprecationWarning, stacklevel=2)
    if name == "techniques":
        with warnings.catch_warnings():  # one warning, this one
            warnings.simplefilter("ignore", DeprecationWarning)
            return importlib.import_module(f"{__name__}.techniques")
    return globals()[_RENAMED[name]]
