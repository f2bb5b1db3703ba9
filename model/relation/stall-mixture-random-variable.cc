/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "stall-mixture-random-variable.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/rng-stream.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StallMixtureRandomVariable");
NS_OBJECT_ENSURE_REGISTERED(StallMixtureRandomVariable);

TypeId
StallMixtureRandomVariable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::StallMixtureRandomVariable")
            .SetParent<RandomVariableStream>()
            .SetGroupName("Chronometry")
            .AddConstructor<StallMixtureRandomVariable>()
            .AddAttribute("Base",
                          "The value every draw has (e.g. a host's service time, in seconds).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&StallMixtureRandomVariable::m_base),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("StallProbability",
                          "Probability that a draw also stalls.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&StallMixtureRandomVariable::m_stallProbability),
                          chronometry::MakeDoubleRangeChecker(0, 1))
            .AddAttribute("Stall",
                          "The extra value of a stalled draw (e.g. a VM pause, in seconds).",
                          StringValue("ns3::UniformRandomVariable[Min=0.001|Max=0.005]"),
                          MakePointerAccessor(&StallMixtureRandomVariable::m_stall),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

StallMixtureRandomVariable::StallMixtureRandomVariable()
    : m_stallProbability(0)
{
}

StallMixtureRandomVariable::~StallMixtureRandomVariable() = default;

void
StallMixtureRandomVariable::DoDispose()
{
    m_base = nullptr;
    m_stall = nullptr;
    RandomVariableStream::DoDispose();
}

double
StallMixtureRandomVariable::GetValue()
{
    // one uniform draw of our own decides the stall, so the components' streams
    // are not consumed by the decision
    double u = Peek()->RandU01();
    double v = m_base->GetValue();
    if (u < m_stallProbability)
    {
        ++m_stalls;
        v += m_stall->GetValue();
    }
    return v;
}

uint32_t
StallMixtureRandomVariable::GetInteger()
{
    double v = GetValue();
    if (!(v > 0))
    {
        return 0;
    }
    return v >= 4294967295.0 ? 4294967295U : static_cast<uint32_t>(std::floor(v));
}

double
StallMixtureRandomVariable::GetStallProbability() const
{
    return m_stallProbability;
}

uint64_t
StallMixtureRandomVariable::GetStalls() const
{
    return m_stalls;
}

int64_t
StallMixtureRandomVariable::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    SetStream(stream);
    m_base->SetStream(stream + 1);
    m_stall->SetStream(stream + 2);
    return 3;
}

} // namespace ns3
