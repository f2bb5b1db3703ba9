/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "power-law-noise.h"

#include "ns3/chronometry-validation.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace ns3
{
namespace powerlaw
{

namespace
{

constexpr double PI = 3.14159265358979323846; //!< pi

/**
 * \param tau0 sampling interval
 * \return f_h = 1 / (2 tau0) in Hz
 */
double
Bandwidth(Time tau0)
{
    return 1.0 / (2.0 * tau0.GetSeconds());
}

/**
 * Parse one ns-3-style duration ("10s", "250ms", "1.5min", "3600": seconds).
 * \param text the text
 * \param[out] seconds the duration in seconds
 * \return whether the text is a duration
 */
bool
ParseSeconds(const std::string& text, double& seconds)
{
    const char* begin = text.c_str();
    char* end = nullptr;
    double value = std::strtod(begin, &end);
    if (end == begin || !std::isfinite(value))
    {
        return false;
    }
    std::string unit(end);
    static const std::pair<const char*, double> units[] = {
        {"", 1.0},
        {"s", 1.0},
        {"ms", 1e-3},
        {"us", 1e-6},
        {"ns", 1e-9},
        {"min", 60.0},
        {"h", 3600.0},
        {"d", 86400.0},
    };
    for (const auto& [name, factor] : units)
    {
        if (unit == name)
        {
            seconds = value * factor;
            return true;
        }
    }
    return false;
}

/**
 * \param text a string
 * \return the string without leading and trailing blanks
 */
std::string
Trim(const std::string& text)
{
    auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
    {
        return "";
    }
    auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

/**
 * Solve the k x k system m h = r by Gaussian elimination with partial pivoting.
 * \param m the matrix (row-major, k x k; overwritten)
 * \param r the right-hand side (overwritten by the solution)
 * \param k the size
 * \return false if the matrix is (numerically) singular
 */
bool
Solve(std::vector<double>& m, std::vector<double>& r, std::size_t k)
{
    for (std::size_t col = 0; col < k; ++col)
    {
        std::size_t pivot = col;
        for (std::size_t row = col + 1; row < k; ++row)
        {
            if (std::abs(m[row * k + col]) > std::abs(m[pivot * k + col]))
            {
                pivot = row;
            }
        }
        if (std::abs(m[pivot * k + col]) < 1e-12)
        {
            return false;
        }
        if (pivot != col)
        {
            for (std::size_t c = 0; c < k; ++c)
            {
                std::swap(m[col * k + c], m[pivot * k + c]);
            }
            std::swap(r[col], r[pivot]);
        }
        for (std::size_t row = col + 1; row < k; ++row)
        {
            double f = m[row * k + col] / m[col * k + col];
            for (std::size_t c = col; c < k; ++c)
            {
                m[row * k + c] -= f * m[col * k + c];
            }
            r[row] -= f * r[col];
        }
    }
    for (std::size_t col = k; col-- > 0;)
    {
        double s = r[col];
        for (std::size_t c = col + 1; c < k; ++c)
        {
            s -= m[col * k + c] * r[c];
        }
        r[col] = s / m[col * k + col];
    }
    return true;
}

} // namespace

int
Alpha(PowerLawNoise type)
{
    return 2 - static_cast<int>(type);
}

std::string
Name(PowerLawNoise type)
{
    switch (type)
    {
    case PowerLawNoise::WHITE_PM:
        return "white PM";
    case PowerLawNoise::FLICKER_PM:
        return "flicker PM";
    case PowerLawNoise::WHITE_FM:
        return "white FM";
    case PowerLawNoise::FLICKER_FM:
        return "flicker FM";
    case PowerLawNoise::RANDOM_WALK_FM:
        return "random-walk FM";
    }
    return "unknown";
}

double
AdevExponent(PowerLawNoise type)
{
    switch (type)
    {
    case PowerLawNoise::WHITE_PM:
    case PowerLawNoise::FLICKER_PM:
        return -1.0;
    case PowerLawNoise::WHITE_FM:
        return -0.5;
    case PowerLawNoise::FLICKER_FM:
        return 0.0;
    case PowerLawNoise::RANDOM_WALK_FM:
        return 0.5;
    }
    return 0.0;
}

double
AllanVariancePerH(PowerLawNoise type, Time tau, Time tau0)
{
    double t = tau.GetSeconds();
    double fh = Bandwidth(tau0);
    switch (type)
    {
    case PowerLawNoise::WHITE_PM:
        return 3.0 * fh / (4.0 * PI * PI * t * t);
    case PowerLawNoise::FLICKER_PM:
        return (1.038 + 3.0 * std::log(2.0 * PI * fh * t)) / (4.0 * PI * PI * t * t);
    case PowerLawNoise::WHITE_FM:
        return 1.0 / (2.0 * t);
    case PowerLawNoise::FLICKER_FM:
        return 2.0 * std::log(2.0);
    case PowerLawNoise::RANDOM_WALK_FM:
        return 2.0 * PI * PI / 3.0 * t;
    }
    return 0.0;
}

double
AllanDeviation(PowerLawNoise type, double h, Time tau, Time tau0)
{
    return std::sqrt(h * AllanVariancePerH(type, tau, tau0));
}

double
HFromAllanDeviation(PowerLawNoise type, double adev, Time tau, Time tau0)
{
    return adev * adev / AllanVariancePerH(type, tau, tau0);
}

double
WanderAllanVariance(double amplitude, Time timeConstant, Time tau)
{
    double u = tau.GetSeconds() / timeConstant.GetSeconds();
    if (u < 1e-3)
    {
        // The closed form cancels catastrophically for small u: its series, 2u/3 - u^2/2 + ...
        return amplitude * amplitude * (2.0 * u / 3.0 - u * u / 2.0 + 7.0 * u * u * u / 30.0);
    }
    double e = std::exp(-u);
    return amplitude * amplitude * (2.0 * u - 3.0 + 4.0 * e - e * e) / (u * u);
}

std::vector<AdevPoint>
ParseAdevPoints(const std::string& text, const std::string& parameter)
{
    std::vector<AdevPoint> points;
    if (Trim(text).empty())
    {
        return points;
    }
    const std::string format = " (format: \"tau:adev,tau:adev,...\", e.g. \"1s:1e-9,10s:8e-10\"; "
                               "tau in [1ms, 1e7s], adev in (0, 1e-5], 1 to 16 points, taus "
                               "distinct)";
    std::istringstream items(text);
    for (std::string item; std::getline(items, item, ',');)
    {
        auto colon = item.find(':');
        if (colon == std::string::npos)
        {
            chronometry::ReportConfigError(parameter + " = \"" + text + "\" is invalid: \"" +
                                           Trim(item) + "\" is not tau:adev" + format);
        }
        std::string tauText = Trim(item.substr(0, colon));
        std::string adevText = Trim(item.substr(colon + 1));
        double seconds = 0;
        if (!ParseSeconds(tauText, seconds) || !(seconds >= 1e-3 && seconds <= 1e7))
        {
            chronometry::ReportConfigError(parameter + " = \"" + text + "\" is invalid: tau \"" +
                                           tauText + "\"" + format);
        }
        char* end = nullptr;
        double adev = std::strtod(adevText.c_str(), &end);
        if (adevText.empty() || *end != '\0' || !(adev > 0.0 && adev <= 1e-5))
        {
            chronometry::ReportConfigError(parameter + " = \"" + text + "\" is invalid: adev \"" +
                                           adevText + "\"" + format);
        }
        Time tau = Seconds(seconds);
        for (const auto& p : points)
        {
            if (p.tau == tau)
            {
                chronometry::ReportConfigError(parameter + " = \"" + text + "\" is invalid: tau " +
                                               tauText + " given twice" + format);
            }
        }
        points.push_back(AdevPoint{tau, adev});
    }
    if (points.empty() || points.size() > 16)
    {
        chronometry::ReportConfigError(parameter + " = \"" + text + "\" is invalid: " +
                                       std::to_string(points.size()) + " points" + format);
    }
    return points;
}

PowerLawFit
FitAdevPoints(const std::vector<AdevPoint>& points, Time tau0)
{
    const std::size_t n = points.size();
    const std::size_t types = POWER_LAW_NOISE_TYPES;
    // a[i][c]: type c's Allan variance per unit h at point i, relative to the point's variance;
    // columns normalized so that the small systems are well conditioned.
    std::vector<std::array<double, POWER_LAW_NOISE_TYPES>> a(n);
    std::array<double, POWER_LAW_NOISE_TYPES> norm{};
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t c = 0; c < types; ++c)
        {
            a[i][c] = AllanVariancePerH(ALL_POWER_LAW_NOISES[c], points[i].tau, tau0) /
                      (points[i].adev * points[i].adev);
            norm[c] += a[i][c] * a[i][c];
        }
    }
    for (auto& v : norm)
    {
        v = std::sqrt(v);
    }

    PowerLawFit best;
    double bestResidual = std::numeric_limits<double>::infinity();
    bool haveBest = false;
    for (std::size_t size = 1; size <= std::min(types, n); ++size)
    {
        PowerLawFit bestOfSize;
        double bestOfSizeResidual = std::numeric_limits<double>::infinity();
        for (unsigned mask = 1; mask < (1u << types); ++mask)
        {
            if (static_cast<std::size_t>(__builtin_popcount(mask)) != size)
            {
                continue;
            }
            std::vector<std::size_t> cols;
            for (std::size_t c = 0; c < types; ++c)
            {
                if (mask & (1u << c))
                {
                    cols.push_back(c);
                }
            }
            std::vector<double> m(size * size, 0.0);
            std::vector<double> r(size, 0.0);
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t p = 0; p < size; ++p)
                {
                    double ap = a[i][cols[p]] / norm[cols[p]];
                    r[p] += ap;
                    for (std::size_t q = 0; q < size; ++q)
                    {
                        m[p * size + q] += ap * a[i][cols[q]] / norm[cols[q]];
                    }
                }
            }
            if (!Solve(m, r, size) ||
                std::any_of(r.begin(), r.end(), [](double v) { return !(v > 0.0); }))
            {
                continue;
            }
            PowerLawFit fit;
            for (std::size_t p = 0; p < size; ++p)
            {
                fit.h[cols[p]] = r[p] / norm[cols[p]];
            }
            double residual = 0;
            fit.worstRatio = 1.0;
            for (std::size_t i = 0; i < n; ++i)
            {
                double rel = 0; // fitted variance / point variance
                for (std::size_t c = 0; c < types; ++c)
                {
                    rel += fit.h[c] * a[i][c];
                }
                residual += (rel - 1.0) * (rel - 1.0);
                double ratio = std::sqrt(rel);
                fit.worstRatio = std::max(fit.worstRatio, std::max(ratio, 1.0 / ratio));
            }
            if (residual < bestOfSizeResidual)
            {
                bestOfSizeResidual = residual;
                bestOfSize = fit;
            }
        }
        if (bestOfSizeResidual < std::numeric_limits<double>::infinity() &&
            bestOfSize.worstRatio <= 1.02)
        {
            return bestOfSize; // the fewest types that reproduce every point within 2%
        }
        if (bestOfSizeResidual < bestResidual)
        {
            bestResidual = bestOfSizeResidual;
            best = bestOfSize;
            haveBest = true;
        }
    }
    if (!haveBest)
    {
        best.worstRatio = std::numeric_limits<double>::infinity();
    }
    return best;
}

} // namespace powerlaw

// ---------------------------------------------------------------- FlickerNoiseFilter

FlickerNoiseFilter::FlickerNoiseFilter(Time tau0, Time horizon)
    : m_tau0(tau0.GetSeconds()),
      m_scale(1.0)
{
    if (!(tau0.IsStrictlyPositive() && horizon >= tau0 * 100))
    {
        chronometry::ReportConfigError("FlickerNoiseFilter: horizon " +
                                       chronometry::FormatTime(horizon) + " is invalid for tau0 " +
                                       chronometry::FormatTime(tau0) +
                                       "; valid range: tau0 > 0 and horizon >= 100 tau0");
    }
    const double pi = 3.14159265358979323846;
    const double fh = 1.0 / (2.0 * m_tau0);
    const double ratio = std::pow(10.0, 1.0 / SECTIONS_PER_DECADE);
    for (double fp = 1.0 / horizon.GetSeconds(); fp < fh; fp *= ratio)
    {
        double fz = fp * std::sqrt(ratio);
        m_sections.push_back(Section{std::exp(-2.0 * pi * fp * m_tau0),
                                     std::exp(-2.0 * pi * fz * m_tau0),
                                     0.0,
                                     0.0});
    }
    // Level: the geometric mean of f S(f) over [10 / horizon, f_h / 2] is 1.
    const double lo = std::log10(10.0 / horizon.GetSeconds());
    const double hi = std::log10(fh / 2.0);
    const int points = std::max(2, static_cast<int>(40 * (hi - lo)));
    double sumLog = 0;
    for (int i = 0; i <= points; ++i)
    {
        double f = std::pow(10.0, lo + (hi - lo) * i / points);
        sumLog += std::log(f * GetPsd(f));
    }
    m_scale = std::exp(-0.5 * sumLog / (points + 1));
}

double
FlickerNoiseFilter::GainSquared(double frequencyHz) const
{
    const double pi = 3.14159265358979323846;
    std::complex<double> z1 = std::polar(1.0, -2.0 * pi * frequencyHz * m_tau0); // z^-1
    double g = 1.0;
    for (const auto& s : m_sections)
    {
        g *= std::norm(1.0 - s.b * z1) / std::norm(1.0 - s.a * z1);
    }
    return g;
}

double
FlickerNoiseFilter::GetPsd(double frequencyHz) const
{
    // White unit-variance samples every tau0 have the one-sided density 2 tau0 on [0, f_h].
    return m_scale * m_scale * GainSquared(frequencyHz) * 2.0 * m_tau0;
}

double
FlickerNoiseFilter::Step(double white)
{
    double v = white;
    for (auto& s : m_sections)
    {
        double out = v - s.b * s.inPrev + s.a * s.outPrev;
        s.inPrev = v;
        s.outPrev = out;
        v = out;
    }
    return v * m_scale;
}

std::size_t
FlickerNoiseFilter::GetSectionCount() const
{
    return m_sections.size();
}

} // namespace ns3
