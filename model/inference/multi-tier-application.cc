/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "multi-tier-application.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MultiTierApplication");
NS_OBJECT_ENSURE_REGISTERED(MultiTierApplication);

namespace
{

/** Message types on the wire. */
enum MessageType : uint8_t
{
    REQUEST = 1,      //!< client -> front-end
    CALL = 2,         //!< front-end -> back-end
    LOOKUP_CALL = 3,  //!< back-end -> lookup
    LOOKUP_REPLY = 4, //!< lookup -> back-end
    CALL_REPLY = 5,   //!< back-end -> front-end
    RESPONSE = 6      //!< front-end -> client
};

constexpr uint32_t kHeaderBytes = 9; //!< type + key

} // namespace

TypeId
MultiTierApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MultiTierApplication")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<MultiTierApplication>()
            .AddAttribute("Role",
                          "This node's role: Client, FrontEnd, Backend or Lookup.",
                          EnumValue(MultiTierApplication::CLIENT),
                          chronometry::MakeEnumAccessorOf<Role>(&MultiTierApplication::m_role),
                          MakeEnumChecker(MultiTierApplication::CLIENT,
                                          "Client",
                                          MultiTierApplication::FRONT_END,
                                          "FrontEnd",
                                          MultiTierApplication::BACKEND,
                                          "Backend",
                                          MultiTierApplication::LOOKUP,
                                          "Lookup"))
            .AddAttribute("RequestRate",
                          "Requests per second of a client (alpha).",
                          DoubleValue(10.0),
                          MakeDoubleAccessor(&MultiTierApplication::m_rate),
                          chronometry::MakeDoubleRangeChecker(0, 1e6, "/s", false, true))
            .AddAttribute("LastRequest",
                          "A client starts no request after this time (keep the application "
                          "running longer so late responses find an open socket and cause no "
                          "ICMP error, which would be an untracked message).",
                          TimeValue(Time::Max()),
                          MakeTimeAccessor(&MultiTierApplication::m_lastRequest),
                          chronometry::MakeTimeRangeChecker(Time(0), Time::Max()))
            .AddAttribute("Poisson",
                          "Exponential gaps between requests (true) or fixed 1/rate (false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MultiTierApplication::m_poisson),
                          MakeBooleanChecker())
            .AddAttribute("FanOut",
                          "Back-ends a front-end calls per request (at most the number of "
                          "back-ends, checked at initialization).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&MultiTierApplication::m_fanOut),
                          chronometry::MakeUintegerRangeChecker(1, 1000000, "back-ends"))
            .AddAttribute("LookupProbability",
                          "Probability that a back-end calls the lookup service.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&MultiTierApplication::m_lookupProbability),
                          chronometry::MakeDoubleRangeChecker(0, 1))
            .AddAttribute("ServiceTime",
                          "Service time of each step at this node, in seconds (drawn per step; "
                          "negative draws count as 0).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.002]"),
                          MakePointerAccessor(&MultiTierApplication::m_service),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ReplyServiceTime",
                          "Service time, in seconds, of a step that answers after a downstream "
                          "reply (a front-end after the last back-end reply, a back-end after "
                          "the lookup reply); null: ServiceTime.  Different from ServiceTime, it "
                          "gives a node's outgoing messages candidate parents with different "
                          "delays (the workload where the latest arrival and a per-parent-pair "
                          "delay model differ).",
                          PointerValue(),
                          MakePointerAccessor(&MultiTierApplication::m_replyService),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("PacketSize",
                          "UDP payload bytes.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&MultiTierApplication::m_packetSize),
                          chronometry::MakeUintegerRangeChecker(kHeaderBytes, 1400, "bytes"))
            .AddAttribute("Port",
                          "UDP port this node binds (a client's source port; replies go back "
                          "to the port a call came from).",
                          UintegerValue(7000),
                          MakeUintegerAccessor(&MultiTierApplication::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ServerPort",
                          "UDP port of the front-end, back-ends and lookup service this node "
                          "calls (their Port).",
                          UintegerValue(7000),
                          MakeUintegerAccessor(&MultiTierApplication::m_serverPort),
                          MakeUintegerChecker<uint16_t>())
            .AddTraceSource("Caused",
                            "A message was sent, with the message that caused it (0 if "
                            "spontaneous): the ground truth, kept out of the trace.",
                            MakeTraceSourceAccessor(&MultiTierApplication::m_causedTrace),
                            "ns3::MultiTierApplication::CausedCallback")
            .AddTraceSource("Ports",
                            "A message was sent from this UDP port to that one (what a packet "
                            "capture sees; the trace carries no ports otherwise).",
                            MakeTraceSourceAccessor(&MultiTierApplication::m_portsTrace),
                            "ns3::MultiTierApplication::PortsCallback")
            .AddTraceSource("Latency",
                            "A client's request completed after this true time.",
                            MakeTraceSourceAccessor(&MultiTierApplication::m_latencyTrace),
                            "ns3::Time::TracedCallback")
            .AddTraceSource("Malformed",
                            "A malformed payload was dropped.",
                            MakeTraceSourceAccessor(&MultiTierApplication::m_malformedTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

MultiTierApplication::MultiTierApplication()
    : m_role(CLIENT),
      m_rate(10),
      m_poisson(true),
      m_fanOut(1),
      m_lookupProbability(0.5),
      m_port(7000),
      m_serverPort(7000),
      m_packetSize(64),
      m_lastRequest(Time::Max()),
      m_peersSet(false),
      m_seq(0),
      m_sent(0),
      m_completed(0),
      m_malformed(0)
{
    NS_LOG_FUNCTION(this);
    m_uniform = CreateObject<UniformRandomVariable>();
    m_gap = CreateObject<ExponentialRandomVariable>();
}

MultiTierApplication::~MultiTierApplication() = default;

void
MultiTierApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_service = nullptr;
    m_replyService = nullptr;
    m_uniform = nullptr;
    m_gap = nullptr;
    Application::DoDispose();
}

void
MultiTierApplication::DoInitialize()
{
    if (!m_peersSet)
    {
        chronometry::ReportConfigError("MultiTierApplication: SetPeers was not called");
    }
    if (m_role == FRONT_END)
    {
        chronometry::RequireDoubleInRange("ns3::MultiTierApplication::FanOut",
                                          m_fanOut,
                                          1,
                                          std::max<double>(1, m_backends.size()),
                                          "back-ends");
        if (m_backends.empty())
        {
            chronometry::ReportConfigError("MultiTierApplication: a FrontEnd needs back-ends");
        }
    }
    Application::DoInitialize();
}

void
MultiTierApplication::SetPeers(Ipv4Address frontEnd,
                               const std::vector<Ipv4Address>& backends,
                               Ipv4Address lookup)
{
    NS_LOG_FUNCTION(this << frontEnd << lookup);
    m_frontEnd = frontEnd;
    m_backends = backends;
    m_lookup = lookup;
    m_peersSet = true;
}

int64_t
MultiTierApplication::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_uniform->SetStream(stream);
    m_gap->SetStream(stream + 1);
    m_service->SetStream(stream + 2);
    if (m_replyService)
    {
        // Only then a fourth stream, so runs without it keep their streams.
        m_replyService->SetStream(stream + 3);
        return 4;
    }
    return 3;
}

uint64_t
MultiTierApplication::GetSent() const
{
    NS_LOG_FUNCTION(this);
    return m_sent;
}

uint64_t
MultiTierApplication::GetCompleted() const
{
    NS_LOG_FUNCTION(this);
    return m_completed;
}

uint64_t
MultiTierApplication::GetMalformed() const
{
    NS_LOG_FUNCTION(this);
    return m_malformed;
}

void
MultiTierApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&MultiTierApplication::Receive, this));
    if (m_role == CLIENT)
    {
        m_requestEvent = Simulator::Schedule(Seconds(m_uniform->GetValue(0, 1.0 / m_rate)),
                                             &MultiTierApplication::NewRequest,
                                             this);
    }
}

void
MultiTierApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_requestEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
}

void
MultiTierApplication::NewRequest()
{
    uint64_t key = (static_cast<uint64_t>(GetNode()->GetId()) << 32) | m_seq++;
    m_started[key] = Simulator::Now();
    SendMessage(REQUEST, key, InetSocketAddress(m_frontEnd, m_serverPort), 0);
    Time gap = Seconds(m_poisson ? m_gap->GetValue(1.0 / m_rate, 0.0) : 1.0 / m_rate);
    if (Simulator::Now() + gap <= m_lastRequest)
    {
        m_requestEvent = Simulator::Schedule(gap, &MultiTierApplication::NewRequest, this);
    }
}

void
MultiTierApplication::SendMessage(uint8_t type, uint64_t key, InetSocketAddress to, uint64_t cause)
{
    std::vector<uint8_t> payload(m_packetSize, 0);
    payload[0] = type;
    std::memcpy(payload.data() + 1, &key, sizeof(key));
    Ptr<Packet> packet = Create<Packet>(payload.data(), payload.size());
    m_causedTrace(packet->GetUid() + 1, cause);
    m_portsTrace(packet->GetUid() + 1, m_port, to.GetPort());
    m_socket->SendTo(packet, 0, to);
    ++m_sent;
}

void
MultiTierApplication::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        uint64_t id = packet->GetUid() + 1;
        if (packet->GetSize() < kHeaderBytes || !InetSocketAddress::IsMatchingType(from))
        {
            ++m_malformed;
            m_malformedTrace(packet);
            continue;
        }
        uint8_t head[kHeaderBytes];
        packet->CopyData(head, kHeaderBytes);
        uint64_t key;
        std::memcpy(&key, head + 1, sizeof(key));
        Handle(head[0], key, InetSocketAddress::ConvertFrom(from), id);
    }
}

void
MultiTierApplication::Handle(uint8_t type, uint64_t key, InetSocketAddress from, uint64_t id)
{
    auto service = [this]() { return Seconds(std::max(0.0, m_service->GetValue())); };
    auto replyService = [this]() {
        Ptr<RandomVariableStream> v = m_replyService ? m_replyService : m_service;
        return Seconds(std::max(0.0, v->GetValue()));
    };
    auto later = [this](Time delay, uint8_t t, uint64_t k, InetSocketAddress to, uint64_t cause) {
        Simulator::Schedule(delay, &MultiTierApplication::SendMessage, this, t, k, to, cause);
    };
    bool ok = true;
    switch (m_role)
    {
    case CLIENT:
        ok = type == RESPONSE;
        if (ok)
        {
            auto it = m_started.find(key);
            if (it != m_started.end())
            {
                m_latencyTrace(Simulator::Now() - it->second);
                m_started.erase(it);
                ++m_completed;
            }
        }
        break;
    case FRONT_END:
        if (type == REQUEST)
        {
            // FanOut distinct back-ends, one service time for the dispatch.
            std::vector<Ipv4Address> pool = m_backends;
            m_pending.insert_or_assign(key, std::make_pair(from, m_fanOut));
            Time d = service();
            for (uint32_t k = 0; k < m_fanOut; ++k)
            {
                auto pick = static_cast<uint32_t>(m_uniform->GetInteger(0, pool.size() - 1));
                later(d, CALL, key, InetSocketAddress(pool[pick], m_serverPort), id);
                pool.erase(pool.begin() + pick);
            }
        }
        else if (type == CALL_REPLY)
        {
            auto it = m_pending.find(key);
            ok = it != m_pending.end();
            if (ok && --it->second.second == 0)
            {
                later(replyService(), RESPONSE, key, it->second.first, id);
                m_pending.erase(it);
            }
        }
        else
        {
            ok = false;
        }
        break;
    case BACKEND:
        if (type == CALL)
        {
            if (m_uniform->GetValue() < m_lookupProbability)
            {
                m_pending.insert_or_assign(key, std::make_pair(from, uint32_t{1}));
                later(service(), LOOKUP_CALL, key, InetSocketAddress(m_lookup, m_serverPort), id);
            }
            else
            {
                later(service(), CALL_REPLY, key, from, id);
            }
        }
        else if (type == LOOKUP_REPLY)
        {
            auto it = m_pending.find(key);
            ok = it != m_pending.end();
            if (ok)
            {
                later(replyService(), CALL_REPLY, key, it->second.first, id);
                m_pending.erase(it);
            }
        }
        else
        {
            ok = false;
        }
        break;
    case LOOKUP:
        ok = type == LOOKUP_CALL;
        if (ok)
        {
            later(service(), LOOKUP_REPLY, key, from, id);
        }
        break;
    }
    if (!ok)
    {
        ++m_malformed;
        NS_LOG_WARN("unexpected message type " << unsigned(type) << " at role " << m_role);
    }
}

void
MultiTierApplication::SetLastRequest(Time t)
{
    NS_LOG_FUNCTION(this << t);
    SetAttribute("LastRequest", TimeValue(t)); // validated by the attribute's checker
}

Time
MultiTierApplication::GetLastRequest() const
{
    NS_LOG_FUNCTION(this);
    return m_lastRequest;
}

} // namespace ns3
