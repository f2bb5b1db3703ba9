/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINKING_SCORES_H
#define LINKING_SCORES_H

#include "linking-result.h"
#include "path-pattern.h"
#include "trace-message.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Scores of inferred links against the truth.
 */
struct LinkScore
{
    uint64_t messages = 0;          //!< messages scored
    uint64_t trueLinks = 0;         //!< messages with a true parent
    uint64_t inferredLinks = 0;     //!< messages whose most likely cause is a parent
    uint64_t correctLinks = 0;      //!< most likely parent == true parent
    double precision = 1;           //!< correct / inferred (1 if none inferred)
    double recall = 1;              //!< correct / true (1 if none true)
    double decisionAccuracy = 1;    //!< most likely choice (parent or spontaneous) correct
    double meanTrueProbability = 0; //!< mean probability given to the true choice
};

/**
 * \ingroup chronometry
 * \param result linking result
 * \param trueParent per message, parent index or -1
 * \return the scores
 */
LinkScore ScoreLinks(const LinkingResult& result, const std::vector<int64_t>& trueParent);

/**
 * \ingroup chronometry
 * Scores of inferred path patterns against the true ones (expected vs true counts).
 */
struct PatternScore
{
    uint64_t truePatterns = 0;     //!< distinct true patterns
    uint64_t inferredPatterns = 0; //!< distinct inferred patterns
    double precision = 1;          //!< sum min(expected, true) / sum expected
    double recall = 1;             //!< sum min(expected, true) / sum true
};

/**
 * \ingroup chronometry
 * \param inferred inferred patterns
 * \param truth true patterns (their expectedCount is the true count)
 * \param useMap score the inferred mapCount (each root's most probable
 *        instance) instead of the expected counts
 * \return the scores
 */
PatternScore ScorePatterns(const std::vector<PathPattern>& inferred,
                           const std::vector<PathPattern>& truth,
                           bool useMap = false);

/**
 * \ingroup chronometry
 * Node delays of the patterns found in both (paper section 5.2: per pattern
 * node, the probability-weighted mean over its instances) against the true
 * patterns' mean delays.
 * \param inferred inferred patterns
 * \param truth true patterns
 * \return weighted mean |est - true| / true over the non-root nodes of matched
 *         patterns (weight: true count), or -1 if no pattern matched
 */
double PatternNodeDelayError(const std::vector<PathPattern>& inferred,
                             const std::vector<PathPattern>& truth);

/**
 * \ingroup chronometry
 * Node delay per (incoming pair, outgoing pair): the link-probability-weighted
 * mean of every candidate link's delay, compared with the mean over true links.
 */
struct NodeDelayScore
{
    uint64_t keys = 0;            //!< (X->B, B->C) combinations with true links
    double meanAbsError = 0;      //!< ns, weighted by true link count
    double meanRelativeError = 0; //!< |est - true| / true, weighted by true link count
};

/**
 * \ingroup chronometry
 * \param trace the trace
 * \param result linking result
 * \param trueParent per message, parent index or -1
 * \return the scores
 */
NodeDelayScore ScoreNodeDelays(const std::vector<TraceMessage>& trace,
                               const LinkingResult& result,
                               const std::vector<int64_t>& trueParent);

/**
 * \ingroup chronometry
 * Where two linkers' most likely choices differ, and which is right there.
 */
struct DecisionComparison
{
    uint64_t decisions = 0;     //!< messages compared
    uint64_t disagreements = 0; //!< most likely choices differ
    uint64_t firstRight = 0;    //!< of those, the first linker's choice is the true one
    uint64_t secondRight = 0;   //!< of those, the second linker's choice is the true one
    uint64_t neitherRight = 0;  //!< of those, neither
    /** \return disagreements / decisions (0 if none) */
    double DisagreementShare() const;
};

/**
 * \ingroup chronometry
 * \param first one linker's result
 * \param second another's, on the same trace
 * \param trueParent per message, parent index or -1
 * \return the comparison
 */
DecisionComparison CompareDecisions(const LinkingResult& first,
                                    const LinkingResult& second,
                                    const std::vector<int64_t>& trueParent);

/**
 * \ingroup chronometry
 * \param result a linking result
 * \return per message, its most likely parent or -1 (the hard choices)
 */
std::vector<int64_t> MostLikelyParents(const LinkingResult& result);

} // namespace ns3

#endif /* LINKING_SCORES_H */
