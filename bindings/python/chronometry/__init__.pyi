# The names of chronometry, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
chronometry: time across nodes for ns-3. Times are integers in nanoseconds.

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
``__version__`` (chronometry's release, from VERSION) stay here. The flat names of earlier releases
(``chronometry.run_sync_study``,
``chronometry.scenario1``) still work for one release with a DeprecationWarning naming the new
place.
"""

from . import clock as clock
from . import causality as causality
from . import latency as latency
from . import relation as relation
from . import scheduling as scheduling
from . import inference as inference
from . import sync as sync
from . import study as study

class ConfigError(ValueError):
    ...

NS3_VERSION: int
