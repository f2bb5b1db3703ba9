/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RDA latency sketches: insert cost per packet and decode cost per difference, as ratios
// to the LDA insert measured in the same run.  Items per iteration: 1000 (packets for
// inserts, differences for decode and FineComb repair; d = 1000, k = 3, m = 2 d per bank,
// LDA / FineComb at the same memory).
//
// Then, timed with process CPU time (CLOCK_PROCESS_CPUTIME_ID, not wall time, so a loaded
// machine slows it less): decoded differences per CPU-second at d = 10^3 and 10^4 with
// PASS/FAIL against 10^7/s; and the sketch experiments behind doc/latency.rst: the
// equal-memory layout comparison that chose the defaults, Figure 6 (decode cost of RDA
// against brute-force and bucketed FineComb) and Figure 7 (decode transition at 5000
// buckets).  --quick runs fewer trials.

#include "ratio-reporter.h"

#include "ns3/latency-interval-cache.h"
#include "ns3/latency-paper-experiments.h"
#include "ns3/lda-sketch.h"
#include "ns3/rda-sketch.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
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

/**
 * \param argc arguments
 * \param argv arguments
 * \return 0 when the baseline ran
 */
int
RunBenchmarks(int argc, char** argv)
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

namespace
{
/** \return process CPU time (s) */
double
Cpu()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/**
 * Decoded differences per CPU-second: a difference sketch of d entries (half each sign),
 * decoded repeatedly for at least minSeconds of CPU time.
 * \param d differences
 * \param k banks
 * \param m buckets per bank
 * \param checksum checksum field
 * \param minSeconds CPU time to spend
 * \param[out] ok whether every decode was complete
 * \return differences per CPU-second
 */
double
DecodeRate(uint32_t d, uint32_t k, uint32_t m, bool checksum, double minSeconds, bool& ok)
{
    RdaSketch s(k, m, checksum, 7);
    std::mt19937_64 g(d);
    for (uint32_t i = 0; i < d; ++i)
    {
        uint64_t id = g() | 1;
        (i % 2) ? s.Insert(id, static_cast<int64_t>(g() % 1000000)) : s.Delete(id, 5);
    }
    std::vector<RdaSketch::Entry> e;
    e.reserve(d);
    ok = true;
    uint64_t decoded = 0;
    double t0 = Cpu();
    double t1 = t0;
    do
    {
        for (int rep = 0; rep < 10; ++rep)
        {
            e.clear();
            ok = s.Decode(e) && ok;
            decoded += e.size();
        }
        t1 = Cpu();
    } while (t1 - t0 < minSeconds);
    ok = ok && e.size() == d;
    return static_cast<double>(decoded) / (t1 - t0);
}

/** Decoded differences per CPU-second at each sizing; true when the headline rate is met. */
bool
PrintDecodeRates(bool quick)
{
    std::printf("\nDecoded differences per CPU-second (process CPU time; k = 3, the default "
                "sizing m = max(32, 0.6 d) per bank and the old m = 2 d):\n");
    bool pass = true;
    for (uint32_t d : {1000u, 10000u})
    {
        for (bool checksum : {false, true})
        {
            for (double f : {0.6, 2.0})
            {
                bool ok = false;
                uint32_t m = std::max<uint32_t>(32, static_cast<uint32_t>(std::ceil(f * d)));
                double rate = DecodeRate(d, 3, m, checksum, quick ? 0.2 : 1.0, ok);
                bool headline = f < 1 && checksum;
                std::printf("  d = %5u  m = %5u (%.1f d)  checksum %-3s  %6.2f M/s  %s%s\n",
                            d,
                            m,
                            f,
                            checksum ? "on" : "off",
                            rate / 1e6,
                            ok ? "complete" : "INCOMPLETE",
                            headline ? (rate >= 1e7 ? "  PASS (>= 10^7/s)" : "  FAIL (< 10^7/s)")
                                     : "");
                if (headline)
                {
                    pass = pass && rate >= 1e7 && ok;
                }
            }
        }
    }
    return pass;
}

/** The equal-memory layouts' exact, detected and silent decodes. */
void
PrintLayouts(bool quick)
{
    const uint32_t trials = quick ? 50 : 200;
    std::printf("\nEqual-memory layouts: exact decodes out of %u trials (decoded, every entry "
                "validated against the cache it names, equal to the true difference); "
                "detected = reported failure, silent = accepted but wrong:\n",
                trials);
    std::printf("  %-6s %-5s", "B/diff", "d");
    for (uint32_t k : {2u, 3u, 4u})
    {
        std::printf("  k=%u chk(32B)  k=%u paper(24B) k=%u paper+val ", k, k, k);
    }
    std::printf("\n");
    for (double bpd : {36.0, 48.0, 64.0, 96.0, 192.0})
    {
        for (uint64_t d : {100u, 1000u})
        {
            std::printf("  %-6.0f %-5lu", bpd, static_cast<unsigned long>(d));
            for (uint32_t k : {2u, 3u, 4u})
            {
                for (int mode = 0; mode < 3; ++mode)
                {
                    RdaLayoutResult r =
                        RunRdaLayout(k, mode == 0, bpd, d, 1000, trials, 11, mode != 1);
                    std::printf("  %4u/%-3u s%-3u", r.exact, r.trials, r.undetected);
                }
            }
            std::printf("\n");
        }
    }
}

/** Figure 6: RDA's decode cost against FineComb's at the same memory. */
void
PrintFigure6(bool quick)
{
    std::printf("\nFigure 6: decode cost (process CPU ms), RDA k = 2, 4000 buckets, against "
                "FineComb at the same memory with a stash (brute force over all stash subsets, "
                "budget 2^22 per damaged bucket; bucketed = chronometry's per-bucket form):\n");
    std::printf("  %-11s %-6s %10s %14s %14s %16s %12s\n",
                "problematic",
                "stash",
                "RDA ms",
                "brute ms",
                "bucketed ms",
                "brute subsets",
                "RDA decoded");
    for (uint64_t prob : {10u, 40u, 100u, 400u})
    {
        for (uint32_t stash : {10u, 20u, 30u, 40u})
        {
            if (quick && stash > 20)
            {
                continue;
            }
            DecodeCostPoint c = RunDecodeCost(prob, stash, 1u << 22, 5);
            std::printf("  %-11lu %-6u %10.3f %14.3f %14.3f %16lu %12s\n",
                        static_cast<unsigned long>(prob),
                        stash,
                        1e3 * c.rdaCpuSeconds,
                        1e3 * c.fineCombCpuSeconds,
                        1e3 * c.bucketedCpuSeconds,
                        static_cast<unsigned long>(c.combinationsTried),
                        c.rdaDecoded ? "yes" : "no");
        }
    }
}

/** Figure 7: RDA against LDA and FineComb at the same memory. */
void
PrintFigure7(bool quick)
{
    std::printf("\nFigure 7: RDA (k = 2, 5000 buckets in all, paper form) against LDA and "
                "FineComb at the same memory; 20000 common packets, half of d lost, half "
                "receiver-only; relative errors against the common packets' mean / std, "
                "averaged over %u trials:\n",
                quick ? 3u : 10u);
    std::printf("  %-6s %-8s %-11s %-11s %-11s %-11s %-11s %-11s\n",
                "d",
                "decoded",
                "RDA mean",
                "RDA std",
                "LDA mean",
                "LDA std",
                "FC mean",
                "FC std");
    for (uint64_t d = 0; d <= 10000; d += (d < 3000 ? 250 : 1000))
    {
        RdaTransitionParams p;
        p.difference = d;
        p.trials = quick ? 3 : 10;
        RdaTransitionPoint t = RunRdaTransition(p);
        std::printf("  %-6lu %-8.2f %-11.3g %-11.3g %-11.3g %-11.3g %-11.3g %-11.3g\n",
                    static_cast<unsigned long>(d),
                    t.decodedFraction,
                    t.rdaMeanRelErr,
                    t.rdaStdRelErr,
                    t.ldaMeanRelErr,
                    t.ldaStdRelErr,
                    t.fcMeanRelErr,
                    t.fcStdRelErr);
    }
}
} // namespace

int
main(int argc, char** argv)
{
    bool quick = false;
    for (int i = 1; i < argc; ++i)
    {
        if (std::strcmp(argv[i], "--quick") == 0)
        {
            quick = true;
            for (int j = i; j + 1 < argc; ++j)
            {
                argv[j] = argv[j + 1];
            }
            --argc;
            break;
        }
    }
    int status = RunBenchmarks(argc, argv);
    if (status != 0)
    {
        return status;
    }

    bool pass = PrintDecodeRates(quick);
    PrintLayouts(quick);
    PrintFigure6(quick);
    PrintFigure7(quick);
    std::printf("\ndecode rate: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
