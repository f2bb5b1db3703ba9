/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_RESULT_H
#define STUDY_RESULT_H

#include "study-description.h"
#include "study-record.h"

#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * What one run of a study produced: its parameters, its summary record and its rows, and the
 * CSV lines they make.  C++ reads fields by the same names as Python and the CSV:
 * \code
 *   StudyResult r = StudyRunner::Run("replay", StudySettings().Set("Nodes", UintegerValue(16)));
 *   double theta = r.Get<double>("theta_mean");
 *   const StudyRecord& cp = r.GetRow({{"method", "CP"}, {"duration", "A->C"}});
 * \endcode
 */
class StudyResult
{
  public:
    /**
     * \param description the study's description
     * \param parameters the run's parameter record
     */
    StudyResult(const StudyDescription& description, StudyRecord parameters);

    /** \return the study's description */
    const StudyDescription& GetDescription() const;
    /** \return the parameters of the run (Python keywords; Times in integer ns) */
    const StudyRecord& GetParameters() const;
    /** \return the summary record */
    const StudyRecord& GetSummary() const;
    /** \return the summary record, to fill (Study::Measure) */
    StudyRecord& GetSummary();

    /**
     * Set a summary field (Study::Measure).
     * \param field the field
     * \param value its value
     */
    template <typename T>
    void Set(const std::string& field, const T& value)
    {
        m_summary.Set(field, value);
    }

    /**
     * \param field a summary field, or a parameter's Python keyword
     * \return its value as T
     */
    template <typename T>
    T Get(const std::string& field) const
    {
        return m_summary.Has(field) ? m_summary.Get<T>(field) : m_parameters.Get<T>(field);
    }

    /** \return a new row, to fill (Study::Measure); aborts if the study declares no rows */
    StudyRecord& AddRow();
    /** \return the rows, in the order Measure added them */
    const std::vector<StudyRecord>& GetRows() const;
    /**
     * \param keys (field, value as text) pairs: "method" = "CP", "interval" = "3"
     * \return the first row whose fields have those values (aborts if none)
     */
    const StudyRecord& GetRow(const std::map<std::string, std::string>& keys) const;

    /** \return this run's CSV lines (one, or one per CSV row), without line ends */
    std::vector<std::string> GetCsvLines() const;
    /**
     * \param withParameters the CSV parameter cells first
     * \return every row as a CSV line (the study's rows table)
     */
    std::vector<std::string> GetRowCsvLines(bool withParameters = false) const;

    /** \return simulator events of the run (Simulator::GetEventCount before the teardown) */
    uint64_t GetSimulatorEvents() const;
    /** \param events simulator events (the runner sets it) */
    void SetSimulatorEvents(uint64_t events);

  private:
    const StudyDescription* m_description; //!< the study
    StudyRecord m_parameters;              //!< parameters
    StudyRecord m_summary;                 //!< summary
    std::vector<StudyRecord> m_rows;       //!< rows
    uint64_t m_events{0};                  //!< simulator events
};

} // namespace ns3

#endif /* STUDY_RESULT_H */
