/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-header.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityHeader");

NS_OBJECT_ENSURE_REGISTERED(CausalityHeader);

TypeId
CausalityHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CausalityHeader")
                            .SetParent<Header>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<CausalityHeader>();
    return tid;
}

TypeId
CausalityHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
CausalityHeader::GetSerializedSize() const
{
    return FIXED_SIZE + static_cast<uint32_t>(m_stamp.size());
}

void
CausalityHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU16(MAGIC);
    start.WriteHtonU64(m_messageId);
    start.WriteHtonU32(m_source);
    start.WriteHtonU16(static_cast<uint16_t>(m_stamp.size()));
    if (!m_stamp.empty())
    {
        start.Write(m_stamp.data(), static_cast<uint32_t>(m_stamp.size()));
    }
}

uint32_t
CausalityHeader::Deserialize(Buffer::Iterator start)
{
    // Callers Probe() first, so the magic and the length are known to be consistent.
    start.ReadNtohU16();
    m_messageId = start.ReadNtohU64();
    m_source = start.ReadNtohU32();
    uint16_t size = start.ReadNtohU16();
    m_stamp.resize(size);
    if (size > 0)
    {
        start.Read(m_stamp.data(), size);
    }
    return FIXED_SIZE + size;
}

void
CausalityHeader::Print(std::ostream& os) const
{
    os << "message=" << m_messageId << " source=" << m_source << " stampBytes=" << m_stamp.size();
}

bool
CausalityHeader::Probe(Ptr<const Packet> packet, bool& present)
{
    present = false;
    if (packet->GetSize() < FIXED_SIZE)
    {
        return false;
    }
    uint8_t fixed[FIXED_SIZE];
    packet->CopyData(fixed, FIXED_SIZE);
    present = ((uint16_t(fixed[0]) << 8) | fixed[1]) == MAGIC;
    uint32_t size = (uint32_t(fixed[14]) << 8) | fixed[15];
    return present && packet->GetSize() >= FIXED_SIZE + size;
}

} // namespace ns3
