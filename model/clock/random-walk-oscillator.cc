/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "random-walk-oscillator.h"

#include "constant-drift-oscillator.h"
#include "drift-math.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RandomWalkOscillator");

NS_OBJECT_ENSURE_REGISTERED(RandomWalkOscillator);

TypeId
RandomWalkOscillator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RandomWalkOscillator")
            .SetParent<Oscillator>()
            .SetGroupName("Chronometry")
            .AddConstructor<RandomWalkOscillator>()
            .AddAttribute(
                "InitialDrift",
                "Frequency offset at true time 0, in ppm; within MaxAbsDrift when "
                "that is set.",
                DoubleValue(0.0),
                MakeDoubleAccessor(&RandomWalkOscillator::SetInitialDrift,
                                   &RandomWalkOscillator::GetInitialDrift),
                chronometry::MakeDoubleRangeChecker(-ConstantDriftOscillator::MAX_DRIFT_PPM,
                                                    ConstantDriftOscillator::MAX_DRIFT_PPM,
                                                    "ppm"))
            .AddAttribute("Spread",
                          "Standard deviation of the drift's change over one second.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&RandomWalkOscillator::SetSpread,
                                             &RandomWalkOscillator::GetSpread),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e4, "ppm/sqrt(s)"))
            .AddAttribute("UpdateInterval",
                          "Time between frequency updates.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&RandomWalkOscillator::SetUpdateInterval,
                                           &RandomWalkOscillator::GetUpdateInterval),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Hours(1)))
            .AddAttribute(
                "MaxAbsDrift",
                "Bound on |drift| in ppm (the walk reflects at it); 0 means "
                "unbounded.",
                DoubleValue(0.0),
                MakeDoubleAccessor(&RandomWalkOscillator::SetMaxAbsDrift,
                                   &RandomWalkOscillator::GetMaxAbsDriftPpm),
                chronometry::MakeDoubleRangeChecker(0.0,
                                                    ConstantDriftOscillator::MAX_DRIFT_PPM,
                                                    "ppm"));
    return tid;
}

RandomWalkOscillator::RandomWalkOscillator()
    : m_initialDriftPpm(0.0),
      m_spreadPpm(0.1),
      m_updateInterval(Seconds(1)),
      m_maxAbsDriftPpm(0.0),
      m_currentDrift(0.0),
      m_plannedUntil(Seconds(1)),
      m_used(false)
{
    m_normal = CreateObject<NormalRandomVariable>();
    m_normal->SetAttribute("Mean", DoubleValue(0.0));
    m_normal->SetAttribute("Variance", DoubleValue(1.0));
}

void
RandomWalkOscillator::Restart()
{
    if (!m_used)
    {
        m_currentDrift = m_initialDriftPpm * clockmath::PPM;
        m_phase = ClockTimeline(Time(0), ClockValue(), 1.0 + m_currentDrift);
        m_plannedUntil = m_updateInterval;
        return;
    }
    // Already read: keep the past, re-plan from now with the new parameters.
    Time now = Simulator::Now();
    m_currentDrift = GetDriftAt(now);
    m_phase.SetSlope(now, 1.0 + m_currentDrift);
    m_plannedUntil = now + m_updateInterval;
    NotifyDriftChanged(now);
}

void
RandomWalkOscillator::ExtendOneInterval()
{
    m_currentDrift = clockmath::NextRandomWalkDrift(m_currentDrift,
                                                    m_spreadPpm * clockmath::PPM,
                                                    m_updateInterval.GetSeconds(),
                                                    m_normal->GetValue(),
                                                    m_maxAbsDriftPpm * clockmath::PPM);
    m_phase.SetSlope(m_plannedUntil, 1.0 + m_currentDrift);
    m_plannedUntil += m_updateInterval;
}

void
RandomWalkOscillator::ExtendTo(Time t)
{
    m_used = true;
    while (m_plannedUntil <= t)
    {
        ExtendOneInterval();
    }
}

void
RandomWalkOscillator::ExtendToPhase(ClockValue phase)
{
    m_used = true;
    while (m_phase.ValueAt(m_plannedUntil) < phase)
    {
        ExtendOneInterval();
    }
}

int64_t
RandomWalkOscillator::GetPlanHorizon() const
{
    return m_plannedUntil.GetTimeStep();
}

void
RandomWalkOscillator::SetBaseDrift(double ppm)
{
    SetInitialDrift(ppm);
}

double
RandomWalkOscillator::GetMaxAbsDrift() const
{
    return (m_maxAbsDriftPpm > 0 ? m_maxAbsDriftPpm : ConstantDriftOscillator::MAX_DRIFT_PPM) *
           clockmath::PPM;
}

int64_t
RandomWalkOscillator::AssignStreams(int64_t stream)
{
    m_normal->SetStream(stream);
    return 1;
}

void
RandomWalkOscillator::SetInitialDrift(double ppm)
{
    chronometry::CheckAttributeValue(*this, "InitialDrift", DoubleValue(ppm));
    if (m_maxAbsDriftPpm > 0)
    {
        chronometry::RequireDoubleInRange(
            "ns3::RandomWalkOscillator::InitialDrift (bounded by MaxAbsDrift)",
            ppm,
            -m_maxAbsDriftPpm,
            m_maxAbsDriftPpm,
            "ppm");
    }
    m_initialDriftPpm = ppm;
    Restart();
}

double
RandomWalkOscillator::GetInitialDrift() const
{
    return m_initialDriftPpm;
}

void
RandomWalkOscillator::SetSpread(double ppm)
{
    chronometry::CheckAttributeValue(*this, "Spread", DoubleValue(ppm));
    m_spreadPpm = ppm;
    Restart();
}

double
RandomWalkOscillator::GetSpread() const
{
    return m_spreadPpm;
}

void
RandomWalkOscillator::SetUpdateInterval(Time interval)
{
    chronometry::CheckAttributeValue(*this, "UpdateInterval", TimeValue(interval));
    m_updateInterval = interval;
    Restart();
}

Time
RandomWalkOscillator::GetUpdateInterval() const
{
    return m_updateInterval;
}

void
RandomWalkOscillator::SetMaxAbsDrift(double ppm)
{
    chronometry::CheckAttributeValue(*this, "MaxAbsDrift", DoubleValue(ppm));
    m_maxAbsDriftPpm = ppm;
    if (ppm > 0 && std::abs(m_initialDriftPpm) > ppm)
    {
        chronometry::RequireDoubleInRange(
            "ns3::RandomWalkOscillator::MaxAbsDrift (must bound |InitialDrift| = " +
                std::to_string(std::abs(m_initialDriftPpm)) + " ppm)",
            ppm,
            std::abs(m_initialDriftPpm),
            ConstantDriftOscillator::MAX_DRIFT_PPM,
            "ppm");
    }
    Restart();
}

double
RandomWalkOscillator::GetMaxAbsDriftPpm() const
{
    return m_maxAbsDriftPpm;
}

} // namespace ns3
