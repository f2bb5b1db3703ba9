"""chronometry: time across nodes for ns-3. Times are integers in nanoseconds.

The names live in submodules that mirror the model (model/<concept>/):

* ``chronometry.clock``: per-node imperfect clocks;
* ``chronometry.causality``: Lamport, vector, HLC, HVC and replay clocks, and the replay study;
* ``chronometry.latency``: RDA, LDA and FineComb, and the rda study;
* ``chronometry.relation``: clock relation (MinRTT, the fit, NTP-style), the relation studies;
* ``chronometry.scheduling``: OneClock's predictors, and the scheduling study;
* ``chronometry.inference``: WAP5 inference, and the inference study;
* ``chronometry.sync``: the PTP/NTP sync study;
* ``chronometry.study``: running any study by name (run_study, check_study, studies).

``ConfigError`` (a ValueError: an invalid setting of any submodule), ``NS3_VERSION`` and
``__version__`` (chronometry's release, from VERSION) stay here. The flat names of earlier releases (``chronometry.run_sync_study``,
``chronometry.scenario1``) still work for one release with a DeprecationWarning naming the new
place.
"""
from . import _chronometry
from ._chronometry import NS3_VERSION, ConfigError, __version__
from . import causality, clock, inference, latency, relation, scheduling, study, sync
from ._flat import moved as _moved

__all__ = ["ConfigError", "NS3_VERSION", "clock", "causality", "latency", "relation",
           "scheduling", "inference", "sync", "study"]


def __getattr__(name):
    """A flat name of an earlier release (PEP 562): the object at its new place, with a
    DeprecationWarning naming that place."""
    found = _moved(name)
    if found is None:
        raise AttributeError(f"module 'chronometry' has no attribute {name!r}")
    submodule, new = found
    import warnings
    warnings.warn(f"chronometry.{name} is deprecated; use chronometry.{submodule}.{new}",
                  DeprecationWarning, stacklevel=2)
    return getattr(globals()[submodule], new)


def __dir__():
    return sorted(set(globals()) | set(__all__))
