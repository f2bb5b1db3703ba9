/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-study.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/pipeline-application.h"
#include "ns3/point-to-point-module.h"
#include "ns3/relation-helper.h"
#include "ns3/simulated-tsc.h"
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

const MethodStats&
RelationStudyResult::Get(const std::string& method, const std::string& duration) const
{
    for (const auto& m : methods)
    {
        if (m.method == method && m.duration == duration)
        {
            return m;
        }
    }
    NS_ABORT_MSG("RelationStudyResult: no entry " << method << " " << duration);
}

namespace
{

/** Events of one tuple. */
struct TupleRecord
{
    uint64_t tsc[6]{};   //!< TSC values per event kind
    Time at[6];          //!< true latch times
    bool has[6]{};       //!< event seen
    bool ntpA{false};    //!< NTP estimate at EMIT available
    TimeEstimate ntpAtA; //!< A's estimate of the server clock at EMIT
    bool ntpB{false};    //!< NTP estimate at RELAY_IN available
    bool ntpC{false};    //!< NTP estimate at SINK_IN available
    TimeEstimate ntpAtB; //!< B's estimate of A's clock at RELAY_IN
    TimeEstimate ntpAtC; //!< C's estimate of A's clock at SINK_IN
};

/** Simulation-side state the trace sinks fill. */
struct StudyState
{
    std::map<uint32_t, TupleRecord> tuples; //!< by tuple id
    Ptr<TscClientApplication> clientA;      //!< A's client (NTP)
    Ptr<SimulatedTsc> tscA;                 //!< A's TSC
    Ptr<TscClientApplication> clientB;      //!< B's client (NTP)
    Ptr<TscClientApplication> clientC;      //!< C's client (NTP)
    Ptr<SimulatedTsc> tscB;                 //!< B's TSC
    Ptr<SimulatedTsc> tscC;                 //!< C's TSC
};

/** Event trace sink. */
void
OnEvent(StudyState* s, uint32_t tuple, uint8_t kind, uint64_t tsc, Time at)
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

/** Accumulator of one (method, duration) entry, in seconds. */
struct Acc
{
    MethodStats stats;  //!< names and counts
    double sumBound{0}; //!< sum of bounds
    double maxBound{0}; //!< max bound
    double sumErr{0};   //!< sum of |error|
    double maxErr{0};   //!< max |error|

    /** \param est estimate \param truth truth \param bound bound \param paper paper bound (<0:
     * none) */
    void Add(double est, double truth, double bound, double paper = -1)
    {
        double err = std::abs(est - truth);
        ++stats.n;
        stats.covered += err <= bound ? 1 : 0;
        stats.paperCovered += (paper < 0 ? err <= bound : err <= paper) ? 1 : 0;
        sumBound += bound;
        maxBound = std::max(maxBound, bound);
        sumErr += err;
        maxErr = std::max(maxErr, err);
    }
};

} // namespace

RelationStudyResult
RunRelationStudy(const RelationStudyParams& p)
{
    chronometry::RequireDoubleInRange("RelationStudyParams::driftPpm", p.driftPpm, 0, 500, "ppm");
    chronometry::RequireTimeInRange("RelationStudyParams::asymmetry",
                                    p.asymmetry,
                                    Time(0),
                                    MilliSeconds(100));
    chronometry::RequireDoubleInRange("RelationStudyParams::load", p.load, 0, 0.98, "");
    chronometry::RequireDoubleInRange("RelationStudyParams::rounds", p.rounds, 1, 10000, "");
    chronometry::RequireDoubleInRange("RelationStudyParams::busyRounds",
                                      p.busyRounds,
                                      1,
                                      10000,
                                      "");
    chronometry::RequireTimeInRange("RelationStudyParams::tupleInterval",
                                    p.tupleInterval,
                                    MicroSeconds(100),
                                    Seconds(1));
    chronometry::RequireTimeInRange("RelationStudyParams::workload",
                                    p.workload,
                                    Seconds(2),
                                    Seconds(600));
    chronometry::RequireTimeInRange("RelationStudyParams::ntpPoll",
                                    p.ntpPoll,
                                    MilliSeconds(10),
                                    Seconds(3600));
    chronometry::RequireDoubleInRange("RelationStudyParams::ntpMaxSkewPpm",
                                      p.ntpMaxSkewPpm,
                                      0,
                                      1e4,
                                      "ppm (0 = 2 driftPpm + 5)");
    chronometry::RequireDoubleInRange("RelationStudyParams::linkMbps",
                                      p.linkMbps,
                                      0.1,
                                      1e5,
                                      "Mb/s");
    chronometry::RequireTimeInRange("RelationStudyParams::linkDelay",
                                    p.linkDelay,
                                    Time(0),
                                    Seconds(1));
    chronometry::RequireTimeInRange("RelationStudyParams::responseJitter",
                                    p.responseJitter,
                                    Time(0),
                                    MilliSeconds(10));

    RngSeedManager::SetSeed(p.seed);
    RngSeedManager::SetRun(p.run);
    const double phi = p.ntpMaxSkewPpm > 0 ? p.ntpMaxSkewPpm : 2 * p.driftPpm + 5;
    const Time workStart = Seconds(1);
    const Time workEnd = workStart + p.workload;
    const Time stop = workEnd + Seconds(3);

    // A B C R D
    NodeContainer nodes;
    nodes.Create(5);
    Ptr<Node> router = nodes.Get(3);
    InternetStackHelper internet;
    internet.Install(nodes);
    PointToPointHelper p2p;
    p2p.SetChannelAttribute("Delay", TimeValue(p.linkDelay));
    Ipv4AddressHelper ip("10.60.1.0", "255.255.255.0");
    std::vector<Ipv4Address> addr(5);
    for (uint32_t x : {0u, 1u, 2u, 4u})
    {
        double mbps = x == 4 ? 10 * p.linkMbps : p.linkMbps;
        p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(mbps * 1e6)));
        NetDeviceContainer d = p2p.Install(nodes.Get(x), router);
        Ipv4InterfaceContainer ifc = ip.Assign(d);
        addr[x] = ifc.GetAddress(0);
        ip.NewNetwork();
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    NodeContainer pipeline(nodes.Get(0), nodes.Get(1), nodes.Get(2));
    NodeContainer timed(pipeline, NodeContainer(nodes.Get(4))); // D: the NTP server
    TscHelper tscHelper;
    auto drift = CreateObject<UniformRandomVariable>();
    drift->SetAttribute("Min", DoubleValue(-p.driftPpm));
    drift->SetAttribute("Max", DoubleValue(p.driftPpm));
    drift->SetStream(1);
    auto freq = CreateObject<UniformRandomVariable>();
    freq->SetAttribute("Min", DoubleValue(2.0e9));
    freq->SetAttribute("Max", DoubleValue(3.5e9));
    freq->SetStream(2);
    auto boot = CreateObject<UniformRandomVariable>();
    boot->SetAttribute("Min", DoubleValue(0));
    boot->SetAttribute("Max", DoubleValue(1099511627776.0));
    boot->SetStream(3);
    tscHelper.SetDrift(drift);
    tscHelper.SetFrequency(freq);
    tscHelper.SetBootValue(boot);
    SimulatedTscContainer tscs = tscHelper.Install(timed);
    tscHelper.AssignStreams(timed, 10);

    RelationHelper relationHelper;
    relationHelper.SetClientAttribute("IngressDelay", TimeValue(p.asymmetry));
    relationHelper.SetClientAttribute("ResponseJitter", TimeValue(p.responseJitter));
    relationHelper.SetClientAttribute("NtpPollInterval", TimeValue(p.ntpPoll));
    relationHelper.SetClientAttribute("NtpMaxSkew", DoubleValue(phi));
    relationHelper.SetServerAttribute("Rounds", UintegerValue(p.rounds));
    TscClientContainer clients = relationHelper.InstallClients(pipeline);
    clients[0]->SetAttribute("IngressDelay", TimeValue(Time(0))); // A: the short side
    relationHelper.AssignStreams(clients, 100);
    std::vector<Ipv4Address> clientAddr(addr.begin(), addr.begin() + 3);
    for (auto& c : clients)
    {
        c->SetNtpServer(addr[4]);
        c->SetStartTime(MilliSeconds(10));
        c->SetStopTime(stop);
    }
    auto ntpServer = CreateObject<TscClientApplication>();
    ntpServer->SetAttribute("ResponseJitter", TimeValue(p.responseJitter));
    ntpServer->SetNodeIndex(4);
    ntpServer->AssignStreams(110);
    nodes.Get(4)->AddApplication(ntpServer);
    ntpServer->SetStartTime(Time(0));
    ntpServer->SetStopTime(stop);
    Ptr<TscServerApplication> server =
        relationHelper.InstallServer(nodes.Get(0), clients, clientAddr);
    server->AddWindow(MilliSeconds(100), "pre");
    server->AddWindow(workStart + MilliSeconds(100), "busy1", p.busyRounds);
    server->AddWindow(workStart + p.workload * 0.6, "busy2", p.busyRounds);
    server->AddWindow(workEnd + MilliSeconds(300), "post");
    server->SetStartTime(MilliSeconds(20));
    server->SetStopTime(stop);

    std::vector<Ptr<PipelineApplication>> stages;
    for (uint32_t i = 0; i < 3; ++i)
    {
        auto s = CreateObject<PipelineApplication>();
        s->SetAttribute("Role",
                        EnumValue(i == 0   ? PipelineApplication::SOURCE
                                  : i == 1 ? PipelineApplication::RELAY
                                           : PipelineApplication::SINK));
        s->SetAttribute("Interval", TimeValue(p.tupleInterval));
        s->SetAttribute("IngressDelay", TimeValue(i == 0 ? Time(0) : p.asymmetry));
        s->SetNext(addr[std::min(i + 1, 2u)]);
        s->SetSource(addr[0]);
        s->AssignStreams(200 + i);
        nodes.Get(i)->AddApplication(s);
        s->SetStartTime(i == 0 ? workStart : MilliSeconds(10));
        s->SetStopTime(i == 0 ? workEnd : stop);
        stages.push_back(s);
    }

    if (p.load > 0)
    {
        const double period = 0.01;
        for (uint32_t x : {0u, 1u, 2u})
        {
            OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(addr[x], 9999));
            onoff.SetConstantRate(DataRate(p.linkMbps * 1e6), 1000);
            std::ostringstream on;
            std::ostringstream off;
            on << "ns3::ExponentialRandomVariable[Mean=" << p.load * period << "]";
            off << "ns3::ExponentialRandomVariable[Mean=" << (1 - p.load) * period << "]";
            onoff.SetAttribute("OnTime", StringValue(on.str()));
            onoff.SetAttribute("OffTime", StringValue(off.str()));
            ApplicationContainer a = onoff.Install(nodes.Get(4));
            onoff.AssignStreams(NodeContainer(nodes.Get(4)), 300 + 10 * x);
            a.Start(workStart);
            a.Stop(workEnd);
            PacketSinkHelper sink("ns3::UdpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 9999));
            ApplicationContainer sa = sink.Install(nodes.Get(x));
            sa.Start(Time(0));
            sa.Stop(stop);
        }
    }

    StudyState state;
    state.clientA = clients[0];
    state.tscA = tscs[0];
    state.clientB = clients[1];
    state.clientC = clients[2];
    state.tscB = tscs[1];
    state.tscC = tscs[2];
    for (auto& s : stages)
    {
        s->TraceConnectWithoutContext("Event", MakeBoundCallback(&OnEvent, &state));
    }

    Simulator::Stop(stop);
    Simulator::Run();

    // ----- relations from the probe records
    std::map<std::tuple<std::string, uint32_t, uint32_t>, std::vector<MinRttRound>> rec;
    for (const auto& r : server->GetRecords())
    {
        auto& v = rec[{r.window, r.initiator, r.responder}];
        v.insert(v.end(), r.rounds.begin(), r.rounds.end());
    }
    auto rounds = [&](const std::string& w, uint32_t i, uint32_t j) {
        auto it = rec.find({w, i, j});
        if (it == rec.end() || it->second.empty())
        {
            Simulator::Destroy(); // leave a clean simulator for the next run (Python)
            chronometry::ReportConfigError("RelationStudy: no probe round completed in window " +
                                           w + " for pair " + std::to_string(i) + "->" +
                                           std::to_string(j) + " (load too high?)");
        }
        return it->second;
    };
    auto two = [&](const std::string& w1, const std::string& w2, uint32_t i, uint32_t j) {
        return TscRelation(SelectMinRtt(rounds(w1, i, j)), SelectMinRtt(rounds(w2, i, j)));
    };
    auto all = [&](uint32_t i, uint32_t j) {
        MultiRoundRelation m;
        for (const char* w : {"pre", "busy1", "busy2", "post"})
        {
            m.AddRounds(rounds(w, i, j));
        }
        if (!m.Fit())
        {
            Simulator::Destroy();
            chronometry::ReportConfigError(
                "RelationStudy: multi-round fit failed (rounds contradict an affine relation)");
        }
        return m;
    };
    TscRelation ab = two("pre", "post", 0, 1);
    TscRelation ac = two("pre", "post", 0, 2);
    TscRelation bc = two("pre", "post", 1, 2);
    TscRelation abBusy = two("busy1", "busy2", 0, 1);
    TscRelation acBusy = two("busy1", "busy2", 0, 2);
    TscRelation bcBusy = two("busy1", "busy2", 1, 2);
    MultiRoundRelation mab = all(0, 1);
    MultiRoundRelation mac = all(0, 2);
    MultiRoundRelation mbc = all(1, 2);

    Ptr<SimulatedTsc> tscA = tscs[0];
    const double fA = tscA->GetNominalFrequency();
    auto sec = [fA](double ticks) { return ticks / fA; };
    auto TA = [&](Time t) { return static_cast<double>(tscA->GetTicksAt(t)); };

    std::vector<std::pair<std::string, std::string>> order{{"CP", "A->C"},
                                                           {"CP_BUSY", "A->C"},
                                                           {"CP_MULTI", "A->C"},
                                                           {"ReT", "A->C"},
                                                           {"NTP", "A->C"},
                                                           {"CP", "B->C"},
                                                           {"CP_BASELINE", "B->C"},
                                                           {"CP_BUSY", "B->C"},
                                                           {"CP_MULTI", "B->C"},
                                                           {"NTP", "B->C"},
                                                           {"CP", "B"},
                                                           {"CP_BUSY", "B"},
                                                           {"CP_MULTI", "B"}};
    std::map<std::pair<std::string, std::string>, Acc> acc;
    for (const auto& o : order)
    {
        acc[o].stats.method = o.first;
        acc[o].stats.duration = o.second;
    }
    auto addCp = [&](const std::string& m,
                     const std::string& d,
                     const DurationEstimate& e,
                     double truthTicks) {
        acc[{m, d}].Add(sec(e.value), sec(truthTicks), sec(e.bound), sec(e.paperBound));
    };
    auto addMulti = [&](const std::string& d, const TickEstimate& e, double truthTicks) {
        acc[{"CP_MULTI", d}].Add(sec(e.value), sec(truthTicks), sec(e.bound));
    };

    RelationStudyResult result;
    double sumLatency = 0;
    for (const auto& [id, r] : state.tuples)
    {
        using P = PipelineApplication;
        if (!(r.has[P::EMIT] && r.has[P::RELAY_IN] && r.has[P::RELAY_OUT] && r.has[P::SINK_IN]))
        {
            continue;
        }
        ++result.tuples;
        const uint64_t a0 = r.tsc[P::EMIT];
        const uint64_t b1 = r.tsc[P::RELAY_IN];
        const uint64_t b2 = r.tsc[P::RELAY_OUT];
        const uint64_t c3 = r.tsc[P::SINK_IN];
        const double trueAC = TA(r.at[P::SINK_IN]) - static_cast<double>(a0);
        const double trueBC = TA(r.at[P::SINK_IN]) - TA(r.at[P::RELAY_IN]);
        const double trueB = TA(r.at[P::RELAY_OUT]) - TA(r.at[P::RELAY_IN]);
        sumLatency += sec(trueAC);
        // A -> C (scenario 2)
        addCp("CP", "A->C", Scenario2(ac, a0, c3), trueAC);
        addCp("CP_BUSY", "A->C", Scenario2(acBusy, a0, c3), trueAC);
        addMulti("A->C", multi::Scenario2(mac, a0, c3), trueAC);
        if (r.has[P::RET_ARRIVAL] && r.has[P::RET_RETURN])
        {
            Time rtt = tscs[2]->TicksToDuration(r.tsc[P::RET_RETURN] - c3);
            TimeEstimate ret = ReturnTrip(Time(0), Time(0), rtt, phi);
            double est = sec(static_cast<double>(r.tsc[P::RET_ARRIVAL] - a0));
            // the return RTT is on C's clock: A's rate may differ by phi
            acc[{"ReT", "A->C"}].Add(est, sec(trueAC), ret.bound.GetSeconds() + 2e-9);
        }
        if (r.ntpA && r.ntpC)
        {
            // both ends synchronized to the server; the server's and A's rates
            // differ by at most phi over the duration
            double est = (r.ntpAtC.value - r.ntpAtA.value).GetSeconds();
            acc[{"NTP", "A->C"}].Add(est,
                                     sec(trueAC),
                                     (r.ntpAtA.bound + r.ntpAtC.bound).GetSeconds() +
                                         phi * 1e-6 * std::abs(est) + 2e-9);
        }
        // B -> C (scenario 3)
        addCp("CP", "B->C", Scenario3(ab, bc, b1, c3), trueBC);
        addCp("CP_BASELINE", "B->C", Baseline(ab, ac, b1, c3), trueBC);
        addCp("CP_BUSY", "B->C", Scenario3(abBusy, bcBusy, b1, c3), trueBC);
        addMulti("B->C", multi::Scenario3(mab, mbc, mac, b1, c3), trueBC);
        if (r.ntpB && r.ntpC)
        {
            double est = (r.ntpAtC.value - r.ntpAtB.value).GetSeconds();
            acc[{"NTP", "B->C"}].Add(est,
                                     sec(trueBC),
                                     (r.ntpAtC.bound + r.ntpAtB.bound).GetSeconds() +
                                         phi * 1e-6 * std::abs(est) + 2e-9);
        }
        // B (scenario 1)
        addCp("CP", "B", Scenario1(ab, b1, b2), trueB);
        addCp("CP_BUSY", "B", Scenario1(abBusy, b1, b2), trueB);
        addMulti("B", multi::Scenario1(mab, b1, b2), trueB);
    }
    for (const auto& o : order)
    {
        Acc& a = acc[o];
        MethodStats s = a.stats;
        if (s.n > 0)
        {
            s.meanBound = Seconds(a.sumBound / s.n);
            s.meanAbsError = Seconds(a.sumErr / s.n);
        }
        s.maxBound = Seconds(a.maxBound);
        s.maxAbsError = Seconds(a.maxErr);
        result.methods.push_back(s);
    }
    result.minRttQuiet = Seconds(sec(SelectMinRtt(rounds("pre", 0, 2)).Rtt()));
    result.minRttBusy = Seconds(sec(SelectMinRtt(rounds("busy1", 0, 2)).Rtt()));
    result.meanTupleLatency = Seconds(result.tuples ? sumLatency / result.tuples : 0);
    for (auto& c : clients)
    {
        result.malformed += c->GetMalformed();
    }
    result.malformed += ntpServer->GetMalformed();
    for (auto& s : stages)
    {
        result.malformed += s->GetMalformed();
    }
    Simulator::Destroy();
    return result;
}

std::string
RelationStudyCsvHeader()
{
    return "drift_ppm,asymmetry_us,load,rounds,seed,run,method,duration,n,covered,paper_covered,"
           "mean_bound_us,max_bound_us,mean_abs_error_us,max_abs_error_us,min_rtt_quiet_us,"
           "min_rtt_busy_us,mean_latency_us";
}

std::string
RelationStudyCsvRows(const RelationStudyParams& p, const RelationStudyResult& r)
{
    std::ostringstream os;
    os.precision(10);
    bool first = true;
    for (const auto& m : r.methods)
    {
        if (!first)
        {
            os << "\n";
        }
        first = false;
        os << p.driftPpm << "," << p.asymmetry.GetMicroSeconds() << "," << p.load << "," << p.rounds
           << "," << p.seed << "," << p.run << "," << m.method << "," << m.duration << "," << m.n
           << "," << m.covered << "," << m.paperCovered << "," << m.meanBound.GetSeconds() * 1e6
           << "," << m.maxBound.GetSeconds() * 1e6 << "," << m.meanAbsError.GetSeconds() * 1e6
           << "," << m.maxAbsError.GetSeconds() * 1e6 << "," << r.minRttQuiet.GetSeconds() * 1e6
           << "," << r.minRttBusy.GetSeconds() * 1e6 << ","
           << r.meanTupleLatency.GetSeconds() * 1e6;
    }
    return os.str();
}

} // namespace ns3
