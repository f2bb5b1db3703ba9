/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Clock servos (SetTimeServo, PiServo, LinRegServo) driven in a plain loop by a simulated
// clock: free-running drift d, the servo's frequency adjustment applied multiplicatively
// (rate = (1 + d)(1 + f)), steps and slews as asked, sampled every sync interval T against
// the master (= true time), Gaussian measurement noise from a fixed seed. Checked against the
// analytic expectations: linuxptp's gains and their scaling with T; the PI loop's closed-form
// second-order response (poles of z^2 - (2 - a - b) z + (1 - a), a = kp T, b = ki T), its
// overshoot growing with ki, its lock time; its noise-limited steady state (the loop's noise
// gain); the drift x interval error of phase-only correction; linear regression's
// extrapolation error sigma sqrt(1/n + 3 (n + 1) / (n (n - 1))); thresholds and clamps.
#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/linreg-servo.h"
#include "ns3/pi-servo.h"
#include "ns3/ptp-servo.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <complex>
#include <iostream>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

/** \brief What one run of the loop produced. */
struct Trace
{
    std::vector<double> error;       //!< master - local at each sample, before the action (ns)
    std::vector<ServoState> state;   //!< state after each sample
    std::vector<ServoAction> action; //!< each action
};

/** \brief The simulated clock and the loop. */
struct Loop
{
    double drift{0};           //!< free-running fractional frequency error (50e-6: 50 ppm fast)
    double phaseNs{0};         //!< local - true at the start
    Time interval{Seconds(1)}; //!< sync interval T
    double noiseNs{0};         //!< measurement noise (standard deviation)
    uint64_t seed{1};          //!< noise seed

    /**
     * \param servo the servo under test
     * \param samples how many samples
     * \return the trace
     */
    Trace Run(Ptr<ClockServo> servo, uint32_t samples) const
    {
        servo->SetSyncInterval(interval);
        std::mt19937_64 rng(seed);
        std::normal_distribution<double> noise(0, noiseNs > 0 ? noiseNs : 1);
        const double t = interval.GetSeconds() * 1e9;
        double phase = phaseNs;
        double freqPpb = 0;
        Trace tr;
        for (uint32_t k = 0; k < samples; ++k)
        {
            const double trueNs = k * t;
            const double local = trueNs + phase;
            const double measured = -phase + (noiseNs > 0 ? noise(rng) : 0);
            tr.error.push_back(-phase);
            const ServoAction a = servo->Sample(NanoSeconds(std::llround(measured)),
                                                NanoSeconds(std::llround(local)));
            tr.state.push_back(a.state);
            tr.action.push_back(a);
            if (a.step)
            {
                phase += a.stepBy.GetDouble();
            }
            if (a.adjustFrequency)
            {
                freqPpb = a.frequencyPpb;
            }
            phase += ((1 + drift) * (1 + freqPpb * 1e-9) - 1) * t + a.slewBy.GetDouble();
        }
        return tr;
    }
};

/**
 * \param e errors
 * \param from first index
 * \return root mean square of e[from..]
 */
double
Rms(const std::vector<double>& e, size_t from)
{
    double s = 0;
    for (size_t i = from; i < e.size(); ++i)
    {
        s += e[i] * e[i];
    }
    return std::sqrt(s / (e.size() - from));
}

/**
 * \param kp proportional gain
 * \param ki integral gain
 * \return a PI servo with those constant gains
 */
Ptr<PiServo>
ConstantPi(double kp, double ki)
{
    Ptr<PiServo> s = CreateObject<PiServo>();
    s->SetAttribute("ProportionalConst", DoubleValue(kp));
    s->SetAttribute("IntegralConst", DoubleValue(ki));
    return s;
}

/** \brief linuxptp's gains and their scaling with the sync interval. */
class PiGainsTestCase : public TestCase
{
  public:
    PiGainsTestCase()
        : TestCase("PI gains: linuxptp's hardware and software defaults, scaling with T, caps")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PiServo> hw = CreateObject<PiServo>();
        NS_TEST_EXPECT_MSG_EQ_TOL(hw->GetKp(), 0.7, 1e-12, "hardware kp at T = 1 s");
        NS_TEST_EXPECT_MSG_EQ_TOL(hw->GetKi(), 0.3, 1e-12, "hardware ki at T = 1 s");
        hw->SetSyncInterval(MilliSeconds(125)); // logSyncInterval -3
        NS_TEST_EXPECT_MSG_EQ_TOL(hw->GetKp(), 0.7 * std::pow(0.125, -0.3), 1e-12, "kp T^-0.3");
        NS_TEST_EXPECT_MSG_EQ_TOL(hw->GetKi(), 0.3 * std::pow(0.125, 0.4), 1e-12, "ki T^0.4");
        hw->SetSyncInterval(Seconds(16)); // capped: kp <= 0.7 / T, ki <= 0.3 / T
        NS_TEST_EXPECT_MSG_EQ_TOL(hw->GetKp(), 0.7 / 16, 1e-12, "kp norm max");
        NS_TEST_EXPECT_MSG_EQ_TOL(hw->GetKi(), 0.3 / 16, 1e-12, "ki norm max");
        Ptr<PiServo> sw = CreateObject<PiServo>();
        sw->SetAttribute("TimestampMode", StringValue("Software"));
        NS_TEST_EXPECT_MSG_EQ_TOL(sw->GetKp(), 0.1, 1e-12, "software kp");
        NS_TEST_EXPECT_MSG_EQ_TOL(sw->GetKi(), 0.001, 1e-12, "software ki");
        Ptr<PiServo> c = ConstantPi(0.5, 0.05);
        c->SetSyncInterval(Seconds(4)); // constants: caps 1.0 / T and 2.0 / T
        NS_TEST_EXPECT_MSG_EQ_TOL(c->GetKp(), 0.25, 1e-12, "constant kp capped at 1/T");
        NS_TEST_EXPECT_MSG_EQ_TOL(c->GetKi(), 0.05, 1e-12, "constant ki");
        // Each setting stands alone, as linuxptp's pi_* options (issue 41): a scale or a
        // constant for one gain leaves the other at its default.
        Ptr<PiServo> kpScale = CreateObject<PiServo>();
        kpScale->SetAttribute("ProportionalScale", DoubleValue(0.5));
        NS_TEST_EXPECT_MSG_EQ_TOL(kpScale->GetKp(), 0.5, 1e-12, "pi_proportional_scale alone");
        NS_TEST_EXPECT_MSG_EQ_TOL(kpScale->GetKi(), 0.3, 1e-12, "ki stays at its default");
        Ptr<PiServo> kiConst = CreateObject<PiServo>();
        kiConst->SetAttribute("IntegralConst", DoubleValue(0.05));
        kiConst->SetSyncInterval(MilliSeconds(125));
        NS_TEST_EXPECT_MSG_EQ_TOL(kiConst->GetKi(), 0.05, 1e-12, "pi_integral_const alone");
        NS_TEST_EXPECT_MSG_EQ_TOL(kiConst->GetKp(),
                                  0.7 * std::pow(0.125, -0.3),
                                  1e-12,
                                  "kp stays at its default");
    }
};

/** \brief Start-up: frequency measured from two samples, then a step, then locked. */
class PiStartupTestCase : public TestCase
{
  public:
    PiStartupTestCase()
        : TestCase("PI start-up: 50 ppm and 1 ms off: UNLOCKED, JUMP, then LOCKED within 2 ns")
    {
    }

  private:
    void DoRun() override
    {
        Loop loop;
        loop.drift = 50e-6;
        loop.phaseNs = 1e6; // local 1 ms ahead
        Ptr<PiServo> pi = CreateObject<PiServo>();
        const Trace tr = loop.Run(pi, 40);
        NS_TEST_EXPECT_MSG_EQ(ToString(tr.state[0]), "unlocked", "first sample");
        NS_TEST_EXPECT_MSG_EQ(ToString(tr.state[1]), "jump", "second: step");
        NS_TEST_EXPECT_MSG_EQ(tr.action[1].step, true, "stepped");
        // The frequency estimate is exact for a constant drift: -d / (1 + d).
        NS_TEST_EXPECT_MSG_EQ_TOL(tr.action[1].frequencyPpb, -50e3 / (1 + 50e-6), 1.5, "F'");
        double worst = 0;
        for (size_t k = 2; k < tr.error.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(ToString(tr.state[k]), "locked", "sample " << k);
            worst = std::max(worst, std::fabs(tr.error[k]));
        }
        std::cout << "[pi] start-up 50 ppm, 1 ms: locked at sample 2 (2 s), worst error " << worst
                  << " ns" << std::endl;
        NS_TEST_EXPECT_MSG_LT(worst, 2.0, "locked within the ns quantization");
        // Software gains wait 0.016 / ki = 16 s before estimating the frequency.
        Ptr<PiServo> sw = CreateObject<PiServo>();
        sw->SetAttribute("TimestampMode", StringValue("Software"));
        const Trace trs = loop.Run(sw, 20);
        size_t firstJump = 0;
        while (firstJump < trs.state.size() && trs.state[firstJump] == ServoState::UNLOCKED)
        {
            ++firstJump;
        }
        NS_TEST_EXPECT_MSG_EQ(firstJump, 16u, "software: 16 s of samples before the estimate");
    }
};

/**
 * The closed-form offset of the PI loop from sample 2 on, with d = 0 and the integral
 * starting at 0: e[k+1] = (1 - a) e[k] - J[k], J[k] = J[k-1] + b e[k], i.e. the roots of
 * z^2 - (2 - a - b) z + (1 - a).
 * \param a kp T
 * \param b ki T
 * \param e0 offset at sample 2
 * \param k sample index (>= 2)
 * \return the offset
 */
double
ClosedForm(double a, double b, double e0, int k)
{
    using C = std::complex<double>;
    const C p = 2 - a - b;
    const C q = 1 - a;
    const C disc = std::sqrt(p * p - 4.0 * q);
    const C z1 = (p + disc) / 2.0;
    const C z2 = (p - disc) / 2.0;
    // e[2] = e0, e[3] = (1 - a - b) e0: c1 + c2 = e0, c1 z1 + c2 z2 = e[3].
    const C e3 = (1 - a - b) * e0;
    const C c1 = (e3 - z2 * e0) / (z1 - z2);
    const C c2 = e0 - c1;
    return (c1 * std::pow(z1, k - 2) + c2 * std::pow(z2, k - 2)).real();
}

/** \brief The PI loop is the second-order system of its poles. */
class PiSecondOrderTestCase : public TestCase
{
  public:
    PiSecondOrderTestCase()
        : TestCase("PI response to a 10 us phase error: the closed-form second-order loop, "
                   "overshoot grows with ki, lock time from the pole radius")
    {
    }

  private:
    void DoRun() override
    {
        const double e0 = 10000; // below FirstStepThreshold: corrected by the loop
        double previousOvershoot = -1;
        for (double ki : {0.05, 0.1, 0.3, 0.6})
        {
            const double kp = 0.7;
            Loop loop;
            loop.phaseNs = -e0; // local 10 us behind: master - local = +10 us
            const Trace tr = loop.Run(ConstantPi(kp, ki), 80);
            double overshoot = 0;
            double analyticOvershoot = 0;
            int lock = -1;
            int analyticLock = -1;
            for (int k = 2; k < 80; ++k)
            {
                const double want = ClosedForm(kp, ki, e0, k);
                NS_TEST_ASSERT_MSG_EQ_TOL(tr.error[k], want, 2.0, "ki " << ki << " sample " << k);
                overshoot = std::max(overshoot, -tr.error[k] / e0);
                analyticOvershoot = std::max(analyticOvershoot, -want / e0);
                if (std::fabs(tr.error[k]) >= 0.01 * e0)
                {
                    lock = k + 1;
                }
                if (std::fabs(want) >= 0.01 * e0)
                {
                    analyticLock = k + 1;
                }
            }
            // The slower pole: |z| of z^2 - (2 - a - b) z + (1 - a), a = kp T, b = ki T.
            const std::complex<double> pp = 2 - kp - ki;
            const std::complex<double> disc = std::sqrt(pp * pp - 4.0 * (1 - kp));
            const double radius =
                std::max(std::abs((pp + disc) / 2.0), std::abs((pp - disc) / 2.0));
            std::cout << "[pi] kp 0.7 ki " << ki << ": overshoot " << overshoot * 100
                      << "% (closed form " << analyticOvershoot * 100
                      << "%), within 1% from sample " << lock << " (closed form " << analyticLock
                      << "), pole radius " << radius << std::endl;
            NS_TEST_EXPECT_MSG_EQ_TOL(overshoot, analyticOvershoot, 1e-3, "overshoot, ki " << ki);
            NS_TEST_EXPECT_MSG_EQ(lock, analyticLock, "lock time, ki " << ki);
            NS_TEST_EXPECT_MSG_GT(overshoot, previousOvershoot, "overshoot grows with ki");
            previousOvershoot = overshoot;
        }
        // linuxptp's hardware gains at T = 1 s: complex poles of radius sqrt(1 - kp) = 0.548,
        // so a 10 us error is below 100 ns after about ln(100) / ln(1 / 0.548) = 7.7 samples
        // (plus the 2 start-up samples and the transient's constant).
        Loop loop;
        loop.phaseNs = -e0;
        const Trace tr = loop.Run(CreateObject<PiServo>(), 40);
        int lock = 0;
        for (int k = 0; k < 40; ++k)
        {
            if (std::fabs(tr.error[k]) >= 100)
            {
                lock = k + 1;
            }
        }
        std::cout << "[pi] linuxptp hardware gains, 10 us: below 100 ns from sample " << lock
                  << std::endl;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(lock, 2 + 7, "not faster than the poles allow");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(lock, 2 + 7 + 4, "within the poles' time constant");
    }
};

/**
 * \param a kp T
 * \param b ki T
 * \return the steady-state variance of the offset per unit variance of white measurement
 *         noise: the sum of the squared impulse response of the loop from noise to offset
 */
double
PiNoiseGain(double a, double b)
{
    double e = 0;
    double j = 0;
    double sum = 0;
    for (int k = 0; k < 2000; ++k)
    {
        const double n = k == 0 ? 1.0 : 0.0;
        j += b * (e + n);
        const double next = e - a * (e + n) - j;
        e = next;
        sum += e * e;
    }
    return sum;
}

/** \brief Steady state with noise: noise-limited with rate correction, drift-limited without. */
class SteadyStateTestCase : public TestCase
{
  public:
    SteadyStateTestCase()
        : TestCase("steady state: PI noise-limited (loop noise gain); phase-only servos leave "
                   "drift x interval")
    {
    }

  private:
    void DoRun() override
    {
        // PI with rate correction, 20 ppm, sigma 50 ns, 4000 samples.
        for (double ki : {0.3, 0.05})
        {
            Loop loop;
            loop.drift = 20e-6;
            loop.noiseNs = 50;
            loop.seed = 11;
            const Trace tr = loop.Run(ConstantPi(0.7, ki), 4000);
            const double rms = Rms(tr.error, 100);
            const double want = 50 * std::sqrt(PiNoiseGain(0.7, ki));
            double mean = 0;
            for (size_t k = 100; k < tr.error.size(); ++k)
            {
                mean += tr.error[k] / (tr.error.size() - 100);
            }
            std::cout << "[pi] 20 ppm, sigma 50 ns, kp 0.7 ki " << ki << ": RMS error " << rms
                      << " ns (analytic " << want << "), mean " << mean << " ns" << std::endl;
            NS_TEST_EXPECT_MSG_EQ_TOL(rms, want, 0.08 * want, "noise-limited RMS, ki " << ki);
            NS_TEST_EXPECT_MSG_LT(std::fabs(mean), 5.0, "no bias with rate correction");
        }
        // Without rate correction: the sampled error is drift x interval / gain.
        const double d = 10e-6;
        const double t = 1e9; // T = 1 s in ns
        {
            Loop loop;
            loop.drift = d;
            Ptr<SetTimeServo> set = CreateObject<SetTimeServo>();
            const Trace tr = loop.Run(set, 30);
            for (size_t k = 1; k < tr.error.size(); ++k)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(tr.error[k], -d * t, 1.0, "SetTime: -d T at " << k);
                NS_TEST_EXPECT_MSG_EQ(tr.action[k].adjustFrequency, false, "never the frequency");
            }
            std::cout << "[settime] 10 ppm, T 1 s: sampled error " << tr.error.back()
                      << " ns (d T = " << -d * t << ")" << std::endl;
        }
        {
            Loop loop;
            loop.drift = d;
            Ptr<PiServo> pi = CreateObject<PiServo>();
            pi->SetAttribute("RateCorrection", BooleanValue(false));
            const Trace tr = loop.Run(pi, 60);
            const double want = -d * t / (0.7 * 1.0); // fixed point of e' = e - d T - kp T e
            NS_TEST_EXPECT_MSG_EQ_TOL(tr.error.back(), want, 2.0, "PI phase-only: -d T / (kp T)");
            for (const auto& a : tr.action)
            {
                NS_TEST_EXPECT_MSG_EQ(a.adjustFrequency, false, "never the frequency");
            }
            std::cout << "[pi] phase only, 10 ppm: sampled error " << tr.error.back()
                      << " ns (d T / kp T = " << want << ")" << std::endl;
            Loop on = loop;
            const Trace rated = on.Run(CreateObject<PiServo>(), 60);
            NS_TEST_EXPECT_MSG_LT(std::fabs(rated.error.back()), 2.0, "with rate correction: 0");
        }
        {
            Loop loop;
            loop.drift = d;
            Ptr<LinRegServo> lr = CreateObject<LinRegServo>();
            lr->SetAttribute("RateCorrection", BooleanValue(false));
            const Trace tr = loop.Run(lr, 60);
            NS_TEST_EXPECT_MSG_EQ_TOL(tr.error.back(), -d * t, 2.0, "LinReg phase-only: -d T");
            std::cout << "[linreg] phase only, 10 ppm: sampled error " << tr.error.back() << " ns"
                      << std::endl;
        }
    }
};

/** \brief Thresholds and the frequency clamp. */
class ThresholdsTestCase : public TestCase
{
  public:
    ThresholdsTestCase()
        : TestCase("StepThreshold restarts and steps, FirstStepThreshold 0 never steps, "
                   "MaxFrequency clamps without wind-up")
    {
    }

  private:
    void DoRun() override
    {
        // A 5 ms phase jump while locked, StepThreshold 1 ms: UNLOCKED, re-estimate, JUMP.
        Ptr<PiServo> pi = CreateObject<PiServo>();
        pi->SetAttribute("StepThreshold", TimeValue(MilliSeconds(1)));
        pi->SetSyncInterval(Seconds(1));
        double phase = 0;
        double freq = 0;
        const double d = 30e-6;
        std::vector<ServoState> states;
        for (int k = 0; k < 30; ++k)
        {
            if (k == 15)
            {
                phase += 5e6; // the local clock jumps 5 ms ahead
            }
            const ServoAction a = pi->Sample(NanoSeconds(std::llround(-phase)),
                                             NanoSeconds(std::llround(k * 1e9 + phase)));
            states.push_back(a.state);
            if (a.step)
            {
                phase += a.stepBy.GetDouble();
            }
            if (a.adjustFrequency)
            {
                freq = a.frequencyPpb;
            }
            phase += ((1 + d) * (1 + freq * 1e-9) - 1) * 1e9;
        }
        NS_TEST_EXPECT_MSG_EQ(ToString(states[15]), "unlocked", "beyond StepThreshold: restart");
        NS_TEST_EXPECT_MSG_EQ(ToString(states[16]), "unlocked", "first sample again");
        NS_TEST_EXPECT_MSG_EQ(ToString(states[17]), "jump", "then the step");
        NS_TEST_EXPECT_MSG_LT(std::fabs(phase), 3.0, "locked again");
        // FirstStepThreshold 0: a 1 ms offset is slewed out by frequency, never stepped, at
        // most MaxFrequency.
        Loop loop;
        loop.phaseNs = 1e6;
        Ptr<PiServo> slewing = CreateObject<PiServo>();
        slewing->SetAttribute("FirstStepThreshold", TimeValue(Time(0)));
        slewing->SetAttribute("MaxFrequency", DoubleValue(100000)); // 100 ppm
        const Trace tr = loop.Run(slewing, 200);
        bool anyStep = false;
        double largest = 0;
        for (const auto& a : tr.action)
        {
            anyStep = anyStep || a.step;
            largest = std::max(largest, std::fabs(a.frequencyPpb));
        }
        NS_TEST_EXPECT_MSG_EQ(anyStep, false, "never stepped");
        NS_TEST_EXPECT_MSG_EQ_TOL(largest, 100000.0, 1e-9, "clamped at MaxFrequency");
        // 1 ms at 100 ppm takes at least 10 s; no wind-up: the integral is not charged while
        // clamped, so the loop settles without a long opposite excursion.
        double worstAfter = 0;
        for (size_t k = 40; k < tr.error.size(); ++k)
        {
            worstAfter = std::max(worstAfter, std::fabs(tr.error[k]));
        }
        double undershoot = 0;
        for (double e : tr.error)
        {
            undershoot = std::max(undershoot, e); // master - local > 0: local behind
        }
        std::cout << "[pi] 1 ms slewed at <= 100 ppm: error below " << worstAfter
                  << " ns after 40 s, largest opposite excursion " << undershoot << " ns"
                  << std::endl;
        NS_TEST_EXPECT_MSG_LT(worstAfter, 10.0, "slewed in");
        NS_TEST_EXPECT_MSG_LT(undershoot, 5e4, "no wind-up: the overshoot of a 100 us step");
        // SetTimeServo marks a step beyond the first step threshold as JUMP.
        Loop jump;
        jump.phaseNs = 1e6;
        const Trace st = jump.Run(CreateObject<SetTimeServo>(), 3);
        NS_TEST_EXPECT_MSG_EQ(ToString(st.state[0]), "jump", "1 ms > 20 us");
        NS_TEST_EXPECT_MSG_EQ(ToString(st.state[1]), "locked", "0 after the step");
        // Reset forgets the samples: UNLOCKED again, and it relocks.
        Loop again;
        again.drift = 10e-6;
        Ptr<PiServo> r = CreateObject<PiServo>();
        again.Run(r, 5);
        r->Reset();
        NS_TEST_EXPECT_MSG_EQ(ToString(r->GetState()), "unlocked", "after Reset");
        // Reset does not re-arm FirstStepThreshold (linuxptp's servo_reset): a 1 ms offset
        // after it is slewed (LOCKED), not stepped.
        r->Sample(MilliSeconds(1), Seconds(100));
        const ServoAction afterReset = r->Sample(MilliSeconds(1), Seconds(101));
        NS_TEST_EXPECT_MSG_EQ(ToString(afterReset.state), "locked", "no first step after Reset");
        NS_TEST_EXPECT_MSG_EQ(afterReset.step, false, "not stepped");
    }
};

/**
 * \param n window
 * \return the RMS extrapolation error one step ahead of a least-squares line over n equally
 *         spaced points with unit noise
 */
double
ExtrapolationRms(double n)
{
    return std::sqrt(1 / n + 3 * (n + 1) / (n * (n - 1)));
}

/** \brief The linear regression servo. */
class LinRegTestCase : public TestCase
{
  public:
    LinRegTestCase()
        : TestCase("LinReg: exact after the first window; under white noise a long fit, "
                   "below the shortest fit's extrapolation error")
    {
    }

  private:
    void DoRun() override
    {
        {
            Loop loop;
            loop.drift = 50e-6;
            loop.phaseNs = 1e6;
            Ptr<LinRegServo> lr = CreateObject<LinRegServo>();
            const Trace tr = loop.Run(lr, 40);
            for (int k = 0; k < 3; ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(ToString(tr.state[k]), "unlocked", "filling 4 points");
            }
            NS_TEST_EXPECT_MSG_EQ(ToString(tr.state[3]), "jump", "1 ms: step at the 4th");
            double worst = 0;
            for (size_t k = 5; k < tr.error.size(); ++k)
            {
                worst = std::max(worst, std::fabs(tr.error[k]));
            }
            std::cout << "[linreg] 50 ppm, 1 ms: JUMP at sample 3, worst error from sample 5 "
                      << worst << " ns" << std::endl;
            NS_TEST_EXPECT_MSG_LT(worst, 3.0, "locked");
            NS_TEST_EXPECT_MSG_EQ_TOL(lr->GetFittedSlope(), 1 / (1 + 50e-6) - 1, 1e-9, "slope");
        }
        // White noise: the adaptive choice settles on a long fit, and the sampled error stays
        // below the extrapolation error of the shortest fit (4 points).
        Loop loop;
        loop.drift = 20e-6;
        loop.noiseNs = 100;
        loop.seed = 5;
        Ptr<LinRegServo> adaptive = CreateObject<LinRegServo>();
        const Trace tr = loop.Run(adaptive, 5000);
        const double rms = Rms(tr.error, 500);
        const double shortest = 100 * ExtrapolationRms(4);
        std::cout << "[linreg] adaptive, sigma 100 ns: RMS error " << rms << " ns, window "
                  << adaptive->GetWindow() << " (4-point extrapolation error " << shortest << " ns)"
                  << std::endl;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(adaptive->GetWindow(), 32u, "a long window for white noise");
        NS_TEST_EXPECT_MSG_LT(rms, shortest, "better than the shortest fit");

        // The deprecated Window and Adaptive (issue 41) are still accepted and change nothing.
        Ptr<LinRegServo> old = CreateObject<LinRegServo>();
        NS_TEST_EXPECT_MSG_EQ(old->SetAttributeFailSafe("Window", UintegerValue(8)),
                              true,
                              "Window accepted");
        NS_TEST_EXPECT_MSG_EQ(old->SetAttributeFailSafe("Adaptive", BooleanValue(false)),
                              true,
                              "Adaptive accepted");
        const Trace oldTr = loop.Run(old, 5000);
        const bool same = oldTr.error == tr.error;
        NS_TEST_EXPECT_MSG_EQ(same, true, "ignored: the same errors");
    }
};

/** \brief The suite. */
class PtpServoTestSuite : public TestSuite
{
  public:
    PtpServoTestSuite()
        : TestSuite("chronometry-ptp-servo", Type::UNIT)
    {
        AddTestCase(new PiGainsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PiStartupTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PiSecondOrderTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SteadyStateTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ThresholdsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LinRegTestCase, chronometry::TestDuration::QUICK);
    }
};

PtpServoTestSuite g_ptpServoTestSuite; //!< instance

} // namespace
