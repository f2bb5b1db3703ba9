/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LDA_SKETCH_H
#define LDA_SKETCH_H

#include "rda-sketch.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Lossy Difference Aggregator (Kompella et al., SIGCOMM 2009), single bank, no
 * sampling: m buckets {timestamp sum, count}.  A bucket pair is useful when the counts
 * match (which does not prove that the packet sets match: Figure 2 of the RDA paper).
 * Variance: adjacent collapse (2j, 2j+1) of pairs whose two constituents are useful.
 */
class LdaSketch
{
  public:
    /** \brief One bucket. */
    struct Bucket
    {
        int64_t ts = 0;  //!< timestamp sum (ns)
        int64_t cnt = 0; //!< count
    };

    /**
     * \param buckets number of buckets, in [1, 2^26] (validated, "ns3::LdaSketch::Buckets")
     * \param seed hash seed shared by both ends
     */
    LdaSketch(uint32_t buckets, uint64_t seed);
    /**
     * \param id packet identifier
     * \param tsNs timestamp (ns)
     */
    void Insert(uint64_t id, int64_t tsNs);
    /** \return number of buckets */
    uint32_t GetBuckets() const;
    /** \return bytes per bucket (16) */
    static uint32_t BucketBytes();
    /**
     * \param index bucket index
     * \param b new content (worked examples)
     */
    void SetBucket(uint32_t index, const Bucket& b);
    /** \return the buckets */
    const std::vector<Bucket>& GetBucketVector() const;
    /**
     * \param sender sender's sketch
     * \param receiver receiver's sketch
     * \param estimator variance estimator
     * \return mean over count-matched buckets, variance from adjacent collapse
     */
    static LatencyEstimate Aggregate(const LdaSketch& sender,
                                     const LdaSketch& receiver,
                                     LatencyVarianceEstimator estimator);

  private:
    uint64_t m_seed;               //!< hash seed
    std::vector<Bucket> m_buckets; //!< buckets
};

/**
 * \ingroup chronometry
 * \brief FineComb (Lee et al., SIGMETRICS 2011): LDA buckets plus an XOR parity of the
 * packet identifiers, so a bucket pair is useful only when count and parity match; damaged
 * buckets are repaired from a stash of packets suspected to cross the interval boundary by
 * trying subsets of the stash entries that hash to that bucket (effort bounded by a
 * number of combinations per bucket).  Lost packets cannot be repaired.
 */
class FineCombSketch
{
  public:
    /** \brief One bucket. */
    struct Bucket
    {
        int64_t ts = 0;      //!< timestamp sum (ns)
        int64_t cnt = 0;     //!< count
        uint64_t parity = 0; //!< XOR of identifiers
    };

    /** \brief A stashed packet. */
    struct StashEntry
    {
        uint64_t id;  //!< identifier
        int64_t tsNs; //!< timestamp at the side that stashed it
    };

    /**
     * \param buckets number of buckets, in [1, 2^26] (validated,
     *        "ns3::FineCombSketch::Buckets")
     * \param seed hash seed shared by both ends
     */
    FineCombSketch(uint32_t buckets, uint64_t seed);
    /**
     * \param id packet identifier
     * \param tsNs timestamp (ns)
     */
    void Insert(uint64_t id, int64_t tsNs);
    /** \return number of buckets */
    uint32_t GetBuckets() const;
    /** \return bytes per bucket (24) */
    static uint32_t BucketBytes();
    /**
     * \param id identifier
     * \return its bucket
     */
    uint32_t Index(uint64_t id) const;
    /**
     * \param index bucket index (ignored when out of range)
     * \param b new content (a sketch received over the wire)
     */
    void SetBucket(uint32_t index, const Bucket& b);
    /** \return the buckets */
    const std::vector<Bucket>& GetBucketVector() const;

    /**
     * \param sender sender's sketch
     * \param receiver receiver's sketch
     * \param senderStash packets the sender recorded that the receiver may have missed
     * \param receiverStash packets the receiver recorded that the sender may have missed
     * \param maxCombinations largest number of subsets tried per damaged bucket
     * \param estimator variance estimator
     * \param[out] repaired buckets repaired from the stashes
     * \param[out] combinationsTried total subsets tried (repair effort)
     * \return mean over useful (possibly repaired) buckets, variance by adjacent collapse
     */
    static LatencyEstimate Aggregate(const FineCombSketch& sender,
                                     const FineCombSketch& receiver,
                                     const std::vector<StashEntry>& senderStash,
                                     const std::vector<StashEntry>& receiverStash,
                                     uint64_t maxCombinations,
                                     LatencyVarianceEstimator estimator,
                                     uint64_t* repaired = nullptr,
                                     uint64_t* combinationsTried = nullptr);

    /**
     * \brief FineComb as published: a damaged bucket (count mismatch) is repaired by
     * enumerating the subsets of the *whole* stash (2^|stash|, in Gray-code order so each
     * step costs one XOR) until one has the missing count and parity.  Cost O(m 2^|stash|)
     * (Section IV of the RDA paper, Figure 6); Aggregate() is the bucketed form that only
     * tries stash entries hashing to the bucket.
     * \param sender sender's sketch
     * \param receiver receiver's sketch
     * \param senderStash sender's stash
     * \param receiverStash receiver's stash
     * \param maxCombinations largest number of subsets tried per damaged bucket
     * \param estimator variance estimator
     * \param[out] repaired buckets repaired
     * \param[out] combinationsTried total subsets tried
     * \return mean over useful (possibly repaired) buckets, variance by adjacent collapse
     */
    static LatencyEstimate AggregateBruteForce(const FineCombSketch& sender,
                                               const FineCombSketch& receiver,
                                               const std::vector<StashEntry>& senderStash,
                                               const std::vector<StashEntry>& receiverStash,
                                               uint64_t maxCombinations,
                                               LatencyVarianceEstimator estimator,
                                               uint64_t* repaired = nullptr,
                                               uint64_t* combinationsTried = nullptr);

  private:
    uint64_t m_seed;               //!< hash seed
    std::vector<Bucket> m_buckets; //!< buckets
};

} // namespace ns3

#endif
