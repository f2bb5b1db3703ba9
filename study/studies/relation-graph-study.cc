/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The all-pairs MinRTT study: N nodes, each on its own point-to-point link (delay drawn per
// node) to one router; a prober on node 0 runs MinRTT rounds over every ordered pair in two
// windows ("pre", "post"). Each undirected pair's relations are kept with EdgeProbability (a
// sparse probing plan), and the RelationGraph translates a counter value of every node into
// every other node at a random instant between the windows, along the best chain, tightened by
// the direct edge and every two-hop path. Every translation is scored against the target's
// counter at that instant (exact integers).

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/multi-round-relation.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/relation-graph.h"
#include "ns3/relation-helper.h"
#include "ns3/simulated-tsc.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"
#include "ns3/study.h"
#include "ns3/tsc-client-application.h"
#include "ns3/tsc-relation.h"
#include "ns3/tsc-server-application.h"

#include <cmath>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationGraphStudy");

using namespace relation;

/**
 * \ingroup chronometry
 * The all-pairs MinRTT relation-graph study; run it by name ("relation-graph").
 */
class RelationGraphStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    /**
     * The graph of the probed pairs: each drawn edge (probability EdgeProbability) gets the
     * relations both ways, two-round or multi-round (a refuted fit gives no edge).
     * \param edges receives the number of relations added
     * \return the graph
     */
    RelationGraph BuildGraph(uint64_t& edges);

    uint32_t m_nodes;         //!< N
    double m_driftPpm;        //!< drift uniform in [-x, x] ppm
    Time m_extraDelay;        //!< per-node extra link delay, uniform in [0, x]
    double m_edgeProbability; //!< probability that an undirected pair's relations are kept
    Time m_gap;               //!< time between the two windows
    bool m_multiRound;        //!< edges from the multi-round fit (both directions) instead

    SimulatedTscContainer m_tscs;          //!< one per node
    TscClientContainer m_clients;          //!< one per node
    Ptr<TscServerApplication> m_server;    //!< the prober
    Ptr<UniformRandomVariable> m_edgeDraw; //!< edge selection
    Ptr<UniformRandomVariable> m_when;     //!< query instants
    Time m_queryFrom;                      //!< earliest query instant
    Time m_queryTo;                        //!< latest query instant
};

NS_OBJECT_ENSURE_REGISTERED(RelationGraphStudy);

TypeId
RelationGraphStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<RelationGraphStudy>(
            "ns3::RelationGraphStudy",
            "relation-graph",
            "MinRTT relations over N nodes (RelationGraph: chains, best path, triangle "
            "tightening and flags), every ordered pair translated and scored against the truth")
            .Parameter("Nodes",
                       "Number of nodes N",
                       &RelationGraphStudy::m_nodes,
                       30,
                       MakeUintegerRangeChecker(3, 64, "nodes"))
            .Parameter("DriftPpm",
                       "Per-node TSC drift, uniform in [-DriftPpm, DriftPpm]",
                       &RelationGraphStudy::m_driftPpm,
                       20.0,
                       MakeDoubleRangeChecker(0, 500, "ppm"))
            .Forward<TscServerApplication>("Rounds", UintegerValue(4))
            .Parameter("ExtraDelay",
                       "Per-node extra link delay (on top of 50 us), uniform in [0, ExtraDelay]",
                       &RelationGraphStudy::m_extraDelay,
                       MicroSeconds(400),
                       MakeTimeRangeChecker(Time(0), MilliSeconds(100)),
                       C::In(Time::US))
            .Parameter("EdgeProbability",
                       "Probability that an undirected pair's relations are kept (a sparse "
                       "probing plan; 1 = every pair)",
                       &RelationGraphStudy::m_edgeProbability,
                       0.3,
                       MakeDoubleRangeChecker(0.05, 1))
            .Parameter("Gap",
                       "Time from the start of the first window to the start of the second",
                       &RelationGraphStudy::m_gap,
                       Seconds(30),
                       MakeTimeRangeChecker(Seconds(1), Seconds(3600)))
            .Switch("MultiRound",
                    "Edges from the multi-round fit over both windows and both probing "
                    "directions instead of the two-round relation",
                    &RelationGraphStudy::m_multiRound,
                    false)
            .Seed()
            .Run()
            .Summary(StudySchema()
                         .Unsigned("edges", "", "directed relations in the graph")
                         .Unsigned("queries", "", "ordered pairs translated")
                         .Unsigned("found", "", "queries with a chain")
                         .Unsigned("covered", "", "|tightened - truth| <= its bound")
                         .Unsigned("best_covered", "", "|best chain - truth| <= its bound")
                         .Unsigned("flagged", "", "queries whose intervals disagree")
                         .Real("mean_hops", "", "mean hops of the best chain")
                         .Real("mean_bound_us", "us", "mean tightened bound (target's ticks)")
                         .Unsigned("direct", "", "queries with a direct edge")
                         .Unsigned("direct_beaten", "", "... whose bound a longer chain beats")
                         .Real("best_over_direct", "", "mean best-chain / direct bound")
                         .Unsigned("triangles", "", "triangles checked")
                         .Unsigned("triangles_flagged", "", "triangles flagged"))
            .Rows("pairs",
                  StudySchema()
                      .Unsigned("from", "", "source node")
                      .Key()
                      .Unsigned("to", "", "target node")
                      .Key()
                      .Unsigned("hops", "", "hops of the best chain (0: none)")
                      .Real("bound_us", "us", "tightened bound")
                      .Real("error_us", "us", "|estimate - truth|")
                      .Boolean("covered", "error <= bound"),
                  false);
    return tid;
}

void
RelationGraphStudy::DoDispose()
{
    m_tscs.clear();
    m_clients.clear();
    m_server = nullptr;
    m_edgeDraw = nullptr;
    m_when = nullptr;
    Study::DoDispose();
}

Time
RelationGraphStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    NodeContainer nodes;
    nodes.Create(m_nodes);
    Ptr<Node> router = CreateObject<Node>();
    InternetStackHelper internet;
    internet.Install(nodes);
    internet.Install(router);

    auto extra = CreateObject<UniformRandomVariable>();
    extra->SetAttribute("Min", DoubleValue(0));
    extra->SetAttribute("Max", DoubleValue(m_extraDelay.GetSeconds()));
    streams.Assign(extra, 1);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate("100Mbps")));
    std::vector<Ipv4Address> addr;
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        p2p.SetChannelAttribute(
            "Delay",
            TimeValue(MicroSeconds(50) + NanoSeconds(std::llround(extra->GetValue() * 1e9))));
        NetDeviceContainer d = p2p.Install(nodes.Get(i), router);
        Ipv4AddressHelper ip(("10.62." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
        addr.push_back(ip.Assign(d).GetAddress(0));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    TscHelper tscHelper;
    // Drift, frequency and boot value: streams 2, 3 and 4.
    auto population = tscHelper.SetUniformPopulation(m_driftPpm, 2.0e9, 3.5e9, 1099511627776.0);
    for (std::size_t k = 0; k < population.size(); ++k)
    {
        streams.Assign(population[k], 2 + static_cast<int64_t>(k));
    }
    m_tscs = tscHelper.Install(nodes);
    streams.Assign(10, [&](int64_t s) { return tscHelper.AssignStreams(nodes, s); });

    RelationHelper relationHelper;
    relationHelper.SetClientAttribute("NtpPollInterval", TimeValue(Time(0)));
    relationHelper.SetServerAttribute("Rounds", *GetForwardedValue("Rounds"));
    m_clients = relationHelper.InstallClients(nodes);
    streams.Assign(200, [&](int64_t s) { return relationHelper.AssignStreams(m_clients, s); });
    const Time stop = m_gap * 2 + Seconds(1);
    for (auto& c : m_clients)
    {
        c->SetStartTime(MilliSeconds(10));
        c->SetStopTime(stop);
    }
    m_server = relationHelper.InstallServer(nodes.Get(0), m_clients, addr);
    m_server->AddWindow(MilliSeconds(100), "pre");
    m_server->AddWindow(MilliSeconds(100) + m_gap, "post");
    m_server->SetStartTime(MilliSeconds(20));
    m_server->SetStopTime(stop);

    m_edgeDraw = CreateObject<UniformRandomVariable>();
    streams.Assign(m_edgeDraw, 5);
    m_when = CreateObject<UniformRandomVariable>();
    streams.Assign(m_when, 6);
    // queries between the windows: from a quarter to three quarters of the gap
    m_queryFrom = MilliSeconds(100) + m_gap / 4;
    m_queryTo = MilliSeconds(100) + m_gap * 3 / 4;
    return stop;
}

RelationGraph
RelationGraphStudy::BuildGraph(uint64_t& edges)
{
    std::map<std::tuple<std::string, uint32_t, uint32_t>, std::vector<MinRttRound>> rec;
    for (const auto& r : m_server->GetRecords())
    {
        auto& v = rec[{r.window, r.initiator, r.responder}];
        v.insert(v.end(), r.rounds.begin(), r.rounds.end());
    }
    auto rounds = [&](const std::string& w, uint32_t i, uint32_t j) {
        auto it = rec.find({w, i, j});
        if (it == rec.end() || it->second.empty())
        {
            chronometry::ReportConfigError("RelationGraphStudy: no probe round completed in "
                                           "window " +
                                           w + " for pair " + std::to_string(i) + "->" +
                                           std::to_string(j) + " (Gap too short for N?)");
        }
        return it->second;
    };

    RelationGraph graph(m_nodes);
    edges = 0;
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        for (uint32_t j = i + 1; j < m_nodes; ++j)
        {
            if (m_edgeDraw->GetValue() >= m_edgeProbability)
            {
                continue;
            }
            for (auto [ref, peer] : {std::pair{i, j}, std::pair{j, i}})
            {
                if (m_multiRound)
                {
                    MultiRoundRelation m;
                    for (const char* w : {"pre", "post"})
                    {
                        m.AddRounds(rounds(w, ref, peer));
                        m.AddReverseRounds(rounds(w, peer, ref));
                    }
                    if (!m.Fit())
                    {
                        continue; // refuted: no edge
                    }
                    graph.AddRelation(ref, peer, m);
                }
                else
                {
                    graph.AddRelation(ref,
                                      peer,
                                      TscRelation(SelectMinRtt(rounds("pre", ref, peer)),
                                                  SelectMinRtt(rounds("post", ref, peer))));
                }
                ++edges;
            }
        }
    }

    return graph;
}

void
RelationGraphStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    uint64_t edges = 0;
    RelationGraph graph = BuildGraph(edges);
    uint64_t queries = 0;
    uint64_t found = 0;
    uint64_t covered = 0;
    uint64_t bestCovered = 0;
    uint64_t flagged = 0;
    uint64_t direct = 0;
    uint64_t beaten = 0;
    double sumHops = 0;
    double sumBoundUs = 0;
    double sumBestOverDirect = 0;
    for (uint32_t from = 0; from < m_nodes; ++from)
    {
        for (uint32_t to = 0; to < m_nodes; ++to)
        {
            if (from == to)
            {
                continue;
            }
            ++queries;
            const Time at = NanoSeconds(std::llround(
                m_when->GetValue(m_queryFrom.GetNanoSeconds(), m_queryTo.GetNanoSeconds())));
            const uint64_t tick = m_tscs[from]->GetTicksAt(at);
            const uint64_t truth = m_tscs[to]->GetTicksAt(at); // exact
            RelationGraph::CheckedEstimate e = graph.Translate(from, tick, to);
            StudyRecord& row = result.AddRow();
            row.Set("from", uint64_t{from});
            row.Set("to", uint64_t{to});
            if (!e.best.found)
            {
                row.Set("hops", uint64_t{0});
                row.Set("bound_us", 0.0);
                row.Set("error_us", 0.0);
                row.Set("covered", false);
                continue;
            }
            ++found;
            const double f = m_tscs[to]->GetNominalFrequency();
            const double err = std::abs(e.tightened.value.Minus(truth));
            const double bestErr = std::abs(e.best.estimate.value.Minus(truth));
            const bool ok = err <= e.tightened.bound;
            covered += ok ? 1 : 0;
            bestCovered += bestErr <= e.best.estimate.bound ? 1 : 0;
            flagged += e.consistent ? 0 : 1;
            const uint64_t hops = e.best.path.size() - 1;
            sumHops += hops;
            sumBoundUs += e.tightened.bound / f * 1e6;
            if (graph.HasRelation(to, from))
            {
                ++direct;
                RelationGraph::PathEstimate d =
                    graph.TranslateAlong({from, to}, TickPoint{tick, 0});
                beaten += hops > 1 ? 1 : 0;
                sumBestOverDirect +=
                    d.estimate.bound > 0 ? e.best.estimate.bound / d.estimate.bound : 1;
            }
            row.Set("hops", hops);
            row.Set("bound_us", e.tightened.bound / f * 1e6);
            row.Set("error_us", err / f * 1e6);
            row.Set("covered", ok);
        }
    }
    RelationGraph::TriangleReport t = graph.CheckTriangles();
    result.Set("edges", edges);
    result.Set("queries", queries);
    result.Set("found", found);
    result.Set("covered", covered);
    result.Set("best_covered", bestCovered);
    result.Set("flagged", flagged);
    result.Set("mean_hops", found ? sumHops / found : 0.0);
    result.Set("mean_bound_us", found ? sumBoundUs / found : 0.0);
    result.Set("direct", direct);
    result.Set("direct_beaten", beaten);
    result.Set("best_over_direct", direct ? sumBestOverDirect / direct : 0.0);
    result.Set("triangles", uint64_t{t.checked});
    result.Set("triangles_flagged", uint64_t{t.flagged.size()});
}

} // namespace ns3
