/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-estimator.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpEstimator");

namespace relation
{

Time
NtpSample::Offset() const
{
    return ((t2 - t1) + (t3 - t4)) / 2;
}

Time
NtpSample::Delay() const
{
    return (t4 - t1) - (t3 - t2);
}

NtpEstimator::NtpEstimator(double maxSkewPpm, Time precision, uint32_t filterLength)
    : m_phi(maxSkewPpm * 1e-6),
      m_precision(precision),
      m_filterLength(filterLength)
{
    chronometry::RequireDoubleInRange("NtpEstimator::maxSkewPpm",
                                      maxSkewPpm,
                                      0,
                                      1e4,
                                      "ppm",
                                      false,
                                      true);
    chronometry::RequireDoubleInRange("NtpEstimator::filterLength", filterLength, 1, 1024, "");
    chronometry::RequireTimeInRange("NtpEstimator::precision", precision, Time(0), Seconds(1));
}

void
NtpEstimator::SetFilterMode(FilterMode mode)
{
    if (!m_samples.empty())
    {
        chronometry::ReportConfigError(
            "NtpEstimator::SetFilterMode must be called before the first sample");
    }
    m_mode = mode;
}

NtpEstimator::FilterMode
NtpEstimator::GetFilterMode() const
{
    return m_mode;
}

void
NtpEstimator::SetDriftWander(double ratePpmPerSecond, double stepPpm)
{
    chronometry::RequireDoubleInRange("NtpEstimator::SetDriftWander ratePpmPerSecond",
                                      ratePpmPerSecond,
                                      0,
                                      1e4,
                                      "ppm/s");
    chronometry::RequireDoubleInRange("NtpEstimator::SetDriftWander stepPpm",
                                      stepPpm,
                                      0,
                                      1e4,
                                      "ppm");
    m_rate = ratePpmPerSecond * 1e-6;
    m_step = stepPpm * 1e-6;
}

double
NtpEstimator::BoundOf(const NtpSample& s, Time clientTime) const
{
    // offset at the exchange within delay/2 (+ skew during the exchange); it then
    // wanders by at most phi per unit of elapsed (true) time, plus the drift's own
    // movement R age^2 / 2 + J age
    double delay = std::max(0.0, s.Delay().GetSeconds());
    double age = std::abs((clientTime - s.t1).GetSeconds()) + (s.t4 - s.t1).GetSeconds();
    double bound = 0.5 * delay + 2 * m_precision.GetSeconds() + m_phi * (1 + 2 * m_phi) * age;
    if (m_rate > 0 || m_step > 0)
    {
        double trueAge = age * (1 + 2 * m_phi);
        bound += 0.5 * m_rate * trueAge * trueAge + m_step * trueAge;
    }
    return bound;
}

void
NtpEstimator::AddSample(const NtpSample& sample)
{
    if (sample.t4 < sample.t1)
    {
        chronometry::ReportConfigError("NtpEstimator::AddSample: t4 < t1");
    }
    m_samples.push_back(sample);
    while (m_samples.size() > m_filterLength)
    {
        m_samples.pop_front();
    }
    if (m_mode == RFC5905)
    {
        // the register sorted by distance at the arrival of this sample; the best
        // one is used only if it is newer than the one in use (RFC 5905, 10)
        const NtpSample* best = nullptr;
        double bestDistance = 0;
        for (const auto& s : m_samples)
        {
            double d = BoundOf(s, sample.t4);
            if (best == nullptr || d < bestDistance)
            {
                best = &s;
                bestDistance = d;
            }
        }
        if (!m_hasSelected || best->t1 > m_selected.t1)
        {
            m_selected = *best;
            m_hasSelected = true;
        }
    }
}

bool
NtpEstimator::HasSample() const
{
    return !m_samples.empty();
}

std::size_t
NtpEstimator::GetNSamples() const
{
    return m_samples.size();
}

TimeEstimate
NtpEstimator::ToServer(Time clientTime) const
{
    if (m_samples.empty())
    {
        chronometry::ReportConfigError("NtpEstimator::ToServer: no sample yet");
    }
    TimeEstimate best;
    if (m_mode == RFC5905)
    {
        best.value = clientTime + m_selected.Offset();
        best.bound = Seconds(BoundOf(m_selected, clientTime)) + NanoSeconds(1);
        return best;
    }
    bool first = true;
    double bestBound = 0;
    for (const auto& s : m_samples)
    {
        double bound = BoundOf(s, clientTime);
        if (first || bound < bestBound)
        {
            best.value = clientTime + s.Offset();
            best.bound = Seconds(bound) + NanoSeconds(1);
            bestBound = best.bound.GetSeconds();
            first = false;
        }
    }
    return best;
}

} // namespace relation
} // namespace ns3
