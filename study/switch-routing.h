/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SWITCH_ROUTING_H
#define SWITCH_ROUTING_H

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ipv4-routing-protocol.h"

#include <unordered_map>

namespace ns3
{

/**
 * \ingroup chronometry
 * The forwarding table of the switched LAN's switch: one host route per node, found by a hash
 * lookup of the destination address, so that forwarding a datagram costs O(1) whatever the
 * number of ports (ns-3's Ipv4StaticRouting scans every route for the longest prefix: O(n) per
 * datagram at a switch with n ports).  Installed beside the static routing in the switch's
 * Ipv4ListRouting, at a higher priority; a destination it does not know falls through to the
 * static routing.  It forwards only: locally originated packets (the switch sends none) and
 * local delivery are left to the other protocols.
 */
class SwitchRouting : public Ipv4RoutingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * Forward datagrams for \p host out of \p interface.
     * \param host a node's address
     * \param interface the switch's interface towards it
     */
    void AddHost(Ipv4Address host, uint32_t interface);

    /** \return the datagrams forwarded */
    uint64_t GetForwarded() const;

    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    chronometry::RouteInputArg<UnicastForwardCallback> ucb,
                    chronometry::RouteInputArg<MulticastForwardCallback> mcb,
                    chronometry::RouteInputArg<LocalDeliverCallback> lcb,
                    chronometry::RouteInputArg<ErrorCallback> ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    Ptr<Ipv4> m_ipv4;                                      //!< the switch's IPv4
    std::unordered_map<uint32_t, Ptr<Ipv4Route>> m_routes; //!< host address -> route
    uint64_t m_forwarded = 0;                              //!< datagrams forwarded
};

} // namespace ns3

#endif /* SWITCH_ROUTING_H */
