/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-ticks.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationTicks");

namespace relation
{

int64_t
TickDiff(uint64_t later, uint64_t earlier)
{
    // unsigned subtraction is exact modulo 2^64; the conversion to int64_t is
    // two's complement (well defined since C++20, and what every supported
    // compiler does for C++17)
    return static_cast<int64_t>(later - earlier);
}

double
TickDelta(uint64_t later, uint64_t earlier)
{
    return static_cast<double>(TickDiff(later, earlier));
}

double
TickPoint::Minus(const TickPoint& other) const
{
    return TickDelta(base, other.base) + (offset - other.offset);
}

double
TickPoint::Minus(uint64_t tick) const
{
    return TickDelta(base, tick) + offset;
}

TickPoint
TickPoint::Plus(double ticks) const
{
    return TickPoint{base, offset + ticks};
}

} // namespace relation
} // namespace ns3
