/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "bounded-skew-clock.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/rng-stream.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BoundedSkewClock");

NS_OBJECT_ENSURE_REGISTERED(BoundedSkewClock);

namespace
{

/**
 * A UniformRandomVariable (same TypeId, attributes, stream assignment and values)
 * that hands out its generator, so that a read draws RngStream::RandU01() directly:
 * with Min 0, Max 1 and no antithetic sampling, GetValue() returns exactly that
 * number, after two virtual calls and four log checks that cost more than the draw.
 */
class UniformSource : public UniformRandomVariable
{
  public:
    /** \return the generator (changes when the stream is set) */
    RngStream* GetGenerator() const
    {
        return Peek();
    }
};

} // namespace

TypeId
BoundedSkewClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BoundedSkewClock")
            .SetParent<LocalClock>()
            .SetGroupName("Chronometry")
            .AddConstructor<BoundedSkewClock>()
            .AddAttribute("Bound",
                          "The skew bound E: every read lies in [t, t + E].",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&BoundedSkewClock::m_bound),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(1)))
            .AddAttribute("Form",
                          "Bounded: uniform in [max(previous, t), t + E] (provably within E). "
                          "Thesis: the replay-clock thesis' Algorithm 5.1, uniform in "
                          "[previous, t + E] (no lower bound).",
                          EnumValue(static_cast<int>(clockmath::BoundedSkewForm::BOUNDED)),
                          chronometry::MakeEnumAccessorOf<clockmath::BoundedSkewForm>(
                              &BoundedSkewClock::m_form),
                          MakeEnumChecker(static_cast<int>(clockmath::BoundedSkewForm::BOUNDED),
                                          "Bounded",
                                          static_cast<int>(clockmath::BoundedSkewForm::THESIS),
                                          "Thesis"));
    return tid;
}

BoundedSkewClock::BoundedSkewClock()
    : m_bound(MilliSeconds(1)),
      m_form(clockmath::BoundedSkewForm::BOUNDED),
      m_lastReading(0),
      m_lastReadAt(0)
{
    Ptr<UniformSource> source = CreateObject<UniformSource>();
    m_rng = source->GetGenerator();
    m_uniform = source;
}

BoundedSkewClock::~BoundedSkewClock() = default;

void
BoundedSkewClock::DoDispose()
{
    m_uniform = nullptr;
    m_rng = nullptr;
    LocalClock::DoDispose();
}

void
BoundedSkewClock::SetBound(Time bound)
{
    SetAttribute("Bound", TimeValue(bound)); // validated by the attribute's checker
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
BoundedSkewClock::DoRead(const Time& trueNow)
{
    // m_rng->RandU01() is exactly m_uniform->GetValue() (Min 0, Max 1, not antithetic).
    int64_t reading = clockmath::DrawBoundedSkewReading(m_lastReading.GetTimeStep(),
                                                        trueNow.GetTimeStep(),
                                                        m_bound.GetTimeStep(),
                                                        m_rng->RandU01(),
                                                        m_form);
    m_lastReading = Time(reading); // time steps
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
    m_rng = StaticCast<UniformSource>(m_uniform)->GetGenerator(); // SetStream replaced it
    return 1;
}

} // namespace ns3
