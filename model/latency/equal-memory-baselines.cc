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

EqualMemoryGeometry::EqualMemoryGeometry(uint64_t memoryBytes)
{
    auto buckets = [memoryBytes](uint32_t bytes) {
        return static_cast<uint32_t>(
            std::clamp<uint64_t>(memoryBytes / bytes, 1, RdaMessage::MAX_BASELINE_BUCKETS));
    };
    ldaBuckets = buckets(LdaSketch::BucketBytes());
    fineCombBuckets = buckets(FineCombSketch::BucketBytes());
    fineCombStash = fineCombBuckets;
}

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
    const EqualMemoryGeometry g(memoryBytes);
    b.lda = LdaSketch::Aggregate(sender.BuildLda(g.ldaBuckets, seed),
                                 receiver.BuildLda(g.ldaBuckets, seed),
                                 estimator);
    b.fineComb = FineCombSketch::Aggregate(sender.BuildFineComb(g.fineCombBuckets, seed),
                                           receiver.BuildFineComb(g.fineCombBuckets, seed),
                                           sender.EdgeStash(g.fineCombStash),
                                           receiver.EdgeStash(g.fineCombStash),
                                           EqualMemoryGeometry::FINECOMB_MAX_COMBINATIONS,
                                           estimator);
    return b;
}

double
RelativeError(double estimate, double truth)
{
    return truth == 0 ? std::fabs(estimate) : std::fabs(estimate - truth) / std::fabs(truth);
}

} // namespace ns3
