/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NtpClient against RFC 5905's text, one item each (issue 41): the loop test (a server
// synchronized to the client is rejected), a RATE kiss lengthens that association's poll
// interval (a kiss that answers no request of ours does not), replies with invalid header
// values never enter the clock filter, the discipline core measures mu from the sample time
// p.t it is given (the client does not pass it yet), and a stepped client serves stratum 16 /
// LI 3 until its next update. The server is scripted: a UDP socket on 10.1.1.2:123 that answers
// each request with a reply (or a kiss) the test shapes.
#include "ntp-scripted-world.h"

#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::ptptest;
using namespace ns3::ntpscript;

namespace
{

/** RFC 5905 A.5.5.3: a server synchronized to this client is no candidate. */
class LoopTestCase : public TestCase
{
  public:
    LoopTestCase()
        : TestCase("loop test: a server whose Reference ID is the client's address is rejected")
    {
    }

  private:
    void DoRun() override
    {
        for (const bool loop : {false, true})
        {
            World w;
            // A stratum-2 server that is the client's own client: its refid is our address.
            w.server.refid = loop ? CLIENT.Get() : Ipv4Address("10.9.9.9").Get();
            w.Run(Seconds(1500)); // past the stepout interval (900 s) of state FREQ
            const std::string what = loop ? "synchronized to the client" : "another upstream";
            NS_TEST_EXPECT_MSG_GT(w.client->GetReach(0), 0, what << ": replies filtered");
            NS_TEST_EXPECT_MSG_EQ(w.client->GetFilter(0).HasSelection(), true, what);
            NS_TEST_EXPECT_MSG_EQ(w.client->IsSynchronized(), !loop, what);
            NS_TEST_EXPECT_MSG_EQ(w.updates.empty(), loop, what << ": updates");
        }
        // The Appendix's other half: a server synchronized to our system peer (p.refid ==
        // s.refid); a stratum-1 Reference ID (a clock's code) is never taken as an address.
        Ptr<NtpMitigation> m = CreateObject<NtpMitigation>();
        NtpCandidate c;
        c.stratum = 2;
        c.leap = NtpLeap::NO_WARNING;
        c.rootDelay = MilliSeconds(1);
        c.referenceId = 0x0A000007;
        NS_TEST_EXPECT_MSG_EQ(ToString(m->Accept(c, Time(0), Seconds(64), 0, 0x0A000007)),
                              "loop",
                              "synchronized to our system peer");
        NS_TEST_EXPECT_MSG_EQ(ToString(m->Accept(c, Time(0), Seconds(64), 0, 0x0A000008)),
                              "ok",
                              "another system peer");
        c.dstAddress = 0x0A000007;
        NS_TEST_EXPECT_MSG_EQ(ToString(m->Accept(c, Time(0), Seconds(64))),
                              "loop",
                              "p.refid == p.dstaddr");
        c.stratum = 1;
        NS_TEST_EXPECT_MSG_EQ(ToString(m->Accept(c, Time(0), Seconds(64), 0, 0x0A000007)),
                              "ok",
                              "stratum 1: the refid is no address");
    }
};

/** RFC 5905 7.4: a RATE kiss that answers our request lengthens the poll interval. */
class RateKissTestCase : public TestCase
{
  public:
    RateKissTestCase()
        : TestCase("KoD RATE doubles the association's poll interval; a foreign kiss does not")
    {
    }

  private:
    void DoRun() override
    {
        for (const bool answers : {true, false})
        {
            World w;
            // Request 5 gets a RATE kiss (with the request's or another Origin Timestamp).
            w.server.shape = [answers](NtpMessage& r, uint32_t k) {
                if (k == 5)
                {
                    r.stratum = 0;
                    r.referenceId = NtpMessage::MakeReferenceId("RATE");
                    r.originTimestamp =
                        NtpTimestamp::FromRaw(r.originTimestamp.ToRaw() + (answers ? 0 : 1));
                }
                return true;
            };
            Time before;
            Simulator::Schedule(Seconds(60),
                                [&w, &before]() { before = w.client->GetPollInterval(0); });
            w.Run(Seconds(600));
            const std::string what = answers ? "the kiss answers our request" : "a foreign kiss";
            NS_TEST_EXPECT_MSG_EQ(before, Seconds(16), "poll 2^4 before the kiss");
            NS_TEST_EXPECT_MSG_EQ(w.client->GetDropCount(NtpDropReason::KISS_OF_DEATH),
                                  1,
                                  what << ": counted");
            NS_TEST_EXPECT_MSG_EQ(w.client->GetPollInterval(0),
                                  (answers ? Seconds(32) : Seconds(16)),
                                  what);
            const std::vector<Time>& q = w.server.requests;
            NS_TEST_ASSERT_MSG_GT(q.size(), 8, "requests");
            NS_TEST_EXPECT_MSG_EQ(q[5] - q[4], Seconds(16), "before the kiss");
            // The kiss arrives 2 ms after request 5 left; the next request waits 32 s from it.
            const Time gap = q[6] - q[5];
            NS_TEST_EXPECT_MSG_EQ((gap >= Seconds(32)), answers, what << ": gap " << gap);
            NS_TEST_EXPECT_MSG_EQ(q.back() - q[q.size() - 2],
                                  (answers ? Seconds(32) : Seconds(16)),
                                  what << ": from then on");
        }
    }
};

/**
 * \param n a count to increment (the Sample trace)
 */
void
CountSample(uint64_t* n, Ipv4Address, Time, Time)
{
    ++*n;
}

/** RFC 5905 8 (A.5.1.1 packet()): invalid header values never reach the clock filter. */
class HeaderCheckTestCase : public TestCase
{
  public:
    HeaderCheckTestCase()
        : TestCase("replies with half the root delay plus the root dispersion at least MAXDISP or "
                   "a reference time "
                   "after the transmit time never enter the filter")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            const char* name; //!< what is wrong
            Time rootDelay;   //!< root delay
            Time rootDisp;    //!< root dispersion
            Time reference;   //!< reference time minus transmit time
            bool dropped;     //!< an invalid header
        };

        const std::vector<Case> cases{
            {"root dispersion 16 s", MilliSeconds(1), Seconds(16), Time(0), true},
            {"root delay 32 s", Seconds(32), Time(0), Time(0), true},
            {"10 s / 2 + 11 s", Seconds(10), Seconds(11), Time(0), true},
            {"reference 1 ms after transmit",
             MilliSeconds(1),
             MilliSeconds(1),
             MilliSeconds(1),
             true},
            {"15.9 s (rejected later, by distance)", Seconds(1), Seconds(15.4), Time(0), false},
            {"reference 1 ms before transmit",
             MilliSeconds(1),
             MilliSeconds(1),
             MilliSeconds(-1),
             false},
        };
        for (const Case& c : cases)
        {
            World w;
            w.server.shape = [&c](NtpMessage& r, uint32_t) {
                r.rootDelay = NtpShort::FromTime(c.rootDelay);
                r.rootDispersion = NtpShort::FromTime(c.rootDisp);
                r.referenceTimestamp =
                    NtpTimestamp::FromTime(r.transmitTimestamp.ToTime() + c.reference);
                return true;
            };
            uint64_t samples = 0;
            w.client->TraceConnectWithoutContext("Sample",
                                                 MakeBoundCallback(&CountSample, &samples));
            w.Run(Seconds(300));
            const uint64_t replies = w.server.requests.size(); // none in flight at 300 s
            const uint64_t invalid = w.client->GetDropCount(NtpDropReason::INVALID_HEADER);
            NS_TEST_ASSERT_MSG_GT(replies, 10, c.name);
            NS_TEST_EXPECT_MSG_EQ(invalid, (c.dropped ? replies : 0), c.name << ": dropped");
            NS_TEST_EXPECT_MSG_EQ(samples, (c.dropped ? 0 : replies), c.name << ": samples");
            NS_TEST_EXPECT_MSG_EQ(w.client->GetFilter(0).HasSelection(), !c.dropped, c.name);
            NS_TEST_EXPECT_MSG_EQ((w.client->GetReach(0) != 0), !c.dropped, c.name << ": reach");
        }
    }
};

/** RFC 5905 A.5.5.6: mu = p.t - s.t, the system peer's sample time, not the update's. */
class MuTestCase : public TestCase
{
  public:
    MuTestCase()
        : TestCase("the discipline core measures mu from the sample time p.t it is given")
    {
    }

  private:
    void DoRun() override
    {
        // The core: FREQ measures the frequency over p.t - s.t (1005 s), not now - now (1000 s).
        Ptr<NtpClockDiscipline> d = CreateObject<NtpClockDiscipline>();
        d->Update(Time(0), Seconds(10), Time(0)); // NSET -> FREQ, s.t = 0
        NS_TEST_EXPECT_MSG_EQ(d->GetUpdateTime(), Time(0), "s.t = p.t");
        d->Update(MilliSeconds(1), Seconds(1010), Seconds(1005));
        NS_TEST_EXPECT_MSG_EQ(d->GetUpdateTime(), Seconds(1005), "s.t = p.t");
        NS_TEST_EXPECT_MSG_EQ_TOL(d->GetFrequency(), 1e-3 / 1005, 1e-15, "1 ms over 1005 s");

        // NtpClient does not pass p.t yet: with it, the WAN case of chronometry-ntp-network
        // ends 1.9 ppm off (its unbiased FREQ estimate plus the PLL's overshoot on the FREQ
        // residual), where mu from now underestimated the frequency by as much (issue 41).
    }
};

/** RFC 5905 A.5.5.6 clock_update(): after a step, stratum MAXSTRAT and LI 3 until updated. */
class StepTestCase : public TestCase
{
  public:
    StepTestCase()
        : TestCase("after a step the client serves stratum 16 (0 on the wire) and LI 3 until "
                   "its next update")
    {
    }

  private:
    void DoRun() override
    {
        World w;
        // The server's clock jumps 1 s at 2000 s: the client (in SYNC) waits out the stepout
        // (900 s) and steps. The server asks the client for its time before, 10 ms after the
        // step, and 10 ms after the first update that follows it.
        Simulator::Schedule(Seconds(2000), [&w]() { w.server.offset = Seconds(1); });
        Simulator::Schedule(Seconds(1900), [&w]() { w.server.Ask(); });
        Time stepAt = Time::Max();
        uint8_t stratumAfterStep = 0;
        bool askedAfterUpdate = false;

        struct Watch
        {
            World* w;
            Time* stepAt;
            uint8_t* stratum;
            bool* asked;

            void Update(const NtpClientUpdate& u)
            {
                if (u.code == NtpClockReturn::STEP && *stepAt == Time::Max())
                {
                    *stepAt = Simulator::Now();
                    *stratum = w->client->GetSystemVariables().stratum;
                    Simulator::Schedule(MilliSeconds(10), &ScriptedServer::Ask, &w->server);
                }
                else if (u.code == NtpClockReturn::SLEW && *stepAt != Time::Max() && !*asked)
                {
                    *asked = true;
                    Simulator::Schedule(MilliSeconds(10), &ScriptedServer::Ask, &w->server);
                }
            }
        } watch{&w, &stepAt, &stratumAfterStep, &askedAfterUpdate};

        w.client->TraceConnectWithoutContext("Update", MakeCallback(&Watch::Update, &watch));
        w.Run(Seconds(4000));
        NS_TEST_ASSERT_MSG_LT(stepAt, Seconds(4000), "the client stepped");
        NS_TEST_ASSERT_MSG_EQ(askedAfterUpdate, true, "an update followed");
        NS_TEST_EXPECT_MSG_EQ(int(stratumAfterStep), int(ntp::MAXSTRAT), "s.stratum after step");
        NS_TEST_ASSERT_MSG_EQ(w.server.answers.size(), 3, "three answers");
        const NtpMessage& before = w.server.answers[0];
        const NtpMessage& after = w.server.answers[1];
        const NtpMessage& updated = w.server.answers[2];
        NS_TEST_EXPECT_MSG_EQ(int(before.stratum), 3, "synchronized: stratum 3");
        NS_TEST_EXPECT_MSG_EQ((before.leap == NtpLeap::NO_WARNING), true, "synchronized: LI 0");
        NS_TEST_EXPECT_MSG_EQ(int(after.stratum), 0, "after the step: stratum 16 sent as 0");
        NS_TEST_EXPECT_MSG_EQ((after.leap == NtpLeap::NOT_SYNC), true, "after the step: LI 3");
        NS_TEST_EXPECT_MSG_EQ(after.GetKissCode(), "STEP", "after the step: refid STEP");
        NS_TEST_EXPECT_MSG_EQ(int(updated.stratum), 3, "updated again: stratum 3");
        NS_TEST_EXPECT_MSG_EQ((updated.leap == NtpLeap::NO_WARNING), true, "updated: LI 0");
    }
};

/** \ingroup chronometry-tests NtpClient against RFC 5905, item by item (issue 41). */
class NtpRfcTestSuite : public TestSuite
{
  public:
    NtpRfcTestSuite()
        : TestSuite("chronometry-ntp-rfc", Type::UNIT)
    {
        AddTestCase(new LoopTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RateKissTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new HeaderCheckTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MuTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StepTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
NtpRfcTestSuite g_ntpRfcTestSuite;

} // namespace
