/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-lan.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/log.h"
#include "ns3/neighbor-cache-helper.h"
#include "ns3/point-to-point-module.h"
#include "ns3/string.h"
#include "ns3/switch-routing.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyLan");

namespace
{

/** The CSMA segment of the thesis. */
StudyLan
InstallCsmaLan(const NodeContainer& nodes,
               const std::string& dataRate,
               Time delay,
               const std::string& network,
               const std::string& mask)
{
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue(dataRate));
    csma.SetChannelAttribute("Delay", TimeValue(delay));
    NetDeviceContainer devices = csma.Install(nodes);
    InternetStackHelper internet;
    internet.Install(nodes);
    Ipv4AddressHelper ipv4;
    ipv4.SetBase(network.c_str(), mask.c_str());
    Ipv4InterfaceContainer interfaces = ipv4.Assign(devices);
    NeighborCacheHelper neighbors;
    neighbors.PopulateNeighborCache(interfaces);
    return StudyLan{nodes, devices, interfaces, NodeContainer()};
}

/** A point-to-point star through a switch node that forwards at the IP layer. */
/**
 * The switch's frames reach IPv4 and ARP through one protocol handler for all its ports.
 * ns-3 registers two per port (IPv4 and ARP) at the node, and two more at its traffic-control
 * layer, and scans each list for every frame: O(n) per frame, most of the simulation's cost
 * per event at n = 4,096.  The ports have no queue discipline (below), so the layer's receive
 * only dispatches; the one handler dispatches by protocol, as it would.
 */
class SwitchDispatch : public SimpleRefCount<SwitchDispatch>
{
  public:
    /**
     * \param node the switch, its Internet stack and every port installed
     * \param routing its forwarding table (whose fast path sees every IPv4 frame first)
     */
    SwitchDispatch(Ptr<Node> node, Ptr<SwitchRouting> routing)
        : m_ipv4(node->GetObject<Ipv4L3Protocol>()),
          m_arp(node->GetObject<ArpL3Protocol>()),
          m_routing(routing)
    {
        // Each unregistration removes one of the layer's per-device registrations (IPv4 and
        // ARP for every interface, the loopback included).
        Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
        const auto perDevice = MakeCallback(&TrafficControlLayer::Receive, tc);
        for (uint32_t k = 0; k < 2 * m_ipv4->GetNInterfaces(); ++k)
        {
            node->UnregisterProtocolHandler(perDevice);
        }
        node->RegisterProtocolHandler(
            MakeCallback(&SwitchDispatch::Receive, Ptr<SwitchDispatch>(this)),
            0,
            nullptr);
    }

  private:
    /**
     * A frame from any port.
     * \param device the port
     * \param p the packet
     * \param protocol its EtherType
     * \param from sender
     * \param to receiver
     * \param type packet type
     */
    void Receive(Ptr<NetDevice> device,
                 Ptr<const Packet> p,
                 uint16_t protocol,
                 const Address& from,
                 const Address& to,
                 NetDevice::PacketType type)
    {
        if (protocol == Ipv4L3Protocol::PROT_NUMBER)
        {
            if (!m_routing->FastForward(device, p))
            {
                m_ipv4->Receive(device, p, protocol, from, to, type);
            }
        }
        else if (protocol == ArpL3Protocol::PROT_NUMBER)
        {
            m_arp->Receive(device, p, protocol, from, to, type);
        }
    }

    Ptr<Ipv4L3Protocol> m_ipv4;   //!< the switch's IPv4
    Ptr<ArpL3Protocol> m_arp;     //!< and ARP
    Ptr<SwitchRouting> m_routing; //!< its forwarding table
};

StudyLan
InstallSwitchedLan(const NodeContainer& nodes,
                   const std::string& dataRate,
                   Time delay,
                   const std::string& network)
{
    NodeContainer switchNode;
    switchNode.Create(1);
    InternetStackHelper internet;
    internet.Install(nodes);
    internet.Install(switchNode);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(dataRate));
    p2p.SetChannelAttribute("Delay", TimeValue(delay / 2));
    Ipv4AddressHelper ipv4;
    ipv4.SetBase(network.c_str(), "255.255.255.252");
    Ipv4StaticRoutingHelper routing;
    // The switch checks a datagram's destination against the addresses of the port it came in
    // on only (the strong end-system model), not against all n ports: O(1) per datagram, not
    // O(n).  It owns no address a study sends to, so this changes no delivery.
    chronometry::UseStrongEndSystemModel(switchNode.Get(0)->GetObject<Ipv4>());
    // No queue discipline on the links: a port queues in its device's FIFO (100 packets), as
    // a switch port does.  Ipv4AddressHelper::Assign installs ns-3's default, FqCoDel, which
    // keeps a flow queue per source/destination pair it sees, up to 1024 per device: O(n)
    // state per port and O(n^2) in all (at n = 512 that was most of the run's memory).
    TrafficControlHelper trafficControl;
    // Forwarding by a hash of the destination (O(1) per datagram; the static routing's /30
    // routes below stay as the fallback, but would scan all n of them).
    Ptr<Ipv4> switchIp = switchNode.Get(0)->GetObject<Ipv4>();
    auto forwarding = CreateObject<SwitchRouting>();
    DynamicCast<Ipv4ListRouting>(switchIp->GetRoutingProtocol())
        ->AddRoutingProtocol(forwarding, 10);
    StudyLan lan{nodes, NetDeviceContainer(), Ipv4InterfaceContainer(), switchNode};
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        NetDeviceContainer link = p2p.Install(nodes.Get(i), switchNode.Get(0));
        Ipv4InterfaceContainer addresses = ipv4.Assign(link);
        ipv4.NewNetwork();
        trafficControl.Uninstall(link);
        lan.devices.Add(link.Get(0));
        lan.interfaces.Add(addresses.Get(0));
        forwarding->AddHost(addresses.GetAddress(0), addresses.Get(1).second);
        // Everything the node sends goes to the switch; the switch knows every /30 it is on.
        Ptr<Ipv4> ip = nodes.Get(i)->GetObject<Ipv4>();
        routing.GetStaticRouting(ip)->SetDefaultRoute(addresses.GetAddress(1),
                                                      addresses.Get(0).second);
    }
    Create<SwitchDispatch>(switchNode.Get(0), forwarding);
    return lan;
}

} // namespace

StudyLan
InstallStudyLan(const NodeContainer& nodes,
                const std::string& dataRate,
                Time delay,
                const std::string& network,
                const std::string& mask,
                const std::string& topology)
{
    if (topology == "csma")
    {
        return InstallCsmaLan(nodes, dataRate, delay, network, mask);
    }
    if (topology == "switched")
    {
        return InstallSwitchedLan(nodes, dataRate, delay, network);
    }
    chronometry::ReportConfigError("InstallStudyLan: topology = '" + topology +
                                   "' is invalid; valid values: csma, switched");
}

int64_t
StudyLan::AssignStreams(int64_t stream) const
{
    InternetStackHelper internet;
    int64_t used = 0;
    if (switchNode.GetN() == 0)
    {
        CsmaHelper csma;
        used += csma.AssignStreams(devices, stream);
        used += internet.AssignStreams(nodes, stream + used);
        return used;
    }
    // Point-to-point devices draw nothing; the stacks of the nodes and the switch do.
    used += internet.AssignStreams(nodes, stream);
    used += internet.AssignStreams(switchNode, stream + used);
    return used;
}

} // namespace ns3
