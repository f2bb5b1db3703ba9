/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-header.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationHeader");
NS_OBJECT_ENSURE_REGISTERED(RelationHeader);

RelationHeader::RelationHeader() = default;

TypeId
RelationHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RelationHeader")
                            .SetParent<Header>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<RelationHeader>();
    return tid;
}

TypeId
RelationHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
RelationHeader::Print(std::ostream& os) const
{
    os << "kind=" << unsigned(kind) << " seq=" << seq << " origin=" << origin
       << " stamps=" << stamp[0] << "," << stamp[1] << "," << stamp[2];
}

uint32_t
RelationHeader::GetSerializedSize() const
{
    return 1 + 4 + 4 + 3 * 8;
}

void
RelationHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteU8(kind);
    start.WriteHtonU32(seq);
    start.WriteHtonU32(origin);
    for (auto s : stamp)
    {
        start.WriteHtonU64(s);
    }
}

uint32_t
RelationHeader::Deserialize(Buffer::Iterator start)
{
    if (start.GetRemainingSize() < GetSerializedSize())
    {
        m_valid = false;
        return 0;
    }
    kind = start.ReadU8();
    seq = start.ReadNtohU32();
    origin = start.ReadNtohU32();
    for (auto& s : stamp)
    {
        s = start.ReadNtohU64();
    }
    m_valid = kind >= PROBE_REQUEST && kind < KIND_END;
    return m_valid ? GetSerializedSize() : 0;
}

bool
RelationHeader::IsValid() const
{
    return m_valid;
}

} // namespace ns3
