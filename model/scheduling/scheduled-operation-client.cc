/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduled-operation-client.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
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

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScheduledOperationClient");

NS_OBJECT_ENSURE_REGISTERED(ScheduledOperationClient);

namespace
{
/** The paper's predictor kinds in index order. */
constexpr std::array<EtePredictorKind, 4> KINDS{EtePredictorKind::BASELINE,
                                                EtePredictorKind::AVERAGE,
                                                EtePredictorKind::FT_AVERAGE,
                                                EtePredictorKind::KALMAN};
/** The reference predictor kinds in index order. */
constexpr std::array<ReferencePredictorKind, 3> REFERENCES{ReferencePredictorKind::LAST_SAMPLE,
                                                           ReferencePredictorKind::WINDOW_MEDIAN,
                                                           ReferencePredictorKind::CALIBRATED};
} // namespace

std::vector<std::string>
ScheduledOperationClient::PredictorNames()
{
    NS_LOG_FUNCTION_NOARGS();
    std::vector<std::string> names;
    for (auto k : KINDS)
    {
        names.push_back(EtePredictorKindName(k));
    }
    for (auto k : REFERENCES)
    {
        names.push_back(ReferencePredictorKindName(k));
    }
    return names;
}

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
                          "ETE predictor used to schedule: the paper's Baseline, Average, "
                          "FtAverage, Kalman, or a reference: LastSample, WindowMedian, "
                          "Calibrated.",
                          StringValue("FtAverage"),
                          MakeStringAccessor(&ScheduledOperationClient::SetPredictorName,
                                             &ScheduledOperationClient::GetPredictorName),
                          chronometry::MakeStringChoiceChecker(PredictorNames()))
            .AddAttribute("Window",
                          "N, the number of samples the predictors use (and the burst size).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&ScheduledOperationClient::m_window),
                          chronometry::MakeUintegerRangeChecker(1, 4096, "samples"))
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
                          "Period of periodic probing.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_probePeriod),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("BurstInterval",
                          "Spacing of the probes of a burst.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_burstInterval),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Seconds(10)))
            .AddAttribute("OperationInterval",
                          "Time between two operations.",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_operationInterval),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("OperationLead",
                          "T_d minus the time the operation is planned.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_operationLead),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("DecisionLead",
                          "T_d minus the time the ETE is predicted; must be below "
                          "OperationLead.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_decisionLead),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(1)))
            .AddAttribute("SendAhead",
                          "A SCHEDULE leaves this long before T_s (covers the network delay "
                          "and the clock skew); must be below DecisionLead.",
                          TimeValue(MilliSeconds(50)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_sendAhead),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(1)))
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
                          "Atomic commit: T_d minus the ACK deadline; must be below SendAhead. "
                          "Must exceed ETE + delay + skew for cancels to arrive before any "
                          "server starts.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_cancelLead),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(1)))
            .AddAttribute("MaxRetries",
                          "Copies of an unanswered SCHEDULE (or unconfirmed CANCEL) sent "
                          "after the first, RetryTimeout apart (0: no retries).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ScheduledOperationClient::m_maxRetries),
                          chronometry::MakeUintegerRangeChecker(0, 16, "copies"))
            .AddAttribute("RetryTimeout",
                          "How long the client waits for an ACK (or CANCEL_ACK) before it "
                          "sends a copy.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&ScheduledOperationClient::m_retryTimeout),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Seconds(10)))
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
      m_active(2), // FtAverage
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
      m_maxRetries(0),
      m_retryTimeout(MilliSeconds(20)),
      m_nextId(1),
      m_operations(0),
      m_probeReports(0),
      m_malformed(0),
      m_aborts(0)
{
    NS_LOG_FUNCTION(this);
}

ScheduledOperationClient::~ScheduledOperationClient() = default;

void
ScheduledOperationClient::SetPredictorName(std::string name)
{
    // The attribute's checker has accepted the name.
    auto names = PredictorNames();
    auto it = std::find(names.begin(), names.end(), name);
    NS_ASSERT(it != names.end());
    m_active = static_cast<uint32_t>(it - names.begin());
}

std::string
ScheduledOperationClient::GetPredictorName() const
{
    return PredictorNames()[m_active];
}

void
ScheduledOperationClient::Server::Update(Time ete)
{
    for (auto& p : predictors)
    {
        p.Update(ete);
    }
    for (auto& r : references)
    {
        r.Update(ete);
    }
}

void
ScheduledOperationClient::Server::Reset()
{
    for (auto& p : predictors)
    {
        p.Reset();
    }
    for (auto& r : references)
    {
        r.Reset();
    }
}

void
ScheduledOperationClient::AddServer(const Address& address)
{
    NS_LOG_FUNCTION(this << address);
    Server s;
    s.address = address;
    m_servers.push_back(s);
}

const std::vector<ScheduledOperationRecord>&
ScheduledOperationClient::GetRecords() const
{
    NS_LOG_FUNCTION(this);
    return m_records;
}

uint64_t
ScheduledOperationClient::GetProbeReports() const
{
    NS_LOG_FUNCTION(this);
    return m_probeReports;
}

uint64_t
ScheduledOperationClient::GetMalformed() const
{
    NS_LOG_FUNCTION(this);
    return m_malformed;
}

uint64_t
ScheduledOperationClient::GetAborts() const
{
    NS_LOG_FUNCTION(this);
    return m_aborts;
}

ScheduledOperationSummary
ScheduledOperationClient::Summarize() const
{
    NS_LOG_FUNCTION(this);
    return SummarizeRecords(m_records);
}

void
ScheduledOperationClient::DoInitialize()
{
    // Single values are checked by the attributes' checkers; what is left are relations.
    const std::string n = "ns3::ScheduledOperationClient::";
    chronometry::RequireTimeInRange(n + "DecisionLead",
                                    m_decisionLead,
                                    Time::From(1),
                                    m_operationLead - Time::From(1));
    chronometry::RequireTimeInRange(n + "SendAhead",
                                    m_sendAhead,
                                    Time::From(1),
                                    m_decisionLead - Time::From(1));
    if (m_atomic)
    {
        chronometry::RequireTimeInRange(n + "CancelLead",
                                        m_cancelLead,
                                        Time::From(1),
                                        m_sendAhead - Time::From(1));
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
        s.references.clear();
        for (auto kind : KINDS)
        {
            s.predictors.emplace_back(kind, m_window);
        }
        for (auto kind : REFERENCES)
        {
            s.references.emplace_back(kind, m_window);
        }
    }
    Application::DoInitialize();
}

void
ScheduledOperationClient::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_clock = nullptr;
    Application::DoDispose();
}

void
ScheduledOperationClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
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
    NS_LOG_FUNCTION(this);
    m_planEvent.Cancel();
    m_probeEvent.Cancel();
    for (auto& e : m_events)
    {
        e.Cancel();
    }
    for (auto& [record, e] : m_retryEvents)
    {
        e.Cancel();
    }
    m_retryEvents.clear();
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
    NS_LOG_FUNCTION(this << operation << desired);
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
            s.Reset();
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
    NS_LOG_FUNCTION(this << operation);
    Time desired;
    // The records of an operation are contiguous: one per server, in server order.
    std::size_t first = std::size_t(operation) * m_servers.size();
    for (std::size_t i = first; i < first + m_servers.size(); ++i)
    {
        auto& r = m_records[i];
        NS_ASSERT(r.operation == operation);
        auto& server = m_servers[r.server];
        for (std::size_t k = 0; k < KINDS.size(); ++k)
        {
            r.shadow[k] = server.predictors[k].Predict();
        }
        for (std::size_t k = 0; k < REFERENCES.size(); ++k)
        {
            r.reference[k] = server.references[k].Predict();
        }
        r.predicted =
            m_active < KINDS.size() ? r.shadow[m_active] : r.reference[m_active - KINDS.size()];
        r.scheduled = r.desired - r.predicted;
        desired = r.desired;
        Time sendAt = r.scheduled - m_sendAhead;
        if (sendAt <= m_clock->GetLocalTime())
        {
            r.late = true;
        }
        m_localEvents.push_back(m_clock->ScheduleAtLocal(sendAt, [this, i]() { SendSchedule(i); }));
    }
    if (m_atomic)
    {
        m_localEvents.push_back(
            m_clock->ScheduleAtLocal(desired - m_cancelLead,
                                     [this, operation]() { CheckCommit(operation); }));
    }
}

void
ScheduledOperationClient::ArmRetry(std::size_t record,
                                   void (ScheduledOperationClient::*retry)(std::size_t))
{
    if (m_maxRetries == 0)
    {
        return;
    }
    m_retryEvents[record].Cancel();
    m_retryEvents[record] = Simulator::Schedule(m_retryTimeout, retry, this, record);
}

void
ScheduledOperationClient::SendSchedule(std::size_t index)
{
    auto& r = m_records[index];
    if (r.scheduleCopies == 0)
    {
        r.sentAt = m_clock->GetLocalTime();
    }
    ++r.scheduleCopies;
    SchedulingHeader h;
    h.SetType(SchedulingHeader::SCHEDULE);
    h.SetRequestId(r.id);
    h.SetTime1(r.scheduled);
    SendTo(r.server, h);
    ArmRetry(index, &ScheduledOperationClient::RetrySchedule);
}

void
ScheduledOperationClient::RetrySchedule(std::size_t index)
{
    m_retryEvents.erase(index);
    auto& r = m_records[index];
    if (r.acked || r.error || r.reported || r.cancelSent || r.scheduleCopies > m_maxRetries)
    {
        return;
    }
    Time now = m_clock->GetLocalTime();
    Time deadline = m_atomic ? std::min(r.scheduled, r.desired - m_cancelLead) : r.scheduled;
    if (now >= deadline)
    {
        return; // a copy now would arrive after T_s, or after the commit decision
    }
    NS_LOG_INFO("retry SCHEDULE " << r.id << " copy " << r.scheduleCopies + 1);
    SendSchedule(index);
}

void
ScheduledOperationClient::SendCancel(std::size_t index)
{
    auto& r = m_records[index];
    r.cancelSent = true;
    ++r.cancelCopies;
    SchedulingHeader h;
    h.SetType(SchedulingHeader::CANCEL);
    h.SetRequestId(r.id);
    h.SetTime1(r.scheduled);
    SendTo(r.server, h);
    ArmRetry(index, &ScheduledOperationClient::RetryCancel);
}

void
ScheduledOperationClient::RetryCancel(std::size_t index)
{
    m_retryEvents.erase(index);
    auto& r = m_records[index];
    if (r.cancelAcked || r.cancelCopies > m_maxRetries)
    {
        return;
    }
    NS_LOG_INFO("retry CANCEL " << r.id << " copy " << r.cancelCopies + 1);
    SendCancel(index);
}

void
ScheduledOperationClient::CheckCommit(uint32_t operation)
{
    NS_LOG_FUNCTION(this << operation);
    std::size_t first = std::size_t(operation) * m_servers.size();
    bool all = true;
    for (std::size_t i = first; i < first + m_servers.size(); ++i)
    {
        const auto& r = m_records[i];
        if (!r.acked || r.error)
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
    for (std::size_t i = first; i < first + m_servers.size(); ++i)
    {
        SendCancel(i);
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
                m_servers[probe->second.first].Update(ete);
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
            if (!r.acked)
            {
                r.acked = true;
                r.ackReceipt = h.GetTime2();
                r.arrivedLate = r.ackReceipt > r.scheduled;
            }
            break;
        case SchedulingHeader::ERROR:
            r.error = true;
            r.errorCode = h.GetCode();
            break;
        case SchedulingHeader::CANCEL_ACK:
            r.cancelAcked = true;
            r.cancelCode = h.GetCode();
            break;
        case SchedulingHeader::REPORT: {
            if (r.reported)
            {
                break;
            }
            r.reported = true;
            r.completed = h.GetTime2();
            r.reportedStart = h.GetTime1();
            r.startDelay = r.reportedStart - r.scheduled;
            Time ete = r.completed - r.scheduled;
            m_servers[r.server].Update(ete);
            m_reportTrace(r.server, r.id, r.desired, r.scheduled, r.predicted, r.completed);
            break;
        }
        default:
            break;
        }
    }
}

} // namespace ns3
