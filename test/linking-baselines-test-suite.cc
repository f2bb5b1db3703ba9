/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// WAP5's baselines and the workload where a linking model can beat them:
// the latest-arrival rule (hand-built traces; its identity with WAP5's most
// likely choices under the paper's delay model), the nesting algorithm of
// Project 5 (hand-built nested calls where the latest arrival is wrong; its
// dependence on clock offsets with one timestamp per message; guessed
// call/return pairs against the truth), and the per-parent-pair delay model on
// traces whose children have candidate parents with different delays, scored
// against the true parents.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/latest-arrival-linker.h"
#include "ns3/message-linking.h"
#include "ns3/nesting-linker.h"
#include "ns3/synthetic-trace.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

namespace
{

/**
 * \param s sender
 * \param r receiver
 * \param send sender-local send time
 * \param recv receiver-local receive time
 * \return a message
 */
TraceMessage
Msg(uint32_t s, uint32_t r, Time send, Time recv)
{
    TraceMessage m;
    m.sender = s;
    m.receiver = r;
    m.sendTs = send;
    m.recvTs = recv;
    return m;
}

/** The latest-arrival rule on hand-built traces. */
class LatestArrivalTestCase : public TestCase
{
  public:
    LatestArrivalTestCase()
        : TestCase("Latest arrival: the most recent message into B within x, else spontaneous")
    {
    }

  private:
    void DoRun() override
    {
        // The paper's Figure 5: X->B, Y->B, Z->B arrive at 1, 2, 3 s; B->C leaves at 4 s.
        std::vector<TraceMessage> trace{Msg(1, 0, Seconds(0.5), Seconds(1)),
                                        Msg(2, 0, Seconds(1.5), Seconds(2)),
                                        Msg(3, 0, Seconds(2.5), Seconds(3)),
                                        Msg(0, 4, Seconds(4), Seconds(4.5))};
        LinkingResult r = LatestArrivalLinker(Seconds(10)).Link(trace);
        NS_TEST_ASSERT_MSG_EQ(r.links[3].mostLikely, 2, "Z->B, the latest arrival");
        NS_TEST_ASSERT_MSG_EQ(r.links[3].parents.size(), 1u, "one candidate kept");
        NS_TEST_ASSERT_MSG_EQ(r.links[3].parents[0].probability, 1.0, "a hard choice");
        NS_TEST_ASSERT_MSG_EQ(r.links[3].parents[0].delay, Seconds(1), "delay on B's clock");
        NS_TEST_ASSERT_MSG_EQ(r.links[3].spontaneous, 0.0, "not spontaneous");
        NS_TEST_ASSERT_MSG_EQ(r.roots.size(), 3u, "the three calls into B are roots");
        // x below the delay: spontaneous.
        r = LatestArrivalLinker(MilliSeconds(999)).Link(trace);
        NS_TEST_ASSERT_MSG_EQ(r.links[3].mostLikely, -1, "nothing within x");
        NS_TEST_ASSERT_MSG_EQ(r.links[3].spontaneous, 1.0, "spontaneous for sure");
        // Within y * d: d = 1 s (the only sample), so y = 0.5 makes the 1 s delay too long.
        r = LatestArrivalLinker(Seconds(10), 0.5).Link(trace);
        NS_TEST_ASSERT_MSG_EQ(r.links[3].mostLikely, -1, "1 s > y d = 0.5 s");
        r = LatestArrivalLinker(Seconds(10), 1.5).Link(trace);
        NS_TEST_ASSERT_MSG_EQ(r.links[3].mostLikely, 2, "1 s < y d = 1.5 s");
        // An untraced sender: only the receiver's own call into it may cause its message.
        std::vector<TraceMessage> untraced{Msg(0, 1, Seconds(1), Seconds(1.1)),
                                           Msg(2, 0, Seconds(1.2), Seconds(1.3)),
                                           Msg(1, 0, Seconds(1.5), Seconds(1.6))};
        untraced[0].recvTs.reset();
        untraced[2].sendTs.reset();
        r = LatestArrivalLinker(Seconds(10)).Link(untraced);
        NS_TEST_ASSERT_MSG_EQ(r.links[2].mostLikely, 0, "1->0 caused by 0->1, not by 2->0");
    }
};

/**
 * The identity behind the issue: with one d per child pair, WAP5's most
 * likely choice is the latest arrival within y d, whatever the workload.
 * (A check of the implementation, not evidence for the method.)
 */
class LatestArrivalIsWap5TestCase : public TestCase
{
  public:
    LatestArrivalIsWap5TestCase()
        : TestCase("Paper's delay model: WAP5's most likely choice is always the latest arrival "
                   "within y d; it differs from the latest within x only on spontaneity")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t decisions = 0;
        uint64_t spontaneityOnly = 0;
        for (double rate : {1.0, 10.0, 40.0, 80.0})
        {
            for (bool heterogeneous : {false, true})
            {
                SyntheticTraceParams p;
                p.rate = rate;
                p.duration = Seconds(200.0 / (4 * rate));
                p.seed = 7 + static_cast<uint64_t>(rate) + (heterogeneous ? 1000 : 0);
                p.networkJitter = MicroSeconds(100);
                if (heterogeneous)
                {
                    p.backendService = MilliSeconds(20);
                    p.backendReplyService = MilliSeconds(1);
                }
                SyntheticTrace t = GenerateSyntheticTrace(p);
                LinkingConfig c;
                c.window = MilliSeconds(100);
                LinkingResult wap = MessageLinker(c).Link(t.messages);
                LinkingResult rule = LatestArrivalLinker(c.window, c.spontaneous).Link(t.messages);
                LinkingResult latest = LatestArrivalLinker(c.window).Link(t.messages);
                for (std::size_t i = 0; i < t.messages.size(); ++i)
                {
                    NS_TEST_ASSERT_MSG_EQ(wap.links[i].mostLikely,
                                          rule.links[i].mostLikely,
                                          "message " << i << " at alpha " << rate);
                    if (wap.links[i].mostLikely != latest.links[i].mostLikely)
                    {
                        NS_TEST_ASSERT_MSG_EQ(wap.links[i].mostLikely,
                                              -1,
                                              "WAP5 departs from the latest arrival only by "
                                              "calling a message spontaneous");
                        ++spontaneityOnly;
                    }
                    ++decisions;
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(decisions, 8000u, "enough decisions (8078)");
        NS_TEST_ASSERT_MSG_GT(spontaneityOnly, 0u, "y d cuts some latest arrivals");
    }
};

/** Nesting on hand-built nested calls where the latest arrival is wrong. */
class NestingTestCase : public TestCase
{
  public:
    NestingTestCase()
        : TestCase("Nesting: the enclosing call pair is the parent where the latest arrival "
                   "is wrong")
    {
    }

  private:
    void DoRun() override
    {
        // Node 1 (B) serves two clients, 0 (A) and 3 (A'); B calls 2 (C) for A only.
        //   m0: A->B  call      sent 0 ms, arrives 1
        //   m1: A'->B call      sent 1.5,  arrives 2.5
        //   m2: B->C  call      sent 3 (for A: the latest arrival is A'!)
        //   m3: B->A' return    sent 4 (A' answered at once)
        //   m4: C->B  return    sent 5,    arrives 6
        //   m5: B->A  return    sent 7
        std::vector<TraceMessage> trace{
            Msg(0, 1, MilliSeconds(0), MilliSeconds(1)),
            Msg(3, 1, MilliSeconds(1.5), MilliSeconds(2.5)),
            Msg(1, 2, MilliSeconds(3), MilliSeconds(4)),
            Msg(1, 3, MilliSeconds(4), MilliSeconds(5)),
            Msg(2, 1, MilliSeconds(5), MilliSeconds(6)),
            Msg(1, 0, MilliSeconds(7), MilliSeconds(8)),
        };
        const std::vector<int64_t> callOf{-1, -1, -1, 1, 2, 0};
        const std::vector<int64_t> truth{-1, -1, 0, 1, 2, 4};
        NS_TEST_ASSERT_MSG_EQ((NestingLinker::GuessCallPairs(trace, Seconds(1)) == callOf),
                              true,
                              "guessed calls and returns");
        for (auto ts : {NestingTimestamps::SINGLE, NestingTimestamps::NODE_LOCAL})
        {
            NestingConfig c;
            c.timestamps = ts;
            LinkingResult r = NestingLinker(c).Link(trace);
            for (std::size_t i = 0; i < trace.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(r.links[i].mostLikely,
                                      truth[i],
                                      "message " << i << " timestamps " << static_cast<int>(ts));
            }
            NS_TEST_ASSERT_MSG_EQ(ScoreLinks(r, truth).decisionAccuracy, 1.0, "all right");
        }
        LinkingResult latest = LatestArrivalLinker(Seconds(1)).Link(trace);
        NS_TEST_ASSERT_MSG_EQ(latest.links[2].mostLikely, 1, "the latest arrival is A'->B");
        NS_TEST_ASSERT_MSG_EQ(MessageLinker().Link(trace).links[2].mostLikely,
                              1,
                              "and so is WAP5's most likely parent");

        // Clocks: node 1 reads 10 ms ahead.  Node-local nesting compares node 1's
        // readings only and is unchanged.  With one timestamp per message, C->B's
        // send (5 ms on C's clock) now looks earlier than B->A' (14 ms on B's clock),
        // so B->C seems nested in the call from A' too, the innermost: a wrong parent.
        std::vector<TraceMessage> skewed = trace;
        for (auto& m : skewed)
        {
            if (m.sender == 1)
            {
                m.sendTs = *m.sendTs + MilliSeconds(10);
            }
            if (m.receiver == 1)
            {
                m.recvTs = *m.recvTs + MilliSeconds(10);
            }
        }
        NestingConfig local;
        local.timestamps = NestingTimestamps::NODE_LOCAL;
        LinkingResult l = NestingLinker(local).Link(skewed, callOf);
        NS_TEST_ASSERT_MSG_EQ(ScoreLinks(l, truth).decisionAccuracy, 1.0, "node-local: unchanged");
        LinkingResult s = NestingLinker().Link(skewed, callOf);
        NS_TEST_ASSERT_MSG_EQ(s.links[2].mostLikely, 1, "one timestamp: the wrong enclosing call");
    }
};

/** Nesting on random traces: pairing guesses, clock offsets. */
class NestingRandomTestCase : public TestCase
{
  public:
    NestingRandomTestCase()
        : TestCase("Nesting on random traces: exact guesses at low load; one timestamp per "
                   "message fails when offsets exceed the delays, node-local does not")
    {
    }

  private:
    void DoRun() override
    {
        // Low load, no overlap: the guessed pairs are the true ones.
        SyntheticTraceParams low;
        low.clients = 1;
        low.rate = 2;
        low.poisson = false;
        low.duration = Seconds(30);
        SyntheticTrace t = GenerateSyntheticTrace(low);
        auto guess = NestingLinker::GuessCallPairs(t.messages, MilliSeconds(100));
        NS_TEST_ASSERT_MSG_EQ((guess == t.trueCallOf), true, "no overlap: pairs exact");
        NestingConfig local;
        local.timestamps = NestingTimestamps::NODE_LOCAL;
        NS_TEST_ASSERT_MSG_EQ(
            ScoreLinks(NestingLinker(local).Link(t.messages), t.trueParent).decisionAccuracy,
            1.0,
            "no overlap: node-local nesting exact");

        // Load, and E = 0 vs E = 50 ms with the same draws otherwise.
        double accuracy[2][2] = {{0, 0}, {0, 0}}; // [E][single, local]
        double pairing[2] = {0, 0};
        const int seeds = 5;
        for (int seed = 1; seed <= seeds; ++seed)
        {
            for (int e = 0; e < 2; ++e)
            {
                SyntheticTraceParams p;
                p.rate = 10;
                p.duration = Seconds(15);
                p.networkJitter = MicroSeconds(100);
                p.clockOffset = e ? MilliSeconds(50) : Time(0);
                p.seed = 40 + seed;
                SyntheticTrace tr = GenerateSyntheticTrace(p);
                NestingConfig single;
                single.window = MilliSeconds(100);
                NestingConfig nodeLocal = single;
                nodeLocal.timestamps = NestingTimestamps::NODE_LOCAL;
                accuracy[e][0] +=
                    ScoreLinks(NestingLinker(single).Link(tr.messages), tr.trueParent).precision /
                    seeds;
                accuracy[e][1] +=
                    ScoreLinks(NestingLinker(nodeLocal).Link(tr.messages), tr.trueParent)
                        .precision /
                    seeds;
                auto g = NestingLinker::GuessCallPairs(tr.messages, single.window);
                uint64_t right = 0;
                for (std::size_t i = 0; i < g.size(); ++i)
                {
                    right += g[i] == tr.trueCallOf[i] ? 1 : 0;
                }
                pairing[e] += double(right) / g.size() / seeds;
            }
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(accuracy[0][1], accuracy[1][1], 1e-12, "node-local: E-free");
        NS_TEST_ASSERT_MSG_EQ_TOL(pairing[0], pairing[1], 1e-12, "guessed pairs: E-free");
        NS_TEST_ASSERT_MSG_GT(pairing[0], 0.9, "guessed pairs mostly right under load");
        NS_TEST_ASSERT_MSG_LT(pairing[0], 1.0, "but not all");
        NS_TEST_ASSERT_MSG_GT(accuracy[0][0], 0.8, "E = 0: one timestamp works");
        NS_TEST_ASSERT_MSG_LT(accuracy[1][0],
                              accuracy[0][0] - 0.2,
                              "E = 50 ms >> node delays: one timestamp per message fails");
    }
};

/**
 * The workload where a model can beat the rule: a back-end answers 20 ms
 * (mean) after a call but 1 ms after the lookup reply, so a reply to the
 * front-end has candidate parents with different delays.
 */
class RuleVersusModelTestCase : public TestCase
{
  public:
    RuleVersusModelTestCase()
        : TestCase("Candidates with different delays: a per-parent-pair model disagrees with "
                   "the latest arrival and is right more often where they differ")
    {
    }

  private:
    void DoRun() override
    {
        // The model's special case: all candidates from one upstream node give the
        // paper's probabilities (Figure 6 with X = Y = Z).
        std::vector<TraceMessage> fig{Msg(1, 0, Seconds(0.5), Seconds(1)),
                                      Msg(1, 0, Seconds(1.5), Seconds(2)),
                                      Msg(1, 0, Seconds(2.5), Seconds(3)),
                                      Msg(0, 4, Seconds(4), Seconds(4.5))};
        LinkingConfig c;
        c.window = Seconds(10);
        LinkingConfig pp = c;
        pp.delayModel = LinkDelayModel::PER_PARENT_PAIR;
        LinkingResult a = MessageLinker(c).Link(fig);
        LinkingResult b = MessageLinker(pp).Link(fig);
        for (std::size_t k = 0; k < 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(b.links[3].parents[k].probability,
                                      a.links[3].parents[k].probability,
                                      1e-12,
                                      "one upstream node: the paper's model");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(b.links[3].spontaneous, a.links[3].spontaneous, 1e-12, "same");

        DecisionComparison total;
        DecisionComparison published;
        double recallModel = 0;
        double recallRule = 0;
        const int seeds = 8;
        for (int seed = 1; seed <= seeds; ++seed)
        {
            SyntheticTraceParams p;
            p.rate = 40;
            p.duration = Seconds(4);
            p.backendService = MilliSeconds(20);
            p.backendReplyService = MilliSeconds(1);
            p.networkJitter = MicroSeconds(100);
            p.seed = 300 + seed;
            SyntheticTrace t = GenerateSyntheticTrace(p);
            LinkingConfig lc;
            lc.window = MilliSeconds(100);
            LinkingConfig em = lc;
            em.delayModel = LinkDelayModel::PER_PARENT_PAIR;
            em.iterations = 3;
            LinkingResult model = MessageLinker(em).Link(t.messages);
            LinkingResult rule = LatestArrivalLinker(lc.window).Link(t.messages);
            LinkingResult wap = MessageLinker(lc).Link(t.messages);
            DecisionComparison dc = CompareDecisions(model, rule, t.trueParent);
            total.decisions += dc.decisions;
            total.disagreements += dc.disagreements;
            total.firstRight += dc.firstRight;
            total.secondRight += dc.secondRight;
            DecisionComparison dp = CompareDecisions(wap, rule, t.trueParent);
            published.disagreements += dp.disagreements;
            published.firstRight += dp.firstRight;
            published.secondRight += dp.secondRight;
            recallModel += ScoreLinks(model, t.trueParent).recall / seeds;
            recallRule += ScoreLinks(rule, t.trueParent).recall / seeds;
        }
        // Measured: 11.3 % of 25694 decisions differ; the model is right on 62 % of them,
        // the latest arrival on 10 %; recall 0.715 against 0.640.
        NS_TEST_ASSERT_MSG_GT(total.DisagreementShare(), 0.05, "a measurable share differs");
        NS_TEST_ASSERT_MSG_GT(total.firstRight,
                              2 * total.secondRight,
                              "the model is right at least twice as often where they differ");
        NS_TEST_ASSERT_MSG_GT(recallModel, recallRule + 0.03, "and recalls more links");
        // The published model cannot make that difference: where it departs from the
        // latest arrival it says "spontaneous", and the latest arrival is right far
        // more often there.
        NS_TEST_ASSERT_MSG_GT(published.secondRight,
                              3 * published.firstRight,
                              "published WAP5 loses its disagreements");
    }
};

} // namespace

/** \ingroup chronometry-tests WAP5's baselines. */
class LinkingBaselinesTestSuite : public TestSuite
{
  public:
    LinkingBaselinesTestSuite()
        : TestSuite("chronometry-linking-baselines", Type::UNIT)
    {
        AddTestCase(new LatestArrivalTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LatestArrivalIsWap5TestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NestingTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NestingRandomTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RuleVersusModelTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static LinkingBaselinesTestSuite g_linkingBaselinesTestSuite;
