/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-result.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyResult");

StudyResult::StudyResult(const StudyDescription& description, StudyRecord parameters)
    : m_description(&description),
      m_parameters(std::move(parameters)),
      m_summary(description.GetSummarySchema())
{
}

const StudyDescription&
StudyResult::GetDescription() const
{
    return *m_description;
}

const StudyRecord&
StudyResult::GetParameters() const
{
    return m_parameters;
}

const StudyRecord&
StudyResult::GetSummary() const
{
    return m_summary;
}

StudyRecord&
StudyResult::GetSummary()
{
    return m_summary;
}

StudyRecord&
StudyResult::AddRow()
{
    NS_ABORT_MSG_IF(!m_description->GetRowSchema(),
                    "study " << m_description->GetName() << " declares no rows");
    m_rows.emplace_back(m_description->GetRowSchema());
    return m_rows.back();
}

const std::vector<StudyRecord>&
StudyResult::GetRows() const
{
    return m_rows;
}

const StudyRecord&
StudyResult::GetRow(const std::map<std::string, std::string>& keys) const
{
    for (const auto& row : m_rows)
    {
        bool match = true;
        for (const auto& [field, text] : keys)
        {
            int64_t i = row.GetSchema().Find(field);
            NS_ABORT_MSG_IF(i < 0,
                            "study " << m_description->GetName() << ": no row field " << field
                                     << "; valid: " << row.GetSchema().ListNames());
            match = match && row.Format(static_cast<std::size_t>(i)) == text;
        }
        if (match)
        {
            return row;
        }
    }
    std::string wanted;
    for (const auto& [field, text] : keys)
    {
        wanted += " " + field + "=" + text;
    }
    NS_ABORT_MSG("study " << m_description->GetName() << ": no row with" << wanted);
}

std::vector<std::string>
StudyResult::GetCsvLines() const
{
    const int precision = m_description->GetCsvPrecision();
    std::vector<std::string> params = m_description->ParameterCsvCells(m_parameters);
    auto line = [&](const StudyRecord& record) {
        std::vector<std::string> cells = params;
        for (std::size_t i = 0; i < record.GetSchema().GetN(); ++i)
        {
            if (record.GetSchema().Get(i).csv)
            {
                cells.push_back(record.FormatCell(i, precision));
            }
        }
        std::string text;
        for (std::size_t i = 0; i < cells.size(); ++i)
        {
            text += (i ? "," : "") + cells[i];
        }
        return text;
    };
    std::vector<std::string> lines;
    if (!m_description->GetRowsInCsv())
    {
        lines.push_back(line(m_summary));
        return lines;
    }
    const std::string& filter = m_description->GetCsvFilter();
    for (const auto& row : m_rows)
    {
        if (filter.empty() || row.Get<bool>(filter))
        {
            lines.push_back(line(row));
        }
    }
    return lines;
}

std::vector<std::string>
StudyResult::GetRowCsvLines(bool withParameters) const
{
    const int precision = m_description->GetCsvPrecision();
    std::vector<std::string> params;
    if (withParameters)
    {
        params = m_description->ParameterCsvCells(m_parameters);
    }
    std::vector<std::string> lines;
    for (const auto& row : m_rows)
    {
        std::vector<std::string> cells = params;
        for (std::size_t i = 0; i < row.GetSchema().GetN(); ++i)
        {
            if (row.GetSchema().Get(i).csv)
            {
                cells.push_back(row.FormatCell(i, precision));
            }
        }
        std::string text;
        for (std::size_t i = 0; i < cells.size(); ++i)
        {
            text += (i ? "," : "") + cells[i];
        }
        lines.push_back(text);
    }
    return lines;
}

uint64_t
StudyResult::GetSimulatorEvents() const
{
    return m_events;
}

void
StudyResult::SetSimulatorEvents(uint64_t events)
{
    m_events = events;
}

} // namespace ns3
