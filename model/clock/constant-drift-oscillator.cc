/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "constant-drift-oscillator.h"

#include "drift-math.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ConstantDriftOscillator");

NS_OBJECT_ENSURE_REGISTERED(ConstantDriftOscillator);

TypeId
ConstantDriftOscillator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ConstantDriftOscillator")
            .SetParent<Oscillator>()
            .SetGroupName("Chronometry")
            .AddConstructor<ConstantDriftOscillator>()
            .AddAttribute(
                "Drift",
                "Fractional frequency offset in ppm (rate = 1 + Drift*1e-6). "
                "Changing it during a run takes effect from that instant.",
                DoubleValue(0.0),
                MakeDoubleAccessor(&ConstantDriftOscillator::SetDrift,
                                   &ConstantDriftOscillator::GetDrift),
                chronometry::MakeDoubleRangeChecker(-MAX_DRIFT_PPM, MAX_DRIFT_PPM, "ppm"));
    return tid;
}

ConstantDriftOscillator::ConstantDriftOscillator()
    : m_driftPpm(0.0)
{
}

void
ConstantDriftOscillator::SetDrift(double ppm)
{
    NS_LOG_FUNCTION(this << ppm);
    chronometry::CheckAttributeValue(*this, "Drift", DoubleValue(ppm));
    m_driftPpm = ppm;
    Time now = Simulator::Now();
    m_phase.SetSlope(now, 1.0 + ppm * clockmath::PPM);
    NotifyDriftChanged(now);
}

double
ConstantDriftOscillator::GetDrift() const
{
    return m_driftPpm;
}

void
ConstantDriftOscillator::SetBaseDrift(double ppm)
{
    SetDrift(ppm);
}

double
ConstantDriftOscillator::GetMaxAbsDrift() const
{
    return std::abs(m_driftPpm) * clockmath::PPM;
}

} // namespace ns3
