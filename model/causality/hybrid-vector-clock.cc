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
    for (auto& e : m_active)
    {
        if (e.first == m_self)
        {
            e.second = m_pt;
        }
    }
    Compact();
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
    m_pt = pt.GetTimeStep();
    // Union merge of the two sorted active lists; absent entries take their side's floor.
    std::vector<std::pair<uint32_t, int64_t>> merged;
    merged.reserve(m_active.size() + remote.m_active.size());
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < m_active.size() || j < remote.m_active.size())
    {
        uint32_t k;
        if (j == remote.m_active.size() ||
            (i < m_active.size() && m_active[i].first < remote.m_active[j].first))
        {
            k = m_active[i].first;
        }
        else
        {
            k = remote.m_active[j].first;
        }
        int64_t mine = m_floor;
        int64_t theirs = remote.m_floor;
        if (i < m_active.size() && m_active[i].first == k)
        {
            mine = m_active[i++].second;
        }
        if (j < remote.m_active.size() && remote.m_active[j].first == k)
        {
            theirs = remote.m_active[j++].second;
        }
        merged.emplace_back(k, std::max(mine, theirs));
    }
    m_floor = std::max({m_floor, remote.m_floor, m_pt - m_epsilon});
    auto own = std::lower_bound(
        merged.begin(),
        merged.end(),
        m_self,
        [](const std::pair<uint32_t, int64_t>& e, uint32_t key) { return e.first < key; });
    if (own == merged.end() || own->first != m_self)
    {
        own = merged.insert(own, {m_self, m_pt});
    }
    own->second = m_pt;
    m_active = std::move(merged);
    Compact();
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
    uint64_t largest = 0;
    for (const auto& e : m_active)
    {
        if (e.second > m_floor)
        {
            largest = std::max<uint64_t>(largest, static_cast<uint64_t>(e.second - m_floor));
        }
    }
    return std::max<uint32_t>(1, BitsFor(largest));
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
    uint32_t indexBits = std::max<uint32_t>(1, BitsFor(m_n - 1));
    uint32_t width = DeltaWidth();
    BitWriter w(GetEncodedBits());
    w.Write(static_cast<uint64_t>(m_pt), 64);
    w.Write(static_cast<uint64_t>(m_pt - m_floor), 64);
    w.Write(m_self, 16);
    w.Write(GetActiveCount(), 16);
    w.Write(width, 7);
    for (const auto& [k, v] : m_active)
    {
        w.Write(k, indexBits);
        // The own entry may sit below the floor when epsilon is smaller than the real skew;
        // encode it relative to the floor only when it is above it.
        w.Write(v > m_floor ? static_cast<uint64_t>(v - m_floor) : 0, width);
    }
    return w.TakeBytes();
}

void
HybridVectorClock::EncodeInto(std::vector<uint8_t>& out) const
{
    out = Encode();
}

bool
HybridVectorClock::Decode(const uint8_t* data,
                          std::size_t size,
                          uint32_t n,
                          Time epsilon,
                          HybridVectorClock& out)
{
    return Decode(std::vector<uint8_t>(data, data + size), n, epsilon, out);
}

bool
HybridVectorClock::Decode(const std::vector<uint8_t>& bytes,
                          uint32_t n,
                          Time epsilon,
                          HybridVectorClock& out)
{
    BitReader r(bytes.data(), bytes.size());
    uint64_t pt = 0;
    uint64_t ptMinusFloor = 0;
    uint64_t self = 0;
    uint64_t count = 0;
    uint64_t width = 0;
    if (!r.Read(64, pt) || !r.Read(64, ptMinusFloor) || !r.Read(16, self) || !r.Read(16, count) ||
        !r.Read(7, width))
    {
        return false;
    }
    uint32_t indexBits = std::max<uint32_t>(1, BitsFor(n - 1));
    if (n == 0 || self >= n || count < 1 || count > n || width < 1 || width > 63)
    {
        return false;
    }
    uint64_t bits = 167 + count * (indexBits + width);
    if (bytes.size() != (bits + 7) / 8)
    {
        return false;
    }
    HybridVectorClock h(n, static_cast<uint32_t>(self), epsilon);
    h.m_pt = static_cast<int64_t>(pt);
    // pt - floor is written in two's complement: the floor can lie above pt when a remote
    // clock runs ahead by more than epsilon. A floor outside the int64 range cannot come from
    // an encoder (UBSan found the overflow on fuzzed bytes): refuse it instead of computing it.
    if (__builtin_sub_overflow(h.m_pt, static_cast<int64_t>(ptMinusFloor), &h.m_floor))
    {
        return false;
    }
    h.m_active.clear();
    bool sawSelf = false;
    int64_t previous = -1;
    for (uint64_t e = 0; e < count; ++e)
    {
        uint64_t k = 0;
        uint64_t delta = 0;
        r.Read(indexBits, k);
        r.Read(static_cast<uint32_t>(width), delta);
        if (k >= n || static_cast<int64_t>(k) <= previous)
        {
            return false; // out of range or not strictly sorted
        }
        previous = static_cast<int64_t>(k);
        if (k == self)
        {
            sawSelf = true;
            h.m_active.emplace_back(static_cast<uint32_t>(k), h.m_pt);
        }
        else
        {
            if (delta == 0)
            {
                return false; // stored entries lie above the floor
            }
            int64_t value = 0;
            if (delta > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ||
                __builtin_add_overflow(h.m_floor, static_cast<int64_t>(delta), &value))
            {
                return false;
            }
            h.m_active.emplace_back(static_cast<uint32_t>(k), value);
        }
    }
    if (!sawSelf)
    {
        return false;
    }
    // Only the canonical form is accepted (found by fuzzing): the encoder's delta width, a zero
    // delta field for the owner's entry and zero padding bits. Anything else was not written by
    // an HVC encoder, although it would decode to some value.
    if (h.Encode() != bytes)
    {
        return false;
    }
    out = h;
    return true;
}

} // namespace ns3
