/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Cost of translating a TSC value with the MinRTT relation: the two-round
// translation (Eq. 4) is the baseline; the multi-round set-membership estimator,
// Scenario 3 and the multi-round fit itself are printed as ratios against it,
// all measured in the same run.
#include "ratio-reporter.h"

#include "ns3/tsc-relation.h"

#include <benchmark/benchmark.h>
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
    double b0 = static_cast<double>(r[150].peerB);
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += rel.Translate(b0 + i * 1000.0).bound;
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
    double b0 = static_cast<double>(r[150].peerB);
    for (auto _ : state)
    {
        double sum = 0;
        for (int i = 0; i < ITEMS; ++i)
        {
            sum += m.Translate(b0 + i * 1000.0).bound;
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

} // namespace

BENCHMARK(BM_TwoRoundTranslate);
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
              << base->second << " ns, same run); BM_MultiRoundFit400 is per fit of 400 "
              << "rounds divided by " << ITEMS << ":\n";
    for (const auto& [name, ns] : reporter.nsPerItem)
    {
        std::printf("  %-32s %9.3f ns  %8.2fx\n", name.c_str(), ns, ns / base->second);
    }
    return 0;
}
