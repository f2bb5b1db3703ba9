/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "latency-moments.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LatencyMoments");

void
LatencyMoments::Add(long double latencyNs)
{
    m_n += 1;
    m_s += latencyNs;
    m_q += latencyNs * latencyNs;
}

uint64_t
LatencyMoments::GetCount() const
{
    return static_cast<uint64_t>(m_n);
}

LatencyEstimate
LatencyMoments::Estimate() const
{
    LatencyEstimate e;
    if (m_n <= 0)
    {
        return e;
    }
    e.valid = true;
    e.stdValid = m_n > 1;
    e.meanNs = static_cast<double>(m_s / m_n);
    e.varianceNs2 =
        static_cast<double>(std::max<long double>(0, m_q / m_n - (m_s / m_n) * (m_s / m_n)));
    e.stdNs = std::sqrt(e.varianceNs2);
    e.usefulPackets = static_cast<double>(m_n);
    return e;
}

LatencyEstimate
LatencyMoments::PoolWith(const LatencyEstimate& estimate) const
{
    if (m_n <= 0)
    {
        return estimate;
    }
    if (!estimate.valid)
    {
        return Estimate();
    }
    long double na = estimate.usefulPackets;
    long double ma = estimate.meanNs;
    long double va = std::max(0.0, estimate.varianceNs2);
    long double n = na + m_n;
    long double mean = (na * ma + m_s) / n;
    long double second = (na * (va + ma * ma) + m_q) / n;
    LatencyEstimate e = estimate;
    e.meanNs = static_cast<double>(mean);
    e.varianceNs2 = static_cast<double>(std::max<long double>(0, second - mean * mean));
    e.stdNs = std::sqrt(e.varianceNs2);
    e.usefulPackets = static_cast<double>(n);
    return e;
}

} // namespace ns3
