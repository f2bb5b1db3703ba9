/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "multi-round-scenarios.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MultiRoundScenarios");

namespace relation
{
namespace multi
{

TickEstimate
Scenario1(const MultiRoundRelation& ab, uint64_t bStart, uint64_t bEnd)
{
    Interval i = ab.DurationRangeAt(bStart, bEnd);
    return TickEstimate{i.Mid(), i.HalfWidth()};
}

TickEstimate
Scenario2(const MultiRoundRelation& ab, uint64_t aTick, uint64_t bTick, bool startOnReference)
{
    Interval t = ab.TranslateRangeFrom(bTick, aTick); // A(bTick) - aTick
    Interval d = startOnReference ? Interval{t.lo - 1, t.hi + 1} : Interval{-t.hi - 1, -t.lo + 1};
    return TickEstimate{d.Mid(), d.HalfWidth()};
}

TickEstimate
Scenario3(const MultiRoundRelation& ab,
          const MultiRoundRelation& bc,
          const MultiRoundRelation& ac,
          uint64_t bStart,
          uint64_t cEnd)
{
    // chain: dB in [cInB.lo - 2, cInB.hi + 2] (floors of both reads), times r
    Interval cInB = bc.TranslateRangeFrom(cEnd, bStart); // B(cEnd) - bStart
    Interval dB{cInB.lo - 2, cInB.hi + 2};
    Interval r = ab.SlopeRangeOver(bStart, dB.lo, dB.hi);
    double p[4] = {dB.lo * r.lo, dB.lo * r.hi, dB.hi * r.lo, dB.hi * r.hi};
    Interval chain{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
    // direct: A(c) - A(b), both relative to one A anchor
    uint64_t anchor = ab.GetReferenceAnchor();
    Interval u = ab.TranslateRangeFrom(bStart, anchor);
    Interval v = ac.TranslateRangeFrom(cEnd, anchor);
    Interval direct{v.lo - u.hi, v.hi - u.lo};
    Interval both = chain.Intersect(direct);
    if (both.IsEmpty())
    {
        // cannot happen when both contain the truth; fall back to the chain
        NS_LOG_WARN("multi::Scenario3: disjoint intervals");
        both = chain;
    }
    // the true duration is a difference of floors: one more tick each side
    return TickEstimate{both.Mid(), both.HalfWidth() + 1.0};
}

} // namespace multi
} // namespace relation
} // namespace ns3
