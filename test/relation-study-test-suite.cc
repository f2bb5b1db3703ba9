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
#include "ns3/relation-study.h"
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
    void CheckCoverage(const RelationStudyResult& r, const std::string& what)
    {
        for (const auto& m : r.methods)
        {
            std::string label = what + " " + m.method + " " + m.duration;
            NS_TEST_EXPECT_MSG_GT_OR_EQ(m.n, 100u, label + ": enough durations");
            NS_TEST_EXPECT_MSG_EQ(m.covered, m.n, label + ": a bound failed");
        }
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
        RelationStudyParams p;
        RelationStudyResult r = RunRelationStudy(p);
        CheckCoverage(r, "default");
        NS_TEST_ASSERT_MSG_GT(r.tuples, 700u, "tuples completed");
        NS_TEST_ASSERT_MSG_EQ(r.malformed, 0u, "no malformed packets");
        NS_TEST_ASSERT_MSG_GT(r.minRttBusy, r.minRttQuiet, "RTT grows in the busy phase");
        auto b = [&](const char* m, const char* d) { return r.Get(m, d).meanBound; };
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
        Time prevRet(0);
        Time cp0(0);
        for (double load : {0.0, 0.4, 0.9})
        {
            RelationStudyParams p;
            p.load = load;
            p.workload = Seconds(2);
            p.run = 3;
            RelationStudyResult r = RunRelationStudy(p);
            CheckCoverage(r, "load " + std::to_string(load));
            Time ret = r.Get("ReT", "A->C").meanBound;
            NS_TEST_ASSERT_MSG_GT(ret, prevRet, "ReT bound grows with load");
            prevRet = ret;
            Time cp = r.Get("CP", "A->C").meanBound;
            if (load == 0.0)
            {
                cp0 = cp;
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(cp, cp0, MicroSeconds(20), "quiescent CP unaffected");
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
            RelationStudyParams p;
            p.driftPpm = 50;
            p.asymmetry = MicroSeconds(300);
            p.load = 0.5;
            p.workload = Seconds(2);
            p.run = run;
            RelationStudyResult r = RunRelationStudy(p);
            CheckCoverage(r, "drift 50 run " + std::to_string(run));
            // the truth is off-centre by the asymmetry: the CP error is about half of it
            NS_TEST_ASSERT_MSG_GT(r.Get("CP", "A->C").meanAbsError,
                                  MicroSeconds(100),
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
