/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RDA measurement points in ns-3 against the simulator's per-packet truth: real packets,
// node-local clocks, loss (RateErrorModel / BurstErrorModel) and reorder injection.
#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/rda-measurement-point.h"
#include "ns3/rda-sender.h"
#include "ns3/rda-study.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <iostream>
#include <string>

using namespace ns3;

namespace
{

/**
 * \param v value
 * \param t truth
 * \return relative error
 */
double
Rel(double v, double t)
{
    return std::fabs(v - t) / std::fabs(t);
}

/** \brief Loss and reordering with synchronised clocks: exact mean, std, RDA <= LDA. */
class RdaStudyTruthTestCase : public TestCase
{
  public:
    RdaStudyTruthTestCase()
        : TestCase("loss + reorder, synchronised clocks: exact mean, std near truth, RDA <= LDA")
    {
    }

  private:
    void DoRun() override
    {
        for (int burst = 0; burst < 2; ++burst)
        {
            RdaStudyParams p;
            p.intervals = 4;
            p.lossRate = 0.02;
            p.burstLoss = burst == 1;
            p.reorderRate = 0.02;
            p.garbagePackets = 5;
            p.seed = 3 + burst;
            RdaStudyResult r = RunRdaStudy(p);
            NS_TEST_ASSERT_MSG_EQ(r.intervals.size(), 4u, "all intervals");
            NS_TEST_ASSERT_MSG_EQ(r.malformed, 10u, "garbage counted and dropped at both points");
            NS_TEST_ASSERT_MSG_GT(r.reordered, 0u, "reorder injected");
            for (const auto& i : r.intervals)
            {
                NS_TEST_ASSERT_MSG_EQ(i.reported, true, "interval reported");
                NS_TEST_ASSERT_MSG_GT(i.setDifference, 0u, "loss/reorder created differences");
                NS_TEST_ASSERT_MSG_EQ(i.decoded, true, "decoded");
                NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.trueMeanNs), 1e-9, "exact mean");
                NS_TEST_ASSERT_MSG_EQ_TOL(i.rdaUseful, 1.0, 1e-9, "every common packet used");
                NS_TEST_ASSERT_MSG_LT(Rel(i.rdaStdNs, i.trueStdNs), 0.35, "std near truth");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(Rel(i.rdaMeanNs, i.trueMeanNs),
                                            Rel(i.ldaMeanNs, i.trueMeanNs) + 1e-12,
                                            "RDA never worse than LDA");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(Rel(i.rdaMeanNs, i.trueMeanNs),
                                            Rel(i.fcMeanNs, i.trueMeanNs) + 1e-12,
                                            "RDA never worse than FineComb");
                NS_TEST_ASSERT_MSG_GT(i.wireBytes, i.sketchBytes, "sketch really sent");
                std::cout << "[rda-study] burst " << burst << " i " << i.interval << " d "
                          << i.setDifference << " dhat " << i.dHat << " mean err RDA "
                          << Rel(i.rdaMeanNs, i.trueMeanNs) << " LDA "
                          << Rel(i.ldaMeanNs, i.trueMeanNs) << " FC "
                          << Rel(i.fcMeanNs, i.trueMeanNs) << " std err RDA "
                          << Rel(i.rdaStdNs, i.trueStdNs) << " LDA " << Rel(i.ldaStdNs, i.trueStdNs)
                          << " FC " << Rel(i.fcStdNs, i.trueStdNs) << " bytes " << i.wireBytes
                          << std::endl;
            }
        }
    }
};

/**
 * \brief Memory stays bounded: each point frees an interval's cache once it cannot be asked
 * for again (sender: when reported; receiver: CacheRetention after its local end), and every
 * interval is still reported, exactly, with the truth the study computes from the released
 * copies — also when the receiver's clock is 30 ms off.
 */
class RdaStudyCacheBoundTestCase : public TestCase
{
  public:
    RdaStudyCacheBoundTestCase()
        : TestCase("caches are released: bounded by the retention window, estimates unchanged")
    {
    }

  private:
    void DoRun() override
    {
        for (int offset = 0; offset < 2; ++offset)
        {
            RdaStudyParams p;
            p.intervals = 30;
            p.intervalLength = MilliSeconds(100);
            p.packetInterval = MicroSeconds(200); // 500 packets per interval
            p.lossRate = 0.02;
            p.clockOffset = MilliSeconds(offset * 30); // 30 % of the packets change interval
            p.seed = 11 + offset;
            RdaStudyResult r = RunRdaStudy(p);
            NS_TEST_ASSERT_MSG_EQ(r.intervals.size(), 30u, "all intervals");
            for (const auto& i : r.intervals)
            {
                NS_TEST_ASSERT_MSG_EQ(i.reported, true, "interval reported, not timed out");
                NS_TEST_ASSERT_MSG_GT(i.common, 250u, "truth computed from the released caches");
                NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.localMeanNs),
                                      1e-9,
                                      "exact mean of the local-stamp latencies");
            }
            // Receiver retention = 1 s + |offset| + L + 100 ms (the study's rule); the sender
            // holds the open interval and the ones still being exchanged.
            double retained = (1.0 + 0.03 * offset + 0.1 + 0.1) / 0.1;
            uint32_t bound = static_cast<uint32_t>(std::ceil(retained)) + 2 + 3;
            std::cout << "[rda-study] offset " << offset * 30 << " ms: peak cached intervals "
                      << r.peakCachedIntervals << " (bound " << bound << ", 60 if none freed), "
                      << "packets " << r.peakCachedPackets << " of " << 2 * r.sent << std::endl;
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.peakCachedIntervals, bound, "interval caches bounded");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.peakCachedPackets,
                                        static_cast<uint64_t>(bound) * 500,
                                        "cached packets bounded");
            NS_TEST_ASSERT_MSG_LT(r.peakCachedPackets, r.sent, "far below keeping everything");
        }
    }
};

/** \brief Receiver clock offset and drift: RDA measures local-stamp latency exactly. */
class RdaStudyClockTestCase : public TestCase
{
  public:
    RdaStudyClockTestCase()
        : TestCase("receiver clock offset, drift, bounded skew: exact on local stamps, offset "
                   "shifts mean")
    {
    }

  private:
    void DoRun() override
    {
        RdaStudyParams p;
        p.intervals = 3;
        p.clockOffset = MicroSeconds(700);
        p.reorderRate = 0; // FlowMonitor also sees the packets outside the intervals
        p.seed = 8;
        RdaStudyResult r = RunRdaStudy(p);
        // FlowMonitor (independent) vs the per-packet truth: packets inside the measured
        // intervals against every packet of the flow
        NS_TEST_ASSERT_MSG_LT(Rel(r.flowMonitorMeanDelayNs, r.overallTrueMeanNs),
                              0.05,
                              "FlowMonitor cross-check of the mean delay");
        for (const auto& i : r.intervals)
        {
            NS_TEST_ASSERT_MSG_EQ(i.decoded, true, "decoded");
            NS_TEST_ASSERT_MSG_EQ_TOL(i.rdaMeanNs - i.trueMeanNs,
                                      700000.0,
                                      1e-3,
                                      "Lemma 2: mean shifted by the offset");
            NS_TEST_ASSERT_MSG_EQ_TOL(i.localStdNs,
                                      i.trueStdNs,
                                      1e-3,
                                      "offset leaves the true spread unchanged");
        }
        p.clockOffset = Time(0);
        p.driftPpm = 100;
        p.skewBound = Time(0);
        r = RunRdaStudy(p);
        for (const auto& i : r.intervals)
        {
            NS_TEST_ASSERT_MSG_EQ(i.decoded, true, "decoded with drift");
            NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.localMeanNs), 1e-9, "exact on local stamps");
        }
        p.driftPpm = 0;
        p.skewBound = MicroSeconds(50);
        r = RunRdaStudy(p);
        for (const auto& i : r.intervals)
        {
            NS_TEST_ASSERT_MSG_EQ(i.decoded, true, "decoded with bounded skew");
            NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.localMeanNs), 1e-9, "exact on local stamps");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::fabs(i.rdaMeanNs - i.trueMeanNs),
                                        50000.0 + 1,
                                        "within E of the truth");
        }
    }
};

/** \brief Bad parameters are rejected naming the field and range. */
class RdaStudyValidationTestCase : public TestCase
{
  public:
    RdaStudyValidationTestCase()
        : TestCase("study and attribute validation")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError throwing;
        std::string msg;
        try
        {
            RdaStudyParams p;
            p.lossRate = 0.9;
            RunRdaStudy(p);
        }
        catch (const chronometry::ConfigError& e)
        {
            msg = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(msg.find("RdaStudyParams::lossRate"), std::string::npos, msg);
        msg.clear();
        try
        {
            Ptr<RdaSender> mp = CreateObject<RdaSender>();
            mp->SetAttribute("Banks", UintegerValue(0));
        }
        catch (const chronometry::ConfigError& e)
        {
            msg = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(msg.find("ns3::RdaSender::Banks"), std::string::npos, msg);
        NS_TEST_ASSERT_MSG_NE(msg.find("valid range"), std::string::npos, msg);
    }
};

/** \brief The paper's form (k = 2, no checksum, PAPER variance) runs end to end. */
class RdaStudyPaperFormTestCase : public TestCase
{
  public:
    RdaStudyPaperFormTestCase()
        : TestCase("paper form (k = 2, no checksum, paper variance), control loss, duplicates")
    {
    }

  private:
    void DoRun() override
    {
        RdaStudyParams p;
        p.intervals = 6;
        p.banks = 2;
        p.checksum = false;
        p.paperVariance = true;
        p.lossRate = 0.05;
        p.reorderRate = 0.05;
        p.seed = 12;
        RdaStudyResult r = RunRdaStudy(p);
        uint32_t decoded = 0;
        for (const auto& i : r.intervals)
        {
            NS_TEST_ASSERT_MSG_EQ(i.reported, true, "reported even when decoding fails");
            NS_TEST_ASSERT_MSG_GT(i.rdaUseful, 0.5, "most packets still useful");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(i.rdaUseful, 1.0 + 1e-9, "never more than the common set");
            if (i.decoded)
            {
                ++decoded;
                NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.trueMeanNs), 1e-9, "exact when decoded");
            }
        }
        NS_TEST_ASSERT_MSG_GT(decoded, 0u, "some intervals decode with k = 2");

        // lossy control link: the points send lost control messages again (MaxRetries,
        // RetransmitTimeout), so no interval times out and every one stays exact
        RdaStudyParams c;
        c.intervals = 8;
        c.controlLossRate = 0.02;
        c.seed = 14;
        RdaStudyResult rc = RunRdaStudy(c);
        uint32_t timedOut = 0;
        for (const auto& i : rc.intervals)
        {
            bool one = i.reported != i.timedOut;
            NS_TEST_ASSERT_MSG_EQ(one, true, "each interval has one outcome");
            timedOut += i.timedOut;
            if (i.reported)
            {
                NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.trueMeanNs), 1e-9, "exact when complete");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(timedOut, 0u, "retransmission recovers every lost message");

        // duplicates (the paper's open question): discarded by the caches, estimate exact
        RdaStudyParams d;
        d.intervals = 3;
        d.duplicateRate = 0.05;
        d.seed = 13;
        RdaStudyResult rd = RunRdaStudy(d);
        NS_TEST_ASSERT_MSG_GT(rd.duplicatesDiscarded, 50u, "duplicates seen and discarded");
        for (const auto& i : rd.intervals)
        {
            NS_TEST_ASSERT_MSG_EQ(i.decoded, true, "decoded with duplicates");
            NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.trueMeanNs), 1e-9, "exact with duplicates");
        }
    }
};

/**
 * \brief The accuracy target: Weibull delays, 1 % loss and about 1 % boundary
 * crossing, 10 000 packets per interval: RDA mean error <= 1e-3 and std error <= 5 %
 * (averaged over the intervals), LDA and FineComb at equal memory beside it.
 */
class RdaStudyTargetTestCase : public TestCase
{
  public:
    RdaStudyTargetTestCase()
        : TestCase("target: 1 percent loss and crossing, mean <= 1e-3, std <= 5 percent")
    {
    }

  private:
    void DoRun() override
    {
        RdaStudyParams p;
        p.intervals = 4;
        p.packetInterval = MicroSeconds(10);
        p.lossRate = 0.01;
        p.reorderRate = 0.02; // half of the delayed packets cross the interval end
        p.seed = 21;
        RdaStudyResult r = RunRdaStudy(p);
        double stdErr = 0;
        double lda = 0;
        double fc = 0;
        for (const auto& i : r.intervals)
        {
            NS_TEST_ASSERT_MSG_GT(i.common, 9000u, "about 10 000 packets per interval");
            NS_TEST_ASSERT_MSG_LT(Rel(i.rdaMeanNs, i.trueMeanNs), 1e-3, "mean within 1e-3");
            NS_TEST_ASSERT_MSG_LT(Rel(i.rdaStdNs, i.trueStdNs), 0.10, "std within 10 % each");
            stdErr += Rel(i.rdaStdNs, i.trueStdNs) / r.intervals.size();
            lda += Rel(i.ldaMeanNs, i.trueMeanNs) / r.intervals.size();
            fc += Rel(i.fcMeanNs, i.trueMeanNs) / r.intervals.size();
        }
        NS_TEST_ASSERT_MSG_LT(stdErr, 0.05, "std within 5 % on average");
        std::cout << "[rda-study] target: std err " << stdErr << "; mean err LDA " << lda
                  << " FineComb " << fc << std::endl;
    }
};

/** \brief Suite. */
class RdaStudyTestSuite : public TestSuite
{
  public:
    RdaStudyTestSuite()
        : TestSuite("chronometry-rda-study", Type::SYSTEM)
    {
        AddTestCase(new RdaStudyTruthTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaStudyClockTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaStudyValidationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaStudyPaperFormTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaStudyTargetTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaStudyCacheBoundTestCase, chronometry::TestDuration::QUICK);
    }
};

RdaStudyTestSuite g_rdaStudyTestSuite; //!< instance

} // namespace
