/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "drifting-clock.h"

#include "constant-drift-oscillator.h"
#include "drift-math.h"
#include "ideal-oscillator.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <typeinfo>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DriftingClock");

NS_OBJECT_ENSURE_REGISTERED(DriftingClock);

namespace
{

/**
 * \param factor x times 2^64 (a fraction)
 * \param v a clock value
 * \return floor(x v) to 2^-64, exactly (a 64 x 128-bit product)
 */
ClockValue
MulFraction(int64_t factor, ClockValue v)
{
    __extension__ typedef __int128 Raw;
    const Raw raw = v.GetRaw();
    const Raw high = raw >> ClockValue::FRACTION_BITS; // floor(v), |high| < 2^63
    const auto low = static_cast<uint64_t>(raw);       // v - floor(v), times 2^64
    // x v = f high + f low / 2^64 (in 2^-64 units): |f high| < 2^126, |f low| < 2^127.
    const Raw whole = static_cast<Raw>(factor) * high;
    const Raw fraction =
        (static_cast<Raw>(factor) * static_cast<Raw>(low)) >> ClockValue::FRACTION_BITS;
    return ClockValue::FromRaw(whole + fraction);
}

/** Largest MaxFrequencyAdjustment, in ppb (10%, as the drift and slew rate bounds). */
constexpr double MAX_FREQUENCY_ADJUSTMENT_PPB = 1e8;

} // namespace

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
                          "Clock reading at true time 0 (up to 5e9 s: an emulation anchors a "
                          "clock to a date, about 1.8e9 s after 1970).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&DriftingClock::SetInitialOffset,
                                           &DriftingClock::GetInitialOffset),
                          chronometry::MakeTimeRangeChecker(Seconds(-5e9), Seconds(5e9)))
            .AddAttribute(
                "Resolution",
                "Reads are quantized down to a multiple of this.",
                TimeValue(NanoSeconds(1)),
                MakeTimeAccessor(&DriftingClock::SetResolution, &DriftingClock::GetResolution),
                chronometry::MakeTimeRangeChecker(Time::From(1), Seconds(1)))
            .AddAttribute("ReadJitter",
                          "Noise added to every read, in nanoseconds (any "
                          "RandomVariableStream; none by default). One stream is reserved "
                          "for it whether set or not.",
                          PointerValue(),
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
            .AddAttribute(
                "MaxFrequencyAdjustment",
                "Largest |AdjustFrequency| in ppb; larger requests are clamped (Linux's "
                "adjtimex allows 500 ppm; a PHC's max_adj is often larger).",
                DoubleValue(500000.0),
                MakeDoubleAccessor(&DriftingClock::m_maxFrequencyPpb),
                chronometry::MakeDoubleRangeChecker(0.0, MAX_FREQUENCY_ADJUSTMENT_PPB, "ppb"))
            .AddTraceSource("Adjustment",
                            "The clock was stepped or slewed: (true time, delta, is slew).",
                            MakeTraceSourceAccessor(&DriftingClock::m_adjustmentTrace),
                            "ns3::DriftingClock::AdjustmentCallback")
            .AddTraceSource("FrequencyAdjustment",
                            "The frequency adjustment changed: (true time, ppb applied).",
                            MakeTraceSourceAccessor(&DriftingClock::m_frequencyTrace),
                            "ns3::DriftingClock::FrequencyAdjustmentCallback");
    return tid;
}

DriftingClock::DriftingClock()
    : m_initialOffset(0),
      m_resolution(NanoSeconds(1)),
      m_monotonic(false),
      m_maxSlewRatePpm(500.0),
      m_adjustment(Time(0), ClockValue(), 0.0),
      m_maxFrequencyPpb(500000.0),
      m_slewEnd(0),
      m_lastReading(std::numeric_limits<int64_t>::min()),
      m_jitterConstant(nullptr)
{
    InvalidatePiece();
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
    m_jitterSeen = nullptr;
    m_jitterConstant = nullptr;
    InvalidatePiece();
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
    InvalidatePiece();
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
    InvalidatePiece();
    ReplanLocalEvents();
}

void
DriftingClock::SetInitialOffset(Time offset)
{
    chronometry::CheckAttributeValue(*this, "InitialOffset", TimeValue(offset));
    m_initialOffset = offset;
    InvalidatePiece();
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

void
DriftingClock::InvalidatePiece()
{
    m_pieceStart = 0;
    m_pieceSpan = 0; // an empty range: every true time misses it
}

ClockValue
DriftingClock::RefreshPiece(int64_t t)
{
    EnsureOscillator();
    Time at = Time::From(t);
    ClockTimeline::Piece osc = m_oscillator->GetPhasePiece(at);
    ClockTimeline::Piece adj = m_adjustment.PieceAt(at);
    int64_t start = std::max(osc.start, adj.start);
    int64_t end = std::min(osc.end, adj.end);
    ClockValue frequencyValue;
    ClockValue frequencySlope;
    if (!m_frequency.empty())
    {
        // F is linear from max(its segment start, the oscillator piece start) on, so the piece
        // of L starts no earlier than its segment and ends at the next adjustment (or, before
        // the first adjustment, F is 0 up to it).
        const FrequencySegment* segment = FrequencySegmentAt(t);
        int64_t frequencyEnd = m_frequency.front().start;
        if (segment != nullptr)
        {
            start = std::max(start, segment->start);
            frequencyValue = FrequencyTerm(osc, start, frequencySlope, frequencyEnd);
        }
        end = std::min(end, frequencyEnd);
    }
    ClockValue value = ClockValue::FromSteps(m_initialOffset.GetTimeStep())
                           .CheckedAdd(osc.value.CheckedAdd(osc.slope.MulSteps(start - osc.start)))
                           .CheckedAdd(adj.value.CheckedAdd(adj.slope.MulSteps(start - adj.start)))
                           .CheckedAdd(frequencyValue);
    ClockValue slope = osc.slope.CheckedAdd(adj.slope).CheckedAdd(frequencySlope);
    // L(t) itself must be in range (reported by the checked sum at the end) ...
    // ... and the piece ends before |L| could leave it, so that PieceValue needs no check.
    __extension__ typedef unsigned __int128 URaw;
    const auto maxRaw = static_cast<URaw>(~URaw{0} >> 1);
    URaw magnitude =
        value.GetRaw() < 0 ? -static_cast<URaw>(value.GetRaw()) : static_cast<URaw>(value.GetRaw());
    URaw rate =
        slope.GetRaw() < 0 ? -static_cast<URaw>(slope.GetRaw()) : static_cast<URaw>(slope.GetRaw());
    auto span = static_cast<URaw>(static_cast<uint64_t>(end) - static_cast<uint64_t>(start));
    const URaw quarter = URaw{1} << 125;
    bool clearlySafe = magnitude < quarter && rate < (URaw{1} << 65) && span < (URaw{1} << 60);
    if (rate != 0 && !clearlySafe) // (a 128-bit division only for very long pieces)
    {
        URaw safeSteps = (maxRaw - magnitude) / rate; // |value + slope * d| < 2^127 for d <= this
        if (safeSteps < span)
        {
            end = start + static_cast<int64_t>(safeSteps) + 1;
        }
    }
    // PieceValue multiplies by the slope's excess over 1 in 64 bits: |slope - 1| < 1/2,
    // always true of a clock (|drift| and the slew rate are at most 10% each).  Another
    // slope leaves the cache empty and every read takes the exact general path.
    ClockValue excess = slope - ClockValue::FromSteps(1);
    const ClockValue::Raw half = ClockValue::ONE / 2;
    m_pieceStart = start;
    m_pieceValue = value;
    m_pieceExcess = static_cast<int64_t>(excess.GetRaw());
    m_pieceSpan = (excess.GetRaw() < half && excess.GetRaw() > -half)
                      ? static_cast<uint64_t>(end) - static_cast<uint64_t>(start)
                      : 0;
    return value.CheckedAdd(slope.MulSteps(t - start));
}

ClockValue
DriftingClock::GetExactValue(Time t)
{
    int64_t ts = t.GetTimeStep();
    return InPiece(ts) ? PieceValue(ts) : RefreshPiece(ts);
}

Time
DriftingClock::TrueToLocal(Time trueTime)
{
    return Time::From(GetExactValue(trueTime).Floor());
}

ClockValue
DriftingClock::TrueToLocalExact(Time trueTime)
{
    return GetExactValue(trueTime);
}

Time
DriftingClock::LocalToTrue(Time localTime)
{
    EnsureOscillator();
    Time now = Simulator::Now();
    ClockValue target = ClockValue::FromSteps(localTime.GetTimeStep());
    ClockValue current = GetExactValue(now);
    if (current >= target)
    {
        return now;
    }
    if (m_slewEnd <= now)
    {
        // No slew ahead: the adjustment is constant, so invert the oscillator directly.
        ClockValue phaseTarget = target - ClockValue::FromSteps(m_initialOffset.GetTimeStep()) -
                                 m_adjustment.ValueAt(now);
        const FrequencySegment* segment = FrequencySegmentAt(now.GetTimeStep());
        if (segment == nullptr)
        {
            return m_oscillator->GetTimeAtPhase(now, phaseTarget);
        }
        if (segment->factor == 0)
        {
            return m_oscillator->GetTimeAtPhase(now, phaseTarget - segment->value); // F constant
        }
        // L = offset + A + F_a + phase + x (phase - phase_a): the phase at which L reaches the
        // target is phase_a + R / (1 + x), R = target - offset - A - F_a - phase_a.  The
        // division is approximate (R - R x / (1 + x) with a 64-bit x / (1 + x)), and F is
        // evaluated piece by piece, so the oscillator's answer is a guess that the exact
        // search below corrects by a few time steps at most.
        ClockValue r = phaseTarget - segment->value - segment->phase;
        double x = std::ldexp(static_cast<double>(segment->factor), -ClockValue::FRACTION_BITS);
        auto shrink = static_cast<int64_t>(std::llround(std::ldexp(x / (1 + x), 64)));
        ClockValue phaseGuess = segment->phase + r - MulFraction(shrink, r);
        int64_t guess = m_oscillator->GetTimeAtPhase(now, phaseGuess).GetTimeStep();
        return Time::From(EarliestReaching(now.GetTimeStep(), target, guess));
    }
    // A slew is in progress: L is increasing on [now, inf) (the slew rate is below the
    // oscillator's minimum rate), so search from one step per step of difference.
    int64_t lo = now.GetTimeStep();
    return Time::From(EarliestReaching(lo, target, lo + (target - current).Ceil()));
}

int64_t
DriftingClock::EarliestReaching(int64_t lo, ClockValue target, int64_t guess)
{
    // Invariant of the bisection: value(below) < target <= value(above), below >= lo - 1.
    guess = std::max(guess, lo);
    int64_t below;
    int64_t above;
    int64_t gap = 1;
    if (GetExactValue(Time::From(guess)) >= target)
    {
        above = guess;
        below = guess - 1;
        while (below >= lo && GetExactValue(Time::From(below)) >= target)
        {
            above = below;
            gap *= 2;
            below = std::max(lo - 1, above - gap);
        }
        if (below < lo)
        {
            below = lo - 1; // value(lo - 1) is not needed: lo is the earliest allowed
        }
    }
    else
    {
        below = guess;
        above = guess + 1;
        while (GetExactValue(Time::From(above)) < target)
        {
            below = above;
            gap *= 2;
            above = below + gap;
        }
    }
    while (above - below > 1)
    {
        int64_t mid = below + (above - below) / 2;
        if (GetExactValue(Time::From(mid)) >= target)
        {
            above = mid;
        }
        else
        {
            below = mid;
        }
    }
    return above;
}

void
DriftingClock::ClassifyJitter()
{
    // A ConstantRandomVariable (exactly that class) draws nothing from its stream, so
    // reading its constant is the same as drawing from it.
    m_jitterSeen = m_jitter;
    RandomVariableStream* raw = PeekPointer(m_jitter);
    m_jitterConstant = (raw != nullptr && typeid(*raw) == typeid(ConstantRandomVariable))
                           ? static_cast<ConstantRandomVariable*>(raw)
                           : nullptr;
}

ClockValue
DriftingClock::AddJitter(ClockValue value)
{
    double jitterNs =
        m_jitterConstant != nullptr ? m_jitterConstant->GetConstant() : m_jitter->GetValue();
    return value.CheckedAdd(ClockValue::FromDouble(jitterNs, "ns3::DriftingClock::ReadJitter (ns)")
                                .MulSteps(NanoSeconds(1).GetTimeStep()));
}

Time
DriftingClock::DoRead(const Time& trueNow)
{
    int64_t t = trueNow.GetTimeStep();
    ClockValue value = InPiece(t) ? PieceValue(t) : RefreshPiece(t);
    int64_t reading = JitterIsZero() ? value.Floor() : AddJitter(value).Floor();
    int64_t resolution = m_resolution.GetTimeStep();
    if (resolution != 1)
    {
        // clockmath::Quantize, inline: floor(value / r) * r = floor(floor(value) / r) * r.
        int64_t ticks = reading / resolution;
        ticks -= (reading % resolution < 0) ? 1 : 0;
        reading = ticks * resolution;
    }
    if (m_monotonic && reading < m_lastReading)
    {
        reading = m_lastReading; // m_lastReading starts at INT64_MIN: no read yet
    }
    m_lastReading = reading;
    return Time(reading); // time steps
}

void
DriftingClock::Step(Time delta)
{
    NS_LOG_FUNCTION(this << delta);
    Time now = Simulator::Now();
    m_adjustment.Jump(now, ClockValue::FromSteps(delta.GetTimeStep()));
    // A step discards the rest of a slew in progress.
    if (m_slewEnd > now)
    {
        m_adjustment.SetSlope(now, 0.0);
        m_slewEnd = now;
    }
    InvalidatePiece();
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
        ClockValue left = m_adjustment.ValueAt(m_slewEnd) - m_adjustment.ValueAt(now);
        remainder = Time::From(left.Round());
    }
    int64_t steps = delta.GetTimeStep();
    // duration = |delta| / rate, exact from ppm so that round rates give exact durations.
    int64_t duration = clockmath::SlewDuration(steps, m_maxSlewRatePpm);
    if (duration == 0)
    {
        m_adjustment.SetSlope(now, 0.0);
        m_slewEnd = now;
    }
    else
    {
        m_slewEnd = now + Time::From(duration);
        // The nearest double to steps / duration (both below 2^53 for slews shorter than
        // 104 days).
        m_adjustment.SetSlope(now, static_cast<double>(steps) / static_cast<double>(duration));
        m_adjustment.SetSlope(m_slewEnd, 0.0);
    }
    InvalidatePiece();
    m_adjustmentTrace(now, delta, true);
    ReplanLocalEvents();
    return remainder;
}

Time
DriftingClock::GetSlewEnd() const
{
    return std::max(m_slewEnd, Simulator::Now());
}

const DriftingClock::FrequencySegment*
DriftingClock::FrequencySegmentAt(int64_t t) const
{
    if (m_frequency.empty() || t < m_frequency.front().start)
    {
        return nullptr;
    }
    if (t >= m_frequency.back().start)
    {
        return &m_frequency.back(); // the present: the usual case
    }
    auto it = std::upper_bound(m_frequency.begin(),
                               m_frequency.end(),
                               t,
                               [](int64_t v, const FrequencySegment& s) { return v < s.start; });
    return &*(it - 1);
}

ClockValue
DriftingClock::FrequencyTerm(const ClockTimeline::Piece& osc,
                             int64_t t,
                             ClockValue& slope,
                             int64_t& end) const
{
    const FrequencySegment* segment = FrequencySegmentAt(t);
    if (segment == nullptr)
    {
        slope = ClockValue();
        end = m_frequency.empty() ? std::numeric_limits<int64_t>::max() : m_frequency.front().start;
        return ClockValue();
    }
    end =
        segment == &m_frequency.back() ? std::numeric_limits<int64_t>::max() : (segment + 1)->start;
    // F is anchored where both the segment and the oscillator piece have begun, and linear
    // from there with the slope x (1 + rho) of the piece.
    int64_t anchor = std::max(segment->start, osc.start);
    ClockValue phaseAtAnchor = osc.value.CheckedAdd(osc.slope.MulSteps(anchor - osc.start));
    slope = MulFraction(segment->factor, osc.slope);
    return segment->value.CheckedAdd(MulFraction(segment->factor, phaseAtAnchor - segment->phase))
        .CheckedAdd(slope.MulSteps(t - anchor));
}

double
DriftingClock::AdjustFrequency(double ppb)
{
    NS_LOG_FUNCTION(this << ppb);
    if (!std::isfinite(ppb))
    {
        chronometry::ReportConfigError("DriftingClock::AdjustFrequency: ppb = " +
                                       std::to_string(ppb) + " is invalid; valid: a finite number");
    }
    EnsureOscillator();
    const double applied = std::clamp(ppb, -m_maxFrequencyPpb, m_maxFrequencyPpb);
    Time now = Simulator::Now();
    int64_t t = now.GetTimeStep();
    ClockTimeline::Piece osc = m_oscillator->GetPhasePiece(now);
    ClockValue slope;
    int64_t end;
    ClockValue value = FrequencyTerm(osc, t, slope, end);
    ClockValue phase = osc.value.CheckedAdd(osc.slope.MulSteps(t - osc.start));
    auto factor = static_cast<int64_t>(std::llround(std::ldexp(applied * 1e-9, 64)));
    FrequencySegment segment{t, phase, value, factor, applied};
    if (!m_frequency.empty() && m_frequency.back().start == t)
    {
        m_frequency.back() = segment; // a second adjustment at the same instant replaces it
    }
    else
    {
        m_frequency.push_back(segment);
    }
    InvalidatePiece();
    m_frequencyTrace(now, applied);
    ReplanLocalEvents();
    return applied;
}

double
DriftingClock::GetFrequencyAdjustment() const
{
    return m_frequency.empty() ? 0.0 : m_frequency.back().ppb;
}

double
DriftingClock::GetRateAt(Time t)
{
    EnsureOscillator();
    ClockTimeline::Piece osc = m_oscillator->GetPhasePiece(t);
    ClockValue slope = osc.slope + m_adjustment.PieceAt(t).slope;
    ClockValue frequencySlope;
    int64_t end;
    FrequencyTerm(osc, t.GetTimeStep(), frequencySlope, end);
    return (slope + frequencySlope).GetDouble();
}

int64_t
DriftingClock::AssignStreams(int64_t stream)
{
    EnsureOscillator();
    // The jitter's stream is reserved even without jitter, so that the oscillator's stream
    // does not depend on whether ReadJitter is set (nor on reads being noisy).
    if (m_jitter)
    {
        m_jitter->SetStream(stream);
    }
    return 1 + m_oscillator->AssignStreams(stream + 1);
}

} // namespace ns3
