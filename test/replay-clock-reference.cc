/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-clock-reference.h"

#include <algorithm>
#include <map>

namespace ns3
{

ReplayClockReference::ReplayClockReference(const ReplayClockConfig& config, uint32_t self)
    : offsets(config.n, config.epsilon),
      counters(config.n, 0),
      m_config(config),
      m_self(self)
{
    config.Validate();
    offsets[self] = 0;
}

void
ReplayClockReference::Shift(int64_t newMx)
{
    int64_t d = newMx - mx;
    if (d <= 0)
    {
        return;
    }
    for (auto& o : offsets)
    {
        o = static_cast<uint32_t>(std::min<int64_t>(o + d, m_config.epsilon));
    }
    mx = newMx;
}

bool
ReplayClockReference::SameOffsets(const ReplayClockReference& other) const
{
    return mx == other.mx && offsets == other.offsets;
}

void
ReplayClockReference::ShiftCounts(int64_t newMx)
{
    int64_t d = newMx - mx;
    if (d <= 0)
    {
        return;
    }
    for (uint32_t k = 0; k < m_config.n; ++k)
    {
        if (d > static_cast<int64_t>(m_config.epsilon - offsets[k]))
        {
            offsets[k] = m_config.epsilon;
            counters[k] = 0;
        }
        else
        {
            offsets[k] += static_cast<uint32_t>(d);
        }
    }
    mx = newMx;
}

void
ReplayClockReference::AdvanceOwn(int64_t epoch)
{
    int64_t at = std::max(epoch, mx - static_cast<int64_t>(m_config.epsilon)); // floor
    if (mx - offsets[m_self] == at)
    {
        ++counters[m_self];
    }
    else
    {
        offsets[m_self] = static_cast<uint32_t>(mx - at);
        counters[m_self] = 1;
    }
}

void
ReplayClockReference::LocalOrSend(Time pt)
{
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        int64_t e = m_config.EpochOf(pt);
        ShiftCounts(std::max(mx, e));
        AdvanceOwn(e);
        return;
    }
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max(mx, epoch);
    auto newOwn = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, m_config.epsilon));
    if (mx == newMx && offsets[m_self] == newOwn)
    {
        if (m_config.sumCounters)
        {
            ++sum;
        }
        else
        {
            ++counters[m_self];
        }
        return;
    }
    Shift(newMx);
    offsets[m_self] = newOwn;
    std::fill(counters.begin(), counters.end(), 0);
    sum = 0;
}

void
ReplayClockReference::Receive(const ReplayClockReference& remote, Time pt)
{
    if (m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        int64_t e = m_config.EpochOf(pt);
        int64_t newMx = std::max({mx, remote.mx, e});
        ReplayClockReference b = remote;
        b.ShiftCounts(newMx);
        ShiftCounts(newMx);
        for (uint32_t k = 0; k < m_config.n; ++k)
        {
            if (b.offsets[k] < offsets[k] ||
                (b.offsets[k] == offsets[k] && b.counters[k] > counters[k]))
            {
                offsets[k] = b.offsets[k];
                counters[k] = b.counters[k];
            }
        }
        AdvanceOwn(e);
        return;
    }
    int64_t epoch = m_config.EpochOf(pt);
    int64_t newMx = std::max({mx, remote.mx, epoch});
    ReplayClockReference a = *this;
    a.Shift(newMx);
    ReplayClockReference b = remote;
    b.Shift(newMx);
    ReplayClockReference c = a;
    for (uint32_t k = 0; k < m_config.n; ++k)
    {
        c.offsets[k] = std::min(a.offsets[k], b.offsets[k]);
    }
    c.offsets[m_self] = static_cast<uint32_t>(std::min<int64_t>(newMx - epoch, m_config.epsilon));
    bool sameAsMine = SameOffsets(c);
    bool sameAsRemote = remote.SameOffsets(c);
    if (sameAsMine && sameAsRemote)
    {
        for (uint32_t k = 0; k < m_config.n; ++k)
        {
            c.counters[k] = std::max(counters[k], remote.counters[k]);
        }
        c.sum = std::max(sum, remote.sum);
    }
    else if (sameAsMine)
    {
        c.counters = counters;
        c.sum = sum;
    }
    else if (sameAsRemote)
    {
        c.counters = remote.counters;
        c.sum = remote.sum;
    }
    else
    {
        std::fill(c.counters.begin(), c.counters.end(), 0);
        c.sum = 0;
    }
    if (sameAsMine || sameAsRemote)
    {
        if (m_config.sumCounters)
        {
            ++c.sum;
        }
        else
        {
            ++c.counters[m_self];
        }
    }
    mx = c.mx;
    offsets = c.offsets;
    counters = c.counters;
    sum = c.sum;
}

CausalOrder
ReplayClockReference::Compare(const ReplayClockReference& a, const ReplayClockReference& b)
{
    const int64_t eps = a.m_config.epsilon;
    if (b.mx > a.mx + eps)
    {
        return CausalOrder::BEFORE;
    }
    if (a.mx > b.mx + eps)
    {
        return CausalOrder::AFTER;
    }
    ComponentwiseOrder knowledge;
    for (uint32_t k = 0; k < a.m_config.n; ++k)
    {
        int64_t x = a.mx - static_cast<int64_t>(a.offsets[k]);
        int64_t y = b.mx - static_cast<int64_t>(b.offsets[k]);
        if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
        {
            knowledge.Note(std::make_pair(x, a.counters[k]), std::make_pair(y, b.counters[k]));
        }
        else
        {
            knowledge.Note(x, y);
        }
    }
    if (a.m_config.counterRule == ReplayCounterRule::EPOCH_COUNTS)
    {
        return knowledge.Order();
    }
    if (knowledge.Order() != CausalOrder::EQUAL)
    {
        return knowledge.Order();
    }
    ComponentwiseOrder c;
    if (a.m_config.sumCounters)
    {
        c.Note(a.sum, b.sum);
    }
    else
    {
        for (uint32_t k = 0; k < a.m_config.n; ++k)
        {
            c.Note(a.counters[k], b.counters[k]);
        }
    }
    return c.Order();
}

std::vector<ReplayClockReference>
ReplayReferenceAlong(const std::vector<CausalEvent>& log, ReplayClockConfig config, uint32_t n)
{
    config.n = n;
    std::vector<ReplayClockReference> processes;
    processes.reserve(config.n);
    for (uint32_t p = 0; p < config.n; ++p)
    {
        processes.emplace_back(config, p);
    }
    std::map<uint64_t, ReplayClockReference> sent; // message id -> the sender's timestamp
    std::vector<ReplayClockReference> after;
    after.reserve(log.size());
    for (const CausalEvent& e : log)
    {
        ReplayClockReference& r = processes.at(e.process);
        if (e.kind == CausalEventKind::RECEIVE)
        {
            r.Receive(sent.at(e.messageId), e.pt);
        }
        else
        {
            r.LocalOrSend(e.pt);
        }
        if (e.kind == CausalEventKind::SEND)
        {
            sent.emplace(e.messageId, r);
        }
        after.push_back(r);
    }
    return after;
}

} // namespace ns3
