/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_POWER_LAW_OSCILLATOR_H
#define CHRONOMETRY_POWER_LAW_OSCILLATOR_H

#include "oscillator.h"
#include "power-law-noise.h"
#include "temperature-profile.h"

#include "ns3/random-variable-stream.h"

#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * An oscillator configured from a datasheet: a constant frequency offset (BaseDrift), the
 * five power-law noise types of IEEE Std 1139 (white and flicker PM, white, flicker and
 * random-walk FM) and a temperature-like wander of the frequency (an Ornstein-Uhlenbeck
 * process: correlation time of minutes to hours, amplitude in ppb).
 *
 * The noise is sampled on a grid of step Tau0.  Frequency noise (white, flicker, random-walk
 * FM, wander) is constant over each step; phase noise (white, flicker PM) is a phase offset
 * at each grid point.  The phase is the ClockTimeline through the grid points: linear
 * between them (so reads at the same true time agree and the phase is continuous), planned
 * lazily, one grid step at a time, as far as reads and GetTimeAtPhase() need; a read is
 * arithmetic, never an event.  The phase at grid point k is
 *   phi(k Tau0) = (1 + rho0) k Tau0 + Tau0 sum_{j<k} y_j + x_k - x_0
 * exactly up to one rounding of a slope (under 1e-17 s), where rho0 is BaseDrift, y_j the
 * frequency noise over step j and x_k the phase noise at grid point k.
 *
 * Noise is configured in any of three forms, which add up (independent noises add their
 * spectra): the h-coefficients (S_y(f) = h_alpha f^alpha), the Allan deviation of each type
 * at tau = 1 s, and Allan deviations read off a datasheet at several taus (AdevPoints,
 * fitted by the fewest power-law types that reproduce them).  A Preset (XO, TCXO, OCXO) adds
 * a typical oscillator of that class.  The PM types' levels depend on the bandwidth
 * f_h = 1 / (2 Tau0), as for a measurement.
 *
 * The phase is strictly increasing: the rate over every step is clamped to
 * [1 - MAX_RATE_OFFSET, 1 + MAX_RATE_OFFSET] (GetClampedSteps() counts the steps clamped),
 * BaseDrift is limited to +-5%, and a configuration whose noise moves the frequency by more
 * than MAX_STEP_SIGMA (1-sigma) over one step is refused, so the clamp is only reached by a
 * random walk left to run for a long time (e.g. h_-2 at its maximum for a year).
 */
class PowerLawOscillator : public Oscillator
{
  public:
    /** A typical oscillator of a datasheet class (see doc/chronometry.rst). */
    enum Preset
    {
        NONE, //!< no preset noise
        XO,   //!< uncompensated crystal oscillator
        TCXO, //!< temperature-compensated crystal oscillator
        OCXO  //!< oven-controlled crystal oscillator
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    PowerLawOscillator();
    ~PowerLawOscillator() override;

    /**
     * Set the constant frequency offset (the BaseDrift Attribute).  Before the first read
     * it applies from true time 0; afterwards from now on (the phase stays continuous, the
     * noise realization continues unchanged, DriftChanged fires).
     * \param ppm the offset in ppm, |ppm| <= MAX_BASE_DRIFT_PPM
     */
    void SetBaseDrift(double ppm) override;

    /** \return the largest |rho| the clamp allows, MAX_RATE_OFFSET */
    double GetMaxAbsDrift() const override;

    /**
     * Six streams: white PM, flicker PM, white FM, flicker FM, random-walk FM and wander, in
     * that order, so that adding one noise type leaves the others' realizations unchanged;
     * then the TemperatureProfile's (a diurnal profile's phase), if any.
     * \param stream first stream index
     * \return 6 plus the profile's streams
     */
    int64_t AssignStreams(int64_t stream) override;

    /**
     * The configured Allan deviation: every power-law type (NIST SP 1065, Table 5, with
     * f_h = 1 / (2 Tau0)) plus the wander; what a long run measures, within the model's
     * limits (doc/chronometry.rst, "Oscillators from datasheets").
     * \param tau averaging time (> 0)
     * \return sigma_y(tau)
     */
    double GetConfiguredAdev(Time tau) const;

    /**
     * \param type a noise type
     * \param tau averaging time (> 0)
     * \return the Allan deviation of that type alone, as configured
     */
    double GetConfiguredAdev(PowerLawNoise type, Time tau) const;

    /**
     * \param tau averaging time (> 0)
     * \return the Allan deviation of the wander alone (preset and WanderAmplitude)
     */
    double GetWanderAdev(Time tau) const;

    /**
     * \param type a noise type
     * \return its h-coefficient in force: preset + h form + ADEV-at-1-s form + AdevPoints fit
     */
    double GetH(PowerLawNoise type) const;

    /** \return the grid step Tau0 */
    Time GetTau0() const;

    /** \return the TemperatureProfile in force (null: temperature off) */
    Ptr<TemperatureProfile> GetTemperatureProfile() const;

    /** \return the number of grid steps whose rate was clamped (0 unless the noise is extreme) */
    uint64_t GetClampedSteps() const;

    /**
     * \param preset a preset
     * \return the preset's name ("None", "XO", "TCXO", "OCXO")
     */
    static std::string GetPresetName(Preset preset);

    /**
     * The frequency tolerance of a preset's class (initial accuracy and stability over
     * temperature): draw each node's BaseDrift uniformly in [-tolerance, tolerance], for
     * example with ClockHelper::SetDrift.
     * \param preset a preset
     * \return the tolerance in ppm (0 for NONE)
     */
    static double GetPresetTolerancePpm(Preset preset);

    /**
     * The frequency-temperature curve of a preset's class (datasheet-typical figures, cited in
     * doc/chronometry.rst, "Oscillators that feel temperature"): XO an AT-cut cubic (about
     * -0.5 ppm/degC at 25 degC, +-14 ppm over -40..85 degC), TCXO the compensation residual
     * (+-1 ppm over range), OCXO the oven's residual ambient sensitivity (+-13 ppb).
     * \param preset a preset
     * \return the curve (all coefficients 0 for NONE)
     */
    static FrequencyTemperatureCurve GetPresetTemperatureCurve(Preset preset);

    /**
     * \return the frequency-temperature curve in force: the preset's, or the
     *         TemperatureCoefficient Attributes when PresetTemperatureCurve is false
     */
    FrequencyTemperatureCurve GetTemperatureCurve() const;

    /** Largest |BaseDrift| accepted, in ppm (5%: leaves room for noise below the clamp). */
    static constexpr double MAX_BASE_DRIFT_PPM = 5e4;
    /** The rate over a grid step is clamped to 1 +- this (as ConstantDriftOscillator's range). */
    static constexpr double MAX_RATE_OFFSET = 0.1;
    /** Largest 1-sigma frequency change over one grid step accepted from the noise. */
    static constexpr double MAX_STEP_SIGMA = 1e-3;

  protected:
    void ExtendTo(Time t) override;
    void ExtendToPhase(ClockValue phase) override;
    int64_t GetPlanHorizon() const override;
    void DoDispose() override;

  private:
    /** A wander component: an Ornstein-Uhlenbeck frequency process. */
    struct Wander
    {
        double amplitude;  //!< stationary standard deviation (fraction)
        Time timeConstant; //!< correlation time
        double decay;      //!< exp(-Tau0 / timeConstant)
        double state;      //!< the frequency offset over the current step
    };

    /** The attributes of a noise type in each form. */
    struct NoiseForms
    {
        std::array<double, POWER_LAW_NOISE_TYPES> h{};      //!< h-coefficient attributes
        std::array<double, POWER_LAW_NOISE_TYPES> adev1s{}; //!< ADEV-at-1-s attributes
    };

    /**
     * Refuse a change of a noise Attribute once the phase has been read.
     * \param attribute the Attribute's name
     */
    void RequireUnused(const std::string& attribute) const;

    /**
     * Recompute the noise in force from every form and check the combination.
     * \param attribute the Attribute just set, named in a refusal
     */
    void Recompute(const std::string& attribute);

    /** Draw the initial state (first read). */
    void Start();

    /** Generate the next grid point's noise and plan the step that reaches it. */
    void ExtendOneStep();

    /**
     * Set the slope from the last fixed point of the plan to grid point \p k, so that the
     * phase there is the reference line plus \p d.
     * \param k grid index
     * \param d phase deviation from the reference line, in time steps
     */
    void PlanTo(int64_t k, double d);

    /**
     * \param t true time in time steps
     * \return the reference line (the BaseDrift part of the phase) at \p t, exactly
     */
    ClockValue Reference(int64_t t) const;

    /**
     * \param k grid index
     * \return the mean of y(T(t)) over grid step k (Simpson's rule; the temperature moves
     *         over minutes, a step lasts Tau0)
     */
    double TemperatureOffset(int64_t k);

    /** \param profile TemperatureProfile (refused once the phase has been read) */
    void SetTemperatureProfile(Ptr<TemperatureProfile> profile);

    /** \param tau0 grid step */
    void SetTau0(Time tau0);
    /** \param preset preset */
    void SetPreset(Preset preset);
    /** \return preset */
    Preset GetPreset() const;
    /** \param ppm BaseDrift in ppm */
    void SetBaseDriftPpm(double ppm);
    /** \return BaseDrift in ppm */
    double GetBaseDriftPpm() const;
    /**
     * \tparam I PowerLawNoise index
     * \param h the h-coefficient Attribute
     */
    template <int I>
    void SetHAttribute(double h);
    /**
     * \tparam I PowerLawNoise index
     * \return the h-coefficient Attribute
     */
    template <int I>
    double GetHAttribute() const;
    /**
     * \tparam I PowerLawNoise index
     * \param adev the ADEV-at-1-s Attribute
     */
    template <int I>
    void SetAdevAttribute(double adev);
    /**
     * \tparam I PowerLawNoise index
     * \return the ADEV-at-1-s Attribute
     */
    template <int I>
    double GetAdevAttribute() const;
    /** \param points AdevPoints text */
    void SetAdevPoints(std::string points);
    /** \return AdevPoints text */
    std::string GetAdevPoints() const;
    /** \param horizon FlickerHorizon */
    void SetFlickerHorizon(Time horizon);
    /** \return FlickerHorizon */
    Time GetFlickerHorizon() const;
    /** \param ppb WanderAmplitude */
    void SetWanderAmplitude(double ppb);
    /** \return WanderAmplitude */
    double GetWanderAmplitude() const;
    /** \param timeConstant WanderTimeConstant */
    void SetWanderTimeConstant(Time timeConstant);
    /** \return WanderTimeConstant */
    Time GetWanderTimeConstant() const;

    /** The attribute names of the h-coefficients, in PowerLawNoise order. */
    static const std::array<const char*, POWER_LAW_NOISE_TYPES> H_NAMES;
    /** The attribute names of the ADEV-at-1-s forms, in PowerLawNoise order. */
    static const std::array<const char*, POWER_LAW_NOISE_TYPES> ADEV_NAMES;

    // Configuration (Attributes)
    Time m_tau0;                                   //!< grid step
    Preset m_preset;                               //!< preset
    double m_baseDriftPpm;                         //!< BaseDrift
    NoiseForms m_forms;                            //!< h and ADEV-at-1-s Attributes
    std::string m_adevPointsText;                  //!< AdevPoints
    std::vector<powerlaw::AdevPoint> m_adevPoints; //!< AdevPoints, parsed
    Time m_flickerHorizon;                         //!< FlickerHorizon
    double m_wanderPpb;                            //!< WanderAmplitude
    Time m_wanderTimeConstant;                     //!< WanderTimeConstant
    Ptr<TemperatureProfile> m_temperature;         //!< TemperatureProfile (null: off)
    bool m_presetCurve;                            //!< PresetTemperatureCurve
    double m_tempReference;                        //!< TemperatureReference, degC
    double m_tempA1;                               //!< TemperatureCoefficient1, ppm/degC
    double m_tempA2;                               //!< TemperatureCoefficient2, ppm/degC^2
    double m_tempA3;                               //!< TemperatureCoefficient3, ppm/degC^3

    // In force (from every form)
    std::array<double, POWER_LAW_NOISE_TYPES> m_h{}; //!< h-coefficients in force
    std::vector<Wander> m_wanders;                   //!< wander components in force
    FrequencyTemperatureCurve m_curve;               //!< curve in force (fixed at the first read)

    // Generation
    std::array<Ptr<NormalRandomVariable>, 6> m_normal; //!< one stream per noise source
    std::unique_ptr<FlickerNoiseFilter> m_flickerPm;   //!< flicker PM generator
    std::unique_ptr<FlickerNoiseFilter> m_flickerFm;   //!< flicker FM generator
    bool m_started;                                    //!< whether the plan has been used
    int64_t m_step;                                    //!< Tau0 in time steps
    double m_stepsPerSecond;                           //!< time steps per second
    int64_t m_planned;                                 //!< last grid index whose phase is fixed
    double m_x0;                                       //!< phase noise at grid point 0 (s)
    double m_freqPhase;         //!< Tau0 * sum of the frequency noise so far (time steps)
    double m_randomWalk;        //!< random-walk FM frequency (fraction)
    int64_t m_refTime;          //!< reference line: anchor (time steps)
    ClockValue m_refPhase;      //!< reference line: phase at the anchor
    double m_rate;              //!< reference line: 1 + BaseDrift
    std::deque<double> m_ahead; //!< deviations d_k of the grid points planned ahead
    int64_t m_aheadFirst;       //!< grid index of m_ahead.front()
    uint64_t m_clamped;         //!< steps whose rate was clamped
};

} // namespace ns3

#endif /* CHRONOMETRY_POWER_LAW_OSCILLATOR_H */
