# The names of chronometry.inference, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
WAP5 inference (model/inference): causal links inferred from message traces (latest arrival,
nesting), the per-pair clock fit, trace reconciliation against the truth, the scores and their
intervals, and the inference study (run_inference_study).
"""

import datetime
import numpy
from typing import Dict, List, NotRequired, Optional, Tuple, TypedDict, Union

def link_trace(
    senders: List[int],
    receivers: List[int],
    send_ts: List[Optional[int]],
    recv_ts: List[Optional[int]],
    *,
    true_parent: Optional[List[int]] = None,
    **kwargs,
) -> LinkInference:
    """
    WAP5 message linking on a reconciled trace.

    Parameters
    ----------
    senders : list of int
        Each message's sending node.
    receivers : list of int
        Each message's receiving node.
    send_ts : list of int or None
        Each message's send time on the sender's clock, ns (None: not traced).
    recv_ts : list of int or None
        Each message's receive time on the receiver's clock, ns (None: not traced).
    true_parent : list of int or None, default None
        Each message's true parent (index, or -1 for a spontaneous one): the result then has a
    'score' (links, patterns, calibration).
    **kwargs
        The linker's settings, from ns3::MessageLinkingAnalyzer's Attributes:

        window_ns (default 2000000000; [1ns, 24h]): x: longest causal delay considered (above the
    longest real node delay).
        spontaneous (default 4; [0, 1000]): y: spontaneity weighs as a delay of y times the pair's
    mean delay d (dimensionless).
        try_both_band (default 0.2; [0, 0.5]): Links with |p - 0.5| <= band are tried both ways
    (probability).
        try_most_likely (default true): A child's most likely parent is always tried both ways
    (paper).
        max_try_both (default 4; [0, 20]): k: try-both decisions per root (at most 2^k instances per
    root).
        max_candidates (default 16; [1, 1000000]): Most recent candidate parents kept per message.
        delay_model (default PerChildPair): PerChildPair: one mean delay d per child pair B->C,
    shared by every candidate (the paper; the most likely parent is always the latest arrival).
    PerParentPair: one d per (X->B, B->C), candidates weighed by the exponential density (an
    extension).
        iterations (default 0; [0, 100]): Rounds of re-estimating d from the link probabilities and
    weighing again (the paper: 0).

    Returns
    -------
    LinkInference
        Per message its most likely parent, spontaneity and candidate parents; the pair delays and
    clock offsets, the patterns and, with the truth, the score.

    Raises
    ------
    ValueError
        Columns of different lengths, an unknown keyword or a setting out of range.
    """
    ...

def reconcile_trace(
    process: List[int],
    kind: List[str],
    message_id: List[int],
    peer: List[int],
    pt: List[int],
    true_time: List[int],
    traced: Optional[List[bool]] = None,
) -> Reconciliation:
    """
    One record per message from a causality log's columns (one entry per event).

    Parameters
    ----------
    process : list of int
        Each event's process.
    kind : list of str
        Each event's kind: 'send', 'receive' or 'local'.
    message_id : list of int
        Each event's message (ignored for a local event).
    peer : list of int
        Each event's peer process.
    pt : list of int
        Each event's reading of its node's clock, ns.
    true_time : list of int
        Each event's true time, ns.
    traced : list of bool or None, default None
        Per process, whether it is traced (an untraced side's time is None); None: all are.

    Returns
    -------
    Reconciliation
        Per message its ends, their traced times and their true times.

    Raises
    ------
    ValueError
        An unknown kind, or columns of different lengths.
    """
    ...

def synthetic_trace(
    clients: int = 4,
    backends: int = 3,
    rate: float = 10.0,
    poisson: bool = True,
    duration_ns: int = 10000000000,
    network_delay_ns: int = 1000000,
    network_jitter_ns: int = 0,
    front_end_service_ns: int = 2000000,
    backend_service_ns: int = 5000000,
    lookup_service_ns: int = 1000000,
    lookup_probability: float = 0.5,
    clock_offset_ns: int = 50000000,
    seed: int = 1,
    front_end_reply_service_ns: int = 0,
    backend_reply_service_ns: int = 0,
    clock_drift_ppm: float = 0.0,
) -> SyntheticTrace:
    """
    A simulator-free multi-tier trace with its true parents and true call/return pairs.

    Clients call a front end, which calls back ends (and a lookup with some probability); every
    node's clock has its own offset (and drift). The reply services (0: the step's own) give
    candidates with different delays.

    Parameters
    ----------
    clients : int, default 4
        Clients, in [1, 10000].
    backends : int, default 3
        Back ends.
    rate : float, default 10.0
        Requests per second per client.
    poisson : bool, default True
        Exponential gaps between requests (False: fixed 1/rate).
    duration_ns : int, default 10000000000
        The trace's length, ns.
    network_delay_ns : int, default 1000000
        One-way network delay, ns.
    network_jitter_ns : int, default 0
        Extra delay, uniform in [0, jitter], ns.
    front_end_service_ns : int, default 2000000
        The front end's service time, ns.
    backend_service_ns : int, default 5000000
        A back end's service time, ns.
    lookup_service_ns : int, default 1000000
        The lookup's service time, ns.
    lookup_probability : float, default 0.5
        The probability that a request does a lookup.
    clock_offset_ns : int, default 50000000
        The largest |clock offset| of a node, ns.
    seed : int, default 1
        The random stream's seed.
    front_end_reply_service_ns : int, default 0
        The front end's service before a reply, ns (0: its own service time).
    backend_reply_service_ns : int, default 0
        A back end's service before a reply, ns (0: its own service time).
    clock_drift_ppm : float, default 0.0
        The largest |clock drift|, ppm.

    Returns
    -------
    SyntheticTrace
        The messages with their traced and true times, true parents and call pairs, and every
        node's clock offset and drift.

    Raises
    ------
    ValueError
        A value out of range (ConfigError).
    """
    ...

def fit_pair_clocks(
    senders: List[int],
    receivers: List[int],
    send_ts: List[Optional[int]],
    recv_ts: List[Optional[int]],
    segments: int = 1,
) -> PairClockFit:
    """
    Pairwise clock offsets (segments = 1: the paper's constant offset) or offsets and rates
    (segments > 1) under symmetric delays, and each message's corrected network delay.

    Parameters
    ----------
    senders : list of int
        Each message's sending node.
    receivers : list of int
        Each message's receiving node.
    send_ts : list of int or None
        Each message's send time on the sender's clock, ns (None: the sender is not traced).
    recv_ts : list of int or None
        Each message's receive time on the receiver's clock, ns (None: not traced).
    segments : int, default 1
        Segments of the trace, each fitted on its own (1: one offset per pair), in [1, 1e6].

    Returns
    -------
    PairClockFit
        Each pair's fit and each message's corrected delay.

    Raises
    ------
    ValueError
        A segment count out of range or columns of different lengths (ConfigError).
    """
    ...

def latest_arrival_links(
    senders: List[int],
    receivers: List[int],
    send_ts: List[Optional[int]],
    recv_ts: List[Optional[int]],
    window_ns: int = 2000000000,
    y: float = 0.0,
    true_parent: Optional[List[int]] = None,
) -> LinkInference:
    """
    The latest-arrival baseline: each message's parent is the latest message into its sender
    within window_ns (and, with y > 0, within y times the pair's mean delay); probability 1.

    Parameters
    ----------
    senders : list of int
        Each message's sending node.
    receivers : list of int
        Each message's receiving node.
    send_ts : list of int or None
        Each message's send time on the sender's clock, ns (None: the sender is not traced).
    recv_ts : list of int or None
        Each message's receive time on the receiver's clock, ns (None: not traced).
    window_ns : int, default 2000000000
        The longest causal delay considered x, ns, in [1ns, 24h].
    y : float, default 0.0
        With y > 0, a parent later than y d is no parent (WAP5's spontaneity rule).
    true_parent : list of int or None, default None
        Each message's true parent (index, or -1 for a spontaneous one): the result is scored.

    Returns
    -------
    LinkInference
        Per message its most likely parent, spontaneity and candidates, the roots, and with the
        truth the score.

    Raises
    ------
    ValueError
        Columns of different lengths, or a window out of range (ConfigError).
    """
    ...

def nesting_links(
    senders: List[int],
    receivers: List[int],
    send_ts: List[Optional[int]],
    recv_ts: List[Optional[int]],
    window_ns: int = 2000000000,
    timestamps: str = 'single',
    call_of: Optional[List[int]] = None,
    true_parent: Optional[List[int]] = None,
) -> LinkInference:
    """
    Project 5's nesting baseline: call pairs nested in call pairs.

    Parameters
    ----------
    senders : list of int
        Each message's sending node.
    receivers : list of int
        Each message's receiving node.
    send_ts : list of int or None
        Each message's send time on the sender's clock, ns (None: the sender is not traced).
    recv_ts : list of int or None
        Each message's receive time on the receiver's clock, ns (None: not traced).
    window_ns : int, default 2000000000
        The longest causal delay considered, ns.
    timestamps : str, default 'single'
        'single': one timestamp per message, as published; 'node-local': the middle node's clock.
    call_of : list of int or None, default None
        The call each return answers (-1 for a call), one per message; None: guessed from timing.
    true_parent : list of int or None, default None
        Each message's true parent: the result is scored.

    Returns
    -------
    LinkInference
        The links, the call pairs used (call_of) and with the truth the score.

    Raises
    ------
    ValueError
        An unknown timestamps value, call_of of the wrong length or naming no message, or a window
        out of range.
    """
    ...

def score_calibration(
    probabilities: List[List[float]],
    truth: List[int],
    bins: int = 10,
    epsilon: float = 1e-12,
) -> CalibrationScore:
    """
    Calibration of probabilistic choices: log-loss, Brier score, ECE and reliability bins.

    Parameters
    ----------
    probabilities : list of list of float
        Per choice, the probability given to each option.
    truth : list of int
        Per choice, the index of the true option, or -1 if none of them.
    bins : int, default 10
        Reliability bins.
    epsilon : float, default 1e-12
        The floor of a probability in the log-loss.

    Returns
    -------
    CalibrationScore
        The scores and the reliability bins.

    Raises
    ------
    ValueError
        A truth index that is not an option's, or lists of different lengths.
    """
    ...

def mean_interval(values: List[float], level: float = 0.95) -> Interval:
    """
    Student-t confidence interval of the mean of per-run scores.

    Parameters
    ----------
    values : list of float
        The per-run values.
    level : float, default 0.95
        The confidence level, in (0, 1).

    Returns
    -------
    Interval
        n, mean, standard deviation and the interval.

    Raises
    ------
    ValueError
        A level out of range (ConfigError).
    """
    ...

def wilson_interval(successes: int, trials: int, level: float = 0.95) -> Interval:
    """
    Wilson score interval of a proportion.

    Parameters
    ----------
    successes : int
        Successes, in [0, trials].
    trials : int
        Trials.
    level : float, default 0.95
        The confidence level, in (0, 1).

    Returns
    -------
    Interval
        n, the proportion (mean), its standard deviation and the interval.

    Raises
    ------
    ValueError
        Successes above trials or a level out of range (ConfigError).
    """
    ...

class LinkInference(TypedDict):
    """
    link_trace, latest_arrival_links, nesting_links: per message its most likely parent (-1:
        spontaneous), spontaneity and candidate parents (parent, probability, delay ns); the roots;
        WAP5's delays, clock offsets, instances and patterns (link_trace only), the calls each
        return answers (nesting_links only) and, with the truth, the score.
    """
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

class LinkScore(TypedDict):
    """
    The score of inferred links against the true parents (precision, recall, decisions,
        patterns, calibration); the WAP5-only fields are absent from the baselines' scores.
    """
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

class Pattern(TypedDict):
    """A causal pattern WAP5 found: its signature, expected and counted instances, its nodes."""
    signature: str
    expected_count: float
    instances: int
    map_count: int
    max_probability: float
    nodes: List[PatternNode]

class PatternNode(TypedDict):
    """One node of a causal pattern: its message's ends, its parent and its delays."""
    sender: int
    receiver: int
    parent: int
    node_delay_ns: float
    network_delay_ns: float

class Reconciliation(TypedDict):
    """reconcile_trace: one record per message, with its traced and true times."""
    message_id: List[int]
    senders: List[int]
    receivers: List[int]
    send_ts: List[int]
    recv_ts: List[int]
    true_send: List[int]
    true_recv: List[int]

class SyntheticTrace(TypedDict):
    """
    synthetic_trace: one entry per message (traced times, ports, true parent, true call
        each return answers, true times), and per node its clock drift and offset.
    """
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

class PairClockFit(TypedDict):
    """fit_pair_clocks: the fit of every (a, b) pair, and each message's corrected delay."""
    pairs: Dict[Tuple[int, int], PairFit]
    network_delay_ns: List[float]

class PairFit(TypedDict):
    """One pair's fitted clock: its offset at reference_ns, its rate and how many messages."""
    reference_ns: int
    offset_ns: int
    rate: float
    points: int

class CalibrationScore(TypedDict):
    """
    score_calibration: log-loss, Brier score, expected and largest calibration error, the
        top-label ECE and the reliability bins.
    """
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

class ReliabilityBin(TypedDict):
    """
    One bin of a reliability diagram: the predicted probabilities in [lower, upper), how
        many, their mean and the observed frequency.
    """
    lower: float
    upper: float
    count: int
    mean_predicted: float
    observed: float

class Interval(TypedDict):
    """mean_interval, wilson_interval: n, mean, standard deviation and the interval."""
    n: int
    mean: float
    stddev: float
    lower: float
    upper: float
    level: float

class InferenceStudyRow(TypedDict):
    """One of the patterns of run_inference_study's result."""
    kind: Optional[str]
    rank: Optional[int]
    signature: Optional[str]
    expected_count: Optional[float]
    instances: Optional[int]
    map_count: Optional[int]
    node: Optional[int]
    parent: Optional[int]
    sender: Optional[int]
    receiver: Optional[int]
    node_delay_us: Optional[float]
    network_delay_us: Optional[float]

class InferenceStudyResult(TypedDict):
    """
    What run_inference_study returns (run_study('inference')): every parameter, the results (None
    where one does not apply), the CSV line(s).
    """
    workload: str
    clients: int
    backends: int
    fan_out: int
    lookup_probability: float
    rate: float
    poisson: bool
    skew_bound_ns: int
    drift_ppm: float
    delay_ns: int
    front_end_service_ns: int
    backend_service_ns: int
    lookup_service_ns: int
    duration_ns: int
    trace_lookup: bool
    window_ns: int
    spontaneous: float
    try_both_band: float
    max_try_both: int
    delay_model: str
    iterations: int
    reply_service_ns: int
    reconciliation: str
    segments: int
    fixed_port_peers: int
    seed: int
    run: int
    topology: str
    messages: Optional[int]
    requests: Optional[int]
    true_links: Optional[int]
    link_precision: Optional[float]
    link_recall: Optional[float]
    decision_accuracy: Optional[float]
    mean_true_probability: Optional[float]
    pattern_precision: Optional[float]
    pattern_recall: Optional[float]
    map_pattern_precision: Optional[float]
    map_pattern_recall: Optional[float]
    true_patterns: Optional[int]
    inferred_patterns: Optional[int]
    pattern_node_delay_error: Optional[float]
    link_node_delay_error: Optional[float]
    network_delay_error_us: Optional[float]
    raw_network_delay_error_us: Optional[float]
    offset_error_us: Optional[float]
    vc_hb_recall: Optional[float]
    vc_candidates: Optional[float]
    latest_link_precision: Optional[float]
    latest_link_recall: Optional[float]
    latest_decision_accuracy: Optional[float]
    latest_map_pattern_recall: Optional[float]
    latest_map_pattern_precision: Optional[float]
    rule_disagreement: Optional[float]
    rule_disagreement_wap5_right: Optional[float]
    rule_disagreement_rule_right: Optional[float]
    nesting_link_precision: Optional[float]
    nesting_link_recall: Optional[float]
    nesting_decision_accuracy: Optional[float]
    nesting_map_pattern_recall: Optional[float]
    nesting_map_pattern_precision: Optional[float]
    log_loss: Optional[float]
    brier: Optional[float]
    ece: Optional[float]
    top_label_ece: Optional[float]
    uniform_log_loss: Optional[float]
    uniform_brier: Optional[float]
    uniform_ece: Optional[float]
    rate_network_delay_error_us: Optional[float]
    network_delay_error_max_us: Optional[float]
    rate_network_delay_error_max_us: Optional[float]
    client_classification_accuracy: Optional[float]
    aggregated_true_patterns: Optional[int]
    aggregated_map_pattern_recall: Optional[float]
    latest_aggregated_map_pattern_recall: Optional[float]
    nesting_aggregated_map_pattern_recall: Optional[float]
    link_s: Optional[float]
    wall_s: Optional[float]
    patterns: NotRequired[List[InferenceStudyRow]]
    csv_row: str

def run_inference_study(
    *,
    rows: Optional[bool] = None,
    workload: str = 'multitier',
    clients: int = 4,
    backends: int = 3,
    fan_out: int = 1,
    lookup_probability: float = 0.5,
    rate: float = 10.0,
    poisson: bool = True,
    skew_bound: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    skew_bound_ns: int = 1000000,
    drift_ppm: float = 50.0,
    delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    delay_ns: int = 100000,
    front_end_service: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    front_end_service_ns: int = 1000000,
    backend_service: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    backend_service_ns: int = 3000000,
    lookup_service: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    lookup_service_ns: int = 1000000,
    duration: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    duration_ns: int = 2000000000,
    trace_lookup: bool = True,
    window: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    window_ns: int = 100000000,
    spontaneous: float = 4.0,
    try_both_band: float = 0.2,
    max_try_both: int = 4,
    delay_model: str = 'PerChildPair',
    iterations: int = 0,
    reply_service: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    reply_service_ns: int = 0,
    reconciliation: str = 'endpoints',
    segments: int = 8,
    fixed_port_peers: int = 2,
    seed: int = 1,
    run: int = 1,
    topology: str = 'csma',
) -> InferenceStudyResult:
    """
    run_study('inference', **parameters): WAP5 black-box causal path inference on a multi-tier
    workload with unsynchronized clocks, link by link against the true causes and beside vector
    clocks.

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    workload : str, default 'multitier'
        multitier, or gossip (the replay-clock workload: no causes at all). Range multitier, gossip.
    clients : int, default 4
        Parallelism: client nodes. Range [1, 256].
    backends : int, default 3
        Back-end nodes. Range [1, 64].
    fan_out : int, default 1
        Back-ends a front-end calls per request (at most the number of back-ends, checked at
    initialization). Range [1 back-ends, 1000000 back-ends]. Unit back-ends.
    lookup_probability : float, default 0.5
        Probability that a back-end calls the lookup service. Range [0, 1].
    rate : float, default 10.0
        alpha: requests per second per client (gossip: messages/s per node). Range (0 /s, 100000
    /s]. Unit /s.
    poisson : bool, default True
        Exponential gaps between requests (true) or fixed 1/rate (false).
    skew_bound, skew_bound_ns : time ('8us', a timedelta) or int ns, default 1ms
    (skew_bound_ns=1000000)
        The skew bound E (the largest |clock - true time| of a bounded clock, the bound HVC and
    RepCl assume): the clocks' offsets are uniform in [-E/2, E/2]
    (ClockHelper::SetUniformPopulation). Range [0ns, 1h].
    drift_ppm : float, default 50.0
        Clock drift, uniform in [-DriftPpm, DriftPpm]. Range [0 ppm, 1000 ppm]. Unit ppm.
    delay, delay_ns : time ('8us', a timedelta) or int ns, default 100us (delay_ns=100000)
        delta: the LAN's propagation delay. Range [0ns, 1s].
    front_end_service, front_end_service_ns : time ('8us', a timedelta) or int ns, default 1ms
    (front_end_service_ns=1000000)
        Mean service time per front-end step (exponential). Range [1ns, 10s].
    backend_service, backend_service_ns : time ('8us', a timedelta) or int ns, default 3ms
    (backend_service_ns=3000000)
        Mean service time per back-end step (exponential). Range [1ns, 10s].
    lookup_service, lookup_service_ns : time ('8us', a timedelta) or int ns, default 1ms
    (lookup_service_ns=1000000)
        Mean service time at the lookup service (exponential). Range [1ns, 10s].
    duration, duration_ns : time ('8us', a timedelta) or int ns, default 2s (duration_ns=2000000000)
        Simulated time of requests. Range [1ms, 1h].
    trace_lookup : bool, default True
        Trace the lookup node (false: its timestamps are missing).
    window, window_ns : time ('8us', a timedelta) or int ns, default 100ms (window_ns=100000000)
        x: longest causal delay considered (above the longest real node delay). Range [1ns, 24h].
    spontaneous : float, default 4.0
        y: spontaneity weighs as a delay of y times the pair's mean delay d (dimensionless). Range
    [0, 1000].
    try_both_band : float, default 0.2
        Links with |p - 0.5| <= band are tried both ways (probability). Range [0, 0.5].
    max_try_both : int, default 4
        k: try-both decisions per root (at most 2^k instances per root). Range [0, 20].
    delay_model : str, default 'PerChildPair'
        PerChildPair: one mean delay d per child pair B->C, shared by every candidate (the paper;
    the most likely parent is always the latest arrival). PerParentPair: one d per (X->B, B->C),
    candidates weighed by the exponential density (an extension). Range PerChildPair, PerParentPair.
    iterations : int, default 0
        Rounds of re-estimating d from the link probabilities and weighing again (the paper: 0).
    Range [0, 100].
    reply_service, reply_service_ns : time ('8us', a timedelta) or int ns, default 0ns
    (reply_service_ns=0)
        Mean step (exponential) of a front-end or back-end that answers after a downstream reply; 0:
    the node's own service time. Different from the service time, a child has candidate parents with
    different delays (the workload where the latest-arrival rule and a delay model differ). Range
    [0ns, 10s].
    reconciliation : str, default 'endpoints'
        How sends are matched to receives: endpoints (the paper: per node-pair flow, in order, no
    message id) or id (the simulator's global message id). Range endpoints, id.
    segments : int, default 8
        Offset-and-rate clock estimator: segments per node pair, each giving one offset sample of
    the least-squares line. Range [2, 100000].
    fixed_port_peers : int, default 2
        Client aggregation: distinct remote endpoints that make a (node, port) fixed, i.e. a
    server's (each client uses its own port). Range [2, 1000000000].
    seed : int, default 1
        RNG seed (ns-3's RngSeed): stays fixed across replications. Range [1, 4294967295].
    run : int, default 1
        RNG run (ns-3's RngRun): independent replications differ in it. Range [1,
    1000000000000000000].
    topology : str, default 'csma'
        LAN topology: csma (one segment; every frame reaches every NIC and occupies the channel for
    its propagation delay) or switched (a point-to-point star through a switch; one-way delay =
    delta plus two transmissions). Range csma, switched.

    Returns
    -------
    InferenceStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

        messages: int -- messages in the trace
        requests: int -- requests completed
        true_links: int -- messages with a true cause
        link_precision: float -- most likely parent correct / parents inferred
        link_recall: float -- most likely parent correct / true causes
        decision_accuracy: float -- most likely choice (parent or spontaneous) correct
        mean_true_probability: float -- mean probability of the true choice
        pattern_precision: float -- expected counts vs true counts
        pattern_recall: float -- expected counts vs true counts
        map_pattern_precision: float -- each root's most probable instance vs true counts
        map_pattern_recall: float -- each root's most probable instance vs true counts
        true_patterns: int -- distinct true patterns
        inferred_patterns: int -- distinct inferred patterns
        pattern_node_delay_error: float -- relative error of matched patterns' node delays
        link_node_delay_error: float -- relative error of per-link-type weighted node delays
        network_delay_error_us: float, us -- mean |corrected - true| one-way delay
        raw_network_delay_error_us: float, us -- the same without the offset correction
        offset_error_us: float, us -- mean |estimated - true| pairwise offset
        vc_hb_recall: float -- true causes that vector clocks order before the child
        vc_candidates: float -- messages in the window vector clocks order before a child
        latest_link_precision: float -- latest-arrival baseline: latest candidate within x, never
    spontaneous
        latest_link_recall: float -- latest-arrival baseline
        latest_decision_accuracy: float -- latest-arrival baseline
        latest_map_pattern_recall: float -- latest-arrival baseline: its one path per root vs true
    counts
        latest_map_pattern_precision: float -- latest-arrival baseline
        rule_disagreement: float -- share of decisions where WAP5's most likely choice is not the
    rule's (latest arrival within y*d, else spontaneous)
        rule_disagreement_wap5_right: float -- of those, the share WAP5 gets right (0 if none)
        rule_disagreement_rule_right: float -- of those, the share the rule gets right (0 if none)
        nesting_link_precision: float -- the paper's nesting baseline (sec. 5.3: one timestamp per
    message, guessed call pairs)
        nesting_link_recall: float -- nesting baseline
        nesting_decision_accuracy: float -- nesting baseline
        nesting_map_pattern_recall: float -- nesting baseline
        nesting_map_pattern_precision: float -- nesting baseline
        log_loss: float -- WAP5: mean -ln p(true choice)
        brier: float -- WAP5: multi-class Brier score (0 best, 2 worst)
        ece: float -- WAP5: expected calibration error, every option
        top_label_ece: float -- WAP5: calibration error of the most likely option
        uniform_log_loss: float -- uniform baseline: equal probability over WAP5's options
        uniform_brier: float -- uniform baseline
        uniform_ece: float -- uniform baseline
        rate_network_delay_error_us: float, us -- mean |corrected - true| one-way delay,
    offset-and-rate estimator
        network_delay_error_max_us: float, us -- largest |corrected - true| one-way delay, constant
    offset
        rate_network_delay_error_max_us: float, us -- largest |corrected - true| one-way delay,
    offset and rate
        client_classification_accuracy: float -- nodes the port rule calls client or server
    correctly (clients: the request sources)
        aggregated_true_patterns: int -- distinct true patterns after client aggregation
        aggregated_map_pattern_recall: float -- WAP5's MAP patterns vs the truth, clients aggregated
    (the paper's output)
        latest_aggregated_map_pattern_recall: float -- latest-arrival baseline, clients aggregated
        nesting_aggregated_map_pattern_recall: float -- nesting baseline, clients aggregated
        link_s: float, s -- wall time of linking (all three steps)
        wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
        patterns: list of dicts, one per row (with rows=True):
          kind: str (key) -- inferred or true
          rank: int (key) -- by expected count, descending
          signature: str -- the pattern's shape, e.g. 0>1(1>2,1>3)
          expected_count: float -- sum of the instances' probabilities
          instances: int -- instances with this shape
          map_count: int -- roots whose most probable instance has it
          node: int (key) -- node of the pattern (preorder)
          parent: int -- its parent node (-1 for the root)
          sender: int -- message sender
          receiver: int -- message receiver
          node_delay_us: float, us -- time at the sender since the parent arrived
          network_delay_us: float, us -- time on the wire, offset-corrected
        csv_row: str -- the CSV line the C++ programs write for these parameters

    Raises
    ------
    ValueError
        An unknown keyword (naming the closest ones), both keywords of a time, a time without a
    unit, or a value out of range or against the study's checks across parameters, naming the
    keyword and what is valid.
    TypeError
        A value of the wrong type, naming the keyword.
    """
    ...

INFERENCE_STUDY_CSV_HEADER: str
