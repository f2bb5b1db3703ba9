/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "return-trip.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReturnTrip");

namespace relation
{

TimeEstimate
ReturnTrip(Time startA,
           Time ackArrivalA,
           Time returnRtt,
           double maxSkewPpm,
           double wanderPpmPerSecond,
           double wanderStepPpm)
{
    TimeEstimate e;
    e.value = ackArrivalA - startA;
    double rtt = returnRtt.GetSeconds();
    double bound = rtt * (1 + maxSkewPpm * 1e-6);
    if (wanderPpmPerSecond > 0 || wanderStepPpm > 0)
    {
        bound += rtt * wanderStepPpm * 1e-6 + 0.5 * wanderPpmPerSecond * 1e-6 * rtt * rtt;
    }
    e.bound = Seconds(bound) + NanoSeconds(1);
    return e;
}

} // namespace relation
} // namespace ns3
