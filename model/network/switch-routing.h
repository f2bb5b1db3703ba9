/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SWITCH_ROUTING_H
#define SWITCH_ROUTING_H

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/net-device-queue-interface.h"

#include <unordered_map>
#include <vector>

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
 *
 * Multicast (FloodMulticast, on by default): a datagram to a multicast group outside
 * 224.0.0.0/24 (the link-local groups a router never forwards) leaves by every other up port,
 * as an Ethernet switch without IGMP snooping floods it; the switch also delivers it locally
 * (Ipv4ListRouting does, for any group).  IP forwarding decrements the TTL, so a sender needs a
 * TTL of at least 2 (ns-3's default is 64).
 *
 * A forward hook (SetForwardHook) sees every copy about to leave, with its input and output
 * interfaces, and may let it go, replace it (a modified copy: a transparent clock adding to a
 * field) or hold it back (it returns nullptr) and send it later with Forward().
 *
 * Fast path (FastPath, on by default; FastForward): a unicast datagram to a known host, with no
 * forward hook set, a TTL above 1, a TOS of priority 0, no checksums (Node's ChecksumEnabled
 * off), both interfaces up, within the output's MTU and its device queue not stopped, is
 * forwarded as ns-3's IP forwarding would forward it (the same copy, TTL decremented, the
 * output device's broadcast address, at the same simulated time) but without passing through
 * Ipv4L3Protocol::Receive, the list routing and the traffic-control layer, whose two
 * std::map lookups over the switch's n interfaces cost most of its work at thousands of
 * ports.  The switch's IPv4 trace sources (Rx, UnicastForward, Tx) do not fire for those
 * datagrams; turn FastPath off to trace them.  Every other datagram takes ns-3's path.
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

    /** \return the datagrams forwarded (each copy of a flooded datagram counts) */
    uint64_t GetForwarded() const;

    /** \return the datagrams of GetForwarded() that took the fast path */
    uint64_t GetFastForwarded() const;

    /**
     * Forward an IPv4 frame the switch received by the fast path (see the class), if it
     * qualifies.
     * \param input the device it arrived on
     * \param p the frame's payload: the IPv4 datagram, header included
     * \return whether it was forwarded; if not, it is left to Ipv4L3Protocol::Receive
     */
    bool FastForward(Ptr<NetDevice> input, Ptr<const Packet> p);

    /**
     * A hook on every copy the switch forwards.
     * \param packet the datagram's IP payload (a copy the hook may modify or replace)
     * \param header its IPv4 header (as received: the TTL is decremented afterwards)
     * \param input the interface it arrived on
     * \param output the interface it is about to leave on
     * \return the datagram to send out of \p output now (\p packet, or a replacement), or
     *         nullptr to send nothing now (dropped, or kept to be sent later with Forward())
     */
    typedef Callback<Ptr<Packet>, Ptr<Packet>, const Ipv4Header&, uint32_t, uint32_t> ForwardHook;

    /**
     * Set the forward hook (one per switch: a second call replaces the first; a null callback
     * removes it).
     * \param hook the hook
     */
    void SetForwardHook(ForwardHook hook);

    /**
     * Send a datagram out of an interface as forwarding does (TTL decremented, the interface's
     * queue): for a datagram a forward hook kept back.  Valid once the switch has forwarded
     * a datagram (the hook only sees datagrams being forwarded).
     * \param packet the IP payload
     * \param header its IPv4 header (as the hook saw it)
     * \param output the switch's interface to send it out of
     */
    void Forward(Ptr<Packet> packet, const Ipv4Header& header, uint32_t output);

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
    /** A host route and the interface it leaves by. */
    struct HostRoute
    {
        Ptr<Ipv4Route> route;      //!< the route
        uint32_t interface;        //!< its output interface
        Ptr<NetDeviceQueue> queue; //!< the output device's transmission queue (null: none)
        bool fast;                 //!< one transmission queue or none (FastForward may send)
    };

    /**
     * \param device a device of the switch
     * \return its IPv4 interface, or -1 (cached: one ns-3 lookup per device)
     */
    int32_t InterfaceOf(Ptr<NetDevice> device);

    /**
     * Forward one copy (through the hook, if any).
     * \param route the route
     * \param output its output interface
     * \param p the datagram
     * \param header its header
     * \param input the interface it arrived on
     */
    void ForwardCopy(Ptr<Ipv4Route> route,
                     uint32_t output,
                     Ptr<const Packet> p,
                     const Ipv4Header& header,
                     uint32_t input);
    /**
     * \param output an interface
     * \param group a multicast group
     * \return a route that sends to \p group out of \p output
     */
    Ptr<Ipv4Route> FloodRoute(uint32_t output, Ipv4Address group);

    Ptr<Ipv4> m_ipv4;                                           //!< the switch's IPv4
    std::unordered_map<uint32_t, HostRoute> m_routes;           //!< host address -> route
    uint64_t m_forwarded = 0;                                   //!< datagrams forwarded
    bool m_floodMulticast = true;                               //!< FloodMulticast
    ForwardHook m_hook;                                         //!< the forward hook (null: none)
    UnicastForwardCallback m_forward;                           //!< IP forwarding (from RouteInput)
    std::unordered_map<uint32_t, Ptr<Ipv4Route>> m_floodRoutes; //!< interface -> route
    bool m_fastPath = true;                                     //!< FastPath
    uint64_t m_fastForwarded = 0;                               //!< datagrams of the fast path
    std::vector<int32_t> m_interfaceOfDevice; //!< device index -> interface (-2: not looked up)
};

} // namespace ns3

#endif /* SWITCH_ROUTING_H */
