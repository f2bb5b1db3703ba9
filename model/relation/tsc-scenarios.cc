/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsc-scenarios.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TscScenarios");

namespace relation
{

DurationEstimate
TrivialDuration(uint64_t aStart, uint64_t aEnd)
{
    DurationEstimate d;
    d.value = TickDelta(aEnd, aStart);
    return d;
}

DurationEstimate
Scenario1(const TscRelation& ab, uint64_t bStart, uint64_t bEnd)
{
    return ab.TranslateDurationAt(bStart, bEnd);
}

DurationEstimate
Scenario2(const TscRelation& ab, uint64_t aTick, uint64_t bTick, bool startOnReference)
{
    TickEstimate t = ab.TranslateFrom(bTick, aTick); // A(bTick) - aTick
    DurationEstimate d;
    d.value = startOnReference ? t.value : -t.value;
    d.bound = t.bound + 1.0; // the A read itself is a floor
    d.paperBound = ab.PaperTranslateBound(0);
    return d;
}

DurationEstimate
Scenario3(const TscRelation& ab, const TscRelation& bc, uint64_t bStart, uint64_t cEnd)
{
    TickEstimate cInB = bc.TranslateFrom(cEnd, bStart); // B(cEnd) - bStart
    double dB = cInB.value;
    double epsB = cInB.bound + 1.0; // plus the floor of bStart
    double r = ab.GetRatio();
    // |r_hat dB_hat - (A(v) - A(u))| <= |r_hat - r_chord| |v - u| + |g(v) - g(u)| + r_hat |dB_hat -
    // dB| with |v - u| <= |dB_hat| + epsB; g the deviation from the chord (drift wander)
    double xs = TickDelta(bStart, ab.GetPeerReference());
    double lo = std::min(xs, xs + dB - epsB);
    double hi = std::max(xs, xs + dB + epsB);
    double dr = ab.GetRatioBound() + ab.SlopeDeviation(lo, hi);
    DurationEstimate d;
    d.value = r * dB;
    d.bound = dr * std::abs(dB) + (std::abs(r) + dr) * epsB + 2.0;
    double e = std::max(ab.GetE(), bc.GetE());
    d.paperBound = (2 * std::abs(dB) / ab.GetPeerWindow() + r) * e;
    return d;
}

DurationEstimate
Baseline(const TscRelation& ab, const TscRelation& ac, uint64_t bStart, uint64_t cEnd)
{
    PointEstimate u = ab.Translate(TickPoint{bStart, 0});
    PointEstimate v = ac.Translate(TickPoint{cEnd, 0});
    DurationEstimate d;
    d.value = v.value.Minus(u.value);
    d.bound = u.bound + v.bound;
    d.paperBound = 2 * std::max(ab.GetE(), ac.GetE());
    return d;
}

} // namespace relation
} // namespace ns3
