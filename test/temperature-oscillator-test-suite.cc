/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PowerLawOscillator with a TemperatureProfile (issue 43): the phase under an ambient step is
// the integral of y(T(t)) over the closed-form first-order response; a diurnal cycle moves the
// frequency by the curve's range between the profile's extremes, for each preset; TCXO and
// OCXO feel much less than XO; with temperature off the phase is bit-identical to the value
// recorded before temperature existed; each node's diurnal phase is its own.
// Run with NS_LOG="TemperatureOscillatorTest=info" to print the measured values.
#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/power-law-oscillator.h"
#include "ns3/string.h"
#include "ns3/temperature-profile.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TemperatureOscillatorTest");

namespace
{

/**
 * \param preset preset name
 * \param profile temperature profile (null: off)
 * \param stream first stream
 * \param tau0 grid step
 * \return an oscillator of that preset, BaseDrift 0
 */
Ptr<PowerLawOscillator>
MakeOscillator(const std::string& preset,
               Ptr<TemperatureProfile> profile,
               int64_t stream,
               Time tau0 = MicroSeconds(62500))
{
    auto osc = CreateObject<PowerLawOscillator>();
    osc->SetAttribute("Preset", StringValue(preset));
    osc->SetAttribute("Tau0", TimeValue(tau0));
    if (profile)
    {
        osc->SetAttribute("TemperatureProfile", PointerValue(profile));
    }
    osc->AssignStreams(stream);
    return osc;
}

/**
 * \param osc an oscillator
 * \param t true time
 * \return phase(t) - t, in seconds
 */
double
PhaseError(Ptr<Oscillator> osc, Time t)
{
    const double stepsPerSecond = static_cast<double>(Seconds(1).GetTimeStep());
    return (osc->GetPhase(t) - ClockValue::FromSteps(t.GetTimeStep())).GetDouble() / stepsPerSecond;
}

/**
 * \param curve a curve
 * \param lo lowest temperature, degC
 * \param hi highest temperature, degC
 * \return max - min of y(T) over [lo, hi] (dense sampling)
 */
double
CurveRange(const FrequencyTemperatureCurve& curve, double lo, double hi)
{
    double yMin = curve.OffsetAt(lo);
    double yMax = yMin;
    for (int i = 1; i <= 10000; ++i)
    {
        double y = curve.OffsetAt(lo + (hi - lo) * i / 10000.0);
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
    }
    return yMax - yMin;
}

/** Temperature off: the phase is the value recorded before temperature existed. */
class BitIdenticalCase : public TestCase
{
  public:
    BitIdenticalCase()
        : TestCase("temperature off: phase bit-identical to the recorded pre-issue-43 value")
    {
    }

  private:
    void DoRun() override
    {
        // Recorded at commit 2c1b327 (before this change): XO, BaseDrift 3 ppm, streams 7.
        const int64_t recordedFloor = 1000002932606;
        const uint64_t recordedLow = 9691844942673608704ULL;
        auto constant = CreateObjectWithAttributes<ConstantTemperatureProfile>("Temperature",
                                                                               DoubleValue(25.0));
        for (Ptr<TemperatureProfile> profile :
             std::vector<Ptr<TemperatureProfile>>{nullptr, constant})
        {
            auto osc = CreateObject<PowerLawOscillator>();
            osc->SetAttribute("Preset", StringValue("XO"));
            osc->SetAttribute("BaseDrift", DoubleValue(3.0));
            if (profile)
            {
                osc->SetAttribute("TemperatureProfile", PointerValue(profile));
            }
            osc->AssignStreams(7);
            ClockValue v = osc->GetPhase(Seconds(1000));
            NS_TEST_EXPECT_MSG_EQ(v.Floor(), recordedFloor, "whole steps");
            NS_TEST_EXPECT_MSG_EQ(static_cast<uint64_t>(v.GetRaw()),
                                  recordedLow,
                                  "fraction (profile " << (profile ? "25 degC" : "unset") << ")");
        }
    }
};

/** A step of the ambient: phase = integral of y(T(t)) over the first-order response. */
class StepCase : public TestCase
{
  public:
    StepCase()
        : TestCase("ambient step: phase is the integral of y(T(t)) of the closed form")
    {
    }

  private:
    void DoRun() override
    {
        const double ti = 25.0;
        const double tf = 35.0;
        const double at = 60.0;
        const double tau = 120.0;
        const double t0 = 20.0;                       // custom curve reference
        const double a1 = -0.4, a2 = 0.01, a3 = 1e-4; // ppm/degC^k
        auto profile = CreateObjectWithAttributes<StepTemperatureProfile>("Initial",
                                                                          DoubleValue(ti),
                                                                          "Steps",
                                                                          StringValue("60:35"),
                                                                          "ThermalTimeConstant",
                                                                          TimeValue(Seconds(tau)));
        auto hot = MakeOscillator("XO", profile, 11);
        hot->SetAttribute("PresetTemperatureCurve", BooleanValue(false));
        hot->SetAttribute("TemperatureReference", DoubleValue(t0));
        hot->SetAttribute("TemperatureCoefficient1", DoubleValue(a1));
        hot->SetAttribute("TemperatureCoefficient2", DoubleValue(a2));
        hot->SetAttribute("TemperatureCoefficient3", DoubleValue(a3));
        auto cold = MakeOscillator("XO", nullptr, 11);
        // u(s) = T - T0 = A - B exp(-s / tau) after the step (s = t - 60 s); before it, u = ui.
        const double ui = ti - t0;
        const double A = tf - t0;
        const double B = tf - ti;
        auto integral = [&](double t) {
            if (t <= at)
            {
                return 1e-6 * (a1 * ui + a2 * ui * ui + a3 * ui * ui * ui) * t;
            }
            const double S = t - at;
            auto g = [&](double k) { return tau / k * -std::expm1(-k * S / tau); };
            const double i1 = A * S - B * g(1);
            const double i2 = A * A * S - 2 * A * B * g(1) + B * B * g(2);
            const double i3 =
                A * A * A * S - 3 * A * A * B * g(1) + 3 * A * B * B * g(2) - B * B * B * g(3);
            const double before = 1e-6 * (a1 * ui + a2 * ui * ui + a3 * ui * ui * ui) * at;
            return before + 1e-6 * (a1 * i1 + a2 * i2 + a3 * i3);
        };
        for (double t : {30.0, 90.0, 300.0, 600.0})
        {
            const double expected = integral(t);
            const double paired = PhaseError(hot, Seconds(t)) - PhaseError(cold, Seconds(t));
            const double alone = PhaseError(hot, Seconds(t));
            NS_LOG_INFO("t " << t << " s: closed form " << expected * 1e6 << " us, paired "
                             << paired * 1e6 << " us (diff " << (paired - expected) * 1e9
                             << " ns), alone " << alone * 1e6 << " us");
            // Same noise realization in both: only Simpson's rule and roundings remain.
            NS_TEST_EXPECT_MSG_LT(std::abs(paired - expected), 1e-12, "paired at " << t << " s");
            // Alone: XO noise (wander 30 ppb over <= 600 s: a few us) on top of the step.
            NS_TEST_EXPECT_MSG_LT(std::abs(alone - expected), 2e-5, "alone at " << t << " s");
        }
    }
};

/**
 * A diurnal cycle: the frequency excursion (max - min of 60-s averages over one period) is the
 * curve's range between the profile's extremes, for each preset; the ordering XO >> TCXO >>
 * OCXO follows.
 */
class DiurnalCase : public TestCase
{
  public:
    DiurnalCase()
        : TestCase("diurnal cycle: excursion per preset = curve range at the extremes; ordering")
    {
    }

  private:
    /**
     * \param osc oscillator
     * \param period period
     * \return max - min of the 60-s mean frequency over one period
     */
    static double Excursion(Ptr<Oscillator> osc, Time period)
    {
        double lo = 1;
        double hi = -1;
        double previous = PhaseError(osc, Time(0));
        for (int64_t s = 60; s <= period.GetSeconds(); s += 60)
        {
            double x = PhaseError(osc, Seconds(s));
            double y = (x - previous) / 60.0;
            lo = std::min(lo, y);
            hi = std::max(hi, y);
            previous = x;
        }
        return hi - lo;
    }

    void DoRun() override
    {
        const Time period = Hours(2);
        double measured[3];
        int i = 0;
        for (const char* preset : {"XO", "TCXO", "OCXO"})
        {
            auto profile = CreateObjectWithAttributes<DiurnalTemperatureProfile>("Mean",
                                                                                 DoubleValue(25.0),
                                                                                 "Amplitude",
                                                                                 DoubleValue(10.0),
                                                                                 "Period",
                                                                                 TimeValue(period));
            auto hot = MakeOscillator(preset, profile, 21, Seconds(1));
            auto cold = MakeOscillator(preset, nullptr, 21, Seconds(1));
            const double expected = CurveRange(hot->GetTemperatureCurve(), 15.0, 35.0);
            const double alone = Excursion(hot, period);
            const double noiseOnly = Excursion(cold, period);
            NS_LOG_INFO(preset << ": curve range 15..35 degC " << expected * 1e9
                               << " ppb, measured " << alone * 1e9 << " ppb, noise alone "
                               << noiseOnly * 1e9 << " ppb");
            // The noise alone moves the 60-s frequency by noiseOnly; the sum cannot differ from
            // the curve's range by more than that (plus 0.1% for the 60-s averaging).
            NS_TEST_EXPECT_MSG_LT(std::abs(alone - expected),
                                  noiseOnly + 1e-3 * expected,
                                  preset << " excursion");
            measured[i++] = alone;
        }
        NS_TEST_EXPECT_MSG_GT(measured[0], 10 * measured[1], "XO feels 10x more than TCXO");
        NS_TEST_EXPECT_MSG_GT(measured[1], 10 * measured[2], "TCXO feels 10x more than OCXO");
    }
};

/** The preset curves fall in the datasheet classes cited in doc (range over -40..85 degC). */
class PresetCurveCase : public TestCase
{
  public:
    PresetCurveCase()
        : TestCase("preset curves within the cited datasheet classes over -40..85 degC")
    {
    }

  private:
    void DoRun() override
    {
        using P = PowerLawOscillator;

        struct Class
        {
            P::Preset preset;
            double lo;      //!< smallest half-range (fraction)
            double hi;      //!< largest half-range (fraction)
            double slopeLo; //!< smallest |dy/dT| at 25 degC (fraction per degC)
            double slopeHi; //!< largest |dy/dT| at 25 degC
        };

        for (const Class& c : {Class{P::XO, 10e-6, 30e-6, 0.1e-6, 1e-6},
                               Class{P::TCXO, 0.5e-6, 2e-6, 0, 0.1e-6},
                               Class{P::OCXO, 5e-9, 50e-9, 0, 1e-9}})
        {
            auto curve = P::GetPresetTemperatureCurve(c.preset);
            double half = CurveRange(curve, -40, 85) / 2;
            double slope = std::abs(curve.OffsetAt(25.5) - curve.OffsetAt(24.5));
            NS_LOG_INFO(P::GetPresetName(c.preset) << ": +-" << half * 1e6 << " ppm over range, "
                                                   << slope * 1e6 << " ppm/degC at 25 degC");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(half, c.lo, P::GetPresetName(c.preset));
            NS_TEST_EXPECT_MSG_LT_OR_EQ(half, c.hi, P::GetPresetName(c.preset));
            NS_TEST_EXPECT_MSG_GT_OR_EQ(slope, c.slopeLo, P::GetPresetName(c.preset));
            NS_TEST_EXPECT_MSG_LT_OR_EQ(slope, c.slopeHi, P::GetPresetName(c.preset));
        }
    }
};

/** Each diurnal profile draws its own phase; a fixed stream gives a fixed phase. */
class PhaseCase : public TestCase
{
  public:
    PhaseCase()
        : TestCase("diurnal phase: own per profile, reproducible per stream, in [0, 2 pi)")
    {
    }

  private:
    void DoRun() override
    {
        auto make = [](int64_t stream) {
            auto p = CreateObject<DiurnalTemperatureProfile>();
            p->AssignStreams(stream);
            return p;
        };
        double a = make(5)->GetPhase();
        double b = make(6)->GetPhase();
        double again = make(5)->GetPhase();
        NS_TEST_EXPECT_MSG_EQ(a, again, "same stream, same phase");
        NS_TEST_EXPECT_MSG_NE(a, b, "two nodes, two phases");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(a, 0.0, "phase >= 0");
        NS_TEST_EXPECT_MSG_LT(a, 2 * M_PI, "phase < 2 pi");
        // The extremes are the profile's: sample a whole period.
        auto p = make(5);
        double lo = 1e9;
        double hi = -1e9;
        for (int s = 0; s < 86400; s += 60)
        {
            lo = std::min(lo, p->GetTemperature(Seconds(s)));
            hi = std::max(hi, p->GetTemperature(Seconds(s)));
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(lo, p->GetMinTemperature(), 0.01, "minimum");
        NS_TEST_EXPECT_MSG_EQ_TOL(hi, p->GetMaxTemperature(), 0.01, "maximum");
    }
};

/** The suite. */
class TemperatureOscillatorTestSuite : public TestSuite
{
  public:
    TemperatureOscillatorTestSuite()
        : TestSuite("chronometry-temperature-oscillator", Type::UNIT)
    {
        AddTestCase(new BitIdenticalCase(), chronometry::TestDuration::QUICK);
        AddTestCase(new StepCase(), chronometry::TestDuration::QUICK);
        AddTestCase(new DiurnalCase(), chronometry::TestDuration::QUICK);
        AddTestCase(new PresetCurveCase(), chronometry::TestDuration::QUICK);
        AddTestCase(new PhaseCase(), chronometry::TestDuration::QUICK);
    }
};

TemperatureOscillatorTestSuite g_temperatureOscillatorTestSuite; //!< the suite

} // namespace
