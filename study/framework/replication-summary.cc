/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "replication-summary.h"

#include "study-csv.h"
#include "study-description.h"

#include "ns3/abort.h"
#include "ns3/score-interval.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <sstream>

namespace ns3
{

namespace
{

/**
 * \param columns names \param name a name
 * \return its index (aborts if absent: the caller's columns come from the same header)
 */
std::size_t
IndexOf(const std::vector<std::string>& columns, const std::string& name)
{
    auto it = std::find(columns.begin(), columns.end(), name);
    NS_ABORT_MSG_IF(it == columns.end(), "ReplicationSummary: no column " << name);
    return static_cast<std::size_t>(it - columns.begin());
}

/**
 * \param cell a CSV cell
 * \return its number, or NaN when it is empty or not a number
 */
double
Number(const std::string& cell)
{
    if (cell.empty())
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    char* end = nullptr;
    double x = std::strtod(cell.c_str(), &end);
    return *end == '\0' ? x : std::numeric_limits<double>::quiet_NaN();
}

} // namespace

ReplicationSummary::ReplicationSummary(const std::string& header,
                                       std::vector<std::string> groupColumns,
                                       std::vector<std::string> numericColumns,
                                       int precision)
    : m_columns(StudyCsv::SplitCells(header)),
      m_groupNames(std::move(groupColumns)),
      m_numericNames(std::move(numericColumns)),
      m_precision(precision)
{
    for (const auto& g : m_groupNames)
    {
        m_groupIndex.push_back(IndexOf(m_columns, g));
    }
    for (const auto& n : m_numericNames)
    {
        m_numericIndex.push_back(IndexOf(m_columns, n));
    }
}

ReplicationSummary
ReplicationSummary::ForStudy(const StudyDescription& d)
{
    std::vector<std::string> group;
    std::vector<std::string> numeric;
    auto rowSchema = d.GetRowSchema();
    for (const auto& c : d.DescribeCsvColumns())
    {
        if (c.parameter)
        {
            if (c.name != "run" && c.name != "seed")
            {
                group.push_back(c.name);
            }
            continue;
        }
        const StudySchema& schema = d.GetRowsInCsv() ? *rowSchema : *d.GetSummarySchema();
        const StudyField& f = schema.Get(static_cast<std::size_t>(schema.Find(c.name)));
        if (f.key)
        {
            group.push_back(c.name);
        }
        else if (f.type != StudyFieldType::TEXT)
        {
            numeric.push_back(c.name);
        }
    }
    return ReplicationSummary(d.GetCsvHeader(), group, numeric, d.GetCsvPrecision());
}

void
ReplicationSummary::AddLine(const std::string& line)
{
    std::vector<std::string> cells = StudyCsv::SplitCells(line);
    cells.resize(std::max(cells.size(), m_columns.size()));
    std::vector<std::string> key;
    for (std::size_t i : m_groupIndex)
    {
        key.push_back(cells[i]);
    }
    auto [it, added] = m_byKey.emplace(key, m_groups.size());
    if (added)
    {
        Group g;
        g.key = key;
        g.values.resize(m_numericIndex.size());
        m_groups.push_back(std::move(g));
    }
    Group& g = m_groups[it->second];
    ++g.lines;
    for (std::size_t c = 0; c < m_numericIndex.size(); ++c)
    {
        g.values[c].push_back(Number(cells[m_numericIndex[c]]));
    }
}

std::string
ReplicationSummary::GetHeader() const
{
    std::string out;
    for (const auto& g : m_groupNames)
    {
        out += g + ",";
    }
    out += "runs";
    for (const auto& n : m_numericNames)
    {
        out += "," + n + "_mean," + n + "_sd," + n + "_ci95";
    }
    return out;
}

std::vector<std::string>
ReplicationSummary::GetLines() const
{
    auto cell = [this](double x) {
        if (std::isnan(x))
        {
            return std::string();
        }
        std::ostringstream os;
        os.precision(m_precision);
        os << x;
        return os.str();
    };
    std::vector<std::string> lines;
    for (const auto& g : m_groups)
    {
        std::string line;
        for (const auto& k : g.key)
        {
            line += k + ",";
        }
        line += std::to_string(g.lines);
        for (const auto& values : g.values)
        {
            Statistic s = Summarize(values);
            line += "," + cell(s.mean) + "," + cell(s.sd) + "," + cell(s.ci95);
        }
        lines.push_back(line);
    }
    return lines;
}

const std::vector<std::string>&
ReplicationSummary::GetGroupColumns() const
{
    return m_groupNames;
}

const std::vector<std::string>&
ReplicationSummary::GetKey(std::size_t group) const
{
    NS_ABORT_MSG_IF(group >= m_groups.size(), "ReplicationSummary: no group " << group);
    return m_groups[group].key;
}

std::size_t
ReplicationSummary::GetGroups() const
{
    return m_groups.size();
}

ReplicationSummary::Statistic
ReplicationSummary::Get(std::size_t group, const std::string& column) const
{
    NS_ABORT_MSG_IF(group >= m_groups.size(), "ReplicationSummary: no group " << group);
    return Summarize(m_groups[group].values[IndexOf(m_numericNames, column)]);
}

ReplicationSummary::Statistic
ReplicationSummary::Summarize(const std::vector<double>& values)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> numbers;
    std::copy_if(values.begin(), values.end(), std::back_inserter(numbers), [](double v) {
        return std::isfinite(v);
    });
    Statistic s;
    s.n = numbers.size();
    s.mean = nan;
    s.sd = nan;
    s.ci95 = nan;
    if (numbers.empty())
    {
        return s;
    }
    const ScoreInterval interval = MeanInterval(numbers, 0.95); // the module's Student t
    s.mean = interval.mean;
    if (s.n > 1)
    {
        s.sd = interval.stddev;
        s.ci95 = interval.HalfWidth();
    }
    return s;
}

double
ReplicationSummary::StudentTQuantile(double p, double dof)
{
    NS_ABORT_MSG_IF(!(p > 0 && p < 1) || !(dof > 0),
                    "StudentTQuantile: p in (0, 1) and dof > 0, not " << p << ", " << dof);
    return boost::math::quantile(boost::math::students_t_distribution<double>(dof), p);
}

} // namespace ns3
