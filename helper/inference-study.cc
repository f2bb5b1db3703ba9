/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "inference-study.h"

#include "causality-helper.h"
#include "clock-helper.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/multi-tier-application.h"
#include "ns3/multi-tier-helper.h"
#include "ns3/replay-checker.h"
#include "ns3/replay-workload-application.h"
#include "ns3/study-lan.h"
#include "ns3/trace-reconciliation.h"

#include <chrono>
#include <cmath>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceStudy");

void
InferenceStudyParams::Validate() const
{
    chronometry::RequireDoubleInRange("InferenceStudy: clients", clients, 1, 256, "");
    chronometry::RequireDoubleInRange("InferenceStudy: backends", backends, 1, 64, "");
    chronometry::RequireDoubleInRange("InferenceStudy: fanOut", fanOut, 1, backends, "");
    chronometry::RequireDoubleInRange("InferenceStudy: lookupProbability",
                                      lookupProbability,
                                      0,
                                      1,
                                      "");
    chronometry::RequireDoubleInRange("InferenceStudy: rate (alpha)", rate, 0, 1e5, "/s", false);
    chronometry::RequireTimeInRange("InferenceStudy: skew (E)", skew, Time(0), Seconds(100));
    chronometry::RequireDoubleInRange("InferenceStudy: driftPpm", driftPpm, 0, 1000, "ppm");
    chronometry::RequireTimeInRange("InferenceStudy: delay (delta)", delay, Time(0), Seconds(1));
    chronometry::RequireTimeInRange("InferenceStudy: frontEndService",
                                    frontEndService,
                                    Time::From(1),
                                    Seconds(10));
    chronometry::RequireTimeInRange("InferenceStudy: backendService",
                                    backendService,
                                    Time::From(1),
                                    Seconds(10));
    chronometry::RequireTimeInRange("InferenceStudy: lookupService",
                                    lookupService,
                                    Time::From(1),
                                    Seconds(10));
    chronometry::RequireTimeInRange("InferenceStudy: duration",
                                    duration,
                                    MilliSeconds(1),
                                    Seconds(3600));
    chronometry::RequireDoubleInRange("InferenceStudy: run", static_cast<double>(run), 1, 1e18, "");
    if (workload != "multitier" && workload != "gossip")
    {
        chronometry::ReportConfigError("InferenceStudy: workload = '" + workload +
                                       "' is invalid; valid values: multitier, gossip");
    }
    linking.Validate();
}

LinkingConfig
InferenceStudyParams::DefaultLinking()
{
    LinkingConfig c;
    c.window = MilliSeconds(100);
    return c;
}

InferenceStudyResult
InferenceStudy::Run(const InferenceStudyParams& params)
{
    std::vector<PathPattern> patterns;
    std::vector<PathPattern> truth;
    return Run(params, patterns, truth);
}

InferenceStudyResult
InferenceStudy::Run(const InferenceStudyParams& params,
                    std::vector<PathPattern>& patterns,
                    std::vector<PathPattern>& truthPatterns)
{
    params.Validate();
    auto start = std::chrono::steady_clock::now();
    RngSeedManager::SetRun(params.run);

    // Nodes: 0 front-end, 1..B back-ends, B+1 lookup, then the clients.
    const uint32_t lookupNode = params.backends + 1;
    const uint32_t n = params.backends + 2 + params.clients;
    NodeContainer nodes;
    nodes.Create(n);
    StudyLan lan = InstallStudyLan(nodes, "1Gbps", params.delay, "10.0.0.0", "255.0.0.0");
    const Ipv4InterfaceContainer& interfaces = lan.interfaces;

    ClockHelper clocks;
    auto offset = CreateObject<UniformRandomVariable>();
    offset->SetAttribute("Min", DoubleValue(-params.skew.GetNanoSeconds() / 2.0));
    offset->SetAttribute("Max", DoubleValue(params.skew.GetNanoSeconds() / 2.0));
    auto drift = CreateObject<UniformRandomVariable>();
    drift->SetAttribute("Min", DoubleValue(-params.driftPpm));
    drift->SetAttribute("Max", DoubleValue(params.driftPpm));
    offset->SetStream(2000001);
    drift->SetStream(2000002);
    clocks.SetOffset(offset);
    clocks.SetDrift(drift);
    clocks.Install(nodes);
    int64_t stream = 1;
    stream += clocks.AssignStreams(nodes, stream);
    stream += lan.AssignStreams(stream);

    CausalityHelper causality;
    causality.SetStamperAttribute("Hlc", BooleanValue(false));
    causality.SetStamperAttribute("Hvc", BooleanValue(false));
    causality.SetStamperAttribute("RepCl", BooleanValue(false));
    Ptr<CausalityLog> log = causality.Install(nodes);

    std::map<uint64_t, uint64_t> causeOf;
    auto onCaused = [&causeOf](uint64_t id, uint64_t cause) { causeOf[id] = cause; };
    auto causedSink = Callback<void, uint64_t, uint64_t>(onCaused);
    std::vector<Ptr<MultiTierApplication>> apps;
    std::vector<Ipv4Address> everyone;
    for (uint32_t i = 0; i < n; ++i)
    {
        everyone.push_back(interfaces.GetAddress(i));
    }
    for (uint32_t i = 0; i < n && params.workload == "gossip"; ++i)
    {
        // Every message spontaneous: the truth has no causes at all.
        auto app =
            CreateObjectWithAttributes<ReplayWorkloadApplication>("MessageRate",
                                                                  DoubleValue(params.rate),
                                                                  "Poisson",
                                                                  BooleanValue(params.poisson));
        app->SetPeers(everyone, i);
        stream += app->AssignStreams(stream);
        app->SetStartTime(Time(0));
        app->SetStopTime(params.duration);
        nodes.Get(i)->AddApplication(app);
    }
    if (params.workload == "multitier")
    {
        MultiTierHelper tiers;
        tiers.SetAttribute("RequestRate", DoubleValue(params.rate));
        tiers.SetAttribute("Poisson", BooleanValue(params.poisson));
        tiers.SetAttribute("FanOut", UintegerValue(params.fanOut));
        tiers.SetAttribute("LookupProbability", DoubleValue(params.lookupProbability));
        tiers.SetAttribute("LastRequest", TimeValue(params.duration));
        auto service = [](Time mean) {
            return StringValue(
                "ns3::ExponentialRandomVariable[Mean=" + std::to_string(mean.GetSeconds()) + "]");
        };
        tiers.SetRoleAttribute(MultiTierApplication::FRONT_END,
                               "ServiceTime",
                               service(params.frontEndService));
        tiers.SetRoleAttribute(MultiTierApplication::BACKEND,
                               "ServiceTime",
                               service(params.backendService));
        tiers.SetRoleAttribute(MultiTierApplication::LOOKUP,
                               "ServiceTime",
                               service(params.lookupService));
        tiers.SetRoleAttribute(MultiTierApplication::CLIENT,
                               "ServiceTime",
                               service(params.lookupService));
        NodeContainer backendNodes;
        for (uint32_t b = 1; b <= params.backends; ++b)
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
        stream += MultiTierHelper::AssignStreams(installed, stream);
        installed.Start(Time(0));
        installed.Stop(params.duration + Seconds(1));
        for (uint32_t i = 0; i < installed.GetN(); ++i)
        {
            auto app = DynamicCast<MultiTierApplication>(installed.Get(i));
            app->TraceConnectWithoutContext("Caused", causedSink);
            apps.push_back(app);
        }
    }
    Simulator::Stop(params.duration + Seconds(1));
    // Messages without an application cause (e.g. ICMP errors) would have no
    // truth; the workload keeps every socket open so none arise.
    Simulator::Run();

    InferenceStudyResult r;
    r.params = params;
    for (uint32_t i = lookupNode + 1; i < apps.size(); ++i)
    {
        r.requests += apps[i]->GetCompleted();
    }
    const auto& events = log->GetEvents();
    std::vector<bool> traced(n, true);
    traced[lookupNode] = params.traceLookup || params.workload == "gossip";
    ReconciledTrace trace = ReconcileTrace(events, traced);
    std::vector<int64_t> parent = TrueParents(trace, causeOf);
    r.messages = trace.messages.size();
    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        NS_LOG_DEBUG("message " << k << " id " << trace.messages[k].id << " "
                                << trace.messages[k].sender << "->" << trace.messages[k].receiver
                                << " true " << trace.trueSend[k].As(Time::MS) << " -> "
                                << trace.trueRecv[k].As(Time::MS) << " parent " << parent[k]);
    }

    auto linkStart = std::chrono::steady_clock::now();
    MessageLinker linker(params.linking);
    LinkingResult result = linker.Analyze(trace.messages);
    r.linkSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - linkStart).count();

    for (std::size_t k = 0; k < trace.messages.size(); ++k)
    {
        if (result.links[k].mostLikely != parent[k])
        {
            const auto& m = trace.messages[k];
            NS_LOG_DEBUG("wrong choice for " << k << " " << m.sender << "->" << m.receiver << " at "
                                             << trace.trueSend[k].As(Time::MS) << ": most likely "
                                             << result.links[k].mostLikely << ", true " << parent[k]
                                             << ", candidates " << result.links[k].parents.size());
        }
    }
    LinkScore ls = ScoreLinks(result, parent);
    r.trueLinks = ls.trueLinks;
    r.linkPrecision = ls.precision;
    r.linkRecall = ls.recall;
    r.decisionAccuracy = ls.decisionAccuracy;
    r.meanTrueProbability = ls.meanTrueProbability;
    truthPatterns = TruePatterns(trace.messages, parent, result.clockOffset);
    PatternScore ps = ScorePatterns(result.patterns, truthPatterns);
    PatternScore pm = ScorePatterns(result.patterns, truthPatterns, true);
    r.patternPrecision = ps.precision;
    r.patternRecall = ps.recall;
    r.mapPatternPrecision = pm.precision;
    r.mapPatternRecall = pm.recall;
    r.truePatterns = ps.truePatterns;
    r.inferredPatterns = ps.inferredPatterns;
    r.patternNodeDelayError = PatternNodeDelayError(result.patterns, truthPatterns);
    r.linkNodeDelayError = ScoreNodeDelays(trace.messages, result, parent).meanRelativeError;

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
        auto it = result.clockOffset.find({a, b});
        if (it != result.clockOffset.end())
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
    r.networkDelayErrorUs = netCount ? netErr / netCount / 1e3 : 0;
    r.rawNetworkDelayErrorUs = netCount ? rawErr / netCount / 1e3 : 0;
    double offErr = 0;
    uint64_t offCount = 0;
    for (const auto& [key, est] : result.clockOffset)
    {
        auto it = trueOffset.find(key);
        if (it != trueOffset.end())
        {
            offErr += std::abs(est.GetNanoSeconds() - it->second.first / it->second.second);
            offCount++;
        }
    }
    r.offsetErrorUs = offCount ? offErr / offCount / 1e3 : 0;

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
        for (const auto& link : result.links[k].parents)
        {
            int64_t e = trace.recvEvent[link.parent];
            if (e >= 0 && ReplayChecker::HappenedBefore(events[e], send))
            {
                candidates += 1;
            }
        }
    }
    r.vcHbRecall = caused ? double(hb) / caused : 0;
    r.vcCandidates = caused ? candidates / caused : 0;
    patterns = result.patterns;
    Simulator::Destroy();
    r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string
InferenceStudyResult::CsvHeader()
{
    return "workload,clients,backends,fan_out,lookup_probability,rate,poisson,skew_us,drift_ppm,"
           "delay_us,"
           "fe_service_us,be_service_us,lookup_service_us,duration_s,trace_lookup,window_ms,y,"
           "try_both_band,max_try_both,run,messages,requests,true_links,link_precision,"
           "link_recall,decision_accuracy,mean_true_probability,pattern_precision,"
           "pattern_recall,map_pattern_precision,map_pattern_recall,true_patterns,"
           "inferred_patterns,pattern_node_delay_error,link_node_delay_error,"
           "network_delay_error_us,raw_network_delay_error_us,offset_error_us,vc_hb_recall,"
           "vc_candidates,link_s,wall_s";
}

std::string
InferenceStudyResult::ToCsvRow() const
{
    const auto& p = params;
    std::ostringstream os;
    os << p.workload << "," << p.clients << "," << p.backends << "," << p.fanOut << ","
       << p.lookupProbability << "," << p.rate << "," << (p.poisson ? 1 : 0) << ","
       << p.skew.GetNanoSeconds() / 1e3 << "," << p.driftPpm << ","
       << p.delay.GetNanoSeconds() / 1e3 << "," << p.frontEndService.GetNanoSeconds() / 1e3 << ","
       << p.backendService.GetNanoSeconds() / 1e3 << "," << p.lookupService.GetNanoSeconds() / 1e3
       << "," << p.duration.GetSeconds() << "," << (p.traceLookup ? 1 : 0) << ","
       << p.linking.window.GetNanoSeconds() / 1e6 << "," << p.linking.spontaneous << ","
       << p.linking.tryBothBand << "," << p.linking.maxTryBoth << "," << p.run << "," << messages
       << "," << requests << "," << trueLinks << "," << linkPrecision << "," << linkRecall << ","
       << decisionAccuracy << "," << meanTrueProbability << "," << patternPrecision << ","
       << patternRecall << "," << mapPatternPrecision << "," << mapPatternRecall << ","
       << truePatterns << "," << inferredPatterns << "," << patternNodeDelayError << ","
       << linkNodeDelayError << "," << networkDelayErrorUs << "," << rawNetworkDelayErrorUs << ","
       << offsetErrorUs << "," << vcHbRecall << "," << vcCandidates << "," << linkSeconds << ","
       << wallSeconds;
    return os.str();
}

} // namespace ns3
