/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-clock-filter.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpClockFilter");

std::string
ToString(NtpFilterOutcome outcome)
{
    switch (outcome)
    {
    case NtpFilterOutcome::UPDATED:
        return "updated";
    case NtpFilterOutcome::STALE:
        return "stale";
    case NtpFilterOutcome::SPIKE:
        return "spike";
    }
    return "invalid-outcome";
}

NtpClockFilter::NtpClockFilter(uint32_t stages, double phi, Time precision, double spikeGate)
    : m_stages(stages),
      m_phi(phi),
      m_precision(precision),
      m_spikeGate(spikeGate)
{
    NS_LOG_FUNCTION(this << stages << phi << precision << spikeGate);
    chronometry::RequireDoubleInRange("NtpClockFilter::stages", stages, 1, 1024, "stages");
    chronometry::RequireDoubleInRange("NtpClockFilter::phi", phi, 0, 0.01, "s/s", false, true);
    chronometry::RequireTimeInRange("NtpClockFilter::precision", precision, Time(0), Seconds(1));
    chronometry::RequireDoubleInRange("NtpClockFilter::spikeGate", spikeGate, 0, 1000, "");
    Reset();
}

void
NtpClockFilter::Reset()
{
    NS_LOG_FUNCTION(this);
    Stage dummy;
    dummy.sample.delay = Seconds(ntp::MAXDISP);
    dummy.sample.dispersion = Seconds(ntp::MAXDISP);
    m_reg.assign(m_stages, dummy);
    m_selected = false;
    m_peer = NtpFilterSample();
    m_dispersion = Seconds(ntp::MAXDISP);
    m_dispersionTime = Time(0);
    m_jitter = m_precision;
}

const NtpClockFilter::Stage*
NtpClockFilter::Shift(const Stage& stage)
{
    m_reg.pop_back();
    m_reg.insert(m_reg.begin(), stage);
    const Time now = stage.sample.time;
    const Time maxDisp = Seconds(ntp::MAXDISP);

    // The temporary list: (delay, age order, dispersion now, offset). Dummies sort last.
    struct Entry
    {
        bool valid;      //!< a sample
        Time delay;      //!< delta
        uint32_t age;    //!< stage index (0 the newest)
        Time dispersion; //!< epsilon grown to now
        Time offset;     //!< theta
    };

    std::vector<Entry> list;
    list.reserve(m_reg.size());
    for (uint32_t i = 0; i < m_reg.size(); ++i)
    {
        const Stage& s = m_reg[i];
        Time disp = maxDisp;
        if (s.valid)
        {
            const double grown =
                static_cast<double>((now - s.sample.time).GetNanoSeconds()) * m_phi;
            disp = std::min(maxDisp, s.sample.dispersion + NanoSeconds(std::llround(grown)));
        }
        list.push_back(
            Entry{s.valid, s.valid ? s.sample.delay : maxDisp, i, disp, s.sample.offset});
    }
    std::sort(list.begin(), list.end(), [](const Entry& a, const Entry& b) {
        if (a.valid != b.valid)
        {
            return a.valid;
        }
        if (a.delay != b.delay)
        {
            return a.delay < b.delay;
        }
        return a.age < b.age;
    });
    // Peer dispersion: sum epsilon_i / 2^(i+1), in nanoseconds.
    double disp = 0;
    for (uint32_t i = 0; i < list.size(); ++i)
    {
        disp += std::ldexp(static_cast<double>(list[i].dispersion.GetNanoSeconds()),
                           -static_cast<int>(i + 1));
    }
    m_dispersion = NanoSeconds(std::llround(disp));
    m_dispersionTime = now;
    // Peer jitter: RMS of the valid stages' offsets about the first one's.
    uint32_t valid = 0;
    double sum = 0;
    for (const Entry& e : list)
    {
        if (!e.valid)
        {
            break;
        }
        const double d = static_cast<double>((list[0].offset - e.offset).GetNanoSeconds());
        sum += d * d;
        ++valid;
    }
    const Time jitter =
        valid > 1 ? NanoSeconds(std::llround(std::sqrt(sum / (valid - 1)))) : Time(0);
    m_jitter = std::max(jitter, m_precision);
    if (valid == 0)
    {
        return nullptr;
    }
    return &m_reg[list[0].age];
}

NtpFilterOutcome
NtpClockFilter::Add(const NtpFilterSample& sample, Time pollInterval)
{
    NS_LOG_FUNCTION(this << sample.offset << sample.delay << sample.dispersion << sample.time);
    if (m_reg.front().valid && sample.time < m_reg.front().sample.time)
    {
        chronometry::ReportConfigError("NtpClockFilter::Add: a sample arrived at " +
                                       chronometry::FormatTime(sample.time) +
                                       ", before the newest stage (" +
                                       chronometry::FormatTime(m_reg.front().sample.time) + ")");
    }
    Stage stage;
    stage.sample = sample;
    stage.valid = true;
    const Stage* best = Shift(stage);
    // Prime directive: never a sample older than, or the same as, the one last used.
    if (m_selected && best->sample.time <= m_peer.time)
    {
        return NtpFilterOutcome::STALE;
    }
    // Popcorn spike suppressor.
    if (m_selected && m_spikeGate > 0 && pollInterval.IsStrictlyPositive() &&
        Abs(best->sample.offset - m_peer.offset).GetSeconds() >
            m_spikeGate * m_jitter.GetSeconds() &&
        best->sample.time - m_peer.time < 2 * pollInterval)
    {
        ++m_spikes;
        NS_LOG_LOGIC("spike: " << best->sample.offset << " after " << m_peer.offset);
        return NtpFilterOutcome::SPIKE;
    }
    m_peer = best->sample;
    m_selected = true;
    return NtpFilterOutcome::UPDATED;
}

void
NtpClockFilter::AddDummy(Time now)
{
    NS_LOG_FUNCTION(this << now);
    Stage dummy;
    dummy.sample.delay = Seconds(ntp::MAXDISP);
    dummy.sample.dispersion = Seconds(ntp::MAXDISP);
    dummy.sample.time = now;
    Shift(dummy);
}

bool
NtpClockFilter::HasSelection() const
{
    return m_selected;
}

Time
NtpClockFilter::GetOffset() const
{
    return m_peer.offset;
}

Time
NtpClockFilter::GetDelay() const
{
    return m_peer.delay;
}

Time
NtpClockFilter::GetTime() const
{
    return m_peer.time;
}

uint64_t
NtpClockFilter::GetTag() const
{
    return m_peer.tag;
}

Time
NtpClockFilter::GetDispersion(Time at) const
{
    const double grown =
        static_cast<double>(std::max<int64_t>(0, (at - m_dispersionTime).GetNanoSeconds())) * m_phi;
    return m_dispersion + NanoSeconds(std::llround(grown));
}

Time
NtpClockFilter::GetDispersionTime() const
{
    return m_dispersionTime;
}

Time
NtpClockFilter::GetJitter() const
{
    return m_jitter;
}

Time
NtpClockFilter::GetDistance(Time at) const
{
    return m_peer.delay / 2 + GetDispersion(at);
}

uint32_t
NtpClockFilter::GetValidStages() const
{
    return static_cast<uint32_t>(
        std::count_if(m_reg.begin(), m_reg.end(), [](const Stage& s) { return s.valid; }));
}

uint32_t
NtpClockFilter::GetStages() const
{
    return m_stages;
}

const NtpFilterSample&
NtpClockFilter::GetStage(uint32_t i) const
{
    if (i >= m_reg.size())
    {
        chronometry::ReportConfigError("NtpClockFilter::GetStage: stage " + std::to_string(i) +
                                       " of " + std::to_string(m_reg.size()));
    }
    return m_reg[i].sample;
}

bool
NtpClockFilter::IsStageValid(uint32_t i) const
{
    return i < m_reg.size() && m_reg[i].valid;
}

uint64_t
NtpClockFilter::GetSpikes() const
{
    return m_spikes;
}

double
NtpClockFilter::GetTolerance() const
{
    return m_phi;
}

} // namespace ns3
