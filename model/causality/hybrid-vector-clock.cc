/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hybrid-vector-clock.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <limits>

namespace ns3
{

HybridVectorClock::HybridVectorClock(uint32_t n, uint32_t self, Time epsilon)
    : m_n(n),
      m_self(self),
      m_epsilon(epsilon.GetTimeStep()),
      m_pt(0),
      m_floor(-epsilon.GetTimeStep())
{
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
    m_pt = pt.GetTimeStep();
    m_floor = std::max(m_floor, m_pt - m_epsilon);
    // Set the own entry and drop entries at or below the floor in one pass.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_active.size(); ++i)
    {
        auto e = m_active[i];
        if (e.first == m_self)
        {
            e.second = m_pt;
        }
        else if (e.second <= m_floor)
        {
            continue;
        }
        m_active[kept++] = e;
    }
    m_active.resize(kept);
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
    const int64_t floor = std::max({m_floor, remote.m_floor, m_pt - m_epsilon});
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
        auto own = std::lower_bound(
            m_active.begin(),
            m_active.end(),
            m_self,
            [](const std::pair<uint32_t, int64_t>& e, uint32_t key) { return e.first < key; });
        m_active.insert(own, {m_self, m_pt});
    }
}

CausalOrder
HybridVectorClock::Compare(const HybridVectorClock& a, const HybridVectorClock& b)
{
    bool less = false;
    bool greater = false;
    auto note = [&](int64_t x, int64_t y) {
        less = less || x < y;
        greater = greater || x > y;
    };
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
        note(x, y);
        ++covered;
    }
    if (covered < a.m_n)
    {
        note(a.m_floor, b.m_floor); // processes absent from both
    }
    if (less && !greater)
    {
        return CausalOrder::BEFORE;
    }
    if (greater && !less)
    {
        return CausalOrder::AFTER;
    }
    return (less || greater) ? CausalOrder::CONCURRENT : CausalOrder::EQUAL;
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

const std::vector<std::pair<uint32_t, int64_t>>&
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

uint32_t
HybridVectorClock::DeltaWidth() const
{
    uint64_t any = 0; // the OR has the same highest bit as the largest delta
    for (const auto& e : m_active)
    {
        if (e.second > m_floor)
        {
            any |= static_cast<uint64_t>(e.second - m_floor);
        }
    }
    return std::max<uint32_t>(1, BitsFor(any));
}

uint32_t
HybridVectorClock::GetEncodedBits() const
{
    uint32_t indexBits = std::max<uint32_t>(1, BitsFor(m_n - 1));
    return 64 + 64 + 16 + 16 + 7 + GetActiveCount() * (indexBits + DeltaWidth());
}

std::vector<uint8_t>
HybridVectorClock::Encode() const
{
    std::vector<uint8_t> out;
    EncodeInto(out);
    return out;
}

void
HybridVectorClock::EncodeInto(std::vector<uint8_t>& out) const
{
    const uint32_t indexBits = std::max<uint32_t>(1, BitsFor(m_n - 1));
    const uint32_t width = DeltaWidth();
    BitPacker::Scratch scratch;
    BitPacker w(out, 167 + uint64_t(GetActiveCount()) * (indexBits + width), scratch);
    w.Put(static_cast<uint64_t>(m_pt), 64);
    w.Put(static_cast<uint64_t>(m_pt - m_floor), 64);
    w.Put(m_self, 16);
    w.Put(GetActiveCount(), 16);
    w.Put(width, 7);
    for (const auto& [k, v] : m_active)
    {
        w.Put(k, indexBits);
        // The own entry may sit below the floor when epsilon is smaller than the real skew;
        // encode it relative to the floor only when it is above it.
        w.Put(v > m_floor ? static_cast<uint64_t>(v - m_floor) : 0, width);
    }
    w.Finish();
}

bool
HybridVectorClock::Decode(const std::vector<uint8_t>& bytes,
                          uint32_t n,
                          Time epsilon,
                          HybridVectorClock& out)
{
    return Decode(bytes.data(), bytes.size(), n, epsilon, out);
}

bool
HybridVectorClock::Decode(const uint8_t* data,
                          std::size_t size,
                          uint32_t n,
                          Time epsilon,
                          HybridVectorClock& out)
{
    if (size < 21) // the 167 header bits
    {
        return false;
    }
    BitUnpacker r(data, size);
    const auto pt = static_cast<int64_t>(r.Next(64));
    const uint64_t ptMinusFloor = r.Next(64);
    const uint64_t self = r.Next(16);
    const uint64_t count = r.Next(16);
    const uint64_t width = r.Next(7);
    const uint32_t indexBits = std::max<uint32_t>(1, BitsFor(n - 1));
    if (n == 0 || self >= n || count < 1 || count > n || width < 1 || width > 63)
    {
        return false;
    }
    const uint64_t start = r.GetPosition();
    const uint64_t stride = indexBits + width;
    // Only the canonical form is accepted (found by fuzzing): the exact length with zero padding
    // bits, the encoder's delta width and the owner's delta field as the encoder writes it.
    if (!r.IsExactLength(start + count * stride))
    {
        return false;
    }
    const int64_t eps = epsilon.GetTimeStep();
    static const int64_t maxEpsilon = Hours(24).GetTimeStep();
    if (n > 65535 || eps < 1 || eps > maxEpsilon)
    {
        HybridVectorClock invalid(n, 0, epsilon); // reports the configuration error
    }
    // pt - floor is written in two's complement: the floor can lie above pt when a remote
    // clock runs ahead by more than epsilon. A floor outside the int64 range cannot come from
    // an encoder (UBSan found the overflow on fuzzed bytes): refuse it instead of computing it.
    int64_t floor = 0;
    if (__builtin_sub_overflow(pt, static_cast<int64_t>(ptMinusFloor), &floor))
    {
        return false;
    }
    const uint64_t ownDelta = pt > floor ? static_cast<uint64_t>(pt - floor) : 0;
    // First pass: validate without touching out.
    bool sawSelf = false;
    int64_t previous = -1;
    uint64_t any = 0;
    const auto w = static_cast<uint32_t>(width);
    for (uint64_t e = 0; e < count; ++e)
    {
        const uint64_t k = r.Get(start + e * stride, indexBits);
        const uint64_t delta = r.Get(start + e * stride + indexBits, w);
        if (k >= n || static_cast<int64_t>(k) <= previous)
        {
            return false; // out of range or not strictly sorted
        }
        previous = static_cast<int64_t>(k);
        if (k == self)
        {
            sawSelf = true;
            if (delta != ownDelta)
            {
                return false;
            }
        }
        else
        {
            int64_t value = 0;
            if (delta == 0 || delta > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ||
                __builtin_add_overflow(floor, static_cast<int64_t>(delta), &value))
            {
                return false; // stored entries lie above the floor, within the int64 range
            }
        }
        any |= delta;
    }
    if (!sawSelf || std::max<uint32_t>(1, BitsFor(any)) != w)
    {
        return false;
    }
    out.m_n = n;
    out.m_self = static_cast<uint32_t>(self);
    out.m_epsilon = eps;
    out.m_pt = pt;
    out.m_floor = floor;
    out.m_active.resize(count);
    for (uint64_t e = 0; e < count; ++e)
    {
        auto k = static_cast<uint32_t>(r.Get(start + e * stride, indexBits));
        int64_t value =
            k == self ? pt : floor + static_cast<int64_t>(r.Get(start + e * stride + indexBits, w));
        out.m_active[e] = {k, value};
    }
    return true;
}

} // namespace ns3
