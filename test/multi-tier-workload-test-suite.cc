/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The ns-3 multi-tier workload's reply-service mode: with constant service
// times, a request's latency grows by exactly the extra reply delay of the two
// steps that answer after a downstream reply (the front-end after the
// back-end, the back-end after the lookup), and the mode takes a fourth random
// stream only when it is on.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/multi-tier-application.h"
#include "ns3/multi-tier-helper.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/** One request through front-end, back-end and lookup with constant service times. */
class ReplyServiceTimeTestCase : public TestCase
{
  public:
    ReplyServiceTimeTestCase()
        : TestCase("ReplyServiceTime delays exactly the steps after a downstream reply")
    {
    }

  private:
    /**
     * \param reply the reply service time, or 0 for none (ServiceTime)
     * \param streams receives the streams AssignStreams used
     * \param causes receives the messages sent with a cause
     * \return the client's latency of its one request
     */
    Time RunOnce(Time reply, int64_t& streams, uint32_t& causes)
    {
        NodeContainer nodes;
        nodes.Create(4); // front-end, back-end, lookup, client
        CsmaHelper csma;
        csma.SetChannelAttribute("DataRate", StringValue("1Gbps"));
        csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(50)));
        NetDeviceContainer devices = csma.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.0.0.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
        NeighborCacheHelper neighbors; // static ARP: no resolution delay in the latency
        neighbors.PopulateNeighborCache(interfaces);
        MultiTierHelper tiers;
        tiers.SetAttribute("RequestRate", DoubleValue(0.5));
        tiers.SetAttribute("Poisson", BooleanValue(false));
        tiers.SetAttribute("LastRequest", TimeValue(Seconds(1)));
        tiers.SetAttribute("LookupProbability", DoubleValue(1.0));
        tiers.SetAttribute("ServiceTime",
                           StringValue("ns3::ConstantRandomVariable[Constant=0.001]"));
        if (reply.IsStrictlyPositive())
        {
            tiers.SetAttribute("ReplyServiceTime",
                               StringValue("ns3::ConstantRandomVariable[Constant=" +
                                           std::to_string(reply.GetSeconds()) + "]"));
        }
        ApplicationContainer apps =
            tiers.Install(nodes.Get(0), NodeContainer(nodes.Get(1)), nodes.Get(2), nodes.Get(3));
        streams = MultiTierHelper::AssignStreams(apps, 10);
        apps.Start(Time(0));
        apps.Stop(Seconds(3));
        apps.Get(3)->TraceConnectWithoutContext(
            "Latency",
            MakeCallback(&ReplyServiceTimeTestCase::OnLatency, this));
        m_latency = Time(-1);
        causes = 0;
        for (uint32_t i = 0; i < apps.GetN(); ++i)
        {
            apps.Get(i)->TraceConnectWithoutContext(
                "Caused",
                MakeCallback(&ReplyServiceTimeTestCase::OnCaused, this));
        }
        m_causes = 0;
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        Simulator::Destroy();
        causes = m_causes;
        return m_latency;
    }

    /** \param t a request's latency */
    void OnLatency(Time t)
    {
        m_latency = t;
    }

    /** \param cause the cause of a sent message (0: spontaneous) */
    void OnCaused(uint64_t /* id */, uint64_t cause)
    {
        m_causes += cause != 0 ? 1 : 0;
    }

    void DoRun() override
    {
        int64_t streamsOff = 0;
        int64_t streamsOn = 0;
        uint32_t causesOff = 0;
        uint32_t causesOn = 0;
        Time off = RunOnce(Time(0), streamsOff, causesOff);
        Time on = RunOnce(MilliSeconds(30), streamsOn, causesOn);
        NS_TEST_ASSERT_MSG_EQ(off.IsStrictlyPositive(), true, "the request completed");
        NS_TEST_ASSERT_MSG_EQ(on - off,
                              MilliSeconds(2 * 29),
                              "two steps after a reply, each 29 ms longer");
        NS_TEST_ASSERT_MSG_EQ(causesOff, 5u, "call, lookup call and reply, reply, response");
        NS_TEST_ASSERT_MSG_EQ(causesOn, 5u, "the same messages");
        NS_TEST_ASSERT_MSG_EQ(streamsOff, 4 * 3, "three streams per application");
        NS_TEST_ASSERT_MSG_EQ(streamsOn, 4 * 4, "a fourth when ReplyServiceTime is set");
    }

    Time m_latency;    //!< latency seen
    uint32_t m_causes; //!< caused messages seen
};

} // namespace

/** \ingroup chronometry-tests The multi-tier workload. */
class MultiTierWorkloadTestSuite : public TestSuite
{
  public:
    MultiTierWorkloadTestSuite()
        : TestSuite("chronometry-multi-tier-workload", Type::UNIT)
    {
        AddTestCase(new ReplyServiceTimeTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static MultiTierWorkloadTestSuite g_multiTierWorkloadTestSuite;
