/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_TIME_ERROR_METRICS_H
#define CHRONOMETRY_TIME_ERROR_METRICS_H

#include "ns3/nstime.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The ITU-T G.8273.2 T-BC / T-TSC noise-generation classes, best last (NONE: not even A).
 */
enum class G8273Class
{
    NONE,
    A,
    B,
    C,
    D,
};

/**
 * \param c a class
 * \return "A", "B", "C", "D" or "none"
 */
std::string G8273ClassName(G8273Class c);

/**
 * \ingroup chronometry
 * The G.8273.2 noise-generation limits of one class in ns; a negative value: the class sets
 * no limit on that metric. Source (doc/sync.rst): the Calnex one-page summary of G.8273.2
 * (2nd edition 2020 with amendments), conditions 0.1 Hz first-order filters, constant
 * temperature, 1000 s observation.
 */
struct G8273Limits
{
    double maxAbsTe{-1};    //!< max|TE|, unfiltered
    double cte{-1};         //!< |cTE|
    double dteLowMtie{-1};  //!< dTE_L MTIE (0.1 Hz low-pass)
    double dteHighPp{-1};   //!< dTE_H peak-to-peak (0.1 Hz high-pass)
    double maxAbsTeLow{-1}; //!< max|TE_L| (0.1 Hz low-pass; class D only)
};

/**
 * \param c class A, B, C or D
 * \return its limits (D: max|TE_L| only; doc/sync.rst says how D is decided)
 */
G8273Limits GetG8273Limits(G8273Class c);

/**
 * \ingroup chronometry
 * The figures a class decision needs, in ns (filtered figures absent when the sample interval
 * is too coarse for a 0.1 Hz filter).
 */
struct TimeErrorSummary
{
    double maxAbsTe{0};                //!< max|TE|
    double cte{0};                     //!< cTE (mean TE)
    std::optional<double> dteLowMtie;  //!< dTE_L MTIE at min(observation, 1000 s)
    std::optional<double> dteHighPp;   //!< dTE_H peak-to-peak
    std::optional<double> maxAbsTeLow; //!< max|TE_L|
};

/**
 * The best G.8273.2 class whose every limit \p s meets (a value equal to a limit meets it).
 * Class D sets only max|TE_L| <= 5 ns (its other limits are for further study); here D also
 * requires every class C limit, so that D is never granted to a series C refuses.
 * \param s the figures
 * \return the class (NONE when the filtered figures are absent: not decided is not a class)
 */
G8273Class ClassifyG8273(const TimeErrorSummary& s);

/**
 * \ingroup chronometry
 * Time-error metrics as synchronization engineers read them (ITU-T G.810, G.8260, G.8273.2),
 * from a series of time-error samples TE[i] (ns) at t = i tau0. Simulator-free.
 *
 * - max|TE| = max_i |TE[i]|.
 * - cTE = the mean of TE over the whole series (G.8260 Appendix I: the average of the time
 *   error over an observation interval; G.8273.2 averages over 1000 s, here over the series).
 * - TE_L = TE through a first-order low-pass of corner 0.1 Hz (bilinear transform with the
 *   corner prewarped, so the discrete gain at 0.1 Hz is exactly -3.01 dB; started in steady
 *   state, TE_L[0] = TE[0]); TE_H = TE - TE_L (the complementary first-order high-pass).
 *   dTE_L MTIE = MTIE of TE_L at tau = min(observation, 1000 s); dTE_H = max TE_H - min TE_H.
 * - MTIE(n tau0) = max over k of (max - min of TE[k .. k + n]) (G.810: a window of n + 1
 *   samples), O(N) per tau by monotone deques.
 * - TDEV(n tau0)^2 = sum_{j=0}^{N-3n} (sum_{i=j}^{j+n-1} (TE[i+2n] - 2 TE[i+n] + TE[i]))^2
 *   / (6 n^2 (N - 3n + 1)) (G.810 Appendix II), O(N) per tau by prefix sums.
 */
class TimeErrorMetrics
{
  public:
    /** The G.8273.2 filters' corner frequency (Hz). */
    static constexpr double kCornerHz = 0.1;

    /**
     * \param teNs the time-error samples (ns; at least 2, finite)
     * \param tau0 the sample interval (> 0)
     */
    TimeErrorMetrics(std::vector<double> teNs, Time tau0);

    /** \return the sample count N */
    std::size_t GetSampleCount() const;
    /** \return the observation interval (N - 1) tau0 */
    Time GetObservation() const;
    /** \return max|TE| (ns) */
    double MaxAbsTe() const;
    /** \return cTE, the mean TE (ns) */
    double ConstantTe() const;
    /**
     * \param tau an observation interval (rounded to a multiple n tau0, n >= 1)
     * \return MTIE(tau) (ns); empty when tau is longer than the observation
     */
    std::optional<double> Mtie(Time tau) const;
    /**
     * \param tau an observation interval (rounded to a multiple n tau0, n >= 1)
     * \return TDEV(tau) (ns); empty when 3 n > N - 1 (fewer than one full window)
     */
    std::optional<double> Tdev(Time tau) const;
    /** \return whether tau0 is short enough for the 0.1 Hz filters (tau0 < 5 s, Nyquist) */
    bool CanFilter() const;
    /** \return TE_L (ns; empty when !CanFilter()) */
    std::vector<double> LowPass() const;
    /** \return dTE_L MTIE at min(observation, 1000 s) (ns; empty when !CanFilter()) */
    std::optional<double> DteLowMtie() const;
    /** \return dTE_H peak-to-peak (ns; empty when !CanFilter()) */
    std::optional<double> DteHighPeakToPeak() const;
    /** \return max|TE_L| (ns; empty when !CanFilter()) */
    std::optional<double> MaxAbsTeLow() const;
    /** \return the figures ClassifyG8273() reads */
    TimeErrorSummary Summarize() const;

    /**
     * First-order low-pass (bilinear, corner prewarped, started at x[0]).
     * \param x samples
     * \param tau0 their interval (> 0, below 1 / (2 cornerHz))
     * \param cornerHz the -3 dB frequency (Hz)
     * \return the filtered samples
     */
    static std::vector<double> FirstOrderLowPass(const std::vector<double>& x,
                                                 Time tau0,
                                                 double cornerHz);
    /**
     * \param x samples
     * \param n window span in intervals (a window holds n + 1 samples; 1 <= n < x.size())
     * \return max over windows of (max - min), O(N)
     */
    static double MtieSamples(const std::vector<double>& x, std::size_t n);

  private:
    /**
     * \param tau an interval
     * \return round(tau / tau0), at least 1
     */
    std::size_t Intervals(Time tau) const;

    std::vector<double> m_te; //!< TE (ns)
    Time m_tau0;              //!< sample interval
};

} // namespace ns3

#endif /* CHRONOMETRY_TIME_ERROR_METRICS_H */
