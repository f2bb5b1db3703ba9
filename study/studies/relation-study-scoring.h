/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RELATION_STUDY_SCORING_H
#define RELATION_STUDY_SCORING_H

#include "ns3/drift-wander.h"
#include "ns3/minrtt-round.h"
#include "ns3/nstime.h"
#include "ns3/relation-estimate.h"
#include "ns3/study-result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One pipeline tuple as the relation study reads it out of a run: the TSC readings of its
 * events (A emits, B relays, C sinks), the true durations in A ticks, the return trip and the
 * NTP estimates where they exist.
 */
struct RelationTuple
{
    uint64_t emitA{0};                      //!< A's TSC when A emitted the tuple
    uint64_t relayInB{0};                   //!< B's TSC when the tuple reached B
    uint64_t relayOutB{0};                  //!< B's TSC when B passed it on
    uint64_t sinkInC{0};                    //!< C's TSC when it reached C
    double trueAC{0};                       //!< true emit -> sink-in duration, in A ticks
    double trueBC{0};                       //!< true relay-in -> sink-in duration, in A ticks
    double trueB{0};                        //!< true relay-in -> relay-out duration, in A ticks
    std::optional<uint64_t> returnArrivalA; //!< A's TSC when C's return reached A
    Time returnRtt;                         //!< C's round trip of the return, on C's clock
    std::optional<relation::TimeEstimate> ntpAtA; //!< A's estimate of the server clock at emit
    std::optional<relation::TimeEstimate> ntpAtB; //!< B's, at relay-in
    std::optional<relation::TimeEstimate> ntpAtC; //!< C's, at sink-in
};

/**
 * \ingroup chronometry
 * What the relation study reads out of a run: every probe round, the nominal TSC
 * frequencies of A, B and C, and the complete pipeline tuples in id order.
 */
struct RelationReadOut
{
    /** (window, initiator, responder) -> the rounds that completed */
    std::map<std::tuple<std::string, uint32_t, uint32_t>, std::vector<relation::MinRttRound>>
        rounds;
    std::vector<double> nominalHz; //!< nominal TSC frequency of A, B, C (Hz)
    /** (from, to) -> the smallest true IP-to-IP one-way delay of any packet between them */
    std::map<std::pair<uint32_t, uint32_t>, Time> trueMinOneWay;
    std::vector<RelationTuple> tuples; //!< complete tuples, by id
};

/**
 * \ingroup chronometry
 * The relation study's scoring: from the probe rounds, the two-round relations of the quiet
 * ("pre", "post") and busy ("busy1", "busy2") windows and the multi-round fit of all four;
 * every tuple's durations A->C, B->C and B estimated by each method (CP, CP_BUSY,
 * CP_BASELINE, CP_MULTI, the return trip ReT, NTP) and scored against the truth: how often
 * the bound covers the error, mean and largest bound and error, and the bound against half
 * the pair's smallest probe RTT and against half the true minimum RTT of its network path.
 * One row per (method, path).  Needs no simulator.
 */
class RelationStudyScoring
{
  public:
    /**
     * \param wander the drift-wander term added to every bound (peer frequency set per pair)
     * \param bothDirections CP_MULTI also fits the rounds the peer initiated
     * \param phiPpm NTP's (and the return trip's) bound on the rate difference, ppm
     */
    RelationStudyScoring(const relation::DriftWander& wander, bool bothDirections, double phiPpm);

    /** \brief What the scoring counted. */
    struct Counts
    {
        uint64_t tuples{0};  //!< tuples scored
        uint64_t refuted{0}; //!< pairs whose multi-round affine model the residuals refuted
        double stepAcPpm{0}; //!< the J of the A-C pair's wander term, ppm
    };

    /**
     * Measure each pair's J from its own windows instead of taking the wander term's: the
     * spread (largest minus smallest) of the ratios between successive windows' MinRTT rounds
     * (midpoint against peer counter), relative to the ratio over all of them.  An estimate, not
     * a bound: noise in a short segment's ratio inflates it, a step between two windows of one
     * segment is averaged, and a drift that moves inside one segment only partly shows.
     * \param measured true to measure J
     */
    void SetMeasuredStep(bool measured);

    /**
     * \param run the read-out
     * \param i initiator
     * \param j responder
     * \return the spread of the pair's window-to-window ratios, ppm (0 with fewer than two
     *         segments)
     */
    static double MeasuredStepPpm(const RelationReadOut& run, uint32_t i, uint32_t j);

    /**
     * Score a run and add its rows (a configuration error names the window and pair when a
     * window has no completed round).
     * \param run what the study read out
     * \param result receives one row per (method, path)
     * \return what was counted
     */
    Counts Score(const RelationReadOut& run, StudyResult& result) const;

  private:
    relation::DriftWander m_wander; //!< drift-wander term
    bool m_bothDirections;          //!< CP_MULTI fits both directions
    double m_phi;                   //!< ppm
    bool m_measuredStep{false};     //!< J measured per pair
};

} // namespace ns3

#endif /* RELATION_STUDY_SCORING_H */
