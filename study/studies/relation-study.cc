/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The MinRTT relation study: three pipeline nodes A (reference), B, C and a background node D,
// each on its own point-to-point link to a router. MinRTT windows run before ("pre") and after
// ("post") the workload and twice during it ("busy1", "busy2"). NTP: A, B and C poll a time
// server on D (the paper's global clock); an NTP duration is the difference of two synchronized
// timestamps, with the sum of their bounds. Every bound is scored against the true duration.

#include "relation-study.h"

#include "relation-study-scoring.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/pipeline-application.h"
#include "ns3/point-to-point-module.h"
#include "ns3/random-walk-oscillator.h"
#include "ns3/relation-helper.h"
#include "ns3/relation-noise-helper.h"
#include "ns3/simulated-tsc.h"
#include "ns3/stall-mixture-random-variable.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"
#include "ns3/study.h"
#include "ns3/tsc-client-application.h"
#include "ns3/tsc-relation.h"
#include "ns3/tsc-server-application.h"

#include <cmath>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationStudy");

using namespace relation;

NS_OBJECT_ENSURE_REGISTERED(RelationStudy);

void
RelationStudy::OnEvent(StudyState* s, uint32_t tuple, uint8_t kind, uint64_t tsc, Time at)
{
    TupleRecord& r = s->tuples[tuple];
    r.tsc[kind] = tsc;
    r.at[kind] = at;
    r.has[kind] = true;
    if (kind == PipelineApplication::EMIT && s->clientA->GetNtp())
    {
        r.ntpA = true;
        r.ntpAtA = s->clientA->GetNtp()->ToServer(s->tscA->TicksToDuration(tsc));
    }
    if (kind == PipelineApplication::RELAY_IN && s->clientB->GetNtp())
    {
        r.ntpB = true;
        r.ntpAtB = s->clientB->GetNtp()->ToServer(s->tscB->TicksToDuration(tsc));
    }
    if (kind == PipelineApplication::SINK_IN && s->clientC->GetNtp())
    {
        r.ntpC = true;
        r.ntpAtC = s->clientC->GetNtp()->ToServer(s->tscC->TicksToDuration(tsc));
    }
}

TypeId
RelationStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeStringChoiceChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<RelationStudy>(
            "ns3::RelationStudy",
            "relation",
            "MinRTT TSC relation (CP, CP_BUSY, CP_MULTI, CP_BASELINE) vs NTP and return-trip "
            "bounds on a three-stage pipeline, every duration scored against the truth")
            .Parameter("DriftPpm",
                       "Per-node TSC drift, uniform in [-DriftPpm, DriftPpm]",
                       &RelationStudy::m_driftPpm,
                       20.0,
                       MakeDoubleRangeChecker(0, 500, "ppm"))
            .Parameter("Asymmetry",
                       "Extra one-way delay into B and C (ingress)",
                       &RelationStudy::m_asymmetry,
                       MicroSeconds(100),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(100)),
                       C::In(Time::US))
            .Parameter("Load",
                       "Background on-fraction into A, B and C (on/off UDP at line rate from D, "
                       "during LoadSpan)",
                       &RelationStudy::m_load,
                       0.7,
                       MakeDoubleRangeChecker(0, 0.98))
            .Parameter("LoadSpan",
                       "When the background load runs: run (from the start to the end, so it "
                       "overlaps every probe window, pre and post included) or workload (the "
                       "busy phase only: the pre and post windows CP uses stay quiet)",
                       &RelationStudy::m_loadSpan,
                       std::string("run"),
                       MakeStringChoiceChecker({"run", "workload"}))
            .Forward<TscServerApplication>("Rounds")
            .Parameter("BusyRounds",
                       "MinRTT rounds per pair in the busy windows",
                       &RelationStudy::m_busyRounds,
                       20,
                       MakeUintegerRangeChecker(1, 10000))
            .Parameter("TupleInterval",
                       "Pipeline tuple interval",
                       &RelationStudy::m_tupleInterval,
                       MilliSeconds(5),
                       MakeTimeRangeChecker(MicroSeconds(100), Seconds(1)))
            .Parameter("Workload",
                       "Workload (busy phase) length",
                       &RelationStudy::m_workload,
                       Seconds(4),
                       MakeTimeRangeChecker(Seconds(2), Seconds(600)))
            .Parameter("NtpPoll",
                       "NTP poll interval",
                       &RelationStudy::m_ntpPoll,
                       Seconds(1),
                       MakeTimeRangeChecker(MilliSeconds(10), Seconds(3600)))
            .Parameter("NtpMaxSkewPpm",
                       "NTP's (and the return trip's) bound phi on the rate difference of two "
                       "clocks; 0 = from BoundSource",
                       &RelationStudy::m_ntpMaxSkewPpm,
                       0.0,
                       MakeDoubleRangeChecker(0, 1e4, "ppm"))
            .Parameter("LinkMbps",
                       "Access link rate",
                       &RelationStudy::m_linkMbps,
                       10.0,
                       MakeDoubleRangeChecker(0.1, 1e5, "Mb/s"))
            .Parameter("LinkDelay",
                       "Access link delay",
                       &RelationStudy::m_linkDelay,
                       MicroSeconds(50),
                       MakeTimeRangeChecker(Time(0), Seconds(1)))
            .Forward<TscClientApplication>("ResponseJitter")
            .Parameter("BootBase",
                       "Added to every TSC's boot value (uniform in [0, 2^40) ticks): the "
                       "counters' uptime before the run (2^62 ticks: 49 years at 3 GHz)",
                       &RelationStudy::m_bootBase,
                       uint64_t{0},
                       MakeUintegerRangeChecker(0, uint64_t{1} << 63, "ticks"))
            .Parameter("NoiseModel",
                       "Probe noise: none (the links, Load and Asymmetry only); host "
                       "(heavy-tailed host delays: log-normal service times, median 20 us, "
                       "sigma 1, plus 1% VM stalls of 1-5 ms, at every responder and "
                       "receiver); route (C's uplink 4x slower than its downlink, and mid-workload "
                       "+200 us each way and the uplink 10x slower); all (host and route)",
                       &RelationStudy::m_noise,
                       std::string("none"),
                       MakeStringChoiceChecker({"none", "host", "route", "all"}))
            .Parameter("TscModel",
                       "TSC oscillators: constant (drift only), step (C's drift steps once, by a "
                       "size uniform in [DriftStepMinPpm, DriftStepPpm] of random sign, at a time "
                       "uniform in [DriftStepFrom, DriftStepTo] of the workload) or walk (every "
                       "TSC's drift is a random walk of WalkSpreadPpm per sqrt(s))",
                       &RelationStudy::m_tscModel,
                       std::string("constant"),
                       MakeStringChoiceChecker({"constant", "step", "walk"}))
            .Parameter("DriftStepPpm",
                       "Largest |drift step| of C's TSC (TscModel step)",
                       &RelationStudy::m_stepPpm,
                       1.0,
                       MakeDoubleRangeChecker(0, 100, "ppm"))
            .Parameter("DriftStepMinPpm",
                       "Smallest |drift step| of C's TSC (TscModel step; at most DriftStepPpm)",
                       &RelationStudy::m_stepMinPpm,
                       0.0,
                       MakeDoubleRangeChecker(0, 100, "ppm"))
            .Parameter("DriftStepFrom",
                       "Earliest drift step, as a fraction of the workload (TscModel step)",
                       &RelationStudy::m_stepFrom,
                       0.0,
                       MakeDoubleRangeChecker(0, 1))
            .Parameter("DriftStepTo",
                       "Latest drift step, as a fraction of the workload (TscModel step; at "
                       "least DriftStepFrom)",
                       &RelationStudy::m_stepTo,
                       1.0,
                       MakeDoubleRangeChecker(0, 1))
            .Parameter("WalkSpreadPpm",
                       "Random-walk spread of every TSC's drift (TscModel walk), per sqrt(s)",
                       &RelationStudy::m_walkSpreadPpm,
                       0.1,
                       MakeDoubleRangeChecker(0, 100, "ppm"))
            .Switch("WanderTerm",
                    "Add the drift-wander term (DriftWander: J and the walk's sigma from "
                    "BoundSource) to the CP, CP_BUSY, CP_MULTI and CP_BASELINE bounds, and J to "
                    "the NTP bound",
                    &RelationStudy::m_wanderTerm,
                    false)
            .Parameter(
                "BoundSource",
                "Where the wander term's J and sigma and NTP's phi come from: class (the "
                "OscillatorClass datasheet: J = 4 T for a pair, T its tolerance; sigma "
                "from its random-walk FM; phi = 2 T), half or double (the class values "
                "misspecified), measured (CP's J per pair from the spread of the ratios "
                "of its own windows; NTP's phi and J from the class) or oracle-bound "
                "(the injected step, walk and drift: a bound, not a method)",
                &RelationStudy::m_boundSource,
                std::string("class"),
                MakeStringChoiceChecker({"class", "measured", "half", "double", "oracle-bound"}))
            .Parameter("OscillatorClass",
                       "The TSCs' datasheet class for BoundSource class, half, double and "
                       "measured (PowerLawOscillator presets: XO +-50 ppm, TCXO +-2 ppm, OCXO "
                       "+-0.05 ppm)",
                       &RelationStudy::m_oscClass,
                       std::string("XO"),
                       MakeStringChoiceChecker({"XO", "TCXO", "OCXO"}))
            .Switch("Extrapolate",
                    "CP's second quiet window (post) runs 500 ms after the first (pre), before "
                    "the workload, instead of after it: every tuple is then translated outside "
                    "the window, where the paper's e is no bound and the rigorous bound grows "
                    "with the distance (the busy windows do not move)",
                    &RelationStudy::m_extrapolate,
                    false)
            .Switch("BothDirections",
                    "CP_MULTI also fits the rounds the peer initiated (the server probes every "
                    "ordered pair)",
                    &RelationStudy::m_bothDirections,
                    false)
            .Parameter("NtpHops",
                       "Extra routers between the pipeline's router and the NTP server D "
                       "(each link 10x LinkMbps, LinkDelay; D's background load crosses them)",
                       &RelationStudy::m_ntpHops,
                       0,
                       MakeUintegerRangeChecker(0, 16, "routers"))
            .Forward<TscClientApplication>("NtpFilter")
            .Seed()
            .Run()
            .CsvPrecision(10)
            .Summary(StudySchema()
                         .Unsigned("tuples", "", "tuples that completed with all events")
                         .Unsigned("malformed", "", "malformed packets dropped by the apps")
                         .Unsigned("affine_refuted",
                                   "",
                                   "pairs (of A-B, A-C, B-C) whose multi-round fit refuted the "
                                   "affine model; their CP_MULTI durations are not estimated")
                         .Real("step_drawn_ppm",
                               "ppm",
                               "C's drift step drawn for this run (truth; TscModel step)")
                         .Real("step_drawn_at_s", "s", "when it happened (truth)")
                         .Real("wander_j_ac_ppm",
                               "ppm",
                               "the J of the A-C pair's CP wander term (0 without WanderTerm)")
                         .Real("phi_ppm", "ppm", "NTP's phi")
                         .Text("inputs",
                               "where J, sigma and phi came from: measured, class <C>, half "
                               "<C>, double <C> or oracle (bound)"))
            .Rows("methods",
                  StudySchema()
                      .Text("method", "CP, CP_BUSY, CP_MULTI, ReT, NTP, CP_BASELINE")
                      .Key()
                      .Text("path",
                            "the duration measured: A->C (scenario 2), B->C (scenario 3), B "
                            "(scenario 1)")
                      .Key()
                      .Unsigned("n", "", "durations measured")
                      .Unsigned("covered", "", "durations with |error| <= bound")
                      .Unsigned("paper_covered",
                                "",
                                "|error| <= the paper's bound (CP methods), else = covered")
                      .Real("mean_bound_us", "us", "mean reported bound")
                      .Real("max_bound_us", "us", "largest reported bound")
                      .Real("mean_abs_error_us", "us", "mean |error| against the true duration")
                      .Real("max_abs_error_us", "us", "largest |error|")
                      .Real("min_rtt_quiet_us", "us", "A->C MinRTT in the pre window (per run)")
                      .Real("min_rtt_busy_us", "us", "A->C MinRTT in the first busy window")
                      .Real("mean_latency_us", "us", "true A->C latency, mean (per run)")
                      .Real("half_min_rtt_us",
                            "us",
                            "half the smallest probe RTT of the pair the duration ends on "
                            "(A-C, B-C, A-B), all windows, at the initiator's nominal rate")
                      .Real("bound_ratio",
                            "",
                            "mean_bound_us / half_min_rtt_us: against the probes' own minimum, "
                            "so about 1 for CP by construction")
                      .Real("half_true_min_rtt_us",
                            "us",
                            "half the true minimum RTT of the pair's network path: the smallest "
                            "IP-to-IP one-way delay of any packet from one node to the other, "
                            "plus the smallest back, in true time, over every packet of the run "
                            "(from the simulator; no estimator sees it)")
                      .Real("bound_ratio_true_path",
                            "",
                            "mean_bound_us / half_true_min_rtt_us: the bound against the path's "
                            "physical half RTT (host delays, response jitter and the ingress "
                            "delay are the hosts', not the path's)"),
                  true);
    return tid;
}

void
RelationStudy::DoDispose()
{
    m_state = StudyState();
    m_tscs.clear();
    m_clients.clear();
    m_ntpServer = nullptr;
    m_server = nullptr;
    m_stages.clear();
    m_hosts.clear();
    m_path = PathState();
    Study::DoDispose();
}

Time
RelationStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    const Time workStart = Seconds(1);
    const Time workEnd = workStart + m_workload;
    const Time stop = workEnd + Seconds(3);
    DrawStep(streams, workStart);
    // the largest |drift| a TSC reaches (the oracle's phi only): its draw plus the step, or 8
    // sigmas of the walk
    const double walkReach =
        m_tscModel == "walk" ? 8 * m_walkSpreadPpm * std::sqrt(stop.GetSeconds()) : 0.0;
    ChooseBoundInputs(m_driftPpm + std::abs(m_stepDrawn) + walkReach);

    // A B C R D
    NodeContainer nodes;
    nodes.Create(5);
    std::vector<Ipv4Address> addr(5);
    std::vector<NetDeviceContainer> links(5);
    InstallNetwork(nodes, addr, links);

    NodeContainer pipeline(nodes.Get(0), nodes.Get(1), nodes.Get(2));
    NodeContainer timed(pipeline, NodeContainer(nodes.Get(4))); // D: the NTP server
    const Time changeAt = workStart + m_workload / 2;           // route change (NoiseModel)
    InstallTscs(timed, streams);

    RelationHelper relationHelper;
    relationHelper.SetClientAttribute("IngressDelay", TimeValue(m_asymmetry));
    for (const auto& [attribute, value] : GetForwarded("ns3::TscClientApplication"))
    {
        relationHelper.SetClientAttribute(attribute, *value); // ResponseJitter, NtpFilter
    }
    relationHelper.SetClientAttribute("NtpPollInterval", TimeValue(m_ntpPoll));
    relationHelper.SetClientAttribute("NtpMaxSkew", DoubleValue(m_phi));
    relationHelper.SetClientAttribute("NtpWanderStep", DoubleValue(m_ntpStepPpm));
    for (const auto& [attribute, value] : GetForwarded("ns3::TscServerApplication"))
    {
        relationHelper.SetServerAttribute(attribute, *value); // Rounds
    }
    m_clients = relationHelper.InstallClients(pipeline);
    m_clients[0]->SetAttribute("IngressDelay", TimeValue(Time(0))); // A: the short side
    streams.Assign(100, [&](int64_t s) { return relationHelper.AssignStreams(m_clients, s); });
    std::vector<Ipv4Address> clientAddr(addr.begin(), addr.begin() + 3);
    for (auto& c : m_clients)
    {
        c->SetNtpServer(addr[4]);
        c->SetStartTime(MilliSeconds(10));
        c->SetStopTime(stop);
    }
    m_ntpServer = CreateObject<TscClientApplication>();
    m_ntpServer->SetAttribute("ResponseJitter", *GetForwardedValue("ResponseJitter"));
    m_ntpServer->SetNodeIndex(4);
    streams.Assign(110, [&](int64_t s) { return m_ntpServer->AssignStreams(s); });
    nodes.Get(4)->AddApplication(m_ntpServer);
    m_ntpServer->SetStartTime(Time(0));
    m_ntpServer->SetStopTime(stop);
    InstallNoise(links, streams, changeAt);
    m_server = relationHelper.InstallServer(nodes.Get(0), m_clients, clientAddr);
    m_server->AddWindow(MilliSeconds(100), "pre");
    m_server->AddWindow(workStart + MilliSeconds(100), "busy1", m_busyRounds);
    m_server->AddWindow(workStart + m_workload * 0.6, "busy2", m_busyRounds);
    // Extrapolate: both quiet windows before the workload (a window queues behind the one
    // still running), so every tuple lies beyond the second one
    m_server->AddWindow(m_extrapolate ? MilliSeconds(600) : workEnd + MilliSeconds(300), "post");
    m_server->SetStartTime(MilliSeconds(20));
    m_server->SetStopTime(stop);

    for (uint32_t i = 0; i < 3; ++i)
    {
        auto s = CreateObject<PipelineApplication>();
        s->SetAttribute("Role",
                        EnumValue(i == 0   ? PipelineApplication::SOURCE
                                  : i == 1 ? PipelineApplication::RELAY
                                           : PipelineApplication::SINK));
        s->SetAttribute("Interval", TimeValue(m_tupleInterval));
        s->SetAttribute("IngressDelay", TimeValue(i == 0 ? Time(0) : m_asymmetry));
        s->SetNext(addr[std::min(i + 1, 2u)]);
        s->SetSource(addr[0]);
        streams.Assign(200 + i, [&](int64_t x) { return s->AssignStreams(x); });
        nodes.Get(i)->AddApplication(s);
        s->SetStartTime(i == 0 ? workStart : MilliSeconds(10));
        s->SetStopTime(i == 0 ? workEnd : stop);
        m_stages.push_back(s);
    }

    if (m_loadSpan == "run")
    {
        InstallLoad(nodes, addr, streams, Time(0), stop, stop);
    }
    else
    {
        InstallLoad(nodes, addr, streams, workStart, workEnd, stop);
    }
    InstallPathMonitor(pipeline);

    m_state.clientA = m_clients[0];
    m_state.tscA = m_tscs[0];
    m_state.clientB = m_clients[1];
    m_state.clientC = m_clients[2];
    m_state.tscB = m_tscs[1];
    m_state.tscC = m_tscs[2];
    for (auto& s : m_stages)
    {
        s->TraceConnectWithoutContext("Event", MakeBoundCallback(&OnEvent, &m_state));
    }

    return stop;
}

void
RelationStudy::OnIpTx(PathState* s, uint32_t node, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    s->inFlight[packet->GetUid()] = {node, Simulator::Now()};
}

void
RelationStudy::OnIpRx(PathState* s, uint32_t node, Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    auto it = s->inFlight.find(packet->GetUid());
    if (it == s->inFlight.end())
    {
        return; // from a node that is not watched (D, a router)
    }
    const auto [from, sent] = it->second;
    s->inFlight.erase(it);
    const Time delay = Simulator::Now() - sent;
    auto [best, fresh] = s->minOneWay.emplace(std::make_pair(from, node), delay);
    if (!fresh && delay < best->second)
    {
        best->second = delay;
    }
}

void
RelationStudy::InstallPathMonitor(const NodeContainer& pipeline)
{
    // Every IP datagram one pipeline node sends to another, from its IP layer's Tx (queues,
    // transmissions and propagation follow) to the receiver's IP layer's Rx: the network path
    // only, whatever the packet (probe, tuple, return), matched by packet uid.
    m_path = PathState();
    for (uint32_t k = 0; k < pipeline.GetN(); ++k)
    {
        Ptr<Ipv4L3Protocol> ip = pipeline.Get(k)->GetObject<Ipv4L3Protocol>();
        ip->TraceConnectWithoutContext("Tx", MakeBoundCallback(&OnIpTx, &m_path, k));
        ip->TraceConnectWithoutContext("Rx", MakeBoundCallback(&OnIpRx, &m_path, k));
    }
}

void
RelationStudy::InstallNetwork(NodeContainer& nodes,
                              std::vector<Ipv4Address>& addr,
                              std::vector<NetDeviceContainer>& links)
{
    Ptr<Node> router = nodes.Get(3);
    InternetStackHelper internet;
    internet.Install(nodes);
    PointToPointHelper p2p;
    p2p.SetChannelAttribute("Delay", TimeValue(m_linkDelay));
    Ipv4AddressHelper ip("10.60.1.0", "255.255.255.0");
    for (uint32_t x : {0u, 1u, 2u, 4u})
    {
        double mbps = x == 4 ? 10 * m_linkMbps : m_linkMbps;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(mbps * 1e6)));
        // D (NTP server, background source) sits NtpHops routers behind the router
        Ptr<Node> next = router;
        if (x == 4 && m_ntpHops > 0)
        {
            NodeContainer chain;
            chain.Create(m_ntpHops);
            internet.Install(chain);
            next = chain.Get(0);
            for (uint32_t h = 0; h < m_ntpHops; ++h)
            {
                Ptr<Node> to = h + 1 < m_ntpHops ? chain.Get(h + 1) : router;
                NetDeviceContainer hop = p2p.Install(chain.Get(h), to);
                Ipv4AddressHelper hopIp(("10.61." + std::to_string(h) + ".0").c_str(),
                                        "255.255.255.0");
                hopIp.Assign(hop);
            }
        }
        NetDeviceContainer d = p2p.Install(nodes.Get(x), next);
        links[x] = d;
        Ipv4InterfaceContainer ifc = ip.Assign(d);
        addr[x] = ifc.GetAddress(0);
        ip.NewNetwork();
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
}

void
RelationStudy::InstallTscs(const NodeContainer& timed, StudyStreams& streams)
{
    TscHelper tscHelper;
    // Drift, frequency and boot value: streams 1, 2 and 3.
    auto population = tscHelper.SetUniformPopulation(m_driftPpm, 2.0e9, 3.5e9, 1099511627776.0);
    for (std::size_t k = 0; k < population.size(); ++k)
    {
        streams.Assign(population[k], 1 + static_cast<int64_t>(k));
    }
    const bool walk = m_tscModel == "walk";
    const bool step = m_tscModel == "step";
    if (walk)
    {
        tscHelper.SetOscillator("ns3::RandomWalkOscillator",
                                "Spread",
                                DoubleValue(m_walkSpreadPpm),
                                "UpdateInterval",
                                TimeValue(MilliSeconds(100)));
    }
    m_tscs = tscHelper.Install(timed);
    for (auto& tsc : m_tscs)
    {
        // an exact integer shift: every counter value moves by m_bootBase (below 2^63 + 2^40 +
        // the run's ticks: no wrap)
        tsc->SetAttribute("BootValue", UintegerValue(tsc->GetBootValue() + m_bootBase));
    }
    streams.Assign(10, [&](int64_t s) { return tscHelper.AssignStreams(timed, s); });
    if (step)
    {
        auto osc = DynamicCast<ConstantDriftOscillator>(m_tscs[2]->GetOscillator());
        NS_ABORT_MSG_IF(!osc, "RelationStudy: C's TSC has no ConstantDriftOscillator");
        const double j = m_stepDrawn;
        Simulator::Schedule(m_stepAt, [osc, j]() { osc->SetDrift(osc->GetDrift() + j); });
    }
}

void
RelationStudy::InstallNoise(const std::vector<NetDeviceContainer>& links,
                            StudyStreams& streams,
                            Time changeAt)
{
    if (m_noise == "host" || m_noise == "all")
    {
        // Heavy-tailed host delays with VM stalls at every responder and receiver (set after
        // the clients' AssignStreams, so their own streams do not move; streams from 400).
        std::vector<Ptr<TscClientApplication>> hosts(m_clients.begin(), m_clients.end());
        hosts.push_back(m_ntpServer);
        int64_t next = 400;
        for (auto& c : hosts)
        {
            for (const char* attr : {"ResponseHostDelay", "ReceiveHostDelay"})
            {
                auto m = CreateObject<StallMixtureRandomVariable>();
                m->SetAttribute("Base",
                                StringValue("ns3::LogNormalRandomVariable[Mu=-10.82|Sigma=1.0]"));
                m->SetAttribute("StallProbability", DoubleValue(0.01));
                next = streams.Assign(next, [&](int64_t x) { return m->AssignStreams(x); });
                c->SetAttribute(attr, PointerValue(m));
                m_hosts.push_back(m);
            }
        }
    }
    if (m_noise == "route" || m_noise == "all")
    {
        // C's path: C's uplink slower than its downlink from the start (4x), then a longer
        // (+200 us each way) and slower (10x) path mid-workload; the downlink, which carries
        // the pipeline and the background load, keeps its rate
        const DataRate rate(m_linkMbps * 1e6);
        RelationNoiseHelper::SetAsymmetricRates(links[2], DataRate(m_linkMbps * 1e6 / 4), rate);
        RelationNoiseHelper::ScheduleChannelDelay(links[2].Get(0)->GetChannel(),
                                                  changeAt,
                                                  m_linkDelay + MicroSeconds(200));
        RelationNoiseHelper::ScheduleDataRate(links[2].Get(0),
                                              changeAt,
                                              DataRate(m_linkMbps * 1e6 / 10));
    }
}

void
RelationStudy::InstallLoad(NodeContainer& nodes,
                           const std::vector<Ipv4Address>& addr,
                           StudyStreams& streams,
                           Time start,
                           Time end,
                           Time stop)
{
    if (m_load > 0)
    {
        const double period = 0.01;
        for (uint32_t x : {0u, 1u, 2u})
        {
            OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(addr[x], 9999));
            onoff.SetConstantRate(DataRate(m_linkMbps * 1e6), 1000);
            std::ostringstream on;
            std::ostringstream off;
            on << "ns3::ExponentialRandomVariable[Mean=" << m_load * period << "]";
            off << "ns3::ExponentialRandomVariable[Mean=" << (1 - m_load) * period << "]";
            onoff.SetAttribute("OnTime", StringValue(on.str()));
            onoff.SetAttribute("OffTime", StringValue(off.str()));
            ApplicationContainer a = onoff.Install(nodes.Get(4));
            streams.Assign(300 + 10 * x, [&](int64_t s) {
                return onoff.AssignStreams(NodeContainer(nodes.Get(4)), s);
            });
            a.Start(start);
            a.Stop(end);
            PacketSinkHelper sink("ns3::UdpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 9999));
            ApplicationContainer sa = sink.Install(nodes.Get(x));
            sa.Start(Time(0));
            sa.Stop(stop);
        }
    }
}

void
RelationStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    // Read-out: the probe rounds, the TSCs' nominal rates and the complete tuples with the
    // truth (in A ticks: counter values subtracted as integers first, exact at any uptime).
    RelationReadOut run;
    for (const auto& r : m_server->GetRecords())
    {
        auto& v = run.rounds[{r.window, r.initiator, r.responder}];
        v.insert(v.end(), r.rounds.begin(), r.rounds.end());
    }
    for (uint32_t k = 0; k < 3; ++k)
    {
        run.nominalHz.push_back(m_tscs[k]->GetNominalFrequency());
    }
    run.trueMinOneWay = m_path.minOneWay;
    Ptr<SimulatedTsc> tscA = m_tscs[0];
    auto TA = [&](Time t) { return tscA->GetTicksAt(t); };
    for (const auto& [id, r] : m_state.tuples)
    {
        using P = PipelineApplication;
        if (!(r.has[P::EMIT] && r.has[P::RELAY_IN] && r.has[P::RELAY_OUT] && r.has[P::SINK_IN]))
        {
            continue;
        }
        RelationTuple t;
        t.emitA = r.tsc[P::EMIT];
        t.relayInB = r.tsc[P::RELAY_IN];
        t.relayOutB = r.tsc[P::RELAY_OUT];
        t.sinkInC = r.tsc[P::SINK_IN];
        t.trueAC = TickDelta(TA(r.at[P::SINK_IN]), t.emitA);
        t.trueBC = TickDelta(TA(r.at[P::SINK_IN]), TA(r.at[P::RELAY_IN]));
        t.trueB = TickDelta(TA(r.at[P::RELAY_OUT]), TA(r.at[P::RELAY_IN]));
        if (r.has[P::RET_ARRIVAL] && r.has[P::RET_RETURN])
        {
            t.returnArrivalA = r.tsc[P::RET_ARRIVAL];
            t.returnRtt = m_tscs[2]->TicksToDuration(r.tsc[P::RET_RETURN] - t.sinkInC);
        }
        t.ntpAtA = r.ntpA ? std::optional<TimeEstimate>(r.ntpAtA) : std::nullopt;
        t.ntpAtB = r.ntpB ? std::optional<TimeEstimate>(r.ntpAtB) : std::nullopt;
        t.ntpAtC = r.ntpC ? std::optional<TimeEstimate>(r.ntpAtC) : std::nullopt;
        run.tuples.push_back(t);
    }
    uint64_t malformed = 0;
    for (auto& c : m_clients)
    {
        malformed += c->GetMalformed();
    }
    malformed += m_ntpServer->GetMalformed();
    for (auto& s : m_stages)
    {
        malformed += s->GetMalformed();
    }

    // Scoring (no simulator needed).
    RelationStudyScoring scoring(m_wander, m_bothDirections, m_phi);
    scoring.SetMeasuredStep(m_wanderTerm && m_boundSource == "measured");
    RelationStudyScoring::Counts counts = scoring.Score(run, result);
    result.Set("tuples", counts.tuples);
    result.Set("step_drawn_ppm", m_stepDrawn);
    result.Set("step_drawn_at_s", m_stepAt.GetSeconds());
    result.Set("wander_j_ac_ppm", counts.stepAcPpm);
    result.Set("phi_ppm", m_phi);
    result.Set("inputs", m_inputs);
    result.Set("malformed", malformed);
    result.Set("affine_refuted", counts.refuted);
}

} // namespace ns3
