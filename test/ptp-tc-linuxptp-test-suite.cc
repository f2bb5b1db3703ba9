/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The transparent clock as linuxptp's (tc.c, e2e_tc.c, p2p_tc.c): a one-step Sync leaves as a
// two-step Sync and a Follow_Up carrying the residence time; residence times are scaled by
// the master/local rate ratio; the ingress port's delayAsymmetry is added to the Follow_Up;
// a P2P transparent clock drops Delay_Req. Scored against the truth: the true residence of
// each Sync from the frames' true times at the sender and the receiver, and the clocks read at
// the same true time.
#include "ptp-test-world.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ptp-helper.h"
#include "ns3/study-lan.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <iostream>
#include <map>

using namespace ns3;
using namespace ns3::ptptest;

namespace
{

/** What the receiver got for one Sync, and its true times. */
struct SyncRecord
{
    Time sent;                 //!< the Sync's last bit left the sender (true time)
    Time received;             //!< its last bit reached the receiver (true time)
    bool twoStep{false};       //!< the Sync arrived with the twoStepFlag
    int64_t syncCorrection{0}; //!< its correctionField on arrival
    bool followUp{false};      //!< a Follow_Up arrived for it
    int64_t correction{0};     //!< the Follow_Up's correctionField
    PtpTimestamp origin;       //!< the Follow_Up's preciseOriginTimestamp
};

/** The one-step run's results. */
struct OneStepRun
{
    std::map<uint16_t, SyncRecord> syncs; //!< by sequenceId
    std::map<uint64_t, uint16_t> uids;    //!< packet uid -> sequenceId
    uint64_t converted{0};                //!< the TC's count
    double rateRatio{1};                  //!< the TC's estimate
};

/**
 * A sender (node 0) sends one-step Syncs (correctionField 1 us, originTimestamp its true
 * time) every 125 ms for 10 s to a receiver (node 1) through the switch's E2E transparent
 * clock, whose clock runs 1000 ppm fast; nodes 2 and 3 send bursts to the receiver, so the
 * Syncs queue in the switch for up to milliseconds.
 * \param rateScaling the TC's RateScaling
 * \return what the receiver got
 */
OneStepRun
RunOneStep(bool rateScaling)
{
    NodeContainer nodes;
    nodes.Create(4);
    StudyLan lan =
        InstallStudyLan(nodes, "100Mbps", MicroSeconds(2), "10.0.0.0", "255.0.0.0", "switched");
    lan.AssignStreams(1);
    for (uint32_t i = 0; i < 4; ++i)
    {
        AddClock(nodes.Get(i), Time(0), 0.0);
    }
    AddClock(lan.switchNode.Get(0), MicroSeconds(50), 1000.0);
    PtpHelper ptp;
    ptp.SetTransparentClockAttribute("RateScaling", BooleanValue(rateScaling));
    Ptr<PtpTransparentClock> tc = ptp.InstallTransparent(lan.switchNode.Get(0));
    ptp.AssignStreams(lan.switchNode, 10);
    OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(lan.interfaces.GetAddress(1), 9));
    onoff.SetAttribute("DataRate", StringValue("60Mbps"));
    onoff.SetAttribute("PacketSize", UintegerValue(1472));
    onoff.SetAttribute("OnTime", StringValue("ns3::ExponentialRandomVariable[Mean=0.01]"));
    onoff.SetAttribute("OffTime", StringValue("ns3::ExponentialRandomVariable[Mean=0.04]"));
    onoff.Install(NodeContainer(nodes.Get(2), nodes.Get(3))).Start(MilliSeconds(100));
    onoff.AssignStreams(NodeContainer(nodes.Get(2), nodes.Get(3)), 50);
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    sink.Install(nodes.Get(1));
    OneStepRun run;
    // The receiver: plain UDP sockets on 319 and 320.
    for (uint16_t port : {319, 320})
    {
        Ptr<Socket> rx = Socket::CreateSocket(nodes.Get(1), UdpSocketFactory::GetTypeId());
        rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        rx->SetRecvCallback(MakeCallback(+[](OneStepRun* r, Ptr<Socket> s) {
                                while (Ptr<Packet> p = s->Recv())
                                {
                                    std::vector<uint8_t> b(p->GetSize());
                                    p->CopyData(b.data(), b.size());
                                    PtpMessage m;
                                    if (PtpMessage::Decode(b.data(), b.size(), m) !=
                                        PtpDecodeStatus::OK)
                                    {
                                        continue;
                                    }
                                    SyncRecord& rec = r->syncs[m.header.sequenceId];
                                    if (m.header.messageType == PtpMessageType::SYNC)
                                    {
                                        rec.twoStep = m.header.GetFlag(ptpflags::TWO_STEP);
                                        rec.syncCorrection = m.header.correctionField;
                                    }
                                    else if (m.header.messageType == PtpMessageType::FOLLOW_UP)
                                    {
                                        rec.followUp = true;
                                        rec.correction = m.header.correctionField;
                                        rec.origin = m.timestamp;
                                    }
                                }
                            }).Bind(&run));
    }
    // True times: the sender's PhyTxEnd and the receiver's PhyRxEnd, by packet uid.
    lan.devices.Get(0)->TraceConnectWithoutContext(
        "PhyTxEnd",
        MakeCallback(+[](OneStepRun* r, Ptr<const Packet> p) {
            auto it = r->uids.find(p->GetUid());
            if (it != r->uids.end())
            {
                r->syncs[it->second].sent = Simulator::Now();
            }
        }).Bind(&run));
    lan.devices.Get(1)->TraceConnectWithoutContext(
        "PhyRxEnd",
        MakeCallback(+[](OneStepRun* r, Ptr<const Packet> p) {
            auto it = r->uids.find(p->GetUid());
            if (it != r->uids.end())
            {
                r->syncs[it->second].received = Simulator::Now();
            }
        }).Bind(&run));
    Ptr<Socket> tx = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
    tx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 319));
    const Ipv4Address to = lan.interfaces.GetAddress(1);
    for (uint16_t seq = 0; seq < 80; ++seq)
    {
        Simulator::Schedule(MilliSeconds(125) * seq + MilliSeconds(200), [tx, to, seq, &run]() {
            PtpMessage sync = PtpMessage::Create(PtpMessageType::SYNC);
            sync.header.sourcePortIdentity = PtpPortIdentity{0x0102030405060708ULL, 1};
            sync.header.sequenceId = seq;
            sync.header.logMessageInterval = -3;
            sync.header.correctionField = ptp::TimeToScaledNs(MicroSeconds(1));
            sync.timestamp = PtpTimestamp::FromTime(Simulator::Now() + Seconds(1000));
            const std::vector<uint8_t> bytes = sync.Encode();
            Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
            run.uids[p->GetUid()] = seq;
            tx->SendTo(p, 0, InetSocketAddress(to, 319));
        });
    }
    Simulator::Stop(Seconds(11));
    Simulator::Run();
    run.converted = tc->GetConvertedCount();
    run.rateRatio = tc->GetRateRatio();
    Simulator::Destroy();
    return run;
}

/**
 * One-step Syncs through a drifting E2E transparent clock: each arrives as a two-step Sync
 * with its own correctionField, followed by a Follow_Up with its originTimestamp and the
 * residence time, as linuxptp's tc_fwd_sync makes it. The residence's error against the
 * true residence (last bit out of the sender to last bit into the receiver, less the two
 * propagation delays) is a few ns with rate scaling, and drift x residence without.
 */
class OneStepTestCase : public TestCase
{
  public:
    OneStepTestCase()
        : TestCase("TC: a one-step Sync arrives as two-step with a Follow_Up carrying the "
                   "residence; the residence scaled by the rate ratio, or off by drift x "
                   "residence without")
    {
    }

  private:
    void DoRun() override
    {
        double maxError[2] = {0, 0};
        double maxResidence = 0;
        for (bool scaling : {true, false})
        {
            OneStepRun run = RunOneStep(scaling);
            uint32_t checked = 0;
            for (const auto& [seq, rec] : run.syncs)
            {
                NS_TEST_EXPECT_MSG_EQ(rec.twoStep, true, "Sync " << seq << " two-step");
                NS_TEST_EXPECT_MSG_EQ(rec.followUp, true, "Sync " << seq << ": a Follow_Up");
                NS_TEST_EXPECT_MSG_EQ(rec.syncCorrection,
                                      ptp::TimeToScaledNs(MicroSeconds(1)),
                                      "the Sync keeps its correctionField");
                if (seq < 24 || !rec.followUp)
                {
                    continue; // the rate ratio is estimated over the first 2 s
                }
                // Last bit out to last bit in: two propagation delays of 1 us and the
                // residence (first bit in to first bit out, store and forward).
                const Time truth = rec.received - rec.sent - MicroSeconds(2);
                const double error = (ptp::ScaledNsToTime(rec.correction) - truth).GetDouble();
                maxError[scaling ? 0 : 1] = std::max(maxError[scaling ? 0 : 1], std::fabs(error));
                maxResidence = std::max(maxResidence, truth.GetDouble());
                ++checked;
            }
            std::cout << "[ptp] one-step Syncs through a 1000 ppm TC, rate scaling "
                      << (scaling ? "on" : "off") << ": " << run.syncs.size() << " received, "
                      << run.converted << " converted, rate ratio " << run.rateRatio
                      << ", max |residence error| " << maxError[scaling ? 0 : 1]
                      << " ns (max residence " << maxResidence << " ns)" << std::endl;
            NS_TEST_EXPECT_MSG_EQ(run.syncs.size(), 80u, "every Sync arrived");
            NS_TEST_EXPECT_MSG_EQ(run.converted, 80u, "every Sync converted");
            NS_TEST_EXPECT_MSG_GT(checked, 50u, "Syncs checked");
            NS_TEST_EXPECT_MSG_EQ_TOL(run.rateRatio,
                                      1 / 1.001,
                                      1e-7,
                                      "the master/local rate ratio");
        }
        NS_TEST_EXPECT_MSG_GT(maxResidence, 500e3, "Syncs queued for over 500 us");
        NS_TEST_EXPECT_MSG_LT(maxError[0], 20.0, "scaled: the time stamps' granularity");
        NS_TEST_EXPECT_MSG_GT(maxError[1],
                              0.8e-3 * maxResidence,
                              "unscaled: the switch clock's 1000 ppm x residence");
    }
};

/**
 * A master and a slave (E2E) through the switch's E2E transparent clock with DelayAsymmetry
 * 2 us: the TC adds it to each Follow_Up, the slave's delay request measures half of it, and
 * the slave settles A / 2 = 1 us ahead of the master.
 */
class IngressAsymmetryTestCase : public TestCase
{
  public:
    IngressAsymmetryTestCase()
        : TestCase("TC: the ingress delayAsymmetry shifts an E2E slave by half of it")
    {
    }

  private:
    /**
     * \param asymmetry the TC's DelayAsymmetry
     * \return mean slave - master after lock, ns
     */
    double Run(Time asymmetry)
    {
        NodeContainer nodes;
        nodes.Create(2);
        StudyLan lan =
            InstallStudyLan(nodes, "1Gbps", MicroSeconds(2), "10.0.0.0", "255.0.0.0", "switched");
        lan.AssignStreams(1);
        Ptr<DriftingClock> master = AddClock(nodes.Get(0), Time(0), 5.0);
        Ptr<DriftingClock> slave = AddClock(nodes.Get(1), MicroSeconds(-40), -20.0);
        AddClock(lan.switchNode.Get(0), Time(0), 30.0);
        PtpHelper ptp;
        ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
        ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
        ptp.SetTransparentClockAttribute("DelayAsymmetry", TimeValue(asymmetry));
        ptp.SetClockAttribute("Role", StringValue("Master"));
        ptp.Install(nodes.Get(0));
        ptp.SetClockAttribute("Role", StringValue("Slave"));
        ptp.Install(nodes.Get(1));
        ptp.InstallTransparent(lan.switchNode.Get(0));
        ptp.AssignStreams(NodeContainer(nodes, lan.switchNode), 10);
        TruthSampler truth{slave, master, MilliSeconds(10), {}};
        truth.Start(Seconds(20));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        double sum = 0;
        int n = 0;
        for (const auto& [t, v] : truth.samples)
        {
            if (t >= Seconds(12))
            {
                sum += v;
                ++n;
            }
        }
        Simulator::Destroy();
        return sum / n;
    }

    void DoRun() override
    {
        const double none = Run(Time(0));
        const double two = Run(MicroSeconds(2));
        std::cout << "[ptp] TC DelayAsymmetry 0: slave - master " << none << " ns; 2 us: " << two
                  << " ns" << std::endl;
        NS_TEST_EXPECT_MSG_LT(std::fabs(none), 20.0, "no asymmetry: on the master");
        NS_TEST_EXPECT_MSG_LT(std::fabs(two - none - 1000.0), 20.0, "shifted by A / 2");
    }
};

/**
 * E2E clocks through a P2P transparent clock (a misconfiguration linuxptp's p2p_tc answers
 * by dropping Delay_Req): every Delay_Req is dropped and counted, none reaches the master,
 * and the slave never measures a path delay.
 */
class P2pDropsDelayReqTestCase : public TestCase
{
  public:
    P2pDropsDelayReqTestCase()
        : TestCase("TC: a P2P transparent clock drops and counts Delay_Req")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        StudyLan lan =
            InstallStudyLan(nodes, "1Gbps", MicroSeconds(2), "10.0.0.0", "255.0.0.0", "switched");
        lan.AssignStreams(1);
        AddClock(nodes.Get(0), Time(0), 0.0);
        AddClock(nodes.Get(1), MicroSeconds(10), 10.0);
        AddClock(lan.switchNode.Get(0), Time(0), 0.0);
        PtpHelper ptp;
        ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(250)));
        ptp.SetTransparentClockAttribute("DelayMechanism", StringValue("P2P"));
        ptp.SetClockAttribute("Role", StringValue("Master"));
        Ptr<PtpClock> gm = ptp.Install(nodes.Get(0));
        ptp.SetClockAttribute("Role", StringValue("Slave"));
        Ptr<PtpClock> sl = ptp.Install(nodes.Get(1));
        Ptr<PtpTransparentClock> tc = ptp.InstallTransparent(lan.switchNode.Get(0));
        ptp.AssignStreams(NodeContainer(nodes, lan.switchNode), 10);
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        const uint64_t sent = sl->GetSentCount(PtpMessageType::DELAY_REQ);
        std::cout << "[ptp] E2E clocks through a P2P TC: " << sent << " Delay_Req sent, "
                  << tc->GetDelayDropCount() << " dropped by the TC, "
                  << gm->GetReceivedCount(PtpMessageType::DELAY_REQ) << " received" << std::endl;
        NS_TEST_EXPECT_MSG_GT(sent, 10u, "the slave asks");
        NS_TEST_EXPECT_MSG_EQ(tc->GetDelayDropCount(), sent, "every Delay_Req dropped");
        NS_TEST_EXPECT_MSG_EQ(gm->GetReceivedCount(PtpMessageType::DELAY_REQ), 0u, "none passed");
        NS_TEST_EXPECT_MSG_EQ(sl->GetMeanPathDelay(1).has_value(), false, "no path delay");
        Simulator::Destroy();
    }
};

} // namespace

/** \ingroup chronometry-tests The transparent clock as linuxptp's. */
class PtpTcLinuxptpTestSuite : public TestSuite
{
  public:
    PtpTcLinuxptpTestSuite()
        : TestSuite("chronometry-ptp-tc-linuxptp", Type::UNIT)
    {
        AddTestCase(new OneStepTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new IngressAsymmetryTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new P2pDropsDelayReqTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static PtpTcLinuxptpTestSuite g_ptpTcLinuxptpTestSuite;
