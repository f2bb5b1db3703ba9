/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The HVC wire encodings: HybridVectorClock's Encode and Decode in the fixed form (process ids
// at ceil(log2 n) bits) and in the sparse form (delta-coded ids as varints), chosen per stamp
// under STAMP_ADAPTIVE.
#include "hybrid-vector-clock.h"

#include "ns3/log.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HybridVectorClockCodec");

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

namespace
{

/** Bits before the entries: pt (64), pt - floor (64), owner (16), count (16), width (7). */
constexpr uint64_t HEADER_BITS = 167;

/** The top bit of the 7-bit width field: the sparse form (the width itself is at most 63). */
constexpr uint64_t SPARSE_FLAG = 0x40;

/**
 * \param n processes
 * \return the fixed form's bits per process id
 */
uint32_t
IndexBits(uint32_t n)
{
    return std::max<uint32_t>(1, BitsFor(n - 1));
}

} // namespace

/** What a decoder reads before the entries. */
struct HybridVectorClock::WireHeader
{
    int64_t pt;        //!< own entry
    int64_t floor;     //!< value of absent entries
    uint64_t self;     //!< owner
    uint64_t count;    //!< active entries
    uint32_t width;    //!< bits per value - floor
    bool sparse;       //!< the sparse form's flag
    int64_t eps;       //!< epsilon, time steps
    uint64_t ownDelta; //!< the owner's value - floor as the encoder writes it
    uint64_t maxDelta; //!< the largest value - floor within the int64 range
};

uint32_t
HybridVectorClock::SparseListBits() const
{
    uint32_t groups = 0;
    uint32_t previous = 0;
    for (const auto& e : m_active)
    {
        groups += varint::Groups(e.first - previous);
        previous = e.first;
    }
    return 8 * groups;
}

bool
HybridVectorClock::WritesSparse() const
{
    return m_encoding == STAMP_SPARSE ||
           (m_encoding == STAMP_ADAPTIVE &&
            SparseListBits() < static_cast<uint32_t>(m_active.size()) * IndexBits(m_n));
}

StampEncoding
HybridVectorClock::GetEncodedForm() const
{
    return WritesSparse() ? STAMP_SPARSE : STAMP_BITMAP;
}

StampEncoding
HybridVectorClock::GetEncoding() const
{
    return m_encoding;
}

uint32_t
HybridVectorClock::GetEncodedBits(StampEncoding encoding) const
{
    const auto count = static_cast<uint32_t>(m_active.size());
    const uint32_t fixed = count * IndexBits(m_n);
    const uint32_t values = count * DeltaWidth();
    switch (encoding)
    {
    case STAMP_SPARSE:
        return HEADER_BITS + SparseListBits() + values;
    case STAMP_ADAPTIVE:
        return HEADER_BITS + std::min(fixed, SparseListBits()) + values;
    case STAMP_BITMAP:
    default:
        return HEADER_BITS + fixed + values;
    }
}

uint32_t
HybridVectorClock::GetEncodedBits() const
{
    return GetEncodedBits(m_encoding);
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
    const uint32_t indexBits = IndexBits(m_n);
    const uint32_t width = DeltaWidth();
    const uint64_t count = m_active.size();
    const int64_t floor = m_floor;
    uint64_t listBits = count * indexBits;
    bool sparse = m_encoding == STAMP_SPARSE;
    if (m_encoding != STAMP_BITMAP)
    {
        const uint32_t sparseBits = SparseListBits();
        sparse = sparse || sparseBits < listBits;
        listBits = sparse ? sparseBits : listBits;
    }
    WordPacker w(out, HEADER_BITS + listBits + count * width);
    w.Put(static_cast<uint64_t>(m_pt), 64);
    w.Put(static_cast<uint64_t>(m_pt - floor), 64);
    // owner (16), count (16) and the flag with the width (7) as one field
    w.Put((uint64_t(m_self & 0xffff) << 23) | ((count & 0xffff) << 7) | (width & 0x3f) |
              (sparse ? SPARSE_FLAG : 0),
          39);
    // The own entry may sit below the floor when epsilon is smaller than the real skew;
    // encode it relative to the floor only when it is above it.
    auto delta = [floor](int64_t v) { return v > floor ? static_cast<uint64_t>(v - floor) : 0; };
    if (sparse)
    {
        uint32_t previous = 0;
        for (const auto& e : m_active)
        {
            const uint32_t d = e.first - previous;
            w.Put(varint::Field(d), 8 * varint::Groups(d));
            previous = e.first;
        }
        for (const auto& e : m_active)
        {
            w.Put(delta(e.second), width);
        }
        w.Finish();
        return;
    }
    const uint32_t stride = indexBits + width;
    for (const auto& [k, v] : m_active)
    {
        if (stride <= 64) // process and delta as one field (always, unless deltas are huge)
        {
            w.Put((uint64_t(k) << width) | delta(v), stride);
        }
        else
        {
            w.Put(k, indexBits);
            w.Put(delta(v), width);
        }
    }
    w.Finish();
}

bool
HybridVectorClock::Decode(const std::vector<uint8_t>& bytes,
                          uint32_t n,
                          Time epsilon,
                          HybridVectorClock& out,
                          StampEncoding encoding)
{
    return Decode(bytes.data(), bytes.size(), n, epsilon, out, encoding);
}

bool
HybridVectorClock::ReadHeader(const BitUnpacker& r, uint32_t n, Time epsilon, WireHeader& h)
{
    h.pt = static_cast<int64_t>(r.Get(0, 64));
    const uint64_t ptMinusFloor = r.Get(64, 64);
    const uint64_t header = r.Get(128, 39); // owner (16), count (16), flag and width (7)
    h.self = header >> 23;
    h.count = (header >> 7) & 0xffff;
    h.sparse = (header & SPARSE_FLAG) != 0;
    h.width = static_cast<uint32_t>(header & 0x3f);
    if (n == 0 || h.self >= n || h.count < 1 || h.count > n || h.width < 1)
    {
        return false;
    }
    h.eps = epsilon.GetTimeStep();
    static const int64_t maxEpsilon = Hours(24).GetTimeStep();
    if (n > 65535 || h.eps < 1 || h.eps > maxEpsilon)
    {
        HybridVectorClock invalid(n, 0, epsilon); // reports the configuration error
    }
    // pt - floor is written in two's complement: the floor can lie above pt when a remote
    // clock runs ahead by more than epsilon. A floor outside the int64 range cannot come from
    // an encoder (UBSan found the overflow on fuzzed bytes): refuse it instead of computing it.
    if (__builtin_sub_overflow(h.pt, static_cast<int64_t>(ptMinusFloor), &h.floor))
    {
        return false;
    }
    h.ownDelta = h.pt > h.floor ? static_cast<uint64_t>(h.pt - h.floor) : 0;
    // Stored deltas are above 0 and keep floor + delta within the int64 range.
    const int64_t maxValue = std::numeric_limits<int64_t>::max();
    h.maxDelta = static_cast<uint64_t>(h.floor >= 0 ? maxValue - h.floor : maxValue);
    return true;
}

template <typename Entry>
bool
HybridVectorClock::Accept(const WireHeader& h,
                          uint32_t n,
                          Entry entry,
                          bool sparse,
                          StampEncoding encoding,
                          HybridVectorClock& out)
{
    // First pass: validate without touching out.  Only the canonical form is accepted (found by
    // fuzzing): the encoder's delta width, the owner's delta field as the encoder writes it
    // and, under STAMP_ADAPTIVE, the smaller form.
    bool sawSelf = false;
    int64_t previous = -1;
    uint64_t any = 0;
    uint32_t groups = 0;
    for (uint64_t e = 0; e < h.count; ++e)
    {
        uint64_t delta;
        const uint64_t k = entry(e, delta);
        if (k >= n || static_cast<int64_t>(k) <= previous)
        {
            return false; // out of range or not strictly sorted
        }
        groups += varint::Groups(k - static_cast<uint64_t>(previous < 0 ? 0 : previous));
        previous = static_cast<int64_t>(k);
        if (k == h.self)
        {
            sawSelf = true;
            if (delta != h.ownDelta)
            {
                return false;
            }
        }
        else if (delta == 0 || delta > h.maxDelta)
        {
            return false; // stored entries lie above the floor, within the int64 range
        }
        any |= delta;
    }
    if (!sawSelf || std::max<uint32_t>(1, BitsFor(any)) != h.width)
    {
        return false;
    }
    if (encoding == STAMP_ADAPTIVE && (8 * groups < h.count * IndexBits(n)) != sparse)
    {
        return false; // the other form is the one the encoder writes
    }
    out.m_n = n;
    out.m_self = static_cast<uint32_t>(h.self);
    out.m_epsilon = h.eps;
    out.m_pt = h.pt;
    out.m_floor = h.floor;
    out.m_encoding = encoding;
    out.m_active.clear();
    for (uint64_t e = 0; e < h.count; ++e)
    {
        uint64_t delta;
        const auto k = static_cast<uint32_t>(entry(e, delta));
        out.m_active.emplace_back(k, k == h.self ? h.pt : h.floor + static_cast<int64_t>(delta));
    }
    return true;
}

bool
HybridVectorClock::Decode(const uint8_t* data,
                          std::size_t size,
                          uint32_t n,
                          Time epsilon,
                          HybridVectorClock& out,
                          StampEncoding encoding)
{
    if (size < 21) // the 167 header bits
    {
        return false;
    }
    BitUnpacker r(data, size);
    WireHeader h;
    if (!ReadHeader(r, n, epsilon, h) ||
        (h.sparse ? encoding == STAMP_BITMAP : encoding == STAMP_SPARSE))
    {
        return false;
    }
    const uint32_t w = h.width;
    if (h.sparse)
    {
        // The ids' varints first (they must lie within the input and be the shortest form),
        // then the values at w bits each: the exact length with zero padding.
        const uint64_t end = static_cast<uint64_t>(size) * 8;
        uint64_t position = HEADER_BITS;
        for (uint64_t e = 0; e < h.count; ++e)
        {
            uint64_t d;
            if (!varint::Read(r, position, end, d))
            {
                return false;
            }
        }
        const uint64_t values = position;
        if (!r.IsExactLength(values + h.count * w))
        {
            return false;
        }
        uint64_t cursor = HEADER_BITS;
        uint64_t id = 0;
        auto entry = [&r, &cursor, &id, end, values, w](uint64_t e, uint64_t& delta) {
            if (e == 0)
            {
                cursor = HEADER_BITS;
                id = 0;
            }
            uint64_t d = 0;
            varint::Read(r, cursor, end, d); // checked above
            id += d;
            delta = r.Get(values + e * w, w);
            return id; // a zero difference repeats the id before: Accept refuses it as unsorted
        };
        return Accept(h, n, entry, true, encoding, out);
    }
    const uint32_t indexBits = IndexBits(n);
    const uint64_t start = HEADER_BITS;
    const uint64_t stride = indexBits + w;
    if (!r.IsExactLength(start + h.count * stride))
    {
        return false;
    }
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
    return Accept(h, n, entry, false, encoding, out);
}

} // namespace ns3
