/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-client.h"

#include "ntp-on-wire.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-packet-info-tag.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpClient");
NS_OBJECT_ENSURE_REGISTERED(NtpClient);

TypeId
NtpClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NtpClient")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<NtpClient>()
            .AddAttribute("Mode",
                          "Ntp: filter, mitigation and discipline over every server (RFC "
                          "5905); Sntp: one sample from the first server sets the time (RFC "
                          "4330), the naive baseline.",
                          EnumValue(NTP),
                          chronometry::MakeEnumAccessorOf<Mode>(&NtpClient::m_mode),
                          MakeEnumChecker(NTP, "Ntp", SNTP, "Sntp"))
            .AddAttribute("Precision",
                          "The client's precision rho: the resolution of its clock readings "
                          "(on-wire dispersion, the filter's jitter floor).",
                          TimeValue(ntp::Log2ToTime(-20)),
                          MakeTimeAccessor(&NtpClient::m_precision),
                          chronometry::MakeTimeRangeChecker(NanoSeconds(1), Seconds(1)))
            .AddAttribute("AdjustInterval",
                          "Period of the clock-adjust process that slews in the discipline's "
                          "residual phase (RFC 5905: 1 s).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&NtpClient::m_adjustInterval),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Seconds(64)))
            .AddAttribute("Serve",
                          "Also answer client requests as a server of the client's system "
                          "variables (a stratum-2 or deeper server; Mode Ntp).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NtpClient::m_serve),
                          MakeBooleanChecker())
            .AddAttribute("Burst",
                          "Mode Ntp: at each poll of a reachable server fit to synchronize to, "
                          "send a burst of 8 requests 2 s apart instead of one (RFC 5905 13, "
                          "BCOUNT; ntpd's and chrony's burst).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NtpClient::m_burst),
                          MakeBooleanChecker())
            .AddAttribute("Iburst",
                          "Mode Ntp: at the first poll of an unreachable server (at the start, "
                          "or after reach has gone to 0), send a burst of 8 requests 2 s apart "
                          "instead of one (RFC 5905 13; ntpd's and chrony's iburst): the first "
                          "update within about 10 s instead of several poll intervals.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NtpClient::m_iburst),
                          MakeBooleanChecker())
            .AddAttribute("StartDate",
                          "The date at simulation time 0, as seconds since 1970-01-01 UTC: "
                          "timestamps carry the clock's time plus it (plus 2208988800 s from "
                          "1900), wrapped into their NTP era (RFC 5905 6). As "
                          "ns3::NtpServer::StartDate, with which it must agree.",
                          TimeValue(Seconds(1767225600)),
                          MakeTimeAccessor(&NtpClient::m_startDate),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(6e9)))
            .AddAttribute("Discipline",
                          "The clock discipline (its MinPoll and MaxPoll set the poll "
                          "interval); unset: a default one.",
                          PointerValue(),
                          MakePointerAccessor(&NtpClient::m_discipline),
                          MakePointerChecker<NtpClockDiscipline>())
            .AddAttribute("Mitigation",
                          "The selection, cluster and combine algorithms; unset: a default "
                          "one.",
                          PointerValue(),
                          MakePointerAccessor(&NtpClient::m_mitigation),
                          MakePointerChecker<NtpMitigation>())
            .AddAttribute("Sntp",
                          "The SNTP core (Mode Sntp; its OffsetMethod); unset: a default one.",
                          PointerValue(),
                          MakePointerAccessor(&NtpClient::m_sntp),
                          MakePointerChecker<SntpClient>())
            .AddTraceSource("Update",
                            "The clock was updated from the servers (NtpClientUpdate).",
                            MakeTraceSourceAccessor(&NtpClient::m_updateTrace),
                            "ns3::NtpClient::UpdateCallback")
            .AddTraceSource("Sample",
                            "An on-wire sample: (server, offset, delay).",
                            MakeTraceSourceAccessor(&NtpClient::m_sampleTrace),
                            "ns3::NtpClient::SampleCallback")
            .AddTraceSource("Drop",
                            "A datagram was dropped: (reason).",
                            MakeTraceSourceAccessor(&NtpClient::m_dropTrace),
                            "ns3::NtpClient::DropCallback");
    return tid;
}

NtpClient::NtpClient()
    : m_mode(NTP),
      m_precision(ntp::Log2ToTime(-20)),
      m_adjustInterval(Seconds(1)),
      m_serve(false),
      m_burst(false),
      m_iburst(false),
      m_startDate(Seconds(1767225600)),
      m_phase(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

NtpClient::~NtpClient() = default;

void
NtpClient::SetServers(const std::vector<Ipv4Address>& servers)
{
    NS_LOG_FUNCTION(this << servers.size());
    m_servers = servers;
}

Ptr<NtpClockDiscipline>
NtpClient::GetDiscipline() const
{
    return m_discipline;
}

Ptr<NtpMitigation>
NtpClient::GetMitigation() const
{
    return m_mitigation;
}

bool
NtpClient::IsSynchronized() const
{
    return m_synchronized;
}

Time
NtpClient::GetRootDistance() const
{
    if (!m_synchronized || !m_mitigation)
    {
        return Seconds(ntp::MAXDISP);
    }
    return m_mitigation->SystemRootDistance(m_system, Simulator::Now());
}

const NtpSystemVariables&
NtpClient::GetSystemVariables() const
{
    return m_system;
}

const NtpClockFilter&
NtpClient::GetFilter(uint32_t server) const
{
    NS_ABORT_MSG_IF(server >= m_associations.size(), "no association " << server);
    return m_associations[server].filter;
}

uint8_t
NtpClient::GetReach(uint32_t server) const
{
    NS_ABORT_MSG_IF(server >= m_associations.size(), "no association " << server);
    return m_associations[server].reach;
}

Time
NtpClient::GetPollInterval(uint32_t server) const
{
    NS_ABORT_MSG_IF(server >= m_associations.size(), "no association " << server);
    return ntp::Log2ToTime(AssociationPoll(m_associations[server]));
}

uint64_t
NtpClient::GetUpdateCount() const
{
    return m_updates;
}

uint64_t
NtpClient::GetRequestCount() const
{
    return m_requests;
}

uint64_t
NtpClient::GetReplyCount() const
{
    return m_replies;
}

uint64_t
NtpClient::GetDropCount(NtpDropReason reason) const
{
    return reason < NtpDropReason::COUNT ? m_drops[static_cast<size_t>(reason)] : 0;
}

const NtpDecodeCounters&
NtpClient::GetDecodeCounters() const
{
    return m_decode;
}

int64_t
NtpClient::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_phase->SetStream(stream);
    return 1;
}

void
NtpClient::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_associations.clear();
    m_socket = nullptr;
    m_clock = nullptr;
    m_discipline = nullptr;
    m_mitigation = nullptr;
    m_sntp = nullptr;
    m_phase = nullptr;
    Application::DoDispose();
}

std::string
NtpClient::Where() const
{
    return "ns3::NtpClient on node " + std::to_string(GetNode()->GetId());
}

void
NtpClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    Ptr<LocalClock> clock = node->GetObject<LocalClock>();
    m_clock = DynamicCast<DriftingClock>(clock);
    if (!m_clock)
    {
        chronometry::ReportConfigError(Where() + ": the node has no clock that can be steered; "
                                                 "valid: a node with an ns3::DriftingClock");
    }
    if (m_servers.empty() || m_servers.size() > 64)
    {
        chronometry::ReportConfigError(Where() + ": " + std::to_string(m_servers.size()) +
                                       " servers is invalid; valid: 1 to 64 (SetServers, "
                                       "NtpHelper::InstallClients)");
    }
    m_discipline = m_discipline ? m_discipline : CreateObject<NtpClockDiscipline>();
    m_mitigation = m_mitigation ? m_mitigation : CreateObject<NtpMitigation>();
    m_sntp = m_sntp ? m_sntp : CreateObject<SntpClient>();
    m_discipline->Initialize();
    m_minPoll = DisciplineLimit("MinPoll");
    m_maxPoll = DisciplineLimit("MaxPoll");
    m_associations.clear();
    for (const Ipv4Address& address : m_servers)
    {
        Association a;
        a.address = address;
        a.filter = NtpClockFilter(ntp::NSTAGE, m_mitigation->GetTolerance(), m_precision);
        a.hpoll = m_minPoll;
        a.ppoll = ntp::MAXPOLL; // no constraint until the server's first reply says its poll
        m_associations.push_back(a);
    }
    m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    if (m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), NtpServer::PORT)) != 0)
    {
        chronometry::ReportConfigError(Where() + ": cannot bind UDP 123 (another NTP "
                                                 "application on the node?)");
    }
    m_socket->SetRecvPktInfo(true); // p.dstaddr, for the loop test
    m_socket->SetRecvCallback(MakeCallback(&NtpClient::Receive, this));
    const uint32_t polled = m_mode == NTP ? m_associations.size() : 1;
    for (uint32_t i = 0; i < polled; ++i)
    {
        const Time phase = Seconds(m_phase->GetValue(0, 2));
        m_associations[i].nextdate = Simulator::Now() + phase;
        m_associations[i].timer = Simulator::Schedule(phase, &NtpClient::Poll, this, i);
    }
    if (m_mode == NTP)
    {
        m_adjustTimer = Simulator::Schedule(m_adjustInterval, &NtpClient::Adjust, this);
    }
}

void
NtpClient::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& a : m_associations)
    {
        a.timer.Cancel();
    }
    m_adjustTimer.Cancel();
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
}

NtpTimestamp
NtpClient::ReadClock() const
{
    return NtpTimestamp::FromTimeAnyEra(m_clock->GetLocalTime() + Seconds(ntp::UNIX_EPOCH_SECONDS) +
                                        m_startDate);
}

void
NtpClient::Adjust()
{
    SlewIn(m_discipline->Advance(Simulator::Now()));
    m_adjustTimer = Simulator::Schedule(m_adjustInterval, &NtpClient::Adjust, this);
}

void
NtpClient::SlewIn(Time phase)
{
    if (phase.IsZero())
    {
        return;
    }
    const Time rest = m_clock->Slew(phase);
    if (!rest.IsZero())
    {
        m_clock->Slew(phase + rest); // what the previous slew had not applied yet, too
    }
}

void
NtpClient::Drop(NtpDropReason reason)
{
    NS_LOG_INFO(Where() << ": dropped a datagram: " << ToString(reason));
    ++m_drops[static_cast<size_t>(reason)];
    m_dropTrace(reason);
}

NtpClient::Association*
NtpClient::Find(Ipv4Address from)
{
    for (auto& a : m_associations)
    {
        if (a.address == from)
        {
            return &a;
        }
    }
    return nullptr;
}

void
NtpClient::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        const NtpTimestamp t4 = ReadClock();
        std::vector<uint8_t> bytes(packet->GetSize());
        packet->CopyData(bytes.data(), bytes.size());
        const Ipv4Address source = InetSocketAddress::ConvertFrom(from).GetIpv4();
        NtpMessage message;
        const NtpDecodeStatus status = m_decode.Decode(bytes.data(), bytes.size(), message);
        if (status == NtpDecodeStatus::KISS_OF_DEATH)
        {
            if (Association* a = Find(source))
            {
                Kiss(*a, message);
            }
            Drop(NtpDropReason::KISS_OF_DEATH);
            continue;
        }
        if (status != NtpDecodeStatus::OK)
        {
            Drop(NtpDropReason::MALFORMED);
            continue;
        }
        if (message.mode == NtpMode::CLIENT && m_serve && m_mode == NTP)
        {
            Answer(message, from, t4);
            continue;
        }
        if (message.mode != NtpMode::SERVER)
        {
            Drop(NtpDropReason::WRONG_MODE);
            continue;
        }
        if (m_mode == SNTP)
        {
            if (source != m_associations.front().address)
            {
                Drop(NtpDropReason::FOREIGN);
                continue;
            }
            ProcessSntp(message, t4);
        }
        else
        {
            Ipv4PacketInfoTag info;
            const Ipv4Address to =
                packet->PeekPacketTag(info) ? info.GetAddress() : Ipv4Address::GetAny();
            ProcessNtp(message, source, to, t4);
        }
    }
}

void
NtpClient::Answer(const NtpMessage& request, const Address& to, NtpTimestamp t2)
{
    NtpSystemVariables system = m_system;
    if (!m_synchronized)
    {
        system.leap = NtpLeap::NOT_SYNC;
        system.stratum = ntp::MAXSTRAT;
    }
    const NtpMessage reply = m_mitigation->ServerReply(request,
                                                       system,
                                                       ntp::TimeToLog2(m_precision),
                                                       m_reference,
                                                       t2,
                                                       ReadClock(),
                                                       Simulator::Now());
    const std::vector<uint8_t> bytes = reply.Encode();
    m_socket->SendTo(Create<Packet>(bytes.data(), bytes.size()), 0, to);
    ++m_replies;
}

void
NtpClient::ProcessSntp(const NtpMessage& reply, NtpTimestamp t4)
{
    Association& a = m_associations.front();
    const SntpResult r = m_sntp->ProcessReply(reply, t4.ToTime());
    if (r.status == SntpStatus::NO_REQUEST || r.status == SntpStatus::BOGUS ||
        r.status == SntpStatus::ZERO_TRANSMIT)
    {
        Drop(NtpDropReason::BOGUS);
        return;
    }
    a.outstanding = false;
    if (r.status != SntpStatus::OK)
    {
        Drop(NtpDropReason::UNSYNCHRONIZED);
        return;
    }
    a.reach |= 1;
    m_sampleTrace(a.address, r.offset, r.delay);
    m_clock->Step(r.offset);
    ++m_updates;
    m_synchronized = true;
    m_system.leap = reply.leap;
    m_system.stratum = static_cast<uint8_t>(reply.stratum + 1);
    m_system.rootDelay = reply.rootDelay.ToTime() + r.delay;
    m_system.rootDispersion = reply.rootDispersion.ToTime();
    m_system.offset = r.offset;
    m_system.time = Simulator::Now();
    NtpClientUpdate u;
    u.offset = r.offset;
    u.code = NtpClockReturn::STEP;
    u.poll = m_discipline->GetPoll();
    u.rootDistance = GetRootDistance();
    u.systemPeer = a.address;
    u.survivors = 1;
    m_updateTrace(u);
}

void
NtpClient::ProcessNtp(const NtpMessage& reply, Ipv4Address from, Ipv4Address to, NtpTimestamp t4)
{
    Association* a = Find(from);
    if (a == nullptr)
    {
        Drop(NtpDropReason::FOREIGN);
        return;
    }
    if (!a->outstanding || reply.originTimestamp != a->xmt || reply.transmitTimestamp.IsZero())
    {
        Drop(NtpDropReason::BOGUS);
        return;
    }
    a->outstanding = false;
    a->ppoll = static_cast<int8_t>(reply.poll); // A.5.1.1 packet(): before the checks
    if (reply.leap == NtpLeap::NOT_SYNC || reply.stratum >= ntp::MAXSTRAT)
    {
        Drop(NtpDropReason::UNSYNCHRONIZED);
        return;
    }
    // RFC 5905 8 and A.5.1.1 (packet()): invalid header values never reach the filter. A zero
    // Reference Timestamp (never set) is not later than anything.
    const bool badDistance =
        reply.rootDelay.ToTime() / 2 + reply.rootDispersion.ToTime() >= Seconds(ntp::MAXDISP);
    const bool badReference =
        !reply.referenceTimestamp.IsZero() &&
        NtpTimestamp::Difference(reply.referenceTimestamp, reply.transmitTimestamp)
            .IsStrictlyPositive();
    if (badDistance || badReference)
    {
        Drop(NtpDropReason::INVALID_HEADER);
        return;
    }
    a->local = to.Get();
    // A.5.1.1 packet(): a valid reply reviews the poll interval (the server's ppoll may have
    // changed) and marks the server reachable.
    PollUpdate(static_cast<uint32_t>(a - m_associations.data()), a->hpoll);
    a->reach |= 1;
    const ntp::OnWireSample s = ntp::OnWire(reply, t4, m_precision, m_mitigation->GetTolerance());
    m_sampleTrace(a->address, s.offset, s.delay);
    NtpFilterSample sample{s.offset, s.delay, s.dispersion, Simulator::Now(), m_requests};
    a->reply = reply;
    a->haveReply = true;
    const NtpFilterOutcome outcome = a->filter.Add(sample, m_discipline->GetPollInterval());
    if (outcome == NtpFilterOutcome::UPDATED)
    {
        ClockSelect();
    }
}

void
NtpClient::ClockSelect()
{
    const Time now = Simulator::Now();
    std::vector<NtpCandidate> candidates;
    for (uint32_t i = 0; i < m_associations.size(); ++i)
    {
        const Association& a = m_associations[i];
        if (a.demobilized || !a.haveReply || !a.filter.HasSelection())
        {
            continue;
        }
        NtpCandidate c = NtpCandidate::FromFilter(i, a.filter, a.reply);
        c.reachable = a.reach != 0;
        c.dstAddress = a.local;
        candidates.push_back(c);
    }
    if (candidates.empty())
    {
        return;
    }
    const NtpMitigationResult r = m_mitigation->Mitigate(candidates,
                                                         now,
                                                         m_discipline->GetPollInterval(),
                                                         m_systemPeer,
                                                         0,
                                                         m_synchronized ? m_system.referenceId : 0);
    if (!r.synchronized)
    {
        return;
    }
    const NtpCandidate& peer = candidates[r.systemPeer];
    if (m_updates > 0 && peer.time <= m_system.time)
    {
        return; // RFC 5905 11.2.3: never the same sample twice, never an older one
    }
    m_systemPeer = peer.id;
    m_system.time = peer.time;
    // mu is measured from the system peer's sample time p.t (RFC 5905 A.5.5.6 local_clock():
    // mu = p.t - s.t), not from now: the frequency FREQ measures is then unbiased when the
    // selected sample is older than the update.
    const NtpDisciplineResult d = m_discipline->Update(r.combine.offset, now, peer.time);
    ++m_updates;
    Apply(d);
    if (d.code == NtpClockReturn::STEP)
    {
        // RFC 5905 A.5.5.6 clock_update(): after a step the client is unsynchronized (stratum
        // MAXSTRAT, LI 3) until its next update; ntpd's refid "STEP" says why.
        m_synchronized = false;
        m_system.leap = NtpLeap::NOT_SYNC;
        m_system.stratum = ntp::MAXSTRAT;
        m_system.referenceId = NtpMessage::MakeReferenceId("STEP");
    }
    else if (d.code == NtpClockReturn::SLEW)
    {
        m_system =
            m_mitigation->UpdateSystem(peer, r.combine, m_associations[peer.id].address.Get());
        m_synchronized = true;
        m_reference = ReadClock();
    }
    NtpClientUpdate u;
    u.offset = r.combine.offset;
    u.code = d.code;
    u.frequency = d.frequency;
    u.poll = d.poll;
    u.rootDistance = GetRootDistance();
    u.systemPeer = m_associations[peer.id].address;
    u.survivors = r.cluster.survivors.size();
    u.falsetickers = r.selection.falsetickers.size();
    m_updateTrace(u);
}

void
NtpClient::Apply(const NtpDisciplineResult& r)
{
    if (r.code == NtpClockReturn::PANIC)
    {
        NS_LOG_WARN(Where() << ": offset beyond the panic threshold: clock left alone");
        return;
    }
    if (r.code == NtpClockReturn::STEP)
    {
        m_clock->Step(r.step);
        for (auto& a : m_associations)
        {
            a.filter.Reset(); // RFC 5905 11.2.3: all associations MUST be reset
            a.haveReply = false;
            a.outstanding = false;
        }
    }
    m_clock->AdjustFrequency(r.frequency * 1e9);
    SlewIn(r.phase);
}

} // namespace ns3
