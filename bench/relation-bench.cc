/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Cost of translating a TSC value with the MinRTT relation: the two-round
// translation (Eq. 4) is the baseline; the exact (integer-difference) form, the
// drift-wander term, the multi-round set-membership estimator, Scenario 3, the
// multi-round fits (one and both directions) and N = 30 relation-graph queries are
// printed as ratios against it, all measured in the same run.
#include "ratio-reporter.h"

#include "ns3/multi-round-relation.h"
#include "ns3/relation-graph.h"
#include "ns3/tsc-relation.h"
#include "ns3/tsc-scenarios.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>

using namespace ns3::relation;

namespace
{

constexpr int ITEMS = 1000;

/** Rounds of a synthetic pair: A at 2.2 GHz, B at 3 GHz (+30 ppm), 400 rounds. */
std::vector<MinRttRound>
MakeRounds(double bBoot)
{
    std::mt19937_64 rng(1);
    std::exponential_distribution<double> q(1.0 / 30e-6);
    std::vector<MinRttRound> out;
    auto A = [](double t) { return static_cast<uint64_t>(1e9 + 2.2e9 * t); };
    auto B = [bBoot](double t) { return static_cast<uint64_t>(bBoot + 3e9 * (1 + 30e-6) * t); };
    for (int w = 0; w < 4; ++w)
    {
        for (int i = 0; i < 100; ++i)
        {
            double t = 1 + 10 * w + i * 1e-3;
            double f = 50e-6 + q(rng);
            double r = 50e-6 + q(rng);
            out.push_back(MinRttRound{A(t), B(t + f), A(t + f + r)});
        }
    }
    return out;
}

const std::vector<MinRttRound>&
Rounds()
{
    static std::vector<MinRttRound> r = MakeRounds(5e11);
    return r;
}

const std::vector<MinRttRound>&
RoundsC()
{
    static std::vector<MinRttRound> r = MakeRounds(7e11);
    return r;
}

void
BM_TwoRoundTranslate(benchmark::State& state)
{
    const auto& r = Rounds();
    TscRelation rel(SelectMinRtt({r.begin(), r.begin() + 100}),
                    SelectMinRtt({r.end() - 100, r.end()}));
    const uint64_t b0 = r[150].peerB;
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += rel.Translate(TickPoint{b0 + i * 1000, 0}).bound;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

void
BM_MultiRoundTranslate(benchmark::State& state)
{
    const auto& r = Rounds();
    MultiRoundRelation m;
    m.AddRounds(r);
    m.Fit();
    const uint64_t b0 = r[150].peerB;
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += m.Translate(TickPoint{b0 + i * 1000, 0}).bound;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
    state.counters["vertices"] = static_cast<double>(m.GetNVertices());
}

void
BM_Scenario3(benchmark::State& state)
{
    const auto& r = Rounds();
    const auto& c = RoundsC();
    TscRelation ab(SelectMinRtt({r.begin(), r.begin() + 100}),
                   SelectMinRtt({r.end() - 100, r.end()}));
    TscRelation bc(SelectMinRtt({c.begin(), c.begin() + 100}),
                   SelectMinRtt({c.end() - 100, c.end()}));
    uint64_t b0 = r[150].peerB;
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += Scenario3(ab, bc, b0 + i * 1000, b0 + i * 1000 + 5000).bound;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

void
BM_MultiRoundFit400(benchmark::State& state)
{
    const auto& r = Rounds();
    for (auto _ : state)
    {
        MultiRoundRelation m;
        m.AddRounds(r);
        benchmark::DoNotOptimize(m.Fit());
    }
    // one fit counted as ITEMS items so the ratio reads "one fit = x translations"
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

/** The exact form at a 2^62-tick boot: integer differences, then doubles. */
void
BM_ExactTranslateFrom(benchmark::State& state)
{
    static std::vector<MinRttRound> r = MakeRounds(std::ldexp(1.0, 62));
    TscRelation rel(SelectMinRtt({r.begin(), r.begin() + 100}),
                    SelectMinRtt({r.end() - 100, r.end()}));
    uint64_t b0 = r[150].peerB;
    uint64_t a0 = r[150].sendA;
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += rel.TranslateFrom(b0 + i * 1000, a0).bound;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

/** Two-round translation with a drift-wander term (rate and steps). */
void
BM_TranslateWithWander(benchmark::State& state)
{
    const auto& r = Rounds();
    DriftWander w;
    w.ratePpmPerSecond = 0.01;
    w.stepPpm = 1;
    w.peerFrequencyHz = 3e9;
    TscRelation rel(SelectMinRtt({r.begin(), r.begin() + 100}),
                    SelectMinRtt({r.end() - 100, r.end()}),
                    1.0,
                    w);
    uint64_t b0 = r[150].peerB;
    uint64_t a0 = r[150].sendA;
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += rel.TranslateFrom(b0 + i * 1000, a0).bound;
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

/** A fit over 400 rounds from A and 400 from B (both probing directions). */
void
BM_MultiRoundFitBoth800(benchmark::State& state)
{
    const auto& r = Rounds();
    std::vector<MinRttRound> reverse;
    for (const auto& x : r)
    {
        // B's view of the same exchanges: B sends, A's midpoint reads, B receives
        uint64_t mid = x.sendA + (x.recvA - x.sendA) / 2;
        reverse.push_back(MinRttRound{x.peerB - 300000, mid, x.peerB + 300000});
    }
    for (auto _ : state)
    {
        MultiRoundRelation m;
        m.AddRounds(r);
        m.AddReverseRounds(reverse);
        benchmark::DoNotOptimize(m.Fit());
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

/** A synthetic N = 30 graph: a ring plus 15% of the other pairs, two-round edges. */
const RelationGraph&
Graph30()
{
    static RelationGraph g = [] {
        const uint32_t n = 30;
        RelationGraph graph(n);
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> u(0, 1);
        std::vector<double> hz;
        std::vector<double> boot;
        for (uint32_t i = 0; i < n; ++i)
        {
            hz.push_back(2e9 + 1.5e9 * u(rng));
            boot.push_back(std::floor(1e12 * u(rng)));
        }
        std::exponential_distribution<double> q(1.0 / 30e-6);
        auto tick = [&](uint32_t k, double t) {
            return static_cast<uint64_t>(boot[k] + hz[k] * t);
        };
        auto round = [&](uint32_t x, uint32_t y, double t) {
            double f = 50e-6 + q(rng);
            double r = 50e-6 + q(rng);
            return MinRttRound{tick(x, t), tick(y, t + f), tick(x, t + f + r)};
        };
        for (uint32_t i = 0; i < n; ++i)
        {
            for (uint32_t j = i + 1; j < n; ++j)
            {
                if (j != i + 1 && !(i == 0 && j == n - 1) && u(rng) > 0.15)
                {
                    continue;
                }
                for (auto [x, y] : {std::make_pair(i, j), std::make_pair(j, i)})
                {
                    std::vector<MinRttRound> pre;
                    std::vector<MinRttRound> post;
                    for (int k = 0; k < 20; ++k)
                    {
                        pre.push_back(round(x, y, 1 + k * 1e-3));
                        post.push_back(round(x, y, 61 + k * 1e-3));
                    }
                    graph.AddRelation(x, y, TscRelation(SelectMinRtt(pre), SelectMinRtt(post)));
                }
            }
        }
        return graph;
    }();
    return g;
}

/** N = 30: best chain (Bellman-Ford) for one query; a query counts as ITEMS items. */
void
BM_GraphBestPathN30(benchmark::State& state)
{
    const RelationGraph& g = Graph30();
    uint32_t k = 0;
    for (auto _ : state)
    {
        uint32_t from = k % 30;
        uint32_t to = (k * 7 + 11) % 30;
        to = to == from ? (to + 1) % 30 : to;
        ++k;
        benchmark::DoNotOptimize(g.TranslateBest(from, TickPoint{1000000000000ull, 0}, to));
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

/** N = 30: best chain tightened by the direct edge and all two-hop paths. */
void
BM_GraphCheckedN30(benchmark::State& state)
{
    const RelationGraph& g = Graph30();
    uint32_t k = 0;
    for (auto _ : state)
    {
        uint32_t from = k % 30;
        uint32_t to = (k * 7 + 11) % 30;
        to = to == from ? (to + 1) % 30 : to;
        ++k;
        benchmark::DoNotOptimize(g.Translate(from, 1000000000000ull, to));
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

} // namespace

BENCHMARK(BM_TwoRoundTranslate);
BENCHMARK(BM_ExactTranslateFrom);
BENCHMARK(BM_TranslateWithWander);
BENCHMARK(BM_MultiRoundFitBoth800);
BENCHMARK(BM_GraphBestPathN30);
BENCHMARK(BM_GraphCheckedN30);
BENCHMARK(BM_MultiRoundTranslate);
BENCHMARK(BM_Scenario3);
BENCHMARK(BM_MultiRoundFit400);

int
main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    chronometry_bench::RatioReporter reporter(ITEMS, 1.0);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    auto base = reporter.nsPerItem.find("BM_TwoRoundTranslate");
    if (base == reporter.nsPerItem.end() || base->second <= 0)
    {
        std::cerr << "baseline BM_TwoRoundTranslate did not run" << std::endl;
        return 1;
    }
    std::cout << "\nCost per translation, as a ratio to the two-round Eq. 4 translation ("
              << base->second << " ns, same run); the fits (400 rounds, or 400 + 400 from "
              << "both directions) and the N = 30 graph queries are per fit or query divided "
              << "by " << ITEMS << ":\n";
    for (const auto& [name, ns] : reporter.nsPerItem)
    {
        std::printf("  %-32s %9.3f ns  %8.2fx\n", name.c_str(), ns, ns / base->second);
    }
    return 0;
}
