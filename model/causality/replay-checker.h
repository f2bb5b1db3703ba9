/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REPLAY_CHECKER_H
#define REPLAY_CHECKER_H

#include "causal-event-log.h"
#include "causal-process.h"

#include "ns3/deprecated-field.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/** What to check, and how many pairs. */
struct ReplayCheckerOptions
{
    Time skewBound = MilliSeconds(1);    //!< E
    Time interval = MicroSeconds(100);   //!< I
    Time hvcSkewBound = MilliSeconds(1); //!< HVC's skew bound E (its epsilon)
    uint64_t exactLimit = 10000;         //!< all pairs up to this many events
    uint64_t samplePairs = 2000000;      //!< random pairs beyond it
    uint64_t seed = 1;                   //!< for the sample
    uint32_t maxExamples = 5;            //!< violations kept as examples per property
    CHRONOMETRY_DEPRECATED_FIELD(ReplayCheckerOptions, Time, hvcEpsilon, hvcSkewBound, "0.2.0");
};

/** One property's tally. */
struct PropertyCount
{
    uint64_t applicable = 0;                             //!< pairs the property applies to
    uint64_t violations = 0;                             //!< pairs that break it
    std::vector<std::pair<uint64_t, uint64_t>> examples; //!< (e, f) event ids of violations
};

/**
 * What the checker found.  Pairs are unordered {e, f} of distinct events;
 * each directed property is checked in both directions.
 */
struct ReplayCheckerReport
{
    uint64_t events = 0;          //!< events in the log
    uint64_t pairsExamined = 0;   //!< unordered pairs looked at
    bool sampled = false;         //!< whether pairs were sampled
    uint64_t concurrentPairs = 0; //!< pairs concurrent under happened-before
    PropertyCount repclHb;        //!< Requirement 1: e hb f => RepCl.e < RepCl.f
    PropertyCount repclFar;       //!< Requirement 2: pt.f > pt.e + E + I => RepCl.e < RepCl.f
    PropertyCount
        repclClose; //!< Requirement 3: e || f, |pt.e - pt.f| <= E - I => RepCl.e || RepCl.f
    /// Requirement 2 as the thesis proves it (Lemma 3), in terms of the largest clock value
    /// each event knows (mxph): mxph.f > mxph.e + E + I => RepCl.e < RepCl.f
    PropertyCount repclFarKnown;
    /// Requirement 3 as the thesis argues it (Lemma 4): e || f, |mxph.e - mxph.f| <= E - I
    /// => RepCl.e || RepCl.f
    PropertyCount repclCloseKnown;
    /// Requirement 2 with the margin two-sided skew needs: pt.f > pt.e + 2E + I => RepCl.e <
    /// RepCl.f
    PropertyCount repclFarDoubleSkew;
    /// RepCl orders concurrent e < f only when f knew a clock reading above pt.e + E
    /// (so synchronization proves e happened first): the corrected variant's guarantee
    PropertyCount repclOnlyIfJustified;
    PropertyCount hlcHb;        //!< e hb f => hlc.e < hlc.f
    PropertyCount hvcHb;        //!< e hb f => hvc.e < hvc.f
    PropertyCount hvcOnlyIfHb;  //!< hvc.e < hvc.f, e || f => f's causal past has pt >= pt.e + eps
    PropertyCount lamportHb;    //!< e hb f => l.e < l.f
    uint64_t repclForced = 0;   //!< concurrent pairs RepCl orders
    uint64_t hlcForced = 0;     //!< concurrent pairs HLC orders
    uint64_t hvcForced = 0;     //!< concurrent pairs HVC orders
    uint64_t lamportForced = 0; //!< concurrent pairs Lamport orders
    /// What the reader must know to interpret the tallies (e.g. a stamper's E that disagrees
    /// with its clock's bound, allowed by CausalityStamper::AllowSkewMismatch); one line each
    std::vector<std::string> notes;
    /// The RepCl counter rule the checked processes ran (unset when they ran no RepCl).  The
    /// summary marks the violations that are known properties of the rule and the requirement's
    /// form (doc/causality.rst), so that a correct run does not read as a broken set-up
    std::optional<ReplayCounterRule> repclCounterRule;

    /**
     * A human-readable summary, one property per line.  A line whose violations are known to
     * occur on a correct run says so in parentheses, with the section of doc/causality.rst that
     * explains them: Requirement 2 in pt form (either counter rule); Requirement 3 (both forms)
     * and "orders only with a synchronization proof" under the Published rule; Requirement 3
     * under EpochCounts when every such ordering has a synchronization proof (the line "RepCl
     * orders concurrent e < f only if ..." shows 0 violations).  Every other violation is
     * unlabelled: it is not expected.
     * \return the summary
     */
    std::string Summary() const;
};

/**
 * \ingroup chronometry
 * Verifies the clocks of an execution log against the vector-clock ground
 * truth: RepCl's three requirements, HLC's and HVC's guarantees, and counts
 * forced orderings.  It reports what it finds: nothing is tuned to print zero.
 *
 * Happened-before uses the Fidge/Mattern test e hb f <=> vc.e[p.e] <= vc.f[p.e]
 * (e != f), O(1) per pair.  All pairs are checked up to exactLimit events,
 * beyond that samplePairs random pairs (seeded); the report says which (sampled).
 *
 * Over a CausalEventLog the checker keeps no vector clock per event: one replay of the log
 * holds the current vector of each process, and a pair {e, f} with e logged before f is
 * answered when the replay reaches f (e hb f <=> vc.e[p.e] <= vc.f[p.e], where vc.e[p.e] is e's
 * index on its process; f cannot precede e, since the log order extends happened-before).  Per
 * event it keeps the process, pt, the largest pt of the causal past and that index, and, for
 * the events a pair reads (all of them unless pairs are sampled), a copy of the HLC / HVC /
 * RepCl / Lamport stamps (their size, not n's); sampled pairs are drawn first, as before, and
 * evaluated in their order.  The report is identical to the one over the same
 * events with full stamps (tested against the original algorithm on random executions).  A log
 * holding stamps not linked to its own sends (CausalEventLog::GetOverrideCount() > 0, e.g.
 * traffic from another system) may break that ordering argument, so it is checked over its
 * materialized events instead (exact, O(events x n) memory).
 */
class ReplayChecker
{
  public:
    /**
     * \param log the events (in simulation order)
     * \param options what and how much to check
     * \return the tallies
     */
    static ReplayCheckerReport Check(const std::vector<CausalEvent>& log,
                                     const ReplayCheckerOptions& options);

    /**
     * The same report over a compact log, without a vector clock per event.
     * \param log the events (in simulation order)
     * \param options what and how much to check
     * \return the tallies
     */
    static ReplayCheckerReport Check(const CausalEventLog& log,
                                     const ReplayCheckerOptions& options);

    /**
     * \param e an event
     * \param f another
     * \return whether e happened before f (ground truth)
     */
    static bool HappenedBefore(const CausalEvent& e, const CausalEvent& f);
};

} // namespace ns3

#endif /* REPLAY_CHECKER_H */
