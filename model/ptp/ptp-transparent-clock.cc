/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-transparent-clock.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/ptp-clock.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpTransparentClock");
NS_OBJECT_ENSURE_REGISTERED(PtpTransparentClock);

namespace
{
constexpr uint8_t UDP_PROTOCOL = 17;   //!< IPv4 protocol number of UDP
constexpr uint16_t EVENT_PORT = 319;   //!< PTP event messages
constexpr uint16_t GENERAL_PORT = 320; //!< PTP general messages
constexpr size_t UDP_HEADER_SIZE = 8;  //!< octets of a UDP header
constexpr size_t CORRECTION_AT = 8;    //!< correctionField offset in the PTP header
constexpr size_t FLAGS_AT = 6;         //!< flagField octet 0 in the PTP header
} // namespace

TypeId
PtpTransparentClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PtpTransparentClock")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<PtpTransparentClock>()
            .AddAttribute("TimestampNoise",
                          "Noise added to each ingress and egress time stamp, in nanoseconds "
                          "(any RandomVariableStream; none by default).",
                          PointerValue(),
                          MakePointerAccessor(&PtpTransparentClock::m_noise),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("TimestampGranularity",
                          "Time stamps are quantized down to a multiple of this.",
                          TimeValue(NanoSeconds(8)),
                          MakeTimeAccessor(&PtpTransparentClock::m_granularity),
                          chronometry::MakeTimeRangeChecker(Time::From(1), MilliSeconds(1)))
            .AddAttribute("ResidenceTimeout",
                          "A residence time, or a Follow_Up held for one, is forgotten after "
                          "this long (its partner message was lost).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&PtpTransparentClock::m_timeout),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Seconds(3600)))
            .AddAttribute(
                "DelayMechanism",
                "E2E: residence times; P2P: residence times plus the delay of the "
                "link the Sync came in on, measured with Pdelay on every port.",
                EnumValue(E2E),
                chronometry::MakeEnumAccessorOf<DelayMechanism>(&PtpTransparentClock::m_mechanism),
                MakeEnumChecker(E2E, "E2E", P2P, "P2P"))
            .AddAttribute("PdelayReqInterval",
                          "Time between the Pdelay_Req messages of each port (P2P).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&PtpTransparentClock::m_pdelayInterval),
                          chronometry::MakeTimePowerOfTwoChecker(-7, 6))
            .AddAttribute("DomainNumber",
                          "domainNumber of the peer delay messages (P2P; residence times are "
                          "added in every domain).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PtpTransparentClock::m_domain),
                          chronometry::MakeUintegerRangeChecker(0, 239))
            .AddAttribute("DelayAsymmetry",
                          "delayAsymmetry of every port (linuxptp's delayAsymmetry): added to "
                          "the correctionField of a Follow_Up with the residence time of its "
                          "Sync, for the link the Sync came in on.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PtpTransparentClock::m_delayAsymmetry),
                          chronometry::MakeTimeRangeChecker(Seconds(-1), Seconds(1)))
            .AddAttribute("FreqEstInterval",
                          "Time over which the master/local rate ratio is estimated from the "
                          "Syncs passing through (linuxptp's freq_est_interval, 2^1 s; at least "
                          "one Sync interval).",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&PtpTransparentClock::m_freqEstInterval),
                          chronometry::MakeTimePowerOfTwoChecker(-7, 10))
            .AddAttribute("RateScaling",
                          "Scale each residence time by the master/local rate ratio, as "
                          "linuxptp's tc_fwd_event does; off: the switch clock's residence "
                          "time as measured (its drift x residence is left in).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&PtpTransparentClock::m_rateScaling),
                          MakeBooleanChecker())
            .AddTraceSource("Residence",
                            "An event message's residence time was measured: (type, "
                            "sequenceId, egress interface, residence as added: scaled by the "
                            "rate ratio when RateScaling is on).",
                            MakeTraceSourceAccessor(&PtpTransparentClock::m_residenceTrace),
                            "ns3::PtpTransparentClock::ResidenceCallback");
    return tid;
}

PtpTransparentClock::PtpTransparentClock()
    : m_granularity(NanoSeconds(8)),
      m_timeout(Seconds(1)),
      m_mechanism(E2E),
      m_pdelayInterval(Seconds(1)),
      m_domain(0),
      m_delayAsymmetry(0),
      m_freqEstInterval(Seconds(2)),
      m_rateScaling(true)
{
    NS_LOG_FUNCTION(this);
}

PtpTransparentClock::~PtpTransparentClock() = default;

void
PtpTransparentClock::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_switch)
    {
        m_switch->SetForwardHook(SwitchRouting::ForwardHook());
    }
    m_switch = nullptr;
    m_peerDelay.clear();
    m_stampers.clear();
    m_residences.clear();
    m_order.clear();
    m_stampModel = PtpTimestampModel{};
    m_noise = nullptr;
    Application::DoDispose();
}

int64_t
PtpTransparentClock::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    if (m_noise)
    {
        m_noise->SetStream(stream);
    }
    return 1;
}

uint64_t
PtpTransparentClock::GetCorrectedCount() const
{
    NS_LOG_FUNCTION(this);
    return m_corrected;
}

uint64_t
PtpTransparentClock::GetResidenceCount() const
{
    NS_LOG_FUNCTION(this);
    return m_measured;
}

uint64_t
PtpTransparentClock::GetHeldCount() const
{
    NS_LOG_FUNCTION(this);
    return m_held;
}

uint64_t
PtpTransparentClock::GetUncorrectedCount() const
{
    NS_LOG_FUNCTION(this);
    return m_uncorrected;
}

uint64_t
PtpTransparentClock::GetMalformedCount() const
{
    NS_LOG_FUNCTION(this);
    return m_malformed;
}

uint64_t
PtpTransparentClock::GetDelayDropCount() const
{
    NS_LOG_FUNCTION(this);
    return m_delayDropped;
}

uint64_t
PtpTransparentClock::GetConvertedCount() const
{
    NS_LOG_FUNCTION(this);
    return m_converted;
}

double
PtpTransparentClock::GetRateRatio() const
{
    NS_LOG_FUNCTION(this);
    return m_rateRatio;
}

std::optional<Time>
PtpTransparentClock::GetLinkDelay(uint32_t interface) const
{
    NS_LOG_FUNCTION(this << interface);
    auto it = m_peerDelay.find(interface);
    return it == m_peerDelay.end() ? std::nullopt : it->second->GetMeanLinkDelay();
}

void
PtpTransparentClock::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    const std::string where = "ns3::PtpTransparentClock on node " + std::to_string(node->GetId());
    Ptr<LocalClock> clock = node->GetObject<LocalClock>();
    if (!clock)
    {
        chronometry::ReportConfigError(where + ": the node has no LocalClock; valid: a switch "
                                               "with a clock (ClockHelper::Install)");
    }
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    Ptr<Ipv4RoutingProtocol> routing = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
    m_switch = DynamicCast<SwitchRouting>(routing);
    if (Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(routing))
    {
        for (uint32_t i = 0; i < list->GetNRoutingProtocols() && !m_switch; ++i)
        {
            int16_t priority;
            m_switch = DynamicCast<SwitchRouting>(list->GetRoutingProtocol(i, priority));
        }
    }
    if (!m_switch)
    {
        chronometry::ReportConfigError(where + ": the node forwards without an "
                                               "ns3::SwitchRouting; valid: the switch of the "
                                               "switched study LAN (InstallStudyLan)");
    }
    m_stampModel = PtpTimestampModel{clock, m_noise, m_granularity};
    for (uint32_t i = 1; i < ipv4->GetNInterfaces(); ++i)
    {
        if (ipv4->GetNAddresses(i) > 0)
        {
            m_stampers[i] = Create<PtpDeviceTimestamper>(ipv4->GetNetDevice(i));
        }
    }
    m_switch->SetForwardHook(MakeCallback(&PtpTransparentClock::OnForward, this));
    if (m_mechanism == P2P)
    {
        // The clockIdentity of the TC's ports: from the first port's MAC address.
        uint64_t identity = 0x02000000FFFE0000ULL | node->GetId();
        Address address =
            m_stampers.empty() ? Address() : m_stampers.begin()->second->GetDevice()->GetAddress();
        if (Mac48Address::IsMatchingType(address))
        {
            uint8_t mac[6];
            Mac48Address::ConvertFrom(address).CopyTo(mac);
            identity = PtpPortIdentity::ClockIdentityFromEui48(mac);
        }
        uint16_t number = 0;
        for (const auto& [interface, stamper] : m_stampers)
        {
            PtpPeerDelayPort::Config config;
            config.node = node;
            config.device = stamper->GetDevice();
            config.stamper = stamper;
            config.stampModel = m_stampModel;
            config.identity = PtpPortIdentity{identity, ++number};
            config.domain = m_domain;
            config.interval = m_pdelayInterval;
            config.timescaleOffset = PtpClock::GetTimescaleOffset();
            auto port = Create<PtpPeerDelayPort>(config);
            // Spread the ports' requests over the interval.
            port->Start(m_pdelayInterval * (number - 1) / static_cast<int64_t>(m_stampers.size()));
            m_peerDelay[interface] = port;
        }
    }
}

void
PtpTransparentClock::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_switch)
    {
        m_switch->SetForwardHook(SwitchRouting::ForwardHook());
    }
    for (auto& [interface, port] : m_peerDelay)
    {
        port->Stop();
    }
    m_peerDelay.clear();
    m_stampers.clear();
    m_residences.clear();
    m_order.clear();
}

PtpTransparentClock::Key
PtpTransparentClock::MakeKey(const PtpPortIdentity& source,
                             uint16_t sequenceId,
                             PtpMessageType type,
                             uint32_t interface)
{
    return Key{source.clockIdentity,
               source.portNumber,
               sequenceId,
               static_cast<uint8_t>(type),
               interface};
}

Ptr<Packet>
PtpTransparentClock::OnForward(Ptr<Packet> packet,
                               const Ipv4Header& header,
                               uint32_t input,
                               uint32_t output)
{
    const uint32_t size = packet->GetSize();
    if (header.GetProtocol() != UDP_PROTOCOL || size < UDP_HEADER_SIZE + PtpCommonHeader::SIZE)
    {
        return packet;
    }
    UdpHeader udp;
    packet->PeekHeader(udp);
    const uint16_t port = udp.GetDestinationPort();
    if (port != EVENT_PORT && port != GENERAL_PORT)
    {
        return packet;
    }
    // The copies of a flooded datagram (same uid, same input, same instant) come one after
    // the other: decode the first only.
    const Time now = Simulator::Now();
    m_parsedFresh =
        !(m_parsed.uid == packet->GetUid() && m_parsed.input == input && m_parsed.at == now);
    if (m_parsedFresh)
    {
        uint8_t small[128];
        std::vector<uint8_t> large;
        uint8_t* data = small;
        if (size > sizeof(small))
        {
            large.resize(size);
            data = large.data();
        }
        packet->CopyData(data, size);
        m_parsed.uid = packet->GetUid();
        m_parsed.input = input;
        m_parsed.at = now;
        m_parsed.ok =
            PtpMessage::Decode(data + UDP_HEADER_SIZE, size - UDP_HEADER_SIZE, m_parsed.message) ==
            PtpDecodeStatus::OK;
        m_malformed += m_parsed.ok ? 0 : 1;
    }
    if (!m_parsed.ok)
    {
        return packet; // not ours to judge: forwarded unchanged
    }
    const PtpMessage& m = m_parsed.message;
    const PtpMessageType type = m.header.messageType;
    const bool delayMessage =
        type == PtpMessageType::DELAY_REQ || type == PtpMessageType::DELAY_RESP;
    if (delayMessage && m_mechanism == P2P)
    {
        // As linuxptp's p2p_tc_recv: a peer-to-peer TC forwards no Delay_Req nor Delay_Resp.
        ++m_delayDropped;
        return nullptr;
    }
    if (type == PtpMessageType::SYNC || type == PtpMessageType::DELAY_REQ)
    {
        return OnEvent(packet, header, input, output);
    }
    Key key;
    if (type == PtpMessageType::FOLLOW_UP)
    {
        key =
            MakeKey(m.header.sourcePortIdentity, m.header.sequenceId, PtpMessageType::SYNC, output);
        if (m_parsedFresh)
        {
            EstimateRateRatio(m);
        }
    }
    else if (type == PtpMessageType::DELAY_RESP)
    {
        // The Delay_Req left towards the master by the port this response came in on.
        key = MakeKey(m.portIdentity, m.header.sequenceId, PtpMessageType::DELAY_REQ, input);
    }
    else
    {
        return packet;
    }
    auto it = m_residences.find(key);
    if (it == m_residences.end())
    {
        ++m_uncorrected;
        return packet;
    }
    if (it->second.known)
    {
        ++m_corrected;
        return AddCorrection(packet, header, Correction(it->second));
    }
    NS_LOG_LOGIC("holding " << ToString(type) << " " << m.header.sequenceId << " for port "
                            << output);
    ++m_held;
    it->second.waiting.push_back(Held{packet, header, output, Simulator::Now()});
    return nullptr;
}

Ptr<Packet>
PtpTransparentClock::OnEvent(Ptr<Packet> packet,
                             const Ipv4Header& header,
                             uint32_t input,
                             uint32_t output)
{
    const PtpMessage& m = m_parsed.message;
    const PtpMessageType type = m.header.messageType;
    const Time now = Simulator::Now();
    Expire();
    const Key key = MakeKey(m.header.sourcePortIdentity, m.header.sequenceId, type, output);
    Residence& r = m_residences[key];
    r = Residence{};
    r.isSync = type == PtpMessageType::SYNC;
    // The ingress: the first bit of the frame on the ingress port (the hook runs in the
    // instant of its last bit, the ingress PhyRxEnd).
    Time ingress = now;
    auto in = m_stampers.find(input);
    if (in != m_stampers.end())
    {
        in->second->LookupRx(packet->GetUid(), ingress);
    }
    r.ingress = m_stampModel.Stamp(ingress);
    r.created = now;
    r.input = input;
    m_order.emplace_back(now, key);
    if (r.isSync && m_parsedFresh)
    {
        m_lastSync = LastSync{m.header.sourcePortIdentity,
                              m.header.sequenceId,
                              r.ingress,
                              ptp::ScaledNsToTime(m.header.correctionField),
                              true};
    }
    if (r.isSync && !m.header.GetFlag(ptpflags::TWO_STEP))
    {
        // As linuxptp's tc_fwd_sync: a one-step Sync leaves as a two-step one, followed by a
        // Follow_Up (its originTimestamp, the residence in its correctionField) once it left.
        if (m_parsedFresh)
        {
            EstimateRateRatio(m);
        }
        ++m_converted;
        Ptr<Packet> followUp = MakeFollowUp(packet, header, m);
        Ipv4Header followUpHeader = header;
        followUpHeader.SetPayloadSize(followUp->GetSize());
        r.waiting.push_back(Held{followUp, followUpHeader, output, now});
        packet = SetTwoStep(packet, header);
    }
    auto stamper = m_stampers.find(output);
    if (stamper != m_stampers.end())
    {
        stamper->second->ExpectTx(
            packet->GetUid(),
            PtpDeviceTimestamper::TxCallback([this, key](Time at) { OnEgress(key, at); }));
    }
    return packet;
}

void
PtpTransparentClock::OnEgress(Key key, Time at)
{
    auto it = m_residences.find(key);
    if (it == m_residences.end())
    {
        return;
    }
    Residence& r = it->second;
    r.residence = m_stampModel.Stamp(at) - r.ingress;
    if (m_rateScaling && m_rateRatio != 1.0)
    {
        // As linuxptp's tc_fwd_event: the residence on the master's time scale.
        r.residence = Time::From(std::llround(r.residence.GetDouble() * m_rateRatio));
    }
    r.known = true;
    ++m_measured;
    m_residenceTrace(static_cast<PtpMessageType>(std::get<3>(key)),
                     std::get<2>(key),
                     std::get<4>(key),
                     r.residence);
    std::vector<Held> waiting;
    waiting.swap(r.waiting);
    const Time residence = Correction(r);
    for (auto& held : waiting)
    {
        ++m_corrected;
        m_switch->Forward(AddCorrection(held.packet, held.header, residence),
                          held.header,
                          held.output);
    }
}

Time
PtpTransparentClock::Correction(const Residence& r) const
{
    if (!r.isSync)
    {
        return r.residence; // a Delay_Resp: its Delay_Req's residence only (tc_complete_response)
    }
    // A Follow_Up: the ingress port's delayAsymmetry too (linuxptp's tc_complete_syfup).
    if (m_mechanism == E2E)
    {
        return r.residence + m_delayAsymmetry;
    }
    // P2P: the delay of the link the Sync came in on too (not known yet: residence only).
    auto port = m_peerDelay.find(r.input);
    std::optional<Time> link =
        port == m_peerDelay.end() ? std::nullopt : port->second->GetMeanLinkDelay();
    return r.residence + link.value_or(Time(0)) + m_delayAsymmetry;
}

Ptr<Packet>
PtpTransparentClock::AddCorrection(Ptr<const Packet> packet,
                                   const Ipv4Header& header,
                                   Time residence) const
{
    return Rewrite(packet, header, [residence](std::vector<uint8_t>& bytes) {
        uint64_t raw = 0;
        for (size_t i = 0; i < 8; ++i)
        {
            raw = (raw << 8) | bytes[CORRECTION_AT + i];
        }
        const auto correction = static_cast<int64_t>(raw);
        const int64_t add = ptp::TimeToScaledNs(residence);
        int64_t sum;
        if (__builtin_add_overflow(correction, add, &sum))
        {
            sum = add > 0 ? ptp::SCALED_NS_SATURATED : -ptp::SCALED_NS_SATURATED;
        }
        raw = static_cast<uint64_t>(sum);
        for (size_t i = 0; i < 8; ++i)
        {
            bytes[CORRECTION_AT + 7 - i] = static_cast<uint8_t>(raw >> (8 * i));
        }
    });
}

void
PtpTransparentClock::EstimateRateRatio(const PtpMessage& m)
{
    // A Follow_Up of the last Sync, or a one-step Sync: (origin, ingress) of one Sync.
    const bool oneStep = m.header.messageType == PtpMessageType::SYNC;
    if (!m_lastSync.valid || m_lastSync.source != m.header.sourcePortIdentity ||
        m_lastSync.sequenceId != m.header.sequenceId)
    {
        return;
    }
    Time origin;
    if (!m.timestamp.TryToTime(origin))
    {
        return;
    }
    origin += m_lastSync.correction;
    if (!oneStep)
    {
        origin += ptp::ScaledNsToTime(m.header.correctionField);
    }
    const Time ingress = m_lastSync.ingress;
    m_lastSync.valid = false;
    if (!m_fest.origin1 || m_fest.source != m.header.sourcePortIdentity)
    {
        // A first Sync, or another master's: start over (the ratio held meanwhile stays).
        m_fest = FreqEstimator{};
        m_fest.source = m.header.sourcePortIdentity;
        m_fest.origin1 = origin;
        m_fest.ingress1 = ingress;
        return;
    }
    // As linuxptp's clock_no_adjust (a free-running clock): origin over ingress across
    // freq_est_interval, i.e. 2^(freq_est_interval - logSyncInterval) Syncs, at least one.
    const int log = m.header.logMessageInterval;
    const Time interval = log >= 0 ? Seconds(1) * int64_t{1LL << std::min(log, 30)}
                                   : Seconds(1) / int64_t{1LL << std::min(-log, 30)};
    const int64_t needed = std::max<int64_t>(1,
                                             m_freqEstInterval.GetTimeStep() /
                                                 std::max<int64_t>(1, interval.GetTimeStep()));
    if (++m_fest.count < needed || ingress == m_fest.ingress1)
    {
        return;
    }
    m_rateRatio = (origin - *m_fest.origin1).GetDouble() / (ingress - m_fest.ingress1).GetDouble();
    m_fest.origin1 = origin;
    m_fest.ingress1 = ingress;
    m_fest.count = 0;
}

Ptr<Packet>
PtpTransparentClock::Rewrite(Ptr<const Packet> packet,
                             const Ipv4Header& header,
                             const std::function<void(std::vector<uint8_t>&)>& edit) const
{
    // The same packet (uid and packet tags kept) with the PTP octets replaced.
    Ptr<Packet> out = packet->Copy();
    UdpHeader udp;
    out->RemoveHeader(udp);
    const uint32_t n = out->GetSize();
    std::vector<uint8_t> bytes(n);
    out->CopyData(bytes.data(), n);
    out->RemoveAtStart(n);
    edit(bytes);
    out->AddAtEnd(Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size())));
    UdpHeader fresh;
    fresh.SetSourcePort(udp.GetSourcePort());
    fresh.SetDestinationPort(udp.GetDestinationPort());
    if (Node::ChecksumEnabled())
    {
        fresh.EnableChecksums();
        fresh.InitializeChecksum(header.GetSource(), header.GetDestination(), UDP_PROTOCOL);
    }
    out->AddHeader(fresh);
    return out;
}

Ptr<Packet>
PtpTransparentClock::SetTwoStep(Ptr<const Packet> packet, const Ipv4Header& header) const
{
    return Rewrite(packet, header, [](std::vector<uint8_t>& bytes) {
        bytes[FLAGS_AT] |= static_cast<uint8_t>(ptpflags::TWO_STEP >> 8);
    });
}

Ptr<Packet>
PtpTransparentClock::MakeFollowUp(Ptr<const Packet> sync,
                                  const Ipv4Header& header,
                                  const PtpMessage& m) const
{
    // The Follow_Up tc_fwd_sync makes: the Sync's header fields, its originTimestamp as the
    // preciseOriginTimestamp, a correctionField of 0 (the Sync keeps its own).
    PtpMessage followUp = PtpMessage::Create(PtpMessageType::FOLLOW_UP);
    followUp.header.majorSdoId = m.header.majorSdoId;
    followUp.header.minorVersionPtp = m.header.minorVersionPtp;
    followUp.header.domainNumber = m.header.domainNumber;
    followUp.header.sourcePortIdentity = m.header.sourcePortIdentity;
    followUp.header.sequenceId = m.header.sequenceId;
    followUp.header.logMessageInterval = m.header.logMessageInterval;
    followUp.timestamp = m.timestamp;
    const std::vector<uint8_t> bytes = followUp.Encode();
    Ptr<Packet> out = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    UdpHeader udp;
    sync->PeekHeader(udp);
    UdpHeader fresh;
    fresh.SetSourcePort(udp.GetSourcePort() == EVENT_PORT ? GENERAL_PORT : udp.GetSourcePort());
    fresh.SetDestinationPort(GENERAL_PORT);
    if (Node::ChecksumEnabled())
    {
        fresh.EnableChecksums();
        fresh.InitializeChecksum(header.GetSource(), header.GetDestination(), UDP_PROTOCOL);
    }
    out->AddHeader(fresh);
    return out;
}

void
PtpTransparentClock::Expire()
{
    const Time limit = Simulator::Now() - m_timeout;
    while (!m_order.empty() && m_order.front().first < limit)
    {
        auto it = m_residences.find(m_order.front().second);
        if (it != m_residences.end() && it->second.created == m_order.front().first)
        {
            m_uncorrected += it->second.waiting.size(); // held for an event message lost
            m_residences.erase(it);
        }
        m_order.pop_front();
    }
}

} // namespace ns3
