/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pi-servo.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PiServo");
NS_OBJECT_ENSURE_REGISTERED(PiServo);

namespace
{
// linuxptp's defaults (pi.c, config.c).
constexpr double HW_KP_SCALE = 0.7;          //!< hardware time stamping
constexpr double HW_KI_SCALE = 0.3;          //!< hardware time stamping
constexpr double SW_KP_SCALE = 0.1;          //!< software time stamping
constexpr double SW_KI_SCALE = 0.001;        //!< software time stamping
constexpr double CONST_KP_NORM_MAX = 1.0;    //!< norm maximum with constant gains
constexpr double CONST_KI_NORM_MAX = 2.0;    //!< norm maximum with constant gains
constexpr double FREQ_EST_MARGIN = 0.001;    //!< slack on the frequency-estimation wait
constexpr double MAX_FREQ_EST_WAIT_S = 1000; //!< longest frequency-estimation wait
} // namespace

TypeId
PiServo::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PiServo")
            .SetParent<ClockServo>()
            .SetGroupName("Chronometry")
            .AddConstructor<PiServo>()
            .AddAttribute("TimestampMode",
                          "Time stamping the default gains are for: Hardware (kp 0.7, ki 0.3) "
                          "or Software (kp 0.1, ki 0.001), as linuxptp's -H / -S.",
                          EnumValue(HARDWARE),
                          chronometry::MakeEnumAccessorOf<TimestampMode>(&PiServo::m_mode),
                          MakeEnumChecker(HARDWARE, "Hardware", SOFTWARE, "Software"))
            .AddAttribute("ProportionalConst",
                          "kp in ppb per ns for every sync interval when non-zero (then "
                          "ProportionalScale and ProportionalExponent are not used and kp is at "
                          "most 1.0 / T), whatever IntegralConst is (linuxptp "
                          "pi_proportional_const).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&PiServo::m_kpConst),
                          chronometry::MakeDoubleRangeChecker(0, 1000, "ppb/ns"))
            .AddAttribute("IntegralConst",
                          "ki in ppb per ns for every sync interval when non-zero (then "
                          "IntegralScale and IntegralExponent are not used and ki is at most "
                          "2.0 / T), whatever ProportionalConst is (linuxptp pi_integral_const).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&PiServo::m_kiConst),
                          chronometry::MakeDoubleRangeChecker(0, 1000, "ppb/ns"))
            .AddAttribute("ProportionalScale",
                          "kp = scale x T^exponent (T: sync interval in s); 0: the "
                          "TimestampMode's default, whatever IntegralScale is (linuxptp "
                          "pi_proportional_scale).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&PiServo::m_kpScale),
                          chronometry::MakeDoubleRangeChecker(0, 1000))
            .AddAttribute("ProportionalExponent",
                          "Exponent of T in kp, unless ProportionalConst is set (linuxptp "
                          "pi_proportional_exponent).",
                          DoubleValue(-0.3),
                          MakeDoubleAccessor(&PiServo::m_kpExponent),
                          chronometry::MakeDoubleRangeChecker(-10, 10))
            .AddAttribute("ProportionalNormMax",
                          "kp is at most this / T, unless ProportionalConst is set (linuxptp "
                          "pi_proportional_norm_max).",
                          DoubleValue(0.7),
                          MakeDoubleAccessor(&PiServo::m_kpNormMax),
                          chronometry::MakeDoubleRangeChecker(0, 1, "", false, true))
            .AddAttribute("IntegralScale",
                          "ki = scale x T^exponent; 0: the TimestampMode's default, whatever "
                          "ProportionalScale is (linuxptp pi_integral_scale).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&PiServo::m_kiScale),
                          chronometry::MakeDoubleRangeChecker(0, 1000))
            .AddAttribute("IntegralExponent",
                          "Exponent of T in ki, unless IntegralConst is set (linuxptp "
                          "pi_integral_exponent).",
                          DoubleValue(0.4),
                          MakeDoubleAccessor(&PiServo::m_kiExponent),
                          chronometry::MakeDoubleRangeChecker(-10, 10))
            .AddAttribute("IntegralNormMax",
                          "ki is at most this / T, unless IntegralConst is set (linuxptp "
                          "pi_integral_norm_max).",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&PiServo::m_kiNormMax),
                          chronometry::MakeDoubleRangeChecker(0, 2, "", false, true));
    return tid;
}

PiServo::PiServo()
    : m_mode(HARDWARE),
      m_kpConst(0),
      m_kiConst(0),
      m_kpScale(0),
      m_kpExponent(-0.3),
      m_kpNormMax(0.7),
      m_kiScale(0),
      m_kiExponent(0.4),
      m_kiNormMax(0.3),
      m_count(0),
      m_firstOffsetNs(0),
      m_firstLocalNs(0),
      m_integralPpb(0)
{
    NS_LOG_FUNCTION(this);
}

void
PiServo::Gains(double& kp, double& ki) const
{
    // Each gain on its own, as linuxptp's pi_servo_create: a constant replaces the scale,
    // drops the exponent and takes the wider norm maximum; a zero scale takes the
    // TimestampMode's default; every other setting is used as it is.
    double kpScale = m_kpScale;
    double kpExponent = m_kpExponent;
    double kpNormMax = m_kpNormMax;
    if (m_kpConst > 0)
    {
        kpScale = m_kpConst;
        kpExponent = 0;
        kpNormMax = CONST_KP_NORM_MAX;
    }
    else if (kpScale == 0)
    {
        kpScale = m_mode == HARDWARE ? HW_KP_SCALE : SW_KP_SCALE;
    }
    double kiScale = m_kiScale;
    double kiExponent = m_kiExponent;
    double kiNormMax = m_kiNormMax;
    if (m_kiConst > 0)
    {
        kiScale = m_kiConst;
        kiExponent = 0;
        kiNormMax = CONST_KI_NORM_MAX;
    }
    else if (kiScale == 0)
    {
        kiScale = m_mode == HARDWARE ? HW_KI_SCALE : SW_KI_SCALE;
    }
    const double t = IntervalSeconds();
    kp = std::min(kpScale * std::pow(t, kpExponent), kpNormMax / t);
    ki = std::min(kiScale * std::pow(t, kiExponent), kiNormMax / t);
}

double
PiServo::GetKp() const
{
    double kp;
    double ki;
    Gains(kp, ki);
    return kp;
}

double
PiServo::GetKi() const
{
    double kp;
    double ki;
    Gains(kp, ki);
    return ki;
}

ServoAction
PiServo::DoSample(Time offset, Time localTime)
{
    const double o = ToNs(offset);
    const double local = ToNs(localTime);
    double kp;
    double ki;
    Gains(kp, ki);
    ServoAction a;
    if (!m_rateCorrection)
    {
        // Proportional, phase only: no frequency memory.
        if (StepDue(o))
        {
            a.state = ServoState::JUMP;
            a.step = true;
            a.stepBy = offset;
        }
        else
        {
            a.state = ServoState::LOCKED;
            const double t = IntervalSeconds();
            a.slewBy = NanoSeconds(std::llround(Clamp(kp * o) * t));
        }
        return a;
    }
    switch (m_count)
    {
    case 0:
        m_firstOffsetNs = o;
        m_firstLocalNs = local;
        m_count = 1;
        a.state = ServoState::UNLOCKED;
        return a;
    case 1: {
        if (local <= m_firstLocalNs)
        {
            // Out of order: both samples are discarded and the next one starts afresh.
            NS_LOG_LOGIC("second sample not after the first: both discarded");
            m_count = 0;
            a.state = ServoState::UNLOCKED;
            return a;
        }
        // The wait, with its margin, computed in linuxptp's order (the same rounding).
        double span = (local - m_firstLocalNs) / 1e9;
        span += span * FREQ_EST_MARGIN;
        const double wait =
            ki > 0 ? std::min(0.016 / ki, MAX_FREQ_EST_WAIT_S) : MAX_FREQ_EST_WAIT_S;
        if (span < wait)
        {
            a.state = ServoState::UNLOCKED;
            return a;
        }
        // The integral term plus the frequency error measured between the two samples (on a
        // restart, the last output's proportional part is left out, as in linuxptp).
        m_integralPpb = Clamp(m_integralPpb + (1e9 + m_integralPpb) * (o - m_firstOffsetNs) /
                                                  (local - m_firstLocalNs));
        a.adjustFrequency = true;
        a.frequencyPpb = m_integralPpb;
        if (StepDue(o))
        {
            a.state = ServoState::JUMP;
            a.step = true;
            a.stepBy = offset;
        }
        else
        {
            a.state = ServoState::LOCKED;
        }
        m_count = 2;
        return a;
    }
    default:
        break;
    }
    const double always = ToNs(m_stepThreshold);
    if (always > 0 && std::fabs(o) > always)
    {
        // Start again: the next two samples re-estimate the frequency, then step.
        m_count = 0;
        a.state = ServoState::UNLOCKED;
        return a;
    }
    const double kiTerm = ki * o;
    const double ppb = kp * o + m_integralPpb + kiTerm;
    a.adjustFrequency = true;
    if (ppb != Clamp(ppb))
    {
        a.frequencyPpb = Clamp(ppb); // no integration while saturated
    }
    else
    {
        a.frequencyPpb = ppb;
        m_integralPpb += kiTerm;
    }
    a.state = ServoState::LOCKED;
    return a;
}

void
PiServo::DoReset()
{
    m_count = 0;
}

} // namespace ns3
