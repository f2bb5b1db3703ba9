/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsc-relation.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TscRelation");

namespace relation
{

double
MinRttRound::Rtt() const
{
    return static_cast<double>(recvA) - static_cast<double>(sendA);
}

double
MinRttRound::Mid() const
{
    return 0.5 * (static_cast<double>(sendA) + static_cast<double>(recvA));
}

double
MinRttRound::HalfRtt() const
{
    return 0.5 * Rtt();
}

MinRttRound
SelectMinRtt(const std::vector<MinRttRound>& rounds)
{
    NS_ABORT_MSG_IF(rounds.empty(), "SelectMinRtt: no rounds");
    MinRttRound best = rounds.front();
    for (const auto& r : rounds)
    {
        if (r.Rtt() < best.Rtt())
        {
            best = r;
        }
    }
    return best;
}

TscRelation::TscRelation(const MinRttRound& first, const MinRttRound& second, double slackTicks)
    : m_first(first),
      m_second(second),
      m_slack(slackTicks)
{
    if (second.peerB <= first.peerB)
    {
        chronometry::ReportConfigError(
            "TscRelation: second.peerB must exceed first.peerB (the second round follows)");
    }
    if (first.recvA < first.sendA || second.recvA < second.sendA)
    {
        chronometry::ReportConfigError("TscRelation: a round has recvA < sendA");
    }
    chronometry::RequireDoubleInRange("TscRelation::slackTicks", slackTicks, 0, 1e9, "ticks");
    m_ratio = (second.Mid() - first.Mid()) /
              (static_cast<double>(second.peerB) - static_cast<double>(first.peerB));
}

double
TscRelation::GetRatio() const
{
    return m_ratio;
}

double
TscRelation::GetE() const
{
    return std::max(m_first.HalfRtt(), m_second.HalfRtt());
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

double
TscRelation::GetRatioBound() const
{
    // r_hat - r = (delta_m - delta_j) / D_B with |delta| <= h + slack; D_B itself
    // is exact up to the two B reads (slack each), which perturb r by r 2s/D_B.
    double dB = static_cast<double>(m_second.peerB) - static_cast<double>(m_first.peerB);
    double h = m_first.HalfRtt() + m_second.HalfRtt() + 2 * m_slack;
    return (h + std::abs(m_ratio) * 2 * m_slack) / (dB - 2 * m_slack);
}

TickEstimate
TscRelation::Translate(double b) const
{
    double bj = static_cast<double>(m_first.peerB);
    double bm = static_cast<double>(m_second.peerB);
    double l = (b - bj) / (bm - bj);
    TickEstimate est;
    est.value = m_first.Mid() + m_ratio * (b - bj);
    // truth A(b) = (1-l) A(bj) + l A(bm) for an affine relation; the estimate is
    // (1-l) mid_j + l mid_m, so the error is (1-l) d_j + l d_m.
    double h1 = m_first.HalfRtt() + m_slack;
    double h2 = m_second.HalfRtt() + m_slack;
    // reads of b, bj, bm are floors: each moves A(.) by up to r * slack
    est.bound = std::abs(1 - l) * h1 + std::abs(l) * h2 +
                std::abs(m_ratio) * m_slack * (1 + std::abs(1 - l) + std::abs(l)) + m_slack;
    return est;
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
    double dWindow = static_cast<double>(m_second.peerB) - static_cast<double>(m_first.peerB);
    d.value = m_ratio * dB;
    // two more B reads (start and end of dB): r * 2 slack
    // plus the floors of the two B reads (r each) and of the true A ticks (1 each)
    d.bound = std::abs(dB) * GetRatioBound() + (std::abs(m_ratio) + 1) * 2 * m_slack;
    d.paperBound = 2 * std::abs(dB) / dWindow * GetE();
    return d;
}

DurationEstimate
TrivialDuration(uint64_t aStart, uint64_t aEnd)
{
    DurationEstimate d;
    d.value = static_cast<double>(aEnd) - static_cast<double>(aStart);
    return d;
}

DurationEstimate
Scenario1(const TscRelation& ab, uint64_t bStart, uint64_t bEnd)
{
    return ab.TranslateDuration(static_cast<double>(bEnd) - static_cast<double>(bStart));
}

DurationEstimate
Scenario2(const TscRelation& ab, uint64_t aTick, uint64_t bTick, bool startOnReference)
{
    TickEstimate t = ab.Translate(static_cast<double>(bTick));
    DurationEstimate d;
    double a = static_cast<double>(aTick);
    d.value = startOnReference ? t.value - a : a - t.value;
    d.bound = t.bound + 1.0; // the A read itself is a floor
    d.paperBound = ab.PaperTranslateBound(static_cast<double>(bTick));
    return d;
}

DurationEstimate
Scenario3(const TscRelation& ab, const TscRelation& bc, uint64_t bStart, uint64_t cEnd)
{
    TickEstimate cInB = bc.Translate(static_cast<double>(cEnd));
    double dB = cInB.value - static_cast<double>(bStart);
    double epsB = cInB.bound + 1.0; // plus the floor of bStart
    double r = ab.GetRatio();
    double dr = ab.GetRatioBound();
    DurationEstimate d;
    d.value = r * dB;
    // |r_hat dB_hat - r dB| <= |r_hat - r| |dB_hat| + r |dB_hat - dB|, r <= r_hat + dr
    d.bound = dr * std::abs(dB) + (std::abs(r) + dr) * epsB + 2.0;
    double window =
        static_cast<double>(ab.GetSecond().peerB) - static_cast<double>(ab.GetFirst().peerB);
    double e = std::max(ab.GetE(), bc.GetE());
    d.paperBound = (2 * std::abs(dB) / window + r) * e;
    return d;
}

DurationEstimate
Baseline(const TscRelation& ab, const TscRelation& ac, uint64_t bStart, uint64_t cEnd)
{
    TickEstimate u = ab.Translate(static_cast<double>(bStart));
    TickEstimate v = ac.Translate(static_cast<double>(cEnd));
    DurationEstimate d;
    d.value = v.value - u.value;
    d.bound = u.bound + v.bound;
    d.paperBound = 2 * std::max(ab.GetE(), ac.GetE());
    return d;
}

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
MultiRoundRelation::AddRound(const MinRttRound& round)
{
    if (round.recvA < round.sendA)
    {
        chronometry::ReportConfigError("MultiRoundRelation::AddRound: recvA < sendA");
    }
    m_rounds.push_back(round);
    m_fitted = false;
}

void
MultiRoundRelation::AddRounds(const std::vector<MinRttRound>& rounds)
{
    for (const auto& r : rounds)
    {
        AddRound(r);
    }
}

std::size_t
MultiRoundRelation::GetNRounds() const
{
    return m_rounds.size();
}

double
MultiRoundRelation::X(double b) const
{
    return (b - m_b0) / m_scale;
}

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
} // namespace

bool
MultiRoundRelation::Fit()
{
    m_fitted = false;
    m_q.clear();
    m_s.clear();
    if (m_rounds.size() < 2)
    {
        return false;
    }
    // centre on the first round; least squares of midpoints vs peer values
    m_b0 = static_cast<double>(m_rounds.front().peerB);
    m_a0 = m_rounds.front().Mid();
    double bMin = std::numeric_limits<double>::max();
    double bMax = std::numeric_limits<double>::lowest();
    for (const auto& r : m_rounds)
    {
        bMin = std::min(bMin, static_cast<double>(r.peerB));
        bMax = std::max(bMax, static_cast<double>(r.peerB));
    }
    if (bMax - bMin < 1.0)
    {
        return false;
    }
    m_scale = bMax - bMin;
    Eigen::MatrixXd design(m_rounds.size(), 2);
    Eigen::VectorXd rhs(m_rounds.size());
    for (std::size_t i = 0; i < m_rounds.size(); ++i)
    {
        design(i, 0) = 1.0;
        design(i, 1) = X(static_cast<double>(m_rounds[i].peerB));
        rhs(i) = m_rounds[i].Mid() - m_a0;
    }
    Eigen::Vector2d ls = design.colPivHouseholderQr().solve(rhs);
    m_a0 += ls(0);
    m_r0 = ls(1) / m_scale;

    // constraints lo_k <= q + s x_k <= hi_k, relative to the LS line; each read
    // of A is a floor (slack), the read of B moves A(.) by up to r0 slack.
    double bSlack = m_slack * (std::abs(m_r0) + 1e-3);
    std::vector<double> lo;
    std::vector<double> hi;
    std::vector<double> xs;
    double extent = 1.0;
    for (const auto& r : m_rounds)
    {
        double x = X(static_cast<double>(r.peerB));
        double line = m_a0 + m_r0 * (static_cast<double>(r.peerB) - m_b0);
        lo.push_back(static_cast<double>(r.sendA) - line - m_slack - bSlack);
        hi.push_back(static_cast<double>(r.recvA) - line + m_slack + bSlack);
        xs.push_back(x);
        extent = std::max(extent, std::max(std::abs(lo.back()), std::abs(hi.back())));
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
            poly = Clip(poly, Vertex(1.0, xs[k]), hi[k]);
            if (!poly.empty())
            {
                poly = Clip(poly, Vertex(-1.0, -xs[k]), -lo[k]);
            }
        }
        if (poly.empty())
        {
            NS_LOG_WARN("MultiRoundRelation: contradictory rounds (counters not affine?)");
            return false;
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
            for (const auto& v : poly)
            {
                m_q.push_back(v(0));
                m_s.push_back(v(1));
            }
            m_fitted = true;
            return true;
        }
    }
    return false;
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
    if (!m_fitted)
    {
        chronometry::ReportConfigError("MultiRoundRelation: call Fit() first (and check it)");
    }
    auto [mn, mx] = std::minmax_element(m_s.begin(), m_s.end());
    return Interval{m_r0 + *mn / m_scale, m_r0 + *mx / m_scale};
}

Interval
MultiRoundRelation::TranslateRange(double b) const
{
    if (!m_fitted)
    {
        chronometry::ReportConfigError("MultiRoundRelation: call Fit() first (and check it)");
    }
    double x = X(b);
    double lo = std::numeric_limits<double>::max();
    double hi = std::numeric_limits<double>::lowest();
    for (std::size_t i = 0; i < m_q.size(); ++i)
    {
        double v = m_q[i] + m_s[i] * x;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    double line = m_a0 + m_r0 * (b - m_b0);
    // the query b is itself a floor read: widen by r * slack
    double w = m_slack * (std::abs(m_r0) + 1e-3);
    return Interval{line + lo - w, line + hi + w};
}

TickEstimate
MultiRoundRelation::Translate(double b) const
{
    Interval i = TranslateRange(b);
    return TickEstimate{i.Mid(), i.HalfWidth()};
}

Interval
MultiRoundRelation::DurationRange(double dB) const
{
    Interval r = GetRatioRange();
    double w = 2 * m_slack * (std::abs(r.hi) + 1e-3) + 2 * m_slack;
    double a = r.lo * dB;
    double b = r.hi * dB;
    return Interval{std::min(a, b) - w, std::max(a, b) + w};
}

namespace multi
{
TickEstimate
Scenario1(const MultiRoundRelation& ab, uint64_t bStart, uint64_t bEnd)
{
    Interval i = ab.DurationRange(static_cast<double>(bEnd) - static_cast<double>(bStart));
    return TickEstimate{i.Mid(), i.HalfWidth()};
}

TickEstimate
Scenario2(const MultiRoundRelation& ab, uint64_t aTick, uint64_t bTick, bool startOnReference)
{
    Interval t = ab.TranslateRange(static_cast<double>(bTick));
    double a = static_cast<double>(aTick);
    Interval d = startOnReference ? Interval{t.lo - a - 1, t.hi - a + 1}
                                  : Interval{a - t.hi - 1, a - t.lo + 1};
    return TickEstimate{d.Mid(), d.HalfWidth()};
}

TickEstimate
Scenario3(const MultiRoundRelation& ab,
          const MultiRoundRelation& bc,
          const MultiRoundRelation& ac,
          uint64_t bStart,
          uint64_t cEnd)
{
    // chain: dB in [cInB.lo - b - 1, cInB.hi - b + 1], times r in [r.lo, r.hi]
    Interval cInB = bc.TranslateRange(static_cast<double>(cEnd));
    double b = static_cast<double>(bStart);
    Interval dB{cInB.lo - b - 2, cInB.hi - b + 2};
    Interval r = ab.GetRatioRange();
    double p[4] = {dB.lo * r.lo, dB.lo * r.hi, dB.hi * r.lo, dB.hi * r.hi};
    Interval chain{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
    // direct: A(c) - A(b)
    Interval u = ab.TranslateRange(b);
    Interval v = ac.TranslateRange(static_cast<double>(cEnd));
    Interval direct{v.lo - u.hi, v.hi - u.lo};
    Interval both{std::max(chain.lo, direct.lo), std::min(chain.hi, direct.hi)};
    if (both.lo > both.hi)
    {
        // cannot happen when both contain the truth; fall back to the chain
        NS_LOG_WARN("multi::Scenario3: disjoint intervals");
        both = chain;
    }
    // the true duration is a difference of floors: one more tick each side
    return TickEstimate{both.Mid(), both.HalfWidth() + 1.0};
}
} // namespace multi

Time
NtpSample::Offset() const
{
    return ((t2 - t1) + (t3 - t4)) / 2;
}

Time
NtpSample::Delay() const
{
    return (t4 - t1) - (t3 - t2);
}

NtpEstimator::NtpEstimator(double maxSkewPpm, Time precision, uint32_t filterLength)
    : m_phi(maxSkewPpm * 1e-6),
      m_precision(precision),
      m_filterLength(filterLength)
{
    if (!(maxSkewPpm > 0) || maxSkewPpm > 1e4)
    {
        chronometry::ReportConfigError("NtpEstimator::maxSkewPpm must be in (0, 10000] ppm");
    }
    chronometry::RequireDoubleInRange("NtpEstimator::filterLength", filterLength, 1, 1024, "");
    chronometry::RequireTimeInRange("NtpEstimator::precision", precision, Time(0), Seconds(1));
}

void
NtpEstimator::AddSample(const NtpSample& sample)
{
    if (sample.t4 < sample.t1)
    {
        chronometry::ReportConfigError("NtpEstimator::AddSample: t4 < t1");
    }
    m_samples.push_back(sample);
    while (m_samples.size() > m_filterLength)
    {
        m_samples.pop_front();
    }
}

bool
NtpEstimator::HasSample() const
{
    return !m_samples.empty();
}

std::size_t
NtpEstimator::GetNSamples() const
{
    return m_samples.size();
}

TimeEstimate
NtpEstimator::ToServer(Time clientTime) const
{
    if (m_samples.empty())
    {
        chronometry::ReportConfigError("NtpEstimator::ToServer: no sample yet");
    }
    TimeEstimate best;
    bool first = true;
    for (const auto& s : m_samples)
    {
        // offset at the exchange within delay/2 (+ skew during the exchange);
        // it then wanders by at most phi per unit of elapsed (true) time.
        double delay = std::max(0.0, s.Delay().GetSeconds());
        double age = std::abs((clientTime - s.t1).GetSeconds()) + (s.t4 - s.t1).GetSeconds();
        double bound = 0.5 * delay + 2 * m_precision.GetSeconds() + m_phi * (1 + 2 * m_phi) * age;
        if (first || bound < best.bound.GetSeconds())
        {
            best.value = clientTime + s.Offset();
            best.bound = Seconds(bound) + NanoSeconds(1);
            first = false;
        }
    }
    return best;
}

TimeEstimate
ReturnTrip(Time startA, Time ackArrivalA, Time returnRtt, double maxSkewPpm)
{
    TimeEstimate e;
    e.value = ackArrivalA - startA;
    e.bound = Seconds(returnRtt.GetSeconds() * (1 + maxSkewPpm * 1e-6)) + NanoSeconds(1);
    return e;
}

} // namespace relation
} // namespace ns3
