/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TSC_RELATION_H
#define TSC_RELATION_H

#include "drift-wander.h"
#include "minrtt-round.h"
#include "relation-estimate.h"
#include "relation-ticks.h"

#include <cstdint>

/**
 * \file
 * \ingroup chronometry
 * The two-round MinRTT relation of Cloudprofiler (Yang et al., Section 3).
 * All CP quantities are in TSC ticks (counts, not time): the reference node's
 * ticks are the unit of every translated value. Every computation subtracts
 * counter values as integers first (relation-ticks.h), so the results do not
 * depend on how long the nodes have been up.
 */

namespace ns3
{
namespace relation
{

/**
 * The two-round relation of Cloudprofiler (Section 3): ratio (Eq. 2),
 * translation (Eq. 4) and the propagated uncertainty.
 *
 * Every TSC read is the floor of a real counter, so each of the three reads of
 * a round can be off by up to one tick; the rigorous bounds add a slack of
 * SlackTicks per read involved (1 by default). A DriftWander adds the error of
 * the affine model itself when the relative drift moves (0 by default: the
 * paper's constant-rate assumption).
 */
class TscRelation
{
  public:
    /**
     * \param first MinRTT round before the measured interval (MinRTT_1)
     * \param second MinRTT round after it (MinRTT_2); its peerB must follow first's
     * \param slackTicks quantization slack per TSC read, in ticks, [0, 1e9]
     * \param wander bound on the relative drift's movement (peer = B); none by default
     */
    TscRelation(const MinRttRound& first,
                const MinRttRound& second,
                double slackTicks = 1.0,
                const DriftWander& wander = DriftWander());

    /** \return r_B^A = d^A_[j,m] / d^B_[j,m] (Eq. 2, with midpoints) */
    double GetRatio() const;
    /** \return the paper's e = max(half MinRTT_1, half MinRTT_2), in A ticks */
    double GetE() const;
    /**
     * \return a rigorous bound on |r_hat - r|, r the chord slope
     *         (A(c_m^B) - A(c_j^B)) / (c_m^B - c_j^B), i.e. the mean ratio over the window
     */
    double GetRatioBound() const;
    /** \return the first round */
    const MinRttRound& GetFirst() const;
    /** \return the second round */
    const MinRttRound& GetSecond() const;
    /** \return the drift-wander term's parameters */
    const DriftWander& GetDriftWander() const;
    /** \return c_m^B - c_j^B, the window length in B ticks */
    double GetPeerWindow() const;

    /**
     * Eq. (4): c_y^A = c_j^A + r (c_y^B - c_j^B), exact at any counter magnitude.
     * \param b a (real) position on B's counter
     * \return its translation into A ticks; bound = (1-l) h1 + l h2 inside the
     *         window (l = position of b in [c_j^B, c_m^B]), |1-l| h1 + |l| h2 outside,
     *         plus quantization and the drift-wander term
     */
    PointEstimate Translate(const TickPoint& b) const;

    /**
     * Eq. (4) relative to a value of A's counter, exact at any counter magnitude.
     * \param b a TSC value of B
     * \param aAnchor a value of A's counter
     * \return the translation of b minus aAnchor, in A ticks, with its bound
     */
    TickEstimate TranslateFrom(uint64_t b, uint64_t aAnchor) const;

    /**
     * \param x a position on B's counter relative to c_j^B (ticks)
     * \return the rigorous translation bound at x (A ticks)
     */
    double BoundAt(double x) const;

    /**
     * The paper's uncertainty for Translate: e (valid only inside the window,
     * which the paper's derivation assumes: c_j^B < c_y^B < c_m^B).
     * \param b a TSC value of B
     * \return e
     */
    double PaperTranslateBound(double b) const;

    /**
     * Scenario 1 without positions (kept for compatibility; no drift-wander term).
     * \param dB the duration in B ticks
     * \return the estimate; bound = dB * GetRatioBound() (+ slack)
     */
    DurationEstimate TranslateDuration(double dB) const;

    /**
     * Scenario 1: a duration measured on B, expressed in A ticks: d^A = r d^B.
     * \param bStart start, B ticks
     * \param bEnd end, B ticks
     * \return the estimate; bound = |d^B| GetRatioBound() + slack + drift wander
     */
    DurationEstimate TranslateDurationAt(uint64_t bStart, uint64_t bEnd) const;

    /**
     * \param xLo smallest B position (relative to c_j^B)
     * \param xHi largest B position (relative to c_j^B)
     * \return bound on |local ratio - chord slope| over [xLo, xHi] (0 without wander)
     */
    double SlopeDeviation(double xLo, double xHi) const;

    /** \return |r_hat| + GetRatioBound(): a bound on the chord slope */
    double GetRatioUpper() const;

    /** \return c_j^B, the origin of the positions BoundAt and SlopeDeviation take */
    uint64_t GetPeerReference() const;

  private:
    MinRttRound m_first;  //!< MinRTT_1
    MinRttRound m_second; //!< MinRTT_2
    double m_slack;       //!< per-read slack in ticks
    DriftWander m_wander; //!< drift-wander term
    uint64_t m_aRef;      //!< c_i^A of MinRTT_1: origin of A values
    uint64_t m_bRef;      //!< c_j^B: origin of B positions
    double m_h1;          //!< half MinRTT_1
    double m_h2;          //!< half MinRTT_2
    double m_midJ;        //!< mid_j - m_aRef
    double m_midM;        //!< mid_m - m_aRef
    double m_dB;          //!< c_m^B - c_j^B
    double m_ratio;       //!< r_B^A
};

} // namespace relation
} // namespace ns3

#endif /* TSC_RELATION_H */
