/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "realtime-lag-probe.h"

#include "ns3/realtime-simulator-impl.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace ns3
{
namespace chronometry
{

RealtimeLagProbe::RealtimeLagProbe(Time period, std::function<bool()> stop)
    : m_period(period),
      m_stop(std::move(stop))
{
}

Time
RealtimeLagProbe::HostRealtime()
{
    timespec now{};
    clock_gettime(CLOCK_REALTIME, &now);
    return Seconds(static_cast<int64_t>(now.tv_sec)) + NanoSeconds(now.tv_nsec);
}

void
RealtimeLagProbe::Start(std::function<void(Time)> onAnchor)
{
    m_onAnchor = std::move(onAnchor);
    Simulator::ScheduleNow(&RealtimeLagProbe::Probe, this);
}

Time
RealtimeLagProbe::GetAnchor() const
{
    return m_anchor;
}

Time
RealtimeLagProbe::GetLagQuantile(double q) const
{
    if (m_lags.empty())
    {
        return Time(0);
    }
    std::vector<int64_t> sorted = m_lags;
    std::sort(sorted.begin(), sorted.end());
    auto index = static_cast<size_t>(std::llround(q * static_cast<double>(sorted.size() - 1)));
    return NanoSeconds(sorted[std::min(index, sorted.size() - 1)]);
}

void
RealtimeLagProbe::Probe()
{
    if (m_probes == 0)
    {
        // The scheduler's origin in host time: now minus how far past its origin the scheduler
        // says the wall clock is (this event may itself run late).
        auto impl = DynamicCast<RealtimeSimulatorImpl>(Simulator::GetImplementation());
        m_anchor = HostRealtime() - (impl ? impl->RealtimeNow() : Simulator::Now());
        if (m_onAnchor)
        {
            m_onAnchor(m_anchor);
        }
    }
    Time lag = HostRealtime() - m_anchor - Simulator::Now();
    m_lags.push_back(lag.GetNanoSeconds());
    if (m_probes == 0 || lag > m_maxLag)
    {
        m_maxLag = lag;
        m_maxLagAt = Simulator::Now();
    }
    ++m_probes;
    if (m_stop && m_stop())
    {
        m_stopped = true;
        Simulator::Stop();
        return;
    }
    Simulator::Schedule(m_period, &RealtimeLagProbe::Probe, this);
}

Time
RealtimeLagProbe::GetMaxLag() const
{
    return m_maxLag;
}

Time
RealtimeLagProbe::GetMaxLagAt() const
{
    return m_maxLagAt;
}

uint64_t
RealtimeLagProbe::GetProbeCount() const
{
    return m_probes;
}

bool
RealtimeLagProbe::Stopped() const
{
    return m_stopped;
}

} // namespace chronometry
} // namespace ns3
