/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Estimator math of the MinRTT relation against exact synthetic truth.

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/test.h"
#include "ns3/tsc-relation.h"

#include <cmath>
#include <random>

using namespace ns3;
using namespace ns3::relation;

namespace
{

/** An affine counter: floor(boot + hz t) with t in true seconds. */
struct Counter
{
    double boot; //!< value at t = 0
    double hz;   //!< actual rate

    /** \param t true time (s) \return the real-valued counter */
    double Real(double t) const
    {
        return boot + hz * t;
    }

    /** \param t true time (s) \return the read (floor) */
    uint64_t Read(double t) const
    {
        return static_cast<uint64_t>(std::floor(Real(t)));
    }
};

/** A random world of three counters and probe rounds between them. */
struct World
{
    Counter a; //!< reference
    Counter b; //!< second node
    Counter c; //!< third node
    std::mt19937_64 rng;
    double base{20e-6};  //!< fixed one-way delay (s)
    double queue{30e-6}; //!< mean exponential queueing (s)

    explicit World(uint64_t seed)
        : rng(seed)
    {
        a = Draw();
        b = Draw();
        c = Draw();
    }

    /** \return a random counter: 1-4 GHz nominal, +-100 ppm, boot < 2^40 */
    Counter Draw()
    {
        std::uniform_real_distribution<double> f(1e9, 4e9);
        std::uniform_real_distribution<double> ppm(-100, 100);
        std::uniform_real_distribution<double> boot(0, std::ldexp(1.0, 40));
        return Counter{std::floor(boot(rng)), f(rng) * (1 + ppm(rng) * 1e-6)};
    }

    /**
     * One round initiated by x towards y at true time t with random asymmetric
     * one-way delays (min 20 us, plus exponential queueing).
     */
    MinRttRound Round(const Counter& x,
                      const Counter& y,
                      double t,
                      double fwdExtra,
                      double revExtra)
    {
        std::exponential_distribution<double> q(1.0 / queue);
        double fwd = base + fwdExtra + q(rng);
        double rev = base + revExtra + q(rng);
        return MinRttRound{x.Read(t), y.Read(t + fwd), x.Read(t + fwd + rev)};
    }

    /** N rounds starting at t, 1 ms apart. */
    std::vector<MinRttRound> Rounds(const Counter& x,
                                    const Counter& y,
                                    double t,
                                    int n,
                                    double fwdExtra,
                                    double revExtra)
    {
        std::vector<MinRttRound> out;
        for (int i = 0; i < n; ++i)
        {
            out.push_back(Round(x, y, t + i * 1e-3, fwdExtra, revExtra));
        }
        return out;
    }
};

/** Eq. (2) and Eq. (4) with symmetric delays: the estimate is (nearly) exact. */
class SymmetricExactTestCase : public TestCase
{
  public:
    SymmetricExactTestCase()
        : TestCase("Eq. 2 ratio and Eq. 4 translation are exact for symmetric delays")
    {
    }

  private:
    void DoRun() override
    {
        Counter a{1000.0, 2.2e9 * (1 + 20e-6)};
        Counter b{5e11, 3.0e9 * (1 - 35e-6)};
        auto round = [&](double t) {
            return MinRttRound{a.Read(t), b.Read(t + 50e-6), a.Read(t + 100e-6)};
        };
        TscRelation rel(round(1.0), round(61.0));
        NS_TEST_ASSERT_MSG_EQ_TOL(rel.GetRatio(), a.hz / b.hz, 1e-9, "Eq. 2 ratio");
        // e = half the RTT = 50 us of A ticks
        NS_TEST_ASSERT_MSG_EQ_TOL(rel.GetE(), 50e-6 * a.hz, 1.0, "e is half the MinRTT");
        for (double t : {2.0, 10.0, 30.5, 60.0})
        {
            TickEstimate est = rel.Translate(static_cast<double>(b.Read(t)));
            NS_TEST_ASSERT_MSG_EQ_TOL(est.value, a.Real(t), 4.0, "Eq. 4 exact when symmetric");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(est.bound, rel.GetE() + 8, "bound <= e inside");
        }
        // Scenario 1: a 5 ms duration on B, exact up to a few ticks
        DurationEstimate d = Scenario1(rel, b.Read(20.0), b.Read(20.005));
        NS_TEST_ASSERT_MSG_EQ_TOL(d.value, a.hz * 0.005, 4.0, "scenario 1 value");
        // trivial case
        DurationEstimate t0 = TrivialDuration(a.Read(3.0), a.Read(3.5));
        NS_TEST_ASSERT_MSG_EQ(t0.bound, 0.0, "trivial case has no error");
        NS_TEST_ASSERT_MSG_EQ_TOL(t0.value, a.hz * 0.5, 1.0, "trivial value");
        // MinRTT selection
        std::vector<MinRttRound> rs{MinRttRound{0, 5, 10},
                                    MinRttRound{20, 24, 26},
                                    MinRttRound{30, 33, 40}};
        NS_TEST_ASSERT_MSG_EQ(SelectMinRtt(rs).sendA, 20u, "min RTT round selected");
    }
};

/** Table II: Scenario 1 < Scenario 2 = e < Scenario 3 < baseline 2e. */
class TableTwoOrderingTestCase : public TestCase
{
  public:
    TableTwoOrderingTestCase()
        : TestCase("Table II ordering of error bounds (paper and rigorous forms)")
    {
    }

  private:
    void DoRun() override
    {
        // equal 100 us MinRTTs on all pairs, A the fastest (r_B^A >= 1 as in the paper)
        Counter a{1e6, 2.2e9 * (1 + 30e-6)};
        Counter b{3e11, 2.2e9 * (1 - 10e-6)};
        Counter c{7e11, 2.2e9 * (1 + 5e-6)};
        auto round = [](const Counter& x, const Counter& y, double t) {
            return MinRttRound{x.Read(t), y.Read(t + 50e-6), x.Read(t + 100e-6)};
        };
        TscRelation ab(round(a, b, 0.0), round(a, b, 100.0));
        TscRelation ac(round(a, c, 0.0), round(a, c, 100.0));
        TscRelation bc(round(b, c, 0.0), round(b, c, 100.0));
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ab.GetRatio(), 1.0, "r_B^A >= 1 in this setup");
        double e = ab.GetE();
        // a 2 ms tuple: starts on B at 50 s, ends on C 2 ms later; B-local part 1 ms
        DurationEstimate s1 = Scenario1(ab, b.Read(50.0), b.Read(50.001));
        DurationEstimate s2 = Scenario2(ab, a.Read(50.0), b.Read(50.002));
        DurationEstimate s3 = Scenario3(ab, bc, b.Read(50.0), c.Read(50.002));
        DurationEstimate base = Baseline(ab, ac, b.Read(50.0), c.Read(50.002));
        // paper forms
        NS_TEST_ASSERT_MSG_GT(s1.paperBound, 0.0, "scenario 1 > 0");
        NS_TEST_ASSERT_MSG_LT(s1.paperBound, s2.paperBound, "scenario 1 < scenario 2");
        NS_TEST_ASSERT_MSG_EQ_TOL(s2.paperBound, e, 1e-9, "scenario 2 = e");
        NS_TEST_ASSERT_MSG_LT(s2.paperBound, s3.paperBound, "scenario 2 < scenario 3");
        NS_TEST_ASSERT_MSG_LT(s3.paperBound, base.paperBound, "scenario 3 < baseline");
        NS_TEST_ASSERT_MSG_EQ_TOL(base.paperBound, 2 * e, 1e-9, "baseline = 2e");
        // rigorous forms keep the ordering (up to the few ticks of slack)
        NS_TEST_ASSERT_MSG_LT(s1.bound, s2.bound, "rigorous: 1 < 2");
        NS_TEST_ASSERT_MSG_EQ_TOL(s2.bound, e, 10.0, "rigorous: 2 ~ e");
        NS_TEST_ASSERT_MSG_LT(s2.bound, s3.bound, "rigorous: 2 < 3");
        NS_TEST_ASSERT_MSG_LT(s3.bound, base.bound, "rigorous: 3 < baseline");
        // and the truth lies within each
        double truthS3 = std::floor(a.Real(50.002)) - std::floor(a.Real(50.0));
        NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(s3.value - truthS3), s3.bound, "s3 covers truth");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(base.value - truthS3), base.bound, "base covers");
    }
};

/**
 * Many random worlds: every rigorous bound covers the truth (100%), the paper's
 * e fails only outside the MinRTT window, and the multi-round bound is valid and
 * never looser than the two-round bound inside the window.
 */
class RandomCoverageTestCase : public TestCase
{
  public:
    RandomCoverageTestCase()
        : TestCase("2 x 500 random worlds: 100% coverage, multi-round tighter and valid")
    {
    }

  private:
    void DoRun() override
    {
        // floor-dominated delays (20 us fixed, 30 us queueing, up to 200 us asymmetry)
        double r1 = Run(20e-6, 30e-6, 200e-6, 1);
        // queueing-dominated delays (5 us fixed, 100 us queueing, no asymmetry)
        double r2 = Run(5e-6, 100e-6, 0, 2);
        NS_TEST_ASSERT_MSG_LT(r1, 1.0, "multi-round tighter on average (floor-dominated)");
        NS_TEST_ASSERT_MSG_LT(r2, 0.8, "multi-round >= 20% tighter (queueing-dominated)");
    }

    /**
     * \param base fixed delay \param queue mean queueing \param maxAsym asymmetry
     * \param tag seed tag \return mean multi-round bound / mean two-round bound
     */
    double Run(double base, double queue, double maxAsym, uint64_t tag)
    {
        int checks = 0;
        int paperInsideFail = 0;
        int paperOutsideFail = 0;
        int outsideChecks = 0;
        double sumTwo = 0;
        double sumMulti = 0;
        for (uint64_t trial = 0; trial < 500; ++trial)
        {
            World w(12345 + 1000 * tag + trial);
            w.base = base;
            w.queue = queue;
            std::uniform_real_distribution<double> asym(0, maxAsym);
            double fa = asym(w.rng);
            double ra = asym(w.rng);
            const double t1 = 1.0;
            const double t2 = 40.0;
            auto abPre = w.Rounds(w.a, w.b, t1, 20, fa, ra);
            auto abPost = w.Rounds(w.a, w.b, t2, 20, ra, fa);
            auto acPre = w.Rounds(w.a, w.c, t1, 20, ra, fa);
            auto acPost = w.Rounds(w.a, w.c, t2, 20, fa, ra);
            auto bcPre = w.Rounds(w.b, w.c, t1, 20, fa, fa);
            auto bcPost = w.Rounds(w.b, w.c, t2, 20, fa, fa);
            TscRelation ab(SelectMinRtt(abPre), SelectMinRtt(abPost));
            TscRelation ac(SelectMinRtt(acPre), SelectMinRtt(acPost));
            TscRelation bc(SelectMinRtt(bcPre), SelectMinRtt(bcPost));
            MultiRoundRelation mab;
            MultiRoundRelation mac;
            MultiRoundRelation mbc;
            mab.AddRounds(abPre);
            mab.AddRounds(abPost);
            mac.AddRounds(acPre);
            mac.AddRounds(acPost);
            mbc.AddRounds(bcPre);
            mbc.AddRounds(bcPost);
            NS_TEST_EXPECT_MSG_EQ((mab.Fit() && mac.Fit() && mbc.Fit()), true, "fit");
            Interval rr = mab.GetRatioRange();
            double rTrue = w.a.hz / w.b.hz;
            NS_TEST_EXPECT_MSG_EQ((rr.lo <= rTrue && rTrue <= rr.hi), true, "ratio range");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(ab.GetRatio() - rTrue),
                                        ab.GetRatioBound(),
                                        "ratio bound");
            std::uniform_real_distribution<double> when(t1 + 0.1, t2 - 0.1);
            std::uniform_real_distribution<double> outside(t2 + 40, t2 + 120);
            std::uniform_real_distribution<double> dur(1e-5, 5e-3);
            for (int k = 0; k < 6; ++k)
            {
                bool inside = k < 4;
                double ts = inside ? when(w.rng) : outside(w.rng);
                double tm = ts + dur(w.rng);
                double te = tm + dur(w.rng);
                double truthAB = std::floor(w.a.Real(tm)) - std::floor(w.a.Real(ts));
                double truthBB = std::floor(w.a.Real(tm)) - std::floor(w.a.Real(ts));
                double truthBC = std::floor(w.a.Real(te)) - std::floor(w.a.Real(ts));
                // scenario 2: A -> B
                DurationEstimate s2 = Scenario2(ab, w.a.Read(ts), w.b.Read(tm));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(s2.value - truthAB), s2.bound, "s2 cover");
                TickEstimate m2 = multi::Scenario2(mab, w.a.Read(ts), w.b.Read(tm));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(m2.value - truthAB), m2.bound, "m2 cover");
                // scenario 1: B -> B
                DurationEstimate s1 = Scenario1(ab, w.b.Read(ts), w.b.Read(tm));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(s1.value - truthBB), s1.bound, "s1 cover");
                TickEstimate m1 = multi::Scenario1(mab, w.b.Read(ts), w.b.Read(tm));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(m1.value - truthBB), m1.bound, "m1 cover");
                // scenario 3 and baseline: B -> C
                DurationEstimate s3 = Scenario3(ab, bc, w.b.Read(ts), w.c.Read(te));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(s3.value - truthBC), s3.bound, "s3 cover");
                DurationEstimate bl = Baseline(ab, ac, w.b.Read(ts), w.c.Read(te));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(bl.value - truthBC), bl.bound, "base cover");
                TickEstimate m3 = multi::Scenario3(mab, mbc, mac, w.b.Read(ts), w.c.Read(te));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(m3.value - truthBC), m3.bound, "m3 cover");
                checks += 6;
                bool paperOk = std::abs(s2.value - truthAB) <= s2.paperBound;
                if (inside)
                {
                    paperInsideFail += paperOk ? 0 : 1;
                    // polygon within the two-round parallelogram
                    NS_TEST_EXPECT_MSG_LT_OR_EQ(m2.bound, s2.bound + 4, "multi no looser");
                    sumTwo += s2.bound;
                    sumMulti += m2.bound;
                }
                else
                {
                    ++outsideChecks;
                    paperOutsideFail += paperOk ? 0 : 1;
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(paperInsideFail, 0, "paper's e holds inside the window");
        if (maxAsym > 0)
        {
            // outside the window (extrapolation) e is no bound when the asymmetry
            // changed between the two MinRTT rounds
            NS_TEST_EXPECT_MSG_GT(paperOutsideFail, 0, "paper's e fails when extrapolating");
        }
        std::cout << "tsc-relation: " << checks << " estimates covered; paper e failed "
                  << paperOutsideFail << "/" << outsideChecks
                  << " extrapolated scenario-2 checks; multi/two-round mean bound "
                  << sumMulti / sumTwo << std::endl;
        return sumMulti / sumTwo;
    }
};

/** NTP-style estimator and ReT against truth. */
class NtpAndReturnTripTestCase : public TestCase
{
  public:
    NtpAndReturnTripTestCase()
        : TestCase("NTP offset bound covers truth when phi bounds the skew; ReT bound")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(99);
        std::uniform_real_distribution<double> ppm(-50, 50);
        std::exponential_distribution<double> q(1.0 / 200e-6);
        int covered = 0;
        int total = 0;
        for (int trial = 0; trial < 200; ++trial)
        {
            // client and server clocks in seconds: x(t) = off + (1 + rho) t
            double offS = 10.0;
            double rhoS = ppm(rng) * 1e-6;
            double offC = -3.0 + trial * 1e-3;
            double rhoC = ppm(rng) * 1e-6;
            auto S = [&](double t) { return Seconds(offS + (1 + rhoS) * t); };
            auto C = [&](double t) { return Seconds(offC + (1 + rhoC) * t); };
            NtpEstimator ntp(100.0, NanoSeconds(1), 8);
            for (int k = 0; k < 10; ++k)
            {
                double t = 1 + 16.0 * k;
                double fwd = 50e-6 + q(rng);
                double rev = 50e-6 + q(rng);
                ntp.AddSample(
                    NtpSample{C(t), S(t + fwd), S(t + fwd + 1e-6), C(t + fwd + 1e-6 + rev)});
                double tq = t + 5 + q(rng) * 1e4;
                TimeEstimate est = ntp.ToServer(C(tq));
                ++total;
                if (Abs(est.value - S(tq)) <= est.bound)
                {
                    ++covered;
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(covered, total, "NTP bound covers every query");
        TimeEstimate ret = ReturnTrip(MicroSeconds(100), MicroSeconds(900), MicroSeconds(400), 50);
        NS_TEST_ASSERT_MSG_EQ(ret.value, MicroSeconds(800), "ReT is T3 - T1");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ret.bound, MicroSeconds(400), "ReT bound >= return RTT");
    }
};

} // namespace

/** The tsc-relation test suite. */
class TscRelationTestSuite : public TestSuite
{
  public:
    TscRelationTestSuite()
        : TestSuite("chronometry-tsc-relation", Type::UNIT)
    {
        AddTestCase(new SymmetricExactTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TableTwoOrderingTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RandomCoverageTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NtpAndReturnTripTestCase, chronometry::TestDuration::QUICK);
    }
};

static TscRelationTestSuite g_tscRelationTestSuite; //!< static instance
