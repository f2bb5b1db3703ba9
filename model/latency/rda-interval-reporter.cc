/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-interval-reporter.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaIntervalReporter");

void
RdaIntervalReporter::Start(uint32_t intervals, bool boundaryMatching)
{
    NS_LOG_FUNCTION(this << intervals << boundaryMatching);
    m_intervals = intervals;
    m_boundary = boundaryMatching;
    m_reported.assign(intervals, 0);
}

RdaIntervalReporter::IntervalState&
RdaIntervalReporter::State(uint32_t i)
{
    return m_state[i];
}

RdaIntervalReporter::IntervalState*
RdaIntervalReporter::Find(uint32_t i)
{
    auto it = m_state.find(i);
    return it == m_state.end() ? nullptr : &it->second;
}

RdaIntervalReporter::FlowState*
RdaIntervalReporter::FindFlow(uint32_t i, const RdaFlowKey& flow)
{
    IntervalState* st = Find(i);
    if (st == nullptr)
    {
        return nullptr;
    }
    auto it = st->flows.find(flow);
    return it == st->flows.end() ? nullptr : &it->second;
}

bool
RdaIntervalReporter::IsReported(uint32_t i) const
{
    return i < m_reported.size() && m_reported[i];
}

bool
RdaIntervalReporter::IsFinished(uint32_t i) const
{
    auto it = m_state.find(i);
    if (it == m_state.end())
    {
        return false;
    }
    const IntervalState& st = it->second;
    if (st.reported)
    {
        return true;
    }
    if (!st.closed)
    {
        return false;
    }
    if (!st.timedOut &&
        (st.flowsExpected < 0 || st.signatures.size() < static_cast<size_t>(st.flowsExpected)))
    {
        return false;
    }
    for (const auto& [flow, fs] : st.flows)
    {
        if (fs.phase != FINISHED || (fs.baselines && !fs.baselines->IsDone()))
        {
            return false;
        }
    }
    return true;
}

std::vector<uint32_t>
RdaIntervalReporter::Reportable(uint32_t i) const
{
    // Reporting an interval does not change whether any interval is finished, so the
    // intervals can be chosen before any is reported.
    std::vector<uint32_t> ready;
    uint32_t lo = i > 0 ? i - 1 : 0;
    uint32_t hi = std::min(i + 1, m_intervals - 1);
    for (uint32_t j = lo; j <= hi; ++j)
    {
        if (m_reported[j] || !IsFinished(j))
        {
            continue;
        }
        if (!m_boundary ||
            ((j == 0 || IsFinished(j - 1)) && (j + 1 >= m_intervals || IsFinished(j + 1))))
        {
            ready.push_back(j);
        }
    }
    return ready;
}

LatencyMoments
RdaIntervalReporter::BoundaryMatches(uint32_t i,
                                     const RdaFlowKey& flow,
                                     const std::unordered_map<uint64_t, int64_t>& senderOnly,
                                     bool raw) const
{
    LatencyMoments matched;
    for (int delta : {1, -1})
    {
        if ((delta < 0 && i == 0) || (delta > 0 && i + 1 >= m_intervals))
        {
            continue;
        }
        auto nb = m_state.find(i + delta);
        if (nb == m_state.end())
        {
            continue;
        }
        auto nf = nb->second.flows.find(flow);
        if (nf == nb->second.flows.end())
        {
            continue;
        }
        // the raw logs' receiver-only packets: the raw baseline's, or RDA's own when RDA
        // exchanged the raw log there
        const FlowState& nfs = nf->second;
        const bool own = !raw || nfs.report.rawExchange;
        if (!own && !nfs.baselines)
        {
            continue;
        }
        const auto& receiverOnly = own ? nfs.receiverOnly : nfs.baselines->RawReceiverOnly();
        for (const auto& [id, sts] : senderOnly)
        {
            auto hit = receiverOnly.find(id);
            if (hit != receiverOnly.end())
            {
                matched.Add(static_cast<long double>(hit->second - sts));
            }
        }
    }
    return matched;
}

std::vector<RdaIntervalReport>
RdaIntervalReporter::Report(uint32_t i, Time now)
{
    NS_LOG_FUNCTION(this << i << now);
    IntervalState& st = State(i);
    st.reported = true;
    m_reported[i] = 1;
    std::vector<RdaIntervalReport> made;
    for (auto& [flow, fs] : st.flows)
    {
        RdaIntervalReport& r = fs.report;
        r.interval = i;
        r.flow = flow;
        LatencyMoments matched;
        if (m_boundary)
        {
            matched = BoundaryMatches(i, flow, fs.senderOnly, false);
        }
        r.boundaryMatched = matched.GetCount();
        r.matchedEstimate = matched.PoolWith(r.estimate);
        ReportBaselines(i, flow, fs);
        r.completedAt = now;
        m_reports.push_back(r);
        made.push_back(r);
    }
    return made;
}

void
RdaIntervalReporter::ReportBaselines(uint32_t i, const RdaFlowKey& flow, FlowState& fs) const
{
    if (!fs.baselines)
    {
        return;
    }
    RdaIntervalReport& r = fs.report;
    const RdaBaselineReport& b = fs.baselines->GetReport();
    if (r.rawExchange && !r.timedOut)
    {
        // RDA's own exchange was the raw log: the raw baseline is its estimate
        fs.baselines->SetRawMatched(r.matchedEstimate, r.boundaryMatched);
        r.baselines = b;
        r.baselines.raw = r.estimate;
        r.baselines.setDifference = r.senderOnly + r.receiverOnly;
        return;
    }
    if (b.complete && b.raw.valid && m_boundary)
    {
        LatencyMoments matched = BoundaryMatches(i, flow, fs.baselines->RawSenderOnly(), true);
        fs.baselines->SetRawMatched(matched.PoolWith(b.raw), matched.GetCount());
    }
    r.baselines = fs.baselines->GetReport();
}

void
RdaIntervalReporter::Forget()
{
    // Interval j's lists serve the reports of j-1 and j+1.
    for (auto it = m_state.begin(); it != m_state.end();)
    {
        uint32_t j = it->first;
        bool done = m_reported[j] && (j == 0 || m_reported[j - 1]) &&
                    (j + 1 >= m_intervals || m_reported[j + 1]);
        if (done || (!m_boundary && m_reported[j]))
        {
            it = m_state.erase(it);
        }
        else
        {
            ++it;
        }
    }
}

void
RdaIntervalReporter::Clear()
{
    for (auto& [i, st] : m_state)
    {
        for (auto& [f, fs] : st.flows)
        {
            fs.timer.Cancel();
            fs.baselineTimer.Cancel();
        }
    }
    m_state.clear();
}

const std::vector<RdaIntervalReport>&
RdaIntervalReporter::GetReports() const
{
    return m_reports;
}

} // namespace ns3
