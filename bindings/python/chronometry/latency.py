"""Latency measurement (model/latency): the Reconcilable Difference Aggregator (RDA), the Lossy
Difference Aggregator (LDA) and FineComb, their sketches, aggregation and sizing, the
late-binding interval cache, and the RDA study (run_rda_study).
"""
from ._chronometry import (FineCombSketch, LatencyIntervalCache, LdaSketch, RdaSketch,
                           buckets_for_target, decode_cost, estimate_difference,
                           estimate_difference_with_error, exact_difference, finecomb_aggregate,
                           lda_aggregate, rda_aggregate, rda_layout, rda_repair, rda_transition)
from ._results import DecodeCost, DifferenceEstimate, LatencyAggregate, RdaLayout, RdaTransition
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = ["RdaSketch", "rda_repair", "rda_aggregate", "LdaSketch", "lda_aggregate",
           "FineCombSketch", "finecomb_aggregate", "LatencyIntervalCache", "estimate_difference",
           "exact_difference", "estimate_difference_with_error", "buckets_for_target",
           "rda_transition", "rda_layout", "decode_cost", "LatencyAggregate",
           "DifferenceEstimate", "RdaTransition", "RdaLayout",
           "DecodeCost"]
__all__ += list(_exports(__name__))
