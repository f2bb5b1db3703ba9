/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "drift-wander.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DriftWander");

namespace relation
{

bool
DriftWander::IsNone() const
{
    return ratePpmPerSecond == 0 && stepPpm == 0 && randomWalkPpmPerSqrtSecond == 0;
}

void
DriftWander::Validate(const std::string& who) const
{
    chronometry::RequireDoubleInRange(who + " DriftWander::ratePpmPerSecond",
                                      ratePpmPerSecond,
                                      0,
                                      1e4,
                                      "ppm/s");
    chronometry::RequireDoubleInRange(who + " DriftWander::stepPpm", stepPpm, 0, 1e4, "ppm");
    chronometry::RequireDoubleInRange(who + " DriftWander::maxAbsDriftPpm",
                                      maxAbsDriftPpm,
                                      0,
                                      1e5,
                                      "ppm",
                                      true,
                                      false);
    chronometry::RequireDoubleInRange(who + " DriftWander::randomWalkPpmPerSqrtSecond",
                                      randomWalkPpmPerSqrtSecond,
                                      0,
                                      1e4,
                                      "ppm/sqrt(s)");
    chronometry::RequireDoubleInRange(who + " DriftWander::sigmas", sigmas, 0, 100, "", false);
    if (ratePpmPerSecond > 0 || randomWalkPpmPerSqrtSecond > 0)
    {
        chronometry::RequireDoubleInRange(who + " DriftWander::peerFrequencyHz (needed when "
                                                "ratePpmPerSecond or randomWalkPpmPerSqrtSecond "
                                                "> 0)",
                                          peerFrequencyHz,
                                          0,
                                          1e11,
                                          "Hz",
                                          false,
                                          true);
    }
}

double
DriftWander::Margin() const
{
    double m = maxAbsDriftPpm * 1e-6;
    return (1 + m) * (1 + m) / ((1 - m) * (1 - m) * (1 - m)) * 1.01;
}

double
DriftWander::Lipschitz(double uMax) const
{
    if (ratePpmPerSecond == 0)
    {
        return 0;
    }
    return std::abs(uMax) * ratePpmPerSecond * 1e-6 * Margin() / peerFrequencyHz;
}

double
DriftWander::Step(double uMax) const
{
    return std::abs(uMax) * stepPpm * 1e-6 * Margin();
}

double
DriftWander::Walk(double uMax) const
{
    return std::abs(uMax) * sigmas * randomWalkPpmPerSqrtSecond * 1e-6 * Margin();
}

double
DriftWander::ChordDeviation(double x, double x1, double x2, double uMax) const
{
    if (IsNone())
    {
        return 0;
    }
    double dev = 0;
    if (randomWalkPpmPerSqrtSecond > 0)
    {
        // std of the chord deviation of an integrated Brownian motion, in seconds
        // (positions converted at the nominal rate; the margin covers the rest)
        double t = (x - x1) / peerFrequencyHz;
        double w = (x2 - x1) / peerFrequencyHz;
        double var;
        if (t >= 0 && t <= w)
        {
            var = t * t * (w - t) * (w - t) / (3 * w);
        }
        else
        {
            double near = t < 0 ? -t : t - w;
            double far = near + w;
            var = far * near * near / 3;
        }
        // A ticks per second: uMax f_B
        dev += Walk(uMax) * peerFrequencyHz * std::sqrt(var);
    }
    if (ratePpmPerSecond == 0 && stepPpm == 0)
    {
        return dev;
    }
    double l = Lipschitz(uMax);
    if (stepPpm == 0)
    {
        return dev + 0.5 * l * std::abs(x - x1) * std::abs(x - x2);
    }
    double hull = std::max(x2, x) - std::min(x1, x);
    double range = l * hull + Step(uMax);
    if (x >= x1 && x <= x2)
    {
        return dev + range * (x - x1) * (x2 - x) / (x2 - x1);
    }
    return dev + range * (x < x1 ? x1 - x : x - x2);
}

double
DriftWander::SlopeDeviation(double lo, double hi, double x1, double x2, double uMax) const
{
    if (IsNone())
    {
        return 0;
    }
    double dev = 0;
    if (randomWalkPpmPerSqrtSecond > 0)
    {
        // std of B(s) - mean of B over the window (seconds): W/3 - t + t^2/W inside,
        // t - 2W/3 after it, W/3 - t before it; convex, so its largest value over
        // [lo, hi] is at an end
        double w = (x2 - x1) / peerFrequencyHz;
        auto var = [w](double t) {
            if (t < 0)
            {
                return w / 3 - t;
            }
            if (t > w)
            {
                return t - 2 * w / 3;
            }
            return w / 3 - t + t * t / w;
        };
        double v = std::max(var((lo - x1) / peerFrequencyHz), var((hi - x1) / peerFrequencyHz));
        dev += Walk(uMax) * std::sqrt(v);
    }
    if (ratePpmPerSecond == 0 && stepPpm == 0)
    {
        return dev;
    }
    double l = Lipschitz(uMax);
    if (stepPpm == 0)
    {
        if (lo >= x1 && hi <= x2)
        {
            // |g'(s)| <= L ((s - x1)^2 + (x2 - s)^2) / (2 (x2 - x1)), convex in s
            auto q = [x1, x2](double s) {
                return ((s - x1) * (s - x1) + (x2 - s) * (x2 - s)) / (2 * (x2 - x1));
            };
            return dev + l * std::max(q(lo), q(hi));
        }
        // the chord slope is u(xi) for some xi in [x1, x2]
        auto p = [x1, x2](double s) { return std::max(std::abs(s - x1), std::abs(s - x2)); };
        return dev + l * std::max(p(lo), p(hi));
    }
    double hull = std::max(x2, hi) - std::min(x1, lo);
    return dev + l * hull + Step(uMax);
}

double
DriftWander::DurationDeviation(double w, double y, double x1, double x2, double uMax) const
{
    if (IsNone())
    {
        return 0;
    }
    return std::abs(y - w) * SlopeDeviation(std::min(w, y), std::max(w, y), x1, x2, uMax);
}

} // namespace relation
} // namespace ns3
