# The names of the pybind11 module chronometry, for editors and type checkers (PEP 484 stub).
# Generated from the built module by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""chronometry: time across nodes for ns-3. Times are integers in nanoseconds."""

import datetime
import numpy
from typing import ClassVar, Dict, List, Literal, NotRequired, Optional, Tuple, TypedDict, Union, overload

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
    def check(
        self,
        skew_ns: int,
        interval_ns: int,
        hvc_skew_bound_ns: Optional[int] = None,
        *,
        hvc_epsilon_ns: Optional[int] = None,
    ) -> dict:
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
    """A simulator-free random execution with bounded-skew clocks and every clock stamped."""
    ...

@overload
def run_study(
    study: Literal['inference'],
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
) -> InferenceStudyResult: ...
@overload
def run_study(
    study: Literal['rda'],
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
) -> RdaStudyResult: ...
@overload
def run_study(
    study: Literal['relation'],
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
    walk_spread_ppm: float = 0.1,
    wander_term: bool = False,
    extrapolate: bool = False,
    both_directions: bool = False,
    ntp_hops: int = 0,
    ntp_filter: str = 'BestAtQuery',
    seed: int = 1,
    run: int = 1,
) -> RelationStudyResult: ...
@overload
def run_study(
    study: Literal['relation-graph'],
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
) -> RelationGraphStudyResult: ...
@overload
def run_study(
    study: Literal['replay'],
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
) -> ReplayStudyResult: ...
@overload
def run_study(
    study: Literal['scheduling'],
    *,
    rows: Optional[bool] = None,
    servers: int = 4,
    skew_bound: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    skew_bound_ns: int = 100000,
    drift_ppm: float = 0.0,
    delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    delay_ns: int = 500000,
    server_types: str = 'identical',
    predictor: str = 'FtAverage',
    window: int = 8,
    probe_mode: str = 'Periodic',
    probe_period: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    probe_period_ns: int = 1000000000,
    burst_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    burst_interval_ns: int = 20000000,
    operations: int = 100,
    operation_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    operation_interval_ns: int = 2000000000,
    operation_lead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    operation_lead_ns: int = 1000000000,
    decision_lead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    decision_lead_ns: int = 200000000,
    send_ahead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    send_ahead_ns: int = 50000000,
    service_base: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    service_base_ns: int = 2000000,
    service_noise: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    service_noise_ns: int = 100000,
    spike_probability: float = 0.02,
    spike_mean: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    spike_mean_ns: int = 10000000,
    sched_max_future: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sched_max_future_ns: int = 10000000000,
    sched_max_past: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sched_max_past_ns: int = 1000000000,
    atomic: bool = False,
    loss_rate: float = 0.0,
    refuse: float = 0.0,
    cancel_lead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    cancel_lead_ns: int = 100000000,
    crash_mean: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    crash_mean_ns: int = 0,
    downtime: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    downtime_ns: int = 1000000000,
    persist: bool = False,
    retries: int = 0,
    retry_timeout: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    retry_timeout_ns: int = 20000000,
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
    seed: int = 1,
    run: int = 1,
    topology: str = 'csma',
) -> SchedulingStudyResult: ...
@overload
def run_study(
    study: Literal['sync'],
    *,
    rows: Optional[bool] = None,
    nodes: int = 8,
    topology: str = 'star',
    switches: int = 3,
    link_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    link_delay_ns: int = 1000,
    asymmetry: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    asymmetry_ns: int = 0,
    sync: str = 'ptp',
    sync_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sync_interval_ns: int = 125000000,
    announce_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    announce_interval_ns: int = 250000000,
    min_delay_req_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    min_delay_req_interval_ns: int = 125000000,
    unicast_delay_requests: bool = True,
    min_poll: int = 4,
    max_poll: int = 6,
    ntp_servers: int = 3,
    stratum2_servers: int = 0,
    liar: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    liar_ns: int = 0,
    liar_from: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    liar_from_ns: int = 0,
    ntp_server_loss: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    ntp_server_loss_ns: int = 0,
    rate_limit: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    rate_limit_ns: int = 0,
    bad_header: str = 'none',
    iburst: bool = False,
    min_survivors: int = 3,
    servo: str = 'ns3::PiServo',
    transparent_clocks: bool = True,
    boundary_clocks: bool = False,
    pdelay_req_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    pdelay_req_interval_ns: int = 250000000,
    delay_mechanism: str = 'E2E',
    timestamp_mode: str = 'Hardware',
    timestamp_granularity: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    timestamp_granularity_ns: int = 8,
    timestamp_noise: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    timestamp_noise_ns: int = 0,
    host_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    host_delay_ns: int = 0,
    delay_asymmetry: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    delay_asymmetry_ns: int = 0,
    delay_filter_length: int = 10,
    first_step_threshold: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    first_step_threshold_ns: int = 20000,
    step_threshold: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    step_threshold_ns: int = 0,
    rate_correction: bool = True,
    grandmaster_failure: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    grandmaster_failure_ns: int = 0,
    master_step: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    master_step_ns: int = 0,
    master_step_at: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    master_step_at_ns: int = 0,
    loss_rate: float = 0.0,
    oscillator: str = 'constant',
    drift_ppm: float = 20.0,
    initial_offset: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    initial_offset_ns: int = 1000000,
    load: float = 0.0,
    duration: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    duration_ns: int = 30000000000,
    warmup: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    warmup_ns: int = 10000000000,
    sample_period: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sample_period_ns: int = 10000000,
    lock_threshold: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    lock_threshold_ns: int = 0,
    pcap: str = '',
    series_file: str = '',
    seed: int = 1,
    run: int = 1,
) -> SyncStudyResult: ...
@overload
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
    walk_spread_ppm: float
    wander_term: bool
    extrapolate: bool
    both_directions: bool
    ntp_hops: int
    ntp_filter: str
    seed: int
    run: int
    tuples: Optional[int]
    malformed: Optional[int]
    affine_refuted: Optional[int]
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
    walk_spread_ppm: float = 0.1,
    wander_term: bool = False,
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

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      drift_ppm: float = 20.0, range [0 ppm, 500 ppm], unit ppm -- Per-node TSC drift, uniform in
    [-DriftPpm, DriftPpm]
      asymmetry / asymmetry_ns: time ('8us', a timedelta) / int ns = 100us (asymmetry_ns=100000),
    range [0ns, 100ms] -- Extra one-way delay into B and C (ingress)
      load: float = 0.7, range [0, 0.98] -- Background on-fraction into A, B and C (on/off UDP at
    line rate from D, during LoadSpan)
      load_span: str = 'run', range run, workload -- When the background load runs: run (from the
    start to the end, so it overlaps every probe window, pre and post included) or workload (the
    busy phase only: the pre and post windows CP uses stay quiet)
      rounds: int = 100, range [1 rounds, 100000 rounds], unit rounds -- Probe rounds per ordered
    pair and window (the paper uses 100).
      busy_rounds: int = 20, range [1, 10000] -- MinRTT rounds per pair in the busy windows
      tuple_interval / tuple_interval_ns: time ('8us', a timedelta) / int ns = 5ms
    (tuple_interval_ns=5000000), range [100us, 1s] -- Pipeline tuple interval
      workload / workload_ns: time ('8us', a timedelta) / int ns = 4s (workload_ns=4000000000),
    range [2s, 600s] -- Workload (busy phase) length
      ntp_poll / ntp_poll_ns: time ('8us', a timedelta) / int ns = 1s (ntp_poll_ns=1000000000),
    range [10ms, 1h] -- NTP poll interval
      ntp_max_skew_ppm: float = 0.0, range [0 ppm, 10000 ppm], unit ppm -- NTP's bound phi on the
    rate difference of two clocks; 0 = 2 D + 5 with D the largest |drift| of a TSC: DriftPpm, plus
    DriftStepPpm (step), plus 8 sigmas of the walk over the run (walk)
      link_mbps: float = 10.0, range [0.1 Mb/s, 100000 Mb/s], unit Mb/s -- Access link rate
      link_delay / link_delay_ns: time ('8us', a timedelta) / int ns = 50us (link_delay_ns=50000),
    range [0ns, 1s] -- Access link delay
      response_jitter / response_jitter_ns: time ('8us', a timedelta) / int ns = 20us
    (response_jitter_ns=20000), range [0ns, 10ms] -- Maximum of each of the two uniform random
    delays before and after the TSC read of a response (OS noise); used when ResponseHostDelay is
    not set.
      boot_base: int = 0, range [0 ticks, 9223372036854775808 ticks], unit ticks -- Added to every
    TSC's boot value (uniform in [0, 2^40) ticks): the counters' uptime before the run (2^62 ticks:
    49 years at 3 GHz)
      noise_model: str = 'none', range none, host, route, all -- Probe noise: none (the links, Load
    and Asymmetry only); host (heavy-tailed host delays: log-normal service times, median 20 us,
    sigma 1, plus 1% VM stalls of 1-5 ms, at every responder and receiver); route (C's uplink 4x
    slower than its downlink, and mid-workload +200 us each way and the uplink 10x slower); all
    (host and route)
      tsc_model: str = 'constant', range constant, step, walk -- TSC oscillators: constant (drift
    only), step (C's drift steps by DriftStepPpm mid-workload, between the pre and post rounds) or
    walk (every TSC's drift is a random walk of WalkSpreadPpm per sqrt(s))
      drift_step_ppm: float = 1.0, range [0 ppm, 100 ppm], unit ppm -- Drift step of C's TSC
    (TscModel step)
      walk_spread_ppm: float = 0.1, range [0 ppm, 100 ppm], unit ppm -- Random-walk spread of every
    TSC's drift (TscModel walk), per sqrt(s)
      wander_term: bool = False -- Add the TSC model's drift-wander term (DriftWander: J =
    DriftStepPpm for step; K = 4 sigmas of a relative walk of sqrt(2) WalkSpreadPpm for walk) to the
    CP, CP_BUSY, CP_MULTI and CP_BASELINE bounds and the NTP bound (step only)
      extrapolate: bool = False -- CP's second quiet window (post) runs 500 ms after the first
    (pre), before the workload, instead of after it: every tuple is then translated outside the
    window, where the paper's e is no bound and the rigorous bound grows with the distance (the busy
    windows do not move)
      both_directions: bool = False -- CP_MULTI also fits the rounds the peer initiated (the server
    probes every ordered pair)
      ntp_hops: int = 0, range [0 routers, 16 routers], unit routers -- Extra routers between the
    pipeline's router and the NTP server D (each link 10x LinkMbps, LinkDelay; D's background load
    crosses them)
      ntp_filter: str = 'BestAtQuery', range BestAtQuery, Rfc5905 -- Sample selection: BestAtQuery
    (the smallest bound at each query) or Rfc5905 (ntpd's clock filter: best distance at arrival,
    newer samples only).
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it

    Returns RelationStudyResult, a dict: every parameter above (a time as its _ns int of
    nanoseconds), then the results (None where one does not apply to the run):
      tuples: int -- tuples that completed with all events
      malformed: int -- malformed packets dropped by the apps
      affine_refuted: int -- pairs (of A-B, A-C, B-C) whose multi-round fit refuted the affine
    model; their CP_MULTI durations are not estimated
      wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
      methods: list of dicts, one per row (always):
        method: str (key) -- CP, CP_BUSY, CP_MULTI, ReT, NTP, CP_BASELINE
        path: str (key) -- the duration measured: A->C (scenario 2), B->C (scenario 3), B (scenario
    1)
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
        half_true_min_rtt_us: float, us -- half the true minimum RTT of the pair's network path: the
    smallest IP-to-IP one-way delay of any packet from one node to the other, plus the smallest
    back, in true time, over every packet of the run (from the simulator; no estimator sees it)
        bound_ratio_true_path: float -- mean_bound_us / half_true_min_rtt_us: the bound against the
    path's physical half RTT (host delays, response jitter and the ingress delay are the hosts', not
    the path's)
      csv_rows: str -- the CSV lines the C++ programs write for these parameters
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

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      nodes: int = 30, range [3 nodes, 64 nodes], unit nodes -- Number of nodes N
      drift_ppm: float = 20.0, range [0 ppm, 500 ppm], unit ppm -- Per-node TSC drift, uniform in
    [-DriftPpm, DriftPpm]
      rounds: int = 4, range [1 rounds, 100000 rounds], unit rounds -- Probe rounds per ordered pair
    and window (the paper uses 100).
      extra_delay / extra_delay_ns: time ('8us', a timedelta) / int ns = 400us
    (extra_delay_ns=400000), range [0ns, 100ms] -- Per-node extra link delay (on top of 50 us),
    uniform in [0, ExtraDelay]
      edge_probability: float = 0.3, range [0.05, 1] -- Probability that an undirected pair's
    relations are kept (a sparse probing plan; 1 = every pair)
      gap / gap_ns: time ('8us', a timedelta) / int ns = 30s (gap_ns=30000000000), range [1s, 1h] --
    Time from the start of the first window to the start of the second
      multi_round: bool = False -- Edges from the multi-round fit over both windows and both probing
    directions instead of the two-round relation
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it

    Returns RelationGraphStudyResult, a dict: every parameter above (a time as its _ns int of
    nanoseconds), then the results (None where one does not apply to the run):
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
    """
    ...

RELATION_GRAPH_STUDY_CSV_HEADER: str

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

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      nodes: int = 32, range [2, 4096] -- Number of processes n
      skew_bound / skew_bound_ns: time ('8us', a timedelta) / int ns = 1ms (skew_bound_ns=1000000),
    range [1ns, 1h] -- The skew bound E (the largest |clock - true time| of a bounded clock, the
    bound HVC and RepCl assume): every read lies in [t, t + E].
      interval / interval_ns: time ('8us', a timedelta) / int ns = 100us (interval_ns=100000), range
    [1ns, 1h] -- RepCl epoch length I.
      delay / delay_ns: time ('8us', a timedelta) / int ns = 8us (delay_ns=8000), range [0ns, 1s] --
    Message delay delta: the LAN's propagation delay
      jitter / jitter_ns: time ('8us', a timedelta) / int ns = 0ns (jitter_ns=0), range [0ns, 1s] --
    Extra per-message delay, uniform in [0, Jitter] (needs OnWire)
      on_wire: bool = False -- Carry stamps as real bytes between the IPv4 and UDP headers (so their
    bandwidth is simulated) instead of a byte tag. UDP traffic only; every node of the system must
    use the same setting.
      vector_on_wire: bool = False -- Carry the vector clock in every message (n entries).  False:
    the nodes neither run nor carry it and the CausalEventLog recomputes it from the message graph
    when replayed (the same vectors; messages do not grow with n, for large studies).  Every node of
    the system must use the same setting.
      rate: float = 20.0, range (0 msgs/s, 1e+06 msgs/s], unit msgs/s -- Messages per second to
    uniformly random peers (alpha). (ns3::ReplayWorkloadApplication::MessageRate)
      local_rate: float = 0.0, range [0 /s, 1e+06 /s], unit /s -- Local events per second.
    (ns3::ReplayWorkloadApplication::LocalEventRate)
      poisson: bool = True -- Exponential gaps between actions (true) or fixed 1/rate (false).
      duration / duration_ns: time ('8us', a timedelta) / int ns = 1s (duration_ns=1000000000),
    range [1ms, 1h] -- Simulated time of the workload
      clock_model: str = 'bounded', range bounded, thesis, drifting -- Clocks: bounded
    (BoundedSkewClock), thesis (its Algorithm 5.1) or drifting (offsets uniform in [-E/2, E/2],
    drift within 50 ppm)
      offset_spread / offset_spread_ns: time ('8us', a timedelta) / int ns = 0ns
    (offset_spread_ns=0), range [0ns, 1h] -- ClockModel drifting: initial clock offsets uniform in
    [-OffsetSpread/2, OffsetSpread/2] (0: within SkewBound, as before), so that the E the stampers
    assume and the clocks' start-up spread can be varied apart
      sync: str = 'none', range none, ptp, ntp, sntp -- Clock source: none (the clocks are placed
    within E by ClockModel), ptp (PtpClock, node 0 the grandmaster, hardware time stamps, PI servo)
    or ntp (hosts 0 .. NtpServers - 1 NtpServers, the others their NtpClients) on the study's own
    LAN, steering the drifting clocks (ClockModel drifting); the stampers still assume SkewBound,
    the delivered E is reported
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
    (sync_warmup_ns=3000000000), range [0ns, 24h] -- Sync ptp, ntp: the workload starts this much
    later than without (the protocol's time to lock) and runs for Duration; the delivered E is
    sampled over the workload's run only
      ntp_servers: int = 1, range [1, 16] -- Sync ntp: hosts 0 .. NtpServers - 1 are NtpServers and
    every other host a client of all of them; with more than one the servers are stratum 1 on
    perfect clocks (no drift, no offset: independently drifting servers would disagree), with one it
    is host 0's drifting clock (as before); fewer than Nodes
      stamp_sync_protocols: bool = False -- Stamp, merge and log the datagrams of PTP (UDP 319, 320)
    and NTP (UDP 123) too.  False: a synchronization protocol's own messages are not events (neither
    stamped nor merged nor logged), so steering the clocks does not change the execution the
    stampers see.
      counter_rule: str = 'Published', range Published, EpochCounts -- RepCl counter rule: Published
    (the thesis) or EpochCounts (chronometry's corrected variant).
      sum_counters: bool = False -- RepCl: keep only the sum of the counters (the thesis' ns-3
    form).
      counter_bits: int = 4, range [1 bits, 64 bits], unit bits -- RepCl counter width in the
    encoding.
      encoding: str = 'Bitmap', range Bitmap, Sparse, Adaptive -- How HVC and RepCl stamps name the
    processes they hold: Bitmap (the published fixed forms: RepCl's n-bit bitmap, HVC's ids at
    ceil(log2 n) bits), Sparse (a sorted list of delta-coded ids, LEB128-style varints, O(theta log
    n) bits) or Adaptive (per stamp the smaller of the two, marked by a flag).  Every node of the
    system must use the same setting.
      exact_limit: int = 10000, range [0, 1000000] -- Replay checker: every pair of events up to
    this many events
      sample_pairs: int = 1000000, range [1, 1000000000] -- Replay checker: random pairs beyond
    ExactLimit
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it
      topology: str = 'csma', range csma, switched -- LAN topology: csma (one segment; every frame
    reaches every NIC and occupies the channel for its propagation delay) or switched (a
    point-to-point star through a switch; one-way delay = delta plus two transmissions)

    Returns ReplayStudyResult, a dict: every parameter above (a time as its _ns int of nanoseconds),
    then the results (None where one does not apply to the run):
      events: int -- events logged
      messages: int -- messages sent
      delivered_messages: int -- messages whose send and receive are both logged (the per-message
    fractions' denominator)
      message_hvc_violation_fraction: float -- delivered messages whose receive HVC is not after the
    send HVC (the send-receive pair violates hb => <)
      message_repcl_violation_fraction: float -- delivered messages whose receive RepCl is not after
    the send RepCl (requirement 1 on the send-receive pair; 2 in either form adds no condition on a
    happened-before pair)
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
      r2_thesis_violation_fraction: float -- r2_thesis_violations / r2_thesis_applicable (empty: no
    such pair)
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
      sync_skew_p50_ns: float, ns -- Sync ptp, ntp: the delivered E (max pairwise |clock offset|,
    every clock read at the same true instants every 10 ms over the whole run): median (Sync none:
    0)
      sync_skew_p99_ns: float, ns -- 99th percentile
      sync_skew_max_ns: float, ns -- maximum
      wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
      csv_row: str -- the CSV line the C++ programs write for these parameters
    """
    ...

REPLAY_STUDY_CSV_HEADER: str

class SchedulingStudyRow(TypedDict):
    """One of the executions of run_scheduling_study's result."""
    operation: Optional[int]
    server: Optional[int]
    executed: Optional[bool]
    desired_ns: Optional[int]
    scheduled_ns: Optional[int]
    predicted_ns: Optional[int]
    pred_baseline_ns: Optional[int]
    pred_average_ns: Optional[int]
    pred_ftaverage_ns: Optional[int]
    pred_kalman_ns: Optional[int]
    true_start_ns: Optional[int]
    true_end_ns: Optional[int]
    reported_end_ns: Optional[int]
    error_ns: Optional[int]
    clock_part_ns: Optional[int]
    prediction_part_ns: Optional[int]

class SchedulingStudyResult(TypedDict):
    """
    What run_scheduling_study returns (run_study('scheduling')): every parameter, the results (None
    where one does not apply), the CSV line(s).
    """
    servers: int
    skew_bound_ns: int
    drift_ppm: float
    delay_ns: int
    server_types: str
    predictor: str
    window: int
    probe_mode: str
    probe_period_ns: int
    burst_interval_ns: int
    operations: int
    operation_interval_ns: int
    operation_lead_ns: int
    decision_lead_ns: int
    send_ahead_ns: int
    service_base_ns: int
    service_noise_ns: int
    spike_probability: float
    spike_mean_ns: int
    sched_max_future_ns: int
    sched_max_past_ns: int
    atomic: bool
    loss_rate: float
    refuse: float
    cancel_lead_ns: int
    crash_mean_ns: int
    downtime_ns: int
    persist: bool
    retries: int
    retry_timeout_ns: int
    sync: str
    sync_interval_ns: int
    announce_interval_ns: int
    min_delay_req_interval_ns: int
    unicast_delay_requests: bool
    min_poll: int
    max_poll: int
    sync_warmup_ns: int
    seed: int
    run: int
    topology: str
    executed: Optional[int]
    late: Optional[int]
    errors: Optional[int]
    probe_reports: Optional[int]
    mae_us: Optional[float]
    mae_clock_us: Optional[float]
    mae_prediction_us: Optional[float]
    mae_offline_baseline_us: Optional[float]
    mae_offline_average_us: Optional[float]
    mae_offline_ftaverage_us: Optional[float]
    mae_offline_kalman_us: Optional[float]
    offset_range_us: Optional[float]
    mean_start_spread_us: Optional[float]
    max_start_spread_us: Optional[float]
    mean_end_spread_us: Optional[float]
    aborts: Optional[int]
    commit_all: Optional[int]
    commit_none: Optional[int]
    commit_partial: Optional[int]
    cancelled: Optional[int]
    malformed: Optional[int]
    late_arrivals: Optional[int]
    missed: Optional[int]
    mean_start_delay_us: Optional[float]
    max_start_delay_us: Optional[float]
    partial_rate: Optional[float]
    abort_rate: Optional[float]
    messages_sent: Optional[int]
    messages_lost: Optional[int]
    schedules_lost: Optional[int]
    acks_lost: Optional[int]
    reports_lost: Optional[int]
    cancels_lost: Optional[int]
    cancel_acks_lost: Optional[int]
    errors_lost: Optional[int]
    probe_messages_lost: Optional[int]
    sync_skew_p50_ns: Optional[float]
    sync_skew_p99_ns: Optional[float]
    sync_skew_max_ns: Optional[float]
    wall_s: Optional[float]
    executions: NotRequired[List[SchedulingStudyRow]]
    csv_row: str

def run_scheduling_study(
    *,
    rows: Optional[bool] = None,
    servers: int = 4,
    skew_bound: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    skew_bound_ns: int = 100000,
    drift_ppm: float = 0.0,
    delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    delay_ns: int = 500000,
    server_types: str = 'identical',
    predictor: str = 'FtAverage',
    window: int = 8,
    probe_mode: str = 'Periodic',
    probe_period: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    probe_period_ns: int = 1000000000,
    burst_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    burst_interval_ns: int = 20000000,
    operations: int = 100,
    operation_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    operation_interval_ns: int = 2000000000,
    operation_lead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    operation_lead_ns: int = 1000000000,
    decision_lead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    decision_lead_ns: int = 200000000,
    send_ahead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    send_ahead_ns: int = 50000000,
    service_base: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    service_base_ns: int = 2000000,
    service_noise: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    service_noise_ns: int = 100000,
    spike_probability: float = 0.02,
    spike_mean: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    spike_mean_ns: int = 10000000,
    sched_max_future: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sched_max_future_ns: int = 10000000000,
    sched_max_past: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sched_max_past_ns: int = 1000000000,
    atomic: bool = False,
    loss_rate: float = 0.0,
    refuse: float = 0.0,
    cancel_lead: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    cancel_lead_ns: int = 100000000,
    crash_mean: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    crash_mean_ns: int = 0,
    downtime: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    downtime_ns: int = 1000000000,
    persist: bool = False,
    retries: int = 0,
    retry_timeout: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    retry_timeout_ns: int = 20000000,
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
    seed: int = 1,
    run: int = 1,
    topology: str = 'csma',
) -> SchedulingStudyResult:
    """
    run_study('scheduling', **parameters): OneClock scheduled operations on skewed clocks: start
    error against the truth, split into the clock part and the ETE prediction part, per predictor.

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      servers: int = 4, range [1, 64] -- Number of servers
      skew_bound / skew_bound_ns: time ('8us', a timedelta) / int ns = 100us (skew_bound_ns=100000),
    range [0ns, 1h] -- The skew bound E (the largest |clock - true time| of a bounded clock, the
    bound HVC and RepCl assume): the clocks' offsets are uniform in [-E/2, E/2]
    (ClockHelper::SetUniformPopulation)
      drift_ppm: float = 0.0, range [0 ppm, 1000 ppm], unit ppm -- Clock drift, uniform in
    [-DriftPpm, DriftPpm]
      delay / delay_ns: time ('8us', a timedelta) / int ns = 500us (delay_ns=500000), range [0ns,
    1s] -- LAN propagation delay
      server_types: str = 'identical', range identical, testbed, cloud, all -- Service models of the
    servers: identical (the ServiceBase/Noise/Spike parameters on every server), or Table II types
    cycled over the servers: testbed (III, IV, V, VI), cloud (I, II), all (I to VI)
      predictor: str = 'FtAverage', range Baseline, Average, FtAverage, Kalman, LastSample,
    WindowMedian, Calibrated -- ETE predictor used to schedule: the paper's Baseline, Average,
    FtAverage, Kalman, or a reference: LastSample, WindowMedian, Calibrated.
      window: int = 8, range [1 samples, 4096 samples], unit samples -- N, the number of samples the
    predictors use (and the burst size).
      probe_mode: str = 'Periodic', range None, Periodic, Burst -- None, Periodic (a probe every
    ProbePeriod) or Burst (N probes per operation).
      probe_period / probe_period_ns: time ('8us', a timedelta) / int ns = 1s
    (probe_period_ns=1000000000), range [1ms, 1h] -- Period of periodic probing.
      burst_interval / burst_interval_ns: time ('8us', a timedelta) / int ns = 20ms
    (burst_interval_ns=20000000), range [1us, 10s] -- Spacing of the probes of a burst.
      operations: int = 100, range [1, 1000000] -- Operations per run
      operation_interval / operation_interval_ns: time ('8us', a timedelta) / int ns = 2s
    (operation_interval_ns=2000000000), range [1ms, 1h] -- Time between two operations.
      operation_lead / operation_lead_ns: time ('8us', a timedelta) / int ns = 1s
    (operation_lead_ns=1000000000), range [1ms, 1h] -- T_d minus the time the operation is planned.
      decision_lead / decision_lead_ns: time ('8us', a timedelta) / int ns = 200ms
    (decision_lead_ns=200000000), range [1ns, 1h] -- T_d minus the time the ETE is predicted; must
    be below OperationLead.
      send_ahead / send_ahead_ns: time ('8us', a timedelta) / int ns = 50ms
    (send_ahead_ns=50000000), range [1ns, 1h] -- A SCHEDULE leaves this long before T_s (covers the
    network delay and the clock skew); must be below DecisionLead.
      service_base / service_base_ns: time ('8us', a timedelta) / int ns = 2ms
    (service_base_ns=2000000), range [0ns, 1h] -- Fixed part of the service time.
    (ns3::ServiceTimeModel::Base)
      service_noise / service_noise_ns: time ('8us', a timedelta) / int ns = 100us
    (service_noise_ns=100000), range [0ns, 1s] -- Service time noise, standard deviation (normal,
    bounded at 4 sigma)
      spike_probability: float = 0.02, range [0, 1] -- Probability that an operation hits a load
    spike.
      spike_mean / spike_mean_ns: time ('8us', a timedelta) / int ns = 10ms
    (spike_mean_ns=10000000), range [0ns, 10s] -- Mean spike (exponential)
      sched_max_future / sched_max_future_ns: time ('8us', a timedelta) / int ns = 10s
    (sched_max_future_ns=10000000000), range [0ns, 1h] -- Requests with T_s later than local now +
    this are refused (sched-max-future).
      sched_max_past / sched_max_past_ns: time ('8us', a timedelta) / int ns = 1s
    (sched_max_past_ns=1000000000), range [0ns, 1h] -- Requests with T_s earlier than local now -
    this are refused; later past times run at once (sched-max-past).
      atomic: bool = False -- All-or-none: cancel everywhere if an ACK is missing at T_d -
    CancelLead. (ns3::ScheduledOperationClient::AtomicCommit)
      loss_rate: float = 0.0, range [0, 0.9] -- Probability that the network loses a packet, each
    independently (a RateErrorModel, packet unit, as the ReceiveErrorModel of the client's and every
    server's device: every message type (SCHEDULE, ACK, REPORT, CANCEL, CANCEL_ACK, ERROR, probes),
    both directions)
      refuse: float = 0.0, range [0, 1] -- Probability that the server refuses a real request with
    an ERROR reply (REFUSED): the server's own decision, drawn per request. Messages are lost by the
    network, not here: put an ns-3 ErrorModel on the links (the scheduling study's LossRate).
    (ns3::ScheduledOperationServer::RefuseProbability)
      cancel_lead / cancel_lead_ns: time ('8us', a timedelta) / int ns = 100ms
    (cancel_lead_ns=100000000), range [1ns, 1h] -- Atomic commit: T_d minus the ACK deadline; must
    be below SendAhead. Must exceed ETE + delay + skew for cancels to arrive before any server
    starts.
      crash_mean / crash_mean_ns: time ('8us', a timedelta) / int ns = 0ns (crash_mean_ns=0), range
    [0ns, 10000h] -- Mean (exponential) up-time between random crashes; 0: the server never crashes
    by itself (Crash() still works). (ns3::ScheduledOperationServer::MeanTimeBetweenCrashes)
      downtime / downtime_ns: time ('8us', a timedelta) / int ns = 1s (downtime_ns=1000000000),
    range [1us, 1h] -- How long a crashed server stays down before it restarts.
      persist: bool = False -- Pending operations and remembered ids survive a crash (stored
    durably); false: they are lost with the process.
    (ns3::ScheduledOperationServer::PersistSchedule)
      retries: int = 0, range [0 copies, 16 copies], unit copies -- Copies of an unanswered SCHEDULE
    (or unconfirmed CANCEL) sent after the first, RetryTimeout apart (0: no retries).
    (ns3::ScheduledOperationClient::MaxRetries)
      retry_timeout / retry_timeout_ns: time ('8us', a timedelta) / int ns = 20ms
    (retry_timeout_ns=20000000), range [1us, 10s] -- How long the client waits for an ACK (or
    CANCEL_ACK) before it sends a copy.
      sync: str = 'none', range none, ptp, ntp, sntp -- Clock source: none (the clocks as SkewBound
    and DriftPpm place them), ptp (PtpClock, the client the grandmaster, the servers its slaves,
    hardware time stamps, PI servo) or ntp (the client an NtpServer, the servers its NtpClients) on
    the study's LAN, steering the servers' drifting clocks; with a protocol the client's clock is
    the reference (true time: no offset, no drift) and the servers keep the drawn offsets and drifts
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
    (sync_warmup_ns=3000000000), range [0ns, 24h] -- Sync ptp, ntp: the client and servers start
    this much later than without (the protocol's time to lock; the delivered E is sampled from then
    on)
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it
      topology: str = 'csma', range csma, switched -- LAN topology: csma (one segment; every frame
    reaches every NIC and occupies the channel for its propagation delay) or switched (a
    point-to-point star through a switch; one-way delay = delta plus two transmissions)

    Returns SchedulingStudyResult, a dict: every parameter above (a time as its _ns int of
    nanoseconds), then the results (None where one does not apply to the run):
      executed: int -- operations executed (all servers)
      late: int -- SCHEDULE messages that could not leave in time
      errors: int -- ERROR replies to real operations
      probe_reports: int -- probe reports
      mae_us: float, us -- mean |trueEnd - T_d|, active predictor
      mae_clock_us: float, us -- mean |trueStart - T_s|: start error (server clock error plus any
    start delay); not a share of mae_us (absolute errors do not add)
      mae_prediction_us: float, us -- mean |(trueEnd - trueStart) - predicted ETE|: prediction error
      mae_offline_baseline_us: float, us -- the paper's metric, mean |ETE - predicted|: Baseline
      mae_offline_average_us: float, us -- the same: Average
      mae_offline_ftaverage_us: float, us -- the same: FtAverage
      mae_offline_kalman_us: float, us -- the same: Kalman
      offset_range_us: float, us -- max - min server clock offset
      mean_start_spread_us: float, us -- mean over operations of max - min true start
      max_start_spread_us: float, us -- max over operations
      mean_end_spread_us: float, us -- mean over operations of max - min true end
      aborts: int -- atomic commit: client aborts
      commit_all: int -- operations executed by every server
      commit_none: int -- operations executed by none
      commit_partial: int -- operations executed by some, not all
      cancelled: int -- operations cancelled at servers
      malformed: int -- malformed packets (client + servers)
      late_arrivals: int -- executed operations whose SCHEDULE reached the server after T_s (truth)
      missed: int -- operations refused as too far in the past
      mean_start_delay_us: float, us -- mean local start - T_s on the server's clock (the
    start-delay part of the ETE)
      max_start_delay_us: float, us -- largest start delay
      partial_rate: float -- commit_partial / operations
      abort_rate: float -- aborts / operations
      messages_sent: int -- OneClock messages sent, every type, probes included (network truth, at
    the IP layers)
      messages_lost: int -- of those, never received
      schedules_lost: int -- real operations' SCHEDULE copies lost
      acks_lost: int -- real operations' ACKs lost
      reports_lost: int -- real operations' REPORTs lost
      cancels_lost: int -- CANCEL copies lost
      cancel_acks_lost: int -- CANCEL_ACKs lost
      errors_lost: int -- ERROR replies to real operations lost
      probe_messages_lost: int -- probes' SCHEDULE, ACK, REPORT and ERROR messages lost
      sync_skew_p50_ns: float, ns -- Sync ptp, ntp: the delivered E (max pairwise |clock offset|,
    every clock read at the same true instants every 10 ms over the operations' run, from SyncWarmup
    on): median (Sync none: 0)
      sync_skew_p99_ns: float, ns -- 99th percentile
      sync_skew_max_ns: float, ns -- maximum
      wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
      executions: list of dicts, one per row (with rows=True):
        operation: int (key) -- operation index
        server: int (key) -- server index
        executed: bool -- the server ran it
        desired_ns: int, ns -- T_d
        scheduled_ns: int, ns -- T_s
        predicted_ns: int, ns -- predicted ETE (active predictor)
        pred_baseline_ns: int, ns -- prediction of Baseline
        pred_average_ns: int, ns -- prediction of Average
        pred_ftaverage_ns: int, ns -- prediction of FtAverage
        pred_kalman_ns: int, ns -- prediction of Kalman
        true_start_ns: int, ns -- simulator time of the start
        true_end_ns: int, ns -- simulator time of the completion
        reported_end_ns: int, ns -- T_e (server local)
        error_ns: int, ns -- trueEnd - T_d
        clock_part_ns: int, ns -- trueStart - T_s
        prediction_part_ns: int, ns -- (trueEnd - trueStart) - predicted
      csv_row: str -- the CSV line the C++ programs write for these parameters
    """
    ...

SCHEDULING_STUDY_CSV_HEADER: str

class SyncStudyRow(TypedDict):
    """One of the per_node of run_sync_study's result."""
    node: Optional[int]
    switch: Optional[int]
    hops: Optional[int]
    ntp_stratum: Optional[int]
    base_drift_ppm: Optional[float]
    node_lock_ns: Optional[int]
    offset_p99_ns: Optional[float]
    offset_max_ns: Optional[float]
    estimate_mean_ns: Optional[float]
    true_mean_ns: Optional[float]

class SyncStudyResult(TypedDict):
    """
    What run_sync_study returns (run_study('sync')): every parameter, the results (None where one
    does not apply), the CSV line(s).
    """
    nodes: int
    topology: str
    switches: int
    link_delay_ns: int
    asymmetry_ns: int
    sync: str
    sync_interval_ns: int
    announce_interval_ns: int
    min_delay_req_interval_ns: int
    unicast_delay_requests: bool
    min_poll: int
    max_poll: int
    ntp_servers: int
    stratum2_servers: int
    liar_ns: int
    liar_from_ns: int
    ntp_server_loss_ns: int
    rate_limit_ns: int
    bad_header: str
    iburst: bool
    min_survivors: int
    servo: str
    transparent_clocks: bool
    boundary_clocks: bool
    pdelay_req_interval_ns: int
    delay_mechanism: str
    timestamp_mode: str
    timestamp_granularity_ns: int
    timestamp_noise_ns: int
    host_delay_ns: int
    delay_asymmetry_ns: int
    delay_filter_length: int
    first_step_threshold_ns: int
    step_threshold_ns: int
    rate_correction: bool
    grandmaster_failure_ns: int
    master_step_ns: int
    master_step_at_ns: int
    loss_rate: float
    oscillator: str
    drift_ppm: float
    initial_offset_ns: int
    load: float
    duration_ns: int
    warmup_ns: int
    sample_period_ns: int
    lock_threshold_ns: int
    pcap: str
    series_file: str
    seed: int
    run: int
    locked: Optional[bool]
    lock_threshold_applied_ns: Optional[int]
    lock_ns: Optional[int]
    skew_p50_ns: Optional[float]
    skew_p99_ns: Optional[float]
    skew_max_ns: Optional[float]
    to_true_max_ns: Optional[float]
    samples: Optional[int]
    ptp_samples: Optional[int]
    failover_ns: Optional[int]
    failover_skew_max_ns: Optional[float]
    step_recovery_ns: Optional[int]
    step_skew_max_ns: Optional[float]
    dropped_packets: Optional[int]
    hops_max: Optional[int]
    root_distance_checks: Optional[int]
    root_distance_coverage: Optional[float]
    root_distance_p50_ns: Optional[float]
    root_distance_p99_ns: Optional[float]
    true_error_p50_ns: Optional[float]
    true_error_p99_ns: Optional[float]
    kiss_drops: Optional[int]
    invalid_header_drops: Optional[int]
    host0_poll_min_s: Optional[float]
    host0_poll_max_s: Optional[float]
    root_distance_ratio_p50: Optional[float]
    wall_s: Optional[float]
    per_node: NotRequired[List[SyncStudyRow]]
    csv_row: str

def run_sync_study(
    *,
    rows: Optional[bool] = None,
    nodes: int = 8,
    topology: str = 'star',
    switches: int = 3,
    link_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    link_delay_ns: int = 1000,
    asymmetry: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    asymmetry_ns: int = 0,
    sync: str = 'ptp',
    sync_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sync_interval_ns: int = 125000000,
    announce_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    announce_interval_ns: int = 250000000,
    min_delay_req_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    min_delay_req_interval_ns: int = 125000000,
    unicast_delay_requests: bool = True,
    min_poll: int = 4,
    max_poll: int = 6,
    ntp_servers: int = 3,
    stratum2_servers: int = 0,
    liar: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    liar_ns: int = 0,
    liar_from: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    liar_from_ns: int = 0,
    ntp_server_loss: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    ntp_server_loss_ns: int = 0,
    rate_limit: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    rate_limit_ns: int = 0,
    bad_header: str = 'none',
    iburst: bool = False,
    min_survivors: int = 3,
    servo: str = 'ns3::PiServo',
    transparent_clocks: bool = True,
    boundary_clocks: bool = False,
    pdelay_req_interval: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    pdelay_req_interval_ns: int = 250000000,
    delay_mechanism: str = 'E2E',
    timestamp_mode: str = 'Hardware',
    timestamp_granularity: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    timestamp_granularity_ns: int = 8,
    timestamp_noise: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    timestamp_noise_ns: int = 0,
    host_delay: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    host_delay_ns: int = 0,
    delay_asymmetry: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    delay_asymmetry_ns: int = 0,
    delay_filter_length: int = 10,
    first_step_threshold: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    first_step_threshold_ns: int = 20000,
    step_threshold: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    step_threshold_ns: int = 0,
    rate_correction: bool = True,
    grandmaster_failure: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    grandmaster_failure_ns: int = 0,
    master_step: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    master_step_ns: int = 0,
    master_step_at: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    master_step_at_ns: int = 0,
    loss_rate: float = 0.0,
    oscillator: str = 'constant',
    drift_ppm: float = 20.0,
    initial_offset: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    initial_offset_ns: int = 1000000,
    load: float = 0.0,
    duration: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    duration_ns: int = 30000000000,
    warmup: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    warmup_ns: int = 10000000000,
    sample_period: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    sample_period_ns: int = 10000000,
    lock_threshold: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    lock_threshold_ns: int = 0,
    pcap: str = '',
    series_file: str = '',
    seed: int = 1,
    run: int = 1,
) -> SyncStudyResult:
    """
    run_study('sync', **parameters): Clock synchronization on a switched LAN (none, PTP, NTP or
    SNTP): the skew E every node keeps, measured from the simulator's truth.

    Parameters (keyword-only, each with its default; a time as delay='8us', a datetime.timedelta or
    a numpy.timedelta64, or as delay_ns=<int nanoseconds>; an unknown keyword or a value out of
    range is a ValueError, a value of the wrong type a TypeError):
      rows: bool or None = None -- include the rows (None: when they are the CSV's lines)
      nodes: int = 8, range [2, 1024] -- Hosts n (node 0 is the grandmaster)
      topology: str = 'star', range star, line, tree -- star (every host on one switch), line
    (Switches switches in a chain) or tree (Switches switches in a binary tree, switch s under (s -
    1) / 2); the hosts spread over the switches in blocks, the grandmaster on the first (the line's
    end, the tree's root)
      switches: int = 3, range [1, 32] -- Switches of the line or the tree (a star has one and
    ignores this)
      link_delay / link_delay_ns: time ('8us', a timedelta) / int ns = 1us (link_delay_ns=1000),
    range [0ns, 10ms] -- Propagation delay of every 1 Gb/s link
      asymmetry / asymmetry_ns: time ('8us', a timedelta) / int ns = 0ns (asymmetry_ns=0), range
    [0ns, 10ms] -- Path asymmetry: extra one-way delay from the grandmaster (host 0) to its switch,
    so master-to-slave is longer than slave-to-master by this (compensate with DelayAsymmetry =
    Asymmetry / 2)
      sync: str = 'ptp', range none, ptp, ntp, sntp -- Synchronization: none (free-running clocks),
    ptp (PtpClock: node 0 the grandmaster, every other host a slave), ntp or sntp (hosts 0 ..
    NtpServers - 1 stratum-1 NtpServers on perfect clocks, the others NtpClients of all of them,
    Mode Ntp or Sntp: SNTP asks host 0 only)
      sync_interval / sync_interval_ns: time ('8us', a timedelta) / int ns = 125ms
    (sync_interval_ns=125000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Time between
    Sync messages of a MASTER port (logSyncInterval). (applies when sync is ptp)
      announce_interval / announce_interval_ns: time ('8us', a timedelta) / int ns = 250ms
    (announce_interval_ns=250000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Time
    between Announce messages (logAnnounceInterval; the BMCA's timeouts count in it). (applies when
    sync is ptp)
      min_delay_req_interval / min_delay_req_interval_ns: time ('8us', a timedelta) / int ns = 125ms
    (min_delay_req_interval_ns=125000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Mean
    time between Delay_Req messages of a SLAVE port (logMinDelayReqInterval; each interval uniform
    in [0, 2x]). (applies when sync is ptp)
      unicast_delay_requests: bool = True -- Send Delay_Req unicast to the parent, which answers
    unicast (linuxptp's hybrid_e2e); otherwise both are multicast and reach every node. (applies
    when sync is ptp)
      min_poll: int = 4, range [4 log2 s, 17 log2 s], unit log2 s -- Smallest poll exponent (log2
    s); at most MaxPoll (RFC 5905 7.3's suggested default 6: 64 s). (applies when sync is ntp or
    sntp)
      max_poll: int = 6, range [4 log2 s, 17 log2 s], unit log2 s -- Largest poll exponent (log2 s);
    at least MinPoll (RFC 5905 7.3's suggested default 10: 1024 s). (applies when sync is ntp or
    sntp)
      ntp_servers: int = 3, range [1, 16] -- ntp, sntp: servers (hosts 0 .. NtpServers - 1); fewer
    than Nodes (applies when sync is ntp or sntp)
      stratum2_servers: int = 0, range [0, 16] -- ntp, sntp: hosts NtpServers .. NtpServers + this -
    1 are NtpClients of the stratum-1 servers that serve in turn (stratum 2, Mode Ntp); the other
    clients then ask them only (stratum 3; 0: every client asks the stratum-1 servers) (applies when
    sync is ntp or sntp)
      liar / liar_ns: time ('8us', a timedelta) / int ns = 0ns (liar_ns=0), range [0ns, 10s] -- ntp,
    sntp: server 0 (the one SNTP asks) serves its clock plus this (a falseticker; 0: honest)
    (applies when sync is ntp or sntp)
      liar_from / liar_from_ns: time ('8us', a timedelta) / int ns = 0ns (liar_from_ns=0), range
    [0ns, 24h] -- ntp, sntp: server 0 lies from this time on (0: from the start) (applies when sync
    is ntp or sntp)
      ntp_server_loss / ntp_server_loss_ns: time ('8us', a timedelta) / int ns = 0ns
    (ntp_server_loss_ns=0), range [0ns, 24h] -- ntp, sntp: server 1 stops answering at this time (a
    lost upstream; 0: never) (applies when sync is ntp or sntp)
      rate_limit / rate_limit_ns: time ('8us', a timedelta) / int ns = 0ns (rate_limit_ns=0), range
    [0ns, 24h] -- ntp, sntp: host 0 answers a client's request that comes sooner than this after its
    previous one with a RATE kiss-o'-death (NtpServer RateLimit, ntpd's discard minimum; 0: never)
    (applies when sync is ntp or sntp)
      bad_header: str = 'none', range none, root-distance, reference-time -- ntp, sntp: host 0's
    replies fail RFC 5905 8's header checks, which clients must drop: none, root-distance (root
    delay / 2 + root dispersion = 16 s) or reference-time (Reference Timestamp 1 s after Transmit;
    NtpServer HeaderFault) (applies when sync is ntp or sntp)
      iburst: bool = False -- Mode Ntp: at the first poll of an unreachable server (at the start, or
    after reach has gone to 0), send a burst of 8 requests 2 s apart instead of one (RFC 5905 13;
    ntpd's and chrony's iburst): the first update within about 10 s instead of several poll
    intervals. (applies when sync is ntp or sntp)
      min_survivors: int = 3, range [1 servers, 64 servers], unit servers -- NMIN: the cluster
    algorithm stops discarding at this many survivors (RFC 5905: 3). (applies when sync is ntp or
    sntp)
      servo: str = 'ns3::PiServo', range ns3::LinRegServo, ns3::PiServo, ns3::SetTimeServo -- PTP
    servo: a ClockServo TypeId, created through ObjectFactory: ns3::PiServo (linuxptp gains for the
    TimestampMode), ns3::LinRegServo or ns3::SetTimeServo (step to every measurement); the former
    names pi, linreg and settime are deprecated (applies when sync is ptp)
      transparent_clocks: bool = True -- PTP: the switches are transparent clocks (else plain
    switches) (applies when sync is ptp)
      boundary_clocks: bool = False -- PTP: the switches are boundary clocks (a PtpClock per switch,
    one port per link, priority1 254; overrides TransparentClocks) (applies when sync is ptp)
      pdelay_req_interval / pdelay_req_interval_ns: time ('8us', a timedelta) / int ns = 250ms
    (pdelay_req_interval_ns=250000000), range 2^n s for n in [-7, 6] (7812500ns to 64s) -- Time
    between Pdelay_Req messages of every port (P2P; logMinPdelayReqInterval). (applies when sync is
    ptp)
      delay_mechanism: str = 'E2E', range E2E, P2P -- E2E: Delay_Req / Delay_Resp with the master;
    P2P: Pdelay on every link (needs P2P-aware switches, or a direct link). (applies when sync is
    ptp)
      timestamp_mode: str = 'Hardware', range Hardware, Software -- Hardware: time stamps at the
    NetDevice (PhyTxBegin / PhyRxEnd) with TimestampNoise and TimestampGranularity; Software: at the
    socket, with the clock's read model and HostDelay. (applies when sync is ptp)
      timestamp_granularity / timestamp_granularity_ns: time ('8us', a timedelta) / int ns = 8ns
    (timestamp_granularity_ns=8), range [1ns, 1ms] -- Hardware time stamps are quantized down to a
    multiple of this (8 ns: a 125 MHz time stamping unit). (applies when sync is ptp)
      timestamp_noise / timestamp_noise_ns: time ('8us', a timedelta) / int ns = 0ns
    (timestamp_noise_ns=0), range [0ns, 1ms] -- PTP, hardware time stamps: each gets a normal error
    of this standard deviation (bounded at 6 sigma; every clock its own stream; 0: none) (applies
    when sync is ptp)
      host_delay / host_delay_ns: time ('8us', a timedelta) / int ns = 0ns (host_delay_ns=0), range
    [0ns, 10ms] -- PTP, software time stamps: between each time stamp and the wire, an exponential
    host delay of this mean (bounded at 20x; 0: none) (applies when sync is ptp)
      delay_asymmetry / delay_asymmetry_ns: time ('8us', a timedelta) / int ns = 0ns
    (delay_asymmetry_ns=0), range [-1s, 1s] -- delayAsymmetry of the ports: how much longer the
    master-to-slave direction is than the mean path delay (half the difference). (applies when sync
    is ptp)
      delay_filter_length: int = 10, range [1, 64] -- Path delay measurements in the moving median
    (linuxptp's delay_filter_length; 1: no filter). (applies when sync is ptp)
      first_step_threshold / first_step_threshold_ns: time ('8us', a timedelta) / int ns = 20us
    (first_step_threshold_ns=20000), range [0ns, 1h] -- Before the servo first steers the clock,
    step it when the offset exceeds this (linuxptp first_step_threshold, 20 us); 0: never. Reset
    does not re-arm it (as linuxptp's servo_reset). (applies when sync is ptp)
      step_threshold / step_threshold_ns: time ('8us', a timedelta) / int ns = 0ns
    (step_threshold_ns=0), range [0ns, 1h] -- Step the clock whenever the offset exceeds this
    (linuxptp step_threshold); 0: never after the first step. (applies when sync is ptp)
      rate_correction: bool = True -- Syntonize: the servo may change the clock's frequency. Off: it
    only steps or slews the measured phase (the sampled error then grows to drift x SyncInterval).
    (applies when sync is ptp)
      grandmaster_failure / grandmaster_failure_ns: time ('8us', a timedelta) / int ns = 0ns
    (grandmaster_failure_ns=0), range [0ns, 24h] -- PTP: the grandmaster (host 0) stops at this
    time; host 1 is the backup (priority1 1 and 2, the others 128, every port's state from the
    BMCA); 0: never (host 0 is Role Master, the others Role Slave) (applies when sync is ptp)
      master_step / master_step_ns: time ('8us', a timedelta) / int ns = 0ns (master_step_ns=0),
    range [-10s, 10s] -- Host 0's clock (the grandmaster, or NTP's first server) steps by this at
    MasterStepAt (a master whose clock jumps)
      master_step_at / master_step_at_ns: time ('8us', a timedelta) / int ns = 0ns
    (master_step_at_ns=0), range [0ns, 24h] -- When host 0's clock steps by MasterStep (0: never)
      loss_rate: float = 0.0, range [0, 0.9] -- Probability that the network loses a packet, each
    independently (a RateErrorModel, packet unit, as the ReceiveErrorModel of every link's every
    device: PTP, NTP and load alike)
      oscillator: str = 'constant', range constant, XO, TCXO, OCXO -- Every clock's oscillator:
    constant (drift uniform in +-DriftPpm) or a PowerLawOscillator Preset (XO, TCXO, OCXO: its noise
    and wander, base drift uniform in +- the preset's tolerance)
      drift_ppm: float = 20.0, range [0 ppm, 500 ppm], unit ppm -- Oscillator constant: drift
    uniform in [-DriftPpm, DriftPpm]
      initial_offset / initial_offset_ns: time ('8us', a timedelta) / int ns = 1ms
    (initial_offset_ns=1000000), range [0ns, 100s] -- Clock readings at true time 0 uniform in
    [-InitialOffset, InitialOffset]
      load: float = 0.0, range [0, 0.9] -- Background load: mean utilization of every host's link by
    bursty UDP (two 700 Mb/s on/off flows into each host; 0: none). It costs: about 130,000
    simulator events per host per simulated second at 0.3 (8 hosts: about 25 s of CPU per 10 s
    simulated), where an idle PTP point costs a few hundred; a sweep prints its estimate first
      duration / duration_ns: time ('8us', a timedelta) / int ns = 30s (duration_ns=30000000000),
    range [100ms, 24h] -- Simulated time
      warmup / warmup_ns: time ('8us', a timedelta) / int ns = 10s (warmup_ns=10000000000), range
    [0ns, 24h] -- E is scored after lock and after Warmup (the servo's convergence left out); not
    locked: after Warmup
      sample_period / sample_period_ns: time ('8us', a timedelta) / int ns = 10ms
    (sample_period_ns=10000000), range [100us, 10s] -- Truth grid: every clock is read at the same
    true instants this far apart
      lock_threshold / lock_threshold_ns: time ('8us', a timedelta) / int ns = 0ns
    (lock_threshold_ns=0), range [0ns, 10s] -- Locked: E stays within this from a grid instant to
    the end (0: the protocol's own: 1us for ptp and none, 1ms for ntp and sntp, whose clients on a
    LAN come within 1 ms only after about an hour (RFC 5905's discipline at poll 16 to 64 s); the
    value applied is the result lock_threshold_applied_ns)
      pcap: str = '', range std::string -- A directory (created when missing): every link device's
    pcap trace is written there as sync-<RngRun>-<point>-<node>-<device>.pcap, where <point> is 8
    hex digits naming the point's other parameters, so a sweep's points never overwrite each other
    (empty: none)
      series_file: str = '', range std::string -- A CSV file: at every SamplePeriod grid instant,
    every host's true offset to host 0 and to true time and the protocol's latest own offset
    estimate, each row with every parameter; the points of a sweep share the file, each replacing
    only its own rows (empty: none)
      seed: int = 1, range [1, 4294967295] -- RNG seed (ns-3's RngSeed): stays fixed across
    replications
      run: int = 1, range [1, 1000000000000000000] -- RNG run (ns-3's RngRun): independent
    replications differ in it

    Returns SyncStudyResult, a dict: every parameter above (a time as its _ns int of nanoseconds),
    then the results (None where one does not apply to the run):
      locked: bool -- E stayed within LockThreshold from some instant on
      lock_threshold_applied_ns: int, ns -- the lock threshold applied (LockThreshold, or the
    protocol's own when it is 0)
      lock_ns: int, ns -- time to lock (Duration when not locked)
      skew_p50_ns: float, ns -- E = max pairwise |offset| after lock and Warmup (not locked: after
    Warmup): median
      skew_p99_ns: float, ns -- 99th percentile
      skew_max_ns: float, ns -- maximum
      to_true_max_ns: float, ns -- max |clock - true time| in the scored window
      samples: int -- grid instants scored
      ptp_samples: int -- ptp: offset samples the PTP slaves took (empty: not PTP)
      failover_ns: int, ns -- GrandmasterFailure until the backup is grandmaster and every other
    host its slave (-1: no failure, or never)
      failover_skew_max_ns: float, ns -- max E among the remaining hosts from the failure to 1 s
    after the failover (empty: no failure)
      step_recovery_ns: int, ns -- MasterStepAt until E stays within LockThreshold (-1: no step, or
    never)
      step_skew_max_ns: float, ns -- max E from MasterStepAt to the recovery, or to the end (empty:
    no step)
      dropped_packets: int -- packets the links' error models dropped (LossRate)
      hops_max: int -- most switches between a host and host 0
      root_distance_checks: int -- ntp, sntp: grid instants x synchronized clients checked (empty:
    not NTP)
      root_distance_coverage: float -- ntp, sntp: share of those where |clock - true time| <= the
    client's root distance (its own error bound; empty: none checked)
      root_distance_p50_ns: float, ns -- ntp, sntp: the clients' root distance over those checks:
    median
      root_distance_p99_ns: float, ns -- ntp, sntp: 99th percentile
      true_error_p50_ns: float, ns -- ntp, sntp: |clock - true time| over the same checks: median
      true_error_p99_ns: float, ns -- ntp, sntp: 99th percentile
      kiss_drops: int -- ntp, sntp: kiss-o'-death replies the clients dropped (RATE from RateLimit;
    empty: not NTP)
      invalid_header_drops: int -- ntp, sntp: replies the clients dropped as invalid-header
    (BadHeader; empty: not NTP)
      host0_poll_min_s: float, s -- ntp, sntp: the poll interval of the clients that poll host 0
    toward it at the end: shortest (empty: not NTP)
      host0_poll_max_s: float, s -- ntp, sntp: longest
      root_distance_ratio_p50: float -- ntp, sntp: root distance / |clock - true time| per check
    (the error at least 1 ns): median, how loose the bound is
      wall_s: float, s -- wall-clock time of the run (the host's, not simulated)
      per_node: list of dicts, one per row (with rows=True):
        node: int (key) -- host (0: the grandmaster)
        switch: int -- the switch it hangs off
        hops: int -- switches between it and host 0 (host 0: 0)
        ntp_stratum: int -- ntp, sntp: its stratum (1: a server; empty: not NTP)
        base_drift_ppm: float, ppm -- its oscillator's base drift
        node_lock_ns: int, ns -- time until |node - node 0| stays within LockThreshold (Duration:
    never)
        offset_p99_ns: float, ns -- |node - node 0| after lock: 99th percentile
        offset_max_ns: float, ns -- maximum
        estimate_mean_ns: float, ns -- ptp: the protocol's own |offsetFromMaster| after lock: mean
    (empty: no samples, or not PTP)
        true_mean_ns: float, ns -- the true |node - node 0| after lock: mean
      csv_row: str -- the CSV line the C++ programs write for these parameters
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

def estimate_study_events(study: str, **kwargs) -> float:
    """
    The simulator events one point of a study is estimated to run, from its keywords (checked as
    run_study checks them), before it runs; NaN when the study has no cost model (then a sweep
    estimates from the points it has finished). Times: multiply by SECONDS_PER_EVENT_PRIOR until a
    point has finished.
    """
    ...

SECONDS_PER_EVENT_PRIOR: float
