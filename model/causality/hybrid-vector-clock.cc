/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hybrid-vector-clock.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HybridVectorClock");

HybridVectorClock::HybridVectorClock(uint32_t n,
                                     uint32_t self,
                                     Time epsilon,
                                     StampEncoding encoding)
    : m_n(n),
      m_self(self),
      m_epsilon(epsilon.GetTimeStep()),
      m_pt(0),
      m_floor(-epsilon.GetTimeStep()),
      m_encoding(encoding)
{
    if (encoding != STAMP_BITMAP && encoding != STAMP_SPARSE && encoding != STAMP_ADAPTIVE)
    {
        chronometry::ReportConfigError("HybridVectorClock: encoding = " + std::to_string(encoding) +
                                       " is invalid; valid: STAMP_BITMAP, STAMP_SPARSE, "
                                       "STAMP_ADAPTIVE");
    }
    if (n < 1 || n > 65535)
    {
        chronometry::ReportConfigError("HybridVectorClock: n = " + std::to_string(n) +
                                       " is invalid; valid range: [1, 65535]");
    }
    if (self >= n)
    {
        chronometry::ReportConfigError("HybridVectorClock: self = " + std::to_string(self) +
                                       " is invalid; valid range: [0, n - 1]");
    }
    chronometry::RequireTimeInRange("HybridVectorClock: epsilon",
                                    epsilon,
                                    Time::From(1),
                                    Hours(24));
    m_active.emplace_back(self, 0);
}

int64_t
HybridVectorClock::GetEntry(uint32_t k) const
{
    if (k == m_self)
    {
        return m_pt;
    }
    auto it = std::lower_bound(
        m_active.begin(),
        m_active.end(),
        k,
        [](const std::pair<uint32_t, int64_t>& e, uint32_t key) { return e.first < key; });
    return (it != m_active.end() && it->first == k) ? it->second : m_floor;
}

void
HybridVectorClock::InsertOwnEntry()
{
    auto own = std::lower_bound(
        m_active.begin(),
        m_active.end(),
        m_self,
        [](const std::pair<uint32_t, int64_t>& e, uint32_t key) { return e.first < key; });
    m_active.insert(own, {m_self, m_pt});
}

void
HybridVectorClock::Compact()
{
    m_active.erase(std::remove_if(m_active.begin(),
                                  m_active.end(),
                                  [this](const std::pair<uint32_t, int64_t>& e) {
                                      return e.first != m_self && e.second <= m_floor;
                                  }),
                   m_active.end());
}

void
HybridVectorClock::LocalOrSend(Time pt)
{
    const int64_t now = pt.GetTimeStep();
    const int64_t floor = std::max(m_floor, now - m_epsilon);
    m_pt = now;
    m_floor = floor;
    // Set the own entry and drop entries at or below the floor in one pass (locals, so that
    // the stores into the entries do not force reloads of the members).
    auto* a = m_active.data();
    const std::size_t size = m_active.size();
    const uint32_t self = m_self;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size; ++i)
    {
        const uint32_t k = a[i].first;
        int64_t v = a[i].second;
        if (k == self)
        {
            v = now;
        }
        else if (v <= floor)
        {
            continue;
        }
        a[kept].first = k;
        a[kept].second = v;
        ++kept;
    }
    if (kept != size)
    {
        m_active.resize(kept);
    }
}

__attribute__((always_inline)) void
HybridVectorClock::ReceiveSmall(const HybridVectorClock& remote, int64_t floor)
{
    // This clock's entries on the stack (split into two plain arrays: nothing is initialized
    // that is not copied), then a forward union merge appended in place to the cleared list.
    const std::size_t na = m_active.size();
    const std::size_t nb = remote.m_active.size();
    uint32_t keys[SMALL_MERGE];
    int64_t values[SMALL_MERGE];
    const auto* a = m_active.data();
    for (std::size_t i = 0; i < na; ++i)
    {
        keys[i] = a[i].first;
        values[i] = a[i].second;
    }
    const auto* theirs = remote.m_active.data();
    const int64_t myFloor = m_floor;
    const int64_t theirFloor = remote.m_floor;
    const uint32_t self = m_self;
    const int64_t now = m_pt;
    const uint32_t none = std::numeric_limits<uint32_t>::max(); // above every process
    m_active.clear();
    bool sawSelf = false;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < na || j < nb)
    {
        const uint32_t ka = i < na ? keys[i] : none;
        const uint32_t kb = j < nb ? theirs[j].first : none;
        const uint32_t k = ka < kb ? ka : kb;
        int64_t mine = myFloor;
        int64_t other = theirFloor;
        if (ka == k)
        {
            mine = values[i++];
        }
        if (kb == k)
        {
            other = theirs[j++].second;
        }
        int64_t value = mine > other ? mine : other;
        if (k == self)
        {
            sawSelf = true;
            value = now;
        }
        else if (value <= floor)
        {
            continue;
        }
        m_active.emplace_back(k, value);
    }
    m_floor = floor;
    if (!sawSelf) // the own entry is always stored; kept for safety
    {
        InsertOwnEntry();
    }
}

void
HybridVectorClock::Receive(const HybridVectorClock& remote, Time pt)
{
    if (remote.m_n != m_n)
    {
        chronometry::ReportConfigError(
            "HybridVectorClock::Receive: remote n = " + std::to_string(remote.m_n) +
            " differs from n = " + std::to_string(m_n));
    }
    if (&remote == this)
    {
        HybridVectorClock copy = remote;
        Receive(copy, pt);
        return;
    }
    m_pt = pt.GetTimeStep();
    int64_t floor = m_floor > remote.m_floor ? m_floor : remote.m_floor;
    floor = floor > m_pt - m_epsilon ? floor : m_pt - m_epsilon;
    if (m_active.size() <= SMALL_MERGE)
    {
        ReceiveSmall(remote, floor);
        return;
    }
    // Union merge of the two sorted active lists (absent entries take their side's floor),
    // written backwards into this clock's own storage: the write position never passes the
    // next unread entry of this clock, so no copy and, once the capacity suffices, no
    // allocation.  Entries at or below the new floor are dropped, the own entry becomes pt.
    const std::size_t na = m_active.size();
    const std::size_t nb = remote.m_active.size();
    m_active.resize(na + nb);
    auto* out = m_active.data();
    const auto* theirs = remote.m_active.data();
    std::size_t i = na;
    std::size_t j = nb;
    std::size_t w = na + nb;
    bool sawSelf = false;
    while (i > 0 || j > 0)
    {
        uint32_t k;
        int64_t mine = m_floor;
        int64_t other = remote.m_floor;
        if (j == 0 || (i > 0 && out[i - 1].first > theirs[j - 1].first))
        {
            k = out[i - 1].first;
            mine = out[--i].second;
        }
        else if (i == 0 || theirs[j - 1].first > out[i - 1].first)
        {
            k = theirs[j - 1].first;
            other = theirs[--j].second;
        }
        else
        {
            k = out[i - 1].first;
            mine = out[--i].second;
            other = theirs[--j].second;
        }
        int64_t value = std::max(mine, other);
        if (k == m_self)
        {
            sawSelf = true;
            value = m_pt;
        }
        else if (value <= floor)
        {
            continue;
        }
        out[--w] = {k, value};
    }
    std::size_t count = na + nb - w;
    if (w > 0)
    {
        std::copy(m_active.begin() + static_cast<std::ptrdiff_t>(w),
                  m_active.end(),
                  m_active.begin());
    }
    m_active.resize(count);
    m_floor = floor;
    if (!sawSelf) // the own entry is always stored; kept for safety
    {
        InsertOwnEntry();
    }
}

CausalOrder
HybridVectorClock::Compare(const HybridVectorClock& a, const HybridVectorClock& b)
{
    ComponentwiseOrder order;
    std::size_t i = 0;
    std::size_t j = 0;
    uint32_t covered = 0;
    while (i < a.m_active.size() || j < b.m_active.size())
    {
        uint32_t k;
        if (j == b.m_active.size() ||
            (i < a.m_active.size() && a.m_active[i].first < b.m_active[j].first))
        {
            k = a.m_active[i].first;
        }
        else
        {
            k = b.m_active[j].first;
        }
        int64_t x = a.m_floor;
        int64_t y = b.m_floor;
        if (i < a.m_active.size() && a.m_active[i].first == k)
        {
            x = a.m_active[i++].second;
        }
        if (j < b.m_active.size() && b.m_active[j].first == k)
        {
            y = b.m_active[j++].second;
        }
        order.Note(x, y);
        ++covered;
    }
    if (covered < a.m_n)
    {
        order.Note(a.m_floor, b.m_floor); // processes absent from both
    }
    return order.Order();
}

std::vector<int64_t>
HybridVectorClock::Expand() const
{
    std::vector<int64_t> full(m_n, m_floor);
    for (const auto& [k, v] : m_active)
    {
        full[k] = v;
    }
    return full;
}

const HybridVectorClock::ActiveEntries&
HybridVectorClock::GetActiveEntries() const
{
    return m_active;
}

uint32_t
HybridVectorClock::GetActiveCount() const
{
    return static_cast<uint32_t>(m_active.size());
}

int64_t
HybridVectorClock::GetFloor() const
{
    return m_floor;
}

int64_t
HybridVectorClock::GetPt() const
{
    return m_pt;
}

uint32_t
HybridVectorClock::GetSelf() const
{
    return m_self;
}

uint32_t
HybridVectorClock::GetN() const
{
    return m_n;
}

} // namespace ns3
