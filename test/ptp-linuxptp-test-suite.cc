/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PTP behaving as linuxptp (f98cb5d) does where the standard leaves room or ptp4l departs
// from it: the port state machine (fsm.c) and the states ports go through in a network, the
// servo's sync interval from the parent's Syncs (process_sync), the time properties of the
// Announce (port_tx_announce), a unicast Delay_Resp's 0x7F interval (process_delay_req), and
// the transparent clock (tc.c, p2p_tc.c): one-step Syncs made two-step, residence times
// scaled by the rate ratio, the ingress delayAsymmetry, Delay_Req dropped by a P2P TC.
// Scored against the truth (true times of the frames, the clocks read at the same true time).
#include "ptp-test-world.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/integer.h"
#include "ns3/ptp-helper.h"
#include "ns3/ptp-port-state.h"
#include "ns3/study-lan.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <iostream>
#include <map>
#include <sstream>

using namespace ns3;
using namespace ns3::ptptest;

namespace
{

/**
 * PtpPortFsm and PtpSlavePortFsm against the tables of linuxptp's ptp_fsm and ptp_slave_fsm
 * (fsm.c), transcribed state by state: every (state, event) pair.
 */
class PortFsmTableTestCase : public TestCase
{
  public:
    PortFsmTableTestCase()
        : TestCase("port state machine: every transition as linuxptp's ptp_fsm and "
                   "ptp_slave_fsm")
    {
    }

  private:
    void DoRun() override
    {
        using S = PtpPortState;
        using E = PtpFsmEvent;
        const std::vector<S> states = {S::LISTENING,
                                       S::PRE_MASTER,
                                       S::MASTER,
                                       S::GRAND_MASTER,
                                       S::PASSIVE,
                                       S::UNCALIBRATED,
                                       S::SLAVE};
        const std::vector<E> events = {E::NONE,
                                       E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES,
                                       E::QUALIFICATION_TIMEOUT_EXPIRES,
                                       E::MASTER_CLOCK_SELECTED,
                                       E::SYNCHRONIZATION_FAULT,
                                       E::RS_MASTER,
                                       E::RS_GRAND_MASTER,
                                       E::RS_SLAVE,
                                       E::RS_PASSIVE};
        // fsm.c's ptp_fsm: (state, event) -> next; pairs not listed keep the state.
        std::map<std::pair<S, E>, S> table = {
            {{S::LISTENING, E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES}, S::MASTER},
            {{S::LISTENING, E::RS_MASTER}, S::PRE_MASTER},
            {{S::LISTENING, E::RS_GRAND_MASTER}, S::GRAND_MASTER},
            {{S::LISTENING, E::RS_SLAVE}, S::UNCALIBRATED},
            {{S::LISTENING, E::RS_PASSIVE}, S::PASSIVE},
            {{S::PRE_MASTER, E::QUALIFICATION_TIMEOUT_EXPIRES}, S::MASTER},
            {{S::PRE_MASTER, E::RS_SLAVE}, S::UNCALIBRATED},
            {{S::PRE_MASTER, E::RS_PASSIVE}, S::PASSIVE},
            {{S::MASTER, E::RS_SLAVE}, S::UNCALIBRATED},
            {{S::MASTER, E::RS_PASSIVE}, S::PASSIVE},
            {{S::GRAND_MASTER, E::RS_SLAVE}, S::UNCALIBRATED},
            {{S::GRAND_MASTER, E::RS_PASSIVE}, S::PASSIVE},
            {{S::PASSIVE, E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES}, S::MASTER},
            {{S::PASSIVE, E::RS_MASTER}, S::PRE_MASTER},
            {{S::PASSIVE, E::RS_GRAND_MASTER}, S::GRAND_MASTER},
            {{S::PASSIVE, E::RS_SLAVE}, S::UNCALIBRATED},
            {{S::UNCALIBRATED, E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES}, S::MASTER},
            {{S::UNCALIBRATED, E::MASTER_CLOCK_SELECTED}, S::SLAVE},
            {{S::UNCALIBRATED, E::RS_MASTER}, S::PRE_MASTER},
            {{S::UNCALIBRATED, E::RS_GRAND_MASTER}, S::GRAND_MASTER},
            {{S::UNCALIBRATED, E::RS_PASSIVE}, S::PASSIVE},
            {{S::SLAVE, E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES}, S::MASTER},
            {{S::SLAVE, E::SYNCHRONIZATION_FAULT}, S::UNCALIBRATED},
            {{S::SLAVE, E::RS_MASTER}, S::PRE_MASTER},
            {{S::SLAVE, E::RS_GRAND_MASTER}, S::GRAND_MASTER},
            {{S::SLAVE, E::RS_PASSIVE}, S::PASSIVE},
        };
        // ptp_slave_fsm: only LISTENING, UNCALIBRATED and SLAVE move.
        std::map<std::pair<S, E>, S> slave;
        for (S s : {S::LISTENING, S::UNCALIBRATED, S::SLAVE})
        {
            for (E e : {E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES,
                        E::RS_MASTER,
                        E::RS_GRAND_MASTER,
                        E::RS_PASSIVE})
            {
                slave[{s, e}] = S::LISTENING;
            }
        }
        slave[{S::LISTENING, E::RS_SLAVE}] = S::UNCALIBRATED;
        slave[{S::UNCALIBRATED, E::MASTER_CLOCK_SELECTED}] = S::SLAVE;
        slave[{S::SLAVE, E::SYNCHRONIZATION_FAULT}] = S::UNCALIBRATED;
        int checked = 0;
        for (S s : states)
        {
            for (E e : events)
            {
                for (bool newMaster : {false, true})
                {
                    S expected = table.count({s, e}) ? table[{s, e}] : s;
                    S expectedSlave = slave.count({s, e}) ? slave[{s, e}] : s;
                    if (s == S::SLAVE && e == E::RS_SLAVE && newMaster)
                    {
                        expected = S::UNCALIBRATED; // "if (mdiff)" in both machines
                        expectedSlave = S::UNCALIBRATED;
                    }
                    const std::string what =
                        ToString(s) + " + " + ToString(e) + (newMaster ? " (new master)" : "");
                    NS_TEST_EXPECT_MSG_EQ(ToString(PtpPortFsm(s, e, newMaster)),
                                          ToString(expected),
                                          what);
                    NS_TEST_EXPECT_MSG_EQ(ToString(PtpSlavePortFsm(s, e, newMaster)),
                                          ToString(expectedSlave),
                                          "slave-only " << what);
                    ++checked;
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(checked, 7 * 9 * 2, "pairs");
    }
};

/** The states a clock's ports went through, with when. */
struct StateLog
{
    std::map<uint16_t, std::vector<std::pair<Time, PtpPortState>>> ports; //!< per port

    /**
     * \param port a port
     * \return its states in order, from LISTENING: "LISTENING MASTER ..."
     */
    std::string Sequence(uint16_t port) const
    {
        std::ostringstream os;
        os << "LISTENING";
        auto it = ports.find(port);
        if (it != ports.end())
        {
            for (const auto& [t, s] : it->second)
            {
                os << " " << ToString(s);
            }
        }
        return os.str();
    }

    /**
     * \param port a port
     * \param state a state
     * \return when the port first entered it (Time::Max() if never)
     */
    Time Entered(uint16_t port, PtpPortState state) const
    {
        auto it = ports.find(port);
        if (it != ports.end())
        {
            for (const auto& [t, s] : it->second)
            {
                if (s == state)
                {
                    return t;
                }
            }
        }
        return Time::Max();
    }

    /**
     * Connect to a clock's PortState trace.
     * \param clock the clock
     */
    void Watch(Ptr<PtpClock> clock)
    {
        clock->TraceConnectWithoutContext(
            "PortState",
            MakeCallback(+[](StateLog* log, uint16_t port, PtpPortState, PtpPortState to) {
                log->ports[port].emplace_back(Simulator::Now(), to);
            }).Bind(this));
    }
};

/** The first LOCKED servo sample of a clock (true time). */
struct LockWatch
{
    Time firstLocked{Time::Max()}; //!< when

    /** \param clock the clock whose Offset trace to watch */
    void Watch(Ptr<PtpClock> clock)
    {
        clock->TraceConnectWithoutContext("Offset",
                                          MakeCallback(+[](LockWatch* w, const PtpOffsetSample& s) {
                                              if (s.state == ServoState::LOCKED &&
                                                  w->firstLocked == Time::Max())
                                              {
                                                  w->firstLocked = Simulator::Now();
                                              }
                                          }).Bind(this));
    }
};

/**
 * Two clocks on a link: A (priority1 200) alone from 0 s, B (priority1 100) from 2.1 s. A
 * times out of LISTENING into MASTER; B hears A first, finds itself better (M2) and becomes
 * GRAND_MASTER; A, recommended SLAVE, is UNCALIBRATED until its servo locks. Also: A's servo
 * runs at B's Sync interval (0.25 s), not at its own (1 s).
 */
class GrandMasterSequenceTestCase : public TestCase
{
  public:
    GrandMasterSequenceTestCase()
        : TestCase("port states: LISTENING -> MASTER -> UNCALIBRATED -> SLAVE after the servo "
                   "locks; LISTENING -> GRAND_MASTER on M2; the servo takes the parent's Sync "
                   "interval")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        AddClock(nodes.Get(0), MicroSeconds(300), 20.0);
        AddClock(nodes.Get(1), Time(0), 0.0);
        Link(nodes, "1Gbps", MicroSeconds(2), Time(0));
        PtpHelper ptp;
        ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250)));
        ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(250)));
        ptp.SetClockAttribute("Priority1", UintegerValue(200));
        Ptr<PtpClock> a = ptp.Install(nodes.Get(0)); // SyncInterval 1 s
        ptp.SetClockAttribute("Priority1", UintegerValue(100));
        ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(250)));
        Ptr<PtpClock> b = ptp.Install(nodes.Get(1));
        b->SetStartTime(MilliSeconds(2100));
        ptp.AssignStreams(nodes, 10);
        StateLog la;
        la.Watch(a);
        StateLog lb;
        lb.Watch(b);
        LockWatch lock;
        lock.Watch(a);
        Simulator::Stop(Seconds(12));
        Simulator::Run();
        std::cout << "[ptp] A: " << la.Sequence(1) << " (MASTER at "
                  << la.Entered(1, PtpPortState::MASTER).As(Time::S) << ", UNCALIBRATED at "
                  << la.Entered(1, PtpPortState::UNCALIBRATED).As(Time::S) << ", SLAVE at "
                  << la.Entered(1, PtpPortState::SLAVE).As(Time::S) << ", first locked sample "
                  << lock.firstLocked.As(Time::S) << "); B: " << lb.Sequence(1) << " (at "
                  << lb.Entered(1, PtpPortState::GRAND_MASTER).As(Time::S) << ")" << std::endl;
        NS_TEST_EXPECT_MSG_EQ(la.Sequence(1), "LISTENING MASTER UNCALIBRATED SLAVE", "A");
        NS_TEST_EXPECT_MSG_EQ(la.Entered(1, PtpPortState::MASTER),
                              MilliSeconds(750),
                              "announce receipt timeout: 3 x 0.25 s");
        NS_TEST_EXPECT_MSG_EQ(la.Entered(1, PtpPortState::SLAVE),
                              lock.firstLocked,
                              "SLAVE with the first locked sample");
        NS_TEST_EXPECT_MSG_GT(la.Entered(1, PtpPortState::SLAVE),
                              la.Entered(1, PtpPortState::UNCALIBRATED),
                              "UNCALIBRATED first");
        NS_TEST_EXPECT_MSG_EQ(lb.Sequence(1), "LISTENING GRAND_MASTER", "B: M2");
        NS_TEST_EXPECT_MSG_EQ(b->IsGrandmaster(), true, "B is the grandmaster");
        NS_TEST_EXPECT_MSG_EQ(a->GetServo()->GetSyncInterval(),
                              MilliSeconds(250),
                              "A's servo runs at B's Sync interval");
        NS_TEST_EXPECT_MSG_EQ(b->GetServo()->GetSyncInterval(), MilliSeconds(250), "B's own");
        Simulator::Destroy();
    }
};

/**
 * GM - BC - OC on two links. The GM and the OC (priority1 200) start at 0 s and 0.05 s and
 * time out into MASTER; the BC starts at 2.1 s, hears the GM on port 1 first (SLAVE) and then
 * the OC on port 2: M3, PRE_MASTER for (1 + stepsRemoved 1) announce intervals, then MASTER.
 * The OC then follows the BC. The GM's time properties (TimeFlags, CurrentUtcOffset,
 * TimeSource) reach the OC through the BC, whose own are left aside.
 */
class PreMasterSequenceTestCase : public TestCase
{
  public:
    PreMasterSequenceTestCase()
        : TestCase("port states: a BC's M3 port is PRE_MASTER for 1 + stepsRemoved announce "
                   "intervals; the grandmaster's time properties pass the BC")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AddClock(nodes.Get(0), Time(0), 0.0);
        AddClock(nodes.Get(1), MicroSeconds(-200), -15.0);
        AddClock(nodes.Get(2), MicroSeconds(400), 25.0);
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
        ptp.SetClockAttribute("TimeFlags", UintegerValue(0x3D)); // all but leap59
        ptp.SetClockAttribute("CurrentUtcOffset", IntegerValue(36));
        ptp.SetClockAttribute("TimeSource", UintegerValue(0x20)); // GNSS
        Ptr<PtpClock> gm = ptp.Install(nodes.Get(0));
        ptp.SetClockAttribute("TimeFlags", UintegerValue(0x08));
        ptp.SetClockAttribute("CurrentUtcOffset", IntegerValue(37));
        ptp.SetClockAttribute("TimeSource", UintegerValue(0xA0));
        ptp.SetClockAttribute("Priority1", UintegerValue(128));
        Ptr<PtpClock> bc = ptp.InstallBoundary(nodes.Get(1));
        bc->SetStartTime(MilliSeconds(2100));
        ptp.SetClockAttribute("Priority1", UintegerValue(200));
        Ptr<PtpClock> oc = ptp.Install(nodes.Get(2));
        oc->SetStartTime(MilliSeconds(50));
        ptp.AssignStreams(nodes, 10);
        StateLog lbc;
        lbc.Watch(bc);
        StateLog loc;
        loc.Watch(oc);

        struct Heard
        {
            uint16_t flags{0};
            int16_t utcOffset{0};
            uint8_t timeSource{0};
            uint16_t steps{0};
            uint32_t n{0};
        } heard;

        oc->TraceConnectWithoutContext("Rx",
                                       MakeCallback(+[](Heard* h, uint16_t, const PtpMessage& m) {
                                           if (m.header.messageType == PtpMessageType::ANNOUNCE &&
                                               m.announce.stepsRemoved)
                                           {
                                               h->flags = m.header.flags & 0xFF;
                                               h->utcOffset = m.announce.currentUtcOffset;
                                               h->timeSource = m.announce.timeSource;
                                               h->steps = m.announce.stepsRemoved;
                                               ++h->n;
                                           }
                                       }).Bind(&heard));
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        const Time pre = lbc.Entered(2, PtpPortState::PRE_MASTER);
        const Time master = lbc.Entered(2, PtpPortState::MASTER);
        std::cout << "[ptp] BC port 1: " << lbc.Sequence(1) << "; port 2: " << lbc.Sequence(2)
                  << " (PRE_MASTER at " << pre.As(Time::S) << ", MASTER at " << master.As(Time::S)
                  << "); OC: " << loc.Sequence(1) << "; the OC heard flags 0x" << std::hex
                  << heard.flags << std::dec << ", UTC offset " << heard.utcOffset
                  << ", timeSource 0x" << std::hex << int{heard.timeSource} << std::dec << " in "
                  << heard.n << " Announce" << std::endl;
        NS_TEST_EXPECT_MSG_EQ(lbc.Sequence(1), "LISTENING UNCALIBRATED SLAVE", "BC port 1");
        NS_TEST_EXPECT_MSG_EQ(lbc.Sequence(2), "LISTENING PRE_MASTER MASTER", "BC port 2");
        NS_TEST_EXPECT_MSG_EQ(master - pre,
                              MilliSeconds(500),
                              "qualification: (1 + 1) announce intervals");
        NS_TEST_EXPECT_MSG_EQ(loc.Sequence(1),
                              "LISTENING MASTER UNCALIBRATED SLAVE",
                              "OC: MASTER alone, then the BC's slave");
        NS_TEST_EXPECT_MSG_GT(heard.n, 5u, "Announce from the BC");
        NS_TEST_EXPECT_MSG_EQ(heard.steps, 1u, "through the BC");
        NS_TEST_EXPECT_MSG_EQ(heard.flags, 0x3Du, "the grandmaster's flags");
        NS_TEST_EXPECT_MSG_EQ(heard.utcOffset, 36, "the grandmaster's currentUtcOffset");
        NS_TEST_EXPECT_MSG_EQ(int{heard.timeSource}, 0x20, "the grandmaster's timeSource");
        Simulator::Destroy();
    }
};

/**
 * E2E with multicast and with unicast delay requests: the master's Delay_Resp carries its
 * logMinDelayReqInterval (0.5 s) when multicast and 0x7F when unicast (ptp4l's
 * process_delay_req); the slave (2 s of its own) takes the multicast one (process_delay_resp).
 */
class DelayRespIntervalTestCase : public TestCase
{
  public:
    DelayRespIntervalTestCase()
        : TestCase("a unicast Delay_Resp carries logMessageInterval 0x7F, a multicast one "
                   "logMinDelayReqInterval, which the slave takes")
    {
    }

  private:
    void DoRun() override
    {
        for (bool unicast : {false, true})
        {
            NodeContainer nodes;
            nodes.Create(2);
            AddClock(nodes.Get(0), Time(0), 0.0);
            AddClock(nodes.Get(1), MicroSeconds(100), 10.0);
            Link(nodes, "1Gbps", MicroSeconds(2), Time(0));
            PtpHelper ptp;
            ptp.SetClockAttribute("Timestamping", StringValue("custom")); // the protocol only
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(500)));
            ptp.SetClockAttribute("UnicastDelayRequests", BooleanValue(unicast));
            ptp.SetClockAttribute("Role", StringValue("Master"));
            Ptr<PtpClock> gm = ptp.Install(nodes.Get(0));
            ptp.SetClockAttribute("Role", StringValue("Slave"));
            ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(Seconds(2)));
            Ptr<PtpClock> sl = ptp.Install(nodes.Get(1));
            ptp.AssignStreams(nodes, 10);
            std::map<int, uint32_t> intervals; // logMessageInterval -> Delay_Resp count
            gm->TraceConnectWithoutContext(
                "Tx",
                MakeCallback(+[](std::map<int, uint32_t>* seen, uint16_t, const PtpMessage& m) {
                    if (m.header.messageType == PtpMessageType::DELAY_RESP)
                    {
                        ++(*seen)[m.header.logMessageInterval];
                    }
                }).Bind(&intervals));
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            const int expected = unicast ? 0x7F : -1;
            std::cout << "[ptp] " << (unicast ? "unicast" : "multicast") << " Delay_Resp:";
            for (const auto& [log, n] : intervals)
            {
                std::cout << " " << n << " with logMessageInterval " << log;
            }
            const uint64_t requests = sl->GetSentCount(PtpMessageType::DELAY_REQ);
            std::cout << "; the slave (2 s) sent " << requests << " Delay_Req in 10 s" << std::endl;
            // ptp4l's process_delay_resp: a multicast response sets the slave's interval.
            if (unicast)
            {
                NS_TEST_EXPECT_MSG_LT(requests, 8u, "unicast: the slave's own 2 s");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(requests, 10u, "multicast: the master's 0.5 s");
            }
            NS_TEST_EXPECT_MSG_EQ(intervals.size(), 1u, "one interval");
            NS_TEST_EXPECT_MSG_GT(intervals[expected], 2u, "Delay_Resp sent");
            NS_TEST_EXPECT_MSG_GT(sl->GetSampleCount(), 5u, "the slave used them");
            Simulator::Destroy();
        }
    }
};

} // namespace

/** \ingroup chronometry-tests PTP as linuxptp behaves. */
class PtpLinuxptpTestSuite : public TestSuite
{
  public:
    PtpLinuxptpTestSuite()
        : TestSuite("chronometry-ptp-linuxptp", Type::UNIT)
    {
        AddTestCase(new PortFsmTableTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new GrandMasterSequenceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PreMasterSequenceTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DelayRespIntervalTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static PtpLinuxptpTestSuite g_ptpLinuxptpTestSuite;
