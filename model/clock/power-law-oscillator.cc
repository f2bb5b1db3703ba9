/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "power-law-oscillator.h"

#include "drift-math.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PowerLawOscillator");

NS_OBJECT_ENSURE_REGISTERED(PowerLawOscillator);

namespace
{

enum Source
{
    SRC_WHITE_PM = 0,
    SRC_FLICKER_PM = 1,
    SRC_WHITE_FM = 2,
    SRC_FLICKER_FM = 3,
    SRC_RANDOM_WALK_FM = 4,
    SRC_WANDER = 5
};

/** \param type a noise type \return its index */
constexpr std::size_t
Index(PowerLawNoise type)
{
    return static_cast<std::size_t>(type);
}

constexpr double PI = 3.14159265358979323846; //!< pi

} // namespace

const std::array<const char*, POWER_LAW_NOISE_TYPES> PowerLawOscillator::H_NAMES =
    {"WhitePmH2", "FlickerPmH1", "WhiteFmH0", "FlickerFmHm1", "RandomWalkFmHm2"};

const std::array<const char*, POWER_LAW_NOISE_TYPES> PowerLawOscillator::ADEV_NAMES =
    {"WhitePmAdev1s", "FlickerPmAdev1s", "WhiteFmAdev1s", "FlickerFmAdev", "RandomWalkFmAdev1s"};

TypeId
PowerLawOscillator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PowerLawOscillator")
            .SetParent<Oscillator>()
            .SetGroupName("Chronometry")
            .AddConstructor<PowerLawOscillator>()
            .AddAttribute(
                "Tau0",
                "Grid step of the noise: frequency noise is constant over a step, "
                "phase noise is an offset at each grid point (linear in between); "
                "the PM types' bandwidth is f_h = 1 / (2 Tau0). Memory: one timeline "
                "segment (64 bytes) per step planned.",
                TimeValue(MicroSeconds(62500)),
                MakeTimeAccessor(&PowerLawOscillator::SetTau0, &PowerLawOscillator::GetTau0),
                chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("Preset",
                          "Adds a typical oscillator of a datasheet class (noise and wander; "
                          "the frequency tolerance is GetPresetTolerancePpm, for the caller to "
                          "draw BaseDrift): None, XO (ADEV ~1e-9 at 1 s, +-50 ppm, strong "
                          "wander), TCXO (~2.5e-10, +-2 ppm), OCXO (~6e-12, +-0.05 ppm).",
                          EnumValue(NONE),
                          chronometry::MakeEnumAccessorOf<Preset>(&PowerLawOscillator::SetPreset,
                                                                  &PowerLawOscillator::GetPreset),
                          MakeEnumChecker(NONE, "None", XO, "XO", TCXO, "TCXO", OCXO, "OCXO"))
            .AddAttribute(
                "BaseDrift",
                "Constant fractional frequency offset in ppm (rate = 1 + "
                "BaseDrift*1e-6); set during a run, it applies from that instant.",
                DoubleValue(0.0),
                MakeDoubleAccessor(&PowerLawOscillator::SetBaseDriftPpm,
                                   &PowerLawOscillator::GetBaseDriftPpm),
                chronometry::MakeDoubleRangeChecker(-MAX_BASE_DRIFT_PPM, MAX_BASE_DRIFT_PPM, "ppm"))
            .AddAttribute("WhitePmH2",
                          "h_2 of white PM, S_y(f) = h_2 f^2, in s^3 (ADEV = sqrt(3 f_h h_2) / "
                          "(2 pi tau)).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetHAttribute<0>,
                                             &PowerLawOscillator::GetHAttribute<0>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-10, "s^3"))
            .AddAttribute("FlickerPmH1",
                          "h_1 of flicker PM, S_y(f) = h_1 f, in s^2 (ADEV^2 = [1.038 + 3 "
                          "ln(2 pi f_h tau)] h_1 / (4 pi^2 tau^2)).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetHAttribute<1>,
                                             &PowerLawOscillator::GetHAttribute<1>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-10, "s^2"))
            .AddAttribute("WhiteFmH0",
                          "h_0 of white FM, S_y(f) = h_0, in s (ADEV^2 = h_0 / (2 tau)).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetHAttribute<2>,
                                             &PowerLawOscillator::GetHAttribute<2>),
                          chronometry::MakeDoubleRangeChecker(0.0, 2e-10, "s"))
            .AddAttribute("FlickerFmHm1",
                          "h_-1 of flicker FM, S_y(f) = h_-1 / f, dimensionless (ADEV^2 = 2 "
                          "ln 2 h_-1, a floor).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetHAttribute<3>,
                                             &PowerLawOscillator::GetHAttribute<3>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-10, "(dimensionless)"))
            .AddAttribute("RandomWalkFmHm2",
                          "h_-2 of random-walk FM, S_y(f) = h_-2 / f^2, in 1/s (ADEV^2 = "
                          "(2 pi^2 / 3) h_-2 tau).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetHAttribute<4>,
                                             &PowerLawOscillator::GetHAttribute<4>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-11, "1/s"))
            .AddAttribute("WhitePmAdev1s",
                          "White PM given by its Allan deviation at tau = 1 s (with the "
                          "bandwidth f_h = 1 / (2 Tau0)); dimensionless.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetAdevAttribute<0>,
                                             &PowerLawOscillator::GetAdevAttribute<0>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-5, "(dimensionless)"))
            .AddAttribute("FlickerPmAdev1s",
                          "Flicker PM given by its Allan deviation at tau = 1 s (with the "
                          "bandwidth f_h = 1 / (2 Tau0)); dimensionless.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetAdevAttribute<1>,
                                             &PowerLawOscillator::GetAdevAttribute<1>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-5, "(dimensionless)"))
            .AddAttribute("WhiteFmAdev1s",
                          "White FM given by its Allan deviation at tau = 1 s; dimensionless.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetAdevAttribute<2>,
                                             &PowerLawOscillator::GetAdevAttribute<2>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-5, "(dimensionless)"))
            .AddAttribute("FlickerFmAdev",
                          "Flicker FM given by its Allan deviation (the flicker floor, the "
                          "same at every tau); dimensionless.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetAdevAttribute<3>,
                                             &PowerLawOscillator::GetAdevAttribute<3>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-5, "(dimensionless)"))
            .AddAttribute("RandomWalkFmAdev1s",
                          "Random-walk FM given by its Allan deviation at tau = 1 s; "
                          "dimensionless.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetAdevAttribute<4>,
                                             &PowerLawOscillator::GetAdevAttribute<4>),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e-5, "(dimensionless)"))
            .AddAttribute("AdevPoints",
                          "Allan deviations read off a datasheet, \"tau:adev,...\" (e.g. "
                          "\"1s:1e-9,10s:8e-10,100s:1.5e-9\"; tau in [1ms, 1e7s], adev in (0, "
                          "1e-5], 1 to 16 points), fitted by the fewest power-law types that "
                          "reproduce every point within 2% (refused beyond 25%); empty: none.",
                          StringValue(""),
                          MakeStringAccessor(&PowerLawOscillator::SetAdevPoints,
                                             &PowerLawOscillator::GetAdevPoints),
                          MakeStringChecker())
            .AddAttribute("FlickerHorizon",
                          "Longest period over which flicker noise is 1/f (below 1 / "
                          "FlickerHorizon its spectrum is flat); at least 100 Tau0.",
                          TimeValue(Seconds(1e6)),
                          MakeTimeAccessor(&PowerLawOscillator::SetFlickerHorizon,
                                           &PowerLawOscillator::GetFlickerHorizon),
                          chronometry::MakeTimeRangeChecker(Seconds(1), Seconds(1e9)))
            .AddAttribute("WanderAmplitude",
                          "Temperature-like wander of the frequency: stationary standard "
                          "deviation of an Ornstein-Uhlenbeck process, in ppb (adds to the "
                          "preset's wander).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::SetWanderAmplitude,
                                             &PowerLawOscillator::GetWanderAmplitude),
                          chronometry::MakeDoubleRangeChecker(0.0, 1e4, "ppb"))
            .AddAttribute("WanderTimeConstant",
                          "Correlation time of the wander (minutes to hours for temperature).",
                          TimeValue(Minutes(30)),
                          MakeTimeAccessor(&PowerLawOscillator::SetWanderTimeConstant,
                                           &PowerLawOscillator::GetWanderTimeConstant),
                          chronometry::MakeTimeRangeChecker(Seconds(1), Seconds(1e7)))
            .AddAttribute("TemperatureProfile",
                          "The crystal's temperature over time (a ConstantTemperatureProfile, "
                          "StepTemperatureProfile or DiurnalTemperatureProfile, one per node); "
                          "its frequency-temperature curve's offset y(T(t)) adds to the "
                          "frequency. Null (the default): temperature off. Set before the "
                          "first read.",
                          PointerValue(),
                          MakePointerAccessor(&PowerLawOscillator::SetTemperatureProfile,
                                              &PowerLawOscillator::GetTemperatureProfile),
                          MakePointerChecker<TemperatureProfile>())
            .AddAttribute("PresetTemperatureCurve",
                          "Use the Preset's frequency-temperature curve (true) or the "
                          "TemperatureReference and TemperatureCoefficient1..3 Attributes "
                          "(false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&PowerLawOscillator::m_presetCurve),
                          MakeBooleanChecker())
            .AddAttribute("TemperatureReference",
                          "T0 of the custom curve y = a1 (T-T0) + a2 (T-T0)^2 + a3 (T-T0)^3, "
                          "in degC.",
                          DoubleValue(25.0),
                          MakeDoubleAccessor(&PowerLawOscillator::m_tempReference),
                          chronometry::MakeDoubleRangeChecker(-60.0, 150.0, "degC"))
            .AddAttribute("TemperatureCoefficient1",
                          "a1 of the custom curve, in ppm/degC.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::m_tempA1),
                          chronometry::MakeDoubleRangeChecker(-10.0, 10.0, "ppm/degC"))
            .AddAttribute("TemperatureCoefficient2",
                          "a2 of the custom curve, in ppm/degC^2.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::m_tempA2),
                          chronometry::MakeDoubleRangeChecker(-0.1, 0.1, "ppm/degC^2"))
            .AddAttribute("TemperatureCoefficient3",
                          "a3 of the custom curve, in ppm/degC^3.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&PowerLawOscillator::m_tempA3),
                          chronometry::MakeDoubleRangeChecker(-1e-3, 1e-3, "ppm/degC^3"));
    return tid;
}

PowerLawOscillator::PowerLawOscillator()
    : m_tau0(MicroSeconds(62500)),
      m_preset(NONE),
      m_baseDriftPpm(0.0),
      m_flickerHorizon(Seconds(1e6)),
      m_wanderPpb(0.0),
      m_wanderTimeConstant(Minutes(30)),
      m_presetCurve(true),
      m_tempReference(25.0),
      m_tempA1(0.0),
      m_tempA2(0.0),
      m_tempA3(0.0),
      m_started(false),
      m_step(m_tau0.GetTimeStep()),
      m_stepsPerSecond(static_cast<double>(Seconds(1).GetTimeStep())),
      m_planned(0),
      m_x0(0.0),
      m_freqPhase(0.0),
      m_randomWalk(0.0),
      m_refTime(0),
      m_rate(1.0),
      m_aheadFirst(1),
      m_clamped(0)
{
    NS_LOG_FUNCTION(this);
    for (auto& normal : m_normal)
    {
        normal = CreateObject<NormalRandomVariable>();
        normal->SetAttribute("Mean", DoubleValue(0.0));
        normal->SetAttribute("Variance", DoubleValue(1.0));
    }
}

PowerLawOscillator::~PowerLawOscillator() = default;

void
PowerLawOscillator::DoDispose()
{
    for (auto& normal : m_normal)
    {
        normal = nullptr;
    }
    m_temperature = nullptr;
    Oscillator::DoDispose();
}

// ---------------------------------------------------------------- generation

ClockValue
PowerLawOscillator::Reference(int64_t t) const
{
    return m_refPhase + ClockValue::FromDouble(m_rate).MulSteps(t - m_refTime);
}

void
PowerLawOscillator::Start()
{
    m_started = true;
    m_step = m_tau0.GetTimeStep();
    m_stepsPerSecond = static_cast<double>(Seconds(1).GetTimeStep());
    if (m_h[Index(PowerLawNoise::FLICKER_PM)] > 0)
    {
        m_flickerPm = std::make_unique<FlickerNoiseFilter>(m_tau0, m_flickerHorizon);
    }
    if (m_h[Index(PowerLawNoise::FLICKER_FM)] > 0)
    {
        m_flickerFm = std::make_unique<FlickerNoiseFilter>(m_tau0, m_flickerHorizon);
    }
    // Phase noise at grid point 0 (subtracted, so that the phase starts at 0).
    const double fh = 1.0 / (2.0 * m_tau0.GetSeconds());
    double x0 = 0;
    if (m_h[Index(PowerLawNoise::WHITE_PM)] > 0)
    {
        x0 += std::sqrt(m_h[Index(PowerLawNoise::WHITE_PM)] * fh) / (2.0 * PI) *
              m_normal[SRC_WHITE_PM]->GetValue();
    }
    if (m_flickerPm)
    {
        x0 += std::sqrt(m_h[Index(PowerLawNoise::FLICKER_PM)]) / (2.0 * PI) *
              m_flickerPm->Step(m_normal[SRC_FLICKER_PM]->GetValue());
    }
    m_x0 = x0;
    // The wander starts in its stationary law (the temperature at switch-on is random).
    for (auto& w : m_wanders)
    {
        w.state = w.amplitude * m_normal[SRC_WANDER]->GetValue();
    }
    m_curve = GetTemperatureCurve();
    m_freqPhase = 0;
    m_randomWalk = 0;
    m_planned = 0;
    m_ahead.clear();
    m_aheadFirst = 1;
    m_refTime = 0;
    m_refPhase = ClockValue();
    m_rate = 1.0 + m_baseDriftPpm * clockmath::PPM;
    m_phase = ClockTimeline(Time(0), ClockValue(), m_rate);
}

void
PowerLawOscillator::ExtendOneStep()
{
    const double t0 = m_tau0.GetSeconds();
    const double fh = 1.0 / (2.0 * t0);
    // Frequency noise over step m_planned.
    double y = 0;
    if (double h0 = m_h[Index(PowerLawNoise::WHITE_FM)]; h0 > 0)
    {
        y += std::sqrt(h0 * fh) * m_normal[SRC_WHITE_FM]->GetValue();
    }
    if (m_flickerFm)
    {
        y += std::sqrt(m_h[Index(PowerLawNoise::FLICKER_FM)]) *
             m_flickerFm->Step(m_normal[SRC_FLICKER_FM]->GetValue());
    }
    if (double hm2 = m_h[Index(PowerLawNoise::RANDOM_WALK_FM)]; hm2 > 0)
    {
        // Diffusion D = 2 pi^2 h_-2 per second, so D tau0 per step.
        m_randomWalk +=
            std::sqrt(2.0 * PI * PI * hm2 * t0) * m_normal[SRC_RANDOM_WALK_FM]->GetValue();
        y += m_randomWalk;
    }
    for (auto& w : m_wanders)
    {
        y += w.state;
        w.state = w.decay * w.state + std::sqrt(1.0 - w.decay * w.decay) * w.amplitude *
                                          m_normal[SRC_WANDER]->GetValue();
    }
    if (m_temperature)
    {
        // Deterministic: no draw, so the noise realization is the same with and without it.
        y += TemperatureOffset(m_planned);
    }
    m_freqPhase += y * static_cast<double>(m_step);
    // Phase noise at grid point m_planned + 1.
    double x = 0;
    if (double h2 = m_h[Index(PowerLawNoise::WHITE_PM)]; h2 > 0)
    {
        x += std::sqrt(h2 * fh) / (2.0 * PI) * m_normal[SRC_WHITE_PM]->GetValue();
    }
    if (m_flickerPm)
    {
        x += std::sqrt(m_h[Index(PowerLawNoise::FLICKER_PM)]) / (2.0 * PI) *
             m_flickerPm->Step(m_normal[SRC_FLICKER_PM]->GetValue());
    }
    // Deviation from the reference line, in time steps.
    double d = m_freqPhase + (x - m_x0) * m_stepsPerSecond;
    // Keep the deviations of the grid points after now (a BaseDrift change re-plans them).
    int64_t nowGrid = Simulator::Now().GetTimeStep() / m_step;
    while (!m_ahead.empty() && m_aheadFirst <= nowGrid)
    {
        m_ahead.pop_front();
        ++m_aheadFirst;
    }
    if (m_ahead.empty())
    {
        m_aheadFirst = m_planned + 1;
    }
    m_ahead.push_back(d);
    PlanTo(m_planned + 1, d);
}

void
PowerLawOscillator::PlanTo(int64_t k, double d)
{
    // From the last fixed point (grid point m_planned, or the instant of a re-plan).
    int64_t from = std::max(m_planned * m_step, m_refTime);
    int64_t to = k * m_step;
    ClockValue phase = m_phase.ValueAt(Time::From(from));
    double residual = (phase - Reference(from)).GetDouble();
    double slope = m_rate + (d - residual) / static_cast<double>(to - from);
    if (slope > 1.0 + MAX_RATE_OFFSET || slope < 1.0 - MAX_RATE_OFFSET)
    {
        if (m_clamped == 0)
        {
            NS_LOG_WARN("PowerLawOscillator " << this << ": rate " << slope << " at "
                                              << Time::From(from).As(Time::S) << " clamped to 1 +- "
                                              << MAX_RATE_OFFSET);
        }
        ++m_clamped;
        slope = std::min(std::max(slope, 1.0 - MAX_RATE_OFFSET), 1.0 + MAX_RATE_OFFSET);
    }
    m_phase.SetSlope(Time::From(from), slope);
    m_planned = k;
}

double
PowerLawOscillator::TemperatureOffset(int64_t k)
{
    const int64_t from = k * m_step;
    const double a = m_curve.OffsetAt(m_temperature->GetTemperature(Time::From(from)));
    const double b = m_curve.OffsetAt(m_temperature->GetTemperature(Time::From(from + m_step / 2)));
    const double c = m_curve.OffsetAt(m_temperature->GetTemperature(Time::From(from + m_step)));
    return (a + 4.0 * b + c) / 6.0;
}

void
PowerLawOscillator::ExtendTo(Time t)
{
    if (!m_started)
    {
        Start();
    }
    while (m_planned * m_step <= t.GetTimeStep())
    {
        ExtendOneStep();
    }
}

void
PowerLawOscillator::ExtendToPhase(ClockValue phase)
{
    if (!m_started)
    {
        Start();
    }
    while (m_phase.ValueAt(Time::From(m_planned * m_step)) < phase)
    {
        ExtendOneStep();
    }
}

int64_t
PowerLawOscillator::GetPlanHorizon() const
{
    return m_started ? m_planned * m_step : 0;
}

} // namespace ns3
