/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "chronometry-validation.h"

#include "ns3/log.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ChronometryValidation");

namespace chronometry
{

namespace
{
ValidationMode g_validationMode = ValidationMode::EXIT;

} // namespace

std::string
FormatTime(Time t)
{
    if (t == Time::Max())
    {
        return "inf";
    }
    if (t == Time::Min())
    {
        return "-inf";
    }
    const int64_t ns = t.GetNanoSeconds();
    const std::pair<int64_t, const char*> units[] = {{3600'000'000'000, "h"},
                                                     {1'000'000'000, "s"},
                                                     {1'000'000, "ms"},
                                                     {1'000, "us"}};
    for (const auto& [size, name] : units)
    {
        if (ns != 0 && ns % size == 0)
        {
            return std::to_string(ns / size) + name;
        }
    }
    return std::to_string(ns) + "ns";
}

std::string
FormatReal(double x)
{
    std::ostringstream os;
    for (int digits = 6; digits <= 17; ++digits)
    {
        os.str("");
        os.precision(digits);
        os << x;
        if (!std::isfinite(x) || std::strtod(os.str().c_str(), nullptr) == x)
        {
            break;
        }
    }
    return os.str();
}

namespace
{

/**
 * \param a a name \param b another
 * \return the optimal-string-alignment distance between them, ignoring case
 */
std::size_t
EditDistance(std::string_view a, std::string_view b)
{
    auto lower = [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    };
    const std::size_t n = a.size();
    const std::size_t m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1, 0));
    for (std::size_t i = 0; i <= n; ++i)
    {
        d[i][0] = i;
    }
    for (std::size_t j = 0; j <= m; ++j)
    {
        d[0][j] = j;
    }
    for (std::size_t i = 1; i <= n; ++i)
    {
        for (std::size_t j = 1; j <= m; ++j)
        {
            std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
            {
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[n][m];
}

/**
 * \param name a name \param candidate a valid name
 * \return whether the candidate starts with the name, ignoring case
 */
bool
StartsWithIgnoringCase(std::string_view candidate, std::string_view name)
{
    return name.size() >= 3 && candidate.size() > name.size() &&
           EditDistance(candidate.substr(0, name.size()), name) == 0;
}

} // namespace

std::vector<std::string>
ClosestNames(std::string_view name, const std::vector<std::string>& candidates, std::size_t most)
{
    std::vector<std::pair<std::size_t, std::size_t>> scored; // (distance, index)
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        const std::string& c = candidates[i];
        std::size_t limit = std::clamp<std::size_t>(std::max(name.size(), c.size()) / 3, 1, 3);
        std::size_t distance = EditDistance(name, c);
        if (StartsWithIgnoringCase(c, name))
        {
            distance = 0; // a prefix is what a person types first
        }
        if (distance <= limit)
        {
            scored.emplace_back(distance, i);
        }
    }
    std::stable_sort(scored.begin(), scored.end());
    std::vector<std::string> out;
    // Only the nearest: an exact match (but for case) or a prefix stands alone with its ties.
    const std::size_t best = scored.empty() ? 0 : scored.front().first;
    for (const auto& [distance, i] : scored)
    {
        if (out.size() == most || distance > best + (best > 0 ? 1 : 0))
        {
            break;
        }
        if (std::find(out.begin(), out.end(), candidates[i]) == out.end())
        {
            out.push_back(candidates[i]);
        }
    }
    return out;
}

std::string
DidYouMean(std::string_view name,
           const std::vector<std::string>& candidates,
           std::string_view prefix)
{
    std::vector<std::string> close = ClosestNames(name, candidates);
    if (close.empty())
    {
        return "";
    }
    std::string out = "did you mean ";
    for (std::size_t i = 0; i < close.size(); ++i)
    {
        out += (i == 0 ? "" : (i + 1 == close.size() ? " or " : ", ")) + std::string(prefix) +
               close[i];
    }
    return out + "?";
}

ConfigError::ConfigError(const std::string& message, std::vector<std::string> attributes)
    : std::invalid_argument(message),
      m_attributes(std::move(attributes))
{
}

const std::vector<std::string>&
ConfigError::GetAttributes() const
{
    return m_attributes;
}

ValidationMode
SetValidationMode(ValidationMode mode)
{
    ValidationMode previous = g_validationMode;
    g_validationMode = mode;
    return previous;
}

ValidationMode
GetValidationMode()
{
    return g_validationMode;
}

void
ReportConfigError(const std::string& message, std::vector<std::string> attributes)
{
    if (g_validationMode == ValidationMode::THROW)
    {
        throw ConfigError(message, std::move(attributes));
    }
    // What the user gave is wrong, not the program: say so and exit as a command-line tool
    // does, without the abort trace (and core) of NS_ABORT_MSG.
    std::cout.flush();
    std::cerr << "chronometry: configuration error: " << message << std::endl;
    std::exit(1);
}

void
RequireTimeInRange(std::string_view parameter, Time value, Time lo, Time hi)
{
    if (value < lo || value > hi)
    {
        std::ostringstream os;
        os << parameter << " = " << FormatTime(value) << " is invalid; valid range: ["
           << FormatTime(lo) << ", " << FormatTime(hi) << "]";
        ReportConfigError(os.str(), {std::string(parameter)});
    }
}

void
RequireDoubleInRange(std::string_view parameter,
                     double value,
                     double lo,
                     double hi,
                     std::string_view unit,
                     bool loInclusive,
                     bool hiInclusive)
{
    bool ok = std::isfinite(value) && (loInclusive ? value >= lo : value > lo) &&
              (hiInclusive ? value <= hi : value < hi);
    if (!ok)
    {
        std::string u = unit.empty() ? "" : " " + std::string(unit);
        std::ostringstream os;
        os << parameter << " = " << FormatReal(value) << u
           << " is invalid; valid range: " << (loInclusive ? "[" : "(") << lo << u << ", " << hi
           << u << (hiInclusive ? "]" : ")");
        ReportConfigError(os.str(), {std::string(parameter)});
    }
}

ScopedThrowOnConfigError::ScopedThrowOnConfigError()
    : m_previous(SetValidationMode(ValidationMode::THROW))
{
}

ScopedThrowOnConfigError::~ScopedThrowOnConfigError()
{
    SetValidationMode(m_previous);
}

} // namespace chronometry
} // namespace ns3
