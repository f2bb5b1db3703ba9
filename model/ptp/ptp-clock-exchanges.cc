/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpClock, its receive side: decoding and dropping, the exchanges (Sync / Follow_Up,
// Delay_Req / Delay_Resp, Pdelay), the path delay filter and the servo (the lifecycle, the
// BMCA's port states and the sending side are in ptp-clock.cc).
#include "ptp-clock.h"
#include "ptp-delay.h"
#include "ptp-port-state.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpClockExchanges");

std::string
ToString(PtpDropReason reason)
{
    switch (reason)
    {
    case PtpDropReason::MALFORMED:
        return "malformed";
    case PtpDropReason::WRONG_SDO_ID:
        return "wrong-sdo-id";
    case PtpDropReason::WRONG_DOMAIN:
        return "wrong-domain";
    case PtpDropReason::WRONG_UDP_PORT:
        return "wrong-udp-port";
    case PtpDropReason::OWN_MESSAGE:
        return "own-message";
    case PtpDropReason::UNSUPPORTED_TYPE:
        return "unsupported-type";
    case PtpDropReason::NOT_FROM_PARENT:
        return "not-from-parent";
    case PtpDropReason::NOT_FOR_THIS_PORT:
        return "not-for-this-port";
    case PtpDropReason::UNMATCHED:
        return "unmatched";
    case PtpDropReason::WRONG_STATE:
        return "wrong-state";
    case PtpDropReason::COUNT:
        break;
    }
    return "invalid";
}

// ---------------------------------------------------------------- receiving

void
PtpClock::ReceiveFrom(Ptr<Socket> socket)
{
    for (auto& port : m_ports)
    {
        if (socket != port.eventSocket && socket != port.generalSocket)
        {
            continue;
        }
        const bool onEventPort = socket == port.eventSocket;
        const uint16_t number = port.number;
        Address from;
        while (Ptr<Packet> packet = socket->RecvFrom(from))
        {
            const Time now = Simulator::Now();
            const Time delay = m_timestampMode == SOFTWARE ? HostDelay() : Time(0);
            if (delay.IsZero() && m_rxBusyUntil <= now)
            {
                Process(number, packet, from, onEventPort, now);
                continue;
            }
            m_rxBusyUntil = std::max(now + delay, m_rxBusyUntil);
            Simulator::Schedule(m_rxBusyUntil - now,
                                &PtpClock::Process,
                                this,
                                number,
                                packet,
                                from,
                                onEventPort,
                                now);
        }
        return;
    }
}

void
PtpClock::Drop(const Port& port, PtpDropReason reason)
{
    NS_LOG_LOGIC("port " << port.number << ": dropped (" << ToString(reason) << ")");
    ++m_drops[static_cast<size_t>(reason)];
    m_dropTrace(port.number, reason);
}

Time
PtpClock::RxStamp(const Port& port, Ptr<const Packet> packet, Time arrival)
{
    if (m_timestampMode == SOFTWARE)
    {
        return m_clock->GetLocalTime(); // at the socket, after any host delay
    }
    Time at = arrival;
    port.stamper->LookupRx(packet->GetUid(), at);
    return port.stamping.StampRx(at);
}

void
PtpClock::Process(uint16_t portNumber,
                  Ptr<Packet> packet,
                  Address from,
                  bool onEventPort,
                  Time arrival)
{
    if (!m_running)
    {
        return;
    }
    Port& port = At(portNumber);
    // PTP messages are short: decode from the stack (64 octets, more with TLVs).
    uint8_t small[128];
    std::vector<uint8_t> large;
    const uint32_t size = packet->GetSize();
    uint8_t* data = small;
    if (size > sizeof(small))
    {
        large.resize(size);
        data = large.data();
    }
    packet->CopyData(data, size);
    PtpMessage m;
    if (m_decode.Decode(data, size, m) != PtpDecodeStatus::OK)
    {
        Drop(port, PtpDropReason::MALFORMED);
        return;
    }
    const PtpMessageType type = m.header.messageType;
    if (m.header.majorSdoId != m_majorSdoId)
    {
        Drop(port, PtpDropReason::WRONG_SDO_ID);
        return;
    }
    if (m.header.domainNumber != m_domain)
    {
        Drop(port, PtpDropReason::WRONG_DOMAIN);
        return;
    }
    if (IsPtpEventMessage(type) != onEventPort)
    {
        Drop(port, PtpDropReason::WRONG_UDP_PORT);
        return;
    }
    if (m.header.sourcePortIdentity.clockIdentity == m_clockIdentity)
    {
        Drop(port, PtpDropReason::OWN_MESSAGE);
        return;
    }
    if (type == PtpMessageType::SIGNALING || type == PtpMessageType::MANAGEMENT)
    {
        Drop(port, PtpDropReason::UNSUPPORTED_TYPE);
        return;
    }
    ++m_received[TypeIndex(type)];
    m_rxTrace(portNumber, m);
    switch (type)
    {
    case PtpMessageType::SYNC:
        HandleSync(port, m, RxStamp(port, packet, arrival), from);
        break;
    case PtpMessageType::FOLLOW_UP:
        HandleFollowUp(port, m);
        break;
    case PtpMessageType::DELAY_REQ:
        HandleDelayReq(port, m, RxStamp(port, packet, arrival), from);
        break;
    case PtpMessageType::DELAY_RESP:
        HandleDelayResp(port, m);
        break;
    case PtpMessageType::PDELAY_REQ:
        HandlePdelayReq(port, m, RxStamp(port, packet, arrival));
        break;
    case PtpMessageType::PDELAY_RESP:
        HandlePdelayResp(port, m, RxStamp(port, packet, arrival));
        break;
    case PtpMessageType::PDELAY_RESP_FOLLOW_UP:
        HandlePdelayRespFollowUp(port, m);
        break;
    case PtpMessageType::ANNOUNCE:
        HandleAnnounce(port, m, from);
        break;
    default:
        Drop(port, PtpDropReason::UNSUPPORTED_TYPE);
    }
}

void
PtpClock::HandleAnnounce(Port& port, const PtpMessage& m, const Address& /* from */)
{
    if (!m_bmca)
    {
        Drop(port, PtpDropReason::WRONG_STATE); // masterOnly
        return;
    }
    // Kept to pass on when this sender is the parent (ptp4l's clock_update_slave).
    TimeProperties& heard = m_heardTime[m.header.sourcePortIdentity];
    heard.currentUtcOffset = m.announce.currentUtcOffset;
    heard.flags = static_cast<uint8_t>(m.header.flags & 0xFF);
    heard.timeSource = m.announce.timeSource;
    m_bmca->ReceiveAnnounce(Simulator::Now(), port.number, m);
    ApplyBmca();
}

void
PtpClock::HandleSync(Port& port, const PtpMessage& m, Time t2, const Address& from)
{
    if (!IsPtpSlaveState(port.state))
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    if (!port.parent || m.header.sourcePortIdentity != *port.parent)
    {
        Drop(port, PtpDropReason::NOT_FROM_PARENT);
        return;
    }
    if (InetSocketAddress::IsMatchingType(from))
    {
        port.parentAddress = InetSocketAddress::ConvertFrom(from).GetIpv4();
    }
    FollowSyncInterval(port, m);
    Pending sync;
    sync.active = true;
    sync.sequenceId = m.header.sequenceId;
    sync.t2 = t2;
    sync.correction = ptp::ScaledNsToTime(m.header.correctionField);
    sync.source = m.header.sourcePortIdentity;
    if (!m.header.GetFlag(ptpflags::TWO_STEP))
    {
        // One-step: the Sync carries its own departure time.
        sync.t1 = FromWire(m.timestamp);
        sync.haveT1 = true;
        port.lastSync = sync;
        port.sync = Pending{};
        SyncComplete(port);
        return;
    }
    port.sync = sync;
}

void
PtpClock::FollowSyncInterval(Port& port, const PtpMessage& m)
{
    // As ptp4l's process_sync: the servo runs at the interval the parent's multicast Syncs
    // announce, not at this clock's configured one (a unicast Sync's interval is ignored).
    const int8_t log = m.header.logMessageInterval;
    if (m.header.GetFlag(ptpflags::UNICAST) || log == port.logSyncInterval)
    {
        return;
    }
    // ptp4l takes -10..22; the servo's SyncInterval goes up to 2^10 s (documented).
    if (log < MIN_SERVO_LOG_INTERVAL || log > MAX_SERVO_LOG_INTERVAL)
    {
        NS_LOG_LOGIC("port " << port.number << ": sync interval 2^" << int{log} << " ignored");
        return;
    }
    port.logSyncInterval = log;
    m_servo->SetSyncInterval(log >= 0 ? Seconds(1) * int64_t{1LL << log}
                                      : Seconds(1) / int64_t{1LL << -log});
}

void
PtpClock::FollowDelayReqInterval(Port& port, const PtpMessage& m)
{
    // As ptp4l's process_delay_resp: the master's multicast Delay_Resp sets the slave's
    // logMinDelayReqInterval (a unicast one carries 0x7F and is ignored).
    const int8_t log = m.header.logMessageInterval;
    if (m.header.GetFlag(ptpflags::UNICAST) || log == port.logMinDelayReqInterval ||
        log < MIN_SERVO_LOG_INTERVAL || log > MAX_DELAY_REQ_LOG_INTERVAL)
    {
        return;
    }
    NS_LOG_LOGIC("port " << port.number << ": delay request interval 2^" << int{log});
    port.logMinDelayReqInterval = log;
}

void
PtpClock::HandleFollowUp(Port& port, const PtpMessage& m)
{
    if (!IsPtpSlaveState(port.state))
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    if (!port.parent || m.header.sourcePortIdentity != *port.parent)
    {
        Drop(port, PtpDropReason::NOT_FROM_PARENT);
        return;
    }
    if (!port.sync.active || port.sync.sequenceId != m.header.sequenceId)
    {
        Drop(port, PtpDropReason::UNMATCHED);
        return;
    }
    port.sync.t1 = FromWire(m.timestamp);
    port.sync.haveT1 = true;
    port.sync.correction += ptp::ScaledNsToTime(m.header.correctionField);
    port.lastSync = port.sync;
    port.sync = Pending{};
    SyncComplete(port);
}

void
PtpClock::HandleDelayReq(Port& port, const PtpMessage& m, Time t4, const Address& from)
{
    if (!IsPtpMasterState(port.state) || m_mechanism != E2E)
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    PtpMessage response = NewMessage(PtpMessageType::DELAY_RESP, port, m.header.sequenceId);
    response.header.correctionField = m.header.correctionField; // 1588-2019 11.3.2 c)
    response.timestamp = ToWire(t4);
    response.portIdentity = m.header.sourcePortIdentity;
    const bool unicast =
        m.header.GetFlag(ptpflags::UNICAST) && InetSocketAddress::IsMatchingType(from);
    response.header.SetFlag(ptpflags::UNICAST, unicast);
    if (unicast)
    {
        // As ptp4l's process_delay_req: a unicast response carries no interval (0x7F).
        response.header.logMessageInterval = 0x7F;
    }
    Send(port,
         response,
         unicast ? InetSocketAddress::ConvertFrom(from).GetIpv4() : PRIMARY_GROUP,
         Callback<void, Time>());
}

void
PtpClock::HandleDelayResp(Port& port, const PtpMessage& m)
{
    if (!IsPtpSlaveState(port.state) || m_mechanism != E2E)
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    if (m.portIdentity != PtpPortIdentity{m_clockIdentity, port.number})
    {
        Drop(port, PtpDropReason::NOT_FOR_THIS_PORT);
        return;
    }
    if (!port.parent || m.header.sourcePortIdentity != *port.parent)
    {
        Drop(port, PtpDropReason::NOT_FROM_PARENT);
        return;
    }
    Pending& request = port.delayReq;
    if (!request.active || !request.haveT1 || request.sequenceId != m.header.sequenceId)
    {
        Drop(port, PtpDropReason::UNMATCHED);
        return;
    }
    FollowDelayReqInterval(port, m);
    request.active = false;
    const Pending& sync = port.lastSync;
    if (!sync.active)
    {
        return; // no Sync to pair it with (a new parent)
    }
    ptp::E2eExchange x;
    x.t1 = sync.t1;
    x.t2 = sync.t2;
    x.t3 = request.t3;
    x.t4 = FromWire(m.timestamp);
    x.syncCorrection = sync.correction;
    x.delayRespCorrection = ptp::ScaledNsToTime(m.header.correctionField);
    x.delayAsymmetry = m_delayAsymmetry;
    x.rateRatio = m_servo->GetRateRatio(); // linuxptp: tsproc_set_clock_rate_ratio
    AddDelay(port, ptp::E2eMeanPathDelay(x));
}

void
PtpClock::HandlePdelayReq(Port& port, const PtpMessage& m, Time t2)
{
    if (m_mechanism != P2P)
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    const uint16_t seq = m.header.sequenceId;
    const PtpPortIdentity requester = m.header.sourcePortIdentity;
    const int64_t correction = m.header.correctionField;
    PtpMessage response = NewMessage(PtpMessageType::PDELAY_RESP, port, seq);
    response.header.SetFlag(ptpflags::TWO_STEP, true);
    response.timestamp = ToWire(t2); // requestReceiptTimestamp
    response.portIdentity = requester;
    const uint16_t number = port.number;
    Send(port,
         response,
         PDELAY_GROUP,
         Callback<void, Time>([this, number, seq, requester, correction](Time t3) {
             if (!m_running)
             {
                 return;
             }
             Port& p = At(number);
             PtpMessage followUp = NewMessage(PtpMessageType::PDELAY_RESP_FOLLOW_UP, p, seq);
             followUp.timestamp = ToWire(t3); // responseOriginTimestamp
             followUp.portIdentity = requester;
             followUp.header.correctionField = correction; // 1588-2019 11.4.2 c) 7)
             Send(p, followUp, PDELAY_GROUP, Callback<void, Time>());
         }));
}

void
PtpClock::HandlePdelayResp(Port& port, const PtpMessage& m, Time t4)
{
    if (m_mechanism != P2P)
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    if (m.portIdentity != PtpPortIdentity{m_clockIdentity, port.number})
    {
        Drop(port, PtpDropReason::NOT_FOR_THIS_PORT);
        return;
    }
    Pending& p = port.pdelay;
    if (!p.active || !p.haveT1 || p.haveResponse || p.sequenceId != m.header.sequenceId)
    {
        Drop(port, PtpDropReason::UNMATCHED); // also a second responder on a shared segment
        return;
    }
    p.haveResponse = true;
    p.source = m.header.sourcePortIdentity;
    p.t2 = FromWire(m.timestamp);
    p.t4 = t4;
    p.correction = ptp::ScaledNsToTime(m.header.correctionField);
    if (!m.header.GetFlag(ptpflags::TWO_STEP))
    {
        // One-step responder: the turnaround t3 - t2 is in the correctionField.
        p.t3 = p.t2;
        p.active = false;
        AddDelay(port,
                 ptp::P2pMeanLinkDelay(ptp::PdelayExchange{p.t1, p.t2, p.t3, p.t4, p.correction}));
    }
}

void
PtpClock::HandlePdelayRespFollowUp(Port& port, const PtpMessage& m)
{
    if (m_mechanism != P2P)
    {
        Drop(port, PtpDropReason::WRONG_STATE);
        return;
    }
    if (m.portIdentity != PtpPortIdentity{m_clockIdentity, port.number})
    {
        Drop(port, PtpDropReason::NOT_FOR_THIS_PORT);
        return;
    }
    Pending& p = port.pdelay;
    if (!p.active || !p.haveResponse || p.sequenceId != m.header.sequenceId ||
        p.source != m.header.sourcePortIdentity)
    {
        Drop(port, PtpDropReason::UNMATCHED);
        return;
    }
    p.active = false;
    p.t3 = FromWire(m.timestamp);
    p.correction += ptp::ScaledNsToTime(m.header.correctionField);
    AddDelay(port,
             ptp::P2pMeanLinkDelay(ptp::PdelayExchange{p.t1, p.t2, p.t3, p.t4, p.correction}));
}

// ---------------------------------------------------------------- delay and servo

void
PtpClock::AddDelay(Port& port, Time measured)
{
    port.delays.push_back(measured);
    while (port.delays.size() > m_delayFilterLength)
    {
        port.delays.pop_front();
    }
    std::vector<Time> sorted(port.delays.begin(), port.delays.end());
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    Time median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    port.meanPathDelay = median;
    m_pathDelayTrace(port.number, median, measured);
}

void
PtpClock::SyncComplete(Port& port)
{
    const Pending& sync = port.lastSync;
    if (!port.meanPathDelay || !m_steered)
    {
        return; // no path delay yet
    }
    const Time offset = ptp::OffsetFromMaster(sync.t1,
                                              sync.t2,
                                              sync.correction,
                                              *port.meanPathDelay,
                                              m_delayAsymmetry);
    const ServoAction action = m_servo->Sample(Time(0) - offset, sync.t2);
    ++m_samples;
    if (action.step)
    {
        m_steered->Step(action.stepBy);
        Rebase(action.stepBy);
    }
    if (action.adjustFrequency)
    {
        m_steered->AdjustFrequency(action.frequencyPpb);
    }
    if (!action.slewBy.IsZero())
    {
        m_steered->Slew(action.slewBy);
    }
    if (!m_offsetTrace.IsEmpty())
    {
        PtpOffsetSample sample;
        sample.port = port.number;
        sample.master = sync.source;
        sample.sequenceId = sync.sequenceId;
        sample.t1 = sync.t1;
        sample.t2 = sync.t2;
        sample.correction = sync.correction;
        sample.meanPathDelay = *port.meanPathDelay;
        sample.offsetFromMaster = offset;
        sample.state = action.state;
        sample.frequencyPpb = m_servo->GetFrequencyPpb();
        m_offsetTrace(sample);
    }
    // As ptp4l's port_synchronize: a locked servo selects the master (UNCALIBRATED -> SLAVE),
    // an unlocked or stepping one is a synchronization fault (SLAVE -> UNCALIBRATED).
    Dispatch(port,
             action.state == ServoState::LOCKED ? PtpFsmEvent::MASTER_CLOCK_SELECTED
                                                : PtpFsmEvent::SYNCHRONIZATION_FAULT,
             false);
}

void
PtpClock::Rebase(Time step)
{
    // A step moves every later local time stamp by the step: move the earlier ones of the
    // exchanges in flight too, so that each exchange stays in one time scale.
    for (auto& port : m_ports)
    {
        port.sync.t2 += step;
        port.lastSync.t2 += step;
        port.delayReq.t3 += step;
        port.pdelay.t1 += step;
        port.pdelay.t4 += step;
    }
}

} // namespace ns3
