/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Cost of reading a node-local clock or TSC versus reading Simulator::Now(),
// measured in the same run and printed as ratios.
//
// Reads happen inside a running simulation: one event advances true time by a
// random step and performs a batch of reads, so the clock models do their real
// work (random-walk plans grow, bounded-skew draws move with time).
#include "ratio-reporter.h"

#include "ns3/bounded-skew-clock.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/oscillator.h"
#include "ns3/simulated-tsc.h"

#include <benchmark/benchmark.h>
#include <functional>
#include <iostream>
#include <map>

using namespace ns3;

namespace
{

constexpr int READS_PER_EVENT = 1000;

/**
 * Run one benchmark: simulated time advances between batches of reads.
 * \param state benchmark state
 * \param read one read; returns something to keep it from being optimized away
 */
void
RunReads(benchmark::State& state, const std::function<int64_t()>& read)
{
    for (auto _ : state)
    {
        state.PauseTiming();
        Simulator::Schedule(MicroSeconds(137), [] {});
        Simulator::Run(); // advance true time by one step between batches
        state.ResumeTiming();
        int64_t sum = 0;
        for (int i = 0; i < READS_PER_EVENT; ++i)
        {
            sum += read();
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * READS_PER_EVENT);
    Simulator::Destroy();
}

void
BM_SimulatorNow(benchmark::State& state)
{
    RunReads(state, [] { return Simulator::Now().GetTimeStep(); });
}

void
BM_DriftingClockIdeal(benchmark::State& state)
{
    auto clock = CreateObject<DriftingClock>();
    RunReads(state, [clock] { return clock->GetLocalTime().GetTimeStep(); });
}

void
BM_DriftingClockConstantDriftJitter(benchmark::State& state)
{
    auto oscillator = CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(37));
    auto clock = CreateObjectWithAttributes<DriftingClock>(
        "Oscillator",
        PointerValue(oscillator),
        "Resolution",
        TimeValue(NanoSeconds(10)),
        "ReadJitter",
        StringValue("ns3::NormalRandomVariable[Mean=0|Variance=100]"),
        "Monotonic",
        BooleanValue(true));
    RunReads(state, [clock] { return clock->GetLocalTime().GetTimeStep(); });
}

void
BM_DriftingClockRandomWalk(benchmark::State& state)
{
    auto oscillator = CreateObjectWithAttributes<RandomWalkOscillator>("UpdateInterval",
                                                                       TimeValue(MilliSeconds(1)));
    auto clock = CreateObjectWithAttributes<DriftingClock>("Oscillator", PointerValue(oscillator));
    RunReads(state, [clock] { return clock->GetLocalTime().GetTimeStep(); });
}

void
BM_BoundedSkewClock(benchmark::State& state)
{
    auto clock = CreateObject<BoundedSkewClock>();
    RunReads(state, [clock] { return clock->GetLocalTime().GetTimeStep(); });
}

void
BM_SimulatedTsc(benchmark::State& state)
{
    auto oscillator =
        CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(-12));
    auto tsc = CreateObjectWithAttributes<SimulatedTsc>("Oscillator", PointerValue(oscillator));
    RunReads(state, [tsc] { return static_cast<int64_t>(tsc->Read()); });
}

} // namespace

BENCHMARK(BM_SimulatorNow);
BENCHMARK(BM_DriftingClockIdeal);
BENCHMARK(BM_DriftingClockConstantDriftJitter);
BENCHMARK(BM_DriftingClockRandomWalk);
BENCHMARK(BM_BoundedSkewClock);
BENCHMARK(BM_SimulatedTsc);

int
main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    chronometry_bench::RatioReporter reporter(READS_PER_EVENT, 1.0);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    auto base = reporter.nsPerItem.find("BM_SimulatorNow");
    if (base == reporter.nsPerItem.end() || base->second <= 0)
    {
        std::cerr << "baseline BM_SimulatorNow did not run" << std::endl;
        return 1;
    }
    std::cout << "\nCost per read, as a ratio to Simulator::Now() (" << base->second
              << " ns per read, same run):\n";
    for (const auto& [name, ns] : reporter.nsPerItem)
    {
        std::printf("  %-40s %9.2f ns  %7.1fx\n", name.c_str(), ns, ns / base->second);
    }
    return 0;
}
