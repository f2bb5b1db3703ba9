/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Cost of one OneClock prediction step (Update + Predict) per ETE predictor at
// N = 8 -- the paper's four and the references (last sample, window median,
// one-time calibration) -- on a recorded noisy sequence with spikes.  Ratios
// are against the Baseline predictor measured in the same run.
#include "ratio-reporter.h"

#include "ns3/ete-predictor.h"
#include "ns3/reference-predictor.h"

#include <benchmark/benchmark.h>
#include <cstdio>
#include <iostream>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

const std::size_t SAMPLES = 4096; //!< samples per iteration

/** \return a recorded ETE sequence in ns: 2 ms + N(0, 100 us), 2 % spikes of 10 ms mean */
const std::vector<Time>&
Sequence()
{
    static std::vector<Time> seq = [] {
        std::mt19937_64 rng(42);
        std::normal_distribution<double> noise(0, 1e5);
        std::bernoulli_distribution spike(0.02);
        std::exponential_distribution<double> spikeSize(1 / 1e7);
        std::vector<Time> out;
        for (std::size_t i = 0; i < SAMPLES; ++i)
        {
            double ns = 2e6 + noise(rng) + (spike(rng) ? spikeSize(rng) : 0);
            out.push_back(NanoSeconds(static_cast<int64_t>(ns)));
        }
        return out;
    }();
    return seq;
}

/**
 * \param state benchmark state
 * \param kind predictor
 */
void
Steps(benchmark::State& state, EtePredictorKind kind)
{
    const auto& seq = Sequence();
    for (auto _ : state)
    {
        EtePredictor p(kind, 8);
        int64_t sum = 0;
        for (const auto& x : seq)
        {
            sum += p.Predict().GetNanoSeconds();
            p.Update(x);
        }
        benchmark::DoNotOptimize(sum);
    }
}

void
BM_Baseline(benchmark::State& state)
{
    Steps(state, EtePredictorKind::BASELINE);
}

void
BM_Average(benchmark::State& state)
{
    Steps(state, EtePredictorKind::AVERAGE);
}

void
BM_FtAverage(benchmark::State& state)
{
    Steps(state, EtePredictorKind::FT_AVERAGE);
}

void
BM_Kalman(benchmark::State& state)
{
    Steps(state, EtePredictorKind::KALMAN);
}

/**
 * \param state benchmark state
 * \param kind reference predictor
 */
void
ReferenceSteps(benchmark::State& state, ReferencePredictorKind kind)
{
    const auto& seq = Sequence();
    for (auto _ : state)
    {
        ReferencePredictor p(kind, 8);
        int64_t sum = 0;
        for (const auto& x : seq)
        {
            sum += p.Predict().GetNanoSeconds();
            p.Update(x);
        }
        benchmark::DoNotOptimize(sum);
    }
}

void
BM_LastSample(benchmark::State& state)
{
    ReferenceSteps(state, ReferencePredictorKind::LAST_SAMPLE);
}

void
BM_WindowMedian(benchmark::State& state)
{
    ReferenceSteps(state, ReferencePredictorKind::WINDOW_MEDIAN);
}

void
BM_Calibrated(benchmark::State& state)
{
    ReferenceSteps(state, ReferencePredictorKind::CALIBRATED);
}

} // namespace

BENCHMARK(BM_Baseline);
BENCHMARK(BM_Average);
BENCHMARK(BM_FtAverage);
BENCHMARK(BM_Kalman);
BENCHMARK(BM_LastSample);
BENCHMARK(BM_WindowMedian);
BENCHMARK(BM_Calibrated);

int
main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    chronometry_bench::RatioReporter reporter(SAMPLES, 1.0);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    auto base = reporter.nsPerItem.find("BM_Baseline");
    if (base == reporter.nsPerItem.end() || base->second <= 0)
    {
        std::cerr << "baseline BM_Baseline did not run" << std::endl;
        return 1;
    }
    std::cout << "\nCost per prediction step (Predict + Update, N = 8), as a ratio to Baseline ("
              << base->second << " ns per step, same run):\n";
    for (const auto& [name, ns] : reporter.nsPerItem)
    {
        std::printf("  %-20s %9.2f ns  %7.1fx\n", name.c_str(), ns, ns / base->second);
    }
    return 0;
}
