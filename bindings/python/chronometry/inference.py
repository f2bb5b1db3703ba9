"""WAP5 inference (model/inference): causal links inferred from message traces (latest arrival,
nesting), the per-pair clock fit, trace reconciliation against the truth, the scores and their
intervals, and the inference study (run_inference_study).
"""
from ._chronometry import (fit_pair_clocks, latest_arrival_links, link_trace, mean_interval,
                           nesting_links, reconcile_trace, score_calibration, synthetic_trace,
                           wilson_interval)
from ._results import (CalibrationScore, Interval, LinkInference, LinkScore, PairClockFit, PairFit,
                       Pattern, PatternNode, Reconciliation, ReliabilityBin, SyntheticTrace)
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = ["link_trace", "reconcile_trace", "synthetic_trace", "fit_pair_clocks",
           "latest_arrival_links", "nesting_links", "score_calibration", "mean_interval",
           "wilson_interval", "LinkInference", "LinkScore", "Pattern", "PatternNode", "Reconciliation",
           "SyntheticTrace", "PairClockFit", "PairFit", "CalibrationScore", "ReliabilityBin",
           "Interval"]
__all__ += list(_exports(__name__))
