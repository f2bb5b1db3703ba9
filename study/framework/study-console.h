/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_CONSOLE_H
#define STUDY_CONSOLE_H

#include "replication-summary.h"
#include "study-record.h"

#include <cstddef>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * What a sweep shows a person on a terminal: a point's results as a table (name, value, unit)
 * and the sweep's estimated time, progress and ETA.  Free of the simulator.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * \param record a summary record
 * \param indent written before each line
 * \return one line per field: name, value (n/a when not applicable), unit; the names and
 *         values aligned in columns
 */
std::string FormatStudyTable(const StudyRecord& record, const std::string& indent = "  ");

/**
 * \ingroup chronometry
 * \param summary replications summarized (ReplicationSummary)
 * \param group a group's index
 * \param units the unit of each numeric column ("" for none), by column name
 * \param indent written before each line
 * \return one line per numeric column: name, mean +- ci95 (n values), unit
 */
std::string FormatReplicationTable(const ReplicationSummary& summary,
                                   std::size_t group,
                                   const std::vector<std::pair<std::string, std::string>>& units,
                                   const std::string& indent = "  ");

/**
 * \param seconds a duration
 * \return it for a person: "45 s", "3 min 20 s", "2 h 5 min"
 */
std::string FormatDuration(double seconds);

/**
 * \ingroup chronometry
 * A sweep's time: an estimate before it starts (from each point's estimated simulator
 * events, Study::EstimateEvents, at a prior cost per event of this class of machine) and an
 * ETA after each point that calibrates itself on the points finished so far (their wall time
 * over their estimated events; points whose cost is unknown take the mean wall time of the
 * finished points).
 */
class SweepProgress
{
  public:
    /**
     * A prior wall time per estimated simulator event, until the first point finishes: the
     * sync study under load takes 2.0-2.4 us per event on one core of this project's VM
     * (the replay study's checker 12-22 us; the ETA calibrates on the points it finishes).
     */
    static constexpr double PRIOR_SECONDS_PER_EVENT = 2e-6;

    /**
     * \param estimatedEvents per point to run, in order: its estimated events (NaN: unknown)
     */
    explicit SweepProgress(std::vector<double> estimatedEvents);

    /** \return the estimated time of the whole sweep, in seconds (NaN: unknown) */
    double GetEstimatedSeconds() const;
    /** \return "12 points, about 3 min 20 s (21.4 M simulator events)" or with "unknown" */
    std::string DescribePlan() const;

    /**
     * A point finished.
     * \param wallSeconds its wall time
     */
    void Finish(double wallSeconds);

    /** \return the points finished */
    std::size_t GetFinished() const;
    /** \return the estimated seconds left (NaN: unknown) */
    double GetRemainingSeconds() const;
    /**
     * \param width the bar's width in characters
     * \return "[#####.....] 3/8, ETA 1 min 5 s"
     */
    std::string DescribeProgress(std::size_t width = 20) const;

  private:
    std::vector<double> m_estimated; //!< per point: estimated events (NaN: unknown)
    std::vector<double> m_wall;      //!< per finished point: wall seconds
};

} // namespace ns3

#endif /* STUDY_CONSOLE_H */
