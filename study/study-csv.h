/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_CSV_H
#define STUDY_CSV_H

#include "study-result.h"

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
     * Append the lines to the file, with the header first if the file does not exist yet.
     * \param path destination
     */
    void Append(const std::string& path) const;

    /**
     * \param path destination
     * \param text its whole content, written through path.tmp and a rename
     */
    static void WriteAtomically(const std::string& path, const std::string& text);

  private:
    std::string m_header;             //!< header line
    std::vector<std::string> m_lines; //!< data lines
};

} // namespace ns3

#endif /* STUDY_CSV_H */
