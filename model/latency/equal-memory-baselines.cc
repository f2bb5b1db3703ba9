/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "equal-memory-baselines.h"

#include "lda-sketch.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EqualMemoryBaselines");

namespace
{
/** Largest number of stash subsets FineComb tries per damaged bucket. */
constexpr uint64_t FINECOMB_MAX_COMBINATIONS = 4096;
} // namespace

EqualMemoryBaselines
ScoreAtEqualMemory(const LatencyIntervalCache& sender,
                   const LatencyIntervalCache& receiver,
                   uint64_t memoryBytes,
                   LatencyVarianceEstimator estimator,
                   uint64_t seed)
{
    NS_LOG_FUNCTION(memoryBytes << seed);
    EqualMemoryBaselines b;
    b.setDifference = LatencyIntervalCache::ExactDifference(sender, receiver);
    uint32_t lb = std::max<uint64_t>(1, memoryBytes / LdaSketch::BucketBytes());
    b.lda = LdaSketch::Aggregate(sender.BuildLda(lb, seed), receiver.BuildLda(lb, seed), estimator);
    uint32_t fb = std::max<uint64_t>(1, memoryBytes / FineCombSketch::BucketBytes());
    b.fineComb = FineCombSketch::Aggregate(sender.BuildFineComb(fb, seed),
                                           receiver.BuildFineComb(fb, seed),
                                           sender.EdgeStash(fb),
                                           receiver.EdgeStash(fb),
                                           FINECOMB_MAX_COMBINATIONS,
                                           estimator);
    return b;
}

double
RelativeError(double estimate, double truth)
{
    return truth == 0 ? std::fabs(estimate) : std::fabs(estimate - truth) / std::fabs(truth);
}

} // namespace ns3
