/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSAL_ORDER_H
#define CAUSAL_ORDER_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Shared vocabulary of the causality clocks: the result of comparing two
 * timestamps, and a bounds-checked bit writer/reader for compact encodings.
 */

namespace ns3
{

/** How two timestamps a and b compare under a clock's < relation. */
enum class CausalOrder
{
    BEFORE,    //!< a < b
    AFTER,     //!< b < a
    EQUAL,     //!< identical timestamps
    CONCURRENT //!< neither a < b nor b < a, and not equal
};

/**
 * \param order a comparison result
 * \return its name ("before", "after", "equal", "concurrent")
 */
std::string ToString(CausalOrder order);

/**
 * \param os a stream
 * \param order a comparison result
 * \return the stream
 */
std::ostream& operator<<(std::ostream& os, CausalOrder order);

/**
 * Component-by-component comparison of two timestamps (vector-clock style): note each pair
 * of corresponding components, then read the order they imply.
 */
struct ComponentwiseOrder
{
    bool less = false;    //!< some component of a is smaller than b's
    bool greater = false; //!< some component of a is larger than b's

    /**
     * \tparam T a component type ordered by <
     * \param x a component of a
     * \param y the corresponding component of b
     */
    template <typename T>
    void Note(const T& x, const T& y)
    {
        less = less || x < y;
        greater = greater || y < x;
    }

    /** \return BEFORE, AFTER or CONCURRENT as the components say; EQUAL when none differ */
    CausalOrder Order() const
    {
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
};

/**
 * Appends fields of arbitrary bit width to a byte buffer (most significant bit first).
 */
class BitWriter
{
  public:
    /**
     * \param expectedBits the encoding's size when known, so the buffer is allocated once
     */
    explicit BitWriter(uint32_t expectedBits = 0);

    /**
     * \param value the field (only its low \p bits bits are written)
     * \param bits field width, 0 to 64
     */
    void Write(uint64_t value, uint32_t bits);

    /** \return the number of bits written */
    uint32_t GetBitCount() const;

    /** \return the bytes, the last one padded with zero bits */
    const std::vector<uint8_t>& GetBytes() const;

    /** \return the bytes, moved out (the writer is left empty) */
    std::vector<uint8_t> TakeBytes();

  private:
    std::vector<uint8_t> m_bytes; //!< output
    uint32_t m_bits = 0;          //!< bits written
};

/**
 * Reads fields written by BitWriter; every read is bounds-checked so that
 * truncated input is detected instead of read past the end.
 */
class BitReader
{
  public:
    /**
     * \param bytes input
     * \param size its length in bytes
     */
    BitReader(const uint8_t* bytes, std::size_t size);

    /**
     * \param bits field width, 0 to 64
     * \param value receives the field
     * \return false if the input is too short (value untouched)
     */
    bool Read(uint32_t bits, uint64_t& value);

    /** \return bits left unread */
    uint64_t GetRemainingBits() const;

  private:
    const uint8_t* m_bytes; //!< input
    std::size_t m_size;     //!< input length
    uint64_t m_position;    //!< next bit to read
};

/**
 * \param x a non-negative value
 * \return the number of bits needed to store 0..x, i.e. ceil(log2(x + 1)) (0 for x = 0)
 */
inline uint32_t
BitsFor(uint64_t x)
{
    return x == 0 ? 0 : 64 - static_cast<uint32_t>(__builtin_clzll(x));
}

/**
 * \param x a word
 * \return its number of set bits (portable SWAR form: baseline x86-64 has no popcnt
 * instruction, and the library call costs more)
 */
inline uint32_t
PopCount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<uint32_t>((x * 0x0101010101010101ULL) >> 56);
}

/**
 * The encoders' hot path: writes fields of arbitrary width, most significant bit first (the
 * same bytes as BitWriter), into a caller's byte vector whose total size is known in advance.
 * Fields accumulate in a register and every write stores one 8-byte big-endian window, so a
 * field costs a few instructions and no branch on its alignment; the vector's capacity is
 * reused (no allocation once it is large enough, no resize when the size repeats).  Short
 * encodings are written into a Scratch on the caller's stack (kept apart from the packer, so
 * that the packer's state can live in registers) and copied out by Finish(), which must be
 * called.
 */
class BitPacker
{
  public:
    /** Stack space for short encodings. */
    struct Scratch
    {
        uint8_t bytes[256]; //!< room for 248 bytes plus the last window's slack
    };

    /**
     * \param out receives exactly ceil(totalBits / 8) bytes
     * \param totalBits the exact number of bits that will be written
     * \param scratch where short encodings are written first
     */
    BitPacker(std::vector<uint8_t>& out, uint64_t totalBits, Scratch& scratch)
        : m_out(&out),
          m_size(static_cast<std::size_t>((totalBits + 7) / 8))
    {
        if (m_size + 8 <= sizeof(scratch.bytes))
        {
            m_scratch = scratch.bytes;
            m_p = scratch.bytes;
            m_end = scratch.bytes + sizeof(scratch.bytes);
        }
        else
        {
            out.resize(m_size);
            m_scratch = nullptr;
            m_p = out.data();
            m_end = m_p + m_size;
        }
    }

    /**
     * \param value the field (only its low \p bits bits are written)
     * \param bits field width, 0 to 64
     */
    __attribute__((always_inline)) void Put(uint64_t value, uint32_t bits)
    {
        if (bits > 56)
        {
            PutWide(value, bits);
            return;
        }
        value &= (uint64_t(1) << bits) - 1;
        m_acc = (m_acc << bits) | value;
        m_pending += bits; // below 64: at most 7 pending bits before a field of at most 56
        // The pending bits at the top of the window, zeros after them; bytes already complete
        // are stored again unchanged, an incomplete last byte is rewritten by the next Put.
        Store((m_acc << 1) << (63 - m_pending));
        m_p += m_pending >> 3;
        m_pending &= 7;
    }

    /**
     * Many fields of one width (a vector clock's entries): the state stays in registers and
     * no field is masked.
     * \param values the fields, each below 2^bits
     * \param count how many
     * \param bits their width, 0 to 64
     */
    void PutAll(const uint64_t* values, std::size_t count, uint32_t bits)
    {
        std::size_t k = 0;
        if (bits <= 56)
        {
            uint64_t acc = m_acc;
            uint32_t pending = m_pending;
            uint8_t* p = m_p;
            for (; k < count && m_end - p >= 8; ++k)
            {
                acc = (acc << bits) | values[k];
                pending += bits;
                uint64_t be = __builtin_bswap64((acc << 1) << (63 - pending));
                std::memcpy(p, &be, 8);
                p += pending >> 3;
                pending &= 7;
            }
            m_acc = acc;
            m_pending = pending;
            m_p = p;
        }
        for (; k < count; ++k)
        {
            Put(values[k], bits);
        }
    }

    /** Deliver the bytes (the last one padded with zero bits) to the output. */
    __attribute__((always_inline)) void Finish()
    {
        if (m_scratch)
        {
            m_out->resize(m_size);
            CopyShort(m_out->data(), m_scratch, m_size);
        }
    }

  private:
    /**
     * \param value a field of 57 to 64 bits
     * \param bits its width
     */
    __attribute__((always_inline)) void PutWide(uint64_t value, uint32_t bits)
    {
        if (bits < 64)
        {
            uint64_t high = (value >> 32) & ((uint64_t(1) << (bits - 32)) - 1);
            m_acc = (m_acc << (bits - 32)) | high;
            m_pending += bits - 32;
            Store((m_acc << 1) << (63 - m_pending));
            m_p += m_pending >> 3;
            m_pending &= 7;
            value &= 0xffffffffULL;
            bits = 32;
            m_acc = (m_acc << bits) | value;
            m_pending += bits;
            Store((m_acc << 1) << (63 - m_pending));
            m_p += m_pending >> 3;
            m_pending &= 7;
            return;
        }
        // 64 bits: the pending bits, then the value's high bits fill exactly 8 bytes; the
        // value's low m_pending bits stay pending (none when byte-aligned, as every header is).
        uint64_t window = ((m_acc << 1) << (63 - m_pending)) | (value >> m_pending);
        Store(window);
        m_p += 8;
        m_acc = value;
        Store((m_acc << 1) << (63 - m_pending));
    }

    /** \param window 8 bytes to store big-endian at m_p (fewer near the end) */
    __attribute__((always_inline)) void Store(uint64_t window)
    {
        if (m_end - m_p >= 8)
        {
            uint64_t be = __builtin_bswap64(window);
            std::memcpy(m_p, &be, 8);
        }
        else
        {
            StoreTail(m_p, m_end, window);
        }
    }

    /**
     * \param p where
     * \param end end of the output
     * \param window stored byte by byte up to the end of the output
     */
    static void StoreTail(uint8_t* p, const uint8_t* end, uint64_t window)
    {
        for (int i = 0; i < 8 && p + i < end; ++i)
        {
            p[i] = static_cast<uint8_t>(window >> (56 - 8 * i));
        }
    }

    /**
     * \param to destination
     * \param from source
     * \param size bytes (at most 248)
     */
    static void CopyShort(uint8_t* to, const uint8_t* from, std::size_t size)
    {
        if (size < 8)
        {
            std::memcpy(to, from, size);
            return;
        }
        // 8-byte moves, the last one overlapping: no library call for short stamps
        for (std::size_t i = 0; i + 8 <= size; i += 8)
        {
            std::memcpy(to + i, from + i, 8);
        }
        std::memcpy(to + size - 8, from + size - 8, 8);
    }

    std::vector<uint8_t>* m_out; //!< output
    std::size_t m_size;          //!< bytes of the encoding
    uint8_t* m_scratch;          //!< the scratch in use, or null when writing to m_out
    uint8_t* m_p;                //!< first byte not yet complete
    uint8_t* m_end;              //!< end of the writable bytes
    uint64_t m_acc = 0;          //!< the low m_pending bits are pending
    uint32_t m_pending = 0;      //!< bits not yet in a complete byte (0 to 7)
};

/**
 * Word-at-a-time writer for the HVC and RepCl encoders: the same bytes as BitPacker (fields
 * most significant bit first, the last byte padded with zero bits), but bits collect in a
 * register and leave it only as whole aligned 64-bit words, each stored once, straight into the
 * output vector (sized once; no scratch copy).  Unlike BitPacker's overlapping byte windows,
 * no store is read back through a partially overlapping load, so the CPU's store forwarding
 * does not stall.
 */
class WordPacker
{
  public:
    /**
     * \param out resized to exactly ceil(totalBits / 8) bytes (capacity reused)
     * \param totalBits the exact number of bits that will be written
     */
    WordPacker(std::vector<uint8_t>& out, uint64_t totalBits)
    {
        const auto size = static_cast<std::size_t>((totalBits + 7) / 8);
        if (out.size() != size)
        {
            out.resize(size);
        }
        m_p = out.data();
        m_end = m_p + size;
    }

    /**
     * \param value the field (only its low \p bits bits are written)
     * \param bits field width, 1 to 64
     */
    __attribute__((always_inline)) void Put(uint64_t value, uint32_t bits)
    {
        value &= ~uint64_t(0) >> (64 - bits);
        const uint32_t used = m_used + bits;
        if (used < 64)
        {
            m_acc |= value << (64 - used);
            m_used = used;
            return;
        }
        // The word is full: it lies wholly inside the output because totalBits is exact.
        const uint32_t spill = used - 64;
        StoreWord(m_acc | (value >> spill));
        m_acc = spill == 0 ? 0 : value << (64 - spill);
        m_used = spill;
    }

    /** Store the last, partial word (its trailing bits are zero). */
    __attribute__((always_inline)) void Finish()
    {
        const auto rest = static_cast<uint32_t>(m_end - m_p); // 0 to 8 bytes
        if (rest == 0)
        {
            return;
        }
        if (m_stored)
        {
            // One 8-byte store ending at the end: the last 8 - rest bytes of the word stored
            // before (the same bytes again), then the rest.
            uint64_t word = rest == 8 ? m_acc : (m_last << (8 * rest)) | (m_acc >> (64 - 8 * rest));
            const uint64_t be = __builtin_bswap64(word);
            std::memcpy(m_end - 8, &be, 8);
            return;
        }
        for (uint32_t shift = 56; m_p < m_end; shift -= 8)
        {
            *m_p++ = static_cast<uint8_t>(m_acc >> shift);
        }
    }

  private:
    /** \param word 64 bits to store big-endian at m_p */
    __attribute__((always_inline)) void StoreWord(uint64_t word)
    {
        const uint64_t be = __builtin_bswap64(word);
        std::memcpy(m_p, &be, 8);
        m_p += 8;
        m_last = word;
        m_stored = true;
    }

    uint8_t* m_p;          //!< next output byte (8-byte steps from the start)
    uint8_t* m_end;        //!< end of the output
    uint64_t m_acc = 0;    //!< pending bits, left-aligned, zeros after them
    uint32_t m_used = 0;   //!< pending bits (0 to 63)
    uint64_t m_last = 0;   //!< the last word stored
    bool m_stored = false; //!< whether a word was stored
};

/**
 * The decoders' hot path: reads fields at any bit position (most significant bit first) with
 * one 8-byte big-endian load.  The caller checks the input's length first; reads past the end
 * yield zero bits instead of reading memory beyond it.
 */
class BitUnpacker
{
  public:
    /**
     * \param data input
     * \param size its length in bytes
     */
    BitUnpacker(const uint8_t* data, std::size_t size)
        : m_data(data),
          m_size(size)
    {
    }

    /**
     * \param position bit offset from the start
     * \param bits field width, 0 to 64
     * \return the field
     */
    __attribute__((always_inline)) uint64_t Get(uint64_t position, uint32_t bits) const
    {
        if (bits > 56)
        {
            return GetWide(position, bits);
        }
        uint64_t window = Load(static_cast<std::size_t>(position >> 3)) << (position & 7);
        return bits == 0 ? 0 : window >> (64 - bits);
    }

    /**
     * Many fields of one width (a vector clock's entries), from local state.
     * \param start bit offset of the first
     * \param bits their width, 0 to 64
     * \param count how many
     * \param out receives them
     * \return the OR of all of them
     */
    uint64_t GetAll(uint64_t start, uint32_t bits, std::size_t count, uint64_t* out) const
    {
        uint64_t any = 0;
        std::size_t k = 0;
        uint64_t position = start;
        if (bits >= 1 && bits <= 56)
        {
            const uint8_t* data = m_data;
            const std::size_t size = m_size;
            for (; k < count; ++k, position += bits)
            {
                auto byte = static_cast<std::size_t>(position >> 3);
                if (byte + 8 > size)
                {
                    break;
                }
                uint64_t be;
                std::memcpy(&be, data + byte, 8);
                uint64_t v = (__builtin_bswap64(be) << (position & 7)) >> (64 - bits);
                out[k] = v;
                any |= v;
            }
        }
        for (; k < count; ++k, position += bits)
        {
            uint64_t v = Get(position, bits);
            out[k] = v;
            any |= v;
        }
        return any;
    }

    /**
     * \param bits field width, 0 to 64
     * \return the next field (from a cursor that starts at bit 0)
     */
    uint64_t Next(uint32_t bits)
    {
        uint64_t v = Get(m_position, bits);
        m_position += bits;
        return v;
    }

    /** \return the cursor (bit offset of the next field) */
    uint64_t GetPosition() const
    {
        return m_position;
    }

    /**
     * \param bits the exact length of the encoding in bits
     * \return true if the input has ceil(bits / 8) bytes and zero padding bits after \p bits
     */
    bool IsExactLength(uint64_t bits) const
    {
        if (static_cast<uint64_t>(m_size) != (bits + 7) / 8)
        {
            return false;
        }
        uint32_t padding = static_cast<uint32_t>(m_size * 8 - bits);
        return padding == 0 || (m_data[m_size - 1] & ((1U << padding) - 1)) == 0;
    }

  private:
    /**
     * \param position bit offset
     * \param bits 57 to 64
     * \return the field
     */
    uint64_t GetWide(uint64_t position, uint32_t bits) const
    {
        if (bits < 64)
        {
            return (Get(position, bits - 32) << 32) | Get(position + bits - 32, 32);
        }
        auto byte = static_cast<std::size_t>(position >> 3);
        auto shift = static_cast<uint32_t>(position & 7);
        if (shift == 0)
        {
            return Load(byte); // byte-aligned (every encoding's header is)
        }
        uint64_t next = byte + 8 < m_size ? m_data[byte + 8] : 0;
        return (Load(byte) << shift) | (next >> (8 - shift));
    }

    /**
     * \param byte an offset
     * \return 8 bytes from there, big-endian (zero beyond the end)
     */
    __attribute__((always_inline)) uint64_t Load(std::size_t byte) const
    {
        if (byte + 8 <= m_size)
        {
            uint64_t be;
            std::memcpy(&be, m_data + byte, 8);
            return __builtin_bswap64(be);
        }
        return LoadTail(byte);
    }

    /**
     * \param byte an offset less than 8 bytes before the end (or past it)
     * \return the bytes from there, zero-padded, big-endian
     */
    uint64_t LoadTail(std::size_t byte) const
    {
        if (m_size >= 8 && byte < m_size)
        {
            // The input's last 8 bytes, shifted so that byte comes first, zeros after the end.
            uint64_t be;
            std::memcpy(&be, m_data + m_size - 8, 8);
            return __builtin_bswap64(be) << (8 * (byte + 8 - m_size));
        }
        uint64_t v = 0;
        for (std::size_t i = 0; i < 8; ++i)
        {
            v = (v << 8) | (byte + i < m_size ? m_data[byte + i] : 0);
        }
        return v;
    }

    const uint8_t* m_data;   //!< input
    std::size_t m_size;      //!< its length
    uint64_t m_position = 0; //!< cursor for Next
};

} // namespace ns3

#endif /* CAUSAL_ORDER_H */
