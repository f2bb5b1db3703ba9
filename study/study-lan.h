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
    NodeContainer nodes;               //!< the nodes on the segment
    NetDeviceContainer devices;        //!< their CSMA devices
    Ipv4InterfaceContainer interfaces; //!< their IPv4 interfaces, in node order

    /**
     * Fix the random streams of the CSMA devices and the Internet stacks.
     * \param stream first stream number
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) const;
};

/**
 * \ingroup chronometry
 * The shared LAN of the scenario runners: one CSMA segment (data rate, propagation delay
 * delta), the Internet stack, IPv4 addresses from \p network / \p mask, and static ARP entries,
 * so that the one-way delay is delta plus transmission from the first message on, not
 * delayed by address resolution (which would add milliseconds).
 *
 * \param nodes the nodes on the segment
 * \param dataRate CSMA data rate, e.g. "1Gbps"
 * \param delay CSMA propagation delay (delta)
 * \param network IPv4 network address, e.g. "10.0.0.0"
 * \param mask IPv4 mask, e.g. "255.0.0.0"
 * \return the segment's devices and interfaces
 */
StudyLan InstallStudyLan(const NodeContainer& nodes,
                         const std::string& dataRate,
                         Time delay,
                         const std::string& network,
                         const std::string& mask);

} // namespace ns3

#endif /* STUDY_LAN_H */
