/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ClockHelper and TscHelper: per-node parameters drawn in range, aggregation to
// nodes, and reproducibility from RngRun and AssignStreams.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/node-container.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <set>

using namespace ns3;

namespace
{

/**
 * \param lo minimum
 * \param hi maximum
 * \return a uniform random variable
 */
Ptr<UniformRandomVariable>
Uniform(double lo, double hi)
{
    auto u = CreateObject<UniformRandomVariable>();
    u->SetAttribute("Min", DoubleValue(lo));
    u->SetAttribute("Max", DoubleValue(hi));
    return u;
}

/**
 * Install random-walk drifting clocks with jitter on 64 nodes and read them all at 1 s.
 * \param run RngRun
 * \return the readings in nanoseconds
 */
std::vector<int64_t>
ReadingsForRun(uint64_t run)
{
    RngSeedManager::SetRun(run);
    NodeContainer nodes;
    nodes.Create(64);
    ClockHelper helper;
    helper.SetOscillator("ns3::RandomWalkOscillator", "Spread", DoubleValue(1.0));
    helper.SetClockAttribute("ReadJitter",
                             StringValue("ns3::UniformRandomVariable[Min=-50|Max=50]"));
    auto offset = Uniform(-500'000, 500'000);
    offset->SetStream(1);
    auto drift = Uniform(-50, 50);
    drift->SetStream(2);
    helper.SetOffset(offset);
    helper.SetDrift(drift);
    helper.Install(nodes);
    int64_t used = helper.AssignStreams(nodes, 100);
    NS_ABORT_MSG_IF(used != 128, "two streams per node expected, got " << used);
    std::vector<int64_t> readings;
    Simulator::Schedule(Seconds(1), [&]() {
        for (auto it = nodes.Begin(); it != nodes.End(); ++it)
        {
            readings.push_back((*it)->GetObject<LocalClock>()->GetLocalTime().GetNanoSeconds());
        }
    });
    Simulator::Run();
    Simulator::Destroy();
    RngSeedManager::SetRun(1);
    return readings;
}

/** Per-node offsets and drifts are drawn from the given ranges and aggregated. */
class PerNodeParametersTestCase : public TestCase
{
  public:
    PerNodeParametersTestCase()
        : TestCase(
              "per-node offset in [-E over 2, E over 2] and drift in [-50, 50] ppm, aggregated")
    {
    }

  private:
    void DoRun() override
    {
        const double eNs = 1e6; // E = 1 ms
        NodeContainer nodes;
        nodes.Create(64);
        ClockHelper helper;
        helper.SetOffset(Uniform(-eNs / 2, eNs / 2));
        helper.SetDrift(Uniform(-50, 50));
        LocalClockContainer clocks = helper.Install(nodes);
        NS_TEST_ASSERT_MSG_EQ(clocks.size(), 64, "one clock per node");
        std::set<int64_t> offsets;
        std::set<double> drifts;
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            auto clock = nodes.Get(i)->GetObject<DriftingClock>();
            NS_TEST_ASSERT_MSG_EQ((clock == clocks[i]), true, "aggregated to its node");
            Time offset = clock->TrueToLocal(Time(0));
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(offset.GetNanoSeconds()), eNs / 2, "offset");
            double ppm = clock->GetOscillator()->GetDriftAt(Time(0)) * 1e6;
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(ppm), 50.0 + 1e-9, "drift");
            // Local = offset + (1 + rho) t exactly for the constant-drift default.
            double rate = 1.0 + clock->GetOscillator()->GetDriftAt(Time(0)); // exact (Sterbenz)
            NS_TEST_ASSERT_MSG_EQ(
                clock->GetExactValue(Seconds(10)),
                ClockValue::FromSteps(offset.GetTimeStep()) +
                    ClockValue::FromDouble(rate).MulSteps(Seconds(10).GetTimeStep()),
                "offset and drift combine exactly");
            offsets.insert(offset.GetNanoSeconds());
            drifts.insert(ppm);
        }
        NS_TEST_ASSERT_MSG_GT(offsets.size(), 60, "offsets differ between nodes");
        NS_TEST_ASSERT_MSG_GT(drifts.size(), 60, "drifts differ between nodes");

        chronometry::ScopedThrowOnConfigError throwing;
        bool rejected = false;
        try
        {
            helper.Install(nodes.Get(0));
        }
        catch (const chronometry::ConfigError& e)
        {
            rejected = std::string(e.what()).find("already has a LocalClock") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(rejected, true, "a second clock on a node is rejected");
        Simulator::Destroy();
    }
};

/** Same RngRun, same readings; another RngRun, other readings. */
class ReproducibilityTestCase : public TestCase
{
  public:
    ReproducibilityTestCase()
        : TestCase("same seed and run give bit-identical readings; another run differs")
    {
    }

  private:
    void DoRun() override
    {
        auto a = ReadingsForRun(3);
        auto b = ReadingsForRun(3);
        auto c = ReadingsForRun(4);
        NS_TEST_ASSERT_MSG_EQ(a.size(), 64, "64 readings");
        NS_TEST_ASSERT_MSG_EQ((a == b), true, "reproducible");
        NS_TEST_ASSERT_MSG_EQ((a == c), false, "run number matters");
    }
};

/** TscHelper draws frequency, drift and boot value per node. */
class TscHelperTestCase : public TestCase
{
  public:
    TscHelperTestCase()
        : TestCase("TscHelper installs per-node TSCs with drawn frequency, drift and boot")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(16);
        TscHelper helper;
        helper.SetFrequency(Uniform(2.0e9, 3.0e9));
        helper.SetDrift(Uniform(-20, 20));
        SimulatedTscContainer tscs = helper.Install(nodes);
        std::set<uint64_t> boots;
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            auto tsc = nodes.Get(i)->GetObject<SimulatedTsc>();
            NS_TEST_ASSERT_MSG_EQ((tsc == tscs[i]), true, "aggregated");
            double f = tsc->GetNominalFrequency();
            NS_TEST_ASSERT_MSG_EQ((f >= 2.0e9 && f <= 3.0e9), true, "frequency in range");
            double ratio = tsc->GetActualFrequencyAt(Seconds(1)) / f - 1.0;
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs(ratio), 20e-6 + 1e-12, "drift in range");
            boots.insert(tsc->GetBootValue());
        }
        NS_TEST_ASSERT_MSG_EQ(boots.size(), 16, "boot values differ");
        Simulator::Destroy();
    }
};

} // namespace

/** \ingroup chronometry-tests Clock and TSC helpers. */
class ClockHelperTestSuite : public TestSuite
{
  public:
    ClockHelperTestSuite()
        : TestSuite("chronometry-clock-helper", Type::UNIT)
    {
        AddTestCase(new PerNodeParametersTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReproducibilityTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TscHelperTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ClockHelperTestSuite g_clockHelperTestSuite;
