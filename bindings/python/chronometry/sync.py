"""PTP/NTP clock synchronisation (model/ptp, model/ntp, model/servo): the sync study, which runs
PTP or NTP on a simulated network and scores the synchronised clocks against true time
(run_sync_study, its result types and CSV header).

Each study lives in the submodule of the concept it measures (see chronometry.study); the
synchronisation protocols themselves are C++ only, so this submodule holds their study.
"""
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = list(_exports(__name__))
