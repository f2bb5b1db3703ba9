/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Full ns-3 runs of the MinRTT relation study against the simulator's truth.

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/relation-header.h"
#include "ns3/study-runner.h"
#include "ns3/test.h"
#include "ns3/tsc-client-application.h"

using namespace ns3;

namespace
{

/** Base of the study cases: a coverage check over every method. */
class StudyCase : public TestCase
{
  public:
    /** \param name test name */
    explicit StudyCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /** \param r result \param what label: every duration of every method is covered */
    void CheckCoverage(const StudyResult& r, const std::string& what)
    {
        NS_TEST_EXPECT_MSG_EQ(r.GetRows().size(), 13u, what + ": 13 (method, duration) rows");
        for (const auto& m : r.GetRows())
        {
            std::string label =
                what + " " + m.Get<std::string>("method") + " " + m.Get<std::string>("duration");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(m.Get<uint64_t>("n"), 100u, label + ": enough durations");
            NS_TEST_EXPECT_MSG_EQ(m.Get<uint64_t>("covered"),
                                  m.Get<uint64_t>("n"),
                                  label + ": a bound failed");
        }
    }

    /**
     * \param r result \param method method \param duration duration kind
     * \return the row's mean bound in us
     */
    static double MeanBound(const StudyResult& r, const char* method, const char* duration)
    {
        return r.GetRow({{"method", method}, {"duration", duration}}).Get<double>("mean_bound_us");
    }
};

/** Default scenario: coverage and the ordering of the methods' bounds. */
class DefaultScenarioTestCase : public StudyCase
{
  public:
    DefaultScenarioTestCase()
        : StudyCase("default scenario: 100% coverage; CP < CP_BUSY < ReT, CP < NTP; Table II")
    {
    }

  private:
    void DoRun() override
    {
        StudyResult r = StudyRunner::Run("relation");
        CheckCoverage(r, "default");
        NS_TEST_ASSERT_MSG_GT(r.Get<uint64_t>("tuples"), 700u, "tuples completed");
        NS_TEST_ASSERT_MSG_EQ(r.Get<uint64_t>("malformed"), 0u, "no malformed packets");
        NS_TEST_ASSERT_MSG_GT(r.GetRows()[0].Get<double>("min_rtt_busy_us"),
                              r.GetRows()[0].Get<double>("min_rtt_quiet_us"),
                              "RTT grows in the busy phase");
        auto b = [&](const char* m, const char* d) { return MeanBound(r, m, d); };
        NS_TEST_ASSERT_MSG_LT(b("CP", "A->C"), b("CP_BUSY", "A->C"), "CP < CP_BUSY");
        NS_TEST_ASSERT_MSG_LT(b("CP_BUSY", "A->C"), b("ReT", "A->C"), "CP_BUSY < ReT");
        NS_TEST_ASSERT_MSG_LT(b("CP", "A->C"), b("NTP", "A->C"), "CP < NTP");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(b("CP_MULTI", "A->C"), b("CP", "A->C"), "multi <= CP");
        // Table II in the network: scenario 1 < scenario 2 < scenario 3 < baseline
        NS_TEST_ASSERT_MSG_LT(b("CP", "B"), b("CP", "A->C"), "scenario 1 < scenario 2");
        NS_TEST_ASSERT_MSG_LT(b("CP", "A->C"), b("CP", "B->C"), "scenario 2 < scenario 3");
        NS_TEST_ASSERT_MSG_LT(b("CP", "B->C"), b("CP_BASELINE", "B->C"), "scenario 3 < baseline");
        NS_TEST_ASSERT_MSG_LT(b("CP_MULTI", "B->C"), b("CP", "B->C"), "multi scenario 3 tighter");
    }
};

/** ReT's bound grows with the background load; CP's does not. */
class LoadTestCase : public StudyCase
{
  public:
    LoadTestCase()
        : StudyCase("ReT bound grows with load, CP bound stays, coverage at every load")
    {
    }

  private:
    void DoRun() override
    {
        double prevRet = 0;
        double cp0 = 0;
        for (double load : {0.0, 0.4, 0.9})
        {
            StudyResult r = StudyRunner::Run("relation",
                                             StudySettings()
                                                 .Set("Load", DoubleValue(load))
                                                 .Set("Workload", TimeValue(Seconds(2)))
                                                 .Set("Run", UintegerValue(3)));
            CheckCoverage(r, "load " + std::to_string(load));
            double ret = MeanBound(r, "ReT", "A->C");
            NS_TEST_ASSERT_MSG_GT(ret, prevRet, "ReT bound grows with load");
            prevRet = ret;
            double cp = MeanBound(r, "CP", "A->C");
            if (load == 0.0)
            {
                cp0 = cp;
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(cp, cp0, 20.0, "quiescent CP unaffected (us)");
        }
    }
};

/** Large drift and asymmetry: still 100% coverage. */
class DriftAsymmetryTestCase : public StudyCase
{
  public:
    DriftAsymmetryTestCase()
        : StudyCase("50 ppm drift, 300 us asymmetry, two seeds: 100% coverage")
    {
    }

  private:
    void DoRun() override
    {
        for (uint64_t run : {5, 6})
        {
            StudyResult r = StudyRunner::Run("relation",
                                             StudySettings()
                                                 .Set("DriftPpm", DoubleValue(50))
                                                 .Set("Asymmetry", TimeValue(MicroSeconds(300)))
                                                 .Set("Load", DoubleValue(0.5))
                                                 .Set("Workload", TimeValue(Seconds(2)))
                                                 .Set("Run", UintegerValue(run)));
            CheckCoverage(r, "drift 50 run " + std::to_string(run));
            // the truth is off-centre by the asymmetry: the CP error is about half of it
            NS_TEST_ASSERT_MSG_GT(
                r.GetRow({{"method", "CP"}, {"duration", "A->C"}}).Get<double>("mean_abs_error_us"),
                100.0,
                "asymmetry shows in the error");
        }
    }
};

/** Malformed packets are counted and dropped. */
class MalformedTestCase : public TestCase
{
  public:
    MalformedTestCase()
        : TestCase("TSC client counts and drops malformed packets")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer n;
        n.Create(2);
        PointToPointHelper p2p;
        NetDeviceContainer d = p2p.Install(n);
        InternetStackHelper().Install(n);
        Ipv4AddressHelper ip("10.70.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifc = ip.Assign(d);
        TscHelper().Install(n);
        auto client = CreateObject<TscClientApplication>();
        n.Get(1)->AddApplication(client);
        client->SetStartTime(Time(0));
        client->SetStopTime(Seconds(1));
        Ptr<Socket> s = Socket::CreateSocket(n.Get(0), UdpSocketFactory::GetTypeId());
        Address to = InetSocketAddress(ifc.GetAddress(1), 9100);
        Simulator::Schedule(MilliSeconds(10), [s, to]() {
            s->SendTo(Create<Packet>(5), 0, to); // too short
            RelationHeader h;
            h.kind = 99; // unknown kind
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(h);
            s->SendTo(p, 0, to);
        });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(client->GetMalformed(), 2u, "both dropped and counted");
        Simulator::Destroy();
    }
};

} // namespace

/** The relation-study test suite. */
class RelationStudyTestSuite : public TestSuite
{
  public:
    RelationStudyTestSuite()
        : TestSuite("chronometry-relation-study", Type::SYSTEM)
    {
        AddTestCase(new DefaultScenarioTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LoadTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DriftAsymmetryTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MalformedTestCase, chronometry::TestDuration::QUICK);
    }
};

static RelationStudyTestSuite g_relationStudyTestSuite; //!< static instance
