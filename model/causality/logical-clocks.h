/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LOGICAL_CLOCKS_H
#define LOGICAL_CLOCKS_H

#include "causal-order.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Lamport clocks, vector clocks and hybrid logical clocks (HLC): the
 * timestamp algebra, free of the simulator.  Every clock offers the same
 * operations: a local/send event, a receive event that merges a remote
 * timestamp, a comparison, encode/decode to bytes and the encoded size.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * Lamport's logical clock: e hb f => l.e < l.f.
 */
class LamportClock
{
  public:
    /**
     * A local or send event.
     * \param pt physical time of the event (unused; uniform signature)
     */
    void LocalOrSend(Time pt);

    /**
     * A receive event.
     * \param remote the timestamp carried by the message
     * \param pt physical time of the event (unused)
     */
    void Receive(const LamportClock& remote, Time pt);

    /** \return the counter */
    uint64_t GetValue() const;

    /**
     * \param a a timestamp
     * \param b another
     * \return BEFORE/AFTER by value, EQUAL if the values are equal (a total preorder)
     */
    static CausalOrder Compare(const LamportClock& a, const LamportClock& b);

    /** \return 64-bit big-endian counter */
    std::vector<uint8_t> Encode() const;

    /**
     * Encode into a caller's buffer (its capacity is reused: no allocation once it is large
     * enough).
     * \param out receives the bytes of Encode()
     */
    void EncodeInto(std::vector<uint8_t>& out) const;

    /**
     * \param bytes encoded timestamp
     * \param out receives the timestamp (untouched on failure)
     * \return false if the bytes are malformed
     */
    static bool Decode(const std::vector<uint8_t>& bytes, LamportClock& out);

    /**
     * \param data encoded timestamp
     * \param size its length in bytes
     * \param out receives the timestamp (untouched on failure)
     * \return false if the bytes are malformed
     */
    static bool Decode(const uint8_t* data, std::size_t size, LamportClock& out);

    /** \return the encoded size in bits */
    uint32_t GetEncodedBits() const;

  private:
    uint64_t m_value = 0; //!< the counter
};

/**
 * \ingroup chronometry
 * Vector clock over n processes: e hb f <=> vc.e < vc.f.  It is the ground
 * truth of happened-before for every check in chronometry.
 */
class VectorClock
{
  public:
    /**
     * \param n number of processes (1 to 65535)
     * \param self index of the owning process, below n
     */
    VectorClock(uint32_t n, uint32_t self);

    /**
     * A local or send event.
     * \param pt physical time (unused)
     */
    void LocalOrSend(Time pt);

    /**
     * A receive event.
     * \param remote the timestamp carried by the message (same n)
     * \param pt physical time (unused)
     */
    void Receive(const VectorClock& remote, Time pt);

    /**
     * A receive event merging a remote vector given as its entries (how a log that does not
     * carry vector clocks on the wire recomputes them).
     * \param remote the entries of the sender's vector clock at the send (n of them)
     * \param pt physical time (unused)
     */
    void ReceiveEntries(const std::vector<uint64_t>& remote, Time pt);

    /**
     * A receive event merging the sender's vector as it was at the send, given as the sender's
     * vector now and its own entry then: a sender whose only events since the send were local
     * or sends has changed nothing else (so a replay need not copy n entries per send).
     * \param remote the entries of the sender's vector clock now (n of them)
     * \param sender the sender's index, below n
     * \param senderEntry the sender's own entry at the send (at most remote[sender])
     * \param pt physical time (unused)
     */
    void ReceiveEntries(const std::vector<uint64_t>& remote,
                        uint32_t sender,
                        uint64_t senderEntry,
                        Time pt);

    /**
     * \param a a timestamp
     * \param b another (same n)
     * \return the happened-before relation between them
     */
    static CausalOrder Compare(const VectorClock& a, const VectorClock& b);

    /** \return number of processes */
    uint32_t GetN() const;

    /** \return owning process */
    uint32_t GetSelf() const;

    /** \return the entries */
    const std::vector<uint64_t>& GetEntries() const;

    /**
     * Encoding: n (16 bits), owner (16 bits), entry width w (7 bits), n entries of w bits.
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
     * \param out receives the timestamp (untouched on failure)
     * \return false if malformed (wrong n, owner out of range, wrong length, not the canonical
     * encoding)
     */
    static bool Decode(const std::vector<uint8_t>& bytes, uint32_t n, VectorClock& out);

    /**
     * Decode into an existing clock, reusing its storage.
     * \param data encoded timestamp
     * \param size its length in bytes
     * \param n expected number of processes
     * \param out receives the timestamp (untouched on failure)
     * \return false if malformed
     */
    static bool Decode(const uint8_t* data, std::size_t size, uint32_t n, VectorClock& out);

    /** \return the encoded size in bits */
    uint32_t GetEncodedBits() const;

  private:
    uint32_t m_self;                 //!< owner
    std::vector<uint64_t> m_entries; //!< one counter per process
};

/**
 * \ingroup chronometry
 * Hybrid logical clock (Kulkarni et al., OPODIS 2014): (l, c) with
 * e hb f => hlc.e < hlc.f, l >= pt, and l - pt bounded by the clock skew.
 */
class HybridLogicalClock
{
  public:
    /**
     * A local or send event at physical time pt.
     * \param pt the node's physical clock reading
     */
    void LocalOrSend(Time pt);

    /**
     * A receive event.
     * \param remote the timestamp carried by the message
     * \param pt the node's physical clock reading
     */
    void Receive(const HybridLogicalClock& remote, Time pt);

    /** \return l, the largest physical time known */
    Time GetL() const;

    /** \return c, the logical counter */
    uint32_t GetC() const;

    /**
     * \param a a timestamp
     * \param b another
     * \return lexicographic comparison of (l, c)
     */
    static CausalOrder Compare(const HybridLogicalClock& a, const HybridLogicalClock& b);

    /** \return l (64 bits, time steps) then c (32 bits) */
    std::vector<uint8_t> Encode() const;

    /**
     * Encode into a caller's buffer (its capacity is reused).
     * \param out receives the bytes of Encode()
     */
    void EncodeInto(std::vector<uint8_t>& out) const;

    /**
     * \param bytes encoded timestamp
     * \param out receives it (untouched on failure)
     * \return false if malformed
     */
    static bool Decode(const std::vector<uint8_t>& bytes, HybridLogicalClock& out);

    /**
     * \param data encoded timestamp
     * \param size its length in bytes
     * \param out receives it (untouched on failure)
     * \return false if malformed
     */
    static bool Decode(const uint8_t* data, std::size_t size, HybridLogicalClock& out);

    /** \return the encoded size in bits */
    uint32_t GetEncodedBits() const;

    /** \return how many times c would have overflowed 32 bits (it saturates instead) */
    uint64_t GetCounterSaturations() const;

  private:
    /** Increase c, saturating (and counting) at 2^32 - 1. */
    void IncrementC();

    int64_t m_l = 0;            //!< time steps
    uint32_t m_c = 0;           //!< counter
    uint64_t m_saturations = 0; //!< c overflows avoided
};

} // namespace ns3

#endif /* LOGICAL_CLOCKS_H */
