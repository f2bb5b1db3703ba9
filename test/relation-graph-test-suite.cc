/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The relation graph over N nodes (chains, best paths, triangle checks) against
// exact truth on synthetic N = 30 graphs.

#include "relation-test-world.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/relation-graph.h"
#include "ns3/test.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <random>
#include <set>

using namespace ns3;
using namespace ns3::relation;
using relation::test::ExactCounter;
using relation::test::ExactWorld;

namespace
{

/** A synthetic N-node deployment and the relation graphs built from its probes. */
struct GraphWorld
{
    static constexpr uint32_t N = 30;               //!< nodes
    static constexpr int64_t T1 = 1000000000;       //!< first probe window, ns
    static constexpr int64_t T2 = 61000000000;      //!< second probe window, ns
    ExactWorld w;                                   //!< randomness and delays
    std::vector<ExactCounter> socket0;              //!< each node's counter (events read it)
    std::vector<ExactCounter> socket1;              //!< the faulty node's second socket
    std::set<std::pair<uint32_t, uint32_t>> probed; //!< undirected probed pairs
    RelationGraph twoRound{N};                      //!< two-round relations
    RelationGraph multiRound{N};                    //!< multi-round relations (both directions)
    int32_t faulty{-1};              //!< node whose probes to some peers read socket 1
    std::set<uint32_t> socket1Peers; //!< peers whose probes see the faulty node's socket 1

    /**
     * \param seed the world \param density probability that a pair is probed (a ring always is)
     * \param faultyNode a node with a two-socket TSC offset (-1: none)
     * \param maxExtra largest extra one-way delay of a pair's path, ns
     * \param offsetSeconds the faulty node's second socket runs this far ahead
     */
    GraphWorld(uint64_t seed,
               double density,
               int32_t faultyNode,
               int64_t maxExtra = 400000,
               double offsetSeconds = 0)
        : w(seed),
          faulty(faultyNode)
    {
        for (uint32_t i = 0; i < N; ++i)
        {
            socket0.push_back(w.Draw(uint64_t(1) << 62, uint64_t(1) << 34));
        }
        socket1 = socket0;
        if (faulty >= 0)
        {
            // the second socket's TSC runs ahead (the paper's multi-socket caveat)
            socket1[faulty].boot += static_cast<uint64_t>(offsetSeconds * socket0[faulty].Hz());
        }
        std::uniform_real_distribution<double> u(0, 1);
        for (uint32_t i = 0; i < N; ++i)
        {
            for (uint32_t j = i + 1; j < N; ++j)
            {
                if (j == i + 1 || (i == 0 && j == N - 1) || u(w.rng) < density)
                {
                    probed.insert({i, j});
                }
            }
        }
        if (faulty >= 0)
        {
            for (uint32_t j = 0; j < N; ++j)
            {
                if (j != uint32_t(faulty) && u(w.rng) < 0.3)
                {
                    socket1Peers.insert(j);
                }
            }
        }
        std::uniform_int_distribution<int64_t> extra(0, maxExtra);
        std::uniform_int_distribution<int64_t> asym(0, 100000);
        for (const auto& [i, j] : probed)
        {
            int64_t base = extra(w.rng);
            int64_t fwd = base + asym(w.rng);
            int64_t rev = base + asym(w.rng);
            std::vector<MinRttRound> ij[2];
            std::vector<MinRttRound> ji[2];
            for (int k = 0; k < 2; ++k)
            {
                int64_t t = k == 0 ? T1 : T2;
                ij[k] = w.Rounds(Probe(i, j), Probe(j, i), t, 20, fwd, rev);
                ji[k] = w.Rounds(Probe(j, i), Probe(i, j), t + 50000000, 20, rev, fwd);
            }
            twoRound.AddRelation(i, j, TscRelation(SelectMinRtt(ij[0]), SelectMinRtt(ij[1])));
            twoRound.AddRelation(j, i, TscRelation(SelectMinRtt(ji[0]), SelectMinRtt(ji[1])));
            MultiRoundRelation mij;
            MultiRoundRelation mji;
            for (int k = 0; k < 2; ++k)
            {
                mij.AddRounds(ij[k]);
                mij.AddReverseRounds(ji[k]);
                mji.AddRounds(ji[k]);
                mji.AddReverseRounds(ij[k]);
            }
            if (mij.Fit())
            {
                multiRound.AddRelation(i, j, mij);
            }
            if (mji.Fit())
            {
                multiRound.AddRelation(j, i, mji);
            }
        }
    }

    /**
     * \param node a node \param peer the node it probes with
     * \return the counter node's probe reads use with that peer
     */
    const ExactCounter& Probe(uint32_t node, uint32_t peer) const
    {
        bool other = faulty >= 0 && node == uint32_t(faulty) && socket1Peers.count(peer) > 0;
        return other ? socket1[node] : socket0[node];
    }
};

/** Coverage and size statistics of all-pairs translations. */
struct PairStats
{
    int queries{0};              //!< ordered pairs queried
    int bestCovered{0};          //!< best path covers the truth
    int tightCovered{0};         //!< tightened interval covers the truth
    int directQueries{0};        //!< pairs with a direct edge
    int directCovered{0};        //!< direct edge covers the truth
    int beatsDirect{0};          //!< best path strictly tighter than the direct edge
    int multiHop{0};             //!< best path longer than one edge
    int inconsistent{0};         //!< flagged by the triangle intersection
    int flaggedFailures{0};      //!< best path failed and the query was flagged
    double sumBestOverDirect{0}; //!< sum of best/direct bound (direct pairs)
    double sumTightOverBest{0};  //!< sum of tightened/best bound
    double sumHops{0};           //!< sum of best-path lengths
    double sumBestUs{0};         //!< sum of best bounds in us of the target
};

/**
 * \param g the world \param graph which graph \param involving only pairs with this node (-1: all)
 * \return the statistics over every ordered pair at one random instant each
 */
PairStats
AllPairs(GraphWorld& g, const RelationGraph& graph, int32_t involving = -1)
{
    PairStats s;
    std::uniform_int_distribution<int64_t> when(GraphWorld::T1 + 200000000,
                                                GraphWorld::T2 - 200000000);
    for (uint32_t from = 0; from < GraphWorld::N; ++from)
    {
        for (uint32_t to = 0; to < GraphWorld::N; ++to)
        {
            if (from == to ||
                (involving >= 0 && from != uint32_t(involving) && to != uint32_t(involving)))
            {
                continue;
            }
            int64_t t = when(g.w.rng);
            uint64_t tick = g.socket0[from].Read(t);
            uint64_t truth = g.socket0[to].Read(t);
            RelationGraph::CheckedEstimate c = graph.Translate(from, tick, to);
            if (!c.best.found)
            {
                continue;
            }
            ++s.queries;
            bool bestOk = std::abs(c.best.estimate.value.Minus(truth)) <= c.best.estimate.bound;
            s.bestCovered += bestOk ? 1 : 0;
            s.tightCovered += std::abs(c.tightened.value.Minus(truth)) <= c.tightened.bound ? 1 : 0;
            s.inconsistent += c.consistent ? 0 : 1;
            s.flaggedFailures += (!bestOk && !c.consistent) ? 1 : 0;
            s.sumHops += c.best.path.size() - 1;
            s.multiHop += c.best.path.size() > 2 ? 1 : 0;
            s.sumTightOverBest += c.tightened.bound / c.best.estimate.bound;
            s.sumBestUs += c.best.estimate.bound / g.socket0[to].Hz() * 1e6;
            RelationGraph::PathEstimate d = graph.TranslateAlong({from, to}, TickPoint{tick, 0});
            if (d.found)
            {
                ++s.directQueries;
                s.directCovered +=
                    std::abs(d.estimate.value.Minus(truth)) <= d.estimate.bound ? 1 : 0;
                s.beatsDirect += c.best.estimate.bound < d.estimate.bound ? 1 : 0;
                s.sumBestOverDirect += c.best.estimate.bound / d.estimate.bound;
            }
        }
    }
    return s;
}

/** N = 30, sparse probing: chains, best paths and tightening against exact truth. */
class GraphAllPairsTestCase : public TestCase
{
  public:
    GraphAllPairsTestCase()
        : TestCase("N = 30: chain composition, best path and triangle tightening cover exact truth")
    {
    }

  private:
    void DoRun() override
    {
        std::ostringstream report;
        for (uint64_t seed : {11u, 12u})
        {
            GraphWorld g(seed, 0.15, -1);
            for (int kind = 0; kind < 2; ++kind)
            {
                const RelationGraph& graph = kind == 0 ? g.twoRound : g.multiRound;
                const char* name = kind == 0 ? "two-round" : "multi-round (both directions)";
                PairStats s = AllPairs(g, graph);
                NS_TEST_EXPECT_MSG_EQ(s.queries,
                                      int(GraphWorld::N * (GraphWorld::N - 1)),
                                      "every pair reachable");
                NS_TEST_EXPECT_MSG_EQ(s.bestCovered, s.queries, name << ": best path covers");
                NS_TEST_EXPECT_MSG_EQ(s.tightCovered, s.queries, name << ": tightened covers");
                NS_TEST_EXPECT_MSG_EQ(s.directCovered, s.directQueries, name << ": direct covers");
                NS_TEST_EXPECT_MSG_EQ(s.inconsistent, 0, name << ": no false inconsistency");
                NS_TEST_EXPECT_MSG_GT(s.multiHop, 0, name << ": chains are used");
                NS_TEST_EXPECT_MSG_LT(s.sumBestOverDirect / s.directQueries,
                                      1.0,
                                      name << ": best path at least as tight as the direct edge");
                RelationGraph::TriangleReport tri = graph.CheckTriangles();
                NS_TEST_EXPECT_MSG_GT(tri.checked, 0u, "triangles exist");
                NS_TEST_EXPECT_MSG_EQ(tri.flagged.size(), 0u, name << ": no false alarm");
                report << "\n  seed " << seed << " " << name << ": " << g.probed.size()
                       << " probed pairs, " << graph.GetNRelations() << " edges; " << s.bestCovered
                       << "/" << s.queries << " covered (tightened " << s.tightCovered
                       << ", direct " << s.directCovered << "/" << s.directQueries
                       << "); mean hops " << std::setprecision(3) << s.sumHops / s.queries
                       << ", mean bound " << s.sumBestUs / s.queries << " us; best/direct "
                       << s.sumBestOverDirect / s.directQueries << " (" << s.beatsDirect << " of "
                       << s.directQueries << " direct pairs beaten by a chain); tightened/best "
                       << s.sumTightOverBest / s.queries << "; triangles " << tri.checked
                       << " checked, " << tri.flagged.size() << " flagged";
            }
            // durations between events on two nodes, in a third node's ticks
            std::uniform_int_distribution<uint32_t> node(0, GraphWorld::N - 1);
            std::uniform_int_distribution<int64_t> when(GraphWorld::T1 + 200000000,
                                                        GraphWorld::T2 - 200000000);
            std::uniform_int_distribution<int64_t> dur(10000, 5000000);
            int checks = 0;
            int covered = 0;
            int endsCovered = 0;
            int startCovered = 0;
            int endsChecks = 0;
            int startChecks = 0;
            for (int q = 0; q < 300; ++q)
            {
                uint32_t ref = node(g.w.rng);
                uint32_t s = node(g.w.rng);
                uint32_t e = node(g.w.rng);
                int64_t ts = when(g.w.rng);
                int64_t te = ts + dur(g.w.rng);
                double truth =
                    static_cast<double>(g.socket0[ref].Phase(te) - g.socket0[ref].Phase(ts));
                RelationGraph::DurationResult d =
                    g.twoRound.Duration(ref, s, g.socket0[s].Read(ts), e, g.socket0[e].Read(te));
                NS_TEST_EXPECT_MSG_EQ(d.found, true, "duration found");
                ++checks;
                covered += std::abs(d.estimate.value - truth) <= d.estimate.bound ? 1 : 0;
                if (d.viaEnds.bound >= 0)
                {
                    ++endsChecks;
                    endsCovered += std::abs(d.viaEnds.value - truth) <= d.viaEnds.bound ? 1 : 0;
                }
                if (d.viaStart.bound >= 0)
                {
                    ++startChecks;
                    startCovered += std::abs(d.viaStart.value - truth) <= d.viaStart.bound ? 1 : 0;
                }
            }
            NS_TEST_EXPECT_MSG_EQ(covered, checks, "graph durations cover");
            NS_TEST_EXPECT_MSG_EQ(endsCovered, endsChecks, "both ends into the reference");
            NS_TEST_EXPECT_MSG_EQ(startCovered, startChecks, "end into start, then scaled");
            report << "\n  seed " << seed
                   << " durations (random start, end, reference nodes): " << covered << "/"
                   << checks << " covered";
        }
        std::cout << "relation-graph N = 30:" << report.str() << std::endl;
    }
};

/** A chain A -> B -> C composed by hand against the graph and the exact truth. */
class ChainCompositionTestCase : public TestCase
{
  public:
    ChainCompositionTestCase()
        : TestCase("chain A <- B <- C: accumulated bound covers the truth and grows with hops")
    {
    }

  private:
    void DoRun() override
    {
        int checks = 0;
        int covered = 0;
        for (uint64_t seed = 0; seed < 200; ++seed)
        {
            ExactWorld w(700 + seed);
            std::vector<ExactCounter> c;
            for (int i = 0; i < 4; ++i)
            {
                c.push_back(w.Draw(uint64_t(1) << 61, uint64_t(1) << 34));
            }
            RelationGraph g(4);
            const int64_t t1 = 1000000000;
            const int64_t t2 = 31000000000;
            for (uint32_t i = 0; i + 1 < 4; ++i)
            {
                // only the chain 0 - 1 - 2 - 3 is probed
                g.AddRelation(i,
                              i + 1,
                              TscRelation(SelectMinRtt(w.Rounds(c[i], c[i + 1], t1, 10)),
                                          SelectMinRtt(w.Rounds(c[i], c[i + 1], t2, 10))));
                g.AddRelation(i + 1,
                              i,
                              TscRelation(SelectMinRtt(w.Rounds(c[i + 1], c[i], t1, 10)),
                                          SelectMinRtt(w.Rounds(c[i + 1], c[i], t2, 10))));
            }
            std::uniform_int_distribution<int64_t> when(t1 + 100000000, t2 - 100000000);
            int64_t t = when(w.rng);
            TickPoint src{c[3].Read(t), 0};
            double previous = 0;
            for (uint32_t target : {2u, 1u, 0u})
            {
                RelationGraph::PathEstimate p = g.TranslateBest(3, src, target);
                NS_TEST_EXPECT_MSG_EQ(p.found, true, "chain found");
                NS_TEST_EXPECT_MSG_EQ(p.path.size(), size_t(4 - target), "the only chain");
                ++checks;
                covered +=
                    std::abs(p.estimate.value.Minus(c[target].Read(t))) <= p.estimate.bound ? 1 : 0;
                // in seconds the bound accumulates along the chain
                double seconds = p.estimate.bound / c[target].Hz();
                NS_TEST_EXPECT_MSG_GT(seconds, previous, "bound grows with every hop");
                previous = seconds;
            }
            // MaxHops 2 cannot reach node 0 from node 3
            g.SetMaxHops(2);
            NS_TEST_EXPECT_MSG_EQ(g.TranslateBest(3, src, 0).found, false, "hop limit");
        }
        NS_TEST_EXPECT_MSG_EQ(covered, checks, "every chain covers");
    }
};

/**
 * A faulty node whose TSC client reads another socket's TSC (1 ms offset)
 * when it probes some peers: its relations disagree; triangle checks flag
 * exactly triangles through it, and the all-pairs intersections flag queries.
 */
class TriangleFaultTestCase : public TestCase
{
  public:
    TriangleFaultTestCase()
        : TestCase("triangle checks flag a two-socket TSC offset, and only triangles through it")
    {
    }

  private:
    void DoRun() override
    {
        const int32_t faulty = 7;
        GraphWorld g(21, 0.3, faulty, 50000, 1e-3);
        NS_TEST_ASSERT_MSG_GT(g.socket1Peers.size(), 0u, "some peers see the other socket");
        RelationGraph::TriangleReport tri = g.twoRound.CheckTriangles();
        uint32_t withFaulty = 0;
        for (const auto& t : tri.flagged)
        {
            bool through =
                t[0] == uint32_t(faulty) || t[1] == uint32_t(faulty) || t[2] == uint32_t(faulty);
            withFaulty += through ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(tri.flagged.size(), 0u, "the offset is seen");
        NS_TEST_EXPECT_MSG_EQ(withFaulty,
                              tri.flagged.size(),
                              "no triangle without the node flagged");
        PairStats all = AllPairs(g, g.twoRound);
        PairStats mine = AllPairs(g, g.twoRound, faulty);
        int failed = mine.queries - mine.bestCovered;
        NS_TEST_EXPECT_MSG_GT(failed, 0, "the fault breaks some bounds");
        NS_TEST_EXPECT_MSG_GT(mine.inconsistent, 0, "and the intersections flag queries");
        std::cout << "relation-graph fault (node " << faulty << " reads a second socket's TSC, "
                  << "1 ms ahead, when probing " << g.socket1Peers.size()
                  << " of 29 peers): triangles " << tri.flagged.size() << "/" << tri.checked
                  << " flagged, all through the node; queries involving it: " << failed << "/"
                  << mine.queries << " best-path bounds fail, " << mine.inconsistent
                  << " flagged inconsistent (" << mine.flaggedFailures
                  << " of the failures); all pairs: " << all.queries - all.bestCovered
                  << " failures (" << all.flaggedFailures << " of them flagged), "
                  << all.inconsistent << " queries flagged" << std::endl;
    }
};

} // namespace

/** The relation-graph test suite. */
class RelationGraphTestSuite : public TestSuite
{
  public:
    RelationGraphTestSuite()
        : TestSuite("chronometry-relation-graph", Type::UNIT)
    {
        AddTestCase(new ChainCompositionTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new GraphAllPairsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TriangleFaultTestCase, chronometry::TestDuration::QUICK);
    }
};

static RelationGraphTestSuite g_relationGraphTestSuite; //!< static instance
