/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The stamper on a simulated network: every IPv4 packet is stamped and merged,
// the logged vector clocks equal the happened-before relation rebuilt from the
// packets actually delivered, the clocks' guarantees hold, and malformed or
// missing stamps are counted without harm.
#include "ns3/causality-header.h"
#include "ns3/causality-helper.h"
#include "ns3/causality-tag.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <map>
#include <set>
#include <sstream>

using namespace ns3;

namespace
{

/** Random UDP gossip among the nodes of a CSMA LAN. */
struct Gossip
{
    NodeContainer nodes;                //!< processes (and one outsider at the end)
    std::vector<Ptr<Socket>> sockets;   //!< one per node
    std::vector<Ipv4Address> addresses; //!< one per node
    Ptr<UniformRandomVariable> uniform; //!< choices
    Ptr<ExponentialRandomVariable> gap; //!< time between a node's actions
    uint64_t sent = 0;                  //!< packets sent by processes
    uint64_t received = 0;              //!< packets received by processes
    uint64_t locals = 0;                //!< local events recorded
    Time end;                           //!< last action time

    void Act(uint32_t i, uint32_t n)
    {
        if (Simulator::Now() > end)
        {
            return;
        }
        if (uniform->GetValue() < 0.2)
        {
            nodes.Get(i)->GetObject<CausalityStamper>()->RecordLocalEvent();
            ++locals;
        }
        else
        {
            auto to = static_cast<uint32_t>(uniform->GetInteger(0, n - 2));
            to += (to >= i) ? 1 : 0;
            sockets[i]->SendTo(Create<Packet>(64), 0, InetSocketAddress(addresses[to], 9));
            ++sent;
        }
        Simulator::Schedule(Seconds(gap->GetValue()), &Gossip::Act, this, i, n);
    }
};

/** Stamping over a real network checked against independently rebuilt ground truth. */
class StampingTestCase : public TestCase
{
  public:
    /** \param onWire stamps as real bytes instead of byte tags */
    StampingTestCase(bool onWire)
        : TestCase(std::string(onWire ? "on the wire" : "byte tags") +
                   ": every packet stamped and merged; vector clocks equal rebuilt truth; "
                   "guarantees hold; malformed and unstamped packets counted"),
          m_onWire(onWire)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 8;
        const Time skew = MicroSeconds(200);
        Gossip g;
        g.nodes.Create(n + 1); // the last node is an outsider without a stamper
        CsmaHelper csma;
        csma.SetChannelAttribute("DataRate", StringValue("100Mbps"));
        csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
        NetDeviceContainer devices = csma.Install(g.nodes);
        InternetStackHelper internet;
        internet.Install(g.nodes);
        Ipv4AddressHelper ipv4;
        ipv4.SetBase("10.1.0.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = ipv4.Assign(devices);
        NodeContainer processes;
        for (uint32_t i = 0; i < n; ++i)
        {
            processes.Add(g.nodes.Get(i));
        }
        ClockHelper clocks;
        clocks.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(skew));
        clocks.Install(processes);
        clocks.AssignStreams(processes, 10);
        CausalityHelper causality;
        causality.SetStamperAttribute("Interval", TimeValue(MicroSeconds(20)));
        causality.SetStamperAttribute("Epsilon", UintegerValue(10));
        causality.SetStamperAttribute("SkewBound", TimeValue(skew));
        causality.SetStamperAttribute("OnWire", BooleanValue(m_onWire));
        Ptr<CausalityLog> log = causality.Install(processes);

        g.uniform = CreateObject<UniformRandomVariable>();
        g.uniform->SetStream(1);
        g.gap = CreateObject<ExponentialRandomVariable>();
        g.gap->SetAttribute("Mean", DoubleValue(200e-6));
        g.gap->SetStream(2);
        g.end = MilliSeconds(30);
        for (uint32_t i = 0; i <= n; ++i)
        {
            auto socket = Socket::CreateSocket(g.nodes.Get(i), UdpSocketFactory::GetTypeId());
            socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            if (i < n)
            {
                socket->SetRecvCallback(
                    MakeCallback(+[](uint64_t* count, std::set<uint32_t>* sizes, Ptr<Socket> s) {
                        while (Ptr<Packet> p = s->Recv())
                        {
                            ++*count;
                            sizes->insert(p->GetSize());
                        }
                    }).Bind(&g.received, &m_payloadSizes));
                g.nodes.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                    "Tx",
                    MakeCallback(+[](uint64_t* bytes, Ptr<const Packet> p, Ptr<Ipv4>, uint32_t) {
                        *bytes += p->GetSize();
                    }).Bind(&m_ipBytes));
            }
            g.sockets.push_back(socket);
            g.addresses.push_back(interfaces.GetAddress(i));
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            Simulator::Schedule(MicroSeconds(1 + i), &Gossip::Act, &g, i, n);
        }
        // The outsider sends one packet with a corrupted stamp and one with none.
        auto raw = Socket::CreateSocket(g.nodes.Get(n), Ipv4RawSocketFactory::GetTypeId());
        raw->SetAttribute("Protocol", UintegerValue(17));
        bool onWire = m_onWire;
        Simulator::Schedule(MilliSeconds(10), [&g, n, raw, onWire]() {
            if (onWire)
            {
                // A CausalityHeader that claims 255 stamp bytes but is cut short.
                uint8_t bytes[20] = {0xC1, 0x0C, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0xff};
                raw->SendTo(Create<Packet>(bytes, 20), 0, InetSocketAddress(g.addresses[0], 0));
            }
            else
            {
                Ptr<Packet> bad = Create<Packet>(20);
                CausalityTag tag;
                tag.SetStamp({0x0f, 0x00, 0x03, 0xff});
                bad->AddByteTag(tag);
                g.sockets[n]->SendTo(bad, 0, InetSocketAddress(g.addresses[0], 9));
            }
            g.sockets[n]->SendTo(Create<Packet>(20), 0, InetSocketAddress(g.addresses[1], 9));
        });
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();

        uint64_t stamped = 0;
        uint64_t merged = 0;
        uint64_t malformed = 0;
        uint64_t unstamped = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            auto s = processes.Get(i)->GetObject<CausalityStamper>();
            stamped += s->GetStampedCount();
            merged += s->GetMergedCount();
            malformed += s->GetMalformedCount();
            unstamped += s->GetUnstampedCount();
        }
        const auto& events = log->GetEvents();
        NS_TEST_ASSERT_MSG_GT(g.sent, 500, "enough traffic");
        NS_TEST_ASSERT_MSG_EQ(stamped, g.sent, "every packet sent was stamped");
        uint64_t stampBytes = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            stampBytes += processes.Get(i)->GetObject<CausalityStamper>()->GetStampBytes();
        }
        if (m_onWire)
        {
            // The truncated header is dropped before UDP; everything else reaches the sockets.
            NS_TEST_ASSERT_MSG_EQ(merged + unstamped, g.received, "every receive seen");
            // Applications see their own payloads: the stamp was taken off.
            NS_TEST_ASSERT_MSG_EQ((m_payloadSizes == std::set<uint32_t>{20, 64}),
                                  true,
                                  "payload sizes intact");
            // Every IPv4 packet a process sent carried IP + CausalityHeader + UDP + payload.
            NS_TEST_ASSERT_MSG_EQ(m_ipBytes,
                                  g.sent * (20 + CausalityHeader::FIXED_SIZE + 8 + 64) + stampBytes,
                                  "stamp bytes are on the wire");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(merged + malformed + unstamped, g.received, "every receive seen");
            NS_TEST_ASSERT_MSG_EQ(m_ipBytes, g.sent * (20 + 8 + 64), "byte tags cost no bandwidth");
        }
        NS_TEST_ASSERT_MSG_EQ(malformed, 1, "the corrupted stamp was counted");
        NS_TEST_ASSERT_MSG_EQ(unstamped, 1, "the unstamped packet was counted");
        NS_TEST_ASSERT_MSG_EQ(events.size(), g.sent + merged + g.locals, "one event each");

        // Rebuild happened-before from the log alone and compare with the stamped vectors.
        std::vector<VectorClock> truth;
        for (uint32_t i = 0; i < n; ++i)
        {
            truth.emplace_back(n, i);
        }
        std::map<uint64_t, VectorClock> inFlight;
        std::map<uint64_t, Time> sentAt;
        for (const auto& e : events)
        {
            VectorClock& v = truth[e.process];
            if (e.kind == CausalEventKind::RECEIVE)
            {
                NS_TEST_ASSERT_MSG_EQ(inFlight.count(e.messageId), 1, "received a sent message");
                v.Receive(inFlight.at(e.messageId), Time(0));
                NS_TEST_ASSERT_MSG_GT(e.trueTime, sentAt.at(e.messageId), "positive delay");
            }
            else
            {
                v.LocalOrSend(Time(0));
            }
            if (e.kind == CausalEventKind::SEND)
            {
                inFlight.emplace(e.messageId, v);
                sentAt[e.messageId] = e.trueTime;
            }
            NS_TEST_ASSERT_MSG_EQ((v.GetEntries() == e.stamp.vector.GetEntries()),
                                  true,
                                  "stamped vector clock equals rebuilt ground truth");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(e.pt, e.trueTime, "bounded-skew reading >= true time");
        }
        ReplayCheckerOptions o;
        o.skewBound = skew;
        o.interval = MicroSeconds(20);
        o.hvcSkewBound = skew;
        auto report = log->Check(o);
        NS_TEST_ASSERT_MSG_EQ(report.repclHb.violations, 0, report.Summary());
        NS_TEST_ASSERT_MSG_EQ(report.repclFarKnown.violations, 0, report.Summary());
        NS_TEST_ASSERT_MSG_EQ(report.hlcHb.violations, 0, report.Summary());
        NS_TEST_ASSERT_MSG_EQ(report.hvcHb.violations, 0, report.Summary());
        NS_TEST_ASSERT_MSG_EQ(report.hvcOnlyIfHb.violations, 0, report.Summary());
        NS_TEST_ASSERT_MSG_GT(report.repclHb.applicable, 1000, "hb pairs checked");
        Simulator::Destroy();
    }

    bool m_onWire;                     //!< stamps as real bytes
    std::set<uint32_t> m_payloadSizes; //!< sizes the sockets received
    uint64_t m_ipBytes = 0;            //!< IPv4 bytes the processes sent
};

/**
 * The Vector and Lamport switches: with the ground truth off, the same execution is stamped
 * (same events, same HLC, HVC and RepCl stamps, fewer bytes on the wire) but the checker
 * refuses the log, naming the attribute.
 */
class WithoutGroundTruthTestCase : public TestCase
{
  public:
    WithoutGroundTruthTestCase()
        : TestCase(
              "Vector and Lamport = false: the same events and HLC, HVC, RepCl stamps, smaller "
              "stamps; the checker refuses the log by name")
    {
    }

  private:
    /** What one run gave. */
    struct Run
    {
        std::vector<std::string> stamps; //!< per event: kind, process, HLC, HVC, RepCl bytes
        uint64_t stampBytes = 0;         //!< stamp bytes the processes sent
        std::string checkError;          //!< the checker's refusal, if any
        uint64_t pairs = 0;              //!< pairs the checker examined, if it ran
    };

    /**
     * \param truth run the vector and Lamport clocks
     * \return what the run gave
     */
    static Run Gossip(bool truth)
    {
        const uint32_t n = 6;
        const Time skew = MicroSeconds(200);
        NodeContainer nodes;
        nodes.Create(n);
        CsmaHelper csma;
        csma.SetChannelAttribute("DataRate", StringValue("100Mbps"));
        csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
        NetDeviceContainer devices = csma.Install(nodes);
        InternetStackHelper internet;
        internet.Install(nodes);
        Ipv4AddressHelper ipv4;
        ipv4.SetBase("10.1.0.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = ipv4.Assign(devices);
        ClockHelper clocks;
        clocks.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(skew));
        clocks.Install(nodes);
        clocks.AssignStreams(nodes, 10);
        // Every stream fixed: the two runs share a process, and streams left to ns-3 would be
        // numbered on from the first run's.
        csma.AssignStreams(devices, 100);
        internet.AssignStreams(nodes, 200);
        CausalityHelper causality;
        causality.SetStamperAttribute("Interval", TimeValue(MicroSeconds(20)));
        // Byte tags: the stamps' size does not change the network's timing, so both runs are
        // the same execution.
        causality.SetStamperAttribute("Vector", BooleanValue(truth));
        causality.SetStamperAttribute("Lamport", BooleanValue(truth));
        Ptr<CausalityLog> log = causality.Install(nodes);
        ::Gossip g;
        g.nodes = nodes;
        g.uniform = CreateObject<UniformRandomVariable>();
        g.uniform->SetStream(1);
        g.gap = CreateObject<ExponentialRandomVariable>();
        g.gap->SetAttribute("Mean", DoubleValue(200e-6));
        g.gap->SetStream(2);
        g.end = MilliSeconds(20);
        for (uint32_t i = 0; i < n; ++i)
        {
            auto socket = Socket::CreateSocket(nodes.Get(i), UdpSocketFactory::GetTypeId());
            socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            socket->SetRecvCallback(MakeCallback(+[](Ptr<Socket> sock) {
                while (sock->Recv())
                {
                }
            }));
            g.sockets.push_back(socket);
            g.addresses.push_back(interfaces.GetAddress(i));
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            Simulator::Schedule(MicroSeconds(1 + i), &::Gossip::Act, &g, i, n);
        }
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();
        Run r;
        for (uint32_t i = 0; i < n; ++i)
        {
            r.stampBytes += nodes.Get(i)->GetObject<CausalityStamper>()->GetStampBytes();
        }
        for (const auto& e : log->GetEvents())
        {
            std::ostringstream os;
            os << int(e.kind) << " " << e.process << " " << e.pt.GetTimeStep();
            for (const auto& bytes :
                 {e.stamp.hlc->Encode(), e.stamp.hvc->Encode(), e.stamp.repcl->Encode()})
            {
                os << " ";
                for (uint8_t b : bytes)
                {
                    os << int(b) << ".";
                }
            }
            r.stamps.push_back(os.str());
        }
        chronometry::ScopedThrowOnConfigError throwing;
        try
        {
            r.pairs = log->Check(log->GetCheckerOptions()).pairsExamined;
        }
        catch (const chronometry::ConfigError& e)
        {
            r.checkError = e.what();
        }
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        Run with = Gossip(true);
        Run without = Gossip(false);
        NS_TEST_ASSERT_MSG_GT(with.stamps.size(), 300u, "enough events");
        if (with.stamps.size() != without.stamps.size())
        {
            NS_TEST_ASSERT_MSG_EQ(with.stamps.size(), without.stamps.size(), "the same events");
            return;
        }
        std::size_t same = 0;
        while (same < with.stamps.size() && with.stamps[same] == without.stamps[same])
        {
            ++same;
        }
        NS_TEST_ASSERT_MSG_EQ(same,
                              with.stamps.size(),
                              "every event equal (kind, process, pt, HLC, HVC, RepCl); first "
                              "difference at event "
                                  << same << ": "
                                  << (same < with.stamps.size() ? with.stamps[same] : "") << " / "
                                  << (same < without.stamps.size() ? without.stamps[same] : ""));
        NS_TEST_EXPECT_MSG_LT(without.stampBytes,
                              with.stampBytes,
                              "no vector or Lamport clock in the stamps");
        NS_TEST_EXPECT_MSG_EQ(with.checkError, "", "the checker runs on the ground truth");
        NS_TEST_EXPECT_MSG_GT(with.pairs, 0u, "pairs examined");
        NS_TEST_EXPECT_MSG_NE(without.checkError.find("CausalityStamper::Vector = false"),
                              std::string::npos,
                              "refused by name: " << without.checkError);
    }
};

} // namespace

/** \ingroup chronometry-tests Causality stamping over IPv4. */
class CausalityStampingTestSuite : public TestSuite
{
  public:
    CausalityStampingTestSuite()
        : TestSuite("chronometry-causality-stamping", Type::SYSTEM)
    {
        AddTestCase(new StampingTestCase(false), chronometry::TestDuration::QUICK);
        AddTestCase(new StampingTestCase(true), chronometry::TestDuration::QUICK);
        AddTestCase(new WithoutGroundTruthTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static CausalityStampingTestSuite g_causalityStampingTestSuite;
