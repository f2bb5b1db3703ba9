/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// System test of the replay-clock study on a small grid: the thesis' qualitative
// findings on our numbers, and requirements 1 and 2 in every run.
#include "expected-throw-scope.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/study-runner.h"
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
StudySettings
Point(Time skew, Time delay, double rate)
{
    return StudySettings()
        .Set("Nodes", UintegerValue(16))
        .Set("SkewBound", TimeValue(skew))
        .Set("Interval", TimeValue(MicroSeconds(100)))
        .Set("Delay", TimeValue(delay))
        .Set("Rate", DoubleValue(rate))
        .Set("Duration", TimeValue(MilliSeconds(500)))
        .Set("Run", UintegerValue(3));
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
    StudyResult Run(const StudySettings& p)
    {
        StudyResult r = StudyRunner::Run("replay", p);
        NS_TEST_EXPECT_MSG_GT(r.Get<uint64_t>("events"), 100, "events were stamped");
        NS_TEST_EXPECT_MSG_EQ(r.Get<uint64_t>("r1_violations"), 0, "requirement 1");
        NS_TEST_EXPECT_MSG_EQ(r.Get<uint64_t>("r2_thesis_violations"),
                              0,
                              "requirement 2 (thesis form)");
        NS_TEST_EXPECT_MSG_EQ(r.Get<uint64_t>("hlc_violations"), 0, "HLC");
        NS_TEST_EXPECT_MSG_EQ(r.Get<uint64_t>("hvc_violations"), 0, "HVC");
        return r;
    }

    void DoRun() override
    {
        auto smallE = Run(Point(MicroSeconds(300), MicroSeconds(8), 160));
        auto largeE = Run(Point(MilliSeconds(2), MicroSeconds(8), 160));
        NS_TEST_ASSERT_MSG_GT(largeE.Get<double>("theta_mean"),
                              smallE.Get<double>("theta_mean") * 1.1,
                              "theta grows with E (" << smallE.Get<double>("theta_mean") << " -> "
                                                     << largeE.Get<double>("theta_mean") << ")");
        auto slow = Run(Point(MilliSeconds(1), MicroSeconds(8), 20));
        auto fast = Run(Point(MilliSeconds(1), MicroSeconds(8), 160));
        NS_TEST_ASSERT_MSG_GT(fast.Get<double>("theta_mean"),
                              slow.Get<double>("theta_mean") * 1.1,
                              "theta grows with alpha (" << slow.Get<double>("theta_mean") << " -> "
                                                         << fast.Get<double>("theta_mean") << ")");
        auto short1 = Run(Point(MilliSeconds(1), MicroSeconds(1), 160));
        auto short8 = Run(Point(MilliSeconds(1), MicroSeconds(8), 160));
        NS_TEST_ASSERT_MSG_EQ_TOL(short8.Get<double>("theta_mean"),
                                  short1.Get<double>("theta_mean"),
                                  0.15 * short1.Get<double>("theta_mean"),
                                  "theta nearly flat in delta while delta < E");
        auto far = Run(Point(MicroSeconds(300), MicroSeconds(800), 160));
        NS_TEST_ASSERT_MSG_EQ(far.Get<double>("theta_max"),
                              1,
                              "only the own offset once delta > 2E + I");
        NS_TEST_ASSERT_MSG_LT(fast.Get<double>("sigma_mean"), 0.5, "counters stay small");
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
        StudySettings p = Point(MicroSeconds(500), MicroSeconds(20), 100);
        p.Set("Nodes", UintegerValue(8)).Set("Duration", TimeValue(MilliSeconds(300)));
        StudyResult plain = StudyRunner::Run("replay", p);
        auto delay = [](const StudyResult& r, const char* f) { return r.Get<double>(f); };
        NS_TEST_ASSERT_MSG_GT_OR_EQ(delay(plain, "delay_min_us"), 20.0, "at least delta");
        // Mean: delta plus a few us of transmission (the maximum also includes CSMA deferral
        // when the shared channel is busy).
        NS_TEST_ASSERT_MSG_LT(delay(plain, "delay_mean_us"),
                              20.0 + 10.0,
                              "delta plus transmission");
        p.Set("OnWire", BooleanValue(true));
        StudyResult wire = StudyRunner::Run("replay", p);
        NS_TEST_ASSERT_MSG_GT(delay(wire, "delay_mean_us"),
                              delay(plain, "delay_mean_us"),
                              "stamp bytes take wire time");
        p.Set("Jitter", TimeValue(MicroSeconds(200)));
        StudyResult jittered = StudyRunner::Run("replay", p);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(delay(jittered, "delay_min_us"),
                                    20.0,
                                    "jitter only adds delay");
        NS_TEST_ASSERT_MSG_EQ_TOL(delay(jittered, "delay_mean_us"),
                                  20.0 + 100.0 + (delay(wire, "delay_mean_us") - 20.0),
                                  15.0,
                                  "mean delay grows by J / 2");
        NS_TEST_ASSERT_MSG_GT(delay(jittered, "delay_max_us") - delay(jittered, "delay_min_us"),
                              100.0,
                              "spread over J");
        NS_TEST_ASSERT_MSG_EQ(jittered.Get<uint64_t>("r1_violations"),
                              0,
                              "requirement 1 with jitter");
        NS_TEST_ASSERT_MSG_EQ(jittered.Get<uint64_t>("r2_thesis_violations"),
                              0,
                              "requirement 2 with jitter");
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
        // Refused before anything is built, naming the attribute (and its range, or the
        // attribute it must agree with).
        auto rejects = [](const StudySettings& p, const std::string& mention) {
            try
            {
                chronometry::test::ExpectedThrowScope expected;
                StudyRunner::Run("replay", p);
            }
            catch (const chronometry::ConfigError& e)
            {
                return std::string(e.what()).find(mention) != std::string::npos;
            }
            return false;
        };
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("Nodes", "1"),
                                      "ns3::ReplayStudy::Nodes = 1 is invalid; valid range: "
                                      "[2, 4096]"),
                              true,
                              "one node");
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("Interval", "300us"),
                                      "ns3::ReplayStudy::SkewBound = 1ms is invalid; valid: a "
                                      "multiple of ns3::ReplayStudy::Interval = 300us"),
                              true,
                              "E not a multiple of I");
        NS_TEST_EXPECT_MSG_EQ(
            rejects(StudySettings().Set("Interval", "2ms"), "ns3::ReplayStudy::Interval = 2ms"),
            true,
            "I > E");
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("Rate", "-1"),
                                      "ns3::ReplayStudy::Rate = -1 msgs/s is invalid"),
                              true,
                              "negative rate");
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("ClockModel", "atomic"),
                                      "ns3::ReplayStudy::ClockModel = 'atomic' is invalid; valid "
                                      "values: bounded, thesis, drifting"),
                              true,
                              "unknown clock model");
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("Jitter", "10us"), "OnWire"),
                              true,
                              "jitter needs stamps on the wire");
        const StudySettings drifting = StudySettings().Set("ClockModel", "drifting");
        NS_TEST_EXPECT_MSG_EQ(
            rejects(
                StudySettings(drifting).Set("Sync", "ntp").Set("Nodes", "4").Set("NtpServers", "4"),
                "ns3::ReplayStudy::NtpServers = 4 is invalid with "
                "ns3::ReplayStudy::Nodes = 4"),
            true,
            "no client left");
        NS_TEST_EXPECT_MSG_EQ(
            rejects(StudySettings(drifting).Set("Sync", "ptp").Set("NtpServers", "3"),
                    "ns3::ReplayStudy::NtpServers = 3 is invalid with ns3::ReplayStudy::Sync"),
            true,
            "several servers need Sync ntp");
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("OffsetSpread", "1ms"), "ClockModel"),
                              true,
                              "OffsetSpread places drifting clocks only");
        // E's range is the clock's (the study forwards BoundedSkewClock::SkewBound)
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("SkewBound", "2h"),
                                      "ns3::ReplayStudy::SkewBound = 2h is invalid; valid range: "
                                      "[1ns, 1h]"),
                              true,
                              "E above 1 h");
        NS_TEST_EXPECT_MSG_EQ(rejects(StudySettings().Set("Skew", "2h"),
                                      "ns3::ReplayStudy::SkewBound = 2h is invalid"),
                              true,
                              "the deprecated name sets the same parameter");
    }
};

/**
 * The stampers leave a synchronization protocol's own datagrams alone (CausalityStamper::
 * StampSyncProtocols false): with PTP or NTP steering the clocks the replay study logs exactly
 * the events of the same run without a protocol, with byte tags and with stamps on the wire;
 * with StampSyncProtocols true the protocol's messages are events too.
 */
class SyncTrafficTestCase : public TestCase
{
  public:
    SyncTrafficTestCase()
        : TestCase("Sync ptp, ntp: the same events as Sync none (PTP and NTP datagrams are not "
                   "stamped); StampSyncProtocols true: more")
    {
    }

  private:
    void DoRun() override
    {
        auto run = [](const std::string& sync, bool onWire, bool stampSync) {
            return StudyRunner::Run("replay",
                                    StudySettings()
                                        .Set("Nodes", "8")
                                        .Set("ClockModel", "drifting")
                                        .Set("Duration", "3s")
                                        .Set("Run", "3")
                                        .Set("Sync", sync)
                                        .Set("OnWire", onWire ? "true" : "false")
                                        .Set("StampSyncProtocols", stampSync ? "true" : "false"));
        };
        for (bool onWire : {false, true})
        {
            const StudyResult none = run("none", onWire, false);
            const uint64_t events = none.Get<uint64_t>("events");
            NS_TEST_EXPECT_MSG_GT(events, 500u, "the workload's events");
            NS_TEST_EXPECT_MSG_EQ(events,
                                  2 * none.Get<uint64_t>("messages"),
                                  "one send and one receive per message, nothing else");
            for (const std::string sync : {"ptp", "ntp"})
            {
                const StudyResult r = run(sync, onWire, false);
                std::cout << "[replay] 8 nodes, 3 s, OnWire " << onWire << ": Sync none " << events
                          << " events, " << sync << " " << r.Get<uint64_t>("events");
                NS_TEST_EXPECT_MSG_GT(r.Get<double>("sync_skew_p50_ns"), 0.0, "the protocol ran");
                NS_TEST_EXPECT_MSG_EQ(r.Get<uint64_t>("events"), events, sync + ": same events");
                NS_TEST_EXPECT_MSG_EQ(r.Get<uint64_t>("messages"),
                                      none.Get<uint64_t>("messages"),
                                      sync + ": same workload");
                const StudyResult stamped = run(sync, onWire, true);
                std::cout << ", StampSyncProtocols " << stamped.Get<uint64_t>("events")
                          << std::endl;
                NS_TEST_EXPECT_MSG_GT(stamped.Get<uint64_t>("events"),
                                      events,
                                      sync + ": its datagrams are events when asked");
            }
        }
    }
};

/**
 * HVC under the E a protocol delivers (NTP in start-up, three servers, clocks spread over 2 ms):
 * the E the stampers assume (SkewBound) moves nothing but the stamps, so the delivered E is the
 * same at every assumed E; HVC breaks happened-before pairs and messages when it assumes an E well
 * below the delivered median, and none when it assumes more than the delivered maximum. Fails if
 * the stamps ignored E (no violation below, or violations above), if the clocks depended on
 * SkewBound (the delivered E would move), or if the per-message tally missed the violations.
 */
class DeliveredSkewTestCase : public TestCase
{
  public:
    DeliveredSkewTestCase()
        : TestCase(
              "Sync ntp start-up: HVC violation fractions (pairs, messages) > 0 with SkewBound "
              "well below the delivered E p50, 0 above its maximum; delivered E independent "
              "of SkewBound")
    {
    }

  private:
    void DoRun() override
    {
        auto run = [](uint32_t rngRun, Time skew) {
            return StudyRunner::Run("replay",
                                    StudySettings()
                                        .Set("Nodes", "8")
                                        .Set("ClockModel", "drifting")
                                        .Set("Sync", "ntp")
                                        .Set("NtpServers", "3")
                                        .Set("SyncWarmup", "3s")
                                        .Set("Duration", "4s")
                                        .Set("Rate", "5")
                                        .Set("OffsetSpread", "2ms")
                                        .Set("Interval", "10us")
                                        .Set("SkewBound", TimeValue(skew))
                                        .Set("Run", UintegerValue(rngRun)));
        };
        for (uint32_t rngRun : {1, 2, 3})
        {
            const Time low = MicroSeconds(10);
            const StudyResult below = run(rngRun, low);
            const double p50 = below.Get<double>("sync_skew_p50_ns");
            const double max = below.Get<double>("sync_skew_max_ns");
            // The smallest multiple of the interval above 1.25 x the delivered maximum: the
            // sampler reads the clocks every 10 ms, the margin covers their motion between reads.
            const Time high = MicroSeconds(10 * (static_cast<int64_t>(1.25 * max / 1e4) + 1));
            const StudyResult above = run(rngRun, high);
            std::cout << "[replay] ntp start-up, run " << rngRun << ": delivered E p50 " << p50
                      << " ns, max " << max << " ns; SkewBound 10 us: hvc "
                      << below.Get<double>("hvc_violation_fraction") << " of "
                      << below.Get<uint64_t>("hb_pairs") << " hb pairs, "
                      << below.Get<double>("message_hvc_violation_fraction") << " of "
                      << below.Get<uint64_t>("delivered_messages") << " messages; SkewBound "
                      << high.GetMicroSeconds() << " us: hvc "
                      << above.Get<double>("hvc_violation_fraction") << ", messages "
                      << above.Get<double>("message_hvc_violation_fraction") << std::endl;
            NS_TEST_ASSERT_MSG_GT(p50, 10 * low.GetNanoSeconds(), "start-up: E well above 10 us");
            NS_TEST_EXPECT_MSG_EQ(above.Get<double>("sync_skew_max_ns"),
                                  max,
                                  "the assumed E does not move the clocks");
            NS_TEST_EXPECT_MSG_GT(below.Get<double>("hvc_violation_fraction"),
                                  0.0,
                                  "assumed E below the delivered: HVC breaks hb pairs");
            NS_TEST_EXPECT_MSG_GT(below.Get<double>("message_hvc_violation_fraction"),
                                  0.0,
                                  "and messages");
            NS_TEST_EXPECT_MSG_EQ(above.Get<double>("hvc_violation_fraction"),
                                  0.0,
                                  "assumed E above the delivered maximum: HVC holds");
            NS_TEST_EXPECT_MSG_EQ(above.Get<double>("message_hvc_violation_fraction"),
                                  0.0,
                                  "on every message");
        }
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
        AddTestCase(new SyncTrafficTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DeliveredSkewTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ReplayStudyTestSuite g_replayStudyTestSuite;
