/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-header.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpHeader");
NS_OBJECT_ENSURE_REGISTERED(NtpHeader);

NtpHeader::NtpHeader() = default;

NtpHeader::NtpHeader(const NtpMessage& message)
    : m_message(message)
{
}

TypeId
NtpHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NtpHeader")
                            .SetParent<Header>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<NtpHeader>();
    return tid;
}

TypeId
NtpHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
NtpHeader::Print(std::ostream& os) const
{
    os << m_message.ToString();
}

uint32_t
NtpHeader::GetSerializedSize() const
{
    return static_cast<uint32_t>(m_message.GetEncodedSize());
}

void
NtpHeader::Serialize(Buffer::Iterator start) const
{
    const std::vector<uint8_t> bytes = m_message.Encode();
    start.Write(bytes.data(), static_cast<uint32_t>(bytes.size()));
}

uint32_t
NtpHeader::Deserialize(Buffer::Iterator start)
{
    NS_LOG_FUNCTION(this);
    const uint32_t available = start.GetRemainingSize();
    std::vector<uint8_t> bytes(available);
    if (available > 0)
    {
        start.Read(bytes.data(), available);
    }
    NtpMessage message;
    m_status = NtpMessage::Decode(bytes.data(), bytes.size(), message);
    if (!IsWellFormed(m_status))
    {
        NS_LOG_LOGIC("refused: " << ToString(m_status));
        return 0;
    }
    m_message = std::move(message);
    return available;
}

const NtpMessage&
NtpHeader::GetMessage() const
{
    return m_message;
}

void
NtpHeader::SetMessage(const NtpMessage& message)
{
    m_message = message;
}

NtpDecodeStatus
NtpHeader::GetStatus() const
{
    return m_status;
}

} // namespace ns3
