/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "score-interval.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScoreInterval");

double
ScoreInterval::HalfWidth() const
{
    return (upper - lower) / 2;
}

ScoreInterval
MeanInterval(const std::vector<double>& values, double level)
{
    chronometry::RequireDoubleInRange("MeanInterval: level", level, 0, 1, "", false, false);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    ScoreInterval s;
    s.level = level;
    s.n = values.size();
    if (values.empty())
    {
        s.mean = s.stddev = s.lower = s.upper = nan;
        return s;
    }
    double sum = 0;
    for (double v : values)
    {
        if (!std::isfinite(v))
        {
            chronometry::ReportConfigError("MeanInterval: a score is not finite (" +
                                           std::to_string(v) + "); valid range: finite numbers");
        }
        sum += v;
    }
    s.mean = sum / s.n;
    if (s.n == 1)
    {
        s.lower = -std::numeric_limits<double>::infinity();
        s.upper = std::numeric_limits<double>::infinity();
        return s;
    }
    double ss = 0;
    for (double v : values)
    {
        ss += (v - s.mean) * (v - s.mean);
    }
    s.stddev = std::sqrt(ss / (s.n - 1));
    boost::math::students_t t(static_cast<double>(s.n - 1));
    double q = boost::math::quantile(t, (1 + level) / 2);
    double half = q * s.stddev / std::sqrt(static_cast<double>(s.n));
    s.lower = s.mean - half;
    s.upper = s.mean + half;
    return s;
}

ScoreInterval
WilsonInterval(uint64_t successes, uint64_t trials, double level)
{
    chronometry::RequireDoubleInRange("WilsonInterval: level", level, 0, 1, "", false, false);
    if (successes > trials)
    {
        chronometry::ReportConfigError(
            "WilsonInterval: successes = " + std::to_string(successes) +
            " is invalid; valid range: [0, trials = " + std::to_string(trials) + "]");
    }
    ScoreInterval s;
    s.level = level;
    s.n = trials;
    if (trials == 0)
    {
        s.mean = s.lower = s.upper = std::numeric_limits<double>::quiet_NaN();
        return s;
    }
    const double n = static_cast<double>(trials);
    const double p = successes / n;
    const double z = boost::math::quantile(boost::math::normal(), (1 + level) / 2);
    const double denom = 1 + z * z / n;
    const double centre = (p + z * z / (2 * n)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
    s.mean = p;
    s.lower = std::max(0.0, centre - half);
    s.upper = std::min(1.0, centre + half);
    return s;
}

} // namespace ns3
