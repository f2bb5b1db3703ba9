/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// PowerLawOscillator: its configuration (Attributes, presets, the h-coefficients they give) and
// the Allan deviation it is configured to have; the generation is in power-law-oscillator.cc.
#include "drift-math.h"
#include "power-law-oscillator.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PowerLawOscillatorConfiguration");

namespace
{

/** A preset: a typical oscillator of a datasheet class. */
struct PresetSpec
{
    std::array<double, POWER_LAW_NOISE_TYPES> adev1s; //!< per type, ADEV at tau = 1 s
    double wanderPpb;                                 //!< wander amplitude (1-sigma)
    double wanderSeconds;                             //!< wander correlation time
    double tolerancePpm;                              //!< frequency tolerance of the class
};

/**
 * \param preset a preset
 * \return its specification (the table in doc/chronometry.rst)
 */
const PresetSpec&
Spec(PowerLawOscillator::Preset preset)
{
    // ADEV at 1 s per type: white PM, flicker PM, white FM, flicker FM, random-walk FM.
    static const PresetSpec none{{0, 0, 0, 0, 0}, 0.0, 1800.0, 0.0};
    static const PresetSpec xo{{3e-10, 0, 3e-10, 8e-10, 2e-11}, 30.0, 1800.0, 50.0};
    static const PresetSpec tcxo{{5e-11, 0, 1e-10, 2e-10, 5e-12}, 5.0, 1800.0, 2.0};
    static const PresetSpec ocxo{{3e-12, 0, 3e-12, 5e-12, 1e-13}, 0.02, 3600.0, 0.05};
    switch (preset)
    {
    case PowerLawOscillator::XO:
        return xo;
    case PowerLawOscillator::TCXO:
        return tcxo;
    case PowerLawOscillator::OCXO:
        return ocxo;
    case PowerLawOscillator::NONE:
        break;
    }
    return none;
}

/** \param type a noise type \return its index */
constexpr std::size_t
Index(PowerLawNoise type)
{
    return static_cast<std::size_t>(type);
}

constexpr double PI = 3.14159265358979323846; //!< pi

} // namespace

// ---------------------------------------------------------------- configuration

void
PowerLawOscillator::RequireUnused(const std::string& attribute) const
{
    if (m_started)
    {
        chronometry::ReportConfigError(
            "ns3::PowerLawOscillator::" + attribute +
            " cannot change after the oscillator's phase was first read (the noise already "
            "planned would no longer match it); valid: set it before the first read");
    }
}

void
PowerLawOscillator::Recompute(const std::string& attribute)
{
    const PresetSpec& preset = Spec(m_preset);
    std::array<double, POWER_LAW_NOISE_TYPES> h{};
    const Time oneSecond = Seconds(1);
    for (std::size_t c = 0; c < POWER_LAW_NOISE_TYPES; ++c)
    {
        PowerLawNoise type = ALL_POWER_LAW_NOISES[c];
        h[c] = m_forms.h[c] +
               powerlaw::HFromAllanDeviation(type, m_forms.adev1s[c], oneSecond, m_tau0) +
               powerlaw::HFromAllanDeviation(type, preset.adev1s[c], oneSecond, m_tau0);
    }
    if (!m_adevPoints.empty())
    {
        powerlaw::PowerLawFit fit = powerlaw::FitAdevPoints(m_adevPoints, m_tau0);
        if (!(fit.worstRatio <= 1.25))
        {
            std::ostringstream msg;
            msg << "ns3::PowerLawOscillator::AdevPoints = \"" << m_adevPointsText
                << "\" is invalid: no sum of power-law noises comes within 25% of every point "
                   "(the closest misses one by a factor "
                << fit.worstRatio
                << "); valid: Allan deviations that fall no faster than 1/tau and rise no faster "
                   "than sqrt(tau)";
            chronometry::ReportConfigError(msg.str());
        }
        for (std::size_t c = 0; c < POWER_LAW_NOISE_TYPES; ++c)
        {
            h[c] += fit.h[c];
        }
    }
    if (!(m_flickerHorizon >= m_tau0 * 100))
    {
        chronometry::ReportConfigError("ns3::PowerLawOscillator::" + attribute +
                                       ": FlickerHorizon " +
                                       chronometry::FormatTime(m_flickerHorizon) + " with Tau0 " +
                                       chronometry::FormatTime(m_tau0) +
                                       " is invalid; valid range: FlickerHorizon >= 100 Tau0");
    }
    std::vector<Wander> wanders;
    const double t0 = m_tau0.GetSeconds();
    if (preset.wanderPpb > 0)
    {
        Time tc = Seconds(preset.wanderSeconds);
        wanders.push_back(
            Wander{preset.wanderPpb * 1e-9, tc, std::exp(-t0 / tc.GetSeconds()), 0.0});
    }
    if (m_wanderPpb > 0)
    {
        wanders.push_back(Wander{m_wanderPpb * 1e-9,
                                 m_wanderTimeConstant,
                                 std::exp(-t0 / m_wanderTimeConstant.GetSeconds()),
                                 0.0});
    }
    // The frequency change over one grid step, 1-sigma: white FM, the PM types' phase change
    // over a step (at most twice their phase variance), the flicker FM's spread over its band
    // (S = h / f from 1 / horizon to f_h) and the wander.
    const double fh = 1.0 / (2.0 * t0);
    const double band = std::log(fh * m_flickerHorizon.GetSeconds());
    double var = h[Index(PowerLawNoise::WHITE_FM)] * fh;
    var += 4.0 * h[Index(PowerLawNoise::WHITE_PM)] * fh / (4.0 * PI * PI) / (t0 * t0);
    var += 4.0 * h[Index(PowerLawNoise::FLICKER_PM)] * band / (4.0 * PI * PI) / (t0 * t0);
    var += h[Index(PowerLawNoise::FLICKER_FM)] * band;
    for (const auto& w : wanders)
    {
        var += w.amplitude * w.amplitude;
    }
    if (!(std::sqrt(var) <= MAX_STEP_SIGMA))
    {
        std::ostringstream msg;
        msg << "ns3::PowerLawOscillator::" << attribute
            << ": the noise configured moves the frequency by " << std::sqrt(var)
            << " (1-sigma) over one Tau0 step of " << chronometry::FormatTime(m_tau0)
            << ", which is invalid; valid range: at most " << MAX_STEP_SIGMA
            << " (less noise, or a longer Tau0 for the PM types)";
        chronometry::ReportConfigError(msg.str());
    }
    m_h = h;
    m_wanders = wanders;
}

void
PowerLawOscillator::SetTau0(Time tau0)
{
    NS_LOG_FUNCTION(this << tau0);
    chronometry::CheckAttributeValue(*this, "Tau0", TimeValue(tau0));
    RequireUnused("Tau0");
    Time previous = m_tau0;
    m_tau0 = tau0;
    m_step = tau0.GetTimeStep();
    try
    {
        Recompute("Tau0");
    }
    catch (...)
    {
        m_tau0 = previous;
        m_step = previous.GetTimeStep();
        throw;
    }
}

Time
PowerLawOscillator::GetTau0() const
{
    return m_tau0;
}

void
PowerLawOscillator::SetPreset(Preset preset)
{
    NS_LOG_FUNCTION(this << preset);
    RequireUnused("Preset");
    Preset previous = m_preset;
    m_preset = preset;
    try
    {
        Recompute("Preset");
    }
    catch (...)
    {
        m_preset = previous;
        throw;
    }
}

PowerLawOscillator::Preset
PowerLawOscillator::GetPreset() const
{
    return m_preset;
}

template <int I>
void
PowerLawOscillator::SetHAttribute(double h)
{
    NS_LOG_FUNCTION(this << H_NAMES[I] << h);
    chronometry::CheckAttributeValue(*this, H_NAMES[I], DoubleValue(h));
    RequireUnused(H_NAMES[I]);
    double previous = m_forms.h[I];
    m_forms.h[I] = h;
    try
    {
        Recompute(H_NAMES[I]);
    }
    catch (...)
    {
        m_forms.h[I] = previous;
        throw;
    }
}

template <int I>
double
PowerLawOscillator::GetHAttribute() const
{
    return m_forms.h[I];
}

template <int I>
void
PowerLawOscillator::SetAdevAttribute(double adev)
{
    NS_LOG_FUNCTION(this << ADEV_NAMES[I] << adev);
    chronometry::CheckAttributeValue(*this, ADEV_NAMES[I], DoubleValue(adev));
    RequireUnused(ADEV_NAMES[I]);
    double previous = m_forms.adev1s[I];
    m_forms.adev1s[I] = adev;
    try
    {
        Recompute(ADEV_NAMES[I]);
    }
    catch (...)
    {
        m_forms.adev1s[I] = previous;
        throw;
    }
}

template <int I>
double
PowerLawOscillator::GetAdevAttribute() const
{
    return m_forms.adev1s[I];
}

void
PowerLawOscillator::SetAdevPoints(std::string points)
{
    NS_LOG_FUNCTION(this << points);
    RequireUnused("AdevPoints");
    auto parsed = powerlaw::ParseAdevPoints(points, "ns3::PowerLawOscillator::AdevPoints");
    auto previous = m_adevPoints;
    std::string previousText = m_adevPointsText;
    m_adevPoints = parsed;
    m_adevPointsText = points;
    try
    {
        Recompute("AdevPoints");
    }
    catch (...)
    {
        m_adevPoints = previous;
        m_adevPointsText = previousText;
        throw;
    }
}

std::string
PowerLawOscillator::GetAdevPoints() const
{
    return m_adevPointsText;
}

void
PowerLawOscillator::SetFlickerHorizon(Time horizon)
{
    NS_LOG_FUNCTION(this << horizon);
    chronometry::CheckAttributeValue(*this, "FlickerHorizon", TimeValue(horizon));
    RequireUnused("FlickerHorizon");
    Time previous = m_flickerHorizon;
    m_flickerHorizon = horizon;
    try
    {
        Recompute("FlickerHorizon");
    }
    catch (...)
    {
        m_flickerHorizon = previous;
        throw;
    }
}

Time
PowerLawOscillator::GetFlickerHorizon() const
{
    return m_flickerHorizon;
}

void
PowerLawOscillator::SetWanderAmplitude(double ppb)
{
    NS_LOG_FUNCTION(this << ppb);
    chronometry::CheckAttributeValue(*this, "WanderAmplitude", DoubleValue(ppb));
    RequireUnused("WanderAmplitude");
    double previous = m_wanderPpb;
    m_wanderPpb = ppb;
    try
    {
        Recompute("WanderAmplitude");
    }
    catch (...)
    {
        m_wanderPpb = previous;
        throw;
    }
}

double
PowerLawOscillator::GetWanderAmplitude() const
{
    return m_wanderPpb;
}

void
PowerLawOscillator::SetWanderTimeConstant(Time timeConstant)
{
    NS_LOG_FUNCTION(this << timeConstant);
    chronometry::CheckAttributeValue(*this, "WanderTimeConstant", TimeValue(timeConstant));
    RequireUnused("WanderTimeConstant");
    Time previous = m_wanderTimeConstant;
    m_wanderTimeConstant = timeConstant;
    try
    {
        Recompute("WanderTimeConstant");
    }
    catch (...)
    {
        m_wanderTimeConstant = previous;
        throw;
    }
}

Time
PowerLawOscillator::GetWanderTimeConstant() const
{
    return m_wanderTimeConstant;
}

void
PowerLawOscillator::SetBaseDriftPpm(double ppm)
{
    NS_LOG_FUNCTION(this << ppm);
    chronometry::CheckAttributeValue(*this, "BaseDrift", DoubleValue(ppm));
    m_baseDriftPpm = ppm;
    double rate = 1.0 + ppm * clockmath::PPM;
    if (!m_started)
    {
        m_rate = rate;
        m_refTime = 0;
        m_refPhase = ClockValue();
        m_phase = ClockTimeline(Time(0), ClockValue(), m_rate);
        return;
    }
    // Re-plan from now: the reference line turns at now, the noise continues unchanged.
    Time now = Simulator::Now();
    int64_t t = now.GetTimeStep();
    ExtendTo(now);
    m_refPhase = Reference(t);
    m_refTime = t;
    m_rate = rate;
    m_phase.SetSlope(now, m_rate); // drops the plan after now
    int64_t last = m_planned;
    m_planned = t / m_step; // the plan is fixed up to now; PlanTo continues from there
    int64_t first = t / m_step + 1;
    // PlanTo starts from the last fixed point: now (not on the grid, in general).
    for (int64_t k = first; k <= last; ++k)
    {
        PlanTo(k, m_ahead.at(static_cast<std::size_t>(k - m_aheadFirst)));
    }
    m_planned = last;
    NotifyDriftChanged(now);
}

double
PowerLawOscillator::GetBaseDriftPpm() const
{
    return m_baseDriftPpm;
}

void
PowerLawOscillator::SetBaseDrift(double ppm)
{
    SetBaseDriftPpm(ppm);
}

double
PowerLawOscillator::GetMaxAbsDrift() const
{
    return MAX_RATE_OFFSET;
}

int64_t
PowerLawOscillator::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    for (std::size_t i = 0; i < m_normal.size(); ++i)
    {
        m_normal[i]->SetStream(stream + static_cast<int64_t>(i));
    }
    auto used = static_cast<int64_t>(m_normal.size());
    // The profile's streams come after the six, so that turning temperature on leaves the
    // noise realization unchanged.
    if (m_temperature)
    {
        used += m_temperature->AssignStreams(stream + used);
    }
    return used;
}

// ---------------------------------------------------------------- configured curve

double
PowerLawOscillator::GetConfiguredAdev(PowerLawNoise type, Time tau) const
{
    return powerlaw::AllanDeviation(type, m_h[Index(type)], tau, m_tau0);
}

double
PowerLawOscillator::GetWanderAdev(Time tau) const
{
    double var = 0;
    for (const auto& w : m_wanders)
    {
        var += powerlaw::WanderAllanVariance(w.amplitude, w.timeConstant, tau);
    }
    return std::sqrt(var);
}

double
PowerLawOscillator::GetConfiguredAdev(Time tau) const
{
    double var = 0;
    for (auto type : ALL_POWER_LAW_NOISES)
    {
        var += m_h[Index(type)] * powerlaw::AllanVariancePerH(type, tau, m_tau0);
    }
    double wander = GetWanderAdev(tau);
    return std::sqrt(var + wander * wander);
}

double
PowerLawOscillator::GetH(PowerLawNoise type) const
{
    return m_h[Index(type)];
}

uint64_t
PowerLawOscillator::GetClampedSteps() const
{
    return m_clamped;
}

std::string
PowerLawOscillator::GetPresetName(Preset preset)
{
    switch (preset)
    {
    case XO:
        return "XO";
    case TCXO:
        return "TCXO";
    case OCXO:
        return "OCXO";
    case NONE:
        break;
    }
    return "None";
}

double
PowerLawOscillator::GetPresetTolerancePpm(Preset preset)
{
    return Spec(preset).tolerancePpm;
}

// The per-type accessors GetTypeId (power-law-oscillator.cc) registers, one per noise type.
FrequencyTemperatureCurve
PowerLawOscillator::GetPresetTemperatureCurve(Preset preset)
{
    // y = a1 d + a2 d^2 + a3 d^3 (ppm), d = T - 25 degC; sources in doc/chronometry.rst.
    switch (preset)
    {
    case XO: // AT-cut, a few arcminutes off the zero-slope cut: turning points at 25 +- 41 degC
        return FrequencyTemperatureCurve{25.0, -0.5, 0.0, 1e-4};
    case TCXO: // the same curve compensated to 1/14 (residual +-1 ppm over -40..85 degC)
        return FrequencyTemperatureCurve{25.0, -0.035, 0.0, 7e-6};
    case OCXO: // the oven leaves a residual ambient sensitivity of 0.2 ppb/degC
        return FrequencyTemperatureCurve{25.0, 2e-4, 0.0, 0.0};
    case NONE:
        break;
    }
    return FrequencyTemperatureCurve{25.0, 0.0, 0.0, 0.0};
}

FrequencyTemperatureCurve
PowerLawOscillator::GetTemperatureCurve() const
{
    if (m_presetCurve)
    {
        return GetPresetTemperatureCurve(m_preset);
    }
    return FrequencyTemperatureCurve{m_tempReference, m_tempA1, m_tempA2, m_tempA3};
}

Ptr<TemperatureProfile>
PowerLawOscillator::GetTemperatureProfile() const
{
    return m_temperature;
}

void
PowerLawOscillator::SetTemperatureProfile(Ptr<TemperatureProfile> profile)
{
    NS_LOG_FUNCTION(this << profile);
    RequireUnused("TemperatureProfile");
    m_temperature = profile;
}

template void PowerLawOscillator::SetHAttribute<0>(double);
template double PowerLawOscillator::GetHAttribute<0>() const;
template void PowerLawOscillator::SetAdevAttribute<0>(double);
template double PowerLawOscillator::GetAdevAttribute<0>() const;
template void PowerLawOscillator::SetHAttribute<1>(double);
template double PowerLawOscillator::GetHAttribute<1>() const;
template void PowerLawOscillator::SetAdevAttribute<1>(double);
template double PowerLawOscillator::GetAdevAttribute<1>() const;
template void PowerLawOscillator::SetHAttribute<2>(double);
template double PowerLawOscillator::GetHAttribute<2>() const;
template void PowerLawOscillator::SetAdevAttribute<2>(double);
template double PowerLawOscillator::GetAdevAttribute<2>() const;
template void PowerLawOscillator::SetHAttribute<3>(double);
template double PowerLawOscillator::GetHAttribute<3>() const;
template void PowerLawOscillator::SetAdevAttribute<3>(double);
template double PowerLawOscillator::GetAdevAttribute<3>() const;
template void PowerLawOscillator::SetHAttribute<4>(double);
template double PowerLawOscillator::GetHAttribute<4>() const;
template void PowerLawOscillator::SetAdevAttribute<4>(double);
template double PowerLawOscillator::GetAdevAttribute<4>() const;

} // namespace ns3
