"""The dicts the compiled functions return, as TypedDicts: each lists every key and its type.

Each is importable from the submodule of the function that returns it
(``chronometry.latency.LatencyAggregate``); the stubs annotate the functions with them. A key
present only under a condition (a score only when the truth is given) is ``NotRequired``.
bindings/tests/test_typed_results.py calls every function and checks that the keys (and their
values' types) it returns are these, so they cannot drift from the C++ side.
"""
from typing import Dict, List, NotRequired, Optional, Tuple, TypedDict

# chronometry.causality


class PropertyTally(TypedDict):
    """One property of the replay checker: the pairs it applies to, how many violate it, and a
    few violating pairs of event ids."""
    applicable: int
    violations: int
    examples: List[Tuple[int, int]]


class ExecutionEvent(TypedDict):
    """One event of an Execution (Execution.event): its process, kind, true and physical time,
    message and peer (-1 for a local event), its vector clock and the sizes of its stamps."""
    id: int
    process: int
    kind: str
    true_ns: int
    pt_ns: int
    message: int
    peer: int
    vector: List[int]
    repcl_theta: int
    repcl_bits: int
    hvc_active: int


class ReplayCheck(TypedDict):
    """Execution.check: the replay checker's tallies of every property against the vector-clock
    truth, the forced (capped) stamps per clock, and a one-line summary."""
    events: int
    pairs: int
    sampled: bool
    concurrent_pairs: int
    repcl_hb: PropertyTally
    repcl_far: PropertyTally
    repcl_far_thesis: PropertyTally
    repcl_far_2e: PropertyTally
    repcl_close: PropertyTally
    repcl_close_thesis: PropertyTally
    repcl_only_if_justified: PropertyTally
    hlc_hb: PropertyTally
    hvc_hb: PropertyTally
    hvc_only_if: PropertyTally
    repcl_forced: int
    hvc_forced: int
    hlc_forced: int
    summary: str


# chronometry.relation


class Translation(TypedDict):
    """RelationGraph.translate: whether a chain was found, its path, the translated tick as base
    + offset within +-bound (and the tightened one), the intervals intersected and whether they
    agreed."""
    found: bool
    path: List[int]
    base: int
    offset: float
    bound: float
    tight_base: int
    tight_offset: float
    tight_bound: float
    intervals: int
    consistent: bool


class GraphDuration(TypedDict):
    """RelationGraph.duration: a duration between ticks of two nodes, in the reference's ticks,
    within +-bound."""
    found: bool
    value: float
    bound: float
    consistent: bool


class TriangleCheck(TypedDict):
    """RelationGraph.check_triangles: the triangles checked and the (a, b, c) whose relations
    disagree."""
    checked: int
    flagged: List[Tuple[int, int, int]]


# chronometry.scheduling


class PredictorError(TypedDict):
    """One predictor's errors over a series (predicted - measured ETE, ns)."""
    count: int
    mae_ns: float
    rmse_ns: float
    bias_ns: float
    p99_abs_ns: float
    max_abs_ns: float


PredictorEvaluation = TypedDict("PredictorEvaluation", {
    "Baseline": PredictorError,
    "Average": PredictorError,
    "FtAverage": PredictorError,
    "Kalman": PredictorError,
    "LastSample": PredictorError,
    "WindowMedian": PredictorError,
    "Calibrated": PredictorError,
    "LevelOracle": NotRequired[PredictorError],
})
PredictorEvaluation.__doc__ = ("evaluate_predictors: the errors of every predictor, by name "
                               "(LevelOracle only when the levels are given).")


class ServerType(TypedDict):
    """One server type of server_types(): its name, platform, description, mean service time
    and its ServiceTimeModel attributes (name -> value as a string)."""
    name: str
    platform: str
    description: str
    mean_ns: int
    attributes: Dict[str, str]


class ServiceSeries(TypedDict):
    """draw_service_series: the ETEs, their true levels (the oracle) and, per draw, whether it
    had a spike, the degraded regime or the cold penalty."""
    ete_ns: List[int]
    level_ns: List[int]
    spike: List[bool]
    degraded: List[bool]
    cold: List[bool]


# chronometry.inference


class SyntheticTrace(TypedDict):
    """synthetic_trace: one entry per message (traced times, ports, true parent, true call
    each return answers, true times), and per node its clock drift and offset."""
    senders: List[int]
    receivers: List[int]
    send_ts: List[int]
    recv_ts: List[int]
    sender_port: List[int]
    receiver_port: List[int]
    true_parent: List[int]
    true_call_of: List[int]
    clock_drift: List[float]
    true_send: List[int]
    true_recv: List[int]
    clock_offsets: List[int]


class Reconciliation(TypedDict):
    """reconcile_trace: one record per message, with its traced and true times."""
    message_id: List[int]
    senders: List[int]
    receivers: List[int]
    send_ts: List[int]
    recv_ts: List[int]
    true_send: List[int]
    true_recv: List[int]


class ReliabilityBin(TypedDict):
    """One bin of a reliability diagram: the predicted probabilities in [lower, upper), how
    many, their mean and the observed frequency."""
    lower: float
    upper: float
    count: int
    mean_predicted: float
    observed: float


class CalibrationScore(TypedDict):
    """score_calibration: log-loss, Brier score, expected and largest calibration error, the
    top-label ECE and the reliability bins."""
    choices: int
    predictions: int
    true_outside: int
    log_loss: float
    brier: float
    ece: float
    max_bin_error: float
    top_label_ece: float
    reliability: List[ReliabilityBin]
    top_label_reliability: List[ReliabilityBin]


class LinkScore(TypedDict):
    """The score of inferred links against the true parents (precision, recall, decisions,
    patterns, calibration); the WAP5-only fields are absent from the baselines' scores."""
    precision: float
    recall: float
    decision_accuracy: float
    true_links: int
    inferred_links: int
    correct_links: int
    mean_true_probability: NotRequired[float]
    pattern_precision: float
    pattern_recall: float
    map_pattern_precision: NotRequired[float]
    map_pattern_recall: NotRequired[float]
    pattern_node_delay_error: NotRequired[float]
    calibration: CalibrationScore


class PatternNode(TypedDict):
    """One node of a causal pattern: its message's ends, its parent and its delays."""
    sender: int
    receiver: int
    parent: int
    node_delay_ns: float
    network_delay_ns: float


class Pattern(TypedDict):
    """A causal pattern WAP5 found: its signature, expected and counted instances, its nodes."""
    signature: str
    expected_count: float
    instances: int
    map_count: int
    max_probability: float
    nodes: List[PatternNode]


class LinkInference(TypedDict):
    """link_trace, latest_arrival_links, nesting_links: per message its most likely parent (-1:
    spontaneous), spontaneity and candidate parents (parent, probability, delay ns); the roots;
    WAP5's delays, clock offsets, instances and patterns (link_trace only), the calls each
    return answers (nesting_links only) and, with the truth, the score."""
    most_likely: List[int]
    spontaneous: List[float]
    parents: List[List[Tuple[int, float, int]]]
    mean_delay_ns: NotRequired[Dict[Tuple[int, int], int]]
    clock_offset_ns: NotRequired[Dict[Tuple[int, int], int]]
    roots: List[int]
    instances: NotRequired[int]
    patterns: NotRequired[List[Pattern]]
    call_of: NotRequired[List[int]]
    score: NotRequired[LinkScore]


class PairFit(TypedDict):
    """One pair's fitted clock: its offset at reference_ns, its rate and how many messages."""
    reference_ns: int
    offset_ns: int
    rate: float
    points: int


class PairClockFit(TypedDict):
    """fit_pair_clocks: the fit of every (a, b) pair, and each message's corrected delay."""
    pairs: Dict[Tuple[int, int], PairFit]
    network_delay_ns: List[float]


class Interval(TypedDict):
    """mean_interval, wilson_interval: n, mean, standard deviation and the interval."""
    n: int
    mean: float
    stddev: float
    lower: float
    upper: float
    level: float


# chronometry.latency


class LatencyAggregate(TypedDict):
    """rda_aggregate, lda_aggregate, finecomb_aggregate: the mean latency and its variance over
    the usable packets, whether each is valid, and what was usable."""
    valid: bool
    mean_ns: float
    variance_ns2: float
    std_ns: float
    std_valid: bool
    useful_packets: float
    useful_buckets: int
    pairs: int


class DifferenceEstimate(TypedDict):
    """estimate_difference_with_error: the estimated set difference, its standard error and
    the upper bound at z standard errors."""
    d_hat: float
    std_err: float
    upper: float



class RdaTransition(TypedDict):
    """rda_transition: one point of Figure 7/8, RDA against LDA and FineComb at a difference."""
    difference: int
    decoded_fraction: float
    rda_mean_rel_err: float
    rda_std_rel_err: float
    rda_useful_fraction: float
    lda_mean_rel_err: float
    lda_std_rel_err: float
    fc_mean_rel_err: float
    fc_std_rel_err: float
    trials: int


class RdaLayout(TypedDict):
    """rda_layout: a layout's exact, detected-failed and undetected-failed decodes of trials."""
    banks: int
    checksum: bool
    buckets_per_bank: int
    trials: int
    exact: int
    detected: int
    undetected: int


class DecodeCost(TypedDict):
    """decode_cost: Figure 6's CPU seconds of RDA and FineComb (brute force, bucketed)."""
    problematic: int
    stash_size: int
    rda_cpu_s: float
    finecomb_brute_cpu_s: float
    finecomb_bucketed_cpu_s: float
    brute_subsets: int
    bucketed_subsets: int
    rda_decoded: bool


# chronometry.study


class StudyParameter(TypedDict):
    """One parameter of a study: its keyword (and a time's unit keyword), Attribute, the
    keywords it had before, type, default, range, unit and help."""
    keyword: str
    unit_keyword: Optional[str]
    attribute: str
    deprecated_keywords: List[str]
    type: str
    default: object
    range: str
    unit: str
    help: str


class StudyField(TypedDict):
    """One result field of a study: name, type, unit, help, whether it keys a row and whether
    the CSV has it."""
    name: str
    type: str
    unit: str
    help: str
    key: bool
    csv: bool


class StudyRows(TypedDict):
    """A study's rows: their name in the result, their fields, whether the CSV has a line per
    row, and the filter of the rows it has."""
    name: str
    fields: List[StudyField]
    in_csv: bool
    csv_filter: str


class StudyDescription(TypedDict):
    """One study of studies(): its TypeId, help, parameters, summary fields, rows (None for a
    study without) and CSV header."""
    type_id: str
    help: str
    parameters: List[StudyParameter]
    summary: List[StudyField]
    rows: Optional[StudyRows]
    csv_header: str


#: What each compiled function or method that returns a dict returns, by its place
#: ("<submodule>.<function>" or "<submodule>.<Class>.<method>"): the stubs write this type for
#: its bare ``dict``. check_study returns the keywords it was given, canonicalised, so it stays
#: a Dict[str, Any]; run_study's overloads (one per study) carry each study's result type.
RETURNS = {
    "causality.Execution.event": "ExecutionEvent",
    "causality.Execution.check": "ReplayCheck",
    "relation.RelationGraph.translate": "Translation",
    "relation.RelationGraph.duration": "GraphDuration",
    "relation.RelationGraph.check_triangles": "TriangleCheck",
    "scheduling.evaluate_predictors": "PredictorEvaluation",
    "scheduling.draw_service_series": "ServiceSeries",
    "scheduling.server_types": "List[ServerType]",
    "inference.link_trace": "LinkInference",
    "inference.latest_arrival_links": "LinkInference",
    "inference.nesting_links": "LinkInference",
    "inference.reconcile_trace": "Reconciliation",
    "inference.synthetic_trace": "SyntheticTrace",
    "inference.fit_pair_clocks": "PairClockFit",
    "inference.score_calibration": "CalibrationScore",
    "inference.mean_interval": "Interval",
    "inference.wilson_interval": "Interval",
    "latency.rda_aggregate": "LatencyAggregate",
    "latency.lda_aggregate": "LatencyAggregate",
    "latency.finecomb_aggregate": "LatencyAggregate",
    "latency.estimate_difference_with_error": "DifferenceEstimate",
    "latency.rda_transition": "RdaTransition",
    "latency.rda_layout": "RdaLayout",
    "latency.decode_cost": "DecodeCost",
    "study.studies": "Dict[str, StudyDescription]",
    "study.check_study": "Dict[str, Any]",
    "study.run_study": "Dict[str, Any]",
}


def _place():
    """Each TypedDict's __module__: the submodule that exports it (help() and the stubs name it
    there)."""
    homes = {
        "causality": ("PropertyTally", "ExecutionEvent", "ReplayCheck"),
        "relation": ("Translation", "GraphDuration", "TriangleCheck"),
        "scheduling": ("PredictorError", "PredictorEvaluation", "ServerType", "ServiceSeries"),
        "inference": ("SyntheticTrace", "Reconciliation", "ReliabilityBin", "CalibrationScore",
                      "LinkScore", "PatternNode", "Pattern", "LinkInference", "PairFit",
                      "PairClockFit", "Interval"),
        "latency": ("LatencyAggregate", "DifferenceEstimate", "RdaTransition", "RdaLayout",
                    "DecodeCost"),
        "study": ("StudyParameter", "StudyField", "StudyRows", "StudyDescription"),
    }
    for home, names in homes.items():
        for name in names:
            globals()[name].__module__ = f"chronometry.{home}"


_place()
