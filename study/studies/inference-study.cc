/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The WAP5 inference study: a multi-tier workload on a LAN of drifting clocks, traced by the
// causality stampers, linked black-box and scored against the applications' true causes,
// beside what vector clocks (exact happened-before) would say.

#include "inference-study-scoring.h"

#include "ns3/boolean.h"
#include "ns3/causality-helper.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/message-linking-analyzer.h"
#include "ns3/message-linking.h"
#include "ns3/multi-tier-application.h"
#include "ns3/multi-tier-helper.h"
#include "ns3/replay-workload-application.h"
#include "ns3/study-lan.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"
#include "ns3/study.h"
#include "ns3/trace-reconciliation.h"

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
    /**
     * The multi-tier workload: front-end, back-ends, lookup service and clients, their
     * ports and true causes traced.
     * \param nodes every node (0 front-end, 1..B back-ends, B+1 lookup, then the clients)
     * \param streams the run's random streams
     * \param next the next free stream
     * \param causedSink where the applications' Caused trace goes
     * \return the next free stream
     */
    int64_t InstallMultiTier(NodeContainer& nodes,
                             StudyStreams& streams,
                             int64_t next,
                             Callback<void, uint64_t, uint64_t> causedSink);

    std::string m_workload;    //!< multitier, or gossip
    uint32_t m_clients;        //!< parallelism: client nodes
    uint32_t m_backends;       //!< back-end nodes
    double m_rate;             //!< alpha
    Time m_skew;               //!< E: offsets uniform in [-E/2, E/2]
    double m_driftPpm;         //!< drift uniform in [-drift, drift] ppm
    Time m_delay;              //!< delta
    Time m_frontEndService;    //!< mean service time per front-end step
    Time m_backendService;     //!< mean service time per back-end step
    Time m_lookupService;      //!< mean service time at the lookup service
    Time m_duration;           //!< simulated time of requests
    bool m_traceLookup;        //!< trace the lookup node
    Time m_replyService;       //!< mean step after a downstream reply (0: the step's own)
    std::string m_reconcile;   //!< endpoints (paper) or id
    uint32_t m_segments;       //!< offset-and-rate estimator: segments per node pair
    uint32_t m_fixedPortPeers; //!< client aggregation: peers that make a port fixed

    uint32_t m_n{0};                                           //!< nodes
    uint32_t m_lookupNode{0};                                  //!< index of the lookup node
    Ptr<CausalityLog> m_log;                                   //!< every stamped event
    std::map<uint64_t, uint64_t> m_causeOf;                    //!< the truth: message -> cause
    std::map<uint64_t, std::pair<uint16_t, uint16_t>> m_ports; //!< message -> UDP ports
    std::vector<Ptr<MultiTierApplication>> m_apps;             //!< multi-tier applications
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
                       MakeStringChoiceChecker({"multitier", "gossip"}))
            .Parameter("Clients",
                       "Parallelism: client nodes",
                       &InferenceStudy::m_clients,
                       4,
                       MakeUintegerRangeChecker(1, 256))
            .Parameter("Backends",
                       "Back-end nodes",
                       &InferenceStudy::m_backends,
                       3,
                       MakeUintegerRangeChecker(1, 64))
            .Forward<MultiTierApplication>("FanOut")
            .Forward<MultiTierApplication>("LookupProbability")
            .Parameter("Rate",
                       "alpha: requests per second per client (gossip: messages/s per node)",
                       &InferenceStudy::m_rate,
                       10.0,
                       MakeDoubleRangeChecker(0, 1e5, "/s", false, true))
            .Forward<MultiTierApplication>("Poisson")
            .SkewBound(&InferenceStudy::m_skew,
                       "the clocks' offsets are uniform in [-E/2, E/2] "
                       "(ClockHelper::SetUniformPopulation)",
                       MilliSeconds(1), // the scenario: the thesis' 1 ms
                       C::In(Time::US))
            .Renamed("Skew", "SkewBound")
            .Parameter("DriftPpm",
                       "Clock drift, uniform in [-DriftPpm, DriftPpm]",
                       &InferenceStudy::m_driftPpm,
                       50.0,
                       MakeDoubleRangeChecker(0, 1000, "ppm"))
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
                    true)
            .Forward<MessageLinkingAnalyzer>("Window",
                                             TimeValue(MilliSeconds(100)),
                                             C::In(Time::MS))
            .Forward<MessageLinkingAnalyzer>("Spontaneous")
            .Renamed("Y", "Spontaneous")
            .Forward<MessageLinkingAnalyzer>("TryBothBand")
            .Forward<MessageLinkingAnalyzer>("MaxTryBoth")
            .Forward<MessageLinkingAnalyzer>("DelayModel")
            .Forward<MessageLinkingAnalyzer>("Iterations")
            .Parameter("ReplyService",
                       "Mean step (exponential) of a front-end or back-end that answers after a "
                       "downstream reply; 0: the node's own service time. Different from the "
                       "service time, a child has candidate parents with different delays (the "
                       "workload where the latest-arrival rule and a delay model differ)",
                       &InferenceStudy::m_replyService,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Seconds(10)),
                       C::In(Time::US))
            .Parameter("Reconciliation",
                       "How sends are matched to receives: endpoints (the paper: per node-pair "
                       "flow, in order, no message id) or id (the simulator's global message id)",
                       &InferenceStudy::m_reconcile,
                       std::string("endpoints"),
                       MakeStringChoiceChecker({"endpoints", "id"}))
            .Parameter("Segments",
                       "Offset-and-rate clock estimator: segments per node pair, each giving one "
                       "offset sample of the least-squares line",
                       &InferenceStudy::m_segments,
                       8,
                       MakeUintegerRangeChecker(2, 100000))
            .Parameter("FixedPortPeers",
                       "Client aggregation: distinct remote endpoints that make a (node, port) "
                       "fixed, i.e. a server's (each client uses its own port)",
                       &InferenceStudy::m_fixedPortPeers,
                       2,
                       MakeUintegerRangeChecker(2, 1000000000))
            .Seed()
            .Run()
            .Topology()
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
                    .Real("latest_link_precision",
                          "",
                          "latest-arrival baseline: latest candidate within x, never "
                          "spontaneous")
                    .Real("latest_link_recall", "", "latest-arrival baseline")
                    .Real("latest_decision_accuracy", "", "latest-arrival baseline")
                    .Real("latest_map_pattern_recall",
                          "",
                          "latest-arrival baseline: its one path per root vs true counts")
                    .Real("latest_map_pattern_precision", "", "latest-arrival baseline")
                    .Real("rule_disagreement",
                          "",
                          "share of decisions where WAP5's most likely choice is not the rule's "
                          "(latest arrival within y*d, else spontaneous)")
                    .Real("rule_disagreement_wap5_right",
                          "",
                          "of those, the share WAP5 gets right (0 if none)")
                    .Real("rule_disagreement_rule_right",
                          "",
                          "of those, the share the rule gets right (0 if none)")
                    .Real("nesting_link_precision",
                          "",
                          "the paper's nesting baseline (sec. 5.3: one timestamp per message, "
                          "guessed call pairs)")
                    .Real("nesting_link_recall", "", "nesting baseline")
                    .Real("nesting_decision_accuracy", "", "nesting baseline")
                    .Real("nesting_map_pattern_recall", "", "nesting baseline")
                    .Real("nesting_map_pattern_precision", "", "nesting baseline")
                    .Real("log_loss", "", "WAP5: mean -ln p(true choice)")
                    .Real("brier", "", "WAP5: multi-class Brier score (0 best, 2 worst)")
                    .Real("ece", "", "WAP5: expected calibration error, every option")
                    .Real("top_label_ece", "", "WAP5: calibration error of the most likely option")
                    .Real("uniform_log_loss",
                          "",
                          "uniform baseline: equal probability over WAP5's options")
                    .Real("uniform_brier", "", "uniform baseline")
                    .Real("uniform_ece", "", "uniform baseline")
                    .Real("rate_network_delay_error_us",
                          "us",
                          "mean |corrected - true| one-way delay, offset-and-rate estimator")
                    .Real("network_delay_error_max_us",
                          "us",
                          "largest |corrected - true| one-way delay, constant offset")
                    .Real("rate_network_delay_error_max_us",
                          "us",
                          "largest |corrected - true| one-way delay, offset and rate")
                    .Real("client_classification_accuracy",
                          "",
                          "nodes the port rule calls client or server correctly (clients: the "
                          "request sources)")
                    .Unsigned("aggregated_true_patterns",
                              "",
                              "distinct true patterns after client aggregation")
                    .Real("aggregated_map_pattern_recall",
                          "",
                          "WAP5's MAP patterns vs the truth, clients aggregated (the paper's "
                          "output)")
                    .Real("latest_aggregated_map_pattern_recall",
                          "",
                          "latest-arrival baseline, clients aggregated")
                    .Real("nesting_aggregated_map_pattern_recall",
                          "",
                          "nesting baseline, clients aggregated")
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
    // The linker's settings are the analyzer's Attributes, forwarded into the study.
    Ptr<MessageLinkingAnalyzer> analyzer = CreateObject<MessageLinkingAnalyzer>();
    ApplyForwarded(analyzer);
    return analyzer->GetConfig();
}

void
InferenceStudy::Validate() const
{
    if (Forwarded<UintegerValue>("FanOut") > m_backends)
    {
        Refuse({"FanOut", "Backends"},
               Describe("FanOut") + " is invalid; valid: at most " + Describe("Backends"));
    }
    Linking().Validate();
}

void
InferenceStudy::DoDispose()
{
    m_log = nullptr;
    m_causeOf.clear();
    m_ports.clear();
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
    const uint32_t n = m_n;
    NodeContainer nodes;
    nodes.Create(n);
    StudyLan lan = InstallStudyLan(nodes, "1Gbps", m_delay, "10.0.0.0", "255.0.0.0", GetTopology());
    const Ipv4InterfaceContainer& interfaces = lan.interfaces;

    ClockHelper clocks;
    auto [offset, drift] = clocks.SetUniformPopulation(m_skew, m_driftPpm);
    streams.Assign(offset, 2000001);
    if (drift)
    {
        streams.Assign(drift, 2000002);
    }
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
        auto app = CreateObjectWithAttributes<ReplayWorkloadApplication>(
            "MessageRate",
            DoubleValue(m_rate),
            "Poisson",
            BooleanValue(Forwarded<BooleanValue>("Poisson")));
        app->SetPeers(everyone, i);
        next = streams.Assign(next, [&](int64_t s) { return app->AssignStreams(s); });
        app->SetStartTime(Time(0));
        app->SetStopTime(m_duration);
        nodes.Get(i)->AddApplication(app);
    }
    if (m_workload == "multitier")
    {
        next = InstallMultiTier(nodes, streams, next, causedSink);
    }
    // Messages without an application cause (e.g. ICMP errors) would have no
    // truth; the workload keeps every socket open so none arise.
    return m_duration + Seconds(1);
}

int64_t
InferenceStudy::InstallMultiTier(NodeContainer& nodes,
                                 StudyStreams& streams,
                                 int64_t next,
                                 Callback<void, uint64_t, uint64_t> causedSink)
{
    const uint32_t lookupNode = m_lookupNode;
    const uint32_t n = m_n;
    MultiTierHelper tiers;
    tiers.SetAttribute("RequestRate", DoubleValue(m_rate));
    for (const auto& [attribute, value] : GetForwarded("ns3::MultiTierApplication"))
    {
        tiers.SetAttribute(attribute, *value); // Poisson, FanOut, LookupProbability
    }
    tiers.SetAttribute("LastRequest", TimeValue(m_duration));
    auto service = [](Time mean) {
        return StringValue(
            "ns3::ExponentialRandomVariable[Mean=" + std::to_string(mean.GetSeconds()) + "]");
    };
    tiers.SetRoleAttribute(MultiTierApplication::FRONT_END,
                           "ServiceTime",
                           service(m_frontEndService));
    tiers.SetRoleAttribute(MultiTierApplication::BACKEND, "ServiceTime", service(m_backendService));
    if (m_replyService.IsStrictlyPositive())
    {
        tiers.SetRoleAttribute(MultiTierApplication::FRONT_END,
                               "ReplyServiceTime",
                               service(m_replyService));
        tiers.SetRoleAttribute(MultiTierApplication::BACKEND,
                               "ReplyServiceTime",
                               service(m_replyService));
    }
    tiers.SetRoleAttribute(MultiTierApplication::LOOKUP, "ServiceTime", service(m_lookupService));
    tiers.SetRoleAttribute(MultiTierApplication::CLIENT, "ServiceTime", service(m_lookupService));
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
    next = streams.Assign(next,
                          [&](int64_t s) { return MultiTierHelper::AssignStreams(installed, s); });
    installed.Start(Time(0));
    installed.Stop(m_duration + Seconds(1));
    // Each client calls from a port of its own (as a client's ephemeral port
    // would be); the servers listen on one port each, so the paper's port rule
    // can tell them apart.
    for (uint32_t c = lookupNode + 1; c < n; ++c)
    {
        nodes.Get(c)->GetApplication(0)->SetAttribute("Port",
                                                      UintegerValue(7001 + (c - lookupNode - 1)));
    }
    auto onPorts = [this](uint64_t id, uint16_t from, uint16_t to) { m_ports[id] = {from, to}; };
    auto portsSink = Callback<void, uint64_t, uint16_t, uint16_t>(onPorts);
    for (uint32_t i = 0; i < installed.GetN(); ++i)
    {
        auto app = DynamicCast<MultiTierApplication>(installed.Get(i));
        app->TraceConnectWithoutContext("Ports", portsSink);
        app->TraceConnectWithoutContext("Caused", causedSink);
        m_apps.push_back(app);
    }
    return next;
}

void
InferenceStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    // Read-out: what the run left in the applications and the causality log, and the truth.
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
    ReconciledTrace trace = m_reconcile == "id" ? ReconcileTrace(events, traced)
                                                : ReconcileTraceByEndpoints(events, traced);
    std::vector<int64_t> parent = TrueParents(trace, m_causeOf);
    // The ports a capture at either end would see (the causality log has none).
    for (auto& m : trace.messages)
    {
        auto it = m_ports.find(m.id);
        if (it != m_ports.end())
        {
            m.senderPort = it->second.first;
            m.receiverPort = it->second.second;
        }
    }
    r.Set("messages", trace.messages.size());
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        NS_LOG_DEBUG("message " << k << " id " << trace.messages[k].id << " "
                                << trace.messages[k].sender << "->" << trace.messages[k].receiver
                                << " true " << trace.trueSend[k].As(Time::MS) << " -> "
                                << trace.trueRecv[k].As(Time::MS) << " parent " << parent[k]);
    }

    // Scoring (no simulator needed): against the true causes and roles.
    std::vector<bool> isClient(m_n, false);
    for (uint32_t i = 0; i < m_n; ++i)
    {
        isClient[i] = m_workload == "multitier" && i > m_lookupNode;
    }
    InferenceStudyScoring(Linking(), m_segments, m_fixedPortPeers)
        .Score(trace, events, parent, isClient, r);
}

} // namespace ns3
