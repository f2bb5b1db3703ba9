/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_POWER_LAW_NOISE_H
#define CHRONOMETRY_POWER_LAW_NOISE_H

#include "ns3/nstime.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Simulator-free formulas of oscillator noise: the five power-law noise types, their
 * Allan variance in terms of the h-coefficients, the Allan variance of a temperature-like
 * wander, a fit of power-law types to Allan deviations read off a datasheet, and a
 * flicker (1/f) noise generator.
 *
 * Conventions (IEEE Std 1139; W. J. Riley, "Handbook of Frequency Stability Analysis",
 * NIST SP 1065, 2008, Tables 2 and 5): y is the fractional frequency deviation, x the
 * phase (time) deviation in seconds, S_y(f) = h_alpha f^alpha the one-sided power
 * spectral density of y for 0 < f <= f_h, and f_h = 1 / (2 tau0) the measurement
 * bandwidth of phase data sampled every tau0 (the Nyquist frequency).
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * The five power-law noise types, S_y(f) = h_alpha f^alpha.
 */
enum class PowerLawNoise : uint8_t
{
    WHITE_PM = 0,      //!< white phase modulation, alpha = 2
    FLICKER_PM = 1,    //!< flicker phase modulation, alpha = 1
    WHITE_FM = 2,      //!< white frequency modulation, alpha = 0
    FLICKER_FM = 3,    //!< flicker frequency modulation, alpha = -1
    RANDOM_WALK_FM = 4 //!< random-walk frequency modulation, alpha = -2
};

/** Number of power-law noise types. */
constexpr std::size_t POWER_LAW_NOISE_TYPES = 5;

/** The five types in the order of PowerLawNoise (for loops). */
constexpr std::array<PowerLawNoise, POWER_LAW_NOISE_TYPES> ALL_POWER_LAW_NOISES = {
    PowerLawNoise::WHITE_PM,
    PowerLawNoise::FLICKER_PM,
    PowerLawNoise::WHITE_FM,
    PowerLawNoise::FLICKER_FM,
    PowerLawNoise::RANDOM_WALK_FM};

namespace powerlaw
{

/**
 * \param type a noise type
 * \return its exponent alpha in S_y(f) = h_alpha f^alpha (2, 1, 0, -1, -2)
 */
int Alpha(PowerLawNoise type);

/**
 * \param type a noise type
 * \return its name ("white PM", "flicker PM", "white FM", "flicker FM", "random-walk FM")
 */
std::string Name(PowerLawNoise type);

/**
 * \param type a noise type
 * \return the exponent mu of its Allan deviation, sigma_y(tau) ~ tau^mu, for tau >> tau0:
 *         -1 (white PM), -1 (flicker PM, up to a logarithmic factor), -1/2, 0, +1/2
 */
double AdevExponent(PowerLawNoise type);

/**
 * Allan variance of one noise type per unit h-coefficient (NIST SP 1065, Table 5):
 * white PM 3 f_h / (4 pi^2 tau^2); flicker PM [1.038 + 3 ln(2 pi f_h tau)] / (4 pi^2 tau^2);
 * white FM 1 / (2 tau); flicker FM 2 ln 2; random-walk FM (2 pi^2 / 3) tau.
 * \param type the noise type
 * \param tau the averaging time (> 0)
 * \param tau0 the sampling interval of the phase data; f_h = 1 / (2 tau0)
 * \return sigma_y^2(tau) / h_alpha, in the unit that makes the product dimensionless
 */
double AllanVariancePerH(PowerLawNoise type, Time tau, Time tau0);

/**
 * \param type the noise type
 * \param h its h-coefficient (s^(1+alpha): s^3, s^2, s, 1, 1/s for alpha = 2 .. -2)
 * \param tau the averaging time (> 0)
 * \param tau0 the sampling interval; f_h = 1 / (2 tau0)
 * \return the Allan deviation sigma_y(tau) of that noise alone
 */
double AllanDeviation(PowerLawNoise type, double h, Time tau, Time tau0);

/**
 * The inverse of AllanDeviation(): the h-coefficient whose Allan deviation at \p tau is
 * \p adev (a datasheet value).
 * \param type the noise type
 * \param adev sigma_y(tau) (>= 0)
 * \param tau the averaging time at which \p adev is given
 * \param tau0 the sampling interval; f_h = 1 / (2 tau0)
 * \return h_alpha
 */
double HFromAllanDeviation(PowerLawNoise type, double adev, Time tau, Time tau0);

/**
 * Allan variance of an exponentially correlated (Ornstein-Uhlenbeck) frequency wander with
 * stationary standard deviation A and correlation time T, u = tau / T:
 * sigma_y^2(tau) = A^2 (2u - 3 + 4 e^-u - e^-2u) / u^2; about 2 A^2 tau / (3 T) (random-walk
 * FM) for tau << T and 2 A^2 T / tau (white FM) for tau >> T.
 * \param amplitude A, as a fraction (1e-9 = 1 ppb)
 * \param timeConstant T (> 0)
 * \param tau the averaging time (> 0)
 * \return sigma_y^2(tau)
 */
double WanderAllanVariance(double amplitude, Time timeConstant, Time tau);

/** One Allan deviation read off a datasheet. */
struct AdevPoint
{
    Time tau;    //!< averaging time
    double adev; //!< sigma_y(tau)
};

/**
 * Parse "tau:adev,tau:adev,..." (for example "1s:1e-9,10s:8e-10,100s:1.5e-9"); taus are
 * ns-3 Time strings, distinct, each in [1 ms, 1e7 s]; adevs in (0, 1e-5]; 1 to 16 points.
 * Bad input is a configuration error naming \p parameter.
 * \param text the text (empty: no point)
 * \param parameter the parameter's qualified name, for the message
 * \return the points, in the order given
 */
std::vector<AdevPoint> ParseAdevPoints(const std::string& text, const std::string& parameter);

/** The h-coefficients a fit found, and how well they reproduce the points. */
struct PowerLawFit
{
    std::array<double, POWER_LAW_NOISE_TYPES> h{}; //!< per PowerLawNoise, 0 if unused
    double worstRatio{1.0}; //!< largest max(fit / point, point / fit) of the Allan deviations
};

/**
 * Fit non-negative h-coefficients to Allan deviations: among every subset of the five types
 * (at most as many types as points), the weighted least-squares fit of the Allan variances,
 * sum_i (sigma_fit^2(tau_i) / sigma_i^2 - 1)^2, with every coefficient positive; the
 * fewest types that reproduce every point within 2% (in deviation) win, otherwise the
 * smallest residual.
 * \param points the datasheet values (at least one)
 * \param tau0 the sampling interval (f_h of the PM types)
 * \return the fit (worstRatio tells how close it is)
 */
PowerLawFit FitAdevPoints(const std::vector<AdevPoint>& points, Time tau0);

} // namespace powerlaw

/**
 * \ingroup chronometry
 * A flicker (1/f) noise generator: white noise through a cascade of first-order lead-lag
 * sections whose poles and zeros interleave, two sections per decade, from the low cutoff
 * 1 / horizon up to the Nyquist frequency f_h = 1 / (2 tau0).  Each section falls as 1/f
 * between its pole and its zero and is flat between its zero and the next pole, so the
 * power spectrum falls on average as 1/f (J. A. Barnes and S. Jarvis, "Efficient numerical
 * and analog modeling of flicker noise processes", NBS Technical Note 604, 1971; N. J.
 * Kasdin, "Discrete simulation of colored noise and stochastic processes and 1/f^alpha
 * power law noise generation", Proc. IEEE 83(5), 1995).  A sample costs one multiply-add
 * per section (14 for tau0 = 1/16 s and a horizon of 1e6 s), against a sum over the whole
 * past for Kasdin and Walter's exact fractional-differencing filter.
 *
 * The output is scaled so that its one-sided spectrum is 1/f (h = 1) in the geometric mean
 * over [10 / horizon, f_h / 2]; it stays within 0.7 dB of 1/f there.  Below 1 / horizon the
 * spectrum is flat.  The filter starts at rest (an oscillator switched on at time 0).
 */
class FlickerNoiseFilter
{
  public:
    /**
     * \param tau0 sample interval (> 0)
     * \param horizon longest period modelled, at least 100 tau0
     */
    FlickerNoiseFilter(Time tau0, Time horizon);

    /**
     * \param white a standard normal sample
     * \return the next sample of unit-level flicker noise (one-sided PSD about 1/f per Hz)
     */
    double Step(double white);

    /**
     * \param frequencyHz a frequency in (0, f_h]
     * \return the one-sided power spectral density of the output at that frequency, per Hz,
     *         for standard normal input
     */
    double GetPsd(double frequencyHz) const;

    /** \return the number of first-order sections */
    std::size_t GetSectionCount() const;

    /** Sections per decade of frequency. */
    static constexpr int SECTIONS_PER_DECADE = 2;

  private:
    /** One first-order section, (1 - b z^-1) / (1 - a z^-1). */
    struct Section
    {
        double a;       //!< pole
        double b;       //!< zero
        double inPrev;  //!< previous input
        double outPrev; //!< previous output
    };

    /** \param frequencyHz frequency \return |H|^2 of the unscaled cascade */
    double GainSquared(double frequencyHz) const;

    double m_tau0;                   //!< sample interval in seconds
    double m_scale;                  //!< output scale (h = 1)
    std::vector<Section> m_sections; //!< the cascade, lowest corner first
};

} // namespace ns3

#endif /* CHRONOMETRY_POWER_LAW_NOISE_H */
