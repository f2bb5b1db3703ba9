/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The relation study's scoring without a simulator, on hand-built probe rounds and pipeline
// tuples with known answers: with exact clocks every CP method finds the true durations; with
// a drifting, far-off peer counter every bound still covers its error; a method without data
// scores nothing; a window without rounds is refused by name.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/relation-study-scoring.h"
#include "ns3/study-description.h"
#include "ns3/study-runner.h"
#include "ns3/test.h"

#include <functional>

using namespace ns3;
using namespace ns3::relation;

namespace
{

/** A node's TSC at a true time (ns): its counter value, 1 GHz nominal. */
using Counter = std::function<uint64_t(uint64_t trueNs)>;

/**
 * Probe rounds and tuples of nodes A, B, C whose counters are given.  Every window has four
 * rounds per pair (RTT 100, 120, 140 and 160 ns, the answer half-way); ten tuples, each
 * relayed by B 300 ns after A emitted it, passed on 200 ns later and sunk by C 300 ns after.
 * \param counters A's, B's and C's counters
 * \return the read-out
 */
RelationReadOut
MakeRun(const std::vector<Counter>& counters)
{
    RelationReadOut run;
    run.nominalHz = {1e9, 1e9, 1e9};
    const std::vector<std::pair<std::string, uint64_t>> windows = {{"pre", 100000000},
                                                                   {"busy1", 1100000000},
                                                                   {"busy2", 1600000000},
                                                                   {"post", 2500000000}};
    for (const auto& [window, start] : windows)
    {
        for (auto [i, j] : {std::pair<uint32_t, uint32_t>{0, 1}, {0, 2}, {1, 2}})
        {
            auto& rounds = run.rounds[{window, i, j}];
            for (uint64_t k = 0; k < 4; ++k)
            {
                const uint64_t t = start + 10000 * k;
                const uint64_t rtt = 100 + 20 * k;
                rounds.push_back({counters[i](t), counters[j](t + rtt / 2), counters[i](t + rtt)});
            }
        }
    }
    for (uint64_t k = 0; k < 10; ++k)
    {
        const uint64_t emit = 1200000000 + 10000000 * k;
        RelationTuple t;
        t.emitA = counters[0](emit);
        t.relayInB = counters[1](emit + 300);
        t.relayOutB = counters[1](emit + 500);
        t.sinkInC = counters[2](emit + 800);
        t.trueAC = 800; // A counts true nanoseconds
        t.trueBC = 500;
        t.trueB = 200;
        run.tuples.push_back(t);
    }
    return run;
}

/** \return an empty result of the relation study's layout */
StudyResult
EmptyResult()
{
    const StudyDescription* d = StudyDescription::Find("relation");
    return StudyResult(*d, StudyRunner::ReadParameters(d->Create()));
}

/** \brief Exact and drifting counters: the estimates, their bounds and the rows. */
class RelationScoringTestCase : public TestCase
{
  public:
    RelationScoringTestCase()
        : TestCase("relation scoring: exact clocks give the true durations; a drifting peer "
                   "far from A stays within every bound")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> cp = {"CP", "CP_BUSY", "CP_MULTI"};
        Counter exact = [](uint64_t t) { return t; };
        {
            StudyResult r = EmptyResult();
            RelationStudyScoring::Counts c = RelationStudyScoring(DriftWander(), false, 10)
                                                 .Score(MakeRun({exact, exact, exact}), r);
            NS_TEST_ASSERT_MSG_EQ(c.tuples, 10, "every tuple scored");
            NS_TEST_ASSERT_MSG_EQ(c.refuted, 0, "an exact affine relation is not refuted");
            NS_TEST_ASSERT_MSG_EQ(r.GetRows().size(), 13, "one row per (method, path)");
            for (const std::string& path : {"A->C", "B->C", "B"})
            {
                for (const std::string& method : cp)
                {
                    const StudyRecord& row = r.GetRow({{"method", method}, {"path", path}});
                    NS_TEST_ASSERT_MSG_EQ(row.Get<uint64_t>("n"), 10, method << " " << path);
                    NS_TEST_ASSERT_MSG_EQ(row.Get<uint64_t>("covered"), 10, method << " " << path);
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(row.Get<double>("max_abs_error_us"),
                                                0.002,
                                                method << " " << path << ": within 2 ticks");
                }
            }
            for (const std::string& path : {"A->C", "B->C"})
            {
                const StudyRecord& ntp = r.GetRow({{"method", "NTP"}, {"path", path}});
                NS_TEST_ASSERT_MSG_EQ(ntp.Get<uint64_t>("n"), 0, "no NTP estimate was read out");
            }
            const StudyRecord& ac = r.GetRow({{"method", "CP"}, {"path", "A->C"}});
            NS_TEST_ASSERT_MSG_EQ_TOL(ac.Get<double>("half_min_rtt_us"), 0.05, 1e-12, "50 ns");
            NS_TEST_ASSERT_MSG_EQ_TOL(ac.Get<double>("min_rtt_quiet_us"), 0.1, 1e-12, "100 ns");
            NS_TEST_ASSERT_MSG_EQ_TOL(ac.Get<double>("mean_latency_us"), 0.8, 1e-12, "800 ns");
        }
        {
            // B's counter: 2^50 ticks of uptime and 50 ppm fast.
            Counter drifting = [](uint64_t t) { return (uint64_t(1) << 50) + t + t / 20000; };
            StudyResult r = EmptyResult();
            RelationStudyScoring(DriftWander(), false, 10)
                .Score(MakeRun({exact, drifting, exact}), r);
            for (const std::string& path : {"A->C", "B->C", "B"})
            {
                for (const std::string& method : cp)
                {
                    const StudyRecord& row = r.GetRow({{"method", method}, {"path", path}});
                    NS_TEST_ASSERT_MSG_EQ(row.Get<uint64_t>("covered"),
                                          row.Get<uint64_t>("n"),
                                          method << " " << path << ": every bound holds");
                    NS_TEST_ASSERT_MSG_GT(row.Get<uint64_t>("n"), 0, method << " " << path);
                }
            }
            const StudyRecord& b = r.GetRow({{"method", "CP"}, {"path", "B"}});
            NS_TEST_ASSERT_MSG_LT_OR_EQ(b.Get<double>("max_abs_error_us"),
                                        b.Get<double>("max_bound_us"),
                                        "error within the largest bound");
        }
        {
            // No round in a window the relations need: refused, naming it.
            RelationReadOut run = MakeRun({exact, exact, exact});
            run.rounds.erase({"busy1", 0, 2});
            StudyResult r = EmptyResult();
            chronometry::ScopedThrowOnConfigError guard;
            std::string message;
            try
            {
                RelationStudyScoring(DriftWander(), false, 10).Score(run, r);
            }
            catch (const chronometry::ConfigError& e)
            {
                message = e.what();
            }
            NS_TEST_ASSERT_MSG_NE(message.find("window busy1 for pair 0->2"),
                                  std::string::npos,
                                  message);
        }
    }
};

/**
 * \brief The measured J: the spread of a pair's window-to-window ratios (windows at 0.1, 1.1,
 * 1.6 and 2.5 s).  C's counter steps by -10 ppm (it runs slower: A's ratio per C tick grows)
 * mid-segment between busy1 and busy2: the segments before and after the step differ by the
 * whole step, so J = 10 ppm; an exact pair reads 0.  A step 0.1 s before the last window shows
 * in one ninth of the last segment only: J about 1.1 ppm, where measuring under-reads a step
 * (doc/relation.rst).  J from the pre and post windows alone (one segment) would read 0 for both.
 */
class MeasuredStepTestCase : public TestCase
{
  public:
    MeasuredStepTestCase()
        : TestCase("relation scoring: the measured J reads a step between windows, under-reads "
                   "one next to a window")
    {
    }

  private:
    void DoRun() override
    {
        Counter exact = [](uint64_t t) { return t; };
        auto stepAt = [](uint64_t atNs) {
            return Counter([atNs](uint64_t t) {
                return t <= atNs ? t : t - static_cast<uint64_t>((t - atNs) * 10e-6);
            });
        };
        RelationReadOut mid = MakeRun({exact, exact, stepAt(1350000000)});
        NS_TEST_EXPECT_MSG_EQ_TOL(RelationStudyScoring::MeasuredStepPpm(mid, 0, 2),
                                  10.0,
                                  0.05,
                                  "the whole step between busy1 and busy2");
        NS_TEST_EXPECT_MSG_EQ_TOL(RelationStudyScoring::MeasuredStepPpm(mid, 0, 1),
                                  0.0,
                                  0.01,
                                  "an exact pair");
        RelationReadOut late = MakeRun({exact, exact, stepAt(2400000000)});
        NS_TEST_EXPECT_MSG_EQ_TOL(RelationStudyScoring::MeasuredStepPpm(late, 0, 2),
                                  10.0 / 9,
                                  0.05,
                                  "a ninth of the step, 0.1 s before the last window");
    }
};

/** \brief Suite. */
class RelationScoringTestSuite : public TestSuite
{
  public:
    RelationScoringTestSuite()
        : TestSuite("chronometry-relation-scoring", Type::UNIT)
    {
        AddTestCase(new RelationScoringTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new MeasuredStepTestCase, chronometry::TestDuration::QUICK);
    }
};

RelationScoringTestSuite g_relationScoringTestSuite; //!< instance

} // namespace
