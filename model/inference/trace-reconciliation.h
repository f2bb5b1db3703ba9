/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRACE_RECONCILIATION_H
#define TRACE_RECONCILIATION_H

#include "endpoint-reconciliation.h"
#include "message-linking.h"

#include "ns3/causal-process.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A reconciled trace (WAP5 section 4) with the simulator's truth beside it
 * (kept out of the messages given to the linker).
 */
struct ReconciledTrace
{
    std::vector<TraceMessage> messages; //!< one per message, by true send time
    std::vector<Time> trueSend;         //!< true send time (or receive time if unsent in the log)
    std::vector<Time> trueRecv;         //!< true receive time (or -1 if not received)
    std::vector<int64_t> sendEvent;     //!< index of the send event in the log, or -1
    std::vector<int64_t> recvEvent;     //!< index of the receive event in the log, or -1
};

/**
 * Build one record per message from a causality log: the sender's and the
 * receiver's local timestamps (the clocks' physical readings), nil for an
 * untraced side; messages with neither side traced are dropped.
 * \param events the log, in simulation order
 * \param traced per process, whether it is traced (empty: all traced)
 * \return the trace
 */
ReconciledTrace ReconcileTrace(const std::vector<CausalEvent>& events,
                               const std::vector<bool>& traced = {});

/**
 * Build one record per message from a causality log as WAP5 does (section
 * 4), without the log's global message ids: each traced node's send and
 * receive events become socket records (node, peer, clock reading; the log
 * has no ports, so a flow is a node pair), matched by ReconcileByEndpoints.
 * The message ids of the result (and the truth beside it) come from the
 * matched records' events, so a mismatch shows in the scores.
 * \param events the log, in simulation order
 * \param traced per process, whether it is traced (empty: all traced)
 * \param matching FIFO (default) or FINGERPRINT (the message id stands in
 *        for a content fingerprint)
 * \return the trace
 */
ReconciledTrace ReconcileTraceByEndpoints(const std::vector<CausalEvent>& events,
                                          const std::vector<bool>& traced = {},
                                          EndpointMatching matching = EndpointMatching::FIFO);

/**
 * \param trace a reconciled trace
 * \param causeOf message id -> id of the message that caused it (spontaneous: absent or 0)
 * \return per message, the index of its true parent in the trace or -1
 *         (also -1 when the parent is not in the trace)
 */
std::vector<int64_t> TrueParents(const ReconciledTrace& trace,
                                 const std::map<uint64_t, uint64_t>& causeOf);

} // namespace ns3

#endif /* TRACE_RECONCILIATION_H */
