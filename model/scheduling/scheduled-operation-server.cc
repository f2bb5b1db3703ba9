/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduled-operation-server.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
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
                          "(sched-max-future).",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&ScheduledOperationServer::m_maxFuture),
                          chronometry::MakeTimeRangeChecker(Time(0), Hours(1)))
            .AddAttribute("SchedMaxPast",
                          "Requests with T_s earlier than local now - this are refused; later "
                          "past times run at once (sched-max-past).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationServer::m_maxPast),
                          chronometry::MakeTimeRangeChecker(Time(0), Hours(1)))
            .AddAttribute("ServiceModel",
                          "The ns3::ServiceTimeModel drawing each operation's duration.",
                          PointerValue(),
                          MakePointerAccessor(&ScheduledOperationServer::m_service),
                          MakePointerChecker<ServiceTimeModel>())
            .AddAttribute("RefuseProbability",
                          "Probability that the server refuses a real request with an ERROR "
                          "reply (REFUSED): the server's own decision, drawn per request. "
                          "Messages are lost by the network, not here: put an ns-3 ErrorModel "
                          "on the links (the scheduling study's LossRate).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&ScheduledOperationServer::m_refuse),
                          chronometry::MakeDoubleRangeChecker(0, 1))
            .AddAttribute("MeanTimeBetweenCrashes",
                          "Mean (exponential) up-time between random crashes; 0: the server "
                          "never crashes by itself (Crash() still works).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ScheduledOperationServer::SetMeanTimeBetweenCrashes,
                                           &ScheduledOperationServer::GetMeanTimeBetweenCrashes),
                          chronometry::MakeTimeRangeChecker(Time(0), Hours(10000)))
            .AddAttribute("Downtime",
                          "How long a crashed server stays down before it restarts.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationServer::m_downtime),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Hours(1)))
            .AddAttribute("PersistSchedule",
                          "Pending operations and remembered ids survive a crash (stored "
                          "durably); false: they are lost with the process.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ScheduledOperationServer::m_persist),
                          MakeBooleanChecker())
            .AddTraceSource("OperationComplete",
                            "An operation completed (id, probe, T_s, true start, true end, T_e).",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_opTrace),
                            "ns3::ScheduledOperationServer::OperationCallback")
            .AddTraceSource("OperationDetail",
                            "An operation completed, with local and true times and its service "
                            "draw (ScheduledOperationTruth).",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_detailTrace),
                            "ns3::ScheduledOperationServer::OperationDetailCallback")
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
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("UpDown",
                            "The server crashed (false) or restarted (true).",
                            MakeTraceSourceAccessor(&ScheduledOperationServer::m_upDownTrace),
                            "ns3::ScheduledOperationServer::UpDownCallback");
    return tid;
}

ScheduledOperationServer::ScheduledOperationServer()
    : m_port(8300),
      m_maxFuture(Seconds(10)),
      m_maxPast(Seconds(1)),
      m_refuse(0),
      m_meanTimeBetweenCrashes(0),
      m_downtime(Seconds(1)),
      m_persist(false),
      m_up(true),
      m_running(false)
{
    NS_LOG_FUNCTION(this);
    m_coin = CreateObject<UniformRandomVariable>();
}

ScheduledOperationServer::~ScheduledOperationServer() = default;

void
ScheduledOperationServer::SetMeanTimeBetweenCrashes(Time t)
{
    m_meanTimeBetweenCrashes = t;
    // Created only when used, so a server that never crashes keeps its stream numbering.
    if (t.IsStrictlyPositive() && !m_uptime)
    {
        m_uptime = CreateObject<ExponentialRandomVariable>();
        m_uptime->SetAttribute("Mean", DoubleValue(1.0));
    }
}

Time
ScheduledOperationServer::GetMeanTimeBetweenCrashes() const
{
    return m_meanTimeBetweenCrashes;
}

uint64_t
ScheduledOperationServer::GetCompleted() const
{
    NS_LOG_FUNCTION(this);
    return m_counters.completed;
}

uint64_t
ScheduledOperationServer::GetCommitted() const
{
    NS_LOG_FUNCTION(this);
    return m_counters.committed;
}

uint64_t
ScheduledOperationServer::GetRejected() const
{
    NS_LOG_FUNCTION(this);
    return m_counters.rejected;
}

uint64_t
ScheduledOperationServer::GetCancelled() const
{
    NS_LOG_FUNCTION(this);
    return m_counters.cancelled;
}

uint64_t
ScheduledOperationServer::GetMalformed() const
{
    NS_LOG_FUNCTION(this);
    return m_counters.malformed;
}

std::size_t
ScheduledOperationServer::GetPendingCount() const
{
    NS_LOG_FUNCTION(this);
    std::size_t n = 0;
    for (const auto& [key, op] : m_ops)
    {
        n += op.state == State::PENDING;
    }
    return n;
}

const ScheduledOperationServer::Counters&
ScheduledOperationServer::GetCounters() const
{
    NS_LOG_FUNCTION(this);
    return m_counters;
}

bool
ScheduledOperationServer::IsUp() const
{
    NS_LOG_FUNCTION(this);
    return m_up;
}

int64_t
ScheduledOperationServer::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_coin->SetStream(stream);
    int64_t used = 1;
    if (m_service)
    {
        used += m_service->AssignStreams(stream + 1);
    }
    if (m_uptime)
    {
        m_uptime->SetStream(stream + used);
        ++used;
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
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_clock = nullptr;
    m_service = nullptr;
    m_uptime = nullptr;
    m_ops.clear();
    Application::DoDispose();
}

bool
ScheduledOperationServer::Chance(double p)
{
    return p > 0 && m_coin->GetValue() < p;
}

void
ScheduledOperationServer::Open()
{
    m_socket = Socket::CreateSocket(GetNode(), TypeId::LookupByName("ns3::UdpSocketFactory"));
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&ScheduledOperationServer::HandleRead, this));
}

void
ScheduledOperationServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_clock = GetNode()->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(
            "ns3::ScheduledOperationServer: the node has no LocalClock (install one with "
            "ClockHelper first)");
    }
    m_running = true;
    m_up = true;
    Open();
    ScheduleCrash();
}

void
ScheduledOperationServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_crashEvent.Cancel();
    m_restartEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket = nullptr;
    }
    for (auto& [key, op] : m_ops)
    {
        if (op.state == State::PENDING && m_clock)
        {
            m_clock->CancelLocalEvent(op.event);
        }
        op.completion.Cancel();
    }
    m_ops.clear();
}

void
ScheduledOperationServer::ScheduleCrash()
{
    if (!m_meanTimeBetweenCrashes.IsStrictlyPositive() || !m_uptime)
    {
        return;
    }
    double ns = m_uptime->GetValue() * double(m_meanTimeBetweenCrashes.GetNanoSeconds());
    m_crashEvent = Simulator::Schedule(NanoSeconds(static_cast<int64_t>(ns)),
                                       &ScheduledOperationServer::Crash,
                                       this);
}

void
ScheduledOperationServer::Crash()
{
    NS_LOG_FUNCTION(this);
    if (!m_up || !m_running)
    {
        return;
    }
    m_up = false;
    ++m_counters.crashes;
    m_crashEvent.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket = nullptr;
    }
    for (auto it = m_ops.begin(); it != m_ops.end();)
    {
        Operation& op = it->second;
        bool erase = !m_persist;
        if (op.state == State::PENDING)
        {
            m_clock->CancelLocalEvent(op.event);
            if (!m_persist)
            {
                ++m_counters.forgotten;
            }
        }
        else if (op.state == State::RUNNING)
        {
            op.completion.Cancel();
            ++m_counters.interrupted;
            erase = true; // its work is lost either way; a copy of its SCHEDULE may run it again
        }
        it = erase ? m_ops.erase(it) : std::next(it);
    }
    m_upDownTrace(false);
    m_restartEvent = Simulator::Schedule(m_downtime, &ScheduledOperationServer::Restart, this);
}

void
ScheduledOperationServer::Restart()
{
    NS_LOG_FUNCTION(this);
    if (m_up || !m_running)
    {
        return;
    }
    m_up = true;
    Open();
    Time now = m_clock->GetLocalTime();
    for (auto it = m_ops.begin(); it != m_ops.end();)
    {
        Operation& op = it->second;
        if (op.state != State::PENDING)
        {
            ++it;
            continue;
        }
        uint64_t key = it->first;
        Time ts = op.truth.scheduled;
        if (ts < now - m_maxPast)
        {
            ++m_counters.expired;
            SchedulingHeader reply;
            reply.SetType(SchedulingHeader::ERROR);
            reply.SetCode(SchedulingHeader::TOO_FAR_PAST);
            reply.SetRequestId(op.truth.id);
            reply.SetFlags(op.truth.probe ? SchedulingHeader::PROBE : 0);
            reply.SetTime1(ts);
            Send(reply, op.from);
            it = m_ops.erase(it);
            continue;
        }
        op.truth.restarted = ts < now;
        op.event = m_clock->ScheduleAtLocal(ts, [this, key]() { Start(key); });
        ++it;
    }
    m_upDownTrace(true);
    ScheduleCrash();
}

void
ScheduledOperationServer::Send(const SchedulingHeader& h, const Address& to)
{
    if (!m_socket)
    {
        return;
    }
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(h);
    m_socket->SendTo(p, 0, to);
}

void
ScheduledOperationServer::Prune()
{
    Time horizon = m_clock->GetLocalTime() - m_maxPast;
    for (auto it = m_ops.begin(); it != m_ops.end();)
    {
        bool finished = it->second.state == State::DONE || it->second.state == State::CANCELLED;
        it = finished && it->second.truth.scheduled < horizon ? m_ops.erase(it) : std::next(it);
    }
}

void
ScheduledOperationServer::HandleRead(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        if (!m_up)
        {
            ++m_counters.lostWhileDown;
            continue;
        }
        SchedulingHeader h;
        if (packet->GetSize() != SchedulingHeader::SIZE)
        {
            ++m_counters.malformed;
            m_malformedTrace(packet);
            continue;
        }
        packet->PeekHeader(h);
        if (!h.IsWellFormed() ||
            (h.GetType() != SchedulingHeader::SCHEDULE && h.GetType() != SchedulingHeader::CANCEL))
        {
            ++m_counters.malformed;
            m_malformedTrace(packet);
            continue;
        }
        Prune();
        if (h.GetType() == SchedulingHeader::CANCEL)
        {
            HandleCancel(h, from);
        }
        else
        {
            HandleSchedule(h, from);
        }
    }
}

void
ScheduledOperationServer::HandleCancel(const SchedulingHeader& h, const Address& from)
{
    uint32_t id = h.GetRequestId();
    NS_LOG_FUNCTION(this << id);
    uint64_t key = Key(from, id);
    SchedulingHeader reply;
    reply.SetType(SchedulingHeader::CANCEL_ACK);
    reply.SetRequestId(id);
    reply.SetCode(SchedulingHeader::NOT_PENDING);
    auto it = m_ops.find(key);
    if (it == m_ops.end())
    {
        // Nothing known: remember the id so that a SCHEDULE still on its way (or a retry)
        // cannot run what the client has aborted.
        Operation op;
        op.state = State::CANCELLED;
        op.truth.id = id;
        op.truth.scheduled = h.GetTime1();
        op.from = from;
        m_ops[key] = op;
    }
    else if (it->second.state == State::PENDING && m_clock->CancelLocalEvent(it->second.event))
    {
        it->second.state = State::CANCELLED;
        ++m_counters.cancelled;
        m_cancelTrace(id);
        reply.SetCode(SchedulingHeader::OK);
    }
    else if (it->second.state == State::CANCELLED)
    {
        reply.SetCode(SchedulingHeader::OK); // a copy of a CANCEL already honoured
    }
    Send(reply, from);
}

void
ScheduledOperationServer::HandleSchedule(const SchedulingHeader& h, const Address& from)
{
    uint32_t id = h.GetRequestId();
    bool probe = h.GetFlags() & SchedulingHeader::PROBE;
    NS_LOG_FUNCTION(this << id << probe);
    uint64_t key = Key(from, id);
    Time ts = h.GetTime1();
    Time now = m_clock->GetLocalTime();
    SchedulingHeader reply;
    reply.SetRequestId(id);
    reply.SetFlags(h.GetFlags());
    reply.SetTime1(ts);
    auto known = m_ops.find(key);
    if (known != m_ops.end())
    {
        if (known->second.state == State::CANCELLED)
        {
            ++m_counters.rejected;
            m_rejectTrace(id, SchedulingHeader::CANCELLED);
            reply.SetType(SchedulingHeader::ERROR);
            reply.SetCode(SchedulingHeader::CANCELLED);
            Send(reply, from);
            return;
        }
        // A copy of an accepted request: acknowledge again, never run twice.
        ++m_counters.duplicates;
        reply.SetType(SchedulingHeader::ACK);
        reply.SetTime2(known->second.truth.receivedLocal);
        Send(reply, from);
        return;
    }
    SchedulingHeader::Code code = SchedulingHeader::OK;
    if (ts > now + m_maxFuture)
    {
        code = SchedulingHeader::TOO_FAR_FUTURE;
    }
    else if (ts < now - m_maxPast)
    {
        code = SchedulingHeader::TOO_FAR_PAST;
    }
    else if (!probe && Chance(m_refuse))
    {
        code = SchedulingHeader::REFUSED;
    }
    if (code != SchedulingHeader::OK)
    {
        NS_LOG_INFO("refuse " << id << " code " << unsigned(code));
        ++m_counters.rejected;
        m_rejectTrace(id, code);
        reply.SetType(SchedulingHeader::ERROR);
        reply.SetCode(code);
        Send(reply, from);
        return;
    }
    Operation op;
    op.truth.id = id;
    op.truth.probe = probe;
    op.truth.scheduled = ts;
    op.truth.receivedLocal = now;
    op.truth.arrivedLate = ts < now;
    op.from = from;
    if (op.truth.arrivedLate)
    {
        ++m_counters.lateArrivals;
    }
    op.event = m_clock->ScheduleAtLocal(ts, [this, key]() { Start(key); });
    m_ops[key] = op;
    reply.SetType(SchedulingHeader::ACK);
    reply.SetTime2(now);
    Send(reply, from);
}

void
ScheduledOperationServer::Start(uint64_t key)
{
    auto it = m_ops.find(key);
    NS_ASSERT(it != m_ops.end() && it->second.state == State::PENDING);
    Operation& op = it->second;
    op.state = State::RUNNING;
    op.truth.startLocal = m_clock->GetLocalTime();
    op.truth.trueStart = Simulator::Now();
    op.truth.service = m_service->Draw(Simulator::Now());
    op.completion =
        Simulator::Schedule(op.truth.service.total, &ScheduledOperationServer::Complete, this, key);
}

void
ScheduledOperationServer::Complete(uint64_t key)
{
    auto it = m_ops.find(key);
    NS_ASSERT(it != m_ops.end() && it->second.state == State::RUNNING);
    Operation& op = it->second;
    op.state = State::DONE;
    ScheduledOperationTruth& t = op.truth;
    t.endLocal = m_clock->GetLocalTime();
    t.trueEnd = Simulator::Now();
    ++m_counters.completed;
    if (!t.probe)
    {
        ++m_counters.committed;
    }
    m_opTrace(t.id, t.probe, t.scheduled, t.trueStart, t.trueEnd, t.endLocal);
    m_detailTrace(t);
    SchedulingHeader reply;
    reply.SetType(SchedulingHeader::REPORT);
    reply.SetRequestId(t.id);
    reply.SetFlags(t.probe ? SchedulingHeader::PROBE : 0);
    reply.SetTime1(t.startLocal);
    reply.SetTime2(t.endLocal);
    Send(reply, op.from);
}

} // namespace ns3
