/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PowerLawOscillator: each noise type alone gives the Allan deviation slope and level of the
// theory, the presets their configured curves, reads are consistent and reproducible, the
// phase is strictly increasing, a BaseDrift change during a run re-plans clocks through
// DriftChanged, and the configuration forms (h, ADEV at 1 s, datasheet points) agree.
//
// Tolerances on measured Allan deviations come from the estimate's confidence interval: the
// equivalent degrees of freedom (edf) of the overlapping estimator for the noise type
// (AllanDeviation::EquivalentDof, NIST SP 1065 section 5.3) give a chi-square interval
// (AllanDeviation::ConfidenceInterval); the tests use z = 3.5 (99.95% two-sided), widened by
// the generator's known bias against the continuous-time formulas (flicker types only; see
// doc/chronometry.rst, "Oscillators from datasheets").  Run with
// NS_LOG="PowerLawOscillatorTest=info" to print the measured tables.
#include "expected-throw-scope.h"

#include "ns3/allan-deviation.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/power-law-oscillator.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("PowerLawOscillatorTest");

namespace
{

/** Two-sided normal quantile of every level check (99.95%). */
constexpr double Z = 3.5;

/**
 * The time deviation of an oscillator, x_i = phase(i tau0) - i tau0, read through the
 * Oscillator API.
 * \param oscillator the oscillator
 * \param tau0 sample spacing
 * \param n number of samples
 * \return x_i in seconds
 */
std::vector<double>
SamplePhase(Ptr<Oscillator> oscillator, Time tau0, std::size_t n)
{
    std::vector<double> x(n);
    const double stepsPerSecond = static_cast<double>(Seconds(1).GetTimeStep());
    for (std::size_t i = 0; i < n; ++i)
    {
        int64_t t = tau0.GetTimeStep() * static_cast<int64_t>(i);
        ClockValue phase = oscillator->GetPhase(Time::From(t));
        x[i] = (phase - ClockValue::FromSteps(t)).GetDouble() / stepsPerSecond;
    }
    return x;
}

/**
 * \param attribute an ADEV-at-1-s attribute
 * \param adev its value
 * \param stream first stream
 * \return a new oscillator with that noise only
 */
Ptr<PowerLawOscillator>
MakeOscillator(const std::string& attribute, double adev, int64_t stream)
{
    auto oscillator = CreateObjectWithAttributes<PowerLawOscillator>(attribute, DoubleValue(adev));
    oscillator->AssignStreams(stream);
    return oscillator;
}

/** The attribute that sets each type by its ADEV at 1 s (PowerLawNoise order). */
const char* const ADEV_ATTRIBUTE[] = {"WhitePmAdev1s",
                                      "FlickerPmAdev1s",
                                      "WhiteFmAdev1s",
                                      "FlickerFmAdev",
                                      "RandomWalkFmAdev1s"};

/**
 * Relative bias of the generator against the continuous-time formulas of NIST SP 1065, in
 * deviation, for tau >= 16 tau0 (measured on 2^20 samples with examples/oscillator-adev, see
 * the manual): none for the white types and random-walk FM (their discrete forms follow the
 * formulas; random-walk FM within 1 / (4 m^2)), 4% for flicker PM (+3.5% at 1 s, +2% at 32 s:
 * the discrete constant is about 2.0 where the formula has 1.038) and 3% for flicker FM (the
 * flicker filter's ripple; +0.3% to +1.6% measured).
 * \param type the noise type
 * \return the allowance added to the confidence interval
 */
double
ModelBias(PowerLawNoise type)
{
    switch (type)
    {
    case PowerLawNoise::FLICKER_PM:
        return 0.04;
    case PowerLawNoise::FLICKER_FM:
        return 0.03;
    default:
        return 0.0;
    }
}

/**
 * Each noise type alone: 2^17 samples at tau0 = 62.5 ms (8192 s), overlapping ADEV at tau =
 * 1, 2, ..., 32 s.  (a) The log-log slope over those 1.5 decades equals the slope of the
 * configured curve (-1, -0.91 for flicker PM's logarithm, -1/2, 0, +1/2) within
 * Z (s_first + s_last) / ln(32) + bias, where s = 1 / sqrt(2 edf) is the relative standard
 * deviation of the deviation at the end points; (b) at every tau the configured deviation
 * lies in the estimate's Z = 3.5 confidence interval widened by the model bias.
 */
class NoiseTypeTestCase : public TestCase
{
  public:
    /** \param type the noise type */
    explicit NoiseTypeTestCase(PowerLawNoise type)
        : TestCase("ADEV slope and level of " + powerlaw::Name(type) +
                   " alone (2^17 samples, tau 1..32 s, edf-based tolerance)"),
          m_type(type)
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t index = static_cast<std::size_t>(m_type);
        const double adev1s = 1e-10;
        auto oscillator = MakeOscillator(ADEV_ATTRIBUTE[index], adev1s, 1000 + 10 * index);
        const Time tau0 = oscillator->GetTau0();
        const std::size_t n = 1 << 17;
        AllanDeviation adev(SamplePhase(oscillator, tau0, n), tau0);
        std::vector<Time> taus;
        std::vector<double> measured;
        std::vector<double> configured;
        std::vector<double> relSigma;
        for (uint32_t m = 16; m <= 512; m *= 2)
        {
            Time tau = tau0 * m;
            double value = adev.Overlapping(m);
            double expected = oscillator->GetConfiguredAdev(tau);
            double edf = AllanDeviation::EquivalentDof(m_type, n, m);
            auto [lo, hi] = AllanDeviation::ConfidenceInterval(value, edf, Z);
            double bias = ModelBias(m_type);
            NS_LOG_INFO(powerlaw::Name(m_type)
                        << " tau " << tau.GetSeconds() << " s: measured " << value << " configured "
                        << expected << " ratio " << value / expected << " edf " << edf);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(expected,
                                        lo * (1 - bias),
                                        powerlaw::Name(m_type) << " at tau = " << tau.As(Time::S)
                                                               << ": measured " << value);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(expected,
                                        hi * (1 + bias),
                                        powerlaw::Name(m_type) << " at tau = " << tau.As(Time::S)
                                                               << ": measured " << value);
            taus.push_back(tau);
            measured.push_back(value);
            configured.push_back(expected);
            relSigma.push_back(1.0 / std::sqrt(2.0 * edf));
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(configured.front(),
                                  adev1s,
                                  1e-12 * adev1s,
                                  "the ADEV-at-1-s form configures the curve through it");
        double slope = AllanDeviation::LogLogSlope(taus, measured);
        double theory = AllanDeviation::LogLogSlope(taus, configured);
        double tolerance = Z * (relSigma.front() + relSigma.back()) /
                               std::log(taus.back().GetSeconds() / taus.front().GetSeconds()) +
                           ModelBias(m_type);
        NS_LOG_INFO(powerlaw::Name(m_type)
                    << " slope measured " << slope << " theory " << theory << " asymptotic "
                    << powerlaw::AdevExponent(m_type) << " tolerance " << tolerance);
        NS_TEST_EXPECT_MSG_EQ_TOL(slope,
                                  theory,
                                  tolerance,
                                  powerlaw::Name(m_type) << " log-log slope over tau 1..32 s");
        NS_TEST_EXPECT_MSG_EQ_TOL(theory,
                                  powerlaw::AdevExponent(m_type),
                                  (m_type == PowerLawNoise::FLICKER_PM ? 0.1 : 1e-9),
                                  "the configured curve has the type's slope");
    }

    PowerLawNoise m_type; //!< the noise type
};

/**
 * Presets: 2^18 samples (4.5 h); the measured ADEV at 1, 10 and 100 s lies in the Z = 3.5
 * interval of the configured curve, with the smallest edf of the types present (random-walk
 * FM, which also stands for the wander at tau << its time constant) and a 3% flicker bias.
 */
class PresetTestCase : public TestCase
{
  public:
    PresetTestCase()
        : TestCase("presets XO, TCXO, OCXO: ADEV at 1, 10, 100 s on the configured curve")
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t n = 1 << 18;
        for (auto preset :
             {PowerLawOscillator::XO, PowerLawOscillator::TCXO, PowerLawOscillator::OCXO})
        {
            auto oscillator = CreateObjectWithAttributes<PowerLawOscillator>(
                "Preset",
                EnumValue(preset),
                "BaseDrift",
                DoubleValue(PowerLawOscillator::GetPresetTolerancePpm(preset)));
            oscillator->AssignStreams(2000 + 10 * preset);
            const Time tau0 = oscillator->GetTau0();
            AllanDeviation adev(SamplePhase(oscillator, tau0, n), tau0);
            for (uint32_t m : {16u, 160u, 1600u})
            {
                Time tau = tau0 * m;
                double value = adev.Overlapping(m);
                double expected = oscillator->GetConfiguredAdev(tau);
                double edf = AllanDeviation::EquivalentDof(PowerLawNoise::RANDOM_WALK_FM, n, m);
                auto [lo, hi] = AllanDeviation::ConfidenceInterval(value, edf, Z);
                NS_LOG_INFO(PowerLawOscillator::GetPresetName(preset)
                            << " tau " << tau.GetSeconds() << " s: measured " << value
                            << " configured " << expected << " ratio " << value / expected
                            << " interval [" << lo << ", " << hi << "]");
                NS_TEST_EXPECT_MSG_GT_OR_EQ(expected,
                                            lo * 0.97,
                                            PowerLawOscillator::GetPresetName(preset)
                                                << " at " << tau.As(Time::S));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(expected,
                                            hi * 1.03,
                                            PowerLawOscillator::GetPresetName(preset)
                                                << " at " << tau.As(Time::S));
            }
            // The base drift is the mean rate over the run, within the noise.
            double rate = oscillator->GetPhase(tau0 * (n - 1)).GetDouble() /
                              static_cast<double>((tau0 * (n - 1)).GetTimeStep()) -
                          1.0;
            NS_TEST_EXPECT_MSG_EQ_TOL(rate * 1e6,
                                      PowerLawOscillator::GetPresetTolerancePpm(preset),
                                      0.02 * PowerLawOscillator::GetPresetTolerancePpm(preset),
                                      "mean rate is 1 + BaseDrift");
            NS_TEST_EXPECT_MSG_EQ(oscillator->GetClampedSteps(), 0u, "no step clamped");
        }
    }
};

/**
 * Reads at the same true time agree, whatever the order: one oscillator read in time order,
 * a second one (same configuration and streams) read far ahead first and then at scrambled
 * instants, between grid points too: every value is the same bits; the phase is continuous
 * at grid points and strictly increasing.
 */
class ReadConsistencyTestCase : public TestCase
{
  public:
    ReadConsistencyTestCase()
        : TestCase("reads agree in any order; continuous and strictly increasing phase")
    {
    }

  private:
    void DoRun() override
    {
        auto make = []() {
            auto o = CreateObjectWithAttributes<PowerLawOscillator>("Preset",
                                                                    StringValue("XO"),
                                                                    "FlickerPmAdev1s",
                                                                    DoubleValue(1e-10),
                                                                    "BaseDrift",
                                                                    DoubleValue(-40.0));
            o->AssignStreams(77);
            return o;
        };
        auto inOrder = make();
        auto scrambled = make();
        std::vector<int64_t> instants;
        std::mt19937_64 rng(5);
        std::uniform_int_distribution<int64_t> pick(0, Seconds(600).GetTimeStep());
        for (int i = 0; i < 4000; ++i)
        {
            instants.push_back(pick(rng));
        }
        std::vector<int64_t> sorted = instants;
        std::sort(sorted.begin(), sorted.end());
        std::vector<ClockValue> first;
        for (int64_t t : sorted)
        {
            first.push_back(inOrder->GetPhase(Time::From(t)));
        }
        scrambled->GetPhase(Seconds(600)); // plan far ahead first
        for (int64_t t : instants)
        {
            auto it = std::lower_bound(sorted.begin(), sorted.end(), t);
            ClockValue expected = first[static_cast<std::size_t>(it - sorted.begin())];
            NS_TEST_ASSERT_MSG_EQ(scrambled->GetPhase(Time::From(t)),
                                  expected,
                                  "same bits at " << t);
            NS_TEST_ASSERT_MSG_EQ(inOrder->GetPhase(Time::From(t)), expected, "re-read at " << t);
        }
        // Strictly increasing (one time step apart) and continuous at every grid point.
        const int64_t step = inOrder->GetTau0().GetTimeStep();
        for (int64_t k = 1; k < 2000; ++k)
        {
            ClockValue before = inOrder->GetPhase(Time::From(k * step - 1));
            ClockValue at = inOrder->GetPhase(Time::From(k * step));
            ClockValue after = inOrder->GetPhase(Time::From(k * step + 1));
            NS_TEST_ASSERT_MSG_EQ((before < at && at < after), true, "increasing at grid " << k);
            // One time step of phase is 1 + rho steps, |rho| < 1e-4 here: continuous.
            NS_TEST_ASSERT_MSG_EQ_TOL((at - before).GetDouble(), 1.0, 1e-4, "continuous at " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(inOrder->GetClampedSteps(), 0u, "no clamp");
    }
};

/**
 * The clamp: BaseDrift at +5% and the largest random-walk FM, run for 31 years on a 1 h grid
 * (the walk's standard deviation reaches 45%): the rate is clamped to at most 1.1 on some
 * steps, never exceeds it, and the phase stays strictly increasing.
 */
class ClampTestCase : public TestCase
{
  public:
    ClampTestCase()
        : TestCase("rate clamped to 1 +- 10% under an extreme random walk; phase increasing")
    {
    }

  private:
    void DoRun() override
    {
        auto oscillator = CreateObjectWithAttributes<PowerLawOscillator>("Tau0",
                                                                         TimeValue(Hours(1)),
                                                                         "FlickerHorizon",
                                                                         TimeValue(Seconds(1e9)),
                                                                         "BaseDrift",
                                                                         DoubleValue(5e4),
                                                                         "RandomWalkFmHm2",
                                                                         DoubleValue(1e-11));
        oscillator->AssignStreams(3);
        ClockValue previous = oscillator->GetPhase(Time(0));
        double largest = 0;
        for (int64_t k = 1; k <= 24 * 365 * 31; ++k)
        {
            Time t = Hours(1) * k;
            ClockValue phase = oscillator->GetPhase(t);
            NS_TEST_ASSERT_MSG_GT(phase, previous, "strictly increasing at step " << k);
            double rate = oscillator->GetDriftAt(t - Seconds(1));
            largest = std::max(largest, std::abs(rate));
            previous = phase;
        }
        NS_LOG_INFO("clamped " << oscillator->GetClampedSteps() << " of " << 24 * 365 * 31
                               << " steps; largest |rho| " << largest);
        NS_TEST_EXPECT_MSG_GT(oscillator->GetClampedSteps(), 0u, "the clamp is exercised");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(largest,
                                    PowerLawOscillator::MAX_RATE_OFFSET * (1 + 1e-12),
                                    "never beyond the clamp");
    }
};

/**
 * \param changes where to record
 * \param at the DriftChanged argument
 */
void
Record(std::vector<Time>* changes, Time at)
{
    changes->push_back(at);
}

/**
 * BaseDrift set during a run: DriftChanged fires at that instant; the phase before it is
 * unchanged and after it differs from the unchanged run by exactly the new offset times the
 * elapsed time (the noise continues); an oscillator that had planned far ahead gives the
 * same bits as one that had not; a DriftingClock on it runs a local-time event scheduled
 * before the change when it reads that time; a noise Attribute cannot change after use.
 */
class BaseDriftChangeTestCase : public TestCase
{
  public:
    BaseDriftChangeTestCase()
        : TestCase("BaseDrift during a run re-plans (DriftChanged, clocks' events, same bits)")
    {
    }

  private:
    void DoRun() override
    {
        auto make = []() {
            auto o = CreateObjectWithAttributes<PowerLawOscillator>("Preset",
                                                                    StringValue("TCXO"),
                                                                    "BaseDrift",
                                                                    DoubleValue(1.0));
            o->AssignStreams(11);
            return o;
        };
        auto reference = make();
        auto ahead = make();
        auto lazy = make();
        std::vector<Time> changes;
        ahead->TraceConnectWithoutContext("DriftChanged", MakeBoundCallback(&Record, &changes));
        auto clock = CreateObject<DriftingClock>();
        clock->SetOscillator(ahead);
        Time fired = Time::Max();
        ClockValue readAtFire;
        clock->ScheduleAtLocal(Seconds(50), [&]() {
            fired = Simulator::Now();
            readAtFire = clock->GetExactValue(Simulator::Now());
        });
        ahead->GetPhase(Seconds(120)); // planned far ahead before the change
        const Time change = Seconds(10) + NanoSeconds(12345);
        Simulator::Schedule(change, [&]() {
            // lazy has planned nothing ahead (read only now; an oscillator never read takes
            // BaseDrift from time 0, as RandomWalkOscillator's InitialDrift).
            lazy->GetPhase(Simulator::Now());
            ahead->SetBaseDrift(6.0);
            lazy->SetBaseDrift(6.0);
        });
        Simulator::Stop(Seconds(100));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(changes.size(), 1u, "DriftChanged fired once");
        NS_TEST_EXPECT_MSG_EQ(changes[0], change, "at the change");
        for (int64_t ms = 0; ms <= 120000; ms += 37)
        {
            Time t = MilliSeconds(ms);
            ClockValue a = ahead->GetPhase(t);
            ClockValue r = reference->GetPhase(t);
            NS_TEST_ASSERT_MSG_EQ(a, lazy->GetPhase(t), "same bits, planned ahead or not, " << t);
            double expected =
                t > change ? 5e-6 * static_cast<double>((t - change).GetTimeStep()) : 0.0;
            // 1e-3 time steps: 5 ppm as the difference of two doubles, times 1.2e11 steps.
            NS_TEST_ASSERT_MSG_EQ_TOL((a - r).GetDouble(),
                                      expected,
                                      1e-3,
                                      "phase differs by 5 ppm x elapsed time at " << t);
        }
        NS_TEST_ASSERT_MSG_NE(fired, Time::Max(), "the local-time event ran");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(readAtFire,
                                    ClockValue::FromSteps(Seconds(50).GetTimeStep()),
                                    "read >= 50 s");
        ClockValue before = clock->GetExactValue(fired - Time::From(1));
        NS_TEST_EXPECT_MSG_LT(before,
                              ClockValue::FromSteps(Seconds(50).GetTimeStep()),
                              "one step earlier the clock had not reached 50 s");
        // With 5 ppm more after 10 s, the clock reaches 50 s about 200 us earlier than before.
        Time unchanged =
            reference->GetTimeAtPhase(Time(0), ClockValue::FromSteps(Seconds(50).GetTimeStep()));
        NS_TEST_EXPECT_MSG_EQ_TOL((unchanged - fired).GetSeconds(),
                                  200e-6,
                                  2e-6,
                                  "earlier by 5 ppm x 40 s");
        Simulator::Destroy();

        // A noise Attribute is configuration: refused once the phase was read.
        chronometry::ScopedThrowOnConfigError throwing;
        std::string message;
        try
        {
            ahead->SetAttribute("WhiteFmAdev1s", DoubleValue(1e-9));
        }
        catch (const chronometry::ConfigError& e)
        {
            message = e.what();
        }
        NS_TEST_EXPECT_MSG_NE(message.find("ns3::PowerLawOscillator::WhiteFmAdev1s"),
                              std::string::npos,
                              "refused, naming the attribute: " << message);
    }
};

/**
 * Streams: AssignStreams uses 6; the same streams give the same phase, others another;
 * adding white PM leaves the frequency noise unchanged (its own stream), so the difference
 * of the two phases is the white PM alone, x_k - x_0 (standard deviation sigma_x within 10%:
 * 4096 grid points, the sample standard deviation's 1.1% relative error times 9).  ClockHelper
 * installs it by name with a Preset, AssignStreams counts 7 per clock, and a second set-up
 * reproduces every reading.
 */
class StreamsTestCase : public TestCase
{
  public:
    StreamsTestCase()
        : TestCase("6 streams; reproducible; one stream per type; ClockHelper installs it")
    {
    }

  private:
    void DoRun() override
    {
        auto wfm = MakeOscillator("WhiteFmAdev1s", 1e-9, 40);
        NS_TEST_ASSERT_MSG_EQ(wfm->AssignStreams(40), 6, "six streams");
        auto same = MakeOscillator("WhiteFmAdev1s", 1e-9, 40);
        auto other = MakeOscillator("WhiteFmAdev1s", 1e-9, 46);
        NS_TEST_EXPECT_MSG_EQ(wfm->GetPhase(Seconds(100)), same->GetPhase(Seconds(100)), "same");
        NS_TEST_EXPECT_MSG_NE(wfm->GetPhase(Seconds(100)), other->GetPhase(Seconds(100)), "other");

        auto both = CreateObjectWithAttributes<PowerLawOscillator>("WhiteFmAdev1s",
                                                                   DoubleValue(1e-9),
                                                                   "WhitePmAdev1s",
                                                                   DoubleValue(1e-10));
        both->AssignStreams(40);
        const Time tau0 = both->GetTau0();
        // sigma_x^2 = h_2 f_h / (4 pi^2), and ADEV(1 s)^2 = 3 sigma_x^2 / (1 s)^2 for white PM.
        double sigmaX = 1e-10 / std::sqrt(3.0);
        std::vector<double> a = SamplePhase(both, tau0, 4096);
        std::vector<double> b = SamplePhase(wfm, tau0, 4096);
        double mean = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
        {
            mean += (a[i] - b[i]) / a.size();
        }
        double var = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
        {
            var += (a[i] - b[i] - mean) * (a[i] - b[i] - mean) / (a.size() - 1);
        }
        // The difference is the white PM's x_k - x_0: its spread about -x_0 is sigma_x.
        NS_TEST_EXPECT_MSG_EQ_TOL(std::sqrt(var), sigmaX, 0.1 * sigmaX, "white PM alone");

        NodeContainer nodes;
        nodes.Create(4);
        const double tol = PowerLawOscillator::GetPresetTolerancePpm(PowerLawOscillator::TCXO);
        auto helper = [tol]() {
            ClockHelper clocks;
            clocks.SetOscillator("ns3::PowerLawOscillator", "Preset", StringValue("TCXO"));
            auto drift = CreateObject<UniformRandomVariable>();
            drift->SetAttribute("Min", DoubleValue(-tol));
            drift->SetAttribute("Max", DoubleValue(tol));
            drift->SetStream(500);
            clocks.SetDrift(drift);
            return clocks;
        };
        ClockHelper clocks = helper();
        LocalClockContainer installed = clocks.Install(nodes);
        NS_TEST_ASSERT_MSG_EQ(clocks.AssignStreams(nodes, 600), 28, "7 streams per clock");
        std::vector<ClockValue> readings;
        for (const auto& clock : installed)
        {
            auto drifting = DynamicCast<DriftingClock>(clock);
            auto oscillator = DynamicCast<PowerLawOscillator>(drifting->GetOscillator());
            NS_TEST_ASSERT_MSG_NE(oscillator, nullptr, "a PowerLawOscillator");
            NS_TEST_EXPECT_MSG_GT(oscillator->GetH(PowerLawNoise::FLICKER_FM), 0.0, "TCXO noise");
            double rho = drifting->GetExactValue(Seconds(1000)).GetDouble() /
                             static_cast<double>(Seconds(1000).GetTimeStep()) -
                         1.0;
            NS_TEST_EXPECT_MSG_LT_OR_EQ(std::abs(rho), tol * 1e-6 + 1e-8, "within the tolerance");
            readings.push_back(drifting->GetExactValue(Seconds(1000)));
        }
        NodeContainer again;
        again.Create(4);
        ClockHelper clocks2 = helper();
        LocalClockContainer installed2 = clocks2.Install(again);
        clocks2.AssignStreams(again, 600);
        for (std::size_t i = 0; i < installed2.size(); ++i)
        {
            auto drifting = DynamicCast<DriftingClock>(installed2[i]);
            NS_TEST_EXPECT_MSG_EQ(drifting->GetExactValue(Seconds(1000)),
                                  readings[i],
                                  "node " << i << " reproduced");
        }
    }
};

/**
 * The configuration forms: the h form and the ADEV-at-1-s form give the same h (and the
 * same phase, to rounding); the conversions are NIST SP 1065's formulas; a Preset adds to
 * explicit noise; AdevPoints recovers the h of a known sum, reads a flat curve as flicker
 * FM alone, and refuses a curve no power-law sum can follow; the per-step noise guard
 * refuses a white PM too strong for a 1 ms grid, naming the attribute.
 */
class ConfigurationFormsTestCase : public TestCase
{
  public:
    ConfigurationFormsTestCase()
        : TestCase("h form == ADEV form, SP 1065 conversions; preset adds; AdevPoints fit; guard")
    {
    }

  private:
    void DoRun() override
    {
        const double pi = 3.14159265358979323846;
        const Time tau0 = MicroSeconds(62500);
        const double fh = 8.0;
        const Time tau = Seconds(10);
        // The formulas, written out once more.
        const double h[] = {1e-22, 1e-21, 1e-20, 1e-20, 1e-24};
        const double expected[] = {3 * fh * h[0] / (4 * pi * pi * 100),
                                   (1.038 + 3 * std::log(2 * pi * fh * 10)) * h[1] /
                                       (4 * pi * pi * 100),
                                   h[2] / 20,
                                   2 * std::log(2.0) * h[3],
                                   2 * pi * pi / 3 * h[4] * 10};
        for (std::size_t c = 0; c < POWER_LAW_NOISE_TYPES; ++c)
        {
            PowerLawNoise type = ALL_POWER_LAW_NOISES[c];
            double adev = powerlaw::AllanDeviation(type, h[c], tau, tau0);
            NS_TEST_EXPECT_MSG_EQ_TOL(adev * adev,
                                      expected[c],
                                      1e-12 * expected[c],
                                      powerlaw::Name(type));
            NS_TEST_EXPECT_MSG_EQ_TOL(powerlaw::HFromAllanDeviation(type, adev, tau, tau0),
                                      h[c],
                                      1e-12 * h[c],
                                      "inverse, " << powerlaw::Name(type));
        }

        const char* hNames[] = {"WhitePmH2",
                                "FlickerPmH1",
                                "WhiteFmH0",
                                "FlickerFmHm1",
                                "RandomWalkFmHm2"};
        for (std::size_t c = 0; c < POWER_LAW_NOISE_TYPES; ++c)
        {
            PowerLawNoise type = ALL_POWER_LAW_NOISES[c];
            double adev1s = powerlaw::AllanDeviation(type, h[c], Seconds(1), tau0);
            auto byH = CreateObjectWithAttributes<PowerLawOscillator>(hNames[c], DoubleValue(h[c]));
            auto byAdev = CreateObjectWithAttributes<PowerLawOscillator>(ADEV_ATTRIBUTE[c],
                                                                         DoubleValue(adev1s));
            NS_TEST_EXPECT_MSG_EQ_TOL(byAdev->GetH(type), h[c], 1e-12 * h[c], powerlaw::Name(type));
            NS_TEST_EXPECT_MSG_EQ_TOL(byH->GetConfiguredAdev(Seconds(1)),
                                      adev1s,
                                      1e-12 * adev1s,
                                      "curve");
            byH->AssignStreams(5);
            byAdev->AssignStreams(5);
            double d = (byH->GetPhase(Seconds(300)) - byAdev->GetPhase(Seconds(300))).GetDouble();
            NS_TEST_EXPECT_MSG_LT(std::abs(d), 1e-6, "same phase (time steps) by either form");
        }

        // A preset adds to explicit noise.
        auto tcxo = CreateObjectWithAttributes<PowerLawOscillator>("Preset", StringValue("TCXO"));
        auto more = CreateObjectWithAttributes<PowerLawOscillator>("Preset",
                                                                   StringValue("TCXO"),
                                                                   "WhiteFmH0",
                                                                   DoubleValue(3e-20));
        NS_TEST_EXPECT_MSG_EQ_TOL(more->GetH(PowerLawNoise::WHITE_FM),
                                  tcxo->GetH(PowerLawNoise::WHITE_FM) + 3e-20,
                                  1e-30,
                                  "h adds");

        // AdevPoints: the h of a known sum at 1, 10, 100, 1000 s.
        const double known[] = {0, 0, 2e-20, 5e-21, 1e-24};
        std::string points;
        for (double t : {1.0, 10.0, 100.0, 1000.0})
        {
            double var = 0;
            for (std::size_t c = 0; c < POWER_LAW_NOISE_TYPES; ++c)
            {
                var += known[c] *
                       powerlaw::AllanVariancePerH(ALL_POWER_LAW_NOISES[c], Seconds(t), tau0);
            }
            std::ostringstream item;
            item.precision(17);
            item << (points.empty() ? "" : ",") << t << "s:" << std::sqrt(var);
            points += item.str();
        }
        auto fitted =
            CreateObjectWithAttributes<PowerLawOscillator>("AdevPoints", StringValue(points));
        for (std::size_t c = 0; c < POWER_LAW_NOISE_TYPES; ++c)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(fitted->GetH(ALL_POWER_LAW_NOISES[c]),
                                      known[c],
                                      1e-6 * known[2],
                                      "fit recovers " << powerlaw::Name(ALL_POWER_LAW_NOISES[c]));
        }
        auto flat = CreateObjectWithAttributes<PowerLawOscillator>(
            "AdevPoints",
            StringValue("1s:1e-9, 10s:1e-9, 100s:1e-9"));
        for (auto type : ALL_POWER_LAW_NOISES)
        {
            double expectedH =
                type == PowerLawNoise::FLICKER_FM ? 1e-18 / (2 * std::log(2.0)) : 0.0;
            NS_TEST_EXPECT_MSG_EQ_TOL(flat->GetH(type),
                                      expectedH,
                                      1e-24,
                                      "flat curve: " << powerlaw::Name(type));
        }

        // The datasheet curves the manual and the Attribute's help show: every point within 5%.
        for (const std::string text :
             {"1s:1e-9,10s:8e-10,100s:1.5e-9", "1s:2e-10,10s:2.5e-10,100s:6e-10"})
        {
            auto sheet =
                CreateObjectWithAttributes<PowerLawOscillator>("AdevPoints", StringValue(text));
            for (const auto& point : powerlaw::ParseAdevPoints(text, "test"))
            {
                double got = sheet->GetConfiguredAdev(point.tau);
                NS_LOG_INFO(text << ": at " << point.tau.As(Time::S) << " " << got << " for "
                                 << point.adev);
                NS_TEST_EXPECT_MSG_EQ_TOL(got, point.adev, 0.05 * point.adev, text);
            }
        }

        chronometry::ScopedThrowOnConfigError throwing;

        struct Bad
        {
            std::string attribute;
            std::string value;
            std::string mention;
        };

        const Bad bad[] = {
            {"AdevPoints", "1s:1e-9,2s:1e-11", "no sum of power-law noises"},
            {"AdevPoints", "1s=1e-9", "tau:adev"},
            {"AdevPoints", "1parsec:1e-9", "tau"},
            {"AdevPoints", "1s:0", "adev"},
            {"AdevPoints", "1s:1e-9,1000ms:2e-9", "given twice"},
        };
        for (const auto& row : bad)
        {
            std::string message;
            try
            {
                chronometry::test::ExpectedThrowScope expected;
                CreateObjectWithAttributes<PowerLawOscillator>(row.attribute,
                                                               StringValue(row.value));
            }
            catch (const chronometry::ConfigError& e)
            {
                message = e.what();
            }
            NS_TEST_EXPECT_MSG_NE(message.find("ns3::PowerLawOscillator::" + row.attribute),
                                  std::string::npos,
                                  row.value << ": " << message);
            NS_TEST_EXPECT_MSG_NE(message.find(row.mention), std::string::npos, message);
        }
        // The per-step guard names the attribute that crossed it, and the object is unchanged.
        auto guarded =
            CreateObjectWithAttributes<PowerLawOscillator>("Tau0", TimeValue(MilliSeconds(1)));
        std::string message;
        try
        {
            guarded->SetAttribute("WhitePmH2", DoubleValue(1e-10));
        }
        catch (const chronometry::ConfigError& e)
        {
            message = e.what();
        }
        NS_TEST_EXPECT_MSG_NE(message.find("ns3::PowerLawOscillator::WhitePmH2"),
                              std::string::npos,
                              message);
        NS_TEST_EXPECT_MSG_NE(message.find("at most 0.001"), std::string::npos, message);
        NS_TEST_EXPECT_MSG_EQ(guarded->GetH(PowerLawNoise::WHITE_PM),
                              0.0,
                              "unchanged after refusal");
        message.clear();
        auto hourly = CreateObjectWithAttributes<PowerLawOscillator>("Tau0", TimeValue(Hours(1)));
        try
        {
            hourly->SetAttribute("FlickerHorizon", TimeValue(Seconds(1e5)));
        }
        catch (const chronometry::ConfigError& e)
        {
            message = e.what();
        }
        NS_TEST_EXPECT_MSG_NE(message.find("FlickerHorizon >= 100 Tau0"),
                              std::string::npos,
                              message);
    }
};

/**
 * The flicker filter's spectrum: f S(f) within 0.7 dB of 1 over [10 / horizon, f_h / 2]
 * (deterministic, from its transfer function), flat below 1 / horizon.
 */
class FlickerFilterTestCase : public TestCase
{
  public:
    FlickerFilterTestCase()
        : TestCase("flicker filter: f S(f) within 0.7 dB of 1 over f in its band, flat below")
    {
    }

  private:
    void DoRun() override
    {
        for (Time tau0 : {MicroSeconds(62500), MilliSeconds(1), Seconds(1)})
        {
            for (Time horizon : {Seconds(1e4), Seconds(1e6)})
            {
                if (horizon < tau0 * 100)
                {
                    continue;
                }
                FlickerNoiseFilter filter(tau0, horizon);
                double fh = 0.5 / tau0.GetSeconds();
                double lo = 10.0 / horizon.GetSeconds();
                double worst = 0;
                for (double f = lo; f <= fh / 2; f *= 1.05)
                {
                    worst = std::max(worst, std::abs(10 * std::log10(f * filter.GetPsd(f))));
                }
                NS_LOG_INFO("tau0 " << tau0.As(Time::S) << " horizon " << horizon.As(Time::S)
                                    << ": " << filter.GetSectionCount()
                                    << " sections, worst ripple " << worst << " dB");
                NS_TEST_EXPECT_MSG_LT(worst, 0.7, "ripple, tau0 " << tau0.As(Time::S));
                double f0 = 0.01 / horizon.GetSeconds();
                NS_TEST_EXPECT_MSG_EQ_TOL(filter.GetPsd(f0) / filter.GetPsd(f0 / 10),
                                          1.0,
                                          0.05,
                                          "flat below the horizon");
            }
        }
    }
};

} // namespace

/** \ingroup chronometry-tests PowerLawOscillator. */
class PowerLawOscillatorTestSuite : public TestSuite
{
  public:
    PowerLawOscillatorTestSuite()
        : TestSuite("chronometry-power-law-oscillator", Type::UNIT)
    {
        for (auto type : ALL_POWER_LAW_NOISES)
        {
            AddTestCase(new NoiseTypeTestCase(type), chronometry::TestDuration::QUICK);
        }
        AddTestCase(new PresetTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReadConsistencyTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ClampTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BaseDriftChangeTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StreamsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ConfigurationFormsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FlickerFilterTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static PowerLawOscillatorTestSuite g_powerLawOscillatorTestSuite;
