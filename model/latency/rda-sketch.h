/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_SKETCH_H
#define RDA_SKETCH_H

#include <cstdint>
#include <functional>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Reconcilable Difference Aggregator (Fu, Barlet-Ros, Li, "Every Timestamp Counts"),
 * simulator-free core: insert/delete, subtraction, peeling decode (Algorithm 1), repair,
 * mean latency, selective collapse (Algorithm 2) and the variance estimator (Algorithm 3,
 * with the corrected Eq. 3 derived in LatencyVarianceEstimator).
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Which variance estimator the collapsed buckets feed.
 *
 * Derivation (Eq. 3 of the paper reads sigma^2 = F^2 - mu^2, which is dimensionally wrong:
 * F already has units of time^2).  Collapse two clean buckets p, q of the same bank
 * into D = (R_p - S_p) - (R_q - S_q) = sum_i s_i l_i, with s_i = +1 for packets in p and
 * -1 for packets in q.  Then D^2 = sum_i l_i^2 + sum_{i != j} s_i s_j l_i l_j.  Given the
 * packets of p u q, each packet lands in p or q with probability 1/2 independently
 * (uniform hash), so E[s_i s_j] = 0 for i != j and E[D^2] = sum_i l_i^2.  Summed over
 * all collapsed pairs, F = sum D^2 / sum (n_p + n_q) estimates the mean square latency,
 * hence
 *  - PAPER:    sigma^2 = F - mu^2 (what the paper's Figure 4 arithmetic and Algorithm 3
 *              compute; it can be negative and it changes under a constant clock offset);
 *  - CENTERED: sigma^2 = sum (D - mu (n_p - n_q))^2 / sum (n_p + n_q).  The same argument
 *              applied to l_i - mu gives E = sum_i (l_i - mu)^2, so it estimates the
 *              population variance directly; it is never negative and a constant offset
 *              delta (which adds delta to mu and delta (n_p - n_q) to D) leaves it exactly
 *              unchanged (Lemma 2).  chronometry's default.
 */
enum class LatencyVarianceEstimator
{
    PAPER,   //!< F - mu^2 (Algorithm 3 as published)
    CENTERED //!< offset-invariant, non-negative (default)
};

/**
 * \ingroup chronometry
 * \brief Result of one latency aggregation (all methods).
 */
struct LatencyEstimate
{
    bool valid{false};         //!< at least one useful packet
    double meanNs{0};          //!< estimated mean latency (ns)
    double varianceNs2{0};     //!< raw variance estimate (ns^2; PAPER form may be < 0)
    double stdNs{0};           //!< sqrt(max(variance, 0)) (ns)
    bool stdValid{false};      //!< at least one collapsed pair
    double usefulPackets{0};   //!< packets in useful buckets (averaged over banks)
    uint64_t usefulBuckets{0}; //!< useful buckets (all banks)
    uint64_t pairs{0};         //!< collapsed pairs used for the variance
};

/**
 * \ingroup chronometry
 * \brief One collapsed pair of buckets: latency difference and the two counts.
 */
struct CollapsedPair
{
    int64_t diffNs; //!< (R_p - S_p) - (R_q - S_q)
    int64_t countP; //!< packets in p
    int64_t countQ; //!< packets in q
};

/**
 * \ingroup chronometry
 * \brief Variance from collapsed pairs.
 * \param pairs the collapsed pairs
 * \param meanNs the estimated mean latency
 * \param estimator which estimator (see LatencyVarianceEstimator)
 * \return raw variance (ns^2); 0 when pairs is empty
 */
double CollapsedVariance(const std::vector<CollapsedPair>& pairs,
                         double meanNs,
                         LatencyVarianceEstimator estimator);

/**
 * \ingroup chronometry
 * \brief Reconcilable Difference Aggregator, simulator-free core.
 *
 * k banks of m buckets, each bucket {ID xor, checksum xor, timestamp sum (ns), count}.
 * Every packet goes to one bucket in every bank.  One xxHash64 of the ID per packet gives
 * all k bucket indexes (a per-bank mix of the hash, mapped to [0, m) by multiply-shift
 * instead of a 64-bit modulo) and the checksum (another mix of the same hash), so
 * inserting costs one hash and peeling one hash per decoded difference.
 * Sign convention: Decode() of S - R (sender sketch minus receiver sketch) lists entries
 * with sign +1 recorded by the sender only (lost, or crossed the interval end) and -1
 * recorded by the receiver only ("reordered" in the paper).  With the checksum (default)
 * a bucket is pure only when |count| = 1, its ID hashes to its own index in that bank AND
 * its checksum equals a second, independent hash of the ID; without it (the paper's
 * form, Algorithm 1) only the first two conditions are tested.
 */
class RdaSketch
{
  public:
    /** \brief One decoded difference. */
    struct Entry
    {
        uint64_t id;  //!< packet identifier
        int64_t tsNs; //!< timestamp (ns); Decode() leaves 0, the caller fills it in
        int64_t sign; //!< +1 sender only, -1 receiver only
    };

    /** \brief One bucket. */
    struct Bucket
    {
        uint64_t id = 0;  //!< XOR of IDs
        uint64_t chk = 0; //!< XOR of checksums (0 without the checksum)
        int64_t ts = 0;   //!< timestamp sum (ns)
        int64_t cnt = 0;  //!< count
    };

    /** Largest number of banks accepted. */
    static constexpr uint32_t MAX_BANKS = 16;
    /** Largest number of buckets per bank accepted. */
    static constexpr uint32_t MAX_BUCKETS = 1u << 24;

    /**
     * Validated constructor: banks in [1, 16] and bucketsPerBank in [1, 2^24] are
     * enforced through chronometry::ReportConfigError (message names
     * "ns3::RdaSketch::Banks" / "ns3::RdaSketch::BucketsPerBank" and the range).
     * \param banks number of banks k
     * \param bucketsPerBank buckets m in each bank
     * \param useChecksum true for chronometry's checksum field, false for the paper's form
     * \param seed hash seed (shared by both ends)
     */
    RdaSketch(uint32_t banks, uint32_t bucketsPerBank, bool useChecksum, uint64_t seed);

    /**
     * \param id packet identifier
     * \param tsNs local timestamp in ns
     */
    void Insert(uint64_t id, int64_t tsNs);
    /**
     * \param id packet identifier
     * \param tsNs local timestamp in ns
     */
    void Delete(uint64_t id, int64_t tsNs);
    /**
     * \brief this -= other (same geometry, checksum mode and seed required).
     * \param other sketch to subtract
     * \return false (and no change) when they differ
     */
    bool Subtract(const RdaSketch& other);
    /**
     * \brief Peel this (difference) sketch (Algorithm 1, queue-driven, O(k (m + d))).
     * \param out decoded entries are appended (tsNs = 0)
     * Timestamp sums are not peeled; only IDs, checksums and counts.
     * Peeling stops (failure) after k*m entries, which bounds the work when misjudged
     * buckets make it cycle.
     * \return true when IDs, checksums and counts were emptied completely
     *
     * The working buffers are members reused across calls (no allocation after the first
     * decode), so one sketch object must not be decoded from two threads at once.
     */
    bool Decode(std::vector<Entry>& out) const;
    /**
     * \brief Decode with a validator: a bucket that passes the pure test is peeled only when
     * accept(id, sign) agrees.  The sender knows its own cache, so it accepts +1 only for
     * IDs it holds and -1 only for IDs it does not hold: a misjudged bucket (its XOR of
     * several IDs hashes to its own index, probability 1/m per test without the checksum)
     * is then refused instead of corrupting k buckets.
     * \param out decoded entries are appended (tsNs = 0)
     * \param accept validator (id, sign) -> whether the entry may be peeled
     * \return true when IDs, checksums and counts were emptied completely
     */
    bool Decode(std::vector<Entry>& out,
                const std::function<bool(uint64_t id, int64_t sign)>& accept) const;
    /** \return total timestamp sum over bank 0 */
    int64_t TotalTs() const;
    /** \return total count over bank 0 */
    int64_t TotalCount() const;

    /** \return number of banks k */
    uint32_t GetBanks() const;
    /** \return buckets per bank m */
    uint32_t GetBucketsPerBank() const;
    /** \return whether the checksum field is used */
    bool UsesChecksum() const;
    /** \return the hash seed */
    uint64_t GetSeed() const;
    /** \return all k*m buckets, bank after bank */
    const std::vector<Bucket>& GetBuckets() const;
    /**
     * \brief Overwrite one bucket (deserialisation, worked examples).
     * \param index bucket index in [0, k*m)
     * \param b new content
     */
    void SetBucket(uint32_t index, const Bucket& b);
    /**
     * \param bank bank index
     * \param id packet identifier
     * \return bucket index of id inside that bank
     */
    uint32_t Index(uint32_t bank, uint64_t id) const;
    /**
     * \param id packet identifier
     * \return the one hash of id from which its indexes and checksum derive
     */
    uint64_t Hash(uint64_t id) const;

    /**
     * \param bank bank index
     * \param h Hash(id)
     * \return bucket index of id inside that bank, in [0, m)
     */
    uint32_t IndexOfHash(uint32_t bank, uint64_t h) const
    {
        // per-bank mix (splitmix64 finaliser step) then multiply-shift onto [0, m)
        uint64_t x = h + 0x9e3779b97f4a7c15ULL * (bank + 1);
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
        return static_cast<uint32_t>(((x >> 32) * static_cast<uint64_t>(m_m)) >> 32);
    }

    /**
     * \param h Hash(id)
     * \return the checksum of id (independent of the indexes: a different mix)
     */
    static uint64_t CheckOfHash(uint64_t h)
    {
        uint64_t x = h ^ 0xd6e8feb86659fd93ULL;
        x = (x ^ (x >> 32)) * 0xd6e8feb86659fd93ULL;
        x = (x ^ (x >> 32)) * 0xd6e8feb86659fd93ULL;
        return x ^ (x >> 32);
    }

    /** \return bytes per bucket on the wire / in memory (32 with checksum, 24 without) */
    uint32_t BucketBytes() const;
    /** \return memory of the whole sketch in bytes */
    uint64_t MemoryBytes() const;

    /**
     * \brief Repair: delete decoded entries from the side that holds them.
     * \param sender sender's sketch (entries with sign +1 are deleted from it)
     * \param receiver receiver's sketch (entries with sign -1 are deleted from it)
     * \param entries decoded entries with their timestamps filled in (sender's
     *        timestamp for +1, receiver's for -1)
     */
    static void Repair(RdaSketch& sender, RdaSketch& receiver, const std::vector<Entry>& entries);

    /**
     * \brief Algorithm 2, selective collapse: per bank, the clean non-empty buckets
     * (ID, checksum and count equal on both sides, count > 0) are paired in index order.
     * \param sender sender's (repaired) sketch
     * \param receiver receiver's (repaired) sketch
     * \return collapsed pairs
     */
    static std::vector<CollapsedPair> SelectiveCollapse(const RdaSketch& sender,
                                                        const RdaSketch& receiver);

    /**
     * \brief Mean over every clean bucket of every bank, variance from the selective
     * collapse (Algorithm 3 with the chosen estimator).
     * \param sender sender's (repaired) sketch
     * \param receiver receiver's (repaired) sketch
     * \param estimator variance estimator
     * \return the estimate (valid = false on geometry mismatch or no useful bucket)
     */
    static LatencyEstimate Aggregate(const RdaSketch& sender,
                                     const RdaSketch& receiver,
                                     LatencyVarianceEstimator estimator);

  private:
    /**
     * \param id packet identifier
     * \return checksum of id (0 without the checksum)
     */
    uint64_t Check(uint64_t id) const;
    /**
     * \param id packet identifier
     * \param tsNs timestamp
     * \param sign +1 insert, -1 delete
     */
    void Update(uint64_t id, int64_t tsNs, int64_t sign);
    /**
     * \param o other sketch
     * \return whether geometry, checksum mode and seed agree
     */
    bool Compatible(const RdaSketch& o) const;

    uint32_t m_k;                          //!< banks
    uint32_t m_m;                          //!< buckets per bank
    bool m_checksum;                       //!< checksum enabled
    uint64_t m_seed;                       //!< hash seed
    std::vector<Bucket> m_cells;           //!< k*m buckets
    mutable std::vector<Bucket> m_scratch; //!< Decode's working copy (capacity reused)
    mutable std::vector<uint32_t> m_stack; //!< Decode's candidate buckets (capacity reused)
};

} // namespace ns3

#endif
