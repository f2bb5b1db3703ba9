/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sync-network.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/internet-module.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/point-to-point-module.h"
#include "ns3/string.h"
#include "ns3/switch-routing.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncNetwork");

namespace
{

/**
 * A point-to-point channel whose two directions may differ: from device 0 to device 1 takes
 * m_extra01 longer than the configured delay, from 1 to 0 m_extra10 longer (a fiber pair of
 * unequal lengths, or an explicit asymmetry).
 */
class AsymmetricChannel : public PointToPointChannel
{
  public:
    /** \param extra additional delay from device 0 to device 1 */
    explicit AsymmetricChannel(Time extra)
        : m_extra01(extra)
    {
    }

    /**
     * \param extra01 additional delay from device 0 to device 1
     * \param extra10 additional delay from device 1 to device 0
     */
    void SetExtra(Time extra01, Time extra10)
    {
        m_extra01 = extra01;
        m_extra10 = extra10;
    }

    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override
    {
        const uint32_t wire = src == GetSource(0) ? 0 : 1;
        Ptr<PointToPointNetDevice> dst = GetDestination(wire);
        const Time d = txTime + GetDelay() + (wire == 0 ? m_extra01 : m_extra10);
        Simulator::ScheduleWithContext(dst->GetNode()->GetId(),
                                       d,
                                       &PointToPointNetDevice::Receive,
                                       dst,
                                       p->Copy());
        return true;
    }

  private:
    Time m_extra01;    //!< extra delay 0 -> 1
    Time m_extra10{0}; //!< extra delay 1 -> 0
};

/**
 * \param a the first node (its direction to \p b is the longer one)
 * \param b the second node
 * \param delay propagation delay
 * \param extra additional delay from a to b
 * \return the two devices (a's, b's), 1 Gb/s
 */
NetDeviceContainer
InstallAsymmetricLink(Ptr<Node> a, Ptr<Node> b, Time delay, Time extra)
{
    auto channel = CreateObject<AsymmetricChannel>(extra);
    channel->SetAttribute("Delay", TimeValue(delay));
    NetDeviceContainer devices;
    for (Ptr<Node> node : {a, b})
    {
        auto d = CreateObject<PointToPointNetDevice>();
        d->SetAddress(Mac48Address::Allocate());
        d->SetAttribute("DataRate", StringValue("1Gbps"));
        auto queue = CreateObject<DropTailQueue<Packet>>();
        d->SetQueue(queue);
        // As PointToPointHelper does: the traffic control layer finds the device's queue.
        auto queueInterface = CreateObject<NetDeviceQueueInterface>();
        queueInterface->GetTxQueue(0)->ConnectQueueTraces(queue);
        d->AggregateObject(queueInterface);
        node->AddDevice(d);
        d->Attach(channel);
        devices.Add(d);
    }
    return devices;
}

} // namespace

std::vector<uint32_t>
LineParents(uint32_t switches)
{
    std::vector<uint32_t> parent(switches, 0);
    for (uint32_t s = 1; s < switches; ++s)
    {
        parent[s] = s - 1;
    }
    return parent;
}

std::vector<uint32_t>
BinaryTreeParents(uint32_t switches)
{
    std::vector<uint32_t> parent(switches, 0);
    for (uint32_t s = 1; s < switches; ++s)
    {
        parent[s] = (s - 1) / 2;
    }
    return parent;
}

uint32_t
SwitchesBetween(const SyncNetwork& net, uint32_t a, uint32_t b)
{
    uint32_t x = net.switchOf.at(a);
    uint32_t y = net.switchOf.at(b);
    uint32_t switches = 1;
    while (x != y) // parent[s] < s: the larger one is never the other's ancestor
    {
        if (x > y)
        {
            x = net.parent[x];
        }
        else
        {
            y = net.parent[y];
        }
        ++switches;
    }
    return switches;
}

namespace
{

/**
 * \param parent the tree
 * \param s a switch
 * \param h another switch
 * \return the child of \p s on the way down to \p h, or \p s when \p h is not below it
 */
uint32_t
ChildTowards(const std::vector<uint32_t>& parent, uint32_t s, uint32_t h)
{
    for (; h != 0; h = parent[h])
    {
        if (parent[h] == s)
        {
            return h;
        }
    }
    return s;
}

} // namespace

SyncNetwork
InstallSwitchTree(uint32_t hosts,
                  const std::vector<uint32_t>& parent,
                  Time linkDelay,
                  Time asymmetry,
                  bool asymmetricLinks)
{
    NS_LOG_FUNCTION(hosts << parent.size() << linkDelay << asymmetry << asymmetricLinks);
    const auto k = static_cast<uint32_t>(parent.size());
    SyncNetwork net;
    net.parent = parent;
    net.hosts.Create(hosts);
    net.switches.Create(k);
    InternetStackHelper internet;
    internet.Install(net.hosts);
    internet.Install(net.switches);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", TimeValue(linkDelay));
    TrafficControlHelper trafficControl;
    Ipv4StaticRoutingHelper routing;
    std::vector<Ptr<SwitchRouting>> forwarding;
    // up[s]: switch s's interface towards its parent; down[c]: the parent's towards child c
    std::vector<uint32_t> up(k, 0);
    std::vector<uint32_t> down(k, 0);
    NetDeviceContainer trunks;
    Ipv4AddressHelper trunk("172.16.0.0", "255.255.255.252");
    for (uint32_t s = 0; s < k; ++s)
    {
        Ptr<Ipv4> ip = net.switches.Get(s)->GetObject<Ipv4>();
        chronometry::UseStrongEndSystemModel(ip);
        forwarding.push_back(CreateObject<SwitchRouting>());
        DynamicCast<Ipv4ListRouting>(ip->GetRoutingProtocol())
            ->AddRoutingProtocol(forwarding.back(), 10);
        if (s > 0)
        {
            NS_ABORT_MSG_IF(parent[s] >= s, "InstallSwitchTree: parent[s] must be below s");
            NetDeviceContainer link =
                asymmetricLinks ? InstallAsymmetricLink(net.switches.Get(parent[s]),
                                                        net.switches.Get(s),
                                                        linkDelay,
                                                        Time(0))
                                : p2p.Install(net.switches.Get(parent[s]), net.switches.Get(s));
            Ipv4InterfaceContainer a = trunk.Assign(link);
            trunk.NewNetwork();
            trafficControl.Uninstall(link);
            trunks.Add(link);
            down[s] = a.Get(0).second;
            up[s] = a.Get(1).second;
        }
    }
    Ipv4AddressHelper access("10.0.0.0", "255.255.255.252");
    std::vector<uint32_t> port;
    for (uint32_t i = 0; i < hosts; ++i)
    {
        const auto s = static_cast<uint32_t>(uint64_t(i) * k / hosts);
        net.switchOf.push_back(s);
        NetDeviceContainer link =
            asymmetricLinks || (i == 0 && asymmetry.IsStrictlyPositive())
                ? InstallAsymmetricLink(net.hosts.Get(i), net.switches.Get(s), linkDelay, asymmetry)
                : p2p.Install(net.hosts.Get(i), net.switches.Get(s));
        net.linkAsymmetry.push_back(i == 0 ? asymmetry : Time(0));
        Ipv4InterfaceContainer a = access.Assign(link);
        access.NewNetwork();
        trafficControl.Uninstall(link);
        net.devices.Add(link);
        net.addresses.Add(a.Get(0));
        port.push_back(a.Get(1).second);
        routing.GetStaticRouting(net.hosts.Get(i)->GetObject<Ipv4>())
            ->SetDefaultRoute(a.GetAddress(1), a.Get(0).second);
    }
    net.devices.Add(trunks);
    net.linkAsymmetry.resize(hosts + (k > 0 ? k - 1 : 0), Time(0));
    for (uint32_t s = 0; s < k; ++s)
    {
        for (uint32_t i = 0; i < hosts; ++i)
        {
            const uint32_t h = net.switchOf[i];
            const uint32_t child = ChildTowards(parent, s, h);
            const uint32_t out = h == s ? port[i] : (child != s ? down[child] : up[s]);
            forwarding[s]->AddHost(net.addresses.GetAddress(i), out);
        }
    }
    return net;
}

void
SetLinkAsymmetry(SyncNetwork& net, std::size_t link, Time asymmetry)
{
    NS_LOG_FUNCTION(link << asymmetry);
    auto channel = DynamicCast<AsymmetricChannel>(net.devices.Get(2 * link)->GetChannel());
    NS_ABORT_MSG_IF(!channel, "SetLinkAsymmetry: link " << link << " is not asymmetric");
    // The longer direction carries the whole difference; the shorter keeps the base delay.
    channel->SetExtra(asymmetry.IsStrictlyPositive() ? asymmetry : Time(0),
                      asymmetry.IsStrictlyNegative() ? Time(0) - asymmetry : Time(0));
    net.linkAsymmetry.at(link) = asymmetry;
}

Time
PathAsymmetry(const SyncNetwork& net, uint32_t from, uint32_t to)
{
    const auto hosts = static_cast<uint32_t>(net.hosts.GetN());
    // A host link is stored host -> switch; a trunk parent -> child (switch s: link hosts + s - 1).
    Time a = net.linkAsymmetry.at(from) - net.linkAsymmetry.at(to);
    uint32_t x = net.switchOf.at(from);
    uint32_t y = net.switchOf.at(to);
    while (x != y) // parent[s] < s: the larger one is never the other's ancestor
    {
        if (x > y)
        {
            a -= net.linkAsymmetry.at(hosts + x - 1); // up from x: child -> parent
            x = net.parent[x];
        }
        else
        {
            a += net.linkAsymmetry.at(hosts + y - 1); // down to y: parent -> child
            y = net.parent[y];
        }
    }
    return a;
}

void
InstallBurstLoad(const SyncNetwork& network, double load, Time stop)
{
    NS_LOG_FUNCTION(load << stop);
    const uint32_t n = network.hosts.GetN();
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
    sink.Install(network.hosts);
    const double on = 0.004;
    const double duty = load / 1.4;
    const double off = on * (1 - duty) / duty;
    std::ostringstream onVar;
    onVar << "ns3::ExponentialRandomVariable[Mean=" << on << "]";
    std::ostringstream offVar;
    offVar << "ns3::ExponentialRandomVariable[Mean=" << off << "]";
    OnOffHelper onoff("ns3::UdpSocketFactory", Address());
    onoff.SetAttribute("DataRate", StringValue("700Mbps"));
    onoff.SetAttribute("PacketSize", UintegerValue(1472));
    onoff.SetAttribute("OnTime", StringValue(onVar.str()));
    onoff.SetAttribute("OffTime", StringValue(offVar.str()));
    for (uint32_t i = 0; i < n; ++i)
    {
        for (uint32_t step : {1U, 2U})
        {
            const uint32_t to = (i + step) % n;
            onoff.SetAttribute(
                "Remote",
                AddressValue(InetSocketAddress(network.addresses.GetAddress(to), 9)));
            ApplicationContainer apps = onoff.Install(network.hosts.Get(i));
            apps.Start(MilliSeconds(10));
            apps.Stop(stop);
        }
    }
}

} // namespace ns3
