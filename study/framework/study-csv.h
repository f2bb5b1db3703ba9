/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_CSV_H
#define STUDY_CSV_H

#include "study-result.h"

#include <set>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A CSV file of study results, written atomically (a temporary file renamed over the
 * destination, so a reader never sees half a file):
 * \code
 *   StudyCsv csv(StudyDescription::Get("relation").GetCsvHeader());
 *   csv.Add(StudyRunner::Run("relation", settings));
 *   csv.Write("results/relation.csv");
 * \endcode
 * A destination that cannot be written is a configuration error (exit status 1 with the
 * path and the reason; ConfigError in THROW mode), never an abort: check it before the first
 * point runs with PrepareOutput.
 */
class StudyCsv
{
  public:
    /** \param header the header line (no line end) */
    explicit StudyCsv(const std::string& header);

    /**
     * \param result a run: its CSV lines
     * \param prefix cells written before each line's own ("rate," for a factor column)
     */
    void Add(const StudyResult& result, const std::string& prefix = "");
    /** \param line a line (no line end) */
    void AddLine(const std::string& line);
    /** \return the lines added (without the header) */
    const std::vector<std::string>& GetLines() const;

    /**
     * Write the header and the lines, replacing the file.
     * \param path destination
     */
    void Write(const std::string& path) const;
    /**
     * Append the lines to the file, with the header first if the file does not exist yet; a
     * file whose header differs is refused (a configuration error naming both headers'
     * first difference).
     * \param path destination
     */
    void Append(const std::string& path) const;

    /**
     * \param path destination
     * \param text its whole content, written through path.tmp and a rename
     */
    static void WriteAtomically(const std::string& path, const std::string& text);

    /**
     * Replace one point's lines in a file that several points share (a sweep's points writing
     * the same file, a resumed sweep rewriting its point): the lines that start with
     * \p pointCells are replaced by \p lines, every other point's lines are kept, and the file
     * is written atomically while its folder is locked (flock), so that points running in
     * parallel processes do not lose each other's lines.  A file whose header differs is
     * refused (a configuration error naming the first difference).
     * \param path destination
     * \param header the file's header (its first line)
     * \param pointCells the point's parameter cells, each followed by ','
     * \param lines the point's lines (each starting with \p pointCells), without line ends
     */
    static void ReplacePointLines(const std::string& path,
                                  const std::string& header,
                                  const std::string& pointCells,
                                  const std::vector<std::string>& lines);

    /**
     * \param path a file that may exist
     * \param header the header it must have
     * \return "" when the file is missing or has \p header first, else why not (for Validate)
     */
    static std::string DescribeExistingHeader(const std::string& path, const std::string& header);

    /**
     * Make sure a file can be written before a sweep spends time on it: its folder is
     * created when missing (as ns-3 programs and most tools do), and a path that names a
     * folder, or a folder that cannot be created or written, is a configuration error
     * naming the option.
     * \param path the file ("" : nothing to check)
     * \param option the option or parameter that named it ("--csv"), for the message
     */
    static void PrepareOutput(const std::string& path, const std::string& option);

    /**
     * Make sure a folder the program writes into exists (created with its parents when
     * missing), before anything runs; a path that cannot be a folder is a configuration
     * error naming the option.
     * \param folder the folder ("" : the current one, nothing to do)
     * \param option the option that named it ("--outDir"), for the message
     */
    static void PrepareFolder(const std::string& folder, const std::string& option);

    /**
     * \param header the header a file should have
     * \param found the header it has
     * \return "" when equal; else where they differ ("column 3 is 'rate' here, 'skew_us' in
     *         the file")
     */
    static std::string DescribeHeaderDifference(const std::string& header,
                                                const std::string& found);

    /**
     * \param line a CSV line
     * \return its cells (RFC 4180: a comma between double quotes is part of the cell; the
     *         quotes are kept)
     */
    static std::vector<std::string> SplitCells(const std::string& line);

  private:
    std::string m_header;             //!< header line
    std::vector<std::string> m_lines; //!< data lines
};

/**
 * \ingroup chronometry
 * A CSV file a sweep appends to as each point finishes, so that no finished point is lost
 * and an interrupted sweep resumes: opening it checks the folder (created when missing) and,
 * when the file exists, that its header is this study's (else a configuration error: a file
 * of another study, or of another version of this one, is never appended to); every Append
 * rewrites the file through a temporary file and a rename, so the file always holds whole
 * lines.  The points already in the file are known by the parameter cells their lines begin
 * with (every parameter of a point is a CSV column).
 */
class StudyCsvSink
{
  public:
    /**
     * \param path the file ("": none, every query answers "not there")
     * \param header its header line
     * \param option the option that named it ("--csv"), for messages
     */
    StudyCsvSink(const std::string& path, const std::string& header, const std::string& option);

    /** \return whether a file is written */
    bool IsOpen() const;
    /** \return the file's path */
    const std::string& GetPath() const;
    /**
     * \param parameterCells a point's parameter cells, joined with commas
     * \return whether some line of the file begins with them (the point ran before)
     */
    bool HasPoint(const std::string& parameterCells) const;
    /**
     * \param lines a finished point's lines, appended at once (atomically)
     */
    void Append(const std::vector<std::string>& lines);
    /** \return the data lines (those found in the file, then those appended) */
    const std::vector<std::string>& GetLines() const;
    /** \return how many data lines the file held when it was opened */
    std::size_t GetLinesFound() const;

  private:
    std::string m_path;               //!< file ("" for none)
    std::string m_header;             //!< header
    std::vector<std::string> m_lines; //!< data lines
    std::size_t m_found{0};           //!< lines found at open
};

} // namespace ns3

#endif /* STUDY_CSV_H */
