/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "chronometry-validation.h"

#include "ns3/log.h"

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
