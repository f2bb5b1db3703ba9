/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-description.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyDescription");

namespace
{

/** \return the registry: short name -> description */
std::map<std::string, std::unique_ptr<StudyDescription>>&
Registry()
{
    static std::map<std::string, std::unique_ptr<StudyDescription>> registry;
    return registry;
}

/**
 * \param unit Time::NS, US, MS or S
 * \return {suffix, nanoseconds per unit}
 */
std::pair<std::string, int64_t>
UnitOfTime(Time::Unit unit)
{
    switch (unit)
    {
    case Time::NS:
        return {"ns", 1};
    case Time::US:
        return {"us", 1000};
    case Time::MS:
        return {"ms", 1000000};
    case Time::S:
        return {"s", 1000000000};
    default:
        NS_ABORT_MSG("StudyCsvColumn: a Time column is in ns, us, ms or s");
    }
}

/**
 * \param p a parameter with a CSV column
 * \return the column name
 */
std::string
ColumnName(const StudyParameter& p)
{
    if (p.csv.kind == StudyCsvColumn::TIME)
    {
        return p.keyword.substr(0, p.keyword.size() - 3) + "_" + UnitOfTime(p.csv.unit).first;
    }
    return p.keyword;
}

/**
 * \param cells CSV cells
 * \return them joined by commas
 */
std::string
Join(const std::vector<std::string>& cells)
{
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i)
    {
        line += (i ? "," : "") + cells[i];
    }
    return line;
}

/**
 * \param value an integer
 * \param per a power of ten
 * \return value / per written exactly as a decimal number ("1.5", "-0.001", "8")
 */
std::string
ExactDecimal(int64_t value, int64_t per)
{
    bool negative = value < 0;
    // magnitude in unsigned arithmetic: |INT64_MIN| does not fit an int64_t
    uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    std::string out = (negative ? "-" : "") + std::to_string(magnitude / per);
    uint64_t fraction = magnitude % per;
    if (fraction != 0)
    {
        std::string digits = std::to_string(fraction);
        std::string places = std::to_string(per).substr(1); // "000" for 1000
        digits.insert(0, places.size() - digits.size(), '0');
        digits.erase(digits.find_last_not_of('0') + 1);
        out += "." + digits;
    }
    return out;
}

} // namespace

StudyCsvColumn
StudyCsvColumn::Plain()
{
    return StudyCsvColumn{};
}

StudyCsvColumn
StudyCsvColumn::In(Time::Unit unit)
{
    StudyCsvColumn c;
    c.kind = TIME;
    c.unit = unit;
    UnitOfTime(unit); // refuses other units at declaration
    return c;
}

StudyDescription::StudyDescription(const std::string& name, TypeId tid, const std::string& help)
    : m_name(name),
      m_tid(tid),
      m_help(help)
{
}

const std::string&
StudyDescription::GetName() const
{
    return m_name;
}

TypeId
StudyDescription::GetTypeId() const
{
    return m_tid;
}

const std::string&
StudyDescription::GetHelp() const
{
    return m_help;
}

const std::vector<StudyParameter>&
StudyDescription::GetParameters() const
{
    return m_parameters;
}

const StudyParameter*
StudyDescription::FindParameter(const std::string& attributeOrKeyword) const
{
    const std::string renamed = RenamedFrom(attributeOrKeyword);
    const std::string& name = renamed.empty() ? attributeOrKeyword : renamed;
    for (const auto& p : m_parameters)
    {
        if (p.attribute == name || p.keyword == name)
        {
            return &p;
        }
    }
    return nullptr;
}

std::string
StudyDescription::RenamedFrom(const std::string& name) const
{
    for (const auto& [old, current] : m_renamed)
    {
        const std::string snake = SnakeCase(old);
        for (const auto& p : m_parameters)
        {
            if (p.attribute == current &&
                (name == old || name == snake + (p.time ? "_ns" : "") || (p.time && name == snake)))
            {
                return current;
            }
        }
    }
    return "";
}

const std::vector<std::pair<std::string, std::string>>&
StudyDescription::GetRenamed() const
{
    return m_renamed;
}

std::string
StudyDescription::ListAttributes() const
{
    std::string names;
    for (const auto& p : m_parameters)
    {
        names += (names.empty() ? "" : ", ") + p.attribute;
    }
    return names;
}

std::string
StudyDescription::ListKeywords() const
{
    std::string names;
    for (const auto& p : m_parameters)
    {
        names += (names.empty() ? "" : ", ") + p.keyword;
    }
    return names;
}

TypeId::AttributeInformation
StudyDescription::GetAttributeInformation(const StudyParameter& p) const
{
    TypeId::AttributeInformation info;
    bool found = m_tid.LookupAttributeByName(p.attribute, &info);
    NS_ABORT_MSG_IF(!found, m_tid.GetName() << " has no Attribute " << p.attribute);
    return info;
}

std::string
StudyDescription::GetRange(const StudyParameter& p) const
{
    Ptr<const AttributeChecker> checker = GetAttributeInformation(p).checker;
    std::string range = chronometry::DescribeRangeOf(checker);
    if (range.empty() && p.type == StudyFieldType::TEXT && checker->HasUnderlyingTypeInformation())
    {
        // an ns-3 EnumChecker lists its names as "A|B|C"
        range = checker->GetUnderlyingTypeInformation();
        for (std::size_t at = range.find('|'); at != std::string::npos; at = range.find('|', at))
        {
            range.replace(at, 1, ", ");
        }
    }
    return range;
}

std::string
StudyDescription::GetUnit(const StudyParameter& p) const
{
    return p.time ? "ns" : chronometry::UnitOf(GetAttributeInformation(p).checker);
}

std::shared_ptr<const StudySchema>
StudyDescription::GetParameterSchema() const
{
    return m_parameterSchema;
}

std::shared_ptr<const StudySchema>
StudyDescription::GetSummarySchema() const
{
    return m_summarySchema;
}

std::shared_ptr<const StudySchema>
StudyDescription::GetRowSchema() const
{
    return m_rowSchema;
}

const std::string&
StudyDescription::GetRowsName() const
{
    return m_rowsName;
}

bool
StudyDescription::GetRowsInCsv() const
{
    return m_rowsInCsv;
}

const std::string&
StudyDescription::GetCsvFilter() const
{
    return m_csvFilter;
}

int
StudyDescription::GetCsvPrecision() const
{
    return m_csvPrecision;
}

std::vector<std::string>
StudyDescription::GetParameterCsvColumns() const
{
    std::vector<std::string> columns;
    for (const auto& p : m_parameters)
    {
        columns.push_back(ColumnName(p));
    }
    return columns;
}

std::string
StudyDescription::GetCsvHeader() const
{
    std::vector<std::string> columns = GetParameterCsvColumns();
    for (const auto& c : (m_rowsInCsv ? m_rowSchema : m_summarySchema)->CsvColumns())
    {
        columns.push_back(c);
    }
    return Join(columns);
}

std::string
StudyDescription::GetRowCsvHeader(bool withParameters) const
{
    NS_ABORT_MSG_IF(!m_rowSchema, "study " << m_name << " has no rows");
    std::vector<std::string> columns;
    if (withParameters)
    {
        columns = GetParameterCsvColumns();
    }
    for (const auto& c : m_rowSchema->CsvColumns())
    {
        columns.push_back(c);
    }
    return Join(columns);
}

std::vector<StudyCsvColumnInfo>
StudyDescription::DescribeCsvColumns() const
{
    std::vector<StudyCsvColumnInfo> columns;
    for (const auto& p : m_parameters)
    {
        std::string unit =
            p.csv.kind == StudyCsvColumn::TIME ? UnitOfTime(p.csv.unit).first : GetUnit(p);
        columns.push_back({ColumnName(p),
                           unit,
                           GetAttributeInformation(p).help + " (--" + p.attribute + ")",
                           true});
    }
    const StudySchema& results = *(m_rowsInCsv ? m_rowSchema : m_summarySchema);
    for (std::size_t i = 0; i < results.GetN(); ++i)
    {
        const StudyField& f = results.Get(i);
        if (f.csv)
        {
            columns.push_back({f.name, f.unit, f.help, false});
        }
    }
    return columns;
}

void
StudyDescription::SetApplicability(const std::string& condition,
                                   const std::vector<std::string>& values,
                                   const std::vector<std::string>& parameters)
{
    const StudyParameter* deciding = FindParameter(condition);
    NS_ABORT_MSG_IF(deciding == nullptr || deciding->attribute != condition,
                    "study " << m_name << ": ApplicableWhen: no parameter " << condition);
    for (const auto& name : parameters)
    {
        auto it = std::find_if(m_parameters.begin(), m_parameters.end(), [&name](const auto& p) {
            return p.attribute == name;
        });
        NS_ABORT_MSG_IF(it == m_parameters.end() || name == condition,
                        "study " << m_name << ": ApplicableWhen: no parameter " << name);
        it->condition = condition;
        it->conditionValues = values;
    }
}

bool
StudyDescription::IsApplicable(const StudyParameter& p, const StudyRecord& parameters) const
{
    if (p.condition.empty())
    {
        return true;
    }
    const StudyParameter* deciding = FindParameter(p.condition);
    std::string value = parameters.Get<std::string>(deciding->keyword);
    return std::find(p.conditionValues.begin(), p.conditionValues.end(), value) !=
           p.conditionValues.end();
}

std::vector<std::string>
StudyDescription::ParameterCsvCells(const StudyRecord& parameters) const
{
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < m_parameters.size(); ++i)
    {
        const StudyParameter& p = m_parameters[i];
        if (!IsApplicable(p, parameters))
        {
            cells.emplace_back(); // not a setting of this run
        }
        else if (p.csv.kind == StudyCsvColumn::TIME)
        {
            cells.push_back(
                ExactDecimal(parameters.Get<int64_t>(p.keyword), UnitOfTime(p.csv.unit).second));
        }
        else
        {
            cells.push_back(parameters.FormatCell(i, m_csvPrecision));
        }
    }
    return cells;
}

std::string
StudyDescription::SnakeCase(const std::string& attribute)
{
    std::string out;
    for (std::size_t i = 0; i < attribute.size(); ++i)
    {
        char c = attribute[i];
        bool upper = std::isupper(static_cast<unsigned char>(c));
        if (upper && i > 0 &&
            (std::islower(static_cast<unsigned char>(attribute[i - 1])) ||
             std::isdigit(static_cast<unsigned char>(attribute[i - 1]))))
        {
            out += '_';
        }
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

const StudyDescription&
StudyDescription::Register(std::unique_ptr<StudyDescription> d)
{
    NS_ABORT_MSG_IF(!d, "StudyDescription::Register: nothing to register");
    auto fail = [&d](const std::string& why) {
        NS_ABORT_MSG("study '" << d->m_name << "' (" << d->m_tid.GetName() << "): " << why);
    };
    if (d->m_name.empty() || Registry().count(d->m_name))
    {
        fail("the name is empty or taken");
    }
    if (!d->FindParameter("Seed") || !d->FindParameter("Run"))
    {
        fail("declare Seed() and Run(): the runner applies them");
    }
    // The parameter record: Python keywords, Times as integer nanoseconds.
    auto schema = std::make_shared<StudySchema>();
    for (const auto& p : d->m_parameters)
    {
        std::string help = d->m_tid.GetName() + "::" + p.attribute;
        switch (p.type)
        {
        case StudyFieldType::INTEGER:
            schema->Integer(p.keyword, "ns", help);
            break;
        case StudyFieldType::UNSIGNED:
            schema->Unsigned(p.keyword, "", help);
            break;
        case StudyFieldType::REAL:
            schema->Real(p.keyword, "", help);
            break;
        case StudyFieldType::BOOLEAN:
            schema->Boolean(p.keyword, help);
            break;
        case StudyFieldType::TEXT:
            schema->Text(p.keyword, help);
            break;
        }
        if (p.keyword == "rows" || p.keyword == "study")
        {
            fail("'" + p.keyword + "' is a keyword of run_study itself");
        }
    }
    d->m_parameterSchema = schema;
    d->m_summarySchema->Real("wall_s",
                             "s",
                             "wall-clock time of the run (the host's, not simulated)");
    for (const auto& p : d->m_parameters)
    {
        if (d->m_summarySchema->Find(p.keyword) >= 0 ||
            (d->m_rowSchema && d->m_rowSchema->Find(p.keyword) >= 0))
        {
            fail("result field '" + p.keyword + "' has the name of a parameter's keyword");
        }
    }
    // Every CSV column has its own name: the parameters' (all of them) before the results'.
    std::set<std::string> columns;
    for (const auto& c : d->GetParameterCsvColumns())
    {
        if (!columns.insert(c).second)
        {
            fail("two parameters share the CSV column '" + c + "'");
        }
    }
    for (const auto& c : (d->m_rowsInCsv ? d->m_rowSchema : d->m_summarySchema)->CsvColumns())
    {
        if (!columns.insert(c).second)
        {
            fail("the result column '" + c + "' has the name of another CSV column");
        }
    }
    if (d->m_rowSchema && d->m_rowSchema->Find(d->m_rowsName) >= 0)
    {
        fail("a row field has the name of the rows");
    }
    // Python returns the parameters, the summary and the rows in one dict.
    if (d->m_rowSchema &&
        (d->FindParameter(d->m_rowsName) || d->m_summarySchema->Find(d->m_rowsName) >= 0))
    {
        fail("the rows' name '" + d->m_rowsName + "' is a parameter's keyword or a summary field");
    }
    if (!d->m_csvFilter.empty())
    {
        int64_t f = d->m_rowSchema ? d->m_rowSchema->Find(d->m_csvFilter) : -1;
        if (f < 0 || d->m_rowSchema->Get(f).type != StudyFieldType::BOOLEAN)
        {
            fail("the CSV filter '" + d->m_csvFilter + "' is not a boolean row field");
        }
    }
    if (d->m_rowsInCsv && !d->m_rowSchema)
    {
        fail("a CSV line per row needs Rows()");
    }
    std::string name = d->m_name;
    auto& slot = Registry()[name];
    slot = std::move(d);
    return *slot;
}

const StudyDescription*
StudyDescription::Find(const std::string& name)
{
    auto it = Registry().find(name);
    return it == Registry().end() ? nullptr : it->second.get();
}

const StudyDescription&
StudyDescription::Get(const std::string& name)
{
    const StudyDescription* d = Find(name);
    if (d == nullptr)
    {
        std::string names;
        for (const auto& n : GetNames())
        {
            names += (names.empty() ? "" : ", ") + n;
        }
        chronometry::ReportConfigError("study '" + name + "' is invalid; valid values: " + names);
    }
    return *d;
}

const StudyDescription&
StudyDescription::Get(TypeId tid)
{
    for (const auto& [name, d] : Registry())
    {
        if (d->m_tid == tid)
        {
            return *d;
        }
    }
    NS_ABORT_MSG(tid.GetName() << " is not a declared study (see StudyDeclaration)");
}

std::vector<std::string>
StudyDescription::GetNames()
{
    std::vector<std::string> names;
    for (const auto& [name, d] : Registry())
    {
        names.push_back(name);
    }
    return names;
}

} // namespace ns3
