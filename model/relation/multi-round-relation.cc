/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "multi-round-relation.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MultiRoundRelation");

namespace relation
{

namespace
{
/** A polygon vertex (q, s). */
using Vertex = Eigen::Vector2d;

/**
 * Clip a convex polygon by n . v <= c (Sutherland-Hodgman for one half-plane).
 * \param poly the polygon, in order
 * \param n normal
 * \param c offset
 * \return the clipped polygon
 */
std::vector<Vertex>
Clip(const std::vector<Vertex>& poly, const Vertex& n, double c)
{
    std::vector<Vertex> out;
    std::size_t k = poly.size();
    for (std::size_t i = 0; i < k; ++i)
    {
        const Vertex& p = poly[i];
        const Vertex& q = poly[(i + 1) % k];
        double fp = n.dot(p) - c;
        double fq = n.dot(q) - c;
        if (fp <= 0)
        {
            out.push_back(p);
        }
        if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0))
        {
            double t = fp / (fp - fq);
            out.push_back(p + t * (q - p));
        }
    }
    return out;
}

const double INF = std::numeric_limits<double>::infinity(); //!< an absent side
} // namespace

MultiRoundRelation::MultiRoundRelation(double slackTicks)
    : m_slack(slackTicks)
{
    chronometry::RequireDoubleInRange("MultiRoundRelation::slackTicks",
                                      slackTicks,
                                      0,
                                      1e9,
                                      "ticks");
}

void
MultiRoundRelation::SetDriftWander(const DriftWander& wander)
{
    NS_LOG_FUNCTION(this << wander.ratePpmPerSecond << wander.stepPpm
                         << wander.randomWalkPpmPerSqrtSecond);
    wander.Validate("MultiRoundRelation");
    m_wander = wander;
    m_status = NOT_FITTED;
}

const DriftWander&
MultiRoundRelation::GetDriftWander() const
{
    return m_wander;
}

void
MultiRoundRelation::SetAnchors(uint64_t aTick, uint64_t bTick)
{
    if (!m_anchored)
    {
        m_aAnchor = aTick;
        m_bAnchor = bTick;
        m_anchored = true;
    }
}

void
MultiRoundRelation::AddRound(const MinRttRound& round)
{
    if (!round.IsOrdered())
    {
        chronometry::ReportConfigError("MultiRoundRelation::AddRound: recvA < sendA");
    }
    SetAnchors(round.sendA, round.peerB);
    m_rounds.push_back(round);
    m_status = NOT_FITTED;
}

void
MultiRoundRelation::AddRounds(const std::vector<MinRttRound>& rounds)
{
    for (const auto& r : rounds)
    {
        AddRound(r);
    }
}

void
MultiRoundRelation::AddReverseRound(const MinRttRound& round)
{
    if (!round.IsOrdered())
    {
        chronometry::ReportConfigError(
            "MultiRoundRelation::AddReverseRound: B's receive is before its send");
    }
    SetAnchors(round.peerB, round.sendA);
    m_reverse.push_back(round);
    m_status = NOT_FITTED;
}

void
MultiRoundRelation::AddReverseRounds(const std::vector<MinRttRound>& rounds)
{
    for (const auto& r : rounds)
    {
        AddReverseRound(r);
    }
}

std::size_t
MultiRoundRelation::GetNRounds() const
{
    return m_rounds.size();
}

std::size_t
MultiRoundRelation::GetNReverseRounds() const
{
    return m_reverse.size();
}

uint64_t
MultiRoundRelation::GetReferenceAnchor() const
{
    return m_aAnchor;
}

uint64_t
MultiRoundRelation::GetPeerAnchor() const
{
    return m_bAnchor;
}

Interval
MultiRoundRelation::GetPeerSpan() const
{
    RequireFitted();
    return Interval{m_xMin, m_xMax};
}

MultiRoundRelation::FitStatus
MultiRoundRelation::GetFitStatus() const
{
    return m_status;
}

double
MultiRoundRelation::GetAffineResidual() const
{
    return m_residual;
}

double
MultiRoundRelation::Deviation(double x) const
{
    return m_wander.ChordDeviation(x, m_xMin, m_xMax, m_uMax);
}

int
MultiRoundRelation::Build(double widen, bool keep)
{
    // constraints relative to the LS line, in (q, s) with A = line + q + s x / scale
    std::vector<double> xs;
    std::vector<double> lo;
    std::vector<double> hi;
    double extent = 1.0;
    for (const auto& c : m_constraints)
    {
        double line = m_a0 + m_r0 * c.x;
        double dev = Deviation(c.x) + widen;
        xs.push_back(c.x / m_scale);
        lo.push_back(c.lo == -INF ? -INF : c.lo - line - dev);
        hi.push_back(c.hi == INF ? INF : c.hi - line + dev);
        for (double v : {lo.back(), hi.back()})
        {
            if (std::isfinite(v))
            {
                extent = std::max(extent, std::abs(v));
            }
        }
    }
    // a bounding box that must not bind: grow it until no vertex touches it
    for (double box = 16 * extent; box < 1e15; box *= 16)
    {
        std::vector<Vertex> poly{Vertex(-box, -box),
                                 Vertex(box, -box),
                                 Vertex(box, box),
                                 Vertex(-box, box)};
        for (std::size_t k = 0; k < xs.size() && !poly.empty(); ++k)
        {
            if (hi[k] != INF)
            {
                poly = Clip(poly, Vertex(1.0, xs[k]), hi[k]);
            }
            if (!poly.empty() && lo[k] != -INF)
            {
                poly = Clip(poly, Vertex(-1.0, -xs[k]), -lo[k]);
            }
        }
        if (poly.empty())
        {
            return 1;
        }
        bool touches = false;
        for (const auto& v : poly)
        {
            if (std::abs(v(0)) >= 0.5 * box || std::abs(v(1)) >= 0.5 * box)
            {
                touches = true;
            }
        }
        if (!touches)
        {
            if (keep)
            {
                m_q.clear();
                m_s.clear();
                for (const auto& v : poly)
                {
                    m_q.push_back(v(0));
                    m_s.push_back(v(1));
                }
            }
            return 0;
        }
    }
    return 2;
}

bool
MultiRoundRelation::Fit()
{
    NS_LOG_FUNCTION(this << m_rounds.size() << m_reverse.size());
    m_status = TOO_FEW;
    m_residual = 0;
    m_q.clear();
    m_s.clear();
    m_constraints.clear();
    if (m_rounds.size() + m_reverse.size() < 2)
    {
        return false;
    }
    // every value relative to the anchors, from exact integer differences
    std::vector<double> px; // LS points: B position
    std::vector<double> py; // LS points: A value
    for (const auto& r : m_rounds)
    {
        double x = TickDelta(r.peerB, m_bAnchor);
        m_constraints.push_back(Constraint{x,
                                           TickDelta(r.sendA, m_aAnchor) - m_slack,
                                           TickDelta(r.recvA, m_aAnchor) + m_slack});
        px.push_back(x);
        py.push_back(r.MidFrom(m_aAnchor));
    }
    for (const auto& r : m_reverse)
    {
        // r.sendA / r.recvA are B's reads, r.peerB is A's
        double peerA = TickDelta(r.peerB, m_aAnchor);
        double xSend = TickDelta(r.sendA, m_bAnchor);
        double xRecv = TickDelta(r.recvA, m_bAnchor);
        m_constraints.push_back(Constraint{xSend, -INF, peerA + m_slack});
        m_constraints.push_back(Constraint{xRecv, peerA - m_slack, INF});
        px.push_back(r.MidFrom(m_bAnchor));
        py.push_back(peerA);
    }
    m_xMin = std::numeric_limits<double>::max();
    m_xMax = std::numeric_limits<double>::lowest();
    for (const auto& c : m_constraints)
    {
        m_xMin = std::min(m_xMin, c.x);
        m_xMax = std::max(m_xMax, c.x);
    }
    if (m_xMax - m_xMin < 1.0)
    {
        return false;
    }
    m_scale = m_xMax - m_xMin;
    // least-squares centre line of the midpoints, around the first point
    double y0 = py.front();
    Eigen::MatrixXd design(px.size(), 2);
    Eigen::VectorXd rhs(px.size());
    for (std::size_t i = 0; i < px.size(); ++i)
    {
        design(i, 0) = 1.0;
        design(i, 1) = px[i] / m_scale;
        rhs(i) = py[i] - y0;
    }
    Eigen::Vector2d ls = design.colPivHouseholderQr().solve(rhs);
    m_a0 = y0 + ls(0);
    m_r0 = ls(1) / m_scale;
    m_uMax = 1.1 * std::abs(m_r0);
    // each read of A is a floor (slack); the read of B moves A(.) by up to r0 slack
    double bSlack = m_slack * (std::abs(m_r0) + 1e-3);
    for (auto& c : m_constraints)
    {
        c.lo -= bSlack;
        c.hi += bSlack;
    }
    int built = Build(0, true);
    if (built == 0)
    {
        m_status = OK;
        return true;
    }
    if (built == 2)
    {
        m_status = UNBOUNDED;
        return false;
    }
    // refuted: the smallest widening that admits a line (the LS line needs at most
    // its largest violation)
    double hiW = 0;
    for (const auto& c : m_constraints)
    {
        double line = m_a0 + m_r0 * c.x;
        double dev = Deviation(c.x);
        if (c.lo != -INF)
        {
            hiW = std::max(hiW, c.lo - dev - line);
        }
        if (c.hi != INF)
        {
            hiW = std::max(hiW, line - c.hi - dev);
        }
    }
    hiW = hiW * (1 + 1e-9) + 1e-6;
    double loW = 0;
    for (int i = 0; i < 60 && hiW - loW > 1e-3; ++i)
    {
        double mid = 0.5 * (loW + hiW);
        (Build(mid, false) == 0 ? hiW : loW) = mid;
    }
    m_residual = hiW;
    m_status = AFFINE_REFUTED;
    NS_LOG_WARN("MultiRoundRelation: rounds contradict an affine relation (residual " << m_residual
                                                                                      << " ticks)");
    return false;
}

void
MultiRoundRelation::RequireFitted() const
{
    if (m_status != OK)
    {
        chronometry::ReportConfigError("MultiRoundRelation: call Fit() first (and check it)");
    }
}

double
MultiRoundRelation::GetLeastSquaresRatio() const
{
    return m_r0;
}

std::size_t
MultiRoundRelation::GetNVertices() const
{
    return m_q.size();
}

Interval
MultiRoundRelation::GetRatioRange() const
{
    RequireFitted();
    auto [mn, mx] = std::minmax_element(m_s.begin(), m_s.end());
    return Interval{m_r0 + *mn / m_scale, m_r0 + *mx / m_scale};
}

Interval
MultiRoundRelation::PolygonRange(double x) const
{
    RequireFitted();
    double xs = x / m_scale;
    double lo = std::numeric_limits<double>::max();
    double hi = std::numeric_limits<double>::lowest();
    for (std::size_t i = 0; i < m_q.size(); ++i)
    {
        double v = m_q[i] + m_s[i] * xs;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    double line = m_a0 + m_r0 * x;
    // the query b is itself a floor read: widen by r * slack; and by the wander
    double w = m_slack * (std::abs(m_r0) + 1e-3) + Deviation(x);
    return Interval{line + lo - w, line + hi + w};
}

PointEstimate
MultiRoundRelation::Translate(const TickPoint& b) const
{
    Interval i = PolygonRange(b.Minus(m_bAnchor));
    return PointEstimate{TickPoint{m_aAnchor, i.Mid()}, i.HalfWidth()};
}

Interval
MultiRoundRelation::TranslateRangeFrom(uint64_t b, uint64_t aAnchor) const
{
    Interval i = PolygonRange(TickDelta(b, m_bAnchor));
    double shift = TickDelta(m_aAnchor, aAnchor);
    return Interval{shift + i.lo, shift + i.hi};
}

Interval
MultiRoundRelation::DurationRange(double dB) const
{
    Interval r = GetRatioRange();
    double w = 2 * m_slack * (std::abs(r.hi) + 1e-3) + 2 * m_slack;
    // a duration inside the rounds' span: the wander's largest slope deviation there
    w += std::abs(dB) * m_wander.SlopeDeviation(m_xMin, m_xMax, m_xMin, m_xMax, m_uMax);
    double a = r.lo * dB;
    double b = r.hi * dB;
    return Interval{std::min(a, b) - w, std::max(a, b) + w};
}

Interval
MultiRoundRelation::DurationRangeAt(uint64_t bStart, uint64_t bEnd) const
{
    Interval r = GetRatioRange();
    double dB = TickDelta(bEnd, bStart);
    double w = 2 * m_slack * (std::abs(r.hi) + 1e-3) + 2 * m_slack;
    double xs = TickDelta(bStart, m_bAnchor);
    w += m_wander.DurationDeviation(xs, xs + dB, m_xMin, m_xMax, m_uMax);
    double a = r.lo * dB;
    double b = r.hi * dB;
    return Interval{std::min(a, b) - w, std::max(a, b) + w};
}

Interval
MultiRoundRelation::SlopeRangeOver(uint64_t b, double dLo, double dHi) const
{
    Interval r = GetRatioRange();
    double x = TickDelta(b, m_bAnchor);
    double dev = m_wander.SlopeDeviation(x + std::min(0.0, dLo),
                                         x + std::max(0.0, dHi),
                                         m_xMin,
                                         m_xMax,
                                         m_uMax);
    return Interval{r.lo - dev, r.hi + dev};
}

} // namespace relation
} // namespace ns3
