/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CAUSAL_ORDER_H
#define CAUSAL_ORDER_H

#include <cstdint>
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
uint32_t BitsFor(uint64_t x);

} // namespace ns3

#endif /* CAUSAL_ORDER_H */
