/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Service time models (trend, regimes, cold penalty, heavy-tailed spikes, the paper's Table II
// server types) and, on synthetic series drawn from them without a simulator, where each ETE
// predictor wins and where it loses -- beside the level oracle (the server's true state), the
// no-prediction Baseline, a one-time calibration and the window median.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/predictor-evaluation.h"
#include "ns3/server-type-profile.h"
#include "ns3/service-time-model.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>

using namespace ns3;

namespace
{

/** A series and its truth. */
struct Series
{
    std::vector<Time> ete;   //!< service times
    std::vector<Time> level; //!< their levels (oracle)
    uint32_t spikes = 0;     //!< draws with a spike
    uint32_t degraded = 0;   //!< draws in the degraded regime
    uint32_t cold = 0;       //!< draws that paid the cold penalty
};

/**
 * \param model a configured model
 * \param stream first stream
 * \param period time between draws
 * \param count draws
 * \return the series
 */
Series
Draw(Ptr<ServiceTimeModel> model, int64_t stream, Time period, uint32_t count)
{
    model->AssignStreams(stream);
    Series s;
    for (const auto& d : model->DrawSeries(Time(0), period, count))
    {
        s.ete.push_back(d.total);
        s.level.push_back(d.level);
        s.spikes += d.spike;
        s.degraded += d.degraded;
        s.cold += d.cold;
    }
    return s;
}

/**
 * \param attributes (name, value) pairs
 * \return a ServiceTimeModel with them
 */
Ptr<ServiceTimeModel>
Model(const std::vector<std::pair<std::string, std::string>>& attributes)
{
    auto m = CreateObject<ServiceTimeModel>();
    for (const auto& [name, value] : attributes)
    {
        m->SetAttribute(name, StringValue(value));
    }
    return m;
}

/**
 * \param s a series
 * \return the offline evaluation of every predictor (N = 8, 20 warm-up samples)
 */
PredictorEvaluation
Evaluate(const Series& s)
{
    return PredictorEvaluation::Run(s.ete, s.level, 8, 20);
}

/** Draws as configured: defaults, trend, cold penalty, regimes, Pareto spikes. */
class ServiceModelDrawsTestCase : public TestCase
{
  public:
    ServiceModelDrawsTestCase()
        : TestCase("service model: default draws do not depend on time; trend, cold penalty, "
                   "regimes and Pareto spikes do what their attributes say")
    {
    }

  private:
    void DoRun() override
    {
        // Defaults: Base + Noise, the same draws at any time, level = Base.
        auto a = Model({});
        auto b = Model({});
        a->AssignStreams(10);
        b->AssignStreams(10);
        for (int i = 0; i < 100; ++i)
        {
            ServiceDraw da = a->Draw(Seconds(i));
            ServiceDraw db = b->Draw(Seconds(1000 * i));
            NS_TEST_ASSERT_MSG_EQ(da.total, db.total, "default draws ignore time");
            NS_TEST_ASSERT_MSG_EQ(da.level, MilliSeconds(2), "level = Base");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(std::abs((da.total - da.level).GetNanoSeconds()),
                                        400000,
                                        "noise bounded at 4 sd");
        }
        // Trend: level = Base + TrendPerHour * t / 1 h exactly; never negative.
        auto t =
            Model({{"TrendPerHour", "36ms"}, {"Noise", "ns3::ConstantRandomVariable[Constant=0]"}});
        t->AssignStreams(20);
        NS_TEST_ASSERT_MSG_EQ(t->Draw(Seconds(100)).level, MilliSeconds(3), "2 ms + 36 ms / 36");
        NS_TEST_ASSERT_MSG_EQ(t->Draw(Seconds(100)).total, MilliSeconds(3), "no noise");
        auto down = Model({{"TrendPerHour", "-7200ms"}});
        down->AssignStreams(21);
        NS_TEST_ASSERT_MSG_EQ(down->Draw(Seconds(3600)).level, Time(0), "floored at 0");
        // Cold penalty: only after an idle gap longer than ColdAfter.
        auto c = Model({{"ColdExtra", "1ms"}, {"ColdAfter", "30s"}});
        c->AssignStreams(22);
        NS_TEST_ASSERT_MSG_EQ(c->Draw(Seconds(0)).cold, false, "first draw");
        NS_TEST_ASSERT_MSG_EQ(c->Draw(Seconds(10)).cold, false, "10 s idle");
        ServiceDraw cold = c->Draw(Seconds(41));
        NS_TEST_ASSERT_MSG_EQ(cold.cold, true, "31 s idle");
        NS_TEST_ASSERT_MSG_EQ(cold.level, MilliSeconds(3), "level + ColdExtra");
        // Regimes: the share of degraded draws approaches D / (N + D); slowdown applied.
        Series r = Draw(Model({{"DegradedSlowdown", "3"},
                               {"NormalDwell", "20s"},
                               {"DegradedDwell", "10s"},
                               {"Noise", "ns3::ConstantRandomVariable[Constant=0]"}}),
                        30,
                        Seconds(1),
                        20000);
        double share = double(r.degraded) / r.ete.size();
        NS_TEST_ASSERT_MSG_EQ_TOL(share, 1.0 / 3, 0.05, "degraded share D / (N + D)");
        for (std::size_t i = 0; i < r.ete.size(); ++i)
        {
            Time expected = r.ete[i] == MilliSeconds(6) ? MilliSeconds(6) : MilliSeconds(2);
            NS_TEST_ASSERT_MSG_EQ(r.ete[i], expected, "x1 or x3, nothing else");
        }
        // Pareto spikes of the same mean are heavier-tailed than exponential ones.
        Series exp = Draw(Model({{"SpikeProbability", "1"},
                                 {"Spike", "ns3::ExponentialRandomVariable[Mean=3e6]"}}),
                          40,
                          Seconds(1),
                          20000);
        Series par = Draw(Model({{"SpikeProbability", "1"},
                                 {"Spike", "ns3::ParetoRandomVariable[Scale=1e6|Shape=1.5]"}}),
                          40,
                          Seconds(1),
                          20000);
        std::sort(exp.ete.begin(), exp.ete.end());
        std::sort(par.ete.begin(), par.ete.end());
        Time expTail = exp.ete[exp.ete.size() * 9995 / 10000];
        Time parTail = par.ete[par.ete.size() * 9995 / 10000];
        NS_TEST_ASSERT_MSG_GT(parTail, 2 * expTail, "Pareto tail (99.95th) heavier");
    }
};

/** The Table II profiles. */
class ServerTypeTestCase : public TestCase
{
  public:
    ServerTypeTestCase()
        : TestCase("server types I-VI: set the model's attributes, differ in speed and noise; an "
                   "unknown type is refused naming the valid ones")
    {
    }

  private:
    void DoRun() override
    {
        auto names = ServerTypeNames();
        NS_TEST_ASSERT_MSG_EQ(names.size(), 6u, "Table II has six machine types");
        std::vector<double> means;
        for (const auto& name : names)
        {
            const ServerTypeProfile& p = GetServerTypeProfile(name);
            NS_TEST_ASSERT_MSG_EQ(p.name, name, "name");
            NS_TEST_ASSERT_MSG_EQ(p.platform.empty(), false, "platform from Table II");
            auto m = CreateObject<ServiceTimeModel>();
            m->SetServerType(name);
            TimeValue base;
            m->GetAttribute("Base", base);
            NS_TEST_ASSERT_MSG_EQ(base.Get(), p.base, "Base set");
            Series s = Draw(m, 50, Seconds(1), 20000);
            double mean = 0;
            for (auto x : s.ete)
            {
                mean += x.GetNanoSeconds();
            }
            mean /= s.ete.size();
            means.push_back(mean);
            // The profile's mean is what the draws give (within 15 %: Pareto tails converge
            // slowly).
            NS_TEST_ASSERT_MSG_EQ_TOL(mean / p.MeanServiceTime().GetNanoSeconds(),
                                      1.0,
                                      0.15,
                                      "type " << name << " mean");
        }
        // The cloud types are slower and noisier than the testbed machines.
        NS_TEST_ASSERT_MSG_GT(means[1], 2 * means[4], "Azure A0 slower than Emulab d710");
        NS_TEST_ASSERT_MSG_GT(means[0], 2 * means[4], "t2.micro slower than Emulab d710");
        chronometry::ScopedThrowOnConfigError guard;
        bool threw = false;
        try
        {
            GetServerTypeProfile("VII");
        }
        catch (const chronometry::ConfigError& e)
        {
            threw = std::string(e.what()).find("I, II, III, IV, V, VI") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "unknown type refused with the valid ones");
    }
};

/**
 * Stationary servers: every adaptive predictor is about as good as a one-time calibration and
 * the oracle; the published Kalman filter is worse (it collapses to the last sample).
 */
class StationaryTestCase : public TestCase
{
  public:
    StationaryTestCase()
        : TestCase("stationary Gaussian ETE: Average, FT-Average, window median and a one-time "
                   "calibration are within 10% of the oracle; Kalman is not; all beat Baseline")
    {
    }

  private:
    void DoRun() override
    {
        for (int64_t seed : {1, 2, 3})
        {
            Series s = Draw(Model({}), 100 * seed, Seconds(1), 3000);
            auto ev = Evaluate(s);
            double oracle = ev.Get("LevelOracle").maeNs;
            for (std::string name : {"Average", "FtAverage", "WindowMedian", "Calibrated"})
            {
                NS_TEST_ASSERT_MSG_LT(ev.Get(name).maeNs, 1.1 * oracle, name << " seed " << seed);
            }
            NS_TEST_ASSERT_MSG_GT(ev.Get("Kalman").maeNs, 1.25 * oracle, "Kalman seed " << seed);
            for (const auto& st : ev.GetAll())
            {
                if (st.name != "Baseline")
                {
                    NS_TEST_ASSERT_MSG_LT(st.maeNs,
                                          0.1 * ev.Get("Baseline").maeNs,
                                          st.name << " vs Baseline");
                }
            }
        }
    }
};

/** One-sided spikes: FT-Average beats Average, the window median matches FT-Average. */
class SpikesTestCase : public TestCase
{
  public:
    SpikesTestCase()
        : TestCase("isolated spikes: FT-Average beats Average and Kalman, the window median does "
                   "as well as FT-Average; frequent spikes defeat the trimmed mean, not the median")
    {
    }

  private:
    void DoRun() override
    {
        for (int64_t seed : {1, 2, 3})
        {
            // 2 % exponential spikes of 10 ms (the study's default load).
            Series s = Draw(Model({{"SpikeProbability", "0.02"},
                                   {"Spike", "ns3::ExponentialRandomVariable[Mean=1e7]"}}),
                            200 * seed,
                            Seconds(1),
                            3000);
            auto ev = Evaluate(s);
            double ft = ev.Get("FtAverage").maeNs;
            NS_TEST_ASSERT_MSG_LT(ft, 0.8 * ev.Get("Average").maeNs, "seed " << seed);
            NS_TEST_ASSERT_MSG_LT(ft, 0.8 * ev.Get("Kalman").maeNs, "seed " << seed);
            NS_TEST_ASSERT_MSG_LT(ev.Get("WindowMedian").maeNs, 1.05 * ft, "seed " << seed);
            // The spikes themselves cannot be predicted: nobody gets near 0.
            NS_TEST_ASSERT_MSG_GT(ft, 0.9 * ev.Get("LevelOracle").maeNs, "seed " << seed);
            // Heavy-tailed (Pareto 1.1) spikes: Average is dragged far more than FT-Average.
            Series h =
                Draw(Model({{"SpikeProbability", "0.05"},
                            {"Spike", "ns3::ParetoRandomVariable[Scale=1e6|Shape=1.1|Bound=1e9]"}}),
                     300 * seed,
                     Seconds(1),
                     3000);
            auto eh = Evaluate(h);
            NS_TEST_ASSERT_MSG_GT(eh.Get("Average").maeNs,
                                  1.4 * eh.Get("FtAverage").maeNs,
                                  "Pareto, seed " << seed);
            // 10 % spikes: two in a window of 8 are common and FT-Average drops only one.
            Series f = Draw(Model({{"SpikeProbability", "0.1"},
                                   {"Spike", "ns3::ExponentialRandomVariable[Mean=1e7]"}}),
                            400 * seed,
                            Seconds(1),
                            3000);
            auto ef = Evaluate(f);
            NS_TEST_ASSERT_MSG_GT(ef.Get("FtAverage").maeNs,
                                  1.08 * ef.Get("WindowMedian").maeNs,
                                  "frequent spikes, seed " << seed);
        }
    }
};

/** Drifting servers: adaptation matters; a one-time calibration fails. */
class DriftTestCase : public TestCase
{
  public:
    DriftTestCase()
        : TestCase("drifting servers: under a trend or regime changes a one-time calibration "
                   "fails; regime steps favour the last sample (and so the published Kalman)")
    {
    }

  private:
    void DoRun() override
    {
        for (int64_t seed : {1, 2, 3})
        {
            // Trend: 20 ms per hour, one sample a second for 3000 s.
            Series t = Draw(Model({{"TrendPerHour", "20ms"}}), 500 * seed, Seconds(1), 3000);
            auto et = Evaluate(t);
            NS_TEST_ASSERT_MSG_GT(et.Get("Calibrated").maeNs,
                                  10 * et.Get("Average").maeNs,
                                  "trend, seed " << seed);
            NS_TEST_ASSERT_MSG_LT(et.Get("Average").maeNs,
                                  1.2 * et.Get("LevelOracle").maeNs,
                                  "trend, seed " << seed);
            // Regimes: x2 slowdown, 20 s dwell each, low noise (10 us).
            Series r =
                Draw(Model({{"DegradedSlowdown", "2"},
                            {"NormalDwell", "20s"},
                            {"DegradedDwell", "20s"},
                            {"Noise", "ns3::NormalRandomVariable[Mean=0|Variance=1e8|Bound=4e4]"}}),
                     600 * seed,
                     Seconds(1),
                     3000);
            auto er = Evaluate(r);
            NS_TEST_ASSERT_MSG_GT(r.degraded, 600u, "regimes happened, seed " << seed);
            double average = er.Get("Average").maeNs;
            NS_TEST_ASSERT_MSG_LT(er.Get("LastSample").maeNs, 0.5 * average, "seed " << seed);
            NS_TEST_ASSERT_MSG_LT(er.Get("Kalman").maeNs, 0.5 * average, "seed " << seed);
            NS_TEST_ASSERT_MSG_GT(er.Get("Calibrated").maeNs, 2 * average, "seed " << seed);
            std::string best = er.BestByMae();
            NS_TEST_ASSERT_MSG_EQ((best == "Kalman" || best == "LastSample"),
                                  true,
                                  "a step follower wins, seed " << seed);
            // ... and every predictor is far from the oracle: a step cannot be foreseen.
            NS_TEST_ASSERT_MSG_GT(er.Get("LastSample").maeNs,
                                  3 * er.Get("LevelOracle").maeNs,
                                  "seed " << seed);
        }
    }
};

} // namespace

/** \ingroup chronometry-tests Service time models and where each predictor wins. */
class ServiceTimeModelTestSuite : public TestSuite
{
  public:
    ServiceTimeModelTestSuite()
        : TestSuite("chronometry-service-time-model", Type::UNIT)
    {
        AddTestCase(new ServiceModelDrawsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ServerTypeTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StationaryTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SpikesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new DriftTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ServiceTimeModelTestSuite g_serviceTimeModelTestSuite;
