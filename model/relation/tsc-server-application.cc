/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsc-server-application.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TscServerApplication");
NS_OBJECT_ENSURE_REGISTERED(TscServerApplication);

TypeId
TscServerApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TscServerApplication")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<TscServerApplication>()
            .AddAttribute("Rounds",
                          "Probe rounds per ordered pair and window (the paper uses 100).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&TscServerApplication::m_rounds),
                          chronometry::MakeUintegerRangeChecker(1, 100000, "rounds"))
            .AddTraceSource("PairDone",
                            "An ordered pair finished its rounds: (window, initiator, "
                            "responder, completed rounds).",
                            MakeTraceSourceAccessor(&TscServerApplication::m_pairTrace),
                            "ns3::TscServerApplication::PairDoneCallback");
    return tid;
}

TscServerApplication::TscServerApplication()
    : m_rounds(100)
{
    NS_LOG_FUNCTION(this);
}

TscServerApplication::~TscServerApplication() = default;

void
TscServerApplication::SetClients(const std::vector<Ptr<TscClientApplication>>& clients,
                                 const std::vector<Ipv4Address>& addresses)
{
    NS_LOG_FUNCTION(this);
    if (clients.size() < 2 || clients.size() != addresses.size())
    {
        chronometry::ReportConfigError(
            "ns3::TscServerApplication::SetClients: needs >= 2 clients and one address each");
    }
    m_clients = clients;
    m_addresses = addresses;
}

void
TscServerApplication::AddWindow(Time at, const std::string& label, uint32_t rounds)
{
    NS_LOG_FUNCTION(this << at << label << rounds);
    chronometry::RequireTimeInRange("ns3::TscServerApplication window start",
                                    at,
                                    Time(0),
                                    Seconds(1e6));
    m_windows.push_back({at, {label, rounds == 0 ? m_rounds : rounds}});
}

const std::vector<ProbeRecord>&
TscServerApplication::GetRecords() const
{
    NS_LOG_FUNCTION(this);
    return m_records;
}

void
TscServerApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_clients.clear();
    Application::DoDispose();
}

void
TscServerApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_clients.empty())
    {
        chronometry::ReportConfigError("ns3::TscServerApplication: SetClients was not called");
    }
    for (const auto& w : m_windows)
    {
        Time delay = w.first - Simulator::Now();
        if (delay.IsNegative())
        {
            chronometry::ReportConfigError("ns3::TscServerApplication: window '" + w.second.first +
                                           "' starts before the application");
        }
        m_events.push_back(Simulator::Schedule(delay,
                                               &TscServerApplication::RunWindow,
                                               this,
                                               w.second.first,
                                               w.second.second));
    }
}

void
TscServerApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& e : m_events)
    {
        Simulator::Cancel(e);
    }
}

void
TscServerApplication::RunWindow(std::string label, uint32_t rounds)
{
    if (m_running)
    {
        NS_LOG_WARN("window " << label << " starts while another still runs: queued behind it");
    }
    for (uint32_t i = 0; i < m_clients.size(); ++i)
    {
        for (uint32_t j = 0; j < m_clients.size(); ++j)
        {
            if (i != j)
            {
                m_queue.push_back(Pending{i, j, label, rounds});
            }
        }
    }
    if (!m_running)
    {
        m_running = true;
        NextPair();
    }
}

void
TscServerApplication::NextPair()
{
    if (m_queue.empty())
    {
        m_running = false;
        return;
    }
    const Pending& next = m_queue.front();
    m_clients[next.i]->Probe(m_addresses[next.j],
                             next.rounds,
                             MakeCallback(&TscServerApplication::PairDone, this));
}

void
TscServerApplication::PairDone(const std::vector<relation::MinRttRound>& rounds)
{
    Pending done = m_queue.front();
    m_queue.erase(m_queue.begin());
    m_records.push_back(ProbeRecord{done.label, done.i, done.j, rounds});
    m_pairTrace(done.label, done.i, done.j, static_cast<uint32_t>(rounds.size()));
    NextPair();
}

void
TscServerApplication::SetRounds(uint32_t value)
{
    NS_LOG_FUNCTION(this << value);
    SetAttribute("Rounds", UintegerValue(value)); // validated by the checker
}

uint32_t
TscServerApplication::GetRounds() const
{
    NS_LOG_FUNCTION(this);
    return m_rounds;
}

} // namespace ns3
