/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-estimate.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationEstimate");

namespace relation
{

double
Interval::Mid() const
{
    return 0.5 * (lo + hi);
}

double
Interval::HalfWidth() const
{
    return 0.5 * (hi - lo);
}

bool
Interval::IsEmpty() const
{
    return lo > hi;
}

Interval
Interval::Intersect(const Interval& other) const
{
    return Interval{std::max(lo, other.lo), std::min(hi, other.hi)};
}

bool
Interval::Contains(double x) const
{
    return lo <= x && x <= hi;
}

} // namespace relation
} // namespace ns3
