/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The emulation's log parsers (issue 45) on the daemons' documented output.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/daemon-logs.h"
#include "ns3/test.h"

#include <sstream>

using namespace ns3;

namespace
{

/**
 * chrony's measurements.log as chrony.conf(5) documents it (chrony 4.x, with its Score column),
 * plus a line of chrony 3.x (no Score): the Offset column, with its sign, and half the Peer
 * delay. Fails if the parser takes a neighbouring column (the Score, the peer dispersion), drops
 * the sign or forgets that chrony's delay is a round trip.
 */
class ChronyMeasurementsTestCase : public TestCase
{
  public:
    ChronyMeasurementsTestCase()
        : TestCase("chrony measurements.log: the Offset column, signed, 4.x and 3.x")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream log(
            "=============================================================================\n"
            "   Date (UTC) Time     IP Address   L St 123 567 ABCD  LP RP Score    Offset  "
            "Peer del. Peer disp.  Root del. Root disp. Refid     MTxRx\n"
            "=============================================================================\n"
            "2016-11-14 19:33:46 203.0.113.15    N  2 111 111 1111   7  7 1.0 -4.966e-03  "
            "2.296e-01  1.577e-05  1.615e-01  7.446e-03 CB00717B 4B D K\n"
            "2026-12-07 23:50:01 10.45.0.2       N  1 111 111 1111  -4 -4 0.00  3.012e-03  "
            "1.1e-04  9.9e-07  0.000e+00  1.000e-05 47505300 4B K K\n"
            "2016-11-14 19:33:46 203.0.113.15    N  2 111 111 1111   7  7 4.2e-05  1.5e-04 "
            "1.577e-05  1.615e-01  7.446e-03 CB00717B 4B D K\n");
        std::vector<chronometry::DaemonSample> samples = chronometry::ParseChronyMeasurements(log);
        NS_TEST_ASSERT_MSG_EQ(samples.size(), 3, "three measurement lines");
        NS_TEST_ASSERT_MSG_EQ(samples[0].offset, MicroSeconds(-4966), "the documented example");
        NS_TEST_ASSERT_MSG_EQ(samples[0].delay, MicroSeconds(114800), "half the peer delay");
        NS_TEST_ASSERT_MSG_EQ(samples[1].offset, MicroSeconds(3012), "a positive offset");
        NS_TEST_ASSERT_MSG_EQ(samples[1].delay, MicroSeconds(55), "half of 110 us");
        NS_TEST_ASSERT_MSG_EQ(samples[2].offset, MicroSeconds(42), "chrony 3.x: no Score column");
        NS_TEST_ASSERT_MSG_EQ(samples[2].delay, MicroSeconds(75), "chrony 3.x: its peer delay");
    }
};

/**
 * ptp4l's -m output: only "master offset" lines, offset and path delay in nanoseconds, signed;
 * other lines (port state changes, "selected best master") are not samples.
 */
class Ptp4lOffsetsTestCase : public TestCase
{
  public:
    Ptp4lOffsetsTestCase()
        : TestCase("ptp4l output: master offset lines, signed nanoseconds")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream log(
            "ptp4l[1.002]: port 1 (tap0): LISTENING to UNCALIBRATED on RS_SLAVE\n"
            "ptp4l[1.376]: master offset     -19873 s0 freq      +0 path delay     61020\n"
            "ptp4l[1.501]: master offset        412 s2 freq      +0 path delay     60112\n"
            "ptp4l[2.001]: selected best master clock 02000afffe2d0002\n");
        std::vector<chronometry::DaemonSample> samples = chronometry::ParsePtp4lOffsets(log);
        NS_TEST_ASSERT_MSG_EQ(samples.size(), 2, "two offset lines");
        NS_TEST_ASSERT_MSG_EQ(samples[0].offset, NanoSeconds(-19873), "negative");
        NS_TEST_ASSERT_MSG_EQ(samples[0].delay, NanoSeconds(61020), "its path delay");
        NS_TEST_ASSERT_MSG_EQ(samples[1].offset, NanoSeconds(412), "positive");
        NS_TEST_ASSERT_MSG_EQ(samples[1].delay, NanoSeconds(60112), "its path delay");
    }
};

/**
 * Summarize: the start-up samples are left out, the median and the MAD-based spread of the
 * rest; an outlier moves neither much (a mean and a standard deviation would).
 */
class SummarizeTestCase : public TestCase
{
  public:
    SummarizeTestCase()
        : TestCase("Summarize: skip, median, 1.4826 MAD, robust to one outlier")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<Time> samples{Seconds(5), Seconds(-9)}; // start-up, skipped
        for (int64_t v : {10, 12, 8, 11, 9, 1000})
        {
            samples.push_back(MicroSeconds(v));
        }
        chronometry::OffsetSummary s = chronometry::Summarize(samples, 2);
        NS_TEST_ASSERT_MSG_EQ(s.count, 6, "six after the skip");
        NS_TEST_ASSERT_MSG_EQ(s.median, NanoSeconds(10500), "median of 8..12 and 1000");
        // |v - 10.5| = 0.5 1.5 2.5 0.5 1.5 989.5: MAD 1.5 us, x 1.4826 = 2.2239 us
        NS_TEST_ASSERT_MSG_EQ(s.spread, NanoSeconds(2224), "1.4826 MAD");
        NS_TEST_ASSERT_MSG_EQ(s.min, MicroSeconds(8), "min");
        NS_TEST_ASSERT_MSG_EQ(s.max, MicroSeconds(1000), "max");
        NS_TEST_ASSERT_MSG_EQ(chronometry::Summarize(samples, 8).count, 0, "all skipped");
    }
};

/** The emulation's parsers. */
class EmulationTestSuite : public TestSuite
{
  public:
    EmulationTestSuite()
        : TestSuite("chronometry-emulation-logs", Type::UNIT)
    {
        AddTestCase(new ChronyMeasurementsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new Ptp4lOffsetsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SummarizeTestCase, chronometry::TestDuration::QUICK);
    }
};

EmulationTestSuite g_emulationTestSuite; //!< registers the suite

} // namespace
