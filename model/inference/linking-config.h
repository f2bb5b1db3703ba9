/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINKING_CONFIG_H
#define LINKING_CONFIG_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * Parameters of the message-linking algorithm (WAP5 section 5.1).
 */
struct LinkingConfig
{
    /**
     * Which mean causal delay d weighs a candidate parent X->B of a child B->C
     * (a plain enum: ns-3 3.37 Attributes need one).
     */
    enum DelayModel
    {
        /**
         * The paper's model (section 5.1, step 1): one d per child pair B->C,
         * shared by every candidate of the child, so exp(-t / d) always ranks the
         * most recent arrival first and the most likely choice is "the latest
         * arrival within y * d".
         */
        PER_CHILD_PAIR,
        /**
         * An extension: one d per (X->B, B->C), estimated as step 1 does but from
         * the latest X->B message only, and a candidate weighs (1 / d) exp(-t / d)
         * (the exponential density: with different d per candidate lambda no longer
         * cancels).  Spontaneity weighs (1 / d_BC) exp(-y).  With equal d for every
         * candidate it is the paper's model.
         */
        PER_PARENT_PAIR
    };

    Time window = Seconds(2);    //!< x: longest causal delay considered
    double spontaneous = 4;      //!< y: spontaneous weight is that of a delay y * d
    double tryBothBand = 0.2;    //!< links with |p - 0.5| <= band are "try both"
    bool tryMostLikely = true;   //!< a child's most likely parent is always "try both" (paper)
    uint32_t maxTryBoth = 4;     //!< k: "try both" decisions per root (2^k instances at most)
    uint32_t maxCandidates = 16; //!< most recent candidate parents kept per message
    DelayModel delayModel = PER_CHILD_PAIR; //!< d per child pair (paper)
    /**
     * Rounds of re-estimating d from the link probabilities (d = sum p t /
     * sum p over a pair's candidate links) and re-weighting: the paper's
     * "iterate over steps (1) and (2)", which it does not do (0).
     */
    uint32_t iterations = 0;

    /**
     * Report a configuration error if a field is invalid, naming the MessageLinkingAnalyzer
     * Attribute that declares it (its range is that Attribute's checker).
     */
    void Validate() const;
};

/** \ingroup chronometry The delay model (LinkDelayModel::PER_CHILD_PAIR, ...). */
using LinkDelayModel = LinkingConfig::DelayModel;

} // namespace ns3

#endif /* LINKING_CONFIG_H */
