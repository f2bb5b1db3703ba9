/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_PORT_STATE_H
#define PTP_PORT_STATE_H

#include "ptp-bmca.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * Events of the port state machine (IEEE 1588-2019 9.2.5, Figure 30; the subset a PtpClock
 * raises, named as linuxptp's fsm.h names them).
 */
enum class PtpFsmEvent : uint8_t
{
    NONE,                             //!< nothing happened
    ANNOUNCE_RECEIPT_TIMEOUT_EXPIRES, //!< no Announce from the best master in time
    QUALIFICATION_TIMEOUT_EXPIRES,    //!< PRE_MASTER waited long enough
    MASTER_CLOCK_SELECTED,            //!< the servo locked to the parent
    SYNCHRONIZATION_FAULT,            //!< the servo unlocked or stepped
    RS_MASTER,                        //!< the BMCA recommends MASTER (M3)
    RS_GRAND_MASTER,                  //!< the BMCA recommends MASTER (M1, M2)
    RS_SLAVE,                         //!< the BMCA recommends SLAVE (S1)
    RS_PASSIVE                        //!< the BMCA recommends PASSIVE (P1, P2)
};

/**
 * \param e an event
 * \return its name ("RS_SLAVE", ...)
 */
std::string ToString(PtpFsmEvent e);

/**
 * The port state machine of an ordinary or boundary clock, as linuxptp's ptp_fsm: LISTENING
 * goes to PRE_MASTER on RS_MASTER, to GRAND_MASTER on RS_GRAND_MASTER, to UNCALIBRATED on
 * RS_SLAVE, to MASTER on the announce receipt timeout; PRE_MASTER to MASTER on the
 * qualification timeout (RS_GRAND_MASTER leaves it in PRE_MASTER); MASTER and GRAND_MASTER
 * stay on RS_MASTER and RS_GRAND_MASTER; UNCALIBRATED goes to SLAVE on
 * MASTER_CLOCK_SELECTED; SLAVE back to UNCALIBRATED on SYNCHRONIZATION_FAULT, or on RS_SLAVE
 * with a new master.
 * \param state the current state
 * \param event the event
 * \param newMaster with RS_SLAVE: the parent changed
 * \return the next state
 */
PtpPortState PtpPortFsm(PtpPortState state, PtpFsmEvent event, bool newMaster);

/**
 * The port state machine of a slaveOnly clock, as linuxptp's ptp_slave_fsm: never a master
 * state; a recommendation of MASTER or PASSIVE, or the announce receipt timeout, makes an
 * UNCALIBRATED or SLAVE port LISTENING.
 * \param state the current state
 * \param event the event
 * \param newMaster with RS_SLAVE: the parent changed
 * \return the next state
 */
PtpPortState PtpSlavePortFsm(PtpPortState state, PtpFsmEvent event, bool newMaster);

/**
 * \param state a port state
 * \return whether the port sends Announce and Sync in it (MASTER, GRAND_MASTER)
 */
bool IsPtpMasterState(PtpPortState state);

/**
 * \param state a port state
 * \return whether the port takes Sync from its parent in it (UNCALIBRATED, SLAVE)
 */
bool IsPtpSlaveState(PtpPortState state);

} // namespace ns3

#endif /* PTP_PORT_STATE_H */
