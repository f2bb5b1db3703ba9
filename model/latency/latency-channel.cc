/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "latency-channel.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LatencyChannel");
NS_OBJECT_ENSURE_REGISTERED(LatencyChannel);

TypeId
LatencyChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LatencyChannel")
            .SetParent<PointToPointChannel>()
            .SetGroupName("Chronometry")
            .AddConstructor<LatencyChannel>()
            .AddAttribute("ExtraDelay",
                          "Random per-packet delay added to Delay, in seconds (e.g. Weibull).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&LatencyChannel::m_extra),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ReorderDelay",
                          "Extra delay, in seconds, of the packets chosen for reordering.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0.001]"),
                          MakePointerAccessor(&LatencyChannel::m_reorder),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ReorderProbability",
                          "Probability a packet gets ReorderDelay.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&LatencyChannel::m_reorderProbability),
                          chronometry::MakeDoubleRangeChecker(0, 1))
            .AddAttribute("DuplicateProbability",
                          "Probability a packet is delivered twice (the copy after an "
                          "independent ExtraDelay draw).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&LatencyChannel::m_duplicateProbability),
                          chronometry::MakeDoubleRangeChecker(0, 1));
    return tid;
}

LatencyChannel::LatencyChannel()
    : m_coin(CreateObject<UniformRandomVariable>()),
      m_reorderProbability(0)
{
}

void
LatencyChannel::SetReorderProbability(double v)
{
    SetAttribute("ReorderProbability", DoubleValue(v)); // validated by the attribute's checker
}

double
LatencyChannel::GetReorderProbability() const
{
    return m_reorderProbability;
}

void
LatencyChannel::SetDuplicateProbability(double v)
{
    SetAttribute("DuplicateProbability", DoubleValue(v)); // validated by the attribute's checker
}

double
LatencyChannel::GetDuplicateProbability() const
{
    return m_duplicateProbability;
}

uint64_t
LatencyChannel::GetDuplicated() const
{
    return m_duplicated;
}

uint64_t
LatencyChannel::GetReordered() const
{
    return m_reordered;
}

int64_t
LatencyChannel::AssignStreams(int64_t stream)
{
    m_extra->SetStream(stream);
    m_reorder->SetStream(stream + 1);
    m_coin->SetStream(stream + 2);
    return 3;
}

bool
LatencyChannel::TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime)
{
    uint32_t wire = src == GetSource(0) ? 0 : 1;
    Ptr<PointToPointNetDevice> dst = GetDestination(wire);
    Time d = txTime + GetDelay() + Seconds(std::max(0.0, m_extra->GetValue()));
    if (m_reorderProbability > 0 && m_coin->GetValue() < m_reorderProbability)
    {
        d += Seconds(std::max(0.0, m_reorder->GetValue()));
        ++m_reordered;
    }
    Simulator::ScheduleWithContext(dst->GetNode()->GetId(),
                                   d,
                                   &PointToPointNetDevice::Receive,
                                   dst,
                                   p->Copy());
    if (m_duplicateProbability > 0 && m_coin->GetValue() < m_duplicateProbability)
    {
        ++m_duplicated;
        Simulator::ScheduleWithContext(dst->GetNode()->GetId(),
                                       d + Seconds(std::max(0.0, m_extra->GetValue())),
                                       &PointToPointNetDevice::Receive,
                                       dst,
                                       p->Copy());
    }
    return true;
}

} // namespace ns3
