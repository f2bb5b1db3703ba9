/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linreg-servo.h"

#include "ns3/attribute.h"
#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinRegServo");
NS_OBJECT_ENSURE_REGISTERED(LinRegServo);

namespace
{
// linuxptp's linreg.c constants.
constexpr uint32_t INITIAL_UPDATES = 10; //!< prediction errors averaged plainly at first
constexpr double ERR_SMOOTHING = 0.02;   //!< then exponentially smoothed
constexpr double ERR_EQUAL = 1.05;       //!< errors within 5% count as equal
} // namespace

TypeId
LinRegServo::GetTypeId()
{
    static TypeId tid = TypeId("ns3::LinRegServo")
                            .SetParent<ClockServo>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<LinRegServo>()
                            // Issue 41: linuxptp's linreg has no fixed window. The old
                            // settings are accepted and ignored for one release.
                            .AddAttribute("Window",
                                          "Deprecated, ignored: the servo fits 4 to 64 points and "
                                          "chooses among them as linuxptp's linreg.",
                                          UintegerValue(64),
                                          MakeUintegerAccessor(&LinRegServo::m_deprecatedWindow),
                                          chronometry::MakeUintegerRangeChecker(4, 64, "points"),
                                          TypeId::SupportLevel::DEPRECATED,
                                          "ignored since issue 41 (linreg's own window choice)")
                            .AddAttribute("Adaptive",
                                          "Deprecated, ignored: the window is always chosen as "
                                          "linuxptp's linreg chooses it.",
                                          BooleanValue(true),
                                          MakeBooleanAccessor(&LinRegServo::m_deprecatedAdaptive),
                                          MakeBooleanChecker(),
                                          TypeId::SupportLevel::DEPRECATED,
                                          "ignored since issue 41 (linreg's own window choice)");
    return tid;
}

LinRegServo::LinRegServo()
    : m_points{},
      m_fits{},
      m_reference{0, 0},
      m_count(0),
      m_newest(0),
      m_xRemainder(0),
      m_hasLast(false),
      m_lastLocalNs(0),
      m_order(0),
      m_rateRatio(1.0)
{
    NS_LOG_FUNCTION(this);
}

uint32_t
LinRegServo::GetWindow() const
{
    return m_order == 0 ? 0 : 1u << m_order;
}

double
LinRegServo::GetFittedSlope() const
{
    return m_order == 0 ? 0 : m_fits[m_order - MIN_ORDER].slope - 1.0;
}

double
LinRegServo::GetRateRatio() const
{
    return m_rateRatio;
}

void
LinRegServo::MoveReference(int64_t dx, int64_t dy)
{
    m_reference.x += dx;
    m_reference.y += dy;
    // Each fit's line, seen from the new reference (linreg.c move_reference).
    for (Fit& f : m_fits)
    {
        f.intercept += static_cast<double>(dx) * f.slope - static_cast<double>(dy);
    }
}

void
LinRegServo::AdvanceReference(int64_t localNs)
{
    if (m_hasLast)
    {
        // The local interval (y) without the held frequency adjustment (x), in whole ns with
        // the fraction carried, as linreg.c update_reference. A zero or negative interval is
        // taken as it is.
        const int64_t dy = localNs - m_lastLocalNs;
        double dx = static_cast<double>(dy) / (1.0 + m_frequencyPpb / 1e9);
        dx += m_xRemainder;
        const auto whole = static_cast<int64_t>(dx);
        m_xRemainder = dx - static_cast<double>(whole);
        MoveReference(whole, dy);
    }
    m_hasLast = true;
    m_lastLocalNs = localNs;
}

void
LinRegServo::Regress(double y0)
{
    // Running sums over the newest points, extended size by size, in linreg.c regress's order
    // (the same rounding).
    double xSum = 0;
    double ySum = 0;
    double xySum = 0;
    double x2Sum = 0;
    double wSum = 0;
    uint32_t i = 0;
    for (uint32_t order = MIN_ORDER; order <= MAX_ORDER; ++order)
    {
        const uint32_t n = 1u << order;
        if (n > m_count)
        {
            break;
        }
        Fit& f = m_fits[order - MIN_ORDER];
        if (f.slope != 0)
        {
            const double e = std::fabs(f.intercept - y0);
            if (f.updates < INITIAL_UPDATES)
            {
                f.err = (f.err * f.updates + e) / (f.updates + 1);
                ++f.updates;
            }
            else
            {
                f.err += ERR_SMOOTHING * (e - f.err);
            }
        }
        for (; i < n; ++i)
        {
            const Point& p = m_points[(MAX_POINTS + m_newest - i) % MAX_POINTS];
            const auto x = static_cast<double>(p.x - m_reference.x);
            const auto y = static_cast<double>(p.y - m_reference.y);
            xSum += x;
            ySum += y;
            xySum += x * y;
            x2Sum += x * x;
            wSum += 1.0;
        }
        f.slope = (xySum - xSum * ySum / wSum) / (x2Sum - xSum * xSum / wSum);
        f.intercept = (ySum - f.slope * xSum) / wSum;
    }
}

uint32_t
LinRegServo::ChooseOrder() const
{
    // The largest size with the smallest prediction error (linreg.c update_size).
    uint32_t best = 0;
    double bestErr = 0;
    for (uint32_t order = MIN_ORDER; order <= MAX_ORDER; ++order)
    {
        const Fit& f = m_fits[order - MIN_ORDER];
        if ((best == 0 && f.slope != 0) ||
            (bestErr * ERR_EQUAL > f.err && f.updates >= INITIAL_UPDATES))
        {
            best = order;
            bestErr = f.err;
        }
    }
    return best;
}

void
LinRegServo::Stepped(int64_t byNs)
{
    // The master's time axis moves with the local clock; the uncorrected one does not.
    MoveReference(0, byNs);
    m_lastLocalNs += byNs;
}

ServoAction
LinRegServo::DoSample(Time offset, Time localTime)
{
    const int64_t o = std::llround(ToNs(offset));
    AdvanceReference(std::llround(ToNs(localTime)));
    m_newest = (m_newest + 1) % MAX_POINTS;
    m_points[m_newest] = Point{m_reference.x, m_reference.y + o};
    if (m_count < MAX_POINTS)
    {
        ++m_count;
    }
    Regress(static_cast<double>(o));
    m_order = ChooseOrder();
    ServoAction a;
    if (m_order == 0)
    {
        a.state = ServoState::UNLOCKED;
        return a;
    }
    const Fit& fit = m_fits[m_order - MIN_ORDER];
    // As servo.c gives linreg: the thresholds test the fitted offset, the step is the sample.
    if (StepDue(fit.intercept))
    {
        Stepped(o);
        a.state = ServoState::JUMP;
        a.step = true;
        a.stepBy = offset;
    }
    else
    {
        a.state = ServoState::LOCKED;
    }
    if (m_rateCorrection)
    {
        // A longer fit spreads its phase correction over more intervals (linreg.c).
        const int spread = m_order <= 4 ? 1 : static_cast<int>(m_order) / 2;
        double ppb = 1e9 * (fit.slope - 1.0);
        ppb += fit.intercept / IntervalSeconds() / spread;
        a.adjustFrequency = true;
        a.frequencyPpb = Clamp(ppb);
        m_rateRatio = fit.slope / (1.0 + a.frequencyPpb / 1e9);
    }
    else
    {
        if (a.state == ServoState::LOCKED)
        {
            const int64_t slew = std::llround(fit.intercept);
            a.slewBy = NanoSeconds(slew);
            Stepped(slew);
        }
        m_rateRatio = fit.slope / (1.0 + m_frequencyPpb / 1e9);
    }
    return a;
}

void
LinRegServo::DoReset()
{
    // As linreg.c linreg_reset: the points and fits go; the time axis, its carried fraction
    // and the held frequency stay.
    m_count = 0;
    m_hasLast = false;
    m_order = 0;
    m_rateRatio = 1.0;
    for (Fit& f : m_fits)
    {
        f.slope = 0;
        f.updates = 0;
    }
}

} // namespace ns3
