/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-servo.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClockServo");
NS_OBJECT_ENSURE_REGISTERED(ClockServo);
NS_OBJECT_ENSURE_REGISTERED(SetTimeServo);

std::string
ToString(ServoState state)
{
    switch (state)
    {
    case ServoState::UNLOCKED:
        return "unlocked";
    case ServoState::JUMP:
        return "jump";
    case ServoState::LOCKED:
        return "locked";
    }
    return "invalid";
}

TypeId
ClockServo::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClockServo")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddAttribute("FirstStepThreshold",
                          "Before the servo first steers the clock, step it when the offset "
                          "exceeds this (linuxptp first_step_threshold, 20 us); 0: never. "
                          "Reset does not re-arm it (as linuxptp's servo_reset).",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&ClockServo::m_firstStepThreshold),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(3600)))
            .AddAttribute("StepThreshold",
                          "Step the clock whenever the offset exceeds this (linuxptp "
                          "step_threshold); 0: never after the first step.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ClockServo::m_stepThreshold),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(3600)))
            .AddAttribute("MaxFrequency",
                          "Largest frequency adjustment, in ppb, either sign (linuxptp "
                          "max_frequency, which is further limited by the clock's own range; "
                          "900000 ppb is a typical PHC's).",
                          DoubleValue(900000),
                          MakeDoubleAccessor(&ClockServo::m_maxFrequencyPpb),
                          chronometry::MakeDoubleRangeChecker(0, 1e9, "ppb", false, true))
            .AddAttribute("RateCorrection",
                          "Syntonize: the servo may change the clock's frequency. Off: it only "
                          "steps or slews the measured phase (the sampled error then grows to "
                          "drift x SyncInterval).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ClockServo::m_rateCorrection),
                          MakeBooleanChecker())
            .AddAttribute("SyncInterval",
                          "Mean time between samples (2^logSyncInterval s); the PI servo "
                          "scales its gains with it.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&ClockServo::m_syncInterval),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(1), Seconds(1024)))
            .AddTraceSource("Sample",
                            "A sample was processed: (offset master - local, state after it, "
                            "frequency adjustment in ppb).",
                            MakeTraceSourceAccessor(&ClockServo::m_sampleTrace),
                            "ns3::ClockServo::SampleCallback");
    return tid;
}

ClockServo::ClockServo()
    : m_firstStepThreshold(MicroSeconds(20)),
      m_stepThreshold(0),
      m_maxFrequencyPpb(900000),
      m_rateCorrection(true),
      m_frequencyPpb(0),
      m_syncInterval(Seconds(1)),
      m_state(ServoState::UNLOCKED),
      m_firstUpdate(true)
{
    NS_LOG_FUNCTION(this);
}

ClockServo::~ClockServo() = default;

ServoAction
ClockServo::Sample(Time offset, Time localTime)
{
    NS_LOG_FUNCTION(this << offset << localTime);
    ServoAction action = DoSample(offset, localTime);
    if (action.adjustFrequency)
    {
        m_frequencyPpb = action.frequencyPpb;
    }
    if (action.state != ServoState::UNLOCKED)
    {
        m_firstUpdate = false;
    }
    m_state = action.state;
    NS_LOG_LOGIC("offset " << offset << " -> " << ToString(action.state) << " step "
                           << (action.step ? action.stepBy : Time(0)) << " freq " << m_frequencyPpb
                           << " ppb slew " << action.slewBy);
    m_sampleTrace(offset, m_state, m_frequencyPpb);
    return action;
}

void
ClockServo::SetSyncInterval(Time interval)
{
    NS_LOG_FUNCTION(this << interval);
    chronometry::CheckAttributeValue(*this, "SyncInterval", TimeValue(interval));
    m_syncInterval = interval;
}

Time
ClockServo::GetSyncInterval() const
{
    return m_syncInterval;
}

void
ClockServo::Reset()
{
    NS_LOG_FUNCTION(this);
    m_state = ServoState::UNLOCKED;
    // m_firstUpdate is kept: as linuxptp's servo_reset, a reset does not re-arm the first
    // step threshold.
    DoReset();
}

ServoState
ClockServo::GetState() const
{
    return m_state;
}

double
ClockServo::GetFrequencyPpb() const
{
    return m_frequencyPpb;
}

bool
ClockServo::GetRateCorrection() const
{
    return m_rateCorrection;
}

double
ClockServo::GetRateRatio() const
{
    return 1.0;
}

bool
ClockServo::StepDue(double offsetNs) const
{
    const double magnitude = std::fabs(offsetNs);
    const double first = m_firstStepThreshold.To(Time::NS).GetDouble();
    const double always = m_stepThreshold.To(Time::NS).GetDouble();
    return (m_firstUpdate && first > 0 && magnitude > first) || (always > 0 && magnitude > always);
}

double
ClockServo::Clamp(double ppb) const
{
    return std::clamp(ppb, -m_maxFrequencyPpb, m_maxFrequencyPpb);
}

double
ClockServo::IntervalSeconds() const
{
    return m_syncInterval.GetSeconds();
}

bool
ClockServo::IsFirstUpdate() const
{
    return m_firstUpdate;
}

double
ClockServo::ToNs(Time t)
{
    return t.To(Time::NS).GetDouble();
}

TypeId
SetTimeServo::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SetTimeServo")
                            .SetParent<ClockServo>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<SetTimeServo>();
    return tid;
}

SetTimeServo::SetTimeServo()
{
    NS_LOG_FUNCTION(this);
}

ServoAction
SetTimeServo::DoSample(Time offset, Time /* localTime */)
{
    ServoAction a;
    a.state = StepDue(ToNs(offset)) ? ServoState::JUMP : ServoState::LOCKED;
    a.step = true;
    a.stepBy = offset;
    return a;
}

void
SetTimeServo::DoReset()
{
}

} // namespace ns3
