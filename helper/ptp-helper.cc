/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/switch-routing.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpHelper");

namespace
{

/**
 * \param node a node
 * \return its SwitchRouting, if it forwards through one
 */
Ptr<SwitchRouting>
FindSwitchRouting(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    Ptr<Ipv4RoutingProtocol> routing = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
    if (Ptr<SwitchRouting> direct = DynamicCast<SwitchRouting>(routing))
    {
        return direct;
    }
    if (Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(routing))
    {
        for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
        {
            int16_t priority;
            if (auto found = DynamicCast<SwitchRouting>(list->GetRoutingProtocol(i, priority)))
            {
                return found;
            }
        }
    }
    return nullptr;
}

/**
 * The forward hook of a switch that is a boundary clock: PTP datagrams end at the switch.
 * \param packet the datagram
 * \param header its IPv4 header
 * \return \p packet, or nullptr for UDP 319 and 320
 */
Ptr<Packet>
KeepPtpLocal(Ptr<Packet> packet, const Ipv4Header& header, uint32_t, uint32_t)
{
    if (header.GetProtocol() == 17 && packet->GetSize() >= 8)
    {
        UdpHeader udp;
        packet->PeekHeader(udp);
        if (udp.GetDestinationPort() == 319 || udp.GetDestinationPort() == 320)
        {
            return nullptr;
        }
    }
    return packet;
}

} // namespace

PtpHelper::PtpHelper()
{
    m_clockFactory.SetTypeId(PtpClock::GetTypeId());
    m_transparentFactory.SetTypeId(PtpTransparentClock::GetTypeId());
}

void
PtpHelper::SetClockAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_clockFactory.Set(name, value);
}

void
PtpHelper::SetTransparentClockAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_transparentFactory.Set(name, value);
}

Ptr<PtpClock>
PtpHelper::Create(Ptr<Node> node, const std::vector<Ptr<NetDevice>>& devices) const
{
    Ptr<PtpClock> clock = m_clockFactory.Create<PtpClock>();
    if (m_servoSet)
    {
        clock->SetAttribute("Servo", PointerValue(m_servoFactory.Create<ClockServo>()));
    }
    clock->SetDevices(devices);
    node->AddApplication(clock);
    return clock;
}

Ptr<PtpClock>
PtpHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    return Create(node, {});
}

ApplicationContainer
PtpHelper::Install(const NodeContainer& nodes) const
{
    NS_LOG_FUNCTION(this << nodes.GetN());
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        apps.Add(Install(*it));
    }
    return apps;
}

ApplicationContainer
PtpHelper::Install(const NodeContainer& nodes, const std::vector<uint8_t>& priority1) const
{
    NS_LOG_FUNCTION(this << nodes.GetN());
    if (priority1.size() != nodes.GetN())
    {
        chronometry::ReportConfigError("PtpHelper::Install: " + std::to_string(priority1.size()) +
                                       " priority1 values for " + std::to_string(nodes.GetN()) +
                                       " nodes is invalid; valid: one per node");
    }
    ApplicationContainer apps;
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Ptr<PtpClock> clock = Install(nodes.Get(i));
        clock->SetAttribute("Priority1", UintegerValue(priority1[i]));
        apps.Add(clock);
    }
    return apps;
}

Ptr<PtpClock>
PtpHelper::InstallBoundary(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    std::vector<Ptr<NetDevice>> devices;
    for (uint32_t i = 1; ipv4 && i < ipv4->GetNInterfaces(); ++i)
    {
        if (ipv4->GetNAddresses(i) > 0)
        {
            devices.push_back(ipv4->GetNetDevice(i));
        }
    }
    if (devices.empty())
    {
        chronometry::ReportConfigError("PtpHelper::InstallBoundary: node " +
                                       std::to_string(node->GetId()) +
                                       " has no device with an IPv4 address; valid: a node with "
                                       "the Internet stack and addressed devices");
    }
    if (Ptr<SwitchRouting> forwarding = FindSwitchRouting(node))
    {
        forwarding->SetForwardHook(MakeCallback(&KeepPtpLocal));
    }
    return Create(node, devices);
}

Ptr<PtpTransparentClock>
PtpHelper::InstallTransparent(Ptr<Node> switchNode) const
{
    NS_LOG_FUNCTION(this << switchNode);
    Ptr<PtpTransparentClock> tc = m_transparentFactory.Create<PtpTransparentClock>();
    switchNode->AddApplication(tc);
    return tc;
}

int64_t
PtpHelper::AssignStreams(const NodeContainer& nodes, int64_t stream) const
{
    NS_LOG_FUNCTION(this << stream);
    int64_t used = 0;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        for (uint32_t a = 0; a < (*it)->GetNApplications(); ++a)
        {
            Ptr<Application> app = (*it)->GetApplication(a);
            if (auto clock = DynamicCast<PtpClock>(app))
            {
                used += clock->AssignStreams(stream + used);
            }
            else if (auto tc = DynamicCast<PtpTransparentClock>(app))
            {
                used += tc->AssignStreams(stream + used);
            }
        }
    }
    return used;
}

} // namespace ns3
