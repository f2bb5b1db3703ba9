/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The BMCA of IEEE 1588-2019 9.3: every branch of the data set comparison (Figures 34-35) as
// a table, checked in both orders; every branch of the state decision (Figure 33); and the
// state machine fed with timed Announce messages: foreign-master qualification (2 Announce
// within 4 intervals), failover when the grandmaster's Announce stops (announce receipt
// timeout), a better clock appearing, LISTENING -> MASTER, slaveOnly, a boundary clock's
// PASSIVE and MASTER ports, and the Announce messages that must be ignored.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ptp-bmca.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param gm grandmaster identity
 * \param steps stepsRemoved
 * \param sender sender clock identity
 * \param receiver receiver clock identity
 * \return a data set with default priorities and quality 6 / 0x21 / 0x4E5D
 */
BmcaDataSet
Ds(uint64_t gm, uint16_t steps = 0, uint64_t sender = 0, uint64_t receiver = 100)
{
    BmcaDataSet d;
    d.grandmasterIdentity = gm;
    d.priority1 = 128;
    d.clockQuality = {6, 0x21, 0x4E5D};
    d.priority2 = 128;
    d.stepsRemoved = steps;
    d.sender = {sender == 0 ? gm : sender, 1};
    d.receiver = {receiver, 1};
    return d;
}

/** \brief Every branch of the data set comparison. */
class ComparisonTableTestCase : public TestCase
{
  public:
    ComparisonTableTestCase()
        : TestCase("data set comparison: every branch of Figures 34-35, in both orders")
    {
    }

  private:
    void DoRun() override
    {
        struct Row
        {
            std::string what;
            BmcaDataSet a;
            BmcaDataSet b;
            BmcaComparison expected;
        };

        std::vector<Row> rows;
        auto with = [](BmcaDataSet d, auto f) {
            f(d);
            return d;
        };
        // Figure 34: different grandmasters, in order of precedence.
        const BmcaDataSet g1 = Ds(1);
        const BmcaDataSet g2 = Ds(2);
        rows.push_back({"priority1 lower",
                        with(g2, [](auto& d) { d.priority1 = 127; }),
                        g1,
                        BmcaComparison::A_BETTER});
        rows.push_back({"priority1 higher",
                        with(g1, [](auto& d) { d.priority1 = 129; }),
                        g2,
                        BmcaComparison::B_BETTER});
        rows.push_back({"priority1 before clockClass",
                        with(g2,
                             [](auto& d) {
                                 d.priority1 = 127;
                                 d.clockQuality.clockClass = 248;
                             }),
                        g1,
                        BmcaComparison::A_BETTER});
        rows.push_back({"clockClass lower",
                        with(g2, [](auto& d) { d.clockQuality.clockClass = 5; }),
                        g1,
                        BmcaComparison::A_BETTER});
        rows.push_back({"clockClass before accuracy",
                        with(g1,
                             [](auto& d) {
                                 d.clockQuality.clockClass = 7;
                                 d.clockQuality.clockAccuracy = 0x20;
                             }),
                        g2,
                        BmcaComparison::B_BETTER});
        rows.push_back({"clockAccuracy lower",
                        with(g2, [](auto& d) { d.clockQuality.clockAccuracy = 0x20; }),
                        g1,
                        BmcaComparison::A_BETTER});
        rows.push_back({"variance lower",
                        with(g2, [](auto& d) { d.clockQuality.offsetScaledLogVariance = 0x4000; }),
                        g1,
                        BmcaComparison::A_BETTER});
        rows.push_back({"variance before priority2",
                        with(g1,
                             [](auto& d) {
                                 d.clockQuality.offsetScaledLogVariance = 0x5000;
                                 d.priority2 = 0;
                             }),
                        g2,
                        BmcaComparison::B_BETTER});
        rows.push_back({"priority2 lower",
                        with(g2, [](auto& d) { d.priority2 = 127; }),
                        g1,
                        BmcaComparison::A_BETTER});
        rows.push_back({"identity tie-break", g1, g2, BmcaComparison::A_BETTER});
        rows.push_back({"priorities ignore stepsRemoved",
                        with(g1, [](auto& d) { d.stepsRemoved = 9; }),
                        g2,
                        BmcaComparison::A_BETTER});
        // Figure 35: the same grandmaster.
        rows.push_back({"steps A > B + 1", Ds(1, 3, 50), Ds(1, 1, 60), BmcaComparison::B_BETTER});
        rows.push_back({"steps A + 1 < B", Ds(1, 1, 50), Ds(1, 3, 60), BmcaComparison::A_BETTER});
        // A has one more step: receiver of A against sender of A.
        rows.push_back({"A = B + 1, receiver(A) < sender(A)",
                        Ds(1, 2, 50, 40),
                        Ds(1, 1, 60),
                        BmcaComparison::B_BETTER});
        rows.push_back({"A = B + 1, receiver(A) > sender(A)",
                        Ds(1, 2, 50, 70),
                        Ds(1, 1, 60),
                        BmcaComparison::B_BETTER_BY_TOPOLOGY});
        rows.push_back({"A = B + 1, receiver(A) = sender(A)",
                        Ds(1, 2, 50, 50),
                        Ds(1, 1, 60),
                        BmcaComparison::ERROR_1});
        // B has one more step.
        rows.push_back({"B = A + 1, receiver(B) < sender(B)",
                        Ds(1, 1, 60),
                        Ds(1, 2, 50, 40),
                        BmcaComparison::A_BETTER});
        rows.push_back({"B = A + 1, receiver(B) > sender(B)",
                        Ds(1, 1, 60),
                        Ds(1, 2, 50, 70),
                        BmcaComparison::A_BETTER_BY_TOPOLOGY});
        rows.push_back({"B = A + 1, receiver(B) = sender(B)",
                        Ds(1, 1, 60),
                        Ds(1, 2, 50, 50),
                        BmcaComparison::ERROR_1});
        // Equal steps: the senders' port identities, then the receivers' port numbers.
        rows.push_back({"equal steps, sender(A) < sender(B)",
                        Ds(1, 1, 50),
                        Ds(1, 1, 60),
                        BmcaComparison::A_BETTER_BY_TOPOLOGY});
        rows.push_back({"equal steps, sender(A) > sender(B)",
                        Ds(1, 1, 60),
                        Ds(1, 1, 50),
                        BmcaComparison::B_BETTER_BY_TOPOLOGY});
        rows.push_back({"equal steps, same sender clock, lower sender port",
                        with(Ds(1, 1, 50), [](auto& d) { d.sender.portNumber = 1; }),
                        with(Ds(1, 1, 50), [](auto& d) { d.sender.portNumber = 2; }),
                        BmcaComparison::A_BETTER_BY_TOPOLOGY});
        rows.push_back({"same sender, receiver port A < B",
                        with(Ds(1, 1, 50), [](auto& d) { d.receiver.portNumber = 1; }),
                        with(Ds(1, 1, 50), [](auto& d) { d.receiver.portNumber = 2; }),
                        BmcaComparison::A_BETTER_BY_TOPOLOGY});
        rows.push_back({"same sender, receiver port A > B",
                        with(Ds(1, 1, 50), [](auto& d) { d.receiver.portNumber = 3; }),
                        with(Ds(1, 1, 50), [](auto& d) { d.receiver.portNumber = 2; }),
                        BmcaComparison::B_BETTER_BY_TOPOLOGY});
        rows.push_back({"same message twice", Ds(1, 1, 50), Ds(1, 1, 50), BmcaComparison::ERROR_2});
        for (const auto& r : rows)
        {
            NS_TEST_EXPECT_MSG_EQ(ToString(CompareDataSets(r.a, r.b)),
                                  ToString(r.expected),
                                  r.what);
            NS_TEST_EXPECT_MSG_EQ(ToString(CompareDataSets(r.b, r.a)),
                                  ToString(MirrorComparison(r.expected)),
                                  r.what << " (reversed)");
        }
        // D0 against an Announce of the clock's own grandmastership coming back: error-1
        // would need the same identity; a foreign path through the clock itself loses.
        PtpDefaultDataSet self;
        self.clockIdentity = 100;
        const BmcaDataSet d0 = BmcaDataSet::FromDefault(self);
        NS_TEST_EXPECT_MSG_EQ(d0.stepsRemoved, 0, "D0 has no steps");
        NS_TEST_EXPECT_MSG_EQ((d0.sender == d0.receiver), true, "D0 sender = receiver = self");
    }
};

/** \brief Every branch of the state decision. */
class StateDecisionTestCase : public TestCase
{
  public:
    StateDecisionTestCase()
        : TestCase("state decision: LISTENING, M1, M2, M3, P1, P2, S1 and slaveOnly (Figure 33)")
    {
    }

  private:
    void DoRun() override
    {
        PtpDefaultDataSet gmCapable; // class 6: a grandmaster-capable clock
        gmCapable.clockIdentity = 100;
        gmCapable.clockQuality = {6, 0x21, 0x4E5D};
        PtpDefaultDataSet ordinary; // class 248
        ordinary.clockIdentity = 100;
        const BmcaDataSet better = Ds(1);             // class 6, identity 1: better than either
        const BmcaDataSet worse = with(Ds(200), 255); // class 255 below
        auto check = [this](BmcaPortDecision d, PtpPortState s, BmcaDecision c, std::string what) {
            NS_TEST_EXPECT_MSG_EQ(ToString(d.state), ToString(s), what);
            NS_TEST_EXPECT_MSG_EQ(ToString(d.code), ToString(c), what);
        };
        check(DecideState(ordinary, std::nullopt, std::nullopt, false, PtpPortState::LISTENING),
              PtpPortState::LISTENING,
              BmcaDecision::NONE,
              "no Erbest while LISTENING");
        check(DecideState(gmCapable, better, worse, false, PtpPortState::MASTER),
              PtpPortState::MASTER,
              BmcaDecision::M1,
              "class 6, D0 better than Erbest");
        check(DecideState(gmCapable, better, better, true, PtpPortState::MASTER),
              PtpPortState::PASSIVE,
              BmcaDecision::P1,
              "class 6, Erbest better");
        check(DecideState(ordinary, std::nullopt, std::nullopt, false, PtpPortState::SLAVE),
              PtpPortState::MASTER,
              BmcaDecision::M2,
              "class 248 alone");
        check(DecideState(ordinary, worse, worse, true, PtpPortState::SLAVE),
              PtpPortState::MASTER,
              BmcaDecision::M2,
              "D0 better than Ebest");
        check(DecideState(ordinary, better, better, true, PtpPortState::LISTENING),
              PtpPortState::SLAVE,
              BmcaDecision::S1,
              "Ebest on this port");
        // Ebest (received on another port) and this port's Erbest have the same grandmaster;
        // Erbest came one step further through a relay. A relay with a lower identity than
        // ours (50 < 100) serves this segment: PASSIVE; a higher one (150): we do, MASTER.
        const BmcaDataSet ebest = Ds(1, 0, 1, 100);
        check(DecideState(ordinary, ebest, Ds(1, 1, 50, 100), false, PtpPortState::MASTER),
              PtpPortState::PASSIVE,
              BmcaDecision::P2,
              "Ebest better by topology");
        check(DecideState(ordinary, ebest, Ds(1, 1, 150, 100), false, PtpPortState::MASTER),
              PtpPortState::MASTER,
              BmcaDecision::M3,
              "Ebest simply better");
        check(DecideState(ordinary, ebest, std::nullopt, false, PtpPortState::MASTER),
              PtpPortState::MASTER,
              BmcaDecision::M3,
              "nothing heard on this port");
        PtpDefaultDataSet slaveOnly = ordinary;
        slaveOnly.slaveOnly = true;
        check(DecideState(slaveOnly, std::nullopt, std::nullopt, false, PtpPortState::SLAVE),
              PtpPortState::LISTENING,
              BmcaDecision::NONE,
              "slaveOnly never MASTER");
        check(DecideState(slaveOnly, better, better, true, PtpPortState::LISTENING),
              PtpPortState::SLAVE,
              BmcaDecision::S1,
              "slaveOnly follows");
    }

    /**
     * \param d a data set
     * \param clockClass a class
     * \return d with that class
     */
    static BmcaDataSet with(BmcaDataSet d, uint8_t clockClass)
    {
        d.clockQuality.clockClass = clockClass;
        return d;
    }
};

/**
 * \param gm the grandmaster (and sender) identity
 * \param priority1 its priority1
 * \param clockClass its class
 * \param steps stepsRemoved
 * \param sender sender identity (0: the grandmaster)
 * \return an Announce
 */
PtpMessage
Announce(uint64_t gm,
         uint8_t priority1,
         uint8_t clockClass,
         uint16_t steps = 0,
         uint64_t sender = 0)
{
    PtpMessage m = PtpMessage::Create(PtpMessageType::ANNOUNCE);
    m.header.sourcePortIdentity = {sender == 0 ? gm : sender, 1};
    m.announce.grandmasterIdentity = gm;
    m.announce.grandmasterPriority1 = priority1;
    m.announce.grandmasterClockQuality = {clockClass, 0x21, 0x4E5D};
    m.announce.stepsRemoved = steps;
    return m;
}

/**
 * \brief Each Announce counts towards its sender's qualification for 4 intervals of its own
 * logMessageInterval, as linuxptp's msg_current, not 4 of the receiver's interval.
 */
class QualificationWindowTestCase : public TestCase
{
  public:
    QualificationWindowTestCase()
        : TestCase("foreign master qualification: 4 intervals of the Announce's own "
                   "logMessageInterval (linuxptp's msg_current)")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(PtpBmca::QualificationWindow(-2), Seconds(1), "4 x 0.25 s");
        NS_TEST_EXPECT_MSG_EQ(PtpBmca::QualificationWindow(1), Seconds(8), "4 x 2 s");
        NS_TEST_EXPECT_MSG_EQ(PtpBmca::QualificationWindow(-31), Time(0), "none");
        NS_TEST_EXPECT_MSG_EQ(PtpBmca::QualificationWindow(31), Time::Max(), "forever");
        // The receiver announces every 2 s (window 8 s); the foreign master every 0.25 s.
        PtpBmca::Config c;
        c.defaultDs.clockIdentity = 100;
        for (double gap : {0.9, 1.0})
        {
            PtpBmca bmca(c, Seconds(0));
            PtpMessage fast = Announce(1, 128, 6);
            fast.header.logMessageInterval = -2;
            bmca.ReceiveAnnounce(Seconds(0.5), 1, fast);
            bmca.ReceiveAnnounce(Seconds(0.5 + gap), 1, fast);
            // 0.9 s apart: both within 1 s, qualified; 1.0 s: the first has expired.
            NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetPortState(1)),
                                  std::string(gap < 1 ? "SLAVE" : "LISTENING"),
                                  "two Announce " << gap << " s apart");
        }
        // The same two Announce with the receiver's own interval (log 1): 8 s window.
        PtpBmca slow(c, Seconds(0));
        PtpMessage own = Announce(1, 128, 6);
        slow.ReceiveAnnounce(Seconds(0.5), 1, own);
        slow.ReceiveAnnounce(Seconds(3.5), 1, own);
        NS_TEST_EXPECT_MSG_EQ(ToString(slow.GetPortState(1)), "SLAVE", "3 s apart at log 1");
        NS_TEST_EXPECT_MSG_EQ(slow.GetReceiptTimeoutCount(1), 0u, "no timeout yet");
        // Silent: forgotten after 3 x 2 s, an announce receipt timeout of the SLAVE port.
        slow.Advance(Seconds(9.5));
        NS_TEST_EXPECT_MSG_EQ(ToString(slow.GetPortState(1)), "MASTER", "alone");
        NS_TEST_EXPECT_MSG_EQ(slow.GetReceiptTimeoutCount(1), 1u, "the parent timed out");
    }
};

/** \brief An ordinary clock follows, fails over and switches to a better clock. */
class FailoverTestCase : public TestCase
{
  public:
    FailoverTestCase()
        : TestCase("ordinary clock: qualification, failover when the grandmaster stops, a "
                   "better clock appearing, LISTENING -> MASTER, ignored Announce messages")
    {
    }

  private:
    void DoRun() override
    {
        PtpBmca::Config c;
        c.defaultDs.clockIdentity = 100;
        PtpBmca bmca(c, Seconds(0));
        const PtpMessage g1 = Announce(1, 128, 6);
        const PtpMessage g2 = Announce(2, 128, 7);
        const PtpMessage g0 = Announce(3, 100, 248);
        // G1 at 0.5, 2.5, ..., 20.5 s; G2 at 1, 3, ..., 59 s (announce interval 2 s).
        bmca.ReceiveAnnounce(Seconds(0.5), 1, g1);
        NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetPortState(1)), "LISTENING", "one Announce");
        NS_TEST_EXPECT_MSG_EQ(bmca.GetForeignMasterCount(1), 1u, "recorded");
        bmca.ReceiveAnnounce(Seconds(1), 1, g2);
        bmca.ReceiveAnnounce(Seconds(2.5), 1, g1);
        NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetPortState(1)), "SLAVE", "two Announce: qualified");
        NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetDecision(1)), "S1", "S1");
        NS_TEST_EXPECT_MSG_EQ(bmca.GetParent()->clockIdentity, 1u, "parent G1");
        double t = 3;
        for (; t < 60; t += 2)
        {
            bmca.ReceiveAnnounce(Seconds(t), 1, g2);
            if (t + 1.5 <= 20.5)
            {
                bmca.ReceiveAnnounce(Seconds(t + 1.5), 1, g1);
            }
            if (t == 25)
            {
                // G1's last Announce was at 20.5 s: it is forgotten 3 intervals later.
                NS_TEST_EXPECT_MSG_EQ(bmca.GetNextEventTime(), Seconds(26.5), "timeout due");
                bmca.Advance(Seconds(26.4));
                NS_TEST_EXPECT_MSG_EQ(bmca.GetGrandmasterIdentity(), 1u, "G1 until 26.5 s");
                bmca.Advance(Seconds(26.5));
                NS_TEST_EXPECT_MSG_EQ(bmca.GetGrandmasterIdentity(), 2u, "failover to G2");
                NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetPortState(1)), "SLAVE", "still SLAVE");
            }
            if (t == 41 || t == 43)
            {
                bmca.ReceiveAnnounce(Seconds(t + 0.2), 1, g0);
                NS_TEST_EXPECT_MSG_EQ(bmca.GetGrandmasterIdentity(),
                                      (t == 41 ? 2u : 3u),
                                      "a better clock counts from its second Announce");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(bmca.GetGrandmasterIdentity(), 2u, "G0 stopped at 43.2 s");
        // Everything stops: the port becomes MASTER (M2) once the last record times out.
        bmca.Advance(Seconds(200));
        NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetPortState(1)), "MASTER", "alone");
        NS_TEST_EXPECT_MSG_EQ(ToString(bmca.GetDecision(1)), "M2", "M2");
        NS_TEST_EXPECT_MSG_EQ(bmca.GetForeignMasterCount(1), 0u, "all forgotten");
        NS_TEST_EXPECT_MSG_EQ(bmca.GetParent().has_value(), false, "no parent");
        NS_TEST_EXPECT_MSG_EQ(bmca.GetGrandmasterIdentity(), 100u, "its own grandmaster");

        // LISTENING -> MASTER after announceReceiptTimeout intervals of silence.
        PtpBmca alone(c, Seconds(10));
        NS_TEST_EXPECT_MSG_EQ(alone.GetNextEventTime(), Seconds(16), "timeout at 10 + 3 x 2 s");
        alone.Advance(Seconds(15.9));
        NS_TEST_EXPECT_MSG_EQ(ToString(alone.GetPortState(1)), "LISTENING", "before");
        alone.Advance(Seconds(16));
        NS_TEST_EXPECT_MSG_EQ(ToString(alone.GetPortState(1)), "MASTER", "after");
        // slaveOnly: never MASTER.
        PtpBmca::Config so = c;
        so.defaultDs.slaveOnly = true;
        PtpBmca follower(so, Seconds(0));
        follower.Advance(Seconds(100));
        NS_TEST_EXPECT_MSG_EQ(ToString(follower.GetPortState(1)), "LISTENING", "slaveOnly");
        // Ignored: its own Announce, stepsRemoved 255, a message of another type.
        PtpBmca deaf(c, Seconds(0));
        PtpMessage sync = PtpMessage::Create(PtpMessageType::SYNC);
        sync.header.sourcePortIdentity = {7, 1};
        for (double s : {0.0, 1.0, 2.0})
        {
            deaf.ReceiveAnnounce(Seconds(s), 1, Announce(100, 1, 6));
            deaf.ReceiveAnnounce(Seconds(s), 1, Announce(5, 1, 6, 255));
            deaf.ReceiveAnnounce(Seconds(s), 1, sync);
        }
        NS_TEST_EXPECT_MSG_EQ(deaf.GetForeignMasterCount(1), 0u, "nothing recorded");
        NS_TEST_EXPECT_MSG_EQ(ToString(deaf.GetPortState(1)), "LISTENING", "nothing heard");
        // Configuration errors name the parameter.
        chronometry::ScopedThrowOnConfigError throwing;
        PtpBmca::Config bad = c;
        bad.ports = 0;
        bool refused = false;
        try
        {
            PtpBmca b(bad, Seconds(0));
        }
        catch (const chronometry::ConfigError& e)
        {
            refused = std::string(e.what()).find("ports") != std::string::npos;
        }
        NS_TEST_EXPECT_MSG_EQ(refused, true, "ports = 0 refused by name");
    }
};

/** \brief A boundary clock: one SLAVE port, the others MASTER or PASSIVE. */
class BoundaryClockTestCase : public TestCase
{
  public:
    BoundaryClockTestCase()
        : TestCase("boundary clock: SLAVE towards the grandmaster, MASTER (M3) or PASSIVE (P2) "
                   "on the other ports")
    {
    }

  private:
    void DoRun() override
    {
        for (uint64_t other : {150u, 50u})
        {
            PtpBmca::Config c;
            c.defaultDs.clockIdentity = 100;
            c.ports = 3;
            PtpBmca bc(c, Seconds(0));
            for (double t : {0.0, 2.0, 4.0})
            {
                // Port 1 hears the grandmaster 1 itself; port 2 hears clock `other` relaying
                // it one step further; port 3 hears a worse grandmaster.
                bc.ReceiveAnnounce(Seconds(t), 1, Announce(1, 128, 6));
                bc.ReceiveAnnounce(Seconds(t + 0.1), 2, Announce(1, 128, 6, 1, other));
                bc.ReceiveAnnounce(Seconds(t + 0.2), 3, Announce(9, 128, 248));
            }
            NS_TEST_EXPECT_MSG_EQ(ToString(bc.GetPortState(1)), "SLAVE", "towards the grandmaster");
            NS_TEST_EXPECT_MSG_EQ(bc.GetSlavePort(), 1, "slave port");
            // Port 2: Ebest (steps 0) against Erbest (steps 1 through `other`): if our
            // identity (100) is above the relay's, the relay is the better path for that
            // segment and port 2 goes PASSIVE; otherwise we serve it: MASTER.
            const bool passive = other < 100;
            NS_TEST_EXPECT_MSG_EQ(ToString(bc.GetPortState(2)),
                                  (passive ? "PASSIVE" : "MASTER"),
                                  "relay " << other);
            NS_TEST_EXPECT_MSG_EQ(ToString(bc.GetDecision(2)), (passive ? "P2" : "M3"), "code");
            NS_TEST_EXPECT_MSG_EQ(ToString(bc.GetPortState(3)), "MASTER", "worse clock below");
            NS_TEST_EXPECT_MSG_EQ(ToString(bc.GetDecision(3)), "M3", "M3");
            NS_TEST_EXPECT_MSG_EQ(bc.GetEbest()->grandmasterIdentity, 1u, "Ebest");
            NS_TEST_EXPECT_MSG_EQ(bc.GetErbest(3)->grandmasterIdentity, 9u, "Erbest of port 3");
        }
    }
};

/** \brief The suite. */
class PtpBmcaTestSuite : public TestSuite
{
  public:
    PtpBmcaTestSuite()
        : TestSuite("chronometry-ptp-bmca", Type::UNIT)
    {
        AddTestCase(new ComparisonTableTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StateDecisionTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FailoverTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new QualificationWindowTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BoundaryClockTestCase, chronometry::TestDuration::QUICK);
    }
};

PtpBmcaTestSuite g_ptpBmcaTestSuite; //!< instance

} // namespace
