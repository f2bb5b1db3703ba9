/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "time-error-metrics.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace ns3
{

std::string
G8273ClassName(G8273Class c)
{
    switch (c)
    {
    case G8273Class::A:
        return "A";
    case G8273Class::B:
        return "B";
    case G8273Class::C:
        return "C";
    case G8273Class::D:
        return "D";
    default:
        return "none";
    }
}

G8273Limits
GetG8273Limits(G8273Class c)
{
    // G.8273.2 noise generation, constant temperature, 1000 s (doc/sync.rst cites the source).
    switch (c)
    {
    case G8273Class::A:
        return {100, 50, 40, 70, -1};
    case G8273Class::B:
        return {70, 20, 40, 70, -1};
    case G8273Class::C:
        return {30, 10, 10, 30, -1};
    case G8273Class::D:
        return {-1, -1, -1, -1, 5};
    default:
        chronometry::ReportConfigError("GetG8273Limits: NONE has no limits; valid: A, B, C, D");
    }
}

namespace
{

/**
 * \param value a figure (absent: not measured)
 * \param limit its limit (negative: none)
 * \return whether the figure meets the limit
 */
bool
Meets(std::optional<double> value, double limit)
{
    return limit < 0 || (value && std::fabs(*value) <= limit);
}

/**
 * \param s the figures
 * \param l a class's limits
 * \return whether every limit holds
 */
bool
MeetsAll(const TimeErrorSummary& s, const G8273Limits& l)
{
    return Meets(s.maxAbsTe, l.maxAbsTe) && Meets(s.cte, l.cte) &&
           Meets(s.dteLowMtie, l.dteLowMtie) && Meets(s.dteHighPp, l.dteHighPp) &&
           Meets(s.maxAbsTeLow, l.maxAbsTeLow);
}

} // namespace

G8273Class
ClassifyG8273(const TimeErrorSummary& s)
{
    if (!s.dteLowMtie || !s.dteHighPp || !s.maxAbsTeLow)
    {
        return G8273Class::NONE;
    }
    G8273Class best = G8273Class::NONE;
    for (G8273Class c : {G8273Class::A, G8273Class::B, G8273Class::C, G8273Class::D})
    {
        // The classes nest (each limit at most the previous class's): stop at the first miss.
        if (!MeetsAll(s, GetG8273Limits(c)))
        {
            break;
        }
        best = c;
    }
    return best;
}

TimeErrorMetrics::TimeErrorMetrics(std::vector<double> teNs, Time tau0)
    : m_te(std::move(teNs)),
      m_tau0(tau0)
{
    if (m_te.size() < 2)
    {
        chronometry::ReportConfigError("TimeErrorMetrics: " + std::to_string(m_te.size()) +
                                       " samples is invalid; valid range: at least 2");
    }
    if (!tau0.IsStrictlyPositive())
    {
        chronometry::ReportConfigError("TimeErrorMetrics: tau0 = " + chronometry::FormatTime(tau0) +
                                       " is invalid; valid range: > 0");
    }
    for (double v : m_te)
    {
        if (!std::isfinite(v))
        {
            chronometry::ReportConfigError(
                "TimeErrorMetrics: a sample is not finite; valid: finite ns");
        }
    }
}

std::size_t
TimeErrorMetrics::GetSampleCount() const
{
    return m_te.size();
}

Time
TimeErrorMetrics::GetObservation() const
{
    return m_tau0 * static_cast<int64_t>(m_te.size() - 1);
}

double
TimeErrorMetrics::MaxAbsTe() const
{
    double m = 0;
    for (double v : m_te)
    {
        m = std::max(m, std::fabs(v));
    }
    return m;
}

double
TimeErrorMetrics::ConstantTe() const
{
    long double sum = 0;
    for (double v : m_te)
    {
        sum += v;
    }
    return static_cast<double>(sum / m_te.size());
}

std::size_t
TimeErrorMetrics::Intervals(Time tau) const
{
    const double n = std::round(tau.GetDouble() / m_tau0.GetDouble());
    return static_cast<std::size_t>(std::max(1.0, n));
}

double
TimeErrorMetrics::MtieSamples(const std::vector<double>& x, std::size_t n)
{
    // Indices of candidate maxima (values decreasing) and minima (increasing) in the window.
    std::deque<std::size_t> hi;
    std::deque<std::size_t> lo;
    double mtie = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
    {
        while (!hi.empty() && x[hi.back()] <= x[i])
        {
            hi.pop_back();
        }
        hi.push_back(i);
        while (!lo.empty() && x[lo.back()] >= x[i])
        {
            lo.pop_back();
        }
        lo.push_back(i);
        if (i >= n) // the window [i - n, i] is full
        {
            while (hi.front() < i - n)
            {
                hi.pop_front();
            }
            while (lo.front() < i - n)
            {
                lo.pop_front();
            }
            mtie = std::max(mtie, x[hi.front()] - x[lo.front()]);
        }
    }
    return mtie;
}

std::optional<double>
TimeErrorMetrics::Mtie(Time tau) const
{
    const std::size_t n = Intervals(tau);
    if (n >= m_te.size())
    {
        return std::nullopt; // no window that long: not applicable, not 0
    }
    return MtieSamples(m_te, n);
}

std::optional<double>
TimeErrorMetrics::Tdev(Time tau) const
{
    const std::size_t n = Intervals(tau);
    const std::size_t count = m_te.size();
    if (3 * n > count - 1)
    {
        return std::nullopt;
    }
    // Prefix sums of TE minus its mean (the estimator ignores a constant; the mean keeps the
    // sums small).
    const long double mean = ConstantTe();
    std::vector<long double> p(count + 1, 0);
    for (std::size_t i = 0; i < count; ++i)
    {
        p[i + 1] = p[i] + (m_te[i] - mean);
    }
    long double sum = 0;
    const std::size_t windows = count - 3 * n + 1;
    for (std::size_t j = 0; j < windows; ++j)
    {
        const long double s =
            (p[j + 3 * n] - p[j + 2 * n]) - 2 * (p[j + 2 * n] - p[j + n]) + (p[j + n] - p[j]);
        sum += s * s;
    }
    const long double nn = n;
    return static_cast<double>(std::sqrt(sum / (6 * nn * nn * windows)));
}

bool
TimeErrorMetrics::CanFilter() const
{
    return m_tau0.GetSeconds() * kCornerHz < 0.5;
}

std::vector<double>
TimeErrorMetrics::FirstOrderLowPass(const std::vector<double>& x, Time tau0, double cornerHz)
{
    const double fcT = cornerHz * tau0.GetSeconds();
    if (!(fcT > 0 && fcT < 0.5))
    {
        chronometry::ReportConfigError(
            "FirstOrderLowPass: corner x tau0 = " + std::to_string(fcT) +
            " is invalid; valid range: (0, 0.5) (the corner below Nyquist)");
    }
    // H(s) = wc / (s + wc) by the bilinear transform with wc prewarped: K = tan(pi fc T).
    const double k = std::tan(M_PI * fcT);
    std::vector<double> y(x.size());
    if (x.empty())
    {
        return y;
    }
    y[0] = x[0]; // steady state: a constant series passes unchanged, no start-up transient
    for (std::size_t i = 1; i < x.size(); ++i)
    {
        y[i] = (k * (x[i] + x[i - 1]) - (k - 1) * y[i - 1]) / (k + 1);
    }
    return y;
}

std::vector<double>
TimeErrorMetrics::LowPass() const
{
    if (!CanFilter())
    {
        return {};
    }
    return FirstOrderLowPass(m_te, m_tau0, kCornerHz);
}

std::optional<double>
TimeErrorMetrics::DteLowMtie() const
{
    if (!CanFilter())
    {
        return std::nullopt;
    }
    // MTIE never falls as tau grows, and the mask is flat up to 1000 s: its largest tau is
    // the binding one.
    const std::size_t n = std::min(m_te.size() - 1, Intervals(Seconds(1000)));
    return MtieSamples(LowPass(), n);
}

std::optional<double>
TimeErrorMetrics::DteHighPeakToPeak() const
{
    if (!CanFilter())
    {
        return std::nullopt;
    }
    const std::vector<double> low = LowPass();
    double hi = -INFINITY;
    double lo = INFINITY;
    for (std::size_t i = 0; i < m_te.size(); ++i)
    {
        hi = std::max(hi, m_te[i] - low[i]);
        lo = std::min(lo, m_te[i] - low[i]);
    }
    return hi - lo;
}

std::optional<double>
TimeErrorMetrics::MaxAbsTeLow() const
{
    if (!CanFilter())
    {
        return std::nullopt;
    }
    double m = 0;
    for (double v : LowPass())
    {
        m = std::max(m, std::fabs(v));
    }
    return m;
}

TimeErrorSummary
TimeErrorMetrics::Summarize() const
{
    TimeErrorSummary s;
    s.maxAbsTe = MaxAbsTe();
    s.cte = ConstantTe();
    s.dteLowMtie = DteLowMtie();
    s.dteHighPp = DteHighPeakToPeak();
    s.maxAbsTeLow = MaxAbsTeLow();
    return s;
}

} // namespace ns3
