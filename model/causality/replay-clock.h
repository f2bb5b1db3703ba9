/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REPLAY_CLOCK_H
#define REPLAY_CLOCK_H

#include "causal-order.h"
#include "stamp-encoding.h"

#include "ns3/nstime.h"

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * How RepCl counts events within an epoch (unscoped: ns-3 EnumValue holds an int).
 */
enum ReplayCounterRule
{
    /**
     * The thesis' rules (Algorithms 4.9 and 4.10 and the < of section 4.6): counters
     * reset whenever the offsets change and are compared only when all offsets are
     * equal.  Orders some concurrent events whose process shared an epoch (see doc).
     */
    PUBLISHED,
    /**
     * chronometry's corrected variant: counter.k is the number of k's events in epoch
     * mx - offset.k that the timestamp knows (own events count from 1; the
     * synchronization floor counts 0), merged by the lexicographic maximum of
     * (epoch, count), and compared as (epoch, count) pairs.
     */
    EPOCH_COUNTS
};

/**
 * \ingroup chronometry
 * Parameters shared by every replay clock of a system.
 */
struct ReplayClockConfig
{
    uint32_t n = 64;                   //!< number of processes (1 to 65535)
    uint32_t epsilon = 10;             //!< E / I, an integer >= 1
    Time interval = MicroSeconds(100); //!< epoch length I (> 0)
    uint32_t counterBits = 4;          //!< configured counter width in the encoding (1 to 64)
    bool sumCounters = false;          //!< the thesis' ns-3 compression: one counter, the sum
    ReplayCounterRule counterRule = ReplayCounterRule::PUBLISHED; //!< counter semantics
    /// How a stamp names its stored processes: the n-bit bitmap (STAMP_BITMAP, the thesis'
    /// Figure 4.3), a sorted list of ids (STAMP_SPARSE), or the smaller per stamp
    /// (STAMP_ADAPTIVE)
    StampEncoding encoding = STAMP_BITMAP;

    /** Report a configuration error (naming the field and its range) if invalid. */
    void Validate() const;

    /** \return E = epsilon * I */
    Time GetSkewBound() const;

    /** \return bits per stored offset, ceil(log2(epsilon + 1)) */
    uint32_t GetOffsetBits() const;

    /**
     * \param pt a physical time
     * \return its epoch floor(pt / I)
     */
    int64_t EpochOf(Time pt) const;
};

inline uint32_t
ReplayClockConfig::GetOffsetBits() const
{
    return BitsFor(epsilon);
}

inline int64_t
ReplayClockConfig::EpochOf(Time pt) const
{
    int64_t p = pt.GetTimeStep();
    int64_t i = interval.GetTimeStep();
    int64_t q = p / i;
    return (p % i != 0 && p < 0) ? q - 1 : q; // floor division
}

/**
 * \ingroup chronometry
 * Replay clock (RepCl) timestamp <mx, bitmap, offsets[], counters[]> as defined
 * in Lagwankar's thesis (chapter 4), stored sparsely: only processes with an
 * offset below epsilon are kept (an absent offset means epsilon), in process
 * order, plus the owner's own entry, which is always kept.  Shift,
 * MergeSameEpoch, EqualOffset and the comparison cost O(stored entries), for
 * any number of processes; the encoding uses a multi-word bitmap.
 *
 * Interpretations (see doc/causality.rst): the comparison is the < relation
 * of section 4.6 (Algorithm 4.11 orders every pair with different mx and so
 * cannot meet Requirement 3); on receive the owner's offset is set from its
 * current epoch, as on send (Algorithm 4.10 leaves it at the shifted old
 * value); with sumCounters the counter array is one integer, updated by the
 * same four cases as the array.
 */
class ReplayClock
{
  public:
    /**
     * \param config shared parameters (validated)
     * \param self owner, below n
     */
    ReplayClock(const ReplayClockConfig& config, uint32_t self);

    /**
     * Build a timestamp from its parts (for worked examples and tests).
     * \param config parameters
     * \param self owner (n for none)
     * \param mx the mx value
     * \param offsets n offsets (epsilon = not stored; values above epsilon are capped)
     * \param counters n counters (or empty for all zero; in sum mode the sum is their total)
     * \return the timestamp
     */
    static ReplayClock FromParts(const ReplayClockConfig& config,
                                 uint32_t self,
                                 int64_t mx,
                                 const std::vector<uint32_t>& offsets,
                                 const std::vector<uint64_t>& counters);

    /** \return the n offsets (epsilon where not stored) */
    std::vector<uint32_t> ExpandOffsets() const;

    /** \return the n counters (0 where not stored) */
    std::vector<uint64_t> ExpandCounters() const;

    /**
     * Send or local event (Algorithm 4.9).
     * \param pt the owner's physical clock reading
     */
    void LocalOrSend(Time pt);

    /**
     * Receive event (Algorithm 4.10).
     * \param remote the message's timestamp
     * \param pt the owner's physical clock reading
     */
    void Receive(const ReplayClock& remote, Time pt);

    /**
     * The < relation of section 4.6.
     * \param a a timestamp
     * \param b another (same configuration)
     * \return BEFORE if a < b, AFTER if b < a, EQUAL if identical, else CONCURRENT
     */
    static CausalOrder Compare(const ReplayClock& a, const ReplayClock& b);

    /**
     * Shift to a larger mx (offsets grow by the difference, capped at epsilon).
     * \param newMx the new mx, not below the current one
     */
    void Shift(int64_t newMx);

    /**
     * MergeSameEpoch: entry-wise minimum of the offsets of two timestamps with the same mx.
     * \param a a timestamp
     * \param b another with the same mx
     * \return a timestamp owned by a's owner with the merged offsets and no counters
     */
    static ReplayClock MergeSameEpoch(const ReplayClock& a, const ReplayClock& b);

    /**
     * \param a a timestamp
     * \param b another
     * \return true if mx and all offsets are equal
     */
    static bool EqualOffset(const ReplayClock& a, const ReplayClock& b);

    /** \return mx, the largest epoch known */
    int64_t GetMx() const;

    /**
     * \param k a process
     * \return offset of k (epsilon if not stored)
     */
    uint32_t GetOffset(uint32_t k) const;

    /**
     * \param k a process
     * \return counter of k (0 if not stored; in sum mode the sum for the owner, else 0)
     */
    uint64_t GetCounter(uint32_t k) const;

    /** \return the sum of the counters */
    uint64_t GetCounterSum() const;

    /** \return whether process k's bit is set (its offset is stored) */
    bool IsStored(uint32_t k) const;

    /** \return theta: the number of stored offsets (popcount of the bitmap) */
    uint32_t GetOffsetCount() const;

    /** \return sigma: the number of non-zero counters stored */
    uint32_t GetCounterCount() const;

    /** \return the bitmap, ceil(n / 64) words, bit k of word k / 64 for process k */
    std::vector<uint64_t> GetBitmap() const;

    /** \return the owner (n for a decoded timestamp, whose owner is unknown) */
    uint32_t GetSelf() const;

    /** \return the configuration */
    const ReplayClockConfig& GetConfig() const;

    /**
     * Encoding (thesis Figure 4.3, extended): counter width w (8 bits), mx (64),
     * bitmap (ceil(n/64) words of 64 bits), offsets at GetOffsetBits() each in
     * bitmap order, then the counters at w bits each (or one sum).  w is the
     * configured counterBits unless a counter needs more: then the encoding
     * widens and *widened is set (the clock itself always holds full values).
     *
     * The sparse form (config.encoding STAMP_SPARSE, or STAMP_ADAPTIVE when it is smaller
     * than the bitmap) sets the top bit of w's byte and replaces the bitmap by the number of
     * stored entries and their process ids in increasing order, the first id then each
     * difference to the previous one, every one a LEB128-style varint (8-bit groups); offsets
     * and counters follow as in the bitmap form.
     * \param widened if not null, receives whether w exceeds counterBits
     * \return the bytes
     */
    std::vector<uint8_t> Encode(bool* widened = nullptr) const;

    /**
     * Encode into a caller's buffer (its capacity is reused: no allocation once it is large
     * enough).
     * \param out receives the bytes of Encode()
     * \param widened if not null, receives whether w exceeds counterBits
     */
    void EncodeInto(std::vector<uint8_t>& out, bool* widened = nullptr) const;

    /**
     * \param bytes encoded timestamp
     * \param config the system's configuration
     * \param out receives the timestamp (owner unknown; untouched on failure)
     * \return false if malformed (wrong length, offsets out of range, bits beyond n, not the
     * canonical encoding)
     */
    static bool Decode(const std::vector<uint8_t>& bytes,
                       const ReplayClockConfig& config,
                       ReplayClock& out);

    /**
     * Decode into an existing timestamp, reusing its storage (the configuration is validated
     * unless it equals the one \p out already holds).
     * \param data encoded timestamp
     * \param size its length in bytes
     * \param config the system's configuration
     * \param out receives the timestamp (owner unknown; untouched on failure)
     * \return false if malformed
     */
    static bool Decode(const uint8_t* data,
                       std::size_t size,
                       const ReplayClockConfig& config,
                       ReplayClock& out);

    /** \return the encoded size in bits (under the configured encoding) */
    uint32_t GetEncodedBits() const;

    /**
     * The size this timestamp would have under another encoding (same offsets and counters).
     * \param encoding an encoding
     * \return its size in bits
     */
    uint32_t GetEncodedBits(StampEncoding encoding) const;

    /** \return the form Encode() writes: STAMP_BITMAP or STAMP_SPARSE */
    StampEncoding GetEncodedForm() const;

  private:
    /** One stored process. */
    struct Entry
    {
        Entry() = default;

        /**
         * Constructed in place by emplace_back: field by field, with no temporary whose 16
         * bytes the CPU would have to reload from two smaller stores.
         * \param p process
         * \param o offset
         * \param c counter
         */
        Entry(uint32_t p, uint32_t o, uint64_t c)
            : process(p),
              offset(o),
              counter(c)
        {
        }

        uint32_t process; //!< index
        uint32_t offset;  //!< below epsilon (the owner's, or one with a counter, may equal it)
        uint64_t counter; //!< counter (0 in sum mode)
    };

    /**
     * EPOCH_COUNTS: shift keeping (epoch, count) pairs; pairs that fall below the
     * synchronization floor become the floor (dropped).
     * \param newMx the new mx
     */
    inline void ShiftCounts(int64_t newMx);
    /**
     * EPOCH_COUNTS: make the owner's pair the next event in epoch \p epoch.
     * \param epoch the owner's current epoch
     */
    inline void AdvanceOwn(int64_t epoch);
    /** \param pt send or local event, EPOCH_COUNTS rules */
    inline void LocalOrSendCounts(Time pt);
    /**
     * \param remote message timestamp
     * \param pt receive event, EPOCH_COUNTS rules
     */
    inline void ReceiveCounts(const ReplayClock& remote, Time pt);

    /**
     * Inline (defined and used only in replay-clock-rules.cc), like the other private helpers
     * of the update rules, so that calls bind there instead of going through the PLT.
     * \return the owner's entry (always present)
     */
    inline Entry& Own();

    /**
     * The sum-of-counters mode's counter after a receive (Algorithm 4.10's four cases).
     * \param mine this timestamp's sum
     * \param theirs the message's sum
     * \param sameAsMine whether the merged offsets equal this timestamp's
     * \param sameAsRemote whether they equal the message's
     * \return the new sum (the receive counted when either side's offsets are kept)
     */
    static inline uint64_t ReceivedSum(uint64_t mine,
                                       uint64_t theirs,
                                       bool sameAsMine,
                                       bool sameAsRemote);

    /**
     * Entry-wise minimum of two same-mx timestamps' offsets.
     * \param a a timestamp
     * \param b another
     * \param keepFloor keep entries whose minimum is epsilon (their counters may matter)
     * \return the merged timestamp, owned by a's owner, counters zero
     */
    static ReplayClock MergeOffsets(const ReplayClock& a, const ReplayClock& b, bool keepFloor);

    /**
     * Construct without validating the configuration (it was validated by a
     * public constructor already); used on the hot paths.
     * \param config parameters
     * \param self owner
     * \param validated marker
     */
    ReplayClock(const ReplayClockConfig& config, uint32_t self, bool validated);

    /** Merged entries up to which Receive works in stack buffers (no allocation). */
    static constexpr std::size_t SMALL_MERGE = 32;

    /** \return counter width needed by the current counters (replay-clock-codec.cc) */
    inline uint32_t CounterWidth() const;

    /** \return the bits of the sparse form's list (its count and ids) */
    uint32_t SparseListBits() const;

    /** \return whether Encode() writes the sparse form */
    bool WritesSparse() const;

    /**
     * The checks shared by both forms after the list of processes: the exact length with
     * zero padding, offsets within epsilon and the counter width the encoder chooses.
     * \param in the input
     * \param size its length in bytes (at least 9)
     * \param offsets the bit offset of the first offset
     * \param stored the number of entries
     * \param w the counter width
     * \param config the configuration
     * \return whether they hold
     */
    static bool CheckFields(const BitUnpacker& in,
                            std::size_t size,
                            uint64_t offsets,
                            uint64_t stored,
                            uint32_t w,
                            const ReplayClockConfig& config);

    /**
     * Become an empty decoded timestamp (no owner, no entries) before a decoder fills it.
     * \param config the configuration (validated)
     * \param mx the decoded mx
     * \param sameConfig whether \p config equals the one held (then it is not copied)
     */
    void Adopt(const ReplayClockConfig& config, int64_t mx, bool sameConfig);

    /**
     * Decode the bitmap form (the flag is clear).
     * \param data input, at least 9 bytes
     * \param size its length
     * \param config the configuration
     * \param out receives the timestamp (untouched on failure)
     * \return false if malformed
     */
    static bool DecodeBitmap(const uint8_t* data,
                             std::size_t size,
                             const ReplayClockConfig& config,
                             ReplayClock& out);

    /**
     * Decode the sparse form (the flag is set): refuses a list that runs past the input, an
     * overlong varint, a count of 0 or above n, a repeated id (a zero difference) and an id at
     * or above n (where a list written out of order lands: differences are unsigned).
     * \param data input, at least 9 bytes
     * \param size its length
     * \param config the configuration
     * \param out receives the timestamp (untouched on failure)
     * \return false if malformed
     */
    static bool DecodeSparse(const uint8_t* data,
                             std::size_t size,
                             const ReplayClockConfig& config,
                             ReplayClock& out);

    ReplayClockConfig m_config; //!< parameters
    uint32_t m_self;            //!< owner
    int64_t m_mx;               //!< largest known epoch
    /// Stored processes, sorted; the first few inline (theta is about 1.5), so that a clock
    /// among thousands is one object in memory, not an object and a heap block.
    boost::container::small_vector<Entry, 4> m_entries;
    uint64_t m_sum; //!< sum-of-counters mode: the one counter
};

inline const ReplayClockConfig&
ReplayClock::GetConfig() const
{
    return m_config;
}

} // namespace ns3

#endif /* REPLAY_CLOCK_H */
