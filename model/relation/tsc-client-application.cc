/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsc-client-application.h"

#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulated-tsc.h"
#include "ns3/simulator.h"
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
                          "delay asymmetry); valid range [0, 1 s].",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TscClientApplication::SetIngressDelay),
                          MakeTimeChecker())
            .AddAttribute("ResponseJitter",
                          "Maximum of each of the two uniform random delays before and after "
                          "the TSC read of a response (OS noise); valid range [0, 10 ms].",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&TscClientApplication::SetResponseJitter),
                          MakeTimeChecker())
            .AddAttribute("RoundTimeout",
                          "A probe round without answer after this long is lost; valid range "
                          "[1 us, 10 s].",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&TscClientApplication::SetRoundTimeout),
                          MakeTimeChecker())
            .AddAttribute("RoundSpacing",
                          "Gap between the end of a probe round and the next; valid range "
                          "[0, 1 s].",
                          TimeValue(MicroSeconds(200)),
                          MakeTimeAccessor(&TscClientApplication::SetRoundSpacing),
                          MakeTimeChecker())
            .AddAttribute("NtpPollInterval",
                          "NTP poll interval (0 = no NTP client); valid range [0, 3600 s].",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TscClientApplication::SetNtpPollInterval),
                          MakeTimeChecker())
            .AddAttribute("NtpMaxSkew",
                          "phi: bound on the relative rate of this clock and the server's, "
                          "in ppm; valid range (0, 10000] ppm.",
                          DoubleValue(15.0),
                          MakeDoubleAccessor(&TscClientApplication::SetNtpMaxSkew),
                          MakeDoubleChecker<double>())
            .AddAttribute("NtpFilterLength",
                          "NTP clock-filter length (samples); valid range [1, 64].",
                          UintegerValue(8),
                          MakeUintegerAccessor(&TscClientApplication::m_ntpFilter),
                          MakeUintegerChecker<uint32_t>(1, 64))
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
    m_jitter = CreateObject<UniformRandomVariable>();
}

TscClientApplication::~TscClientApplication() = default;

void
TscClientApplication::SetIngressDelay(Time v)
{
    chronometry::RequireTimeInRange("ns3::TscClientApplication::IngressDelay",
                                    v,
                                    Time(0),
                                    Seconds(1));
    m_ingressDelay = v;
}

void
TscClientApplication::SetResponseJitter(Time v)
{
    chronometry::RequireTimeInRange("ns3::TscClientApplication::ResponseJitter",
                                    v,
                                    Time(0),
                                    MilliSeconds(10));
    m_responseJitter = v;
}

void
TscClientApplication::SetRoundTimeout(Time v)
{
    chronometry::RequireTimeInRange("ns3::TscClientApplication::RoundTimeout",
                                    v,
                                    MicroSeconds(1),
                                    Seconds(10));
    m_roundTimeout = v;
}

void
TscClientApplication::SetRoundSpacing(Time v)
{
    chronometry::RequireTimeInRange("ns3::TscClientApplication::RoundSpacing",
                                    v,
                                    Time(0),
                                    Seconds(1));
    m_roundSpacing = v;
}

void
TscClientApplication::SetNtpPollInterval(Time v)
{
    chronometry::RequireTimeInRange("ns3::TscClientApplication::NtpPollInterval",
                                    v,
                                    Time(0),
                                    Seconds(3600));
    m_ntpPoll = v;
}

void
TscClientApplication::SetNtpMaxSkew(double v)
{
    if (!(v > 0))
    {
        chronometry::ReportConfigError(
            "ns3::TscClientApplication::NtpMaxSkew must be in (0, 10000] ppm");
    }
    chronometry::RequireDoubleInRange("ns3::TscClientApplication::NtpMaxSkew", v, 0, 1e4, "ppm");
    m_ntpMaxSkewPpm = v;
}

void
TscClientApplication::SetNodeIndex(uint32_t index)
{
    m_index = index;
}

void
TscClientApplication::SetNtpServer(Ipv4Address server)
{
    m_ntpServer = server;
    m_hasNtpServer = true;
}

int64_t
TscClientApplication::AssignStreams(int64_t stream)
{
    m_jitter->SetStream(stream);
    return 1;
}

uint16_t
TscClientApplication::GetPort() const
{
    return m_port;
}

uint64_t
TscClientApplication::GetMalformed() const
{
    return m_malformed;
}

const relation::NtpEstimator*
TscClientApplication::GetNtp() const
{
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
    return m_tsc->TicksToDuration(m_tsc->Read());
}

void
TscClientApplication::DoDispose()
{
    m_socket = nullptr;
    m_tsc = nullptr;
    m_done = ProbeDoneCallback();
    Application::DoDispose();
}

void
TscClientApplication::StartApplication()
{
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
        m_ntpEvent = Simulator::ScheduleNow(&TscClientApplication::NtpPoll, this);
    }
}

void
TscClientApplication::StopApplication()
{
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
        Simulator::Schedule(m_ingressDelay, &TscClientApplication::Handle, this, h, from);
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
        Time before = NanoSeconds(m_jitter->GetInteger(0, m_responseJitter.GetNanoSeconds()));
        Time after = NanoSeconds(m_jitter->GetInteger(0, m_responseJitter.GetNanoSeconds()));
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
    Send(h, InetSocketAddress(m_peer, m_port));
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
    Send(h, InetSocketAddress(m_ntpServer, m_port));
    m_ntpEvent = Simulator::Schedule(m_ntpPoll, &TscClientApplication::NtpPoll, this);
}

} // namespace ns3
