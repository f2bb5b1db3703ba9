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
#include "ns3/nstime.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

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

/**
 * Per-node lists: node i gets offset i and drift i exactly (its clock at 10 s is offset +
 * (1 + drift) x 10 s, exactly); a list whose length is not the node count, a list with
 * Install(node) and a list on a clock without drift are refused with a clear message; a list
 * and a random variable for the same quantity replace each other.
 */
class PerNodeListsTestCase : public TestCase
{
  public:
    PerNodeListsTestCase()
        : TestCase("per-node lists of offsets (Time) and drifts (ppm): element i on node i, "
                   "wrong lengths refused")
    {
    }

  private:
    /**
     * \param install what to try
     * \return the configuration error's message ("" if none)
     */
    static std::string Refusal(const std::function<void()>& install)
    {
        try
        {
            install();
        }
        catch (const chronometry::ConfigError& e)
        {
            return e.what();
        }
        return "";
    }

    void DoRun() override
    {
        const std::vector<double> ppm{-40, -12.5, 0, 7.25, 50};
        const std::vector<Time> offsets{MicroSeconds(-300),
                                        Time(0),
                                        NanoSeconds(1),
                                        MilliSeconds(2),
                                        MicroSeconds(450)};
        NodeContainer nodes;
        nodes.Create(5);
        ClockHelper helper;
        helper.SetDrift(Uniform(-50, 50)); // replaced by the list
        helper.SetDriftPpm(ppm);
        helper.SetOffset(offsets);
        LocalClockContainer clocks = helper.Install(nodes);
        NS_TEST_ASSERT_MSG_EQ(clocks.size(), 5, "one clock per node");
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            auto clock = nodes.Get(i)->GetObject<DriftingClock>();
            NS_TEST_ASSERT_MSG_EQ((clock == clocks[i]), true, "aggregated to its node");
            NS_TEST_ASSERT_MSG_EQ(clock->TrueToLocal(Time(0)), offsets[i], "offset " << i);
            const double rho = clock->GetOscillator()->GetDriftAt(Seconds(3));
            NS_TEST_ASSERT_MSG_EQ_TOL(rho * 1e6, ppm[i], 1e-9, "drift " << i);
            NS_TEST_ASSERT_MSG_EQ(
                clock->GetExactValue(Seconds(10)),
                ClockValue::FromSteps(offsets[i].GetTimeStep()) +
                    ClockValue::FromDouble(1.0 + rho).MulSteps(Seconds(10).GetTimeStep()),
                "offset and drift combine exactly, node " << i);
        }

        chronometry::ScopedThrowOnConfigError throwing;
        {
            NodeContainer four;
            four.Create(4);
            std::string m = Refusal([&] { helper.Install(four); });
            NS_TEST_ASSERT_MSG_NE(m.find("5 offsets for the 4 nodes passed to Install"),
                                  std::string::npos,
                                  m);
            NS_TEST_ASSERT_MSG_EQ(!four.Get(0)->GetObject<LocalClock>(), true, "nothing added");
            ClockHelper driftsOnly;
            driftsOnly.SetDriftPpm(ppm);
            m = Refusal([&] { driftsOnly.Install(four); });
            NS_TEST_ASSERT_MSG_NE(m.find("SetDriftPpm: 5 drifts for the 4 nodes passed to Install "
                                         "(give one per node, in the NodeContainer's order)"),
                                  std::string::npos,
                                  m);
            ClockHelper offsetsOnly;
            offsetsOnly.SetOffset(offsets);
            m = Refusal([&] { offsetsOnly.Install(four); });
            NS_TEST_ASSERT_MSG_NE(m.find("SetOffset: 5 offsets for the 4 nodes"),
                                  std::string::npos,
                                  m);
            m = Refusal([&] { offsetsOnly.Install(four.Get(0)); });
            NS_TEST_ASSERT_MSG_NE(m.find("apply to Install(NodeContainer)"), std::string::npos, m);
            m = Refusal([&] { offsetsOnly.SetOffset(std::vector<Time>{}); });
            NS_TEST_ASSERT_MSG_NE(m.find("empty list"), std::string::npos, m);
            m = Refusal([&] { offsetsOnly.SetDriftPpm({}); });
            NS_TEST_ASSERT_MSG_NE(m.find("empty list"), std::string::npos, m);

            ClockHelper bounded;
            bounded.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(MilliSeconds(1)));
            bounded.SetDriftPpm({1, 2, 3, 4});
            m = Refusal([&] { bounded.Install(four); });
            NS_TEST_ASSERT_MSG_NE(m.find("apply to ns3::DriftingClock only"), std::string::npos, m);

            // A random variable replaces the list (and the list is then ignored for length).
            ClockHelper replaced;
            replaced.SetDriftPpm({1, 2});
            replaced.SetDrift(Uniform(5, 5));
            m = Refusal([&] { replaced.Install(four); });
            NS_TEST_ASSERT_MSG_EQ(m, "", "the random variable replaced the list");
            for (uint32_t i = 0; i < four.GetN(); ++i)
            {
                auto clock = four.Get(i)->GetObject<DriftingClock>();
                NS_TEST_ASSERT_MSG_EQ_TOL(clock->GetOscillator()->GetDriftAt(Time(0)) * 1e6,
                                          5.0,
                                          1e-9,
                                          "drawn drift");
            }
        }
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
        AddTestCase(new PerNodeListsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReproducibilityTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TscHelperTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ClockHelperTestSuite g_clockHelperTestSuite;
