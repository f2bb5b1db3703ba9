/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduled-operation-client.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScheduledOperationClient");

NS_OBJECT_ENSURE_REGISTERED(ScheduledOperationClient);

namespace
{
/** The predictor kinds in index order. */
constexpr std::array<EtePredictorKind, 4> KINDS{EtePredictorKind::BASELINE,
                                                EtePredictorKind::AVERAGE,
                                                EtePredictorKind::FT_AVERAGE,
                                                EtePredictorKind::KALMAN};
} // namespace

TypeId
ScheduledOperationClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScheduledOperationClient")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<ScheduledOperationClient>()
            .AddAttribute("Port",
                          "Local UDP port (0: any).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ScheduledOperationClient::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Predictor",
                          "ETE predictor used to schedule: Baseline, Average, FtAverage, Kalman.",
                          StringValue("FtAverage"),
                          MakeStringAccessor(&ScheduledOperationClient::SetPredictorName,
                                             &ScheduledOperationClient::GetPredictorName),
                          MakeStringChecker())
            .AddAttribute("Window",
                          "N, the number of samples the predictors use (and the burst size); "
                          "valid range [1, 4096].",
                          UintegerValue(8),
                          MakeUintegerAccessor(&ScheduledOperationClient::SetWindow),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "ProbeMode",
                "None, Periodic (a probe every ProbePeriod) or Burst (N probes per "
                "operation).",
                EnumValue(PROBE_PERIODIC),
                chronometry::MakeEnumAccessorOf<ProbeMode>(&ScheduledOperationClient::m_probeMode),
                MakeEnumChecker(PROBE_NONE,
                                "None",
                                PROBE_PERIODIC,
                                "Periodic",
                                PROBE_BURST,
                                "Burst"))
            .AddAttribute("ProbePeriod",
                          "Period of periodic probing; valid range [1 ms, 1 h].",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_probePeriod),
                          MakeTimeChecker())
            .AddAttribute("BurstInterval",
                          "Spacing of the probes of a burst; valid range [1 us, 10 s].",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_burstInterval),
                          MakeTimeChecker())
            .AddAttribute("OperationInterval",
                          "Time between two operations; valid range [1 ms, 1 h].",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_operationInterval),
                          MakeTimeChecker())
            .AddAttribute("OperationLead",
                          "T_d minus the time the operation is planned; valid range "
                          "[1 ms, 1 h].",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_operationLead),
                          MakeTimeChecker())
            .AddAttribute("DecisionLead",
                          "T_d minus the time the ETE is predicted; valid range (0, "
                          "OperationLead).",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_decisionLead),
                          MakeTimeChecker())
            .AddAttribute("SendAhead",
                          "A SCHEDULE leaves this long before T_s (covers the network delay "
                          "and the clock skew); valid range (0, DecisionLead).",
                          TimeValue(MilliSeconds(50)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_sendAhead),
                          MakeTimeChecker())
            .AddAttribute("MaxOperations",
                          "Stop planning after this many operations (0: no limit).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ScheduledOperationClient::m_maxOperations),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AtomicCommit",
                          "All-or-none: cancel everywhere if an ACK is missing at T_d - "
                          "CancelLead.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ScheduledOperationClient::m_atomic),
                          MakeBooleanChecker())
            .AddAttribute("CancelLead",
                          "Atomic commit: T_d minus the ACK deadline; valid range (0, "
                          "SendAhead). Must exceed ETE + delay + skew for cancels to arrive "
                          "before any server starts.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_cancelLead),
                          MakeTimeChecker())
            .AddTraceSource("Report",
                            "A real operation's report (server, id, T_d, T_s, predicted, T_e).",
                            MakeTraceSourceAccessor(&ScheduledOperationClient::m_reportTrace),
                            "ns3::ScheduledOperationClient::ReportCallback")
            .AddTraceSource("Malformed",
                            "A malformed packet was dropped.",
                            MakeTraceSourceAccessor(&ScheduledOperationClient::m_malformedTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

ScheduledOperationClient::ScheduledOperationClient()
    : m_port(0),
      m_kind(EtePredictorKind::FT_AVERAGE),
      m_window(8),
      m_probeMode(PROBE_PERIODIC),
      m_probePeriod(Seconds(1)),
      m_burstInterval(MilliSeconds(20)),
      m_operationInterval(Seconds(2)),
      m_operationLead(Seconds(1)),
      m_decisionLead(MilliSeconds(200)),
      m_sendAhead(MilliSeconds(50)),
      m_maxOperations(0),
      m_atomic(false),
      m_cancelLead(MilliSeconds(100)),
      m_nextId(1),
      m_operations(0),
      m_probeReports(0),
      m_malformed(0),
      m_aborts(0)
{
}

ScheduledOperationClient::~ScheduledOperationClient() = default;

void
ScheduledOperationClient::SetPredictorName(std::string name)
{
    m_kind = EtePredictorKindFromName(name, "ns3::ScheduledOperationClient::Predictor");
}

std::string
ScheduledOperationClient::GetPredictorName() const
{
    return EtePredictorKindName(m_kind);
}

void
ScheduledOperationClient::SetWindow(uint32_t n)
{
    chronometry::RequireDoubleInRange("ns3::ScheduledOperationClient::Window", n, 1, 4096, "");
    m_window = n;
}

void
ScheduledOperationClient::AddServer(const Address& address)
{
    Server s;
    s.address = address;
    m_servers.push_back(s);
}

const std::vector<ScheduledOperationRecord>&
ScheduledOperationClient::GetRecords() const
{
    return m_records;
}

uint64_t
ScheduledOperationClient::GetProbeReports() const
{
    return m_probeReports;
}

uint64_t
ScheduledOperationClient::GetMalformed() const
{
    return m_malformed;
}

uint64_t
ScheduledOperationClient::GetAborts() const
{
    return m_aborts;
}

void
ScheduledOperationClient::DoInitialize()
{
    const std::string n = "ns3::ScheduledOperationClient::";
    chronometry::RequireTimeInRange(n + "ProbePeriod", m_probePeriod, MilliSeconds(1), Hours(1));
    chronometry::RequireTimeInRange(n + "BurstInterval",
                                    m_burstInterval,
                                    MicroSeconds(1),
                                    Seconds(10));
    chronometry::RequireTimeInRange(n + "OperationInterval",
                                    m_operationInterval,
                                    MilliSeconds(1),
                                    Hours(1));
    chronometry::RequireTimeInRange(n + "OperationLead",
                                    m_operationLead,
                                    MilliSeconds(1),
                                    Hours(1));
    chronometry::RequireTimeInRange(n + "DecisionLead",
                                    m_decisionLead,
                                    Time(1),
                                    m_operationLead - Time(1));
    chronometry::RequireTimeInRange(n + "SendAhead",
                                    m_sendAhead,
                                    Time(1),
                                    m_decisionLead - Time(1));
    if (m_atomic)
    {
        chronometry::RequireTimeInRange(n + "CancelLead",
                                        m_cancelLead,
                                        Time(1),
                                        m_sendAhead - Time(1));
    }
    if (m_probeMode == PROBE_BURST)
    {
        Time burst = m_burstInterval * int64_t(m_window - 1) + m_sendAhead;
        if (m_operationLead - m_decisionLead <= burst)
        {
            chronometry::ReportConfigError(
                n + "OperationLead - DecisionLead must exceed (Window - 1) * BurstInterval + "
                    "SendAhead so that a burst's reports arrive before the decision");
        }
    }
    if (m_servers.empty())
    {
        chronometry::ReportConfigError(n + "AddServer: no server configured");
    }
    for (auto& s : m_servers)
    {
        s.predictors.clear();
        for (auto kind : KINDS)
        {
            s.predictors.emplace_back(kind, m_window);
        }
    }
    Application::DoInitialize();
}

void
ScheduledOperationClient::DoDispose()
{
    m_socket = nullptr;
    m_clock = nullptr;
    Application::DoDispose();
}

void
ScheduledOperationClient::StartApplication()
{
    m_clock = GetNode()->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(
            "ns3::ScheduledOperationClient: the node has no LocalClock (install one with "
            "ClockHelper first)");
    }
    m_socket = Socket::CreateSocket(GetNode(), TypeId::LookupByName("ns3::UdpSocketFactory"));
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&ScheduledOperationClient::HandleRead, this));
    if (m_probeMode == PROBE_PERIODIC)
    {
        ProbeAll();
    }
    m_planEvent = Simulator::Schedule(m_operationInterval / 2,
                                      &ScheduledOperationClient::PlanOperation,
                                      this);
}

void
ScheduledOperationClient::StopApplication()
{
    m_planEvent.Cancel();
    m_probeEvent.Cancel();
    for (auto& e : m_events)
    {
        e.Cancel();
    }
    for (auto id : m_localEvents)
    {
        m_clock->CancelLocalEvent(id);
    }
    m_localEvents.clear();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
}

void
ScheduledOperationClient::SendTo(uint32_t server, const SchedulingHeader& h)
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(h);
    m_socket->SendTo(p, 0, m_servers[server].address);
}

void
ScheduledOperationClient::ProbeAll()
{
    Time ts = m_clock->GetLocalTime() + m_sendAhead;
    for (uint32_t s = 0; s < m_servers.size(); ++s)
    {
        SchedulingHeader h;
        h.SetType(SchedulingHeader::SCHEDULE);
        h.SetFlags(SchedulingHeader::PROBE);
        h.SetRequestId(m_nextId);
        h.SetTime1(ts);
        m_probes[m_nextId++] = {s, ts};
        SendTo(s, h);
    }
    if (m_probeMode == PROBE_PERIODIC)
    {
        m_probeEvent =
            Simulator::Schedule(m_probePeriod, &ScheduledOperationClient::ProbeAll, this);
    }
}

void
ScheduledOperationClient::PlanOperation()
{
    if (m_maxOperations > 0 && m_operations >= m_maxOperations)
    {
        return;
    }
    uint32_t operation = m_operations++;
    Time desired = m_clock->GetLocalTime() + m_operationLead;
    for (uint32_t s = 0; s < m_servers.size(); ++s)
    {
        ScheduledOperationRecord r;
        r.operation = operation;
        r.server = s;
        r.id = m_nextId++;
        r.desired = desired;
        m_recordById[r.id] = m_records.size();
        m_records.push_back(r);
    }
    if (m_probeMode == PROBE_BURST)
    {
        for (auto& s : m_servers)
        {
            for (auto& p : s.predictors)
            {
                p.Reset();
            }
        }
        for (uint32_t i = 0; i < m_window; ++i)
        {
            m_events.push_back(
                Simulator::Schedule(m_burstInterval * int64_t(i), [this]() { ProbeAll(); }));
        }
    }
    m_localEvents.push_back(m_clock->ScheduleAtLocal(desired - m_decisionLead,
                                                     [this, operation]() { Decide(operation); }));
    m_planEvent =
        Simulator::Schedule(m_operationInterval, &ScheduledOperationClient::PlanOperation, this);
}

void
ScheduledOperationClient::Decide(uint32_t operation)
{
    for (std::size_t i = 0; i < m_records.size(); ++i)
    {
        auto& r = m_records[i];
        if (r.operation != operation)
        {
            continue;
        }
        auto& server = m_servers[r.server];
        for (std::size_t k = 0; k < KINDS.size(); ++k)
        {
            r.shadow[k] = server.predictors[k].Predict();
        }
        r.predicted = r.shadow[static_cast<std::size_t>(m_kind)];
        r.scheduled = r.desired - r.predicted;
        Time sendAt = r.scheduled - m_sendAhead;
        if (sendAt <= m_clock->GetLocalTime())
        {
            r.late = true;
        }
        m_localEvents.push_back(m_clock->ScheduleAtLocal(sendAt, [this, i]() { SendSchedule(i); }));
    }
    if (m_atomic)
    {
        Time desired;
        for (const auto& r : m_records)
        {
            if (r.operation == operation)
            {
                desired = r.desired;
            }
        }
        m_localEvents.push_back(
            m_clock->ScheduleAtLocal(desired - m_cancelLead,
                                     [this, operation]() { CheckCommit(operation); }));
    }
}

void
ScheduledOperationClient::SendSchedule(std::size_t index)
{
    auto& r = m_records[index];
    r.sentAt = m_clock->GetLocalTime();
    SchedulingHeader h;
    h.SetType(SchedulingHeader::SCHEDULE);
    h.SetRequestId(r.id);
    h.SetTime1(r.scheduled);
    SendTo(r.server, h);
}

void
ScheduledOperationClient::CheckCommit(uint32_t operation)
{
    bool all = true;
    for (const auto& r : m_records)
    {
        if (r.operation == operation && (!r.acked || r.error))
        {
            all = false;
        }
    }
    if (all)
    {
        return;
    }
    ++m_aborts;
    NS_LOG_INFO("atomic commit " << operation << ": an ACK is missing, cancel everywhere");
    for (auto& r : m_records)
    {
        if (r.operation == operation)
        {
            SchedulingHeader h;
            h.SetType(SchedulingHeader::CANCEL);
            h.SetRequestId(r.id);
            SendTo(r.server, h);
            r.cancelSent = true;
        }
    }
}

void
ScheduledOperationClient::HandleRead(Ptr<Socket> socket)
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
        if (!h.IsWellFormed() || h.GetType() == SchedulingHeader::SCHEDULE ||
            h.GetType() == SchedulingHeader::CANCEL)
        {
            ++m_malformed;
            m_malformedTrace(packet);
            continue;
        }
        uint32_t id = h.GetRequestId();
        auto probe = m_probes.find(id);
        if (probe != m_probes.end())
        {
            if (h.GetType() == SchedulingHeader::REPORT)
            {
                Time ete = h.GetTime2() - probe->second.second;
                for (auto& p : m_servers[probe->second.first].predictors)
                {
                    p.Update(ete);
                }
                ++m_probeReports;
                m_probes.erase(probe);
            }
            else if (h.GetType() == SchedulingHeader::ERROR)
            {
                m_probes.erase(probe);
            }
            continue;
        }
        auto it = m_recordById.find(id);
        if (it == m_recordById.end())
        {
            continue; // a late duplicate or an unknown id: nothing to do
        }
        auto& r = m_records[it->second];
        switch (h.GetType())
        {
        case SchedulingHeader::ACK:
            r.acked = true;
            break;
        case SchedulingHeader::ERROR:
            r.error = true;
            r.errorCode = h.GetCode();
            break;
        case SchedulingHeader::REPORT: {
            r.reported = true;
            r.completed = h.GetTime2();
            Time ete = r.completed - r.scheduled;
            for (auto& p : m_servers[r.server].predictors)
            {
                p.Update(ete);
            }
            m_reportTrace(r.server, r.id, r.desired, r.scheduled, r.predicted, r.completed);
            break;
        }
        default:
            break;
        }
    }
}

} // namespace ns3
