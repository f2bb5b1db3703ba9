/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MULTI_ROUND_SCENARIOS_H
#define MULTI_ROUND_SCENARIOS_H

#include "multi-round-relation.h"
#include "relation-estimate.h"

#include <cstdint>

/**
 * \file
 * \ingroup chronometry
 * Table II's durations with multi-round relations. Scenario 1 and 2 follow
 * from the ranges directly; Scenario 3 intersects the chain (B from C, scaled
 * by A from B) with the direct difference (A from C minus A from B); both
 * contain the truth.
 */

namespace ns3
{
namespace relation
{
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
} // namespace relation
} // namespace ns3

#endif /* MULTI_ROUND_SCENARIOS_H */
