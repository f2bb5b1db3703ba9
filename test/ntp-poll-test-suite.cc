/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// NtpClient's poll process against RFC 5905 section 13 and Appendix A.5.7 (issue 41): iburst
// reaches a first update within seconds where a plain start needs several poll intervals; an
// unreachable server's poll interval backs off after UNREACH polls and returns to the system
// poll when it answers again; dummies enter the filter exactly when reach & 7 == 0 (reach
// register and filter contents checked poll by poll over a scripted sequence); the interval
// is 2^min(ppoll, hpoll); Burst sends 8 requests 2 s apart at every poll of a fit server.
#include "ntp-scripted-world.h"

#include "ns3/test.h"

#include <iostream>
#include <string>

using namespace ns3;
using namespace ns3::ntpscript;

namespace
{

/**
 * \param q request arrivals
 * \return the gaps between them
 */
std::vector<Time>
Gaps(const std::vector<Time>& q)
{
    std::vector<Time> g;
    for (std::size_t k = 1; k < q.size(); ++k)
    {
        g.push_back(q[k] - q[k - 1]);
    }
    return g;
}

/** RFC 5905 13: iburst's burst at the first poll of an unreachable server. */
class IburstTestCase : public TestCase
{
  public:
    IburstTestCase()
        : TestCase("Iburst: 8 requests 2 s apart and a first update within 20 s; without it "
                   "the first update needs several 64 s poll intervals")
    {
    }

  private:
    void DoRun() override
    {
        Time first[2];
        for (const bool iburst : {false, true})
        {
            World w(6, MilliSeconds(20), 6, [iburst](NtpHelper& h) {
                h.SetClientAttribute("Iburst", BooleanValue(iburst));
            });
            w.Run(Seconds(600));
            const std::string what = iburst ? "iburst" : "plain";
            NS_TEST_ASSERT_MSG_EQ(w.updateTimes.empty(), false, what << ": updated");
            first[iburst] = w.updateTimes.front();
            const std::vector<Time> g = Gaps(w.server.requests);
            NS_TEST_ASSERT_MSG_GT(g.size(), 8u, what);
            const uint32_t burst = iburst ? 7 : 0;
            for (uint32_t k = 0; k < burst; ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(g[k], Seconds(2), what << ": burst gap " << k);
            }
            // The poll after the burst comes a poll interval after the burst's first request
            // (A.5.7.2: from the last poll outside a burst); then one request per interval.
            NS_TEST_EXPECT_MSG_EQ(w.server.requests[burst + 1] - w.server.requests[0],
                                  Seconds(64),
                                  what);
            for (std::size_t k = burst + 1; k < g.size(); ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(g[k], Seconds(64), what << ": gap " << k);
            }
        }
        std::cout << "[ntp-poll] first update: plain " << first[0].GetSeconds() << " s, iburst "
                  << first[1].GetSeconds() << " s" << std::endl;
        NS_TEST_EXPECT_MSG_LT(first[1], Seconds(20), "iburst: within seconds");
        NS_TEST_EXPECT_MSG_GT(first[0], Seconds(3 * 64), "plain: several poll intervals");
    }
};

/** RFC 5905 13: the unreachable back-off, and its end when the server answers again. */
class BackoffTestCase : public TestCase
{
  public:
    BackoffTestCase()
        : TestCase("an unreachable server: 24 polls at MinPoll, then the interval doubles per "
                   "poll up to MaxPoll; back to the system poll once it answers")
    {
    }

  private:
    void DoRun() override
    {
        World w(4, MilliSeconds(20), 8);
        w.server.shape = [](NtpMessage&, uint32_t) { return Simulator::Now() > Seconds(1200); };
        Time silent;
        Simulator::Schedule(Seconds(1190),
                            [&w, &silent]() { silent = w.client->GetPollInterval(0); });
        w.Run(Seconds(2000));
        const std::vector<Time> g = Gaps(w.server.requests);
        NS_TEST_ASSERT_MSG_GT(g.size(), 32u, "requests");
        for (uint32_t k = 0; k < 24; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(g[k], Seconds(16), "gap " << k << " (unreach counting)");
        }
        NS_TEST_EXPECT_MSG_EQ(g[24], Seconds(32), "the 25th unreachable poll doubles");
        NS_TEST_EXPECT_MSG_EQ(g[25], Seconds(64), "and the next");
        NS_TEST_EXPECT_MSG_EQ(g[26], Seconds(128), "and the next");
        NS_TEST_EXPECT_MSG_EQ(g[27], Seconds(256), "MaxPoll 8");
        NS_TEST_EXPECT_MSG_EQ(g[28], Seconds(256), "not beyond MaxPoll");
        NS_TEST_EXPECT_MSG_EQ(silent, Seconds(256), "GetPollInterval while unreachable");
        NS_TEST_EXPECT_MSG_EQ(g.back(), Seconds(16), "reachable again: the system poll");
        NS_TEST_EXPECT_MSG_EQ(w.client->GetPollInterval(0), Seconds(16), "at the end");
        NS_TEST_EXPECT_MSG_EQ(w.updates.empty(), false, "synchronized once it answers");
    }
};

/** RFC 5905 A.5.7.1: a dummy enters the filter at a poll exactly when reach & 7 == 0. */
class DummyRuleTestCase : public TestCase
{
  public:
    DummyRuleTestCase()
        : TestCase("dummies enter the clock filter exactly at the polls where the shifted reach "
                   "register has its three low bits zero")
    {
    }

  private:
    void DoRun() override
    {
        // 1: request k is answered; 0: not.
        const std::string script = "11111000110001111000000000110100011111";
        World w(4, MilliSeconds(1));
        std::vector<uint8_t> reach;
        std::vector<bool> dummy;
        std::vector<uint32_t> valid;
        Ptr<NtpClient> client = w.client;
        // Called when request k reaches the server: after the client's poll k, before reply k.
        w.server.shape = [&](NtpMessage&, uint32_t k) {
            const NtpClockFilter& f = client->GetFilter(0);
            reach.push_back(client->GetReach(0));
            dummy.push_back(!f.IsStageValid(0) &&
                            f.GetStage(0).time > Simulator::Now() - MilliSeconds(2));
            valid.push_back(f.GetValidStages());
            return k < script.size() && script[k] == '1';
        };
        w.Run(Seconds(16 * script.size()));
        NS_TEST_ASSERT_MSG_EQ((reach.size() >= script.size()), true, "every poll seen");
        // The expectation, from the script alone: the register shifts at each poll and gets
        // bit 0 from the reply; the filter holds the last 8 of the tuples shifted in (samples
        // and dummies, in order), all dummies at the start.
        uint8_t r = 0;
        std::vector<bool> shifted(8, false);
        uint32_t dummies = 0;
        for (std::size_t k = 0; k < script.size(); ++k)
        {
            r = static_cast<uint8_t>(r << 1);
            const bool expectDummy = (r & 0x7) == 0;
            if (expectDummy)
            {
                shifted.push_back(false);
                ++dummies;
            }
            uint32_t expectValid = 0;
            for (std::size_t j = shifted.size() - 8; j < shifted.size(); ++j)
            {
                expectValid += shifted[j] ? 1 : 0;
            }
            NS_TEST_EXPECT_MSG_EQ(uint32_t(reach[k]), uint32_t(r), "reach at poll " << k);
            NS_TEST_EXPECT_MSG_EQ(dummy[k], expectDummy, "dummy at poll " << k);
            NS_TEST_EXPECT_MSG_EQ(valid[k], expectValid, "valid stages at poll " << k);
            if (script[k] == '1')
            {
                r |= 1;
                shifted.push_back(true);
            }
        }
        std::cout << "[ntp-poll] dummy rule: " << dummies << " dummies over " << script.size()
                  << " polls" << std::endl;
        NS_TEST_EXPECT_MSG_GT(dummies, 10u, "the script exercises the rule");
    }
};

/** RFC 5905 A.5.7.2: the interval is 2^max(min(ppoll, hpoll), MinPoll). */
class PeerPollTestCase : public TestCase
{
  public:
    PeerPollTestCase()
        : TestCase("the poll interval is 2^max(min(ppoll, hpoll), MinPoll): a server advertising "
                   "poll 5 holds it at 32 s when hpoll is longer; one advertising 17 does not")
    {
    }

  private:
    void DoRun() override
    {
        for (const int8_t ppoll : {int8_t(5), int8_t(17)})
        {
            World w(4, MilliSeconds(1), 10);
            std::vector<int> hpoll; // the Poll field of each request: the client's hpoll
            w.server.shape = [ppoll, &hpoll](NtpMessage& m, uint32_t) {
                hpoll.push_back(m.poll); // the reply copies the request's Poll
                m.poll = ppoll;
                return true;
            };
            w.Run(Hours(4));
            const std::vector<Time> g = Gaps(w.server.requests);
            NS_TEST_ASSERT_MSG_GT(g.size(), 50u, "requests");
            uint32_t capped = 0; // polls where hpoll > ppoll
            Time longest;
            for (std::size_t k = 0; k < g.size(); ++k)
            {
                // Request k + 1 carries the hpoll that poll k set (peer_xmit before poll_update).
                const int h = hpoll[k + 1];
                const int expected = std::max(std::min<int>(ppoll, h), 4);
                NS_TEST_EXPECT_MSG_EQ(g[k], ntp::Log2ToTime(expected), "gap " << k);
                capped += h > ppoll ? 1 : 0;
                longest = std::max(longest, g[k]);
            }
            std::cout << "[ntp-poll] ppoll " << int(ppoll) << ": " << capped
                      << " polls with hpoll above it, longest gap " << longest.GetSeconds() << " s"
                      << std::endl;
            if (ppoll == 5)
            {
                NS_TEST_EXPECT_MSG_GT(capped, 0u, "hpoll climbed above ppoll: ppoll held it");
                NS_TEST_EXPECT_MSG_EQ(longest, Seconds(32), "never longer than 2^ppoll");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(longest, Seconds(32), "the interval followed hpoll up");
            }
        }
    }
};

/** RFC 5905 13: Burst sends BCOUNT requests 2 s apart at every poll of a fit server. */
class BurstTestCase : public TestCase
{
  public:
    BurstTestCase()
        : TestCase("Burst: once the server is fit, every poll is 8 requests 2 s apart, polls "
                   "64 s apart")
    {
    }

  private:
    void DoRun() override
    {
        World w(6, MilliSeconds(1), 6, [](NtpHelper& h) {
            h.SetClientAttribute("Burst", BooleanValue(true));
        });
        w.Run(Seconds(1200));
        const std::vector<Time>& q = w.server.requests;
        NS_TEST_ASSERT_MSG_GT(q.size(), 40u, "requests");
        // A poll starts wherever the gap before a request is not the burst's 2 s.
        std::vector<std::size_t> starts{0};
        for (std::size_t k = 1; k < q.size(); ++k)
        {
            if (q[k] - q[k - 1] != Seconds(2))
            {
                starts.push_back(k);
            }
        }
        NS_TEST_ASSERT_MSG_GT(starts.size(), 10u, "polls");
        NS_TEST_EXPECT_MSG_EQ(starts[1] - starts[0], 1u, "not fit yet: one request per poll");
        uint32_t bursts = 0;
        for (std::size_t i = 1; i + 1 < starts.size(); ++i) // the last poll may be cut short
        {
            NS_TEST_EXPECT_MSG_EQ(q[starts[i]] - q[starts[i - 1]], Seconds(64), "poll " << i);
            const std::size_t size = starts[i + 1] - starts[i];
            NS_TEST_EXPECT_MSG_EQ((size == 1 || size == 8), true, "poll " << i << ": " << size);
            bursts += size == 8 ? 1 : 0;
            // Once fit, every poll is a burst (a lone request after a burst would fail this).
            NS_TEST_EXPECT_MSG_EQ((bursts == 0 || size == 8), true, "poll " << i);
        }
        std::cout << "[ntp-poll] Burst: " << bursts << " bursts of 8 over " << starts.size()
                  << " polls" << std::endl;
        NS_TEST_EXPECT_MSG_GT(bursts, 10u, "bursts");
    }
};

/** The poll process suite. */
class NtpPollTestSuite : public TestSuite
{
  public:
    NtpPollTestSuite()
        : TestSuite("chronometry-ntp-poll", Type::UNIT)
    {
        AddTestCase(new IburstTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BackoffTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DummyRuleTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new PeerPollTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BurstTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Registers the suite. */
NtpPollTestSuite g_ntpPollTestSuite;

} // namespace
