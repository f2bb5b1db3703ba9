/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRID_VECTOR_CLOCK_H
#define HYBRID_VECTOR_CLOCK_H

#include "causal-order.h"
#include "stamp-encoding.h"

#include "ns3/nstime.h"

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Hybrid vector clock with bound epsilon (Yingchareonthawornchai, Nguyen,
 * Kulkarni, Demirbas, IEEE TPDS 2018), stored sparsely.
 *
 * The full vector has one entry per process: the own entry is the physical
 * time pt of the event; entry k is the largest clock value of k the event
 * knows, never below the floor pt - epsilon that clock synchronization
 * guarantees.  Only entries above the floor are stored, so the size is the
 * number of active entries.  The floor is carried explicitly (it can be
 * raised by a message from a process that is ahead), which makes the sparse
 * form expand exactly to the full vector.
 *
 * Guarantees (with pt strictly increasing per process and epsilon at least
 * the true clock skew): e hb f => hvc.e < hvc.f; and hvc.e < hvc.f for
 * concurrent e, f only when an event in f's causal past has
 * pt >= pt.e + epsilon.
 */
class HybridVectorClock
{
  public:
    /**
     * \param n number of processes (1 to 65535)
     * \param self owner, below n
     * \param epsilon the bound (> 0)
     * \param encoding how Encode() names the active processes (see Encode())
     */
    HybridVectorClock(uint32_t n,
                      uint32_t self,
                      Time epsilon,
                      StampEncoding encoding = STAMP_BITMAP);

    /**
     * A local or send event.
     * \param pt the node's physical clock reading (strictly increasing per process)
     */
    void LocalOrSend(Time pt);

    /**
     * A receive event.
     * \param remote the timestamp carried by the message
     * \param pt the node's physical clock reading
     */
    void Receive(const HybridVectorClock& remote, Time pt);

    /**
     * \param a a timestamp
     * \param b another (same n)
     * \return vector comparison of the full vectors
     */
    static CausalOrder Compare(const HybridVectorClock& a, const HybridVectorClock& b);

    /**
     * \param k a process
     * \return entry k of the full vector, in time steps
     */
    int64_t GetEntry(uint32_t k) const;

    /** \return the full vector (n entries, time steps) */
    std::vector<int64_t> Expand() const;

    /**
     * The active entries: the first few inline (an HVC within epsilon of its peers keeps few),
     * so that a clock among thousands is one object in memory, not an object and a heap block.
     */
    using ActiveEntries = boost::container::small_vector<std::pair<uint32_t, int64_t>, 4>;

    /** \return stored (active) entries: (process, value), sorted by process */
    const ActiveEntries& GetActiveEntries() const;

    /** \return the number of active entries (the clock's size) */
    uint32_t GetActiveCount() const;

    /** \return the floor value of absent entries, in time steps */
    int64_t GetFloor() const;

    /** \return the physical time of the last event (own entry), in time steps */
    int64_t GetPt() const;

    /** \return the owner */
    uint32_t GetSelf() const;

    /** \return the number of processes */
    uint32_t GetN() const;

    /**
     * Encoding: pt (64), pt - floor (64), owner (16), count (16), delta width w (7),
     * then per active entry: process (ceil(log2 n) bits) and value - floor (w bits).  This
     * fixed form (STAMP_BITMAP) is chronometry's published one; the sparse form
     * (STAMP_SPARSE, or STAMP_ADAPTIVE when it is smaller) sets the top bit of the 7-bit width
     * field (w itself is at most 63) and writes the processes as a list of LEB128-style
     * varints, the first id then each difference to the previous one, followed by the count
     * values - floor at w bits each.
     * \return the bytes
     */
    std::vector<uint8_t> Encode() const;

    /**
     * Encode into a caller's buffer (its capacity is reused: no allocation once it is large
     * enough).
     * \param out receives the bytes of Encode()
     */
    void EncodeInto(std::vector<uint8_t>& out) const;

    /**
     * \param bytes encoded timestamp
     * \param n expected number of processes
     * \param epsilon expected bound
     * \param out receives it (untouched on failure)
     * \param encoding the system's encoding (only the forms its encoder writes are accepted)
     * \return false if malformed (or not the canonical encoding)
     */
    static bool Decode(const std::vector<uint8_t>& bytes,
                       uint32_t n,
                       Time epsilon,
                       HybridVectorClock& out,
                       StampEncoding encoding = STAMP_BITMAP);

    /**
     * Decode into an existing clock, reusing its storage.  The sparse form's list is refused
     * when it runs past the input, holds an overlong varint, repeats an id (a zero difference)
     * or reaches an id at or above n (where a list written out of order lands).
     * \param data encoded timestamp
     * \param size its length in bytes
     * \param n expected number of processes
     * \param epsilon expected bound
     * \param out receives it (untouched on failure)
     * \param encoding the system's encoding (only the forms its encoder writes are accepted)
     * \return false if malformed
     */
    static bool Decode(const uint8_t* data,
                       std::size_t size,
                       uint32_t n,
                       Time epsilon,
                       HybridVectorClock& out,
                       StampEncoding encoding = STAMP_BITMAP);

    /** \return the encoded size in bits (under the clock's encoding) */
    uint32_t GetEncodedBits() const;

    /**
     * The size this timestamp would have under another encoding.
     * \param encoding an encoding
     * \return its size in bits
     */
    uint32_t GetEncodedBits(StampEncoding encoding) const;

    /** \return the form Encode() writes: STAMP_BITMAP (fixed-width ids) or STAMP_SPARSE */
    StampEncoding GetEncodedForm() const;

    /** \return the encoding the clock was made with */
    StampEncoding GetEncoding() const;

  private:
    /** What a decoder reads before the entries (defined in the .cc). */
    struct WireHeader;

    /**
     * Read and check the 167 header bits.
     * \param in the input, at least 21 bytes
     * \param n expected number of processes
     * \param epsilon expected bound
     * \param h receives the header
     * \return false if malformed
     */
    static bool ReadHeader(const BitUnpacker& in, uint32_t n, Time epsilon, WireHeader& h);

    /**
     * Check the entries of either form and, if they are the canonical encoding, fill \p out.
     * \param h the header
     * \param n processes
     * \param entry (e, delta&) -> process of the e-th entry, called for e = 0, 1, ... in order
     *        (twice: to check, then to fill)
     * \param sparse whether the entries came from the sparse form
     * \param encoding the system's encoding
     * \param out receives the clock
     * \return false if malformed
     */
    template <typename Entry>
    static bool Accept(const WireHeader& h,
                       uint32_t n,
                       Entry entry,
                       bool sparse,
                       StampEncoding encoding,
                       HybridVectorClock& out);

    /** \return the bits of the sparse form's list of ids */
    uint32_t SparseListBits() const;

    /** \return whether Encode() writes the sparse form */
    bool WritesSparse() const;

    /** Drop entries at or below the floor (keeping the own entry). */
    void Compact();

    /** Insert the own entry (value pt) in order, where a merge did not produce it. */
    void InsertOwnEntry();

    /**
     * Defined (and used) only in the .cc; inline so that calls bind there, not through the PLT.
     * \return width of (value - floor) for the active entries
     */
    inline uint32_t DeltaWidth() const;

    /** Active entries up to which Receive merges through a stack copy (no allocation). */
    static constexpr std::size_t SMALL_MERGE = 32;

    /**
     * Receive's merge when this clock has at most SMALL_MERGE active entries (inline: see
     * DeltaWidth).
     * \param remote the message's timestamp (not this clock)
     * \param floor the new floor (m_pt is already the receive time)
     */
    inline void ReceiveSmall(const HybridVectorClock& remote, int64_t floor);

    uint32_t m_n;             //!< processes
    uint32_t m_self;          //!< owner
    int64_t m_epsilon;        //!< bound, time steps
    int64_t m_pt;             //!< own entry
    int64_t m_floor;          //!< value of absent entries
    ActiveEntries m_active;   //!< entries above the floor
    StampEncoding m_encoding; //!< how Encode() names processes
};

} // namespace ns3

#endif /* HYBRID_VECTOR_CLOCK_H */
