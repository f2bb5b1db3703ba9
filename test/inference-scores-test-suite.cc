/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The inference study's scoring without a simulator, on hand-built traces with known answers:
// recovered network delays and clock offsets, a baseline linker's scores, what vector clocks
// say about causes, and the share of nodes put in the right role.
#include "ns3/causal-process.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/client-aggregation.h"
#include "ns3/inference-scores.h"
#include "ns3/test.h"
#include "ns3/trace-reconciliation.h"

using namespace ns3;

namespace
{

/**
 * Two nodes; node 1's clock runs 1000 ns ahead of true time, node 0's is exact.  Message 0
 * goes 0 -> 1 with a true delay of 100 ns, message 1 goes 1 -> 0 with 300 ns, message 2's
 * receive was not traced.
 * \return the trace with its truth
 */
ReconciledTrace
TwoNodeTrace()
{
    ReconciledTrace t;
    auto add = [&t](uint32_t from, uint32_t to, Time sent, Time delay, bool received) {
        const Time ahead = NanoSeconds(1000);
        TraceMessage m;
        m.id = t.messages.size() + 1;
        m.sender = from;
        m.receiver = to;
        m.sendTs = sent + (from == 1 ? ahead : Time(0));
        if (received)
        {
            m.recvTs = sent + delay + (to == 1 ? ahead : Time(0));
        }
        t.messages.push_back(m);
        t.trueSend.push_back(sent);
        t.trueRecv.push_back(sent + delay);
        t.sendEvent.push_back(-1);
        t.recvEvent.push_back(-1);
    };
    add(0, 1, MicroSeconds(10), NanoSeconds(100), true);
    add(1, 0, MicroSeconds(20), NanoSeconds(300), true);
    add(0, 1, MicroSeconds(30), NanoSeconds(200), false);
    return t;
}

/** \brief ScoreReconciliation against an offset estimated 100 ns short of the truth. */
class ReconciliationScoreTestCase : public TestCase
{
  public:
    ReconciliationScoreTestCase()
        : TestCase("reconciliation: an offset 100 ns off leaves 100 ns in every corrected delay; "
                   "the exact fit leaves none")
    {
    }

  private:
    void DoRun() override
    {
        ReconciledTrace trace = TwoNodeTrace();
        std::map<NodePair, Time> offsets = {{{0, 1}, NanoSeconds(900)}};
        PairClockFit exact;
        exact.offset = NanoSeconds(1000);
        exact.points = 1;
        std::map<NodePair, PairClockFit> fits = {{{0, 1}, exact}};
        ReconciliationScore s = ScoreReconciliation(trace, offsets, fits);
        NS_TEST_ASSERT_MSG_EQ(s.messages, 2, "the message without a receive is not scored");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.networkDelayError, 100.0, 1e-9, "100 ns off both ways");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.networkDelayErrorMax, 100.0, 1e-9, "largest");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.rawNetworkDelayError, 1000.0, 1e-9, "uncorrected: the offset");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.rateNetworkDelayError, 0.0, 1e-9, "the exact fit");
        NS_TEST_ASSERT_MSG_EQ(s.offsetPairs, 1, "one pair");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.offsetError, 100.0, 1e-9, "900 against a true 1000");

        ReconciliationScore none = ScoreReconciliation(trace, {}, {});
        NS_TEST_ASSERT_MSG_EQ_TOL(none.networkDelayError,
                                  none.rawNetworkDelayError,
                                  1e-9,
                                  "no offset: nothing corrected");
        NS_TEST_ASSERT_MSG_EQ(none.offsetPairs, 0, "no offset to score");
    }
};

/**
 * Three processes: P0 sends m1 and P2 sends m3 to P1, which receives both and then sends m2
 * (caused by m1) to P0; P0 sends m5 to P1 before m2 arrives, and P1 receives it last.
 */
class VectorClockScoreTestCase : public TestCase
{
  public:
    VectorClockScoreTestCase()
        : TestCase("vector clocks: the true cause happened before; so did one other candidate, "
                   "a later arrival did not")
    {
    }

  private:
    void DoRun() override
    {
        CausalityConfig config;
        config.n = 3;
        std::vector<CausalEvent> events;
        std::vector<CausalProcess> p;
        p.reserve(3);
        for (uint32_t i = 0; i < 3; ++i)
        {
            p.emplace_back(config, i, &events);
        }
        auto at = [](int us) { return MicroSeconds(us); };
        auto m1 = p[0].OnSend(at(10), at(10), 1, 1);
        auto m3 = p[2].OnSend(at(11), at(11), 3, 1);
        p[1].OnReceive(m1, at(12), at(12), 1, 0);
        p[1].OnReceive(m3, at(13), at(13), 3, 2);
        auto m2 = p[1].OnSend(at(14), at(14), 2, 0);
        auto m5 = p[0].OnSend(at(15), at(15), 5, 1);
        p[0].OnReceive(m2, at(16), at(16), 2, 1);
        p[1].OnReceive(m5, at(17), at(17), 5, 0);

        ReconciledTrace trace = ReconcileTrace(events);
        NS_TEST_ASSERT_MSG_EQ(trace.messages.size(), 4, "four messages");
        std::vector<int64_t> parent = TrueParents(trace, {{2, 1}});
        NS_TEST_ASSERT_MSG_EQ(parent[2], 0, "m2 (third sent) caused by m1 (first)");
        LinkingResult linking;
        linking.links.resize(4);
        for (uint32_t candidate : {1u, 0u, 3u}) // m3, m1 and m5 were received by P1
        {
            ParentLink l;
            l.parent = candidate;
            linking.links[2].parents.push_back(l);
        }
        VectorClockLinkScore s = ScoreVectorClockLinks(trace, events, parent, linking);
        NS_TEST_ASSERT_MSG_EQ(s.caused, 1, "one message has a cause");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.hbRecall, 1.0, 0, "its cause happened before");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.candidates, 2.0, 0, "m1 and m3 did, m5 did not");

        // A baseline that picks the true parent scores perfectly; one that calls every
        // message spontaneous finds no link and misses the two-message path.
        std::vector<PathPattern> truth = TruePatterns(trace.messages, parent, {});
        LinkingResult right;
        right.links.resize(4);
        right.links[2].mostLikely = 0;
        BaselineScore good = ScoreBaseline(right, trace.messages, parent, {}, truth);
        NS_TEST_ASSERT_MSG_EQ_TOL(good.links.recall, 1.0, 0, "the true link found");
        NS_TEST_ASSERT_MSG_EQ_TOL(good.links.precision, 1.0, 0, "and nothing else");
        NS_TEST_ASSERT_MSG_EQ_TOL(good.mapPattern.recall, 1.0, 1e-12, "every true path");
        LinkingResult spontaneous;
        spontaneous.links.resize(4);
        BaselineScore none = ScoreBaseline(spontaneous, trace.messages, parent, {}, truth);
        NS_TEST_ASSERT_MSG_EQ_TOL(none.links.recall, 0.0, 0, "no link found");
        NS_TEST_ASSERT_MSG_EQ_TOL(none.links.decisionAccuracy, 0.75, 1e-12, "3 of 4 right");
        NS_TEST_ASSERT_MSG_LT(none.mapPattern.recall, 1.0, "the m1 -> m2 path missed");
    }
};

/** \brief ClientClassificationAccuracy counts the nodes put in their true role. */
class ClassificationAccuracyTestCase : public TestCase
{
  public:
    ClassificationAccuracyTestCase()
        : TestCase("client classification: one node of four in the wrong role scores 0.75")
    {
    }

  private:
    void DoRun() override
    {
        ClientClassification cc;
        cc.clients = {2, 3};
        NS_TEST_ASSERT_MSG_EQ_TOL(ClientClassificationAccuracy(cc, {false, false, true, false}),
                                  0.75,
                                  1e-12,
                                  "node 3 is a server taken for a client");
        NS_TEST_ASSERT_MSG_EQ_TOL(ClientClassificationAccuracy(cc, {false, false, true, true}),
                                  1.0,
                                  1e-12,
                                  "all right");
    }
};

/** \brief Suite. */
class InferenceScoresTestSuite : public TestSuite
{
  public:
    InferenceScoresTestSuite()
        : TestSuite("chronometry-inference-scores", Type::UNIT)
    {
        AddTestCase(new ReconciliationScoreTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new VectorClockScoreTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ClassificationAccuracyTestCase, chronometry::TestDuration::QUICK);
    }
};

InferenceScoresTestSuite g_inferenceScoresTestSuite; //!< instance

} // namespace
