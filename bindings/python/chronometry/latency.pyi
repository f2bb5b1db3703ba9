# The names of chronometry.latency, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
Latency measurement (model/latency): the Reconcilable Difference Aggregator (RDA), the Lossy
Difference Aggregator (LDA) and FineComb, their sketches, aggregation and sizing, the
late-binding interval cache, and the RDA study (run_rda_study).
"""

import datetime
import numpy
from typing import List, Optional, Tuple, TypedDict, Union

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

def rda_aggregate(
    sender: RdaSketch,
    receiver: RdaSketch,
    paper_variance: bool = False,
) -> LatencyAggregate: ...

class LdaSketch:
    """Lossy Difference Aggregator (timestamp sum, count)."""
    def __init__(self, buckets: int, seed: int = 0) -> None: ...
    def insert(self, id: int, ts_ns: int) -> None: ...

def lda_aggregate(
    sender: LdaSketch,
    receiver: LdaSketch,
    paper_variance: bool = False,
) -> LatencyAggregate: ...

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
) -> LatencyAggregate: ...

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
) -> DifferenceEstimate: ...

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
) -> RdaTransition:
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
) -> RdaLayout:
    """Equal-memory layout comparison: exact decodes out of trials."""
    ...

def decode_cost(
    problematic: int,
    stash_size: int,
    max_combinations: int = 4194304,
    seed: int = 5,
) -> DecodeCost:
    """Figure 6: decode cost of RDA against brute-force and bucketed FineComb (CPU s)."""
    ...

class LatencyAggregate(TypedDict):
    """
    rda_aggregate, lda_aggregate, finecomb_aggregate: the mean latency and its variance over
        the usable packets, whether each is valid, and what was usable.
    """
    valid: bool
    mean_ns: float
    variance_ns2: float
    std_ns: float
    std_valid: bool
    useful_packets: float
    useful_buckets: int
    pairs: int

class DifferenceEstimate(TypedDict):
    """
    estimate_difference_with_error: the estimated set difference, its standard error and
        the upper bound at z standard errors.
    """
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

class RdaStudyRow(TypedDict):
    """One of the flow_intervals of run_rda_study's result."""
    flow: Optional[int]
    interval: Optional[int]
    reported: Optional[bool]
    timed_out: Optional[bool]
    sent: Optional[int]
    delivered: Optional[int]
    same_interval: Optional[int]
    boundary_matched: Optional[int]
    exchanged: Optional[str]
    set_difference: Optional[int]
    d_hat: Optional[float]
    buckets_per_bank: Optional[int]
    decoded: Optional[bool]
    true_mean_ns: Optional[float]
    true_std_ns: Optional[float]
    local_mean_ns: Optional[float]
    local_std_ns: Optional[float]
    matching_bias: Optional[float]
    boundary_bias: Optional[float]
    rda_mean_ns: Optional[float]
    rda_std_ns: Optional[float]
    rdab_mean_ns: Optional[float]
    rdab_std_ns: Optional[float]
    lda_mean_ns: Optional[float]
    lda_std_ns: Optional[float]
    fc_mean_ns: Optional[float]
    fc_std_ns: Optional[float]
    rda_mean_rel_err: Optional[float]
    rdab_mean_rel_err: Optional[float]
    lda_mean_rel_err: Optional[float]
    fc_mean_rel_err: Optional[float]
    rda_std_rel_err: Optional[float]
    rdab_std_rel_err: Optional[float]
    lda_std_rel_err: Optional[float]
    fc_std_rel_err: Optional[float]
    rda_mean_rel_err_local: Optional[float]
    rdab_mean_rel_err_local: Optional[float]
    rda_useful: Optional[float]
    rdab_useful: Optional[float]
    lda_useful: Optional[float]
    fc_useful: Optional[float]
    wire_bytes: Optional[int]
    raw_log_bytes: Optional[int]
    sketch_bytes: Optional[int]
    signature_bytes: Optional[int]
    control_packets: Optional[int]
    retransmissions: Optional[int]
    held: Optional[int]
    held_true_mean_ns: Optional[float]
    held_true_std_ns: Optional[float]
    held_local_mean_ns: Optional[float]
    raw_mean_ns: Optional[float]
    raw_std_ns: Optional[float]
    raw_mean_rel_err: Optional[float]
    rawb_mean_ns: Optional[float]
    rawb_std_ns: Optional[float]
    rawb_mean_rel_err: Optional[float]
    rda_mean_err_ns: Optional[float]
    rda_mean_err_held_ns: Optional[float]
    rda_mean_rel_err_held: Optional[float]
    rdab_mean_err_ns: Optional[float]
    rdab_mean_err_held_ns: Optional[float]
    rdab_mean_rel_err_held: Optional[float]
    lda_mean_err_ns: Optional[float]
    lda_mean_err_held_ns: Optional[float]
    lda_mean_rel_err_held: Optional[float]
    fc_mean_err_ns: Optional[float]
    fc_mean_err_held_ns: Optional[float]
    fc_mean_rel_err_held: Optional[float]
    raw_mean_err_ns: Optional[float]
    raw_mean_err_held_ns: Optional[float]
    raw_mean_rel_err_held: Optional[float]
    rawb_mean_err_ns: Optional[float]
    rawb_mean_err_held_ns: Optional[float]
    rawb_mean_rel_err_held: Optional[float]
    rda_mean_err_held_local_ns: Optional[float]
    baselines_complete: Optional[bool]
    lda_wire_bytes: Optional[int]
    fc_wire_bytes: Optional[int]
    raw_wire_bytes: Optional[int]

class RdaStudyResult(TypedDict):
    """
    What run_rda_study returns (run_study('rda')): every parameter, the results (None where one does
    not apply), the CSV line(s).
    """
    intervals: int
    interval_length_ns: int
    packet_interval_ns: int
    packet_size: int
    loss_rate: float
    burst_loss: bool
    reorder_rate: float
    reorder_delay_max_ns: int
    duplicate_rate: float
    control_loss_rate: float
    base_delay_ns: int
    weibull_shape: float
    weibull_scale_ns: int
    clock_offset_ns: int
    drift_ppm: float
    skew_bound_ns: int
    sync: str
    sync_interval_ns: int
    announce_interval_ns: int
    min_delay_req_interval_ns: int
    unicast_delay_requests: bool
    min_poll: int
    max_poll: int
    sync_warmup_ns: int
    banks: int
    buckets_per_difference: float
    checksum: bool
    paper_variance: bool
    signature_size: int
    garbage_packets: int
    flows: int
    exchange: str
    boundary_matching: bool
    fixed_buckets: int
    std_relative_error: float
    retransmit_timeout_ns: int
    max_retries: int
    seed: int
    run: int
    malformed: Optional[int]
    reordered: Optional[int]
    packets_sent: Optional[int]
    packets_delivered: Optional[int]
    duplicates_discarded: Optional[int]
    truth_mean_delay_ns: Optional[float]
    truth_held_mean_delay_ns: Optional[float]
    flow_monitor_mean_delay_ns: Optional[float]
    flow_monitor_tx_packets: Optional[int]
    flow_monitor_rx_packets: Optional[int]
    intervals_decoded: Optional[int]
    intervals_timed_out: Optional[int]
    intervals_raw: Optional[int]
    retransmissions: Optional[int]
    peak_cached_packets: Optional[int]
    peak_cached_intervals: Optional[int]
    sync_skew_p50_ns: Optional[float]
    sync_skew_p99_ns: Optional[float]
    sync_skew_max_ns: Optional[float]
    wall_s: Optional[float]
    flow_intervals: List[RdaStudyRow]
    csv_rows: str

def run_rda_study(
    *,
    rows: Optional[bool] = None,
    intervals: int = 4,
    interval_length: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    interval_length_ns: int = 100000000,
    packet_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    packet_interval_ns: int = 100000,
    packet_size: int = 200,
    loss_rate: float = 0.01,
    burst_loss: bool = False,
    reorder_rate: float = 0.01,
    reorder_delay_max: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    reorder_delay_max_ns: int = 100000000,
    duplicate_rate: float = 0.0,
    control_loss_rate: float = 0.0,
    base_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    base_delay_ns: int = 100000,
    weibull_shape: float = 0.7,
    weibull_scale: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    weibull_scale_ns: int = 50000,
    clock_offset: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    clock_offset_ns: int = 0,
    drift_ppm: float = 0.0,
    skew_bound: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    skew_bound_ns: int = 0,
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
    banks: int = 3,
    buckets_per_difference: float = 0.6,
    checksum: bool = True,
    paper_variance: bool = False,
    signature_size: int = 1024,
    garbage_packets: int = 0,
    flows: int = 1,
    exchange: str = 'Auto',
    boundary_matching: bool = True,
    fixed_buckets: int = 0,
    std_relative_error: float = 0.0,
    retransmit_timeout: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    retransmit_timeout_ns: int = 50000000,
    max_retries: int = 5,
    seed: int = 1,
    run: int = 1,
) -> RdaStudyResult:
    """
    run_study('rda', **parameters): RDA one-way latency (mean, std) per flow and send interval
    against two truths (the packets both points held, every delivered packet), with and without
    boundary matching, beside LDA, FineComb (at equal memory) and the raw log, each exchanged over
    the wire on the same packets, under loss, reordering and clock error; wire bytes per method.

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      intervals: int = 4, range [1, 100000] -- Number of intervals measured.
      interval_length / interval_length_ns: time ('8us', a timedelta) / int ns = 100ms
    (interval_length_ns=100000000), range [1ms, 1h] -- Interval length L on the local clock.
      packet_interval / packet_interval_ns: time ('8us', a timedelta) / int ns = 100us
    (packet_interval_ns=100000), range [1us, 1s] -- Spacing of the UDP stream's packets
      packet_size: int = 200, range [12 bytes, 1400 bytes], unit bytes -- UDP payload of the
    stream's packets
      loss_rate: float = 0.01, range [0, 0.9] -- Probability that the network loses a packet, each
    independently (a RateErrorModel, packet unit, as the ReceiveErrorModel of the data link's
    receiver; BurstLoss: a BurstErrorModel instead)
      burst_loss: bool = False -- Bursty loss (BurstErrorModel, mean burst 2.5) instead of
    RateErrorModel
      reorder_rate: float = 0.01, range [0, 1] -- Probability that a packet gets the reorder delay
      reorder_delay_max / reorder_delay_max_ns: time ('8us', a timedelta) / int ns = 100ms
    (reorder_delay_max_ns=100000000), range [0ns, 10s] -- Reorder delay, uniform in [0,
    ReorderDelayMax]
      duplicate_rate: float = 0.0, range [0, 0.5] -- Probability that a packet is delivered twice
      control_loss_rate: float = 0.0, range [0, 0.5] -- Packet loss of the control link (both ways)
      base_delay / base_delay_ns: time ('8us', a timedelta) / int ns = 100us (base_delay_ns=100000),
    range [0ns, 1s] -- Propagation delay of the data link
      weibull_shape: float = 0.7, range [0.1, 10] -- Weibull shape of the extra per-packet delay
      weibull_scale / weibull_scale_ns: time ('8us', a timedelta) / int ns = 50us
    (weibull_scale_ns=50000), range [0ns, 1s] -- Weibull scale of the extra per-packet delay
      clock_offset / clock_offset_ns: time ('8us', a timedelta) / int ns = 0ns (clock_offset_ns=0),
    range [-1s, 1s] -- Receiver clock offset (without SkewBound)
      drift_ppm: float = 0.0, range [-500 ppm, 500 ppm], unit ppm -- Receiver clock drift (without
    SkewBound)
      skew_bound / skew_bound_ns: time ('8us', a timedelta) / int ns = 0ns (skew_bound_ns=0), range
    [0ns, 1h] -- The skew bound E (the largest |clock - true time| of a bounded clock, the bound HVC
    and RepCl assume): > 0: the receiver's clock is a BoundedSkewClock within this E (0:
    ClockOffset, DriftPpm or Sync place it)
      sync: str = 'none', range none, ptp, ntp, sntp -- Clock source: none (the receiver's clock as
    ClockOffset, DriftPpm or SkewBound set it), ptp (PtpClock, the sender S the grandmaster, the
    receiver R its slave, hardware time stamps, PI servo) or ntp (S an NtpServer, R its NtpClient)
    over the data link, steering R's drifting clock (SkewBound 0); the estimates' error then comes
    from the delivered offset, reported as E
      sync_interval / sync_interval_ns: time ('8us', a timedelta) / int ns = 125ms
    (sync_interval_ns=125000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Time between
    Sync messages of a MASTER port (logSyncInterval).
      announce_interval / announce_interval_ns: time ('8us', a timedelta) / int ns = 250ms
    (announce_interval_ns=250000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Time
    between Announce messages (logAnnounceInterval; the BMCA's timeouts count in it).
      min_delay_req_interval / min_delay_req_interval_ns: time ('8us', a timedelta) / int ns = 125ms
    (min_delay_req_interval_ns=125000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Mean
    time between Delay_Req messages of a SLAVE port (logMinDelayReqInterval; each interval uniform
    in [0, 2x]).
      unicast_delay_requests: bool = True -- Send Delay_Req unicast to the parent, which answers
    unicast (linuxptp's hybrid_e2e); otherwise both are multicast and reach every node.
      min_poll: int = 4, range [4 log2 s, 17 log2 s], unit log2 s -- Smallest poll exponent (log2
    s); at most MaxPoll (RFC 5905 7.3's suggested default 6: 64 s).
      max_poll: int = 6, range [4 log2 s, 17 log2 s], unit log2 s -- Largest poll exponent (log2 s);
    at least MinPoll (RFC 5905 7.3's suggested default 10: 1024 s).
      sync_warmup / sync_warmup_ns: time ('8us', a timedelta) / int ns = 3s
    (sync_warmup_ns=3000000000), range [0ns, 24h] -- Sync ptp, ntp: the flows and intervals start
    this much later than without (the protocol's time to lock; the delivered E is sampled over the
    measured intervals only)
      banks: int = 3, range [1, 16] -- RDA banks k (paper: 2; default 3, chosen at equal memory, see
    doc/latency.rst).
      buckets_per_difference: float = 0.6, range [0.25, 64] -- Late binding: buckets per bank per
    set difference, applied to the upper bound of the MinHash estimate (paper: 2 on the estimate;
    default 0.6, i.e. k m = 1.8 d_upper cells at k = 3, chosen at equal memory, see
    doc/latency.rst).
      checksum: bool = True -- Checksum field in every bucket (32-byte buckets, default: at equal
    memory it decodes at least as many intervals as the paper's form from 48 bytes per difference
    up, see doc/latency.rst); false is the paper's 24-byte bucket. Decoded IDs are validated against
    the sender's cache while peeling either way.
      paper_variance: bool = False -- false: centered variance estimator (offset-invariant,
    default); true: F - mu^2 (Algorithm 3 as published).
      signature_size: int = 1024, range [16, 1500] -- Bottom-K MinHash signature size K (same at
    both points).
      garbage_packets: int = 0, range [0, 1000] -- Malformed datagrams sent to each point's control
    port
      flows: int = 1, range [1, 16] -- UDP flows from S to R (each its own 5-tuple, sketch and rows)
      exchange: str = 'Auto', range Auto, Sketch, Raw -- Auto: the cheaper of the sketch and the
    receiver's raw log by the sender's estimate; Sketch; Raw.
      boundary_matching: bool = True -- Match the sender-only packets of interval i with the
    receiver-only packets of i+1 and i-1 (matchedEstimate); interval i is then reported once its
    neighbours are finished.
      fixed_buckets: int = 0, range [0, 1048576] -- Buckets per bank used for every interval instead
    of late binding (the paper's fixed-size experiments, Figures 7/8); 0 = late binding.
      std_relative_error: float = 0.0, range [0, 1] -- Target relative standard error of the
    standard-deviation estimate: m >= 1 / target^2 buckets per bank (0: no target).
      retransmit_timeout / retransmit_timeout_ns: time ('8us', a timedelta) / int ns = 50ms
    (retransmit_timeout_ns=50000000), range [10us, 60s] -- A control message that asks for an answer
    (receiver: SIGNATURE; sender: SKETCH_REQUEST, RAW_REQUEST, TS_REQUEST) is sent again when its
    answer has not come this long (simulator time) after it.
      max_retries: int = 5, range [0, 100] -- Retransmissions of one control message before giving
    up (the sender then reports the interval as timed out at ReportTimeout).
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it

    Returns RdaStudyResult, a dict: every parameter above (a time as its _ns int of nanoseconds),
    then the results (None where one does not apply to the run):
      malformed: int -- malformed control packets dropped
      reordered: int -- packets given the reorder delay
      packets_sent: int -- data packets sent (every flow, IPv4 Tx at S)
      packets_delivered: int -- data packets delivered (first copies, IPv4 Rx at R)
      duplicates_discarded: int -- further copies delivered
      truth_mean_delay_ns: float, ns -- mean true delay of every delivered data packet (the truth)
      truth_held_mean_delay_ns: float, ns -- mean true delay of the packets both points held in the
    same interval (the paper's truth)
      flow_monitor_mean_delay_ns: float, ns -- FlowMonitor's mean delay of the data flows
    (cross-check)
      flow_monitor_tx_packets: int -- FlowMonitor's sent data packets
      flow_monitor_rx_packets: int -- FlowMonitor's received data packets
      intervals_decoded: int -- flow intervals RDA decoded completely
      intervals_timed_out: int -- flow intervals whose exchange timed out
      intervals_raw: int -- flow intervals that exchanged the raw log
      retransmissions: int -- control messages sent again (sender and receiver)
      peak_cached_packets: int -- most packets the two points' caches held together
      peak_cached_intervals: int -- most interval caches the two points held together
      sync_skew_p50_ns: float, ns -- Sync ptp, ntp: the delivered E (max pairwise |clock offset|,
    every clock read at the same true instants every 10 ms over the measured intervals): median
    (Sync none: 0)
      sync_skew_p99_ns: float, ns -- 99th percentile
      sync_skew_max_ns: float, ns -- maximum
      wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
      flow_intervals: list of dicts, one per row (always):
        flow: int (key) -- flow index (5-tuple order)
        interval: int (key) -- send interval
        reported: bool -- the sender reported an estimate
        timed_out: bool -- the control exchange did not finish
        sent: int -- packets the flow sent in the interval
        delivered: int -- of which delivered (the truth's packets)
        same_interval: int -- delivered within the receiver's interval of the same index
        boundary_matched: int -- packets RDA matched in a neighbouring interval
        exchanged: str -- what the interval exchanged: sketch or raw
        set_difference: int -- exact |S xor R| of the two caches
        d_hat: float -- MinHash estimate of the difference (late binding)
        buckets_per_bank: int -- RDA m (late-bound or fixed)
        decoded: bool -- RDA decoded the whole difference (raw: always)
        true_mean_ns: float, ns -- mean true delay of every delivered packet sent in the interval
        true_std_ns: float, ns -- their population std
        local_mean_ns: float, ns -- their mean receiver-local minus sender-local latency
        local_std_ns: float, ns -- its std
        matching_bias: float -- (same-interval truth - all-delivered truth) / all-delivered, local
    stamps: the bias of per-interval matching
        boundary_bias: float -- (truth over intervals i-1..i+1 - all-delivered) / all-delivered: the
    bias boundary matching leaves
        rda_mean_ns: float, ns -- RDA mean (the interval's own packets)
        rda_std_ns: float, ns -- RDA std
        rdab_mean_ns: float, ns -- RDA + boundary matching mean
        rdab_std_ns: float, ns -- RDA + boundary matching std
        lda_mean_ns: float, ns -- LDA mean (equal memory; the receiver's LDA over the wire)
        lda_std_ns: float, ns -- LDA std
        fc_mean_ns: float, ns -- FineComb mean (equal memory; the receiver's FineComb and stash over
    the wire)
        fc_std_ns: float, ns -- FineComb std
        rda_mean_rel_err: float -- |RDA mean - true| / true
        rdab_mean_rel_err: float -- |RDA+boundary mean - true| / true
        lda_mean_rel_err: float -- |LDA mean - true| / true
        fc_mean_rel_err: float -- |FineComb mean - true| / true
        rda_std_rel_err: float -- |RDA std - true| / true
        rdab_std_rel_err: float -- |RDA+boundary std - true| / true
        lda_std_rel_err: float -- |LDA std - true| / true
        fc_std_rel_err: float -- |FineComb std - true| / true
        rda_mean_rel_err_local: float -- |RDA mean - local truth| / local truth (clock error
    removed)
        rdab_mean_rel_err_local: float -- |RDA+boundary mean - local truth| / local truth
        rda_useful: float -- RDA packets used / delivered
        rdab_useful: float -- RDA+boundary packets used / delivered
        lda_useful: float -- LDA packets used / delivered
        fc_useful: float -- FineComb packets used / delivered
        wire_bytes: int, bytes -- control bytes on the wire, both ways, retransmissions included
        raw_log_bytes: int, bytes -- what sending the receiver's whole (id, timestamp) log costs
        sketch_bytes: int, bytes -- RDA sketch k m bucket bytes (0 when raw; the LDA/FineComb
    budget, else the raw log's)
        signature_bytes: int, bytes -- MinHash signature, part of wire
        control_packets: int -- control datagrams, both ways
        retransmissions: int -- requests the sender sent again
        held: int -- packets both points cached in interval i (the paper's truth)
        held_true_mean_ns: float, ns -- mean true delay of the held packets
        held_true_std_ns: float, ns -- their std
        held_local_mean_ns: float, ns -- their mean latency on the points' own stamps
        raw_mean_ns: float, ns -- raw log mean: the receiver's whole log over the wire, exact over
    the held packets
        raw_std_ns: float, ns -- raw log std
        raw_mean_rel_err: float -- |raw log mean - true| / true
        rawb_mean_ns: float, ns -- raw log mean with the packets matched in intervals i-1, i+1
        rawb_std_ns: float, ns -- raw log + boundary matching std
        rawb_mean_rel_err: float -- |raw log + boundary mean - true| / true
        rda_mean_err_ns: float, ns -- rda mean - true mean of every delivered packet (signed)
        rda_mean_err_held_ns: float, ns -- rda mean - true mean of the held packets (signed)
        rda_mean_rel_err_held: float -- |rda mean - held true| / held true
        rdab_mean_err_ns: float, ns -- rdab mean - true mean of every delivered packet (signed)
        rdab_mean_err_held_ns: float, ns -- rdab mean - true mean of the held packets (signed)
        rdab_mean_rel_err_held: float -- |rdab mean - held true| / held true
        lda_mean_err_ns: float, ns -- lda mean - true mean of every delivered packet (signed)
        lda_mean_err_held_ns: float, ns -- lda mean - true mean of the held packets (signed)
        lda_mean_rel_err_held: float -- |lda mean - held true| / held true
        fc_mean_err_ns: float, ns -- fc mean - true mean of every delivered packet (signed)
        fc_mean_err_held_ns: float, ns -- fc mean - true mean of the held packets (signed)
        fc_mean_rel_err_held: float -- |fc mean - held true| / held true
        raw_mean_err_ns: float, ns -- raw mean - true mean of every delivered packet (signed)
        raw_mean_err_held_ns: float, ns -- raw mean - true mean of the held packets (signed)
        raw_mean_rel_err_held: float -- |raw mean - held true| / held true
        rawb_mean_err_ns: float, ns -- rawb mean - true mean of every delivered packet (signed)
        rawb_mean_err_held_ns: float, ns -- rawb mean - true mean of the held packets (signed)
        rawb_mean_rel_err_held: float -- |rawb mean - held true| / held true
        rda_mean_err_held_local_ns: float, ns -- RDA mean - held packets' mean on the points' stamps
    (0: exact on what both hold)
        baselines_complete: bool -- LDA, FineComb and the raw log all answered
        lda_wire_bytes: int, bytes -- LDA request and chunks, both ways
        fc_wire_bytes: int, bytes -- FineComb request, chunks and stash, both ways
        raw_wire_bytes: int, bytes -- raw-log request and chunks, both ways (RDA's own when it sent
    the raw log)
      csv_rows: str -- the CSV lines the C++ programs write for these parameters
    """
    ...

RDA_STUDY_CSV_HEADER: str
