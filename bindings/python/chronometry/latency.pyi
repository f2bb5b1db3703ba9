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
    """
    Reconcilable Difference Aggregator: k banks of m buckets of (id, timestamp) sums.

    Both measurement points insert every packet; the receiver's sketch subtracted from the
    sender's leaves the packets only one side saw (lost or reordered), which decode() lists so
    that rda_repair can remove them before rda_aggregate.

    Parameters
    ----------
    banks : int
        Banks k, in [1, 16].
    buckets_per_bank : int
        Buckets m per bank.
    checksum : bool, default True
        Keep a checksum per bucket (detects a wrongly decoded pure bucket).
    seed : int, default 0
        The bucket hash's seed (the same at both points).

    Raises
    ------
    ValueError
        A bank or bucket count out of range (ConfigError).
    """
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
    """
    Delete decoded entries from the side that holds them.

    Parameters
    ----------
    sender : RdaSketch
        The sender's sketch.
    receiver : RdaSketch
        The receiver's sketch.
    entries : list of (int, int, int)
        Decoded (id, sign, ts_ns): sign +1 removes the entry from the sender, -1 from the receiver.

    Returns
    -------
    None
    """
    ...

def rda_aggregate(
    sender: RdaSketch,
    receiver: RdaSketch,
    paper_variance: bool = False,
) -> LatencyAggregate:
    """
    RDA's latency estimate from a sender's and a receiver's sketch.

    Parameters
    ----------
    sender : RdaSketch
        The sender's sketch (repaired).
    receiver : RdaSketch
        The receiver's sketch (repaired).
    paper_variance : bool, default False
        Use the paper's variance estimator instead of chronometry's unbiased one.

    Returns
    -------
    LatencyAggregate
        The mean and variance of the latency over the usable packets, and what was usable.
    """
    ...

class LdaSketch:
    """
    Lossy Difference Aggregator: per bucket a timestamp sum and a count (the baseline RDA must
    beat).

    Parameters
    ----------
    buckets : int
        Buckets, at least 1.
    seed : int, default 0
        The bucket hash's seed (the same at both points).

    Raises
    ------
    ValueError
        A bucket count out of range (ConfigError).
    """
    def __init__(self, buckets: int, seed: int = 0) -> None: ...
    def insert(self, id: int, ts_ns: int) -> None: ...

def lda_aggregate(
    sender: LdaSketch,
    receiver: LdaSketch,
    paper_variance: bool = False,
) -> LatencyAggregate:
    """
    LDA's latency estimate from a sender's and a receiver's sketch: buckets whose counts agree.

    Parameters
    ----------
    sender : LdaSketch
        The sender's sketch.
    receiver : LdaSketch
        The receiver's sketch.
    paper_variance : bool, default False
        Use the paper's variance estimator.

    Returns
    -------
    LatencyAggregate
        The mean and variance of the latency over the usable buckets' packets.
    """
    ...

class FineCombSketch:
    """
    FineComb: LDA plus an XOR parity per bucket, repaired from a stash of recent packets.

    Parameters
    ----------
    buckets : int
        Buckets, at least 1.
    seed : int, default 0
        The bucket hash's seed (the same at both points).

    Raises
    ------
    ValueError
        A bucket count out of range (ConfigError).
    """
    def __init__(self, buckets: int, seed: int = 0) -> None: ...
    def insert(self, id: int, ts_ns: int) -> None: ...

def finecomb_aggregate(
    sender: FineCombSketch,
    receiver: FineCombSketch,
    sender_stash: List[Tuple[int, int]] = ...,
    receiver_stash: List[Tuple[int, int]] = ...,
    max_combinations: int = 4096,
    paper_variance: bool = False,
) -> LatencyAggregate:
    """
    FineComb's latency estimate: LDA's, with buckets repaired from the stashes.

    Parameters
    ----------
    sender : FineCombSketch
        The sender's sketch.
    receiver : FineCombSketch
        The receiver's sketch.
    sender_stash : list of (int, int), default []
        The sender's recent (id, ts_ns), candidates for a repair.
    receiver_stash : list of (int, int), default []
        The receiver's recent (id, ts_ns).
    max_combinations : int, default 4096
        The most stash subsets tried per bucket.
    paper_variance : bool, default False
        Use the paper's variance estimator.

    Returns
    -------
    LatencyAggregate
        The mean and variance of the latency over the usable packets.
    """
    ...

class LatencyIntervalCache:
    """
    Late-binding (id, ts) cache of one measurement interval at one point.

    It keeps every packet's id and timestamp so that the sketch can be sized after the interval
    (build_rda), from the difference the two points' MinHash signatures estimate.
    ``LatencyIntervalCache()`` starts empty.
    """
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
) -> float:
    """
    Estimated size of the symmetric difference of two sets from their bottom-K MinHash signatures.

    d = |A| + |B| - 2 |A n B|, never below ||A| - |B||.

    Parameters
    ----------
    sig_a : list of int
        A's signature (LatencyIntervalCache.signature).
    size_a : int
        |A|.
    sig_b : list of int
        B's signature, with the same k and seed.
    size_b : int
        |B|.
    k : int
        The signature size K used for both.

    Returns
    -------
    float
        The estimated difference d.
    """
    ...

def exact_difference(a: LatencyIntervalCache, b: LatencyIntervalCache) -> int:
    """
    Exact size of the symmetric difference of two caches' packet sets (the truth for the estimate).

    Parameters
    ----------
    a : LatencyIntervalCache
        One point's cache.
    b : LatencyIntervalCache
        The other's.

    Returns
    -------
    int
        |A xor B|.
    """
    ...

def estimate_difference_with_error(
    sig_a: List[int],
    size_a: int,
    sig_b: List[int],
    size_b: int,
    k: int,
    z: float = 2.0,
) -> DifferenceEstimate:
    """
    estimate_difference with its standard error and a one-sided upper bound.

    Parameters
    ----------
    sig_a : list of int
        A's signature.
    size_a : int
        |A|.
    sig_b : list of int
        B's signature, with the same k and seed.
    size_b : int
        |B|.
    k : int
        The signature size K.
    z : float, default 2.0
        The bound's width in standard errors (0: the bound is the estimate).

    Returns
    -------
    DifferenceEstimate
        The estimate, its standard error and the bound.
    """
    ...

def buckets_for_target(
    d_bound: float,
    factor: float = 0.6,
    banks: int = 3,
    std_rel_error: float = 0.0,
    min_buckets: int = 32,
) -> int:
    """
    Buckets per bank for an expected difference.

    max(ceil(factor d_bound) + min_buckets, ceil(1 / std_rel_error^2)).

    Parameters
    ----------
    d_bound : float
        The difference to provision for (an upper bound of d).
    factor : float, default 0.6
        Buckets per bank per difference.
    banks : int, default 3
        Banks k (reserved: the bound is per bank).
    std_rel_error : float, default 0.0
        Target relative standard error of the std estimate (0: none).
    min_buckets : int, default 32
        Added to factor d_bound (small differences peel less reliably).

    Returns
    -------
    int
        Buckets per bank.
    """
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
    """
    Figure 7/8 of the RDA paper, one point: RDA at a fixed size against LDA and FineComb as d grows.

    Parameters
    ----------
    banks : int, default 2
        RDA's banks, in [1, 16].
    total_buckets : int, default 5000
        Buckets of every method (equal memory), at least banks.
    checksum : bool, default False
        RDA with checksums.
    common_packets : int, default 20000
        Packets both points see.
    difference : int, default 0
        Packets only one point sees (lost or reordered), d.
    lost_fraction : float, default 0.5
        The fraction of the difference that is lost (the rest reordered), in [0, 1].
    weibull_shape : float, default 0.6
        Shape of the Weibull latency, > 0.
    weibull_scale_ns : float, default 100000.0
        Scale of the Weibull latency, ns.
    trials : int, default 20
        Independent trials, at least 1.
    seed : int, default 1
        The first trial's seed.

    Returns
    -------
    RdaTransition
        The decoded fraction and each method's relative errors of the mean and the std.

    Raises
    ------
    ValueError
        A value out of range, naming the valid ranges.
    """
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
    """
    Equal-memory layout comparison: exact decodes of a bank layout out of trials.

    Parameters
    ----------
    banks : int
        Banks, in [1, 16].
    checksum : bool
        With checksums.
    bytes_per_difference : float
        Memory per expected difference, bytes (> 0).
    difference : int
        The difference d, at least 1.
    common_packets : int, default 1000
        Packets both points see.
    trials : int, default 200
        Independent trials.
    seed : int, default 11
        The first trial's seed.
    validate : bool, default True
        Check every decode against the truth (counts the undetected failures).

    Returns
    -------
    RdaLayout
        Exact, detected-failed and undetected-failed decodes.

    Raises
    ------
    ValueError
        A value out of range, naming the valid ranges.
    """
    ...

def decode_cost(
    problematic: int,
    stash_size: int,
    max_combinations: int = 4194304,
    seed: int = 5,
) -> DecodeCost:
    """
    Figure 6 of the RDA paper: CPU time of RDA's decode against FineComb's brute-force and bucketed
    repairs.

    Parameters
    ----------
    problematic : int
        Problematic (one-sided) packets.
    stash_size : int
        FineComb's stash, in [0, 63].
    max_combinations : int, default 4194304
        The most subsets FineComb tries.
    seed : int, default 5
        The random stream's seed.

    Returns
    -------
    DecodeCost
        CPU seconds of each method and the subsets FineComb tried.

    Raises
    ------
    ValueError
        A stash size out of range.
    """
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
    rda_decode_check_ns: Optional[float]
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
    extra_delay: str
    pareto_shape: float
    pareto_scale_ns: int
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
    extra_delay: str = 'weibull',
    pareto_shape: float = 1.5,
    pareto_scale: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    pareto_scale_ns: int = 21000,
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
    against every delivered packet (the headline; the packets both points held: a decode check),
    with and without boundary matching, beside LDA, FineComb (at equal memory) and the raw log, each
    exchanged over the wire on the same packets, under loss, reordering and clock error; wire bytes
    per method.

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    intervals : int, default 4
        Number of intervals measured. Range [1, 100000].
    interval_length, interval_length_ns : time ('8us', a timedelta) or int ns, default 100ms
    (interval_length_ns=100000000)
        Interval length L on the local clock. Range [1ms, 1h].
    packet_interval, packet_interval_ns : time ('8us', a timedelta) or int ns, default 100us
    (packet_interval_ns=100000)
        Spacing of the UDP stream's packets. Range [1us, 1s].
    packet_size : int, default 200
        UDP payload of the stream's packets. Range [12 bytes, 1400 bytes]. Unit bytes.
    loss_rate : float, default 0.01
        Probability that the network loses a packet, each independently (a RateErrorModel, packet
    unit, as the ReceiveErrorModel of the data link's receiver; BurstLoss: a BurstErrorModel
    instead). Range [0, 0.9].
    burst_loss : bool, default False
        Bursty loss (BurstErrorModel, mean burst 2.5) instead of RateErrorModel.
    reorder_rate : float, default 0.01
        Probability that a packet gets the reorder delay. Range [0, 1].
    reorder_delay_max, reorder_delay_max_ns : time ('8us', a timedelta) or int ns, default 100ms
    (reorder_delay_max_ns=100000000)
        Reorder delay, uniform in [0, ReorderDelayMax]. Range [0ns, 10s].
    duplicate_rate : float, default 0.0
        Probability that a packet is delivered twice. Range [0, 0.5].
    control_loss_rate : float, default 0.0
        Packet loss of the control link (both ways). Range [0, 0.5].
    base_delay, base_delay_ns : time ('8us', a timedelta) or int ns, default 100us
    (base_delay_ns=100000)
        Propagation delay of the data link. Range [0ns, 1s].
    weibull_shape : float, default 0.7
        Weibull shape of the extra per-packet delay. Range [0.1, 10].
    weibull_scale, weibull_scale_ns : time ('8us', a timedelta) or int ns, default 50us
    (weibull_scale_ns=50000)
        Weibull scale of the extra per-packet delay. Range [0ns, 1s].
    extra_delay : str, default 'weibull'
        Distribution of the extra per-packet delay: weibull (WeibullShape, WeibullScale) or pareto
    (ParetoShape, ParetoScale: heavy-tailed, infinite variance for a shape <= 2). Range weibull,
    pareto.
    pareto_shape : float, default 1.5
        ExtraDelay pareto: shape alpha of the extra delay (finite mean above 1). Range [1.05, 10].
    pareto_scale, pareto_scale_ns : time ('8us', a timedelta) or int ns, default 21us
    (pareto_scale_ns=21000)
        ExtraDelay pareto: scale (smallest extra delay); the mean is alpha scale / (alpha - 1).
    Range [1ns, 1s].
    clock_offset, clock_offset_ns : time ('8us', a timedelta) or int ns, default 0ns
    (clock_offset_ns=0)
        Receiver clock offset (without SkewBound). Range [-1s, 1s].
    drift_ppm : float, default 0.0
        Receiver clock drift (without SkewBound). Range [-500 ppm, 500 ppm]. Unit ppm.
    skew_bound, skew_bound_ns : time ('8us', a timedelta) or int ns, default 0ns (skew_bound_ns=0)
        The skew bound E (the largest |clock - true time| of a bounded clock, the bound HVC and
    RepCl assume): > 0: the receiver's clock is a BoundedSkewClock within this E (0: ClockOffset,
    DriftPpm or Sync place it). Range [0ns, 1h].
    sync : str, default 'none'
        Clock source: none (the receiver's clock as ClockOffset, DriftPpm or SkewBound set it), ptp
    (PtpClock, the sender S the grandmaster, the receiver R its slave, hardware time stamps, PI
    servo) or ntp (S an NtpServer, R its NtpClient) over the data link, steering R's drifting clock
    (SkewBound 0); the estimates' error then comes from the delivered offset, reported as E. Range
    none, ptp, ntp, sntp.
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
        Sync ptp, ntp: the flows and intervals start this much later than without (the protocol's
    time to lock; the delivered E is sampled over the measured intervals only). Range [0ns, 24h].
    banks : int, default 3
        RDA banks k (paper: 2; default 3, chosen at equal memory, see doc/latency.rst). Range [1,
    16].
    buckets_per_difference : float, default 0.6
        Late binding: buckets per bank per set difference, applied to the upper bound of the MinHash
    estimate (paper: 2 on the estimate; default 0.6, i.e. k m = 1.8 d_upper cells at k = 3, chosen
    at equal memory, see doc/latency.rst). Range [0.25, 64].
    checksum : bool, default True
        Checksum field in every bucket (32-byte buckets, default: at equal memory it decodes at
    least as many intervals as the paper's form from 48 bytes per difference up, see
    doc/latency.rst); false is the paper's 24-byte bucket. Decoded IDs are validated against the
    sender's cache while peeling either way.
    paper_variance : bool, default False
        false: centered variance estimator (offset-invariant, default); true: F - mu^2 (Algorithm 3
    as published).
    signature_size : int, default 1024
        Bottom-K MinHash signature size K (same at both points). Range [16, 1500].
    garbage_packets : int, default 0
        Malformed datagrams sent to each point's control port. Range [0, 1000].
    flows : int, default 1
        UDP flows from S to R (each its own 5-tuple, sketch and rows). Range [1, 16].
    exchange : str, default 'Auto'
        Auto: the cheaper of the sketch and the receiver's raw log by the sender's estimate; Sketch;
    Raw. Range Auto, Sketch, Raw.
    boundary_matching : bool, default True
        Match the sender-only packets of interval i with the receiver-only packets of i+1 and i-1
    (matchedEstimate); interval i is then reported once its neighbours are finished.
    fixed_buckets : int, default 0
        Buckets per bank used for every interval instead of late binding (the paper's fixed-size
    experiments, Figures 7/8); 0 = late binding. Range [0, 1048576].
    std_relative_error : float, default 0.0
        Target relative standard error of the standard-deviation estimate: m >= 1 / target^2 buckets
    per bank (0: no target). Range [0, 1].
    retransmit_timeout, retransmit_timeout_ns : time ('8us', a timedelta) or int ns, default 50ms
    (retransmit_timeout_ns=50000000)
        A control message that asks for an answer (receiver: SIGNATURE; sender: SKETCH_REQUEST,
    RAW_REQUEST, TS_REQUEST) is sent again when its answer has not come this long (simulator time)
    after it. Range [10us, 60s].
    max_retries : int, default 5
        Retransmissions of one control message before giving up (the sender then reports the
    interval as timed out at ReportTimeout). Range [0, 100].
    seed : int, default 1
        RNG seed (ns-3's RngSeed): stays fixed across replications. Range [1, 4294967295].
    run : int, default 1
        RNG run (ns-3's RngRun): independent replications differ in it. Range [1,
    1000000000000000000].

    Returns
    -------
    RdaStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

        malformed: int -- malformed control packets dropped
        reordered: int -- packets given the reorder delay
        packets_sent: int -- data packets sent (every flow, IPv4 Tx at S)
        packets_delivered: int -- data packets delivered (first copies, IPv4 Rx at R)
        duplicates_discarded: int -- further copies delivered
        truth_mean_delay_ns: float, ns -- mean true delay of every delivered data packet (the truth)
        truth_held_mean_delay_ns: float, ns -- mean true delay of the packets both points held in
    the same interval (the paper's truth)
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
        sync_skew_p50_ns: float, ns -- The delivered E (max pairwise |clock offset|, every clock
    read at the same true instants every 10 ms over the measured intervals; Sync none: the
    free-running clocks'): median
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
          boundary_bias: float -- (truth over intervals i-1..i+1 - all-delivered) / all-delivered:
    the bias boundary matching leaves
          rda_mean_ns: float, ns -- RDA mean (the interval's own packets)
          rda_std_ns: float, ns -- RDA std
          rdab_mean_ns: float, ns -- RDA + boundary matching mean
          rdab_std_ns: float, ns -- RDA + boundary matching std
          lda_mean_ns: float, ns -- LDA mean (equal memory; the receiver's LDA over the wire)
          lda_std_ns: float, ns -- LDA std
          fc_mean_ns: float, ns -- FineComb mean (equal memory; the receiver's FineComb and stash
    over the wire)
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
          rda_decode_check_ns: float, ns -- decode check, not an accuracy: RDA mean - held packets'
    mean on the points' stamps (RDA's own input set: 0 whenever the sketch decoded)
          rda_mean_err_held_local_ns: float, ns -- deprecated alias of rda_decode_check_ns
          baselines_complete: bool -- LDA, FineComb and the raw log all answered
          lda_wire_bytes: int, bytes -- LDA request and chunks, both ways
          fc_wire_bytes: int, bytes -- FineComb request, chunks and stash, both ways
          raw_wire_bytes: int, bytes -- raw-log request and chunks, both ways (RDA's own when it
    sent the raw log)
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

RDA_STUDY_CSV_HEADER: str
