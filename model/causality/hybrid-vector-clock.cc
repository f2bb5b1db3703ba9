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
    const int64_t floor = m_floor;
    for (const auto& e : m_active)
    {
        any |= e.second > floor ? static_cast<uint64_t>(e.second - floor) : 0;
    }
    return std::max<uint32_t>(1, BitsFor(any));
}

uint32_t
HybridVectorClock::GetEncodedBits() const
{
    uint32_t indexBits = std::max<uint32_t>(1, BitsFor(m_n - 1));
    return 64 + 64 + 16 + 16 + 7 +
           static_cast<uint32_t>(m_active.size()) * (indexBits + DeltaWidth());
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
    const uint64_t count = m_active.size();
    const uint32_t stride = indexBits + width;
    const int64_t floor = m_floor;
    WordPacker w(out, 167 + count * stride);
    w.Put(static_cast<uint64_t>(m_pt), 64);
    w.Put(static_cast<uint64_t>(m_pt - floor), 64);
    // owner (16), count (16) and width (7) as one field
    w.Put((uint64_t(m_self & 0xffff) << 23) | ((count & 0xffff) << 7) | (width & 0x7f), 39);
    for (const auto& [k, v] : m_active)
    {
        // The own entry may sit below the floor when epsilon is smaller than the real skew;
        // encode it relative to the floor only when it is above it.
        const uint64_t delta = v > floor ? static_cast<uint64_t>(v - floor) : 0;
        if (stride <= 64) // process and delta as one field (always, unless deltas are huge)
        {
            w.Put((uint64_t(k) << width) | delta, stride);
        }
        else
        {
            w.Put(k, indexBits);
            w.Put(delta, width);
        }
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
    const auto pt = static_cast<int64_t>(r.Get(0, 64));
    const uint64_t ptMinusFloor = r.Get(64, 64);
    const uint64_t header = r.Get(128, 39); // owner (16), count (16), width (7)
    const uint64_t self = header >> 23;
    const uint64_t count = (header >> 7) & 0xffff;
    const uint64_t width = header & 0x7f;
    const uint32_t indexBits = std::max<uint32_t>(1, BitsFor(n - 1));
    if (n == 0 || self >= n || count < 1 || count > n || width < 1 || width > 63)
    {
        return false;
    }
    const uint64_t start = 167;
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
    const auto w = static_cast<uint32_t>(width);
    const uint64_t deltaMask = (uint64_t(1) << w) - 1;
    const bool oneField = stride <= 56; // process and delta in one read
    // With one or two entries they all lie in the input's last 8 bytes (size >= 21): then they
    // are cut from that one word, in a register, instead of a bounds-checked load each.
    const uint64_t tailStart = (static_cast<uint64_t>(size) - 8) * 8;
    const bool inTail = oneField && start >= tailStart;
    const uint64_t tail = inTail ? r.Get(tailStart, 64) : 0;
    auto entry = [&r, start, stride, indexBits, w, deltaMask, oneField, inTail, tail,
                  tailStart ](uint64_t e, uint64_t & delta) __attribute__((always_inline))
    {
        const uint64_t at = start + e * stride;
        if (oneField)
        {
            const uint64_t f = inTail ? (tail << (at - tailStart)) >> (64 - stride)
                                      : r.Get(at, static_cast<uint32_t>(stride));
            delta = f & deltaMask;
            return f >> w;
        }
        delta = r.Get(at + indexBits, w);
        return r.Get(at, indexBits);
    };
    // First pass: validate without touching out.
    bool sawSelf = false;
    int64_t previous = -1;
    uint64_t any = 0;
    // Stored deltas are above 0 and keep floor + delta within the int64 range.
    const int64_t maxValue = std::numeric_limits<int64_t>::max();
    const auto maxDelta = static_cast<uint64_t>(floor >= 0 ? maxValue - floor : maxValue);
    for (uint64_t e = 0; e < count; ++e)
    {
        uint64_t delta;
        const uint64_t k = entry(e, delta);
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
        else if (delta == 0 || delta > maxDelta)
        {
            return false; // stored entries lie above the floor, within the int64 range
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
    out.m_active.clear();
    for (uint64_t e = 0; e < count; ++e)
    {
        uint64_t delta;
        const auto k = static_cast<uint32_t>(entry(e, delta));
        out.m_active.emplace_back(k, k == self ? pt : floor + static_cast<int64_t>(delta));
    }
    return true;
}

} // namespace ns3
