/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-server.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpServer");
NS_OBJECT_ENSURE_REGISTERED(NtpServer);

std::string
ToString(NtpDropReason reason)
{
    switch (reason)
    {
    case NtpDropReason::MALFORMED:
        return "malformed";
    case NtpDropReason::KISS_OF_DEATH:
        return "kiss-o'-death";
    case NtpDropReason::WRONG_MODE:
        return "wrong-mode";
    case NtpDropReason::FOREIGN:
        return "foreign";
    case NtpDropReason::BOGUS:
        return "bogus";
    case NtpDropReason::UNSYNCHRONIZED:
        return "unsynchronized";
    case NtpDropReason::INVALID_HEADER:
        return "invalid-header";
    case NtpDropReason::COUNT:
        break;
    }
    return "unknown";
}

TypeId
NtpServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NtpServer")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<NtpServer>()
            .AddAttribute("Stratum",
                          "Stratum announced (1: a primary server on a reference clock; 2-15: "
                          "a server that says it is that far from one).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&NtpServer::m_stratum),
                          chronometry::MakeUintegerRangeChecker(1, ntp::MAXSTRAT - 1))
            .AddAttribute("RootDelay",
                          "Root Delay announced: the round trip to the primary reference.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NtpServer::m_rootDelay),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(16)))
            .AddAttribute("RootDispersion",
                          "Root Dispersion announced: the error bound of the server's clock "
                          "relative to the primary reference, besides half the root delay.",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&NtpServer::m_rootDispersion),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(16)))
            .AddAttribute("Precision",
                          "The resolution of the server's clock readings; the Precision field "
                          "carries its log2 (rounded).",
                          TimeValue(ntp::Log2ToTime(-20)),
                          MakeTimeAccessor(&NtpServer::m_precision),
                          chronometry::MakeTimeRangeChecker(NanoSeconds(1), Seconds(1)))
            .AddAttribute("Offset",
                          "Added to every timestamp the server sends: 0 for an honest server, "
                          "e.g. 100 ms for a falseticker (its root dispersion does not admit "
                          "it).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NtpServer::m_offset),
                          chronometry::MakeTimeRangeChecker(Seconds(-1000), Seconds(1000)))
            .AddAttribute("StartDate",
                          "The date at simulation time 0, as seconds since 1970-01-01 UTC: "
                          "timestamps carry the clock's time plus it (plus 2208988800 s from "
                          "1900), wrapped into their NTP era (RFC 5905 6; 2036-02-07 06:28:16 "
                          "starts era 1). Clients and servers of a run must agree. Default: "
                          "2026-01-01.",
                          TimeValue(Seconds(1767225600)),
                          MakeTimeAccessor(&NtpServer::m_startDate),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(6e9)))
            .AddAttribute("RateLimit",
                          "A fault: a client request that comes sooner than this after the "
                          "same source's previous request is answered with a RATE "
                          "kiss-o'-death (RFC 5905 7.4; ntpd's restrict limited kod, discard "
                          "minimum); 0: never.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NtpServer::m_rateLimit),
                          chronometry::MakeTimeRangeChecker(Time(0), Hours(48)))
            .AddAttribute("HeaderFault",
                          "A fault: None (correct replies), RootDistance (root delay / 2 + root "
                          "dispersion = 16 s, MAXDISP) or ReferenceTime (the Reference Timestamp "
                          "1 s after the Transmit Timestamp): replies a client must drop (RFC "
                          "5905 8, Appendix A.5.1.1).",
                          EnumValue(NO_FAULT),
                          chronometry::MakeEnumAccessorOf<HeaderFault>(&NtpServer::m_headerFault),
                          MakeEnumChecker(NO_FAULT,
                                          "None",
                                          ROOT_DISTANCE,
                                          "RootDistance",
                                          REFERENCE_TIME,
                                          "ReferenceTime"))
            .AddAttribute("Mitigation",
                          "The NTP algorithms whose ServerReply builds the replies (and whose "
                          "Tolerance grows the root dispersion); unset: a default one.",
                          PointerValue(),
                          MakePointerAccessor(&NtpServer::m_mitigation),
                          MakePointerChecker<NtpMitigation>())
            .AddTraceSource("Reply",
                            "A request was answered: (request, reply).",
                            MakeTraceSourceAccessor(&NtpServer::m_replyTrace),
                            "ns3::NtpServer::ReplyCallback")
            .AddTraceSource("Drop",
                            "A datagram was dropped: (reason).",
                            MakeTraceSourceAccessor(&NtpServer::m_dropTrace),
                            "ns3::NtpServer::DropCallback");
    return tid;
}

NtpServer::NtpServer()
    : m_stratum(1),
      m_rootDispersion(MicroSeconds(10)),
      m_precision(ntp::Log2ToTime(-20)),
      m_headerFault(NO_FAULT)
{
    NS_LOG_FUNCTION(this);
}

NtpServer::~NtpServer() = default;

Time
NtpServer::GetTimescaleOffset()
{
    return Seconds(ntp::UNIX_EPOCH_SECONDS) + Seconds(1767225600); // 2026-01-01
}

uint64_t
NtpServer::GetReplyCount() const
{
    return m_replies;
}

uint64_t
NtpServer::GetDropCount(NtpDropReason reason) const
{
    return reason < NtpDropReason::COUNT ? m_drops[static_cast<size_t>(reason)] : 0;
}

uint64_t
NtpServer::GetKissCount() const
{
    return m_kisses;
}

const NtpDecodeCounters&
NtpServer::GetDecodeCounters() const
{
    return m_decode;
}

void
NtpServer::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_clock = nullptr;
    m_mitigation = nullptr;
    Application::DoDispose();
}

void
NtpServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    const std::string where = "ns3::NtpServer on node " + std::to_string(node->GetId());
    m_clock = node->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(where + ": the node has no LocalClock; valid: a node "
                                               "with a clock (ClockHelper::Install)");
    }
    if (!m_mitigation)
    {
        m_mitigation = CreateObject<NtpMitigation>();
    }
    m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    if (m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT)) != 0)
    {
        chronometry::ReportConfigError(where + ": cannot bind UDP " + std::to_string(PORT) +
                                       " (another NTP application on the node?)");
    }
    m_socket->SetRecvCallback(MakeCallback(&NtpServer::Receive, this));
    m_reference = NtpTimestamp::FromTimeAnyEra(ReadClock());
}

void
NtpServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
}

Time
NtpServer::ReadClock() const
{
    return m_clock->GetLocalTime() + Seconds(ntp::UNIX_EPOCH_SECONDS) + m_startDate + m_offset;
}

void
NtpServer::Drop(NtpDropReason reason)
{
    ++m_drops[static_cast<size_t>(reason)];
    m_dropTrace(reason);
}

bool
NtpServer::TooSoon(const Address& from)
{
    if (!m_rateLimit.IsStrictlyPositive() || !InetSocketAddress::IsMatchingType(from))
    {
        return false;
    }
    // As ntpd's MRU list: every request, kissed or not, restarts its source's interval.
    const uint32_t source = InetSocketAddress::ConvertFrom(from).GetIpv4().Get();
    const Time now = Simulator::Now();
    auto it = m_lastRequest.find(source);
    const bool soon = it != m_lastRequest.end() && now - it->second < m_rateLimit;
    m_lastRequest[source] = now;
    return soon;
}

void
NtpServer::SpoilHeader(NtpMessage& reply) const
{
    if (m_headerFault == ROOT_DISTANCE)
    {
        reply.rootDelay = NtpShort::FromTime(Seconds(2));
        reply.rootDispersion = NtpShort::FromTime(Seconds(ntp::MAXDISP - 1));
    }
    else if (m_headerFault == REFERENCE_TIME)
    {
        // One second is 2^32 in the 64-bit timestamp (which wraps with its era).
        reply.referenceTimestamp =
            NtpTimestamp::FromRaw(reply.transmitTimestamp.ToRaw() + (uint64_t{1} << 32));
    }
}

void
NtpServer::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        const NtpTimestamp t2 = NtpTimestamp::FromTimeAnyEra(ReadClock());
        std::vector<uint8_t> bytes(packet->GetSize());
        packet->CopyData(bytes.data(), bytes.size());
        NtpMessage request;
        const NtpDecodeStatus status = m_decode.Decode(bytes.data(), bytes.size(), request);
        if (status == NtpDecodeStatus::KISS_OF_DEATH)
        {
            Drop(NtpDropReason::KISS_OF_DEATH);
            continue;
        }
        if (status != NtpDecodeStatus::OK)
        {
            Drop(NtpDropReason::MALFORMED);
            continue;
        }
        if (request.mode != NtpMode::CLIENT)
        {
            Drop(NtpDropReason::WRONG_MODE);
            continue;
        }
        NtpSystemVariables system;
        system.leap = NtpLeap::NO_WARNING;
        system.stratum = m_stratum;
        system.rootDelay = m_rootDelay;
        system.rootDispersion = m_rootDispersion;
        system.referenceId = m_stratum == 1 ? NtpMessage::MakeReferenceId("GPS") : 0x7f000001;
        system.time = Simulator::Now();
        const NtpTimestamp t3 = NtpTimestamp::FromTimeAnyEra(ReadClock());
        NtpMessage reply = m_mitigation->ServerReply(request,
                                                     system,
                                                     ntp::TimeToLog2(m_precision),
                                                     m_reference,
                                                     t2,
                                                     t3,
                                                     Simulator::Now());
        if (TooSoon(from))
        {
            // RFC 5905 7.4: a kiss carries stratum 0 and its code as the Reference ID; the
            // Origin Timestamp still answers the request (the client's check).
            reply.leap = NtpLeap::NOT_SYNC;
            reply.stratum = 0;
            reply.referenceId = NtpMessage::MakeReferenceId("RATE");
            ++m_kisses;
        }
        else
        {
            SpoilHeader(reply);
        }
        const std::vector<uint8_t> out = reply.Encode();
        socket->SendTo(Create<Packet>(out.data(), out.size()), 0, from);
        ++m_replies;
        m_replyTrace(request, reply);
    }
}

} // namespace ns3
