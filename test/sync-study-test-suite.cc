/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study against the simulator's truth: E (max pairwise |offset|, every clock read
// at the same true instants) below 1 us with hardware time stamps and transparent clocks on
// an idle LAN, and on a line of switches; larger by a measured factor under load through
// plain switches than through transparent clocks; without synchronization E is the spread of
// the drifts times the elapsed time; the same seed gives the same bytes; a grandmaster
// failure hands over to the backup; NTP and SNTP on a WAN-like line (a liar, a lost upstream)
// and NTP beside PTP. Path asymmetry and its calibration: sync-calibration-test-suite.cc.

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/study-command-line.h"
#include "ns3/study-runner.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param settings the point
 * \return the sync study's result
 */
StudyResult
RunSync(const StudySettings& settings)
{
    return StudyRunner::Run("sync", settings);
}

/**
 * \param r a result
 * \return its summary line and row lines, with wall_s blanked
 */
std::vector<std::string>
Bytes(const StudyResult& r)
{
    std::vector<std::string> out = r.GetRowCsvLines(true);
    for (std::string line : r.GetCsvLines())
    {
        out.push_back(line.substr(0, line.rfind(','))); // wall_s is the last column
    }
    return out;
}

/** PTP with hardware time stamps and transparent clocks on an idle LAN: E below 1 us. */
class IdleLanTestCase : public TestCase
{
  public:
    IdleLanTestCase()
        : TestCase("idle LAN, hardware time stamps, transparent clocks: E (p99, max) below "
                   "1 us on a star and on a line of 4 switches; no sync: milliseconds")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string topology : {"star", "line"})
        {
            StudyResult r = RunSync(StudySettings()
                                        .Set("Nodes", "8")
                                        .Set("Topology", topology)
                                        .Set("Switches", "4")
                                        .Set("Duration", "20s")
                                        .Set("Warmup", "8s"));
            std::cout << "[sync] " << topology << ", 8 nodes, PI, HW, TC: E p50 "
                      << r.Get<double>("skew_p50_ns") << " ns, p99 " << r.Get<double>("skew_p99_ns")
                      << " ns, max " << r.Get<double>("skew_max_ns") << " ns, lock "
                      << r.Get<int64_t>("lock_ns") / 1e6 << " ms" << std::endl;
            NS_TEST_EXPECT_MSG_EQ(r.Get<bool>("locked"), true, topology << ": locked");
            NS_TEST_EXPECT_MSG_LT(r.Get<double>("skew_p99_ns"), 1000.0, topology << ": p99");
            NS_TEST_EXPECT_MSG_LT(r.Get<double>("skew_max_ns"), 1000.0, topology << ": max");
            NS_TEST_EXPECT_MSG_GT(r.Get<double>("skew_max_ns"), 0.0, topology << ": not zero");
            NS_TEST_EXPECT_MSG_LT(r.Get<int64_t>("lock_ns"), 8000000000LL, topology);
            // The protocol's own estimate and the truth agree in size.
            for (const auto& row : r.GetRows())
            {
                if (row.Get<uint64_t>("node") > 0)
                {
                    NS_TEST_EXPECT_MSG_LT(row.Get<double>("offset_max_ns"), 1000.0, topology);
                    NS_TEST_EXPECT_MSG_GT(row.Get<double>("estimate_mean_ns"), 0.0, topology);
                }
            }
        }
        StudyResult none = RunSync(StudySettings()
                                       .Set("Nodes", "8")
                                       .Set("Sync", "none")
                                       .Set("Duration", "20s")
                                       .Set("Warmup", "8s"));
        NS_TEST_EXPECT_MSG_EQ(none.Get<bool>("locked"), false, "free-running clocks");
        NS_TEST_EXPECT_MSG_GT(none.Get<double>("skew_p50_ns"), 100000.0, "drift and offsets");
        NS_TEST_EXPECT_MSG_EQ(none.GetSummary().IsNotApplicable("ptp_samples"),
                              true,
                              "no PTP: its sample count is not applicable, not 0");
    }
};

/** Under bursty load, transparent clocks against plain switches. */
class LoadTestCase : public TestCase
{
  public:
    LoadTestCase()
        : TestCase("bursty load (0.3 of every host link): through plain switches E is larger "
                   "than through transparent clocks by a factor > 10; idle plain switches stay "
                   "below the loaded ones")
    {
    }

  private:
    void DoRun() override
    {
        StudySettings loaded = StudySettings()
                                   .Set("Nodes", "3")
                                   .Set("Load", "0.3")
                                   .Set("Duration", "12s")
                                   .Set("Warmup", "6s")
                                   .Set("LockThreshold", "100us");
        StudyResult tc = RunSync(loaded);
        StudySettings plainSettings = loaded;
        plainSettings.Set("TransparentClocks", "false");
        StudyResult plain = RunSync(plainSettings);
        StudySettings idleSettings = plainSettings;
        idleSettings.Set("Load", "0");
        StudyResult idle = RunSync(idleSettings);
        const double p99Tc = tc.Get<double>("skew_p99_ns");
        const double p99Plain = plain.Get<double>("skew_p99_ns");
        std::cout << "[sync] 3 nodes, load 0.3, PI, HW: E p99 " << p99Tc << " ns with TCs, "
                  << p99Plain << " ns through plain switches (" << p99Plain / p99Tc
                  << " x); idle plain " << idle.Get<double>("skew_p99_ns") << " ns" << std::endl;
        NS_TEST_EXPECT_MSG_LT(p99Tc, 1000.0, "the transparent clocks remove the queueing");
        NS_TEST_EXPECT_MSG_GT(p99Plain, 10 * p99Tc, "plain switches leave it in");
        NS_TEST_EXPECT_MSG_GT(p99Plain, idle.Get<double>("skew_p99_ns"), "load is the cause");
    }
};

/** Without synchronization, E is the drift spread times the time. */
class NoSyncTestCase : public TestCase
{
  public:
    NoSyncTestCase()
        : TestCase("Protocol none, constant drifts, no initial offset: E at the end is (max "
                   "drift - min drift) x elapsed time, and grows linearly")
    {
    }

  private:
    void DoRun() override
    {
        double previous = 0;
        for (const std::string duration : {"5s", "10s"})
        {
            StudyResult r = RunSync(StudySettings()
                                        .Set("Nodes", "6")
                                        .Set("Sync", "none")
                                        .Set("InitialOffset", "0ns")
                                        .Set("Duration", duration)
                                        .Set("Warmup", "1s"));
            double lo = 1e9;
            double hi = -1e9;
            for (const auto& row : r.GetRows())
            {
                lo = std::min(lo, row.Get<double>("base_drift_ppm"));
                hi = std::max(hi, row.Get<double>("base_drift_ppm"));
            }
            const double expected = (hi - lo) * 1e-6 * Time(duration).GetNanoSeconds();
            const double measured = r.Get<double>("skew_max_ns");
            std::cout << "[sync] none, " << duration << ": E max " << measured
                      << " ns, drift spread x time " << expected << " ns" << std::endl;
            NS_TEST_EXPECT_MSG_LT(std::fabs(measured - expected), 1e-3 * expected + 2, duration);
            if (previous > 0)
            {
                NS_TEST_EXPECT_MSG_LT(std::fabs(measured / previous - 2), 0.01, "linear");
            }
            previous = measured;
        }
    }
};

/** A fixed seed gives the same bytes; another Run another replication. */
class ReproducibleTestCase : public TestCase
{
  public:
    ReproducibleTestCase()
        : TestCase("fixed seed: the same summary and rows, byte for byte (XO oscillators, a "
                   "line, load); another Run differs")
    {
    }

  private:
    void DoRun() override
    {
        StudySettings point = StudySettings()
                                  .Set("Nodes", "4")
                                  .Set("Topology", "line")
                                  .Set("Switches", "2")
                                  .Set("Oscillator", "XO")
                                  .Set("Load", "0.2")
                                  .Set("Duration", "3s")
                                  .Set("Warmup", "1s")
                                  .Set("Seed", "3");
        std::vector<std::string> first = Bytes(RunSync(point));
        std::vector<std::string> again = Bytes(RunSync(point));
        NS_TEST_EXPECT_MSG_EQ(first.size(), 5u, "four rows and the summary");
        NS_TEST_EXPECT_MSG_EQ((first == again), true, "same seed, same bytes");
        point.Set("Run", "2");
        NS_TEST_EXPECT_MSG_EQ((Bytes(RunSync(point)) != first), true, "another replication");
    }
};

/** The grandmaster stops: the BMCA's backup takes over. */
class FailoverTestCase : public TestCase
{
  public:
    FailoverTestCase()
        : TestCase("grandmaster failure at 10 s: every host follows the backup within the "
                   "announce receipt timeout plus a second, E among the others stays below "
                   "1 us through the holdover")
    {
    }

  private:
    void DoRun() override
    {
        StudyResult r = RunSync(StudySettings()
                                    .Set("Nodes", "5")
                                    .Set("GrandmasterFailure", "10s")
                                    .Set("Duration", "20s")
                                    .Set("Warmup", "5s"));
        const int64_t failover = r.Get<int64_t>("failover_ns");
        std::cout << "[sync] grandmaster failure at 10 s (announce 250 ms, timeout 3): all "
                  << "follow the backup after " << failover / 1e6 << " ms; E max "
                  << r.Get<double>("failover_skew_max_ns") << " ns meanwhile; E p99 after "
                  << "lock " << r.Get<double>("skew_p99_ns") << " ns" << std::endl;
        NS_TEST_EXPECT_MSG_GT(failover, 750000000LL, "not before the announce receipt timeout");
        NS_TEST_EXPECT_MSG_LT(failover, 1750000000LL, "within a second after it");
        NS_TEST_EXPECT_MSG_LT(r.Get<double>("failover_skew_max_ns"), 1000.0, "holdover");
        NS_TEST_EXPECT_MSG_GT(r.Get<double>("failover_skew_max_ns"), 0.0, "measured");
        StudyResult none =
            RunSync(StudySettings().Set("Nodes", "5").Set("Duration", "5s").Set("Warmup", "1s"));
        NS_TEST_EXPECT_MSG_EQ(none.Get<int64_t>("failover_ns"), -1, "no failure, no failover");
    }
};

/**
 * NTP and SNTP on a WAN-like line (three routers, 2 ms links, 1 ms path asymmetry, hosts 0-2
 * stratum-1 servers): NTP's E within 2 ms; a server lying by 100 ms once the clients are locked
 * is rejected by selection while SNTP asking it is 100 ms off; a lost upstream does not move
 * E; PTP on the same idle star keeps E orders of magnitude below NTP's.
 */
class NtpTestCase : public TestCase
{
  public:
    NtpTestCase()
        : TestCase("NTP on a WAN-like line: E within 2 ms; a 100 ms liar rejected by NTP, "
                   "followed by SNTP; a lost upstream; PTP beside NTP on one star")
    {
    }

  private:
    /**
     * \param protocol ntp, sntp or ptp
     * \return the WAN-like point (1 h, scored after 30 min, truth every second)
     */
    static StudySettings Wan(const std::string& protocol)
    {
        return StudySettings()
            .Set("Nodes", "6")
            .Set("Sync", protocol)
            .Set("Topology", "line")
            .Set("Switches", "3")
            .Set("LinkDelay", "2ms")
            .Set("Asymmetry", "1ms")
            .Set("Duration", "3600s")
            .Set("Warmup", "1800s")
            .Set("SamplePeriod", "1s")
            .Set("LockThreshold", "5ms");
    }

    void DoRun() override
    {
        StudyResult ntp = RunSync(Wan("ntp"));
        StudyResult liar = RunSync(Wan("ntp").Set("Liar", "100ms").Set("LiarFrom", "1500s"));
        StudyResult sntp = RunSync(Wan("sntp").Set("Liar", "100ms"));
        StudyResult loss = RunSync(Wan("ntp").Set("NtpServerLoss", "2000s"));
        std::cout << "[sync] NTP, line of 3 routers, 2 ms links, 1 ms asymmetry: E p99 "
                  << ntp.Get<double>("skew_p99_ns") / 1e6 << " ms, lock "
                  << ntp.Get<int64_t>("lock_ns") / 1e9 << " s; liar 100 ms from 1500 s: E max "
                  << liar.Get<double>("skew_max_ns") / 1e6 << " ms; SNTP asking the liar: E p50 "
                  << sntp.Get<double>("skew_p50_ns") / 1e6 << " ms; server 1 lost at 2000 s: "
                  << "E max " << loss.Get<double>("skew_max_ns") / 1e6 << " ms" << std::endl;
        NS_TEST_EXPECT_MSG_EQ(ntp.Get<bool>("locked"), true, "NTP locks within 5 ms");
        NS_TEST_EXPECT_MSG_LT(ntp.Get<double>("skew_p99_ns"), 2e6, "NTP: E p99 within 2 ms");
        NS_TEST_EXPECT_MSG_GT(ntp.Get<double>("skew_p99_ns"), 1e4, "NTP: not PTP-like");
        NS_TEST_EXPECT_MSG_LT(liar.Get<double>("skew_max_ns"), 5e6, "NTP rejects the liar");
        NS_TEST_EXPECT_MSG_GT(sntp.Get<double>("skew_p50_ns"), 95e6, "SNTP follows the liar");
        NS_TEST_EXPECT_MSG_LT(sntp.Get<double>("skew_max_ns"), 110e6, "by about 100 ms");
        NS_TEST_EXPECT_MSG_LT(loss.Get<double>("skew_max_ns"), 2e6, "two servers remain");

        StudySettings star = StudySettings()
                                 .Set("Nodes", "6")
                                 .Set("LinkDelay", "2ms")
                                 .Set("Duration", "3600s")
                                 .Set("Warmup", "1800s")
                                 .Set("SamplePeriod", "1s")
                                 .Set("LockThreshold", "5ms");
        StudySettings ptpStar = star;
        ptpStar.Set("Sync", "ptp")
            .Set("Duration", "40s")
            .Set("Warmup", "20s")
            .Set("SamplePeriod", "10ms")
            .Set("LockThreshold", "1us");
        StudyResult onStarNtp = RunSync(star.Set("Sync", "ntp"));
        StudyResult onStarPtp = RunSync(ptpStar);
        const double eNtp = onStarNtp.Get<double>("skew_p99_ns");
        const double ePtp = onStarPtp.Get<double>("skew_p99_ns");
        std::cout << "[sync] one star, 2 ms links: NTP E p99 " << eNtp / 1e3 << " us, PTP E p99 "
                  << ePtp << " ns" << std::endl;
        NS_TEST_EXPECT_MSG_LT(ePtp, 1000.0, "PTP: below 1 us");
        NS_TEST_EXPECT_MSG_GT(eNtp, 100 * ePtp, "NTP: orders of magnitude above PTP");
    }
};

/**
 * The replay study with its clocks disciplined by a protocol on its own LAN (Sync): the same
 * workload, the same SkewBound (20 us) and the same clocks, with and without PTP. Only the
 * synchronization differs, so the stampers' verdicts must follow the E the simulator measures:
 * under PTP the delivered E stays below the bound and HVC (hb => <) and RepCl's requirement 2
 * hold; free-running, E exceeds the bound and both report violations. HLC and RepCl's
 * requirement 1 hold for any skew (by construction), so they are not asserted here. This fails
 * if the stampers read clocks other than those the protocol steers, or if the study's E is not
 * the stampers' skew.
 */
class ReplaySyncTestCase : public TestCase
{
  public:
    ReplaySyncTestCase()
        : TestCase("replay study, same workload and SkewBound 20 us: with Sync ptp the delivered "
                   "E is below it and HVC and RepCl r2 hold; free-running (Sync none) E exceeds "
                   "it and both report violations")
    {
    }

  private:
    void DoRun() override
    {
        StudySettings base = StudySettings()
                                 .Set("Nodes", "8")
                                 .Set("ClockModel", "drifting")
                                 .Set("Duration", "10s")
                                 .Set("SkewBound", "20us")
                                 .Set("Interval", "10us")
                                 .Set("Rate", "5");
        StudyResult ptp = StudyRunner::Run("replay", StudySettings(base).Set("Sync", "ptp"));
        StudyResult none = StudyRunner::Run("replay", StudySettings(base).Set("Sync", "none"));
        for (const auto& [name, r] : {std::pair{"ptp", &ptp}, std::pair{"none", &none}})
        {
            std::cout << "[sync] replay, 8 nodes, SkewBound 20 us, Sync " << name
                      << ": delivered E p99 " << r->Get<double>("sync_skew_p99_ns") << " ns, max "
                      << r->Get<double>("sync_skew_max_ns") << " ns; hvc violations "
                      << r->Get<uint64_t>("hvc_violations") << ", r2 "
                      << r->Get<uint64_t>("r2_violations") << std::endl;
        }
        NS_TEST_EXPECT_MSG_LT(ptp.Get<double>("sync_skew_max_ns"), 20e3, "PTP: within the bound");
        NS_TEST_EXPECT_MSG_EQ(ptp.Get<uint64_t>("hvc_violations"), 0u, "PTP: HVC holds");
        NS_TEST_EXPECT_MSG_EQ(ptp.Get<uint64_t>("r2_violations"), 0u, "PTP: r2 holds");
        NS_TEST_EXPECT_MSG_GT(none.Get<double>("sync_skew_p50_ns"), 20e3, "none: above it");
        NS_TEST_EXPECT_MSG_GT(none.Get<uint64_t>("hvc_violations"), 0u, "none: HVC reported");
        NS_TEST_EXPECT_MSG_GT(none.Get<uint64_t>("r2_violations"), 0u, "none: r2 reported");
    }
};

/**
 * The time-error columns (doc/sync.rst): with transparent clocks every slave meets at least
 * class C against host 0; a 3 us path asymmetry puts a cTE of -a/2 on every slave that PTP
 * cannot see, and no class admits it. Against true time host 0's MTIE(1 s) is its drift x 1 s
 * (a constant-drift oscillator), while its TDEV, blind to a frequency offset, stays below 1 ns.
 */
class TimeErrorColumnsTestCase : public TestCase
{
  public:
    TimeErrorColumnsTestCase()
        : TestCase("time-error columns: a class (A to D) with TCs, none under a 3 us "
                   "asymmetry (cTE minus a half), the grandmaster's MTIE is its drift")
    {
    }

  private:
    void DoRun() override
    {
        StudySettings settings =
            StudySettings().Set("Nodes", "4").Set("Duration", "20s").Set("Warmup", "8s");
        StudyResult r = RunSync(settings);
        StudyResult skewed = RunSync(StudySettings(settings).Set("Asymmetry", "3us"));
        for (std::size_t i = 0; i < r.GetRows().size(); ++i)
        {
            const StudyRecord& row = r.GetRows()[i];
            const StudyRecord& bad = skewed.GetRows()[i];
            NS_TEST_EXPECT_MSG_EQ(row.IsNotApplicable("te_mtie_100s_ns"), true, "12 s window");
            NS_TEST_EXPECT_MSG_EQ(row.IsNotApplicable("te_tdev_10s_ns"), true, "3 tau > 12 s");
            if (i == 0)
            {
                NS_TEST_EXPECT_MSG_EQ(row.IsNotApplicable("te_gm_class"), true, "its reference");
                const double drift = std::fabs(row.Get<double>("base_drift_ppm"));
                NS_TEST_EXPECT_MSG_EQ_TOL(row.Get<double>("te_mtie_1s_ns"),
                                          drift * 1000.0,
                                          2.0,
                                          "host 0 against true time: drift x 1 s");
                NS_TEST_EXPECT_MSG_LT(row.Get<double>("te_tdev_1s_ns"), 1.0, "TDEV: no drift");
                continue;
            }
            const std::string c = row.Get<std::string>("te_gm_class");
            std::cout << "[sync] host " << i << " against host 0: class " << c << ", max|TE| "
                      << row.Get<double>("te_gm_max_ns") << " ns; with 3 us asymmetry cTE "
                      << bad.Get<double>("te_gm_cte_ns") << " ns, class "
                      << bad.Get<std::string>("te_gm_class") << std::endl;
            // Which class a host meets over 12 s varies with the run's streams (ns-3 3.37: C or
            // D; 3.48: one host B, its dTE over 10 ns); any class is far from the asymmetric
            // run's, which no class admits.
            NS_TEST_EXPECT_MSG_NE(c, "none", "host " << i);
            NS_TEST_EXPECT_MSG_LT(row.Get<double>("te_gm_max_ns"), 100.0, "class A's max|TE|");
            NS_TEST_EXPECT_MSG_EQ(bad.Get<std::string>("te_gm_class"), "none", "host " << i);
            NS_TEST_EXPECT_MSG_EQ_TOL(bad.Get<double>("te_gm_cte_ns"), -1500.0, 20.0, "-a/2");
        }
        NS_TEST_EXPECT_MSG_EQ(skewed.Get<std::string>("te_gm_class_worst"), "none", "summary");
        NS_TEST_EXPECT_MSG_EQ(r.Get<std::string>("te_gm_by_hops").substr(0, 2), "1:", "hops");
    }
};

/** \brief Suite. */
class SyncStudyTestSuite : public TestSuite
{
  public:
    SyncStudyTestSuite()
        : TestSuite("chronometry-sync-study", Type::SYSTEM)
    {
        AddTestCase(new IdleLanTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LoadTestCase, chronometry::TestDuration::EXTENSIVE);
        AddTestCase(new NoSyncTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReproducibleTestCase, chronometry::TestDuration::EXTENSIVE);
        AddTestCase(new FailoverTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReplaySyncTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TimeErrorColumnsTestCase, chronometry::TestDuration::QUICK);
    }
};

SyncStudyTestSuite g_syncStudyTestSuite; //!< instance

} // namespace
