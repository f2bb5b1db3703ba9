/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-header.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpHeader");
NS_OBJECT_ENSURE_REGISTERED(PtpHeader);

PtpHeader::PtpHeader() = default;

PtpHeader::PtpHeader(const PtpMessage& message)
    : m_message(message)
{
}

TypeId
PtpHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PtpHeader")
                            .SetParent<Header>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<PtpHeader>();
    return tid;
}

TypeId
PtpHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
PtpHeader::Print(std::ostream& os) const
{
    os << m_message.ToString();
}

uint32_t
PtpHeader::GetSerializedSize() const
{
    return static_cast<uint32_t>(m_message.GetEncodedSize());
}

void
PtpHeader::Serialize(Buffer::Iterator start) const
{
    const std::vector<uint8_t> bytes = m_message.Encode();
    start.Write(bytes.data(), static_cast<uint32_t>(bytes.size()));
}

uint32_t
PtpHeader::Deserialize(Buffer::Iterator start)
{
    NS_LOG_FUNCTION(this);
    const uint32_t available = start.GetRemainingSize();
    if (available < PtpCommonHeader::SIZE)
    {
        m_status = PtpDecodeStatus::TRUNCATED;
        return 0;
    }
    // messageLength is octets 2-3 of the common header.
    Buffer::Iterator peek = start;
    peek.Next(2);
    const uint32_t messageLength = peek.ReadNtohU16();
    const uint32_t take =
        std::min(available, std::max<uint32_t>(messageLength, PtpCommonHeader::SIZE));
    std::vector<uint8_t> bytes(take);
    start.Read(bytes.data(), take);
    PtpMessage message;
    m_status = PtpMessage::Decode(bytes.data(), bytes.size(), message);
    if (m_status != PtpDecodeStatus::OK)
    {
        NS_LOG_LOGIC("refused: " << ToString(m_status));
        return 0;
    }
    m_message = std::move(message);
    return take;
}

const PtpMessage&
PtpHeader::GetMessage() const
{
    return m_message;
}

void
PtpHeader::SetMessage(const PtpMessage& message)
{
    m_message = message;
}

PtpDecodeStatus
PtpHeader::GetStatus() const
{
    return m_status;
}

} // namespace ns3
