/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCORE_INTERVAL_H
#define SCORE_INTERVAL_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A score over independent runs with a confidence interval.
 */
struct ScoreInterval
{
    uint64_t n = 0;    //!< runs (or trials)
    double mean = 0;   //!< mean (or pooled proportion)
    double stddev = 0; //!< sample standard deviation (0 for a proportion)
    double lower = 0;  //!< lower end of the interval
    double upper = 0;  //!< upper end of the interval
    double level = 0;  //!< confidence level, e.g. 0.95
    /** \return (upper - lower) / 2 */
    double HalfWidth() const;
};

/**
 * \ingroup chronometry
 * Student-t interval of the mean of per-run scores (runs independent, e.g.
 * different seeds): mean +- t_{(1+level)/2, n-1} s / sqrt(n).  With one run
 * the interval is (-inf, inf); with none, every field but level is NaN.
 * \param values one score per run (finite)
 * \param level confidence level; valid range (0, 1)
 * \return the interval
 */
ScoreInterval MeanInterval(const std::vector<double>& values, double level = 0.95);

/**
 * \ingroup chronometry
 * Wilson score interval of a proportion pooled over runs (e.g. correct links
 * / inferred links summed over runs), which stays inside [0, 1] and is
 * usable at 0 or n successes.  Pooling treats the trials as independent; use
 * MeanInterval of per-run proportions when runs differ systematically.
 * \param successes successes
 * \param trials trials (>= successes)
 * \param level confidence level; valid range (0, 1)
 * \return the interval (NaN mean with no trials)
 */
ScoreInterval WilsonInterval(uint64_t successes, uint64_t trials, double level = 0.95);

} // namespace ns3

#endif /* SCORE_INTERVAL_H */
