/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-estimator.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"
#include "ns3/ntp-on-wire.h"

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
    return ntp::OnWireOffset(t1, t2, t3, t4);
}

Time
NtpSample::Delay() const
{
    return ntp::OnWireDelay(t1, t2, t3, t4);
}

namespace
{

/**
 * Validate the parameters before the clock filter is built from them, so that the refusal
 * names this estimator's parameter.
 * \param maxSkewPpm phi, in ppm
 * \param precision read precision
 * \param filterLength samples kept
 *
eturn filterLength
 */
uint32_t
CheckedLength(double maxSkewPpm, Time precision, uint32_t filterLength)
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
    return filterLength;
}

} // namespace

NtpEstimator::NtpEstimator(double maxSkewPpm, Time precision, uint32_t filterLength)
    : m_phi(maxSkewPpm * 1e-6),
      m_precision(precision),
      m_filterLength(CheckedLength(maxSkewPpm, precision, filterLength)),
      // The filter selects by delay; its dispersion (phi, precision) is not this estimator's
      // bound, and the spike suppressor (gate 0) is off.
      m_filter(filterLength, maxSkewPpm * 1e-6, precision, 0)
{
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
    const uint64_t tag = m_added++;
    if (m_mode == RFC5905)
    {
        // The NTP core's clock filter: the lowest-delay sample of the register, used only
        // if it is newer than the one in use (RFC 5905, 10).
        NtpFilterSample f;
        f.offset = sample.Offset();
        f.delay = sample.Delay();
        f.time = sample.t4;
        f.tag = tag;
        if (m_filter.Add(f) == NtpFilterOutcome::UPDATED)
        {
            // The register holds the same samples as m_samples: the tag indexes it.
            const uint64_t first = m_added - m_samples.size();
            m_selected = m_samples[m_filter.GetTag() - first];
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
