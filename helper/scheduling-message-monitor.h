/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCHEDULING_MESSAGE_MONITOR_H
#define SCHEDULING_MESSAGE_MONITOR_H

#include "ns3/ipv4.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/scheduling-header.h"

#include <array>
#include <cstdint>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup chronometry
 * The network's truth about OneClock messages: every SchedulingHeader datagram a watched node
 * sends, by message type (probes apart from real operations), and whether a watched node
 * received it.  It listens at the IP layer (Ipv4L3Protocol's Tx and Rx trace sources) and
 * matches a datagram's sending and receipt by packet uid, like FlowMonitor, so a message sent
 * and never received was lost on the way (an ErrorModel, a full queue) whatever the link type.
 * Neither the client nor the servers see it: it is for scoring.
 *
 * Install it on the client's and the servers' nodes before the run; read it after.  A
 * message still in flight when it is read counts as sent, not delivered.
 */
class SchedulingMessageMonitor
{
  public:
    /** Messages of one kind. */
    struct Counts
    {
        uint64_t sent{0};      //!< datagrams sent by a watched node
        uint64_t delivered{0}; //!< of those, received by a watched node

        /** \return sent - delivered */
        uint64_t Lost() const;
    };

    SchedulingMessageMonitor() = default;
    /** Not copyable: the trace sinks point to this object. */
    SchedulingMessageMonitor(const SchedulingMessageMonitor&) = delete;
    /** Not copyable. \return this */
    SchedulingMessageMonitor& operator=(const SchedulingMessageMonitor&) = delete;

    /**
     * Watch the IP layer of every node (each needs an Internet stack).  The monitor must
     * outlive the simulation run.
     * \param nodes the client's and the servers' nodes
     */
    void Install(const NodeContainer& nodes);

    /**
     * \param type a message type
     * \param probe probes (true) or real operations (false)
     * \return the messages of that type
     */
    Counts Get(SchedulingHeader::MessageType type, bool probe) const;

    /** \return every message of every type, probes included */
    Counts GetTotal() const;

  private:
    /**
     * Ipv4L3Protocol Tx trace sink.
     * \param packet the datagram (with its IPv4 header)
     * \param ipv4 the sender's IP layer
     * \param interface its interface
     */
    void Sent(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface);
    /**
     * Ipv4L3Protocol Rx trace sink.
     * \param packet the datagram (with its IPv4 header)
     * \param ipv4 the receiver's IP layer
     * \param interface its interface
     */
    void Received(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface);
    /**
     * \param packet a datagram with its IPv4 header
     * \param index set to its counter index if it carries a OneClock message
     * \return true if it does
     */
    static bool Classify(Ptr<const Packet> packet, std::size_t& index);

    static constexpr std::size_t TYPES = 7;               //!< message type values 0..6 (0 unused)
    std::array<Counts, 2 * TYPES> m_counts;               //!< [probe * TYPES + type]
    std::unordered_map<uint64_t, std::size_t> m_inFlight; //!< packet uid -> counter index
};

} // namespace ns3

#endif /* SCHEDULING_MESSAGE_MONITOR_H */
