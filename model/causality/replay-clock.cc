/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-clock.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayClock");

// ---------------------------------------------------------------- configuration

void
ReplayClockConfig::Validate() const
{
    chronometry::RequireDoubleInRange("ReplayClockConfig::n", n, 1, 65535, "processes");
    chronometry::RequireDoubleInRange("ReplayClockConfig::epsilon (E / I)",
                                      epsilon,
                                      1,
                                      1 << 20,
                                      "");
    chronometry::RequireTimeInRange("ReplayClockConfig::interval (I)",
                                    interval,
                                    Time::From(1),
                                    Hours(1));
    chronometry::RequireDoubleInRange("ReplayClockConfig::counterBits", counterBits, 1, 64, "bits");
    if (encoding != STAMP_BITMAP && encoding != STAMP_SPARSE && encoding != STAMP_ADAPTIVE)
    {
        chronometry::ReportConfigError("ReplayClockConfig::encoding = " + std::to_string(encoding) +
                                       " is invalid; valid: STAMP_BITMAP, STAMP_SPARSE, "
                                       "STAMP_ADAPTIVE");
    }
    if (sumCounters && counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        chronometry::ReportConfigError(
            "ReplayClockConfig::sumCounters = true is invalid with counterRule = EPOCH_COUNTS; "
            "valid: sumCounters only with the PUBLISHED counter rule");
    }
}

Time
ReplayClockConfig::GetSkewBound() const
{
    return interval * static_cast<int64_t>(epsilon);
}

// ---------------------------------------------------------------- ReplayClock

ReplayClock::ReplayClock(const ReplayClockConfig& config, uint32_t self)
    : m_config(config),
      m_self(self),
      m_mx(0),
      m_sum(0)
{
    config.Validate();
    if (self > config.n) // self == n marks a decoded timestamp with no owner
    {
        chronometry::ReportConfigError("ReplayClock: self = " + std::to_string(self) +
                                       " is invalid; valid range: [0, n - 1]");
    }
    if (self < config.n)
    {
        m_entries.push_back(Entry{self, 0, 0});
    }
}

ReplayClock
ReplayClock::FromParts(const ReplayClockConfig& config,
                       uint32_t self,
                       int64_t mx,
                       const std::vector<uint32_t>& offsets,
                       const std::vector<uint64_t>& counters)
{
    if (offsets.size() != config.n || (!counters.empty() && counters.size() != config.n))
    {
        chronometry::ReportConfigError("ReplayClock::FromParts: offsets and counters need n = " +
                                       std::to_string(config.n) + " entries");
    }
    ReplayClock t(config, self);
    t.m_mx = mx;
    t.m_entries.clear();
    for (uint32_t k = 0; k < config.n; ++k)
    {
        uint32_t o = std::min(offsets[k], config.epsilon);
        uint64_t c = counters.empty() ? 0 : counters[k];
        if (config.sumCounters)
        {
            t.m_sum += c;
            c = 0;
        }
        if (o < config.epsilon || k == self || c > 0)
        {
            t.m_entries.push_back(Entry{k, o, c});
        }
    }
    return t;
}

std::vector<uint32_t>
ReplayClock::ExpandOffsets() const
{
    std::vector<uint32_t> full(m_config.n, m_config.epsilon);
    for (const auto& e : m_entries)
    {
        full[e.process] = e.offset;
    }
    return full;
}

std::vector<uint64_t>
ReplayClock::ExpandCounters() const
{
    std::vector<uint64_t> full(m_config.n, 0);
    for (const auto& e : m_entries)
    {
        full[e.process] = e.counter;
    }
    return full;
}

CausalOrder
ReplayClock::Compare(const ReplayClock& a, const ReplayClock& b)
{
    const int64_t eps = a.m_config.epsilon;
    if (b.m_mx > a.m_mx + eps)
    {
        return CausalOrder::BEFORE;
    }
    if (a.m_mx > b.m_mx + eps)
    {
        return CausalOrder::AFTER;
    }
    // Knowledge of process l is mx - offset.l (an absent offset is epsilon).
    ComponentwiseOrder knowledge;
    ComponentwiseOrder counters;
    std::size_t i = 0;
    std::size_t j = 0;
    uint32_t covered = 0;
    while (i < a.m_entries.size() || j < b.m_entries.size())
    {
        uint32_t k;
        if (j == b.m_entries.size() ||
            (i < a.m_entries.size() && a.m_entries[i].process < b.m_entries[j].process))
        {
            k = a.m_entries[i].process;
        }
        else
        {
            k = b.m_entries[j].process;
        }
        int64_t x = a.m_mx - eps;
        int64_t y = b.m_mx - eps;
        uint64_t cx = 0;
        uint64_t cy = 0;
        if (i < a.m_entries.size() && a.m_entries[i].process == k)
        {
            x = a.m_mx - a.m_entries[i].offset;
            cx = a.m_entries[i++].counter;
        }
        if (j < b.m_entries.size() && b.m_entries[j].process == k)
        {
            y = b.m_mx - b.m_entries[j].offset;
            cy = b.m_entries[j++].counter;
        }
        if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
        {
            knowledge.Note(std::make_pair(x, cx), std::make_pair(y, cy));
        }
        else
        {
            knowledge.Note(x, y);
            counters.Note(cx, cy);
        }
        ++covered;
    }
    if (covered < a.m_config.n)
    {
        knowledge.Note(a.m_mx - eps, b.m_mx - eps); // processes stored by neither
    }
    CausalOrder k = knowledge.Order();
    if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        return k; // the counts were part of each component
    }
    if (k != CausalOrder::EQUAL)
    {
        return k;
    }
    if (a.m_config.sumCounters)
    {
        ComponentwiseOrder sum;
        sum.Note(a.m_sum, b.m_sum);
        return sum.Order();
    }
    return counters.Order();
}

int64_t
ReplayClock::GetMx() const
{
    return m_mx;
}

bool
ReplayClock::IsStored(uint32_t k) const
{
    return std::binary_search(m_entries.begin(),
                              m_entries.end(),
                              Entry{k, 0, 0},
                              [](const Entry& x, const Entry& y) { return x.process < y.process; });
}

uint32_t
ReplayClock::GetOffset(uint32_t k) const
{
    for (const auto& e : m_entries)
    {
        if (e.process == k)
        {
            return e.offset;
        }
    }
    return m_config.epsilon;
}

uint64_t
ReplayClock::GetCounter(uint32_t k) const
{
    for (const auto& e : m_entries)
    {
        if (e.process == k)
        {
            return m_config.sumCounters ? (k == m_self ? m_sum : 0) : e.counter;
        }
    }
    return 0;
}

uint64_t
ReplayClock::GetCounterSum() const
{
    if (m_config.sumCounters)
    {
        return m_sum;
    }
    uint64_t s = 0;
    for (const auto& e : m_entries)
    {
        s += e.counter;
    }
    return s;
}

uint32_t
ReplayClock::GetOffsetCount() const
{
    return static_cast<uint32_t>(m_entries.size());
}

uint32_t
ReplayClock::GetCounterCount() const
{
    if (m_config.sumCounters)
    {
        return m_sum > 0 ? 1 : 0;
    }
    return static_cast<uint32_t>(std::count_if(m_entries.begin(),
                                               m_entries.end(),
                                               [](const Entry& e) { return e.counter > 0; }));
}

std::vector<uint64_t>
ReplayClock::GetBitmap() const
{
    std::vector<uint64_t> words((m_config.n + 63) / 64, 0);
    for (const auto& e : m_entries)
    {
        words[e.process / 64] |= uint64_t(1) << (e.process % 64);
    }
    return words;
}

uint32_t
ReplayClock::GetSelf() const
{
    return m_self;
}

} // namespace ns3
