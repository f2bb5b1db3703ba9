/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_TICKS_H
#define RELATION_TICKS_H

#include <cstdint>

/**
 * \file
 * \ingroup chronometry
 * Exact tick arithmetic for the relation estimators.
 *
 * TSC values are 64-bit counters; a server that has run for months holds values
 * near 2^55-2^58 ticks, where a double's unit in the last place is 8-64 ticks.
 * The estimators therefore never convert an absolute counter value to double:
 * they subtract two counter values as integers (modulo 2^64, so a counter that
 * wrapped between the two reads still gives the right difference) and convert
 * only the difference, which is exact while it stays below 2^53 ticks (about a
 * month at 3 GHz). A translated value that is not an integer is kept as a
 * TickPoint: an integer base plus a small real offset.
 */

namespace ns3
{
namespace relation
{

/**
 * \param later a counter value
 * \param earlier another counter value of the same counter
 * \return later - earlier as a signed number of ticks, exact (two's complement
 *         modulo 2^64: valid while the true difference lies in [-2^63, 2^63))
 */
int64_t TickDiff(uint64_t later, uint64_t earlier);

/**
 * \param later a counter value
 * \param earlier another counter value of the same counter
 * \return TickDiff(later, earlier) as a double (exact below 2^53 ticks)
 */
double TickDelta(uint64_t later, uint64_t earlier);

/**
 * A real-valued position on one counter: base + offset ticks. The base is an
 * exact counter value, the offset a (small) real number, so the point keeps
 * sub-tick resolution at any counter magnitude.
 */
struct TickPoint
{
    uint64_t base{0}; //!< an exact counter value
    double offset{0}; //!< ticks after base (may be negative or fractional)

    /**
     * \param other another point on the same counter
     * \return this - other in ticks
     */
    double Minus(const TickPoint& other) const;
    /**
     * \param tick a counter value
     * \return this - tick in ticks
     */
    double Minus(uint64_t tick) const;
    /**
     * \param ticks a shift in ticks
     * \return this point moved by ticks (the base is kept)
     */
    TickPoint Plus(double ticks) const;
};

} // namespace relation
} // namespace ns3

#endif /* RELATION_TICKS_H */
