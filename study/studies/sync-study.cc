/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study's declaration and validation (the model: sync-study.h).

#include "sync-study.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/ntp-client.h"
#include "ns3/ntp-clock-discipline.h"
#include "ns3/ntp-mitigation.h"
#include "ns3/ptp-servo.h"
#include "ns3/string.h"
#include "ns3/study-csv.h"
#include "ns3/study-sync.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncStudy");

NS_OBJECT_ENSURE_REGISTERED(SyncStudy);

TypeId
SyncStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeStringChoiceChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<SyncStudy>("ns3::SyncStudy",
                                    "sync",
                                    "Clock synchronization on a switched LAN (none, PTP, NTP or "
                                    "SNTP): the skew E every node "
                                    "keeps, measured from the simulator's truth")
            .Parameter("Nodes",
                       "Hosts n (node 0 is the grandmaster)",
                       &SyncStudy::m_nodes,
                       8,
                       MakeUintegerRangeChecker(2, 1024))
            .Parameter("Topology",
                       "star (every host on one switch), line (Switches switches in a chain) or "
                       "tree (Switches switches in a binary tree, switch s under (s - 1) / 2); "
                       "the hosts spread over the switches in blocks, the grandmaster on the "
                       "first (the line's end, the tree's root)",
                       &SyncStudy::m_network,
                       std::string("star"),
                       MakeStringChoiceChecker({"star", "line", "tree"}))
            .Parameter("Switches",
                       "Switches of the line or the tree (a star has one and ignores this)",
                       &SyncStudy::m_switches,
                       3,
                       MakeUintegerRangeChecker(1, 32))
            .Parameter("LinkDelay",
                       "Propagation delay of every 1 Gb/s link",
                       &SyncStudy::m_linkDelay,
                       MicroSeconds(1),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(10)),
                       C::In(Time::US))
            .Parameter("Asymmetry",
                       "Path asymmetry: an explicit extra one-way delay from the grandmaster "
                       "(host 0) to its switch, so master-to-slave is longer than "
                       "slave-to-master by this, on top of CableMismatch and the Timestamping "
                       "class's PHY asymmetry (measure it with Calibration)",
                       &SyncStudy::m_asymmetry,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(10)),
                       C::In(Time::US))
            .Parameter("CableMismatch",
                       "Every link is a fiber pair whose two fibers differ in length by a "
                       "uniform draw in [-this, this] (m), 5 ns per metre of delay asymmetry "
                       "(ITU-T G.8271; 0: equal lengths)",
                       &SyncStudy::m_cableMismatch,
                       0.0,
                       MakeDoubleRangeChecker(0, 1000, "m"))
            .Parameter("Calibration",
                       "PTP: how each slave learns its path asymmetry: none; reference (a "
                       "portable GNSS timing reference compared with the slave once a second "
                       "over CalibrationWindow from CalibrationStart; the slave sets its "
                       "DelayAsymmetry from its mean offset to it); oracle-bound (DelayAsymmetry "
                       "= the model's true static asymmetry / 2 at the same instant: a bound, "
                       "not a method)",
                       &SyncStudy::m_calibration,
                       std::string("none"),
                       MakeStringChoiceChecker({"none", "reference", "oracle-bound"}))
            .Parameter("CalibrationBias",
                       "Calibration reference: standard deviation of its bias, drawn once per "
                       "slave's calibration (u-blox ZED-F9T class: 5 ns 1-sigma time pulse "
                       "accuracy)",
                       &SyncStudy::m_calBias,
                       NanoSeconds(5),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(1)),
                       C::In(Time::NS))
            .Parameter("CalibrationNoise",
                       "Calibration reference: standard deviation of each once-a-second "
                       "reading's own noise",
                       &SyncStudy::m_calNoise,
                       NanoSeconds(2),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(1)),
                       C::In(Time::NS))
            .Parameter("CalibrationStart",
                       "Calibration: the first reference reading (after the servo has settled: "
                       "about 10 s on the default star)",
                       &SyncStudy::m_calStart,
                       Seconds(10),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("CalibrationWindow",
                       "Calibration: readings once a second over this; the correction is set at "
                       "its end, which must come no later than Warmup",
                       &SyncStudy::m_calWindow,
                       Seconds(10),
                       MakeTimeRangeChecker(Seconds(1), Hours(24)),
                       C::In(Time::S))
            .Sync("Synchronization: none (free-running clocks), ptp (PtpClock: node 0 "
                  "the grandmaster, every other host a slave), ntp or sntp (hosts 0 .. "
                  "NtpServers - 1 stratum-1 NtpServers on perfect clocks, the others "
                  "NtpClients of all of them, Mode Ntp or Sntp: SNTP asks host 0 only)",
                  "ptp") // the study of synchronization: PTP unless asked otherwise
            .Renamed("Protocol", "Sync")
            .Parameter("NtpServers",
                       "ntp, sntp: servers (hosts 0 .. NtpServers - 1); fewer than Nodes",
                       &SyncStudy::m_ntpServers,
                       3,
                       MakeUintegerRangeChecker(1, 16))
            .Parameter("Stratum2Servers",
                       "ntp, sntp: hosts NtpServers .. NtpServers + this - 1 are NtpClients of "
                       "the stratum-1 servers that serve in turn (stratum 2, Mode Ntp); the "
                       "other clients then ask them only (stratum 3; 0: every client asks the "
                       "stratum-1 servers)",
                       &SyncStudy::m_stratum2,
                       0,
                       MakeUintegerRangeChecker(0, 16))
            .Parameter("Liar",
                       "ntp, sntp: server 0 (the one SNTP asks) serves its clock plus this (a "
                       "falseticker; 0: honest)",
                       &SyncStudy::m_liar,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Seconds(10)),
                       C::In(Time::MS))
            .Parameter("LiarFrom",
                       "ntp, sntp: server 0 lies from this time on (0: from the start)",
                       &SyncStudy::m_liarFrom,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("NtpServerLoss",
                       "ntp, sntp: server 1 stops answering at this time (a lost upstream; 0: "
                       "never)",
                       &SyncStudy::m_serverLoss,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("RateLimit",
                       "ntp, sntp: host 0 answers a client's request that comes sooner than "
                       "this after its previous one with a RATE kiss-o'-death (NtpServer "
                       "RateLimit, ntpd's discard minimum; 0: never)",
                       &SyncStudy::m_rateLimit,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("BadHeader",
                       "ntp, sntp: host 0's replies fail RFC 5905 8's header checks, which "
                       "clients must drop: none, root-distance (root delay / 2 + root "
                       "dispersion = 16 s) or reference-time (Reference Timestamp 1 s after "
                       "Transmit; NtpServer HeaderFault)",
                       &SyncStudy::m_badHeader,
                       std::string("none"),
                       MakeStringChoiceChecker({"none", "root-distance", "reference-time"}))
            .Forward<NtpClient>("Iburst")
            .Forward<NtpMitigation>("MinSurvivors")
            .Parameter("Servo",
                       "PTP servo: a ClockServo TypeId, created through ObjectFactory: "
                       "ns3::PiServo (linuxptp gains for the TimestampMode), ns3::LinRegServo "
                       "or ns3::SetTimeServo (step to every measurement); the former names pi, "
                       "linreg and settime are deprecated",
                       &SyncStudy::m_servo,
                       std::string("ns3::PiServo"),
                       MakeSyncServoChecker())
            .Switch("TransparentClocks",
                    "PTP: the switches are transparent clocks (else plain switches)",
                    &SyncStudy::m_transparent,
                    true)
            .Switch("BoundaryClocks",
                    "PTP: the switches are boundary clocks (a PtpClock per switch, one port per "
                    "link, priority1 254; overrides TransparentClocks)",
                    &SyncStudy::m_boundary,
                    false)
            .Forward<PtpClock>("PdelayReqInterval", TimeValue(MilliSeconds(250)), C::In(Time::MS))
            .Forward<PtpClock>("DelayMechanism")
            .Forward<PtpClock>("TimestampMode")
            .Forward<PtpClock>("Timestamping")
            .Forward<PtpClock>("TimestampGranularity")
            .Parameter("TimestampNoise",
                       "PTP, hardware time stamps: each gets a normal error of this standard "
                       "deviation (bounded at 6 sigma; every clock its own stream; 0: none)",
                       &SyncStudy::m_timestampNoise,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(1)),
                       C::In(Time::NS))
            .Parameter("HostDelay",
                       "PTP, software time stamps: between each time stamp and the wire, an "
                       "exponential host delay of this mean (bounded at 20x; 0: none)",
                       &SyncStudy::m_hostDelay,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(10)),
                       C::In(Time::US))
            .Forward<PtpClock>("DelayAsymmetry")
            .Forward<PtpClock>("DelayFilterLength")
            .Forward<ClockServo>("FirstStepThreshold", C::In(Time::US))
            .Forward<ClockServo>("StepThreshold", C::In(Time::US))
            .Forward<ClockServo>("RateCorrection")
            .Parameter("GrandmasterFailure",
                       "PTP: the grandmaster (host 0) stops at this time; host 1 is the backup "
                       "(priority1 1 and 2, the others 128, every port's state from the BMCA); "
                       "0: never (host 0 is Role Master, the others Role Slave)",
                       &SyncStudy::m_failure,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("MasterStep",
                       "Host 0's clock (the grandmaster, or NTP's first server) steps by this at "
                       "MasterStepAt (a master whose clock jumps)",
                       &SyncStudy::m_masterStep,
                       Time(0),
                       MakeTimeRangeChecker(Seconds(-10), Seconds(10)),
                       C::In(Time::MS))
            .Parameter("MasterStepAt",
                       "When host 0's clock steps by MasterStep (0: never)",
                       &SyncStudy::m_masterStepAt,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .LossRate(&SyncStudy::m_lossRate, "every link's every device: PTP, NTP and load alike")
            .Parameter("Oscillator",
                       "Every clock's oscillator: constant (drift uniform in +-DriftPpm) or a "
                       "PowerLawOscillator Preset (XO, TCXO, OCXO: its noise and wander, base "
                       "drift uniform in +- the preset's tolerance)",
                       &SyncStudy::m_oscillator,
                       std::string("constant"),
                       MakeStringChoiceChecker({"constant", "XO", "TCXO", "OCXO"}))
            .Parameter("DriftPpm",
                       "Oscillator constant: drift uniform in [-DriftPpm, DriftPpm]",
                       &SyncStudy::m_driftPpm,
                       20.0,
                       MakeDoubleRangeChecker(0, 500, "ppm"))
            .Parameter("Temperature",
                       "Oscillator presets only: the crystal's temperature (off; step: 25 degC, "
                       "then every host's ambient but host 0's steps by TemperatureStep at "
                       "TemperatureStepAt and the board follows with ThermalTimeConstant; diurnal: "
                       "25 degC +- "
                       "DiurnalAmplitude over DiurnalPeriod, each node its own phase), through "
                       "the preset's frequency-temperature curve",
                       &SyncStudy::m_temperature,
                       std::string("off"),
                       MakeStringChoiceChecker({"off", "step", "diurnal"}))
            .Parameter("TemperatureStep",
                       "Temperature step: the ambient change (a fan stops: +10)",
                       &SyncStudy::m_tempStep,
                       10.0,
                       MakeDoubleRangeChecker(-80, 80, "degC"))
            .Parameter("TemperatureStepAt",
                       "Temperature step: when the ambient steps",
                       &SyncStudy::m_tempStepAt,
                       Seconds(60),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("ThermalTimeConstant",
                       "Temperature step: time constant of the board's first-order response",
                       &SyncStudy::m_thermalTau,
                       Minutes(5),
                       MakeTimeRangeChecker(MilliSeconds(1), Seconds(1e6)),
                       C::In(Time::S))
            .Parameter("DiurnalAmplitude",
                       "Temperature diurnal: amplitude of the cycle",
                       &SyncStudy::m_diurnalAmplitude,
                       5.0,
                       MakeDoubleRangeChecker(0, 80, "degC"))
            .Parameter("DiurnalPeriod",
                       "Temperature diurnal: period of the cycle",
                       &SyncStudy::m_diurnalPeriod,
                       Hours(24),
                       MakeTimeRangeChecker(Seconds(1), Days(365)),
                       C::In(Time::S))
            .Parameter("InitialOffset",
                       "Clock readings at true time 0 uniform in [-InitialOffset, InitialOffset]",
                       &SyncStudy::m_initialOffset,
                       MilliSeconds(1),
                       MakeTimeRangeChecker(Time(0), Seconds(100)),
                       C::In(Time::US))
            .Parameter("Load",
                       "Background load: mean utilization of every host's link by bursty UDP "
                       "(two 700 Mb/s on/off flows into each host; 0: none). It costs: about "
                       "130,000 simulator events per host per simulated second at 0.3 (8 "
                       "hosts: about 25 s of CPU per 10 s simulated), where an idle PTP "
                       "point costs a few hundred; a sweep prints its estimate first",
                       &SyncStudy::m_load,
                       0.0,
                       MakeDoubleRangeChecker(0, 0.9))
            .Parameter("Ablate",
                       "Error sources switched off, for an error budget (doc/sync.rst, \"Error "
                       "budget by ablation\"), joined by + (stamp-noise+queueing); each is "
                       "still drawn and multiplied by 0, so the same RngRun keeps every other "
                       "source's realization: stamp-noise (PTP stamp noise, the software "
                       "class's stack latency, HostDelay), quantization (PTP stamps, the "
                       "transparent clocks' too, at one Time step), phy-asymmetry (every "
                       "port's drawn PHY asymmetry), queueing (the Load's flows installed and "
                       "given their streams but never started: empty queues), residence-rate "
                       "(transparent clocks only: the switches' oscillators at the true rate, "
                       "so residence times carry no rate error), oscillator-noise (presets: "
                       "the noise and wander; the base drift and the temperature curve kept), "
                       "temperature (presets: the frequency-temperature curve flat, the "
                       "profile still running); none: all on. A source the configuration "
                       "lacks is left as it is",
                       &SyncStudy::m_ablate,
                       std::string("none"),
                       chronometry::MakeStringSetChecker({"stamp-noise",
                                                          "quantization",
                                                          "phy-asymmetry",
                                                          "queueing",
                                                          "residence-rate",
                                                          "oscillator-noise",
                                                          "temperature"}))
            .Parameter("Duration",
                       "Simulated time",
                       &SyncStudy::m_duration,
                       Seconds(30),
                       MakeTimeRangeChecker(MilliSeconds(100), Hours(24)),
                       C::In(Time::S))
            .Parameter("Warmup",
                       "E is scored after lock and after Warmup (the servo's convergence "
                       "left out); not locked: after Warmup",
                       &SyncStudy::m_warmup,
                       Seconds(10),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("SamplePeriod",
                       "Truth grid: every clock is read at the same true instants this far apart",
                       &SyncStudy::m_samplePeriod,
                       MilliSeconds(10),
                       MakeTimeRangeChecker(MicroSeconds(100), Seconds(10)),
                       C::In(Time::MS))
            .Parameter("LockThreshold",
                       "Locked: E stays within this from a grid instant to the end (0: the "
                       "protocol's own: 1us for ptp and none, 1ms for ntp and sntp, whose "
                       "clients on a LAN come within 1 ms only after about an hour (RFC "
                       "5905's discipline at poll 16 to 64 s); the value applied is the "
                       "result lock_threshold_applied_ns)",
                       &SyncStudy::m_lockThreshold,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Seconds(10)),
                       C::In(Time::US))
            .Parameter("Pcap",
                       "A directory (created when missing): every link device's pcap trace is "
                       "written there as sync-<RngRun>-<point>-<node>-<device>.pcap, where "
                       "<point> is 8 hex digits naming the point's other parameters, so a "
                       "sweep's points never overwrite each other (empty: none)",
                       &SyncStudy::m_pcap,
                       std::string(),
                       MakeStringChecker())
            .Parameter(
                "SeriesFile",
                "A CSV file: at every SamplePeriod grid instant, every host's true offset to "
                "host 0 and to true time and the protocol's latest own offset estimate, "
                "each row with every parameter; the points of a sweep share the file, each "
                "replacing only its own rows (empty: none)",
                &SyncStudy::m_seriesFile,
                std::string(),
                MakeStringChecker())
            .ApplicableWhen("Sync",
                            {"ptp"},
                            {"Servo",
                             "TransparentClocks",
                             "BoundaryClocks",
                             "SyncInterval",
                             "AnnounceInterval",
                             "MinDelayReqInterval",
                             "PdelayReqInterval",
                             "DelayMechanism",
                             "UnicastDelayRequests",
                             "TimestampMode",
                             "Timestamping",
                             "TimestampGranularity",
                             "TimestampNoise",
                             "HostDelay",
                             "DelayAsymmetry",
                             "Calibration",
                             "CalibrationBias",
                             "CalibrationNoise",
                             "CalibrationStart",
                             "CalibrationWindow",
                             "DelayFilterLength",
                             "FirstStepThreshold",
                             "StepThreshold",
                             "RateCorrection",
                             "GrandmasterFailure"})
            .ApplicableWhen("Sync",
                            {"ntp", "sntp"},
                            {"NtpServers",
                             "Stratum2Servers",
                             "Liar",
                             "LiarFrom",
                             "NtpServerLoss",
                             "RateLimit",
                             "BadHeader",
                             "Iburst",
                             "MinPoll",
                             "MaxPoll",
                             "MinSurvivors"})
            .Seed()
            .Run()
            .Summary(AddCalibrationSummary(AddTimeErrorSummary(
                StudySchema()
                    .Boolean("locked", "E stayed within LockThreshold from some instant on")
                    .Integer("lock_threshold_applied_ns",
                             "ns",
                             "the lock threshold applied (LockThreshold, or the protocol's "
                             "own when it is 0)")
                    .Integer("lock_ns", "ns", "time to lock (Duration when not locked)")
                    .Real("skew_p50_ns",
                          "ns",
                          "E = max pairwise |offset| after lock "
                          "and Warmup (not locked: after Warmup): median")
                    .Real("skew_p99_ns", "ns", "99th percentile")
                    .Real("skew_max_ns", "ns", "maximum")
                    .Real("to_true_max_ns", "ns", "max |clock - true time| in the scored window")
                    .Unsigned("samples", "", "grid instants scored")
                    .Unsigned("ptp_samples",
                              "",
                              "ptp: offset samples the PTP slaves took (empty: not PTP)")
                    .Integer("failover_ns",
                             "ns",
                             "GrandmasterFailure until the backup is grandmaster and every "
                             "other host its slave (-1: no failure, or never)")
                    .Real("failover_skew_max_ns",
                          "ns",
                          "max E among the remaining hosts from the failure to 1 s after the "
                          "failover (empty: no failure)")
                    .Integer("step_recovery_ns",
                             "ns",
                             "MasterStepAt until E stays within LockThreshold (-1: no step, or "
                             "never)")
                    .Real("step_skew_max_ns",
                          "ns",
                          "max E from MasterStepAt to the recovery, or to the end (empty: no "
                          "step)")
                    .Unsigned("dropped_packets",
                              "",
                              "packets the links' error models dropped (LossRate)")
                    .Unsigned("hops_max", "", "most switches between a host and host 0")
                    .Unsigned("root_distance_checks",
                              "",
                              "ntp, sntp: grid instants x synchronized clients checked (empty: "
                              "not NTP)")
                    .Real("root_distance_coverage",
                          "",
                          "ntp, sntp: share of those where |clock - true time| <= the client's "
                          "root distance (its own error bound; empty: none checked)")
                    .Real("root_distance_p50_ns",
                          "ns",
                          "ntp, sntp: the clients' root distance over those checks: median")
                    .Real("root_distance_p99_ns", "ns", "ntp, sntp: 99th percentile")
                    .Real("true_error_p50_ns",
                          "ns",
                          "ntp, sntp: |clock - true time| over the same checks: median")
                    .Real("true_error_p99_ns", "ns", "ntp, sntp: 99th percentile")
                    .Unsigned("kiss_drops",
                              "",
                              "ntp, sntp: kiss-o'-death replies the clients dropped (RATE from "
                              "RateLimit; empty: not NTP)")
                    .Unsigned("invalid_header_drops",
                              "",
                              "ntp, sntp: replies the clients dropped as invalid-header "
                              "(BadHeader; empty: not NTP)")
                    .Real("host0_poll_min_s",
                          "s",
                          "ntp, sntp: the poll interval of the clients that poll host 0 "
                          "toward it at the end: shortest (empty: not NTP)")
                    .Real("host0_poll_max_s", "s", "ntp, sntp: longest")
                    .Real("root_distance_ratio_p50",
                          "",
                          "ntp, sntp: root distance / |clock - true time| per check (the "
                          "error at least 1 ns): median, how loose the bound is"))))
            .Rows(
                "per_node",
                AddCalibrationColumns(AddTimeErrorColumns(
                    StudySchema()
                        .Unsigned("node", "", "host (0: the grandmaster)")
                        .Key()
                        .Unsigned("switch", "", "the switch it hangs off")
                        .Unsigned("hops", "", "switches between it and host 0 (host 0: 0)")
                        .Unsigned("ntp_stratum",
                                  "",
                                  "ntp, sntp: its stratum (1: a server; empty: not NTP)")
                        .Real("base_drift_ppm", "ppm", "its oscillator's base drift")
                        .Integer("node_lock_ns",
                                 "ns",
                                 "time until |node - node 0| stays within "
                                 "LockThreshold (Duration: never)")
                        .Real("offset_p99_ns", "ns", "|node - node 0| after lock: 99th percentile")
                        .Real("offset_max_ns", "ns", "maximum")
                        .Real("estimate_mean_ns",
                              "ns",
                              "ptp: the protocol's own |offsetFromMaster| "
                              "after lock: mean (empty: no samples, or not PTP)")
                        .Real("true_mean_ns", "ns", "the true |node - node 0| after lock: mean"))),
                false);
    return tid;
}

void
SyncStudy::Validate() const
{
    if (m_network != "star" && m_switches > m_nodes)
    {
        Refuse({"Switches", "Nodes"},
               Describe("Switches") + " is invalid with " + Describe("Nodes") +
                   "; valid: at most one switch per host");
    }
    if (m_warmup >= m_duration)
    {
        Refuse({"Warmup", "Duration"},
               Describe("Warmup") + " is invalid with " + Describe("Duration") +
                   "; valid: less than Duration");
    }
    if (m_failure.IsStrictlyPositive() && (m_failure >= m_duration || m_nodes < 3))
    {
        Refuse({"GrandmasterFailure", "Duration", "Nodes"},
               Describe("GrandmasterFailure") + " is invalid with " + Describe("Duration") +
                   " and " + Describe("Nodes") +
                   "; valid: 0, or before Duration with at least 3 hosts (grandmaster, backup, "
                   "a slave)");
    }
    if ((GetSync() == "ntp" || GetSync() == "sntp") &&
        (m_ntpServers + m_stratum2 >= m_nodes ||
         (m_serverLoss.IsStrictlyPositive() && m_ntpServers < 2)))
    {
        Refuse({"NtpServers", "Stratum2Servers", "Nodes", "NtpServerLoss"},
               Describe("NtpServers") + " is invalid with " + Describe("Stratum2Servers") + ", " +
                   Describe("Nodes") + " and " + Describe("NtpServerLoss") +
                   "; valid: fewer servers of both strata than hosts, at least 2 stratum-1 "
                   "servers with a server loss");
    }
    if (m_temperature != "off" && m_oscillator == "constant")
    {
        Refuse({"Temperature", "Oscillator"},
               Describe("Temperature") + " is invalid with " + Describe("Oscillator") +
                   "; valid: off, or an Oscillator preset (XO, TCXO, OCXO: the curve is the "
                   "preset's)");
    }
    if (m_timestampNoise.IsStrictlyPositive() && Text("Timestamping") != "custom")
    {
        // A class brings its own noise: a TimestampNoise it would ignore is refused, not lost.
        Refuse({"TimestampNoise", "Timestamping"},
               Describe("TimestampNoise") + " is invalid with " + Describe("Timestamping") +
                   "; valid: 0, or Timestamping custom (a class brings its own noise)");
    }
    if (m_masterStepAt.IsStrictlyPositive() && m_masterStepAt >= m_duration)
    {
        Refuse({"MasterStepAt", "Duration"},
               Describe("MasterStepAt") + " is invalid with " + Describe("Duration") +
                   "; valid: 0 (never) or before Duration");
    }
    // Output folders are created here, before anything runs (as ns-3 programs create theirs),
    // and a path that cannot be one is refused now rather than after the run.
    std::error_code ec;
    if (!m_pcap.empty() && !std::filesystem::is_directory(m_pcap) &&
        (!std::filesystem::create_directories(m_pcap, ec) || ec))
    {
        Refuse({"Pcap"},
               Describe("Pcap") + " is invalid (" + (ec ? ec.message() : "not a folder") +
                   "); valid: a folder that exists or can be created, or empty");
    }
    const std::filesystem::path series(m_seriesFile);
    const std::filesystem::path seriesFolder =
        series.parent_path().empty() ? "." : series.parent_path();
    if (!m_seriesFile.empty() &&
        (series.filename().empty() || std::filesystem::is_directory(series) ||
         (!std::filesystem::is_directory(seriesFolder) &&
          (!std::filesystem::create_directories(seriesFolder, ec) || ec))))
    {
        Refuse({"SeriesFile"},
               Describe("SeriesFile") +
                   " is invalid; valid: a file name in a folder that exists or can be created, "
                   "or empty");
    }
    if (!m_seriesFile.empty())
    {
        const std::string other = StudyCsv::DescribeExistingHeader(m_seriesFile, SeriesHeader());
        if (!other.empty())
        {
            Refuse({"SeriesFile"},
                   Describe("SeriesFile") + " is invalid: " + other +
                       "; valid: a new file or one this study wrote");
        }
    }
    ValidateCalibration();
    if (m_samplePeriod > m_duration)
    {
        Refuse({"SamplePeriod", "Duration"},
               Describe("SamplePeriod") + " is invalid with " + Describe("Duration") +
                   "; valid: at most Duration");
    }
}

double
SyncStudy::EstimateEvents() const
{
    // Simulator events per packet and link it crosses (transmission, reception, the
    // switch's forwarding, the applications' and sockets' own), and per truth instant;
    // measured on the sync study's runs (SyncCostTestCase holds the estimate to a factor 2).
    const double perPacketLink = 3.0;
    const double perSample = 1.0;
    const double seconds = m_duration.GetSeconds();
    const double k = m_network == "star" ? 1.0 : static_cast<double>(m_switches);
    const double switchesToMaster = m_network == "line"   ? 1.0 + (k - 1.0) / 2.0
                                    : m_network == "tree" ? 1.0 + std::floor(std::log2(k))
                                                          : 1.0;
    const double linksToMaster = switchesToMaster + 1.0;
    const double slaves = m_nodes - 1.0;
    double packetLinks = 0;
    // Load: every host's link carries Load x 1 Gb/s of 1,472-byte datagrams (1,500 bytes on
    // the wire) to its next hosts, which mostly share its switch (two links).
    // (queueing ablated: the load never starts)
    const double load = Ablated("queueing") ? 0.0 : m_load;
    packetLinks += load * 1e9 / (1500.0 * 8.0) * m_nodes * 2.0 * seconds;
    if (GetSync() == "ptp")
    {
        const double sync = 1.0 / Forwarded<TimeValue>("SyncInterval").GetSeconds();
        const double announce = 1.0 / Forwarded<TimeValue>("AnnounceInterval").GetSeconds();
        const double delayReq = 1.0 / Forwarded<TimeValue>("MinDelayReqInterval").GetSeconds();
        // Sync + Follow_Up and Announce multicast (the master's link once, then every slave's),
        // Delay_Req + Delay_Resp unicast between each slave and the master.
        packetLinks += (2.0 * sync + announce) * (1.0 + slaves * (linksToMaster - 1.0)) * seconds;
        packetLinks += slaves * 2.0 * delayReq * linksToMaster * seconds;
    }
    else if (IsNtp())
    {
        const double poll = std::pow(2.0, Forwarded<UintegerValue>("MinPoll"));
        const double servers = GetSync() == "sntp" ? 1.0 : static_cast<double>(m_ntpServers);
        const double clients = m_nodes - static_cast<double>(m_ntpServers);
        packetLinks += clients * servers * 2.0 / poll * linksToMaster * seconds;
    }
    const double samples = seconds / m_samplePeriod.GetSeconds();
    return perPacketLink * packetLinks + perSample * samples;
}

bool
SyncStudy::Ablated(const std::string& source) const
{
    const auto items = chronometry::SplitStringSet(m_ablate);
    return std::find(items.begin(), items.end(), source) != items.end();
}

void
SyncStudy::DoDispose()
{
    m_hosts = NodeContainer();
    m_switchNodes = NodeContainer();
    m_net = SyncNetwork();
    m_truth.clear();
    m_ptp.clear();
    m_ntp.clear();
    m_sampler = SyncTruthSampler();
    m_rootDistanceNs.clear();
    m_rootErrorNs.clear();
    m_calNoiseVar = nullptr;
    Study::DoDispose();
}
} // namespace ns3
