/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpClock, its sending side: the wire conversions and the messages a port sends (Sync and
// Follow_Up, Announce, Delay_Req, Pdelay_Req) with their time stamps (the lifecycle is in
// ptp-clock.cc, the port states in ptp-clock-states.cc, the receive side in
// ptp-clock-exchanges.cc).
#include "ptp-clock.h"
#include "ptp-port-state.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpClockSending");

int8_t
PtpClock::LogInterval(Time interval)
{
    for (int n = MIN_LOG_INTERVAL; n <= MAX_LOG_INTERVAL; ++n)
    {
        Time t = n >= 0 ? Seconds(1) * int64_t{1LL << n} : Seconds(1) / int64_t{1LL << -n};
        if (t == interval)
        {
            return static_cast<int8_t>(n);
        }
    }
    return 0x7F;
}

PtpClockQuality
PtpClock::Quality() const
{
    PtpClockQuality q;
    q.clockClass = m_clockClass;
    q.clockAccuracy = m_clockAccuracy;
    q.offsetScaledLogVariance = m_variance;
    return q;
}

PtpTimestamp
PtpClock::ToWire(Time t)
{
    return PtpTimestamp::FromTime(t + GetTimescaleOffset());
}

Time
PtpClock::FromWire(const PtpTimestamp& ts)
{
    return ts.ToTime() - GetTimescaleOffset();
}

Time
PtpClock::HostDelay()
{
    if (!m_hostDelay)
    {
        return Time(0);
    }
    // Ablated stamp noise: drawn and discarded, so the stream stays aligned.
    const double ns = m_hostDelay->GetValue() * (m_ablation.noise ? 0.0 : 1.0);
    return ns > 0 ? NanoSeconds(std::llround(ns)) : Time(0);
}

// ---------------------------------------------------------------- sending

PtpMessage
PtpClock::NewMessage(PtpMessageType type, const Port& port, uint16_t sequenceId) const
{
    PtpMessage m = PtpMessage::Create(type);
    m.header.majorSdoId = m_majorSdoId;
    m.header.domainNumber = m_domain;
    m.header.sourcePortIdentity = PtpPortIdentity{m_clockIdentity, port.number};
    m.header.sequenceId = sequenceId;
    switch (type)
    {
    case PtpMessageType::SYNC:
    case PtpMessageType::FOLLOW_UP:
        m.header.logMessageInterval = LogInterval(m_syncInterval);
        break;
    case PtpMessageType::ANNOUNCE:
        m.header.logMessageInterval = LogInterval(m_announceInterval);
        break;
    case PtpMessageType::DELAY_RESP:
        m.header.logMessageInterval = LogInterval(m_delayReqInterval);
        break;
    default:
        break; // 0x7F from Create
    }
    return m;
}

void
PtpClock::Send(Port& port,
               const PtpMessage& message,
               Ipv4Address destination,
               Callback<void, Time> stamped)
{
    if (!m_running)
    {
        return;
    }
    const PtpMessageType type = message.header.messageType;
    const bool event = IsPtpEventMessage(type);
    std::vector<uint8_t> bytes = message.Encode();
    Ptr<Packet> packet = Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size()));
    m_txTrace(port.number, message);
    if (m_timestampMode == HARDWARE)
    {
        if (event && !stamped.IsNull())
        {
            const uint16_t number = port.number;
            port.stamper->ExpectTx(
                packet->GetUid(),
                PtpDeviceTimestamper::TxCallback([this, number, stamped](Time at) {
                    stamped(At(number).stamping.StampTx(at));
                }));
        }
        SendNow(port.number, packet, event, destination, Callback<void, Time>(), Time(0), type);
        return;
    }
    // Software: the time stamp first, then the host delay (in order) before the socket.
    Time stamp = (event && !stamped.IsNull()) ? m_clock->GetLocalTime() : Time(0);
    const Time now = Simulator::Now();
    const Time delay = HostDelay();
    if (delay.IsZero() && m_txBusyUntil <= now)
    {
        SendNow(port.number, packet, event, destination, stamped, stamp, type);
        return;
    }
    m_txBusyUntil = std::max(now + delay, m_txBusyUntil);
    const uint16_t number = port.number;
    Simulator::Schedule(m_txBusyUntil - now,
                        [this, number, packet, event, destination, stamped, stamp, type]() {
                            SendNow(number, packet, event, destination, stamped, stamp, type);
                        });
}

void
PtpClock::SendNow(uint16_t portNumber,
                  Ptr<Packet> packet,
                  bool event,
                  Ipv4Address destination,
                  Callback<void, Time> stamped,
                  Time stamp,
                  PtpMessageType type)
{
    if (!m_running)
    {
        return;
    }
    Port& port = At(portNumber);
    Ptr<Socket> socket = event ? port.eventSocket : port.generalSocket;
    int sent = socket->SendTo(packet,
                              0,
                              InetSocketAddress(destination, event ? EVENT_PORT : GENERAL_PORT));
    if (sent < 0)
    {
        NS_LOG_LOGIC("port " << portNumber << ": " << ToString(type) << " not sent (errno "
                             << socket->GetErrno() << ")");
        return;
    }
    ++m_sent[TypeIndex(type)];
    if (!stamped.IsNull())
    {
        stamped(stamp);
    }
}

void
PtpClock::SendSync(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (!IsPtpMasterState(port.state) || !m_running)
    {
        return;
    }
    port.syncTimer = Simulator::Schedule(m_syncInterval, &PtpClock::SendSync, this, portNumber);
    const uint16_t seq = port.syncSeq++;
    PtpMessage sync = NewMessage(PtpMessageType::SYNC, port, seq);
    sync.header.SetFlag(ptpflags::TWO_STEP, true);
    sync.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now())); // approximate (two-step)
    Send(port, sync, PRIMARY_GROUP, Callback<void, Time>([this, portNumber, seq](Time t1) {
             if (!m_running)
             {
                 return;
             }
             Port& p = At(portNumber);
             PtpMessage followUp = NewMessage(PtpMessageType::FOLLOW_UP, p, seq);
             followUp.timestamp = ToWire(t1);
             Send(p, followUp, PRIMARY_GROUP, Callback<void, Time>());
         }));
}

void
PtpClock::SendAnnounce(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (!IsPtpMasterState(port.state) || !m_running)
    {
        return;
    }
    port.announceTimer =
        Simulator::Schedule(m_announceInterval, &PtpClock::SendAnnounce, this, portNumber);
    PtpMessage announce = NewMessage(PtpMessageType::ANNOUNCE, port, port.announceSeq++);
    announce.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now()));
    PtpAnnounceBody& body = announce.announce;
    std::optional<BmcaDataSet> parent;
    if (m_bmca && m_bmca->GetSlavePort() != 0)
    {
        parent = m_bmca->GetErbest(m_bmca->GetSlavePort());
    }
    // The timePropertiesDS: the clock's own as grandmaster, its parent's otherwise (ptp4l's
    // clock_update_grandmaster and clock_update_slave; port_tx_announce sends it).
    TimeProperties time{m_utcOffset, m_timeFlags, m_timeSource};
    if (parent)
    {
        auto heard = m_heardTime.find(parent->sender);
        if (heard != m_heardTime.end())
        {
            time = heard->second;
        }
    }
    announce.header.flags = static_cast<uint16_t>((announce.header.flags & 0xFF00) | time.flags);
    body.currentUtcOffset = time.currentUtcOffset;
    body.timeSource = time.timeSource;
    if (parent)
    {
        // A boundary clock passes its grandmaster on, one step further.
        body.grandmasterIdentity = parent->grandmasterIdentity;
        body.grandmasterPriority1 = parent->priority1;
        body.grandmasterClockQuality = parent->clockQuality;
        body.grandmasterPriority2 = parent->priority2;
        body.stepsRemoved = static_cast<uint16_t>(parent->stepsRemoved + 1);
    }
    else
    {
        body.grandmasterIdentity = m_clockIdentity;
        body.grandmasterPriority1 = m_priority1;
        body.grandmasterClockQuality = Quality();
        body.grandmasterPriority2 = m_priority2;
        body.stepsRemoved = 0;
    }
    Send(port, announce, PRIMARY_GROUP, Callback<void, Time>());
}

void
PtpClock::ScheduleDelayReq(Port& port)
{
    port.delayReqTimer.Cancel();
    // The interval the master's Delay_Resp set (FollowDelayReqInterval), at first the local one.
    const int log = port.logMinDelayReqInterval;
    const Time interval =
        log >= 0 ? Seconds(1) * int64_t{1LL << log} : Seconds(1) / int64_t{1LL << -log};
    Time wait = interval * m_delayReqJitter->GetValue(0, 2);
    port.delayReqTimer = Simulator::Schedule(wait, &PtpClock::SendDelayReq, this, port.number);
}

void
PtpClock::SendDelayReq(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (!IsPtpSlaveState(port.state) || !m_running)
    {
        return;
    }
    ScheduleDelayReq(port);
    if (!port.lastSync.active)
    {
        return; // nothing to pair the measurement with yet
    }
    const uint16_t seq = port.delayReqSeq++;
    PtpMessage request = NewMessage(PtpMessageType::DELAY_REQ, port, seq);
    request.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now()));
    request.header.SetFlag(ptpflags::UNICAST, m_unicastDelayRequests);
    port.delayReq = Pending{};
    port.delayReq.active = true;
    port.delayReq.sequenceId = seq;
    Send(port,
         request,
         m_unicastDelayRequests ? port.parentAddress : PRIMARY_GROUP,
         Callback<void, Time>([this, portNumber, seq](Time t3) {
             Port& p = At(portNumber);
             if (p.delayReq.active && p.delayReq.sequenceId == seq)
             {
                 p.delayReq.t3 = t3;
                 p.delayReq.haveT1 = true;
             }
         }));
}

void
PtpClock::SendPdelayReq(uint16_t portNumber)
{
    Port& port = At(portNumber);
    if (!m_running)
    {
        return;
    }
    port.pdelayTimer =
        Simulator::Schedule(m_pdelayReqInterval, &PtpClock::SendPdelayReq, this, portNumber);
    const uint16_t seq = port.pdelayReqSeq++;
    PtpMessage request = NewMessage(PtpMessageType::PDELAY_REQ, port, seq);
    request.timestamp = ToWire(m_clock->TrueToLocal(Simulator::Now()));
    port.pdelay = Pending{};
    port.pdelay.active = true;
    port.pdelay.sequenceId = seq;
    Send(port, request, PDELAY_GROUP, Callback<void, Time>([this, portNumber, seq](Time t1) {
             Port& p = At(portNumber);
             if (p.pdelay.active && p.pdelay.sequenceId == seq)
             {
                 p.pdelay.t1 = t1;
                 p.pdelay.haveT1 = true;
             }
         }));
}

} // namespace ns3
