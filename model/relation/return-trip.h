/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RETURN_TRIP_H
#define RETURN_TRIP_H

#include "relation-estimate.h"

#include "ns3/nstime.h"

/**
 * \file
 * \ingroup chronometry
 * The return-trip method (ReT), the paper's second baseline.
 */

namespace ns3
{
namespace relation
{

/**
 * Return-trip (ReT) method: the end event is sent back to the start node.
 * \param startA start event, start node's clock
 * \param ackArrivalA ReTACK arrival, start node's clock
 * \param returnRtt round trip end node -> start node -> end node, measured on the
 *        end node's clock (bounds the ReTACK's transfer time)
 * \param maxSkewPpm bound on the end node's rate error (at the start of the round trip)
 * \param wanderPpmPerSecond bound on the rate of change of that rate error (drift wander)
 * \param wanderStepPpm allowance for steps of that rate error
 * \return the published ReT duration T3 - T1, bound = returnRtt (1 + skew + step)
 *         + wander returnRtt^2 / 2
 */
TimeEstimate ReturnTrip(Time startA,
                        Time ackArrivalA,
                        Time returnRtt,
                        double maxSkewPpm,
                        double wanderPpmPerSecond = 0,
                        double wanderStepPpm = 0);

} // namespace relation
} // namespace ns3

#endif /* RETURN_TRIP_H */
