/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clock-timeline.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

ClockTimeline::ClockTimeline()
    : ClockTimeline(Time(0), 0.0L, 1.0)
{
}

ClockTimeline::ClockTimeline(Time start, long double value, double slope)
{
    m_segments.push_back(Segment{start.GetTimeStep(), value, slope});
}

std::size_t
ClockTimeline::Find(int64_t t) const
{
    if (t < m_segments.front().start)
    {
        chronometry::ReportConfigError("ClockTimeline: true time " + std::to_string(t) +
                                       " is invalid; valid range: >= the first segment start " +
                                       std::to_string(m_segments.front().start));
    }
    // Most queries are at or after the last segment (the present); check it first.
    if (t >= m_segments.back().start)
    {
        return m_segments.size() - 1;
    }
    auto it =
        std::upper_bound(m_segments.begin(), m_segments.end(), t, [](int64_t v, const Segment& s) {
            return v < s.start;
        });
    return static_cast<std::size_t>(it - m_segments.begin()) - 1;
}

void
ClockTimeline::TruncateAfter(int64_t t)
{
    while (m_segments.size() > 1 && m_segments.back().start > t)
    {
        m_segments.pop_back();
    }
}

long double
ClockTimeline::ValueAt(Time t) const
{
    int64_t ts = t.GetTimeStep();
    const Segment& s = m_segments[Find(ts)];
    return s.value + static_cast<long double>(s.slope) * static_cast<long double>(ts - s.start);
}

double
ClockTimeline::SlopeAt(Time t) const
{
    return m_segments[Find(t.GetTimeStep())].slope;
}

void
ClockTimeline::SetSlope(Time at, double slope)
{
    int64_t a = at.GetTimeStep();
    TruncateAfter(a);
    long double v = ValueAt(at);
    if (m_segments.back().start == a)
    {
        m_segments.back().slope = slope;
        return;
    }
    m_segments.push_back(Segment{a, v, slope});
}

void
ClockTimeline::Jump(Time at, long double delta)
{
    int64_t a = at.GetTimeStep();
    TruncateAfter(a);
    long double v = ValueAt(at);
    double slope = SlopeAt(at);
    if (m_segments.back().start == a)
    {
        m_segments.back().value += delta;
        return;
    }
    m_segments.push_back(Segment{a, v + delta, slope});
}

Time
ClockTimeline::EarliestReaching(Time from, long double target) const
{
    int64_t f = from.GetTimeStep();
    std::size_t k = Find(f);
    if (ValueAt(from) >= target)
    {
        return from;
    }
    // Walk forward to the segment in which the target is crossed.
    while (k + 1 < m_segments.size() && m_segments[k + 1].value < target)
    {
        ++k;
    }
    if (k + 1 < m_segments.size() && m_segments[k + 1].value >= target && m_segments[k].slope <= 0)
    {
        // A jump at the next segment start crosses the target.
        return Time::From(m_segments[k + 1].start);
    }
    const Segment& s = m_segments[k];
    if (s.slope <= 0)
    {
        chronometry::ReportConfigError("ClockTimeline::EarliestReaching: the value never reaches "
                                       "the target (slope <= 0); valid only for increasing plans");
    }
    int64_t begin = std::max(f, s.start);
    long double need = (target - s.value) / static_cast<long double>(s.slope);
    auto t = static_cast<int64_t>(std::ceil(need)) + s.start;
    t = std::max(t, begin);
    // Guard against rounding in the division: step to the exact earliest time step.
    auto valueAt = [&s](int64_t x) {
        return s.value + static_cast<long double>(s.slope) * static_cast<long double>(x - s.start);
    };
    while (t > begin && valueAt(t - 1) >= target)
    {
        --t;
    }
    while (valueAt(t) < target)
    {
        ++t;
    }
    if (k + 1 < m_segments.size())
    {
        t = std::min(t, m_segments[k + 1].start);
    }
    return Time::From(t);
}

Time
ClockTimeline::GetLastSegmentStart() const
{
    return Time::From(m_segments.back().start);
}

long double
ClockTimeline::GetLastSegmentValue() const
{
    return m_segments.back().value;
}

std::size_t
ClockTimeline::GetSegmentCount() const
{
    return m_segments.size();
}

} // namespace ns3
