/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DRIFT_WANDER_H
#define DRIFT_WANDER_H

#include <string>

/**
 * \file
 * \ingroup chronometry
 * The drift-wander term of the relation bounds.
 *
 * The MinRTT relation (and every multi-round fit) assumes the two counters are
 * affine in each other between the probe rounds: constant relative drift. Real
 * oscillators wander (temperature, ageing; RandomWalkOscillator) and can step.
 * DriftWander states how far the relative drift rho_rel = rho_A - rho_B may
 * move, and turns that into error terms in peer ticks:
 *
 *   |rho_rel(t) - rho_rel(s)| <= R |t - s| + J  for all true instants t, s,
 *
 * R (ppm/s) bounds the rate of change (the sum of the two clocks' bounds on
 * |d rho / dt|), J (ppm) allows steps of total size J. With J = 0 the local
 * ratio u(b) = dA/db is Lipschitz and the deviation of A from the chord through
 * two points x1 < x2 is at most L |x - x1| |x - x2| / 2 (Lagrange remainder,
 * valid inside and outside [x1, x2]); with J > 0 it is at most
 * (L H + S) (x - x1)(x2 - x) / (x2 - x1) inside and (L H + S) dist(x, [x1, x2])
 * outside, H the length of the hull of x, x1, x2. L = uMax R / f_B and
 * S = uMax J (in ppm units, times a margin for the second-order terms:
 * (1 + m)^2 / (1 - m)^3 plus 1%, m = MaxAbsDrift). doc/relation.rst derives them.
 *
 * A random-walk drift (RandomWalkOscillator: the drift takes normal steps, its
 * variance growing by sigma^2 per second) has no finite R or J. For it the
 * term K sigma_rel sqrt(Var g(x)) is added, with Var g(t) = t^2 (W - t)^2 / (3 W)
 * inside a window of W seconds (t from its start) and d_far d^2 / 3 outside
 * (d the distance to the nearer end, d_far to the farther): the variance of
 * the chord deviation of an integrated Brownian motion. This term is
 * probabilistic: it holds with the two-sided normal probability of K sigmas
 * per query (K = 4: 6e-5 failures), not in the worst case.
 */

namespace ns3
{
namespace relation
{

/** A bound on how far the relative drift of two counters moves. */
struct DriftWander
{
    double ratePpmPerSecond{0}; //!< R: bound on |d rho_rel / dt|, ppm/s, [0, 1e4]
    double stepPpm{0};          //!< J: total size of drift steps allowed, ppm, [0, 1e4]
    double peerFrequencyHz{0};  //!< nominal rate of the peer (x-axis) counter, Hz (needed if R > 0)
    double maxAbsDriftPpm{1000};          //!< bound on each counter's |drift|, ppm, [0, 1e5)
    double randomWalkPpmPerSqrtSecond{0}; //!< sigma_rel of a random-walk relative drift, [0, 1e4]
    double sigmas{4};                     //!< K: normal quantile of the random-walk term, (0, 100]

    /** \return true if the term is zero (R = 0 and J = 0) */
    bool IsNone() const;

    /**
     * Report a configuration error naming the field and its range if invalid.
     * \param who the owner, for the message (e.g. "TscRelation")
     */
    void Validate(const std::string& who) const;

    /**
     * \param x a peer position (ticks, any origin)
     * \param x1 first chord point (same origin)
     * \param x2 second chord point, > x1
     * \param uMax bound on the ratio (reference ticks per peer tick)
     * \return bound on |A(x) - chord(x)| in reference ticks
     */
    double ChordDeviation(double x, double x1, double x2, double uMax) const;

    /**
     * \param lo smallest peer position considered
     * \param hi largest peer position considered (>= lo)
     * \param x1 first chord point
     * \param x2 second chord point, > x1
     * \param uMax bound on the ratio
     * \return bound on |u(s) - chord slope| for s in [lo, hi] (reference ticks per peer tick)
     */
    double SlopeDeviation(double lo, double hi, double x1, double x2, double uMax) const;

    /**
     * \param w start of a duration on the peer counter
     * \param y end of it
     * \param x1 first chord point
     * \param x2 second chord point, > x1
     * \param uMax bound on the ratio
     * \return bound on |(A(y) - A(w)) - slope (y - w)| in reference ticks
     */
    double DurationDeviation(double w, double y, double x1, double x2, double uMax) const;

  private:
    /** \return the margin factor for second-order terms */
    double Margin() const;
    /** \param uMax ratio bound \return L, per peer tick */
    double Lipschitz(double uMax) const;
    /** \param uMax ratio bound \return S, dimensionless ratio units */
    double Step(double uMax) const;
    /** \param uMax ratio bound \return K sigma uMax margin, per sqrt(second) */
    double Walk(double uMax) const;
};

} // namespace relation
} // namespace ns3

#endif /* DRIFT_WANDER_H */
