/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "udp-send-jitter.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/udp-l4-protocol.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("UdpSendJitter");

NS_OBJECT_ENSURE_REGISTERED(UdpSendJitter);

TypeId
UdpSendJitter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::UdpSendJitter")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<UdpSendJitter>()
            .AddAttribute("Jitter",
                          "Extra delay of each UDP segment, in nanoseconds (draws below 0 "
                          "are an error).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&UdpSendJitter::m_jitter),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

UdpSendJitter::UdpSendJitter()
    : m_delayed(0)
{
}

UdpSendJitter::~UdpSendJitter() = default;

void
UdpSendJitter::DoDispose()
{
    m_jitter = nullptr;
    // UDP's down target holds the node's Ipv4, an aggregate of our own node: keeping it would
    // make a reference cycle that outlives Simulator::Destroy.
    m_down = IpL4Protocol::DownTargetCallback();
    Object::DoDispose();
}

void
UdpSendJitter::Start()
{
    Ptr<UdpL4Protocol> udp = GetObject<UdpL4Protocol>();
    if (!udp)
    {
        chronometry::ReportConfigError("UdpSendJitter: the node has no UDP (install the "
                                       "Internet stack and aggregate UdpSendJitter to the node)");
    }
    m_down = udp->GetDownTarget();
    udp->SetDownTarget(MakeCallback(&UdpSendJitter::Send, this));
}

int64_t
UdpSendJitter::AssignStreams(int64_t stream)
{
    m_jitter->SetStream(stream);
    return 1;
}

uint64_t
UdpSendJitter::GetDelayedCount() const
{
    return m_delayed;
}

void
UdpSendJitter::Send(Ptr<Packet> packet,
                    Ipv4Address source,
                    Ipv4Address destination,
                    uint8_t protocol,
                    Ptr<Ipv4Route> route)
{
    double ns = m_jitter->GetValue();
    if (!(ns >= 0) || !std::isfinite(ns))
    {
        chronometry::ReportConfigError("ns3::UdpSendJitter::Jitter drew " + std::to_string(ns) +
                                       " ns; valid range: [0, inf) ns");
    }
    ++m_delayed;
    IpL4Protocol::DownTargetCallback down = m_down;
    Simulator::Schedule(NanoSeconds(std::llround(ns)),
                        [down, packet, source, destination, protocol, route]() {
                            down(packet, source, destination, protocol, route);
                        });
}

} // namespace ns3
