/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsc-relation.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TscRelation");

namespace relation
{

TscRelation::TscRelation(const MinRttRound& first,
                         const MinRttRound& second,
                         double slackTicks,
                         const DriftWander& wander)
    : m_first(first),
      m_second(second),
      m_slack(slackTicks),
      m_wander(wander)
{
    NS_LOG_FUNCTION(this << first.peerB << second.peerB << slackTicks);
    if (TickDiff(second.peerB, first.peerB) <= 0)
    {
        chronometry::ReportConfigError(
            "TscRelation: second.peerB must exceed first.peerB (the second round follows)");
    }
    if (!first.IsOrdered() || !second.IsOrdered())
    {
        chronometry::ReportConfigError("TscRelation: a round has recvA < sendA");
    }
    chronometry::RequireDoubleInRange("TscRelation::slackTicks", slackTicks, 0, 1e9, "ticks");
    wander.Validate("TscRelation");
    m_aRef = first.sendA;
    m_bRef = first.peerB;
    m_h1 = first.HalfRtt();
    m_h2 = second.HalfRtt();
    m_midJ = first.MidFrom(m_aRef);
    m_midM = second.MidFrom(m_aRef);
    m_dB = TickDelta(second.peerB, first.peerB);
    m_ratio = (m_midM - m_midJ) / m_dB;
}

double
TscRelation::GetRatio() const
{
    return m_ratio;
}

double
TscRelation::GetE() const
{
    return std::max(m_h1, m_h2);
}

const MinRttRound&
TscRelation::GetFirst() const
{
    return m_first;
}

const MinRttRound&
TscRelation::GetSecond() const
{
    return m_second;
}

const DriftWander&
TscRelation::GetDriftWander() const
{
    return m_wander;
}

double
TscRelation::GetPeerWindow() const
{
    return m_dB;
}

uint64_t
TscRelation::GetPeerReference() const
{
    return m_bRef;
}

double
TscRelation::GetRatioBound() const
{
    // r_hat - r = (delta_m - delta_j) / D_B with |delta| <= h + slack; D_B itself
    // is exact up to the two B reads (slack each), which perturb r by r 2s/D_B.
    double h = m_h1 + m_h2 + 2 * m_slack;
    return (h + std::abs(m_ratio) * 2 * m_slack) / (m_dB - 2 * m_slack);
}

double
TscRelation::GetRatioUpper() const
{
    return std::abs(m_ratio) + GetRatioBound();
}

double
TscRelation::BoundAt(double x) const
{
    double l = x / m_dB;
    // truth A(b) = (1-l) A(bj) + l A(bm) for an affine relation; the estimate is
    // (1-l) mid_j + l mid_m, so the error is (1-l) d_j + l d_m.
    double h1 = m_h1 + m_slack;
    double h2 = m_h2 + m_slack;
    // reads of b, bj, bm are floors: each moves A(.) by up to r * slack
    double bound = std::abs(1 - l) * h1 + std::abs(l) * h2 +
                   std::abs(m_ratio) * m_slack * (1 + std::abs(1 - l) + std::abs(l)) + m_slack;
    // the relation itself is not affine when the relative drift wanders
    return bound + m_wander.ChordDeviation(x, 0, m_dB, GetRatioUpper());
}

PointEstimate
TscRelation::Translate(const TickPoint& b) const
{
    double x = b.Minus(m_bRef);
    return PointEstimate{TickPoint{m_aRef, m_midJ + m_ratio * x}, BoundAt(x)};
}

TickEstimate
TscRelation::TranslateFrom(uint64_t b, uint64_t aAnchor) const
{
    double x = TickDelta(b, m_bRef);
    return TickEstimate{(TickDelta(m_aRef, aAnchor) + m_midJ) + m_ratio * x, BoundAt(x)};
}

double
TscRelation::PaperTranslateBound(double /* b */) const
{
    return GetE();
}

DurationEstimate
TscRelation::TranslateDuration(double dB) const
{
    DurationEstimate d;
    d.value = m_ratio * dB;
    // two more B reads (start and end of dB): r * 2 slack
    // plus the floors of the two B reads (r each) and of the true A ticks (1 each)
    d.bound = std::abs(dB) * GetRatioBound() + (std::abs(m_ratio) + 1) * 2 * m_slack;
    d.paperBound = 2 * std::abs(dB) / m_dB * GetE();
    return d;
}

DurationEstimate
TscRelation::TranslateDurationAt(uint64_t bStart, uint64_t bEnd) const
{
    DurationEstimate d = TranslateDuration(TickDelta(bEnd, bStart));
    double w = TickDelta(bStart, m_bRef);
    double y = TickDelta(bEnd, m_bRef);
    d.bound += m_wander.DurationDeviation(w, y, 0, m_dB, GetRatioUpper());
    return d;
}

double
TscRelation::SlopeDeviation(double xLo, double xHi) const
{
    return m_wander.SlopeDeviation(xLo, xHi, 0, m_dB, GetRatioUpper());
}

} // namespace relation
} // namespace ns3
