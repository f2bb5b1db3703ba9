/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduled-operation-server.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScheduledOperationServer");

NS_OBJECT_ENSURE_REGISTERED(ScheduledOperationServer);

namespace
{

/**
 * \param from client address
 * \param id request id
 * \return a key unique per client and request
 */
uint64_t
Key(const Address& from, uint32_t id)
{
    uint64_t host = 0;
    if (InetSocketAddress::IsMatchingType(from))
    {
        host = InetSocketAddress::ConvertFrom(from).GetIpv4().Get();
    }
    return (host << 32) | id;
}

} // namespace

TypeId
ScheduledOperationServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScheduledOperationServer")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<ScheduledOperationServer>()
            .AddAttribute("Port",
                          "UDP port to listen on.",
                          UintegerValue(8300),
                          MakeUintegerAccessor(&ScheduledOperationServer::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("SchedMaxFuture",
                          "Requests with T_s later than local now + this are refused "
                          "(sched-max-future); valid range [0, 1 h].",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&ScheduledOperationServer::SetMaxFuture),
                          MakeTimeChecker())
            .AddAttribute("SchedMaxPast",
                          "Requests with T_s earlier than local now - this are refused; later "
                          "past times run at once (sched-max-past); valid range [0, 1 h].",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationServer::SetMaxPast),
                          MakeTimeChecker())
            .AddAttribute("ServiceModel",
                          "The ns3::ServiceTimeModel drawing each operation's duration.",
                          PointerValue(),
                          MakePointerAccessor(&ScheduledOperationServer::m_service),
                          MakePointerChecker<ServiceTimeModel>())
            .AddAttribute("AckLossProbability",
                          "Probability that the ACK notification of a real request is lost on "
                          "the way (failure injection for atomic commit); valid range [0, 1].",
                          DoubleValue(0),
                          MakeDoubleAccessor(&ScheduledOperationServer::SetAckLoss),
                          MakeDoubleChecker<double>())
            .AddAttribute("RefuseProbability",
                          "Probability that a real request is refused with an ERROR reply "
                          "(failure injection); valid range [0, 1].",
                          DoubleValue(0),
                          MakeDoubleAccessor(&ScheduledOperationServer::SetRefuse),
                          MakeDoubleChecker<double>())
            .AddTraceSource("OperationComplete",
                            "An operation completed (id, probe, T_s, true start, true end, T_e).",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_opTrace),
                            "ns3::ScheduledOperationServer::OperationCallback")
            .AddTraceSource("Rejected",
                            "A request was refused (id, code).",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_rejectTrace),
                            "ns3::ScheduledOperationServer::RejectCallback")
            .AddTraceSource("Cancelled",
                            "A pending operation was cancelled (id).",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_cancelTrace),
                            "ns3::ScheduledOperationServer::CancelCallback")
            .AddTraceSource("Malformed",
                            "A malformed packet was dropped.",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_malformedTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

ScheduledOperationServer::ScheduledOperationServer()
    : m_port(8300),
      m_maxFuture(Seconds(10)),
      m_maxPast(Seconds(1)),
      m_ackLoss(0),
      m_refuse(0),
      m_completed(0),
      m_committed(0),
      m_rejected(0),
      m_cancelled(0),
      m_malformed(0)
{
    m_coin = CreateObject<UniformRandomVariable>();
}

ScheduledOperationServer::~ScheduledOperationServer() = default;

void
ScheduledOperationServer::SetMaxFuture(Time t)
{
    chronometry::RequireTimeInRange("ns3::ScheduledOperationServer::SchedMaxFuture",
                                    t,
                                    Time(0),
                                    Hours(1));
    m_maxFuture = t;
}

void
ScheduledOperationServer::SetMaxPast(Time t)
{
    chronometry::RequireTimeInRange("ns3::ScheduledOperationServer::SchedMaxPast",
                                    t,
                                    Time(0),
                                    Hours(1));
    m_maxPast = t;
}

void
ScheduledOperationServer::SetAckLoss(double p)
{
    chronometry::RequireDoubleInRange("ns3::ScheduledOperationServer::AckLossProbability",
                                      p,
                                      0,
                                      1,
                                      "");
    m_ackLoss = p;
}

void
ScheduledOperationServer::SetRefuse(double p)
{
    chronometry::RequireDoubleInRange("ns3::ScheduledOperationServer::RefuseProbability",
                                      p,
                                      0,
                                      1,
                                      "");
    m_refuse = p;
}

uint64_t
ScheduledOperationServer::GetCompleted() const
{
    return m_completed;
}

uint64_t
ScheduledOperationServer::GetCommitted() const
{
    return m_committed;
}

uint64_t
ScheduledOperationServer::GetRejected() const
{
    return m_rejected;
}

uint64_t
ScheduledOperationServer::GetCancelled() const
{
    return m_cancelled;
}

uint64_t
ScheduledOperationServer::GetMalformed() const
{
    return m_malformed;
}

std::size_t
ScheduledOperationServer::GetPendingCount() const
{
    return m_pending.size();
}

int64_t
ScheduledOperationServer::AssignStreams(int64_t stream)
{
    m_coin->SetStream(stream);
    int64_t used = 1;
    if (m_service)
    {
        used += m_service->AssignStreams(stream + 1);
    }
    return used;
}

void
ScheduledOperationServer::DoInitialize()
{
    if (!m_service)
    {
        m_service = CreateObject<ServiceTimeModel>();
    }
    Application::DoInitialize();
}

void
ScheduledOperationServer::DoDispose()
{
    m_socket = nullptr;
    m_clock = nullptr;
    m_service = nullptr;
    m_pending.clear();
    Application::DoDispose();
}

void
ScheduledOperationServer::StartApplication()
{
    m_clock = GetNode()->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(
            "ns3::ScheduledOperationServer: the node has no LocalClock (install one with "
            "ClockHelper first)");
    }
    m_socket = Socket::CreateSocket(GetNode(), TypeId::LookupByName("ns3::UdpSocketFactory"));
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&ScheduledOperationServer::HandleRead, this));
}

void
ScheduledOperationServer::StopApplication()
{
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
    for (auto& [key, p] : m_pending)
    {
        m_clock->CancelLocalEvent(p.event);
    }
    m_pending.clear();
    for (auto& [key, event] : m_running)
    {
        event.Cancel();
    }
    m_running.clear();
}

void
ScheduledOperationServer::Send(const SchedulingHeader& h, const Address& to)
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(h);
    m_socket->SendTo(p, 0, to);
}

void
ScheduledOperationServer::HandleRead(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        SchedulingHeader h;
        if (packet->GetSize() != SchedulingHeader::SIZE)
        {
            ++m_malformed;
            m_malformedTrace(packet);
            continue;
        }
        packet->PeekHeader(h);
        if (!h.IsWellFormed() ||
            (h.GetType() != SchedulingHeader::SCHEDULE && h.GetType() != SchedulingHeader::CANCEL))
        {
            ++m_malformed;
            m_malformedTrace(packet);
            continue;
        }
        uint32_t id = h.GetRequestId();
        uint64_t key = Key(from, id);
        bool probe = h.GetFlags() & SchedulingHeader::PROBE;
        if (h.GetType() == SchedulingHeader::CANCEL)
        {
            SchedulingHeader reply;
            reply.SetType(SchedulingHeader::CANCEL_ACK);
            reply.SetRequestId(id);
            auto it = m_pending.find(key);
            if (it != m_pending.end() && m_clock->CancelLocalEvent(it->second.event))
            {
                m_pending.erase(it);
                ++m_cancelled;
                m_cancelTrace(id);
                reply.SetCode(SchedulingHeader::OK);
            }
            else
            {
                reply.SetCode(SchedulingHeader::NOT_PENDING);
            }
            Send(reply, from);
            continue;
        }
        Time ts = h.GetTime1();
        Time now = m_clock->GetLocalTime();
        SchedulingHeader reply;
        reply.SetRequestId(id);
        reply.SetFlags(h.GetFlags());
        reply.SetTime1(ts);
        SchedulingHeader::Code code = SchedulingHeader::OK;
        if (ts > now + m_maxFuture)
        {
            code = SchedulingHeader::TOO_FAR_FUTURE;
        }
        else if (ts < now - m_maxPast)
        {
            code = SchedulingHeader::TOO_FAR_PAST;
        }
        else if (!probe && m_refuse > 0 && m_coin->GetValue() < m_refuse)
        {
            code = SchedulingHeader::REFUSED;
        }
        if (code != SchedulingHeader::OK)
        {
            NS_LOG_INFO("refuse " << id << " code " << unsigned(code));
            ++m_rejected;
            m_rejectTrace(id, code);
            reply.SetType(SchedulingHeader::ERROR);
            reply.SetCode(code);
            Send(reply, from);
            continue;
        }
        Pending pending;
        pending.scheduled = ts;
        pending.probe = probe;
        pending.from = from;
        pending.event = m_clock->ScheduleAtLocal(ts, [this, key]() { Start(key); });
        m_pending[key] = pending;
        bool lost = !probe && m_ackLoss > 0 && m_coin->GetValue() < m_ackLoss;
        if (!lost)
        {
            reply.SetType(SchedulingHeader::ACK);
            reply.SetTime2(now);
            Send(reply, from);
        }
    }
}

void
ScheduledOperationServer::Start(uint64_t key)
{
    auto it = m_pending.find(key);
    NS_ASSERT(it != m_pending.end());
    Pending p = it->second;
    m_pending.erase(it);
    Time service = m_service->Sample();
    m_running[key] = Simulator::Schedule(service,
                                         &ScheduledOperationServer::Complete,
                                         this,
                                         key,
                                         p.probe,
                                         p.scheduled,
                                         Simulator::Now(),
                                         p.from);
}

void
ScheduledOperationServer::Complete(uint64_t key,
                                   bool probe,
                                   Time scheduled,
                                   Time trueStart,
                                   Address from)
{
    m_running.erase(key);
    uint32_t id = static_cast<uint32_t>(key & 0xffffffffu);
    Time te = m_clock->GetLocalTime();
    ++m_completed;
    if (!probe)
    {
        ++m_committed;
    }
    m_opTrace(id, probe, scheduled, trueStart, Simulator::Now(), te);
    SchedulingHeader reply;
    reply.SetType(SchedulingHeader::REPORT);
    reply.SetRequestId(id);
    reply.SetFlags(probe ? SchedulingHeader::PROBE : 0);
    reply.SetTime1(scheduled);
    reply.SetTime2(te);
    Send(reply, from);
}

} // namespace ns3
