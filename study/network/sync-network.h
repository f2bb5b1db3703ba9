/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SYNC_NETWORK_H
#define SYNC_NETWORK_H

#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <vector>

namespace ns3
{

/** \ingroup chronometry The hosts and switches of the sync study's network. */
struct SyncNetwork
{
    NodeContainer hosts;              //!< the hosts
    NodeContainer switches;           //!< the switches, in the order of the chain
    Ipv4InterfaceContainer addresses; //!< per host: its address
    std::vector<uint32_t> switchOf;   //!< per host: the switch it hangs off
    std::vector<uint32_t> parent;     //!< per switch: its parent (switch 0: itself)
    NetDeviceContainer devices;       //!< every link's two devices (host links, then trunks)
    /** per link (host links, then trunks, as in devices): the one-way delay from its first
     *  device's node to its second's minus the reverse (host links: host -> switch; trunks:
     *  parent -> child). The model's truth, for scoring only. */
    std::vector<Time> linkAsymmetry;
};

/**
 * \ingroup chronometry
 * \param net a network
 * \param a a host
 * \param b another host
 * \return the switches a datagram from \p a to \p b passes (1: the same switch)
 */
uint32_t SwitchesBetween(const SyncNetwork& net, uint32_t a, uint32_t b);

/**
 * \ingroup chronometry
 * A tree of switches (switch s > 0 hangs off switch parent[s] < s; one switch: a star), every
 * link point-to-point at 1 Gb/s with the given
 * propagation delay and no queue discipline (a port queues in its device's FIFO, as a switch
 * port does). The hosts hang off the switches in blocks (host i off switch i k / n); every
 * switch forwards at the IP layer through a SwitchRouting with a route to every host (its
 * own port, the trunk down towards the host's switch, or the trunk up) and floods multicast
 * over every other port.
 * Each host's default route is its switch. Addresses: one /30 per host link from 10.0.0.0,
 * one per trunk from 172.16.0.0.
 * \param hosts number of hosts
 * \param parent per switch: its parent (parent[0] ignored; parent[s] < s)
 * \param linkDelay propagation delay of every link
 * \param asymmetry extra delay from host 0 to its switch (a path asymmetry; 0: none)
 * \param asymmetricLinks every link can take a per-direction delay later (SetLinkAsymmetry)
 * \return the network
 */
SyncNetwork InstallSwitchTree(uint32_t hosts,
                              const std::vector<uint32_t>& parent,
                              Time linkDelay,
                              Time asymmetry = Time(0),
                              bool asymmetricLinks = false);

/**
 * \ingroup chronometry
 * Make one link's directions differ (a fiber pair of unequal lengths): the longer direction
 * takes |asymmetry| more than the link's delay, the other its delay.
 * \param net a network installed with asymmetricLinks (or host 0's link with an asymmetry)
 * \param link the link's index (host links, then trunks: SyncNetwork::linkAsymmetry)
 * \param asymmetry delay from its first device's node to its second's minus the reverse
 */
void SetLinkAsymmetry(SyncNetwork& net, std::size_t link, Time asymmetry);

/**
 * \ingroup chronometry
 * \param net a network
 * \param from a host
 * \param to another host
 * \return the links' one-way delay from \p from to \p to minus the reverse (the wire's static
 *         asymmetry along the path; queueing and time stamping not included)
 */
Time PathAsymmetry(const SyncNetwork& net, uint32_t from, uint32_t to);

/**
 * \ingroup chronometry
 * \param switches number of switches
 * \return a line: switch s hangs off s - 1
 */
std::vector<uint32_t> LineParents(uint32_t switches);

/**
 * \ingroup chronometry
 * \param switches number of switches
 * \return a binary tree in heap order: switch s hangs off (s - 1) / 2
 */
std::vector<uint32_t> BinaryTreeParents(uint32_t switches);

/**
 * \ingroup chronometry
 * Bursty UDP background load: a sink on UDP 9 of every host and two on/off flows (exponential
 * on and off times, 4 ms mean on, 700 Mb/s while on, 1472-octet datagrams) from host i to
 * hosts i + 1 and i + 2 (mod n): where two bursts overlap the switch port towards a host
 * queues. The duty cycle load / 1.4 gives every host link a mean utilization of \p load.
 * The caller fixes the flows' random streams (OnOffHelper::AssignStreams on the hosts).
 * \param network the network
 * \param load mean utilization of a host link, in (0, 1)
 * \param stop when the flows stop
 */
void InstallBurstLoad(const SyncNetwork& network, double load, Time stop);

} // namespace ns3

#endif /* SYNC_NETWORK_H */
