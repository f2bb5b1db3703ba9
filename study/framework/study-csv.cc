/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-csv.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyCsv");

namespace
{

/**
 * \param text a file's content
 * \return its lines, without line ends; a last line without its line end (a writer killed
 *         mid-line, which an atomic writer never leaves) is dropped
 */
std::vector<std::string>
WholeLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < text.size())
    {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
        {
            break;
        }
        lines.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

/**
 * \param path a file
 * \return its content ("" if it does not exist)
 */
std::string
ReadWhole(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace

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

std::vector<std::string>
StudyCsv::SplitCells(const std::string& line)
{
    std::vector<std::string> cells(1);
    bool quoted = false;
    for (char c : line)
    {
        if (c == '"')
        {
            quoted = !quoted;
        }
        if (c == ',' && !quoted)
        {
            cells.emplace_back();
        }
        else
        {
            cells.back() += c;
        }
    }
    return cells;
}

void
StudyCsv::PrepareOutput(const std::string& path, const std::string& option)
{
    if (path.empty())
    {
        return;
    }
    namespace fs = std::filesystem;
    const fs::path file(path);
    auto refuse = [&](const std::string& why) {
        chronometry::ReportConfigError(option + " = " + path + " cannot be written: " + why +
                                       "; valid: a file name in a folder that exists or can "
                                       "be created, and can be written");
    };
    std::error_code ec;
    if (file.filename().empty() || fs::is_directory(file, ec))
    {
        refuse("it names a folder, not a file");
    }
    const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    if (!fs::is_directory(folder, ec))
    {
        fs::create_directories(folder, ec);
        if (ec)
        {
            refuse("its folder " + folder.string() + " cannot be created (" + ec.message() + ")");
        }
        NS_LOG_INFO("created " << folder);
    }
    // The folder must take a new file (the temporary of the atomic write) now, not after the
    // sweep ran.
    const std::string probe = path + ".tmp";
    {
        std::ofstream out(probe, std::ios::app);
        if (!out)
        {
            refuse(std::strerror(errno));
        }
    }
    std::remove(probe.c_str());
}

void
StudyCsv::PrepareFolder(const std::string& folder, const std::string& option)
{
    std::error_code ec;
    if (folder.empty() || std::filesystem::is_directory(folder, ec))
    {
        return;
    }
    std::filesystem::create_directories(folder, ec);
    if (ec || !std::filesystem::is_directory(folder))
    {
        chronometry::ReportConfigError(option + " = " + folder + " cannot be created (" +
                                       (ec ? ec.message() : "not a folder") +
                                       "); valid: a folder that exists or can be created");
    }
}

void
StudyCsv::WriteAtomically(const std::string& path, const std::string& text)
{
    std::string tmp = path + ".tmp";
    bool written = false;
    {
        std::ofstream out(tmp);
        if (out)
        {
            out << text;
            out.close();
            written = static_cast<bool>(out);
        }
    }
    if (!written || std::rename(tmp.c_str(), path.c_str()) != 0)
    {
        std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        chronometry::ReportConfigError(path + " cannot be written (" + why +
                                       "); valid: a file in a folder that exists and can be "
                                       "written");
    }
}

namespace
{

/** Holds an exclusive flock on a folder while it lives (nothing is created to hold it). */
class FolderLock
{
  public:
    /** \param folder the folder to lock */
    explicit FolderLock(const std::filesystem::path& folder)
        : m_fd(open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC))
    {
        while (m_fd >= 0 && flock(m_fd, LOCK_EX) != 0 && errno == EINTR)
        {
        }
    }

    ~FolderLock()
    {
        if (m_fd >= 0)
        {
            close(m_fd); // releases the lock
        }
    }

    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

  private:
    int m_fd; //!< the folder's descriptor (-1: not locked; the write then fails or races alone)
};

} // namespace

std::string
StudyCsv::DescribeExistingHeader(const std::string& path, const std::string& header)
{
    std::ifstream in(path);
    std::string found;
    if (!in || !std::getline(in, found))
    {
        return "";
    }
    const std::string difference = DescribeHeaderDifference(header, found);
    return difference.empty() ? "" : path + " holds another table (" + difference + ")";
}

void
StudyCsv::ReplacePointLines(const std::string& path,
                            const std::string& header,
                            const std::string& pointCells,
                            const std::vector<std::string>& lines)
{
    FolderLock lock(std::filesystem::path(path).parent_path());
    const std::vector<std::string> existing = WholeLines(ReadWhole(path));
    if (!existing.empty() && existing.front() != header)
    {
        chronometry::ReportConfigError(path + " is invalid: it holds another table (" +
                                       DescribeHeaderDifference(header, existing.front()) +
                                       "); valid: a new file or one this study wrote");
    }
    std::ostringstream text;
    text << header << "\n";
    for (std::size_t i = 1; i < existing.size(); ++i)
    {
        if (existing[i].compare(0, pointCells.size(), pointCells) != 0)
        {
            text << existing[i] << "\n";
        }
    }
    for (const auto& line : lines)
    {
        text << line << "\n";
    }
    WriteAtomically(path, text.str());
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

std::string
StudyCsv::DescribeHeaderDifference(const std::string& header, const std::string& found)
{
    if (header == found)
    {
        return "";
    }
    std::vector<std::string> want = SplitCells(header);
    std::vector<std::string> have = SplitCells(found);
    for (std::size_t i = 0; i < std::max(want.size(), have.size()); ++i)
    {
        std::string w = i < want.size() ? "'" + want[i] + "'" : "missing";
        std::string h = i < have.size() ? "'" + have[i] + "'" : "missing";
        if (w != h)
        {
            return "column " + std::to_string(i + 1) + " is " + w + " here and " + h +
                   " in the file";
        }
    }
    return "the headers differ";
}

void
StudyCsv::Append(const std::string& path) const
{
    StudyCsvSink sink(path, m_header, path);
    sink.Append(m_lines);
}

StudyCsvSink::StudyCsvSink(const std::string& path,
                           const std::string& header,
                           const std::string& option)
    : m_path(path),
      m_header(header)
{
    if (m_path.empty())
    {
        return;
    }
    StudyCsv::PrepareOutput(m_path, option);
    std::string text = ReadWhole(m_path);
    if (text.empty())
    {
        return;
    }
    std::vector<std::string> lines = WholeLines(text);
    std::string found = lines.empty() ? text : lines.front();
    std::string difference = StudyCsv::DescribeHeaderDifference(m_header, found);
    if (!difference.empty())
    {
        chronometry::ReportConfigError(
            option + " = " + m_path + " holds other columns (" + difference +
            "): it is another study's or another version's; valid: a new file, or one this "
            "study with these settings wrote");
    }
    m_lines.assign(lines.begin() + 1, lines.end());
    m_found = m_lines.size();
}

bool
StudyCsvSink::IsOpen() const
{
    return !m_path.empty();
}

const std::string&
StudyCsvSink::GetPath() const
{
    return m_path;
}

bool
StudyCsvSink::HasPoint(const std::string& parameterCells) const
{
    const std::string prefix = parameterCells + ",";
    for (const auto& line : m_lines)
    {
        if (line == parameterCells || line.compare(0, prefix.size(), prefix) == 0)
        {
            return true;
        }
    }
    return false;
}

void
StudyCsvSink::Append(const std::vector<std::string>& lines)
{
    m_lines.insert(m_lines.end(), lines.begin(), lines.end());
    if (m_path.empty())
    {
        return;
    }
    std::ostringstream text;
    text << m_header << "\n";
    for (const auto& line : m_lines)
    {
        text << line << "\n";
    }
    StudyCsv::WriteAtomically(m_path, text.str());
}

const std::vector<std::string>&
StudyCsvSink::GetLines() const
{
    return m_lines;
}

std::size_t
StudyCsvSink::GetLinesFound() const
{
    return m_found;
}

} // namespace ns3
