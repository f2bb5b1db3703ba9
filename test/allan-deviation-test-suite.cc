/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// AllanDeviation (simulator-free): closed-form cases, a second implementation of each
// estimator (from averaged frequencies; the modified one by its double sum), invariances,
// the white-PM level, the edf formulas against the spread of 400 estimates, the chi-square
// interval against tabulated quantiles, and refusals.
#include "expected-throw-scope.h"

#include "ns3/allan-deviation.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/random-variable-stream.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param n number of samples
 * \param stream stream of the normal variable
 * \return n standard normal samples
 */
std::vector<double>
Normals(std::size_t n, int64_t stream)
{
    auto normal = CreateObject<NormalRandomVariable>();
    normal->SetAttribute("Mean", DoubleValue(0.0));
    normal->SetAttribute("Variance", DoubleValue(1.0));
    normal->SetStream(stream);
    std::vector<double> v(n);
    for (auto& x : v)
    {
        x = normal->GetValue();
    }
    return v;
}

/**
 * The overlapping Allan deviation written the other way: from the fractional frequencies
 * y_i = (x_{i+1} - x_i) / tau0, averaged over m, as 1/2 E[(ybar_{j+m} - ybar_j)^2].
 * \param x phase
 * \param tau0 spacing in seconds
 * \param m factor
 * \return the deviation
 */
double
ReferenceOverlapping(const std::vector<double>& x, double tau0, uint32_t m)
{
    std::vector<double> y(x.size() - 1);
    for (std::size_t i = 0; i + 1 < x.size(); ++i)
    {
        y[i] = (x[i + 1] - x[i]) / tau0;
    }
    double sum = 0;
    std::size_t count = 0;
    for (std::size_t j = 0; j + 2 * m <= y.size(); ++j)
    {
        double a = 0;
        double b = 0;
        for (uint32_t k = 0; k < m; ++k)
        {
            a += y[j + k] / m;
            b += y[j + m + k] / m;
        }
        sum += (b - a) * (b - a);
        ++count;
    }
    return std::sqrt(sum / (2.0 * count));
}

/**
 * The modified Allan deviation by its definition's double sum (O(N m)).
 * \param x phase
 * \param tau0 spacing in seconds
 * \param m factor
 * \return the deviation
 */
double
ReferenceModified(const std::vector<double>& x, double tau0, uint32_t m)
{
    const std::size_t n = x.size();
    double sum = 0;
    std::size_t count = 0;
    for (std::size_t j = 0; j + 3 * m <= n; ++j)
    {
        double inner = 0;
        for (std::size_t i = j; i < j + m; ++i)
        {
            inner += x[i + 2 * m] - 2 * x[i + m] + x[i];
        }
        sum += inner * inner;
        ++count;
    }
    double tau = m * tau0;
    return std::sqrt(sum / (2.0 * m * m * tau * tau * count));
}

/** Closed forms: a ramp, a quadratic, a frequency step, an alternating sequence. */
class ClosedFormTestCase : public TestCase
{
  public:
    ClosedFormTestCase()
        : TestCase("closed forms: ramp 0, drift D tau over sqrt 2, frequency step, alternating")
    {
    }

  private:
    void DoRun() override
    {
        const Time tau0 = MilliSeconds(250);
        const double t0 = 0.25;
        const std::size_t n = 401;
        // A phase ramp (constant frequency offset) and an offset: exactly 0.
        std::vector<double> ramp(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            ramp[i] = 3e-6 + 2e-5 * i * t0;
        }
        AllanDeviation rampAdev(ramp, tau0);
        for (uint32_t m : {1u, 7u, 50u, 133u})
        {
            NS_TEST_EXPECT_MSG_LT(rampAdev.Overlapping(m), 1e-15, "ramp, m = " << m);
            NS_TEST_EXPECT_MSG_LT(rampAdev.Modified(m), 1e-15, "ramp, m = " << m);
        }
        // Linear frequency drift D: x = D t^2 / 2, sigma = D tau / sqrt(2) at every tau.
        const double drift = 1e-9; // per second
        std::vector<double> quad(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            double t = i * t0;
            quad[i] = drift * t * t / 2;
        }
        AllanDeviation quadAdev(quad, tau0);
        for (uint32_t m : {1u, 2u, 10u, 100u, 133u})
        {
            double expected = drift * m * t0 / std::sqrt(2.0);
            NS_TEST_EXPECT_MSG_EQ_TOL(quadAdev.Overlapping(m),
                                      expected,
                                      1e-9 * expected,
                                      "m " << m);
            NS_TEST_EXPECT_MSG_EQ_TOL(quadAdev.Modified(m), expected, 1e-9 * expected, "m " << m);
        }
        // A frequency step of size s at sample k: the second differences form a triangle,
        // sigma^2 = s^2 (2 m^2 + 1) / (6 m (N - 2m)) (the step at least 2m from both ends).
        const double s = 4e-8;
        const std::size_t k = 200;
        std::vector<double> stepped(n, 0.0);
        for (std::size_t i = k; i < n; ++i)
        {
            stepped[i] = s * (i - k) * t0;
        }
        AllanDeviation stepAdev(stepped, tau0);
        for (uint32_t m : {1u, 3u, 20u, 99u})
        {
            double expected =
                std::sqrt(s * s * (2.0 * m * m + 1) / (6.0 * m * (static_cast<double>(n) - 2 * m)));
            NS_TEST_EXPECT_MSG_EQ_TOL(stepAdev.Overlapping(m),
                                      expected,
                                      1e-9 * expected,
                                      "step, m " << m);
        }
        // x_i = c (-1)^i: 8 c^2 / tau^2 for odd m (the modified one 1/m of it), 0 for even m.
        const double c = 1e-9;
        std::vector<double> alternating(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            alternating[i] = (i % 2 == 0) ? c : -c;
        }
        AllanDeviation altAdev(alternating, tau0);
        for (uint32_t m : {1u, 2u, 5u, 8u, 33u})
        {
            double tau = m * t0;
            double expected = (m % 2 == 1) ? std::sqrt(8.0) * c / tau : 0.0;
            NS_TEST_EXPECT_MSG_EQ_TOL(altAdev.Overlapping(m),
                                      expected,
                                      1e-9 * c / tau,
                                      "alt, m " << m);
            NS_TEST_EXPECT_MSG_EQ_TOL(altAdev.Modified(m),
                                      expected / m,
                                      1e-9 * c / tau,
                                      "alt mod, m " << m);
        }
    }
};

/**
 * Against second implementations on random phase (white and random-walk mixtures): the
 * overlapping deviation from averaged frequencies, the modified one by its double sum; and
 * invariances: scaling, time reversal, an added ramp.
 */
class ReferenceTestCase : public TestCase
{
  public:
    ReferenceTestCase()
        : TestCase("equal to second implementations; scale, reversal and ramp invariance")
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t n = 3001;
        const double t0 = 0.1;
        std::vector<double> z = Normals(2 * n, 7);
        std::vector<double> x(n);
        double walk = 0;
        for (std::size_t i = 0; i < n; ++i)
        {
            walk += 1e-9 * z[i];
            x[i] = walk + 3e-10 * z[n + i];
        }
        AllanDeviation adev(x, MilliSeconds(100));
        std::vector<double> reversed(x.rbegin(), x.rend());
        std::vector<double> scaled(x);
        std::vector<double> ramped(x);
        for (std::size_t i = 0; i < n; ++i)
        {
            scaled[i] *= 1e3;
            ramped[i] += 5e-7 * i * t0 - 1e-3;
        }
        AllanDeviation rev(reversed, MilliSeconds(100));
        AllanDeviation sc(scaled, MilliSeconds(100));
        AllanDeviation ra(ramped, MilliSeconds(100));
        for (uint32_t m : {1u, 2u, 5u, 16u, 64u, 333u, 1000u})
        {
            double o = adev.Overlapping(m);
            double md = adev.Modified(m);
            NS_TEST_EXPECT_MSG_EQ_TOL(o,
                                      ReferenceOverlapping(x, t0, m),
                                      1e-9 * o,
                                      "overlapping m " << m);
            NS_TEST_EXPECT_MSG_EQ_TOL(md,
                                      ReferenceModified(x, t0, m),
                                      1e-9 * md,
                                      "modified m " << m);
            NS_TEST_EXPECT_MSG_EQ_TOL(rev.Overlapping(m), o, 1e-12 * o, "reversal");
            NS_TEST_EXPECT_MSG_EQ_TOL(rev.Modified(m), md, 1e-9 * md, "reversal (modified)");
            NS_TEST_EXPECT_MSG_EQ_TOL(sc.Overlapping(m), 1e3 * o, 1e-9 * o, "scale");
            NS_TEST_EXPECT_MSG_EQ_TOL(ra.Overlapping(m), o, 1e-6 * o, "ramp");
            NS_TEST_EXPECT_MSG_EQ_TOL(ra.Modified(m), md, 1e-6 * md, "ramp (modified)");
        }
        NS_TEST_EXPECT_MSG_EQ(adev.OctaveFactors().back(), 256u, "powers of two with N >= 8m + 1");
        NS_TEST_EXPECT_MSG_EQ(adev.OctaveFactors(3).size(), 3u, "at most count");
    }
};

/**
 * White PM x_i ~ N(0, s^2): sigma_y(tau) = sqrt(3) s / tau (exactly in expectation), inside
 * the 99.95% interval of its white-PM edf; the modified deviation is smaller by about
 * sqrt(m) for m >> 1 (mod sigma^2 = 3 s^2 / (m tau^2) for white PM: within 20% at m = 16).
 * The measured slope of log sigma against log tau is -1 within 0.02.
 */
class WhitePhaseTestCase : public TestCase
{
  public:
    WhitePhaseTestCase()
        : TestCase("white PM: sqrt(3) s over tau within its edf interval; slope -1")
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t n = 1 << 15;
        const double s = 2e-9;
        std::vector<double> x = Normals(n, 9);
        for (auto& v : x)
        {
            v *= s;
        }
        AllanDeviation adev(x, Seconds(1));
        std::vector<Time> taus;
        std::vector<double> values;
        for (uint32_t m : adev.OctaveFactors())
        {
            double value = adev.Overlapping(m);
            double expected = std::sqrt(3.0) * s / m;
            double edf = AllanDeviation::EquivalentDof(PowerLawNoise::WHITE_PM, n, m);
            auto [lo, hi] = AllanDeviation::ConfidenceInterval(value, edf, 3.5);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(expected, lo, "m " << m);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(expected, hi, "m " << m);
            taus.push_back(Seconds(m));
            values.push_back(value);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(AllanDeviation::LogLogSlope(taus, values), -1.0, 0.02, "slope");
        double mod = adev.Modified(16);
        NS_TEST_EXPECT_MSG_EQ_TOL(mod, std::sqrt(3.0 / 16) * s / 16, 0.2 * mod, "modified, m 16");
    }
};

/**
 * The edf formulas against the spread of 400 independent estimates (N = 1025): for white FM
 * (m = 8) and random-walk FM (m = 16) the relative variance of the Allan variance estimates
 * equals 2 / edf within 30% (the sample variance of 400 values has a relative standard error
 * of about sqrt(2 / 400) = 7% for Gaussian values, more for these skewed ones).
 */
class EdfTestCase : public TestCase
{
  public:
    EdfTestCase()
        : TestCase("edf: 2 over edf is the relative variance of 400 Allan variance estimates")
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t n = 1025;
        const int runs = 400;

        struct Case
        {
            PowerLawNoise type;
            uint32_t m;
        };

        for (const Case& c :
             {Case{PowerLawNoise::WHITE_FM, 8}, Case{PowerLawNoise::RANDOM_WALK_FM, 16}})
        {
            std::vector<double> estimates;
            for (int r = 0; r < runs; ++r)
            {
                std::vector<double> z = Normals(n, 100 + r);
                std::vector<double> x(n, 0.0);
                double y = 0;
                for (std::size_t i = 1; i < n; ++i)
                {
                    // White FM: x is a random walk; random-walk FM: y is one, x integrates it.
                    y = c.type == PowerLawNoise::WHITE_FM ? z[i] : y + z[i];
                    x[i] = x[i - 1] + y;
                }
                double a = AllanDeviation(x, Seconds(1)).Overlapping(c.m);
                estimates.push_back(a * a);
            }
            double mean = 0;
            for (double e : estimates)
            {
                mean += e / runs;
            }
            double var = 0;
            for (double e : estimates)
            {
                var += (e - mean) * (e - mean) / (runs - 1);
            }
            double edf = AllanDeviation::EquivalentDof(c.type, n, c.m);
            double measured = var / (mean * mean);
            NS_TEST_EXPECT_MSG_EQ_TOL(measured, 2.0 / edf, 0.3 * 2.0 / edf, powerlaw::Name(c.type));
        }
    }
};

/** Chi-square interval against tabulated quantiles; log-log slope; refusals. */
class IntervalAndRefusalTestCase : public TestCase
{
  public:
    IntervalAndRefusalTestCase()
        : TestCase("confidence interval vs chi-square tables; slope; bad input refused")
    {
    }

  private:
    void DoRun() override
    {
        // chi2 quantiles: edf 10, p = 0.025 / 0.975: 3.247 / 20.483; edf 100: 74.222 / 129.561.
        struct Row
        {
            double edf;
            double lowQ;
            double highQ;
        };

        for (const Row& r : {Row{10, 3.247, 20.483}, Row{100, 74.222, 129.561}})
        {
            auto [lo, hi] = AllanDeviation::ConfidenceInterval(1.0, r.edf, 1.959964);
            NS_TEST_EXPECT_MSG_EQ_TOL(lo,
                                      std::sqrt(r.edf / r.highQ),
                                      0.01 * lo,
                                      "lower, edf " << r.edf);
            NS_TEST_EXPECT_MSG_EQ_TOL(hi,
                                      std::sqrt(r.edf / r.lowQ),
                                      0.01 * hi,
                                      "upper, edf " << r.edf);
        }
        std::vector<Time> taus{Seconds(1), Seconds(10), Seconds(100)};
        std::vector<double> values{2e-9, 2e-9 * std::sqrt(10.0), 2e-8};
        NS_TEST_EXPECT_MSG_EQ_TOL(AllanDeviation::LogLogSlope(taus, values), 0.5, 1e-12, "slope");

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
        std::vector<double> x(21, 0.0);
        AllanDeviation adev(x, Seconds(1));
        std::string m0 = refused([&]() { adev.Overlapping(0); });
        NS_TEST_EXPECT_MSG_NE(m0.find("valid range: [1, (N - 1) / 2] = [1, 10]"),
                              std::string::npos,
                              m0);
        std::string big = refused([&]() { adev.Overlapping(11); });
        NS_TEST_EXPECT_MSG_NE(big.find("m = 11"), std::string::npos, big);
        std::string mod = refused([&]() { adev.Modified(7); });
        NS_TEST_EXPECT_MSG_NE(mod.find("[1, 6]"), std::string::npos, mod);
        std::string few =
            refused([]() { AllanDeviation(std::vector<double>(2, 0.0), Seconds(1)); });
        NS_TEST_EXPECT_MSG_NE(few.find("at least 3"), std::string::npos, few);
        std::string tau = refused([]() { AllanDeviation(std::vector<double>(5, 0.0), Time(0)); });
        NS_TEST_EXPECT_MSG_NE(tau.find("tau0"), std::string::npos, tau);
        std::string nan = refused([]() {
            AllanDeviation(std::vector<double>{0, NAN, 0}, Seconds(1));
        });
        NS_TEST_EXPECT_MSG_NE(nan.find("not finite"), std::string::npos, nan);
        NS_TEST_EXPECT_MSG_EQ_TOL(adev.Overlapping(10), 0.0, 1e-30, "m = (N - 1) / 2 is accepted");
    }
};

} // namespace

/** \ingroup chronometry-tests AllanDeviation. */
class AllanDeviationTestSuite : public TestSuite
{
  public:
    AllanDeviationTestSuite()
        : TestSuite("chronometry-allan-deviation", Type::UNIT)
    {
        AddTestCase(new ClosedFormTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReferenceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new WhitePhaseTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new EdfTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new IntervalAndRefusalTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static AllanDeviationTestSuite g_allanDeviationTestSuite;
