# The names of chronometry.sync, for editors and type checkers (PEP 484 stub).
# Generated from the built package by bindings/stubgen.py: do not edit. The python-bindings test
# fails when it differs from a fresh generation; write it again with
#   cmake --build build --target chronometry-python-stub
"""
PTP/NTP clock synchronisation (model/ptp, model/ntp, model/servo): the sync study, which runs
PTP or NTP on a simulated network and scores the synchronised clocks against true time
(run_sync_study, its result types and CSV header).

Each study lives in the submodule of the concept it measures (see chronometry.study); the
synchronisation protocols themselves are C++ only, so this submodule holds their study.
"""

import datetime
import numpy
from typing import List, NotRequired, Optional, TypedDict, Union

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
    te_max_ns: Optional[float]
    te_cte_ns: Optional[float]
    te_dte_l_mtie_ns: Optional[float]
    te_dte_h_pp_ns: Optional[float]
    te_mtie_1s_ns: Optional[float]
    te_mtie_10s_ns: Optional[float]
    te_mtie_100s_ns: Optional[float]
    te_tdev_1s_ns: Optional[float]
    te_tdev_10s_ns: Optional[float]
    te_tdev_100s_ns: Optional[float]
    te_class: Optional[str]
    te_gm_max_ns: Optional[float]
    te_gm_cte_ns: Optional[float]
    te_gm_dte_l_mtie_ns: Optional[float]
    te_gm_dte_h_pp_ns: Optional[float]
    te_gm_mtie_1s_ns: Optional[float]
    te_gm_mtie_10s_ns: Optional[float]
    te_gm_mtie_100s_ns: Optional[float]
    te_gm_tdev_1s_ns: Optional[float]
    te_gm_tdev_10s_ns: Optional[float]
    te_gm_tdev_100s_ns: Optional[float]
    te_gm_class: Optional[str]
    asymmetry_cable_ns: Optional[float]
    asymmetry_phy_ns: Optional[float]
    asymmetry_true_ns: Optional[float]
    calibration_estimate_ns: Optional[float]
    calibration_residual_ns: Optional[float]

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
    cable_mismatch: float
    calibration: str
    calibration_bias_ns: int
    calibration_noise_ns: int
    calibration_start_ns: int
    calibration_window_ns: int
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
    timestamping: str
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
    temperature: str
    temperature_step: float
    temperature_step_at_ns: int
    thermal_time_constant_ns: int
    diurnal_amplitude: float
    diurnal_period_ns: int
    initial_offset_ns: int
    load: float
    ablate: str
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
    te_class_worst: Optional[str]
    te_by_hops: Optional[str]
    te_gm_class_worst: Optional[str]
    te_gm_by_hops: Optional[str]
    asymmetry_true_rms_ns: Optional[float]
    calibration_residual_rms_ns: Optional[float]
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
) -> SyncStudyResult:
    """
    run_study('sync', **parameters): Clock synchronization on a switched LAN (none, PTP, NTP or
    SNTP): the skew E every node keeps, measured from the simulator's truth.

    Every parameter is keyword-only, with its default; a time is given as delay='8us', a
    datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds>.

    Parameters
    ----------
    rows : bool or None, default None
        Include the rows (None: when they are the CSV's lines).
    nodes : int, default 8
        Hosts n (node 0 is the grandmaster). Range [2, 1024].
    topology : str, default 'star'
        star (every host on one switch), line (Switches switches in a chain) or tree (Switches
    switches in a binary tree, switch s under (s - 1) / 2); the hosts spread over the switches in
    blocks, the grandmaster on the first (the line's end, the tree's root). Range star, line, tree.
    switches : int, default 3
        Switches of the line or the tree (a star has one and ignores this). Range [1, 32].
    link_delay, link_delay_ns : time ('8us', a timedelta) or int ns, default 1us
    (link_delay_ns=1000)
        Propagation delay of every 1 Gb/s link. Range [0ns, 10ms].
    asymmetry, asymmetry_ns : time ('8us', a timedelta) or int ns, default 0ns (asymmetry_ns=0)
        Path asymmetry: an explicit extra one-way delay from the grandmaster (host 0) to its switch,
    so master-to-slave is longer than slave-to-master by this, on top of CableMismatch and the
    Timestamping class's PHY asymmetry (measure it with Calibration). Range [0ns, 10ms].
    cable_mismatch : float, default 0.0
        Every link is a fiber pair whose two fibers differ in length by a uniform draw in [-this,
    this] (m), 5 ns per metre of delay asymmetry (ITU-T G.8271; 0: equal lengths). Range [0 m, 1000
    m]. Unit m.
    calibration : str, default 'none'
        PTP: how each slave learns its path asymmetry: none; reference (a portable GNSS timing
    reference compared with the slave once a second over CalibrationWindow from CalibrationStart;
    the slave sets its DelayAsymmetry from its mean offset to it); oracle-bound (DelayAsymmetry =
    the model's true static asymmetry / 2 at the same instant: a bound, not a method). Range none,
    reference, oracle-bound. (applies when sync is ptp)
    calibration_bias, calibration_bias_ns : time ('8us', a timedelta) or int ns, default 5ns
    (calibration_bias_ns=5)
        Calibration reference: standard deviation of its bias, drawn once per slave's calibration
    (u-blox ZED-F9T class: 5 ns 1-sigma time pulse accuracy). Range [0ns, 1ms]. (applies when sync
    is ptp)
    calibration_noise, calibration_noise_ns : time ('8us', a timedelta) or int ns, default 2ns
    (calibration_noise_ns=2)
        Calibration reference: standard deviation of each once-a-second reading's own noise. Range
    [0ns, 1ms]. (applies when sync is ptp)
    calibration_start, calibration_start_ns : time ('8us', a timedelta) or int ns, default 10s
    (calibration_start_ns=10000000000)
        Calibration: the first reference reading (after the servo has settled: about 10 s on the
    default star). Range [0ns, 24h]. (applies when sync is ptp)
    calibration_window, calibration_window_ns : time ('8us', a timedelta) or int ns, default 10s
    (calibration_window_ns=10000000000)
        Calibration: readings once a second over this; the correction is set at its end, which must
    come no later than Warmup. Range [1s, 24h]. (applies when sync is ptp)
    sync : str, default 'ptp'
        Synchronization: none (free-running clocks), ptp (PtpClock: node 0 the grandmaster, every
    other host a slave), ntp or sntp (hosts 0 .. NtpServers - 1 stratum-1 NtpServers on perfect
    clocks, the others NtpClients of all of them, Mode Ntp or Sntp: SNTP asks host 0 only). Range
    none, ptp, ntp, sntp.
    sync_interval, sync_interval_ns : time ('8us', a timedelta) or int ns, default 125ms
    (sync_interval_ns=125000000)
        Time between Sync messages of a MASTER port (logSyncInterval). Range 2^n s for n in [-7, 6]
    (7812500ns to 64s). (applies when sync is ptp)
    announce_interval, announce_interval_ns : time ('8us', a timedelta) or int ns, default 250ms
    (announce_interval_ns=250000000)
        Time between Announce messages (logAnnounceInterval; the BMCA's timeouts count in it). Range
    2^n s for n in [-7, 6] (7812500ns to 64s). (applies when sync is ptp)
    min_delay_req_interval, min_delay_req_interval_ns : time ('8us', a timedelta) or int ns, default
    125ms (min_delay_req_interval_ns=125000000)
        Mean time between Delay_Req messages of a SLAVE port (logMinDelayReqInterval; each interval
    uniform in [0, 2x]). Range 2^n s for n in [-7, 6] (7812500ns to 64s). (applies when sync is ptp)
    unicast_delay_requests : bool, default True
        Send Delay_Req unicast to the parent, which answers unicast (linuxptp's hybrid_e2e);
    otherwise both are multicast and reach every node. (applies when sync is ptp)
    min_poll : int, default 4
        Smallest poll exponent (log2 s); at most MaxPoll (RFC 5905 7.3's suggested default 6: 64 s).
    Range [4 log2 s, 17 log2 s]. Unit log2 s. (applies when sync is ntp or sntp)
    max_poll : int, default 6
        Largest poll exponent (log2 s); at least MinPoll (RFC 5905 7.3's suggested default 10: 1024
    s). Range [4 log2 s, 17 log2 s]. Unit log2 s. (applies when sync is ntp or sntp)
    ntp_servers : int, default 3
        ntp, sntp: servers (hosts 0 .. NtpServers - 1); fewer than Nodes. Range [1, 16]. (applies
    when sync is ntp or sntp)
    stratum2_servers : int, default 0
        ntp, sntp: hosts NtpServers .. NtpServers + this - 1 are NtpClients of the stratum-1 servers
    that serve in turn (stratum 2, Mode Ntp); the other clients then ask them only (stratum 3; 0:
    every client asks the stratum-1 servers). Range [0, 16]. (applies when sync is ntp or sntp)
    liar, liar_ns : time ('8us', a timedelta) or int ns, default 0ns (liar_ns=0)
        ntp, sntp: server 0 (the one SNTP asks) serves its clock plus this (a falseticker; 0:
    honest). Range [0ns, 10s]. (applies when sync is ntp or sntp)
    liar_from, liar_from_ns : time ('8us', a timedelta) or int ns, default 0ns (liar_from_ns=0)
        ntp, sntp: server 0 lies from this time on (0: from the start). Range [0ns, 24h]. (applies
    when sync is ntp or sntp)
    ntp_server_loss, ntp_server_loss_ns : time ('8us', a timedelta) or int ns, default 0ns
    (ntp_server_loss_ns=0)
        ntp, sntp: server 1 stops answering at this time (a lost upstream; 0: never). Range [0ns,
    24h]. (applies when sync is ntp or sntp)
    rate_limit, rate_limit_ns : time ('8us', a timedelta) or int ns, default 0ns (rate_limit_ns=0)
        ntp, sntp: host 0 answers a client's request that comes sooner than this after its previous
    one with a RATE kiss-o'-death (NtpServer RateLimit, ntpd's discard minimum; 0: never). Range
    [0ns, 24h]. (applies when sync is ntp or sntp)
    bad_header : str, default 'none'
        ntp, sntp: host 0's replies fail RFC 5905 8's header checks, which clients must drop: none,
    root-distance (root delay / 2 + root dispersion = 16 s) or reference-time (Reference Timestamp 1
    s after Transmit; NtpServer HeaderFault). Range none, root-distance, reference-time. (applies
    when sync is ntp or sntp)
    iburst : bool, default False
        Mode Ntp: at the first poll of an unreachable server (at the start, or after reach has gone
    to 0), send a burst of 8 requests 2 s apart instead of one (RFC 5905 13; ntpd's and chrony's
    iburst): the first update within about 10 s instead of several poll intervals. (applies when
    sync is ntp or sntp)
    min_survivors : int, default 3
        NMIN: the cluster algorithm stops discarding at this many survivors (RFC 5905: 3). Range [1
    servers, 64 servers]. Unit servers. (applies when sync is ntp or sntp)
    servo : str, default 'ns3::PiServo'
        PTP servo: a ClockServo TypeId, created through ObjectFactory: ns3::PiServo (linuxptp gains
    for the TimestampMode), ns3::LinRegServo or ns3::SetTimeServo (step to every measurement); the
    former names pi, linreg and settime are deprecated. Range ns3::LinRegServo, ns3::PiServo,
    ns3::SetTimeServo. (applies when sync is ptp)
    transparent_clocks : bool, default True
        PTP: the switches are transparent clocks (else plain switches). (applies when sync is ptp)
    boundary_clocks : bool, default False
        PTP: the switches are boundary clocks (a PtpClock per switch, one port per link, priority1
    254; overrides TransparentClocks). (applies when sync is ptp)
    pdelay_req_interval, pdelay_req_interval_ns : time ('8us', a timedelta) or int ns, default 250ms
    (pdelay_req_interval_ns=250000000)
        Time between Pdelay_Req messages of every port (P2P; logMinPdelayReqInterval). Range 2^n s
    for n in [-7, 6] (7812500ns to 64s). (applies when sync is ptp)
    delay_mechanism : str, default 'E2E'
        E2E: Delay_Req / Delay_Resp with the master; P2P: Pdelay on every link (needs P2P-aware
    switches, or a direct link). Range E2E, P2P. (applies when sync is ptp)
    timestamp_mode : str, default 'Hardware'
        Hardware: time stamps at the NetDevice (PhyTxBegin / PhyRxEnd) with TimestampNoise and
    TimestampGranularity; Software: at the socket, with the clock's read model and HostDelay. Range
    Hardware, Software. (applies when sync is ptp)
    timestamping : str, default 'hardware-8ns'
        Time stamping class (hardware path): custom (TimestampNoise and TimestampGranularity, no PHY
    asymmetry), ideal (exact), hardware-8ns (8 ns unit, 4 ns noise, PHY asymmetry a in +-8 ns per
    port), hardware-subns (one Time step, 0.1 ns noise, a in +-0.5 ns), software (lognormal stack
    latency 20 us mean, 10 us sd; a in +-1 us; software servo gains). The default is a realistic NIC
    (hardware-8ns); ideal and custom are explicit. doc/sync.rst gives the sources. Range custom,
    ideal, hardware-8ns, hardware-subns, software. (applies when sync is ptp)
    timestamp_granularity, timestamp_granularity_ns : time ('8us', a timedelta) or int ns, default
    8ns (timestamp_granularity_ns=8)
        Hardware time stamps are quantized down to a multiple of this (8 ns: a 125 MHz time stamping
    unit). Range [1ns, 1ms]. (applies when sync is ptp)
    timestamp_noise, timestamp_noise_ns : time ('8us', a timedelta) or int ns, default 0ns
    (timestamp_noise_ns=0)
        PTP, hardware time stamps: each gets a normal error of this standard deviation (bounded at 6
    sigma; every clock its own stream; 0: none). Range [0ns, 1ms]. (applies when sync is ptp)
    host_delay, host_delay_ns : time ('8us', a timedelta) or int ns, default 0ns (host_delay_ns=0)
        PTP, software time stamps: between each time stamp and the wire, an exponential host delay
    of this mean (bounded at 20x; 0: none). Range [0ns, 10ms]. (applies when sync is ptp)
    delay_asymmetry, delay_asymmetry_ns : time ('8us', a timedelta) or int ns, default 0ns
    (delay_asymmetry_ns=0)
        delayAsymmetry of the ports: how much longer the master-to-slave direction is than the mean
    path delay (half the difference). Range [-1s, 1s]. (applies when sync is ptp)
    delay_filter_length : int, default 10
        Path delay measurements in the moving median (linuxptp's delay_filter_length; 1: no filter).
    Range [1, 64]. (applies when sync is ptp)
    first_step_threshold, first_step_threshold_ns : time ('8us', a timedelta) or int ns, default
    20us (first_step_threshold_ns=20000)
        Before the servo first steers the clock, step it when the offset exceeds this (linuxptp
    first_step_threshold, 20 us); 0: never. Reset does not re-arm it (as linuxptp's servo_reset).
    Range [0ns, 1h]. (applies when sync is ptp)
    step_threshold, step_threshold_ns : time ('8us', a timedelta) or int ns, default 0ns
    (step_threshold_ns=0)
        Step the clock whenever the offset exceeds this (linuxptp step_threshold); 0: never after
    the first step. Range [0ns, 1h]. (applies when sync is ptp)
    rate_correction : bool, default True
        Syntonize: the servo may change the clock's frequency. Off: it only steps or slews the
    measured phase (the sampled error then grows to drift x SyncInterval). (applies when sync is
    ptp)
    grandmaster_failure, grandmaster_failure_ns : time ('8us', a timedelta) or int ns, default 0ns
    (grandmaster_failure_ns=0)
        PTP: the grandmaster (host 0) stops at this time; host 1 is the backup (priority1 1 and 2,
    the others 128, every port's state from the BMCA); 0: never (host 0 is Role Master, the others
    Role Slave). Range [0ns, 24h]. (applies when sync is ptp)
    master_step, master_step_ns : time ('8us', a timedelta) or int ns, default 0ns
    (master_step_ns=0)
        Host 0's clock (the grandmaster, or NTP's first server) steps by this at MasterStepAt (a
    master whose clock jumps). Range [-10s, 10s].
    master_step_at, master_step_at_ns : time ('8us', a timedelta) or int ns, default 0ns
    (master_step_at_ns=0)
        When host 0's clock steps by MasterStep (0: never). Range [0ns, 24h].
    loss_rate : float, default 0.0
        Probability that the network loses a packet, each independently (a RateErrorModel, packet
    unit, as the ReceiveErrorModel of every link's every device: PTP, NTP and load alike). Range [0,
    0.9].
    oscillator : str, default 'constant'
        Every clock's oscillator: constant (drift uniform in +-DriftPpm) or a PowerLawOscillator
    Preset (XO, TCXO, OCXO: its noise and wander, base drift uniform in +- the preset's tolerance).
    Range constant, XO, TCXO, OCXO.
    drift_ppm : float, default 20.0
        Oscillator constant: drift uniform in [-DriftPpm, DriftPpm]. Range [0 ppm, 500 ppm]. Unit
    ppm.
    temperature : str, default 'off'
        Oscillator presets only: the crystal's temperature (off; step: 25 degC, then every host's
    ambient but host 0's steps by TemperatureStep at TemperatureStepAt and the board follows with
    ThermalTimeConstant; diurnal: 25 degC +- DiurnalAmplitude over DiurnalPeriod, each node its own
    phase), through the preset's frequency-temperature curve. Range off, step, diurnal.
    temperature_step : float, default 10.0
        Temperature step: the ambient change (a fan stops: +10). Range [-80 degC, 80 degC]. Unit
    degC.
    temperature_step_at, temperature_step_at_ns : time ('8us', a timedelta) or int ns, default 60s
    (temperature_step_at_ns=60000000000)
        Temperature step: when the ambient steps. Range [0ns, 24h].
    thermal_time_constant, thermal_time_constant_ns : time ('8us', a timedelta) or int ns, default
    300s (thermal_time_constant_ns=300000000000)
        Temperature step: time constant of the board's first-order response. Range [1ms, 1000000s].
    diurnal_amplitude : float, default 5.0
        Temperature diurnal: amplitude of the cycle. Range [0 degC, 80 degC]. Unit degC.
    diurnal_period, diurnal_period_ns : time ('8us', a timedelta) or int ns, default 24h
    (diurnal_period_ns=86400000000000)
        Temperature diurnal: period of the cycle. Range [1s, 8760h].
    initial_offset, initial_offset_ns : time ('8us', a timedelta) or int ns, default 1ms
    (initial_offset_ns=1000000)
        Clock readings at true time 0 uniform in [-InitialOffset, InitialOffset]. Range [0ns, 100s].
    load : float, default 0.0
        Background load: mean utilization of every host's link by bursty UDP (two 700 Mb/s on/off
    flows into each host; 0: none). It costs: about 130,000 simulator events per host per simulated
    second at 0.3 (8 hosts: about 25 s of CPU per 10 s simulated), where an idle PTP point costs a
    few hundred; a sweep prints its estimate first. Range [0, 0.9].
    ablate : str, default 'none'
        Error sources switched off, for an error budget (doc/sync.rst, "Error budget by ablation"),
    joined by + (stamp-noise+queueing); each is still drawn and multiplied by 0, so the same RngRun
    keeps every other source's realization: stamp-noise (PTP stamp noise, the software class's stack
    latency, HostDelay), quantization (PTP stamps, the transparent clocks' too, at one Time step),
    phy-asymmetry (every port's drawn PHY asymmetry), queueing (the Load's flows installed and given
    their streams but never started: empty queues), residence-rate (transparent clocks only: the
    switches' oscillators at the true rate, so residence times carry no rate error),
    oscillator-noise (presets: the noise and wander; the base drift and the temperature curve kept),
    temperature (presets: the frequency-temperature curve flat, the profile still running); none:
    all on. A source the configuration lacks is left as it is. Range none, or a +-separated set of
    stamp-noise, quantization, phy-asymmetry, queueing, residence-rate, oscillator-noise,
    temperature.
    duration, duration_ns : time ('8us', a timedelta) or int ns, default 30s
    (duration_ns=30000000000)
        Simulated time. Range [100ms, 24h].
    warmup, warmup_ns : time ('8us', a timedelta) or int ns, default 10s (warmup_ns=10000000000)
        E is scored after lock and after Warmup (the servo's convergence left out); not locked:
    after Warmup. Range [0ns, 24h].
    sample_period, sample_period_ns : time ('8us', a timedelta) or int ns, default 10ms
    (sample_period_ns=10000000)
        Truth grid: every clock is read at the same true instants this far apart. Range [100us,
    10s].
    lock_threshold, lock_threshold_ns : time ('8us', a timedelta) or int ns, default 0ns
    (lock_threshold_ns=0)
        Locked: E stays within this from a grid instant to the end (0: the protocol's own: 1us for
    ptp and none, 1ms for ntp and sntp, whose clients on a LAN come within 1 ms only after about an
    hour (RFC 5905's discipline at poll 16 to 64 s); the value applied is the result
    lock_threshold_applied_ns). Range [0ns, 10s].
    pcap : str, default ''
        A directory (created when missing): every link device's pcap trace is written there as
    sync-<RngRun>-<point>-<node>-<device>.pcap, where <point> is 8 hex digits naming the point's
    other parameters, so a sweep's points never overwrite each other (empty: none). Range
    std::string.
    series_file : str, default ''
        A CSV file: at every SamplePeriod grid instant, every host's true offset to host 0 and to
    true time and the protocol's latest own offset estimate, each row with every parameter; the
    points of a sweep share the file, each replacing only its own rows (empty: none). Range
    std::string.
    seed : int, default 1
        RNG seed (ns-3's RngSeed): stays fixed across replications. Range [1, 4294967295].
    run : int, default 1
        RNG run (ns-3's RngRun): independent replications differ in it. Range [1,
    1000000000000000000].

    Returns
    -------
    SyncStudyResult
        A dict: every parameter above (a time as its _ns int of nanoseconds), then the results (None
    where one does not apply to the run):

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
        step_recovery_ns: int, ns -- MasterStepAt until E stays within LockThreshold (-1: no step,
    or never)
        step_skew_max_ns: float, ns -- max E from MasterStepAt to the recovery, or to the end
    (empty: no step)
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
        kiss_drops: int -- ntp, sntp: kiss-o'-death replies the clients dropped (RATE from
    RateLimit; empty: not NTP)
        invalid_header_drops: int -- ntp, sntp: replies the clients dropped as invalid-header
    (BadHeader; empty: not NTP)
        host0_poll_min_s: float, s -- ntp, sntp: the poll interval of the clients that poll host 0
    toward it at the end: shortest (empty: not NTP)
        host0_poll_max_s: float, s -- ntp, sntp: longest
        root_distance_ratio_p50: float -- ntp, sntp: root distance / |clock - true time| per check
    (the error at least 1 ns): median, how loose the bound is
        te_class_worst: str -- the worst G.8273.2 class among hosts 1 .. Nodes - 1, TE = clock -
    true time
        te_by_hops: str -- per hop count h: h:worst class:largest max|TE| in ns, space-separated
    (hosts 1 .. Nodes - 1)
        te_gm_class_worst: str -- the worst G.8273.2 class among hosts 1 .. Nodes - 1, TE = clock -
    host 0's clock (the reference a slave follows; host 0: empty)
        te_gm_by_hops: str -- per hop count h: h:worst class:largest max|TE| in ns, space-separated
    (hosts 1 .. Nodes - 1)
        asymmetry_true_rms_ns: float, ns -- rms over the slaves of asymmetry_true_ns: the error
    scale with no correction (empty: not known)
        calibration_residual_rms_ns: float, ns -- rms over the slaves of calibration_residual_ns
    (empty: no calibration, or the truth not known)
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
          te_max_ns: float, ns -- TE = clock - true time over the scored window (after lock and
    Warmup): max|TE|
          te_cte_ns: float, ns -- cTE: the mean TE over the scored window (G.8260)
          te_dte_l_mtie_ns: float, ns -- dTE_L: MTIE of TE through a first-order 0.1 Hz low-pass, at
    min(window, 1000 s) (empty: SamplePeriod >= 5 s)
          te_dte_h_pp_ns: float, ns -- dTE_H: peak-to-peak of TE minus its 0.1 Hz low-pass (empty:
    SamplePeriod >= 5 s)
          te_mtie_1s_ns: float, ns -- MTIE of TE at tau = 1s (empty: the scored window is shorter)
          te_mtie_10s_ns: float, ns -- MTIE of TE at tau = 10s (empty: the scored window is shorter)
          te_mtie_100s_ns: float, ns -- MTIE of TE at tau = 100s (empty: the scored window is
    shorter)
          te_tdev_1s_ns: float, ns -- TDEV of TE at tau = 1s (G.810; empty: the scored window is
    shorter than 3 tau)
          te_tdev_10s_ns: float, ns -- TDEV of TE at tau = 10s (G.810; empty: the scored window is
    shorter than 3 tau)
          te_tdev_100s_ns: float, ns -- TDEV of TE at tau = 100s (G.810; empty: the scored window is
    shorter than 3 tau)
          te_class: str -- the best ITU-T G.8273.2 class (A, B, C, D) whose noise-generation limits
    this TE meets over the scored window (none: not even A, or not measured; doc/sync.rst)
          te_gm_max_ns: float, ns -- TE = clock - host 0's clock (the reference a slave follows;
    host 0: empty) over the scored window (after lock and Warmup): max|TE|
          te_gm_cte_ns: float, ns -- cTE: the mean TE over the scored window (G.8260)
          te_gm_dte_l_mtie_ns: float, ns -- dTE_L: MTIE of TE through a first-order 0.1 Hz low-pass,
    at min(window, 1000 s) (empty: SamplePeriod >= 5 s)
          te_gm_dte_h_pp_ns: float, ns -- dTE_H: peak-to-peak of TE minus its 0.1 Hz low-pass
    (empty: SamplePeriod >= 5 s)
          te_gm_mtie_1s_ns: float, ns -- MTIE of TE at tau = 1s (empty: the scored window is
    shorter)
          te_gm_mtie_10s_ns: float, ns -- MTIE of TE at tau = 10s (empty: the scored window is
    shorter)
          te_gm_mtie_100s_ns: float, ns -- MTIE of TE at tau = 100s (empty: the scored window is
    shorter)
          te_gm_tdev_1s_ns: float, ns -- TDEV of TE at tau = 1s (G.810; empty: the scored window is
    shorter than 3 tau)
          te_gm_tdev_10s_ns: float, ns -- TDEV of TE at tau = 10s (G.810; empty: the scored window
    is shorter than 3 tau)
          te_gm_tdev_100s_ns: float, ns -- TDEV of TE at tau = 100s (G.810; empty: the scored window
    is shorter than 3 tau)
          te_gm_class: str -- the best ITU-T G.8273.2 class (A, B, C, D) whose noise-generation
    limits this TE meets over the scored window (none: not even A, or not measured; doc/sync.rst)
          asymmetry_cable_ns: float, ns -- the path from host 0: the links' master-to-slave minus
    slave-to-master delay (CableMismatch and Asymmetry; the model's truth, for scoring only; empty:
    host 0)
          asymmetry_phy_ns: float, ns -- the Timestamping class's PHY asymmetry of host 0's port
    minus this host's (empty: host 0, or boundary clocks with a class that has one: their ports not
    modelled here)
          asymmetry_true_ns: float, ns -- the path's total static asymmetry a (cable + PHY; queueing
    not included): an uncorrected E2E slave sits a / 2 behind (empty: as asymmetry_phy_ns)
          calibration_estimate_ns: float, ns -- the asymmetry the calibration found: 2 x the
    DelayAsymmetry it set (empty: Calibration none, or host 0)
          calibration_residual_ns: float, ns -- asymmetry_true_ns - calibration_estimate_ns; the
    slave is left half of it off (empty: either is)
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

SYNC_STUDY_CSV_HEADER: str
