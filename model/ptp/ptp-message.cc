/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-message.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpMessage");

namespace
{
constexpr size_t TLV_HEADER_SIZE = 4; //!< tlvType and lengthField

/** \brief Big-endian writer. */
struct Writer
{
    std::vector<uint8_t> b; //!< octets

    /**
     * \param v value
     * \param n octets, most significant first
     */
    void Put(uint64_t v, int n)
    {
        for (int i = n - 1; i >= 0; --i)
        {
            b.push_back(static_cast<uint8_t>(v >> (8 * i)));
        }
    }

    /** \param ts a valid timestamp (10 octets) */
    void Put(const PtpTimestamp& ts)
    {
        Put(ts.seconds, 6);
        Put(ts.nanoseconds, 4);
    }

    /** \param id a port identity (10 octets) */
    void Put(const PtpPortIdentity& id)
    {
        Put(id.clockIdentity, 8);
        Put(id.portNumber, 2);
    }
};

/** \brief Bounds-checked big-endian reader over [p, p + n). */
struct Reader
{
    const uint8_t* p; //!< data
    size_t n;         //!< length
    size_t pos{0};    //!< cursor

    /** \return octets left */
    size_t Left() const
    {
        return n - pos;
    }

    /**
     * \param k octets (the caller has checked Left() >= k)
     * \return the value
     */
    uint64_t Get(int k)
    {
        uint64_t v = 0;
        for (int i = 0; i < k; ++i)
        {
            v = (v << 8) | p[pos++];
        }
        return v;
    }

    /** \return a timestamp (10 octets, not validated) */
    PtpTimestamp GetTimestamp()
    {
        PtpTimestamp ts;
        ts.seconds = Get(6);
        ts.nanoseconds = static_cast<uint32_t>(Get(4));
        return ts;
    }

    /** \return a port identity (10 octets) */
    PtpPortIdentity GetPortIdentity()
    {
        PtpPortIdentity id;
        id.clockIdentity = Get(8);
        id.portNumber = static_cast<uint16_t>(Get(2));
        return id;
    }
};

/**
 * \param t a 4-bit message type value
 * \return whether it names a message type of the standard
 */
bool
IsKnownType(uint8_t t)
{
    return t <= 0x3 || (t >= 0x8 && t <= 0xD);
}

} // namespace

std::string
ToString(PtpMessageType type)
{
    switch (type)
    {
    case PtpMessageType::SYNC:
        return "Sync";
    case PtpMessageType::DELAY_REQ:
        return "Delay_Req";
    case PtpMessageType::PDELAY_REQ:
        return "Pdelay_Req";
    case PtpMessageType::PDELAY_RESP:
        return "Pdelay_Resp";
    case PtpMessageType::FOLLOW_UP:
        return "Follow_Up";
    case PtpMessageType::DELAY_RESP:
        return "Delay_Resp";
    case PtpMessageType::PDELAY_RESP_FOLLOW_UP:
        return "Pdelay_Resp_Follow_Up";
    case PtpMessageType::ANNOUNCE:
        return "Announce";
    case PtpMessageType::SIGNALING:
        return "Signaling";
    case PtpMessageType::MANAGEMENT:
        return "Management";
    }
    return "reserved";
}

bool
IsPtpEventMessage(PtpMessageType type)
{
    return static_cast<uint8_t>(type) <= 0x3;
}

uint16_t
PtpUdpPort(PtpMessageType type)
{
    return IsPtpEventMessage(type) ? 319 : 320;
}

bool
PtpCommonHeader::GetFlag(uint16_t flag) const
{
    return (flags & flag) != 0;
}

void
PtpCommonHeader::SetFlag(uint16_t flag, bool on)
{
    flags = on ? static_cast<uint16_t>(flags | flag) : static_cast<uint16_t>(flags & ~flag);
}

bool
PtpAnnounceBody::operator==(const PtpAnnounceBody& o) const
{
    return currentUtcOffset == o.currentUtcOffset &&
           grandmasterPriority1 == o.grandmasterPriority1 &&
           grandmasterClockQuality == o.grandmasterClockQuality &&
           grandmasterPriority2 == o.grandmasterPriority2 &&
           grandmasterIdentity == o.grandmasterIdentity && stepsRemoved == o.stepsRemoved &&
           timeSource == o.timeSource;
}

bool
PtpTlv::operator==(const PtpTlv& o) const
{
    return type == o.type && value == o.value;
}

int32_t
PtpFollowUpInformation::RateRatioToScaledOffset(double rateRatio)
{
    const double scaled = std::round((rateRatio - 1.0) * std::ldexp(1.0, 41));
    if (scaled >= static_cast<double>(std::numeric_limits<int32_t>::max()))
    {
        return std::numeric_limits<int32_t>::max();
    }
    if (scaled <= static_cast<double>(std::numeric_limits<int32_t>::min()))
    {
        return std::numeric_limits<int32_t>::min();
    }
    return static_cast<int32_t>(scaled);
}

double
PtpFollowUpInformation::ScaledOffsetToRateRatio(int32_t scaled)
{
    return 1.0 + std::ldexp(static_cast<double>(scaled), -41);
}

PtpTlv
PtpFollowUpInformation::ToTlv() const
{
    Writer w;
    w.Put(OUI, 3);
    w.Put(SUBTYPE, 3);
    w.Put(static_cast<uint32_t>(cumulativeScaledRateOffset), 4);
    w.Put(gmTimeBaseIndicator, 2);
    w.Put(static_cast<uint32_t>(lastGmPhaseChangeHigh), 4);
    w.Put(lastGmPhaseChangeLow, 8);
    w.Put(static_cast<uint32_t>(scaledLastGmFreqChange), 4);
    PtpTlv tlv;
    tlv.type = PtpTlv::ORGANIZATION_EXTENSION;
    tlv.value = std::move(w.b);
    return tlv;
}

bool
PtpFollowUpInformation::Matches(const PtpTlv& tlv)
{
    if (tlv.type != PtpTlv::ORGANIZATION_EXTENSION || tlv.value.size() < 6)
    {
        return false;
    }
    Reader r{tlv.value.data(), tlv.value.size()};
    return r.Get(3) == OUI && r.Get(3) == SUBTYPE;
}

bool
PtpFollowUpInformation::FromTlv(const PtpTlv& tlv, PtpFollowUpInformation& out)
{
    if (!Matches(tlv) || tlv.value.size() != LENGTH)
    {
        return false;
    }
    Reader r{tlv.value.data(), tlv.value.size()};
    r.Get(6);
    PtpFollowUpInformation info;
    info.cumulativeScaledRateOffset = static_cast<int32_t>(static_cast<uint32_t>(r.Get(4)));
    info.gmTimeBaseIndicator = static_cast<uint16_t>(r.Get(2));
    info.lastGmPhaseChangeHigh = static_cast<int32_t>(static_cast<uint32_t>(r.Get(4)));
    info.lastGmPhaseChangeLow = r.Get(8);
    info.scaledLastGmFreqChange = static_cast<int32_t>(static_cast<uint32_t>(r.Get(4)));
    out = info;
    return true;
}

bool
PtpFollowUpInformation::operator==(const PtpFollowUpInformation& o) const
{
    return cumulativeScaledRateOffset == o.cumulativeScaledRateOffset &&
           gmTimeBaseIndicator == o.gmTimeBaseIndicator &&
           lastGmPhaseChangeHigh == o.lastGmPhaseChangeHigh &&
           lastGmPhaseChangeLow == o.lastGmPhaseChangeLow &&
           scaledLastGmFreqChange == o.scaledLastGmFreqChange;
}

std::string
ToString(PtpDecodeStatus status)
{
    switch (status)
    {
    case PtpDecodeStatus::OK:
        return "ok";
    case PtpDecodeStatus::TRUNCATED:
        return "truncated";
    case PtpDecodeStatus::TRAILING_BYTES:
        return "trailing-bytes";
    case PtpDecodeStatus::BAD_VERSION:
        return "bad-version";
    case PtpDecodeStatus::UNKNOWN_TYPE:
        return "unknown-type";
    case PtpDecodeStatus::BAD_LENGTH:
        return "bad-length";
    case PtpDecodeStatus::BAD_TLV:
        return "bad-tlv";
    case PtpDecodeStatus::BAD_TIMESTAMP:
        return "bad-timestamp";
    case PtpDecodeStatus::STATUS_COUNT:
        break;
    }
    return "invalid-status";
}

PtpMessage
PtpMessage::Create(PtpMessageType type)
{
    PtpMessage m;
    m.header.messageType = type;
    switch (type)
    {
    case PtpMessageType::SYNC:
        m.header.controlField = 0;
        m.header.logMessageInterval = 0;
        break;
    case PtpMessageType::DELAY_REQ:
        m.header.controlField = 1;
        m.header.logMessageInterval = 0x7F;
        break;
    case PtpMessageType::FOLLOW_UP:
        m.header.controlField = 2;
        m.header.logMessageInterval = 0;
        break;
    case PtpMessageType::DELAY_RESP:
        m.header.controlField = 3;
        m.header.logMessageInterval = 0;
        break;
    case PtpMessageType::MANAGEMENT:
        m.header.controlField = 4;
        m.header.logMessageInterval = 0x7F;
        m.opaque.assign(4, 0); // hops, actionField, reserved (no management TLV)
        break;
    case PtpMessageType::ANNOUNCE:
        m.header.controlField = 5;
        m.header.logMessageInterval = 1;
        break;
    default: // Pdelay_*, Signaling
        m.header.controlField = 5;
        m.header.logMessageInterval = 0x7F;
        break;
    }
    return m;
}

size_t
PtpMessage::FixedSize(PtpMessageType type)
{
    switch (type)
    {
    case PtpMessageType::SYNC:
    case PtpMessageType::DELAY_REQ:
    case PtpMessageType::FOLLOW_UP:
    case PtpMessageType::SIGNALING:
        return 44;
    case PtpMessageType::DELAY_RESP:
    case PtpMessageType::PDELAY_REQ:
    case PtpMessageType::PDELAY_RESP:
    case PtpMessageType::PDELAY_RESP_FOLLOW_UP:
        return 54;
    case PtpMessageType::ANNOUNCE:
        return 64;
    case PtpMessageType::MANAGEMENT:
        return 48;
    }
    return PtpCommonHeader::SIZE;
}

size_t
PtpMessage::GetEncodedSize() const
{
    if (header.messageType == PtpMessageType::MANAGEMENT)
    {
        return PtpCommonHeader::SIZE + 10 + opaque.size();
    }
    size_t size = FixedSize(header.messageType);
    for (const auto& tlv : tlvs)
    {
        size += 4 + tlv.value.size();
    }
    return size;
}

std::vector<uint8_t>
PtpMessage::Encode() const
{
    const PtpMessageType type = header.messageType;
    const size_t size = GetEncodedSize();
    NS_ABORT_MSG_IF(size > 0xFFFF, "PtpMessage::Encode: " << size << " octets exceed 65535");
    NS_ABORT_MSG_UNLESS(timestamp.IsValid(),
                        "PtpMessage::Encode: invalid timestamp " << timestamp.ToString());
    NS_ABORT_MSG_IF(type == PtpMessageType::MANAGEMENT && opaque.size() < 4,
                    "PtpMessage::Encode: a Management message needs at least 4 octets after "
                    "targetPortIdentity");
    Writer w;
    w.b.reserve(size);
    w.Put(((header.majorSdoId & 0xF) << 4) | static_cast<uint8_t>(type), 1);
    w.Put(((header.minorVersionPtp & 0xF) << 4) | PtpCommonHeader::VERSION_PTP, 1);
    w.Put(size, 2);
    w.Put(header.domainNumber, 1);
    w.Put(header.minorSdoId, 1);
    w.Put(header.flags, 2);
    w.Put(static_cast<uint64_t>(header.correctionField), 8);
    w.Put(header.messageTypeSpecific, 4);
    w.Put(header.sourcePortIdentity);
    w.Put(header.sequenceId, 2);
    w.Put(header.controlField, 1);
    w.Put(static_cast<uint8_t>(header.logMessageInterval), 1);
    switch (type)
    {
    case PtpMessageType::SYNC:
    case PtpMessageType::DELAY_REQ:
    case PtpMessageType::FOLLOW_UP:
        w.Put(timestamp);
        break;
    case PtpMessageType::PDELAY_REQ:
        w.Put(timestamp);
        w.Put(0, 8);
        w.Put(0, 2);
        break;
    case PtpMessageType::DELAY_RESP:
    case PtpMessageType::PDELAY_RESP:
    case PtpMessageType::PDELAY_RESP_FOLLOW_UP:
        w.Put(timestamp);
        w.Put(portIdentity);
        break;
    case PtpMessageType::ANNOUNCE:
        w.Put(timestamp);
        w.Put(static_cast<uint16_t>(announce.currentUtcOffset), 2);
        w.Put(0, 1);
        w.Put(announce.grandmasterPriority1, 1);
        w.Put(announce.grandmasterClockQuality.clockClass, 1);
        w.Put(announce.grandmasterClockQuality.clockAccuracy, 1);
        w.Put(announce.grandmasterClockQuality.offsetScaledLogVariance, 2);
        w.Put(announce.grandmasterPriority2, 1);
        w.Put(announce.grandmasterIdentity, 8);
        w.Put(announce.stepsRemoved, 2);
        w.Put(announce.timeSource, 1);
        break;
    case PtpMessageType::SIGNALING:
        w.Put(portIdentity);
        break;
    case PtpMessageType::MANAGEMENT:
        w.Put(portIdentity);
        w.b.insert(w.b.end(), opaque.begin(), opaque.end());
        return w.b;
    }
    for (const auto& tlv : tlvs)
    {
        NS_ABORT_MSG_IF(tlv.value.size() > 0xFFFF,
                        "PtpMessage::Encode: TLV of " << tlv.value.size() << " octets");
        w.Put(tlv.type, 2);
        w.Put(tlv.value.size(), 2);
        w.b.insert(w.b.end(), tlv.value.begin(), tlv.value.end());
    }
    return w.b;
}

PtpDecodeStatus
PtpMessage::Decode(const uint8_t* data, size_t length, PtpMessage& out)
{
    if (data == nullptr || length < PtpCommonHeader::SIZE)
    {
        return PtpDecodeStatus::TRUNCATED;
    }
    Reader r{data, length};
    const auto first = static_cast<uint8_t>(r.Get(1));
    const auto second = static_cast<uint8_t>(r.Get(1));
    if ((second & 0xF) != PtpCommonHeader::VERSION_PTP)
    {
        return PtpDecodeStatus::BAD_VERSION;
    }
    if (!IsKnownType(first & 0xF))
    {
        return PtpDecodeStatus::UNKNOWN_TYPE;
    }
    const auto type = static_cast<PtpMessageType>(first & 0xF);
    const auto messageLength = static_cast<size_t>(r.Get(2));
    if (messageLength < FixedSize(type))
    {
        return PtpDecodeStatus::BAD_LENGTH;
    }
    if (messageLength > length)
    {
        return PtpDecodeStatus::TRUNCATED;
    }
    // As linuxptp's msg_post_recv: up to 3 octets after messageLength (an Ethernet pad) are
    // ignored, too short for a TLV; 4 or more would be read as one and refused.
    if (length - messageLength >= TLV_HEADER_SIZE)
    {
        return PtpDecodeStatus::TRAILING_BYTES;
    }
    length = r.n = messageLength;
    PtpMessage m;
    m.header.majorSdoId = first >> 4;
    m.header.messageType = type;
    m.header.minorVersionPtp = second >> 4;
    m.header.domainNumber = static_cast<uint8_t>(r.Get(1));
    m.header.minorSdoId = static_cast<uint8_t>(r.Get(1));
    m.header.flags = static_cast<uint16_t>(r.Get(2));
    m.header.correctionField = static_cast<int64_t>(r.Get(8));
    m.header.messageTypeSpecific = static_cast<uint32_t>(r.Get(4));
    m.header.sourcePortIdentity = r.GetPortIdentity();
    m.header.sequenceId = static_cast<uint16_t>(r.Get(2));
    m.header.controlField = static_cast<uint8_t>(r.Get(1));
    m.header.logMessageInterval = static_cast<int8_t>(static_cast<uint8_t>(r.Get(1)));
    // The fixed body fits: messageLength >= FixedSize(type) and messageLength == length.
    switch (type)
    {
    case PtpMessageType::SYNC:
    case PtpMessageType::DELAY_REQ:
    case PtpMessageType::FOLLOW_UP:
        m.timestamp = r.GetTimestamp();
        break;
    case PtpMessageType::PDELAY_REQ:
        m.timestamp = r.GetTimestamp();
        r.Get(8); // reserved
        r.Get(2);
        break;
    case PtpMessageType::DELAY_RESP:
    case PtpMessageType::PDELAY_RESP:
    case PtpMessageType::PDELAY_RESP_FOLLOW_UP:
        m.timestamp = r.GetTimestamp();
        m.portIdentity = r.GetPortIdentity();
        break;
    case PtpMessageType::ANNOUNCE:
        m.timestamp = r.GetTimestamp();
        m.announce.currentUtcOffset = static_cast<int16_t>(static_cast<uint16_t>(r.Get(2)));
        r.Get(1); // reserved
        m.announce.grandmasterPriority1 = static_cast<uint8_t>(r.Get(1));
        m.announce.grandmasterClockQuality.clockClass = static_cast<uint8_t>(r.Get(1));
        m.announce.grandmasterClockQuality.clockAccuracy = static_cast<uint8_t>(r.Get(1));
        m.announce.grandmasterClockQuality.offsetScaledLogVariance =
            static_cast<uint16_t>(r.Get(2));
        m.announce.grandmasterPriority2 = static_cast<uint8_t>(r.Get(1));
        m.announce.grandmasterIdentity = r.Get(8);
        m.announce.stepsRemoved = static_cast<uint16_t>(r.Get(2));
        m.announce.timeSource = static_cast<uint8_t>(r.Get(1));
        break;
    case PtpMessageType::SIGNALING:
        m.portIdentity = r.GetPortIdentity();
        break;
    case PtpMessageType::MANAGEMENT:
        m.portIdentity = r.GetPortIdentity();
        m.opaque.assign(data + r.pos, data + length);
        r.pos = length;
        break;
    }
    if (!m.timestamp.IsValid())
    {
        return PtpDecodeStatus::BAD_TIMESTAMP;
    }
    while (r.Left() > 0)
    {
        if (r.Left() < TLV_HEADER_SIZE)
        {
            return PtpDecodeStatus::BAD_TLV;
        }
        PtpTlv tlv;
        tlv.type = static_cast<uint16_t>(r.Get(2));
        const auto tlvLength = static_cast<size_t>(r.Get(2));
        // An odd lengthField is refused, as linuxptp's suffix_post_recv does (14.1.2: even).
        if (tlvLength > r.Left() || tlvLength % 2 != 0)
        {
            return PtpDecodeStatus::BAD_TLV;
        }
        tlv.value.assign(data + r.pos, data + r.pos + tlvLength);
        r.pos += tlvLength;
        if (type == PtpMessageType::FOLLOW_UP && PtpFollowUpInformation::Matches(tlv) &&
            tlv.value.size() != PtpFollowUpInformation::LENGTH)
        {
            return PtpDecodeStatus::BAD_TLV;
        }
        m.tlvs.push_back(std::move(tlv));
    }
    out = std::move(m);
    return PtpDecodeStatus::OK;
}

std::optional<PtpFollowUpInformation>
PtpMessage::GetFollowUpInformation() const
{
    for (const auto& tlv : tlvs)
    {
        PtpFollowUpInformation info;
        if (PtpFollowUpInformation::FromTlv(tlv, info))
        {
            return info;
        }
    }
    return std::nullopt;
}

std::string
PtpMessage::ToString() const
{
    std::ostringstream os;
    os << ns3::ToString(header.messageType) << " seq=" << header.sequenceId
       << " domain=" << unsigned(header.domainNumber)
       << " source=" << header.sourcePortIdentity.ToString()
       << " correction=" << ptp::ScaledNsToNs(header.correctionField) << "ns";
    if (header.messageType != PtpMessageType::SIGNALING &&
        header.messageType != PtpMessageType::MANAGEMENT)
    {
        os << " timestamp=" << timestamp.ToString();
    }
    if (header.messageType == PtpMessageType::ANNOUNCE)
    {
        os << " gm=" << PtpPortIdentity{announce.grandmasterIdentity, 0}.ToString()
           << " p1=" << unsigned(announce.grandmasterPriority1)
           << " class=" << unsigned(announce.grandmasterClockQuality.clockClass)
           << " steps=" << announce.stepsRemoved;
    }
    if (!tlvs.empty())
    {
        os << " tlvs=" << tlvs.size();
    }
    return os.str();
}

bool
PtpMessage::operator==(const PtpMessage& o) const
{
    const PtpCommonHeader& a = header;
    const PtpCommonHeader& b = o.header;
    if (a.majorSdoId != b.majorSdoId || a.messageType != b.messageType ||
        a.minorVersionPtp != b.minorVersionPtp || a.domainNumber != b.domainNumber ||
        a.minorSdoId != b.minorSdoId || a.flags != b.flags ||
        a.correctionField != b.correctionField || a.messageTypeSpecific != b.messageTypeSpecific ||
        a.sourcePortIdentity != b.sourcePortIdentity || a.sequenceId != b.sequenceId ||
        a.controlField != b.controlField || a.logMessageInterval != b.logMessageInterval)
    {
        return false;
    }
    const PtpMessageType type = a.messageType;
    const bool hasTimestamp =
        type != PtpMessageType::SIGNALING && type != PtpMessageType::MANAGEMENT;
    const bool hasPort = type == PtpMessageType::DELAY_RESP ||
                         type == PtpMessageType::PDELAY_RESP ||
                         type == PtpMessageType::PDELAY_RESP_FOLLOW_UP ||
                         type == PtpMessageType::SIGNALING || type == PtpMessageType::MANAGEMENT;
    if ((hasTimestamp && timestamp != o.timestamp) || (hasPort && portIdentity != o.portIdentity))
    {
        return false;
    }
    if (type == PtpMessageType::ANNOUNCE && !(announce == o.announce))
    {
        return false;
    }
    if (type == PtpMessageType::MANAGEMENT)
    {
        return opaque == o.opaque;
    }
    return tlvs == o.tlvs;
}

PtpDecodeStatus
PtpDecodeCounters::Decode(const uint8_t* data, size_t length, PtpMessage& out)
{
    const PtpDecodeStatus status = PtpMessage::Decode(data, length, out);
    ++m_counts[static_cast<size_t>(status)];
    NS_LOG_LOGIC("decode of " << length << " octets: " << ToString(status));
    return status;
}

uint64_t
PtpDecodeCounters::GetCount(PtpDecodeStatus status) const
{
    const auto i = static_cast<size_t>(status);
    return i < m_counts.size() ? m_counts[i] : 0;
}

uint64_t
PtpDecodeCounters::GetAccepted() const
{
    return m_counts[static_cast<size_t>(PtpDecodeStatus::OK)];
}

uint64_t
PtpDecodeCounters::GetRefused() const
{
    uint64_t n = 0;
    for (size_t i = 1; i < m_counts.size(); ++i)
    {
        n += m_counts[i];
    }
    return n;
}

void
PtpDecodeCounters::Reset()
{
    m_counts.fill(0);
}

} // namespace ns3
