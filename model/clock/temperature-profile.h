/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_TEMPERATURE_PROFILE_H
#define CHRONOMETRY_TEMPERATURE_PROFILE_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A crystal's frequency-temperature curve: the fractional frequency offset
 *   y(T) = 1e-6 [a1 (T - T0) + a2 (T - T0)^2 + a3 (T - T0)^3]
 * with the coefficients in ppm/degC^k (an AT-cut crystal's curve is cubic about its inflection
 * T0 near 25 degC; doc/chronometry.rst, "Oscillators that feel temperature", cites the figures).
 */
struct FrequencyTemperatureCurve
{
    double referenceC{25.0}; //!< T0, degC
    double a1{0.0};          //!< ppm/degC
    double a2{0.0};          //!< ppm/degC^2
    double a3{0.0};          //!< ppm/degC^3

    /**
     * \param celsius temperature in degC
     * \return the fractional frequency offset y(T) (a fraction, not ppm)
     */
    double OffsetAt(double celsius) const;
};

/**
 * \ingroup chronometry
 * The temperature an oscillator's crystal sees, as a function of true time.  Simulator-free:
 * GetTemperature() is arithmetic on its argument, so the oscillator can ask for any instant
 * (it plans its phase ahead).  An object per node: a profile with a phase draws its own.
 */
class TemperatureProfile : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ~TemperatureProfile() override;

    /**
     * \param t true time (not before 0)
     * \return the crystal's temperature at \p t, in degC
     */
    virtual double GetTemperature(Time t) = 0;

    /** \return the lowest temperature the profile reaches, in degC */
    virtual double GetMinTemperature() const = 0;

    /** \return the highest temperature the profile reaches, in degC */
    virtual double GetMaxTemperature() const = 0;

    /**
     * Assign fixed random variable streams.
     * \param stream first stream index to use
     * \return the number of streams used (0 for profiles without randomness)
     */
    virtual int64_t AssignStreams(int64_t stream);
};

/**
 * \ingroup chronometry
 * A constant temperature (an air-conditioned room, with no load change).
 */
class ConstantTemperatureProfile : public TemperatureProfile
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ConstantTemperatureProfile();
    double GetTemperature(Time t) override;
    double GetMinTemperature() const override;
    double GetMaxTemperature() const override;

  private:
    double m_celsius; //!< the temperature, degC
};

/**
 * \ingroup chronometry
 * Steps of the ambient temperature (a fan stops, a load starts) at given times; the board
 * follows each step with a first-order lag of ThermalTimeConstant tau:
 *   T(t) = T_initial + sum_{t_i <= t} dT_i (1 - exp(-(t - t_i) / tau)).
 */
class StepTemperatureProfile : public TemperatureProfile
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    StepTemperatureProfile();
    double GetTemperature(Time t) override;
    double GetMinTemperature() const override;
    double GetMaxTemperature() const override;

  private:
    /** \param text the Steps Attribute, "time:degC,..." */
    void SetSteps(std::string text);
    /** \return the Steps Attribute */
    std::string GetSteps() const;

    double m_initial;                             //!< ambient before the first step, degC
    std::string m_stepsText;                      //!< Steps Attribute
    std::vector<std::pair<Time, double>> m_steps; //!< (time, ambient degC after it)
    Time m_timeConstant;                          //!< thermal time constant of the board
};

/**
 * \ingroup chronometry
 * A diurnal cycle: T(t) = Mean + Amplitude sin(2 pi t / Period + phi), with phi drawn once per
 * object (per node) from the Phase stream at the first read.
 */
class DiurnalTemperatureProfile : public TemperatureProfile
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    DiurnalTemperatureProfile();
    double GetTemperature(Time t) override;
    double GetMinTemperature() const override;
    double GetMaxTemperature() const override;
    int64_t AssignStreams(int64_t stream) override;

    /** \return the phase phi in radians (drawn on the first call) */
    double GetPhase();

  protected:
    void DoDispose() override;

  private:
    double m_mean;                       //!< Mean, degC
    double m_amplitude;                  //!< Amplitude, degC
    Time m_period;                       //!< Period
    Ptr<RandomVariableStream> m_phaseRv; //!< Phase stream, radians
    bool m_drawn;                        //!< whether phi was drawn
    double m_phase;                      //!< phi, radians
};

} // namespace ns3

#endif /* CHRONOMETRY_TEMPERATURE_PROFILE_H */
