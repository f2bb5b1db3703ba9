/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The RDA study's matching error predicted from the configuration alone (no measured value),
// shared by the rda suites; examples/rda_predict.py computes the same for the report.
#ifndef CHRONOMETRY_TEST_RDA_PREDICTION_H
#define CHRONOMETRY_TEST_RDA_PREDICTION_H

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace ns3
{
namespace chronometry
{
namespace test
{

/**
 * The study's delay model, in ns, as configured (nothing measured): BaseDelay plus the
 * transmission of a 200-byte payload (230 bytes with headers) at RdaHelper's 1 Gbps, the
 * extra delay (Weibull or Pareto), and with probability ReorderRate a delay uniform in
 * [0, ReorderDelayMax]; the receiver clock's constant offset.
 */
struct RdaConfig
{
    double lengthNs{1e8};         //!< IntervalLength
    double baseNs{100000 + 1840}; //!< BaseDelay + transmission
    bool pareto{false};           //!< ExtraDelay pareto (else weibull)
    double shape{0.7};            //!< Weibull or Pareto shape
    double scaleNs{50000};        //!< Weibull or Pareto scale
    double reorderRate{0.01};     //!< ReorderRate
    double reorderMaxNs{1e8};     //!< ReorderDelayMax
    double clockNs{0};            //!< ClockOffset
};

/** What the configuration predicts (examples/rda_predict.py computes the same). */
struct RdaPrediction
{
    double meanNs{0};      //!< E[l | delivered]
    double rdaErrNs{0};    //!< per-interval matching's error against every delivered packet
    double rdabErrNs{0};   //!< boundary matching's
    double beyondReach{0}; //!< share of the delivered packets boundary matching cannot see
};

/**
 * A packet sent at a uniform point u of [0, L) with delay l arrives at u + l + c on the
 * receiver's grid; per-interval matching holds it when that lies in [0, L), boundary matching
 * in [-L, 2L). RDA's error is c + E[l P(l)] / E[P(l)] - E[l], each expectation over the
 * configured delay (delivered: within the run's 2 s tail), integrated on a log grid.
 * \param c the configuration
 * \return the prediction
 */
inline RdaPrediction
PredictRda(const RdaConfig& c)
{
    const double horizon = 2e9;
    const int bins = 4000;
    const int reorderBins = 400;
    auto cdf = [&c](double v) {
        return c.pareto ? (v <= c.scaleNs ? 0.0 : 1 - std::pow(c.scaleNs / v, c.shape))
                        : 1 - std::exp(-std::pow(v / c.scaleNs, c.shape));
    };
    const double lo = c.pareto ? c.scaleNs : c.scaleNs * 1e-9;
    std::vector<std::pair<double, double>> extra{{lo / 2, cdf(lo)}}; // (point, mass)
    for (int k = 0; k < bins; ++k)
    {
        const double a = lo * std::pow(horizon / lo, double(k) / bins);
        const double b = lo * std::pow(horizon / lo, double(k + 1) / bins);
        extra.emplace_back(std::sqrt(a * b), cdf(b) - cdf(a));
    }
    const double len = c.lengthNs;
    auto caught = [&](double l, double from, double to) {
        const double x = std::min(len, to - l - c.clockNs) - std::max(0.0, from - l - c.clockNs);
        return std::clamp(x, 0.0, len) / len;
    };
    double s0 = 0, s1 = 0, p0 = 0, p1 = 0, b0 = 0, b1 = 0;
    auto add = [&](double l, double w) {
        if (l >= horizon || w <= 0)
        {
            return;
        }
        s0 += w;
        s1 += w * l;
        const double p = caught(l, 0, len) * w;
        const double b = caught(l, -len, 2 * len) * w;
        p0 += p;
        p1 += p * l;
        b0 += b;
        b1 += b * l;
    };
    for (const auto& [x, w] : extra)
    {
        add(c.baseNs + x, w * (1 - c.reorderRate));
        for (int j = 0; j < reorderBins; ++j)
        {
            add(c.baseNs + x + (j + 0.5) / reorderBins * c.reorderMaxNs,
                w * c.reorderRate / reorderBins);
        }
    }
    RdaPrediction out;
    out.meanNs = s1 / s0;
    out.rdaErrNs = c.clockNs + p1 / p0 - s1 / s0;
    out.rdabErrNs = c.clockNs + b1 / b0 - s1 / s0;
    out.beyondReach = 1 - b0 / s0;
    return out;
}

/**
 * \param v values
 * \param[out] se their standard error (sd / sqrt(n))
 * \return their mean
 */
inline double
MeanSe(const std::vector<double>& v, double& se)
{
    double m = 0;
    for (double x : v)
    {
        m += x / v.size();
    }
    double q = 0;
    for (double x : v)
    {
        q += (x - m) * (x - m);
    }
    se = v.size() > 1 ? std::sqrt(q / (v.size() - 1) / v.size()) : INFINITY;
    return m;
}

} // namespace test
} // namespace chronometry
} // namespace ns3

#endif
