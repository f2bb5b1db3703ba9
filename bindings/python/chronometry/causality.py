"""Causality stamps (model/causality): Lamport, vector, hybrid logical (HLC), hybrid vector (HVC)
and replay clocks (RepCl), the execution logs they stamp, and the replay study that scores them
against the vector-clock truth (run_replay_study).
"""
from ._chronometry import (Execution, HybridLogicalClock, HybridVectorClock, LamportClock,
                           ReplayClock, ReplayClockConfig, VectorClock, random_execution)
from ._results import ExecutionEvent, PropertyTally, ReplayCheck
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = ["LamportClock", "VectorClock", "HybridLogicalClock", "HybridVectorClock",
           "ReplayClockConfig", "ReplayClock", "Execution", "random_execution", "ExecutionEvent",
           "ReplayCheck", "PropertyTally"]
__all__ += list(_exports(__name__))
