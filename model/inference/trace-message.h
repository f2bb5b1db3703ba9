/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRACE_MESSAGE_H
#define TRACE_MESSAGE_H

#include "ns3/nstime.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace ns3
{

/**
 * \ingroup chronometry
 * One reconciled message (WAP5 section 4): who sent it to whom, and the
 * sender's and receiver's local clock readings.  A side that was not traced
 * has no timestamp (nil).  The ports are the flow endpoints (0: unknown); they
 * are used only to tell clients from servers (paper section 2.5.1).
 */
struct TraceMessage
{
    uint64_t id = 0;            //!< opaque message identifier
    uint32_t sender = 0;        //!< sending node
    uint32_t receiver = 0;      //!< receiving node
    std::optional<Time> sendTs; //!< sender-local send timestamp (nil if untraced)
    std::optional<Time> recvTs; //!< receiver-local receive timestamp (nil if untraced)
    uint16_t senderPort = 0;    //!< sender's port (0: unknown)
    uint16_t receiverPort = 0;  //!< receiver's port (0: unknown)
};

/** \ingroup chronometry A node pair (a, b); which order is meant is said where it is used. */
using NodePair = std::pair<uint32_t, uint32_t>;

} // namespace ns3

#endif /* TRACE_MESSAGE_H */
