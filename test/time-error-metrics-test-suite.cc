/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// TimeErrorMetrics (simulator-free): TDEV against its closed forms for white PM and white FM,
// MTIE exactly on a ramp, a square wave and a spike and against a brute-force reference,
// cTE of an offset in zero-mean noise, the 0.1 Hz low-pass's -3 dB point, and the G.8273.2
// class decision at every limit's edge (the limits written here from doc/sync.rst, not read
// back from the code).
#include "expected-throw-scope.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/random-variable-stream.h"
#include "ns3/test.h"
#include "ns3/time-error-metrics.h"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param n count
 * \param sigma standard deviation
 * \param stream the normal variable's stream
 * \return n zero-mean normal samples
 */
std::vector<double>
Normals(std::size_t n, double sigma, int64_t stream)
{
    auto normal = CreateObject<NormalRandomVariable>();
    normal->SetAttribute("Mean", DoubleValue(0.0));
    normal->SetAttribute("Variance", DoubleValue(sigma * sigma));
    normal->SetStream(stream);
    std::vector<double> v(n);
    for (auto& x : v)
    {
        x = normal->GetValue();
    }
    return v;
}

/**
 * TDEV of white phase noise of deviation s: the window sum of second differences adds three
 * disjoint blocks of n samples with weights 1, -2, 1, so its variance is 6 n s^2 and
 * TDEV^2 = 6 n s^2 / (6 n^2) = s^2 / n. Of white FM (a random walk of steps of deviation q)
 * the sum weighs each step by a triangle whose squares add to n (n^2 + 1), so
 * TDEV^2 = q^2 (n^2 + 1) / (6 n): slope 1/2 in tau. Tolerances: 4.4 to 5.3 standard deviations of
 * the estimate over 200 seeds (doc/sync.rst); a 1/(2 n^2) (Allan-style) normalisation is
 * off by sqrt(3) and fails.
 */
class TdevClosedFormTestCase : public TestCase
{
  public:
    TdevClosedFormTestCase()
        : TestCase("TDEV of white PM is s over sqrt(n), of white FM q sqrt((n^2+1) over 6n)")
    {
    }

  private:
    void DoRun() override
    {
        const Time tau0 = MilliSeconds(10);
        const double s = 5.0;
        TimeErrorMetrics pm(Normals(20000, s, 11), tau0);
        const std::pair<uint32_t, double> pmCases[] = {{1, 0.03}, {10, 0.06}, {100, 0.20}};
        for (const auto& [n, tol] : pmCases)
        {
            const double expected = s / std::sqrt(double(n));
            NS_TEST_EXPECT_MSG_EQ_TOL(*pm.Tdev(tau0 * n),
                                      expected,
                                      tol * expected,
                                      "white PM, n = " << n);
        }
        const double q = 2.0;
        std::vector<double> walk = Normals(50000, q, 12);
        for (std::size_t i = 1; i < walk.size(); ++i)
        {
            walk[i] += walk[i - 1];
        }
        TimeErrorMetrics fm(walk, tau0);
        const std::pair<uint32_t, double> fmCases[] = {{1, 0.02}, {10, 0.05}, {100, 0.15}};
        for (const auto& [n, tol] : fmCases)
        {
            const double expected = q * std::sqrt((double(n) * n + 1) / (6.0 * n));
            NS_TEST_EXPECT_MSG_EQ_TOL(*fm.Tdev(tau0 * n),
                                      expected,
                                      tol * expected,
                                      "white FM, n = " << n);
        }
        const double slope = std::log10(*fm.Tdev(tau0 * 100) / *fm.Tdev(tau0 * 10));
        NS_TEST_EXPECT_MSG_EQ_TOL(slope, 0.5, 0.07, "white FM: TDEV ~ tau^(1/2)");
        const double pmSlope = std::log10(*pm.Tdev(tau0 * 100) / *pm.Tdev(tau0 * 10));
        NS_TEST_EXPECT_MSG_EQ_TOL(pmSlope, -0.5, 0.1, "white PM: TDEV ~ tau^(-1/2)");
        // 3 n <= N - 1: the last tau with a full window, then none (not applicable, not 0).
        TimeErrorMetrics small(Normals(31, 1.0, 13), tau0);
        NS_TEST_EXPECT_MSG_EQ(small.Tdev(tau0 * 10).has_value(), true, "3n = N - 1");
        NS_TEST_EXPECT_MSG_EQ(small.Tdev(tau0 * 11).has_value(), false, "3n > N - 1");
    }
};

/**
 * \param x samples
 * \param n window span in intervals
 * \return MTIE by the definition, O(N n)
 */
double
BruteMtie(const std::vector<double>& x, std::size_t n)
{
    double mtie = 0;
    for (std::size_t k = 0; k + n < x.size(); ++k)
    {
        double hi = x[k];
        double lo = x[k];
        for (std::size_t i = k; i <= k + n; ++i)
        {
            hi = std::max(hi, x[i]);
            lo = std::min(lo, x[i]);
        }
        mtie = std::max(mtie, hi - lo);
    }
    return mtie;
}

/** MTIE exactly on known series, and equal to the definition on random ones. */
class MtieTestCase : public TestCase
{
  public:
    MtieTestCase()
        : TestCase("MTIE: ramp slope x tau, square wave 2a, spike, brute force")
    {
    }

  private:
    void DoRun() override
    {
        const Time tau0 = MilliSeconds(10);
        std::vector<double> ramp(1000);
        for (std::size_t i = 0; i < ramp.size(); ++i)
        {
            ramp[i] = 3.0 * i; // 300 ns/s
        }
        TimeErrorMetrics r(ramp, tau0);
        for (uint32_t n : {1u, 7u, 100u, 999u})
        {
            NS_TEST_EXPECT_MSG_EQ(*r.Mtie(tau0 * n), 3.0 * n, "ramp: slope x tau, n = " << n);
        }
        NS_TEST_EXPECT_MSG_EQ(r.Mtie(Seconds(1)).value_or(-1), 300.0, "tau as Time");
        NS_TEST_EXPECT_MSG_EQ(r.Mtie(tau0 * 1000).has_value(), false, "longer than the run");
        std::vector<double> square(1000);
        for (std::size_t i = 0; i < square.size(); ++i)
        {
            square[i] = (i / 20) % 2 == 0 ? 25.0 : -25.0; // period 40 samples
        }
        TimeErrorMetrics sq(square, tau0);
        for (uint32_t n : {1u, 19u, 20u, 39u, 500u})
        {
            NS_TEST_EXPECT_MSG_EQ(*sq.Mtie(tau0 * n), 50.0, "square: 2a, n = " << n);
        }
        std::vector<double> spike(200, 4.0);
        spike[150] = 11.0;
        TimeErrorMetrics sp(spike, tau0);
        NS_TEST_EXPECT_MSG_EQ(*sp.Mtie(tau0), 7.0, "a spike is seen by the shortest window");
        NS_TEST_EXPECT_MSG_EQ(*sp.Mtie(tau0 * 199), 7.0, "and by the longest");
        auto u = CreateObject<UniformRandomVariable>();
        u->SetStream(21);
        for (int trial = 0; trial < 30; ++trial)
        {
            const auto size = static_cast<std::size_t>(u->GetInteger(2, 300));
            std::vector<double> x(size);
            double walk = 0;
            for (auto& v : x)
            {
                walk += u->GetValue(-5, 5);
                v = trial % 2 == 0 ? u->GetValue(-100, 100) : walk;
            }
            for (std::size_t n = 1; n < size; ++n)
            {
                NS_TEST_EXPECT_MSG_EQ(TimeErrorMetrics::MtieSamples(x, n),
                                      BruteMtie(x, n),
                                      "trial " << trial << ", N " << size << ", n " << n);
            }
        }
    }
};

/** cTE is the signed mean: an offset in zero-mean noise, not the mean |TE|. */
class CteTestCase : public TestCase
{
  public:
    CteTestCase()
        : TestCase("cTE of -37 ns plus zero-mean noise (s = 20 ns) is -37 ns")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<double> te = Normals(10000, 20.0, 31);
        for (auto& v : te)
        {
            v -= 37.0;
        }
        TimeErrorMetrics m(te, MilliSeconds(10));
        // 3 s / sqrt(N) = 0.6 ns; the mean |TE| would be about 40 ns.
        NS_TEST_EXPECT_MSG_EQ_TOL(m.ConstantTe(), -37.0, 1.0, "cTE");
        NS_TEST_EXPECT_MSG_GT(m.MaxAbsTe(), 37.0 + 3 * 20.0, "max|TE| sees the noise peaks");
    }
};

/**
 * The low-pass's gain at 0.01, 0.1 and 1 Hz against 1 / sqrt(1 + (f / 0.1 Hz)^2) (exact at
 * the corner: prewarped), read from the steady-state amplitude of a sine; the high-pass part
 * TE - TE_L has the same -3 dB at 0.1 Hz. A corner taken as 0.1 rad/s (0.016 Hz) gives 0.16 at
 * 0.1 Hz; one of 0.1 x 2 pi Hz gives 0.99.
 */
class LowPassTestCase : public TestCase
{
  public:
    LowPassTestCase()
        : TestCase("0.1 Hz low-pass: -3 dB at 0.1 Hz; high-pass complement; Nyquist")
    {
    }

  private:
    void DoRun() override
    {
        const Time tau0 = MilliSeconds(10);
        for (double f : {0.01, 0.1, 1.0})
        {
            const std::size_t count = 30000; // 300 s; the last 100 s read (transient gone)
            std::vector<double> x(count);
            for (std::size_t i = 0; i < count; ++i)
            {
                x[i] = 100.0 * std::sin(2 * M_PI * f * i * tau0.GetSeconds());
            }
            TimeErrorMetrics m(x, tau0);
            const std::vector<double> low = m.LowPass();
            double lowAmp = 0;
            double highAmp = 0;
            for (std::size_t i = 20000; i < count; ++i)
            {
                lowAmp = std::max(lowAmp, std::fabs(low[i]));
                highAmp = std::max(highAmp, std::fabs(x[i] - low[i]));
            }
            const double r = f / TimeErrorMetrics::kCornerHz;
            NS_TEST_EXPECT_MSG_EQ_TOL(lowAmp / 100,
                                      1 / std::sqrt(1 + r * r),
                                      0.005,
                                      "low-pass gain at " << f << " Hz");
            NS_TEST_EXPECT_MSG_EQ_TOL(highAmp / 100,
                                      r / std::sqrt(1 + r * r),
                                      0.005,
                                      "high-pass gain at " << f << " Hz");
        }
        TimeErrorMetrics coarse(std::vector<double>(100, 1.0), Seconds(5));
        NS_TEST_EXPECT_MSG_EQ(coarse.CanFilter(), false, "5 s: 0.1 Hz is Nyquist");
        NS_TEST_EXPECT_MSG_EQ(coarse.DteLowMtie().has_value(), false, "no dTE_L");
        NS_TEST_EXPECT_MSG_EQ(G8273ClassName(ClassifyG8273(coarse.Summarize())),
                              "none",
                              "no class without the filtered figures");
        TimeErrorMetrics fine(std::vector<double>(100, 1.0), MilliSeconds(4999));
        NS_TEST_EXPECT_MSG_EQ(fine.CanFilter(), true, "4.999 s");
    }
};

/**
 * The class decision at every limit (G.8273.2 noise generation, doc/sync.rst): max|TE|
 * 100/70/30 ns, cTE 50/20/10 ns, dTE_L MTIE 40/40/10 ns, dTE_H 70/70/30 ns for A/B/C, max|TE_L|
 * 5 ns for D. A value equal to a limit meets it; the next double above does not.
 */
class ClassEdgesTestCase : public TestCase
{
  public:
    ClassEdgesTestCase()
        : TestCase("G.8273.2 class at each limit's edges")
    {
    }

  private:
    void DoRun() override
    {
        using C = G8273Class;

        enum Field
        {
            MAX,
            CTE,
            MTIE,
            HIGH,
            LOW
        };

        struct Edge
        {
            Field field;
            double limit;
            C at;    // class with the figure at the limit
            C above; // and just above it
        };

        const Edge edges[] = {
            {MAX, 100, C::A, C::NONE},
            {MAX, 70, C::B, C::A},
            {MAX, 30, C::C, C::B},
            {CTE, 50, C::A, C::NONE},
            {CTE, 20, C::B, C::A},
            {CTE, 10, C::C, C::B},
            {CTE, -50, C::A, C::NONE},
            {CTE, -10, C::C, C::B},
            {MTIE, 40, C::B, C::NONE},
            {MTIE, 10, C::C, C::B},
            {HIGH, 70, C::B, C::NONE},
            {HIGH, 30, C::C, C::B},
            {LOW, 5, C::D, C::C},
        };
        for (const Edge& e : edges)
        {
            for (bool above : {false, true})
            {
                const double v =
                    above ? std::nextafter(e.limit, e.limit > 0 ? 1e9 : -1e9) : e.limit;
                TimeErrorSummary s;
                s.dteLowMtie = 0.0;
                s.dteHighPp = 0.0;
                s.maxAbsTeLow = e.field == LOW ? v : 5.5; // 5.5: not D, so C is the top
                switch (e.field)
                {
                case MAX:
                    s.maxAbsTe = v;
                    break;
                case CTE:
                    s.cte = v;
                    break;
                case MTIE:
                    s.dteLowMtie = v;
                    break;
                case HIGH:
                    s.dteHighPp = v;
                    break;
                default:
                    break;
                }
                const C expected = above ? e.above : e.at;
                NS_TEST_EXPECT_MSG_EQ(G8273ClassName(ClassifyG8273(s)),
                                      G8273ClassName(expected),
                                      "field " << e.field << " = " << v);
            }
        }
        TimeErrorSummary missing;
        NS_TEST_EXPECT_MSG_EQ(G8273ClassName(ClassifyG8273(missing)), "none", "not measured");
        // From series: a constant 10 ns (cTE at C's edge, TE_L above D's) and 4 ns (D).
        const Time tau0 = MilliSeconds(10);
        TimeErrorMetrics ten(std::vector<double>(1000, 10.0), tau0);
        NS_TEST_EXPECT_MSG_EQ(G8273ClassName(ClassifyG8273(ten.Summarize())), "C", "10 ns");
        TimeErrorMetrics four(std::vector<double>(1000, 4.0), tau0);
        NS_TEST_EXPECT_MSG_EQ(G8273ClassName(ClassifyG8273(four.Summarize())), "D", "4 ns");
        // A 1 Hz sine of 20 ns: max|TE| 20, cTE 0 and TE_L within +-4 ns meet C (and D's 5 ns),
        // but TE_H swings 2 x 19.9 ns > 30 ns: B. A check that skipped dTE_H, or took the
        // low-pass side for it, would say D.
        std::vector<double> sine(20000);
        for (std::size_t i = 0; i < sine.size(); ++i)
        {
            sine[i] = 20.0 * std::sin(2 * M_PI * i * tau0.GetSeconds());
        }
        TimeErrorMetrics wave(sine, tau0);
        NS_TEST_EXPECT_MSG_EQ_TOL(*wave.DteHighPeakToPeak(), 39.8, 2.5, "dTE_H of a 1 Hz sine");
        NS_TEST_EXPECT_MSG_LT(*wave.DteLowMtie(), 10.0, "its dTE_L meets C");
        NS_TEST_EXPECT_MSG_EQ(G8273ClassName(ClassifyG8273(wave.Summarize())),
                              "B",
                              "dTE_H above 30 ns: not C");
    }
};

/**
 * dTE_L MTIE is read at min(observation, 1000 s): on a 1 ns/s ramp of 3000 s it is 1000 ns
 * (TE_L follows the ramp 1.6 s late), not the 3000 ns of the whole capture; and the refusals.
 */
class ObservationAndRefusalTestCase : public TestCase
{
  public:
    ObservationAndRefusalTestCase()
        : TestCase("dTE_L MTIE at 1000 s of a longer capture; refusals")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<double> ramp(3001);
        for (std::size_t i = 0; i < ramp.size(); ++i)
        {
            ramp[i] = double(i); // 1 ns/s on a 1 s grid
        }
        TimeErrorMetrics m(ramp, Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(m.GetObservation(), Seconds(3000), "(N - 1) tau0");
        NS_TEST_EXPECT_MSG_EQ_TOL(*m.DteLowMtie(), 1000.0, 2.0, "the 1000 s window");
        NS_TEST_EXPECT_MSG_EQ(*m.Mtie(Seconds(3000)), 3000.0, "the whole capture");
        TimeErrorMetrics shortRun(std::vector<double>(ramp.begin(), ramp.begin() + 201),
                                  Seconds(1));
        NS_TEST_EXPECT_MSG_EQ_TOL(*shortRun.DteLowMtie(), 200.0, 2.0, "a 200 s capture: 200 s");

        chronometry::ScopedThrowOnConfigError throwing;
        auto refused = [](const std::function<void()>& f) {
            try
            {
                f();
            }
            catch (const chronometry::ConfigError& e)
            {
                return std::string(e.what());
            }
            return std::string();
        };
        const std::string few =
            refused([]() { TimeErrorMetrics(std::vector<double>(1, 0.0), Seconds(1)); });
        NS_TEST_EXPECT_MSG_NE(few.find("at least 2"), std::string::npos, few);
        const std::string tau =
            refused([]() { TimeErrorMetrics(std::vector<double>(5, 0.0), Time(0)); });
        NS_TEST_EXPECT_MSG_NE(tau.find("tau0"), std::string::npos, tau);
        const std::string nan = refused([]() {
            TimeErrorMetrics(std::vector<double>{0, NAN, 0}, Seconds(1));
        });
        NS_TEST_EXPECT_MSG_NE(nan.find("not finite"), std::string::npos, nan);
        const std::string nyquist = refused([]() {
            TimeErrorMetrics::FirstOrderLowPass(std::vector<double>(5, 0.0), Seconds(5), 0.1);
        });
        NS_TEST_EXPECT_MSG_NE(nyquist.find("Nyquist"), std::string::npos, nyquist);
    }
};

} // namespace

/** \ingroup chronometry-tests TimeErrorMetrics. */
class TimeErrorMetricsTestSuite : public TestSuite
{
  public:
    TimeErrorMetricsTestSuite()
        : TestSuite("chronometry-time-error-metrics", Type::UNIT)
    {
        AddTestCase(new TdevClosedFormTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MtieTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CteTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LowPassTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ClassEdgesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ObservationAndRefusalTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static TimeErrorMetricsTestSuite g_timeErrorMetricsTestSuite;
