/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MINRTT_ROUND_H
#define MINRTT_ROUND_H

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * One MinRTT probe round (Cloudprofiler, Yang et al., Section 3.1) and the
 * selection of the minimum-RTT round.
 *
 * Notation: a round "A towards B" is initiated by A (the reference side): A
 * reads its TSC when it sends (sendA), B reads its TSC when it answers
 * (peerB), A reads again when the answer arrives (recvA). Causality gives
 * A(peerB) in [sendA, recvA], where A(b) is A's counter at the true instant
 * B's counter read b. A round initiated by B towards A is the same structure
 * with the roles swapped (sendA and recvA are B's reads, peerB is A's).
 */

namespace ns3
{
namespace relation
{

/** One probe round initiated by the reference side A towards peer B. */
struct MinRttRound
{
    uint64_t sendA{0}; //!< A's TSC when the request left (c_i^A)
    uint64_t peerB{0}; //!< B's TSC when it answered (c_j^B)
    uint64_t recvA{0}; //!< A's TSC when the answer arrived (c_k^A)

    /**
     * \return the round-trip time in A ticks, exact (recvA - sendA modulo 2^64,
     *         so a counter that wrapped during the round is handled)
     */
    uint64_t RttTicks() const;
    /** \return true if recvA is not before sendA (TickDiff(recvA, sendA) >= 0) */
    bool IsOrdered() const;
    /** \return the round-trip time in A ticks (exact below 2^53 ticks) */
    double Rtt() const;
    /** \return half the round-trip time in A ticks (exact below 2^53 ticks) */
    double HalfRtt() const;
    /**
     * The midpoint (c_i^A + c_k^A) / 2, the paper's \hat c_j^A, as an absolute
     * double. Inexact once the counter exceeds 2^53 ticks: the estimators use
     * MidFrom() instead.
     * \return the midpoint
     */
    double Mid() const;
    /**
     * \param anchor a value of A's counter
     * \return the midpoint minus anchor, in ticks (exact while both the RTT and
     *         sendA - anchor are below 2^53 ticks)
     */
    double MidFrom(uint64_t anchor) const;
};

/**
 * \param rounds at least one round
 * \return the round with the smallest RTT (the first one on ties), compared as
 *         exact integers
 */
MinRttRound SelectMinRtt(const std::vector<MinRttRound>& rounds);

} // namespace relation
} // namespace ns3

#endif /* MINRTT_ROUND_H */
