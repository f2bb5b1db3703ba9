/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduling-message-monitor.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/udp-header.h"
#include "ns3/udp-l4-protocol.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SchedulingMessageMonitor");

uint64_t
SchedulingMessageMonitor::Counts::Lost() const
{
    return sent - delivered;
}

void
SchedulingMessageMonitor::Install(const NodeContainer& nodes)
{
    NS_LOG_FUNCTION(this << nodes.GetN());
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Ptr<Ipv4L3Protocol> ip = nodes.Get(i)->GetObject<Ipv4L3Protocol>();
        if (!ip)
        {
            chronometry::ReportConfigError("SchedulingMessageMonitor::Install: node " +
                                           std::to_string(nodes.Get(i)->GetId()) +
                                           " has no Internet stack");
        }
        ip->TraceConnectWithoutContext("Tx", MakeCallback(&SchedulingMessageMonitor::Sent, this));
        ip->TraceConnectWithoutContext("Rx",
                                       MakeCallback(&SchedulingMessageMonitor::Received, this));
    }
}

bool
SchedulingMessageMonitor::Classify(Ptr<const Packet> packet, std::size_t& index)
{
    Ptr<Packet> copy = packet->Copy();
    Ipv4Header ip;
    if (copy->RemoveHeader(ip) == 0 || ip.GetProtocol() != UdpL4Protocol::PROT_NUMBER ||
        ip.GetFragmentOffset() != 0 || !ip.IsLastFragment())
    {
        return false;
    }
    UdpHeader udp;
    if (copy->GetSize() < udp.GetSerializedSize())
    {
        return false;
    }
    copy->RemoveHeader(udp);
    if (copy->GetSize() != SchedulingHeader::SIZE)
    {
        return false;
    }
    SchedulingHeader h;
    copy->PeekHeader(h);
    if (!h.IsWellFormed())
    {
        return false;
    }
    const bool probe = h.GetFlags() & SchedulingHeader::PROBE;
    index = (probe ? TYPES : 0) + static_cast<std::size_t>(h.GetType());
    return true;
}

void
SchedulingMessageMonitor::Sent(Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    std::size_t index = 0;
    if (Classify(packet, index))
    {
        ++m_counts[index].sent;
        m_inFlight[packet->GetUid()] = index;
    }
}

void
SchedulingMessageMonitor::Received(Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t)
{
    auto it = m_inFlight.find(packet->GetUid());
    if (it != m_inFlight.end())
    {
        ++m_counts[it->second].delivered;
        m_inFlight.erase(it);
    }
}

SchedulingMessageMonitor::Counts
SchedulingMessageMonitor::Get(SchedulingHeader::MessageType type, bool probe) const
{
    NS_LOG_FUNCTION(this << unsigned(type) << probe);
    return m_counts[(probe ? TYPES : 0) + static_cast<std::size_t>(type)];
}

SchedulingMessageMonitor::Counts
SchedulingMessageMonitor::GetTotal() const
{
    NS_LOG_FUNCTION(this);
    Counts total;
    for (const auto& c : m_counts)
    {
        total.sent += c.sent;
        total.delivered += c.delivered;
    }
    return total;
}

} // namespace ns3
