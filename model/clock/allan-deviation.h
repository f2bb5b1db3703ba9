/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_ALLAN_DEVIATION_H
#define CHRONOMETRY_ALLAN_DEVIATION_H

#include "power-law-noise.h"

#include "ns3/nstime.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Frequency-stability estimators from phase samples (simulator-free, independent of any
 * noise generator): the overlapping Allan deviation, the modified Allan deviation, their
 * equivalent degrees of freedom and chi-square confidence intervals (W. J. Riley,
 * "Handbook of Frequency Stability Analysis", NIST SP 1065, 2008, sections 5.2 and 5.3).
 *
 * The phase samples x[i] are the time deviation of an oscillator (its phase minus true
 * time) at t = i tau0, in seconds.  They are doubles, not Time: an oscillator's phase noise
 * is picoseconds, far below the Time resolution.
 *
 * Overlapping Allan variance at tau = m tau0 (N samples):
 *   sigma_y^2(tau) = sum_{i=0}^{N-2m-1} (x[i+2m] - 2 x[i+m] + x[i])^2 / (2 tau^2 (N - 2m)).
 * Modified Allan variance:
 *   mod sigma_y^2(tau) = sum_{j=0}^{N-3m} (sum_{i=j}^{j+m-1} (x[i+2m] - 2 x[i+m] + x[i]))^2
 *                        / (2 m^2 tau^2 (N - 3m + 1)).
 */
class AllanDeviation
{
  public:
    /**
     * \param phase the time deviation x[i] at t = i tau0, in seconds (at least 3 samples)
     * \param tau0 the sample spacing (> 0)
     */
    AllanDeviation(std::vector<double> phase, Time tau0);

    /** \return the number of samples N */
    std::size_t GetSampleCount() const;

    /** \return the sample spacing tau0 */
    Time GetTau0() const;

    /**
     * \param m averaging factor, 1 <= m <= (N - 1) / 2
     * \return the overlapping Allan deviation at tau = m tau0
     */
    double Overlapping(uint32_t m) const;

    /**
     * \param m averaging factor, 1 <= m <= (N - 1) / 3
     * \return the modified Allan deviation at tau = m tau0 (O(N), by a sliding sum)
     */
    double Modified(uint32_t m) const;

    /**
     * \param count how many factors at most
     * \return the powers of two m = 1, 2, 4, ... with N >= 8 m + 1 (at least four
     *         non-overlapping second differences each), at most \p count of them
     */
    std::vector<uint32_t> OctaveFactors(std::size_t count = 64) const;

    /**
     * Equivalent degrees of freedom of the overlapping Allan variance for a dominant noise
     * type (NIST SP 1065, section 5.3, the simple approximate formulas of Howe, Allan and
     * Barnes, 1981):
     *   white PM      (N + 1)(N - 2m) / (2 (N - m))
     *   flicker PM    exp(sqrt(ln((N - 1) / (2m)) ln((2m + 1)(N - 1) / 4)))
     *   white FM      [3 (N - 1) / (2m) - 2 (N - 2) / N] 4m^2 / (4m^2 + 5)
     *   flicker FM    2 (N - 2)^2 / (2.3 N - 4.9) for m = 1, 5 N^2 / (4m (N + 3m)) for m >= 2
     *   random-walk FM (N - 2) / m * ((N - 1)^2 - 3m (N - 1) + 4m^2) / (N - 3)^2
     * \param type dominant noise type
     * \param n number of phase samples N
     * \param m averaging factor
     * \return the edf
     */
    static double EquivalentDof(PowerLawNoise type, std::size_t n, uint32_t m);

    /**
     * Chi-square confidence interval of a deviation: sigma^2 edf / chi2_{p}(edf) for the
     * quantiles p = Phi(-z) and Phi(z), with the Wilson-Hilferty approximation of the
     * chi-square quantile (accurate to about 1% for edf >= 3).
     * \param adev the estimate
     * \param edf its equivalent degrees of freedom (> 0)
     * \param z the two-sided normal quantile (1: 68.3%, 2: 95.4%, 3: 99.7%)
     * \return the lower and upper ends of the interval of the deviation
     */
    static std::pair<double, double> ConfidenceInterval(double adev, double edf, double z);

    /**
     * Least-squares slope of log(adev) against log(tau).
     * \param taus averaging times (at least two distinct)
     * \param adevs deviations at those times (> 0)
     * \return the slope mu in adev ~ tau^mu
     */
    static double LogLogSlope(const std::vector<Time>& taus, const std::vector<double>& adevs);

  private:
    /**
     * \param m averaging factor
     * \param lo smallest N / m the estimator needs, written as "N >= lo m + 1"
     * \param what the estimator's name, for the message
     */
    void CheckFactor(uint32_t m, uint32_t lo, const char* what) const;

    std::vector<double> m_x; //!< phase samples, seconds
    Time m_tau0;             //!< sample spacing
};

} // namespace ns3

#endif /* CHRONOMETRY_ALLAN_DEVIATION_H */
