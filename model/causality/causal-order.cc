/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causal-order.h"

namespace ns3
{

std::string
ToString(CausalOrder order)
{
    switch (order)
    {
    case CausalOrder::BEFORE:
        return "before";
    case CausalOrder::AFTER:
        return "after";
    case CausalOrder::EQUAL:
        return "equal";
    case CausalOrder::CONCURRENT:
        return "concurrent";
    }
    return "unknown";
}

std::ostream&
operator<<(std::ostream& os, CausalOrder order)
{
    return os << ToString(order);
}

void
BitWriter::Write(uint64_t value, uint32_t bits)
{
    for (uint32_t i = bits; i-- > 0;)
    {
        if (m_bits % 8 == 0)
        {
            m_bytes.push_back(0);
        }
        if ((value >> i) & 1U)
        {
            m_bytes.back() |= static_cast<uint8_t>(0x80U >> (m_bits % 8));
        }
        ++m_bits;
    }
}

uint32_t
BitWriter::GetBitCount() const
{
    return m_bits;
}

const std::vector<uint8_t>&
BitWriter::GetBytes() const
{
    return m_bytes;
}

BitReader::BitReader(const uint8_t* bytes, std::size_t size)
    : m_bytes(bytes),
      m_size(size),
      m_position(0)
{
}

bool
BitReader::Read(uint32_t bits, uint64_t& value)
{
    if (bits > 64 || GetRemainingBits() < bits)
    {
        return false;
    }
    uint64_t v = 0;
    for (uint32_t i = 0; i < bits; ++i)
    {
        uint8_t byte = m_bytes[m_position / 8];
        v = (v << 1) | ((byte >> (7 - m_position % 8)) & 1U);
        ++m_position;
    }
    value = v;
    return true;
}

uint64_t
BitReader::GetRemainingBits() const
{
    return static_cast<uint64_t>(m_size) * 8 - m_position;
}

uint32_t
BitsFor(uint64_t x)
{
    uint32_t bits = 0;
    while (x > 0)
    {
        ++bits;
        x >>= 1;
    }
    return bits;
}

} // namespace ns3
