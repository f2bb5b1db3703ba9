/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "drifting-clock.h"

#include "drift-math.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DriftingClock");

NS_OBJECT_ENSURE_REGISTERED(DriftingClock);

TypeId
DriftingClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DriftingClock")
            .SetParent<LocalClock>()
            .SetGroupName("Chronometry")
            .AddConstructor<DriftingClock>()
            .AddAttribute(
                "Oscillator",
                "The frequency source (an ns3::Oscillator); an ideal one if unset.",
                PointerValue(),
                MakePointerAccessor(&DriftingClock::SetOscillator, &DriftingClock::GetOscillator),
                MakePointerChecker<Oscillator>())
            .AddAttribute("InitialOffset",
                          "Clock reading at true time 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&DriftingClock::SetInitialOffset,
                                           &DriftingClock::GetInitialOffset),
                          chronometry::MakeTimeRangeChecker(Seconds(-1e6), Seconds(1e6)))
            .AddAttribute(
                "Resolution",
                "Reads are quantized down to a multiple of this.",
                TimeValue(NanoSeconds(1)),
                MakeTimeAccessor(&DriftingClock::SetResolution, &DriftingClock::GetResolution),
                chronometry::MakeTimeRangeChecker(Time::From(1), Seconds(1)))
            .AddAttribute("ReadJitter",
                          "Noise added to every read, in nanoseconds (any "
                          "RandomVariableStream).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&DriftingClock::m_jitter),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("Monotonic",
                          "Never return less than the previous read (a backward step or "
                          "negative jitter then shows as a pause).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&DriftingClock::m_monotonic),
                          MakeBooleanChecker())
            .AddAttribute(
                "MaxSlewRate",
                "Speed at which Slew() applies a correction, in ppm (ntpd uses 500).",
                DoubleValue(500.0),
                MakeDoubleAccessor(&DriftingClock::SetMaxSlewRate, &DriftingClock::GetMaxSlewRate),
                chronometry::MakeDoubleRangeChecker(0.0,
                                                    ConstantDriftOscillator::MAX_DRIFT_PPM,
                                                    "ppm",
                                                    false,
                                                    true))
            .AddTraceSource("Adjustment",
                            "The clock was stepped or slewed: (true time, delta, is slew).",
                            MakeTraceSourceAccessor(&DriftingClock::m_adjustmentTrace),
                            "ns3::DriftingClock::AdjustmentCallback");
    return tid;
}

DriftingClock::DriftingClock()
    : m_initialOffset(0),
      m_resolution(NanoSeconds(1)),
      m_monotonic(false),
      m_maxSlewRatePpm(500.0),
      m_adjustment(Time(0), 0.0L, 0.0),
      m_slewEnd(0),
      m_hasRead(false),
      m_lastReading(0)
{
}

DriftingClock::~DriftingClock() = default;

void
DriftingClock::DoDispose()
{
    // The oscillator may outlive this clock (another owner holds it): stop listening.
    if (m_oscillator)
    {
        m_oscillator->TraceDisconnectWithoutContext(
            "DriftChanged",
            MakeCallback(&DriftingClock::OnDriftChanged, this));
    }
    m_oscillator = nullptr;
    m_jitter = nullptr;
    LocalClock::DoDispose();
}

void
DriftingClock::EnsureOscillator()
{
    if (!m_oscillator)
    {
        SetOscillator(CreateObject<IdealOscillator>());
    }
}

void
DriftingClock::SetOscillator(Ptr<Oscillator> oscillator)
{
    NS_LOG_FUNCTION(this << oscillator);
    if (m_oscillator)
    {
        m_oscillator->TraceDisconnectWithoutContext(
            "DriftChanged",
            MakeCallback(&DriftingClock::OnDriftChanged, this));
    }
    m_oscillator = oscillator;
    if (m_oscillator)
    {
        m_oscillator->TraceConnectWithoutContext(
            "DriftChanged",
            MakeCallback(&DriftingClock::OnDriftChanged, this));
    }
    ReplanLocalEvents();
}

Ptr<Oscillator>
DriftingClock::GetOscillator() const
{
    return m_oscillator;
}

void
DriftingClock::OnDriftChanged(Time /* at */)
{
    ReplanLocalEvents();
}

void
DriftingClock::SetInitialOffset(Time offset)
{
    chronometry::CheckAttributeValue(*this, "InitialOffset", TimeValue(offset));
    m_initialOffset = offset;
    ReplanLocalEvents();
}

Time
DriftingClock::GetInitialOffset() const
{
    return m_initialOffset;
}

void
DriftingClock::SetResolution(Time resolution)
{
    chronometry::CheckAttributeValue(*this, "Resolution", TimeValue(resolution));
    m_resolution = resolution;
}

Time
DriftingClock::GetResolution() const
{
    return m_resolution;
}

void
DriftingClock::SetMaxSlewRate(double ppm)
{
    chronometry::CheckAttributeValue(*this, "MaxSlewRate", DoubleValue(ppm));
    m_maxSlewRatePpm = ppm;
}

double
DriftingClock::GetMaxSlewRate() const
{
    return m_maxSlewRatePpm;
}

long double
DriftingClock::GetExactValue(Time t)
{
    EnsureOscillator();
    return static_cast<long double>(m_initialOffset.GetTimeStep()) + m_oscillator->GetPhase(t) +
           m_adjustment.ValueAt(t);
}

Time
DriftingClock::TrueToLocal(Time trueTime)
{
    return Time::From(static_cast<int64_t>(std::floor(GetExactValue(trueTime))));
}

Time
DriftingClock::LocalToTrue(Time localTime)
{
    EnsureOscillator();
    Time now = Simulator::Now();
    auto target = static_cast<long double>(localTime.GetTimeStep());
    if (GetExactValue(now) >= target)
    {
        return now;
    }
    if (m_slewEnd <= now)
    {
        // No slew ahead: the adjustment is constant, so invert the oscillator directly.
        long double phaseTarget = target - static_cast<long double>(m_initialOffset.GetTimeStep()) -
                                  m_adjustment.ValueAt(now);
        return m_oscillator->GetTimeAtPhase(now, phaseTarget);
    }
    // A slew is in progress: L is increasing on [now, inf) (the slew rate is below the
    // oscillator's minimum rate), so bisect on whole time steps.
    int64_t lo = now.GetTimeStep();
    int64_t gap = static_cast<int64_t>(std::ceil(target - GetExactValue(now))) + 1;
    int64_t hi = lo + gap;
    while (GetExactValue(Time::From(hi)) < target)
    {
        gap *= 2;
        hi = lo + gap;
    }
    while (hi - lo > 1)
    {
        int64_t mid = lo + (hi - lo) / 2;
        if (GetExactValue(Time::From(mid)) >= target)
        {
            hi = mid;
        }
        else
        {
            lo = mid;
        }
    }
    return Time::From(hi);
}

Time
DriftingClock::DoRead(Time trueNow)
{
    long double value = GetExactValue(trueNow);
    double jitterNs = m_jitter ? m_jitter->GetValue() : 0.0;
    if (jitterNs != 0.0)
    {
        value += static_cast<long double>(jitterNs) *
                 static_cast<long double>(NanoSeconds(1).GetTimeStep());
    }
    int64_t reading = clockmath::Quantize(value, m_resolution.GetTimeStep());
    if (m_monotonic && m_hasRead && reading < m_lastReading)
    {
        reading = m_lastReading;
    }
    m_lastReading = reading;
    m_hasRead = true;
    return Time::From(reading);
}

void
DriftingClock::Step(Time delta)
{
    NS_LOG_FUNCTION(this << delta);
    Time now = Simulator::Now();
    m_adjustment.Jump(now, static_cast<long double>(delta.GetTimeStep()));
    // A step discards the rest of a slew in progress.
    if (m_slewEnd > now)
    {
        m_adjustment.SetSlope(now, 0.0);
        m_slewEnd = now;
    }
    m_adjustmentTrace(now, delta, false);
    ReplanLocalEvents();
}

Time
DriftingClock::Slew(Time delta)
{
    NS_LOG_FUNCTION(this << delta);
    Time now = Simulator::Now();
    Time remainder(0);
    if (m_slewEnd > now)
    {
        long double left = m_adjustment.ValueAt(m_slewEnd) - m_adjustment.ValueAt(now);
        remainder = Time::From(static_cast<int64_t>(std::llround(left)));
    }
    auto steps = static_cast<long double>(delta.GetTimeStep());
    // duration = |delta| / rate, computed from ppm so that round rates give exact durations.
    auto duration = static_cast<int64_t>(
        std::ceil(std::fabs(steps) * 1e6L / static_cast<long double>(m_maxSlewRatePpm)));
    if (duration == 0)
    {
        m_adjustment.SetSlope(now, 0.0);
        m_slewEnd = now;
    }
    else
    {
        m_slewEnd = now + Time::From(duration);
        m_adjustment.SetSlope(now, static_cast<double>(steps / duration));
        m_adjustment.SetSlope(m_slewEnd, 0.0);
    }
    m_adjustmentTrace(now, delta, true);
    ReplanLocalEvents();
    return remainder;
}

Time
DriftingClock::GetSlewEnd() const
{
    return std::max(m_slewEnd, Simulator::Now());
}

int64_t
DriftingClock::AssignStreams(int64_t stream)
{
    EnsureOscillator();
    int64_t used = 0;
    if (m_jitter)
    {
        m_jitter->SetStream(stream);
        used = 1;
    }
    return used + m_oscillator->AssignStreams(stream + used);
}

} // namespace ns3
