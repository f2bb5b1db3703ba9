/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "minrtt-round.h"

#include "relation-ticks.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MinRttRound");

namespace relation
{

uint64_t
MinRttRound::RttTicks() const
{
    return recvA - sendA;
}

bool
MinRttRound::IsOrdered() const
{
    return TickDiff(recvA, sendA) >= 0;
}

double
MinRttRound::Rtt() const
{
    return static_cast<double>(RttTicks());
}

double
MinRttRound::HalfRtt() const
{
    return 0.5 * Rtt();
}

double
MinRttRound::Mid() const
{
    return 0.5 * (static_cast<double>(sendA) + static_cast<double>(recvA));
}

double
MinRttRound::MidFrom(uint64_t anchor) const
{
    return TickDelta(sendA, anchor) + HalfRtt();
}

MinRttRound
SelectMinRtt(const std::vector<MinRttRound>& rounds)
{
    NS_ABORT_MSG_IF(rounds.empty(), "SelectMinRtt: no rounds");
    MinRttRound best = rounds.front();
    for (const auto& r : rounds)
    {
        if (r.RttTicks() < best.RttTicks())
        {
            best = r;
        }
    }
    return best;
}

} // namespace relation
} // namespace ns3
