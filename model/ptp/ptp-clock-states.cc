/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PtpClock, its port states: the BMCA's recommendations, the announce receipt and
// qualification timeouts and the servo's lock turned into the events of the port state
// machine (PtpPortFsm, as ptp4l's), and what each state change starts and stops (the
// lifecycle is in ptp-clock.cc, the sending side in ptp-clock-sending.cc, the receive side in
// ptp-clock-exchanges.cc).
#include "ptp-clock.h"
#include "ptp-port-state.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpClockStates");

PtpFsmEvent
PtpClock::Recommendation(const Port& port) const
{
    switch (m_bmca->GetPortState(port.number))
    {
    case PtpPortState::MASTER:
        switch (m_bmca->GetDecision(port.number))
        {
        case BmcaDecision::M1:
        case BmcaDecision::M2:
            return PtpFsmEvent::RS_GRAND_MASTER; // bmc_state_decision's PS_GRAND_MASTER
        case BmcaDecision::M3:
            return PtpFsmEvent::RS_MASTER;
        default:
            return PtpFsmEvent::NONE; // the LISTENING timeout: an announce receipt timeout
        }
    case PtpPortState::SLAVE:
        return PtpFsmEvent::RS_SLAVE;
    case PtpPortState::PASSIVE:
        return PtpFsmEvent::RS_PASSIVE;
    default:
        // LISTENING: no Announce yet, or a slaveOnly clock recommended a master state (the
        // BMCA gives LISTENING instead), which ptp_slave_fsm turns into LISTENING.
        return m_role == SLAVE && port.state != PtpPortState::LISTENING ? PtpFsmEvent::RS_MASTER
                                                                        : PtpFsmEvent::NONE;
    }
}

void
PtpClock::ApplyBmca()
{
    if (!m_bmca || !m_running)
    {
        return;
    }
    const std::optional<PtpPortIdentity> parent = m_bmca->GetParent();
    for (auto& port : m_ports)
    {
        const uint64_t timeouts = m_bmca->GetReceiptTimeoutCount(port.number);
        if (timeouts != port.receiptTimeouts)
        {
            port.receiptTimeouts = timeouts;
            Dispatch(port, PtpFsmEvent::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES, false);
        }
        const PtpFsmEvent event = Recommendation(port);
        const bool newMaster = event == PtpFsmEvent::RS_SLAVE && port.parent != parent;
        if (newMaster && IsPtpSlaveState(port.state))
        {
            // A new parent on the same port: its path and its Sync sequence are new.
            NS_LOG_LOGIC("port " << port.number << ": new parent");
            port.parent = parent;
            port.sync = Pending{};
            port.lastSync = Pending{};
            port.delayReq = Pending{};
            if (m_mechanism == E2E)
            {
                port.delays.clear();
                port.meanPathDelay.reset();
            }
        }
        Dispatch(port, event, newMaster);
        if (IsPtpSlaveState(port.state))
        {
            port.parent = parent;
        }
    }
    const uint64_t grandmaster = m_bmca->GetGrandmasterIdentity();
    if (grandmaster != m_lastGrandmaster)
    {
        NS_LOG_LOGIC("grandmaster " << std::hex << m_lastGrandmaster << " -> " << grandmaster);
        m_lastGrandmaster = grandmaster;
        // The servo carries on, as in ptp4l (which never resets it on a change of
        // grandmaster): the new source's offset is slewed out, or stepped beyond StepThreshold.
    }
    m_bmcaTimer.Cancel();
    Time next = m_bmca->GetNextEventTime();
    if (next != Time::Max())
    {
        m_bmcaTimer = Simulator::Schedule(std::max(next - Simulator::Now(), Time(0)),
                                          &PtpClock::BmcaTimeout,
                                          this);
    }
}

void
PtpClock::BmcaTimeout()
{
    m_bmca->Advance(Simulator::Now());
    ApplyBmca();
}

void
PtpClock::Dispatch(Port& port, PtpFsmEvent event, bool newMaster)
{
    if (event == PtpFsmEvent::NONE)
    {
        return;
    }
    const PtpPortState next = m_role == SLAVE ? PtpSlavePortFsm(port.state, event, newMaster)
                                              : PtpPortFsm(port.state, event, newMaster);
    if (next != port.state)
    {
        NS_LOG_LOGIC("port " << port.number << ": " << ToString(event));
    }
    SetPortState(port, next);
}

void
PtpClock::QualificationTimeout(uint16_t portNumber)
{
    Dispatch(At(portNumber), PtpFsmEvent::QUALIFICATION_TIMEOUT_EXPIRES, false);
}

void
PtpClock::SetPortState(Port& port, PtpPortState state)
{
    if (port.state == state)
    {
        return;
    }
    NS_LOG_LOGIC("port " << port.number << ": " << ToString(port.state) << " -> "
                         << ToString(state));
    const PtpPortState from = port.state;
    port.state = state;
    if (IsPtpMasterState(from))
    {
        port.syncTimer.Cancel();
        port.announceTimer.Cancel();
    }
    port.qualificationTimer.Cancel();
    if (IsPtpSlaveState(from) && !IsPtpSlaveState(state))
    {
        port.delayReqTimer.Cancel();
        port.parent.reset();
        if (m_mechanism == E2E)
        {
            port.delays.clear();
            port.meanPathDelay.reset();
        }
    }
    if (IsPtpSlaveState(from) && state != PtpPortState::SLAVE)
    {
        // Into UNCALIBRATED or out: the Sync and delay request in flight are flushed, as
        // ptp4l's port_e2e_transition does (flush_last_sync, flush_delay_req).
        port.sync = Pending{};
        port.lastSync = Pending{};
        port.delayReq = Pending{};
    }
    m_portStateTrace(port.number, from, state);
    if (IsPtpMasterState(state))
    {
        port.announceTimer = Simulator::ScheduleNow(&PtpClock::SendAnnounce, this, port.number);
        port.syncTimer = Simulator::ScheduleNow(&PtpClock::SendSync, this, port.number);
    }
    if (state == PtpPortState::PRE_MASTER)
    {
        // ptp4l's port_set_qualification_tmo: 1 + stepsRemoved announce intervals.
        uint16_t stepsRemoved = 0;
        if (m_bmca && m_bmca->GetSlavePort() != 0)
        {
            auto parent = m_bmca->GetErbest(m_bmca->GetSlavePort());
            stepsRemoved = parent ? static_cast<uint16_t>(parent->stepsRemoved + 1) : 0;
        }
        port.qualificationTimer = Simulator::Schedule(m_announceInterval * (1 + stepsRemoved),
                                                      &PtpClock::QualificationTimeout,
                                                      this,
                                                      port.number);
    }
    if (!IsPtpSlaveState(from) && IsPtpSlaveState(state) && m_mechanism == E2E)
    {
        ScheduleDelayReq(port);
    }
}

} // namespace ns3
