/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULED_OPERATION_RECORD_H
#define SCHEDULED_OPERATION_RECORD_H

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * What the client knows about one real (non-probe) operation on one server.
 * Server-local readings (ackReceipt, reportedStart, completed) come from the
 * server's messages; the client never sees true time.
 */
struct ScheduledOperationRecord
{
    uint32_t operation = 0;        //!< operation index (the same for all servers)
    uint32_t server = 0;           //!< server index (order of AddServer)
    uint32_t id = 0;               //!< request id
    Time desired;                  //!< T_d
    Time scheduled;                //!< T_s = T_d - predicted ETE
    Time predicted;                //!< predicted ETE of the active predictor
    std::array<Time, 4> shadow;    //!< what each paper predictor (EtePredictorKind order) predicts
    std::array<Time, 3> reference; //!< what each ReferencePredictorKind would predict
    Time sentAt;                   //!< client local time the (first) SCHEDULE left
    bool late = false;             //!< could not be sent SendAhead before T_s
    bool acked = false;            //!< ACK received (before the decision, for atomic commit)
    bool reported = false;         //!< REPORT received
    bool error = false;            //!< ERROR received
    uint8_t errorCode = 0;         //!< its code
    bool cancelSent = false;       //!< CANCEL sent (atomic commit abort)
    Time completed;                //!< T_e reported (server local clock)
    uint32_t scheduleCopies = 0;   //!< SCHEDULE transmissions (1 + retries)
    uint32_t cancelCopies = 0;     //!< CANCEL transmissions (1 + retries)
    bool cancelAcked = false;      //!< CANCEL_ACK received
    uint8_t cancelCode = 0;        //!< its code (OK: cancelled; NOT_PENDING: too late or unknown)
    Time ackReceipt;               //!< server local time the SCHEDULE arrived (from the ACK)
    bool arrivedLate = false;      //!< the ACK shows the SCHEDULE arrived after T_s
    Time reportedStart;            //!< server local start time (from the REPORT)
    Time startDelay;               //!< reportedStart - T_s: the start-delay part of the ETE

    /** \return true if the server refused it as too far in the past (arrived too late) */
    bool Missed() const;
};

/**
 * \ingroup chronometry
 * Counts over a client's records (see SummarizeRecords).
 */
struct ScheduledOperationSummary
{
    uint64_t records = 0;          //!< real operations x servers
    uint64_t reported = 0;         //!< REPORTs received
    uint64_t lateSends = 0;        //!< SCHEDULEs that could not leave SendAhead before T_s
    uint64_t lateArrivals = 0;     //!< ACKs showing arrival after T_s (started late)
    uint64_t missed = 0;           //!< refused as too far in the past
    uint64_t errors = 0;           //!< ERROR replies
    uint64_t unanswered = 0;       //!< neither ACK, REPORT nor ERROR
    uint64_t scheduleRetries = 0;  //!< SCHEDULE copies beyond the first
    uint64_t cancels = 0;          //!< records with a CANCEL sent
    uint64_t cancelRetries = 0;    //!< CANCEL copies beyond the first
    uint64_t cancelsConfirmed = 0; //!< CANCEL_ACK with OK
    uint64_t cancelsTooLate =
        0; //!< CANCEL_ACK with NOT_PENDING (the server had started or never had it)
    double meanStartDelayNs = 0; //!< mean reported start delay over reported records
    double maxStartDelayNs = 0;  //!< largest reported start delay
};

/**
 * \ingroup chronometry
 * \param records a client's records
 * \return the counts over them (late, missed, retries, cancels, start delays, ...)
 */
ScheduledOperationSummary SummarizeRecords(const std::vector<ScheduledOperationRecord>& records);

} // namespace ns3

#endif /* SCHEDULED_OPERATION_RECORD_H */
