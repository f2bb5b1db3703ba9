/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_RUNNER_H
#define STUDY_RUNNER_H

#include "study-result.h"
#include "study.h"

#include "ns3/attribute.h"
#include "ns3/ptr.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * Parameter values for a study, by Attribute name, in order:
 * \code
 *   StudySettings().Set("Nodes", UintegerValue(16)).Set("Skew", "300us")
 * \endcode
 * A text value is parsed like a command-line value (a Time needs its unit).
 */
class StudySettings
{
  public:
    /**
     * \param attribute a parameter's Attribute name
     * \param value its value
     * \return these settings
     */
    StudySettings& Set(const std::string& attribute, const AttributeValue& value);
    /**
     * \param attribute a parameter's Attribute name
     * \param text its value as text ("300us", "16", "true")
     * \return these settings
     */
    StudySettings& Set(const std::string& attribute, const std::string& text);
    /** \copydoc Set(const std::string&,const std::string&) */
    StudySettings& Set(const std::string& attribute, const char* text);

    /**
     * Configure a study: each value through its Attribute (the checker refuses an out-of-range
     * value, naming the attribute and the range); an unknown name is refused with the valid
     * names.
     * \param study the study
     */
    void Apply(Ptr<Study> study) const;

    /** One setting: a value, or a text to parse. */
    struct Entry
    {
        std::string attribute;     //!< Attribute name
        Ptr<AttributeValue> value; //!< the value, or nullptr for a text
        std::string text;          //!< the text (when value is nullptr)
    };

    /** \return the settings, in order */
    const std::vector<Entry>& GetEntries() const;

  private:
    std::vector<Entry> m_entries; //!< in order
};

/**
 * \ingroup chronometry
 * Runs a configured study once; what every study repeats: cross-parameter validation, seed
 * and run (ns-3's RngSeed and RngRun from the study's Seed and Run), Build, Simulator::Run,
 * Measure, Simulator::Destroy (also when building or measuring fails), the study's disposal
 * (its truth collectors go with it) and the wall-clock time (the summary's wall_s).
 */
class StudyRunner
{
  public:
    /**
     * \param study a configured study, not run before
     * \return its result
     */
    static StudyResult Run(Ptr<Study> study);

    /**
     * \param name a study's name ("replay")
     * \param settings its parameters (the others keep their defaults)
     * \return its result
     */
    static StudyResult Run(const std::string& name, const StudySettings& settings = {});

    /**
     * \param study a study
     * \return its current parameter values as a record (Python keywords, Times in ns)
     */
    static StudyRecord ReadParameters(Ptr<const Study> study);
};

} // namespace ns3

#endif /* STUDY_RUNNER_H */
