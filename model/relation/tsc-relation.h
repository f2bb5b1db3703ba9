/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TSC_RELATION_H
#define TSC_RELATION_H

#include "ns3/nstime.h"

#include <cstdint>
#include <deque>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Simulator-free estimators that relate the TSCs of two nodes (Cloudprofiler's
 * MinRTT method, Yang et al.), a multi-round set-membership estimator, and an
 * NTP-style offset estimator. All CP quantities are in TSC ticks (counts, not
 * time): the reference node's ticks are the unit of every translated value.
 *
 * Notation: a relation "A from B" is built from probe rounds initiated by A
 * (the reference side): A reads its TSC when it sends (sendA), B reads its TSC
 * when it answers (peerB), A reads again when the answer arrives (recvA).
 * Causality gives A(peerB) in [sendA, recvA], where A(b) is A's counter at the
 * true instant B's counter read b.
 */

namespace ns3
{
namespace relation
{

/** One probe round initiated by the reference side A towards peer B. */
struct MinRttRound
{
    uint64_t sendA{0}; //!< A's TSC when the request left (c_i^A)
    uint64_t peerB{0}; //!< B's TSC when it answered (c_j^B)
    uint64_t recvA{0}; //!< A's TSC when the answer arrived (c_k^A)

    /** \return the round-trip time in A ticks */
    double Rtt() const;
    /** \return the midpoint (c_i^A + c_k^A) / 2, the paper's \hat c_j^A */
    double Mid() const;
    /** \return half the round-trip time in A ticks */
    double HalfRtt() const;
};

/**
 * \param rounds at least one round
 * \return the round with the smallest RTT (the first one on ties)
 */
MinRttRound SelectMinRtt(const std::vector<MinRttRound>& rounds);

/** A value in reference ticks with a symmetric error bound (ticks). */
struct TickEstimate
{
    double value{0}; //!< the estimate
    double bound{0}; //!< |estimate - truth| <= bound (rigorous form)
};

/** A duration estimate in reference ticks, with the rigorous and the paper's bound. */
struct DurationEstimate
{
    double value{0};      //!< the estimate
    double bound{0};      //!< rigorous bound (proved in doc/relation.rst)
    double paperBound{0}; //!< the bound as published in Table II
};

/**
 * The two-round relation of Cloudprofiler (Section 3): ratio (Eq. 2),
 * translation (Eq. 4) and the propagated uncertainty.
 *
 * Every TSC read is the floor of a real counter, so each of the three reads of
 * a round can be off by up to one tick; the rigorous bounds add a slack of
 * SlackTicks per read involved (1 by default).
 */
class TscRelation
{
  public:
    /**
     * \param first MinRTT round before the measured interval (MinRTT_1)
     * \param second MinRTT round after it (MinRTT_2); its peerB must exceed first's
     * \param slackTicks quantization slack per TSC read, in ticks (>= 0)
     */
    TscRelation(const MinRttRound& first, const MinRttRound& second, double slackTicks = 1.0);

    /** \return r_B^A = d^A_[j,m] / d^B_[j,m] (Eq. 2, with midpoints) */
    double GetRatio() const;
    /** \return the paper's e = max(half MinRTT_1, half MinRTT_2), in A ticks */
    double GetE() const;
    /** \return a rigorous bound on |r_hat - r| */
    double GetRatioBound() const;
    /** \return the first round */
    const MinRttRound& GetFirst() const;
    /** \return the second round */
    const MinRttRound& GetSecond() const;

    /**
     * Eq. (4): c_y^A = c_j^A + r (c_y^B - c_j^B).
     * \param b a TSC value of B
     * \return its translation into A ticks; bound = (1-l) h1 + l h2 inside the
     *         window (l = position of b in [c_j^B, c_m^B]), |1-l| h1 + |l| h2 outside
     */
    TickEstimate Translate(double b) const;

    /**
     * The paper's uncertainty for Translate: e (valid only inside the window).
     * \param b a TSC value of B
     * \return e
     */
    double PaperTranslateBound(double b) const;

    /**
     * Scenario 1: a duration measured on B, expressed in A ticks: d^A = r d^B.
     * \param dB the duration in B ticks (>= 0)
     * \return the estimate; bound = dB * GetRatioBound() (+ slack)
     */
    DurationEstimate TranslateDuration(double dB) const;

  private:
    MinRttRound m_first;  //!< MinRTT_1
    MinRttRound m_second; //!< MinRTT_2
    double m_slack;       //!< per-read slack in ticks
    double m_ratio;       //!< r_B^A
};

/**
 * Trivial case: start and end on the reference node; no error.
 * \param aStart start, A ticks
 * \param aEnd end, A ticks
 * \return aEnd - aStart with bound 0
 */
DurationEstimate TrivialDuration(uint64_t aStart, uint64_t aEnd);

/**
 * Scenario 1: start and end on the same non-reference node B.
 * \param ab relation A from B
 * \param bStart start, B ticks
 * \param bEnd end, B ticks
 * \return the duration in A ticks; paper bound 2 (d^B / d^B_[j,m]) e
 */
DurationEstimate Scenario1(const TscRelation& ab, uint64_t bStart, uint64_t bEnd);

/**
 * Scenario 2: start on the reference node A, end on B (or the reverse when
 * startOnReference is false).
 * \param ab relation A from B
 * \param aTick the event on A
 * \param bTick the event on B
 * \param startOnReference true if the duration starts on A
 * \return the duration in A ticks; paper bound e
 */
DurationEstimate Scenario2(const TscRelation& ab,
                           uint64_t aTick,
                           uint64_t bTick,
                           bool startOnReference = true);

/**
 * Scenario 3: start on B, end on C, neither the reference A. C's value is
 * translated into B (B the tentative reference, relation B from C), then the
 * B duration is scaled into A ticks (Scenario 1).
 * \param ab relation A from B
 * \param bc relation B from C
 * \param bStart start, B ticks
 * \param cEnd end, C ticks
 * \return the duration in A ticks; paper bound (2 d^B/d^B_[j,m] + r_B^A) e
 *         with e the larger of the two relations' e
 */
DurationEstimate Scenario3(const TscRelation& ab,
                           const TscRelation& bc,
                           uint64_t bStart,
                           uint64_t cEnd);

/**
 * Baseline for Scenario 3: translate both ends into A separately (Eq. 11).
 * \param ab relation A from B
 * \param ac relation A from C
 * \param bStart start, B ticks
 * \param cEnd end, C ticks
 * \return the duration in A ticks; paper bound 2e
 */
DurationEstimate Baseline(const TscRelation& ab,
                          const TscRelation& ac,
                          uint64_t bStart,
                          uint64_t cEnd);

/** A closed interval of reals. */
struct Interval
{
    double lo{0}; //!< lower end
    double hi{0}; //!< upper end

    /** \return the midpoint */
    double Mid() const;
    /** \return half the width */
    double HalfWidth() const;
};

/**
 * Multi-round set-membership relation (beyond the paper). Every probe round,
 * not only the MinRTT ones, constrains the true affine relation
 * A(b) = p + r b by sendA - s <= p + r peerB <= recvA + s. The feasible set of
 * (p, r) is a convex polygon; the translation of b is the range of p + r b over
 * it, which contains the truth whenever the counters are affine, so its half
 * width is a provably valid bound and the midpoint is the estimate. The centre
 * line comes from an Eigen least-squares fit of the round midpoints; the
 * polygon is kept in centred, scaled coordinates for numerical robustness.
 */
class MultiRoundRelation
{
  public:
    /** \param slackTicks quantization slack per TSC read, in ticks (>= 0) */
    explicit MultiRoundRelation(double slackTicks = 1.0);

    /** \param round a probe round initiated by A (any RTT) */
    void AddRound(const MinRttRound& round);
    /** \param rounds probe rounds initiated by A */
    void AddRounds(const std::vector<MinRttRound>& rounds);

    /**
     * Build the polygon from the rounds added so far.
     * \return false if there are fewer than two distinct peer values or the
     *         constraints are contradictory (the counters are not affine)
     */
    bool Fit();

    /** \return the number of rounds */
    std::size_t GetNRounds() const;
    /** \return the least-squares ratio of the midpoints */
    double GetLeastSquaresRatio() const;
    /** \return the range of r over the polygon */
    Interval GetRatioRange() const;
    /** \return the number of polygon vertices */
    std::size_t GetNVertices() const;

    /**
     * \param b a TSC value of B
     * \return the range of A(b) over the polygon
     */
    Interval TranslateRange(double b) const;
    /**
     * \param b a TSC value of B
     * \return midpoint and half width of TranslateRange
     */
    TickEstimate Translate(double b) const;
    /**
     * \param dB a duration in B ticks (>= 0)
     * \return the range of r dB
     */
    Interval DurationRange(double dB) const;

  private:
    /** \param b B ticks \return (b - b0) / scale */
    double X(double b) const;

    double m_slack;                    //!< per-read slack
    std::vector<MinRttRound> m_rounds; //!< all rounds
    double m_a0{0};                    //!< centre, A ticks
    double m_b0{0};                    //!< centre, B ticks
    double m_r0{1};                    //!< least-squares ratio
    double m_scale{1};                 //!< B-tick scale of x
    std::vector<double> m_q;           //!< vertices: offset (ticks)
    std::vector<double> m_s;           //!< vertices: slope * scale (ticks)
    bool m_fitted{false};              //!< Fit() succeeded
};

/**
 * Multi-round durations. Scenario 1 and 2 follow from the ranges directly;
 * Scenario 3 intersects the chain (B from C, scaled by A from B) with the
 * direct difference (A from C minus A from B); both contain the truth.
 */
namespace multi
{
/**
 * \param ab A from B \param bStart start on B \param bEnd end on B
 * \return duration in A ticks (value = midpoint, bound = half width)
 */
TickEstimate Scenario1(const MultiRoundRelation& ab, uint64_t bStart, uint64_t bEnd);
/**
 * \param ab A from B \param aTick event on A \param bTick event on B
 * \param startOnReference true if the duration starts on A
 * \return duration in A ticks
 */
TickEstimate Scenario2(const MultiRoundRelation& ab,
                       uint64_t aTick,
                       uint64_t bTick,
                       bool startOnReference = true);
/**
 * \param ab A from B \param bc B from C \param ac A from C
 * \param bStart start on B \param cEnd end on C
 * \return duration in A ticks
 */
TickEstimate Scenario3(const MultiRoundRelation& ab,
                       const MultiRoundRelation& bc,
                       const MultiRoundRelation& ac,
                       uint64_t bStart,
                       uint64_t cEnd);
} // namespace multi

/** One NTP exchange: t1, t4 on the client's clock, t2, t3 on the server's. */
struct NtpSample
{
    Time t1; //!< client transmit
    Time t2; //!< server receive
    Time t3; //!< server transmit
    Time t4; //!< client receive

    /** \return offset theta = ((t2 - t1) + (t3 - t4)) / 2 (server minus client) */
    Time Offset() const;
    /** \return round-trip delay delta = (t4 - t1) - (t3 - t2) */
    Time Delay() const;
};

/** A time estimate with a symmetric bound. */
struct TimeEstimate
{
    Time value; //!< the estimate
    Time bound; //!< |estimate - truth| <= bound
};

/**
 * NTP-style offset estimator (RFC 5905 on-wire offset and delay, clock filter of
 * the last FilterLength samples, dispersion growing at MaxSkew). The bound of a
 * sample at client time t is delay/2 + precision + phi (t - t1) (Eq. 1 of the
 * paper with Theta = 0 after correction, E = precision + phi * age and
 * Delta = delay); the sample with the smallest bound at t is used. Valid when
 * phi bounds the true relative rate difference of the two clocks.
 */
class NtpEstimator
{
  public:
    /**
     * \param maxSkewPpm phi, in ppm (> 0)
     * \param precision read precision of each clock
     * \param filterLength samples kept (>= 1)
     */
    NtpEstimator(double maxSkewPpm, Time precision, uint32_t filterLength = 8);

    /** \param sample a completed exchange (t4 >= t1) */
    void AddSample(const NtpSample& sample);
    /** \return true once a sample was added */
    bool HasSample() const;
    /** \return the number of samples kept */
    std::size_t GetNSamples() const;

    /**
     * \param clientTime a reading of the client's clock
     * \return the server clock at that instant, with its bound
     */
    TimeEstimate ToServer(Time clientTime) const;

  private:
    double m_phi;                    //!< max relative skew, fraction
    Time m_precision;                //!< read precision
    uint32_t m_filterLength;         //!< samples kept
    std::deque<NtpSample> m_samples; //!< clock filter
};

/**
 * Return-trip (ReT) method: the end event is sent back to the start node.
 * \param startA start event, start node's clock
 * \param ackArrivalA ReTACK arrival, start node's clock
 * \param returnRtt round trip end node -> start node -> end node, measured on the
 *        end node's clock (bounds the ReTACK's transfer time)
 * \param maxSkewPpm bound on the end node's rate error
 * \return the published ReT duration T3 - T1, bound = returnRtt (1 + skew)
 */
TimeEstimate ReturnTrip(Time startA, Time ackArrivalA, Time returnRtt, double maxSkewPpm);

} // namespace relation
} // namespace ns3

#endif /* TSC_RELATION_H */
