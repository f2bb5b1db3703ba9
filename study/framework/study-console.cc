/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-console.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace ns3
{

namespace
{

/**
 * \param rows (name, value, unit) triples
 * \param indent before each line
 * \return them aligned
 */
std::string
Align(const std::vector<std::vector<std::string>>& rows, const std::string& indent)
{
    std::size_t name = 0;
    std::size_t value = 0;
    for (const auto& r : rows)
    {
        name = std::max(name, r[0].size());
        value = std::max(value, r[1].size());
    }
    std::ostringstream os;
    for (const auto& r : rows)
    {
        os << indent << std::left << std::setw(static_cast<int>(name)) << r[0] << "  " << std::right
           << std::setw(static_cast<int>(value)) << r[1];
        if (!r[2].empty())
        {
            os << " " << r[2];
        }
        os << "\n";
    }
    return os.str();
}

/**
 * \param x a number
 * \return it with 4 significant digits
 */
std::string
Short(double x)
{
    std::ostringstream os;
    os.precision(4);
    os << x;
    return os.str();
}

} // namespace

std::string
FormatStudyTable(const StudyRecord& record, const std::string& indent)
{
    std::vector<std::vector<std::string>> rows;
    const StudySchema& schema = record.GetSchema();
    for (std::size_t i = 0; i < schema.GetN(); ++i)
    {
        const StudyField& f = schema.Get(i);
        rows.push_back({f.name, record.Format(i), f.unit});
    }
    return Align(rows, indent);
}

std::string
FormatReplicationTable(const ReplicationSummary& summary,
                       std::size_t group,
                       const std::vector<std::pair<std::string, std::string>>& units,
                       const std::string& indent)
{
    std::vector<std::vector<std::string>> rows;
    for (const auto& [column, unit] : units)
    {
        ReplicationSummary::Statistic s = summary.Get(group, column);
        std::string value = s.n == 0 ? "n/a" : Short(s.mean);
        if (s.n > 1)
        {
            value += " +- " + Short(s.ci95);
        }
        value += " (n=" + std::to_string(s.n) + ")";
        rows.push_back({column, value, unit});
    }
    return Align(rows, indent);
}

std::string
FormatDuration(double seconds)
{
    if (std::isnan(seconds))
    {
        return "unknown";
    }
    const auto s = static_cast<long long>(std::llround(std::max(seconds, 0.0)));
    if (s < 60)
    {
        return std::to_string(s) + " s";
    }
    if (s < 3600)
    {
        return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
    }
    return std::to_string(s / 3600) + " h " + std::to_string((s % 3600) / 60) + " min";
}

SweepProgress::SweepProgress(std::vector<double> estimatedEvents)
    : m_estimated(std::move(estimatedEvents))
{
}

double
SweepProgress::GetEstimatedSeconds() const
{
    double events = 0;
    for (double e : m_estimated)
    {
        if (std::isnan(e))
        {
            return std::nan("");
        }
        events += e;
    }
    return events * PRIOR_SECONDS_PER_EVENT;
}

std::string
SweepProgress::DescribePlan() const
{
    std::ostringstream os;
    os << m_estimated.size() << (m_estimated.size() == 1 ? " point" : " points");
    double seconds = GetEstimatedSeconds();
    if (std::isnan(seconds))
    {
        os << ", cost unknown until the first point finishes";
    }
    else
    {
        os << ", about " << FormatDuration(seconds) << " ("
           << Short(seconds / 1e6 / PRIOR_SECONDS_PER_EVENT) << " M simulator events estimated)";
    }
    return os.str();
}

void
SweepProgress::Finish(double wallSeconds)
{
    m_wall.push_back(wallSeconds);
}

std::size_t
SweepProgress::GetFinished() const
{
    return m_wall.size();
}

double
SweepProgress::GetRemainingSeconds() const
{
    // Calibrate on the finished points: wall per estimated event, and wall per point.
    double wallKnown = 0;
    double eventsKnown = 0;
    double wallAll = 0;
    for (std::size_t i = 0; i < m_wall.size(); ++i)
    {
        wallAll += m_wall[i];
        if (!std::isnan(m_estimated[i]) && m_estimated[i] > 0)
        {
            wallKnown += m_wall[i];
            eventsKnown += m_estimated[i];
        }
    }
    const double perEvent = eventsKnown > 0 ? wallKnown / eventsKnown : PRIOR_SECONDS_PER_EVENT;
    const double perPoint =
        m_wall.empty() ? std::nan("") : wallAll / static_cast<double>(m_wall.size());
    double left = 0;
    for (std::size_t i = m_wall.size(); i < m_estimated.size(); ++i)
    {
        left += std::isnan(m_estimated[i]) ? perPoint : m_estimated[i] * perEvent;
    }
    return left;
}

std::string
SweepProgress::DescribeProgress(std::size_t width) const
{
    const std::size_t n = m_estimated.size();
    const std::size_t done = m_wall.size();
    const std::size_t filled = n == 0 ? width : done * width / n;
    std::string bar = "[" + std::string(filled, '#') + std::string(width - filled, '.') + "] " +
                      std::to_string(done) + "/" + std::to_string(n);
    if (done < n)
    {
        bar += ", ETA " + FormatDuration(GetRemainingSeconds());
    }
    return bar;
}

} // namespace ns3
