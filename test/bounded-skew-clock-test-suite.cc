/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// BoundedSkewClock: 64 nodes stay within E of each other over 10^6 reads, reads
// are monotonic, and the thesis' original form is shown to break the bound.
#include "ns3/bounded-skew-clock.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param n number of clocks
 * \param bound E
 * \param form "Bounded" or "Thesis"
 * \return the clocks, streams fixed
 */
std::vector<Ptr<BoundedSkewClock>>
MakeClocks(int n,
           Time bound,
           const std::string& form,
           int64_t firstStream = 1000,
           const std::string& generator = "Stream")
{
    std::vector<Ptr<BoundedSkewClock>> clocks;
    for (int i = 0; i < n; ++i)
    {
        clocks.push_back(CreateObjectWithAttributes<BoundedSkewClock>("SkewBound",
                                                                      TimeValue(bound),
                                                                      "Form",
                                                                      StringValue(form),
                                                                      "Generator",
                                                                      StringValue(generator)));
        clocks.back()->AssignStreams(firstStream + i);
    }
    return clocks;
}

/** Skew statistics over a run. */
struct SkewStats
{
    uint64_t reads = 0;       //!< reads made
    uint64_t instants = 0;    //!< instants at which at least two clocks read
    uint64_t overBound = 0;   //!< instants with pairwise skew > E
    uint64_t outOfWindow = 0; //!< reads outside [t, t + E]
    uint64_t decreases = 0;   //!< per-clock decreasing reads
    Time maxSkew{0};          //!< largest pairwise skew at one instant
    Time maxBehind{0};        //!< largest t - reading
};

/**
 * Run the clocks: at each instant a random subset (fraction \p activity) reads.
 * \param clocks the clocks
 * \param bound E
 * \param instants number of instants
 * \param activity probability that a clock reads at an instant
 * \param seed test-scaffolding seed for instants and subsets
 * \return statistics
 */
SkewStats
RunReads(std::vector<Ptr<BoundedSkewClock>>& clocks,
         Time bound,
         int instants,
         double activity,
         uint64_t seed)
{
    SkewStats stats;
    std::vector<Time> last(clocks.size(), Time(0));
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int64_t> gapNs(1, 200'000);
    std::bernoulli_distribution reads(activity);
    Time at(0);
    for (int k = 0; k < instants; ++k)
    {
        at += NanoSeconds(gapNs(rng));
        std::vector<bool> who(clocks.size());
        for (std::size_t i = 0; i < clocks.size(); ++i)
        {
            who[i] = activity >= 1.0 || reads(rng);
        }
        Simulator::Schedule(at, [&, who]() {
            Time t = Simulator::Now();
            Time lo = Time::Max();
            Time hi = Time::Min();
            int n = 0;
            for (std::size_t i = 0; i < clocks.size(); ++i)
            {
                if (!who[i])
                {
                    continue;
                }
                Time r = clocks[i]->GetLocalTime();
                ++stats.reads;
                ++n;
                stats.outOfWindow += (r < t || r > t + bound) ? 1 : 0;
                stats.decreases += (r < last[i]) ? 1 : 0;
                stats.maxBehind = std::max(stats.maxBehind, t - r);
                last[i] = r;
                lo = std::min(lo, r);
                hi = std::max(hi, r);
            }
            if (n >= 2)
            {
                ++stats.instants;
                stats.maxSkew = std::max(stats.maxSkew, hi - lo);
                stats.overBound += (hi - lo > bound) ? 1 : 0;
            }
        });
    }
    Simulator::Run();
    Simulator::Destroy();
    return stats;
}

/** The headline property: 64 nodes, 10^6 reads, every pair within E at every instant. */
class SixtyFourNodesTestCase : public TestCase
{
  public:
    SixtyFourNodesTestCase()
        : TestCase("64 bounded-skew clocks stay within E over 10^6 reads; reads are monotonic")
    {
    }

  private:
    void DoRun() override
    {
        const Time bound = MicroSeconds(100);
        auto clocks = MakeClocks(64, bound, "Bounded");
        SkewStats all = RunReads(clocks, bound, 15625, 1.0, 1); // 64 * 15625 = 10^6 reads
        NS_TEST_ASSERT_MSG_EQ(all.reads, 1000000, "10^6 reads");
        NS_TEST_ASSERT_MSG_EQ(all.overBound, 0, "no instant with pairwise skew above E");
        NS_TEST_ASSERT_MSG_EQ(all.outOfWindow, 0, "every read within [t, t + E]");
        NS_TEST_ASSERT_MSG_EQ(all.decreases, 0, "monotonic reads");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(all.maxSkew, bound, "max skew within E");
        NS_TEST_ASSERT_MSG_GT(all.maxSkew, bound * 9 / 10, "the draws use the whole window");

        // Mostly idle nodes (each reads at 5% of instants) must not fall behind either.
        auto idle = MakeClocks(64, bound, "Bounded");
        SkewStats sparse = RunReads(idle, bound, 20000, 0.05, 2);
        NS_TEST_ASSERT_MSG_EQ(sparse.overBound, 0, "idle nodes: no skew above E");
        NS_TEST_ASSERT_MSG_EQ(sparse.outOfWindow, 0, "idle nodes: reads within [t, t + E]");
        NS_TEST_ASSERT_MSG_EQ(sparse.decreases, 0, "idle nodes: monotonic");
    }
};

/**
 * \param clock a clock
 * \param reads reads to make, at instants 37 us apart, two per instant
 * \param bound its E
 * \param positions if not null, receives each read's position in its allowed window, in [0, 1)
 * \return the readings, in order
 */
std::vector<int64_t>
ReadSequence(Ptr<BoundedSkewClock> clock,
             int reads,
             Time bound,
             std::vector<double>* positions = nullptr)
{
    std::vector<int64_t> out;
    for (int k = 0; k < reads / 2; ++k)
    {
        Simulator::Schedule(MicroSeconds(37) * k, [clock, bound, positions, &out] {
            for (int r = 0; r < 2; ++r)
            {
                const int64_t t = Simulator::Now().GetTimeStep();
                const int64_t lo = std::max(t, clock->GetLastReading().GetTimeStep());
                const int64_t hi = t + bound.GetTimeStep();
                const int64_t reading = clock->GetLocalTime().GetTimeStep();
                out.push_back(reading);
                if (positions && hi > lo)
                {
                    positions->push_back(double(reading - lo) / double(hi - lo + 1));
                }
            }
        });
    }
    Simulator::Run();
    Simulator::Destroy();
    return out;
}

/**
 * Generator = Pcg64 (a std::mt19937_64 seeded from the clock's ns-3 stream) keeps every
 * property of the Stream generator: 64 nodes within E over 10^6 reads, monotonic; each read
 * uniform in its allowed window (10-bin chi-square); the sequence set by the stream (the same
 * stream twice gives the same readings, another stream or the Stream generator others, and
 * AssignStreams reseeds).
 */
class FastGeneratorTestCase : public TestCase
{
  public:
    FastGeneratorTestCase()
        : TestCase("Generator=Pcg64: within E over 10^6 reads, uniform in the window, "
                   "reproducible by stream")
    {
    }

  private:
    void DoRun() override
    {
        const Time bound = MicroSeconds(100);
        auto clocks = MakeClocks(64, bound, "Bounded", 1000, "Pcg64");
        SkewStats all = RunReads(clocks, bound, 15625, 1.0, 1);
        NS_TEST_ASSERT_MSG_EQ(all.reads, 1000000, "10^6 reads");
        NS_TEST_ASSERT_MSG_EQ(all.overBound, 0, "no instant with pairwise skew above E");
        NS_TEST_ASSERT_MSG_EQ(all.outOfWindow, 0, "every read within [t, t + E]");
        NS_TEST_ASSERT_MSG_EQ(all.decreases, 0, "monotonic reads");
        NS_TEST_ASSERT_MSG_GT(all.maxSkew, bound * 9 / 10, "the draws use the whole window");

        // Uniform within the window: chi-square over 10 bins, 9 degrees of freedom
        // (27.88 is the 0.999 quantile).
        std::vector<double> positions;
        ReadSequence(MakeClocks(1, bound, "Bounded", 77, "Pcg64")[0], 40000, bound, &positions);
        NS_TEST_ASSERT_MSG_GT(positions.size(), 39000u, "reads with a window");
        std::vector<double> bins(10, 0);
        for (double x : positions)
        {
            bins[std::min<std::size_t>(9, static_cast<std::size_t>(x * 10))] += 1;
        }
        const double expected = positions.size() / 10.0;
        double chi2 = 0;
        for (double b : bins)
        {
            chi2 += (b - expected) * (b - expected) / expected;
        }
        NS_TEST_ASSERT_MSG_LT(chi2, 27.88, "uniform in [max(previous, t), t + E]");

        auto a = ReadSequence(MakeClocks(1, bound, "Bounded", 5, "Pcg64")[0], 1000, bound);
        auto b = ReadSequence(MakeClocks(1, bound, "Bounded", 5, "Pcg64")[0], 1000, bound);
        auto c = ReadSequence(MakeClocks(1, bound, "Bounded", 6, "Pcg64")[0], 1000, bound);
        auto d = ReadSequence(MakeClocks(1, bound, "Bounded", 5, "Stream")[0], 1000, bound);
        NS_TEST_ASSERT_MSG_EQ((a == b), true, "same stream, same readings");
        NS_TEST_ASSERT_MSG_EQ((a == c), false, "another stream, other readings");
        NS_TEST_ASSERT_MSG_EQ((a == d), false, "the Stream generator, other readings");
        // AssignStreams after reads reseeds: the sequence starts over.
        auto clock = MakeClocks(1, bound, "Bounded", 5, "Pcg64")[0];
        ReadSequence(clock, 500, bound);
        clock->AssignStreams(5);
        auto again = ReadSequence(clock, 1000, bound);
        std::vector<int64_t> aOffsets;
        std::vector<int64_t> againOffsets;
        for (std::size_t k = 0; k < a.size(); ++k)
        {
            // Same instants from 0 in both runs (Simulator::Destroy resets time) and the same
            // draws; the readings differ only while the earlier run's last reading dominates,
            // and agree from the first read both take above true time: compare the last 100.
            if (k + 100 >= a.size())
            {
                aOffsets.push_back(a[k]);
                againOffsets.push_back(again[k]);
            }
        }
        NS_TEST_ASSERT_MSG_EQ((aOffsets == againOffsets), true, "AssignStreams reseeds");
    }
};

/**
 * The thesis' Algorithm 5.1 has no lower bound: with mostly idle nodes the pairwise skew
 * exceeds E.  This documents the defect (see doc/chronometry.rst) as a property of the form,
 * not of one draw: over 10 independent executions (each its own random streams and read
 * pattern), the thesis form exceeds E in every one, by nodes falling behind true time by more
 * than E, while the bounded form on the very same read patterns never does.
 */
class ThesisFormBreaksBoundTestCase : public TestCase
{
  public:
    ThesisFormBreaksBoundTestCase()
        : TestCase("thesis form (Algorithm 5.1) exceeds E when nodes read rarely (10 executions; "
                   "the bounded form on the same reads never does)")
    {
    }

  private:
    void DoRun() override
    {
        const Time bound = MicroSeconds(100);
        uint64_t over = 0;
        uint64_t instants = 0;
        Time leastMaxBehind = Time::Max();
        for (uint64_t seed = 1; seed <= 10; ++seed)
        {
            const auto streams = static_cast<int64_t>(1000 + 100 * seed);
            auto thesisClocks = MakeClocks(64, bound, "Thesis", streams);
            SkewStats thesis = RunReads(thesisClocks, bound, 5000, 0.05, seed);
            auto boundedClocks = MakeClocks(64, bound, "Bounded", streams);
            SkewStats bounded = RunReads(boundedClocks, bound, 5000, 0.05, seed);
            NS_TEST_ASSERT_MSG_EQ(thesis.instants, bounded.instants, "same read pattern");
            NS_TEST_ASSERT_MSG_EQ(thesis.decreases, 0, "the thesis form is still monotonic");
            NS_TEST_ASSERT_MSG_GT(thesis.overBound, 0, "execution " << seed << ": over E");
            NS_TEST_ASSERT_MSG_GT(thesis.maxSkew, bound, "execution " << seed);
            NS_TEST_ASSERT_MSG_GT(thesis.maxBehind,
                                  bound,
                                  "execution " << seed << ": a node falls behind by more than E");
            NS_TEST_ASSERT_MSG_EQ(bounded.overBound, 0, "execution " << seed << ": bounded form");
            NS_TEST_ASSERT_MSG_EQ(bounded.maxBehind, Time(0), "bounded form never lags");
            over += thesis.overBound;
            instants += thesis.instants;
            leastMaxBehind = std::min(leastMaxBehind, thesis.maxBehind);
        }
        std::cout << "thesis form, 64 nodes reading at 5% of instants (mean gap 100 us), "
                  << "E = 100 us, 10 executions: instants over E " << over << "/" << instants
                  << ", smallest per-execution max lag behind true time "
                  << leastMaxBehind.As(Time::US) << " (bounded form: 0 over E)" << std::endl;
    }
};

/** An event scheduled at local time L runs when reads are at least L. */
class BoundedSchedulingTestCase : public TestCase
{
  public:
    BoundedSchedulingTestCase()
        : TestCase("bounded-skew local-time events run when every read has reached the target")
    {
    }

  private:
    void DoRun() override
    {
        auto clock = MakeClocks(1, MilliSeconds(1), "Bounded").front();
        std::vector<std::pair<Time, Time>> fired; // (target, read at firing)
        uint32_t late = 0;                        // fired after the target in true time
        for (int k = 1; k <= 100; ++k)
        {
            Time target = MicroSeconds(137 * k);
            clock->ScheduleAtLocal(target, [&fired, &late, clock, target]() {
                fired.emplace_back(target, clock->GetLocalTime());
                late += Simulator::Now() > target;
            });
        }
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(late, 0, "an event scheduled at local time T ran after true time T");
        NS_TEST_ASSERT_MSG_EQ(fired.size(), 100, "all fired");
        for (const auto& [target, read] : fired)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(read, target, "read at firing reached the target");
        }
    }
};

} // namespace

/** \ingroup chronometry-tests BoundedSkewClock. */
class BoundedSkewClockTestSuite : public TestSuite
{
  public:
    BoundedSkewClockTestSuite()
        : TestSuite("chronometry-bounded-skew-clock", Type::UNIT)
    {
        AddTestCase(new SixtyFourNodesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FastGeneratorTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ThesisFormBreaksBoundTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BoundedSchedulingTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static BoundedSkewClockTestSuite g_boundedSkewClockTestSuite;
