/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-csv.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyCsv");

StudyCsv::StudyCsv(const std::string& header)
    : m_header(header)
{
}

void
StudyCsv::Add(const StudyResult& result, const std::string& prefix)
{
    for (const auto& line : result.GetCsvLines())
    {
        m_lines.push_back(prefix + line);
    }
}

void
StudyCsv::AddLine(const std::string& line)
{
    m_lines.push_back(line);
}

const std::vector<std::string>&
StudyCsv::GetLines() const
{
    return m_lines;
}

void
StudyCsv::WriteAtomically(const std::string& path, const std::string& text)
{
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << text;
        out.close();
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), path.c_str()) != 0, "cannot rename " << tmp);
}

void
StudyCsv::Write(const std::string& path) const
{
    std::ostringstream text;
    text << m_header << "\n";
    for (const auto& line : m_lines)
    {
        text << line << "\n";
    }
    WriteAtomically(path, text.str());
}

void
StudyCsv::Append(const std::string& path) const
{
    std::ostringstream text;
    std::ifstream existing(path);
    std::string before((std::istreambuf_iterator<char>(existing)),
                       std::istreambuf_iterator<char>());
    text << (before.empty() ? m_header + "\n" : before);
    for (const auto& line : m_lines)
    {
        text << line << "\n";
    }
    WriteAtomically(path, text.str());
}

} // namespace ns3
