/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pipeline-application.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulated-tsc.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PipelineApplication");
NS_OBJECT_ENSURE_REGISTERED(PipelineApplication);

TypeId
PipelineApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PipelineApplication")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<PipelineApplication>()
            .AddAttribute("Role",
                          "Stage role.",
                          EnumValue(PipelineApplication::SOURCE),
                          chronometry::MakeEnumAccessorOf<Role>(&PipelineApplication::m_role),
                          MakeEnumChecker(PipelineApplication::SOURCE,
                                          "Source",
                                          PipelineApplication::RELAY,
                                          "Relay",
                                          PipelineApplication::SINK,
                                          "Sink"))
            .AddAttribute("Port",
                          "UDP port of every stage.",
                          UintegerValue(9200),
                          MakeUintegerAccessor(&PipelineApplication::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Interval",
                          "Gap between tuples (source).",
                          TimeValue(MilliSeconds(5)),
                          MakeTimeAccessor(&PipelineApplication::m_interval),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Seconds(10)))
            .AddAttribute("IngressDelay",
                          "Delay between a packet's arrival and its handling (models one-way "
                          "delay asymmetry).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PipelineApplication::m_ingressDelay),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1)))
            .AddAttribute("PayloadSize",
                          "Tuple payload bytes beyond the 33-byte header.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&PipelineApplication::m_size),
                          chronometry::MakeUintegerRangeChecker(0, 1400, "bytes"))
            .AddAttribute("ReturnTrip",
                          "Sink sends ReTACKs to the source (ReT method).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&PipelineApplication::m_returnTrip),
                          MakeBooleanChecker())
            .AddAttribute("Processing",
                          "Relay processing time per tuple, in seconds.",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.0002|Bound=0.002]"),
                          MakePointerAccessor(&PipelineApplication::m_processing),
                          MakePointerChecker<RandomVariableStream>())
            .AddTraceSource("Event",
                            "A pipeline event: (tuple, kind, TSC value, true latch time).",
                            MakeTraceSourceAccessor(&PipelineApplication::m_eventTrace),
                            "ns3::PipelineApplication::EventCallback")
            .AddTraceSource("Malformed",
                            "A malformed packet was dropped.",
                            MakeTraceSourceAccessor(&PipelineApplication::m_malformedTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

PipelineApplication::PipelineApplication()
    : m_role(SOURCE),
      m_port(9200),
      m_interval(MilliSeconds(5)),
      m_size(100),
      m_returnTrip(true)
{
    NS_LOG_FUNCTION(this);
}

PipelineApplication::~PipelineApplication() = default;

void
PipelineApplication::SetNext(Ipv4Address next)
{
    NS_LOG_FUNCTION(this << next);
    m_next = next;
}

void
PipelineApplication::SetSource(Ipv4Address source)
{
    NS_LOG_FUNCTION(this << source);
    m_source = source;
}

uint64_t
PipelineApplication::GetMalformed() const
{
    NS_LOG_FUNCTION(this);
    return m_malformed;
}

uint32_t
PipelineApplication::GetCount() const
{
    NS_LOG_FUNCTION(this);
    return m_count;
}

int64_t
PipelineApplication::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_processing->SetStream(stream);
    return 1;
}

void
PipelineApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_tsc = nullptr;
    Application::DoDispose();
}

void
PipelineApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_tsc = GetNode()->GetObject<SimulatedTsc>();
    if (!m_tsc)
    {
        chronometry::ReportConfigError(
            "ns3::PipelineApplication: the node has no SimulatedTsc (install one with TscHelper)");
    }
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&PipelineApplication::HandleRead, this));
    if (m_role == SOURCE)
    {
        m_emit = Simulator::ScheduleNow(&PipelineApplication::Emit, this);
    }
}

void
PipelineApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    Simulator::Cancel(m_emit);
    // keep receiving: tuples in flight still reach the sink and ReTACKs the source
}

uint64_t
PipelineApplication::Event(uint32_t tuple, uint8_t kind)
{
    uint64_t v = m_tsc->Read();
    m_eventTrace(tuple, kind, v, Simulator::Now() + m_tsc->GetReadCost());
    return v;
}

void
PipelineApplication::Send(const RelationHeader& h, const Address& to)
{
    Ptr<Packet> p = Create<Packet>(h.kind == RelationHeader::TUPLE ? m_size : 0);
    p->AddHeader(h);
    m_socket->SendTo(p, 0, to);
}

void
PipelineApplication::Emit()
{
    RelationHeader h;
    h.kind = RelationHeader::TUPLE;
    h.seq = m_count++;
    h.stamp[0] = Event(h.seq, EMIT);
    Send(h, InetSocketAddress(m_next, m_port));
    m_emit = Simulator::Schedule(m_interval, &PipelineApplication::Emit, this);
}

void
PipelineApplication::HandleRead(Ptr<Socket> socket)
{
    Address from;
    Ptr<Packet> p;
    while ((p = socket->RecvFrom(from)))
    {
        RelationHeader h;
        if (p->GetSize() < h.GetSerializedSize() || p->RemoveHeader(h) == 0 || !h.IsValid())
        {
            ++m_malformed;
            m_malformedTrace(p);
            continue;
        }
        Simulator::Schedule(m_ingressDelay, &PipelineApplication::Handle, this, h, from);
    }
}

void
PipelineApplication::Forward(RelationHeader h)
{
    h.stamp[1] = Event(h.seq, RELAY_OUT);
    Send(h, InetSocketAddress(m_next, m_port));
}

void
PipelineApplication::Handle(RelationHeader h, Address from)
{
    if (h.kind == RelationHeader::TUPLE && m_role == RELAY)
    {
        ++m_count;
        Event(h.seq, RELAY_IN);
        double s = std::max(0.0, m_processing->GetValue());
        Simulator::Schedule(Seconds(s), &PipelineApplication::Forward, this, h);
    }
    else if (h.kind == RelationHeader::TUPLE && m_role == SINK)
    {
        ++m_count;
        uint64_t end = Event(h.seq, SINK_IN);
        if (m_returnTrip)
        {
            RelationHeader ack = h;
            ack.kind = RelationHeader::RET_ACK;
            ack.stamp[2] = end;
            Send(ack, InetSocketAddress(m_source, m_port));
        }
    }
    else if (h.kind == RelationHeader::RET_ACK && m_role == SOURCE)
    {
        Event(h.seq, RET_ARRIVAL);
        RelationHeader echo = h;
        echo.kind = RelationHeader::RET_ECHO;
        Send(echo, from);
    }
    else if (h.kind == RelationHeader::RET_ECHO && m_role == SINK)
    {
        Event(h.seq, RET_RETURN);
    }
    else
    {
        ++m_malformed; // valid header, wrong stage
    }
}

void
PipelineApplication::SetPayloadSize(uint32_t value)
{
    NS_LOG_FUNCTION(this << value);
    SetAttribute("PayloadSize", UintegerValue(value)); // validated by the checker
}

uint32_t
PipelineApplication::GetPayloadSize() const
{
    NS_LOG_FUNCTION(this);
    return m_size;
}

} // namespace ns3
