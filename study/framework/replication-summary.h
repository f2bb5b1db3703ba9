/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REPLICATION_SUMMARY_H
#define REPLICATION_SUMMARY_H

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class StudyDescription;

/**
 * \ingroup chronometry
 * Replications of a sweep's points, summarized: the lines of a study's CSV are grouped by
 * every parameter but the run (and, for a study whose CSV has a line per row, the row's key
 * fields), and every numeric result gets its mean, standard deviation and the half-width of
 * a 95% confidence interval of the mean (MeanInterval: Student's t with n - 1 degrees of
 * freedom, so a handful of runs gets the wide interval it deserves).  A cell that is empty or
 * not a finite number ("not applicable") is left out of its column's statistics; a column with no
 * value in a group has empty statistics.  Free of the simulator: it reads CSV lines, so the summary
 * of a resumed sweep includes the runs found in the file.
 *
 * Output columns: the group columns, "runs" (the lines in the group), then per numeric
 * column f: f_mean, f_sd, f_ci95 (the interval is mean +- f_ci95).
 */
class ReplicationSummary
{
  public:
    /** One column's statistics over a group. */
    struct Statistic
    {
        std::size_t n{0}; //!< values that are numbers
        double mean{0};   //!< their mean (NaN if none)
        double sd{0};     //!< sample standard deviation (NaN if n < 2)
        double ci95{0};   //!< half-width of the 95% interval of the mean (NaN if n < 2)
    };

    /**
     * \param header the CSV header (its columns)
     * \param groupColumns the columns that identify a point (every parameter but the run,
     *        row keys)
     * \param numericColumns the result columns to summarize
     * \param precision significant digits of the output cells
     */
    ReplicationSummary(const std::string& header,
                       std::vector<std::string> groupColumns,
                       std::vector<std::string> numericColumns,
                       int precision = 6);

    /**
     * \param d a study
     * \return the summary of its CSV: grouped by its parameters but Seed's and Run's
     *         columns (and its CSV rows' keys), over every non-text result column
     */
    static ReplicationSummary ForStudy(const StudyDescription& d);

    /** \param line one CSV line (of the header's columns) */
    void AddLine(const std::string& line);
    /** \return the summary's header */
    std::string GetHeader() const;
    /** \return one line per group, in the order the groups first appeared */
    std::vector<std::string> GetLines() const;
    /** \return the group columns */
    const std::vector<std::string>& GetGroupColumns() const;
    /**
     * \param group a group's index
     * \return its group cells (one per group column)
     */
    const std::vector<std::string>& GetKey(std::size_t group) const;
    /** \return the number of groups */
    std::size_t GetGroups() const;
    /**
     * \param group a group's index (order of first appearance)
     * \param column a numeric column
     * \return its statistics over the group
     */
    Statistic Get(std::size_t group, const std::string& column) const;

    /**
     * \param values numbers (NaN and infinities: left out)
     * \return their statistics
     */
    static Statistic Summarize(const std::vector<double>& values);
    /**
     * \param p a probability in (0, 1)
     * \param dof degrees of freedom (> 0)
     * \return the p-quantile of Student's t distribution (Boost.Math)
     */
    static double StudentTQuantile(double p, double dof);

  private:
    /** One group's values. */
    struct Group
    {
        std::vector<std::string> key;            //!< the group cells
        std::size_t lines{0};                    //!< lines in it
        std::vector<std::vector<double>> values; //!< per numeric column
    };

    std::vector<std::string> m_columns;                      //!< the CSV's columns
    std::vector<std::size_t> m_groupIndex;                   //!< group columns' indices
    std::vector<std::size_t> m_numericIndex;                 //!< numeric columns' indices
    std::vector<std::string> m_groupNames;                   //!< group columns
    std::vector<std::string> m_numericNames;                 //!< numeric columns
    int m_precision;                                         //!< output digits
    std::vector<Group> m_groups;                             //!< in order of appearance
    std::map<std::vector<std::string>, std::size_t> m_byKey; //!< key -> group
};

} // namespace ns3

#endif /* REPLICATION_SUMMARY_H */
