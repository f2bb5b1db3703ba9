/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STAMP_ENCODING_H
#define STAMP_ENCODING_H

#include "causal-order.h"

#include <cstdint>
#include <string>

/**
 * \file
 * \ingroup chronometry
 * How the sparse clocks (RepCl, HVC) write which processes their stamp holds, and the
 * LEB128-style variable-length integers of their sparse form.
 */

namespace ns3
{

/**
 * How RepCl and HVC stamps name the processes they hold (unscoped: ns-3's EnumValue holds an
 * int).
 *
 * - STAMP_BITMAP: the published fixed forms, byte for byte: RepCl's n-bit bitmap (thesis
 *   Figure 4.3, one bit per process whatever the number stored), HVC's process ids at
 *   ceil(log2 n) bits each.
 * - STAMP_SPARSE: always the sparse form: the stored processes as a sorted list of
 *   LEB128-style varints, the first id, then the difference to the previous one (at least 1),
 *   marked by a flag bit of the header (RepCl: the top bit of the counter-width byte; HVC: the
 *   top bit of the 7-bit delta-width field).
 * - STAMP_ADAPTIVE: per stamp the smaller of the two, by exact size in bits (the fixed form on
 *   a tie); each decoder accepts only the form its encoder would choose.
 *
 * Every form carries the same offsets, counters, values and header fields; only the list of
 * processes differs.
 */
enum StampEncoding
{
    STAMP_BITMAP,
    STAMP_SPARSE,
    STAMP_ADAPTIVE
};

/**
 * \param encoding an encoding
 * \return "Bitmap", "Sparse" or "Adaptive" (its Attribute value name)
 */
inline std::string
ToString(StampEncoding encoding)
{
    switch (encoding)
    {
    case STAMP_BITMAP:
        return "Bitmap";
    case STAMP_SPARSE:
        return "Sparse";
    case STAMP_ADAPTIVE:
        return "Adaptive";
    }
    return "unknown";
}

/**
 * The sparse forms' integers: groups of 8 bits, the low 7 bits of the value first, the top bit
 * of a group set when another group follows (LEB128).  The shortest form only: a group of
 * zeros never ends a value of more than one group.
 */
namespace varint
{

/** The largest number of groups the stamps use: process ids and counts below 2^16 need 3. */
constexpr uint32_t MAX_GROUPS = 3;

/**
 * \param value a value
 * \return its number of 8-bit groups (1 for 0)
 */
inline uint32_t
Groups(uint64_t value)
{
    const uint32_t bits = BitsFor(value);
    return bits == 0 ? 1 : (bits + 6) / 7;
}

/**
 * \param value a value below 2^21
 * \return its groups as one field of 8 x Groups(value) bits, first group first
 */
inline uint64_t
Field(uint64_t value)
{
    const uint32_t groups = Groups(value);
    uint64_t field = 0;
    for (uint32_t g = 0; g < groups; ++g)
    {
        const uint64_t more = g + 1 < groups ? 0x80 : 0;
        field = (field << 8) | ((value >> (7 * g)) & 0x7f) | more;
    }
    return field;
}

/**
 * Read one varint of at most MAX_GROUPS groups.
 * \param in the input
 * \param position its bit offset; advanced past the varint on success
 * \param end the bit offset where the input's content ends
 * \param value receives the value
 * \return false if it runs past \p end, has more than MAX_GROUPS groups, or is not the
 * shortest form
 */
inline bool
Read(const BitUnpacker& in, uint64_t& position, uint64_t end, uint64_t& value)
{
    uint64_t v = 0;
    for (uint32_t g = 0; g < MAX_GROUPS; ++g)
    {
        if (position + 8 > end)
        {
            return false; // runs past the input
        }
        const uint64_t group = in.Get(position, 8);
        position += 8;
        v |= (group & 0x7f) << (7 * g);
        if ((group & 0x80) == 0)
        {
            if (g > 0 && group == 0)
            {
                return false; // a trailing zero group: not the shortest form
            }
            value = v;
            return true;
        }
    }
    return false; // more groups than any stamp field needs
}

} // namespace varint

} // namespace ns3

#endif /* STAMP_ENCODING_H */
