/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduling-header.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SchedulingHeader");

NS_OBJECT_ENSURE_REGISTERED(SchedulingHeader);

namespace
{
constexpr uint16_t MAGIC = 0x4f43; //!< 'O' 'C'
constexpr uint8_t VERSION = 1;     //!< wire version
} // namespace

SchedulingHeader::SchedulingHeader()
    : m_version(VERSION),
      m_type(SCHEDULE),
      m_id(0),
      m_flags(0),
      m_code(OK),
      m_time1(0),
      m_time2(0),
      m_wellFormed(true)
{
}

TypeId
SchedulingHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SchedulingHeader")
                            .SetParent<Header>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<SchedulingHeader>();
    return tid;
}

TypeId
SchedulingHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
SchedulingHeader::Print(std::ostream& os) const
{
    os << "type=" << unsigned(m_type) << " id=" << m_id << " flags=" << unsigned(m_flags)
       << " code=" << unsigned(m_code) << " t1=" << m_time1 << "ns t2=" << m_time2 << "ns";
}

uint32_t
SchedulingHeader::GetSerializedSize() const
{
    return SIZE;
}

void
SchedulingHeader::Serialize(Buffer::Iterator i) const
{
    i.WriteHtonU16(MAGIC);
    i.WriteU8(m_version);
    i.WriteU8(m_type);
    i.WriteHtonU32(m_id);
    i.WriteU8(m_flags);
    i.WriteU8(m_code);
    i.WriteHtonU16(0);
    i.WriteHtonU64(static_cast<uint64_t>(m_time1));
    i.WriteHtonU64(static_cast<uint64_t>(m_time2));
    i.WriteHtonU32(0);
}

uint32_t
SchedulingHeader::Deserialize(Buffer::Iterator i)
{
    // A short buffer is malformed (and nothing is read past its end, which ns-3's release
    // builds would not catch).
    if (i.GetRemainingSize() < SIZE)
    {
        m_wellFormed = false;
        return 0;
    }
    uint16_t magic = i.ReadNtohU16();
    m_version = i.ReadU8();
    m_type = i.ReadU8();
    m_id = i.ReadNtohU32();
    m_flags = i.ReadU8();
    m_code = i.ReadU8();
    uint16_t reserved = i.ReadNtohU16();
    m_time1 = static_cast<int64_t>(i.ReadNtohU64());
    m_time2 = static_cast<int64_t>(i.ReadNtohU64());
    uint32_t pad = i.ReadNtohU32();
    // Reserved and padding bytes must be zero in version 1, so that one message has exactly one
    // encoding (a sender using them is speaking another version).
    m_wellFormed = magic == MAGIC && m_version == VERSION && m_type >= SCHEDULE &&
                   m_type <= ERROR && m_code <= CANCELLED && (m_flags & ~PROBE) == 0 &&
                   reserved == 0 && pad == 0;
    return SIZE;
}

bool
SchedulingHeader::IsWellFormed() const
{
    return m_wellFormed;
}

void
SchedulingHeader::SetType(MessageType t)
{
    m_type = t;
}

SchedulingHeader::MessageType
SchedulingHeader::GetType() const
{
    return static_cast<MessageType>(m_type);
}

void
SchedulingHeader::SetRequestId(uint32_t id)
{
    m_id = id;
}

uint32_t
SchedulingHeader::GetRequestId() const
{
    return m_id;
}

void
SchedulingHeader::SetFlags(uint8_t flags)
{
    m_flags = flags;
}

uint8_t
SchedulingHeader::GetFlags() const
{
    return m_flags;
}

void
SchedulingHeader::SetCode(Code code)
{
    m_code = code;
}

SchedulingHeader::Code
SchedulingHeader::GetCode() const
{
    return static_cast<Code>(m_code);
}

void
SchedulingHeader::SetTime1(Time t)
{
    m_time1 = t.GetNanoSeconds();
}

Time
SchedulingHeader::GetTime1() const
{
    return NanoSeconds(m_time1);
}

void
SchedulingHeader::SetTime2(Time t)
{
    m_time2 = t.GetNanoSeconds();
}

Time
SchedulingHeader::GetTime2() const
{
    return NanoSeconds(m_time2);
}

} // namespace ns3
