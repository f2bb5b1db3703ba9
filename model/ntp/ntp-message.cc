/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-message.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpMessage");

namespace
{

/**
 * \param out octets to append to
 * \param v value
 * \param n octets, most significant first
 */
void
Put(std::vector<uint8_t>& out, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; --i)
    {
        out.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
}

/**
 * \param p octets (at least n)
 * \param n octets to read, most significant first
 * \return the value
 */
uint64_t
Get(const uint8_t* p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; ++i)
    {
        v = (v << 8) | p[i];
    }
    return v;
}

} // namespace

std::string
ToString(NtpMode mode)
{
    switch (mode)
    {
    case NtpMode::RESERVED:
        return "reserved";
    case NtpMode::SYMMETRIC_ACTIVE:
        return "symmetric-active";
    case NtpMode::SYMMETRIC_PASSIVE:
        return "symmetric-passive";
    case NtpMode::CLIENT:
        return "client";
    case NtpMode::SERVER:
        return "server";
    case NtpMode::BROADCAST:
        return "broadcast";
    case NtpMode::CONTROL:
        return "control";
    case NtpMode::PRIVATE:
        return "private";
    }
    return "invalid-mode";
}

std::string
ToString(NtpDecodeStatus status)
{
    switch (status)
    {
    case NtpDecodeStatus::OK:
        return "ok";
    case NtpDecodeStatus::TRUNCATED:
        return "truncated";
    case NtpDecodeStatus::BAD_LENGTH:
        return "bad-length";
    case NtpDecodeStatus::BAD_VERSION:
        return "bad-version";
    case NtpDecodeStatus::BAD_MODE:
        return "bad-mode";
    case NtpDecodeStatus::BAD_STRATUM:
        return "bad-stratum";
    case NtpDecodeStatus::KISS_OF_DEATH:
        return "kiss-o'-death";
    case NtpDecodeStatus::STATUS_COUNT:
        break;
    }
    return "invalid-status";
}

bool
IsWellFormed(NtpDecodeStatus status)
{
    return status == NtpDecodeStatus::OK || status == NtpDecodeStatus::KISS_OF_DEATH;
}

size_t
NtpMessage::GetEncodedSize() const
{
    return HEADER_SIZE + trailer.size();
}

std::vector<uint8_t>
NtpMessage::Encode() const
{
    const auto li = static_cast<uint8_t>(leap);
    const auto m = static_cast<uint8_t>(mode);
    NS_ABORT_MSG_IF(li > 3 || version > 7 || m > 7,
                    "NtpMessage::Encode: leap " << unsigned(li) << ", version " << unsigned(version)
                                                << " or mode " << unsigned(m)
                                                << " beyond its bit field");
    NS_ABORT_MSG_IF(trailer.size() % 4 != 0,
                    "NtpMessage::Encode: a trailer of " << trailer.size()
                                                        << " octets is not whole 32-bit words");
    std::vector<uint8_t> out;
    out.reserve(GetEncodedSize());
    out.push_back(static_cast<uint8_t>((li << 6) | (version << 3) | m));
    out.push_back(stratum);
    out.push_back(static_cast<uint8_t>(poll));
    out.push_back(static_cast<uint8_t>(precision));
    Put(out, rootDelay.raw, 4);
    Put(out, rootDispersion.raw, 4);
    Put(out, referenceId, 4);
    for (const NtpTimestamp* ts :
         {&referenceTimestamp, &originTimestamp, &receiveTimestamp, &transmitTimestamp})
    {
        Put(out, ts->ToRaw(), 8);
    }
    out.insert(out.end(), trailer.begin(), trailer.end());
    return out;
}

NtpDecodeStatus
NtpMessage::Decode(const uint8_t* data, size_t length, NtpMessage& out)
{
    if (length < HEADER_SIZE || data == nullptr)
    {
        return NtpDecodeStatus::TRUNCATED;
    }
    if ((length - HEADER_SIZE) % 4 != 0)
    {
        return NtpDecodeStatus::BAD_LENGTH;
    }
    const uint8_t version = (data[0] >> 3) & 0x7;
    if (version < 1 || version > 4)
    {
        return NtpDecodeStatus::BAD_VERSION;
    }
    const auto mode = static_cast<NtpMode>(data[0] & 0x7);
    if (mode == NtpMode::RESERVED || mode == NtpMode::CONTROL || mode == NtpMode::PRIVATE)
    {
        return NtpDecodeStatus::BAD_MODE;
    }
    if (data[1] > ntp::MAXSTRAT)
    {
        return NtpDecodeStatus::BAD_STRATUM;
    }
    NtpMessage m;
    m.leap = static_cast<NtpLeap>(data[0] >> 6);
    m.version = version;
    m.mode = mode;
    m.stratum = data[1];
    m.poll = static_cast<int8_t>(data[2]);
    m.precision = static_cast<int8_t>(data[3]);
    m.rootDelay.raw = static_cast<uint32_t>(Get(data + 4, 4));
    m.rootDispersion.raw = static_cast<uint32_t>(Get(data + 8, 4));
    m.referenceId = static_cast<uint32_t>(Get(data + 12, 4));
    m.referenceTimestamp = NtpTimestamp::FromRaw(Get(data + 16, 8));
    m.originTimestamp = NtpTimestamp::FromRaw(Get(data + 24, 8));
    m.receiveTimestamp = NtpTimestamp::FromRaw(Get(data + 32, 8));
    m.transmitTimestamp = NtpTimestamp::FromRaw(Get(data + 40, 8));
    m.trailer.assign(data + HEADER_SIZE, data + length);
    const bool kod = m.IsKissOfDeath();
    out = std::move(m);
    return kod ? NtpDecodeStatus::KISS_OF_DEATH : NtpDecodeStatus::OK;
}

bool
NtpMessage::IsKissOfDeath() const
{
    return stratum == 0 && mode != NtpMode::CLIENT;
}

std::string
NtpMessage::GetKissCode() const
{
    std::string code;
    for (int shift = 24; shift >= 0; shift -= 8)
    {
        const auto c = static_cast<uint8_t>(referenceId >> shift);
        code.push_back(c >= 0x20 && c < 0x7F ? static_cast<char>(c) : (c == 0 ? '\0' : '.'));
    }
    while (!code.empty() && code.back() == '\0')
    {
        code.pop_back();
    }
    for (char& c : code)
    {
        c = c == '\0' ? '.' : c;
    }
    return code;
}

uint32_t
NtpMessage::MakeReferenceId(const std::string& code)
{
    uint32_t id = 0;
    for (size_t i = 0; i < 4; ++i)
    {
        id = (id << 8) | (i < code.size() ? static_cast<uint8_t>(code[i]) : 0U);
    }
    return id;
}

std::string
NtpMessage::ToString() const
{
    std::ostringstream os;
    os << "NTPv" << unsigned(version) << " " << ns3::ToString(mode) << " LI "
       << unsigned(static_cast<uint8_t>(leap)) << " stratum " << unsigned(stratum) << " poll "
       << int(poll) << " precision " << int(precision) << " rootdelay "
       << rootDelay.ToTime().As(Time::US) << " rootdisp " << rootDispersion.ToTime().As(Time::US)
       << " refid 0x" << std::hex << referenceId << std::dec << " org "
       << originTimestamp.ToString() << " rec " << receiveTimestamp.ToString() << " xmt "
       << transmitTimestamp.ToString();
    if (IsKissOfDeath())
    {
        os << " kiss " << GetKissCode();
    }
    if (!trailer.empty())
    {
        os << " +" << trailer.size() << " octets";
    }
    return os.str();
}

bool
NtpMessage::operator==(const NtpMessage& o) const
{
    return leap == o.leap && version == o.version && mode == o.mode && stratum == o.stratum &&
           poll == o.poll && precision == o.precision && rootDelay == o.rootDelay &&
           rootDispersion == o.rootDispersion && referenceId == o.referenceId &&
           referenceTimestamp == o.referenceTimestamp && originTimestamp == o.originTimestamp &&
           receiveTimestamp == o.receiveTimestamp && transmitTimestamp == o.transmitTimestamp &&
           trailer == o.trailer;
}

NtpDecodeStatus
NtpDecodeCounters::Decode(const uint8_t* data, size_t length, NtpMessage& out)
{
    const NtpDecodeStatus status = NtpMessage::Decode(data, length, out);
    ++m_counts[static_cast<size_t>(status)];
    return status;
}

uint64_t
NtpDecodeCounters::GetCount(NtpDecodeStatus status) const
{
    const auto i = static_cast<size_t>(status);
    return i < m_counts.size() ? m_counts[i] : 0;
}

uint64_t
NtpDecodeCounters::GetAccepted() const
{
    return GetCount(NtpDecodeStatus::OK);
}

uint64_t
NtpDecodeCounters::GetRefused() const
{
    uint64_t n = 0;
    for (size_t i = 0; i < m_counts.size(); ++i)
    {
        const auto s = static_cast<NtpDecodeStatus>(i);
        n += IsWellFormed(s) ? 0 : m_counts[i];
    }
    return n;
}

void
NtpDecodeCounters::Reset()
{
    m_counts.fill(0);
}

} // namespace ns3
