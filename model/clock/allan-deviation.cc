/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "allan-deviation.h"

#include "ns3/chronometry-validation.h"

#include <cmath>
#include <string>

namespace ns3
{

AllanDeviation::AllanDeviation(std::vector<double> phase, Time tau0)
    : m_x(std::move(phase)),
      m_tau0(tau0)
{
    if (m_x.size() < 3)
    {
        chronometry::ReportConfigError("AllanDeviation: " + std::to_string(m_x.size()) +
                                       " phase samples is invalid; valid range: at least 3");
    }
    if (!tau0.IsStrictlyPositive())
    {
        chronometry::ReportConfigError("AllanDeviation: tau0 = " + chronometry::FormatTime(tau0) +
                                       " is invalid; valid range: > 0");
    }
    for (double v : m_x)
    {
        if (!std::isfinite(v))
        {
            chronometry::ReportConfigError(
                "AllanDeviation: a phase sample is not finite; valid: finite seconds");
        }
    }
}

std::size_t
AllanDeviation::GetSampleCount() const
{
    return m_x.size();
}

Time
AllanDeviation::GetTau0() const
{
    return m_tau0;
}

void
AllanDeviation::CheckFactor(uint32_t m, uint32_t lo, const char* what) const
{
    if (m == 0 || static_cast<double>(m_x.size()) < static_cast<double>(lo) * m + 1)
    {
        chronometry::ReportConfigError(
            std::string("AllanDeviation::") + what + ": averaging factor m = " + std::to_string(m) +
            " is invalid for " + std::to_string(m_x.size()) +
            " samples; valid range: [1, (N - 1) / " + std::to_string(lo) + "] = [1, " +
            std::to_string((m_x.size() - 1) / lo) + "]");
    }
}

double
AllanDeviation::Overlapping(uint32_t m) const
{
    CheckFactor(m, 2, "Overlapping");
    const std::size_t n = m_x.size();
    double sum = 0;
    for (std::size_t i = 0; i + 2 * m < n; ++i)
    {
        double d = m_x[i + 2 * m] - 2.0 * m_x[i + m] + m_x[i];
        sum += d * d;
    }
    double tau = m * m_tau0.GetSeconds();
    return std::sqrt(sum / (2.0 * tau * tau * static_cast<double>(n - 2 * m)));
}

double
AllanDeviation::Modified(uint32_t m) const
{
    CheckFactor(m, 3, "Modified");
    const std::size_t n = m_x.size();
    auto second = [this, m](std::size_t i) { return m_x[i + 2 * m] - 2.0 * m_x[i + m] + m_x[i]; };
    const std::size_t windows = n - 3 * m + 1;
    double window = 0;
    double sum = 0;
    for (std::size_t j = 0; j < windows; ++j)
    {
        if (j % 1024 == 0)
        {
            // Recompute the window sum now and then, so that rounding does not accumulate.
            window = 0;
            for (std::size_t i = j; i < j + m; ++i)
            {
                window += second(i);
            }
        }
        else
        {
            window += second(j + m - 1) - second(j - 1);
        }
        sum += window * window;
    }
    double tau = m * m_tau0.GetSeconds();
    return std::sqrt(sum / (2.0 * m * m * tau * tau * static_cast<double>(windows)));
}

std::vector<uint32_t>
AllanDeviation::OctaveFactors(std::size_t count) const
{
    std::vector<uint32_t> factors;
    for (uint64_t m = 1; factors.size() < count && 8 * m + 1 <= m_x.size(); m *= 2)
    {
        factors.push_back(static_cast<uint32_t>(m));
    }
    return factors;
}

double
AllanDeviation::EquivalentDof(PowerLawNoise type, std::size_t n, uint32_t m)
{
    const double nd = static_cast<double>(n);
    const double md = m;
    switch (type)
    {
    case PowerLawNoise::WHITE_PM:
        return (nd + 1) * (nd - 2 * md) / (2 * (nd - md));
    case PowerLawNoise::FLICKER_PM:
        return std::exp(
            std::sqrt(std::log((nd - 1) / (2 * md)) * std::log((2 * md + 1) * (nd - 1) / 4)));
    case PowerLawNoise::WHITE_FM:
        return (3 * (nd - 1) / (2 * md) - 2 * (nd - 2) / nd) * 4 * md * md / (4 * md * md + 5);
    case PowerLawNoise::FLICKER_FM:
        if (m == 1)
        {
            return 2 * (nd - 2) * (nd - 2) / (2.3 * nd - 4.9);
        }
        return 5 * nd * nd / (4 * md * (nd + 3 * md));
    case PowerLawNoise::RANDOM_WALK_FM:
        return (nd - 2) / md * ((nd - 1) * (nd - 1) - 3 * md * (nd - 1) + 4 * md * md) /
               ((nd - 3) * (nd - 3));
    }
    return nd - 1;
}

std::pair<double, double>
AllanDeviation::ConfidenceInterval(double adev, double edf, double z)
{
    // Wilson-Hilferty: chi2_p(k) ~ k (1 - 2 / (9k) + z_p sqrt(2 / (9k)))^3.
    auto quantile = [edf](double zp) {
        double c = 2.0 / (9.0 * edf);
        double q = 1.0 - c + zp * std::sqrt(c);
        return edf * q * q * q;
    };
    double lowChi = quantile(-z);
    double highChi = quantile(z);
    double lo = adev * std::sqrt(edf / highChi);
    double hi = lowChi > 0 ? adev * std::sqrt(edf / lowChi) : HUGE_VAL;
    return {lo, hi};
}

double
AllanDeviation::LogLogSlope(const std::vector<Time>& taus, const std::vector<double>& adevs)
{
    if (taus.size() != adevs.size() || taus.size() < 2)
    {
        chronometry::ReportConfigError(
            "AllanDeviation::LogLogSlope: " + std::to_string(taus.size()) + " taus and " +
            std::to_string(adevs.size()) + " deviations; valid: the same number, at least 2");
    }
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    const double k = static_cast<double>(taus.size());
    for (std::size_t i = 0; i < taus.size(); ++i)
    {
        double x = std::log(taus[i].GetSeconds());
        double y = std::log(adevs[i]);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

} // namespace ns3
