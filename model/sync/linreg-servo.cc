/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linreg-servo.h"

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
constexpr uint32_t MIN_WINDOW = 4;       //!< smallest adaptive window
constexpr uint32_t INITIAL_UPDATES = 10; //!< prediction errors averaged plainly at first
constexpr double ERR_SMOOTHING = 0.02;   //!< then exponentially smoothed
constexpr double ERR_EQUAL = 1.05;       //!< errors within 5% count as equal
} // namespace

TypeId
LinRegServo::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LinRegServo")
            .SetParent<ClockServo>()
            .SetGroupName("Chronometry")
            .AddConstructor<LinRegServo>()
            .AddAttribute("Window",
                          "Points of the regression: the fixed size, or the largest size when "
                          "Adaptive (linuxptp: 64).",
                          UintegerValue(64),
                          MakeUintegerAccessor(&LinRegServo::m_window),
                          chronometry::MakeUintegerRangeChecker(MIN_WINDOW, MAX_WINDOW, "points"))
            .AddAttribute("Adaptive",
                          "Fit 4, 8, ..., Window points and use the size that predicts new "
                          "samples best (linuxptp's linreg); off: always Window points.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LinRegServo::m_adaptive),
                          MakeBooleanChecker());
    return tid;
}

LinRegServo::LinRegServo()
    : m_window(64),
      m_adaptive(true),
      m_configured(false),
      m_hasLast(false),
      m_lastLocalNs(0),
      m_correctionNs(0),
      m_pendingSlewNs(0),
      m_used(0),
      m_slope(0)
{
    NS_LOG_FUNCTION(this);
}

uint32_t
LinRegServo::GetWindow() const
{
    return m_used;
}

double
LinRegServo::GetFittedSlope() const
{
    return m_slope;
}

void
LinRegServo::Configure()
{
    m_fits.clear();
    if (m_adaptive)
    {
        for (uint32_t n = MIN_WINDOW; n < m_window; n *= 2)
        {
            m_fits.push_back(Fit{n});
        }
    }
    m_fits.push_back(Fit{m_window});
    m_configured = true;
}

void
LinRegServo::Refit(Fit& fit) const
{
    // Least squares over the newest fit.size points, relative to the newest (exact sums of
    // small numbers).
    const Point& newest = m_points.back();
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    const size_t first = m_points.size() - fit.size;
    for (size_t i = first; i < m_points.size(); ++i)
    {
        const double x = m_points[i].x - newest.x;
        const double y = m_points[i].y - newest.y;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    const double n = fit.size;
    const double den = sxx - sx * sx / n;
    fit.slope = den > 0 ? (sxy - sx * sy / n) / den : 0;
    fit.intercept = newest.y + (sy - fit.slope * sx) / n;
    fit.x0 = newest.x;
    fit.valid = true;
}

const LinRegServo::Fit*
LinRegServo::Choose() const
{
    const Fit* best = nullptr;
    for (const Fit& f : m_fits)
    {
        if (!f.valid || f.size > m_points.size())
        {
            continue;
        }
        if (best == nullptr || (f.updates >= INITIAL_UPDATES && f.err < best->err * ERR_EQUAL))
        {
            best = &f;
        }
    }
    return best;
}

ServoAction
LinRegServo::DoSample(Time offset, Time localTime)
{
    if (!m_configured)
    {
        Configure();
    }
    const double o = ToNs(offset);
    const double local = ToNs(localTime);
    if (m_hasLast)
    {
        const double elapsed = local - m_lastLocalNs;
        if (elapsed <= 0)
        {
            DoReset();
            Configure();
        }
        else
        {
            // The phase the held frequency added over the interval, and the slew.
            m_correctionNs += elapsed * m_frequencyPpb / (1e9 + m_frequencyPpb) + m_pendingSlewNs;
        }
    }
    m_pendingSlewNs = 0;
    m_hasLast = true;
    m_lastLocalNs = local;
    const Point p{local - m_correctionNs, o + m_correctionNs};
    for (Fit& f : m_fits)
    {
        if (!f.valid)
        {
            continue;
        }
        const double e = std::fabs(f.intercept + f.slope * (p.x - f.x0) - p.y);
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
    m_points.push_back(p);
    if (m_points.size() > MAX_WINDOW)
    {
        m_points.pop_front();
    }
    for (Fit& f : m_fits)
    {
        if (f.size <= m_points.size())
        {
            Refit(f);
        }
    }
    ServoAction a;
    const Fit* fit = Choose();
    if (fit == nullptr)
    {
        m_used = 0;
        a.state = ServoState::UNLOCKED;
        return a;
    }
    m_used = fit->size;
    m_slope = fit->slope;
    // The fitted offset now (the uncorrected line minus the corrections).
    const double predicted = fit->intercept - m_correctionNs;
    double phase = predicted;
    if (StepDue(predicted))
    {
        a.state = ServoState::JUMP;
        a.step = true;
        a.stepBy = offset;
        m_correctionNs += o;
        m_lastLocalNs += o;
        phase = predicted - o;
    }
    else
    {
        a.state = ServoState::LOCKED;
    }
    if (m_rateCorrection)
    {
        const uint32_t spread =
            fit->size <= 16 ? 1 : static_cast<uint32_t>(std::log2(fit->size)) / 2;
        const double intervalNs = ToNs(GetSyncInterval());
        a.adjustFrequency = true;
        a.frequencyPpb = Clamp(1e9 * fit->slope + 1e9 * phase / (spread * intervalNs));
    }
    else if (a.state == ServoState::LOCKED)
    {
        a.slewBy = NanoSeconds(std::llround(phase));
        m_pendingSlewNs = std::llround(phase);
    }
    return a;
}

void
LinRegServo::DoReset()
{
    m_points.clear();
    m_configured = false;
    m_hasLast = false;
    m_correctionNs = 0;
    m_pendingSlewNs = 0;
    m_used = 0;
}

} // namespace ns3
