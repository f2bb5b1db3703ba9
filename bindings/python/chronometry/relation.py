"""Clock relation (model/relation): how one node's counter maps to another's, from probe rounds
(MinRTT, the set-membership fit over every round, the NTP-style estimator), the durations it
bounds across nodes, the relation graph over N nodes, and the relation studies
(run_relation_study, run_relation_graph_study).

The duration functions are named by where the two ends of the duration are: on one node B
(duration_on_node), one on the reference A (duration_from_reference), on two nodes B and C
chained through B's relation to C (duration_across_nodes), or each translated into A separately
(duration_across_nodes_via_reference, the baseline duration_across_nodes must beat).
"""
from ._chronometry import (DriftWander, DurationEstimate, FitStatus, MinRttRound,
                           MultiRoundRelation, NtpEstimator, RelationGraph, TscRelation,
                           duration_across_nodes, duration_across_nodes_via_reference,
                           duration_from_reference, duration_on_node, select_min_rtt,
                           trivial_duration, tsc_relation_with_wander)
from ._results import GraphDuration, Translation, TriangleCheck
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = ["MinRttRound", "select_min_rtt", "DurationEstimate", "DriftWander", "TscRelation",
           "tsc_relation_with_wander", "trivial_duration", "duration_on_node",
           "duration_from_reference", "duration_across_nodes",
           "duration_across_nodes_via_reference", "FitStatus", "MultiRoundRelation",
           "NtpEstimator", "RelationGraph", "Translation", "GraphDuration", "TriangleCheck"]
__all__ += list(_exports(__name__))
