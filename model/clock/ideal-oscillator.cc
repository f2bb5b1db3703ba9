/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ideal-oscillator.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("IdealOscillator");

NS_OBJECT_ENSURE_REGISTERED(IdealOscillator);

TypeId
IdealOscillator::GetTypeId()
{
    static TypeId tid = TypeId("ns3::IdealOscillator")
                            .SetParent<Oscillator>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<IdealOscillator>();
    return tid;
}

void
IdealOscillator::SetBaseDrift(double ppm)
{
    if (ppm != 0.0)
    {
        chronometry::ReportConfigError(
            "ns3::IdealOscillator cannot drift: base drift must be 0 ppm, got " +
            std::to_string(ppm) + " ppm (use ns3::ConstantDriftOscillator)");
    }
}

double
IdealOscillator::GetMaxAbsDrift() const
{
    return 0.0;
}

} // namespace ns3
