/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ENDPOINT_RECONCILIATION_H
#define ENDPOINT_RECONCILIATION_H

#include "trace-message.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One socket call traced on one node (what LibSockCap logs, WAP5 section 3):
 * a send or a receive, the node's clock reading, and the flow's endpoints.
 */
struct SocketRecord
{
    uint32_t node = 0;                   //!< the traced node
    bool send = true;                    //!< a send (else a receive)
    Time localTs;                        //!< the node's clock reading
    uint32_t peer = 0;                   //!< the remote node
    uint16_t localPort = 0;              //!< this node's port
    uint16_t peerPort = 0;               //!< the remote port
    std::optional<uint64_t> fingerprint; //!< hash of the content (UDP), if captured
    uint64_t truthId = 0; //!< the true message (for scoring; the reconciler never reads it)
};

/**
 * \ingroup chronometry
 * How the sends and receives of one flow are matched.
 */
enum class EndpointMatching
{
    /**
     * In order: the k-th send of a flow is the k-th receive (a TCP stream's
     * byte order).  A lost or reordered datagram shifts every later match.
     */
    FIFO,
    /**
     * By content fingerprint (the paper's UDP matching): each receive takes
     * the earliest unmatched send of its flow with the same fingerprint;
     * records without one fall back to FIFO among themselves.
     */
    FINGERPRINT
};

/**
 * \ingroup chronometry
 * A trace reconciled from socket records by their endpoints.
 */
struct EndpointReconciliation
{
    std::vector<TraceMessage> messages; //!< one per matched pair or unmatched record
    std::vector<int64_t> sendRecord;    //!< per message, its send record or -1 (nil send)
    std::vector<int64_t> recvRecord;    //!< per message, its receive record or -1 (nil receive)
};

/**
 * \ingroup chronometry
 * WAP5's trace reconciliation (section 4) without a global message id: a
 * flow is (sender node, sender port, receiver node, receiver port); a send
 * record on node S to R and a receive record on R from S belong to the same
 * flow when their ports agree, and are matched within the flow in the order
 * of each node's own clock.  An unmatched send (lost, or receiver untraced)
 * gives a message with a nil receive timestamp, an unmatched receive one with
 * a nil send timestamp.  A message's id is the truthId of its send record (of
 * its receive record if it has none), for scoring only.  Messages are in the
 * order of their first record.
 * \param records the per-node records (any order)
 * \param matching FIFO or FINGERPRINT
 * \return the messages
 */
EndpointReconciliation ReconcileByEndpoints(const std::vector<SocketRecord>& records,
                                            EndpointMatching matching = EndpointMatching::FIFO);

/**
 * \ingroup chronometry
 * Reconciliation against the truth.
 */
struct EndpointReconciliationScore
{
    uint64_t messages = 0;    //!< reconciled messages
    uint64_t matched = 0;     //!< with both a send and a receive record
    uint64_t correct = 0;     //!< matched, and both records are the same true message
    uint64_t sendOnly = 0;    //!< nil receive
    uint64_t receiveOnly = 0; //!< nil send
    double accuracy = 1;      //!< correct / matched (1 if none matched)
};

/**
 * \ingroup chronometry
 * \param records the records given to ReconcileByEndpoints
 * \param result its result
 * \return the score (records' truthId compared)
 */
EndpointReconciliationScore ScoreEndpointReconciliation(const std::vector<SocketRecord>& records,
                                                        const EndpointReconciliation& result);

/**
 * \ingroup chronometry
 * The socket records of a trace (for tests and fault injection): a send
 * record for every message with a send timestamp, a receive record for every
 * message with a receive timestamp, ports from the messages, truthId the
 * message id and, if asked, the id as the content fingerprint.
 * \param trace messages
 * \param fingerprints whether records carry a fingerprint
 * \return the records, sends then receives
 */
std::vector<SocketRecord> SplitIntoRecords(const std::vector<TraceMessage>& trace,
                                           bool fingerprints = false);

} // namespace ns3

#endif /* ENDPOINT_RECONCILIATION_H */
