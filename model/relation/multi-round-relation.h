/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MULTI_ROUND_RELATION_H
#define MULTI_ROUND_RELATION_H

#include "drift-wander.h"
#include "minrtt-round.h"
#include "relation-estimate.h"
#include "relation-ticks.h"

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Multi-round set-membership relation (beyond the paper), fed by probe rounds
 * in both directions, with a residual test of the affine model.
 */

namespace ns3
{
namespace relation
{

/**
 * Multi-round set-membership relation A from B. Every probe round, not only
 * the MinRTT ones, constrains the true affine relation A(b) = p + r b:
 *
 * - a round initiated by A: sendA - s <= p + r peerB <= recvA + s;
 * - a round initiated by B (sendB, peerA, recvB on the wire): A read peerA
 *   while B's counter was in [sendB, recvB], so p + r sendB <= peerA + s and
 *   p + r recvB >= peerA - s (r > 0).
 *
 * The feasible set of (p, r) is a convex polygon; the translation of b is the
 * range of p + r b over it, which contains the truth whenever the counters
 * are affine, so its half width is a provably valid bound and the midpoint is
 * the estimate. With a DriftWander the constraints are widened by the largest
 * deviation of the true relation from its chord over the rounds' span, and
 * every translation by the deviation at the query point.
 *
 * Residual test: when no line satisfies all constraints, the affine model (with
 * the configured wander) is refuted; Fit() then returns false and
 * GetAffineResidual() gives the smallest widening of every constraint (ticks)
 * that would admit a line. Counter values are subtracted as integers relative
 * to the first round: exact at any uptime.
 */
class MultiRoundRelation
{
  public:
    /** Outcome of Fit(). */
    enum FitStatus
    {
        NOT_FITTED,     //!< Fit() not called since the last change
        OK,             //!< a non-empty polygon
        TOO_FEW,        //!< fewer than two distinct peer positions
        AFFINE_REFUTED, //!< no line satisfies every constraint (see GetAffineResidual)
        UNBOUNDED       //!< the polygon does not close (numerically degenerate input)
    };

    /** \param slackTicks quantization slack per TSC read, in ticks, [0, 1e9] */
    explicit MultiRoundRelation(double slackTicks = 1.0);

    /** \param wander bound on the relative drift's movement (peer = B) */
    void SetDriftWander(const DriftWander& wander);
    /** \return the drift-wander term's parameters */
    const DriftWander& GetDriftWander() const;

    /** \param round a probe round initiated by A (any RTT) */
    void AddRound(const MinRttRound& round);
    /** \param rounds probe rounds initiated by A */
    void AddRounds(const std::vector<MinRttRound>& rounds);
    /**
     * \param round a probe round initiated by B towards A, in its own fields:
     *        sendA = B's send, peerB = A's read, recvA = B's receive
     */
    void AddReverseRound(const MinRttRound& round);
    /** \param rounds probe rounds initiated by B towards A */
    void AddReverseRounds(const std::vector<MinRttRound>& rounds);

    /**
     * Build the polygon from the rounds added so far.
     * \return true if GetFitStatus() is OK
     */
    bool Fit();

    /** \return the outcome of the last Fit() */
    FitStatus GetFitStatus() const;
    /**
     * \return 0 if some line satisfies every (wander-widened) constraint, else
     *         the smallest extra widening of all constraints, in A ticks, that
     *         would admit one (computed by Fit())
     */
    double GetAffineResidual() const;

    /** \return the number of rounds initiated by A */
    std::size_t GetNRounds() const;
    /** \return the number of rounds initiated by B */
    std::size_t GetNReverseRounds() const;
    /** \return the least-squares ratio of the round midpoints */
    double GetLeastSquaresRatio() const;
    /** \return the range of r over the polygon (the chord slope over the rounds' span) */
    Interval GetRatioRange() const;
    /** \return the number of polygon vertices */
    std::size_t GetNVertices() const;
    /** \return the A counter value all A-side results are relative to internally */
    uint64_t GetReferenceAnchor() const;
    /** \return the B counter value B positions are measured from internally */
    uint64_t GetPeerAnchor() const;
    /** \return the span of the rounds' B positions, relative to GetPeerAnchor() */
    Interval GetPeerSpan() const;

    /**
     * \param b a (real) position on B's counter
     * \return midpoint and half width of the range of A(b), exact at any magnitude
     */
    PointEstimate Translate(const TickPoint& b) const;
    /**
     * \param b a TSC value of B
     * \param aAnchor a value of A's counter
     * \return the range of A(b) - aAnchor
     */
    Interval TranslateRangeFrom(uint64_t b, uint64_t aAnchor) const;
    /**
     * \param bStart start of a duration on B
     * \param bEnd its end
     * \return the range of A(bEnd) - A(bStart) (drift wander included)
     */
    Interval DurationRangeAt(uint64_t bStart, uint64_t bEnd) const;
    /**
     * \param b a position on B
     * \param dLo smallest offset from b considered (ticks)
     * \param dHi largest offset from b considered (ticks)
     * \return the ratio range widened by the drift wander over [b + dLo, b + dHi]
     */
    Interval SlopeRangeOver(uint64_t b, double dLo, double dHi) const;

    /**
     * \param dB a duration in B ticks, assumed inside the rounds' span for the
     *        drift-wander term
     * \return the range of r dB
     */
    Interval DurationRange(double dB) const;

  private:
    /** One constraint lo <= p + r x <= hi (either side may be infinite). */
    struct Constraint
    {
        double x;  //!< B position relative to the B anchor
        double lo; //!< lower bound on A, relative to the A anchor
        double hi; //!< upper bound on A, relative to the A anchor
    };

    /** Fix the anchors from the first round if not yet set. */
    void SetAnchors(uint64_t aTick, uint64_t bTick);
    /** \param x B position \return range of A(x) - anchor over the polygon (no wander) */
    Interval PolygonRange(double x) const;
    /** \param x B position \return the drift-wander deviation at x */
    double Deviation(double x) const;
    /**
     * \param widen extra widening of every constraint (ticks)
     * \param keep store the polygon if non-empty and closed
     * \return 0 if non-empty and closed, 1 if empty, 2 if it does not close
     */
    int Build(double widen, bool keep);
    /** \return throws a configuration error unless fitted */
    void RequireFitted() const;

    double m_slack;                        //!< per-read slack
    DriftWander m_wander;                  //!< drift-wander term
    std::vector<MinRttRound> m_rounds;     //!< rounds initiated by A
    std::vector<MinRttRound> m_reverse;    //!< rounds initiated by B
    bool m_anchored{false};                //!< anchors set
    uint64_t m_aAnchor{0};                 //!< A anchor
    uint64_t m_bAnchor{0};                 //!< B anchor
    std::vector<Constraint> m_constraints; //!< built by Fit
    double m_a0{0};                        //!< LS line value at x = 0 (relative to A anchor)
    double m_r0{1};                        //!< least-squares ratio
    double m_scale{1};                     //!< B-tick scale of the polygon's slope axis
    double m_xMin{0};                      //!< smallest B position of a constraint
    double m_xMax{0};                      //!< largest B position of a constraint
    double m_uMax{1};                      //!< ratio bound for the wander term
    std::vector<double> m_q;               //!< vertices: offset (ticks)
    std::vector<double> m_s;               //!< vertices: slope * scale (ticks)
    FitStatus m_status{NOT_FITTED};        //!< last Fit() outcome
    double m_residual{0};                  //!< affine residual
};

} // namespace relation
} // namespace ns3

#endif /* MULTI_ROUND_RELATION_H */
