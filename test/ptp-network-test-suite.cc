/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PTP through the study LAN's switch and through a boundary clock: a transparent clock under
// background load against plain forwarding, hardware against software time stamps with the
// master's own queue busy, a boundary clock between a grandmaster and a slave, and pcap
// traces of every PTP message that Wireshark (tshark, when installed) reads cleanly. Scored
// against the truth (the clocks read at the same true time).
#include "ptp-test-world.h"
#include "wire-test-util.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ptp-helper.h"
#include "ns3/study-lan.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <unistd.h>

using namespace ns3;
using namespace ns3::ptptest;

namespace
{

/**
 * \param nodes the nodes (already on a network)
 * \param from the sending node
 * \param to the receiver's address
 * \param rate rate while on
 * \param on mean burst length
 * \param off mean pause
 * \param stream first random stream
 */
void
AddBursts(Ptr<Node> from,
          Ipv4Address to,
          const std::string& rate,
          Time on,
          Time off,
          int64_t stream)
{
    OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(to, 9));
    onoff.SetAttribute("DataRate", StringValue(rate));
    onoff.SetAttribute("PacketSize", UintegerValue(1472));
    std::ostringstream onVar;
    onVar << "ns3::ExponentialRandomVariable[Mean=" << on.GetSeconds() << "]";
    std::ostringstream offVar;
    offVar << "ns3::ExponentialRandomVariable[Mean=" << off.GetSeconds() << "]";
    onoff.SetAttribute("OnTime", StringValue(onVar.str()));
    onoff.SetAttribute("OffTime", StringValue(offVar.str()));
    ApplicationContainer apps = onoff.Install(from);
    onoff.AssignStreams(NodeContainer(from), stream);
    apps.Start(MilliSeconds(100));
}

/** What one switched-LAN run measured. */
struct SwitchedResult
{
    double rms{0};         //!< RMS of slave - master after lock (ns)
    double max{0};         //!< max |slave - master| after lock (ns)
    uint64_t corrected{0}; //!< messages the TC corrected
    uint64_t held{0};      //!< Follow_Ups it held back
    Time slaveDelay;       //!< the slave's mean path (E2E) or link (P2P) delay
    Time switchLinkDelay;  //!< the P2P TC's delay of the master's link
};

/** What the switch does for PTP. */
enum class SwitchMode
{
    PLAIN, //!< forwards
    E2E,   //!< end-to-end transparent clock
    P2P    //!< peer-to-peer transparent clock (and P2P clocks)
};

/**
 * A grandmaster (node 0) and a slave (node 1) on the switched study LAN with two nodes that
 * send bursts to both (the switch's ports towards the master and the slave queue them).
 * \param mode what the switch does
 * \return the slave's error
 */
SwitchedResult
RunSwitched(SwitchMode mode)
{
    NodeContainer nodes;
    nodes.Create(4);
    StudyLan lan =
        InstallStudyLan(nodes, "1Gbps", MicroSeconds(2), "10.0.0.0", "255.0.0.0", "switched");
    lan.AssignStreams(1);
    Ptr<DriftingClock> master = AddClock(nodes.Get(0), MilliSeconds(2), 10.0);
    Ptr<DriftingClock> slave = AddClock(nodes.Get(1), MicroSeconds(-700), -40.0);
    AddClock(nodes.Get(2), Time(0), 0.0);
    AddClock(nodes.Get(3), Time(0), 0.0);
    AddClock(lan.switchNode.Get(0), MicroSeconds(123), 35.0); // the TC's own, drifting clock
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    sink.Install(NodeContainer(nodes.Get(0), nodes.Get(1)));
    for (uint32_t loader : {2u, 3u})
    {
        for (uint32_t target : {0u, 1u})
        {
            AddBursts(nodes.Get(loader),
                      lan.interfaces.GetAddress(target),
                      "700Mbps",
                      MilliSeconds(4),
                      MilliSeconds(36),
                      100 + 10 * loader + target);
        }
    }
    PtpHelper ptp;
    ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
    ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
    ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
    if (mode == SwitchMode::P2P)
    {
        ptp.SetClockAttribute("DelayMechanism", StringValue("P2P"));
        ptp.SetClockAttribute("PdelayReqInterval", TimeValue(MilliSeconds(250)));
        ptp.SetTransparentClockAttribute("DelayMechanism", StringValue("P2P"));
        ptp.SetTransparentClockAttribute("PdelayReqInterval", TimeValue(MilliSeconds(250)));
    }
    ptp.SetClockAttribute("Role", StringValue("Master"));
    ptp.Install(nodes.Get(0));
    ptp.SetClockAttribute("Role", StringValue("Slave"));
    Ptr<PtpClock> slaveClock = ptp.Install(nodes.Get(1));
    Ptr<PtpTransparentClock> tc;
    if (mode != SwitchMode::PLAIN)
    {
        tc = ptp.InstallTransparent(lan.switchNode.Get(0));
    }
    ptp.AssignStreams(NodeContainer(nodes, lan.switchNode), 10);
    TruthSampler truth{slave, master, MilliSeconds(5), {}};
    truth.Start(Seconds(12));
    Simulator::Stop(Seconds(12));
    Simulator::Run();
    SwitchedResult r;
    r.rms = truth.Rms(Seconds(8));
    r.max = truth.MaxAbs(Seconds(8));

    r.slaveDelay = slaveClock->GetMeanPathDelay(1).value_or(Time(-1));
    if (tc)
    {
        r.corrected = tc->GetCorrectedCount();
        r.held = tc->GetHeldCount();
        // The master's link is the switch's interface 1 (the LAN's first link).
        r.switchLinkDelay = tc->GetLinkDelay(1).value_or(Time(-1));
    }
    Simulator::Destroy();
    return r;
}

/**
 * The transparent clock against plain forwarding under bursts of background traffic: the
 * switch's queues delay Sync and Delay_Req by up to hundreds of microseconds, which an
 * ordinary switch leaves in the measured delays and the transparent clock removes.
 */
class TransparentClockTestCase : public TestCase
{
  public:
    TransparentClockTestCase()
        : TestCase("transparent clocks (E2E, P2P) under background load: the error falls by a "
                   "measured factor")
    {
    }

  private:
    void DoRun() override
    {
        SwitchedResult plain = RunSwitched(SwitchMode::PLAIN);
        SwitchedResult tc = RunSwitched(SwitchMode::E2E);
        SwitchedResult p2p = RunSwitched(SwitchMode::P2P);
        std::cout << "[ptp] switched LAN, 2 x 2 bursty 700 Mb/s flows: plain switch RMS "
                  << plain.rms << " ns (max " << plain.max << " ns); transparent clock RMS "
                  << tc.rms << " ns (max " << tc.max << " ns), " << tc.corrected
                  << " messages corrected, " << tc.held << " Follow_Up held; factor "
                  << plain.rms / tc.rms << std::endl;
        NS_TEST_EXPECT_MSG_GT(plain.rms, 300.0, "queueing reaches the plain switch's slave");
        NS_TEST_EXPECT_MSG_GT(plain.rms / tc.rms, 20.0, "the transparent clock wins");
        NS_TEST_EXPECT_MSG_LT(tc.max, 200.0, "the residence times are corrected");
        NS_TEST_EXPECT_MSG_GT(tc.held, 0u, "some Follow_Up waited for its Sync to leave");
        std::cout << "[ptp] the same with P2P clocks and a P2P transparent clock: RMS " << p2p.rms
                  << " ns (max " << p2p.max << " ns); the slave's link delay "
                  << p2p.slaveDelay.As(Time::NS) << ", the master's link as the switch measures "
                  << "it " << p2p.switchLinkDelay.As(Time::NS) << " (1 us each)" << std::endl;
        NS_TEST_EXPECT_MSG_LT(p2p.max, 200.0, "P2P: residence and link delay corrected");
        NS_TEST_EXPECT_MSG_LT(std::fabs((p2p.slaveDelay - MicroSeconds(1)).GetDouble()),
                              16.0,
                              "the slave measures its own link only");
        NS_TEST_EXPECT_MSG_LT(std::fabs((p2p.switchLinkDelay - MicroSeconds(1)).GetDouble()),
                              16.0,
                              "the switch measures the master's link");
    }
};

/**
 * Hardware against software time stamps when the master's own device queue is busy (it also
 * sends bulk data to the slave) and the software path has a host delay: software time
 * stamps see the queue and the host, hardware ones do not.
 */
class TimestampModeTestCase : public TestCase
{
  public:
    TimestampModeTestCase()
        : TestCase("hardware time stamps ignore the master's queue and host delays, software "
                   "ones see them")
    {
    }

  private:
    void DoRun() override
    {
        double rms[2];
        for (bool software : {false, true})
        {
            NodeContainer nodes;
            nodes.Create(2);
            Ptr<DriftingClock> master = AddClock(nodes.Get(0), MilliSeconds(1), 10.0);
            Ptr<DriftingClock> slave = AddClock(nodes.Get(1), MicroSeconds(-300), -40.0);
            Link(nodes, "100Mbps", MicroSeconds(5), Time(0));
            PacketSinkHelper sink("ns3::UdpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 9));
            sink.Install(nodes.Get(1));
            AddBursts(nodes.Get(0),
                      Ipv4Address("10.1.1.2"),
                      "90Mbps",
                      MilliSeconds(20),
                      MilliSeconds(20),
                      50);
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
            if (software)
            {
                ptp.SetClockAttribute("TimestampMode", StringValue("Software"));
                ptp.SetClockAttribute("HostDelay",
                                      StringValue("ns3::ExponentialRandomVariable[Mean=5000]"));
                // Hardware gains, so that only the time stamps differ.
                ptp.SetServo("ns3::PiServo", "TimestampMode", StringValue("Hardware"));
            }
            ptp.SetClockAttribute("Role", StringValue("Master"));
            ptp.Install(nodes.Get(0));
            ptp.SetClockAttribute("Role", StringValue("Slave"));
            ptp.Install(nodes.Get(1));
            ptp.AssignStreams(nodes, 10);
            TruthSampler truth{slave, master, MilliSeconds(5), {}};
            truth.Start(Seconds(15));
            Simulator::Stop(Seconds(15));
            Simulator::Run();
            rms[software] = truth.Rms(Seconds(8));
            std::cout << "[ptp] 100 Mb/s link, master queue busy half the time"
                      << (software ? ", software time stamps, 5 us mean host delay"
                                   : ", hardware time stamps")
                      << ": RMS " << rms[software] << " ns, max " << truth.MaxAbs(Seconds(8))
                      << " ns" << std::endl;
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_LT(rms[0], 30.0, "hardware: the queue is outside the time stamps");
        NS_TEST_EXPECT_MSG_GT(rms[1], 10 * rms[0], "software: the queue and the host are in");
    }
};

/**
 * A boundary clock between a grandmaster and a slave (a line of two links): its upstream
 * port is SLAVE to the grandmaster, its downstream port MASTER, and the slave follows the
 * grandmaster one step removed.
 */
class BoundaryClockTestCase : public TestCase
{
  public:
    BoundaryClockTestCase()
        : TestCase("boundary clock: SLAVE upstream, MASTER downstream, the slave follows the "
                   "grandmaster")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        Ptr<DriftingClock> gmClock = AddClock(nodes.Get(0), MilliSeconds(3), 15.0);
        Ptr<DriftingClock> bcClock = AddClock(nodes.Get(1), MilliSeconds(-1), -25.0);
        Ptr<DriftingClock> slaveClock = AddClock(nodes.Get(2), MicroSeconds(500), 40.0);
        InternetStackHelper internet;
        internet.Install(nodes);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(3)));
        Ipv4AddressHelper ipv4;
        ipv4.SetBase("10.2.1.0", "255.255.255.0");
        ipv4.Assign(p2p.Install(nodes.Get(0), nodes.Get(1)));
        ipv4.SetBase("10.2.2.0", "255.255.255.0");
        ipv4.Assign(p2p.Install(nodes.Get(1), nodes.Get(2)));
        PtpHelper ptp;
        ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
        ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
        ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
        ptp.SetClockAttribute("Priority1", UintegerValue(10));
        Ptr<PtpClock> gm = ptp.Install(nodes.Get(0));
        ptp.SetClockAttribute("Priority1", UintegerValue(128));
        Ptr<PtpClock> bc = ptp.InstallBoundary(nodes.Get(1));
        ptp.SetClockAttribute("Role", StringValue("Slave"));
        Ptr<PtpClock> slave = ptp.Install(nodes.Get(2));
        ptp.AssignStreams(nodes, 10);
        uint16_t slaveSteps = 0;
        slave->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](uint16_t* steps, uint16_t, const PtpMessage& m) {
                if (m.header.messageType == PtpMessageType::ANNOUNCE)
                {
                    *steps = m.announce.stepsRemoved;
                }
            }).Bind(&slaveSteps));
        TruthSampler truth{slaveClock, gmClock, MilliSeconds(10), {}};
        truth.Start(Seconds(40));
        TruthSampler bcTruth{bcClock, gmClock, MilliSeconds(10), {}};
        bcTruth.Start(Seconds(40));
        Simulator::Stop(Seconds(40));
        Simulator::Run();
        std::cout << "[ptp] boundary clock: BC - GM max " << bcTruth.MaxAbs(Seconds(25))
                  << " ns, slave - GM max " << truth.MaxAbs(Seconds(25)) << " ns (RMS "
                  << truth.Rms(Seconds(25)) << " ns), lock (100 ns) at "
                  << truth.LockTime(100).As(Time::S) << std::endl;
        NS_TEST_EXPECT_MSG_EQ(gm->IsGrandmaster(), true, "the best clock is the grandmaster");
        NS_TEST_EXPECT_MSG_EQ(ToString(bc->GetPortState(1)), "SLAVE", "upstream port");
        NS_TEST_EXPECT_MSG_EQ(ToString(bc->GetPortState(2)), "MASTER", "downstream port");
        NS_TEST_EXPECT_MSG_EQ(slave->GetGrandmasterIdentity(),
                              gm->GetClockIdentity(),
                              "the slave's grandmaster is behind the BC");
        NS_TEST_EXPECT_MSG_EQ(slaveSteps, 1u, "one step removed");
        NS_TEST_EXPECT_MSG_LT(bcTruth.MaxAbs(Seconds(25)), 40.0, "the BC follows the GM");
        NS_TEST_EXPECT_MSG_LT(truth.MaxAbs(Seconds(25)), 60.0, "the slave follows the GM");
        Simulator::Destroy();
    }
};

/**
 * pcap traces of the links of two runs (the switched LAN with a transparent clock, E2E with
 * multicast and unicast delay requests; a link with P2P): every PTP message type appears,
 * and Wireshark's dissector (tshark, when installed) finds no malformed packet and no
 * warning.
 */
class PcapTestCase : public TestCase
{
  public:
    PcapTestCase()
        : TestCase("pcap traces of a run open in Wireshark (tshark) with no malformed packet")
    {
    }

  private:
    void DoRun() override
    {
        char dir[] = "/tmp/chronometry-ptpnet-XXXXXX";
        NS_TEST_ASSERT_MSG_NE(mkdtemp(dir), nullptr, "temporary directory");
        const std::string prefix = std::string(dir) + "/ptp";
        {
            NodeContainer nodes;
            nodes.Create(3);
            StudyLan lan = InstallStudyLan(nodes,
                                           "1Gbps",
                                           MicroSeconds(2),
                                           "10.0.0.0",
                                           "255.0.0.0",
                                           "switched");
            for (uint32_t i = 0; i < 3; ++i)
            {
                AddClock(nodes.Get(i), MicroSeconds(100 * i), 10.0 * i);
            }
            AddClock(lan.switchNode.Get(0), Time(0), 5.0);
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(250)));
            ptp.Install(NodeContainer(nodes.Get(0), nodes.Get(1)), {1, 2});
            ptp.SetClockAttribute("UnicastDelayRequests", BooleanValue(true));
            ptp.Install(nodes.Get(2));
            ptp.InstallTransparent(lan.switchNode.Get(0));
            ptp.AssignStreams(NodeContainer(nodes, lan.switchNode), 10);
            PointToPointHelper p2p;
            p2p.EnablePcapAll(prefix + "-switched");
            Simulator::Stop(Seconds(3));
            Simulator::Run();
            Simulator::Destroy();
        }
        {
            NodeContainer nodes;
            nodes.Create(2);
            AddClock(nodes.Get(0), Time(0), 0.0);
            AddClock(nodes.Get(1), MicroSeconds(50), 20.0);
            NetDeviceContainer devices = Link(nodes, "1Gbps", MicroSeconds(1), Time(0));
            PtpHelper ptp;
            ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
            ptp.SetClockAttribute("DelayMechanism", StringValue("P2P"));
            ptp.SetClockAttribute("PdelayReqInterval", TimeValue(MilliSeconds(250)));
            ptp.Install(nodes);
            ptp.AssignStreams(nodes, 10);
            PointToPointHelper p2p;
            p2p.EnablePcap(prefix + "-p2p", devices);
            Simulator::Stop(Seconds(3));
            Simulator::Run();
            Simulator::Destroy();
        }
        const std::string files = wiretest::RunCommand("ls " + std::string(dir) + "/*.pcap");
        NS_TEST_EXPECT_MSG_GT(std::count(files.begin(), files.end(), '\n'), 6, "pcap files");
        if (access("/usr/bin/tshark", X_OK) != 0)
        {
            std::cout << "tshark not installed (apt-get install tshark): Wireshark check skipped"
                      << std::endl;
        }
        else
        {
            // One merged trace (mergecap comes with tshark), or each file.
            std::string traces = files;
            if (access("/usr/bin/mergecap", X_OK) == 0)
            {
                const std::string merged = std::string(dir) + "/all.pcapng";
                wiretest::RunCommand("/usr/bin/mergecap -w " + merged + " " + std::string(dir) +
                                     "/*.pcap 2>&1");
                traces = merged + "\n";
            }
            std::string types;
            std::istringstream list(traces);
            for (std::string file; std::getline(list, file);)
            {
                const std::string base = "/usr/bin/tshark -n -r " + file + " ";
                const std::string bad = wiretest::TsharkProblems(file);
                NS_TEST_EXPECT_MSG_EQ(bad, "", file << ": malformed or warned frames");
                types += wiretest::RunCommand(base +
                                              "-Y ptp -T fields -e ptp.v2.messagetype 2>/dev/null");
            }
            std::cout << "[ptp] pcap: PTP frames by type (tshark):";
            for (const char* t : {"0x00", "0x01", "0x02", "0x03", "0x08", "0x09", "0x0a", "0x0b"})
            {
                size_t count = 0;
                for (size_t at = types.find(t); at != std::string::npos; at = types.find(t, at + 1))
                {
                    ++count;
                }
                std::cout << " " << t << " " << count;
                NS_TEST_EXPECT_MSG_GT(count, 0u, "message type " << t << " in the traces");
            }
            std::cout << std::endl;
        }
        wiretest::RunCommand("rm -rf " + std::string(dir));
    }
};

} // namespace

/** \ingroup chronometry-tests PTP through switches. */
class PtpNetworkTestSuite : public TestSuite
{
  public:
    PtpNetworkTestSuite()
        : TestSuite("chronometry-ptp-network", Type::UNIT)
    {
        AddTestCase(new TransparentClockTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new TimestampModeTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BoundaryClockTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PcapTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static PtpNetworkTestSuite g_ptpNetworkTestSuite;
