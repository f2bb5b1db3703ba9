/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clock-timeline.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClockTimeline");

ClockTimeline::ClockTimeline()
    : ClockTimeline(Time(0), ClockValue(), 1.0)
{
}

ClockTimeline::ClockTimeline(Time start, ClockValue value, double slope)
{
    m_segments.push_back(MakeSegment(start.GetTimeStep(), value, slope));
}

ClockTimeline::Segment
ClockTimeline::MakeSegment(int64_t start, ClockValue value, double slope)
{
    return Segment{start, value, ClockValue::FromDouble(slope, "ClockTimeline: slope"), slope};
}

ClockValue
ClockTimeline::ValueOf(const Segment& s, int64_t t)
{
    return s.value.CheckedAdd(s.slope.MulSteps(t - s.start));
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

ClockValue
ClockTimeline::ValueAt(Time t) const
{
    int64_t ts = t.GetTimeStep();
    return ValueOf(m_segments[Find(ts)], ts);
}

double
ClockTimeline::SlopeAt(Time t) const
{
    return m_segments[Find(t.GetTimeStep())].given;
}

ClockTimeline::Piece
ClockTimeline::PieceAt(Time t) const
{
    std::size_t k = Find(t.GetTimeStep());
    const Segment& s = m_segments[k];
    int64_t end =
        k + 1 < m_segments.size() ? m_segments[k + 1].start : std::numeric_limits<int64_t>::max();
    return Piece{s.start, end, s.value, s.slope};
}

void
ClockTimeline::SetSlope(Time at, double slope)
{
    int64_t a = at.GetTimeStep();
    TruncateAfter(a);
    ClockValue v = ValueAt(at);
    if (m_segments.back().start == a)
    {
        m_segments.back() = MakeSegment(a, m_segments.back().value, slope);
        return;
    }
    m_segments.push_back(MakeSegment(a, v, slope));
}

void
ClockTimeline::Jump(Time at, ClockValue delta)
{
    int64_t a = at.GetTimeStep();
    TruncateAfter(a);
    ClockValue v = ValueAt(at).CheckedAdd(delta);
    if (m_segments.back().start == a)
    {
        m_segments.back().value = v;
        return;
    }
    Segment next = m_segments.back();
    next.start = a;
    next.value = v;
    m_segments.push_back(next);
}

Time
ClockTimeline::EarliestReaching(Time from, ClockValue target) const
{
    int64_t f = from.GetTimeStep();
    std::size_t k = Find(f);
    if (ValueOf(m_segments[k], f) >= target)
    {
        return from;
    }
    // Walk forward to the segment in which the target is crossed.
    while (k + 1 < m_segments.size() && m_segments[k + 1].value < target)
    {
        ++k;
    }
    const ClockValue zero;
    bool hasNext = k + 1 < m_segments.size();
    if (hasNext && m_segments[k + 1].value >= target && m_segments[k].slope <= zero)
    {
        // A jump at the next segment start crosses the target.
        return Time::From(m_segments[k + 1].start);
    }
    const Segment& s = m_segments[k];
    if (s.slope <= zero)
    {
        chronometry::ReportConfigError("ClockTimeline::EarliestReaching: the value never reaches "
                                       "the target (slope <= 0); valid only for increasing plans");
    }
    // value(x) >= target  <=>  slope (x - start) >= target - value  <=>  x - start >= ceil(need /
    // slope): exact in the fixed-point values.  need > 0 because the value at the
    // segment start (or at from) is below the target, and it fits in 128 unsigned bits.
    __extension__ typedef unsigned __int128 URaw;
    URaw need = static_cast<URaw>(target.GetRaw()) - static_cast<URaw>(s.value.GetRaw());
    auto slope = static_cast<URaw>(s.slope.GetRaw());
    URaw steps = need / slope + (need % slope != 0 ? 1 : 0);
    const auto maxTime = std::numeric_limits<int64_t>::max();
    bool beyond = steps > static_cast<URaw>(maxTime - s.start);
    int64_t t = beyond ? maxTime : s.start + static_cast<int64_t>(steps);
    t = std::max(t, std::max(f, s.start));
    if (hasNext)
    {
        return Time::From(std::min(t, m_segments[k + 1].start));
    }
    if (beyond)
    {
        chronometry::ReportConfigError("ClockTimeline::EarliestReaching: the target is reached "
                                       "only after the largest Time; valid range: targets reached "
                                       "within the Time range");
    }
    return Time::From(t);
}

Time
ClockTimeline::GetLastSegmentStart() const
{
    return Time::From(m_segments.back().start);
}

ClockValue
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
