/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-port-state.h"

namespace ns3
{

std::string
ToString(PtpFsmEvent e)
{
    switch (e)
    {
    case PtpFsmEvent::NONE:
        return "NONE";
    case PtpFsmEvent::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES:
        return "ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES";
    case PtpFsmEvent::QUALIFICATION_TIMEOUT_EXPIRES:
        return "QUALIFICATION_TIMEOUT_EXPIRES";
    case PtpFsmEvent::MASTER_CLOCK_SELECTED:
        return "MASTER_CLOCK_SELECTED";
    case PtpFsmEvent::SYNCHRONIZATION_FAULT:
        return "SYNCHRONIZATION_FAULT";
    case PtpFsmEvent::RS_MASTER:
        return "RS_MASTER";
    case PtpFsmEvent::RS_GRAND_MASTER:
        return "RS_GRAND_MASTER";
    case PtpFsmEvent::RS_SLAVE:
        return "RS_SLAVE";
    case PtpFsmEvent::RS_PASSIVE:
        return "RS_PASSIVE";
    }
    return "invalid";
}

PtpPortState
PtpPortFsm(PtpPortState state, PtpFsmEvent event, bool newMaster)
{
    using S = PtpPortState;
    using E = PtpFsmEvent;
    // The transitions of linuxptp's ptp_fsm (fsm.c) among the states a PtpClock port has
    // (no INITIALIZING, FAULTY or DISABLED); an event not listed leaves the state.
    switch (event)
    {
    case E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES:
        return state == S::PRE_MASTER || IsPtpMasterState(state) ? state : S::MASTER;
    case E::QUALIFICATION_TIMEOUT_EXPIRES:
        return state == S::PRE_MASTER ? S::MASTER : state;
    case E::MASTER_CLOCK_SELECTED:
        return state == S::UNCALIBRATED ? S::SLAVE : state;
    case E::SYNCHRONIZATION_FAULT:
        return state == S::SLAVE ? S::UNCALIBRATED : state;
    case E::RS_MASTER:
        return state == S::PRE_MASTER || IsPtpMasterState(state) ? state : S::PRE_MASTER;
    case E::RS_GRAND_MASTER:
        return state == S::PRE_MASTER || IsPtpMasterState(state) ? state : S::GRAND_MASTER;
    case E::RS_SLAVE:
        return state == S::SLAVE && !newMaster ? S::SLAVE : S::UNCALIBRATED;
    case E::RS_PASSIVE:
        return S::PASSIVE;
    case E::NONE:
        break;
    }
    return state;
}

PtpPortState
PtpSlavePortFsm(PtpPortState state, PtpFsmEvent event, bool newMaster)
{
    using S = PtpPortState;
    using E = PtpFsmEvent;
    // linuxptp's ptp_slave_fsm (fsm.c): its states are LISTENING, UNCALIBRATED and SLAVE.
    if (state != S::LISTENING && !IsPtpSlaveState(state))
    {
        return state;
    }
    switch (event)
    {
    case E::ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES:
    case E::RS_MASTER:
    case E::RS_GRAND_MASTER:
    case E::RS_PASSIVE:
        return S::LISTENING;
    case E::RS_SLAVE:
        if (state == S::LISTENING || (state == S::SLAVE && newMaster))
        {
            return S::UNCALIBRATED;
        }
        return state;
    case E::MASTER_CLOCK_SELECTED:
        return state == S::UNCALIBRATED ? S::SLAVE : state;
    case E::SYNCHRONIZATION_FAULT:
        return state == S::SLAVE ? S::UNCALIBRATED : state;
    default:
        break;
    }
    return state;
}

bool
IsPtpMasterState(PtpPortState state)
{
    return state == PtpPortState::MASTER || state == PtpPortState::GRAND_MASTER;
}

bool
IsPtpSlaveState(PtpPortState state)
{
    return state == PtpPortState::UNCALIBRATED || state == PtpPortState::SLAVE;
}

} // namespace ns3
