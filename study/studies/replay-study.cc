/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The replay-clock study (the thesis' Table 5.1 parameters): n nodes on a CSMA LAN at 500 Mb/s
// whose propagation delay is delta (the one-way delay is delta plus the ~2 us transmission
// time of a stamped packet), clocks of the chosen model within E, all clocks stamped on every
// packet, the gossip workload at rate alpha; then RepCl, HVC, HLC and vector clock sizes and
// the replay checker against the vector-clock truth.

#include "ns3/boolean.h"
#include "ns3/bounded-skew-clock.h"
#include "ns3/causality-helper.h"
#include "ns3/causality-stamper.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/oscillator.h"
#include "ns3/replay-workload-application.h"
#include "ns3/skew-bound.h"
#include "ns3/study-lan.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"
#include "ns3/study-sync.h"
#include "ns3/study.h"
#include "ns3/udp-send-jitter.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayStudy");

/**
 * \ingroup chronometry
 * The replay-clock study; run it by name ("replay") through StudyRunner, chronometry-study or
 * chronometry.run_study.
 */
class ReplayStudy : public Study
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
    uint32_t m_nodes;         //!< n
    Time m_delay;             //!< delta
    Time m_jitter;            //!< extra delay uniform in [0, jitter]
    Time m_duration;          //!< simulated time
    Time m_syncWarmup;        //!< Sync ptp, ntp: the workload starts then
    std::string m_clockModel; //!< bounded, thesis, drifting
    uint64_t m_exactLimit;    //!< checker: all pairs up to this many events
    uint64_t m_samplePairs;   //!< checker: random pairs beyond it
    StudySync m_sync;         //!< the clock source (Sync) and the E it delivers
    uint32_t m_ntpServers;    //!< Sync ntp: hosts 0 .. m_ntpServers - 1 serve
    Time m_offsetSpread;      //!< drifting: initial offsets within +-spread/2 (0: SkewBound)

    Ptr<CausalityLog> m_log;                            //!< the truth: every stamped event
    std::vector<Ptr<ReplayWorkloadApplication>> m_apps; //!< workload
};

NS_OBJECT_ENSURE_REGISTERED(ReplayStudy);

TypeId
ReplayStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeStringChoiceChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<ReplayStudy>(
            "ns3::ReplayStudy",
            "replay",
            "Replay clocks (RepCl), HLC, HVC and vector clocks on n gossiping nodes within E: "
            "sizes and the replay checker against the vector-clock truth")
            .Parameter("Nodes",
                       "Number of processes n",
                       &ReplayStudy::m_nodes,
                       32,
                       MakeUintegerRangeChecker(2, 4096))
            .Forward<BoundedSkewClock>("SkewBound", C::In(Time::US))
            .Renamed("Skew", "SkewBound")
            .Forward<CausalityStamper>("Interval", C::In(Time::US))
            .Parameter("Delay",
                       "Message delay delta: the LAN's propagation delay",
                       &ReplayStudy::m_delay,
                       MicroSeconds(8),
                       MakeTimeRangeChecker(Time(0), Seconds(1)),
                       C::In(Time::US))
            .Parameter("Jitter",
                       "Extra per-message delay, uniform in [0, Jitter] (needs OnWire)",
                       &ReplayStudy::m_jitter,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Seconds(1)),
                       C::In(Time::US))
            .Forward<CausalityStamper>("OnWire")
            .Forward<CausalityStamper>("VectorOnWire", BooleanValue(false))
            .ForwardAs<ReplayWorkloadApplication>("MessageRate", "Rate")
            .ForwardAs<ReplayWorkloadApplication>("LocalEventRate", "LocalRate")
            .Forward<ReplayWorkloadApplication>("Poisson")
            .Parameter("Duration",
                       "Simulated time of the workload",
                       &ReplayStudy::m_duration,
                       Seconds(1),
                       MakeTimeRangeChecker(MilliSeconds(1), Hours(1)),
                       C::In(Time::S))
            .Parameter("ClockModel",
                       "Clocks: bounded (BoundedSkewClock), thesis (its Algorithm 5.1) or "
                       "drifting (offsets uniform in [-E/2, E/2], drift within 50 ppm)",
                       &ReplayStudy::m_clockModel,
                       std::string("bounded"),
                       MakeStringChoiceChecker({"bounded", "thesis", "drifting"}))
            .Parameter("OffsetSpread",
                       "ClockModel drifting: initial clock offsets uniform in [-OffsetSpread/2, "
                       "OffsetSpread/2] (0: within SkewBound, as before), so that the E the "
                       "stampers assume and the clocks' start-up spread can be varied apart",
                       &ReplayStudy::m_offsetSpread,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Hours(1)),
                       C::In(Time::US))
            .Sync("Clock source: none (the clocks are placed within E by ClockModel), ptp "
                  "(PtpClock, node 0 the grandmaster, hardware time stamps, PI servo) or "
                  "ntp (hosts 0 .. NtpServers - 1 NtpServers, the others their NtpClients) on the "
                  "study's own LAN, steering the drifting clocks (ClockModel drifting); the "
                  "stampers still assume SkewBound, the delivered E is reported")
            .Parameter("SyncWarmup",
                       "Sync ptp, ntp: the workload starts this much later than without (the "
                       "protocol's time to lock) and runs for Duration; the delivered E is "
                       "sampled over the workload's run only",
                       &ReplayStudy::m_syncWarmup,
                       Seconds(3),
                       MakeTimeRangeChecker(Time(0), Hours(24)),
                       C::In(Time::S))
            .Parameter("NtpServers",
                       "Sync ntp: hosts 0 .. NtpServers - 1 are NtpServers and every other "
                       "host a client of all of them; with more than one the servers are "
                       "stratum 1 on perfect clocks (no drift, no offset: independently "
                       "drifting servers would disagree), with one it is host 0's drifting "
                       "clock (as before); fewer than Nodes",
                       &ReplayStudy::m_ntpServers,
                       1,
                       MakeUintegerRangeChecker(1, 16))
            .Forward<CausalityStamper>("StampSyncProtocols")
            .Forward<CausalityStamper>("CounterRule")
            .Forward<CausalityStamper>("SumCounters")
            .Forward<CausalityStamper>("CounterBits")
            .Forward<CausalityStamper>("Encoding")
            .Parameter("ExactLimit",
                       "Replay checker: every pair of events up to this many events",
                       &ReplayStudy::m_exactLimit,
                       10000,
                       MakeUintegerRangeChecker(0, 1000000))
            .Parameter("SamplePairs",
                       "Replay checker: random pairs beyond ExactLimit",
                       &ReplayStudy::m_samplePairs,
                       1000000,
                       MakeUintegerRangeChecker(1, 1000000000))
            .Seed()
            .Run()
            .Topology()
            .Summary(WithSyncSkewFields(
                StudySchema()
                    .Unsigned("events", "", "events logged")
                    .Unsigned("messages", "", "messages sent")
                    .Unsigned("delivered_messages",
                              "",
                              "messages whose send and receive are both logged (the per-message "
                              "fractions' denominator)")
                    .Real("message_hvc_violation_fraction",
                          "",
                          "delivered messages whose receive HVC is not after the send HVC "
                          "(the send-receive pair violates hb => <)")
                    .Real("message_repcl_violation_fraction",
                          "",
                          "delivered messages whose receive RepCl is not after the send RepCl "
                          "(requirement 1 on the send-receive pair; 2 in either form adds no "
                          "condition on a happened-before pair)")
                    .Real("message_downhill_fraction",
                          "",
                          "delivered messages received at a clock reading more than SkewBound "
                          "below the sender's at the send (pt.receive < pt.send - E: the "
                          "assumption broken on that message)")
                    .Real("theta_mean", "offsets", "RepCl stored offsets per event: mean")
                    .Real("theta_p99", "offsets", "99th percentile")
                    .Real("theta_max", "offsets", "maximum")
                    .Real("sigma_mean", "counters", "non-zero RepCl counters per event: mean")
                    .Real("sigma_max", "counters", "maximum")
                    .Real("repcl_bits_mean", "bits", "RepCl encoded size: mean")
                    .Real("repcl_bits_p99", "bits", "99th percentile")
                    .Real("repcl_bits_max", "bits", "maximum")
                    .Real("hvc_mean", "entries", "HVC active entries: mean")
                    .Real("hvc_max", "entries", "maximum")
                    .Real("delay_min_us", "us", "one-way delay (true receive - true send): min")
                    .Real("delay_mean_us", "us", "mean")
                    .Real("delay_max_us", "us", "max")
                    .Real("hlc_bits", "bits", "HLC encoded size")
                    .Real("vector_bits_mean", "bits", "vector clock encoded size: mean")
                    .Unsigned("pairs", "", "event pairs checked")
                    .Boolean("sampled", "pairs were sampled (more events than ExactLimit)")
                    .Real("concurrent_fraction", "", "concurrent pairs / pairs")
                    .Unsigned("hb_pairs",
                              "",
                              "pairs ordered by happened-before (requirement 1, HLC and HVC "
                              "apply to them)")
                    .Unsigned("r1_violations", "", "requirement 1 (hb => <)")
                    .Real("r1_violation_fraction",
                          "",
                          "r1_violations / hb_pairs (empty: no such pair)")
                    .Unsigned("r2_applicable", "", "pairs requirement 2 (pt form) applies to")
                    .Unsigned("r2_violations", "", "requirement 2, pt form")
                    .Real("r2_violation_fraction",
                          "",
                          "r2_violations / r2_applicable (empty: no such pair)")
                    .Unsigned("r2_thesis_applicable",
                              "",
                              "pairs requirement 2 (thesis form) applies to")
                    .Unsigned("r2_thesis_violations", "", "requirement 2, thesis form (Lemma 3)")
                    .Real("r2_thesis_violation_fraction",
                          "",
                          "r2_thesis_violations / r2_thesis_applicable (empty: no such pair)")
                    .Unsigned("r3_violations", "", "requirement 3, pt form")
                    .Unsigned("r3_applicable", "", "pairs requirement 3 applies to")
                    .Unsigned("unjustified_orderings",
                              "",
                              "concurrent pairs ordered without a synchronization proof")
                    .Unsigned("hlc_violations", "", "HLC hb => <")
                    .Real("hlc_violation_fraction", "", "hlc_violations / hb_pairs")
                    .Unsigned("hvc_violations", "", "HVC hb => <")
                    .Real("hvc_violation_fraction", "", "hvc_violations / hb_pairs")
                    .Unsigned("forced_repcl", "", "concurrent pairs RepCl orders")
                    .Unsigned("forced_hvc", "", "concurrent pairs HVC orders")
                    .Unsigned("forced_hlc", "", "concurrent pairs HLC orders")
                    .Real("hvc_bits_mean", "bits", "HVC encoded size (its Encoding): mean")
                    .Real("hvc_bits_p99", "bits", "99th percentile")
                    .Real("vector_bits_p99", "bits", "vector clock encoded size: p99")
                    .Real("repcl_bitmap_bits_mean", "bits", "RepCl size, Encoding Bitmap: mean")
                    .Real("repcl_bitmap_bits_p99", "bits", "99th percentile")
                    .Real("repcl_sparse_bits_mean", "bits", "RepCl size, Encoding Sparse: mean")
                    .Real("repcl_sparse_bits_p99", "bits", "99th percentile")
                    .Real("repcl_adaptive_bits_mean", "bits", "RepCl size, Encoding Adaptive: mean")
                    .Real("repcl_adaptive_bits_p99", "bits", "99th percentile")
                    .Real("hvc_bitmap_bits_mean", "bits", "HVC size, Encoding Bitmap: mean")
                    .Real("hvc_bitmap_bits_p99", "bits", "99th percentile")
                    .Real("hvc_sparse_bits_mean", "bits", "HVC size, Encoding Sparse: mean")
                    .Real("hvc_sparse_bits_p99", "bits", "99th percentile")
                    .Real("hvc_adaptive_bits_mean", "bits", "HVC size, Encoding Adaptive: mean")
                    .Real("hvc_adaptive_bits_p99", "bits", "99th percentile")));
    return tid;
}

void
ReplayStudy::Validate() const
{
    const Time skew = Forwarded<TimeValue>("SkewBound");
    const Time interval = Forwarded<TimeValue>("Interval");
    if (!IsSkewBoundMultiple(skew, interval))
    {
        Refuse({"SkewBound", "Interval"},
               Describe("SkewBound") + " is invalid; valid: a multiple of " + Describe("Interval") +
                   " (" + SkewBoundMultipleRule() + ")");
    }
    if (GetSync() != "none" && m_clockModel != "drifting")
    {
        Refuse({"Sync", "ClockModel"},
               Describe("Sync") + " is invalid with " + Describe("ClockModel") +
                   "; valid: Sync none, or ClockModel drifting (a protocol steers a "
                   "DriftingClock)");
    }
    if (m_ntpServers >= m_nodes)
    {
        Refuse({"NtpServers", "Nodes"},
               Describe("NtpServers") + " is invalid with " + Describe("Nodes") +
                   "; valid: fewer servers than nodes (at least one client)");
    }
    if (m_ntpServers > 1 && GetSync() != "ntp")
    {
        Refuse({"NtpServers", "Sync"},
               Describe("NtpServers") + " is invalid with " + Describe("Sync") +
                   "; valid: NtpServers 1, or Sync ntp (SNTP asks host 0 only)");
    }
    if (m_offsetSpread.IsStrictlyPositive() && m_clockModel != "drifting")
    {
        Refuse({"OffsetSpread", "ClockModel"},
               Describe("OffsetSpread") + " is invalid with " + Describe("ClockModel") +
                   "; valid: OffsetSpread 0, or ClockModel drifting (the other models place "
                   "the clocks within SkewBound)");
    }
    if (m_jitter.IsStrictlyPositive() && !Forwarded<BooleanValue>("OnWire"))
    {
        Refuse({"Jitter", "OnWire"},
               Describe("Jitter") + " is invalid with " + Describe("OnWire") +
                   "; valid: Jitter 0, or OnWire true (with byte tags the stamp is taken after the "
                   "jitter, so the jitter would not separate send and receive events)");
    }
}

void
ReplayStudy::DoDispose()
{
    m_log = nullptr;
    m_apps.clear();
    m_sync = StudySync();
    Study::DoDispose();
}

Time
ReplayStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    NodeContainer nodes;
    nodes.Create(m_nodes);
    StudyLan lan =
        InstallStudyLan(nodes, "500Mbps", m_delay, "10.0.0.0", "255.0.0.0", GetTopology());

    const Time skew = Forwarded<TimeValue>("SkewBound");
    ClockHelper clocks;
    if (m_clockModel == "drifting")
    {
        const Time spread = m_offsetSpread.IsStrictlyPositive() ? m_offsetSpread : skew;
        auto [offset, drift] = clocks.SetUniformPopulation(spread, 50);
        streams.Assign(offset, 1000001);
        streams.Assign(drift, 1000002);
    }
    else
    {
        clocks.SetClock("ns3::BoundedSkewClock",
                        "SkewBound",
                        TimeValue(skew),
                        "Form",
                        StringValue(m_clockModel == "thesis" ? "Thesis" : "Bounded"));
    }
    clocks.Install(nodes);
    if (GetSync() == "ntp" && m_ntpServers > 1)
    {
        // Stratum 1 has a reference (GPS, PPS): its clock is true time. The draws above still
        // happen for every node, so the clients' clocks do not depend on NtpServers.
        for (uint32_t i = 0; i < m_ntpServers; ++i)
        {
            Ptr<DriftingClock> clock = nodes.Get(i)->GetObject<DriftingClock>();
            clock->SetAttribute("InitialOffset", TimeValue(Time(0)));
            clock->GetOscillator()->SetBaseDrift(0);
        }
    }
    int64_t next = streams.Assign(1, [&](int64_t s) { return clocks.AssignStreams(nodes, s); });
    next = streams.Assign(next, [&](int64_t s) { return lan.AssignStreams(s); });

    if (m_jitter.IsStrictlyPositive())
    {
        // Installed before the stampers, so that a segment is stamped, then delayed.
        for (uint32_t i = 0; i < m_nodes; ++i)
        {
            auto jitter = CreateObject<UdpSendJitter>();
            jitter->SetAttribute("Jitter",
                                 StringValue("ns3::UniformRandomVariable[Min=0|Max=" +
                                             std::to_string(m_jitter.GetNanoSeconds()) + "]"));
            nodes.Get(i)->AggregateObject(jitter);
            jitter->Start();
            next = streams.Assign(next, [&](int64_t s) { return jitter->AssignStreams(s); });
        }
    }
    CausalityHelper causality;
    for (const auto& [attribute, value] : GetForwarded("ns3::CausalityStamper"))
    {
        causality.SetStamperAttribute(attribute, *value);
    }
    if (m_clockModel == "drifting")
    {
        // A drifting clock promises no bound: E is the study's assumption, given here.
        causality.SetStamperAttribute("SkewBound", TimeValue(skew));
    } // else the stampers take E from the BoundedSkewClocks
    m_log = causality.Install(nodes);

    std::vector<Ipv4Address> peers;
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        peers.push_back(lan.interfaces.GetAddress(i));
    }
    const Time start = GetSync() == "none" ? Time(0) : m_syncWarmup;
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        auto app = CreateObject<ReplayWorkloadApplication>();
        ApplyForwarded(app); // MessageRate (Rate), LocalEventRate (LocalRate), Poisson
        app->SetPeers(peers, i);
        next = streams.Assign(next, [&](int64_t s) { return app->AssignStreams(s); });
        app->SetStartTime(start);
        app->SetStopTime(start + m_duration);
        nodes.Get(i)->AddApplication(app);
        m_apps.push_back(app);
    }
    next = m_sync.Install(*this,
                          lan.nodes,
                          lan.interfaces,
                          start,
                          start + m_duration,
                          streams,
                          next,
                          m_ntpServers);
    // Let the last messages arrive before stopping.
    return start + m_duration + m_delay + MilliSeconds(1);
}

namespace
{

/** Mean, 99th percentile and maximum of a sample. */
struct Summary
{
    double mean = 0; //!< mean
    double p99 = 0;  //!< 99th percentile (nearest rank)
    double max = 0;  //!< maximum
};

Summary
Summarize(std::vector<double> v)
{
    Summary s;
    if (v.empty())
    {
        return s;
    }
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
    {
        sum += x;
    }
    s.mean = sum / v.size();
    s.p99 = v[std::min(v.size() - 1, static_cast<std::size_t>(0.99 * v.size()))];
    s.max = v.back();
    return s;
}

/**
 * The per-message fractions: each message's send and receive stamps, compared when the receive
 * is logged (a message is received once; one lost in the network is not counted).
 */
class MessageTally
{
  public:
    /** \param skew the E the stampers assume */
    explicit MessageTally(Time skew)
        : m_skew(skew)
    {
    }

    /** \param e the next event of the log */
    void Add(const CausalEvent& e)
    {
        if (e.kind == CausalEventKind::SEND)
        {
            m_sent.emplace(e.messageId, Sent{e.pt, e.stamp.hvc, e.stamp.repcl});
            return;
        }
        auto it = m_sent.find(e.messageId);
        if (e.kind != CausalEventKind::RECEIVE || it == m_sent.end())
        {
            return;
        }
        const Sent& s = it->second;
        ++m_delivered;
        if (s.hvc && e.stamp.hvc &&
            HybridVectorClock::Compare(*s.hvc, *e.stamp.hvc) != CausalOrder::BEFORE)
        {
            ++m_hvc;
        }
        if (s.repcl && e.stamp.repcl &&
            ReplayClock::Compare(*s.repcl, *e.stamp.repcl) != CausalOrder::BEFORE)
        {
            ++m_repcl;
        }
        m_downhill += e.pt < s.pt - m_skew ? 1 : 0;
        m_sent.erase(it);
    }

    /** \param r receives delivered_messages and the message_* fractions */
    void Report(StudyResult& r) const
    {
        r.Set("delivered_messages", m_delivered);
        const std::pair<const char*, uint64_t> fractions[] = {
            {"message_hvc_violation_fraction", m_hvc},
            {"message_repcl_violation_fraction", m_repcl},
            {"message_downhill_fraction", m_downhill}};
        for (const auto& [field, count] : fractions)
        {
            r.Set(field, m_delivered ? double(count) / double(m_delivered) : 0.0);
            if (m_delivered == 0)
            {
                r.GetSummary().SetNotApplicable(field);
            }
        }
    }

  private:
    /** What a send leaves for its receive. */
    struct Sent
    {
        Time pt;                              //!< the sender's clock at the send
        std::optional<HybridVectorClock> hvc; //!< its HVC
        std::optional<ReplayClock> repcl;     //!< its RepCl
    };

    Time m_skew;                               //!< E
    std::unordered_map<uint64_t, Sent> m_sent; //!< sent, not yet received
    uint64_t m_delivered = 0;                  //!< received
    uint64_t m_hvc = 0;                        //!< HVC violations
    uint64_t m_repcl = 0;                      //!< RepCl violations
    uint64_t m_downhill = 0;                   //!< received more than E downhill
};

/**
 * The violation counts as fractions of the pairs each property applies to; a fraction over no
 * pair is not applicable, not 0; then the per-message fractions.
 * \param r the result \param report the checker's report \param perMessage the messages
 */
void
SetViolationFractions(StudyResult& r,
                      const ReplayCheckerReport& report,
                      const MessageTally& perMessage)
{
    const std::pair<const char*, const PropertyCount*> fractions[] = {
        {"r1_violation_fraction", &report.repclHb},
        {"r2_violation_fraction", &report.repclFar},
        {"r2_thesis_violation_fraction", &report.repclFarKnown},
        {"hlc_violation_fraction", &report.hlcHb},
        {"hvc_violation_fraction", &report.hvcHb}};
    for (const auto& [field, count] : fractions)
    {
        r.Set(field,
              count->applicable ? double(count->violations) / double(count->applicable) : 0.0);
        if (count->applicable == 0)
        {
            r.GetSummary().SetNotApplicable(field);
        }
    }
    perMessage.Report(r);
}

} // namespace

void
ReplayStudy::Measure(StudyResult& r)
{
    NS_LOG_FUNCTION(this);
    const auto& events = m_log->GetEvents();
    uint64_t messages = 0;
    for (const auto& app : m_apps)
    {
        messages += app->GetSent();
    }
    r.Set("events", events.size());
    r.Set("messages", messages);
    std::vector<double> theta;
    std::vector<double> sigma;
    std::vector<double> bits;
    std::vector<double> hvc;
    std::vector<double> vectorBits;
    std::vector<double> hvcBits;
    // Each clock's size under each encoding, whichever the stampers ran (Bitmap, Sparse,
    // Adaptive): the same offsets, counters and values, only the list of processes differs.
    const std::vector<StampEncoding> encodings{STAMP_BITMAP, STAMP_SPARSE, STAMP_ADAPTIVE};
    std::vector<std::vector<double>> repclBy(encodings.size());
    std::vector<std::vector<double>> hvcBy(encodings.size());
    std::map<uint64_t, Time> sentAt;
    std::vector<double> delays;
    // A replay that does not recompute the vector clock the nodes did not carry (O(n) per
    // receive): its encoded size needs only its largest entry, followed in O(1) per event.
    CausalEventLog::Cursor cursor(events, false);
    MessageTally perMessage(m_log->GetCheckerOptions().skewBound);
    while (cursor.Next())
    {
        const CausalEvent& e = cursor.Current();
        perMessage.Add(e);
        if (e.kind == CausalEventKind::SEND)
        {
            sentAt[e.messageId] = e.trueTime;
        }
        else if (e.kind == CausalEventKind::RECEIVE && sentAt.count(e.messageId))
        {
            delays.push_back((e.trueTime - sentAt[e.messageId]).GetNanoSeconds() / 1e3);
        }
        theta.push_back(e.stamp.repcl->GetOffsetCount());
        sigma.push_back(e.stamp.repcl->GetCounterCount());
        bits.push_back(e.stamp.repcl->GetEncodedBits());
        hvc.push_back(e.stamp.hvc->GetActiveCount());
        hvcBits.push_back(e.stamp.hvc->GetEncodedBits());
        // The vector clock's encoding: 16 + 16 + 7 bits, then n entries at the largest's width.
        vectorBits.push_back(16 + 16 + 7 +
                             std::max<uint32_t>(1, BitsFor(cursor.GetVectorMaximum())) * m_nodes);
        for (std::size_t k = 0; k < encodings.size(); ++k)
        {
            repclBy[k].push_back(e.stamp.repcl->GetEncodedBits(encodings[k]));
            hvcBy[k].push_back(e.stamp.hvc->GetEncodedBits(encodings[k]));
        }
    }
    Summary t = Summarize(theta);
    Summary s = Summarize(sigma);
    Summary b = Summarize(bits);
    Summary h = Summarize(hvc);
    Summary d = Summarize(delays);
    r.Set("theta_mean", t.mean);
    r.Set("theta_p99", t.p99);
    r.Set("theta_max", t.max);
    r.Set("sigma_mean", s.mean);
    r.Set("sigma_max", s.max);
    r.Set("repcl_bits_mean", b.mean);
    r.Set("repcl_bits_p99", b.p99);
    r.Set("repcl_bits_max", b.max);
    r.Set("hvc_mean", h.mean);
    r.Set("hvc_max", h.max);
    r.Set("delay_min_us", delays.empty() ? 0 : *std::min_element(delays.begin(), delays.end()));
    r.Set("delay_mean_us", d.mean);
    r.Set("delay_max_us", d.max);
    r.Set("hlc_bits", 96.0);
    const Summary v = Summarize(vectorBits);
    r.Set("vector_bits_mean", v.mean);
    const Summary hb = Summarize(hvcBits);
    r.Set("hvc_bits_mean", hb.mean);
    r.Set("hvc_bits_p99", hb.p99);
    r.Set("vector_bits_p99", v.p99);
    for (std::size_t k = 0; k < encodings.size(); ++k)
    {
        std::string name = ToString(encodings[k]);
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) {
            return static_cast<char>(std::tolower(c));
        });
        const Summary rk = Summarize(repclBy[k]);
        const Summary hk = Summarize(hvcBy[k]);
        r.Set("repcl_" + name + "_bits_mean", rk.mean);
        r.Set("repcl_" + name + "_bits_p99", rk.p99);
        r.Set("hvc_" + name + "_bits_mean", hk.mean);
        r.Set("hvc_" + name + "_bits_p99", hk.p99);
    }

    ReplayCheckerOptions options = m_log->GetCheckerOptions(); // the stampers' E, I, HVC epsilon
    options.exactLimit = m_exactLimit;
    options.samplePairs = m_samplePairs;
    options.seed = GetRun();
    ReplayCheckerReport report = m_log->Check(options);
    r.Set("pairs", report.pairsExamined);
    r.Set("sampled", report.sampled);
    r.Set("concurrent_fraction",
          report.pairsExamined ? double(report.concurrentPairs) / report.pairsExamined : 0);
    r.Set("hb_pairs", report.repclHb.applicable);
    r.Set("r1_violations", report.repclHb.violations);
    r.Set("r2_applicable", report.repclFar.applicable);
    r.Set("r2_violations", report.repclFar.violations);
    r.Set("r2_thesis_applicable", report.repclFarKnown.applicable);
    r.Set("r2_thesis_violations", report.repclFarKnown.violations);
    r.Set("r3_violations", report.repclClose.violations);
    r.Set("r3_applicable", report.repclClose.applicable);
    r.Set("unjustified_orderings", report.repclOnlyIfJustified.violations);
    r.Set("hlc_violations", report.hlcHb.violations);
    r.Set("hvc_violations", report.hvcHb.violations);
    SetViolationFractions(r, report, perMessage);
    r.Set("forced_repcl", report.repclForced);
    r.Set("forced_hvc", report.hvcForced);
    r.Set("forced_hlc", report.hlcForced);
    m_sync.Report(r);
}

} // namespace ns3
