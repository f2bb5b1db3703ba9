/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The simulator-free scoring behind the RDA sender and the RDA study, on hand-built caches
// with known answers: exact moments and their pooling with an estimate; the comparison of a
// sender's cache with the receiver's raw log; LDA and FineComb at equal memory; when the
// sender's book lets an interval be reported, and the boundary matches it pools.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/equal-memory-baselines.h"
#include "ns3/latency-interval-cache.h"
#include "ns3/latency-moments.h"
#include "ns3/rda-interval-reporter.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

namespace
{

/** \brief LatencyMoments: the population statistics of 1..5, and pooling 1..3 with 4, 5. */
class LatencyMomentsTestCase : public TestCase
{
  public:
    LatencyMomentsTestCase()
        : TestCase("exact moments: 1..5 has mean 3, variance 2; pooling 1..3 with 4, 5 gives "
                   "the same")
    {
    }

  private:
    void DoRun() override
    {
        LatencyMoments none;
        NS_TEST_ASSERT_MSG_EQ(none.Estimate().valid, false, "no latency, no estimate");

        LatencyMoments one;
        one.Add(7);
        NS_TEST_ASSERT_MSG_EQ(one.Estimate().valid, true, "one latency: a mean");
        NS_TEST_ASSERT_MSG_EQ(one.Estimate().stdValid, false, "one latency: no spread");

        LatencyMoments all;
        for (int x = 1; x <= 5; ++x)
        {
            all.Add(x);
        }
        LatencyEstimate e = all.Estimate();
        NS_TEST_ASSERT_MSG_EQ(all.GetCount(), 5, "count");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.meanNs, 3.0, 1e-12, "mean of 1..5");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.varianceNs2, 2.0, 1e-12, "population variance of 1..5");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.stdNs, std::sqrt(2.0), 1e-12, "std of 1..5");
        NS_TEST_ASSERT_MSG_EQ_TOL(e.usefulPackets, 5.0, 0, "every latency used");

        // An estimate over 1, 2, 3 (made elsewhere) pooled with the exactly known 4 and 5.
        LatencyMoments first;
        for (int x = 1; x <= 3; ++x)
        {
            first.Add(x);
        }
        LatencyMoments rest;
        rest.Add(4);
        rest.Add(5);
        LatencyEstimate pooled = rest.PoolWith(first.Estimate());
        NS_TEST_ASSERT_MSG_EQ_TOL(pooled.meanNs, 3.0, 1e-12, "pooled mean is the union's");
        NS_TEST_ASSERT_MSG_EQ_TOL(pooled.varianceNs2, 2.0, 1e-12, "pooled variance too");
        NS_TEST_ASSERT_MSG_EQ_TOL(pooled.usefulPackets, 5.0, 0, "pooled count");

        LatencyEstimate same = LatencyMoments().PoolWith(first.Estimate());
        NS_TEST_ASSERT_MSG_EQ_TOL(same.meanNs, 2.0, 1e-12, "nothing to pool: unchanged");
        LatencyEstimate only = rest.PoolWith(LatencyEstimate{});
        NS_TEST_ASSERT_MSG_EQ_TOL(only.meanNs, 4.5, 1e-12, "invalid estimate: the moments alone");
    }
};

/** \brief CompareWithLog: matched latencies and the packets only one side has. */
class CompareWithLogTestCase : public TestCase
{
  public:
    CompareWithLogTestCase()
        : TestCase("raw-log comparison: latencies of the common packets, one-sided packets apart")
    {
    }

  private:
    void DoRun() override
    {
        LatencyIntervalCache sender;
        sender.Add(1, 100);
        sender.Add(2, 200);
        sender.Add(3, 300);
        std::vector<std::pair<uint64_t, int64_t>> receiverLog = {{2, 260}, {3, 390}, {4, 500}};
        std::unordered_map<uint64_t, int64_t> senderOnly;
        std::unordered_map<uint64_t, int64_t> receiverOnly;
        LatencyMoments both = sender.CompareWithLog(receiverLog, senderOnly, receiverOnly);
        NS_TEST_ASSERT_MSG_EQ(both.GetCount(), 2, "packets 2 and 3 are on both sides");
        NS_TEST_ASSERT_MSG_EQ_TOL(both.Estimate().meanNs, 75.0, 1e-12, "latencies 60 and 90");
        NS_TEST_ASSERT_MSG_EQ(senderOnly.size(), 1, "one packet lost");
        NS_TEST_ASSERT_MSG_EQ(senderOnly.at(1), 100, "packet 1, with its send stamp");
        NS_TEST_ASSERT_MSG_EQ(receiverOnly.size(), 1, "one packet the sender did not cache");
        NS_TEST_ASSERT_MSG_EQ(receiverOnly.at(4), 500, "packet 4, with its receive stamp");
    }
};

/**
 * \param packets packets sent
 * \param lostEvery every this many-th packet is lost (0: none)
 * \param latency latency of packet id (ns)
 * \param[out] sender the sender's cache
 * \param[out] receiver the receiver's cache
 */
template <typename Latency>
void
MakeCaches(uint64_t packets,
           uint64_t lostEvery,
           Latency latency,
           LatencyIntervalCache& sender,
           LatencyIntervalCache& receiver)
{
    for (uint64_t k = 0; k < packets; ++k)
    {
        const uint64_t id = 0x9e3779b97f4a7c15ULL * (k + 1); // distinct, spread over 64 bits
        const int64_t sent = 1000000 + 1000 * static_cast<int64_t>(k);
        sender.Add(id, sent);
        if (lostEvery == 0 || k % lostEvery != 0)
        {
            receiver.Add(id, sent + latency(k));
        }
    }
}

/** \brief ScoreAtEqualMemory on caches whose latencies are known. */
class EqualMemoryBaselinesTestCase : public TestCase
{
  public:
    EqualMemoryBaselinesTestCase()
        : TestCase("LDA and FineComb at equal memory: exact on lossless caches, unbiased on "
                   "constant latency with loss, nothing usable from one bucket with a loss")
    {
    }

  private:
    void DoRun() override
    {
        const auto centered = LatencyVarianceEstimator::CENTERED;
        {
            // No loss, latencies 1000 + 10 (k mod 7): every bucket is useful, so both
            // baselines find the exact mean of the delivered packets.
            LatencyIntervalCache s;
            LatencyIntervalCache r;
            long double sum = 0;
            auto latency = [](uint64_t k) { return 1000 + 10 * static_cast<int64_t>(k % 7); };
            MakeCaches(700, 0, latency, s, r);
            for (uint64_t k = 0; k < 700; ++k)
            {
                sum += latency(k);
            }
            const double mean = static_cast<double>(sum / 700);
            EqualMemoryBaselines b = ScoreAtEqualMemory(s, r, 64 * 1024, centered, 3);
            NS_TEST_ASSERT_MSG_EQ(b.setDifference, 0, "same packets on both sides");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.lda.meanNs, mean, 1e-6, "LDA mean exact without loss");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.fineComb.meanNs, mean, 1e-6, "FineComb mean exact");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.lda.usefulPackets, 700.0, 1e-9, "every packet used");
        }
        {
            // Constant latency 2500 ns, every 10th packet lost: whatever buckets survive,
            // their mean is 2500 and their spread 0; the difference is the 70 losses.
            LatencyIntervalCache s;
            LatencyIntervalCache r;
            MakeCaches(
                700,
                10,
                [](uint64_t) { return int64_t(2500); },
                s,
                r);
            EqualMemoryBaselines b = ScoreAtEqualMemory(s, r, 64 * 1024, centered, 5);
            NS_TEST_ASSERT_MSG_EQ(b.setDifference, 70, "the lost packets");
            NS_TEST_ASSERT_MSG_EQ(b.lda.valid, true, "LDA has useful buckets");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.lda.meanNs, 2500.0, 1e-6, "LDA unbiased");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.lda.stdNs, 0.0, 1e-6, "LDA: no spread");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(b.lda.usefulPackets, 630.0, "lost packets unused");
            NS_TEST_ASSERT_MSG_EQ_TOL(b.fineComb.meanNs, 2500.0, 1e-6, "FineComb unbiased");

            // Less memory than one bucket still gets one; with a loss in it nothing is usable.
            EqualMemoryBaselines tiny = ScoreAtEqualMemory(s, r, 1, centered, 5);
            NS_TEST_ASSERT_MSG_EQ(tiny.lda.valid, false, "one LDA bucket, damaged by a loss");
            NS_TEST_ASSERT_MSG_EQ(tiny.setDifference,
                                  70,
                                  "the difference does not depend on "
                                  "the memory");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(RelativeError(110, 100), 0.1, 1e-12, "10% high");
        NS_TEST_ASSERT_MSG_EQ_TOL(RelativeError(90, 100), 0.1, 1e-12, "10% low");
        NS_TEST_ASSERT_MSG_EQ_TOL(RelativeError(-5, 0), 5.0, 1e-12, "truth 0: the magnitude");
    }
};

/** \brief RdaIntervalReporter: when an interval is reported, and what boundary matching adds. */
class IntervalReporterTestCase : public TestCase
{
  public:
    IntervalReporterTestCase()
        : TestCase("sender's book: with boundary matching an interval waits for both "
                   "neighbours and pools their matches")
    {
    }

  private:
    /**
     * \param book the book
     * \param i interval to finish (closed; the receiver announced no flow)
     */
    static void Finish(RdaIntervalReporter& book, uint32_t i)
    {
        RdaIntervalReporter::IntervalState& st = book.State(i);
        st.closed = true;
        st.flowsExpected = static_cast<int32_t>(st.flows.size());
        for (auto& [flow, fs] : st.flows)
        {
            st.signatures.insert(flow);
            fs.phase = RdaIntervalReporter::FINISHED;
        }
    }

    void DoRun() override
    {
        using V = std::vector<uint32_t>;
        RdaIntervalReporter plain;
        plain.Start(3, false);
        Finish(plain, 0);
        Finish(plain, 1);
        NS_TEST_ASSERT_MSG_EQ((plain.Reportable(1) == V{0, 1}), true, "no waiting");

        RdaIntervalReporter book;
        book.Start(3, true);
        RdaFlowKey flow;
        flow.srcPort = 5;
        // Interval 0: three packets of latency 400 estimated, packet 7 sender-only; it arrived
        // in the receiver's interval 1, 500 ns later.
        RdaIntervalReporter::FlowState& f0 = book.State(0).flows[flow];
        f0.report.estimate.valid = true;
        f0.report.estimate.meanNs = 400;
        f0.report.estimate.usefulPackets = 3;
        f0.senderOnly[7] = 1000;
        book.State(1).flows[flow].receiverOnly[7] = 1500;
        Finish(book, 0);
        Finish(book, 1);
        NS_TEST_ASSERT_MSG_EQ((book.Reportable(1) == V{0}), true, "1 waits for 2");
        NS_TEST_ASSERT_MSG_EQ(book.Reportable(0).empty(), false, "0 needs only 1");
        Finish(book, 2);
        NS_TEST_ASSERT_MSG_EQ((book.Reportable(1) == V{0, 1, 2}), true, "all neighbours done");

        std::vector<RdaIntervalReport> made = book.Report(0, MilliSeconds(3));
        NS_TEST_ASSERT_MSG_EQ(made.size(), 1, "one flow");
        NS_TEST_ASSERT_MSG_EQ(made[0].boundaryMatched, 1, "packet 7 matched across");
        NS_TEST_ASSERT_MSG_EQ_TOL(made[0].matchedEstimate.meanNs,
                                  (3 * 400.0 + 500.0) / 4,
                                  1e-9,
                                  "its latency pooled with the estimate");
        NS_TEST_ASSERT_MSG_EQ_TOL(made[0].estimate.meanNs, 400.0, 0, "estimate unchanged");
        NS_TEST_ASSERT_MSG_EQ(made[0].completedAt, MilliSeconds(3), "completion time");
        NS_TEST_ASSERT_MSG_EQ(book.IsReported(0), true, "reported");
        NS_TEST_ASSERT_MSG_EQ((book.Reportable(1) == V{1, 2}), true, "not twice");
        book.Forget();
        NS_TEST_ASSERT_MSG_NE(book.Find(1), nullptr, "1 still serves 2's report");
        NS_TEST_ASSERT_MSG_NE(book.Find(0), nullptr, "0's lists serve 1's report");
        book.Report(1, MilliSeconds(4));
        book.Forget();
        NS_TEST_ASSERT_MSG_EQ(book.Find(0), nullptr, "0 and its neighbour reported: freed");
        NS_TEST_ASSERT_MSG_EQ(book.GetReports().size(), 2, "reports kept");
    }
};

/** \brief Suite. */
class LatencyScoringTestSuite : public TestSuite
{
  public:
    LatencyScoringTestSuite()
        : TestSuite("chronometry-latency-scoring", Type::UNIT)
    {
        AddTestCase(new LatencyMomentsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CompareWithLogTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new EqualMemoryBaselinesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new IntervalReporterTestCase, chronometry::TestDuration::QUICK);
    }
};

LatencyScoringTestSuite g_latencyScoringTestSuite; //!< instance

} // namespace
