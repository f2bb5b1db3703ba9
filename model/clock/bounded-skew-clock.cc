/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bounded-skew-clock.h"

#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BoundedSkewClock");

NS_OBJECT_ENSURE_REGISTERED(BoundedSkewClock);

TypeId
BoundedSkewClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BoundedSkewClock")
            .SetParent<LocalClock>()
            .SetGroupName("Chronometry")
            .AddConstructor<BoundedSkewClock>()
            .AddAttribute(
                "Bound",
                "The skew bound E: every read lies in [t, t + E]; valid range "
                "[one Time step, 1 h].",
                TimeValue(MilliSeconds(1)),
                MakeTimeAccessor(&BoundedSkewClock::SetBound, &BoundedSkewClock::GetBound),
                MakeTimeChecker())
            .AddAttribute("Form",
                          "Bounded: uniform in [max(previous, t), t + E] (provably within E). "
                          "Thesis: the replay-clock thesis' Algorithm 5.1, uniform in "
                          "[previous, t + E] (no lower bound).",
                          EnumValue(clockmath::BoundedSkewForm::BOUNDED),
                          chronometry::MakeEnumAccessorOf<clockmath::BoundedSkewForm>(
                              &BoundedSkewClock::m_form),
                          // The enum type itself, not int: from ns-3.41 on the checker's
                          // type must be the accessor's (else a name is silently ignored).
                          MakeEnumChecker(clockmath::BoundedSkewForm::BOUNDED,
                                          "Bounded",
                                          clockmath::BoundedSkewForm::THESIS,
                                          "Thesis"));
    return tid;
}

BoundedSkewClock::BoundedSkewClock()
    : m_bound(MilliSeconds(1)),
      m_form(clockmath::BoundedSkewForm::BOUNDED),
      m_lastReading(0),
      m_lastReadAt(0)
{
    m_uniform = CreateObject<UniformRandomVariable>();
}

BoundedSkewClock::~BoundedSkewClock() = default;

void
BoundedSkewClock::DoDispose()
{
    m_uniform = nullptr;
    LocalClock::DoDispose();
}

void
BoundedSkewClock::SetBound(Time bound)
{
    chronometry::RequireTimeInRange("ns3::BoundedSkewClock::Bound", bound, Time::From(1), Hours(1));
    m_bound = bound;
}

Time
BoundedSkewClock::GetSkewBound() const
{
    return m_bound;
}

Time
BoundedSkewClock::GetBound() const
{
    return m_bound;
}

Time
BoundedSkewClock::GetLastReading() const
{
    return m_lastReading;
}

Time
BoundedSkewClock::DoRead(Time trueNow)
{
    int64_t reading = clockmath::DrawBoundedSkewReading(m_lastReading.GetTimeStep(),
                                                        trueNow.GetTimeStep(),
                                                        m_bound.GetTimeStep(),
                                                        m_uniform->GetValue(),
                                                        m_form);
    m_lastReading = Time::From(reading);
    m_lastReadAt = trueNow;
    return m_lastReading;
}

Time
BoundedSkewClock::TrueToLocal(Time trueTime)
{
    if (trueTime >= m_lastReadAt)
    {
        return std::max(trueTime, m_lastReading);
    }
    return trueTime;
}

Time
BoundedSkewClock::LocalToTrue(Time localTime)
{
    Time now = Simulator::Now();
    if (m_lastReading >= localTime)
    {
        return now;
    }
    return std::max(now, localTime);
}

int64_t
BoundedSkewClock::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

} // namespace ns3
