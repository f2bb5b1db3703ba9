/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "service-time-model.h"

#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ServiceTimeModel");

NS_OBJECT_ENSURE_REGISTERED(ServiceTimeModel);

TypeId
ServiceTimeModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ServiceTimeModel")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<ServiceTimeModel>()
            .AddAttribute("Base",
                          "Fixed part of the service time; valid range [0, 1 h].",
                          TimeValue(MilliSeconds(2)),
                          MakeTimeAccessor(&ServiceTimeModel::SetBase),
                          MakeTimeChecker())
            .AddAttribute("Noise",
                          "Nanoseconds added to every service time (any RandomVariableStream).",
                          StringValue("ns3::NormalRandomVariable[Mean=0|Variance=1e10|Bound=4e5]"),
                          MakePointerAccessor(&ServiceTimeModel::m_noise),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("SpikeProbability",
                          "Probability that an operation hits a load spike; valid range [0, 1].",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ServiceTimeModel::SetSpikeProbability),
                          MakeDoubleChecker<double>())
            .AddAttribute("Spike",
                          "Nanoseconds added on a load spike (any RandomVariableStream).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=2e7]"),
                          MakePointerAccessor(&ServiceTimeModel::m_spike),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

ServiceTimeModel::ServiceTimeModel()
    : m_base(MilliSeconds(2)),
      m_spikeProbability(0)
{
    m_coin = CreateObject<UniformRandomVariable>();
}

void
ServiceTimeModel::SetBase(Time base)
{
    chronometry::RequireTimeInRange("ns3::ServiceTimeModel::Base", base, Time(0), Hours(1));
    m_base = base;
}

void
ServiceTimeModel::SetSpikeProbability(double p)
{
    chronometry::RequireDoubleInRange("ns3::ServiceTimeModel::SpikeProbability", p, 0, 1, "");
    m_spikeProbability = p;
}

Time
ServiceTimeModel::Sample()
{
    double ns = m_base.GetNanoSeconds() + m_noise->GetValue();
    if (m_spikeProbability > 0 && m_coin->GetValue() < m_spikeProbability)
    {
        ns += std::max(0.0, m_spike->GetValue());
    }
    return NanoSeconds(static_cast<int64_t>(std::max(0.0, ns)));
}

int64_t
ServiceTimeModel::AssignStreams(int64_t stream)
{
    m_noise->SetStream(stream);
    m_spike->SetStream(stream + 1);
    m_coin->SetStream(stream + 2);
    return 3;
}

} // namespace ns3
