/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The RepCl wire encodings: ReplayClock's Encode and Decode in the published bitmap form
// (thesis Figure 4.3, extended to any n) and in the sparse form (a list of process ids instead
// of the n-bit bitmap), chosen per stamp under STAMP_ADAPTIVE.
#include "replay-clock.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayClockCodec");

namespace
{

/** Bits before the list of processes: the counter width w and the sparse flag (8), mx (64). */
constexpr uint64_t HEADER_BITS = 72;

/** The top bit of the counter-width byte: the sparse form (w itself needs 7 bits). */
constexpr uint64_t SPARSE_FLAG = 0x80;

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
           a.counterRule == b.counterRule && a.encoding == b.encoding;
}

/**
 * Reads a stamp's offsets and counters: with a few entries they all lie in the input's last 8
 * bytes, and are then cut from that one word, in a register, instead of a bounds-checked load
 * each.
 */
class FieldReader
{
  public:
    /**
     * \param in the input (its exact length already checked)
     * \param size its length in bytes, at least 9
     * \param start the bit offset of the first field
     */
    FieldReader(const BitUnpacker& in, std::size_t size, uint64_t start)
        : m_in(in),
          m_tailStart((static_cast<uint64_t>(size) - 8) * 8),
          m_inTail(start >= m_tailStart),
          m_last(m_inTail ? in.Get(m_tailStart, 64) : 0)
    {
    }

    /**
     * \param position bit offset of a field inside the input
     * \param width its width, 1 to 64
     * \return the field
     */
    __attribute__((always_inline)) uint64_t Get(uint64_t position, uint32_t width) const
    {
        return m_inTail ? (m_last << (position - m_tailStart)) >> (64 - width)
                        : m_in.Get(position, width);
    }

  private:
    const BitUnpacker& m_in; //!< the input
    uint64_t m_tailStart;    //!< bit offset of the last 8 bytes
    bool m_inTail;           //!< every field lies in them
    uint64_t m_last;         //!< the last 8 bytes
};

} // namespace

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
ReplayClock::SparseListBits() const
{
    const Entry* entries = m_entries.data();
    const std::size_t stored = m_entries.size();
    uint32_t groups = varint::Groups(stored);
    uint32_t previous = 0;
    for (std::size_t e = 0; e < stored; ++e)
    {
        groups += varint::Groups(entries[e].process - previous);
        previous = entries[e].process;
    }
    return 8 * groups;
}

bool
ReplayClock::WritesSparse() const
{
    return m_config.encoding == STAMP_SPARSE || (m_config.encoding == STAMP_ADAPTIVE &&
                                                 SparseListBits() < 64 * ((m_config.n + 63) / 64));
}

StampEncoding
ReplayClock::GetEncodedForm() const
{
    return WritesSparse() ? STAMP_SPARSE : STAMP_BITMAP;
}

uint32_t
ReplayClock::GetEncodedBits(StampEncoding encoding) const
{
    const uint32_t w = CounterWidth();
    const uint32_t stored = GetOffsetCount();
    const uint32_t fields =
        stored * m_config.GetOffsetBits() + (m_config.sumCounters ? w : stored * w);
    const uint32_t bitmap = 64 * ((m_config.n + 63) / 64);
    switch (encoding)
    {
    case STAMP_SPARSE:
        return HEADER_BITS + SparseListBits() + fields;
    case STAMP_ADAPTIVE:
        return HEADER_BITS + std::min(bitmap, SparseListBits()) + fields;
    case STAMP_BITMAP:
    default:
        return HEADER_BITS + bitmap + fields;
    }
}

uint32_t
ReplayClock::GetEncodedBits() const
{
    return GetEncodedBits(m_config.encoding);
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
    uint64_t listBits = 64 * uint64_t(words);
    bool sparse = m_config.encoding == STAMP_SPARSE;
    if (m_config.encoding != STAMP_BITMAP)
    {
        const uint32_t sparseBits = SparseListBits();
        sparse = sparse || sparseBits < listBits;
        listBits = sparse ? sparseBits : listBits;
    }
    WordPacker p(out,
                 HEADER_BITS + listBits + stored * offsetBits +
                     (m_config.sumCounters ? w : stored * w));
    p.Put(w | (sparse ? SPARSE_FLAG : 0), 8);
    p.Put(static_cast<uint64_t>(m_mx), 64);
    if (sparse)
    {
        // The number of entries, then each process id as the difference to the previous one.
        p.Put(varint::Field(stored), 8 * varint::Groups(stored));
        uint32_t previous = 0;
        for (std::size_t e = 0; e < stored; ++e)
        {
            const uint32_t delta = entries[e].process - previous;
            p.Put(varint::Field(delta), 8 * varint::Groups(delta));
            previous = entries[e].process;
        }
    }
    else
    {
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
    if (size < 9)
    {
        return false; // shorter than w and mx
    }
    // The form is the flag's; each encoding accepts only the forms its encoder writes.
    const bool sparse = (data[0] & SPARSE_FLAG) != 0;
    if (sparse ? config.encoding == STAMP_BITMAP : config.encoding == STAMP_SPARSE)
    {
        return false;
    }
    return sparse ? DecodeSparse(data, size, config, out) : DecodeBitmap(data, size, config, out);
}

bool
ReplayClock::CheckFields(const BitUnpacker& in,
                         std::size_t size,
                         uint64_t offsets,
                         uint64_t stored,
                         uint32_t w,
                         const ReplayClockConfig& config)
{
    // Only the encoder's own (canonical) form is accepted: offsets within epsilon, the counter
    // width Encode chooses (found by fuzzing: another width would decode but not re-encode to
    // the same bytes) and zero padding bits.
    const uint32_t offsetBits = config.GetOffsetBits();
    const uint64_t counters = offsets + stored * offsetBits;
    if (!in.IsExactLength(counters + (config.sumCounters ? w : stored * w)))
    {
        return false;
    }
    FieldReader field(in, size, offsets);
    uint64_t any = 0;
    uint64_t largestOffset = 0;
    for (uint64_t e = 0; e < stored; ++e)
    {
        const uint64_t offset = field.Get(offsets + e * offsetBits, offsetBits);
        largestOffset = offset > largestOffset ? offset : largestOffset;
        any |= config.sumCounters ? 0 : field.Get(counters + e * w, w);
    }
    const uint64_t sum = config.sumCounters ? field.Get(counters, w) : 0;
    return largestOffset <= config.epsilon && std::max(config.counterBits, BitsFor(any | sum)) == w;
}

void
ReplayClock::Adopt(const ReplayClockConfig& config, int64_t mx, bool sameConfig)
{
    if (!sameConfig)
    {
        m_config = config;
    }
    m_self = config.n;
    m_mx = mx;
    m_sum = 0;
    m_entries.clear();
}

bool
ReplayClock::DecodeBitmap(const uint8_t* data,
                          std::size_t size,
                          const ReplayClockConfig& config,
                          ReplayClock& out)
{
    const uint32_t words = (config.n + 63) / 64;
    if (static_cast<uint64_t>(size) * 8 < HEADER_BITS + 64 * uint64_t(words))
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
    // The bitmap, read in place (twice: once to count and check, once to fill out).  Under
    // STAMP_ADAPTIVE the sparse list must not have been smaller.
    uint64_t stored = 0;
    uint32_t sparseBits = 0;
    uint32_t previous = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        const uint64_t bits = in.Get(HEADER_BITS + 64 * uint64_t(i), 64);
        stored += PopCount(bits);
        for (uint64_t word = config.encoding == STAMP_ADAPTIVE ? bits : 0; word != 0;
             word &= word - 1)
        {
            const uint32_t k = i * 64 + static_cast<uint32_t>(__builtin_ctzll(word));
            sparseBits += 8 * varint::Groups(k - previous);
            previous = k;
        }
    }
    const uint32_t tail = config.n % 64;
    if (tail != 0 && (in.Get(HEADER_BITS + 64 * uint64_t(words - 1), 64) >> tail) != 0)
    {
        return false; // bits for processes that do not exist
    }
    if (stored == 0 ||
        (config.encoding == STAMP_ADAPTIVE && sparseBits + 8 * varint::Groups(stored) < 64 * words))
    {
        return false; // no owner entry, or the sparse form would have been written
    }
    const uint64_t offsets = HEADER_BITS + 64 * uint64_t(words);
    const auto cw = static_cast<uint32_t>(w);
    if (!CheckFields(in, size, offsets, stored, cw, config))
    {
        return false;
    }
    // The harness and the network decode with the receiver's own configuration: no compare.
    const bool sameConfig = &config == &out.m_config || SameConfig(config, out.m_config);
    if (!sameConfig)
    {
        config.Validate(); // out's configuration was validated when out was made
    }
    out.Adopt(config, mx, sameConfig);
    const uint32_t offsetBits = config.GetOffsetBits();
    const uint64_t counters = offsets + stored * offsetBits;
    const bool sumCounters = config.sumCounters;
    FieldReader field(in, size, offsets);
    out.m_sum = sumCounters ? field.Get(counters, cw) : 0;
    uint64_t e = 0;
    for (uint32_t i = 0; i < words; ++i)
    {
        for (uint64_t word = in.Get(HEADER_BITS + 64 * uint64_t(i), 64); word != 0;
             word &= word - 1, ++e)
        {
            out.m_entries.emplace_back(
                i * 64 + static_cast<uint32_t>(__builtin_ctzll(word)),
                static_cast<uint32_t>(field.Get(offsets + e * offsetBits, offsetBits)),
                sumCounters ? 0 : field.Get(counters + e * cw, cw));
        }
    }
    return true;
}

bool
ReplayClock::DecodeSparse(const uint8_t* data,
                          std::size_t size,
                          const ReplayClockConfig& config,
                          ReplayClock& out)
{
    BitUnpacker in(data, size);
    const uint64_t w = in.Get(0, 8) & ~SPARSE_FLAG;
    if (w < 1 || w > 64)
    {
        return false;
    }
    const auto mx = static_cast<int64_t>(in.Get(8, 64));
    // The list: every varint within the input, the shortest form, 1 to n entries, each id above
    // the previous one (a zero difference would repeat it) and below n.
    const uint64_t end = static_cast<uint64_t>(size) * 8;
    uint64_t position = HEADER_BITS;
    uint64_t stored = 0;
    if (!varint::Read(in, position, end, stored) || stored < 1 || stored > config.n)
    {
        return false;
    }
    const uint64_t list = position;
    uint64_t id = 0;
    for (uint64_t e = 0; e < stored; ++e)
    {
        uint64_t delta = 0;
        if (!varint::Read(in, position, end, delta) || (e > 0 && delta == 0))
        {
            return false; // past the input, overlong, or a repeated id
        }
        id += delta;
        if (id >= config.n)
        {
            return false; // beyond the last process
        }
    }
    // Under STAMP_ADAPTIVE the bitmap must not have been smaller (or as small).
    const uint64_t offsets = position;
    const uint64_t listBits = offsets - HEADER_BITS;
    if (config.encoding == STAMP_ADAPTIVE && listBits >= 64 * uint64_t((config.n + 63) / 64))
    {
        return false;
    }
    const auto cw = static_cast<uint32_t>(w);
    if (!CheckFields(in, size, offsets, stored, cw, config))
    {
        return false;
    }
    const bool sameConfig = &config == &out.m_config || SameConfig(config, out.m_config);
    if (!sameConfig)
    {
        config.Validate();
    }
    out.Adopt(config, mx, sameConfig);
    const uint32_t offsetBits = config.GetOffsetBits();
    const uint64_t counters = offsets + stored * offsetBits;
    const bool sumCounters = config.sumCounters;
    FieldReader field(in, size, offsets);
    out.m_sum = sumCounters ? field.Get(counters, cw) : 0;
    position = list;
    id = 0;
    for (uint64_t e = 0; e < stored; ++e)
    {
        uint64_t delta = 0;
        varint::Read(in, position, end, delta); // checked above
        id += delta;
        out.m_entries.emplace_back(
            static_cast<uint32_t>(id),
            static_cast<uint32_t>(field.Get(offsets + e * offsetBits, offsetBits)),
            sumCounters ? 0 : field.Get(counters + e * cw, cw));
    }
    return true;
}

} // namespace ns3
