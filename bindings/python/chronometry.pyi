# The names of the pybind11 module chronometry, for editors and type checkers (PEP 484 stub).
# Generated from the built module by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""chronometry: time across nodes for ns-3. Times are integers in nanoseconds."""

from typing import ClassVar, Dict, List, Optional, Tuple, overload

NS3_VERSION: int

class ConfigError(ValueError):
    ...

class ClockTimeline:
    """Piecewise-linear map from true time (ns) to a clock value (ns)."""
    @overload
    def __init__(self) -> None:
        """Value 0 at true time 0, slope 1."""
        ...
    @overload
    def __init__(self, start_ns: int, value_ns: float, slope: float) -> None: ...
    def set_slope(self, at_ns: int, slope: float) -> None:
        """Change the slope from at_ns on (continuous); later segments are discarded."""
        ...
    def jump(self, at_ns: int, delta_ns: float) -> None:
        """Add delta_ns to every value from at_ns on (a clock step)."""
        ...
    def value_at(self, t_ns: int) -> float: ...
    def slope_at(self, t_ns: int) -> float: ...
    def earliest_reaching(self, from_ns: int, target_ns: float) -> int:
        """Earliest true time >= from_ns at which the value reaches target_ns."""
        ...
    @property
    def segment_count(self) -> int: ...
    @property
    def last_segment_start(self) -> int: ...

def next_random_walk_drift(
    rho: float,
    spread_per_sqrt_second: float,
    interval_seconds: float,
    z: float,
    bound: float = 0.0,
) -> float:
    """
    One random-walk update of a fractional frequency offset, reflected at +-bound (0 = unbounded).
    """
    ...

def quantize(value_ns: float, resolution_ns: int) -> int:
    """Floor a clock value to a multiple of the resolution."""
    ...

def draw_bounded_skew_reading(
    previous_ns: int,
    now_ns: int,
    bound_ns: int,
    u: float,
    form: str = 'bounded',
) -> int:
    """
    One reading of a bounded-skew clock: 'bounded' draws uniformly in [max(previous, now), now +
    bound]; 'thesis' in [previous, now + bound].
    """
    ...

def tsc_value(phase_seconds: float, frequency_hz: float, boot_value: int = 0) -> int:
    """TSC counter value (mod 2^64) after phase_seconds of oscillator time."""
    ...

def ticks_to_duration(ticks: int, frequency_hz: float) -> int:
    """Nominal duration (ns) of a TSC tick count."""
    ...

def duration_to_ticks(duration_ns: int, frequency_hz: float) -> int:
    """Nominal TSC tick count of a duration (ns)."""
    ...

PPM: float

class LamportClock:
    """Lamport's logical clock."""
    def __init__(self) -> None: ...
    @property
    def value(self) -> int: ...
    def encode(self) -> bytes: ...
    @staticmethod
    def decode(data: bytes) -> LamportClock: ...
    def local_or_send(self, pt_ns: int) -> None:
        """A local or send event at physical time pt_ns."""
        ...
    def receive(self, remote: LamportClock, pt_ns: int) -> None:
        """A receive event merging the message's timestamp."""
        ...
    @staticmethod
    def compare(a: LamportClock, b: LamportClock) -> str:
        """'before', 'after', 'equal' or 'concurrent'."""
        ...
    @property
    def encoded_bits(self) -> int: ...

class VectorClock:
    """Vector clock: ground truth of happened-before."""
    def __init__(self_, n: int, self: int) -> None: ...
    @property
    def entries(self) -> List[int]: ...
    def encode(self) -> bytes: ...
    @staticmethod
    def decode(data: bytes, n: int) -> VectorClock: ...
    def local_or_send(self, pt_ns: int) -> None:
        """A local or send event at physical time pt_ns."""
        ...
    def receive(self, remote: VectorClock, pt_ns: int) -> None:
        """A receive event merging the message's timestamp."""
        ...
    @staticmethod
    def compare(a: VectorClock, b: VectorClock) -> str:
        """'before', 'after', 'equal' or 'concurrent'."""
        ...
    @property
    def encoded_bits(self) -> int: ...

class HybridLogicalClock:
    """Hybrid logical clock (l, c)."""
    def __init__(self) -> None: ...
    @property
    def l_ns(self) -> int: ...
    @property
    def c(self) -> int: ...
    def encode(self) -> bytes: ...
    @staticmethod
    def decode(data: bytes) -> HybridLogicalClock: ...
    def local_or_send(self, pt_ns: int) -> None:
        """A local or send event at physical time pt_ns."""
        ...
    def receive(self, remote: HybridLogicalClock, pt_ns: int) -> None:
        """A receive event merging the message's timestamp."""
        ...
    @staticmethod
    def compare(a: HybridLogicalClock, b: HybridLogicalClock) -> str:
        """'before', 'after', 'equal' or 'concurrent'."""
        ...
    @property
    def encoded_bits(self) -> int: ...

class HybridVectorClock:
    """Hybrid vector clock, sparse."""
    def __init__(self_, n: int, self: int, epsilon_ns: int, encoding: str = 'bitmap') -> None: ...
    def expand(self) -> List[int]:
        """The full vector (ns)."""
        ...
    @property
    def active_count(self) -> int: ...
    @property
    def active_entries(self) -> List[Tuple[int, int]]: ...
    def encode(self) -> bytes: ...
    @staticmethod
    def decode(
        data: bytes,
        n: int,
        epsilon_ns: int,
        encoding: str = 'bitmap',
    ) -> HybridVectorClock: ...
    def local_or_send(self, pt_ns: int) -> None:
        """A local or send event at physical time pt_ns."""
        ...
    def receive(self, remote: HybridVectorClock, pt_ns: int) -> None:
        """A receive event merging the message's timestamp."""
        ...
    @staticmethod
    def compare(a: HybridVectorClock, b: HybridVectorClock) -> str:
        """'before', 'after', 'equal' or 'concurrent'."""
        ...
    @property
    def encoded_bits(self) -> int: ...
    def encoded_bits_as(self, encoding: str) -> int:
        """The size in bits under 'bitmap', 'sparse' or 'adaptive' (same clock)."""
        ...
    @property
    def encoded_form(self) -> str:
        """The form encode() writes: 'bitmap' or 'sparse'."""
        ...

class ReplayClockConfig:
    """Parameters of a system's replay clocks."""
    def __init__(
        self,
        n: int = 64,
        epsilon: int = 10,
        interval_ns: int = 100000,
        counter_bits: int = 4,
        sum_counters: bool = False,
        counter_rule: str = 'published',
        encoding: str = 'bitmap',
    ) -> None: ...
    @property
    def n(self) -> int: ...
    @property
    def encoding(self) -> str: ...
    @property
    def epsilon(self) -> int: ...
    @property
    def interval_ns(self) -> int: ...
    @property
    def offset_bits(self) -> int: ...

class ReplayClock:
    """Replay clock <mx, bitmap, offsets, counters>."""
    def __init__(self_, config: ReplayClockConfig, self: int) -> None: ...
    @staticmethod
    def from_parts(
        config: ReplayClockConfig,
        self: int,
        mx: int,
        offsets: List[int],
        counters: List[int] = ...,
    ) -> ReplayClock: ...
    def shift(self, new_mx: int) -> None: ...
    @staticmethod
    def merge_same_epoch(arg0: ReplayClock, arg1: ReplayClock) -> ReplayClock: ...
    @staticmethod
    def equal_offset(arg0: ReplayClock, arg1: ReplayClock) -> bool: ...
    @property
    def mx(self) -> int: ...
    @property
    def offsets(self) -> List[int]: ...
    @property
    def counters(self) -> List[int]: ...
    @property
    def bitmap(self) -> List[int]: ...
    @property
    def theta(self) -> int: ...
    @property
    def sigma(self) -> int: ...
    def encode(self) -> tuple:
        """(bytes, widened): widened is True when a counter needed more than counter_bits."""
        ...
    @staticmethod
    def decode(data: bytes, config: ReplayClockConfig) -> ReplayClock: ...
    def local_or_send(self, pt_ns: int) -> None:
        """A local or send event at physical time pt_ns."""
        ...
    def receive(self, remote: ReplayClock, pt_ns: int) -> None:
        """A receive event merging the message's timestamp."""
        ...
    @staticmethod
    def compare(a: ReplayClock, b: ReplayClock) -> str:
        """'before', 'after', 'equal' or 'concurrent'."""
        ...
    @property
    def encoded_bits(self) -> int: ...
    def encoded_bits_as(self, encoding: str) -> int:
        """The size in bits under 'bitmap', 'sparse' or 'adaptive' (same clock)."""
        ...
    @property
    def encoded_form(self) -> str:
        """The form encode() writes: 'bitmap' or 'sparse'."""
        ...

class Execution:
    """An execution log (events in order)."""
    def __len__(self) -> int: ...
    def event(self, index: int) -> dict: ...
    def check(self, skew_ns: int, interval_ns: int, hvc_epsilon_ns: int) -> dict:
        """Run the replay checker; returns the tallies as a dict."""
        ...
    def write_csv(self, path: str) -> None: ...
    def write_shiviz(self, path: str) -> None: ...

def random_execution(
    n: int = 8,
    events: int = 200,
    mean_gap_ns: int = 100000,
    local_fraction: float = 0.3,
    min_delay_ns: int = 1000,
    max_delay_ns: int = 300000,
    skew_ns: int = 200000,
    interval_ns: int = 20000,
    counter_rule: str = 'published',
    sum_counters: bool = False,
    seed: int = 1,
) -> Execution:
    """A simulator-free random execution with bounded-skew clocks and every clock stamped."""
    ...

def run_study(study: str, *, rows: object = None, **kwargs) -> dict:
    """
    Run one point of a study (see studies()) in ns-3 and return its measurements: the summary
    fields, the rows (always for a study whose CSV has a line per row, with rows=True for the
    others) and the CSV line(s) the C++ programs write for the same parameters. Keywords are the
    parameters' (see studies()); a time is given with its unit, delay='8us' (the command line's
    grammar), a datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds> (which
    also takes those): a bare number under delay is refused. An unknown keyword, both delay and
    delay_ns, or a value out of range is a ValueError naming the keyword and what is valid, a value
    of the wrong type a TypeError.
    """
    ...

def check_study(study: str, *, rows: object = None, **kwargs) -> dict:
    """
    Check one point of a study as run_study would (every keyword's type and range, then the study's
    checks across parameters, e.g. replay's Skew a multiple of Interval) without building or running
    anything; raise the same ValueError or TypeError. Return the keywords in canonical form: each
    time under its _ns keyword as an int of nanoseconds (delay='8us' -> delay_ns=8000), the other
    values as given.
    """
    ...

def studies() -> dict:
    """
    Every study: its parameters (keyword, unit_keyword, attribute, type, default, range, unit, help;
    a time's keyword is delay_ns, int nanoseconds, its unit_keyword delay, a time with its unit,
    None for the others), its summary fields, its rows and its CSV header.
    """
    ...

def run_inference_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('inference', **parameters): WAP5 black-box causal path inference on a multi-tier
    workload with unsynchronized clocks, link by link against the true causes and beside vector
    clocks
    """
    ...

INFERENCE_STUDY_CSV_HEADER: str

def run_rda_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('rda', **parameters): RDA one-way latency (mean, std) per flow and send interval
    against two truths (the packets both points held, every delivered packet), with and without
    boundary matching, beside LDA, FineComb (at equal memory) and the raw log, each exchanged over
    the wire on the same packets, under loss, reordering and clock error; wire bytes per method
    """
    ...

RDA_STUDY_CSV_HEADER: str

def run_relation_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('relation', **parameters): MinRTT TSC relation (CP, CP_BUSY, CP_MULTI, CP_BASELINE) vs
    NTP and return-trip bounds on a three-stage pipeline, every duration scored against the truth
    """
    ...

RELATION_STUDY_CSV_HEADER: str

def run_relation_graph_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('relation-graph', **parameters): MinRTT relations over N nodes (RelationGraph: chains,
    best path, triangle tightening and flags), every ordered pair translated and scored against the
    truth
    """
    ...

RELATION_GRAPH_STUDY_CSV_HEADER: str

def run_replay_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('replay', **parameters): Replay clocks (RepCl), HLC, HVC and vector clocks on n
    gossiping nodes within E: sizes and the replay checker against the vector-clock truth
    """
    ...

REPLAY_STUDY_CSV_HEADER: str

def run_scheduling_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('scheduling', **parameters): OneClock scheduled operations on skewed clocks: start
    error against the truth, split into the clock part and the ETE prediction part, per predictor
    """
    ...

SCHEDULING_STUDY_CSV_HEADER: str

def run_sync_study(*, rows: object = None, **kwargs) -> dict:
    """
    run_study('sync', **parameters): Clock synchronization on a switched LAN (none, PTP, NTP or
    SNTP): the skew E every node keeps, measured from the simulator's truth
    """
    ...

SYNC_STUDY_CSV_HEADER: str

STUDY_RUNNERS: Dict[str, str]

class MinRttRound:
    """One probe round initiated by A towards B (ticks)."""
    def __init__(self, send_a: int, peer_b: int, recv_a: int) -> None: ...
    @property
    def send_a(self) -> int: ...
    @send_a.setter
    def send_a(self, value: int) -> None: ...
    @property
    def peer_b(self) -> int: ...
    @peer_b.setter
    def peer_b(self, value: int) -> None: ...
    @property
    def recv_a(self) -> int: ...
    @recv_a.setter
    def recv_a(self, value: int) -> None: ...
    @property
    def rtt(self) -> float: ...
    @property
    def mid(self) -> float: ...
    @property
    def half_rtt(self) -> float: ...

def select_min_rtt(rounds: List[MinRttRound]) -> MinRttRound: ...

class DurationEstimate:
    @property
    def value(self) -> float: ...
    @property
    def bound(self) -> float: ...
    @property
    def paper_bound(self) -> float: ...

class DriftWander:
    """
    Bound on how far the relative drift of two counters moves: rate (ppm/s), steps (ppm) and a
    random walk (ppm/sqrt(s), K sigmas).
    """
    def __init__(
        self,
        rate_ppm_per_s: float = 0.0,
        step_ppm: float = 0.0,
        peer_frequency_hz: float = 0.0,
        max_abs_drift_ppm: float = 1000.0,
        random_walk_ppm_per_sqrt_s: float = 0.0,
        sigmas: float = 4.0,
    ) -> None: ...
    @property
    def rate_ppm_per_s(self) -> float: ...
    @property
    def step_ppm(self) -> float: ...
    @property
    def peer_frequency_hz(self) -> float: ...
    @property
    def random_walk_ppm_per_sqrt_s(self) -> float: ...
    @property
    def sigmas(self) -> float: ...

class TscRelation:
    """Two-round MinRTT relation A from B (Eq. 2, 4)."""
    def __init__(
        self,
        first: MinRttRound,
        second: MinRttRound,
        slack_ticks: float = 1.0,
    ) -> None: ...
    @property
    def ratio(self) -> float: ...
    @property
    def e(self) -> float: ...
    @property
    def ratio_bound(self) -> float: ...
    def translate(self, b: float) -> tuple:
        """(value, bound) of B's tick b in A ticks"""
        ...
    def translate_duration(self, d_b: float) -> DurationEstimate: ...
    def translate_from(self, b: int, a_anchor: int) -> tuple:
        """(A(b) - a_anchor, bound), exact at any counter value"""
        ...
    def translate_duration_at(self, b_start: int, b_end: int) -> DurationEstimate:
        """Scenario 1 with the drift-wander term"""
        ...

def tsc_relation_with_wander(
    first: MinRttRound,
    second: MinRttRound,
    wander: DriftWander,
    slack_ticks: float = 1.0,
) -> TscRelation:
    """TscRelation with a drift-wander term in every bound."""
    ...

def trivial_duration(a_start: int, a_end: int) -> DurationEstimate: ...

def scenario1(ab: TscRelation, b_start: int, b_end: int) -> DurationEstimate: ...

def scenario2(
    ab: TscRelation,
    a_tick: int,
    b_tick: int,
    start_on_reference: bool = True,
) -> DurationEstimate: ...

def scenario3(ab: TscRelation, bc: TscRelation, b_start: int, c_end: int) -> DurationEstimate: ...

def baseline(ab: TscRelation, ac: TscRelation, b_start: int, c_end: int) -> DurationEstimate: ...

class FitStatus:
    """
    Members:

      NOT_FITTED

      OK

      TOO_FEW

      AFFINE_REFUTED

      UNBOUNDED
    """
    def __init__(self, value: int) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    NOT_FITTED: ClassVar[FitStatus]
    OK: ClassVar[FitStatus]
    TOO_FEW: ClassVar[FitStatus]
    AFFINE_REFUTED: ClassVar[FitStatus]
    UNBOUNDED: ClassVar[FitStatus]

class MultiRoundRelation:
    """Set-membership fit over all probe rounds (Eigen)."""
    def __init__(self, slack_ticks: float = 1.0) -> None: ...
    def add_round(self, round: MinRttRound) -> None: ...
    def add_rounds(self, rounds: List[MinRttRound]) -> None: ...
    def fit(self) -> bool: ...
    @property
    def n_rounds(self) -> int: ...
    def ratio_range(self) -> tuple: ...
    def translate(self, b: float) -> tuple: ...
    def duration_range(self, d_b: float) -> tuple: ...
    def add_reverse_round(self, round: MinRttRound) -> None:
        """a round initiated by B: (B send, A read, B receive)"""
        ...
    def add_reverse_rounds(self, rounds: List[MinRttRound]) -> None: ...
    def set_drift_wander(self, wander: DriftWander) -> None: ...
    def fit_status(self) -> FitStatus: ...
    def affine_residual(self) -> float:
        """smallest widening (ticks) that admits a line; 0 if the rounds are affine"""
        ...
    def translate_range_from(self, b: int, a_anchor: int) -> tuple: ...
    def duration_range_at(self, b_start: int, b_end: int) -> tuple: ...

class NtpEstimator:
    """NTP-style offset estimator with a bound."""
    def __init__(
        self,
        max_skew_ppm: float,
        precision_ns: int = 1,
        filter_length: int = 8,
    ) -> None: ...
    def add_sample(self, t1: int, t2: int, t3: int, t4: int) -> None: ...
    def to_server(self, client_time_ns: int) -> tuple: ...
    def set_drift_wander(self, rate_ppm_per_s: float, step_ppm: float = 0.0) -> None: ...
    def set_rfc5905_filter(self) -> None:
        """select samples as ntpd's clock filter does (before the first sample)"""
        ...

class RelationGraph:
    """Relations over N nodes: chains, best paths, triangle checks."""
    def __init__(self, nodes: int) -> None: ...
    @property
    def n_nodes(self) -> int: ...
    @property
    def n_relations(self) -> int: ...
    def set_max_hops(self, hops: int) -> None: ...
    @overload
    def add_relation(self, reference: int, peer: int, relation: TscRelation) -> None: ...
    @overload
    def add_relation(self, reference: int, peer: int, relation: MultiRoundRelation) -> None: ...
    def has_relation(self, reference: int, peer: int) -> bool: ...
    def translate(self, from_node: int, tick: int, to_node: int) -> dict:
        """best chain, tightened by the direct edge and every two-hop path"""
        ...
    def duration(
        self,
        reference: int,
        start_node: int,
        start_tick: int,
        end_node: int,
        end_tick: int,
    ) -> dict: ...
    def check_triangles(self) -> dict: ...

class EtePredictor:
    """
    OneClock ETE predictor: Baseline, Average, FtAverage or Kalman over the last N samples (times in
    ns).
    """
    def __init__(self, kind: str, window: int = 8) -> None: ...
    def predict(self) -> int:
        """s[n|n-1] in ns (0 before any sample)"""
        ...
    def update(self, ete_ns: int) -> None:
        """feed a measured ETE in ns"""
        ...
    def reset(self) -> None: ...
    @property
    def kind(self) -> str: ...
    @property
    def window(self) -> int: ...
    @property
    def sample_count(self) -> int: ...
    @property
    def variance(self) -> float:
        """Kalman P[n] (ns^2)"""
        ...
    @property
    def gain(self) -> float:
        """Kalman K[n]"""
        ...
    @property
    def process_variance(self) -> float:
        """Kalman W[n] (ns^2)"""
        ...
    @property
    def measurement_variance(self) -> float:
        """Kalman V[n] (ns^2)"""
        ...

class ReferencePredictor:
    """
    A baseline the OneClock predictors must beat: LastSample, WindowMedian (median of the last N) or
    Calibrated (mean of the first N, then frozen); times in ns.
    """
    def __init__(self, kind: str, window: int = 8) -> None: ...
    def predict(self) -> int:
        """predicted ETE in ns (0 before any sample)"""
        ...
    def update(self, ete_ns: int) -> None:
        """feed a measured ETE in ns"""
        ...
    def reset(self) -> None: ...
    @property
    def kind(self) -> str: ...
    @property
    def window(self) -> int: ...
    @property
    def sample_count(self) -> int: ...

def evaluate_predictors(
    ete_ns: List[int],
    level_ns: List[int] = ...,
    window: int = 8,
    skip: int = 0,
) -> dict:
    """
    Replay every ETE predictor over a series offline (predict, then feed) and return the error
    statistics per predictor: the paper's Baseline, Average, FtAverage, Kalman, the references
    LastSample, WindowMedian, Calibrated and, given the levels, LevelOracle.
    """
    ...

def server_types() -> list:
    """
    The server types of the OneClock paper's Table II as ServiceTimeModel attributes (the numbers
    are chronometry's, not the paper's: see doc/scheduling.rst).
    """
    ...

def draw_service_series(
    count: int,
    period_ns: int = 1000000000,
    server_type: str = '',
    attributes: Dict[str, str] = ...,
    stream: int = 1,
    start_ns: int = 0,
) -> dict:
    """
    Draw a synthetic service-time series from a ns3::ServiceTimeModel (a Table II server type and/or
    attributes as strings) without a simulator: the ETEs, their true levels (the oracle) and which
    draws had a spike, the degraded regime or the cold penalty.
    """
    ...

def link_trace(
    senders: List[int],
    receivers: List[int],
    send_ts: List[Optional[int]],
    recv_ts: List[Optional[int]],
    *,
    true_parent: Optional[List[int]] = None,
    **kwargs,
) -> dict:
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
) -> dict:
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
) -> dict:
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
) -> dict:
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
) -> dict:
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
) -> dict:
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
) -> dict:
    """
    Calibration of probabilistic choices: log-loss, Brier, ECE, reliability bins; truth is the index
    of the true option, or -1 if none of them.
    """
    ...

def mean_interval(values: List[float], level: float = 0.95) -> dict:
    """Student-t confidence interval of the mean of per-run scores."""
    ...

def wilson_interval(successes: int, trials: int, level: float = 0.95) -> dict:
    """Wilson score interval of a proportion."""
    ...

class RdaSketch:
    """Reconcilable Difference Aggregator (k banks x m buckets)."""
    def __init__(
        self,
        banks: int,
        buckets_per_bank: int,
        checksum: bool = True,
        seed: int = 0,
    ) -> None: ...
    def insert(self, id: int, ts_ns: int) -> None: ...
    def delete(self, id: int, ts_ns: int) -> None: ...
    def subtract(self, other: RdaSketch) -> bool: ...
    def decode(self) -> tuple:
        """(complete, [(id, sign)]): sign +1 sender only, -1 receiver only (for S - R)"""
        ...
    @property
    def banks(self) -> int: ...
    @property
    def buckets_per_bank(self) -> int: ...
    @property
    def memory_bytes(self) -> int: ...
    def copy(self) -> RdaSketch: ...

def rda_repair(
    sender: RdaSketch,
    receiver: RdaSketch,
    entries: List[Tuple[int, int, int]],
) -> None:
    """Delete decoded entries [(id, sign, ts_ns)] from the side that holds them."""
    ...

def rda_aggregate(sender: RdaSketch, receiver: RdaSketch, paper_variance: bool = False) -> dict: ...

class LdaSketch:
    """Lossy Difference Aggregator (timestamp sum, count)."""
    def __init__(self, buckets: int, seed: int = 0) -> None: ...
    def insert(self, id: int, ts_ns: int) -> None: ...

def lda_aggregate(sender: LdaSketch, receiver: LdaSketch, paper_variance: bool = False) -> dict: ...

class FineCombSketch:
    """FineComb: LDA plus XOR parity, stash repair."""
    def __init__(self, buckets: int, seed: int = 0) -> None: ...
    def insert(self, id: int, ts_ns: int) -> None: ...

def finecomb_aggregate(
    sender: FineCombSketch,
    receiver: FineCombSketch,
    sender_stash: List[Tuple[int, int]] = ...,
    receiver_stash: List[Tuple[int, int]] = ...,
    max_combinations: int = 4096,
    paper_variance: bool = False,
) -> dict: ...

class LatencyIntervalCache:
    """Late-binding (id, ts) cache."""
    def __init__(self) -> None: ...
    def add(self, id: int, ts_ns: int) -> bool: ...
    def __len__(self) -> int: ...
    def signature(self, k: int, seed: int = 0) -> List[int]: ...
    def build_rda(
        self,
        banks: int,
        buckets_per_bank: int,
        checksum: bool = True,
        seed: int = 0,
    ) -> RdaSketch: ...

def estimate_difference(
    sig_a: List[int],
    size_a: int,
    sig_b: List[int],
    size_b: int,
    k: int,
) -> float: ...

def exact_difference(a: LatencyIntervalCache, b: LatencyIntervalCache) -> int: ...

def estimate_difference_with_error(
    sig_a: List[int],
    size_a: int,
    sig_b: List[int],
    size_b: int,
    k: int,
    z: float = 2.0,
) -> dict: ...

def buckets_for_target(
    d_bound: float,
    factor: float = 0.6,
    banks: int = 3,
    std_rel_error: float = 0.0,
    min_buckets: int = 32,
) -> int:
    """Buckets per bank: max(ceil(factor d_bound) + min_buckets, ceil(1 / std_rel_error^2))."""
    ...

def rda_transition(
    banks: int = 2,
    total_buckets: int = 5000,
    checksum: bool = False,
    common_packets: int = 20000,
    difference: int = 0,
    lost_fraction: float = 0.5,
    weibull_shape: float = 0.6,
    weibull_scale_ns: float = 100000.0,
    trials: int = 20,
    seed: int = 1,
) -> dict:
    """Figure 7/8: RDA at a fixed size against LDA and FineComb as d grows (one point)."""
    ...

def rda_layout(
    banks: int,
    checksum: bool,
    bytes_per_difference: float,
    difference: int,
    common_packets: int = 1000,
    trials: int = 200,
    seed: int = 11,
    validate: bool = True,
) -> dict:
    """Equal-memory layout comparison: exact decodes out of trials."""
    ...

def decode_cost(
    problematic: int,
    stash_size: int,
    max_combinations: int = 4194304,
    seed: int = 5,
) -> dict:
    """Figure 6: decode cost of RDA against brute-force and bucketed FineComb (CPU s)."""
    ...
