/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The WAP5 inference study: a multi-tier workload on a LAN of drifting clocks, traced by the
// causality stampers, linked black-box and scored against the applications' true causes,
// beside what vector clocks (exact happened-before) would say.

#include "study-lan.h"
#include "study-result.h"
#include "study-streams.h"
#include "study.h"

#include "ns3/boolean.h"
#include "ns3/causality-helper.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/message-linking.h"
#include "ns3/multi-tier-application.h"
#include "ns3/multi-tier-helper.h"
#include "ns3/replay-checker.h"
#include "ns3/replay-workload-application.h"
#include "ns3/trace-reconciliation.h"

#include <chrono>
#include <cmath>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceStudy");

/**
 * \ingroup chronometry
 * The WAP5 inference study; run it by name ("inference") through StudyRunner,
 * chronometry-study or chronometry.run_study.
 */
class InferenceStudy : public Study
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
    /** \return the linker configuration of the parameters */
    LinkingConfig Linking() const;

    std::string m_workload;     //!< multitier, or gossip
    uint32_t m_clients;         //!< parallelism: client nodes
    uint32_t m_backends;        //!< back-end nodes
    uint32_t m_fanOut;          //!< back-ends per request
    double m_lookupProbability; //!< back-end calls the lookup service
    double m_rate;              //!< alpha
    bool m_poisson;             //!< Poisson requests
    Time m_skew;                //!< E: offsets uniform in [-E/2, E/2]
    double m_driftPpm;          //!< drift uniform in [-drift, drift] ppm
    Time m_delay;               //!< delta
    Time m_frontEndService;     //!< mean service time per front-end step
    Time m_backendService;      //!< mean service time per back-end step
    Time m_lookupService;       //!< mean service time at the lookup service
    Time m_duration;            //!< simulated time of requests
    bool m_traceLookup;         //!< trace the lookup node
    Time m_window;              //!< linker x
    double m_y;                 //!< linker y
    double m_tryBothBand;       //!< linker band
    uint32_t m_maxTryBoth;      //!< linker k

    uint32_t m_n{0};                               //!< nodes
    uint32_t m_lookupNode{0};                      //!< index of the lookup node
    Ptr<CausalityLog> m_log;                       //!< every stamped event
    std::map<uint64_t, uint64_t> m_causeOf;        //!< the truth: message -> cause
    std::vector<Ptr<MultiTierApplication>> m_apps; //!< multi-tier applications
};

NS_OBJECT_ENSURE_REGISTERED(InferenceStudy);

TypeId
InferenceStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeStringChoiceChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<InferenceStudy>(
            "ns3::InferenceStudy",
            "inference",
            "WAP5 black-box causal path inference on a multi-tier workload with unsynchronized "
            "clocks, link by link against the true causes and beside vector clocks")
            .Parameter("Workload",
                       "multitier, or gossip (the replay-clock workload: no causes at all)",
                       &InferenceStudy::m_workload,
                       std::string("multitier"),
                       MakeStringChoiceChecker({"multitier", "gossip"}),
                       C::Plain())
            .Parameter("Clients",
                       "Parallelism: client nodes",
                       &InferenceStudy::m_clients,
                       4,
                       MakeUintegerRangeChecker(1, 256),
                       C::Plain())
            .Parameter("Backends",
                       "Back-end nodes",
                       &InferenceStudy::m_backends,
                       3,
                       MakeUintegerRangeChecker(1, 64),
                       C::Plain())
            .Parameter("FanOut",
                       "Back-ends per request (at most Backends)",
                       &InferenceStudy::m_fanOut,
                       1,
                       MakeUintegerRangeChecker(1, 64),
                       C::Plain())
            .Parameter("LookupProbability",
                       "Probability that a back-end step calls the lookup service",
                       &InferenceStudy::m_lookupProbability,
                       0.5,
                       MakeDoubleRangeChecker(0, 1),
                       C::Plain())
            .Parameter("Rate",
                       "alpha: requests per second per client (gossip: messages/s per node)",
                       &InferenceStudy::m_rate,
                       10.0,
                       MakeDoubleRangeChecker(0, 1e5, "/s", false, true),
                       C::Plain())
            .Switch("Poisson",
                    "Poisson requests (else a fixed interval)",
                    &InferenceStudy::m_poisson,
                    true,
                    C::Plain())
            .Parameter("Skew",
                       "Clock skew bound E: offsets uniform in [-E/2, E/2]",
                       &InferenceStudy::m_skew,
                       MilliSeconds(1),
                       MakeTimeRangeChecker(Time(0), Seconds(100)),
                       C::In(Time::US))
            .Parameter("DriftPpm",
                       "Clock drift, uniform in [-DriftPpm, DriftPpm]",
                       &InferenceStudy::m_driftPpm,
                       50.0,
                       MakeDoubleRangeChecker(0, 1000, "ppm"),
                       C::Plain())
            .Parameter("Delay",
                       "delta: the LAN's propagation delay",
                       &InferenceStudy::m_delay,
                       MicroSeconds(100),
                       MakeTimeRangeChecker(Time(0), Seconds(1)),
                       C::In(Time::US))
            .Parameter("FrontEndService",
                       "Mean service time per front-end step (exponential)",
                       &InferenceStudy::m_frontEndService,
                       MilliSeconds(1),
                       MakeTimeRangeChecker(Time::From(1), Seconds(10)),
                       C::In(Time::US))
            .Parameter("BackendService",
                       "Mean service time per back-end step (exponential)",
                       &InferenceStudy::m_backendService,
                       MilliSeconds(3),
                       MakeTimeRangeChecker(Time::From(1), Seconds(10)),
                       C::In(Time::US))
            .Parameter("LookupService",
                       "Mean service time at the lookup service (exponential)",
                       &InferenceStudy::m_lookupService,
                       MilliSeconds(1),
                       MakeTimeRangeChecker(Time::From(1), Seconds(10)),
                       C::In(Time::US))
            .Parameter("Duration",
                       "Simulated time of requests",
                       &InferenceStudy::m_duration,
                       Seconds(2),
                       MakeTimeRangeChecker(MilliSeconds(1), Seconds(3600)),
                       C::In(Time::S))
            .Switch("TraceLookup",
                    "Trace the lookup node (false: its timestamps are missing)",
                    &InferenceStudy::m_traceLookup,
                    true,
                    C::Plain())
            .Parameter("Window",
                       "Linker window x: longest causal delay considered",
                       &InferenceStudy::m_window,
                       MilliSeconds(100),
                       MakeTimeRangeChecker(Time::From(1), Hours(24)),
                       C::In(Time::MS))
            .Parameter("Y",
                       "Linker y: a spontaneous send weighs as a delay of y times the mean",
                       &InferenceStudy::m_y,
                       4.0,
                       MakeDoubleRangeChecker(0, 1000),
                       C::Plain())
            .Parameter("TryBothBand",
                       "Linker: links with |p - 0.5| <= band are tried both ways",
                       &InferenceStudy::m_tryBothBand,
                       0.2,
                       MakeDoubleRangeChecker(0, 0.5),
                       C::Plain())
            .Parameter("MaxTryBoth",
                       "Linker k: try-both decisions per root",
                       &InferenceStudy::m_maxTryBoth,
                       4,
                       MakeUintegerRangeChecker(0, 20),
                       C::Plain())
            .Seed(C::None())
            .Run(C::Plain())
            .Topology(C::None())
            .Summary(
                StudySchema()
                    .Unsigned("messages", "", "messages in the trace")
                    .Unsigned("requests", "", "requests completed")
                    .Unsigned("true_links", "", "messages with a true cause")
                    .Real("link_precision", "", "most likely parent correct / parents inferred")
                    .Real("link_recall", "", "most likely parent correct / true causes")
                    .Real("decision_accuracy",
                          "",
                          "most likely choice (parent or spontaneous) correct")
                    .Real("mean_true_probability", "", "mean probability of the true choice")
                    .Real("pattern_precision", "", "expected counts vs true counts")
                    .Real("pattern_recall", "", "expected counts vs true counts")
                    .Real("map_pattern_precision",
                          "",
                          "each root's most probable instance vs true counts")
                    .Real("map_pattern_recall",
                          "",
                          "each root's most probable instance vs true counts")
                    .Unsigned("true_patterns", "", "distinct true patterns")
                    .Unsigned("inferred_patterns", "", "distinct inferred patterns")
                    .Real("pattern_node_delay_error",
                          "",
                          "relative error of matched patterns' node delays")
                    .Real("link_node_delay_error",
                          "",
                          "relative error of per-link-type weighted node delays")
                    .Real("network_delay_error_us", "us", "mean |corrected - true| one-way delay")
                    .Real("raw_network_delay_error_us",
                          "us",
                          "the same without the offset correction")
                    .Real("offset_error_us", "us", "mean |estimated - true| pairwise offset")
                    .Real("vc_hb_recall",
                          "",
                          "true causes that vector clocks order before the child")
                    .Real("vc_candidates",
                          "",
                          "messages in the window vector clocks order before a child")
                    .Real("link_s", "s", "wall time of linking (all three steps)"))
            .Rows("patterns",
                  StudySchema()
                      .Text("kind", "inferred or true")
                      .Key()
                      .Unsigned("rank", "", "by expected count, descending")
                      .Key()
                      .Text("signature", "the pattern's shape, e.g. 0>1(1>2,1>3)")
                      .Quoted()
                      .Real("expected_count", "", "sum of the instances' probabilities")
                      .Unsigned("instances", "", "instances with this shape")
                      .Unsigned("map_count", "", "roots whose most probable instance has it")
                      .Unsigned("node", "", "node of the pattern (preorder)")
                      .Key()
                      .Integer("parent", "", "its parent node (-1 for the root)")
                      .Unsigned("sender", "", "message sender")
                      .Unsigned("receiver", "", "message receiver")
                      .Real("node_delay_us", "us", "time at the sender since the parent arrived")
                      .Real("network_delay_us", "us", "time on the wire, offset-corrected"),
                  false);
    return tid;
}

LinkingConfig
InferenceStudy::Linking() const
{
    LinkingConfig c;
    c.window = m_window;
    c.spontaneous = m_y;
    c.tryBothBand = m_tryBothBand;
    c.maxTryBoth = m_maxTryBoth;
    return c;
}

void
InferenceStudy::Validate() const
{
    if (m_fanOut > m_backends)
    {
        chronometry::ReportConfigError(Describe("FanOut") + " is invalid; valid: at most " +
                                       Describe("Backends"));
    }
    Linking().Validate();
}

void
InferenceStudy::DoDispose()
{
    m_log = nullptr;
    m_causeOf.clear();
    m_apps.clear();
    Study::DoDispose();
}

Time
InferenceStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    // Nodes: 0 front-end, 1..B back-ends, B+1 lookup, then the clients.
    m_lookupNode = m_backends + 1;
    m_n = m_backends + 2 + m_clients;
    const uint32_t lookupNode = m_lookupNode;
    const uint32_t n = m_n;
    NodeContainer nodes;
    nodes.Create(n);
    StudyLan lan = InstallStudyLan(nodes, "1Gbps", m_delay, "10.0.0.0", "255.0.0.0", GetTopology());
    const Ipv4InterfaceContainer& interfaces = lan.interfaces;

    ClockHelper clocks;
    auto offset = CreateObject<UniformRandomVariable>();
    offset->SetAttribute("Min", DoubleValue(-m_skew.GetNanoSeconds() / 2.0));
    offset->SetAttribute("Max", DoubleValue(m_skew.GetNanoSeconds() / 2.0));
    auto drift = CreateObject<UniformRandomVariable>();
    drift->SetAttribute("Min", DoubleValue(-m_driftPpm));
    drift->SetAttribute("Max", DoubleValue(m_driftPpm));
    streams.Assign(offset, 2000001);
    streams.Assign(drift, 2000002);
    clocks.SetOffset(offset);
    clocks.SetDrift(drift);
    clocks.Install(nodes);
    int64_t next = streams.Assign(1, [&](int64_t s) { return clocks.AssignStreams(nodes, s); });
    next = streams.Assign(next, [&](int64_t s) { return lan.AssignStreams(s); });

    CausalityHelper causality;
    causality.SetStamperAttribute("Hlc", BooleanValue(false));
    causality.SetStamperAttribute("Hvc", BooleanValue(false));
    causality.SetStamperAttribute("RepCl", BooleanValue(false));
    m_log = causality.Install(nodes);

    auto onCaused = [this](uint64_t id, uint64_t cause) { m_causeOf[id] = cause; };
    auto causedSink = Callback<void, uint64_t, uint64_t>(onCaused);
    std::vector<Ipv4Address> everyone;
    for (uint32_t i = 0; i < n; ++i)
    {
        everyone.push_back(interfaces.GetAddress(i));
    }
    for (uint32_t i = 0; i < n && m_workload == "gossip"; ++i)
    {
        // Every message spontaneous: the truth has no causes at all.
        auto app = CreateObjectWithAttributes<ReplayWorkloadApplication>("MessageRate",
                                                                         DoubleValue(m_rate),
                                                                         "Poisson",
                                                                         BooleanValue(m_poisson));
        app->SetPeers(everyone, i);
        next = streams.Assign(next, [&](int64_t s) { return app->AssignStreams(s); });
        app->SetStartTime(Time(0));
        app->SetStopTime(m_duration);
        nodes.Get(i)->AddApplication(app);
    }
    if (m_workload == "multitier")
    {
        MultiTierHelper tiers;
        tiers.SetAttribute("RequestRate", DoubleValue(m_rate));
        tiers.SetAttribute("Poisson", BooleanValue(m_poisson));
        tiers.SetAttribute("FanOut", UintegerValue(m_fanOut));
        tiers.SetAttribute("LookupProbability", DoubleValue(m_lookupProbability));
        tiers.SetAttribute("LastRequest", TimeValue(m_duration));
        auto service = [](Time mean) {
            return StringValue(
                "ns3::ExponentialRandomVariable[Mean=" + std::to_string(mean.GetSeconds()) + "]");
        };
        tiers.SetRoleAttribute(MultiTierApplication::FRONT_END,
                               "ServiceTime",
                               service(m_frontEndService));
        tiers.SetRoleAttribute(MultiTierApplication::BACKEND,
                               "ServiceTime",
                               service(m_backendService));
        tiers.SetRoleAttribute(MultiTierApplication::LOOKUP,
                               "ServiceTime",
                               service(m_lookupService));
        tiers.SetRoleAttribute(MultiTierApplication::CLIENT,
                               "ServiceTime",
                               service(m_lookupService));
        NodeContainer backendNodes;
        for (uint32_t b = 1; b <= m_backends; ++b)
        {
            backendNodes.Add(nodes.Get(b));
        }
        NodeContainer clientNodes;
        for (uint32_t c = lookupNode + 1; c < n; ++c)
        {
            clientNodes.Add(nodes.Get(c));
        }
        ApplicationContainer installed =
            tiers.Install(nodes.Get(0), backendNodes, nodes.Get(lookupNode), clientNodes);
        next = streams.Assign(next, [&](int64_t s) {
            return MultiTierHelper::AssignStreams(installed, s);
        });
        installed.Start(Time(0));
        installed.Stop(m_duration + Seconds(1));
        for (uint32_t i = 0; i < installed.GetN(); ++i)
        {
            auto app = DynamicCast<MultiTierApplication>(installed.Get(i));
            app->TraceConnectWithoutContext("Caused", causedSink);
            m_apps.push_back(app);
        }
    }
    // Messages without an application cause (e.g. ICMP errors) would have no
    // truth; the workload keeps every socket open so none arise.
    return m_duration + Seconds(1);
}

void
InferenceStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    StudyResult& r = result;
    uint64_t requests = 0;
    for (uint32_t i = m_lookupNode + 1; i < m_apps.size(); ++i)
    {
        requests += m_apps[i]->GetCompleted();
    }
    r.Set("requests", requests);
    const auto& events = m_log->GetEvents();
    std::vector<bool> traced(m_n, true);
    traced[m_lookupNode] = m_traceLookup || m_workload == "gossip";
    ReconciledTrace trace = ReconcileTrace(events, traced);
    std::vector<int64_t> parent = TrueParents(trace, m_causeOf);
    r.Set("messages", trace.messages.size());
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        NS_LOG_DEBUG("message " << k << " id " << trace.messages[k].id << " "
                                << trace.messages[k].sender << "->" << trace.messages[k].receiver
                                << " true " << trace.trueSend[k].As(Time::MS) << " -> "
                                << trace.trueRecv[k].As(Time::MS) << " parent " << parent[k]);
    }

    auto linkStart = std::chrono::steady_clock::now();
    MessageLinker linker(Linking());
    LinkingResult linking = linker.Analyze(trace.messages);
    r.Set("link_s",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - linkStart).count());

    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        if (linking.links[k].mostLikely != parent[k])
        {
            const auto& m = trace.messages[k];
            NS_LOG_DEBUG("wrong choice for " << k << " " << m.sender << "->" << m.receiver << " at "
                                             << trace.trueSend[k].As(Time::MS) << ": most likely "
                                             << linking.links[k].mostLikely << ", true "
                                             << parent[k] << ", candidates "
                                             << linking.links[k].parents.size());
        }
    }
    LinkScore ls = ScoreLinks(linking, parent);
    r.Set("true_links", ls.trueLinks);
    r.Set("link_precision", ls.precision);
    r.Set("link_recall", ls.recall);
    r.Set("decision_accuracy", ls.decisionAccuracy);
    r.Set("mean_true_probability", ls.meanTrueProbability);
    std::vector<PathPattern> truthPatterns =
        TruePatterns(trace.messages, parent, linking.clockOffset);
    PatternScore ps = ScorePatterns(linking.patterns, truthPatterns);
    PatternScore pm = ScorePatterns(linking.patterns, truthPatterns, true);
    r.Set("pattern_precision", ps.precision);
    r.Set("pattern_recall", ps.recall);
    r.Set("map_pattern_precision", pm.precision);
    r.Set("map_pattern_recall", pm.recall);
    r.Set("true_patterns", ps.truePatterns);
    r.Set("inferred_patterns", ps.inferredPatterns);
    r.Set("pattern_node_delay_error", PatternNodeDelayError(linking.patterns, truthPatterns));
    r.Set("link_node_delay_error",
          ScoreNodeDelays(trace.messages, linking, parent).meanRelativeError);

    // Network delays and offsets against the truth.
    double netErr = 0;
    double rawErr = 0;
    uint64_t netCount = 0;
    std::map<std::pair<uint32_t, uint32_t>, std::pair<double, uint64_t>> trueOffset;
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        const auto& m = trace.messages[k];
        if (!m.sendTs || !m.recvTs)
        {
            continue;
        }
        double trueDelay = (trace.trueRecv[k] - trace.trueSend[k]).GetNanoSeconds();
        double obs = (*m.recvTs - *m.sendTs).GetNanoSeconds();
        double corrected = obs;
        uint32_t a = std::min(m.sender, m.receiver);
        uint32_t b = std::max(m.sender, m.receiver);
        auto it = linking.clockOffset.find({a, b});
        if (it != linking.clockOffset.end())
        {
            corrected = m.sender == a ? obs - it->second.GetNanoSeconds()
                                      : obs + it->second.GetNanoSeconds();
        }
        netErr += std::abs(corrected - trueDelay);
        rawErr += std::abs(obs - trueDelay);
        netCount++;
        // True offset (clock_b - clock_a) at this message: local - true at each end.
        double sendOff = (*m.sendTs - trace.trueSend[k]).GetNanoSeconds();
        double recvOff = (*m.recvTs - trace.trueRecv[k]).GetNanoSeconds();
        double off = m.sender == a ? recvOff - sendOff : sendOff - recvOff;
        trueOffset[{a, b}].first += off;
        trueOffset[{a, b}].second++;
    }
    r.Set("network_delay_error_us", netCount ? netErr / netCount / 1e3 : 0);
    r.Set("raw_network_delay_error_us", netCount ? rawErr / netCount / 1e3 : 0);
    double offErr = 0;
    uint64_t offCount = 0;
    for (const auto& [key, est] : linking.clockOffset)
    {
        auto it = trueOffset.find(key);
        if (it != trueOffset.end())
        {
            offErr += std::abs(est.GetNanoSeconds() - it->second.first / it->second.second);
            offCount++;
        }
    }
    r.Set("offset_error_us", offCount ? offErr / offCount / 1e3 : 0);

    // Vector clocks: exact happened-before, but every earlier arrival precedes a send.
    uint64_t hb = 0;
    uint64_t caused = 0;
    double candidates = 0;
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        if (parent[k] < 0 || trace.sendEvent[k] < 0 || trace.recvEvent[parent[k]] < 0)
        {
            continue;
        }
        const CausalEvent& send = events[trace.sendEvent[k]];
        caused++;
        hb += ReplayChecker::HappenedBefore(events[trace.recvEvent[parent[k]]], send) ? 1 : 0;
        for (const auto& link : linking.links[k].parents)
        {
            int64_t e = trace.recvEvent[link.parent];
            if (e >= 0 && ReplayChecker::HappenedBefore(events[e], send))
            {
                candidates += 1;
            }
        }
    }
    r.Set("vc_hb_recall", caused ? double(hb) / caused : 0);
    r.Set("vc_candidates", caused ? candidates / caused : 0);
    auto patternRows = [&r](const std::string& kind, const std::vector<PathPattern>& patterns) {
        for (uint32_t k = 0; k < patterns.size(); ++k)
        {
            const auto& p = patterns[k];
            for (uint32_t i = 0; i < p.nodes.size(); ++i)
            {
                const auto& node = p.nodes[i];
                StudyRecord& row = r.AddRow();
                row.Set("kind", kind);
                row.Set("rank", k);
                row.Set("signature", p.signature);
                row.Set("expected_count", p.expectedCount);
                row.Set("instances", p.instances);
                row.Set("map_count", p.mapCount);
                row.Set("node", i);
                row.Set("parent", node.parent);
                row.Set("sender", node.sender);
                row.Set("receiver", node.receiver);
                row.Set("node_delay_us", node.nodeDelay / 1e3);
                row.Set("network_delay_us", node.networkDelay / 1e3);
            }
        }
    };
    patternRows("inferred", linking.patterns);
    patternRows("true", truthPatterns);
}

} // namespace ns3
