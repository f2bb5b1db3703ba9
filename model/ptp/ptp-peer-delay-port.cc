/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-peer-delay-port.h"

#include "ptp-delay.h"

#include "ns3/chronometry-validation.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpPeerDelayPort");

namespace
{
const Ipv4Address PDELAY_GROUP("224.0.0.107"); //!< the peer delay group (Annex C)
constexpr uint16_t EVENT_PORT = 319;           //!< UDP port of event messages
constexpr uint16_t GENERAL_PORT = 320;         //!< UDP port of general messages
} // namespace

PtpPeerDelayPort::PtpPeerDelayPort(const Config& config)
    : m_config(config)
{
    NS_LOG_FUNCTION(this << config.identity.ToString());
}

PtpPeerDelayPort::~PtpPeerDelayPort()
{
    Stop();
}

void
PtpPeerDelayPort::Start(Time phase)
{
    NS_LOG_FUNCTION(this << phase);
    for (uint16_t port : {EVENT_PORT, GENERAL_PORT})
    {
        Ptr<Socket> socket = Socket::CreateSocket(m_config.node, UdpSocketFactory::GetTypeId());
        socket->BindToNetDevice(m_config.device);
        if (socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), port)) != 0)
        {
            chronometry::ReportConfigError("PtpPeerDelayPort on node " +
                                           std::to_string(m_config.node->GetId()) + ": UDP port " +
                                           std::to_string(port) +
                                           " is in use on the device; valid: one PTP entity per "
                                           "device");
        }
        socket->SetRecvCallback(MakeCallback(&PtpPeerDelayPort::Receive, this));
        (port == EVENT_PORT ? m_event : m_general) = socket;
    }
    m_running = true;
    m_timer = Simulator::Schedule(phase, &PtpPeerDelayPort::SendRequest, this);
}

void
PtpPeerDelayPort::Stop()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_timer.Cancel();
    for (Ptr<Socket> socket : {m_event, m_general})
    {
        if (socket)
        {
            socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
            socket->Close();
        }
    }
    m_event = nullptr;
    m_general = nullptr;
}

std::optional<Time>
PtpPeerDelayPort::GetMeanLinkDelay() const
{
    NS_LOG_FUNCTION(this);
    return m_linkDelay;
}

uint64_t
PtpPeerDelayPort::GetAnswered() const
{
    NS_LOG_FUNCTION(this);
    return m_answered;
}

uint64_t
PtpPeerDelayPort::GetMeasured() const
{
    NS_LOG_FUNCTION(this);
    return m_measured;
}

PtpTimestamp
PtpPeerDelayPort::ToWire(Time t) const
{
    return PtpTimestamp::FromTime(t + m_config.timescaleOffset);
}

Time
PtpPeerDelayPort::FromWire(const PtpTimestamp& ts) const
{
    return ts.ToTime() - m_config.timescaleOffset;
}

void
PtpPeerDelayPort::Send(const PtpMessage& message, Callback<void, Time> stamped)
{
    if (!m_running)
    {
        return;
    }
    std::vector<uint8_t> bytes = message.Encode();
    Ptr<Packet> packet = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    const bool event = IsPtpEventMessage(message.header.messageType);
    if (event && !stamped.IsNull())
    {
        const PtpTimestampModel model = m_config.stampModel;
        m_config.stamper->ExpectTx(packet->GetUid(),
                                   PtpDeviceTimestamper::TxCallback(
                                       [model, stamped](Time at) { stamped(model.Stamp(at)); }));
    }
    (event ? m_event : m_general)
        ->SendTo(packet, 0, InetSocketAddress(PDELAY_GROUP, event ? EVENT_PORT : GENERAL_PORT));
}

void
PtpPeerDelayPort::SendRequest()
{
    if (!m_running)
    {
        return;
    }
    m_timer = Simulator::Schedule(m_config.interval, &PtpPeerDelayPort::SendRequest, this);
    const uint16_t seq = m_sequence++;
    PtpMessage request = PtpMessage::Create(PtpMessageType::PDELAY_REQ);
    request.header.majorSdoId = m_config.majorSdoId;
    request.header.domainNumber = m_config.domain;
    request.header.sourcePortIdentity = m_config.identity;
    request.header.sequenceId = seq;
    request.timestamp = ToWire(m_config.stampModel.clock->TrueToLocal(Simulator::Now()));
    m_waiting = true;
    m_waitingFor = seq;
    m_haveT1 = false;
    m_haveResponse = false;
    Send(request, Callback<void, Time>([this, seq](Time t1) {
             if (m_waiting && m_waitingFor == seq)
             {
                 m_t1 = t1;
                 m_haveT1 = true;
             }
         }));
}

void
PtpPeerDelayPort::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        const uint32_t size = packet->GetSize();
        std::vector<uint8_t> bytes(size);
        packet->CopyData(bytes.data(), size);
        PtpMessage m;
        if (PtpMessage::Decode(bytes.data(), size, m) != PtpDecodeStatus::OK ||
            m.header.domainNumber != m_config.domain ||
            m.header.majorSdoId != m_config.majorSdoId ||
            IsPtpEventMessage(m.header.messageType) != (socket == m_event))
        {
            continue; // not for the peer delay mechanism of this port
        }
        const PtpPortIdentity own = m_config.identity;
        switch (m.header.messageType)
        {
        case PtpMessageType::PDELAY_REQ: {
            Time arrival = Simulator::Now();
            m_config.stamper->LookupRx(packet->GetUid(), arrival);
            const Time t2 = m_config.stampModel.Stamp(arrival);
            const uint16_t seq = m.header.sequenceId;
            const PtpPortIdentity requester = m.header.sourcePortIdentity;
            const int64_t correction = m.header.correctionField;
            PtpMessage response = PtpMessage::Create(PtpMessageType::PDELAY_RESP);
            response.header.majorSdoId = m_config.majorSdoId;
            response.header.domainNumber = m_config.domain;
            response.header.sourcePortIdentity = own;
            response.header.sequenceId = seq;
            response.header.SetFlag(ptpflags::TWO_STEP, true);
            response.timestamp = ToWire(t2);
            response.portIdentity = requester;
            ++m_answered;
            Send(response, Callback<void, Time>([this, seq, requester, correction, own](Time t3) {
                     PtpMessage followUp =
                         PtpMessage::Create(PtpMessageType::PDELAY_RESP_FOLLOW_UP);
                     followUp.header.majorSdoId = m_config.majorSdoId;
                     followUp.header.domainNumber = m_config.domain;
                     followUp.header.sourcePortIdentity = own;
                     followUp.header.sequenceId = seq;
                     followUp.header.correctionField = correction;
                     followUp.timestamp = ToWire(t3);
                     followUp.portIdentity = requester;
                     Send(followUp, Callback<void, Time>());
                 }));
            break;
        }
        case PtpMessageType::PDELAY_RESP:
            if (m.portIdentity == own && m_waiting && m_haveT1 && !m_haveResponse &&
                m.header.sequenceId == m_waitingFor)
            {
                Time arrival = Simulator::Now();
                m_config.stamper->LookupRx(packet->GetUid(), arrival);
                m_t4 = m_config.stampModel.Stamp(arrival);
                m_t2 = FromWire(m.timestamp);
                m_correction = ptp::ScaledNsToTime(m.header.correctionField);
                m_peer = m.header.sourcePortIdentity;
                m_haveResponse = true;
            }
            break;
        case PtpMessageType::PDELAY_RESP_FOLLOW_UP:
            if (m.portIdentity == own && m_waiting && m_haveResponse &&
                m.header.sequenceId == m_waitingFor && m.header.sourcePortIdentity == m_peer)
            {
                m_waiting = false;
                const Time t3 = FromWire(m.timestamp);
                const Time c = m_correction + ptp::ScaledNsToTime(m.header.correctionField);
                m_delays.push_back(
                    ptp::P2pMeanLinkDelay(ptp::PdelayExchange{m_t1, m_t2, t3, m_t4, c}));
                while (m_delays.size() > m_config.filterLength)
                {
                    m_delays.pop_front();
                }
                std::vector<Time> sorted(m_delays.begin(), m_delays.end());
                std::sort(sorted.begin(), sorted.end());
                const size_t n = sorted.size();
                m_linkDelay = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
                ++m_measured;
            }
            break;
        default:
            break; // the flooded 224.0.1.129 messages, delivered locally too
        }
    }
}

} // namespace ns3
