# The names of chronometry.relation, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
Clock relation (model/relation): how one node's counter maps to another's, from probe rounds
(MinRTT, the set-membership fit over every round, the NTP-style estimator), the durations it
bounds across nodes, the relation graph over N nodes, and the relation studies
(run_relation_study, run_relation_graph_study).

The duration functions are named by where the two ends of the duration are: on one node B
(duration_on_node), one on the reference A (duration_from_reference), on two nodes B and C
chained through B's relation to C (duration_across_nodes), or each translated into A separately
(duration_across_nodes_via_reference, the baseline duration_across_nodes must beat).
"""

import datetime
import numpy
from typing import ClassVar, List, NotRequired, Optional, Tuple, TypedDict, Union, overload

class MinRttRound:
    """
    One probe round initiated by A towards B, in counter ticks: A's send, B's reading, A's receive.

    Parameters
    ----------
    send_a : int
        A's counter when it sent the probe.
    peer_b : int
        B's counter when it answered.
    recv_a : int
        A's counter when the answer came back.
    """
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

def select_min_rtt(rounds: List[MinRttRound]) -> MinRttRound:
    """
    The round with the smallest round-trip time (MinRTT's choice: the least queueing).

    Parameters
    ----------
    rounds : list of MinRttRound
        The rounds, at least one.

    Returns
    -------
    MinRttRound
        The round of the smallest recv_a - send_a.

    Raises
    ------
    ValueError
        No rounds.
    """
    ...

class DurationEstimate:
    """
    A duration translated into the reference A's ticks: ``value`` within +-``bound`` (chronometry's
    bound) and ``paper_bound`` (the paper's formula, for comparison; it can fail to cover).
    """
    @property
    def value(self) -> float: ...
    @property
    def bound(self) -> float: ...
    @property
    def paper_bound(self) -> float: ...

class DriftWander:
    """
    Bound on how far the relative drift of two counters moves between probe rounds.

    A term added to every bound of a relation: a drift rate (ppm/s), steps (ppm) and a random walk
    (ppm/sqrt(s), K sigmas).

    Parameters
    ----------
    rate_ppm_per_s : float, default 0.0
        The largest drift rate, ppm/s.
    step_ppm : float, default 0.0
        The largest drift step, ppm, in [0, 10000].
    peer_frequency_hz : float, default 0.0
        B's nominal frequency, Hz (needed with any wander term).
    max_abs_drift_ppm : float, default 1000.0
        The largest |relative drift|, ppm.
    random_walk_ppm_per_sqrt_s : float, default 0.0
        The random walk's spread, ppm/sqrt(s).
    sigmas : float, default 4.0
        The random walk's bound in standard deviations K.

    Raises
    ------
    ValueError
        A value out of range, or a wander term without peer_frequency_hz (ConfigError, naming the
        field).
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
    """
    Two-round MinRTT relation of A's counter from B's (Eq. 2, 4): a ratio and an offset, bounded.

    Parameters
    ----------
    first : MinRttRound
        The earlier round.
    second : MinRttRound
        The later round (B's reading after the first's).
    slack_ticks : float, default 1.0
        Counter quantisation allowed on each reading, ticks.

    Raises
    ------
    ValueError
        Rounds out of order or a negative slack (ConfigError).
    """
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
    """
    A TscRelation with a drift-wander term in every bound.

    Parameters
    ----------
    first : MinRttRound
        The earlier round.
    second : MinRttRound
        The later round.
    wander : DriftWander
        How far the relative drift may move.
    slack_ticks : float, default 1.0
        Counter quantisation allowed on each reading, ticks.

    Returns
    -------
    TscRelation
        The relation, its bounds widened by the wander.

    Raises
    ------
    ValueError
        Rounds out of order or a negative slack (ConfigError).
    """
    ...

def trivial_duration(a_start: int, a_end: int) -> DurationEstimate:
    """
    A duration whose two ends are on the reference A itself: exact, bound 0.

    Parameters
    ----------
    a_start : int
        The start, A ticks.
    a_end : int
        The end, A ticks.

    Returns
    -------
    DurationEstimate
        a_end - a_start, bound 0.
    """
    ...

def duration_on_node(ab: TscRelation, b_start: int, b_end: int) -> DurationEstimate:
    """
    A duration with both ends on node B, in the reference A's ticks (the paper's Scenario 1).

    Parameters
    ----------
    ab : TscRelation
        The relation A from B.
    b_start : int
        The start, B ticks.
    b_end : int
        The end, B ticks.

    Returns
    -------
    DurationEstimate
        The duration in A ticks and its bound.
    """
    ...

def duration_from_reference(
    ab: TscRelation,
    a_tick: int,
    b_tick: int,
    start_on_reference: bool = True,
) -> DurationEstimate:
    """
    A duration with one end on the reference A and the other on B (the paper's Scenario 2).

    Parameters
    ----------
    ab : TscRelation
        The relation A from B.
    a_tick : int
        The end on A, A ticks.
    b_tick : int
        The end on B, B ticks.
    start_on_reference : bool, default True
        The duration starts on A (False: it starts on B).

    Returns
    -------
    DurationEstimate
        The duration in A ticks and its bound.
    """
    ...

def duration_across_nodes(
    ab: TscRelation,
    bc: TscRelation,
    b_start: int,
    c_end: int,
) -> DurationEstimate:
    """
    A duration from node B to node C, neither the reference A (the paper's Scenario 3): C's end is
    chained through B's relation to C, so only one translation into A's ticks is needed.

    Parameters
    ----------
    ab : TscRelation
        The relation A from B.
    bc : TscRelation
        The relation B from C.
    b_start : int
        The start, B ticks.
    c_end : int
        The end, C ticks.

    Returns
    -------
    DurationEstimate
        The duration in A ticks and its bound.
    """
    ...

def duration_across_nodes_via_reference(
    ab: TscRelation,
    ac: TscRelation,
    b_start: int,
    c_end: int,
) -> DurationEstimate:
    """
    The baseline duration_across_nodes must beat: each end translated into A separately (Eq. 11).

    Parameters
    ----------
    ab : TscRelation
        The relation A from B.
    ac : TscRelation
        The relation A from C.
    b_start : int
        The start, B ticks.
    c_end : int
        The end, C ticks.

    Returns
    -------
    DurationEstimate
        The duration in A ticks and its bound (the paper's bound is 2e).
    """
    ...

class FitStatus:
    """
    What MultiRoundRelation.fit found: OK, NOT_FITTED (not yet), TOO_FEW (rounds), AFFINE_REFUTED
    (no affine relation fits every round: the drift moved) or UNBOUNDED.

    Parameters
    ----------
    value : int
        The status' number.

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
    """
    Set-membership fit of A's counter from B's over every probe round, in both directions (Eigen).

    Parameters
    ----------
    slack_ticks : float, default 1.0
        Counter quantisation allowed on each reading, ticks, in [0, 1e9].

    Raises
    ------
    ValueError
        A slack out of range (ConfigError).
    """
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
    """
    NTP-style offset estimator with a bound: the server's time from the client's, from the
    exchanges with the smallest delay.

    Parameters
    ----------
    max_skew_ppm : float
        The largest frequency error of the client's clock, ppm, in (0, 10000].
    precision_ns : int, default 1
        The clocks' reading precision, ns.
    filter_length : int, default 8
        Exchanges the filter keeps.

    Raises
    ------
    ValueError
        A value out of range (ConfigError).
    """
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
    """
    Relations over N nodes: the best chain between any two, tightened by the direct edge and every
    two-hop path, and the triangles whose relations disagree.

    Parameters
    ----------
    nodes : int
        The number of nodes, in [2, 65536].

    Raises
    ------
    ValueError
        A node count out of range (ConfigError).
    """
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
    def translate(self, from_node: int, tick: int, to_node: int) -> Translation:
        """best chain, tightened by the direct edge and every two-hop path"""
        ...
    def duration(
        self,
        reference: int,
        start_node: int,
        start_tick: int,
        end_node: int,
        end_tick: int,
    ) -> GraphDuration: ...
    def check_triangles(self) -> TriangleCheck: ...

class Translation(TypedDict):
    """
    RelationGraph.translate: whether a chain was found, its path, the translated tick as base
        + offset within +-bound (and the tightened one), the intervals intersected and whether they
        agreed.
    """
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
    """
    RelationGraph.duration: a duration between ticks of two nodes, in the reference's ticks,
        within +-bound.
    """
    found: bool
    value: float
    bound: float
    consistent: bool

class TriangleCheck(TypedDict):
    """
    RelationGraph.check_triangles: the triangles checked and the (a, b, c) whose relations
        disagree.
    """
    checked: int
    flagged: List[Tuple[int, int, int]]

class RelationStudyRow(TypedDict):
    """One of the methods of run_relation_study's result."""
    method: Optional[str]
    path: Optional[str]
    n: Optional[int]
    covered: Optional[int]
    paper_covered: Optional[int]
    mean_bound_us: Optional[float]
    max_bound_us: Optional[float]
    mean_abs_error_us: Optional[float]
    max_abs_error_us: Optional[float]
    min_rtt_quiet_us: Optional[float]
    min_rtt_busy_us: Optional[float]
    mean_latency_us: Optional[float]
    half_min_rtt_us: Optional[float]
    bound_ratio: Optional[float]
    half_true_min_rtt_us: Optional[float]
    bound_ratio_true_path: Optional[float]

class RelationStudyResult(TypedDict):
    """
    What run_relation_study returns (run_study('relation')): every parameter, the results (None
    where one does not apply), the CSV line(s).
    """
    drift_ppm: float
    asymmetry_ns: int
    load: float
    load_span: str
    rounds: int
    busy_rounds: int
    tuple_interval_ns: int
    workload_ns: int
    ntp_poll_ns: int
    ntp_max_skew_ppm: float
    link_mbps: float
    link_delay_ns: int
    response_jitter_ns: int
    boot_base: int
    noise_model: str
    tsc_model: str
    drift_step_ppm: float
    drift_step_min_ppm: float
    drift_step_from: float
    drift_step_to: float
    walk_spread_ppm: float
    wander_term: bool
    bound_source: str
    oscillator_class: str
    extrapolate: bool
    both_directions: bool
    ntp_hops: int
    ntp_filter: str
    seed: int
    run: int
    tuples: Optional[int]
    malformed: Optional[int]
    affine_refuted: Optional[int]
    step_drawn_ppm: Optional[float]
    step_drawn_at_s: Optional[float]
    wander_j_ac_ppm: Optional[float]
    phi_ppm: Optional[float]
    inputs: Optional[str]
    wall_s: Optional[float]
    methods: List[RelationStudyRow]
    csv_rows: str

def run_relation_study(
    *,
    rows: Optional[bool] = None,
    drift_ppm: float = 20.0,
    asymmetry: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    asymmetry_ns: int = 100000,
    load: float = 0.7,
    load_span: str = 'run',
    rounds: int = 100,
    busy_rounds: int = 20,
    tuple_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    tuple_interval_ns: int = 5000000,
    workload: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    workload_ns: int = 4000000000,
    ntp_poll: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    ntp_poll_ns: int = 1000000000,
    ntp_max_skew_ppm: float = 0.0,
    link_mbps: float = 10.0,
    link_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    link_delay_ns: int = 50000,
    response_jitter: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    response_jitter_ns: int = 20000,
    boot_base: int = 0,
    noise_model: str = 'none',
    tsc_model: str = 'constant',
    drift_step_ppm: float = 1.0,
    drift_step_min_ppm: float = 0.0,
    drift_step_from: float = 0.0,
    drift_step_to: float = 1.0,
    walk_spread_ppm: float = 0.1,
    wander_term: bool = False,
    bound_source: str = 'class',
    oscillator_class: str = 'XO',
    extrapolate: bool = False,
    both_directions: bool = False,
    ntp_hops: int = 0,
    ntp_filter: str = 'BestAtQuery',
    seed: int = 1,
    run: int = 1,
) -> RelationStudyResult:
    """
    run_study('relation', **parameters): MinRTT TSC relation (CP, CP_BUSY, CP_MULTI, CP_BASELINE) vs
    NTP and return-trip bounds on a three-stage pipeline, every duration scored against the truth.

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    drift_ppm : float, default 20.0
        Per-node TSC drift, uniform in [-DriftPpm, DriftPpm]. Range [0 ppm, 500 ppm]. Unit ppm.
    asymmetry, asymmetry_ns : time ('8us', a timedelta) or int ns, default 100us
    (asymmetry_ns=100000)
        Extra one-way delay into B and C (ingress). Range [0ns, 100ms].
    load : float, default 0.7
        Background on-fraction into A, B and C (on/off UDP at line rate from D, during LoadSpan).
    Range [0, 0.98].
    load_span : str, default 'run'
        When the background load runs: run (from the start to the end, so it overlaps every probe
    window, pre and post included) or workload (the busy phase only: the pre and post windows CP
    uses stay quiet). Range run, workload.
    rounds : int, default 100
        Probe rounds per ordered pair and window (the paper uses 100). Range [1 rounds, 100000
    rounds]. Unit rounds.
    busy_rounds : int, default 20
        MinRTT rounds per pair in the busy windows. Range [1, 10000].
    tuple_interval, tuple_interval_ns : time ('8us', a timedelta) or int ns, default 5ms
    (tuple_interval_ns=5000000)
        Pipeline tuple interval. Range [100us, 1s].
    workload, workload_ns : time ('8us', a timedelta) or int ns, default 4s (workload_ns=4000000000)
        Workload (busy phase) length. Range [2s, 600s].
    ntp_poll, ntp_poll_ns : time ('8us', a timedelta) or int ns, default 1s (ntp_poll_ns=1000000000)
        NTP poll interval. Range [10ms, 1h].
    ntp_max_skew_ppm : float, default 0.0
        NTP's (and the return trip's) bound phi on the rate difference of two clocks; 0 = from
    BoundSource. Range [0 ppm, 10000 ppm]. Unit ppm.
    link_mbps : float, default 10.0
        Access link rate. Range [0.1 Mb/s, 100000 Mb/s]. Unit Mb/s.
    link_delay, link_delay_ns : time ('8us', a timedelta) or int ns, default 50us
    (link_delay_ns=50000)
        Access link delay. Range [0ns, 1s].
    response_jitter, response_jitter_ns : time ('8us', a timedelta) or int ns, default 20us
    (response_jitter_ns=20000)
        Maximum of each of the two uniform random delays before and after the TSC read of a response
    (OS noise); used when ResponseHostDelay is not set. Range [0ns, 10ms].
    boot_base : int, default 0
        Added to every TSC's boot value (uniform in [0, 2^40) ticks): the counters' uptime before
    the run (2^62 ticks: 49 years at 3 GHz). Range [0 ticks, 9223372036854775808 ticks]. Unit ticks.
    noise_model : str, default 'none'
        Probe noise: none (the links, Load and Asymmetry only); host (heavy-tailed host delays:
    log-normal service times, median 20 us, sigma 1, plus 1% VM stalls of 1-5 ms, at every responder
    and receiver); route (C's uplink 4x slower than its downlink, and mid-workload +200 us each way
    and the uplink 10x slower); all (host and route). Range none, host, route, all.
    tsc_model : str, default 'constant'
        TSC oscillators: constant (drift only), step (C's drift steps once, by a size uniform in
    [DriftStepMinPpm, DriftStepPpm] of random sign, at a time uniform in [DriftStepFrom,
    DriftStepTo] of the workload) or walk (every TSC's drift is a random walk of WalkSpreadPpm per
    sqrt(s)). Range constant, step, walk.
    drift_step_ppm : float, default 1.0
        Largest |drift step| of C's TSC (TscModel step). Range [0 ppm, 100 ppm]. Unit ppm.
    drift_step_min_ppm : float, default 0.0
        Smallest |drift step| of C's TSC (TscModel step; at most DriftStepPpm). Range [0 ppm, 100
    ppm]. Unit ppm.
    drift_step_from : float, default 0.0
        Earliest drift step, as a fraction of the workload (TscModel step). Range [0, 1].
    drift_step_to : float, default 1.0
        Latest drift step, as a fraction of the workload (TscModel step; at least DriftStepFrom).
    Range [0, 1].
    walk_spread_ppm : float, default 0.1
        Random-walk spread of every TSC's drift (TscModel walk), per sqrt(s). Range [0 ppm, 100
    ppm]. Unit ppm.
    wander_term : bool, default False
        Add the drift-wander term (DriftWander: J and the walk's sigma from BoundSource) to the CP,
    CP_BUSY, CP_MULTI and CP_BASELINE bounds, and J to the NTP bound.
    bound_source : str, default 'class'
        Where the wander term's J and sigma and NTP's phi come from: class (the OscillatorClass
    datasheet: J = 4 T for a pair, T its tolerance; sigma from its random-walk FM; phi = 2 T), half
    or double (the class values misspecified), measured (CP's J per pair from the spread of the
    ratios of its own windows; NTP's phi and J from the class) or oracle-bound (the injected step,
    walk and drift: a bound, not a method). Range class, measured, half, double, oracle-bound.
    oscillator_class : str, default 'XO'
        The TSCs' datasheet class for BoundSource class, half, double and measured
    (PowerLawOscillator presets: XO +-50 ppm, TCXO +-2 ppm, OCXO +-0.05 ppm). Range XO, TCXO, OCXO.
    extrapolate : bool, default False
        CP's second quiet window (post) runs 500 ms after the first (pre), before the workload,
    instead of after it: every tuple is then translated outside the window, where the paper's e is
    no bound and the rigorous bound grows with the distance (the busy windows do not move).
    both_directions : bool, default False
        CP_MULTI also fits the rounds the peer initiated (the server probes every ordered pair).
    ntp_hops : int, default 0
        Extra routers between the pipeline's router and the NTP server D (each link 10x LinkMbps,
    LinkDelay; D's background load crosses them). Range [0 routers, 16 routers]. Unit routers.
    ntp_filter : str, default 'BestAtQuery'
        Sample selection: BestAtQuery (the smallest bound at each query) or Rfc5905 (ntpd's clock
    filter: best distance at arrival, newer samples only). Range BestAtQuery, Rfc5905.
    seed : int, default 1
        RNG seed (ns-3's RngSeed): stays fixed across replications. Range [1, 4294967295].
    run : int, default 1
        RNG run (ns-3's RngRun): independent replications differ in it. Range [1,
    1000000000000000000].

    Returns
    -------
    RelationStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

        tuples: int -- tuples that completed with all events
        malformed: int -- malformed packets dropped by the apps
        affine_refuted: int -- pairs (of A-B, A-C, B-C) whose multi-round fit refuted the affine
    model; their CP_MULTI durations are not estimated
        step_drawn_ppm: float, ppm -- C's drift step drawn for this run (truth; TscModel step)
        step_drawn_at_s: float, s -- when it happened (truth)
        wander_j_ac_ppm: float, ppm -- the J of the A-C pair's CP wander term (0 without WanderTerm)
        phi_ppm: float, ppm -- NTP's phi
        inputs: str -- where J, sigma and phi came from: measured, class <C>, half <C>, double <C>
    or oracle (bound)
        wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
        methods: list of dicts, one per row (always):
          method: str (key) -- CP, CP_BUSY, CP_MULTI, ReT, NTP, CP_BASELINE
          path: str (key) -- the duration measured: A->C (scenario 2), B->C (scenario 3), B
    (scenario 1)
          n: int -- durations measured
          covered: int -- durations with |error| <= bound
          paper_covered: int -- |error| <= the paper's bound (CP methods), else = covered
          mean_bound_us: float, us -- mean reported bound
          max_bound_us: float, us -- largest reported bound
          mean_abs_error_us: float, us -- mean |error| against the true duration
          max_abs_error_us: float, us -- largest |error|
          min_rtt_quiet_us: float, us -- A->C MinRTT in the pre window (per run)
          min_rtt_busy_us: float, us -- A->C MinRTT in the first busy window
          mean_latency_us: float, us -- true A->C latency, mean (per run)
          half_min_rtt_us: float, us -- half the smallest probe RTT of the pair the duration ends on
    (A-C, B-C, A-B), all windows, at the initiator's nominal rate
          bound_ratio: float -- mean_bound_us / half_min_rtt_us: against the probes' own minimum, so
    about 1 for CP by construction
          half_true_min_rtt_us: float, us -- half the true minimum RTT of the pair's network path:
    the smallest IP-to-IP one-way delay of any packet from one node to the other, plus the smallest
    back, in true time, over every packet of the run (from the simulator; no estimator sees it)
          bound_ratio_true_path: float -- mean_bound_us / half_true_min_rtt_us: the bound against
    the path's physical half RTT (host delays, response jitter and the ingress delay are the hosts',
    not the path's)
        csv_rows: str -- the CSV lines the C++ programs write for these parameters

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

RELATION_STUDY_CSV_HEADER: str

# One of the pairs of run_relation_graph_study's result.
RelationGraphStudyRow = TypedDict('RelationGraphStudyRow', {
    'from': Optional[int],
    'to': Optional[int],
    'hops': Optional[int],
    'bound_us': Optional[float],
    'error_us': Optional[float],
    'covered': Optional[bool],
})

class RelationGraphStudyResult(TypedDict):
    """
    What run_relation_graph_study returns (run_study('relation-graph')): every parameter, the
    results (None where one does not apply), the CSV line(s).
    """
    nodes: int
    drift_ppm: float
    rounds: int
    extra_delay_ns: int
    edge_probability: float
    gap_ns: int
    multi_round: bool
    seed: int
    run: int
    edges: Optional[int]
    queries: Optional[int]
    found: Optional[int]
    covered: Optional[int]
    best_covered: Optional[int]
    flagged: Optional[int]
    mean_hops: Optional[float]
    mean_bound_us: Optional[float]
    direct: Optional[int]
    direct_beaten: Optional[int]
    best_over_direct: Optional[float]
    triangles: Optional[int]
    triangles_flagged: Optional[int]
    wall_s: Optional[float]
    pairs: NotRequired[List[RelationGraphStudyRow]]
    csv_row: str

def run_relation_graph_study(
    *,
    rows: Optional[bool] = None,
    nodes: int = 30,
    drift_ppm: float = 20.0,
    rounds: int = 4,
    extra_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    extra_delay_ns: int = 400000,
    edge_probability: float = 0.3,
    gap: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    gap_ns: int = 30000000000,
    multi_round: bool = False,
    seed: int = 1,
    run: int = 1,
) -> RelationGraphStudyResult:
    """
    run_study('relation-graph', **parameters): MinRTT relations over N nodes (RelationGraph: chains,
    best path, triangle tightening and flags), every ordered pair translated and scored against the
    truth.

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    nodes : int, default 30
        Number of nodes N. Range [3 nodes, 64 nodes]. Unit nodes.
    drift_ppm : float, default 20.0
        Per-node TSC drift, uniform in [-DriftPpm, DriftPpm]. Range [0 ppm, 500 ppm]. Unit ppm.
    rounds : int, default 4
        Probe rounds per ordered pair and window (the paper uses 100). Range [1 rounds, 100000
    rounds]. Unit rounds.
    extra_delay, extra_delay_ns : time ('8us', a timedelta) or int ns, default 400us
    (extra_delay_ns=400000)
        Per-node extra link delay (on top of 50 us), uniform in [0, ExtraDelay]. Range [0ns, 100ms].
    edge_probability : float, default 0.3
        Probability that an undirected pair's relations are kept (a sparse probing plan; 1 = every
    pair). Range [0.05, 1].
    gap, gap_ns : time ('8us', a timedelta) or int ns, default 30s (gap_ns=30000000000)
        Time from the start of the first window to the start of the second. Range [1s, 1h].
    multi_round : bool, default False
        Edges from the multi-round fit over both windows and both probing directions instead of the
    two-round relation.
    seed : int, default 1
        RNG seed (ns-3's RngSeed): stays fixed across replications. Range [1, 4294967295].
    run : int, default 1
        RNG run (ns-3's RngRun): independent replications differ in it. Range [1,
    1000000000000000000].

    Returns
    -------
    RelationGraphStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

        edges: int -- directed relations in the graph
        queries: int -- ordered pairs translated
        found: int -- queries with a chain
        covered: int -- |tightened - truth| <= its bound
        best_covered: int -- |best chain - truth| <= its bound
        flagged: int -- queries whose intervals disagree
        mean_hops: float -- mean hops of the best chain
        mean_bound_us: float, us -- mean tightened bound (target's ticks)
        direct: int -- queries with a direct edge
        direct_beaten: int -- ... whose bound a longer chain beats
        best_over_direct: float -- mean best-chain / direct bound
        triangles: int -- triangles checked
        triangles_flagged: int -- triangles flagged
        wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
        pairs: list of dicts, one per row (with rows=True):
          from: int (key) -- source node
          to: int (key) -- target node
          hops: int -- hops of the best chain (0: none)
          bound_us: float, us -- tightened bound
          error_us: float, us -- |estimate - truth|
          covered: bool -- error <= bound
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

RELATION_GRAPH_STUDY_CSV_HEADER: str
