/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Time stamping classes (PtpClock's Timestamping, issue 43): each class's stamp error against
// the true instants, and the per-port PHY asymmetry's E2E offset bias, scored against the truth.
#include "ptp-test-world.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ptp-helper.h"
#include "ns3/ptp-timestamp-class.h"
#include "ns3/test.h"

#include <cmath>
#include <iostream>

using namespace ns3;
using namespace ns3::ptptest;

namespace
{

/** Mean and standard deviation of a sample. */
struct Moments
{
    double mean{0}; //!< mean
    double sd{0};   //!< standard deviation
};

/**
 * \param x values
 * \return their mean and standard deviation
 */
Moments
Of(const std::vector<double>& x)
{
    Moments m;
    for (double v : x)
    {
        m.mean += v;
    }
    m.mean /= static_cast<double>(x.size());
    for (double v : x)
    {
        m.sd += (v - m.mean) * (v - m.mean);
    }
    m.sd = std::sqrt(m.sd / static_cast<double>(x.size() - 1));
    return m;
}

/** The class's variables with fixed streams, as a PtpClock holds them. */
struct ClassVariables
{
    Ptr<NormalRandomVariable> noise = CreateObject<NormalRandomVariable>();         //!< noise
    Ptr<LogNormalRandomVariable> latency = CreateObject<LogNormalRandomVariable>(); //!< latency
    Ptr<UniformRandomVariable> asymmetry = CreateObject<UniformRandomVariable>();   //!< a

    /** \param stream first of three streams */
    explicit ClassVariables(int64_t stream)
    {
        noise->SetStream(stream);
        asymmetry->SetStream(stream + 1);
        latency->SetStream(stream + 2);
    }
};

/**
 * Per class, 2000 transmit and 2000 receive stamps at random true instants on a perfect clock
 * (local = true): error = stamp - true instant. Predicted: ideal exact; hardware-8ns every stamp
 * a multiple of 8 ns, mean -a/2 - 3.5 ns (the floor of a uniform residue over 8 integer
 * steps), sd sqrt(4^2 + (8^2 - 1) / 12) = 4.61 ns; hardware-subns within one step (the Time
 * resolution, ns) of -a/2; software: RX error + a/2 = L with mean 20 us and sd 10 us, TX
 * error + a/2 = -L. A wrong unit, noise, sign of a or latency direction fails it.
 */
class StampErrorTestCase : public TestCase
{
  public:
    StampErrorTestCase()
        : TestCase("per class, the stamp error's mean, sd and unit against the true instants")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<DriftingClock> clock = AddClock(node, Time(0), 0.0);
        auto when = CreateObject<UniformRandomVariable>();
        when->SetStream(7);
        for (PtpTimestampClass c : {PTP_STAMP_IDEAL,
                                    PTP_STAMP_HARDWARE_8NS,
                                    PTP_STAMP_HARDWARE_SUBNS,
                                    PTP_STAMP_SOFTWARE})
        {
            const PtpTimestampClassSpec spec = GetPtpTimestampClassSpec(c);
            ClassVariables v(100);
            const PtpTimestampModel model =
                ConfigurePtpClassModel(spec, clock, v.noise, v.latency, v.asymmetry);
            const PtpPortStamping port = DrawPtpPortStamping(spec, model, v.latency, v.asymmetry);
            const double half = port.asymmetry.GetDouble() / NanoSeconds(1).GetDouble() / 2;
            std::vector<double> tx;
            std::vector<double> rx;
            bool onUnit = true;
            for (int i = 0; i < 2000; ++i)
            {
                const Time t = NanoSeconds(std::llround(when->GetValue(1e3, 1e9)));
                const Time sTx = port.StampTx(t);
                const Time sRx = port.StampRx(t);
                onUnit = onUnit && sTx.GetTimeStep() % model.granularity.GetTimeStep() == 0 &&
                         sRx.GetTimeStep() % model.granularity.GetTimeStep() == 0;
                tx.push_back((sTx - clock->TrueToLocal(t)).GetDouble());
                rx.push_back((sRx - clock->TrueToLocal(t)).GetDouble());
            }
            const double step = NanoSeconds(1).GetDouble(); // values above are in Time steps
            for (auto* x : {&tx, &rx})
            {
                for (double& e : *x)
                {
                    e /= step;
                }
            }
            const Moments mt = Of(tx);
            const Moments mr = Of(rx);
            std::cout << "[stamp] " << ToString(c) << ": a " << 2 * half << " ns; TX error mean "
                      << mt.mean << " sd " << mt.sd << " ns; RX error mean " << mr.mean << " sd "
                      << mr.sd << " ns" << std::endl;
            NS_TEST_EXPECT_MSG_EQ(onUnit, true, "every stamp on the unit: " + ToString(c));
            NS_TEST_EXPECT_MSG_LT(std::fabs(half), spec.asymmetryNs / 2 + 1e-9, "a in range");
            switch (c)
            {
            case PTP_STAMP_IDEAL:
                NS_TEST_EXPECT_MSG_EQ((mt.mean == 0 && mt.sd == 0 && mr.mean == 0 && mr.sd == 0),
                                      true,
                                      "ideal stamps are exact");
                break;
            case PTP_STAMP_HARDWARE_8NS: {
                const double sd = std::sqrt(16.0 + 63.0 / 12.0);
                NS_TEST_EXPECT_MSG_EQ(model.granularity, NanoSeconds(8), "an 8 ns unit");
                NS_TEST_EXPECT_MSG_EQ_TOL(mt.mean, -half - 3.5, 0.5, "TX mean -a/2 - 3.5 ns");
                NS_TEST_EXPECT_MSG_EQ_TOL(mr.mean, -half - 3.5, 0.5, "RX mean -a/2 - 3.5 ns");
                NS_TEST_EXPECT_MSG_EQ_TOL(mt.sd, sd, 0.1 * sd, "TX sd: noise and unit");
                NS_TEST_EXPECT_MSG_EQ_TOL(mr.sd, sd, 0.1 * sd, "RX sd: noise and unit");
                NS_TEST_EXPECT_MSG_GT(std::fabs(half), 0.5, "this port has an asymmetry");
                break;
            }
            case PTP_STAMP_HARDWARE_SUBNS:
                NS_TEST_EXPECT_MSG_EQ_TOL(mt.mean, -half, 0.05, "TX within a step of -a/2");
                NS_TEST_EXPECT_MSG_EQ_TOL(mr.mean, -half, 0.05, "RX within a step of -a/2");
                NS_TEST_EXPECT_MSG_LT(std::max(mt.sd, mr.sd), 0.1, "sub-step noise");
                break;
            case PTP_STAMP_SOFTWARE:
                NS_TEST_EXPECT_MSG_EQ_TOL(mr.mean + half, 20000.0, 700.0, "RX: + L, 20 us");
                NS_TEST_EXPECT_MSG_EQ_TOL(mt.mean + half, -20000.0, 700.0, "TX: - L, 20 us");
                NS_TEST_EXPECT_MSG_EQ_TOL(mr.sd, 10000.0, 1000.0, "L's sd 10 us");
                NS_TEST_EXPECT_MSG_GT(*std::min_element(rx.begin(), rx.end()) + half,
                                      0.0,
                                      "a stack latency is positive");
                break;
            default:
                break;
            }
        }
    }
};

/**
 * The per-port draws: within the class's range, even in Time steps, spread as a uniform
 * (sd = range / sqrt(3)), different between ports and between seeds.
 */
class AsymmetryDrawTestCase : public TestCase
{
  public:
    AsymmetryDrawTestCase()
        : TestCase("hardware-8ns: a per port uniform in +-8 ns, differing by port and seed")
    {
    }

  private:
    void DoRun() override
    {
        const PtpTimestampClassSpec spec = GetPtpTimestampClassSpec(PTP_STAMP_HARDWARE_8NS);
        std::vector<double> first;
        for (int64_t seed : {100, 200})
        {
            ClassVariables v(seed);
            const PtpTimestampModel model =
                ConfigurePtpClassModel(spec, nullptr, v.noise, v.latency, v.asymmetry);
            std::vector<double> a;
            for (int port = 0; port < 400; ++port)
            {
                const Time draw =
                    DrawPtpPortStamping(spec, model, v.latency, v.asymmetry).asymmetry;
                NS_TEST_EXPECT_MSG_EQ(draw.GetTimeStep() % 2, 0, "an even number of steps");
                a.push_back(draw.GetDouble() / NanoSeconds(1).GetDouble());
            }
            const Moments m = Of(a);
            std::cout << "[stamp] seed " << seed << ": a mean " << m.mean << " sd " << m.sd
                      << " ns (uniform +-8: 0, 4.62); ports 1, 2: " << a[0] << ", " << a[1]
                      << std::endl;
            NS_TEST_EXPECT_MSG_EQ_TOL(m.mean, 0.0, 0.8, "centred");
            NS_TEST_EXPECT_MSG_EQ_TOL(m.sd, 8.0 / std::sqrt(3.0), 0.5, "uniform's spread");
            NS_TEST_EXPECT_MSG_LT(*std::max_element(a.begin(), a.end()), 8.0 + 1e-9, "<= 8 ns");
            NS_TEST_EXPECT_MSG_GT(*std::min_element(a.begin(), a.end()), -8.0 - 1e-9, ">= -8");
            NS_TEST_EXPECT_MSG_NE(a[0], a[1], "two ports differ");
            if (first.empty())
            {
                first = a;
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ((a == first), false, "two seeds draw other ports' a");
            }
        }
    }
};

/**
 * E2E on a symmetric 1 Gb/s link, both clocks hardware-8ns. With t1 = T1 - a_M/2, t2 = T1 + D -
 * a_S/2, t3 = T3 - a_S/2, t4 = T3 + D - a_M/2 (a = d_tx - d_rx of the port), the measured
 * offset is theta + (a_M - a_S)/2, so the servo holds the true offset theta = slave - master
 * at (a_S - a_M)/2; the mean path delay is unbiased. Three seeds; a wrong sign is off by
 * |a_S - a_M|, which is over 4 ns in at least one run (asserted).
 */
class PhyAsymmetryBiasTestCase : public TestCase
{
  public:
    PhyAsymmetryBiasTestCase()
        : TestCase("per-port PHY asymmetry: E2E steady offset half of a_S - a_M, by seed")
    {
    }

  private:
    void DoRun() override
    {
        double largest = 0;
        std::vector<double> predictions;
        for (int64_t stream : {10, 40, 70})
        {
            NodeContainer nodes;
            nodes.Create(2);
            Ptr<DriftingClock> m = AddClock(nodes.Get(0), MilliSeconds(1), 10.0);
            Ptr<DriftingClock> s = AddClock(nodes.Get(1), MicroSeconds(-300), -40.0);
            Link(nodes, "1Gbps", MicroSeconds(5), Time(0));
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
            ptp.SetClockAttribute("Timestamping", StringValue("hardware-8ns"));
            ptp.SetClockAttribute("Role", StringValue("Master"));
            Ptr<PtpClock> master = ptp.Install(nodes.Get(0));
            ptp.SetClockAttribute("Role", StringValue("Slave"));
            Ptr<PtpClock> slave = ptp.Install(nodes.Get(1));
            ptp.AssignStreams(nodes, stream);
            TruthSampler truth{s, m, MilliSeconds(10), {}};
            truth.Start(Seconds(30));
            Simulator::Stop(Seconds(30));
            Simulator::Run();
            const double aM = master->GetPhyAsymmetry(1).GetDouble() / NanoSeconds(1).GetDouble();
            const double aS = slave->GetPhyAsymmetry(1).GetDouble() / NanoSeconds(1).GetDouble();
            const double predicted = (aS - aM) / 2;
            const double mean = truth.Mean(Seconds(15));
            const double delay = slave->GetMeanPathDelay(1)->GetDouble();
            std::cout << "[stamp] stream " << stream << ": a_M " << aM << " ns, a_S " << aS
                      << " ns; steady offset " << mean << " ns (predicted " << predicted
                      << "), RMS " << truth.Rms(Seconds(15)) << " ns, mean path delay "
                      << delay / NanoSeconds(1).GetDouble() << " ns" << std::endl;
            NS_TEST_EXPECT_MSG_EQ_TOL(mean, predicted, 2.0, "steady offset (a_S - a_M) / 2");
            NS_TEST_EXPECT_MSG_EQ_TOL(delay / NanoSeconds(1).GetDouble(),
                                      5000.0,
                                      4.0,
                                      "the path delay does not see a (d + first-bit stamps)");
            largest = std::max(largest, std::fabs(aS - aM));
            predictions.push_back(predicted);
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_GT(largest, 4.0, "a run where the wrong sign would fail");
        NS_TEST_EXPECT_MSG_NE(predictions[0], predictions[1], "seeds draw different a");
    }
};

/** The suite. */
class PtpTimestampClassTestSuite : public TestSuite
{
  public:
    PtpTimestampClassTestSuite()
        : TestSuite("chronometry-ptp-timestamp-class", Type::UNIT)
    {
        AddTestCase(new StampErrorTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new AsymmetryDrawTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PhyAsymmetryBiasTestCase, chronometry::TestDuration::QUICK);
    }
};

} // namespace

/** Static instance. */
static PtpTimestampClassTestSuite g_ptpTimestampClassTestSuite;
