/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_SKETCH_H
#define RDA_SKETCH_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Reconcilable Difference Aggregator (Fu et al.), simulator-free core.
 *
 * k banks of m buckets, each bucket {ID xor, checksum xor, timestamp sum (ns), count}.
 * Sign convention: after Subtract(receiver), a decoded entry with count +1 was recorded
 * by the sender only (lost or crossed the boundary); count -1 by the receiver only.
 * With the checksum (default) a bucket is pure only when |count| = 1, its ID hashes to
 * its own index in that bank AND its checksum equals a second hash of the ID.
 */
class RdaSketch
{
  public:
    /** \brief One decoded difference. */
    struct Entry
    {
        uint64_t id;  //!< packet identifier
        int64_t tsNs; //!< 0: the caller looks the timestamp up in its own cache (late binding)
        int64_t sign; //!< +1 sender only, -1 receiver only
    };

    /**
     * \param banks number of banks (>= 1)
     * \param bucketsPerBank buckets in each bank (>= 1)
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
     * \brief this -= other (same geometry and seed required).
     * \param other sketch to subtract
     * \return false when geometries differ
     */
    bool Subtract(const RdaSketch& other);
    /**
     * \brief Peel this (difference) sketch.
     * \param out decoded entries
     * Timestamp sums are not peeled (they hold latency residues); only IDs, checksums, counts.
     * \return true when IDs, checksums and counts were emptied completely
     */
    bool Decode(std::vector<Entry>& out) const;
    /** \return total timestamp sum over bank 0 */
    int64_t TotalTs() const;
    /** \return total count over bank 0 */
    int64_t TotalCount() const;

  private:
    /** \brief one bucket */
    struct Bucket
    {
        uint64_t idx = 0; //!< XOR of IDs
        uint64_t chk = 0; //!< XOR of checksums
        int64_t ts = 0;   //!< timestamp sum
        int64_t cnt = 0;  //!< count
    };

    uint32_t Index(uint32_t bank, uint64_t id) const;
    uint64_t Check(uint64_t id) const;
    void Update(uint64_t id, int64_t tsNs, int64_t sign);

    uint32_t m_k;                //!< banks
    uint32_t m_m;                //!< buckets per bank
    bool m_checksum;             //!< checksum enabled
    uint64_t m_seed;             //!< hash seed
    std::vector<Bucket> m_cells; //!< k*m buckets
};

} // namespace ns3

#endif
