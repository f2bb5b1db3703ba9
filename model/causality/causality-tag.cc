/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-tag.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(CausalityTag);

TypeId
CausalityTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CausalityTag")
                            .SetParent<Tag>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<CausalityTag>();
    return tid;
}

TypeId
CausalityTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
CausalityTag::GetSerializedSize() const
{
    return 8 + 4 + 4 + static_cast<uint32_t>(m_stamp.size());
}

void
CausalityTag::Serialize(TagBuffer i) const
{
    i.WriteU64(m_messageId);
    i.WriteU32(m_source);
    i.WriteU32(static_cast<uint32_t>(m_stamp.size()));
    if (!m_stamp.empty())
    {
        i.Write(m_stamp.data(), static_cast<uint32_t>(m_stamp.size()));
    }
}

void
CausalityTag::Deserialize(TagBuffer i)
{
    m_messageId = i.ReadU64();
    m_source = i.ReadU32();
    uint32_t size = i.ReadU32();
    m_stamp.resize(size);
    if (size > 0)
    {
        i.Read(m_stamp.data(), size);
    }
}

void
CausalityTag::Print(std::ostream& os) const
{
    os << "message=" << m_messageId << " source=" << m_source << " stampBytes=" << m_stamp.size();
}

void
CausalityTag::SetMessageId(uint64_t id)
{
    m_messageId = id;
}

uint64_t
CausalityTag::GetMessageId() const
{
    return m_messageId;
}

void
CausalityTag::SetSource(uint32_t process)
{
    m_source = process;
}

uint32_t
CausalityTag::GetSource() const
{
    return m_source;
}

void
CausalityTag::SetStamp(const std::vector<uint8_t>& bytes)
{
    m_stamp = bytes;
}

const std::vector<uint8_t>&
CausalityTag::GetStamp() const
{
    return m_stamp;
}

} // namespace ns3
