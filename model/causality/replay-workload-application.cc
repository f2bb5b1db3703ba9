/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replay-workload-application.h"

#include "causality-stamper.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReplayWorkloadApplication");

NS_OBJECT_ENSURE_REGISTERED(ReplayWorkloadApplication);

TypeId
ReplayWorkloadApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ReplayWorkloadApplication")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<ReplayWorkloadApplication>()
            .AddAttribute("MessageRate",
                          "Messages per second to uniformly random peers (alpha).",
                          DoubleValue(20.0),
                          MakeDoubleAccessor(&ReplayWorkloadApplication::SetMessageRate,
                                             &ReplayWorkloadApplication::GetMessageRate),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e6, "msgs/s", false, true))
            .AddAttribute("LocalEventRate",
                          "Local events per second.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ReplayWorkloadApplication::SetLocalEventRate,
                                             &ReplayWorkloadApplication::GetLocalEventRate),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e6, "/s"))
            .AddAttribute("Poisson",
                          "Exponential gaps between actions (true) or fixed 1/rate (false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ReplayWorkloadApplication::m_poisson),
                          MakeBooleanChecker())
            .AddAttribute("PacketSize",
                          "UDP payload.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&ReplayWorkloadApplication::SetPacketSize,
                                               &ReplayWorkloadApplication::GetPacketSize),
                          chronometry::MakeUintegerRangeChecker(0, 1400, "bytes"))
            .AddAttribute("Port",
                          "UDP port of every process.",
                          UintegerValue(9),
                          MakeUintegerAccessor(&ReplayWorkloadApplication::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddTraceSource("Tx",
                            "A message was sent.",
                            MakeTraceSourceAccessor(&ReplayWorkloadApplication::m_txTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Rx",
                            "A message was received.",
                            MakeTraceSourceAccessor(&ReplayWorkloadApplication::m_rxTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

ReplayWorkloadApplication::ReplayWorkloadApplication()
    : m_messageRate(20.0),
      m_localRate(0.0),
      m_poisson(true),
      m_packetSize(64),
      m_port(9),
      m_self(0),
      m_sent(0),
      m_received(0)
{
    NS_LOG_FUNCTION(this);
    m_uniform = CreateObject<UniformRandomVariable>();
    m_exponential = CreateObject<ExponentialRandomVariable>();
}

ReplayWorkloadApplication::~ReplayWorkloadApplication() = default;

void
ReplayWorkloadApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_uniform = nullptr;
    m_exponential = nullptr;
    Application::DoDispose();
}

void
ReplayWorkloadApplication::SetMessageRate(double rate)
{
    chronometry::CheckAttributeValue(*this, "MessageRate", DoubleValue(rate));
    m_messageRate = rate;
}

double
ReplayWorkloadApplication::GetMessageRate() const
{
    return m_messageRate;
}

void
ReplayWorkloadApplication::SetLocalEventRate(double rate)
{
    chronometry::CheckAttributeValue(*this, "LocalEventRate", DoubleValue(rate));
    m_localRate = rate;
}

double
ReplayWorkloadApplication::GetLocalEventRate() const
{
    return m_localRate;
}

void
ReplayWorkloadApplication::SetPeers(const std::vector<Ipv4Address>& peers, uint32_t self)
{
    NS_LOG_FUNCTION(this << self);
    if (peers.size() < 2 || self >= peers.size())
    {
        chronometry::ReportConfigError(
            "ReplayWorkloadApplication::SetPeers: needs at least 2 processes and self below "
            "their number (got " +
            std::to_string(peers.size()) + " peers, self " + std::to_string(self) + ")");
    }
    m_peers = peers;
    m_self = self;
}

int64_t
ReplayWorkloadApplication::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_uniform->SetStream(stream);
    m_exponential->SetStream(stream + 1);
    return 2;
}

uint64_t
ReplayWorkloadApplication::GetSent() const
{
    NS_LOG_FUNCTION(this);
    return m_sent;
}

uint64_t
ReplayWorkloadApplication::GetReceived() const
{
    NS_LOG_FUNCTION(this);
    return m_received;
}

Time
ReplayWorkloadApplication::Gap(double rate)
{
    double mean = 1.0 / rate;
    return Seconds(m_poisson ? m_exponential->GetValue(mean, 0.0) : mean);
}

void
ReplayWorkloadApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_peers.empty())
    {
        chronometry::ReportConfigError("ReplayWorkloadApplication: SetPeers was not called");
    }
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&ReplayWorkloadApplication::Receive, this));
    // A random phase, so that fixed-interval nodes do not all fire together.
    m_sendEvent = Simulator::Schedule(Seconds(m_uniform->GetValue(0, 1.0 / m_messageRate)),
                                      &ReplayWorkloadApplication::Send,
                                      this);
    if (m_localRate > 0)
    {
        m_localEvent = Simulator::Schedule(Seconds(m_uniform->GetValue(0, 1.0 / m_localRate)),
                                           &ReplayWorkloadApplication::Local,
                                           this);
    }
}

void
ReplayWorkloadApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_sendEvent.Cancel();
    m_localEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
}

void
ReplayWorkloadApplication::Send()
{
    auto n = static_cast<uint32_t>(m_peers.size());
    auto to = static_cast<uint32_t>(m_uniform->GetInteger(0, n - 2));
    to += (to >= m_self) ? 1 : 0;
    Ptr<Packet> packet = Create<Packet>(m_packetSize);
    m_txTrace(packet);
    m_socket->SendTo(packet, 0, InetSocketAddress(m_peers[to], m_port));
    ++m_sent;
    m_sendEvent = Simulator::Schedule(Gap(m_messageRate), &ReplayWorkloadApplication::Send, this);
}

void
ReplayWorkloadApplication::Local()
{
    if (Ptr<CausalityStamper> stamper = GetNode()->GetObject<CausalityStamper>())
    {
        stamper->RecordLocalEvent();
    }
    m_localEvent = Simulator::Schedule(Gap(m_localRate), &ReplayWorkloadApplication::Local, this);
}

void
ReplayWorkloadApplication::Receive(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        ++m_received;
        m_rxTrace(packet);
    }
}

void
ReplayWorkloadApplication::SetPacketSize(uint32_t value)
{
    NS_LOG_FUNCTION(this << value);
    chronometry::CheckAttributeValue(*this, "PacketSize", UintegerValue(value));
    m_packetSize = value;
}

uint32_t
ReplayWorkloadApplication::GetPacketSize() const
{
    NS_LOG_FUNCTION(this);
    return m_packetSize;
}

} // namespace ns3
