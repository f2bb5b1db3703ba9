/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RDA latency sketches: insert cost per packet and decode cost per difference, as ratios
// to the LDA insert measured in the same run.  Items per iteration: 1000 (packets for
// inserts, differences for decode and FineComb repair; d = 1000, k = 3, m = 2 d per bank,
// LDA / FineComb at the same memory).

#include "ratio-reporter.h"

#include "ns3/latency-interval-cache.h"
#include "ns3/lda-sketch.h"
#include "ns3/rda-sketch.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <iostream>
#include <random>
#include <vector>

using namespace ns3;

namespace
{
constexpr int ITEMS = 1000;  //!< packets / differences per iteration
constexpr uint32_t K = 3;    //!< banks
constexpr uint32_t M = 2000; //!< buckets per bank (2 d)

/** \return ITEMS random (id, ts) pairs */
const std::vector<std::pair<uint64_t, int64_t>>&
Packets()
{
    static std::vector<std::pair<uint64_t, int64_t>> v = [] {
        std::mt19937_64 g(1);
        std::vector<std::pair<uint64_t, int64_t>> out;
        for (int i = 0; i < ITEMS; ++i)
        {
            out.emplace_back(g(), static_cast<int64_t>(g() % 1000000000));
        }
        return out;
    }();
    return v;
}

void
BM_LdaInsert(benchmark::State& state)
{
    LdaSketch s(K * M * 32 / 16, 1);
    for (auto _ : state)
    {
        for (const auto& p : Packets())
        {
            s.Insert(p.first, p.second);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

void
BM_RdaInsert(benchmark::State& state)
{
    RdaSketch s(K, M, state.range(0) != 0, 1);
    for (auto _ : state)
    {
        for (const auto& p : Packets())
        {
            s.Insert(p.first, p.second);
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
}

void
BM_RdaDecode(benchmark::State& state)
{
    RdaSketch d(K, M, true, 1);
    int i = 0;
    for (const auto& p : Packets())
    {
        (i++ % 2) ? d.Insert(p.first, p.second) : d.Delete(p.first, p.second);
    }
    std::vector<RdaSketch::Entry> e;
    e.reserve(ITEMS);
    for (auto _ : state)
    {
        e.clear();
        benchmark::DoNotOptimize(d.Decode(e));
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
    state.counters["decoded"] = static_cast<double>(e.size());
}

void
BM_FineCombRepair(benchmark::State& state)
{
    // receiver holds ITEMS extra (boundary) packets, all in its stash; 20000 common packets
    uint32_t buckets = K * M * 32 / 24;
    FineCombSketch s(buckets, 1);
    FineCombSketch r(buckets, 1);
    std::mt19937_64 g(2);
    for (int i = 0; i < 20000; ++i)
    {
        uint64_t id = g();
        s.Insert(id, i);
        r.Insert(id, i + 100);
    }
    std::vector<FineCombSketch::StashEntry> stash;
    for (const auto& p : Packets())
    {
        r.Insert(p.first, p.second);
        stash.push_back({p.first, p.second});
    }
    uint64_t repaired = 0;
    for (auto _ : state)
    {
        benchmark::DoNotOptimize(FineCombSketch::Aggregate(s,
                                                           r,
                                                           {},
                                                           stash,
                                                           4096,
                                                           LatencyVarianceEstimator::CENTERED,
                                                           &repaired));
    }
    state.SetItemsProcessed(state.iterations() * ITEMS);
    state.counters["repaired_buckets"] = static_cast<double>(repaired);
}

} // namespace

BENCHMARK(BM_LdaInsert);
BENCHMARK(BM_RdaInsert)->Arg(1)->Arg(0);
BENCHMARK(BM_RdaDecode);
BENCHMARK(BM_FineCombRepair);

int
main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    chronometry_bench::RatioReporter reporter(ITEMS, 1.0);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    auto base = reporter.nsPerItem.find("BM_LdaInsert");
    if (base == reporter.nsPerItem.end() || base->second <= 0)
    {
        std::cerr << "baseline BM_LdaInsert did not run" << std::endl;
        return 1;
    }
    std::cout << "\nCost per packet (inserts) or per difference (decode, FineComb repair), as a "
              << "ratio to the LDA insert (" << base->second << " ns, same run); "
              << "BM_RdaInsert/1 = with checksum, /0 = the paper's form:\n";
    for (const auto& [name, ns] : reporter.nsPerItem)
    {
        std::printf("  %-28s %9.3f ns  %8.2fx  (%.2f M/s)\n",
                    name.c_str(),
                    ns,
                    ns / base->second,
                    1e3 / ns);
    }
    return 0;
}
