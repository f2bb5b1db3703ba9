/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "temperature-profile.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TemperatureProfile");

NS_OBJECT_ENSURE_REGISTERED(TemperatureProfile);
NS_OBJECT_ENSURE_REGISTERED(ConstantTemperatureProfile);
NS_OBJECT_ENSURE_REGISTERED(StepTemperatureProfile);
NS_OBJECT_ENSURE_REGISTERED(DiurnalTemperatureProfile);

namespace
{
constexpr double PI = 3.14159265358979323846; //!< pi
constexpr double MIN_C = -60.0;               //!< lowest temperature accepted, degC
constexpr double MAX_C = 150.0;               //!< highest temperature accepted, degC

/**
 * \param text a real number, nothing else
 * \param out the number
 * \return whether \p text is exactly one finite number
 */
bool
ParseReal(const std::string& text, double& out)
{
    if (text.empty())
    {
        return false;
    }
    char* end = nullptr;
    errno = 0;
    out = std::strtod(text.c_str(), &end);
    return errno == 0 && end == text.c_str() + text.size() && std::isfinite(out);
}
} // namespace

double
FrequencyTemperatureCurve::OffsetAt(double celsius) const
{
    const double d = celsius - referenceC;
    return 1e-6 * (d * (a1 + d * (a2 + d * a3)));
}

// ---------------------------------------------------------------- base

TypeId
TemperatureProfile::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TemperatureProfile").SetParent<Object>().SetGroupName("Chronometry");
    return tid;
}

TemperatureProfile::~TemperatureProfile() = default;

int64_t
TemperatureProfile::AssignStreams(int64_t /* stream */)
{
    return 0;
}

// ---------------------------------------------------------------- constant

TypeId
ConstantTemperatureProfile::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ConstantTemperatureProfile")
            .SetParent<TemperatureProfile>()
            .SetGroupName("Chronometry")
            .AddConstructor<ConstantTemperatureProfile>()
            .AddAttribute("Temperature",
                          "The crystal's temperature, in degC.",
                          DoubleValue(25.0),
                          MakeDoubleAccessor(&ConstantTemperatureProfile::m_celsius),
                          chronometry::MakeDoubleRangeChecker(MIN_C, MAX_C, "degC"));
    return tid;
}

ConstantTemperatureProfile::ConstantTemperatureProfile()
    : m_celsius(25.0)
{
}

double
ConstantTemperatureProfile::GetTemperature(Time /* t */)
{
    return m_celsius;
}

double
ConstantTemperatureProfile::GetMinTemperature() const
{
    return m_celsius;
}

double
ConstantTemperatureProfile::GetMaxTemperature() const
{
    return m_celsius;
}

// ---------------------------------------------------------------- steps

TypeId
StepTemperatureProfile::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::StepTemperatureProfile")
            .SetParent<TemperatureProfile>()
            .SetGroupName("Chronometry")
            .AddConstructor<StepTemperatureProfile>()
            .AddAttribute("Initial",
                          "Ambient temperature before the first step (the board starts there), "
                          "in degC.",
                          DoubleValue(25.0),
                          MakeDoubleAccessor(&StepTemperatureProfile::m_initial),
                          chronometry::MakeDoubleRangeChecker(MIN_C, MAX_C, "degC"))
            .AddAttribute("Steps",
                          "Ambient temperature changes, \"seconds:degC,...\" with increasing "
                          "times (e.g. \"600:35\": a fan stops at 600 s and the ambient goes to "
                          "35 degC); temperatures in [-60, 150] degC; empty: none.",
                          StringValue(""),
                          MakeStringAccessor(&StepTemperatureProfile::SetSteps,
                                             &StepTemperatureProfile::GetSteps),
                          MakeStringChecker())
            .AddAttribute("ThermalTimeConstant",
                          "Time constant of the board's first-order response to an ambient "
                          "step (a board in free air: minutes).",
                          TimeValue(Minutes(5)),
                          MakeTimeAccessor(&StepTemperatureProfile::m_timeConstant),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Seconds(1e6)));
    return tid;
}

StepTemperatureProfile::StepTemperatureProfile()
    : m_initial(25.0),
      m_timeConstant(Minutes(5))
{
}

void
StepTemperatureProfile::SetSteps(std::string text)
{
    const std::string parameter = "ns3::StepTemperatureProfile::Steps";
    std::vector<std::pair<Time, double>> steps;
    // Split by hand: getline drops an empty last item, and "600:30," must be refused.
    std::vector<std::string> items;
    for (std::size_t from = 0; !text.empty();)
    {
        std::size_t comma = text.find(',', from);
        items.push_back(text.substr(from, comma == std::string::npos ? comma : comma - from));
        if (comma == std::string::npos)
        {
            break;
        }
        from = comma + 1;
    }
    for (const std::string& item : items)
    {
        auto colon = item.find(':');
        double seconds = 0;
        double celsius = 0;
        if (colon == std::string::npos || !ParseReal(item.substr(0, colon), seconds) ||
            !ParseReal(item.substr(colon + 1), celsius))
        {
            chronometry::ReportConfigError(parameter + " = \"" + text + "\" is invalid: \"" + item +
                                               "\" is not \"seconds:degC\"",
                                           {parameter});
        }
        if (seconds < 0 || celsius < MIN_C || celsius > MAX_C ||
            (!steps.empty() && Seconds(seconds) <= steps.back().first))
        {
            chronometry::ReportConfigError(
                parameter + " = \"" + text + "\" is invalid: \"" + item +
                    "\" needs a time >= 0 s after the previous step and a temperature in "
                    "[-60, 150] degC",
                {parameter});
        }
        steps.emplace_back(Seconds(seconds), celsius);
    }
    m_steps = steps;
    m_stepsText = text;
}

std::string
StepTemperatureProfile::GetSteps() const
{
    return m_stepsText;
}

double
StepTemperatureProfile::GetTemperature(Time t)
{
    // Superposition of first-order responses to each ambient step (exact, no state).
    const double tau = m_timeConstant.GetSeconds();
    double celsius = m_initial;
    double ambient = m_initial;
    for (const auto& [at, target] : m_steps)
    {
        if (at > t)
        {
            break;
        }
        celsius += (target - ambient) * -std::expm1(-(t - at).GetSeconds() / tau);
        ambient = target;
    }
    return celsius;
}

double
StepTemperatureProfile::GetMinTemperature() const
{
    double lo = m_initial;
    for (const auto& step : m_steps)
    {
        lo = std::min(lo, step.second);
    }
    return lo;
}

double
StepTemperatureProfile::GetMaxTemperature() const
{
    double hi = m_initial;
    for (const auto& step : m_steps)
    {
        hi = std::max(hi, step.second);
    }
    return hi;
}

// ---------------------------------------------------------------- diurnal

TypeId
DiurnalTemperatureProfile::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DiurnalTemperatureProfile")
            .SetParent<TemperatureProfile>()
            .SetGroupName("Chronometry")
            .AddConstructor<DiurnalTemperatureProfile>()
            .AddAttribute("Mean",
                          "Mean temperature, in degC.",
                          DoubleValue(25.0),
                          MakeDoubleAccessor(&DiurnalTemperatureProfile::m_mean),
                          chronometry::MakeDoubleRangeChecker(MIN_C, MAX_C, "degC"))
            .AddAttribute("Amplitude",
                          "Amplitude of the cycle (half the peak-to-peak swing), in degC.",
                          DoubleValue(5.0),
                          MakeDoubleAccessor(&DiurnalTemperatureProfile::m_amplitude),
                          chronometry::MakeDoubleRangeChecker(0.0, 100.0, "degC"))
            .AddAttribute("Period",
                          "Period of the cycle (a day; shorter to compress a day into a run).",
                          TimeValue(Hours(24)),
                          MakeTimeAccessor(&DiurnalTemperatureProfile::m_period),
                          chronometry::MakeTimeRangeChecker(Seconds(1), Days(365)))
            .AddAttribute("Phase",
                          "Phase phi of the cycle in radians, drawn once per profile (per node) "
                          "at the first read.",
                          StringValue("ns3::UniformRandomVariable[Min=0.0|Max=6.283185307179586]"),
                          MakePointerAccessor(&DiurnalTemperatureProfile::m_phaseRv),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

DiurnalTemperatureProfile::DiurnalTemperatureProfile()
    : m_mean(25.0),
      m_amplitude(5.0),
      m_period(Hours(24)),
      m_drawn(false),
      m_phase(0.0)
{
}

void
DiurnalTemperatureProfile::DoDispose()
{
    m_phaseRv = nullptr;
    TemperatureProfile::DoDispose();
}

int64_t
DiurnalTemperatureProfile::AssignStreams(int64_t stream)
{
    m_phaseRv->SetStream(stream);
    return 1;
}

double
DiurnalTemperatureProfile::GetPhase()
{
    if (!m_drawn)
    {
        m_phase = m_phaseRv->GetValue();
        m_drawn = true;
    }
    return m_phase;
}

double
DiurnalTemperatureProfile::GetTemperature(Time t)
{
    const double phi = GetPhase();
    return m_mean + m_amplitude * std::sin(2.0 * PI * t.GetSeconds() / m_period.GetSeconds() + phi);
}

double
DiurnalTemperatureProfile::GetMinTemperature() const
{
    return m_mean - m_amplitude;
}

double
DiurnalTemperatureProfile::GetMaxTemperature() const
{
    return m_mean + m_amplitude;
}

} // namespace ns3
