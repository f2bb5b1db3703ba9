/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The NTP on-wire computation and clock filter (RFC 5905 sections 8 and 10): exact
// arithmetic of theta, delta and epsilon by hand; the offset error is half the path
// asymmetry and never more than delta / 2; the filter picks the lowest-delay sample,
// computes the peer dispersion and jitter as the RFC (with erratum 5600) against an
// independent reference, never uses a sample twice or an older one, suppresses popcorn
// spikes, ages dummies in; the relation study's NTP estimator selects through the same filter.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ntp-clock-filter.h"
#include "ns3/ntp-estimator.h"
#include "ns3/ntp-on-wire.h"
#include "ns3/test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/** \brief theta, delta and epsilon of hand-made exchanges. */
class OnWireArithmeticTestCase : public TestCase
{
  public:
    OnWireArithmeticTestCase()
        : TestCase("on-wire: theta, delta, epsilon exact; error = half the asymmetry, at most half "
                   "delta")
    {
    }

  private:
    void DoRun() override
    {
        // The server is 10 s ahead; the request takes 50 us, the server holds it 1 ms, the
        // reply takes 150 us. T1 = 0, T2 = 10 s + 50 us, T3 = 10 s + 1.05 ms, T4 = 1.2 ms.
        const Time t1 = Time(0);
        const Time t2 = Seconds(10) + MicroSeconds(50);
        const Time t3 = Seconds(10) + MicroSeconds(1050);
        const Time t4 = MicroSeconds(1200);
        NS_TEST_EXPECT_MSG_EQ(ntp::OnWireOffset(t1, t2, t3, t4),
                              Seconds(10) - MicroSeconds(50),
                              "theta = 10 s + (50 us - 150 us) / 2");
        NS_TEST_EXPECT_MSG_EQ(ntp::OnWireDelay(t1, t2, t3, t4), MicroSeconds(200), "delta");
        const ntp::OnWireSample s =
            ntp::OnWire(t1, t2, t3, t4, NanoSeconds(500), NanoSeconds(250), 15e-6);
        NS_TEST_EXPECT_MSG_EQ(s.dispersion, NanoSeconds(500 + 250 + 18), "15 ppm x 1.2 ms");
        // Halving truncates toward zero at the Time resolution.
        NS_TEST_EXPECT_MSG_EQ(ntp::OnWireOffset(Time(0), NanoSeconds(3), Time(0), Time(0)),
                              NanoSeconds(1),
                              "3 ns / 2");
        NS_TEST_EXPECT_MSG_EQ(ntp::OnWireOffset(NanoSeconds(3), Time(0), Time(0), Time(0)),
                              NanoSeconds(-1),
                              "-3 ns / 2");
        // A negative delay (a large frequency error over a long exchange) is clamped to the
        // client's precision (RFC 5905 section 8).
        const ntp::OnWireSample neg = ntp::OnWire(Time(0),
                                                  Seconds(1),
                                                  Seconds(1) + MilliSeconds(64),
                                                  MilliSeconds(57),
                                                  Time(0),
                                                  MicroSeconds(1));
        NS_TEST_EXPECT_MSG_EQ(
            ntp::OnWireDelay(Time(0), Seconds(1), Seconds(1) + MilliSeconds(64), MilliSeconds(57)),
            MilliSeconds(-7),
            "raw delay");
        NS_TEST_EXPECT_MSG_EQ(neg.delay, MicroSeconds(1), "clamped");
        // The relation study's NTP baseline computes the same.
        relation::NtpSample r{t1, t2, t3, t4};
        NS_TEST_EXPECT_MSG_EQ(r.Offset(), ntp::OnWireOffset(t1, t2, t3, t4), "relation offset");
        NS_TEST_EXPECT_MSG_EQ(r.Delay(), ntp::OnWireDelay(t1, t2, t3, t4), "relation delay");
        // Random exchanges: theta - theta_0 = (d_f - d_r) / 2 (within the halving's 0.5 ns),
        // delta = d_f + d_r, and so |theta - theta_0| <= delta / 2 for any asymmetry.
        std::mt19937_64 g(3);
        std::exponential_distribution<double> q(1.0 / 2e-3);
        for (int i = 0; i < 10000; ++i)
        {
            const int64_t theta0 = static_cast<int64_t>(g() % 2000000000) - 1000000000;
            const auto df = static_cast<int64_t>(q(g) * 1e9) + static_cast<int64_t>(g() % 100000);
            const auto dr = static_cast<int64_t>(q(g) * 1e9);
            const auto hold = static_cast<int64_t>(g() % 1000000);
            const int64_t a1 = static_cast<int64_t>(g() % 1000000000000LL);
            const Time c1 = NanoSeconds(a1);
            const Time s2 = NanoSeconds(a1 + df + theta0);
            const Time s3 = NanoSeconds(a1 + df + hold + theta0);
            const Time c4 = NanoSeconds(a1 + df + hold + dr);
            const Time theta = ntp::OnWireOffset(c1, s2, s3, c4);
            const Time delta = ntp::OnWireDelay(c1, s2, s3, c4);
            NS_TEST_ASSERT_MSG_EQ(delta, NanoSeconds(df + dr), "delta = d_f + d_r");
            const Time err = theta - NanoSeconds(theta0);
            NS_TEST_ASSERT_MSG_EQ((Abs(err * 2 - NanoSeconds(df - dr)) <= NanoSeconds(1)),
                                  true,
                                  "error = (d_f - d_r) / 2");
            NS_TEST_ASSERT_MSG_EQ((Abs(err) <= delta / 2 + NanoSeconds(1)), true, "<= delta/2");
        }
    }
};

/**
 * \brief An independent reference of the RFC's filter statistics over a register.
 */
struct Reference
{
    double dispersion; //!< sum epsilon_i / 2^(i+1), seconds
    double jitter;     //!< RMS about theta_0, seconds (before the precision floor)
    size_t best;       //!< index of the lowest-delay sample in the input (newest first)
};

/**
 * \param stages (offset, delay, dispersion now) of the valid stages, newest first
 * \param n register length (the rest are dummies: 16 s)
 * \return the statistics
 */
Reference
ComputeReference(const std::vector<std::array<double, 3>>& stages, size_t n)
{
    std::vector<size_t> order(stages.size());
    for (size_t i = 0; i < order.size(); ++i)
    {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return stages[a][1] < stages[b][1];
    });
    Reference r{0, 0, order.empty() ? 0 : order[0]};
    for (size_t i = 0; i < n; ++i)
    {
        const double eps = i < order.size() ? stages[order[i]][2] : 16.0;
        r.dispersion += eps / std::pow(2.0, static_cast<double>(i + 1));
    }
    if (order.size() > 1)
    {
        double sum = 0;
        for (size_t j = 1; j < order.size(); ++j)
        {
            const double d = stages[order[0]][0] - stages[order[j]][0];
            sum += d * d;
        }
        r.jitter = std::sqrt(sum / static_cast<double>(order.size() - 1));
    }
    return r;
}

/** \brief The filter's selection and statistics against the reference. */
class FilterStatisticsTestCase : public TestCase
{
  public:
    FilterStatisticsTestCase()
        : TestCase("clock filter: lowest-delay sample, dispersion and jitter as RFC 5905")
    {
    }

  private:
    void DoRun() override
    {
        const double phi = 15e-6;
        const Time precision = NanoSeconds(954);
        NtpClockFilter f(8, phi, precision, 0);
        NS_TEST_EXPECT_MSG_EQ(f.GetDispersion(Time(0)), Seconds(16), "empty: MAXDISP");
        NS_TEST_EXPECT_MSG_EQ(f.HasSelection(), false, "nothing selected");
        // RFC 5905 section 10's observations: each valid tuple roughly halves the dispersion;
        // after four it is a little under 1 s.
        std::vector<double> dispersions;
        std::mt19937_64 g(11);
        std::uniform_real_distribution<double> offsets(-1e-3, 1e-3);
        std::uniform_real_distribution<double> delays(1e-3, 50e-3);
        std::deque<std::array<double, 4>> history; // offset, delay, dispersion, time
        for (int k = 0; k < 40; ++k)
        {
            const double t = 64.0 * k;
            const double off = offsets(g);
            const double del = delays(g);
            const double eps = 2e-6 + phi * del;
            NtpFilterSample s;
            s.offset = NanoSeconds(std::llround(off * 1e9));
            s.delay = NanoSeconds(std::llround(del * 1e9));
            s.dispersion = NanoSeconds(std::llround(eps * 1e9));
            s.time = Seconds(t);
            s.tag = static_cast<uint64_t>(k);
            const NtpFilterOutcome outcome = f.Add(s);
            history.push_front(
                {s.offset.GetSeconds(), s.delay.GetSeconds(), s.dispersion.GetSeconds(), t});
            if (history.size() > 8)
            {
                history.pop_back();
            }
            std::vector<std::array<double, 3>> stages;
            for (const auto& h : history)
            {
                stages.push_back({h[0], h[1], h[2] + phi * (t - h[3])});
            }
            const Reference ref = ComputeReference(stages, 8);
            dispersions.push_back(f.GetDispersion(Seconds(t)).GetSeconds());
            NS_TEST_ASSERT_MSG_EQ_TOL(f.GetDispersion(Seconds(t)).GetSeconds(),
                                      ref.dispersion,
                                      1e-8,
                                      "peer dispersion at sample " << k);
            NS_TEST_ASSERT_MSG_EQ_TOL(f.GetJitter().GetSeconds(),
                                      std::max(ref.jitter, precision.GetSeconds()),
                                      2e-9,
                                      "peer jitter at sample " << k);
            const uint64_t bestTag = static_cast<uint64_t>(k) - ref.best;
            if (outcome == NtpFilterOutcome::UPDATED)
            {
                NS_TEST_ASSERT_MSG_EQ(f.GetTag(), bestTag, "the lowest-delay sample");
                NS_TEST_ASSERT_MSG_EQ_TOL(f.GetOffset().GetSeconds(),
                                          history[ref.best][0],
                                          1e-12,
                                          "its offset");
            }
            else
            {
                // Not newer than the one in use: the prime directive keeps the old one.
                NS_TEST_ASSERT_MSG_EQ(ToString(outcome), "stale", k);
                NS_TEST_ASSERT_MSG_EQ((f.GetTag() >= bestTag), true, "never an older sample");
            }
            NS_TEST_ASSERT_MSG_EQ(f.GetValidStages(), std::min<uint32_t>(k + 1, 8), "valid");
        }
        NS_TEST_EXPECT_MSG_LT(dispersions[0], 8.0, "one sample: about half of 16 s");
        NS_TEST_EXPECT_MSG_GT(dispersions[0], 7.9, "one sample: a little less than half");
        NS_TEST_EXPECT_MSG_LT(dispersions[3], 1.0, "four samples: a little under 1 s");
        NS_TEST_EXPECT_MSG_GT(dispersions[3], 0.9375, "four samples: 16 s x (1/16 - 1/256) + ...");
        NS_TEST_EXPECT_MSG_LT(dispersions[7], 10e-3, "eight samples: the samples' own, aged");
        // Dispersion grows at PHI; the distance is delay / 2 + dispersion.
        const Time at = Seconds(64.0 * 39);
        NS_TEST_EXPECT_MSG_EQ(f.GetDispersion(at + Seconds(1000)) - f.GetDispersion(at),
                              MilliSeconds(15),
                              "15 ppm x 1000 s");
        NS_TEST_EXPECT_MSG_EQ(f.GetDistance(at), f.GetDelay() / 2 + f.GetDispersion(at), "lambda");
    }
};

/** \brief The prime directive, the popcorn spike suppressor, dummy tuples. */
class FilterRulesTestCase : public TestCase
{
  public:
    FilterRulesTestCase()
        : TestCase("clock filter: prime directive, popcorn spikes, dummies, bad configuration")
    {
    }

  private:
    void DoRun() override
    {
        auto sample = [](double t, double offsetMs, double delayMs, uint64_t tag) {
            NtpFilterSample s;
            s.offset = MicroSeconds(std::llround(offsetMs * 1000));
            s.delay = MicroSeconds(std::llround(delayMs * 1000));
            s.dispersion = MicroSeconds(2);
            s.time = Seconds(t);
            s.tag = tag;
            return s;
        };
        const Time poll = Seconds(64);
        NtpClockFilter f(8, 15e-6, NanoSeconds(954), 3);
        // A low-delay sample, then higher-delay ones: the first stays the lowest, and since it
        // was used already the filter does not update (prime directive).
        NS_TEST_EXPECT_MSG_EQ(ToString(f.Add(sample(0, 1.0, 10, 0), poll)), "updated", "first");
        NS_TEST_EXPECT_MSG_EQ(ToString(f.Add(sample(64, 1.1, 20, 1), poll)), "stale", "");
        NS_TEST_EXPECT_MSG_EQ(ToString(f.Add(sample(128, 1.2, 30, 2), poll)), "stale", "");
        NS_TEST_EXPECT_MSG_EQ(f.GetTag(), 0u, "still the first");
        // A lower delay: used.
        NS_TEST_EXPECT_MSG_EQ(ToString(f.Add(sample(192, 0.9, 5, 3), poll)), "updated", "lower");
        NS_TEST_EXPECT_MSG_EQ(f.GetOffset(), MicroSeconds(900), "its offset");
        // Jitter here: offsets about 0.9 ms are 0.1 to 0.3 ms away: RMS of (0.1, 0.2, 0.3).
        NS_TEST_EXPECT_MSG_EQ_TOL(f.GetJitter().GetSeconds(),
                                  std::sqrt((0.01 + 0.04 + 0.09) / 3) * 1e-3,
                                  1e-9,
                                  "jitter");
        // The spike gate compares the jump from the offset in use with SGATE x the jitter of
        // the register about the new selection (Appendix A.5.2). A lone spike with the
        // lowest delay inflates that jitter itself and passes (49.1 ms against 3 x 49 ms).
        NS_TEST_EXPECT_MSG_EQ(ToString(f.Add(sample(256, 50, 4, 4), poll)), "updated", "lone");
        NS_TEST_EXPECT_MSG_EQ(f.GetOffset(), MilliSeconds(50), "taken");
        NS_TEST_EXPECT_MSG_EQ(f.GetSpikes(), 0u, "not a spike by the RFC's rule");
        // What it stops: a jump that the whole register agrees on but that comes within two
        // poll intervals of the offset in use, as after a burst (8 samples 2 s apart) when the
        // server has moved by 50 ms: the register's jitter is tiny, the jump is not.
        NtpClockFilter b(8, 15e-6, NanoSeconds(954), 3);
        NS_TEST_EXPECT_MSG_EQ(ToString(b.Add(sample(0, 1.0, 5, 0), poll)), "updated", "in use");
        for (int k = 1; k <= 7; ++k)
        {
            // Higher delays: the sample in use stays the lowest (stale).
            NS_TEST_EXPECT_MSG_EQ(ToString(b.Add(sample(2.0 * k, 51 + 0.001 * k, 10 + k, k), poll)),
                                  "stale",
                                  k);
        }
        NS_TEST_EXPECT_MSG_EQ(ToString(b.Add(sample(16, 51.008, 18, 8), poll)), "spike", "burst");
        NS_TEST_EXPECT_MSG_EQ(b.GetOffset(), MilliSeconds(1), "held");
        NS_TEST_EXPECT_MSG_EQ(b.GetSpikes(), 1u, "counted");
        NS_TEST_EXPECT_MSG_EQ(ToString(b.Add(sample(100, 51.009, 19, 9), poll)), "spike", "<128s");
        // A selection two poll intervals after the sample in use is accepted.
        NS_TEST_EXPECT_MSG_EQ(ToString(b.Add(sample(130, 51.010, 9, 10), poll)), "updated", "");
        NS_TEST_EXPECT_MSG_EQ(b.GetOffset(), MicroSeconds(51010), "moved");
        // Without a poll interval the suppressor is off.
        NtpClockFilter g(8, 15e-6, NanoSeconds(954), 3);
        g.Add(sample(0, 1.0, 10, 0), poll);
        NS_TEST_EXPECT_MSG_EQ(ToString(g.Add(sample(64, 50, 4, 1))), "updated", "no poll: off");
        // Dummies: three silent polls push dummies in; eight of them empty the register.
        NtpClockFilter d(8, 15e-6, NanoSeconds(954), 3);
        for (int k = 0; k < 8; ++k)
        {
            d.Add(sample(64.0 * k, 0.5, 10 + k, k), poll);
        }
        const Time before = d.GetDispersion(Seconds(448));
        d.AddDummy(Seconds(512));
        NS_TEST_EXPECT_MSG_EQ(d.GetValidStages(), 7u, "one dummy");
        NS_TEST_EXPECT_MSG_GT(d.GetDispersion(Seconds(512)), before + Seconds(0.06), "grows");
        for (int k = 0; k < 7; ++k)
        {
            d.AddDummy(Seconds(576 + 64.0 * k));
        }
        NS_TEST_EXPECT_MSG_EQ(d.GetValidStages(), 0u, "all dummies");
        NS_TEST_EXPECT_MSG_EQ_TOL(d.GetDispersion(Seconds(960)).GetSeconds(),
                                  16 * (1 - 1.0 / 256),
                                  1e-9,
                                  "back to a little under 16 s");
        NS_TEST_EXPECT_MSG_EQ(d.HasSelection(), true, "the last selection is kept");
        d.Reset();
        NS_TEST_EXPECT_MSG_EQ(d.HasSelection(), false, "reset");
        // Bad configuration is refused by name.
        chronometry::ScopedThrowOnConfigError throwing;
        auto message = [](const std::function<void()>& fn) -> std::string {
            try
            {
                fn();
            }
            catch (const chronometry::ConfigError& e)
            {
                return e.what();
            }
            return "";
        };
        NS_TEST_EXPECT_MSG_NE(message([] { NtpClockFilter bad(0); }).find("NtpClockFilter::stages"),
                              std::string::npos,
                              "stages");
        NS_TEST_EXPECT_MSG_NE(message([] { NtpClockFilter bad(8, 0); }).find("valid range"),
                              std::string::npos,
                              "phi");
        NS_TEST_EXPECT_MSG_NE(
            message([&] { b.Add(sample(1, 0, 1, 99)); }).find("before the newest"),
            std::string::npos,
            "time order");
    }
};

/** \brief The relation study's NtpEstimator (RFC5905 mode) selects through NtpClockFilter. */
class RelationEstimatorFilterTestCase : public TestCase
{
  public:
    RelationEstimatorFilterTestCase()
        : TestCase("relation NtpEstimator (Rfc5905): the NTP core's filter selects its sample")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(17);
        std::exponential_distribution<double> q(1.0 / 300e-6);
        for (uint32_t length : {1U, 3U, 8U})
        {
            relation::NtpEstimator ntp(20, NanoSeconds(1), length);
            ntp.SetFilterMode(relation::NtpEstimator::RFC5905);
            std::deque<relation::NtpSample> window;
            bool has = false;
            relation::NtpSample inUse{};
            for (int k = 0; k < 200; ++k)
            {
                const double t = 16.0 * k;
                const double fwd = 50e-6 + q(g);
                const double rev = 50e-6 + q(g);
                relation::NtpSample s{Seconds(t),
                                      Seconds(100 + t + fwd),
                                      Seconds(100 + t + fwd + 1e-6),
                                      Seconds(t + fwd + 1e-6 + rev)};
                ntp.AddSample(s);
                // Reference rule: the lowest delay of the last `length` (the newest on ties),
                // used only if newer than the sample in use.
                window.push_back(s);
                if (window.size() > length)
                {
                    window.pop_front();
                }
                const relation::NtpSample* best = &window.back();
                for (const auto& w : window)
                {
                    if (w.Delay() < best->Delay())
                    {
                        best = &w;
                    }
                }
                if (!has || best->t4 > inUse.t4)
                {
                    inUse = *best;
                    has = true;
                }
                const Time query = s.t4 + Seconds(1);
                NS_TEST_ASSERT_MSG_EQ(ntp.ToServer(query).value,
                                      query + inUse.Offset(),
                                      "length " << length << ", sample " << k);
            }
        }
    }
};

/** \brief The suite. */
class NtpFilterTestSuite : public TestSuite
{
  public:
    NtpFilterTestSuite()
        : TestSuite("chronometry-ntp-filter", Type::UNIT)
    {
        AddTestCase(new OnWireArithmeticTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FilterStatisticsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FilterRulesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RelationEstimatorFilterTestCase, chronometry::TestDuration::QUICK);
    }
};

NtpFilterTestSuite g_ntpFilterTestSuite; //!< instance

} // namespace
