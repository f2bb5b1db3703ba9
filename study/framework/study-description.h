/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_DESCRIPTION_H
#define STUDY_DESCRIPTION_H

#include "study-record.h"

#include "ns3/attribute.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <memory>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * What a study declares (its parameters, its records, its CSV) and the registry of studies by
 * name.  A description is built once, by the study's StudyDeclaration in its GetTypeId(), and
 * read by the runner, the command line, the Python module and the sweep.
 */

namespace ns3
{

class Study;

/**
 * \ingroup chronometry
 * How a parameter appears in the study's CSV.  Every parameter is a column (a row that lost
 * the parameters of its point could not be told apart from its neighbours); this chooses its
 * form: the value as it is (numbers, booleans as 0/1, text; a Time in integer nanoseconds,
 * the column named after the Python keyword, "skew_ns"), or a Time in a larger unit, printed
 * exactly as a decimal number (1500 ns in us is 1.5; the column is named "skew_us").
 */
struct StudyCsvColumn
{
    /** Kinds of column. */
    enum Kind
    {
        PLAIN, //!< the value (numbers, booleans as 0/1, text, Times in integer ns)
        TIME   //!< a Time in a unit; the column is named <keyword without _ns>_<unit>
    };

    Kind kind{PLAIN};          //!< the kind
    Time::Unit unit{Time::NS}; //!< TIME: the unit (NS, US, MS or S)

    /** \return a column with the value as it is, named after the Python keyword */
    static StudyCsvColumn Plain();
    /**
     * \param unit the unit (Time::NS, US, MS or S)
     * \return a Time column: the value in the unit, exactly, as a decimal number
     */
    static StudyCsvColumn In(Time::Unit unit);
};

/** \ingroup chronometry One column of a study's CSV, as --help and the docs describe it. */
struct StudyCsvColumnInfo
{
    std::string name;    //!< the column's name
    std::string unit;    //!< its unit ("us", "bits"); "" for counts, ratios, text and switches
    std::string meaning; //!< what it holds (a parameter: its help; a result: the field's help)
    bool parameter;      //!< a parameter of the point (else a result)
};

/** \ingroup chronometry One parameter of a study: an Attribute of the study's TypeId. */
struct StudyParameter
{
    std::string attribute;      //!< the Attribute name ("Skew"): C++ and the command line
    std::string keyword;        //!< the Python keyword ("skew_ns"): snake_case, "_ns" for a Time
    StudyFieldType type;        //!< its type in Python and in the parameter record
    bool time{false};           //!< a Time (integer nanoseconds in Python)
    StudyCsvColumn csv;         //!< its CSV column
    std::string model;          //!< forwarded: the model's TypeId name ("" for the study's own)
    std::string modelAttribute; //!< forwarded: the model's Attribute (its name there)
    std::string condition;      //!< applies only when this parameter ... ("" : always)
    std::vector<std::string> conditionValues; //!< ... has one of these values (as text)
};

/**
 * \ingroup chronometry
 * Everything a study declares, and the registry of declared studies.
 *
 * Records: every run has one summary record (the study's summary fields, then wall_s, the
 * wall-clock seconds of the run) and may have rows (one record per method, interval,
 * operation ...; the row schema's key fields tell the rows of one run apart).  The CSV has one
 * line per run (the CSV parameters, then the summary's CSV fields) or, for a study whose rows
 * are its CSV, one line per row (the CSV parameters, then the row's CSV fields), optionally
 * only for the rows whose boolean filter field is true.
 */
class StudyDescription
{
  public:
    /**
     * \param name the study's short name ("replay")
     * \param tid the study's TypeId
     * \param help one line on what the study measures
     */
    StudyDescription(const std::string& name, TypeId tid, const std::string& help);

    /** \return the short name */
    const std::string& GetName() const;
    /** \return the study's TypeId */
    TypeId GetTypeId() const;
    /** \return what the study measures */
    const std::string& GetHelp() const;

    /** \return the parameters, in declaration order */
    const std::vector<StudyParameter>& GetParameters() const;
    /**
     * \param attributeOrKeyword an Attribute name ("Skew") or a Python keyword ("skew_ns")
     * \return the parameter, or nullptr
     */
    const StudyParameter* FindParameter(const std::string& attributeOrKeyword) const;
    /**
     * A deprecated name of a parameter (kept for one release after a rename, so that scripts
     * still run): its Attribute name ("Skew"), Python keywords ("skew_ns", and "skew" for a
     * Time) and command-line option map to the parameter, with a note that it is deprecated.
     * \param name a name or keyword
     * \return the current Attribute name ("SkewBound") if \p name is a deprecated spelling,
     *         else ""
     */
    std::string RenamedFrom(const std::string& name) const;
    /** \return the deprecated Attribute names and their current names */
    const std::vector<std::pair<std::string, std::string>>& GetRenamed() const;
    /** \return the Attribute names, comma-separated (for messages) */
    std::string ListAttributes() const;
    /** \return the Python keywords, comma-separated (for messages) */
    std::string ListKeywords() const;
    /**
     * \param p a parameter of this study
     * \return its Attribute information (help, initial value, checker)
     */
    TypeId::AttributeInformation GetAttributeInformation(const StudyParameter& p) const;
    /**
     * \param p a parameter
     * \return its valid range (from its checker, e.g. "[1ns, 10s]"), or "" if unbounded
     */
    std::string GetRange(const StudyParameter& p) const;
    /**
     * \param p a parameter
     * \return its unit ("ns" for a Time, the checker's unit otherwise, "" if none)
     */
    std::string GetUnit(const StudyParameter& p) const;
    /**
     * \param p a parameter
     * \return its default as a command-line value ("1ms", "32", "bounded", "true")
     */
    std::string GetDefaultText(const StudyParameter& p) const;
    /**
     * Parse a value given as text (a command line, a settings string), naming the parameter
     * and what is valid when it cannot be parsed or is out of range.
     * \param p a parameter
     * \param text the value ("1ms", "0.5", "true")
     * \param origin where the text comes from, for the message ("--Skew", "--skews")
     * \return the value
     */
    Ptr<AttributeValue> ParseValue(const StudyParameter& p,
                                   const std::string& text,
                                   const std::string& origin) const;
    /**
     * Read a time as the command line and Python take it: a decimal number and a unit (s, ms,
     * us, ns, ps, fs, min, h, d), exactly (ns-3's own parser goes through a double and rounds:
     * "1.5ns" would be 2 ns).
     * \param text the time ("1.5ms", "8us", "2e-3s")
     * \param [out] ns the time in nanoseconds
     * \return "" when read; else why not ("not a number and a unit", "not a whole number of
     *         nanoseconds", "out of range")
     */
    static std::string ParseNanoseconds(const std::string& text, int64_t& ns);
    /**
     * \param p a parameter
     * \param value a value of its type
     * \return the value as a command-line value ("1ms", "32", an enum's name)
     */
    std::string FormatValue(const StudyParameter& p, const AttributeValue& value) const;

    /**
     * \param p a parameter
     * \param parameters a parameter record of this study
     * \return whether p applies in that run (StudyDeclaration::ApplicableWhen)
     */
    bool IsApplicable(const StudyParameter& p, const StudyRecord& parameters) const;

    /** \return the schema of the parameter record (Python keywords, Times as integer ns) */
    std::shared_ptr<const StudySchema> GetParameterSchema() const;
    /** \return the schema of the summary record (ends with wall_s) */
    std::shared_ptr<const StudySchema> GetSummarySchema() const;
    /** \return the schema of a row, or nullptr if the study has no rows */
    std::shared_ptr<const StudySchema> GetRowSchema() const;
    /** \return the name of the rows ("methods", "intervals"), "" if none */
    const std::string& GetRowsName() const;
    /** \return whether the CSV has one line per row (else one per run) */
    bool GetRowsInCsv() const;
    /** \return the boolean row field that selects the rows written to the CSV, "" for all */
    const std::string& GetCsvFilter() const;
    /** \return significant digits of real numbers in the CSV */
    int GetCsvPrecision() const;

    /** \return the CSV header (no line end) */
    std::string GetCsvHeader() const;
    /**
     * \param withParameters the CSV parameter columns first
     * \return the CSV header of the rows table (every CSV field of the row schema)
     */
    std::string GetRowCsvHeader(bool withParameters = false) const;
    /**
     * \return every column of the CSV, in order: the parameters' (name, unit, help), then
     *         the results' (the summary's, or a row's for a study whose rows are its CSV)
     */
    std::vector<StudyCsvColumnInfo> DescribeCsvColumns() const;
    /** \return the CSV parameter columns */
    std::vector<std::string> GetParameterCsvColumns() const;
    /**
     * \param parameters a parameter record of this study
     * \return the CSV cells of the parameters
     */
    std::vector<std::string> ParameterCsvCells(const StudyRecord& parameters) const;

    /** \return a new, unconfigured instance of the study */
    Ptr<Study> Create() const;

    /**
     * \param name a study name
     * \return its description; a configuration error naming the valid names if unknown
     */
    static const StudyDescription& Get(const std::string& name);
    /**
     * \param name a study name
     * \return its description, or nullptr
     */
    static const StudyDescription* Find(const std::string& name);
    /**
     * \param tid a study's TypeId
     * \return its description (aborts if the TypeId is not a declared study)
     */
    static const StudyDescription& Get(TypeId tid);
    /** \return the names of every declared study, sorted */
    static std::vector<std::string> GetNames();

    /**
     * \param attribute an Attribute name in CamelCase ("DriftPpm")
     * \return its snake_case form ("drift_ppm")
     */
    static std::string SnakeCase(const std::string& attribute);

    /**
     * Register a finished description (StudyDeclaration does this).  Refuses a duplicate name,
     * a study without Seed and Run, and field names that collide with keywords.
     * \param description the description
     * \return the registered description
     */
    static const StudyDescription& Register(std::unique_ptr<StudyDescription> description);

  private:
    template <typename C>
    friend class StudyDeclaration;

    /**
     * Add a parameter forwarded from a model's Attribute (StudyDeclaration::Forward): the
     * study's TypeId gets an Attribute of the same name with the model's help, checker and
     * default (or \p studyDefault), stored in the study (Study::GetForwarded).
     * \param model the model's TypeId
     * \param attribute the model's Attribute
     * \param name the study's parameter (the Attribute's name, or the study's for it)
     * \param studyDefault the scenario's default, or nullptr
     * \param csv the form of its CSV column
     */
    void AddForwarded(TypeId model,
                      const std::string& attribute,
                      const std::string& name,
                      const AttributeValue* studyDefault,
                      StudyCsvColumn csv);

    /**
     * \param condition the deciding parameter \param values its values
     * \param parameters the parameters that apply only then
     */
    void SetApplicability(const std::string& condition,
                          const std::vector<std::string>& values,
                          const std::vector<std::string>& parameters);

    std::string m_name;                                         //!< short name
    TypeId m_tid;                                               //!< TypeId
    std::string m_help;                                         //!< one line
    std::vector<StudyParameter> m_parameters;                   //!< in declaration order
    std::shared_ptr<StudySchema> m_parameterSchema;             //!< parameter record
    std::shared_ptr<StudySchema> m_summarySchema;               //!< summary record (+ wall_s)
    std::shared_ptr<StudySchema> m_rowSchema;                   //!< rows, or nullptr
    std::string m_rowsName;                                     //!< name of the rows
    bool m_rowsInCsv{false};                                    //!< CSV line per row
    std::string m_csvFilter;                                    //!< row field selecting CSV rows
    int m_csvPrecision{6};                                      //!< CSV real digits
    std::vector<std::pair<std::string, std::string>> m_renamed; //!< (deprecated, current)
};

} // namespace ns3

#endif /* STUDY_DESCRIPTION_H */
