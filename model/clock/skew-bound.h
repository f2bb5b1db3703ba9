/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SKEW_BOUND_H
#define SKEW_BOUND_H

#include "ns3/attribute.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>

/**
 * \file
 * \ingroup chronometry
 * The skew bound E, declared once: its range (every SkewBound Attribute and study parameter
 * takes its checker from here), the help that says what it is, and the rule that ties it to
 * RepCl's Interval (E = epsilon x Interval).
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * \return the largest skew bound E chronometry accepts anywhere: 1 h (BoundedSkewClock's top
 *         before E had one home)
 */
Time MaxSkewBound();

/**
 * \ingroup chronometry
 * E's checker: [lo, MaxSkewBound()]. Each call makes a new checker (a refusal names the
 * Attribute that uses it).
 * \param zeroValid true where 0 means "no bound given" (a stamper then takes E from the
 *        clocks, a study runs unbounded clocks): [0, 1 h]; false for a clock, whose E is at
 *        least one time step: [1 time step, 1 h]
 * \return the checker
 */
Ptr<const AttributeChecker> MakeSkewBoundChecker(bool zeroValid);

/**
 * \ingroup chronometry
 * \param how what the skew bound does in this model or study
 * \return the SkewBound help: what E is, then \p how
 */
std::string SkewBoundHelp(const std::string& how);

/** \ingroup chronometry The largest RepCl epsilon (E / Interval): 2^20. */
constexpr uint64_t MAX_EPSILON = uint64_t(1) << 20;

/**
 * \ingroup chronometry
 * The rule that ties E to RepCl's epoch length: E = k x Interval, k a whole number in
 * [1, MAX_EPSILON] (RepCl's epsilon; CausalityStamper, the replay study and the Python random
 * execution check it here).
 * \param skewBound E
 * \param interval RepCl's Interval
 * \return whether E is such a multiple of Interval (never for an Interval <= 0)
 */
bool IsSkewBoundMultiple(Time skewBound, Time interval);

/** \ingroup chronometry \return the rule, for messages: "E = k x Interval, k in [1, 1048576]" */
std::string SkewBoundMultipleRule();

} // namespace ns3

#endif /* SKEW_BOUND_H */
