/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causal-order.h"

#include "ns3/log.h"

#include <algorithm>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalOrder");

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

BitWriter::BitWriter(uint32_t expectedBits)
{
    m_bytes.reserve((static_cast<std::size_t>(expectedBits) + 7) / 8);
}

void
BitWriter::Write(uint64_t value, uint32_t bits)
{
    // Fill the current byte as far as possible at each step (at most 9 steps per field).
    while (bits > 0)
    {
        uint32_t used = m_bits % 8;
        if (used == 0)
        {
            m_bytes.push_back(0);
        }
        uint32_t room = 8 - used;
        uint32_t take = std::min(room, bits);
        auto chunk = static_cast<uint8_t>((value >> (bits - take)) & ((1U << take) - 1));
        m_bytes.back() |= static_cast<uint8_t>(chunk << (room - take));
        bits -= take;
        m_bits += take;
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

std::vector<uint8_t>
BitWriter::TakeBytes()
{
    m_bits = 0;
    return std::move(m_bytes);
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
    while (bits > 0)
    {
        uint32_t used = static_cast<uint32_t>(m_position % 8);
        uint32_t room = 8 - used;
        uint32_t take = std::min(room, bits);
        uint8_t byte = m_bytes[m_position / 8];
        uint64_t chunk = (byte >> (room - take)) & ((1U << take) - 1);
        v = (take == 64 ? 0 : (v << take)) | chunk;
        bits -= take;
        m_position += take;
    }
    value = v;
    return true;
}

uint64_t
BitReader::GetRemainingBits() const
{
    return static_cast<uint64_t>(m_size) * 8 - m_position;
}

} // namespace ns3
