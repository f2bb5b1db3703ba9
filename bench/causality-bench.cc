/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Per-event cost (ns) and encoded size (bits) of RepCl, HVC, HLC and vector
// clocks at n = 64, replaying one recorded random execution (bounded-skew
// clocks, E = 1 ms, I = 100 us, 64 processes, 200 msgs/s each) through each
// clock alone.  A send costs an update plus an encode, a receive a decode plus
// a merge.  Ratios are against the vector clock measured in the same run.
#include "ratio-reporter.h"

#include "ns3/hybrid-vector-clock.h"
#include "ns3/logical-clocks.h"
#include "ns3/random-execution.h"
#include "ns3/replay-clock.h"
#include "ns3/simulator.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <map>

using namespace ns3;

namespace
{

const uint32_t N = 64;
const Time E = MilliSeconds(1);
const Time I = MicroSeconds(100);

/** The recorded execution (events only; clocks are replayed per benchmark). */
const std::vector<CausalEvent>&
Trace()
{
    static std::vector<CausalEvent> trace = [] {
        RandomExecutionParams p;
        p.n = N;
        p.events = 20000;
        p.meanGap = MicroSeconds(5000); // 200 actions per second per process
        p.localFraction = 0.2;
        p.minDelay = MicroSeconds(10);
        p.maxDelay = MicroSeconds(200);
        p.skewBound = E;
        CausalityConfig c;
        c.hvcEpsilon = E;
        c.replay.interval = I;
        c.replay.epsilon = 10;
        return RandomExecution::Run(p, c);
    }();
    return trace;
}

std::map<std::string, double> g_bits; //!< mean encoded bits per clock

/**
 * Replay the trace through one clock type.
 * \param state benchmark state
 * \param name key for the size table
 * \param make makes process i's clock
 * \param encode clock -> bytes
 * \param decode bytes -> clock
 * \param bits clock -> encoded bits
 */
template <typename Clock, typename Make, typename Encode, typename Decode, typename Bits>
void
Replay(benchmark::State& state,
       const std::string& name,
       Make make,
       Encode encode,
       Decode decode,
       Bits bits)
{
    const auto& trace = Trace();
    double bitSum = 0;
    for (auto _ : state)
    {
        std::vector<Clock> processes;
        for (uint32_t i = 0; i < N; ++i)
        {
            processes.push_back(make(i));
        }
        std::map<uint64_t, std::vector<uint8_t>> inFlight;
        bitSum = 0;
        for (const auto& e : trace)
        {
            Clock& c = processes[e.process];
            if (e.kind == CausalEventKind::RECEIVE)
            {
                auto it = inFlight.find(e.messageId);
                c.Receive(decode(it->second), e.pt);
                inFlight.erase(it);
            }
            else
            {
                c.LocalOrSend(e.pt);
                if (e.kind == CausalEventKind::SEND)
                {
                    inFlight.emplace(e.messageId, encode(c));
                }
            }
            bitSum += bits(c);
        }
        benchmark::DoNotOptimize(bitSum);
    }
    state.SetItemsProcessed(state.iterations() * trace.size());
    g_bits[name] = bitSum / trace.size();
}

ReplayClockConfig
RepClConfig(ReplayCounterRule rule)
{
    ReplayClockConfig c;
    c.n = N;
    c.epsilon = 10;
    c.interval = I;
    c.counterRule = rule;
    return c;
}

void
BM_Vector(benchmark::State& state)
{
    Replay<VectorClock>(
        state,
        "BM_Vector",
        [](uint32_t i) { return VectorClock(N, i); },
        [](const VectorClock& c) { return c.Encode(); },
        [](const std::vector<uint8_t>& b) {
            VectorClock v(N, 0);
            VectorClock::Decode(b, N, v);
            return v;
        },
        [](const VectorClock& c) { return c.GetEncodedBits(); });
}

void
BM_Hlc(benchmark::State& state)
{
    Replay<HybridLogicalClock>(
        state,
        "BM_Hlc",
        [](uint32_t) { return HybridLogicalClock(); },
        [](const HybridLogicalClock& c) { return c.Encode(); },
        [](const std::vector<uint8_t>& b) {
            HybridLogicalClock h;
            HybridLogicalClock::Decode(b, h);
            return h;
        },
        [](const HybridLogicalClock& c) { return c.GetEncodedBits(); });
}

void
BM_Hvc(benchmark::State& state)
{
    Replay<HybridVectorClock>(
        state,
        "BM_Hvc",
        [](uint32_t i) { return HybridVectorClock(N, i, E); },
        [](const HybridVectorClock& c) { return c.Encode(); },
        [](const std::vector<uint8_t>& b) {
            HybridVectorClock h(N, 0, E);
            HybridVectorClock::Decode(b, N, E, h);
            return h;
        },
        [](const HybridVectorClock& c) { return c.GetEncodedBits(); });
}

template <ReplayCounterRule rule>
void
BM_RepCl(benchmark::State& state)
{
    Replay<ReplayClock>(
        state,
        rule == ReplayCounterRule::PUBLISHED ? "BM_RepCl<ReplayCounterRule::PUBLISHED>"
                                             : "BM_RepCl<ReplayCounterRule::EPOCH_COUNTS>",
        [](uint32_t i) { return ReplayClock(RepClConfig(rule), i); },
        [](const ReplayClock& c) { return c.Encode(); },
        [](const std::vector<uint8_t>& b) {
            ReplayClock r(RepClConfig(rule), N);
            ReplayClock::Decode(b, RepClConfig(rule), r);
            return r;
        },
        [](const ReplayClock& c) { return c.GetEncodedBits(); });
}

} // namespace

BENCHMARK(BM_Vector)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Hlc)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Hvc)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RepCl<ReplayCounterRule::PUBLISHED>)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RepCl<ReplayCounterRule::EPOCH_COUNTS>)->Unit(benchmark::kMillisecond);

int
main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    // Before the first Simulator::Run ns-3 records every Time object it creates (so the
    // resolution can still change); inside a simulation it does not.  Measure as inside.
    Simulator::Run();
    Simulator::Destroy();
    chronometry_bench::RatioReporter reporter(static_cast<double>(Trace().size()), 1e6);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    auto base = reporter.nsPerItem.find("BM_Vector");
    if (base == reporter.nsPerItem.end())
    {
        return 1;
    }
    std::printf("\nn = 64, %zu events; per event (update + encode on send, decode + merge on "
                "receive), ratio to the vector clock in the same run:\n",
                Trace().size());
    for (const auto& [name, ns] : reporter.nsPerItem)
    {
        double perEvent = ns;
        std::printf("  %-42s %9.1f ns/event %6.2fx   mean encoded size %7.1f bits\n",
                    name.c_str(),
                    perEvent,
                    ns / base->second,
                    g_bits[name]);
    }
    return 0;
}
