/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The RepCl wire encoding (thesis Figure 4.3, extended): ReplayClock's Encode and Decode.
#include "replay-clock.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayClockCodec");

uint32_t
ReplayClock::CounterWidth() const
{
    uint64_t any = m_sum; // the OR has the same highest bit as the largest counter
    for (const auto& e : m_entries)
    {
        any |= e.counter;
    }
    return std::max(m_config.counterBits, BitsFor(any));
}

uint32_t
ReplayClock::GetEncodedBits() const
{
    uint32_t words = (m_config.n + 63) / 64;
    uint32_t w = CounterWidth();
    uint32_t counters = m_config.sumCounters ? w : GetOffsetCount() * w;
    return 8 + 64 + 64 * words + GetOffsetCount() * m_config.GetOffsetBits() + counters;
}

std::vector<uint8_t>
ReplayClock::Encode(bool* widened) const
{
    std::vector<uint8_t> out;
    EncodeInto(out, widened);
    return out;
}

void
ReplayClock::EncodeInto(std::vector<uint8_t>& out, bool* widened) const
{
    const uint32_t w = CounterWidth();
    if (widened)
    {
        *widened = w > m_config.counterBits;
    }
    const uint32_t words = (m_config.n + 63) / 64;
    const uint32_t offsetBits = m_config.GetOffsetBits();
    const Entry* entries = m_entries.data();
    const std::size_t stored = m_entries.size();
    WordPacker p(out,
                 72 + 64 * uint64_t(words) + stored * offsetBits +
                     (m_config.sumCounters ? w : stored * w));
    p.Put(w, 8);
    p.Put(static_cast<uint64_t>(m_mx), 64);
    // The bitmap, word by word, from the sorted entries.
    std::size_t next = 0;
    for (uint32_t word = 0; word < words; ++word)
    {
        uint64_t bits = 0;
        for (; next < stored && entries[next].process / 64 == word; ++next)
        {
            bits |= uint64_t(1) << (entries[next].process % 64);
        }
        p.Put(bits, 64);
    }
    for (std::size_t e = 0; e < stored; ++e)
    {
        p.Put(entries[e].offset, offsetBits);
    }
    if (m_config.sumCounters)
    {
        p.Put(m_sum, w);
    }
    else
    {
        for (std::size_t e = 0; e < stored; ++e)
        {
            p.Put(entries[e].counter, w);
        }
    }
    p.Finish();
}

namespace
{

/**
 * \param a a configuration
 * \param b another
 * \return whether every field agrees
 */
bool
SameConfig(const ReplayClockConfig& a, const ReplayClockConfig& b)
{
    return a.n == b.n && a.epsilon == b.epsilon && a.interval == b.interval &&
           a.counterBits == b.counterBits && a.sumCounters == b.sumCounters &&
           a.counterRule == b.counterRule;
}

} // namespace

bool
ReplayClock::Decode(const std::vector<uint8_t>& bytes,
                    const ReplayClockConfig& config,
                    ReplayClock& out)
{
    return Decode(bytes.data(), bytes.size(), config, out);
}

bool
ReplayClock::Decode(const uint8_t* data,
                    std::size_t size,
                    const ReplayClockConfig& config,
                    ReplayClock& out)
{
    const uint32_t words = (config.n + 63) / 64;
    if (size < 9 || static_cast<uint64_t>(size) * 8 < 72 + 64 * uint64_t(words))
    {
        return false; // shorter than w, mx and the bitmap
    }
    BitUnpacker in(data, size);
    const uint64_t w = in.Get(0, 8);
    if (w < 1 || w > 64)
    {
        return false;
    }
    const auto mx = static_cast<int64_t>(in.Get(8, 64));
    // The bitmap, read once (on the stack up to n = 1024).
    uint64_t inlineBitmap[16];
    std::vector<uint64_t> heapBitmap;
    uint64_t* bitmap = inlineBitmap;
    if (words > 16)
    {
        heapBitmap.resize(words);
        bitmap = heapBitmap.data();
    }
    uint64_t stored = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        bitmap[i] = in.Get(72 + 64 * uint64_t(i), 64);
        stored += PopCount(bitmap[i]);
    }
    const uint32_t tail = config.n % 64;
    if (tail != 0 && (bitmap[words - 1] >> tail) != 0)
    {
        return false; // bits for processes that do not exist
    }
    const uint32_t offsetBits = config.GetOffsetBits();
    const uint64_t offsets = 72 + 64 * uint64_t(words);
    const uint64_t counters = offsets + stored * offsetBits;
    const uint64_t bits = counters + (config.sumCounters ? w : stored * w);
    if (stored == 0 || !in.IsExactLength(bits))
    {
        return false;
    }
    // The harness and the network decode with the receiver's own configuration: no compare.
    const bool sameConfig = &config == &out.m_config || SameConfig(config, out.m_config);
    if (!sameConfig)
    {
        config.Validate(); // out's configuration was validated when out was made
    }
    // Only the encoder's own (canonical) form is accepted: offsets within epsilon, the counter
    // width Encode chooses (found by fuzzing: another width would decode but not re-encode to
    // the same bytes) and zero padding bits.  A first pass checks the fields before out is
    // touched; the second reads them again into out (cheaper than a stack copy of the entries).
    const auto cw = static_cast<uint32_t>(w);
    const bool sumCounters = config.sumCounters;
    // With a few entries every offset and counter lies in the input's last 8 bytes: then they
    // are cut from that one word, in a register, instead of a bounds-checked load each.
    const uint64_t tailStart = (static_cast<uint64_t>(size) - 8) * 8; // size >= 9
    const bool inTail = offsets >= tailStart;
    const uint64_t last = inTail ? in.Get(tailStart, 64) : 0;
    auto field = [&in, inTail, last, tailStart ](uint64_t position, uint32_t width)
        __attribute__((always_inline))
    {
        return inTail ? (last << (position - tailStart)) >> (64 - width) : in.Get(position, width);
    };
    uint64_t any = 0;
    uint64_t largestOffset = 0;
    for (uint64_t e = 0; e < stored; ++e)
    {
        const uint64_t offset = field(offsets + e * offsetBits, offsetBits);
        largestOffset = offset > largestOffset ? offset : largestOffset;
        any |= sumCounters ? 0 : field(counters + e * cw, cw);
    }
    if (largestOffset > config.epsilon)
    {
        return false;
    }
    const uint64_t sum = sumCounters ? field(counters, cw) : 0;
    if (std::max(config.counterBits, BitsFor(any | sum)) != cw)
    {
        return false;
    }
    if (!sameConfig)
    {
        out.m_config = config;
    }
    out.m_self = config.n;
    out.m_mx = mx;
    out.m_sum = sum;
    out.m_entries.clear();
    uint64_t e = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        for (uint64_t word = bitmap[i]; word != 0; word &= word - 1, ++e)
        {
            out.m_entries.emplace_back(
                i * 64 + static_cast<uint32_t>(__builtin_ctzll(word)),
                static_cast<uint32_t>(field(offsets + e * offsetBits, offsetBits)),
                sumCounters ? 0 : field(counters + e * cw, cw));
        }
    }
    return true;
}

} // namespace ns3
