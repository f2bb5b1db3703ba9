/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "skew-bound.h"

#include "ns3/chronometry-checkers.h"

namespace ns3
{

Time
MaxSkewBound()
{
    return Hours(1);
}

Ptr<const AttributeChecker>
MakeSkewBoundChecker(bool zeroValid)
{
    return chronometry::MakeTimeRangeChecker(zeroValid ? Time(0) : Time::From(1), MaxSkewBound());
}

std::string
SkewBoundHelp(const std::string& how)
{
    return "The skew bound E (the largest |clock - true time| of a bounded clock, the bound "
           "HVC and RepCl assume): " +
           how;
}

bool
IsSkewBoundMultiple(Time skewBound, Time interval)
{
    if (!interval.IsStrictlyPositive() || skewBound < interval)
    {
        return false;
    }
    const int64_t e = skewBound.GetTimeStep();
    const int64_t i = interval.GetTimeStep();
    return e % i == 0 && static_cast<uint64_t>(e / i) <= MAX_EPSILON;
}

std::string
SkewBoundMultipleRule()
{
    return "E = k x Interval, k in [1, " + std::to_string(MAX_EPSILON) + "]";
}

} // namespace ns3
