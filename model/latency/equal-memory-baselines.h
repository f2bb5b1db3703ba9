/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EQUAL_MEMORY_BASELINES_H
#define EQUAL_MEMORY_BASELINES_H

#include "latency-interval-cache.h"
#include "rda-message.h"
#include "rda-sketch.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief LDA and FineComb over one flow's interval, given the memory another method used.
 */
struct EqualMemoryBaselines
{
    LatencyEstimate lda;       //!< LDA
    LatencyEstimate fineComb;  //!< FineComb
    uint64_t setDifference{0}; //!< exact |S xor R| of the two caches
};

/**
 * \ingroup chronometry
 * \brief The equal-memory geometry of the baselines: LDA gets memoryBytes /
 * LdaSketch::BucketBytes() buckets, FineComb memoryBytes / FineCombSketch::BucketBytes()
 * buckets and a stash of as many edge packets per side (at least one bucket each, at most
 * RdaMessage::MAX_BASELINE_BUCKETS).
 */
struct EqualMemoryGeometry
{
    /** \param memoryBytes the memory each baseline may use */
    explicit EqualMemoryGeometry(uint64_t memoryBytes);

    uint32_t ldaBuckets;      //!< LDA buckets
    uint32_t fineCombBuckets; //!< FineComb buckets
    uint32_t fineCombStash;   //!< FineComb stash entries per side

    /** Largest number of stash subsets FineComb tries per damaged bucket. */
    static constexpr uint64_t FINECOMB_MAX_COMBINATIONS = 4096;
};

/**
 * \ingroup chronometry
 * \brief Score LDA and FineComb at equal memory (EqualMemoryGeometry), built from the
 * sender's and the receiver's caches of one flow's interval with the same hash seed: what the
 * RdaSender's baselines compute over the wire (RdaBaselineExchange), without the wire.
 * Simulator-free.
 * \param sender the sender's cache (id -> send timestamp)
 * \param receiver the receiver's cache (id -> receive timestamp)
 * \param memoryBytes the memory each baseline may use
 * \param estimator the variance estimator
 * \param seed the sketches' hash seed
 * \return both estimates and the caches' exact set difference
 */
EqualMemoryBaselines ScoreAtEqualMemory(const LatencyIntervalCache& sender,
                                        const LatencyIntervalCache& receiver,
                                        uint64_t memoryBytes,
                                        LatencyVarianceEstimator estimator,
                                        uint64_t seed);

/**
 * \ingroup chronometry
 * \param estimate an estimate
 * \param truth the true value
 * \return |estimate - truth| / |truth|, or |estimate| when the truth is 0
 */
double RelativeError(double estimate, double truth);

} // namespace ns3

#endif /* EQUAL_MEMORY_BASELINES_H */
