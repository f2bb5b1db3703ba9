/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "switch-routing.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/socket.h"

#include <ostream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchRouting");
NS_OBJECT_ENSURE_REGISTERED(SwitchRouting);

TypeId
SwitchRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SwitchRouting")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Chronometry")
            .AddConstructor<SwitchRouting>()
            .AddAttribute("FloodMulticast",
                          "Send a datagram to a multicast group outside 224.0.0.0/24 out of "
                          "every other up port (an Ethernet switch without IGMP snooping).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&SwitchRouting::m_floodMulticast),
                          MakeBooleanChecker())
            .AddAttribute("FastPath",
                          "Forward a plain unicast datagram to a known host straight to its "
                          "output device (as IP forwarding would, without the switch's IPv4 "
                          "Rx/UnicastForward/Tx traces); false: every datagram through ns-3's "
                          "IP forwarding and traffic-control layer.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&SwitchRouting::m_fastPath),
                          MakeBooleanChecker());
    return tid;
}

void
SwitchRouting::AddHost(Ipv4Address host, uint32_t interface)
{
    NS_LOG_FUNCTION(this << host << interface);
    if (!m_ipv4 || interface >= m_ipv4->GetNInterfaces() || m_ipv4->GetNAddresses(interface) == 0)
    {
        chronometry::ReportConfigError("SwitchRouting::AddHost: interface " +
                                       std::to_string(interface) +
                                       " is invalid; valid: an addressed interface of the switch");
    }
    auto route = Create<Ipv4Route>();
    route->SetDestination(host);
    route->SetGateway(host);
    route->SetSource(m_ipv4->GetAddress(interface, 0).GetLocal());
    route->SetOutputDevice(m_ipv4->GetNetDevice(interface));
    Ptr<NetDeviceQueueInterface> queues =
        m_ipv4->GetNetDevice(interface)->GetObject<NetDeviceQueueInterface>();
    // A device of several transmission queues lets its queue-selection callback pick one:
    // the traffic-control layer's work, so its datagrams take ns-3's path.
    const bool single = queues && queues->GetNTxQueues() == 1;
    m_routes[host.Get()] =
        HostRoute{route, interface, single ? queues->GetTxQueue(0) : nullptr, !queues || single};
}

int32_t
SwitchRouting::InterfaceOf(Ptr<NetDevice> device)
{
    const uint32_t index = device->GetIfIndex();
    if (index >= m_interfaceOfDevice.size())
    {
        m_interfaceOfDevice.resize(index + 1, -2);
    }
    int32_t& interface = m_interfaceOfDevice[index];
    if (interface == -2)
    {
        interface = m_ipv4->GetInterfaceForDevice(device);
    }
    return interface;
}

bool
SwitchRouting::FastForward(Ptr<NetDevice> input, Ptr<const Packet> p)
{
    Ipv4Header header;
    if (!m_fastPath || !m_hook.IsNull() || !m_ipv4 || Node::ChecksumEnabled() ||
        p->GetSize() < header.GetSerializedSize())
    {
        return false;
    }
    p->PeekHeader(header);
    const Ipv4Address destination = header.GetDestination();
    if (destination.IsMulticast() || destination.IsBroadcast() || header.GetTtl() <= 1 ||
        Socket::IpTos2Priority(header.GetTos()) != 0 ||
        header.GetSerializedSize() + header.GetPayloadSize() > p->GetSize())
    {
        return false;
    }
    auto it = m_routes.find(destination.Get());
    if (it == m_routes.end())
    {
        return false;
    }
    const HostRoute& host = it->second;
    const int32_t in = InterfaceOf(input);
    if (!host.fast || in < 0 || !m_ipv4->IsUp(in) || !m_ipv4->IsUp(host.interface) ||
        header.GetSerializedSize() + header.GetPayloadSize() > m_ipv4->GetMtu(host.interface) ||
        (host.queue && host.queue->IsStopped()))
    {
        return false; // ns-3's path drops it, fragments it or reports it, with its traces
    }
    // What Ipv4L3Protocol::Receive, IpForward and the traffic-control layer do to it: a copy
    // without frame padding or a priority tag, one hop less to live.
    Ptr<Packet> packet = p->Copy();
    packet->RemoveHeader(header);
    if (header.GetPayloadSize() < packet->GetSize())
    {
        packet->RemoveAtEnd(packet->GetSize() - header.GetPayloadSize());
    }
    header.SetTtl(header.GetTtl() - 1);
    SocketPriorityTag priority;
    packet->RemovePacketTag(priority);
    packet->AddHeader(header);
    ++m_forwarded;
    ++m_fastForwarded;
    Ptr<NetDevice> output = host.route->GetOutputDevice();
    output->Send(packet, output->GetBroadcast(), Ipv4L3Protocol::PROT_NUMBER);
    return true;
}

uint64_t
SwitchRouting::GetFastForwarded() const
{
    return m_fastForwarded;
}

void
SwitchRouting::SetForwardHook(ForwardHook hook)
{
    NS_LOG_FUNCTION(this);
    m_hook = hook;
}

void
SwitchRouting::Forward(Ptr<Packet> packet, const Ipv4Header& header, uint32_t output)
{
    NS_LOG_FUNCTION(this << packet << output);
    if (m_forward.IsNull() || !m_ipv4 || output >= m_ipv4->GetNInterfaces())
    {
        chronometry::ReportConfigError(
            "SwitchRouting::Forward: output interface " + std::to_string(output) +
            " is invalid; valid: an interface of the switch, after the switch forwarded a "
            "datagram");
    }
    Ptr<Ipv4Route> route;
    if (header.GetDestination().IsMulticast())
    {
        route = FloodRoute(output, header.GetDestination());
    }
    else
    {
        auto it = m_routes.find(header.GetDestination().Get());
        route = it != m_routes.end() && it->second.interface == output
                    ? it->second.route
                    : FloodRoute(output, header.GetDestination());
    }
    ++m_forwarded;
    m_forward(route, packet, header);
}

Ptr<Ipv4Route>
SwitchRouting::FloodRoute(uint32_t output, Ipv4Address group)
{
    Ptr<Ipv4Route>& route = m_floodRoutes[output];
    if (!route)
    {
        route = Create<Ipv4Route>();
        route->SetGateway(Ipv4Address::GetAny());
        route->SetSource(m_ipv4->GetAddress(output, 0).GetLocal());
        route->SetOutputDevice(m_ipv4->GetNetDevice(output));
    }
    route->SetDestination(group); // the route is used at once (IpForward does not keep it)
    return route;
}

void
SwitchRouting::ForwardCopy(Ptr<Ipv4Route> route,
                           uint32_t output,
                           Ptr<const Packet> p,
                           const Ipv4Header& header,
                           uint32_t input)
{
    ++m_forwarded;
    if (m_hook.IsNull())
    {
        m_forward(route, p, header);
        return;
    }
    Ptr<Packet> copy = m_hook(p->Copy(), header, input, output);
    if (copy)
    {
        m_forward(route, copy, header);
    }
}

uint64_t
SwitchRouting::GetForwarded() const
{
    return m_forwarded;
}

Ptr<Ipv4Route>
SwitchRouting::RouteOutput(Ptr<Packet>,
                           const Ipv4Header&,
                           Ptr<NetDevice>,
                           Socket::SocketErrno& sockerr)
{
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
SwitchRouting::RouteInput(Ptr<const Packet> p,
                          const Ipv4Header& header,
                          Ptr<const NetDevice> idev,
                          chronometry::RouteInputArg<UnicastForwardCallback> ucb,
                          chronometry::RouteInputArg<MulticastForwardCallback>,
                          chronometry::RouteInputArg<LocalDeliverCallback>,
                          chronometry::RouteInputArg<ErrorCallback>)
{
    const Ipv4Address destination = header.GetDestination();
    if (destination.IsMulticast())
    {
        // 224.0.0.0/24 is link-local: never forwarded (RFC 5771).
        if (!m_floodMulticast || (destination.Get() & 0xFFFFFF00U) == 0xE0000000U)
        {
            return false;
        }
        if (m_forward.IsNull())
        {
            m_forward = ucb;
        }
        const auto input = static_cast<uint32_t>(m_ipv4->GetInterfaceForDevice(idev));
        for (uint32_t i = 1; i < m_ipv4->GetNInterfaces(); ++i) // 0: loopback
        {
            if (i != input && m_ipv4->IsUp(i) && m_ipv4->GetNAddresses(i) > 0)
            {
                ForwardCopy(FloodRoute(i, destination), i, p, header, input);
            }
        }
        return true;
    }
    auto it = m_routes.find(destination.Get());
    if (it == m_routes.end())
    {
        return false;
    }
    if (m_forward.IsNull())
    {
        m_forward = ucb;
    }
    const uint32_t input =
        m_hook.IsNull() ? 0 : static_cast<uint32_t>(m_ipv4->GetInterfaceForDevice(idev));
    ForwardCopy(it->second.route, it->second.interface, p, header, input);
    return true;
}

void
SwitchRouting::NotifyInterfaceUp(uint32_t)
{
}

void
SwitchRouting::NotifyInterfaceDown(uint32_t)
{
}

void
SwitchRouting::NotifyAddAddress(uint32_t, Ipv4InterfaceAddress)
{
}

void
SwitchRouting::NotifyRemoveAddress(uint32_t, Ipv4InterfaceAddress)
{
}

void
SwitchRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
SwitchRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit) const
{
    std::ostream& os = *stream->GetStream();
    os << "SwitchRouting: " << m_routes.size() << " host routes, " << m_forwarded
       << " datagrams forwarded\n";
    for (const auto& [address, host] : m_routes)
    {
        os << "  " << Ipv4Address(address) << " via interface " << host.interface << "\n";
    }
}

void
SwitchRouting::DoDispose()
{
    m_routes.clear();
    m_floodRoutes.clear();
    m_interfaceOfDevice.clear();
    m_hook = ForwardHook();
    m_forward = UnicastForwardCallback();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

} // namespace ns3
