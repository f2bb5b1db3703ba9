/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TSC_SCENARIOS_H
#define TSC_SCENARIOS_H

#include "relation-estimate.h"
#include "tsc-relation.h"

#include <cstdint>

/**
 * \file
 * \ingroup chronometry
 * Table II of Cloudprofiler: durations whose start and end lie on different
 * nodes, translated into the reference node's ticks with two-round relations.
 * Each returns the rigorous bound (doc/relation.rst) next to the published one.
 * Counter values are subtracted as integers first: exact at any uptime.
 */

namespace ns3
{
namespace relation
{

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

} // namespace relation
} // namespace ns3

#endif /* TSC_SCENARIOS_H */
