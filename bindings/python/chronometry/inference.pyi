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
    WAP5 message linking on a reconciled trace (times in int ns, None for an untraced side); with
    true_parent (index or -1 per message) the result has a 'score' (links, patterns, calibration).
    The linker's settings are keywords, from ns3::MessageLinkingAnalyzer's Attributes:
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
    One record per message from a causality log's columns (kind: 'send', 'receive', 'local'; pt: the
    node's clock reading); traced: per process, or None for all.
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
    A simulator-free multi-tier trace with its true parents and true call/return pairs; the reply
    services (0: the step's own) give candidates with different delays.
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
    The latest-arrival baseline: each message's parent is the latest message into its sender within
    window_ns (and, with y > 0, within y d); probability 1.
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
    Project 5's nesting baseline: call pairs nested in call pairs ('single': one timestamp per
    message, as published; 'node-local': the middle node's clock); call_of (the call each return
    answers, -1 for a call) given, or guessed from timing.
    """
    ...

def score_calibration(
    probabilities: List[List[float]],
    truth: List[int],
    bins: int = 10,
    epsilon: float = 1e-12,
) -> CalibrationScore:
    """
    Calibration of probabilistic choices: log-loss, Brier, ECE, reliability bins; truth is the index
    of the true option, or -1 if none of them.
    """
    ...

def mean_interval(values: List[float], level: float = 0.95) -> Interval:
    """Student-t confidence interval of the mean of per-run scores."""
    ...

def wilson_interval(successes: int, trials: int, level: float = 0.95) -> Interval:
    """Wilson score interval of a proportion."""
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

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      workload: str = 'multitier', range multitier, gossip -- multitier, or gossip (the replay-clock
    workload: no causes at all)
      clients: int = 4, range [1, 256] -- Parallelism: client nodes
      backends: int = 3, range [1, 64] -- Back-end nodes
      fan_out: int = 1, range [1 back-ends, 1000000 back-ends], unit back-ends -- Back-ends a
    front-end calls per request (at most the number of back-ends, checked at initialization).
      lookup_probability: float = 0.5, range [0, 1] -- Probability that a back-end calls the lookup
    service.
      rate: float = 10.0, range (0 /s, 100000 /s], unit /s -- alpha: requests per second per client
    (gossip: messages/s per node)
      poisson: bool = True -- Exponential gaps between requests (true) or fixed 1/rate (false).
      skew_bound / skew_bound_ns: time ('8us', a timedelta) / int ns = 1ms (skew_bound_ns=1000000),
    range [0ns, 1h] -- The skew bound E (the largest |clock - true time| of a bounded clock, the
    bound HVC and RepCl assume): the clocks' offsets are uniform in [-E/2, E/2]
    (ClockHelper::SetUniformPopulation)
      drift_ppm: float = 50.0, range [0 ppm, 1000 ppm], unit ppm -- Clock drift, uniform in
    [-DriftPpm, DriftPpm]
      delay / delay_ns: time ('8us', a timedelta) / int ns = 100us (delay_ns=100000), range [0ns,
    1s] -- delta: the LAN's propagation delay
      front_end_service / front_end_service_ns: time ('8us', a timedelta) / int ns = 1ms
    (front_end_service_ns=1000000), range [1ns, 10s] -- Mean service time per front-end step
    (exponential)
      backend_service / backend_service_ns: time ('8us', a timedelta) / int ns = 3ms
    (backend_service_ns=3000000), range [1ns, 10s] -- Mean service time per back-end step
    (exponential)
      lookup_service / lookup_service_ns: time ('8us', a timedelta) / int ns = 1ms
    (lookup_service_ns=1000000), range [1ns, 10s] -- Mean service time at the lookup service
    (exponential)
      duration / duration_ns: time ('8us', a timedelta) / int ns = 2s (duration_ns=2000000000),
    range [1ms, 1h] -- Simulated time of requests
      trace_lookup: bool = True -- Trace the lookup node (false: its timestamps are missing)
      window / window_ns: time ('8us', a timedelta) / int ns = 100ms (window_ns=100000000), range
    [1ns, 24h] -- x: longest causal delay considered (above the longest real node delay).
      spontaneous: float = 4.0, range [0, 1000] -- y: spontaneity weighs as a delay of y times the
    pair's mean delay d (dimensionless).
      try_both_band: float = 0.2, range [0, 0.5] -- Links with |p - 0.5| <= band are tried both ways
    (probability).
      max_try_both: int = 4, range [0, 20] -- k: try-both decisions per root (at most 2^k instances
    per root).
      delay_model: str = 'PerChildPair', range PerChildPair, PerParentPair -- PerChildPair: one mean
    delay d per child pair B->C, shared by every candidate (the paper; the most likely parent is
    always the latest arrival). PerParentPair: one d per (X->B, B->C), candidates weighed by the
    exponential density (an extension).
      iterations: int = 0, range [0, 100] -- Rounds of re-estimating d from the link probabilities
    and weighing again (the paper: 0).
      reply_service / reply_service_ns: time ('8us', a timedelta) / int ns = 0ns
    (reply_service_ns=0), range [0ns, 10s] -- Mean step (exponential) of a front-end or back-end
    that answers after a downstream reply; 0: the node's own service time. Different from the
    service time, a child has candidate parents with different delays (the workload where the
    latest-arrival rule and a delay model differ)
      reconciliation: str = 'endpoints', range endpoints, id -- How sends are matched to receives:
    endpoints (the paper: per node-pair flow, in order, no message id) or id (the simulator's global
    message id)
      segments: int = 8, range [2, 100000] -- Offset-and-rate clock estimator: segments per node
    pair, each giving one offset sample of the least-squares line
      fixed_port_peers: int = 2, range [2, 1000000000] -- Client aggregation: distinct remote
    endpoints that make a (node, port) fixed, i.e. a server's (each client uses its own port)
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it
      topology: str = 'csma', range csma, switched -- LAN topology: csma (one segment; every frame
    reaches every NIC and occupies the channel for its propagation delay) or switched (a
    point-to-point star through a switch; one-way delay = delta plus two transmissions)

    Returns InferenceStudyResult, a dict: every parameter above (a time as its _ns int of
    nanoseconds), then the results (None where one does not apply to the run):
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
      rate_network_delay_error_max_us: float, us -- largest |corrected - true| one-way delay, offset
    and rate
      client_classification_accuracy: float -- nodes the port rule calls client or server correctly
    (clients: the request sources)
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
    """
    ...

INFERENCE_STUDY_CSV_HEADER: str
