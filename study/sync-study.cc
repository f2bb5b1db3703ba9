/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study (issue 30): n nodes with drifting oscillators on a switched LAN (a star, or a
// line of k switches), optionally under bursty background load, synchronized by a protocol
// (none; PTP with the PtpClock and PtpTransparentClock models; NTP or SNTP with NtpServer and
// NtpClient, the protocol installed by sync-installer.h); every node's clock read
// at the same true instants on a fixed grid, and E = max pairwise |offset| measured from that
// truth, never from the protocol's own estimate.

#include "study-result.h"
#include "study-streams.h"
#include "study.h"
#include "sync-installer.h"
#include "sync-network.h"

#include "ns3/applications-module.h"
#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/ntp-clock-discipline.h"
#include "ns3/ntp-mitigation.h"
#include "ns3/power-law-oscillator.h"
#include "ns3/ptp-clock.h"
#include "ns3/ptp-servo.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncStudy");

/**
 * \ingroup chronometry
 * The sync study; run it by name ("sync") through StudyRunner, chronometry-study or
 * chronometry.run_study.
 */
class SyncStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    void Validate() const override;

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    /** Per node: what the truth sampler and the protocol's trace collected. */
    struct NodeTruth
    {
        Ptr<LocalClock> clock;                          //!< the node's clock
        uint32_t switchIndex{0};                        //!< the switch it hangs off
        double driftPpm{0};                             //!< its oscillator's base drift
        std::vector<std::pair<Time, double>> estimates; //!< (true time, offsetFromMaster ns)
    };

    /** Hosts and switches, addressed and routed. */
    void BuildNetwork();
    /**
     * Clocks on every host and switch.
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallClocks(StudyStreams& streams, int64_t next);
    /**
     * Bursty UDP background load (two flows into every host).
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallLoad(StudyStreams& streams, int64_t next);
    /**
     * PTP: node 0 the grandmaster, the others slaves, transparent clocks on the switches.
     * \param streams the run's stream allocator
     * \param next the first free stream
     * \return the next free stream
     */
    int64_t InstallPtp(StudyStreams& streams, int64_t next);
    /** After every truth sample: has every host followed the backup grandmaster yet? */
    void CheckFailover();
    /**
     * \param node a node
     * \param sample the protocol's offset sample
     */
    void RecordEstimate(uint32_t node, const PtpOffsetSample& sample);
    /**
     * \param v deviations (ns)
     * \param from first index
     * \return the first grid index from which every |v| stays within the lock threshold
     */
    std::size_t LockIndex(const std::vector<double>& v, std::size_t from = 0) const;
    /**
     * Per-node rows.
     * \param result the result
     * \param from first grid index counted
     */
    void AddRows(StudyResult& result, std::size_t from) const;

    uint32_t m_nodes;         //!< hosts
    std::string m_network;    //!< star, line
    uint32_t m_switches;      //!< switches of the line
    Time m_linkDelay;         //!< propagation delay of every link
    std::string m_protocol;   //!< none, ptp, ntp, sntp
    uint32_t m_ntpServers;    //!< ntp, sntp: hosts 0 .. this - 1 are servers
    Time m_liar;              //!< ntp, sntp: host 0 serves its clock plus this
    Time m_liarFrom;          //!< ntp, sntp: from this time on
    Time m_serverLoss;        //!< ntp, sntp: server 1 stops then (0: never)
    std::string m_servo;      //!< pi, linreg, settime
    bool m_transparent;       //!< transparent clocks in the switches
    std::string m_oscillator; //!< constant, XO, TCXO, OCXO
    double m_driftPpm;        //!< constant: drift within +-this
    Time m_initialOffset;     //!< initial offsets within +-this
    double m_load;            //!< background load, fraction of a host link's rate
    Time m_duration;          //!< simulated time
    Time m_asymmetry;         //!< extra delay host 0 -> its switch
    Time m_failure;           //!< grandmaster failure (0: none)
    Time m_warmup;            //!< scored after this
    Time m_samplePeriod;      //!< truth grid
    Time m_lockThreshold;     //!< |offset| that counts as locked

    NodeContainer m_hosts;            //!< the hosts
    NodeContainer m_switchNodes;      //!< the switches
    SyncNetwork m_net;                //!< hosts, switches, addresses
    std::vector<NodeTruth> m_truth;   //!< per host
    SyncTruthSampler m_sampler;       //!< the truth: every host's clock on the grid
    Time m_failoverAt{Time::Max()};   //!< all follow the backup (true time)
    std::vector<Ptr<PtpClock>> m_ptp; //!< per host (ptp only)
};

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
                       "star (every host on one switch) or line (Switches switches in a chain, "
                       "the hosts spread over them in blocks, the grandmaster on the first)",
                       &SyncStudy::m_network,
                       std::string("star"),
                       MakeStringChoiceChecker({"star", "line"}))
            .Parameter("Switches",
                       "Switches of the line (a star has one and ignores this)",
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
                       "Path asymmetry: extra one-way delay from the grandmaster (host 0) to its "
                       "switch, so master-to-slave is longer than slave-to-master by this "
                       "(compensate with DelayAsymmetry = Asymmetry / 2)",
                       &SyncStudy::m_asymmetry,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(10)),
                       C::In(Time::US))
            .Parameter("Protocol",
                       "Synchronization: none (free-running clocks), ptp (PtpClock: node 0 "
                       "the grandmaster, every other host a slave), ntp or sntp (hosts 0 .. "
                       "NtpServers - 1 stratum-1 NtpServers on perfect clocks, the others "
                       "NtpClients of all of them, Mode Ntp or Sntp: SNTP asks host 0 only)",
                       &SyncStudy::m_protocol,
                       std::string("ptp"),
                       MakeStringChoiceChecker({"none", "ptp", "ntp", "sntp"}))
            .Parameter("NtpServers",
                       "ntp, sntp: servers (hosts 0 .. NtpServers - 1); fewer than Nodes",
                       &SyncStudy::m_ntpServers,
                       3,
                       MakeUintegerRangeChecker(1, 16))
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
            .Forward<NtpClockDiscipline>("MinPoll", UintegerValue(4))
            .Forward<NtpClockDiscipline>("MaxPoll", UintegerValue(6))
            .Forward<NtpMitigation>("MinSurvivors")
            .Parameter("Servo",
                       "PTP servo: pi (PiServo, linuxptp gains for the TimestampMode), linreg "
                       "(LinRegServo) or settime (SetTimeServo: step to every measurement)",
                       &SyncStudy::m_servo,
                       std::string("pi"),
                       MakeStringChoiceChecker({"pi", "linreg", "settime"}))
            .Switch("TransparentClocks",
                    "PTP: the switches are transparent clocks (else plain switches)",
                    &SyncStudy::m_transparent,
                    true)
            .Forward<PtpClock>("SyncInterval", TimeValue(MilliSeconds(125)), C::In(Time::MS))
            .Forward<PtpClock>("AnnounceInterval", TimeValue(MilliSeconds(250)), C::In(Time::MS))
            .Forward<PtpClock>("MinDelayReqInterval", TimeValue(MilliSeconds(125)), C::In(Time::MS))
            .Forward<PtpClock>("PdelayReqInterval", TimeValue(MilliSeconds(250)), C::In(Time::MS))
            .Forward<PtpClock>("DelayMechanism")
            .Forward<PtpClock>("UnicastDelayRequests", BooleanValue(true))
            .Forward<PtpClock>("TimestampMode")
            .Forward<PtpClock>("TimestampGranularity")
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
            .Parameter("InitialOffset",
                       "Clock readings at true time 0 uniform in [-InitialOffset, InitialOffset]",
                       &SyncStudy::m_initialOffset,
                       MilliSeconds(1),
                       MakeTimeRangeChecker(Time(0), Seconds(100)),
                       C::In(Time::US))
            .Parameter("Load",
                       "Background load: mean utilization of every host's link by bursty UDP "
                       "(two 700 Mb/s on/off flows into each host; 0: none)",
                       &SyncStudy::m_load,
                       0.0,
                       MakeDoubleRangeChecker(0, 0.9))
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
                       "Locked: E stays within this from a grid instant to the end",
                       &SyncStudy::m_lockThreshold,
                       MicroSeconds(1),
                       MakeTimeRangeChecker(NanoSeconds(1), Seconds(10)),
                       C::In(Time::US))
            .Seed()
            .Run()
            .Summary(
                StudySchema()
                    .Boolean("locked", "E stayed within LockThreshold from some instant on")
                    .Integer("lock_ns", "ns", "time to lock (Duration when not locked)")
                    .Real("skew_p50_ns",
                          "ns",
                          "E = max pairwise |offset| after lock "
                          "and Warmup (not locked: after Warmup): median")
                    .Real("skew_p99_ns", "ns", "99th percentile")
                    .Real("skew_max_ns", "ns", "maximum")
                    .Real("to_true_max_ns", "ns", "max |clock - true time| in the scored window")
                    .Unsigned("samples", "", "grid instants scored")
                    .Unsigned("ptp_samples", "", "offset samples the PTP slaves took")
                    .Integer("failover_ns",
                             "ns",
                             "GrandmasterFailure until the backup is grandmaster and every "
                             "other host its slave (-1: no failure, or never)")
                    .Real("failover_skew_max_ns",
                          "ns",
                          "max E among the remaining hosts from the failure to 1 s after the "
                          "failover (0: no failure)"))
            .Rows("per_node",
                  StudySchema()
                      .Unsigned("node", "", "host (0: the grandmaster)")
                      .Key()
                      .Unsigned("switch", "", "the switch it hangs off")
                      .Real("base_drift_ppm", "ppm", "its oscillator's base drift")
                      .Integer("node_lock_ns",
                               "ns",
                               "time until |node - node 0| stays within "
                               "LockThreshold (Duration: never)")
                      .Real("offset_p99_ns", "ns", "|node - node 0| after lock: 99th percentile")
                      .Real("offset_max_ns", "ns", "maximum")
                      .Real("estimate_mean_ns",
                            "ns",
                            "the protocol's own |offsetFromMaster| "
                            "after lock: mean (0: no samples)")
                      .Real("true_mean_ns", "ns", "the true |node - node 0| after lock: mean"),
                  false);
    return tid;
}

void
SyncStudy::Validate() const
{
    if (m_network == "line" && m_switches > m_nodes)
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
    if ((m_protocol == "ntp" || m_protocol == "sntp") &&
        (m_ntpServers >= m_nodes || (m_serverLoss.IsStrictlyPositive() && m_ntpServers < 2)))
    {
        Refuse({"NtpServers", "Nodes", "NtpServerLoss"},
               Describe("NtpServers") + " is invalid with " + Describe("Nodes") + " and " +
                   Describe("NtpServerLoss") +
                   "; valid: fewer servers than hosts, at least 2 with a server loss");
    }
    if (m_samplePeriod > m_duration)
    {
        Refuse({"SamplePeriod", "Duration"},
               Describe("SamplePeriod") + " is invalid with " + Describe("Duration") +
                   "; valid: at most Duration");
    }
}

void
SyncStudy::DoDispose()
{
    m_hosts = NodeContainer();
    m_switchNodes = NodeContainer();
    m_net = SyncNetwork();
    m_truth.clear();
    m_ptp.clear();
    m_sampler = SyncTruthSampler();
    Study::DoDispose();
}

void
SyncStudy::BuildNetwork()
{
    SyncNetwork net =
        InstallSwitchLine(m_nodes, m_network == "line" ? m_switches : 1, m_linkDelay, m_asymmetry);
    m_hosts = net.hosts;
    m_switchNodes = net.switches;
    m_truth.assign(m_nodes, NodeTruth());
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        m_truth[i].switchIndex = net.switchOf[i];
    }
    m_net = net;
}

int64_t
SyncStudy::InstallClocks(StudyStreams& streams, int64_t next)
{
    auto draw = CreateObject<UniformRandomVariable>();
    next += streams.Assign(draw, next);
    PowerLawOscillator::Preset preset = PowerLawOscillator::NONE;
    for (auto p : {PowerLawOscillator::XO, PowerLawOscillator::TCXO, PowerLawOscillator::OCXO})
    {
        if (PowerLawOscillator::GetPresetName(p) == m_oscillator)
        {
            preset = p;
        }
    }
    const double tolerance = preset == PowerLawOscillator::NONE
                                 ? m_driftPpm
                                 : PowerLawOscillator::GetPresetTolerancePpm(preset);
    const double offsetNs = m_initialOffset.GetDouble() / NanoSeconds(1).GetDouble();
    NodeContainer all(m_hosts, m_switchNodes);
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        // NTP's servers are stratum 1: their clocks are the reference (no drift, no offset).
        const bool reference = m_protocol.find("ntp") != std::string::npos && i < m_ntpServers;
        const double drawn = draw->GetValue(-tolerance, tolerance);
        const double drift = reference ? 0.0 : drawn;
        const double drawnOffset = draw->GetValue(-offsetNs, offsetNs);
        const Time offset = reference ? Time(0) : NanoSeconds(std::llround(drawnOffset));
        Ptr<Oscillator> oscillator;
        if (preset == PowerLawOscillator::NONE || i >= m_nodes || reference)
        {
            oscillator =
                CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(drift));
        }
        else
        {
            auto pl = CreateObject<PowerLawOscillator>();
            pl->SetAttribute("Preset", StringValue(m_oscillator));
            pl->SetAttribute("BaseDrift", DoubleValue(drift));
            oscillator = pl;
        }
        auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator",
                                                               PointerValue(oscillator),
                                                               "InitialOffset",
                                                               TimeValue(offset));
        all.Get(i)->AggregateObject(clock);
        next = streams.Assign(next, [&](int64_t s) { return clock->AssignStreams(s); });
        if (i < m_nodes)
        {
            m_truth[i].clock = clock;
            m_truth[i].driftPpm = drift;
        }
    }
    return next;
}

int64_t
SyncStudy::InstallLoad(StudyStreams& streams, int64_t next)
{
    if (m_load <= 0)
    {
        return next;
    }
    InstallBurstLoad(m_net, m_load, m_duration);
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        Ptr<Node> node = m_hosts.Get(i);
        next = streams.Assign(next, [&](int64_t s) {
            OnOffHelper onoff("ns3::UdpSocketFactory", Address());
            return onoff.AssignStreams(NodeContainer(node), s);
        });
    }
    return next;
}

int64_t
SyncStudy::InstallPtp(StudyStreams& streams, int64_t next)
{
    SyncPtpPlacement placement;
    placement.servo = m_servo;
    placement.timestampMode = Text("TimestampMode");
    placement.transparent = m_transparent;
    placement.grandmasterFailure = m_failure;
    m_ptp = InstallSyncPtp(*this, m_net, placement, streams, next);
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        m_ptp[i]->TraceConnectWithoutContext(
            "Offset",
            MakeCallback(&SyncStudy::RecordEstimate, this).Bind(i));
    }
    return next;
}

void
SyncStudy::RecordEstimate(uint32_t node, const PtpOffsetSample& sample)
{
    m_truth[node].estimates.emplace_back(Simulator::Now(),
                                         sample.offsetFromMaster.GetDouble() /
                                             NanoSeconds(1).GetDouble());
}

void
SyncStudy::CheckFailover()
{
    const Time now = Simulator::Now();
    const bool failed = m_failure.IsStrictlyPositive() && now >= m_failure;
    if (failed && m_failoverAt == Time::Max() && !m_ptp.empty() && m_ptp[1]->IsGrandmaster())
    {
        bool all = true;
        for (std::size_t i = 2; i < m_ptp.size(); ++i)
        {
            all = all && m_ptp[i]->GetGrandmasterIdentity() == m_ptp[1]->GetClockIdentity() &&
                  m_ptp[i]->GetPortState(1) == PtpPortState::SLAVE;
        }
        m_failoverAt = all ? now : m_failoverAt;
    }
}

Time
SyncStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    BuildNetwork();
    int64_t next = InstallClocks(streams, 1);
    InternetStackHelper internet;
    next = streams.Assign(next, [&](int64_t s) {
        return internet.AssignStreams(NodeContainer(m_hosts, m_switchNodes), s);
    });
    next = InstallLoad(streams, next);
    if (m_protocol == "ptp")
    {
        next = InstallPtp(streams, next);
    }
    else if (m_protocol != "none")
    {
        SyncNtpPlacement placement{m_ntpServers,
                                   m_protocol == "sntp",
                                   m_liar,
                                   m_liarFrom,
                                   m_serverLoss};
        InstallSyncNtp(*this, m_net, placement, streams, next);
    }
    std::vector<Ptr<LocalClock>> clocks;
    for (const auto& t : m_truth)
    {
        clocks.push_back(t.clock);
    }
    // After a grandmaster failure, host 0 runs free and leaves E (pairwise among the others).
    m_sampler.ExcludeFirstFrom(m_failure.IsStrictlyPositive() ? m_failure : Time::Max());
    m_sampler.SetOnSample(MakeCallback(&SyncStudy::CheckFailover, this));
    m_sampler.Start(clocks, m_samplePeriod, m_duration);
    return m_duration + NanoSeconds(1);
}

std::size_t
SyncStudy::LockIndex(const std::vector<double>& v, std::size_t from) const
{
    const double threshold = m_lockThreshold.GetDouble() / NanoSeconds(1).GetDouble();
    std::size_t lock = v.size();
    for (std::size_t j = v.size(); j > from; --j)
    {
        if (std::fabs(v[j - 1]) > threshold)
        {
            break;
        }
        lock = j - 1;
    }
    return lock;
}

void
SyncStudy::AddRows(StudyResult& result, std::size_t from) const
{
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        const NodeTruth& t = m_truth[i];
        StudyRecord& row = result.AddRow();
        row.Set("node", uint64_t(i));
        row.Set("switch", uint64_t(t.switchIndex));
        row.Set("base_drift_ppm", t.driftPpm);
        const std::vector<double>& toMaster = m_sampler.GetToFirst(i);
        const std::size_t lock = LockIndex(toMaster);
        row.Set("node_lock_ns",
                (lock < m_sampler.GetGrid().size() ? m_sampler.GetGrid()[lock] : m_duration)
                    .GetNanoSeconds());
        std::vector<double> abs;
        double sum = 0;
        for (std::size_t j = from; j < toMaster.size(); ++j)
        {
            abs.push_back(std::fabs(toMaster[j]));
            sum += abs.back();
        }
        row.Set("offset_p99_ns", SyncQuantile(abs, 0.99));
        row.Set("offset_max_ns", abs.empty() ? 0.0 : *std::max_element(abs.begin(), abs.end()));
        row.Set("true_mean_ns", abs.empty() ? 0.0 : sum / abs.size());
        const Time start =
            from < m_sampler.GetGrid().size() ? m_sampler.GetGrid()[from] : m_duration;
        double estimate = 0;
        uint64_t n = 0;
        for (const auto& e : t.estimates)
        {
            if (e.first >= start)
            {
                estimate += std::fabs(e.second);
                ++n;
            }
        }
        row.Set("estimate_mean_ns", n ? estimate / n : 0.0);
    }
}

void
SyncStudy::Measure(StudyResult& r)
{
    NS_LOG_FUNCTION(this);
    const std::vector<Time>& grid = m_sampler.GetGrid();
    const std::vector<double>& skews = m_sampler.GetSkew();
    const std::size_t lock = LockIndex(skews, 1);
    const bool locked = lock < skews.size();
    const auto warm = static_cast<std::size_t>(
        std::lower_bound(grid.begin(), grid.end(), m_warmup) - grid.begin());
    const std::size_t from = locked ? std::max(lock, warm) : warm;
    std::vector<double> skew(skews.begin() + from, skews.end());
    r.Set("locked", locked);
    r.Set("lock_ns", (locked ? grid[lock] : m_duration).GetNanoSeconds());
    r.Set("skew_p50_ns", SyncQuantile(skew, 0.5));
    r.Set("skew_p99_ns", SyncQuantile(skew, 0.99));
    r.Set("skew_max_ns", skew.empty() ? 0.0 : *std::max_element(skew.begin(), skew.end()));
    double toTrue = 0;
    uint64_t ptpSamples = 0;
    for (std::size_t i = 0; i < m_truth.size(); ++i)
    {
        const std::vector<double>& t = m_sampler.GetToTrue(i);
        for (std::size_t j = from; j < t.size(); ++j)
        {
            toTrue = std::max(toTrue, std::fabs(t[j]));
        }
        ptpSamples += m_truth[i].estimates.size();
    }
    r.Set("to_true_max_ns", toTrue);
    r.Set("samples", uint64_t(skew.size()));
    r.Set("ptp_samples", ptpSamples);
    const bool failover = m_failure.IsStrictlyPositive() && m_failoverAt != Time::Max();
    r.Set("failover_ns", failover ? (m_failoverAt - m_failure).GetNanoSeconds() : int64_t(-1));
    double excursion = 0;
    for (std::size_t j = 0; m_failure.IsStrictlyPositive() && j < grid.size(); ++j)
    {
        if (grid[j] >= m_failure && (!failover || grid[j] <= m_failoverAt + Seconds(1)))
        {
            excursion = std::max(excursion, skews[j]);
        }
    }
    r.Set("failover_skew_max_ns", excursion);
    AddRows(r, from);
}

} // namespace ns3
