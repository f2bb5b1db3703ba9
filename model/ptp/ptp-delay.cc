/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-delay.h"

#include "ns3/abort.h"
#include "ns3/int64x64.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpDelay");

namespace ptp
{

namespace
{
/**
 * \param t a duration
 * \return t / 2, rounded to the resolution (not truncated toward zero)
 */
Time
Half(Time t)
{
    return t / int64x64_t(2);
}
} // namespace

Time
E2eMeanPathDelay(const E2eExchange& x)
{
    // Grouped as slave interval plus master interval so that the slave's can be converted to
    // the master's time base (linuxptp tsproc.c get_raw_delay); with r = 1 this is the sum of
    // the two one-way delays of 1588-2019 11.3.2 exactly.
    const Time slaveInterval = x.t2 - x.t3;
    const Time scaled =
        x.rateRatio == 1.0 ? slaveInterval : slaveInterval * int64x64_t(x.rateRatio);
    return Half(scaled + (x.t4 - x.t1) - x.syncCorrection - x.delayRespCorrection);
}

Time
OffsetFromMaster(Time t1, Time t2, Time syncCorrection, Time meanPathDelay, Time delayAsymmetry)
{
    return t2 - t1 - syncCorrection - delayAsymmetry - meanPathDelay;
}

DelayResult
E2e(const E2eExchange& x)
{
    DelayResult r;
    r.meanPathDelay = E2eMeanPathDelay(x);
    r.offsetFromMaster =
        OffsetFromMaster(x.t1, x.t2, x.syncCorrection, r.meanPathDelay, x.delayAsymmetry);
    return r;
}

Time
P2pMeanLinkDelay(const PdelayExchange& x)
{
    const Time requesterInterval = x.t4 - x.t1;
    const Time turnaround = x.t3 - x.t2;
    const Time scaled = x.neighborRateRatio == 1.0
                            ? requesterInterval
                            : requesterInterval * int64x64_t(x.neighborRateRatio);
    return Half(scaled - turnaround - x.responseCorrection);
}

double
RateRatio(Time remote1, Time local1, Time remote2, Time local2)
{
    NS_ABORT_MSG_IF(local2 == local1, "ptp::RateRatio: the two local times are equal");
    return (remote2 - remote1).GetDouble() / (local2 - local1).GetDouble();
}

} // namespace ptp
} // namespace ns3
