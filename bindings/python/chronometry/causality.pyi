# The names of chronometry.causality, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
Causality stamps (model/causality): Lamport, vector, hybrid logical (HLC), hybrid vector (HVC)
and replay clocks (RepCl), the execution logs they stamp, and the replay study that scores them
against the vector-clock truth (run_replay_study).
"""

import datetime
import numpy
from typing import List, Optional, Tuple, TypedDict, Union

class LamportClock:
    """
    Lamport's logical clock: one counter, the happened-before relation's weakest stamp.

    ``LamportClock()`` starts at 0.
    """
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
    """
    Vector clock: one entry per process, the ground truth of happened-before.

    Parameters
    ----------
    n : int
        The number of processes.
    self : int
        This process' index, in [0, n - 1].

    Raises
    ------
    ValueError
        An index outside [0, n - 1] (ConfigError).
    """
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
    """
    Hybrid logical clock (l, c): physical time where it can, a counter where it cannot.

    ``HybridLogicalClock()`` starts at (0, 0).
    """
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
    """
    Hybrid vector clock, sparse: an entry per process within epsilon of the newest time.

    Parameters
    ----------
    n : int
        The number of processes.
    self : int
        This process' index, in [0, n - 1].
    epsilon_ns : int
        The skew bound E it assumes, ns: entries more than E behind are dropped.
    encoding : str, default 'bitmap'
        How encode() writes it: 'bitmap', 'sparse' or 'adaptive'.

    Raises
    ------
    ValueError
        An index outside [0, n - 1] or an unknown encoding (ConfigError).
    """
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
    """
    Parameters of a system's replay clocks (RepCl), shared by every process' clock.

    Parameters
    ----------
    n : int, default 64
        The number of processes, in [1, 65535].
    epsilon : int, default 10
        The skew bound E in epochs (E = epsilon x interval).
    interval_ns : int, default 100000
        The epoch length I, ns.
    counter_bits : int, default 4
        Bits of each counter in the encoding (wider when a counter needs it).
    sum_counters : bool, default False
        One summed counter instead of one per offset.
    counter_rule : str, default 'published'
        The counter update rule: 'published' (the paper's) or 'epoch_counts'.
    encoding : str, default 'bitmap'
        How encode() writes a clock: 'bitmap', 'sparse' or 'adaptive'.

    Raises
    ------
    ValueError
        A value out of range or an unknown name (ConfigError).
    """
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
    """
    Replay clock <mx, bitmap, offsets, counters> of one process.

    Parameters
    ----------
    config : ReplayClockConfig
        The system's parameters.
    self : int
        This process' index, in [0, config.n - 1].

    Raises
    ------
    ValueError
        An index out of range (ConfigError).
    """
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
    """
    An execution log: events in order, each stamped by every clock, with the vector-clock truth.

    Made by random_execution; ``len()``, ``event(i)``, ``check(...)`` (the replay checker),
    ``write_csv`` and ``write_shiviz`` read it.
    """
    def __len__(self) -> int: ...
    def event(self, index: int) -> ExecutionEvent: ...
    def check(
        self,
        skew_ns: int,
        interval_ns: int,
        hvc_skew_bound_ns: Optional[int] = None,
        *,
        hvc_epsilon_ns: Optional[int] = None,
    ) -> ReplayCheck:
        """
        Run the replay checker; returns the tallies as a dict. hvc_skew_bound_ns: the E HVC assumes
        (default skew_ns); hvc_epsilon_ns is its deprecated name.
        """
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
    """
    A simulator-free random execution with bounded-skew clocks and every clock stamped.

    Parameters
    ----------
    n : int, default 8
        Processes, in [1, 65535].
    events : int, default 200
        Events in total.
    mean_gap_ns : int, default 100000
        Mean gap between a process' events, ns.
    local_fraction : float, default 0.3
        Fraction of events that are local (the others send a message).
    min_delay_ns : int, default 1000
        Shortest message delay, ns.
    max_delay_ns : int, default 300000
        Longest message delay, ns.
    skew_ns : int, default 200000
        The skew bound E of the bounded-skew clocks, ns (a multiple of interval_ns).
    interval_ns : int, default 20000
        RepCl's epoch length I, ns.
    counter_rule : str, default 'published'
        RepCl's counter rule.
    sum_counters : bool, default False
        RepCl with one summed counter.
    seed : int, default 1
        The random stream's seed.

    Returns
    -------
    Execution
        The log, every event stamped by every clock.

    Raises
    ------
    ValueError
        A value out of range, or E not a multiple of I (ConfigError).
    """
    ...

class ExecutionEvent(TypedDict):
    """
    One event of an Execution (Execution.event): its process, kind, true and physical time,
        message and peer (-1 for a local event), its vector clock and the sizes of its stamps.
    """
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
    """
    Execution.check: the replay checker's tallies of every property against the vector-clock
        truth, the forced (capped) stamps per clock, and a one-line summary.
    """
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

class PropertyTally(TypedDict):
    """
    One property of the replay checker: the pairs it applies to, how many violate it, and a
        few violating pairs of event ids.
    """
    applicable: int
    violations: int
    examples: List[Tuple[int, int]]

class ReplayStudyResult(TypedDict):
    """
    What run_replay_study returns (run_study('replay')): every parameter, the results (None where
    one does not apply), the CSV line(s).
    """
    nodes: int
    skew_bound_ns: int
    interval_ns: int
    delay_ns: int
    jitter_ns: int
    on_wire: bool
    vector_on_wire: bool
    rate: float
    local_rate: float
    poisson: bool
    duration_ns: int
    clock_model: str
    offset_spread_ns: int
    sync: str
    sync_interval_ns: int
    announce_interval_ns: int
    min_delay_req_interval_ns: int
    unicast_delay_requests: bool
    min_poll: int
    max_poll: int
    sync_warmup_ns: int
    ntp_servers: int
    stamp_sync_protocols: bool
    counter_rule: str
    sum_counters: bool
    counter_bits: int
    encoding: str
    exact_limit: int
    sample_pairs: int
    seed: int
    run: int
    topology: str
    events: Optional[int]
    messages: Optional[int]
    delivered_messages: Optional[int]
    message_hvc_violation_fraction: Optional[float]
    message_repcl_violation_fraction: Optional[float]
    message_downhill_fraction: Optional[float]
    theta_mean: Optional[float]
    theta_p99: Optional[float]
    theta_max: Optional[float]
    sigma_mean: Optional[float]
    sigma_max: Optional[float]
    repcl_bits_mean: Optional[float]
    repcl_bits_p99: Optional[float]
    repcl_bits_max: Optional[float]
    hvc_mean: Optional[float]
    hvc_max: Optional[float]
    delay_min_us: Optional[float]
    delay_mean_us: Optional[float]
    delay_max_us: Optional[float]
    hlc_bits: Optional[float]
    vector_bits_mean: Optional[float]
    pairs: Optional[int]
    sampled: Optional[bool]
    concurrent_fraction: Optional[float]
    hb_pairs: Optional[int]
    r1_violations: Optional[int]
    r1_violation_fraction: Optional[float]
    r2_applicable: Optional[int]
    r2_violations: Optional[int]
    r2_violation_fraction: Optional[float]
    r2_thesis_applicable: Optional[int]
    r2_thesis_violations: Optional[int]
    r2_thesis_violation_fraction: Optional[float]
    r3_violations: Optional[int]
    r3_applicable: Optional[int]
    unjustified_orderings: Optional[int]
    hlc_violations: Optional[int]
    hlc_violation_fraction: Optional[float]
    hvc_violations: Optional[int]
    hvc_violation_fraction: Optional[float]
    forced_repcl: Optional[int]
    forced_hvc: Optional[int]
    forced_hlc: Optional[int]
    hvc_bits_mean: Optional[float]
    hvc_bits_p99: Optional[float]
    vector_bits_p99: Optional[float]
    repcl_bitmap_bits_mean: Optional[float]
    repcl_bitmap_bits_p99: Optional[float]
    repcl_sparse_bits_mean: Optional[float]
    repcl_sparse_bits_p99: Optional[float]
    repcl_adaptive_bits_mean: Optional[float]
    repcl_adaptive_bits_p99: Optional[float]
    hvc_bitmap_bits_mean: Optional[float]
    hvc_bitmap_bits_p99: Optional[float]
    hvc_sparse_bits_mean: Optional[float]
    hvc_sparse_bits_p99: Optional[float]
    hvc_adaptive_bits_mean: Optional[float]
    hvc_adaptive_bits_p99: Optional[float]
    sync_skew_p50_ns: Optional[float]
    sync_skew_p99_ns: Optional[float]
    sync_skew_max_ns: Optional[float]
    wall_s: Optional[float]
    csv_row: str

def run_replay_study(
    *,
    rows: Optional[bool] = None,
    nodes: int = 32,
    skew_bound: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    skew_bound_ns: int = 1000000,
    interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    interval_ns: int = 100000,
    delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    delay_ns: int = 8000,
    jitter: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    jitter_ns: int = 0,
    on_wire: bool = False,
    vector_on_wire: bool = False,
    rate: float = 20.0,
    local_rate: float = 0.0,
    poisson: bool = True,
    duration: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    duration_ns: int = 1000000000,
    clock_model: str = 'bounded',
    offset_spread: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    offset_spread_ns: int = 0,
    sync: str = 'none',
    sync_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sync_interval_ns: int = 125000000,
    announce_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    announce_interval_ns: int = 250000000,
    min_delay_req_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    min_delay_req_interval_ns: int = 125000000,
    unicast_delay_requests: bool = True,
    min_poll: int = 4,
    max_poll: int = 6,
    sync_warmup: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sync_warmup_ns: int = 3000000000,
    ntp_servers: int = 1,
    stamp_sync_protocols: bool = False,
    counter_rule: str = 'Published',
    sum_counters: bool = False,
    counter_bits: int = 4,
    encoding: str = 'Bitmap',
    exact_limit: int = 10000,
    sample_pairs: int = 1000000,
    seed: int = 1,
    run: int = 1,
    topology: str = 'csma',
) -> ReplayStudyResult:
    """
    run_study('replay', **parameters): Replay clocks (RepCl), HLC, HVC and vector clocks on n
    gossiping nodes within E: sizes and the replay checker against the vector-clock truth.

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    nodes : int, default 32
        Number of processes n. Range [2, 4096].
    skew_bound, skew_bound_ns : time ('8us', a timedelta) or int ns, default 1ms
    (skew_bound_ns=1000000)
        The skew bound E (the largest |clock - true time| of a bounded clock, the bound HVC and
    RepCl assume): every read lies in [t, t + E]. Range [1ns, 1h].
    interval, interval_ns : time ('8us', a timedelta) or int ns, default 100us (interval_ns=100000)
        RepCl epoch length I. Range [1ns, 1h].
    delay, delay_ns : time ('8us', a timedelta) or int ns, default 8us (delay_ns=8000)
        Message delay delta: the LAN's propagation delay. Range [0ns, 1s].
    jitter, jitter_ns : time ('8us', a timedelta) or int ns, default 0ns (jitter_ns=0)
        Extra per-message delay, uniform in [0, Jitter] (needs OnWire). Range [0ns, 1s].
    on_wire : bool, default False
        Carry stamps as real bytes between the IPv4 and UDP headers (so their bandwidth is
    simulated) instead of a byte tag. UDP traffic only; every node of the system must use the same
    setting.
    vector_on_wire : bool, default False
        Carry the vector clock in every message (n entries).  False: the nodes neither run nor carry
    it and the CausalEventLog recomputes it from the message graph when replayed (the same vectors;
    messages do not grow with n, for large studies).  Every node of the system must use the same
    setting.
    rate : float, default 20.0
        Messages per second to uniformly random peers (alpha).
    (ns3::ReplayWorkloadApplication::MessageRate). Range (0 msgs/s, 1e+06 msgs/s]. Unit msgs/s.
    local_rate : float, default 0.0
        Local events per second. (ns3::ReplayWorkloadApplication::LocalEventRate). Range [0 /s,
    1e+06 /s]. Unit /s.
    poisson : bool, default True
        Exponential gaps between actions (true) or fixed 1/rate (false).
    duration, duration_ns : time ('8us', a timedelta) or int ns, default 1s (duration_ns=1000000000)
        Simulated time of the workload. Range [1ms, 1h].
    clock_model : str, default 'bounded'
        Clocks: bounded (BoundedSkewClock), thesis (its Algorithm 5.1) or drifting (offsets uniform
    in [-E/2, E/2], drift within 50 ppm). Range bounded, thesis, drifting.
    offset_spread, offset_spread_ns : time ('8us', a timedelta) or int ns, default 0ns
    (offset_spread_ns=0)
        ClockModel drifting: initial clock offsets uniform in [-OffsetSpread/2, OffsetSpread/2] (0:
    within SkewBound, as before), so that the E the stampers assume and the clocks' start-up spread
    can be varied apart. Range [0ns, 1h].
    sync : str, default 'none'
        Clock source: none (the clocks are placed within E by ClockModel), ptp (PtpClock, node 0 the
    grandmaster, hardware time stamps, PI servo) or ntp (hosts 0 .. NtpServers - 1 NtpServers, the
    others their NtpClients) on the study's own LAN, steering the drifting clocks (ClockModel
    drifting); the stampers still assume SkewBound, the delivered E is reported. Range none, ptp,
    ntp, sntp.
    sync_interval, sync_interval_ns : time ('8us', a timedelta) or int ns, default 125ms
    (sync_interval_ns=125000000)
        Time between Sync messages of a MASTER port (logSyncInterval). Range 2^n s for n in [-7, 6]
    (7812500ns to 64s).
    announce_interval, announce_interval_ns : time ('8us', a timedelta) or int ns, default 250ms
    (announce_interval_ns=250000000)
        Time between Announce messages (logAnnounceInterval; the BMCA's timeouts count in it). Range
    2^n s for n in [-7, 6] (7812500ns to 64s).
    min_delay_req_interval, min_delay_req_interval_ns : time ('8us', a timedelta) or int ns, default
    125ms (min_delay_req_interval_ns=125000000)
        Mean time between Delay_Req messages of a SLAVE port (logMinDelayReqInterval; each interval
    uniform in [0, 2x]). Range 2^n s for n in [-7, 6] (7812500ns to 64s).
    unicast_delay_requests : bool, default True
        Send Delay_Req unicast to the parent, which answers unicast (linuxptp's hybrid_e2e);
    otherwise both are multicast and reach every node.
    min_poll : int, default 4
        Smallest poll exponent (log2 s); at most MaxPoll (RFC 5905 7.3's suggested default 6: 64 s).
    Range [4 log2 s, 17 log2 s]. Unit log2 s.
    max_poll : int, default 6
        Largest poll exponent (log2 s); at least MinPoll (RFC 5905 7.3's suggested default 10: 1024
    s). Range [4 log2 s, 17 log2 s]. Unit log2 s.
    sync_warmup, sync_warmup_ns : time ('8us', a timedelta) or int ns, default 3s
    (sync_warmup_ns=3000000000)
        Sync ptp, ntp: the workload starts this much later than without (the protocol's time to
    lock) and runs for Duration; the delivered E is sampled over the workload's run only. Range
    [0ns, 24h].
    ntp_servers : int, default 1
        Sync ntp: hosts 0 .. NtpServers - 1 are NtpServers and every other host a client of all of
    them; with more than one the servers are stratum 1 on perfect clocks (no drift, no offset:
    independently drifting servers would disagree), with one it is host 0's drifting clock (as
    before); fewer than Nodes. Range [1, 16].
    stamp_sync_protocols : bool, default False
        Stamp, merge and log the datagrams of PTP (UDP 319, 320) and NTP (UDP 123) too.  False: a
    synchronization protocol's own messages are not events (neither stamped nor merged nor logged),
    so steering the clocks does not change the execution the stampers see.
    counter_rule : str, default 'Published'
        RepCl counter rule: Published (the thesis) or EpochCounts (chronometry's corrected variant).
    Range Published, EpochCounts.
    sum_counters : bool, default False
        RepCl: keep only the sum of the counters (the thesis' ns-3 form).
    counter_bits : int, default 4
        RepCl counter width in the encoding. Range [1 bits, 64 bits]. Unit bits.
    encoding : str, default 'Bitmap'
        How HVC and RepCl stamps name the processes they hold: Bitmap (the published fixed forms:
    RepCl's n-bit bitmap, HVC's ids at ceil(log2 n) bits), Sparse (a sorted list of delta-coded ids,
    LEB128-style varints, O(theta log n) bits) or Adaptive (per stamp the smaller of the two, marked
    by a flag).  Every node of the system must use the same setting. Range Bitmap, Sparse, Adaptive.
    exact_limit : int, default 10000
        Replay checker: every pair of events up to this many events. Range [0, 1000000].
    sample_pairs : int, default 1000000
        Replay checker: random pairs beyond ExactLimit. Range [1, 1000000000].
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
    ReplayStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

        events: int -- events logged
        messages: int -- messages sent
        delivered_messages: int -- messages whose send and receive are both logged (the per-message
    fractions' denominator)
        message_hvc_violation_fraction: float -- delivered messages whose receive HVC is not after
    the send HVC (the send-receive pair violates hb => <)
        message_repcl_violation_fraction: float -- delivered messages whose receive RepCl is not
    after the send RepCl (requirement 1 on the send-receive pair; 2 in either form adds no condition
    on a happened-before pair)
        message_downhill_fraction: float -- delivered messages received at a clock reading more than
    SkewBound below the sender's at the send (pt.receive < pt.send - E: the assumption broken on
    that message)
        theta_mean: float, offsets -- RepCl stored offsets per event: mean
        theta_p99: float, offsets -- 99th percentile
        theta_max: float, offsets -- maximum
        sigma_mean: float, counters -- non-zero RepCl counters per event: mean
        sigma_max: float, counters -- maximum
        repcl_bits_mean: float, bits -- RepCl encoded size: mean
        repcl_bits_p99: float, bits -- 99th percentile
        repcl_bits_max: float, bits -- maximum
        hvc_mean: float, entries -- HVC active entries: mean
        hvc_max: float, entries -- maximum
        delay_min_us: float, us -- one-way delay (true receive - true send): min
        delay_mean_us: float, us -- mean
        delay_max_us: float, us -- max
        hlc_bits: float, bits -- HLC encoded size
        vector_bits_mean: float, bits -- vector clock encoded size: mean
        pairs: int -- event pairs checked
        sampled: bool -- pairs were sampled (more events than ExactLimit)
        concurrent_fraction: float -- concurrent pairs / pairs
        hb_pairs: int -- pairs ordered by happened-before (requirement 1, HLC and HVC apply to them)
        r1_violations: int -- requirement 1 (hb => <)
        r1_violation_fraction: float -- r1_violations / hb_pairs (empty: no such pair)
        r2_applicable: int -- pairs requirement 2 (pt form) applies to
        r2_violations: int -- requirement 2, pt form
        r2_violation_fraction: float -- r2_violations / r2_applicable (empty: no such pair)
        r2_thesis_applicable: int -- pairs requirement 2 (thesis form) applies to
        r2_thesis_violations: int -- requirement 2, thesis form (Lemma 3)
        r2_thesis_violation_fraction: float -- r2_thesis_violations / r2_thesis_applicable (empty:
    no such pair)
        r3_violations: int -- requirement 3, pt form
        r3_applicable: int -- pairs requirement 3 applies to
        unjustified_orderings: int -- concurrent pairs ordered without a synchronization proof
        hlc_violations: int -- HLC hb => <
        hlc_violation_fraction: float -- hlc_violations / hb_pairs
        hvc_violations: int -- HVC hb => <
        hvc_violation_fraction: float -- hvc_violations / hb_pairs
        forced_repcl: int -- concurrent pairs RepCl orders
        forced_hvc: int -- concurrent pairs HVC orders
        forced_hlc: int -- concurrent pairs HLC orders
        hvc_bits_mean: float, bits -- HVC encoded size (its Encoding): mean
        hvc_bits_p99: float, bits -- 99th percentile
        vector_bits_p99: float, bits -- vector clock encoded size: p99
        repcl_bitmap_bits_mean: float, bits -- RepCl size, Encoding Bitmap: mean
        repcl_bitmap_bits_p99: float, bits -- 99th percentile
        repcl_sparse_bits_mean: float, bits -- RepCl size, Encoding Sparse: mean
        repcl_sparse_bits_p99: float, bits -- 99th percentile
        repcl_adaptive_bits_mean: float, bits -- RepCl size, Encoding Adaptive: mean
        repcl_adaptive_bits_p99: float, bits -- 99th percentile
        hvc_bitmap_bits_mean: float, bits -- HVC size, Encoding Bitmap: mean
        hvc_bitmap_bits_p99: float, bits -- 99th percentile
        hvc_sparse_bits_mean: float, bits -- HVC size, Encoding Sparse: mean
        hvc_sparse_bits_p99: float, bits -- 99th percentile
        hvc_adaptive_bits_mean: float, bits -- HVC size, Encoding Adaptive: mean
        hvc_adaptive_bits_p99: float, bits -- 99th percentile
        sync_skew_p50_ns: float, ns -- The delivered E (max pairwise |clock offset|, every clock
    read at the same true instants every 10 ms over the whole run; Sync none: the free-running
    clocks'): median
        sync_skew_p99_ns: float, ns -- 99th percentile
        sync_skew_max_ns: float, ns -- maximum
        wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
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

REPLAY_STUDY_CSV_HEADER: str
