/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The servo's rate ratio in the E2E path delay (issue 41), as linuxptp: clock.c hands the
// servo's rate ratio (servo_rate_ratio; linreg.c's frequency_ratio, 1 for every other servo)
// to tsproc.c, whose get_raw_delay takes delay = [r (t2 - t3) + (t4 - t1)] / 2. Checked: the
// scaling on a hand-worked exchange from that formula; that servos without an estimate answer
// 1; and, with LinRegServo steering a drifting slave whose Delay_Req leaves 100 ms after the
// Sync arrives, that the path delay error with the ratio is smaller than without it; on the
// network, that PtpClock applies its servo's ratio to every E2E measurement.
#include "ptp-test-world.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/linreg-servo.h"
#include "ns3/pi-servo.h"
#include "ns3/ptp-delay.h"
#include "ns3/ptp-helper.h"
#include "ns3/ptp-servo.h"
#include "ns3/test.h"

#include <cmath>
#include <iostream>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

/** \brief The scaling on a hand-worked exchange. */
class ScalingTestCase : public TestCase
{
  public:
    ScalingTestCase()
        : TestCase("E2E delay with a rate ratio r: (r (t2 - t3) + (t4 - t1)) over 2 on a "
                   "hand-worked exchange; servos without an estimate answer 1")
    {
    }

  private:
    void DoRun() override
    {
        // Worked by hand from tsproc.c get_raw_delay: t2 - t3 = -500 ms on the slave clock,
        // r = 1.0001, so r (t2 - t3) = -500.05 ms; t4 - t1 = 500.15 ms on the master clock;
        // delay = (-500 050 000 + 500 150 000) / 2 = 50 000 ns; without r: 75 000 ns. The
        // corrections (1 us + 3 us) come off the sum: 48 000 ns. delayAsymmetry cancels.
        ptp::E2eExchange x;
        x.t1 = NanoSeconds(1000000000);
        x.t2 = NanoSeconds(1000070000);
        x.t3 = NanoSeconds(1500070000);
        x.t4 = NanoSeconds(1500150000);
        x.rateRatio = 1.0001;
        NS_TEST_EXPECT_MSG_EQ(ptp::E2eMeanPathDelay(x), NanoSeconds(50000), "scaled");
        x.rateRatio = 1.0;
        NS_TEST_EXPECT_MSG_EQ(ptp::E2eMeanPathDelay(x), NanoSeconds(75000), "unscaled");
        x.rateRatio = 1.0001;
        x.syncCorrection = NanoSeconds(1000);
        x.delayRespCorrection = NanoSeconds(3000);
        x.delayAsymmetry = NanoSeconds(7000);
        NS_TEST_EXPECT_MSG_EQ(ptp::E2eMeanPathDelay(x), NanoSeconds(48000), "with corrections");
        // A slave 20 ppm slow: r = 1 / (1 - 20e-6) over a 1 s turnaround adds 20 us to the
        // slave's interval, 10 us to the delay.
        ptp::E2eExchange y;
        y.t1 = Seconds(10);
        y.t2 = Seconds(20);
        y.t3 = Seconds(21);
        y.t4 = Seconds(11) + MicroSeconds(20) + MicroSeconds(200);
        y.rateRatio = 1.0;
        const Time unscaled = ptp::E2eMeanPathDelay(y);
        y.rateRatio = 1 / (1 - 20e-6);
        const Time scaled = ptp::E2eMeanPathDelay(y);
        NS_TEST_EXPECT_MSG_EQ(unscaled, MicroSeconds(110), "20 us + 200 us, halved");
        NS_TEST_EXPECT_MSG_EQ_TOL(scaled.GetNanoSeconds(), 100000, 1, "the 20 us is gone");

        NS_TEST_EXPECT_MSG_EQ(CreateObject<PiServo>()->GetRateRatio(), 1.0, "PI: none");
        NS_TEST_EXPECT_MSG_EQ(CreateObject<SetTimeServo>()->GetRateRatio(), 1.0, "set: none");
        NS_TEST_EXPECT_MSG_EQ(CreateObject<LinRegServo>()->GetRateRatio(), 1.0, "linreg: 1 first");
    }
};

/** \brief LinRegServo on a drifting slave: the delay with and without the ratio. */
class DriftingSlaveTestCase : public TestCase
{
  public:
    DriftingSlaveTestCase()
        : TestCase("LinRegServo, slave 20 ppm fast, Delay_Req 100 ms after Sync: the E2E delay "
                   "error is smaller with the servo's rate ratio than without")
    {
    }

  private:
    void DoRun() override
    {
        // The slave's clock: free-running 20 ppm fast, steered by the servo (rate (1 + d)
        // (1 + f)); the master is true time. Sync every 1/8 s, 50 us path each way, 100 ns of
        // noise on the Sync arrival (the servo's input), none on the Delay_Req so that the
        // delay error is the turnaround's rate error alone.
        const double d = 20e-6;
        const double interval = 0.125e9; // ns
        const double turnaround = 100e6; // ns, true time
        const double path = 50000;       // ns
        Ptr<LinRegServo> servo = CreateObject<LinRegServo>();
        servo->SetSyncInterval(Seconds(0.125));
        std::mt19937_64 rng(7);
        std::normal_distribution<double> noise(0, 100);
        double phase = 3000; // local - true (ns)
        double f = 0;        // ppb
        double sumWith = 0;
        double sumWithout = 0;
        uint32_t counted = 0;
        for (uint32_t k = 0; k < 800; ++k)
        {
            const double t1 = 1e9 + k * interval;
            const double t2 = t1 + path + phase + noise(rng);
            const ServoAction a = servo->Sample(NanoSeconds(std::llround(t1 + path - t2)),
                                                NanoSeconds(std::llround(t2)));
            double local2 = t2;
            if (a.step)
            {
                phase += a.stepBy.GetDouble();
                local2 += a.stepBy.GetDouble();
            }
            if (a.adjustFrequency)
            {
                f = a.frequencyPpb;
            }
            const double rate = (1 + d) * (1 + f * 1e-9);
            ptp::E2eExchange x;
            x.t1 = NanoSeconds(std::llround(t1));
            x.t2 = NanoSeconds(std::llround(local2));
            x.t3 = NanoSeconds(std::llround(local2 + turnaround * rate));
            x.t4 = NanoSeconds(std::llround(t1 + path + turnaround + path));
            x.rateRatio = servo->GetRateRatio();
            const double with = x.rateRatio;
            const double errWith = ptp::E2eMeanPathDelay(x).GetDouble() - path;
            x.rateRatio = 1.0;
            const double errWithout = ptp::E2eMeanPathDelay(x).GetDouble() - path;
            if (k >= 100)
            {
                sumWith += std::fabs(errWith);
                sumWithout += std::fabs(errWithout);
                ++counted;
                NS_TEST_EXPECT_MSG_LT(std::fabs(with - 1 / rate), 1e-6, "ratio near the truth");
            }
            phase += (rate - 1) * interval;
        }
        const double meanWith = sumWith / counted;
        const double meanWithout = sumWithout / counted;
        std::cout << "[rate ratio] mean |delay error| from sample 100: " << meanWith
                  << " ns with the ratio, " << meanWithout << " ns without" << std::endl;
        NS_TEST_EXPECT_MSG_LT(meanWith, 0.5 * meanWithout, "the ratio halves the error at least");
    }
};

/** \brief A PI servo that reports a fixed rate ratio (to see PtpClock apply it). */
class FixedRatioPiServo : public PiServo
{
  public:
    /** \param ratio the ratio to report */
    explicit FixedRatioPiServo(double ratio)
        : m_ratio(ratio)
    {
    }

    double GetRateRatio() const override
    {
        return m_ratio;
    }

  private:
    double m_ratio; //!< the reported ratio
};

/**
 * \param servo the slave's servo
 * \return the E2E path delays the slave measured (ns) from 10 s to 30 s on a 5 us link
 */
std::vector<double>
MeasuredDelays(Ptr<ClockServo> servo)
{
    NodeContainer nodes;
    nodes.Create(2);
    ptptest::AddClock(nodes.Get(0), MilliSeconds(1), 10.0);
    ptptest::AddClock(nodes.Get(1), MicroSeconds(-300), -20.0);
    ptptest::Link(nodes, "1Gbps", MicroSeconds(5), Time(0));
    PtpHelper ptp;
    ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
    ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
    ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
    ptp.SetClockAttribute("Role", StringValue("Master"));
    ptp.Install(nodes.Get(0));
    ptp.SetClockAttribute("Role", StringValue("Slave"));
    Ptr<PtpClock> slave = ptp.Install(nodes.Get(1));
    slave->SetAttribute("Servo", PointerValue(servo));
    ptp.AssignStreams(nodes, 10);
    std::vector<double> delays;
    slave->TraceConnectWithoutContext(
        "PathDelay",
        Callback<void, uint16_t, Time, Time>([&delays](uint16_t, Time, Time measured) {
            if (Simulator::Now() >= Seconds(10))
            {
                delays.push_back(measured.GetDouble());
            }
        }));
    Simulator::Stop(Seconds(30));
    Simulator::Run();
    Simulator::Destroy();
    return delays;
}

/** \brief PtpClock hands its servo's ratio to every E2E measurement. */
class PtpClockRatioTestCase : public TestCase
{
  public:
    PtpClockRatioTestCase()
        : TestCase("PtpClock scales the slave's turnaround by its servo's rate ratio: a servo "
                   "reporting 1 + 1e-4 shortens the measured delays by the turnaround x 5e-5")
    {
    }

  private:
    void DoRun() override
    {
        // The same run twice (same streams): a plain PI servo (ratio 1) and one reporting
        // r = 1 + 1e-4. Each E2E measurement then changes by (r - 1) (t2 - t3) / 2, between 0
        // and -12.5 us for a turnaround t3 - t2 within two sync intervals (250 ms), about
        // -3.1 us for one uniform within one interval.
        const std::vector<double> plain = MeasuredDelays(CreateObject<PiServo>());
        const std::vector<double> scaled =
            MeasuredDelays(CreateObject<FixedRatioPiServo>(1 + 1e-4));
        NS_TEST_ASSERT_MSG_GT(plain.size(), 100u, "delay measurements");
        double sumPlain = 0;
        double sumScaled = 0;
        for (double d : plain)
        {
            sumPlain += d;
        }
        for (double d : scaled)
        {
            sumScaled += d;
        }
        const double shift = sumScaled / scaled.size() - sumPlain / plain.size();
        std::cout << "[rate ratio] PtpClock, servo ratio 1 + 1e-4: mean measured delay "
                  << sumPlain / plain.size() << " ns -> " << sumScaled / scaled.size()
                  << " ns (shift " << shift << " ns)" << std::endl;
        NS_TEST_EXPECT_MSG_LT(shift, -1000.0, "shorter by at least 1 us");
        NS_TEST_EXPECT_MSG_GT(shift, -12500.0, "by at most 250 ms x 5e-5");
    }
};

} // namespace

/** \brief The suite. */
class PtpRateRatioTestSuite : public TestSuite
{
  public:
    PtpRateRatioTestSuite()
        : TestSuite("chronometry-ptp-rate-ratio", Type::UNIT)
    {
        AddTestCase(new ScalingTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DriftingSlaveTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PtpClockRatioTestCase, chronometry::TestDuration::QUICK);
    }
};

static PtpRateRatioTestSuite g_ptpRateRatioTestSuite; //!< instance
