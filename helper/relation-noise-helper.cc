/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "relation-noise-helper.h"

#include "ns3/channel.h"
#include "ns3/chronometry-validation.h"
#include "ns3/data-rate.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/on-off-helper.h"
#include "ns3/onoff-application.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RelationNoiseHelper");

namespace
{
/**
 * \param at an absolute time \param what the caller, for the message
 * \return the delay from now (a configuration error if at is in the past)
 */
Time
FromNow(Time at, const std::string& what)
{
    Time now = Simulator::Now();
    if (at < now)
    {
        chronometry::ReportConfigError(what + ": at = " + chronometry::FormatTime(at) +
                                       " is invalid; valid range: [now (" +
                                       chronometry::FormatTime(now) + "), inf)");
    }
    return at - now;
}

/**
 * \param object an object \param attribute an attribute name \param what the caller
 * Report a configuration error unless the object has the attribute.
 */
void
RequireAttribute(Ptr<Object> object, const std::string& attribute, const std::string& what)
{
    TypeId::AttributeInformation info;
    if (!object || !object->GetInstanceTypeId().LookupAttributeByName(attribute, &info))
    {
        chronometry::ReportConfigError(what + ": the object has no \"" + attribute +
                                       "\" attribute (point-to-point and CSMA do)");
    }
}
} // namespace

RelationNoiseHelper::RelationNoiseHelper() = default;

void
RelationNoiseHelper::ScheduleChannelDelay(Ptr<Channel> channel, Time at, Time delay)
{
    NS_LOG_FUNCTION(channel << at << delay);
    const std::string what = "RelationNoiseHelper::ScheduleChannelDelay";
    RequireAttribute(channel, "Delay", what);
    chronometry::RequireTimeInRange(what + " delay", delay, Time(0), Seconds(10));
    Simulator::Schedule(FromNow(at, what),
                        [channel, delay]() { channel->SetAttribute("Delay", TimeValue(delay)); });
}

void
RelationNoiseHelper::ScheduleDataRate(Ptr<NetDevice> device, Time at, DataRate rate)
{
    NS_LOG_FUNCTION(device << at << rate);
    const std::string what = "RelationNoiseHelper::ScheduleDataRate";
    RequireAttribute(device, "DataRate", what);
    chronometry::RequireDoubleInRange(what + " rate",
                                      static_cast<double>(rate.GetBitRate()),
                                      0,
                                      1e12,
                                      "bit/s",
                                      false);
    Simulator::Schedule(FromNow(at, what), [device, rate]() {
        device->SetAttribute("DataRate", DataRateValue(rate));
    });
}

void
RelationNoiseHelper::ScheduleRouteSwitch(Ptr<Node> node,
                                         Time at,
                                         Ipv4Address network,
                                         Ipv4Mask mask,
                                         Ipv4Address nextHop,
                                         uint32_t interface)
{
    NS_LOG_FUNCTION(node << at << network << mask << nextHop << interface);
    const std::string what = "RelationNoiseHelper::ScheduleRouteSwitch";
    Ptr<Ipv4> ipv4 = node ? node->GetObject<Ipv4>() : nullptr;
    Ptr<Ipv4StaticRouting> routing =
        ipv4 ? Ipv4RoutingHelper::GetRouting<Ipv4StaticRouting>(ipv4->GetRoutingProtocol())
             : nullptr;
    if (!routing)
    {
        chronometry::ReportConfigError(what + ": the node has no Ipv4StaticRouting");
    }
    if (interface >= ipv4->GetNInterfaces())
    {
        chronometry::ReportConfigError(what + ": interface = " + std::to_string(interface) +
                                       " is invalid; valid range: [0, " +
                                       std::to_string(ipv4->GetNInterfaces() - 1) + "]");
    }
    Simulator::Schedule(FromNow(at, what), [routing, network, mask, nextHop, interface]() {
        for (uint32_t i = routing->GetNRoutes(); i-- > 0;)
        {
            Ipv4RoutingTableEntry e = routing->GetRoute(i);
            if (e.GetDestNetwork() == network && e.GetDestNetworkMask() == mask)
            {
                routing->RemoveRoute(i);
            }
        }
        routing->AddNetworkRouteTo(network, mask, nextHop, interface);
    });
}

void
RelationNoiseHelper::SetAsymmetricRates(const NetDeviceContainer& link,
                                        DataRate forward,
                                        DataRate reverse)
{
    NS_LOG_FUNCTION(forward << reverse);
    const std::string what = "RelationNoiseHelper::SetAsymmetricRates";
    if (link.GetN() != 2)
    {
        chronometry::ReportConfigError(what + ": the link must have exactly two devices");
    }
    for (const auto& [rate, name] :
         {std::make_pair(forward, "forward"), std::make_pair(reverse, "reverse")})
    {
        chronometry::RequireDoubleInRange(what + " " + name,
                                          static_cast<double>(rate.GetBitRate()),
                                          0,
                                          1e12,
                                          "bit/s",
                                          false);
    }
    RequireAttribute(link.Get(0), "DataRate", what);
    RequireAttribute(link.Get(1), "DataRate", what);
    link.Get(0)->SetAttribute("DataRate", DataRateValue(forward));
    link.Get(1)->SetAttribute("DataRate", DataRateValue(reverse));
}

void
RelationNoiseHelper::SetBackgroundPacketSize(uint32_t bytes)
{
    chronometry::RequireDoubleInRange("RelationNoiseHelper::SetBackgroundPacketSize bytes",
                                      bytes,
                                      12,
                                      1472,
                                      "bytes");
    m_packetSize = bytes;
}

ApplicationContainer
RelationNoiseHelper::InstallBackgroundLoad(Ptr<Node> source,
                                           Ptr<Node> sinkNode,
                                           Ipv4Address sinkAddress,
                                           DataRate rate,
                                           double onFraction,
                                           Time meanCycle,
                                           Time start,
                                           Time stop)
{
    NS_LOG_FUNCTION(this << source << sinkNode << sinkAddress << rate << onFraction);
    const std::string what = "RelationNoiseHelper::InstallBackgroundLoad";
    chronometry::RequireDoubleInRange(what + " onFraction", onFraction, 0, 1, "", false, true);
    chronometry::RequireTimeInRange(what + " meanCycle", meanCycle, Time::From(1), Seconds(10));
    chronometry::RequireDoubleInRange(what + " rate",
                                      static_cast<double>(rate.GetBitRate()),
                                      0,
                                      1e12,
                                      "bit/s",
                                      false);
    if (stop <= start)
    {
        chronometry::ReportConfigError(what + ": stop = " + chronometry::FormatTime(stop) +
                                       " is invalid; valid range: (start, inf)");
    }
    uint16_t port = m_nextPort++;
    OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(sinkAddress, port));
    onoff.SetConstantRate(rate, m_packetSize);
    double cycle = meanCycle.GetSeconds();
    std::ostringstream on;
    on << "ns3::ExponentialRandomVariable[Mean=" << onFraction * cycle << "]";
    onoff.SetAttribute("OnTime", StringValue(on.str()));
    if (onFraction < 1)
    {
        std::ostringstream off;
        off << "ns3::ExponentialRandomVariable[Mean=" << (1 - onFraction) * cycle << "]";
        onoff.SetAttribute("OffTime", StringValue(off.str()));
    }
    else
    {
        onoff.SetAttribute("OffTime", StringValue("ns3::ConstantRandomVariable[Constant=0]"));
    }
    ApplicationContainer apps = onoff.Install(source);
    apps.Start(start);
    apps.Stop(stop);
    m_sources.push_back(DynamicCast<OnOffApplication>(apps.Get(0)));
    PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinks = sink.Install(sinkNode);
    sinks.Start(Time(0));
    sinks.Stop(stop + Seconds(1));
    apps.Add(sinks);
    return apps;
}

int64_t
RelationNoiseHelper::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    for (const auto& s : m_sources)
    {
        used += s->AssignStreams(stream + used);
    }
    return used;
}

} // namespace ns3
