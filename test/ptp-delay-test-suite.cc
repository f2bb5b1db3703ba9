/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The delay arithmetic of IEEE 1588-2019 clause 11 on exchanges built from a known truth
// (offset, path delays, residence times, a responder's rate): the E2E offset and mean path
// delay are exact; an uncorrected path asymmetry (t_ms - t_sm = a) gives an offset error of
// exactly a / 2 and none in the delay; delayAsymmetry = a / 2 removes it; transparent-clock
// corrections are removed exactly; the P2P mean link delay needs neighborRateRatio (without
// it the error is (r - 1) (t4 - t1) / 2), and RateRatio recovers that ratio.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ptp-delay.h"
#include "ns3/test.h"

#include <cmath>
#include <random>

using namespace ns3;

namespace
{

/** \brief E2E: exact results, and the a / 2 error of an uncorrected asymmetry. */
class E2eTestCase : public TestCase
{
  public:
    E2eTestCase()
        : TestCase("E2E: exact offset and delay; uncorrected asymmetry a gives an offset error "
                   "of a half; delayAsymmetry and corrections remove theirs")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(3);
        auto ns = [&](int64_t lo, int64_t hi) {
            return NanoSeconds(lo + static_cast<int64_t>(g() % static_cast<uint64_t>(hi - lo + 1)));
        };
        for (int i = 0; i < 10000; ++i)
        {
            const Time theta = ns(-1000000, 1000000); // slave - master
            const Time mean = ns(1000, 500000);       // mean path delay
            const Time a = NanoSeconds(2) * int64_t(g() % 20001) - NanoSeconds(20000); // even
            const Time tms = mean + a / int64_t(2);  // master -> slave
            const Time tsm = mean - a / int64_t(2);  // slave -> master
            const Time residenceSync = ns(0, 50000); // transparent clocks on the way
            const Time residenceReq = ns(0, 50000);
            ptp::E2eExchange x;
            x.t1 = ns(0, 1000000000) + Seconds(1000);  // master clock
            x.t2 = x.t1 + tms + residenceSync + theta; // slave clock
            x.t3 = x.t2 + ns(1, 100000000);
            x.t4 = x.t3 + tsm + residenceReq - theta; // master clock
            x.syncCorrection = residenceSync;
            x.delayRespCorrection = residenceReq;
            // Uncorrected asymmetry: the delay is the mean, the offset is off by a / 2.
            ptp::DelayResult r = ptp::E2e(x);
            NS_TEST_ASSERT_MSG_EQ(r.meanPathDelay, mean, "mean path delay");
            NS_TEST_ASSERT_MSG_EQ(r.offsetFromMaster - theta, a / int64_t(2), "error a / 2");
            // delayAsymmetry = (t_ms - t_sm) / 2 removes it.
            x.delayAsymmetry = a / int64_t(2);
            r = ptp::E2e(x);
            NS_TEST_ASSERT_MSG_EQ(r.meanPathDelay, mean, "mean path delay, corrected");
            NS_TEST_ASSERT_MSG_EQ(r.offsetFromMaster, theta, "exact offset");
            NS_TEST_ASSERT_MSG_EQ(ptp::E2eMeanPathDelay(x), mean, "same function");
        }
        // The textbook form with nothing to correct.
        ptp::E2eExchange x;
        x.t1 = Seconds(10);
        x.t2 = Seconds(10) + MicroSeconds(150); // 100 us delay + 50 us offset
        x.t3 = Seconds(11);
        x.t4 = Seconds(11) + MicroSeconds(50); // 100 us delay - 50 us offset
        const ptp::DelayResult r = ptp::E2e(x);
        NS_TEST_EXPECT_MSG_EQ(r.offsetFromMaster, MicroSeconds(50), "((t2-t1)-(t4-t3))/2");
        NS_TEST_EXPECT_MSG_EQ(r.meanPathDelay, MicroSeconds(100), "((t2-t1)+(t4-t3))/2");
        // Halving rounds to the resolution: 3 ns of round trip is a 1.5 -> 2 ns delay.
        x.t2 = x.t1 + NanoSeconds(1);
        x.t4 = x.t3 + NanoSeconds(2);
        NS_TEST_EXPECT_MSG_EQ(ptp::E2eMeanPathDelay(x), NanoSeconds(2), "rounded, not truncated");
        NS_TEST_EXPECT_MSG_EQ(ptp::OffsetFromMaster(Seconds(1),
                                                    Seconds(2),
                                                    MilliSeconds(1),
                                                    MilliSeconds(2),
                                                    MilliSeconds(3)),
                              MilliSeconds(994),
                              "t2 - t1 - correction - asymmetry - delay");
    }
};

/** \brief P2P with a responder whose clock runs at another rate. */
class P2pTestCase : public TestCase
{
  public:
    P2pTestCase()
        : TestCase("P2P: mean link delay with neighborRateRatio; RateRatio recovers the ratio")
    {
    }

  private:
    void DoRun() override
    {
        // The requester's clock is the reference; the responder's runs at r times its rate
        // and reads 3 s more. Link delay D each way (requester time).
        for (double ppm : {-100.0, 0.0, 37.0, 250.0})
        {
            const double r = 1 + ppm * 1e-6;
            const double d = 500;           // ns
            const double turnaround = 10e6; // 10 ms on the responder's clock
            auto responder = [&](double requesterNs) { return 3e9 + r * requesterNs; };
            ptp::PdelayExchange x;
            const double t1 = 1e9;
            x.t1 = NanoSeconds(static_cast<int64_t>(t1));
            const double t2 = responder(t1 + d);
            x.t2 = NanoSeconds(std::llround(t2));
            x.t3 = NanoSeconds(std::llround(t2 + turnaround));
            const double t4 = t1 + d + turnaround / r + d;
            x.t4 = NanoSeconds(std::llround(t4));
            x.neighborRateRatio = r;
            // In the responder's time base the delay is r D.
            const Time delay = ptp::P2pMeanLinkDelay(x);
            NS_TEST_EXPECT_MSG_EQ_TOL(delay.GetDouble(), r * d, 1.0, ppm << " ppm");
            // Without the ratio the turnaround, measured on two clocks, leaves
            // (r - 1)(t4 - t1) / 2.
            ptp::PdelayExchange plain = x;
            plain.neighborRateRatio = 1.0;
            const double error = ptp::P2pMeanLinkDelay(plain).GetDouble() - r * d;
            NS_TEST_EXPECT_MSG_EQ_TOL(error, -(r - 1) * (t4 - t1) / 2, 1.0, ppm << " ppm, r = 1");
            // Two exchanges 1 s apart give the ratio (802.1AS neighborRateRatio).
            const double t4b = t4 + 1e9;
            const double t3b = responder(t4b - d);
            const double t3a = responder(t4 - d);
            const double ratio = ptp::RateRatio(NanoSeconds(std::llround(t3a)),
                                                x.t4,
                                                NanoSeconds(std::llround(t3b)),
                                                NanoSeconds(std::llround(t4b)));
            NS_TEST_EXPECT_MSG_EQ_TOL(ratio, r, 2e-9, ppm << " ppm ratio");
            // Corrections of the responder (one-step turnaround folded into correctionField)
            // are subtracted like the turnaround.
            ptp::PdelayExchange folded = x;
            folded.t3 = folded.t2;
            folded.responseCorrection = x.t3 - x.t2;
            NS_TEST_EXPECT_MSG_EQ(ptp::P2pMeanLinkDelay(folded), delay, "turnaround in correction");
        }
    }
};

/** \brief The suite. */
class PtpDelayTestSuite : public TestSuite
{
  public:
    PtpDelayTestSuite()
        : TestSuite("chronometry-ptp-delay", Type::UNIT)
    {
        AddTestCase(new E2eTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new P2pTestCase, chronometry::TestDuration::QUICK);
    }
};

PtpDelayTestSuite g_ptpDelayTestSuite; //!< instance

} // namespace
