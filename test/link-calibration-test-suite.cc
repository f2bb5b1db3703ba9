/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Calibration of link probabilities (log-loss, Brier score, reliability bins,
// expected calibration error) on hand-computed cases and as properties
// (a predictor whose probabilities are the true frequencies scores near zero
// calibration error, the same predictions shuffled do not); WAP5 against the
// uniform and hard baselines on synthetic traces; score intervals (values by
// hand, coverage over many samples).
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/latest-arrival-linker.h"
#include "ns3/link-calibration.h"
#include "ns3/message-linking.h"
#include "ns3/score-interval.h"
#include "ns3/synthetic-trace.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace ns3;

namespace
{

/** Calibration metrics by hand on small cases. */
class CalibrationByHandTestCase : public TestCase
{
  public:
    CalibrationByHandTestCase()
        : TestCase("Calibration metrics equal hand-computed values on small cases")
    {
    }

  private:
    void DoRun() override
    {
        // Two choices: {0.7, 0.3} truth 0, {0.2, 0.8} truth 0.
        CalibrationScore s = ScoreChoices({{0.7, 0.3}, {0.2, 0.8}}, {0, 0});
        NS_TEST_ASSERT_MSG_EQ(s.choices, 2u, "choices");
        NS_TEST_ASSERT_MSG_EQ(s.predictions, 4u, "predictions");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.logLoss,
                                  (-std::log(0.7) - std::log(0.2)) / 2,
                                  1e-12,
                                  "log-loss");
        // (0.3^2 + 0.3^2 + 0.8^2 + 0.8^2) / 2
        NS_TEST_ASSERT_MSG_EQ_TOL(s.brier, 0.73, 1e-12, "Brier");
        // Bins of 0.1: 0.7 (true), 0.3 (false), 0.2 (true), 0.8 (false), one each.
        NS_TEST_ASSERT_MSG_EQ_TOL(s.ece, (0.3 + 0.3 + 0.8 + 0.8) / 4, 1e-12, "ECE");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.maxBinError, 0.8, 1e-12, "largest bin error");
        NS_TEST_ASSERT_MSG_EQ(s.reliability[7].count, 1u, "0.7 in [0.7, 0.8)");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.reliability[7].observed, 1.0, 1e-12, "came true");
        // Top label: 0.7 right, 0.8 wrong.
        NS_TEST_ASSERT_MSG_EQ_TOL(s.topLabelEce, (0.3 + 0.8) / 2, 1e-12, "top-label ECE");
        // A true choice outside the options: log-loss -ln eps, Brier sum p^2 + 1.
        s = ScoreChoices({{0.5, 0.5}}, {-1}, 10, 1e-6);
        NS_TEST_ASSERT_MSG_EQ(s.trueOutside, 1u, "outside");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.logLoss, -std::log(1e-6), 1e-9, "clipped log-loss");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.brier, 1.5, 1e-12, "Brier with the absent option");
        // p = 1 lands in the last bin.
        s = ScoreChoices({{1.0, 0.0}}, {0}, 4);
        NS_TEST_ASSERT_MSG_EQ(s.reliability[3].count, 1u, "1.0 in the last bin");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.reliability[3].upper, 1.0, 1e-12, "last bin ends at 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.ece, 0.0, 1e-12, "certain and right: calibrated");

        // Link probabilities: the paper's Figure 6 (0.64, 0.24, 0.09, spontaneous 0.03)
        // with Z->B the true cause.
        auto msg = [](uint32_t a, uint32_t b, double s, double r) {
            TraceMessage m;
            m.sender = a;
            m.receiver = b;
            m.sendTs = Seconds(s);
            m.recvTs = Seconds(r);
            return m;
        };
        std::vector<TraceMessage> trace{msg(1, 0, 0.5, 1),
                                        msg(2, 0, 1.5, 2),
                                        msg(3, 0, 2.5, 3),
                                        msg(0, 4, 4, 4.5)};
        LinkingConfig c;
        c.window = Seconds(10);
        LinkingResult r = MessageLinker(c).Link(trace);
        const auto& ml = r.links[3];
        double p = ml.parents[0].probability;
        CalibrationScore link = ScoreCalibration(r, {-1, -1, -1, 2});
        double brier3 = (1 - p) * (1 - p) + ml.spontaneous * ml.spontaneous;
        for (std::size_t k = 1; k < 3; ++k)
        {
            brier3 += ml.parents[k].probability * ml.parents[k].probability;
        }
        // Messages 0-2 have no candidates: spontaneous with probability 1, right.
        NS_TEST_ASSERT_MSG_EQ_TOL(link.logLoss, -std::log(p) / 4, 1e-12, "log-loss");
        NS_TEST_ASSERT_MSG_EQ_TOL(link.brier, brier3 / 4, 1e-12, "Brier");
        // The paper's numbers, rounded: -ln 0.64 = 0.446.
        NS_TEST_ASSERT_MSG_EQ_TOL(-std::log(p), 0.446, 0.01, "Figure 6: -ln 0.64");
    }
};

/** Calibration as a property over many random predictions. */
class CalibrationPropertyTestCase : public TestCase
{
  public:
    CalibrationPropertyTestCase()
        : TestCase("A predictor whose probabilities are the true frequencies is calibrated; "
                   "shuffled, it is not")
    {
    }

  private:
    void DoRun() override
    {
        std::mt19937_64 rng(11);
        std::uniform_real_distribution<double> unit(0, 1);
        std::vector<std::vector<double>> probabilities;
        std::vector<int64_t> truth;
        double entropy = 0;
        const int n = 20000;
        for (int i = 0; i < n; ++i)
        {
            // 1 to 5 options with random (normalized exponential) probabilities.
            int k = 1 + static_cast<int>(unit(rng) * 5);
            std::vector<double> p(k);
            double sum = 0;
            for (auto& x : p)
            {
                x = -std::log(1 - unit(rng));
                sum += x;
            }
            for (auto& x : p)
            {
                x /= sum;
                entropy -= x > 0 ? x * std::log(x) / n : 0;
            }
            // The truth drawn from the predicted distribution: calibrated by construction.
            double u = unit(rng);
            int64_t t = 0;
            for (double acc = p[0]; acc < u && t + 1 < k; acc += p[++t])
            {
            }
            probabilities.push_back(p);
            truth.push_back(t);
        }
        CalibrationScore calibrated = ScoreChoices(probabilities, truth);
        NS_TEST_ASSERT_MSG_LT(calibrated.ece, 0.01, "calibrated: ECE near 0");
        NS_TEST_ASSERT_MSG_LT(calibrated.topLabelEce, 0.02, "calibrated: top-label ECE near 0");
        for (const auto& b : calibrated.reliability)
        {
            if (b.count > 500)
            {
                NS_TEST_ASSERT_MSG_LT(std::abs(b.observed - b.meanPredicted),
                                      0.03,
                                      "every well-filled bin on the diagonal");
            }
        }
        // Log-loss of a calibrated predictor is its mean entropy.
        NS_TEST_ASSERT_MSG_EQ_TOL(calibrated.logLoss, entropy, 0.03, "log-loss = entropy");

        // The same predictions given to other messages (same number of options).
        std::vector<std::vector<double>> shuffled = probabilities;
        std::vector<std::vector<std::size_t>> bySize(6);
        for (int i = 0; i < n; ++i)
        {
            bySize[probabilities[i].size()].push_back(i);
        }
        for (auto& group : bySize)
        {
            std::vector<std::size_t> perm = group;
            std::shuffle(perm.begin(), perm.end(), rng);
            for (std::size_t j = 0; j < group.size(); ++j)
            {
                shuffled[group[j]] = probabilities[perm[j]];
            }
        }
        CalibrationScore bad = ScoreChoices(shuffled, truth);
        NS_TEST_ASSERT_MSG_GT(bad.ece, 0.1, "shuffled: far from calibrated");
        NS_TEST_ASSERT_MSG_GT(bad.topLabelEce, 0.2, "shuffled: overconfident");
        NS_TEST_ASSERT_MSG_GT(bad.logLoss, calibrated.logLoss + 0.2, "shuffled: worse log-loss");
        NS_TEST_ASSERT_MSG_GT(bad.brier, calibrated.brier + 0.1, "shuffled: worse Brier");
    }
};

/** WAP5's link probabilities against the uniform and the hard baselines. */
class Wap5CalibrationTestCase : public TestCase
{
  public:
    Wap5CalibrationTestCase()
        : TestCase("WAP5's link probabilities beat uniform ones in log-loss and Brier; a hard "
                   "baseline's Brier is 2 (1 - accuracy)")
    {
    }

  private:
    void DoRun() override
    {
        for (double rate : {1.0, 40.0})
        {
            SyntheticTraceParams p;
            p.rate = rate;
            p.duration = Seconds(400.0 / (4 * rate));
            p.seed = 77;
            SyntheticTrace t = GenerateSyntheticTrace(p);
            LinkingConfig c;
            c.window = MilliSeconds(100);
            LinkingResult wap = MessageLinker(c).Link(t.messages);
            CalibrationScore w = ScoreCalibration(wap, t.trueParent);
            CalibrationScore u = ScoreCalibration(UniformLinks(wap), t.trueParent);
            NS_TEST_ASSERT_MSG_LT(w.logLoss, u.logLoss, "alpha " << rate << ": log-loss");
            NS_TEST_ASSERT_MSG_LT(w.brier, u.brier, "alpha " << rate << ": Brier");
            NS_TEST_ASSERT_MSG_EQ(w.trueOutside,
                                  u.trueOutside,
                                  "same candidates: same true parents outside them");
            LinkingResult latest = LatestArrivalLinker(c.window).Link(t.messages);
            CalibrationScore h = ScoreCalibration(latest, t.trueParent);
            double accuracy = ScoreLinks(latest, t.trueParent).decisionAccuracy;
            NS_TEST_ASSERT_MSG_EQ_TOL(h.brier, 2 * (1 - accuracy), 1e-9, "hard: Brier");
            NS_TEST_ASSERT_MSG_GT(h.logLoss, w.logLoss, "hard choices: worse log-loss");
        }
    }
};

/** Score intervals. */
class ScoreIntervalTestCase : public TestCase
{
  public:
    ScoreIntervalTestCase()
        : TestCase("Score intervals: Student-t and Wilson by hand, 95 % coverage over many "
                   "samples, bad input refused")
    {
    }

  private:
    void DoRun() override
    {
        ScoreInterval s = MeanInterval({1, 2, 3, 4, 5});
        NS_TEST_ASSERT_MSG_EQ(s.n, 5u, "n");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.mean, 3.0, 1e-12, "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.stddev, std::sqrt(2.5), 1e-12, "sample stddev");
        // t_{0.975, 4} = 2.7764451
        NS_TEST_ASSERT_MSG_EQ_TOL(s.HalfWidth(), 2.7764451 * std::sqrt(2.5 / 5), 1e-6, "t half");
        ScoreInterval one = MeanInterval({0.5});
        NS_TEST_ASSERT_MSG_EQ(std::isinf(one.upper), true, "one run: no interval");
        // Wilson, 8 of 10 at 95 %: [0.4902, 0.9433].
        ScoreInterval w = WilsonInterval(8, 10);
        NS_TEST_ASSERT_MSG_EQ_TOL(w.mean, 0.8, 1e-12, "proportion");
        NS_TEST_ASSERT_MSG_EQ_TOL(w.lower, 0.4902, 1e-4, "Wilson lower");
        NS_TEST_ASSERT_MSG_EQ_TOL(w.upper, 0.9433, 1e-4, "Wilson upper");
        ScoreInterval zero = WilsonInterval(0, 20);
        NS_TEST_ASSERT_MSG_EQ(zero.lower, 0.0, "0 of 20: lower 0");
        NS_TEST_ASSERT_MSG_GT(zero.upper, 0.1, "0 of 20: upper well above 0");

        // Coverage: 2000 samples of 20 normal scores; the 95 % interval holds the mean
        // about 95 % of the time (binomial sd 0.5 %).
        std::mt19937_64 rng(5);
        std::normal_distribution<double> normal(0.7, 0.05);
        std::bernoulli_distribution coin(0.3);
        int covered = 0;
        int wilsonCovered = 0;
        const int trials = 2000;
        for (int k = 0; k < trials; ++k)
        {
            std::vector<double> v(20);
            for (auto& x : v)
            {
                x = normal(rng);
            }
            ScoreInterval i = MeanInterval(v);
            covered += i.lower <= 0.7 && 0.7 <= i.upper ? 1 : 0;
            uint64_t heads = 0;
            for (int j = 0; j < 50; ++j)
            {
                heads += coin(rng) ? 1 : 0;
            }
            ScoreInterval wi = WilsonInterval(heads, 50);
            wilsonCovered += wi.lower <= 0.3 && 0.3 <= wi.upper ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(covered / double(trials), 0.95, 0.015, "t coverage");
        NS_TEST_ASSERT_MSG_EQ_TOL(wilsonCovered / double(trials), 0.95, 0.02, "Wilson coverage");

        chronometry::ScopedThrowOnConfigError throwing;
        bool thrown = false;
        try
        {
            MeanInterval({1, std::nan("")});
        }
        catch (const chronometry::ConfigError& e)
        {
            thrown = std::string(e.what()).find("not finite") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(thrown, true, "NaN refused");
        thrown = false;
        try
        {
            WilsonInterval(3, 2);
        }
        catch (const chronometry::ConfigError& e)
        {
            thrown = std::string(e.what()).find("successes") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(thrown, true, "more successes than trials refused");
        thrown = false;
        try
        {
            MeanInterval({1, 2}, 1.0);
        }
        catch (const chronometry::ConfigError& e)
        {
            thrown = std::string(e.what()).find("level") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(thrown, true, "level 1 refused");
    }
};

} // namespace

/** \ingroup chronometry-tests Calibration of link probabilities and score intervals. */
class LinkCalibrationTestSuite : public TestSuite
{
  public:
    LinkCalibrationTestSuite()
        : TestSuite("chronometry-link-calibration", Type::UNIT)
    {
        AddTestCase(new CalibrationByHandTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CalibrationPropertyTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new Wap5CalibrationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ScoreIntervalTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static LinkCalibrationTestSuite g_linkCalibrationTestSuite;
