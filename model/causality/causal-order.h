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
 * reused (no allocation once it is large enough, no resize when the size repeats).
 */
class BitPacker
{
  public:
    /**
     * \param out receives exactly ceil(totalBits / 8) bytes at Finish()
     * \param totalBits the exact number of bits that will be written
     */
    BitPacker(std::vector<uint8_t>& out, uint64_t totalBits)
        : m_out(out),
          m_size(static_cast<std::size_t>((totalBits + 7) / 8))
    {
        if (m_size + 8 <= sizeof(m_buffer))
        {
            m_p = m_buffer; // short encodings: written with slack, copied at Finish
            m_end = m_buffer + sizeof(m_buffer);
        }
        else
        {
            out.resize(m_size);
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

    /** Deliver the bytes (the last one padded with zero bits) to the output. */
    void Finish()
    {
        if (m_size + 8 <= sizeof(m_buffer))
        {
            m_out.resize(m_size);
            uint8_t* to = m_out.data();
            if (m_size >= 8)
            {
                // 8-byte moves, the last one overlapping: no library call for short stamps
                std::size_t i = 0;
                for (; i + 8 <= m_size; i += 8)
                {
                    std::memcpy(to + i, m_buffer + i, 8);
                }
                std::memcpy(to + m_size - 8, m_buffer + m_size - 8, 8);
            }
            else
            {
                std::memcpy(to, m_buffer, m_size);
            }
        }
    }

  private:
    /**
     * \param value a field of 57 to 64 bits
     * \param bits its width
     */
    void PutWide(uint64_t value, uint32_t bits)
    {
        if (bits < 64)
        {
            Put(value >> 32, bits - 32);
            Put(value & 0xffffffffULL, 32);
            return;
        }
        // 64 bits: the pending bits, then the value's high bits fill exactly 8 bytes; the
        // value's low m_pending bits stay pending.
        uint64_t window = ((m_acc << 1) << (63 - m_pending)) | (value >> m_pending);
        Store(window);
        m_p += 8;
        m_acc = value;
        Store((m_acc << 1) << (63 - m_pending));
    }

    /** \param window 8 bytes to store big-endian at m_p (fewer near the end) */
    __attribute__((always_inline)) void Store(uint64_t window)
    {
        uint64_t be = __builtin_bswap64(window);
        if (m_end - m_p >= 8)
        {
            std::memcpy(m_p, &be, 8);
        }
        else
        {
            StoreTail(window);
        }
    }

    /** \param window stored byte by byte up to the end of the output */
    void StoreTail(uint64_t window)
    {
        for (int i = 0; i < 8 && m_p + i < m_end; ++i)
        {
            m_p[i] = static_cast<uint8_t>(window >> (56 - 8 * i));
        }
    }

    std::vector<uint8_t>& m_out; //!< output
    std::size_t m_size;          //!< bytes of the encoding
    uint8_t m_buffer[256];       //!< short encodings are written here first
    uint8_t* m_p;                //!< first byte not yet complete
    uint8_t* m_end;              //!< end of the writable bytes
    uint64_t m_acc = 0;          //!< the low m_pending bits are pending
    uint32_t m_pending = 0;      //!< bits not yet in a complete byte (0 to 7)
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
        uint64_t next = byte + 8 < m_size ? m_data[byte + 8] : 0;
        return (Load(byte) << shift) | (shift == 0 ? 0 : next >> (8 - shift));
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
