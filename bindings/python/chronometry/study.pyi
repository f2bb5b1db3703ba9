# The names of chronometry.study, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
Running a study by name (study/framework): run_study, check_study, studies(), the registry of
the runners (STUDY_RUNNERS) and the cost estimate a sweep prints first.

Each study's own runner (run_<name>_study), result types and CSV header live in the submodule of
the concept it measures: relation and relation-graph in chronometry.relation, replay in
chronometry.causality, rda in chronometry.latency, inference, scheduling and sync in their
namesakes; a study without such a home (one declared in C++ and not listed in
chronometry._studies.HOMES) lives here. runner_of says where any study's runner is.
"""

import datetime
import numpy
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union, overload
from .causality import ReplayStudyResult
from .inference import InferenceStudyResult
from .latency import RdaStudyResult
from .relation import RelationGraphStudyResult, RelationStudyResult
from .scheduling import SchedulingStudyResult
from .sync import SyncStudyResult

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
    cable_mismatch: float = 0.0,
    calibration: str = 'none',
    calibration_bias: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    calibration_bias_ns: int = 5,
    calibration_noise: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    calibration_noise_ns: int = 2,
    calibration_start: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    calibration_start_ns: int = 10000000000,
    calibration_window: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    calibration_window_ns: int = 10000000000,
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
    timestamping: str = 'hardware-8ns',
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
    temperature: str = 'off',
    temperature_step: float = 10.0,
    temperature_step_at: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    temperature_step_at_ns: int = 60000000000,
    thermal_time_constant: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    thermal_time_constant_ns: int = 300000000000,
    diurnal_amplitude: float = 5.0,
    diurnal_period: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    diurnal_period_ns: int = 86400000000000,
    initial_offset: Optional[Union[str, datetime.timedelta, numpy.timedelta64]] = None,
    initial_offset_ns: int = 1000000,
    load: float = 0.0,
    ablate: str = 'none',
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
def run_study(study: str, *, rows: object = None, **kwargs) -> Dict[str, Any]:
    """
    Run one point of a study (see studies()) in ns-3 and return its measurements.

    The result holds the summary fields, the rows (always for a study whose CSV has a line per row,
    with rows=True for the others) and the CSV line(s) the C++ programs write for the same
    parameters. A time is given with its unit, delay='8us' (the command line's grammar), a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds> (which also takes
    those): a bare number under delay is refused.

    Parameters
    ----------
    study : str
        The study's name, as studies() lists it ('replay', 'relation-graph', ...).
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    **kwargs
        The study's parameters by keyword (see studies() or run_<name>_study's signature).

    Returns
    -------
    dict
        Every parameter, then the results: the study's <Name>StudyResult (its overloads in the
        stubs say which).

    Raises
    ------
    ValueError
        An unknown study or keyword, both keywords of a time, or a value out of range, naming the
        keyword and what is valid.
    TypeError
        A value of the wrong type.
    """
    ...

def check_study(study: str, *, rows: object = None, **kwargs) -> Dict[str, Any]:
    """
    Check one point of a study as run_study would, without building or running anything.

    Every keyword's type and range is checked, then the study's checks across parameters (e.g.
    replay's SkewBound a multiple of Interval).

    Parameters
    ----------
    study : str
        The study's name.
    rows : bool or None, default None
        As run_study's.
    **kwargs
        The study's parameters by keyword.

    Returns
    -------
    dict
        The keywords in canonical form: each time under its _ns keyword as an int of nanoseconds
        (delay='8us' -> delay_ns=8000), the other values as given.

    Raises
    ------
    ValueError
        As run_study: an unknown study or keyword, or a value out of range.
    TypeError
        A value of the wrong type.
    """
    ...

def studies() -> Dict[str, StudyDescription]:
    """
    Every study's declaration: its parameters, result fields, rows and CSV header.

    A time's keyword is delay_ns (int nanoseconds) and its unit_keyword delay (a time with its
    unit); unit_keyword is None for the other parameters.

    Returns
    -------
    dict of str to StudyDescription
        Study name -> its TypeId, help, parameters (keyword, unit_keyword, attribute, type,
        default, range, unit, help), summary fields, rows and CSV header.
    """
    ...

def runner_of(study: str) -> str:
    """
    Where a study's runner lives, as a sweep names a runner ("module:function").

        Parameters
        ----------
        study : str
            A study's name, as studies() lists it ("relation-graph").

        Returns
        -------
        str
            "chronometry.<submodule>:run_<name>_study"
    ("chronometry.relation:run_relation_graph_study").

        Raises
        ------
        ValueError
            For a name that is not a study's, naming the valid ones.
    """
    ...

STUDY_RUNNERS: Dict[str, str]

def estimate_study_events(study: str, **kwargs) -> float:
    """
    The simulator events one point of a study is estimated to run, before it runs.

    Times: multiply by SECONDS_PER_EVENT_PRIOR until a point has finished.

    Parameters
    ----------
    study : str
        The study's name.
    **kwargs
        The point's parameters (checked as run_study checks them).

    Returns
    -------
    float
        The estimated events; NaN when the study has no cost model (then a sweep estimates from
        the points it has finished).

    Raises
    ------
    ValueError
        As run_study: an unknown study or keyword, or a value out of range.
    """
    ...

SECONDS_PER_EVENT_PRIOR: float

class StudyDescription(TypedDict):
    """
    One study of studies(): its TypeId, help, parameters, summary fields, rows (None for a
        study without) and CSV header.
    """
    type_id: str
    help: str
    parameters: List[StudyParameter]
    summary: List[StudyField]
    rows: Optional[StudyRows]
    csv_header: str

class StudyParameter(TypedDict):
    """
    One parameter of a study: its keyword (and a time's unit keyword), Attribute, the
        keywords it had before, type, default, range, unit and help.
    """
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
    """
    One result field of a study: name, type, unit, help, whether it keys a row and whether
        the CSV has it.
    """
    name: str
    type: str
    unit: str
    help: str
    key: bool
    csv: bool

class StudyRows(TypedDict):
    """
    A study's rows: their name in the result, their fields, whether the CSV has a line per
        row, and the filter of the rows it has.
    """
    name: str
    fields: List[StudyField]
    in_csv: bool
    csv_filter: str
