/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// WAP5 linking throughput over synthetic multi-tier traces of 10^4 to 10^6
// messages at a fixed load (8 clients, 20 requests/s each, so the candidates
// per message stay constant and only the trace length grows).  Steps 1-2
// (Link), all three steps (Analyze), steps 1-2 with the per-parent-pair delay
// model and 3 re-estimation rounds (LinkPerParentEm), and the two baselines
// (LatestArrival; Nesting with guessed calls and returns) against a baseline
// measured in the same run: sorting the same messages by send timestamp
// (O(n log n)).  Printed:
// messages per second and ns per message at each size, and the growth of the
// per-message cost from 10^4 to 10^6 (1.0 for O(n); log(10^6)/log(10^4) = 1.5
// for pure n log n).
#include "ns3/latest-arrival-linker.h"
#include "ns3/message-linking.h"
#include "ns3/nesting-linker.h"
#include "ns3/synthetic-trace.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <map>

using namespace ns3;

namespace
{

/**
 * \param n approximate number of messages
 * \return a cached trace of at least n messages
 */
const SyntheticTrace&
Trace(int64_t n)
{
    static std::map<int64_t, SyntheticTrace> cache;
    auto it = cache.find(n);
    if (it == cache.end())
    {
        SyntheticTraceParams p;
        p.clients = 8;
        p.rate = 20;
        // About 5 messages per request, 160 requests per second.
        p.duration = Seconds(n / (5.0 * 160));
        p.seed = 7;
        SyntheticTrace t = GenerateSyntheticTrace(p);
        t.messages.resize(std::min<std::size_t>(t.messages.size(), n));
        t.trueParent.clear();
        it = cache.emplace(n, std::move(t)).first;
    }
    return it->second;
}

LinkingConfig
Config()
{
    LinkingConfig c;
    c.window = MilliSeconds(100);
    return c;
}

void
BM_SortBaseline(benchmark::State& state)
{
    const auto& t = Trace(state.range(0));
    for (auto _ : state)
    {
        std::vector<TraceMessage> copy = t.messages;
        std::reverse(copy.begin(), copy.end());
        std::sort(copy.begin(), copy.end(), [](const TraceMessage& a, const TraceMessage& b) {
            return *a.sendTs < *b.sendTs;
        });
        benchmark::DoNotOptimize(copy.data());
    }
    state.SetItemsProcessed(state.iterations() * t.messages.size());
}

void
BM_Link(benchmark::State& state)
{
    const auto& t = Trace(state.range(0));
    MessageLinker linker(Config());
    for (auto _ : state)
    {
        LinkingResult r = linker.Link(t.messages);
        benchmark::DoNotOptimize(r.links.data());
    }
    state.SetItemsProcessed(state.iterations() * t.messages.size());
}

void
BM_Analyze(benchmark::State& state)
{
    const auto& t = Trace(state.range(0));
    MessageLinker linker(Config());
    for (auto _ : state)
    {
        LinkingResult r = linker.Analyze(t.messages);
        benchmark::DoNotOptimize(r.patterns.data());
    }
    state.SetItemsProcessed(state.iterations() * t.messages.size());
}

void
BM_LinkPerParentEm(benchmark::State& state)
{
    const auto& t = Trace(state.range(0));
    LinkingConfig c = Config();
    c.delayModel = LinkDelayModel::PER_PARENT_PAIR;
    c.iterations = 3;
    MessageLinker linker(c);
    for (auto _ : state)
    {
        LinkingResult r = linker.Link(t.messages);
        benchmark::DoNotOptimize(r.links.data());
    }
    state.SetItemsProcessed(state.iterations() * t.messages.size());
}

void
BM_LatestArrival(benchmark::State& state)
{
    const auto& t = Trace(state.range(0));
    LatestArrivalLinker linker(Config().window);
    for (auto _ : state)
    {
        LinkingResult r = linker.Link(t.messages);
        benchmark::DoNotOptimize(r.links.data());
    }
    state.SetItemsProcessed(state.iterations() * t.messages.size());
}

void
BM_Nesting(benchmark::State& state)
{
    const auto& t = Trace(state.range(0));
    NestingConfig c;
    c.window = Config().window;
    NestingLinker linker(c);
    for (auto _ : state)
    {
        LinkingResult r = linker.Link(t.messages);
        benchmark::DoNotOptimize(r.links.data());
    }
    state.SetItemsProcessed(state.iterations() * t.messages.size());
}

BENCHMARK(BM_SortBaseline)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Link)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Analyze)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinkPerParentEm)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LatestArrival)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Nesting)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

/** Records items per second per benchmark. */
class Reporter : public benchmark::ConsoleReporter
{
  public:
    void ReportRuns(const std::vector<Run>& runs) override
    {
        ConsoleReporter::ReportRuns(runs);
        for (const auto& run : runs)
        {
            auto it = run.counters.find("items_per_second");
            if (run.run_type == Run::RT_Iteration && it != run.counters.end())
            {
                rate[run.benchmark_name()] = it->second.value;
            }
        }
    }

    std::map<std::string, double> rate; //!< messages per second by benchmark name
};

} // namespace

int
main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    Reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    std::printf("\nmessages/s and ns per message (ratio to the sort baseline at the same size):\n");
    for (const char* name :
         {"BM_Link", "BM_Analyze", "BM_LinkPerParentEm", "BM_LatestArrival", "BM_Nesting"})
    {
        for (const char* n : {"10000", "100000", "1000000"})
        {
            std::string key = std::string(name) + "/" + n + "/real_time";
            std::string key2 = std::string(name) + "/" + n;
            std::string base = std::string("BM_SortBaseline/") + n;
            double r = reporter.rate.count(key2) ? reporter.rate[key2] : 0;
            double b = reporter.rate.count(base) ? reporter.rate[base] : 0;
            if (r > 0 && b > 0)
            {
                std::printf("  %-18s n=%-8s %12.0f msgs/s  %8.1f ns/msg  x%.1f sort\n",
                            name,
                            n,
                            r,
                            1e9 / r,
                            b / r);
            }
        }
        std::string small = std::string(name) + "/10000";
        std::string large = std::string(name) + "/1000000";
        if (reporter.rate.count(small) && reporter.rate.count(large))
        {
            std::printf("  %-18s per-message cost growth 10^4 -> 10^6: x%.2f "
                        "(O(n): 1.0, n log n: 1.5)\n",
                        name,
                        reporter.rate[small] / reporter.rate[large]);
        }
    }
    benchmark::Shutdown();
    return 0;
}
