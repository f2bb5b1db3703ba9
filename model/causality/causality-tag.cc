/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-tag.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityTag");

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
StampCarrier::SetMessageId(uint64_t id)
{
    m_messageId = id;
}

uint64_t
StampCarrier::GetMessageId() const
{
    return m_messageId;
}

void
StampCarrier::SetSource(uint32_t process)
{
    m_source = process;
}

uint32_t
StampCarrier::GetSource() const
{
    return m_source;
}

void
StampCarrier::SetStamp(const std::vector<uint8_t>& bytes)
{
    if (bytes.size() > 65535)
    {
        chronometry::ReportConfigError("causality stamp of " + std::to_string(bytes.size()) +
                                       " bytes is invalid; valid range: [0, 65535] bytes");
    }
    m_stamp = bytes;
}

const std::vector<uint8_t>&
StampCarrier::GetStamp() const
{
    return m_stamp;
}

} // namespace ns3
