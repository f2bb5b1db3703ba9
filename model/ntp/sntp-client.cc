/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sntp-client.h"

#include "ntp-on-wire.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/enum.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SntpClient");
NS_OBJECT_ENSURE_REGISTERED(SntpClient);

std::string
ToString(SntpStatus status)
{
    switch (status)
    {
    case SntpStatus::OK:
        return "ok";
    case SntpStatus::NO_REQUEST:
        return "no-request";
    case SntpStatus::NOT_SERVER:
        return "not-server";
    case SntpStatus::BAD_VERSION:
        return "bad-version";
    case SntpStatus::BOGUS:
        return "bogus";
    case SntpStatus::KISS_OF_DEATH:
        return "kiss-o'-death";
    case SntpStatus::UNSYNCHRONIZED:
        return "unsynchronized";
    case SntpStatus::BAD_STRATUM:
        return "bad-stratum";
    case SntpStatus::ZERO_TRANSMIT:
        return "zero-transmit";
    }
    return "invalid-status";
}

TypeId
SntpClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SntpClient")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<SntpClient>()
            .AddAttribute("OffsetMethod",
                          "How a reply's offset is computed: OnWire ([(T2 - T1) + (T3 - T4)] / "
                          "2, RFC 4330) or TransmitOnly (T3 - T4: the server's transmit time "
                          "taken as the arrival time).",
                          EnumValue(ON_WIRE),
                          chronometry::MakeEnumAccessorOf<OffsetMethod>(&SntpClient::m_method),
                          MakeEnumChecker(ON_WIRE, "OnWire", TRANSMIT_ONLY, "TransmitOnly"));
    return tid;
}

SntpClient::SntpClient()
    : m_method(ON_WIRE)
{
    NS_LOG_FUNCTION(this);
}

NtpMessage
SntpClient::MakeRequest(Time t1)
{
    NS_LOG_FUNCTION(this << t1);
    NtpMessage m;
    m.leap = NtpLeap::NOT_SYNC;
    m.version = ntp::VERSION;
    m.mode = NtpMode::CLIENT;
    m.stratum = 0;
    m.poll = 0;
    m.precision = 0;
    m.transmitTimestamp = NtpTimestamp::FromTime(t1);
    m_t1 = m.transmitTimestamp;
    m_outstanding = true;
    return m;
}

bool
SntpClient::IsOutstanding() const
{
    return m_outstanding;
}

SntpResult
SntpClient::ProcessReply(const NtpMessage& reply, Time t4)
{
    NS_LOG_FUNCTION(this << t4);
    SntpResult r;
    if (!m_outstanding)
    {
        r.status = SntpStatus::NO_REQUEST;
        return r;
    }
    if (reply.originTimestamp != m_t1)
    {
        r.status = SntpStatus::BOGUS; // not the reply to our request: keep waiting
        return r;
    }
    m_outstanding = false;
    SntpStatus status = SntpStatus::OK;
    if (reply.mode != NtpMode::SERVER)
    {
        status = SntpStatus::NOT_SERVER;
    }
    else if (reply.version != ntp::VERSION)
    {
        status = SntpStatus::BAD_VERSION;
    }
    else if (reply.stratum == 0)
    {
        status = SntpStatus::KISS_OF_DEATH;
        r.kissCode = reply.GetKissCode();
    }
    else if (reply.leap == NtpLeap::NOT_SYNC)
    {
        status = SntpStatus::UNSYNCHRONIZED;
    }
    else if (reply.stratum > 15)
    {
        status = SntpStatus::BAD_STRATUM;
    }
    else if (reply.transmitTimestamp.IsZero())
    {
        status = SntpStatus::ZERO_TRANSMIT;
    }
    r.status = status;
    if (status != SntpStatus::OK)
    {
        NS_LOG_LOGIC("refused: " << ToString(status));
        return r;
    }
    const NtpTimestamp t4ts = NtpTimestamp::FromTime(t4);
    const ntp::OnWireSample s = ntp::OnWire(reply, t4ts, Time(0), ntp::TOLERANCE);
    r.delay = s.delay;
    r.offset =
        m_method == ON_WIRE ? s.offset : NtpTimestamp::Difference(reply.transmitTimestamp, t4ts);
    r.action.state = ServoState::JUMP;
    r.action.step = true;
    r.action.stepBy = r.offset;
    return r;
}

} // namespace ns3
