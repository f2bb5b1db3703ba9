/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pairwise-clock-estimator.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PairwiseClockEstimator");

Time
PairClockFit::OffsetAt(Time onA) const
{
    double shift = rate * static_cast<double>((onA - reference).GetTimeStep());
    return offset + Time::From(std::llround(shift));
}

PairwiseClockEstimator::PairwiseClockEstimator(uint32_t segments)
    : m_segments(segments)
{
    chronometry::RequireDoubleInRange("PairwiseClockEstimator: segments", segments, 1, 1e6, "");
}

std::map<NodePair, Time>
PairwiseClockEstimator::EstimateOffsets(const std::vector<TraceMessage>& trace)
{
    std::map<NodePair, Time> minForward;  // a -> b, a < b
    std::map<NodePair, Time> minBackward; // b -> a, a < b
    for (const auto& m : trace)
    {
        if (!m.sendTs || !m.recvTs || m.sender == m.receiver)
        {
            continue;
        }
        Time obs = *m.recvTs - *m.sendTs;
        bool forward = m.sender < m.receiver;
        NodePair key = forward ? NodePair{m.sender, m.receiver} : NodePair{m.receiver, m.sender};
        auto& table = forward ? minForward : minBackward;
        auto it = table.find(key);
        if (it == table.end() || obs < it->second)
        {
            table[key] = obs;
        }
    }
    std::map<NodePair, Time> offsets;
    for (const auto& [key, fwd] : minForward)
    {
        auto it = minBackward.find(key);
        if (it != minBackward.end())
        {
            offsets[key] = Time::From((fwd - it->second).GetTimeStep() / 2);
        }
    }
    return offsets;
}

namespace
{

/** One observation of a pair: when (on clock a) and recv - send. */
struct Sample
{
    int64_t t;   //!< on clock a
    int64_t obs; //!< recv - send
};

/** The observations of a pair (a, b), a < b, each way. */
struct PairSamples
{
    std::vector<Sample> forward;  //!< a -> b
    std::vector<Sample> backward; //!< b -> a
};

/**
 * \param trace the trace
 * \return per pair (a, b), a < b, its observations each way (messages with both timestamps)
 */
std::map<NodePair, PairSamples>
CollectSamples(const std::vector<TraceMessage>& trace)
{
    std::map<NodePair, PairSamples> pairs;
    for (const auto& m : trace)
    {
        if (!m.sendTs || !m.recvTs || m.sender == m.receiver)
        {
            continue;
        }
        int64_t obs = (*m.recvTs - *m.sendTs).GetTimeStep();
        if (m.sender < m.receiver)
        {
            pairs[{m.sender, m.receiver}].forward.push_back({m.sendTs->GetTimeStep(), obs});
        }
        else
        {
            pairs[{m.receiver, m.sender}].backward.push_back({m.recvTs->GetTimeStep(), obs});
        }
    }
    return pairs;
}

/**
 * The offset and rate of a line through the segments' offset samples (least squares), or the
 * constant offset when there are fewer than two.
 * \param s the pair's observations (used when no segment has both directions)
 * \param points (time - reference, offset) per segment with messages both ways, ns
 * \param fit receives offset, rate and points
 */
void
FitLine(const PairSamples& s,
        const std::vector<std::pair<double, double>>& points,
        PairClockFit& fit)
{
    fit.points = points.size();
    if (points.empty())
    {
        // The two directions never share a segment: fall back to the constant filter.
        int64_t f = std::numeric_limits<int64_t>::max();
        int64_t b = std::numeric_limits<int64_t>::max();
        for (const auto& x : s.forward)
        {
            f = std::min(f, x.obs);
        }
        for (const auto& x : s.backward)
        {
            b = std::min(b, x.obs);
        }
        fit.offset = Time::From((f - b) / 2);
        fit.points = 1;
    }
    else if (points.size() == 1)
    {
        fit.offset = Time::From(std::llround(points[0].second));
    }
    else
    {
        double mt = 0;
        double mo = 0;
        for (const auto& [t, o] : points)
        {
            mt += t;
            mo += o;
        }
        mt /= points.size();
        mo /= points.size();
        double stt = 0;
        double sto = 0;
        for (const auto& [t, o] : points)
        {
            stt += (t - mt) * (t - mt);
            sto += (t - mt) * (o - mo);
        }
        fit.rate = stt > 0 ? sto / stt : 0;
        fit.offset = Time::From(std::llround(mo - fit.rate * mt));
    }
}

/**
 * \param s a pair's observations, both directions present
 * \param requested segments S
 * \return the pair's fit: the constant offset for one segment (or a single instant), else the
 *         line through the segments' offset samples
 */
PairClockFit
FitPair(const PairSamples& s, uint32_t requested)
{
    int64_t lo = std::numeric_limits<int64_t>::max();
    int64_t hi = std::numeric_limits<int64_t>::min();
    for (const auto* v : {&s.forward, &s.backward})
    {
        for (const auto& x : *v)
        {
            lo = std::min(lo, x.t);
            hi = std::max(hi, x.t);
        }
    }
    const uint32_t segments = hi > lo ? requested : 1;
    const double width = static_cast<double>(hi - lo) / segments;
    auto segmentOf = [&](int64_t t) {
        if (segments == 1)
        {
            return 0u;
        }
        auto k = static_cast<uint32_t>(static_cast<double>(t - lo) / width);
        return std::min(k, segments - 1);
    };
    // Per segment, the least-delayed message each way.
    std::vector<const Sample*> minF(segments, nullptr);
    std::vector<const Sample*> minB(segments, nullptr);
    for (const auto& x : s.forward)
    {
        auto& slot = minF[segmentOf(x.t)];
        if (!slot || x.obs < slot->obs)
        {
            slot = &x;
        }
    }
    for (const auto& x : s.backward)
    {
        auto& slot = minB[segmentOf(x.t)];
        if (!slot || x.obs < slot->obs)
        {
            slot = &x;
        }
    }
    PairClockFit fit;
    if (segments == 1)
    {
        fit.reference = Time::From(lo);
        fit.offset = Time::From((minF[0]->obs - minB[0]->obs) / 2);
        fit.points = 1;
        return fit;
    }
    const int64_t ref = lo + (hi - lo) / 2;
    std::vector<std::pair<double, double>> points; // (t - ref, offset), ns
    for (uint32_t k = 0; k < segments; ++k)
    {
        if (minF[k] && minB[k])
        {
            double t = 0.5 * static_cast<double>(minF[k]->t - ref) +
                       0.5 * static_cast<double>(minB[k]->t - ref);
            points.push_back({t, 0.5 * static_cast<double>(minF[k]->obs - minB[k]->obs)});
        }
    }
    fit.reference = Time::From(ref);
    FitLine(s, points, fit);
    return fit;
}

} // namespace

std::map<NodePair, PairClockFit>
PairwiseClockEstimator::Estimate(const std::vector<TraceMessage>& trace) const
{
    NS_LOG_FUNCTION(this << trace.size());
    std::map<NodePair, PairClockFit> fits;
    for (const auto& [key, s] : CollectSamples(trace))
    {
        if (!s.forward.empty() && !s.backward.empty())
        {
            fits[key] = FitPair(s, m_segments);
        }
    }
    return fits;
}

namespace
{

/**
 * \param m a message with both timestamps
 * \param offset clock_b - clock_a of its pair (a < b)
 * \return the corrected network delay, ns
 */
double
Corrected(const TraceMessage& m, Time offset)
{
    Time obs = *m.recvTs - *m.sendTs;
    obs = m.sender < m.receiver ? obs - offset : obs + offset;
    return obs.GetNanoSeconds();
}

} // namespace

double
CorrectedNetworkDelay(const std::map<NodePair, Time>& offsets, const TraceMessage& m)
{
    if (!m.sendTs || !m.recvTs)
    {
        return 0;
    }
    auto it = offsets.find({std::min(m.sender, m.receiver), std::max(m.sender, m.receiver)});
    return Corrected(m, it != offsets.end() ? it->second : Time(0));
}

double
CorrectedNetworkDelay(const std::map<NodePair, PairClockFit>& fits, const TraceMessage& m)
{
    if (!m.sendTs || !m.recvTs)
    {
        return 0;
    }
    auto it = fits.find({std::min(m.sender, m.receiver), std::max(m.sender, m.receiver)});
    if (it == fits.end())
    {
        return Corrected(m, Time(0));
    }
    Time onA = m.sender < m.receiver ? *m.sendTs : *m.recvTs;
    return Corrected(m, it->second.OffsetAt(onA));
}

} // namespace ns3
