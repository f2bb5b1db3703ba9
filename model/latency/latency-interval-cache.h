/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LATENCY_INTERVAL_CACHE_H
#define LATENCY_INTERVAL_CACHE_H

#include "latency-moments.h"
#include "lda-sketch.h"
#include "rda-sketch.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief 64-bit packet identifier from invariant packet bytes (xxHash64).
 * \param data bytes that do not change hop by hop (e.g. transport header and payload)
 * \param length number of bytes
 * \param seed hash seed shared by both measurement points
 * \return identifier (never 0: 0 is mapped to 1, so an empty bucket is unambiguous)
 */
uint64_t LatencyPacketId(const uint8_t* data, size_t length, uint64_t seed);

/**
 * \ingroup chronometry
 * \brief MinHash estimate of a set difference with its uncertainty.
 */
struct LatencyDifferenceEstimate
{
    double dHat{0};   //!< point estimate of |A xor B|
    double stdErr{0}; //!< standard error (binomial Jaccard error through the delta method)
    double upper{0};  //!< upper confidence bound dHat + z stdErr (on the Jaccard scale)
};

/**
 * \ingroup chronometry
 * \brief Late-binding cache of one measurement interval at one measurement point (the
 * paper's implementation, Section VIII): (id, timestamp) pairs, a bottom-K MinHash
 * signature to estimate the set difference with the other point, and builders for the
 * RDA / LDA / FineComb sketches once the size is known.  Duplicates are discarded.
 */
class LatencyIntervalCache
{
  public:
    /**
     * \param id packet identifier
     * \param tsNs local timestamp (ns)
     * \return false (and the entry ignored) for a duplicate identifier
     */
    bool Add(uint64_t id, int64_t tsNs);
    /** \return number of distinct packets */
    size_t Size() const;
    /** \return duplicates discarded */
    uint64_t Duplicates() const;
    /**
     * \param id identifier
     * \param[out] tsNs its timestamp
     * \return whether id is cached
     */
    bool Lookup(uint64_t id, int64_t& tsNs) const;
    /** \return the entries (id -> timestamp) */
    const std::unordered_map<uint64_t, int64_t>& Entries() const;
    /** \brief forget everything */
    void Clear();

    /**
     * \brief Bottom-K MinHash signature: the K smallest values of xxHash64(id, seed), sorted.
     * \param k signature size K
     * \param seed hash seed (the same at both points)
     * \return at most K values
     */
    std::vector<uint64_t> Signature(uint32_t k, uint64_t seed) const;

    /**
     * \brief Estimate |A xor B| from two bottom-K signatures and the set sizes.
     *
     * The K smallest hashes of the union are taken from the two signatures; the fraction
     * c/K present in both estimates the Jaccard index J, |A n B| = J (|A| + |B|) / (1 + J)
     * and d = |A| + |B| - 2 |A n B|, never below ||A| - |B||.
     * \param a signature of A
     * \param sizeA |A|
     * \param b signature of B
     * \param sizeB |B|
     * \param k signature size K used for both
     * \return estimated d
     */
    static double EstimateDifference(const std::vector<uint64_t>& a,
                                     uint64_t sizeA,
                                     const std::vector<uint64_t>& b,
                                     uint64_t sizeB,
                                     uint32_t k);
    /**
     * \brief EstimateDifference with its standard error and an upper bound.
     *
     * The signature compares t <= K union minima, of which c match: J = c / t has binomial
     * standard error sqrt(p (1 - p) / t) with p = 1 - J floored at 1 / t (a signature
     * that sees no mismatch cannot tell d below about (|A| + |B|) / t apart from 0), and
     * d(J) = (|A| + |B|) (1 - J) / (1 + J).  upper = d(J - z se(J)), never below dHat.
     * \param a signature of A
     * \param sizeA |A|
     * \param b signature of B
     * \param sizeB |B|
     * \param k signature size K
     * \param z width of the one-sided bound in standard errors (0: upper = dHat)
     * \return estimate, standard error and bound
     */
    static LatencyDifferenceEstimate EstimateDifferenceWithError(const std::vector<uint64_t>& a,
                                                                 uint64_t sizeA,
                                                                 const std::vector<uint64_t>& b,
                                                                 uint64_t sizeB,
                                                                 uint32_t k,
                                                                 double z);
    /**
     * \brief Buckets per bank from a bound on d and a target standard error of the
     * standard-deviation estimate.
     *
     * m = max(ceil(factor dBound) + minBuckets, ceil(1 / stdRelError^2)), capped at
     * RdaSketch::MAX_BUCKETS.  factor is buckets per bank per difference (m / d): peeling
     * needs k m / d above about 1.23 for k = 3 and 2 for k = 2 asymptotically.  The second term: a
     * bank of m buckets gives m / 2 collapsed pairs; for Gaussian bucket differences the standard
     * deviation's relative standard error is then 1 / sqrt(m).
     * \param dBound bound on the set difference (e.g. LatencyDifferenceEstimate::upper)
     * \param factor buckets per bank per difference
     * \param banks k (reserved: the bound is per bank)
     * \param stdRelError target relative standard error of the std estimate (0: none)
     * \param minBuckets added to factor dBound (small differences peel less reliably)
     * \return buckets per bank
     */
    static uint32_t BucketsForTarget(double dBound,
                                     double factor,
                                     uint32_t banks,
                                     double stdRelError,
                                     uint32_t minBuckets);
    /**
     * \param a one cache
     * \param b the other
     * \return exact |A xor B|
     */
    static uint64_t ExactDifference(const LatencyIntervalCache& a, const LatencyIntervalCache& b);
    /**
     * \brief Late binding: m = max(minBuckets, ceil(factor d)), capped at RdaSketch::MAX_BUCKETS.
     * \param dHat estimated set difference
     * \param factor buckets per difference (the paper: 2)
     * \param minBuckets floor
     * \return buckets per bank
     */
    static uint32_t BucketsFor(double dHat, double factor, uint32_t minBuckets);

    /**
     * \param banks k
     * \param bucketsPerBank m
     * \param checksum checksum field on
     * \param seed hash seed
     * \return an RDA holding every cached packet
     */
    RdaSketch BuildRda(uint32_t banks, uint32_t bucketsPerBank, bool checksum, uint64_t seed) const;
    /**
     * \param buckets m
     * \param seed hash seed
     * \return an LDA holding every cached packet
     */
    LdaSketch BuildLda(uint32_t buckets, uint64_t seed) const;
    /**
     * \param buckets m
     * \param seed hash seed
     * \return a FineComb holding every cached packet
     */
    FineCombSketch BuildFineComb(uint32_t buckets, uint64_t seed) const;
    /**
     * \brief FineComb stash: the count/2 earliest and count/2 latest packets by timestamp
     * (those that may cross an interval boundary).
     * \param count stash size
     * \return stash entries
     */
    std::vector<FineCombSketch::StashEntry> EdgeStash(uint32_t count) const;

    /**
     * \brief Exact comparison of this (the sender's) cache with the receiver's whole log.
     * \param receiverLog the receiver's (id, timestamp) pairs
     * \param[out] senderOnly receives the packets of this cache that the log lacks
     * \param[out] receiverOnly receives the packets of the log that this cache lacks
     * \return the latencies (receiver minus sender timestamp) of the packets in both
     */
    LatencyMoments CompareWithLog(const std::vector<std::pair<uint64_t, int64_t>>& receiverLog,
                                  std::unordered_map<uint64_t, int64_t>& senderOnly,
                                  std::unordered_map<uint64_t, int64_t>& receiverOnly) const;

  private:
    std::unordered_map<uint64_t, int64_t> m_entries; //!< id -> timestamp
    std::vector<uint64_t> m_order;                   //!< ids in insertion order
    uint64_t m_duplicates{0};                        //!< duplicates discarded
};

} // namespace ns3

#endif
