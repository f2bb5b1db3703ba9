/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// System test of the replay-clock study on a small grid: the thesis' qualitative
// findings on our numbers, and requirements 1 and 2 in every run.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/replay-study.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/**
 * \param skew E
 * \param delay delta
 * \param rate alpha
 * \return a small study point
 */
ReplayStudyParams
Point(Time skew, Time delay, double rate)
{
    ReplayStudyParams p;
    p.nodes = 16;
    p.skew = skew;
    p.interval = MicroSeconds(100);
    p.delay = delay;
    p.rate = rate;
    p.duration = MilliSeconds(500);
    p.run = 3;
    return p;
}

/** Theta against E, alpha and delta, as the thesis reports. */
class QualitativeFindingsTestCase : public TestCase
{
  public:
    QualitativeFindingsTestCase()
        : TestCase("theta grows with E and alpha, is flat in delta below E, is 1 when delta "
                   "exceeds 2E + I; counters small; requirements 1 and 2 hold")
    {
    }

  private:
    ReplayStudyResult Run(const ReplayStudyParams& p)
    {
        ReplayStudyResult r = ReplayStudy::Run(p);
        NS_TEST_EXPECT_MSG_GT(r.events, 100, "events were stamped");
        NS_TEST_EXPECT_MSG_EQ(r.r1Violations, 0, "requirement 1");
        NS_TEST_EXPECT_MSG_EQ(r.r2ThesisViolations, 0, "requirement 2 (thesis form)");
        NS_TEST_EXPECT_MSG_EQ(r.hlcViolations, 0, "HLC");
        NS_TEST_EXPECT_MSG_EQ(r.hvcViolations, 0, "HVC");
        return r;
    }

    void DoRun() override
    {
        auto smallE = Run(Point(MicroSeconds(300), MicroSeconds(8), 160));
        auto largeE = Run(Point(MilliSeconds(2), MicroSeconds(8), 160));
        NS_TEST_ASSERT_MSG_GT(largeE.thetaMean,
                              smallE.thetaMean * 1.1,
                              "theta grows with E (" << smallE.thetaMean << " -> "
                                                     << largeE.thetaMean << ")");
        auto slow = Run(Point(MilliSeconds(1), MicroSeconds(8), 20));
        auto fast = Run(Point(MilliSeconds(1), MicroSeconds(8), 160));
        NS_TEST_ASSERT_MSG_GT(fast.thetaMean,
                              slow.thetaMean * 1.1,
                              "theta grows with alpha (" << slow.thetaMean << " -> "
                                                         << fast.thetaMean << ")");
        auto short1 = Run(Point(MilliSeconds(1), MicroSeconds(1), 160));
        auto short8 = Run(Point(MilliSeconds(1), MicroSeconds(8), 160));
        NS_TEST_ASSERT_MSG_EQ_TOL(short8.thetaMean,
                                  short1.thetaMean,
                                  0.15 * short1.thetaMean,
                                  "theta nearly flat in delta while delta < E");
        auto far = Run(Point(MicroSeconds(300), MicroSeconds(800), 160));
        NS_TEST_ASSERT_MSG_EQ(far.thetaMax, 1, "only the own offset once delta > 2E + I");
        NS_TEST_ASSERT_MSG_LT(fast.sigmaMean, 0.5, "counters stay small");
    }
};

/** One-way delays: delta plus transmission without jitter, spread over the jitter with it. */
class DelayAndJitterTestCase : public TestCase
{
  public:
    DelayAndJitterTestCase()
        : TestCase("one-way delay is delta plus transmission on average; jitter adds J over 2 and "
                   "spreads it")
    {
    }

  private:
    void DoRun() override
    {
        ReplayStudyParams p = Point(MicroSeconds(500), MicroSeconds(20), 100);
        p.nodes = 8;
        p.duration = MilliSeconds(300);
        ReplayStudyResult plain = ReplayStudy::Run(p);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(plain.delayMin, 20.0, "at least delta");
        // Mean: delta plus a few us of transmission (the maximum also includes CSMA deferral
        // when the shared channel is busy).
        NS_TEST_ASSERT_MSG_LT(plain.delayMean, 20.0 + 10.0, "delta plus transmission");
        p.onWire = true;
        ReplayStudyResult wire = ReplayStudy::Run(p);
        NS_TEST_ASSERT_MSG_GT(wire.delayMean, plain.delayMean, "stamp bytes take wire time");
        p.jitter = MicroSeconds(200);
        ReplayStudyResult jittered = ReplayStudy::Run(p);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(jittered.delayMin, 20.0, "jitter only adds delay");
        NS_TEST_ASSERT_MSG_EQ_TOL(jittered.delayMean,
                                  20.0 + 100.0 + (wire.delayMean - 20.0),
                                  15.0,
                                  "mean delay grows by J / 2");
        NS_TEST_ASSERT_MSG_GT(jittered.delayMax - jittered.delayMin, 100.0, "spread over J");
        NS_TEST_ASSERT_MSG_EQ(jittered.r1Violations, 0, "requirement 1 with jitter");
        NS_TEST_ASSERT_MSG_EQ(jittered.r2ThesisViolations, 0, "requirement 2 with jitter");
    }
};

/** Invalid study parameters are rejected with the parameter and its range. */
class StudyValidationTestCase : public TestCase
{
  public:
    StudyValidationTestCase()
        : TestCase("invalid study parameters are rejected, naming the parameter")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError throwing;
        auto rejects = [](ReplayStudyParams p, const std::string& mention) {
            try
            {
                p.Validate();
            }
            catch (const chronometry::ConfigError& e)
            {
                return std::string(e.what()).find(mention) != std::string::npos;
            }
            return false;
        };
        ReplayStudyParams p;
        p.nodes = 1;
        NS_TEST_EXPECT_MSG_EQ(rejects(p, "nodes"), true, "one node");
        p = ReplayStudyParams();
        p.interval = MicroSeconds(300); // E = 1 ms is not a multiple
        NS_TEST_EXPECT_MSG_EQ(rejects(p, "multiple of interval"), true, "E not a multiple of I");
        p = ReplayStudyParams();
        p.interval = MilliSeconds(2);
        NS_TEST_EXPECT_MSG_EQ(rejects(p, "interval (I)"), true, "I > E");
        p = ReplayStudyParams();
        p.rate = -1;
        NS_TEST_EXPECT_MSG_EQ(rejects(p, "rate (alpha)"), true, "negative rate");
        p = ReplayStudyParams();
        p.clockModel = "atomic";
        NS_TEST_EXPECT_MSG_EQ(rejects(p, "clockModel"), true, "unknown clock model");
        p = ReplayStudyParams();
        p.jitter = MicroSeconds(10); // without onWire
        NS_TEST_EXPECT_MSG_EQ(rejects(p, "onWire"), true, "jitter needs stamps on the wire");
    }
};

} // namespace

/** \ingroup chronometry-tests Replay-clock study. */
class ReplayStudyTestSuite : public TestSuite
{
  public:
    ReplayStudyTestSuite()
        : TestSuite("chronometry-replay-study", Type::SYSTEM)
    {
        AddTestCase(new StudyValidationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new QualitativeFindingsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DelayAndJitterTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ReplayStudyTestSuite g_replayStudyTestSuite;
