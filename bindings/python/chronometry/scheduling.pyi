# The names of chronometry.scheduling, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
OneClock scheduling (model/scheduling): the end-to-end-time predictors, the baselines they
must beat, the service-time models, and the scheduling study (run_scheduling_study).
"""

import datetime
import numpy
from typing import Dict, List, NotRequired, Optional, TypedDict, Union

class EtePredictor:
    """
    OneClock's end-to-end-time predictor: Baseline, Average, FtAverage or Kalman over the last N
    samples (times in ns).

    Parameters
    ----------
    kind : str
        'Baseline', 'Average', 'FtAverage' or 'Kalman'.
    window : int, default 8
        The samples N it keeps.

    Raises
    ------
    ValueError
        An unknown kind or a window out of range (ConfigError).
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
    A baseline the OneClock predictors must beat: LastSample, WindowMedian (the median of the last
    N) or Calibrated (the mean of the first N, then frozen); times in ns.

    Parameters
    ----------
    kind : str
        'LastSample', 'WindowMedian' or 'Calibrated'.
    window : int, default 8
        The samples N.

    Raises
    ------
    ValueError
        An unknown kind or a window out of range (ConfigError).
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
) -> PredictorEvaluation:
    """
    Replay every ETE predictor over a series offline (predict, then feed) and score the errors.

    The predictors: the paper's Baseline, Average, FtAverage, Kalman, the references LastSample,
    WindowMedian, Calibrated and, given the levels, LevelOracle (the true level: a bound, not a
    method).

    Parameters
    ----------
    ete_ns : list of int
        The measured end-to-end times, ns, in order.
    level_ns : list of int, default []
        The true levels (one per sample) for LevelOracle, or empty.
    window : int, default 8
        The predictors' window N.
    skip : int, default 0
        Leading samples not scored (warm-up).

    Returns
    -------
    PredictorEvaluation
        The errors of every predictor, by name.

    Raises
    ------
    ValueError
        Levels not one per sample, or a window out of range (ConfigError).
    """
    ...

def server_types() -> List[ServerType]:
    """
    The server types of the OneClock paper's Table II as ServiceTimeModel attributes.

    The numbers are chronometry's, not the paper's: see doc/scheduling.rst.

    Returns
    -------
    list of ServerType
        Each type's name, platform, description, mean service time and attributes.
    """
    ...

def draw_service_series(
    count: int,
    period_ns: int = 1000000000,
    server_type: str = '',
    attributes: Dict[str, str] = ...,
    stream: int = 1,
    start_ns: int = 0,
) -> ServiceSeries:
    """
    Draw a synthetic service-time series from a ns3::ServiceTimeModel without a simulator.

    Parameters
    ----------
    count : int
        Draws.
    period_ns : int, default 1000000000
        True time between draws, ns.
    server_type : str, default ''
        A Table II server type ('I' ... 'VI'), or '' for the model's defaults.
    attributes : dict of str to str, default {}
        ServiceTimeModel attributes as strings, applied after the server type.
    stream : int, default 1
        The random stream.
    start_ns : int, default 0
        True time of the first draw, ns.

    Returns
    -------
    ServiceSeries
        The ETEs, their true levels (the oracle) and which draws had a spike, the degraded regime
        or the cold penalty.

    Raises
    ------
    ValueError
        An unknown server type or attribute, or a value out of range (ConfigError).
    """
    ...

class PredictorEvaluation(TypedDict):
    """
    evaluate_predictors: the errors of every predictor, by name (LevelOracle only when the levels
    are given).
    """
    Baseline: PredictorError
    Average: PredictorError
    FtAverage: PredictorError
    Kalman: PredictorError
    LastSample: PredictorError
    WindowMedian: PredictorError
    Calibrated: PredictorError
    LevelOracle: NotRequired[PredictorError]

class PredictorError(TypedDict):
    """One predictor's errors over a series (predicted - measured ETE, ns)."""
    count: int
    mae_ns: float
    rmse_ns: float
    bias_ns: float
    p99_abs_ns: float
    max_abs_ns: float

class ServerType(TypedDict):
    """
    One server type of server_types(): its name, platform, description, mean service time
        and its ServiceTimeModel attributes (name -> value as a string).
    """
    name: str
    platform: str
    description: str
    mean_ns: int
    attributes: Dict[str, str]

class ServiceSeries(TypedDict):
    """
    draw_service_series: the ETEs, their true levels (the oracle) and, per draw, whether it
        had a spike, the degraded regime or the cold penalty.
    """
    ete_ns: List[int]
    level_ns: List[int]
    spike: List[bool]
    degraded: List[bool]
    cold: List[bool]

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

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    servers : int, default 4
        Number of servers. Range [1, 64].
    skew_bound, skew_bound_ns : time ('8us', a timedelta) or int ns, default 100us
    (skew_bound_ns=100000)
        The skew bound E (the largest |clock - true time| of a bounded clock, the bound HVC and
    RepCl assume): the clocks' offsets are uniform in [-E/2, E/2]
    (ClockHelper::SetUniformPopulation). Range [0ns, 1h].
    drift_ppm : float, default 0.0
        Clock drift, uniform in [-DriftPpm, DriftPpm]. Range [0 ppm, 1000 ppm]. Unit ppm.
    delay, delay_ns : time ('8us', a timedelta) or int ns, default 500us (delay_ns=500000)
        LAN propagation delay. Range [0ns, 1s].
    server_types : str, default 'identical'
        Service models of the servers: identical (the ServiceBase/Noise/Spike parameters on every
    server), or Table II types cycled over the servers: testbed (III, IV, V, VI), cloud (I, II), all
    (I to VI). Range identical, testbed, cloud, all.
    predictor : str, default 'FtAverage'
        ETE predictor used to schedule: the paper's Baseline, Average, FtAverage, Kalman, or a
    reference: LastSample, WindowMedian, Calibrated. Range Baseline, Average, FtAverage, Kalman,
    LastSample, WindowMedian, Calibrated.
    window : int, default 8
        N, the number of samples the predictors use (and the burst size). Range [1 samples, 4096
    samples]. Unit samples.
    probe_mode : str, default 'Periodic'
        None, Periodic (a probe every ProbePeriod) or Burst (N probes per operation). Range None,
    Periodic, Burst.
    probe_period, probe_period_ns : time ('8us', a timedelta) or int ns, default 1s
    (probe_period_ns=1000000000)
        Period of periodic probing. Range [1ms, 1h].
    burst_interval, burst_interval_ns : time ('8us', a timedelta) or int ns, default 20ms
    (burst_interval_ns=20000000)
        Spacing of the probes of a burst. Range [1us, 10s].
    operations : int, default 100
        Operations per run. Range [1, 1000000].
    operation_interval, operation_interval_ns : time ('8us', a timedelta) or int ns, default 2s
    (operation_interval_ns=2000000000)
        Time between two operations. Range [1ms, 1h].
    operation_lead, operation_lead_ns : time ('8us', a timedelta) or int ns, default 1s
    (operation_lead_ns=1000000000)
        T_d minus the time the operation is planned. Range [1ms, 1h].
    decision_lead, decision_lead_ns : time ('8us', a timedelta) or int ns, default 200ms
    (decision_lead_ns=200000000)
        T_d minus the time the ETE is predicted; must be below OperationLead. Range [1ns, 1h].
    send_ahead, send_ahead_ns : time ('8us', a timedelta) or int ns, default 50ms
    (send_ahead_ns=50000000)
        A SCHEDULE leaves this long before T_s (covers the network delay and the clock skew); must
    be below DecisionLead. Range [1ns, 1h].
    service_base, service_base_ns : time ('8us', a timedelta) or int ns, default 2ms
    (service_base_ns=2000000)
        Fixed part of the service time. (ns3::ServiceTimeModel::Base). Range [0ns, 1h].
    service_noise, service_noise_ns : time ('8us', a timedelta) or int ns, default 100us
    (service_noise_ns=100000)
        Service time noise, standard deviation (normal, bounded at 4 sigma). Range [0ns, 1s].
    spike_probability : float, default 0.02
        Probability that an operation hits a load spike. Range [0, 1].
    spike_mean, spike_mean_ns : time ('8us', a timedelta) or int ns, default 10ms
    (spike_mean_ns=10000000)
        Mean spike (exponential). Range [0ns, 10s].
    sched_max_future, sched_max_future_ns : time ('8us', a timedelta) or int ns, default 10s
    (sched_max_future_ns=10000000000)
        Requests with T_s later than local now + this are refused (sched-max-future). Range [0ns,
    1h].
    sched_max_past, sched_max_past_ns : time ('8us', a timedelta) or int ns, default 1s
    (sched_max_past_ns=1000000000)
        Requests with T_s earlier than local now - this are refused; later past times run at once
    (sched-max-past). Range [0ns, 1h].
    atomic : bool, default False
        All-or-none: cancel everywhere if an ACK is missing at T_d - CancelLead.
    (ns3::ScheduledOperationClient::AtomicCommit).
    loss_rate : float, default 0.0
        Probability that the network loses a packet, each independently (a RateErrorModel, packet
    unit, as the ReceiveErrorModel of the client's and every server's device: every message type
    (SCHEDULE, ACK, REPORT, CANCEL, CANCEL_ACK, ERROR, probes), both directions). Range [0, 0.9].
    refuse : float, default 0.0
        Probability that the server refuses a real request with an ERROR reply (REFUSED): the
    server's own decision, drawn per request. Messages are lost by the network, not here: put an
    ns-3 ErrorModel on the links (the scheduling study's LossRate).
    (ns3::ScheduledOperationServer::RefuseProbability). Range [0, 1].
    cancel_lead, cancel_lead_ns : time ('8us', a timedelta) or int ns, default 100ms
    (cancel_lead_ns=100000000)
        Atomic commit: T_d minus the ACK deadline; must be below SendAhead. Must exceed ETE + delay
    + skew for cancels to arrive before any server starts. Range [1ns, 1h].
    crash_mean, crash_mean_ns : time ('8us', a timedelta) or int ns, default 0ns (crash_mean_ns=0)
        Mean (exponential) up-time between random crashes; 0: the server never crashes by itself
    (Crash() still works). (ns3::ScheduledOperationServer::MeanTimeBetweenCrashes). Range [0ns,
    10000h].
    downtime, downtime_ns : time ('8us', a timedelta) or int ns, default 1s (downtime_ns=1000000000)
        How long a crashed server stays down before it restarts. Range [1us, 1h].
    persist : bool, default False
        Pending operations and remembered ids survive a crash (stored durably); false: they are lost
    with the process. (ns3::ScheduledOperationServer::PersistSchedule).
    retries : int, default 0
        Copies of an unanswered SCHEDULE (or unconfirmed CANCEL) sent after the first, RetryTimeout
    apart (0: no retries). (ns3::ScheduledOperationClient::MaxRetries). Range [0 copies, 16 copies].
    Unit copies.
    retry_timeout, retry_timeout_ns : time ('8us', a timedelta) or int ns, default 20ms
    (retry_timeout_ns=20000000)
        How long the client waits for an ACK (or CANCEL_ACK) before it sends a copy. Range [1us,
    10s].
    sync : str, default 'none'
        Clock source: none (the clocks as SkewBound and DriftPpm place them), ptp (PtpClock, the
    client the grandmaster, the servers its slaves, hardware time stamps, PI servo) or ntp (the
    client an NtpServer, the servers its NtpClients) on the study's LAN, steering the servers'
    drifting clocks; with a protocol the client's clock is the reference (true time: no offset, no
    drift) and the servers keep the drawn offsets and drifts. Range none, ptp, ntp, sntp.
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
        Sync ptp, ntp: the client and servers start this much later than without (the protocol's
    time to lock; the delivered E is sampled from then on). Range [0ns, 24h].
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
    SchedulingStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

        executed: int -- operations executed (all servers)
        late: int -- SCHEDULE messages that could not leave in time
        errors: int -- ERROR replies to real operations
        probe_reports: int -- probe reports
        mae_us: float, us -- mean |trueEnd - T_d|, active predictor
        mae_clock_us: float, us -- mean |trueStart - T_s|: start error (server clock error plus any
    start delay); not a share of mae_us (absolute errors do not add)
        mae_prediction_us: float, us -- mean |(trueEnd - trueStart) - predicted ETE|: prediction
    error
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
        late_arrivals: int -- executed operations whose SCHEDULE reached the server after T_s
    (truth)
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
        sync_skew_p50_ns: float, ns -- The delivered E (max pairwise |clock offset|, every clock
    read at the same true instants every 10 ms over the operations' run, from SyncWarmup on; Sync
    none: the free-running clocks'): median
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

SCHEDULING_STUDY_CSV_HEADER: str
