/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsc-client-application.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulated-tsc.h"
#include "ns3/simulator.h"
#include "ns3/stall-mixture-random-variable.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TscClientApplication");
NS_OBJECT_ENSURE_REGISTERED(TscClientApplication);

TypeId
TscClientApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TscClientApplication")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<TscClientApplication>()
            .AddAttribute("Port",
                          "UDP port of the TSC client.",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&TscClientApplication::m_port),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("IngressDelay",
                          "Delay between a packet's arrival and its handling (models one-way "
                          "delay asymmetry).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TscClientApplication::m_ingressDelay),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1)))
            .AddAttribute("ResponseJitter",
                          "Maximum of each of the two uniform random delays before and after "
                          "the TSC read of a response (OS noise); used when ResponseHostDelay "
                          "is not set.",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&TscClientApplication::m_responseJitter),
                          chronometry::MakeTimeRangeChecker(Time(0), MilliSeconds(10)))
            .AddAttribute("ResponseHostDelay",
                          "Host delay of a responder, in seconds, drawn before and again after "
                          "the TSC read of a response (e.g. log-normal or Pareto service times, "
                          "ns3::StallMixtureRandomVariable for VM stalls); replaces "
                          "ResponseJitter when set. Draws must be >= 0.",
                          PointerValue(),
                          MakePointerAccessor(&TscClientApplication::m_responseHost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("RequestHostDelay",
                          "Host delay, in seconds, between the TSC read that stamps an outgoing "
                          "probe or NTP request and its transmission (none when unset). Draws "
                          "must be >= 0.",
                          PointerValue(),
                          MakePointerAccessor(&TscClientApplication::m_requestHost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ReceiveHostDelay",
                          "Host delay, in seconds, between a packet's handling (after "
                          "IngressDelay) and the TSC read that stamps it (none when unset). "
                          "Draws must be >= 0.",
                          PointerValue(),
                          MakePointerAccessor(&TscClientApplication::m_receiveHost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("RoundTimeout",
                          "A probe round without answer after this long is lost.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&TscClientApplication::m_roundTimeout),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Seconds(10)))
            .AddAttribute("RoundSpacing",
                          "Gap between the end of a probe round and the next.",
                          TimeValue(MicroSeconds(200)),
                          MakeTimeAccessor(&TscClientApplication::m_roundSpacing),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1)))
            .AddAttribute("NtpPollInterval",
                          "NTP poll interval (0 = no NTP client).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TscClientApplication::m_ntpPoll),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(3600)))
            .AddAttribute("NtpMaxSkew",
                          "phi: bound on the relative rate of this clock and the server's, "
                          "in ppm.",
                          DoubleValue(15.0),
                          MakeDoubleAccessor(&TscClientApplication::m_ntpMaxSkewPpm),
                          chronometry::MakeDoubleRangeChecker(0, 1e4, "ppm", false, true))
            .AddAttribute("NtpFilterLength",
                          "NTP clock-filter length (samples).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&TscClientApplication::m_ntpFilter),
                          chronometry::MakeUintegerRangeChecker(1, 64, "samples"))
            .AddAttribute("NtpFilter",
                          "Sample selection: BestAtQuery (the smallest bound at each query) or "
                          "Rfc5905 (ntpd's clock filter: best distance at arrival, newer "
                          "samples only).",
                          EnumValue(relation::NtpEstimator::BEST_AT_QUERY),
                          chronometry::MakeEnumAccessorOf<relation::NtpEstimator::FilterMode>(
                              &TscClientApplication::m_ntpMode),
                          // The enum type itself, not int: from ns-3.41 on the checker's
                          // type must be the accessor's (else the value cannot be read back).
                          MakeEnumChecker(relation::NtpEstimator::BEST_AT_QUERY,
                                          "BestAtQuery",
                                          relation::NtpEstimator::RFC5905,
                                          "Rfc5905"))
            .AddAttribute("NtpWanderRate",
                          "Drift-wander term of the NTP bound: bound on the rate of change of "
                          "the relative drift, in ppm/s (0 = none).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&TscClientApplication::m_ntpWanderRate),
                          chronometry::MakeDoubleRangeChecker(0, 1e4, "ppm/s"))
            .AddAttribute("NtpWanderStep",
                          "Drift-wander term of the NTP bound: allowance for steps of the "
                          "relative drift, in ppm (0 = none).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&TscClientApplication::m_ntpWanderStep),
                          chronometry::MakeDoubleRangeChecker(0, 1e4, "ppm"))
            .AddTraceSource("Malformed",
                            "A malformed packet was dropped.",
                            MakeTraceSourceAccessor(&TscClientApplication::m_malformedTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("ProbeRound",
                            "A probe round completed: (peer, RTT on this node's clock).",
                            MakeTraceSourceAccessor(&TscClientApplication::m_roundTrace),
                            "ns3::TscClientApplication::ProbeRoundCallback");
    return tid;
}

TscClientApplication::TscClientApplication()
    : m_port(9100),
      m_ntpMaxSkewPpm(15.0),
      m_ntpFilter(8)
{
    NS_LOG_FUNCTION(this);
    m_jitter = CreateObject<UniformRandomVariable>();
}

TscClientApplication::~TscClientApplication() = default;

Time
TscClientApplication::DrawHostDelay(const Ptr<RandomVariableStream>& rv, const char* attribute)
{
    double s = rv->GetValue();
    if (!(s >= 0) || s > 3600)
    {
        chronometry::ReportConfigError(std::string("ns3::TscClientApplication::") + attribute +
                                       " drew " + std::to_string(s) +
                                       " s, which is invalid; valid draws: [0, 3600] s");
    }
    return Seconds(s);
}

void
TscClientApplication::SetNodeIndex(uint32_t index)
{
    NS_LOG_FUNCTION(this << index);
    m_index = index;
}

void
TscClientApplication::SetNtpServer(Ipv4Address server)
{
    NS_LOG_FUNCTION(this << server);
    m_ntpServer = server;
    m_hasNtpServer = true;
}

int64_t
TscClientApplication::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_jitter->SetStream(stream);
    int64_t used = 1;
    // host-delay streams only when set, so the streams of other objects do not move
    for (const auto& rv : {m_responseHost, m_requestHost, m_receiveHost})
    {
        if (!rv)
        {
            continue;
        }
        if (auto mixture = DynamicCast<StallMixtureRandomVariable>(rv))
        {
            used += mixture->AssignStreams(stream + used);
        }
        else
        {
            rv->SetStream(stream + used);
            ++used;
        }
    }
    return used;
}

uint16_t
TscClientApplication::GetPort() const
{
    NS_LOG_FUNCTION(this);
    return m_port;
}

uint64_t
TscClientApplication::GetMalformed() const
{
    NS_LOG_FUNCTION(this);
    return m_malformed;
}

const relation::NtpEstimator*
TscClientApplication::GetNtp() const
{
    NS_LOG_FUNCTION(this);
    return (m_ntp && m_ntp->HasSample()) ? m_ntp.get() : nullptr;
}

uint64_t
TscClientApplication::ReadTsc() const
{
    return m_tsc->Read();
}

Time
TscClientApplication::LocalNow() const
{
    NS_LOG_FUNCTION(this);
    return m_tsc->TicksToDuration(m_tsc->Read());
}

void
TscClientApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_responseHost = nullptr;
    m_requestHost = nullptr;
    m_receiveHost = nullptr;
    m_socket = nullptr;
    m_tsc = nullptr;
    m_done = ProbeDoneCallback();
    Application::DoDispose();
}

void
TscClientApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_tsc = GetNode()->GetObject<SimulatedTsc>();
    if (!m_tsc)
    {
        chronometry::ReportConfigError(
            "ns3::TscClientApplication: the node has no SimulatedTsc (install one with TscHelper)");
    }
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_socket->SetRecvCallback(MakeCallback(&TscClientApplication::HandleRead, this));
    if (m_ntpPoll.IsStrictlyPositive() && m_hasNtpServer)
    {
        m_ntp = std::make_unique<relation::NtpEstimator>(m_ntpMaxSkewPpm,
                                                         NanoSeconds(2) + m_tsc->TicksToDuration(2),
                                                         m_ntpFilter);
        m_ntp->SetFilterMode(m_ntpMode);
        if (m_ntpWanderRate > 0 || m_ntpWanderStep > 0)
        {
            m_ntp->SetDriftWander(m_ntpWanderRate, m_ntpWanderStep);
        }
        m_ntpEvent = Simulator::ScheduleNow(&TscClientApplication::NtpPoll, this);
    }
}

void
TscClientApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    Simulator::Cancel(m_ntpEvent);
    Simulator::Cancel(m_timeout);
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
}

void
TscClientApplication::Send(const RelationHeader& h, const Address& to)
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(h);
    m_socket->SendTo(p, 0, to);
}

void
TscClientApplication::SendStamped(const RelationHeader& h, const Address& to)
{
    if (!m_requestHost)
    {
        Send(h, to);
        return;
    }
    Simulator::Schedule(DrawHostDelay(m_requestHost, "RequestHostDelay"), [this, h, to]() {
        if (m_socket)
        {
            Send(h, to);
        }
    });
}

void
TscClientApplication::HandleRead(Ptr<Socket> socket)
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
        Time delay = m_ingressDelay;
        if (m_receiveHost)
        {
            delay += DrawHostDelay(m_receiveHost, "ReceiveHostDelay");
        }
        Simulator::Schedule(delay, &TscClientApplication::Handle, this, h, from);
    }
}

void
TscClientApplication::Handle(RelationHeader h, Address from)
{
    switch (h.kind)
    {
    case RelationHeader::PROBE_REQUEST:
    case RelationHeader::NTP_REQUEST: {
        // read between two random delays (OS noise on the responder)
        uint64_t recvStamp = h.kind == RelationHeader::NTP_REQUEST
                                 ? m_tsc->TicksToDuration(ReadTsc()).GetNanoSeconds()
                                 : 0;
        Time before;
        Time after;
        if (m_responseHost)
        {
            before = DrawHostDelay(m_responseHost, "ResponseHostDelay");
            after = DrawHostDelay(m_responseHost, "ResponseHostDelay");
        }
        else
        {
            before = NanoSeconds(m_jitter->GetInteger(0, m_responseJitter.GetNanoSeconds()));
            after = NanoSeconds(m_jitter->GetInteger(0, m_responseJitter.GetNanoSeconds()));
        }
        Simulator::Schedule(before, [this, h, from, after, recvStamp]() {
            RelationHeader r = h;
            r.origin = m_index;
            if (h.kind == RelationHeader::PROBE_REQUEST)
            {
                r.kind = RelationHeader::PROBE_RESPONSE;
                r.stamp[1] = ReadTsc();
                Simulator::Schedule(after, [this, r, from]() {
                    if (m_socket)
                    {
                        Send(r, from);
                    }
                });
            }
            else
            {
                r.kind = RelationHeader::NTP_RESPONSE;
                r.stamp[1] = recvStamp;
                r.stamp[2] = m_tsc->TicksToDuration(ReadTsc()).GetNanoSeconds();
                Send(r, from);
            }
        });
        break;
    }
    case RelationHeader::PROBE_RESPONSE: {
        if (!m_waiting || h.seq != m_seq)
        {
            NS_LOG_LOGIC("late or foreign probe response " << h.seq);
            return;
        }
        uint64_t recvA = ReadTsc();
        relation::MinRttRound round{h.stamp[0], h.stamp[1], recvA};
        m_rounds.push_back(round);
        m_waiting = false;
        Simulator::Cancel(m_timeout);
        m_roundTrace(m_peer, m_tsc->TicksToDuration(recvA - h.stamp[0]));
        Simulator::Schedule(m_roundSpacing, &TscClientApplication::NextRound, this);
        break;
    }
    case RelationHeader::NTP_RESPONSE: {
        if (!m_ntp)
        {
            return;
        }
        relation::NtpSample s{NanoSeconds(h.stamp[0]),
                              NanoSeconds(h.stamp[1]),
                              NanoSeconds(h.stamp[2]),
                              m_tsc->TicksToDuration(ReadTsc())};
        if (s.t4 >= s.t1)
        {
            m_ntp->AddSample(s);
        }
        break;
    }
    default:
        ++m_malformed; // a kind this application does not serve
        break;
    }
}

void
TscClientApplication::Probe(Ipv4Address peer, uint32_t n, ProbeDoneCallback done)
{
    NS_LOG_FUNCTION(this << peer << n);
    NS_ABORT_MSG_IF(m_remaining > 0 || m_waiting, "TscClientApplication: probe already running");
    NS_ABORT_MSG_IF(n == 0, "TscClientApplication::Probe: n must be >= 1");
    m_peer = peer;
    m_remaining = n;
    m_rounds.clear();
    m_done = done;
    NextRound();
}

void
TscClientApplication::NextRound()
{
    if (m_remaining == 0 || !m_socket)
    {
        ProbeDoneCallback done = m_done;
        m_done = ProbeDoneCallback();
        if (!done.IsNull())
        {
            done(m_rounds);
        }
        return;
    }
    --m_remaining;
    ++m_seq;
    RelationHeader h;
    h.kind = RelationHeader::PROBE_REQUEST;
    h.seq = m_seq;
    h.origin = m_index;
    h.stamp[0] = ReadTsc();
    m_waiting = true;
    SendStamped(h, InetSocketAddress(m_peer, m_port));
    m_timeout = Simulator::Schedule(m_roundTimeout, &TscClientApplication::RoundTimeout, this);
}

void
TscClientApplication::RoundTimeout()
{
    m_waiting = false;
    NextRound();
}

void
TscClientApplication::NtpPoll()
{
    RelationHeader h;
    h.kind = RelationHeader::NTP_REQUEST;
    h.origin = m_index;
    h.stamp[0] = m_tsc->TicksToDuration(ReadTsc()).GetNanoSeconds();
    SendStamped(h, InetSocketAddress(m_ntpServer, m_port));
    m_ntpEvent = Simulator::Schedule(m_ntpPoll, &TscClientApplication::NtpPoll, this);
}

void
TscClientApplication::SetNtpFilterLength(uint32_t value)
{
    NS_LOG_FUNCTION(this << value);
    SetAttribute("NtpFilterLength", UintegerValue(value)); // validated by the checker
}

uint32_t
TscClientApplication::GetNtpFilterLength() const
{
    NS_LOG_FUNCTION(this);
    return m_ntpFilter;
}

} // namespace ns3
