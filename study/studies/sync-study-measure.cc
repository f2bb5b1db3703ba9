/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The sync study's scoring: lock, E after lock, per-node rows, the time series (sync-study.h).

#include "sync-study.h"

#include "ns3/log.h"
#include "ns3/study-csv.h"
#include "ns3/study-result.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SyncStudyMeasure");

bool
SyncStudy::IsNtp() const
{
    return GetSync() == "ntp" || GetSync() == "sntp";
}

Time
SyncStudy::GetLockThreshold() const
{
    if (m_lockThreshold.IsStrictlyPositive())
    {
        return m_lockThreshold;
    }
    // One value cannot serve both: PTP with hardware stamps holds E to nanoseconds, NTP's
    // clients on a LAN to tens or hundreds of microseconds (doc/sync.rst).
    return IsNtp() ? MilliSeconds(1) : MicroSeconds(1);
}

std::size_t
SyncStudy::LockIndex(const std::vector<double>& v, std::size_t from) const
{
    const double threshold = GetLockThreshold().GetDouble() / NanoSeconds(1).GetDouble();
    std::size_t lock = v.size();
    for (std::size_t j = v.size(); j > from; --j)
    {
        if (std::fabs(v[j - 1]) > threshold)
        {
            break;
        }
        lock = j - 1;
    }
    return lock;
}

void
SyncStudy::AddRows(StudyResult& result, std::size_t from) const
{
    std::vector<NodeTimeError> timeError(m_nodes);
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        const NodeTruth& t = m_truth[i];
        StudyRecord& row = result.AddRow();
        row.Set("node", uint64_t(i));
        row.Set("switch", uint64_t(t.switchIndex));
        timeError[i].hops = i == 0 ? 0 : SwitchesBetween(m_net, i, 0);
        row.Set("hops", timeError[i].hops);
        const uint64_t stratum = i < m_ntpServers                ? 1
                                 : i < m_ntpServers + m_stratum2 ? 2
                                 : m_stratum2 > 0                ? 3
                                                                 : 2;
        row.Set("ntp_stratum", stratum);
        if (!IsNtp())
        {
            row.SetNotApplicable("ntp_stratum");
        }
        row.Set("base_drift_ppm", t.driftPpm);
        const std::vector<double>& toMaster = m_sampler.GetToFirst(i);
        const std::size_t lock = LockIndex(toMaster);
        row.Set("node_lock_ns",
                (lock < m_sampler.GetGrid().size() ? m_sampler.GetGrid()[lock] : m_duration)
                    .GetNanoSeconds());
        std::vector<double> abs;
        double sum = 0;
        for (std::size_t j = from; j < toMaster.size(); ++j)
        {
            abs.push_back(std::fabs(toMaster[j]));
            sum += abs.back();
        }
        row.Set("offset_p99_ns", SyncQuantile(abs, 0.99));
        row.Set("offset_max_ns", abs.empty() ? 0.0 : *std::max_element(abs.begin(), abs.end()));
        row.Set("true_mean_ns", abs.empty() ? 0.0 : sum / abs.size());
        const Time start =
            from < m_sampler.GetGrid().size() ? m_sampler.GetGrid()[from] : m_duration;
        double estimate = 0;
        uint64_t n = 0;
        for (const auto& e : t.estimates)
        {
            if (e.first >= start)
            {
                estimate += std::fabs(e.second);
                ++n;
            }
        }
        row.Set("estimate_mean_ns", estimate / static_cast<double>(std::max<uint64_t>(n, 1)));
        if (n == 0)
        {
            row.SetNotApplicable("estimate_mean_ns"); // an estimate that does not exist
        }
        timeError[i].toTrue = SetTimeErrorColumns(row, "te_", m_sampler.GetToTrue(i), from, true);
        timeError[i].toMaster = SetTimeErrorColumns(row, "te_gm_", toMaster, from, i != 0);
        SetCalibrationColumns(row, i);
    }
    SetTimeErrorSummary(result, timeError);
}

void
SyncStudy::Measure(StudyResult& r)
{
    NS_LOG_FUNCTION(this);
    const std::vector<Time>& grid = m_sampler.GetGrid();
    const std::vector<double>& skews = m_sampler.GetSkew();
    const std::size_t lock = LockIndex(skews, 1);
    const bool locked = lock < skews.size();
    const auto warm = static_cast<std::size_t>(
        std::lower_bound(grid.begin(), grid.end(), m_warmup) - grid.begin());
    const std::size_t from = locked ? std::max(lock, warm) : warm;
    std::vector<double> skew(skews.begin() + from, skews.end());
    r.Set("locked", locked);
    r.Set("lock_threshold_applied_ns", GetLockThreshold().GetNanoSeconds());
    r.Set("lock_ns", (locked ? grid[lock] : m_duration).GetNanoSeconds());
    r.Set("skew_p50_ns", SyncQuantile(skew, 0.5));
    r.Set("skew_p99_ns", SyncQuantile(skew, 0.99));
    r.Set("skew_max_ns", skew.empty() ? 0.0 : *std::max_element(skew.begin(), skew.end()));
    double toTrue = 0;
    uint64_t ptpSamples = 0;
    for (std::size_t i = 0; i < m_truth.size(); ++i)
    {
        const std::vector<double>& t = m_sampler.GetToTrue(i);
        for (std::size_t j = from; j < t.size(); ++j)
        {
            toTrue = std::max(toTrue, std::fabs(t[j]));
        }
        ptpSamples += m_truth[i].estimates.size();
    }
    r.Set("to_true_max_ns", toTrue);
    r.Set("samples", uint64_t(skew.size()));
    r.Set("ptp_samples", ptpSamples);
    if (GetSync() != "ptp")
    {
        r.GetSummary().SetNotApplicable("ptp_samples");
    }
    const bool failover = m_failure.IsStrictlyPositive() && m_failoverAt != Time::Max();
    r.Set("failover_ns", failover ? (m_failoverAt - m_failure).GetNanoSeconds() : int64_t(-1));
    double excursion = 0;
    for (std::size_t j = 0; m_failure.IsStrictlyPositive() && j < grid.size(); ++j)
    {
        if (grid[j] >= m_failure && (!failover || grid[j] <= m_failoverAt + Seconds(1)))
        {
            excursion = std::max(excursion, skews[j]);
        }
    }
    r.Set("failover_skew_max_ns", excursion);
    if (!m_failure.IsStrictlyPositive())
    {
        r.GetSummary().SetNotApplicable("failover_skew_max_ns");
    }
    MeasureStep(r);
    r.Set("dropped_packets", m_dropped);
    uint64_t hops = 0;
    for (uint32_t i = 0; i < m_nodes; ++i)
    {
        hops = std::max<uint64_t>(hops, SwitchesBetween(m_net, i, 0));
    }
    r.Set("hops_max", hops);
    MeasureRootDistance(r);
    MeasureNtpFaults(r);
    MeasureCalibration(r);
    AddRows(r, from);
    WriteSeries(r);
}

void
SyncStudy::MeasureStep(StudyResult& r) const
{
    const std::vector<Time>& grid = m_sampler.GetGrid();
    const std::vector<double>& skews = m_sampler.GetSkew();
    const auto at = static_cast<std::size_t>(
        std::lower_bound(grid.begin(), grid.end(), m_masterStepAt) - grid.begin());
    const bool stepped = m_masterStepAt.IsStrictlyPositive() && at < grid.size();
    const std::size_t back = stepped ? LockIndex(skews, at) : grid.size();
    r.Set("step_recovery_ns",
          back < grid.size() ? (grid[back] - m_masterStepAt).GetNanoSeconds() : int64_t(-1));
    double excursion = 0;
    for (std::size_t j = at; stepped && j < std::min(back + 1, grid.size()); ++j)
    {
        excursion = std::max(excursion, skews[j]);
    }
    r.Set("step_skew_max_ns", excursion);
    if (!stepped)
    {
        r.GetSummary().SetNotApplicable("step_skew_max_ns");
    }
}

void
SyncStudy::MeasureRootDistance(StudyResult& r) const
{
    const char* fields[] = {"root_distance_checks",
                            "root_distance_coverage",
                            "root_distance_p50_ns",
                            "root_distance_p99_ns",
                            "true_error_p50_ns",
                            "true_error_p99_ns",
                            "root_distance_ratio_p50"};
    if (!IsNtp())
    {
        for (const char* f : fields)
        {
            r.GetSummary().SetNotApplicable(f);
        }
        return;
    }
    r.Set("root_distance_checks", m_rootChecks);
    if (m_rootChecks == 0)
    {
        for (const char* f : fields)
        {
            if (std::string(f) != "root_distance_checks")
            {
                r.GetSummary().SetNotApplicable(f); // nothing checked: no share, no quantile
            }
        }
        return;
    }
    r.Set("root_distance_coverage", double(m_rootHeld) / double(m_rootChecks));
    std::vector<double> distance = m_rootDistanceNs;
    std::vector<double> error = m_rootErrorNs;
    std::vector<double> ratio;
    for (std::size_t k = 0; k < m_rootDistanceNs.size(); ++k)
    {
        ratio.push_back(m_rootDistanceNs[k] / std::max(m_rootErrorNs[k], 1.0));
    }
    r.Set("root_distance_p50_ns", SyncQuantile(distance, 0.5));
    r.Set("root_distance_p99_ns", SyncQuantile(distance, 0.99));
    r.Set("true_error_p50_ns", SyncQuantile(error, 0.5));
    r.Set("true_error_p99_ns", SyncQuantile(error, 0.99));
    r.Set("root_distance_ratio_p50", SyncQuantile(ratio, 0.5));
}

void
SyncStudy::MeasureNtpFaults(StudyResult& r) const
{
    const char* fields[] = {"kiss_drops",
                            "invalid_header_drops",
                            "host0_poll_min_s",
                            "host0_poll_max_s"};
    if (!IsNtp())
    {
        for (const char* f : fields)
        {
            r.GetSummary().SetNotApplicable(f);
        }
        return;
    }
    uint64_t kisses = 0;
    uint64_t invalid = 0;
    double shortest = INFINITY;
    double longest = 0;
    // Association 0 is host 0's for the clients of the stratum-1 servers (all of them, or the
    // stratum-2 servers only: the others ask those).
    const uint32_t pollsHost0 = m_ntpServers + (m_stratum2 > 0 ? m_stratum2 : m_nodes);
    for (uint32_t i = m_ntpServers; i < m_nodes; ++i)
    {
        const Ptr<NtpClient>& c = m_ntp[i];
        if (!c)
        {
            continue;
        }
        kisses += c->GetDropCount(NtpDropReason::KISS_OF_DEATH);
        invalid += c->GetDropCount(NtpDropReason::INVALID_HEADER);
        if (i < pollsHost0)
        {
            const double poll = c->GetPollInterval(0).GetSeconds();
            shortest = std::min(shortest, poll);
            longest = std::max(longest, poll);
        }
    }
    r.Set("kiss_drops", kisses);
    r.Set("invalid_header_drops", invalid);
    r.Set("host0_poll_min_s", shortest);
    r.Set("host0_poll_max_s", longest);
}

void
SyncStudy::WriteSeries(const StudyResult& result) const
{
    if (m_seriesFile.empty())
    {
        return;
    }
    const StudyDescription& d = GetDescription();
    std::string parameters;
    for (const std::string& cell : d.ParameterCsvCells(result.GetParameters()))
    {
        parameters += cell + ',';
    }
    std::vector<std::string> lines;
    const std::vector<Time>& grid = m_sampler.GetGrid();
    std::vector<std::size_t> next(m_nodes, 0); // per host: its first estimate not yet passed
    for (std::size_t j = 0; j < grid.size(); ++j)
    {
        for (uint32_t i = 0; i < m_nodes; ++i)
        {
            const auto& estimates = m_truth[i].estimates;
            while (next[i] < estimates.size() && estimates[next[i]].first <= grid[j])
            {
                ++next[i];
            }
            std::ostringstream line;
            line.precision(12);
            line << parameters << grid[j].GetNanoSeconds() << ',' << i << ','
                 << m_sampler.GetToFirst(i)[j] << ',' << m_sampler.GetToTrue(i)[j] << ',';
            if (next[i] > 0) // the latest estimate so far (empty: none yet)
            {
                line << estimates[next[i] - 1].second;
            }
            lines.push_back(line.str());
        }
    }
    // Points of a sweep share the file: each replaces only its own rows.
    StudyCsv::ReplacePointLines(m_seriesFile, SeriesHeader(), parameters, lines);
}

std::string
SyncStudy::SeriesHeader() const
{
    std::string header;
    for (const std::string& column : GetDescription().GetParameterCsvColumns())
    {
        header += column + ',';
    }
    return header + "time_ns,node,to_master_ns,to_true_ns,estimate_ns";
}

} // namespace ns3
