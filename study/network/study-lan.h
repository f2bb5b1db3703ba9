/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_LAN_H
#define STUDY_LAN_H

#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <string>

namespace ns3
{

/** \ingroup chronometry The devices and addresses of a StudyLan. */
struct StudyLan
{
    NodeContainer nodes;               //!< the study's nodes
    NetDeviceContainer devices;        //!< their devices (CSMA, or their switch-port links)
    Ipv4InterfaceContainer interfaces; //!< their IPv4 interfaces, in node order
    NodeContainer switchNode;          //!< the switch (empty on the CSMA segment)

    /**
     * Fix the random streams of the devices and the Internet stacks.
     * \param stream first stream number
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) const;
};

/**
 * \ingroup chronometry
 * The shared LAN of the scenario runners, in one of two topologies:
 *
 * - "csma" (the thesis' ns-3 setting): one CSMA segment with the given data rate and
 *   propagation delay delta. Every frame reaches every NIC (O(n) receptions per message), and
 *   ns-3's CSMA channel stays busy for a frame's transmission *and* propagation, so frames
 *   leave one per (transmission + delta): with a large delta, delta is also a queueing delay.
 * - "switched": a star of point-to-point links (the data rate, delay delta / 2 each) through a
 *   switch node that forwards at the IP layer; a frame reaches only its destination and links
 *   are full duplex, so a burst is not serialized by the propagation delay. The one-way delay
 *   is delta plus two transmissions (store and forward at the switch); on "csma" it is delta
 *   plus one.
 *
 * Both install the Internet stack and give node i the i-th address from \p network / \p mask
 * ("switched": one /30 per link, starting at \p network); "csma" fills the ARP caches
 * statically so that the first message is not delayed by address resolution (which would add
 * milliseconds); point-to-point links need no ARP.
 *
 * \param nodes the study's nodes
 * \param dataRate data rate, e.g. "1Gbps"
 * \param delay delta
 * \param network IPv4 network address, e.g. "10.0.0.0"
 * \param mask IPv4 mask, e.g. "255.0.0.0" ("csma" only)
 * \param topology "csma" or "switched"
 * \return the devices and interfaces
 */
StudyLan InstallStudyLan(const NodeContainer& nodes,
                         const std::string& dataRate,
                         Time delay,
                         const std::string& network,
                         const std::string& mask,
                         const std::string& topology = "csma");

} // namespace ns3

#endif /* STUDY_LAN_H */
