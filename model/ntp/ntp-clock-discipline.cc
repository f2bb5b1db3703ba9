/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-clock-discipline.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpClockDiscipline");
NS_OBJECT_ENSURE_REGISTERED(NtpClockDiscipline);

namespace
{
/**
 * \param seconds a phase
 * \return it as a Time, rounded to the nanosecond
 */
Time
FromSeconds(double seconds)
{
    return NanoSeconds(std::llround(seconds * 1e9));
}
} // namespace

std::string
ToString(NtpDisciplineState state)
{
    switch (state)
    {
    case NtpDisciplineState::NSET:
        return "NSET";
    case NtpDisciplineState::FSET:
        return "FSET";
    case NtpDisciplineState::SPIK:
        return "SPIK";
    case NtpDisciplineState::FREQ:
        return "FREQ";
    case NtpDisciplineState::SYNC:
        return "SYNC";
    }
    return "invalid-state";
}

std::string
ToString(NtpClockReturn code)
{
    switch (code)
    {
    case NtpClockReturn::IGNORE:
        return "ignore";
    case NtpClockReturn::SLEW:
        return "slew";
    case NtpClockReturn::STEP:
        return "step";
    case NtpClockReturn::PANIC:
        return "panic";
    }
    return "invalid-code";
}

TypeId
NtpClockDiscipline::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NtpClockDiscipline")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<NtpClockDiscipline>()
            .AddAttribute("StepThreshold",
                          "STEPT: an offset beyond it is stepped (after the stepout interval) "
                          "instead of slewed; 0: never step (RFC 5905 Appendix A.5.5.6 and "
                          "ntpd: 128 ms).",
                          TimeValue(MilliSeconds(128)),
                          MakeTimeAccessor(&NtpClockDiscipline::m_stepThreshold),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1000)))
            .AddAttribute("StepoutThreshold",
                          "WATCH: how long an offset beyond StepThreshold must persist before "
                          "the clock is stepped, and the span of the direct frequency "
                          "measurement at start-up (RFC 5905: 900 s).",
                          TimeValue(Seconds(900)),
                          MakeTimeAccessor(&NtpClockDiscipline::m_stepout),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(86400)))
            .AddAttribute("PanicThreshold",
                          "PANICT: an offset beyond it is refused (PANIC); 0: no panic (RFC "
                          "5905: 1000 s).",
                          TimeValue(Seconds(1000)),
                          MakeTimeAccessor(&NtpClockDiscipline::m_panic),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1e6)))
            .AddAttribute(
                "MinPoll",
                "Smallest poll exponent (log2 s); at most MaxPoll (RFC 5905 7.3's "
                "suggested default 6: 64 s).",
                UintegerValue(ntp::DEFAULT_MINPOLL),
                MakeUintegerAccessor(&NtpClockDiscipline::m_minPoll),
                chronometry::MakeUintegerRangeChecker(ntp::MINPOLL, ntp::MAXPOLL, "log2 s"))
            .AddAttribute(
                "MaxPoll",
                "Largest poll exponent (log2 s); at least MinPoll (RFC 5905 7.3's "
                "suggested default 10: 1024 s).",
                UintegerValue(ntp::DEFAULT_MAXPOLL),
                MakeUintegerAccessor(&NtpClockDiscipline::m_maxPoll),
                chronometry::MakeUintegerRangeChecker(ntp::MINPOLL, ntp::MAXPOLL, "log2 s"))
            .AddAttribute("MaxFrequency",
                          "MAXFREQ: the frequency correction is clamped to +- this, in ppm "
                          "(RFC 5905: 500 ppm).",
                          DoubleValue(500),
                          MakeDoubleAccessor(&NtpClockDiscipline::m_maxFrequencyPpm),
                          chronometry::MakeDoubleRangeChecker(0, 1e4, "ppm", false, true))
            .AddAttribute("AllanIntercept",
                          "ALLAN: the FLL acts only at poll intervals above half of it, and "
                          "the phase time constant stops growing at it (RFC 5905: 1500 s).",
                          TimeValue(Seconds(1500)),
                          MakeTimeAccessor(&NtpClockDiscipline::m_allan),
                          chronometry::MakeTimeRangeChecker(Seconds(1), Seconds(1e6)))
            .AddAttribute("Precision",
                          "The disciplined clock's precision: the floor of the clock jitter "
                          "(2^-20 s, about 1 us).",
                          TimeValue(ntp::Log2ToTime(-20)),
                          MakeTimeAccessor(&NtpClockDiscipline::m_precision),
                          chronometry::MakeTimeRangeChecker(Time(0), Seconds(1)))
            .AddTraceSource("Update",
                            "An offset was fed to the discipline.",
                            MakeTraceSourceAccessor(&NtpClockDiscipline::m_updateTrace),
                            "ns3::NtpClockDiscipline::UpdateCallback");
    return tid;
}

NtpClockDiscipline::NtpClockDiscipline()
    : m_stepThreshold(MilliSeconds(128)),
      m_stepout(Seconds(900)),
      m_panic(Seconds(1000)),
      m_minPoll(ntp::DEFAULT_MINPOLL),
      m_maxPoll(ntp::DEFAULT_MAXPOLL),
      m_maxFrequencyPpm(500),
      m_allan(Seconds(1500)),
      m_precision(ntp::Log2ToTime(-20))
{
    NS_LOG_FUNCTION(this);
}

void
NtpClockDiscipline::DoInitialize()
{
    CheckPolls();
    Object::DoInitialize();
}

void
NtpClockDiscipline::CheckPolls()
{
    if (m_checked)
    {
        return;
    }
    if (m_minPoll > m_maxPoll)
    {
        chronometry::ReportConfigError(
            "ns3::NtpClockDiscipline::MinPoll (" + std::to_string(m_minPoll) +
                ") exceeds ns3::NtpClockDiscipline::MaxPoll (" + std::to_string(m_maxPoll) +
                "): the poll exponent must have a range [MinPoll, MaxPoll]",
            {"ns3::NtpClockDiscipline::MinPoll", "ns3::NtpClockDiscipline::MaxPoll"});
    }
    m_checked = true;
    m_poll = static_cast<int8_t>(m_minPoll);
    m_jitter = m_precision.GetSeconds();
}

void
NtpClockDiscipline::Reset()
{
    NS_LOG_FUNCTION(this);
    m_checked = false;
    CheckPolls();
    m_state = NtpDisciplineState::NSET;
    m_offset = m_base = m_last = m_freq = m_wander = 0;
    m_count = 0;
    m_started = false;
}

void
NtpClockDiscipline::SetFrequency(double frequency)
{
    NS_LOG_FUNCTION(this << frequency);
    CheckPolls();
    chronometry::RequireDoubleInRange("NtpClockDiscipline::SetFrequency frequency",
                                      frequency * 1e6,
                                      -m_maxFrequencyPpm,
                                      m_maxFrequencyPpm,
                                      "ppm");
    m_freq = frequency;
    m_state = NtpDisciplineState::FSET;
}

void
NtpClockDiscipline::Reset(NtpDisciplineState state, Time t, double offset)
{
    m_state = state;
    m_base = offset - m_offset;
    m_last = m_offset = offset;
    m_updateTime = t;
}

Time
NtpClockDiscipline::Advance(Time now)
{
    NS_LOG_FUNCTION(this << now);
    CheckPolls();
    if (!m_started)
    {
        m_started = true;
        m_adjustTime = now;
        m_updateTime = now;
        return Time(0);
    }
    if (now < m_adjustTime)
    {
        chronometry::ReportConfigError(
            "NtpClockDiscipline::Advance: " + chronometry::FormatTime(now) +
            " is before the last call (" + chronometry::FormatTime(m_adjustTime) + ")");
    }
    const double seconds = (now - m_adjustTime).GetSeconds();
    m_adjustTime = now;
    const double tc = TC * std::min(std::ldexp(1.0, m_poll), m_allan.GetSeconds());
    const double remaining = m_offset * std::pow(1.0 - 1.0 / tc, seconds);
    const Time phase = FromSeconds(m_offset - remaining);
    m_offset = remaining;
    return phase;
}

NtpDisciplineResult
NtpClockDiscipline::Finish(NtpDisciplineResult r, Time offset)
{
    r.state = m_state;
    r.frequency = m_freq;
    r.poll = m_poll;
    r.action.state = r.code == NtpClockReturn::STEP        ? ServoState::JUMP
                     : m_state == NtpDisciplineState::SYNC ? ServoState::LOCKED
                                                           : ServoState::UNLOCKED;
    r.action.step = r.code == NtpClockReturn::STEP;
    r.action.stepBy = r.step;
    r.action.adjustFrequency = true;
    r.action.frequencyPpb = m_freq * 1e9;
    r.action.slewBy = r.phase;
    m_updateTrace(offset, r.code, m_freq, m_poll);
    return r;
}

void
NtpClockDiscipline::AdaptPoll()
{
    // Poll-interval adaptation with the hysteresis counter.
    if (std::abs(m_offset) < PGATE * m_jitter)
    {
        m_count += m_poll;
        if (m_count > LIMIT)
        {
            m_count = LIMIT;
            if (m_poll < m_maxPoll)
            {
                m_count = 0;
                ++m_poll;
            }
        }
    }
    else
    {
        m_count -= 2 * m_poll;
        if (m_count < -LIMIT)
        {
            m_count = -LIMIT;
            if (m_poll > m_minPoll)
            {
                m_count = 0;
                --m_poll;
            }
        }
    }
}

NtpDisciplineResult
NtpClockDiscipline::Update(Time offset, Time now)
{
    return Update(offset, now, now);
}

NtpDisciplineResult
NtpClockDiscipline::Update(Time offset, Time now, Time sampleTime)
{
    NS_LOG_FUNCTION(this << offset << now << sampleTime);
    if (sampleTime > now)
    {
        chronometry::ReportConfigError("NtpClockDiscipline::Update: the sample time " +
                                       chronometry::FormatTime(sampleTime) + " is after now (" +
                                       chronometry::FormatTime(now) + ")");
    }
    NtpDisciplineResult r;
    // The phase due since the last Advance is slewed in now; the offset was measured without
    // it.
    r.phase = Advance(now);
    const double theta = (offset - r.phase).GetSeconds();
    if (m_panic.IsStrictlyPositive() && std::abs(theta) > m_panic.GetSeconds())
    {
        r.code = NtpClockReturn::PANIC;
        return Finish(r, offset);
    }
    const double mu = (sampleTime - m_updateTime).GetSeconds(); // p.t - s.t
    const double watch = m_stepout.GetSeconds();
    double freq = 0;
    r.code = NtpClockReturn::SLEW;
    if (m_stepThreshold.IsStrictlyPositive() && std::abs(theta) > m_stepThreshold.GetSeconds())
    {
        switch (m_state)
        {
        case NtpDisciplineState::SYNC:
            // The first outlier is ignored: hold it off for the stepout interval.
            m_state = NtpDisciplineState::SPIK;
            r.code = NtpClockReturn::IGNORE;
            return Finish(r, offset);
        case NtpDisciplineState::FREQ:
            // mu > 0 as well: with a zero stepout interval, a second update at the same
            // instant measures no frequency.
            if (mu < watch || mu <= 0)
            {
                r.code = NtpClockReturn::IGNORE;
                return Finish(r, offset);
            }
            freq = (theta - m_base - m_offset) / mu;
            break;
        case NtpDisciplineState::SPIK:
            if (mu < watch)
            {
                r.code = NtpClockReturn::IGNORE;
                return Finish(r, offset);
            }
            break;
        default: // NSET, FSET: step at once
            break;
        }
        r.step = FromSeconds(theta);
        r.code = NtpClockReturn::STEP;
        m_count = 0;
        m_poll = static_cast<int8_t>(m_minPoll);
        if (m_state == NtpDisciplineState::NSET)
        {
            // Measure the frequency directly over the stepout interval from here.
            m_offset = 0;
            Reset(NtpDisciplineState::FREQ, sampleTime, 0);
            return Finish(r, offset);
        }
        m_offset = 0; // the step takes the residual with it
        Reset(NtpDisciplineState::SYNC, sampleTime, 0);
    }
    else
    {
        const double diff = std::max(std::abs(theta - m_last), m_precision.GetSeconds());
        m_jitter = std::sqrt(m_jitter * m_jitter + (diff * diff - m_jitter * m_jitter) / AVG);
        switch (m_state)
        {
        case NtpDisciplineState::NSET:
            // The first update: slew the offset and measure the frequency from here.
            m_offset = theta;
            Reset(NtpDisciplineState::FREQ, sampleTime, theta);
            r.code = NtpClockReturn::IGNORE;
            return Finish(r, offset);
        case NtpDisciplineState::FSET:
            m_offset = theta;
            break;
        case NtpDisciplineState::FREQ:
            // mu > 0 as well: with a zero stepout interval, a second update at the same
            // instant measures no frequency.
            if (mu < watch || mu <= 0)
            {
                r.code = NtpClockReturn::IGNORE;
                return Finish(r, offset);
            }
            freq = (theta - m_base - m_offset) / mu;
            break;
        default: { // SYNC, SPIK: the hybrid loop
            const double pollS = std::ldexp(1.0, m_poll);
            const double allan = m_allan.GetSeconds();
            if (pollS > allan / 2)
            {
                const double gain = std::max(FLL - m_poll, AVG);
                freq += (theta - m_offset) / (std::max(mu, allan) * gain);
            }
            const double pll = 4 * TC * pollS;
            freq += theta * std::min(mu, pollS) / (pll * pll);
            break;
        }
        }
        Reset(NtpDisciplineState::SYNC, sampleTime, theta);
    }
    const double maxFreq = m_maxFrequencyPpm * 1e-6;
    const double previous = m_freq;
    m_freq = std::clamp(m_freq + freq, -maxFreq, maxFreq);
    const double change = m_freq - previous;
    m_wander = std::sqrt(m_wander * m_wander + (change * change - m_wander * m_wander) / AVG);
    if (r.code != NtpClockReturn::STEP)
    {
        AdaptPoll();
    }
    return Finish(r, offset);
}

NtpDisciplineState
NtpClockDiscipline::GetState() const
{
    return m_state;
}

double
NtpClockDiscipline::GetFrequency() const
{
    return m_freq;
}

int8_t
NtpClockDiscipline::GetPoll() const
{
    return m_checked ? m_poll : static_cast<int8_t>(m_minPoll);
}

Time
NtpClockDiscipline::GetPollInterval() const
{
    return Seconds(std::ldexp(1.0, GetPoll()));
}

Time
NtpClockDiscipline::GetResidual() const
{
    return FromSeconds(m_offset);
}

Time
NtpClockDiscipline::GetJitter() const
{
    return FromSeconds(m_checked ? m_jitter : m_precision.GetSeconds());
}

double
NtpClockDiscipline::GetWander() const
{
    return m_wander;
}

int
NtpClockDiscipline::GetHysteresis() const
{
    return m_count;
}

Time
NtpClockDiscipline::GetStepThreshold() const
{
    return m_stepThreshold;
}

Time
NtpClockDiscipline::GetUpdateTime() const
{
    return m_updateTime;
}

} // namespace ns3
