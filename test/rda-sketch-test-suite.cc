/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RdaSketch: with the checksum no wrong decodes over random trials; when decoding
// succeeds the repaired mean latency equals the exact mean of the matched packets.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/rda-sketch.h"
#include "ns3/test.h"

#include <cmath>
#include <iostream>
#include <map>
#include <random>
#include <set>

using namespace ns3;

namespace
{

/**
 * \brief Random trials: sender records n packets, receiver misses a fraction and sees the
 * rest with a random latency; decode the difference, repair with the sender's cache and
 * compare the mean with the exact mean.
 */
class RdaRandomTrialsTestCase : public TestCase
{
  public:
    RdaRandomTrialsTestCase()
        : TestCase("random trials: zero wrong decodes with checksum, exact mean on success")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 g(12345);
        const int trials = 400;
        int ok = 0;
        int wrong = 0;
        for (int t = 0; t < trials; ++t)
        {
            RdaSketch s(3, 60, true, 7);
            RdaSketch r(3, 60, true, 7);
            std::map<uint64_t, int64_t> cache;
            std::set<uint64_t> lost;
            long double truthSum = 0;
            int64_t truthN = 0;
            for (int i = 0; i < 1000; ++i)
            {
                uint64_t id = g();
                int64_t ts = static_cast<int64_t>(g() % 1000000000ULL);
                s.Insert(id, ts);
                cache[id] = ts;
                if (g() % 100 < 3)
                {
                    lost.insert(id);
                }
                else
                {
                    int64_t lat = 1000 + static_cast<int64_t>(g() % 50000);
                    r.Insert(id, ts + lat);
                    truthSum += lat;
                    ++truthN;
                }
            }
            // receiver - sender: timestamps sum to the latency sum minus lost send stamps
            RdaSketch diff = s;
            diff.Subtract(r);
            std::vector<RdaSketch::Entry> e;
            bool done = diff.Decode(e);
            for (const auto& x : e)
            {
                if (x.sign != 1 || lost.count(x.id) == 0)
                {
                    ++wrong;
                }
            }
            if (!done)
            {
                continue;
            }
            ++ok;
            NS_TEST_ASSERT_MSG_EQ(e.size(), lost.size(), "all lost packets listed");
            int64_t lostTs = 0;
            for (const auto& x : e)
            {
                lostTs += cache[x.id];
            }
            int64_t latSum = r.TotalTs() - (s.TotalTs() - lostTs);
            int64_t n = r.TotalCount();
            NS_TEST_ASSERT_MSG_EQ(n, truthN, "matched count");
            double mean = static_cast<double>(latSum) / n;
            double truth = static_cast<double>(truthSum / truthN);
            NS_TEST_ASSERT_MSG_LT(std::fabs(mean - truth) / truth, 1e-9, "mean exact");
        }
        NS_TEST_ASSERT_MSG_EQ(wrong, 0, "no wrong decodes with the checksum");
        NS_TEST_ASSERT_MSG_GT(ok, trials * 9 / 10, "most decodes succeed at 2 buckets/diff");
    }
};

/**
 * \brief Mixed-sign differences (d = 1000, 3 banks, 2 buckets per difference): the paper's
 * checksum-free pure test decodes wrong IDs in some trials; the checksum form never does.
 */
class RdaChecksumTestCase : public TestCase
{
  public:
    RdaChecksumTestCase()
        : TestCase("checksum-free form decodes wrong IDs, checksum form does not")
    {
    }

  private:
    void DoRun() override
    {
        int wrong[2] = {0, 0};
        const int trials = 60;
        for (int chk = 0; chk < 2; ++chk)
        {
            std::mt19937_64 g(99);
            for (int t = 0; t < trials; ++t)
            {
                RdaSketch s(3, 666, chk == 1, t);
                std::set<uint64_t> ids;
                for (int i = 0; i < 1000; ++i)
                {
                    uint64_t id = g();
                    (i % 2) ? s.Insert(id, 0) : s.Delete(id, 0);
                    ids.insert(id);
                }
                std::vector<RdaSketch::Entry> e;
                s.Decode(e);
                for (const auto& x : e)
                {
                    if (ids.count(x.id) == 0)
                    {
                        ++wrong[chk];
                        break;
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(wrong[0], 0, "paper's form misjudges some buckets");
        NS_TEST_ASSERT_MSG_EQ(wrong[1], 0, "checksum form never decodes a wrong ID");
    }
};

/**
 * \brief Decode failure table against banks k (2, 3, 4), difference size d (10 to 10^4)
 * and buckets per difference (k m / d from 1.1 to 4), with and without the checksum;
 * plus 10^5 small trials with the checksum and zero wrong decodes.
 */
class RdaDecodeTableTestCase : public TestCase
{
  public:
    RdaDecodeTableTestCase()
        : TestCase(
              "decode failure table vs k, d, buckets per difference; no wrong decode with checksum")
    {
    }

  private:
    /**
     * \param k banks
     * \param d differences (mixed signs)
     * \param bpd buckets per difference (all banks)
     * \param chk checksum
     * \param trials trials
     * \param[out] wrongTrials trials with a wrong decoded ID or sign
     * \return failed full decodes
     */
    int Run(uint32_t k, int d, double bpd, bool chk, int trials, int& wrongTrials)
    {
        int fail = 0;
        wrongTrials = 0;
        std::mt19937_64 g(1000 * k + d);
        uint32_t m = static_cast<uint32_t>(std::ceil(bpd * d / k));
        for (int t = 0; t < trials; ++t)
        {
            RdaSketch s(k, m, chk, g());
            std::map<uint64_t, int64_t> truth;
            for (int i = 0; i < d; ++i)
            {
                uint64_t id = g();
                int64_t sign = (g() & 1) ? 1 : -1;
                sign > 0 ? s.Insert(id, 0) : s.Delete(id, 0);
                truth[id] = sign;
            }
            std::vector<RdaSketch::Entry> e;
            fail += !s.Decode(e);
            for (const auto& x : e)
            {
                auto it = truth.find(x.id);
                if (it == truth.end() || it->second != x.sign)
                {
                    ++wrongTrials;
                    break;
                }
            }
        }
        return fail;
    }

    void DoRun() override
    {
        const double bpds[] = {1.1, 1.5, 2, 3, 4};
        const int ds[] = {10, 100, 1000, 10000};
        int paperWrong = 0;
        std::cout << "[rda] k d bpd fail%(chk) wrong%(chk) fail%(paper) wrong%(paper)" << std::endl;
        for (uint32_t k = 2; k <= 4; ++k)
        {
            for (int d : ds)
            {
                for (double bpd : bpds)
                {
                    int trials = d >= 10000 ? 4 : (d >= 1000 ? 20 : 100);
                    int wc = 0;
                    int wp = 0;
                    int fc = Run(k, d, bpd, true, trials, wc);
                    int fp = Run(k, d, bpd, false, trials, wp);
                    std::cout << "[rda] " << k << " " << d << " " << bpd << " "
                              << 100.0 * fc / trials << " " << 100.0 * wc / trials << " "
                              << 100.0 * fp / trials << " " << 100.0 * wp / trials << std::endl;
                    NS_TEST_ASSERT_MSG_EQ(wc, 0, "checksum: no wrong decode");
                    if (k >= 3 && bpd >= 2 && d >= 100)
                    {
                        NS_TEST_ASSERT_MSG_LT_OR_EQ(fc,
                                                    trials / 10,
                                                    "k>=3, 2 buckets/diff decodes");
                    }
                    if (k == 2 && bpd <= 2 && d >= 1000)
                    {
                        NS_TEST_ASSERT_MSG_GT_OR_EQ(fc,
                                                    trials / 4,
                                                    "k=2 at <= 2 buckets/diff often fails");
                    }
                    if (bpd < 1.2 && k >= 3 && d >= 1000)
                    {
                        NS_TEST_ASSERT_MSG_EQ(fc,
                                              trials,
                                              "below the peeling threshold (1.22 for k=3)");
                    }
                    paperWrong += wp;
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(paperWrong, 0, "the checksum-free form decodes wrong IDs");
        int wrong = 0;
        int fail = Run(3, 10, 2, true, 100000, wrong);
        std::cout << "[rda] 1e5 trials k=3 d=10 bpd=2 checksum: fail " << fail << " wrong " << wrong
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(wrong, 0, "zero wrong decodes over 1e5 trials with the checksum");
    }
};

/** \brief Suite. */
class RdaSketchTestSuite : public TestSuite
{
  public:
    RdaSketchTestSuite()
        : TestSuite("chronometry-rda-sketch", Type::UNIT)
    {
        AddTestCase(new RdaRandomTrialsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaChecksumTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RdaDecodeTableTestCase, chronometry::TestDuration::QUICK);
    }
};

RdaSketchTestSuite g_rdaSketchTestSuite; //!< instance

} // namespace
