/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-record.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyRecord");

std::string
StudyFieldTypeName(StudyFieldType type)
{
    switch (type)
    {
    case StudyFieldType::INTEGER:
        return "integer";
    case StudyFieldType::UNSIGNED:
        return "unsigned";
    case StudyFieldType::REAL:
        return "real";
    case StudyFieldType::BOOLEAN:
        return "boolean";
    case StudyFieldType::TEXT:
        return "text";
    }
    return "?";
}

StudySchema&
StudySchema::Add(const std::string& name,
                 StudyFieldType type,
                 const std::string& unit,
                 const std::string& help)
{
    if (name.empty() || Find(name) >= 0)
    {
        chronometry::ReportConfigError(
            "StudySchema: field '" + name +
            "' is invalid; valid: a new, non-empty name (fields: " + ListNames() + ")");
    }
    m_fields.push_back(StudyField{name, type, unit, help});
    return *this;
}

StudySchema&
StudySchema::Integer(const std::string& name, const std::string& unit, const std::string& help)
{
    return Add(name, StudyFieldType::INTEGER, unit, help);
}

StudySchema&
StudySchema::Unsigned(const std::string& name, const std::string& unit, const std::string& help)
{
    return Add(name, StudyFieldType::UNSIGNED, unit, help);
}

StudySchema&
StudySchema::Real(const std::string& name, const std::string& unit, const std::string& help)
{
    return Add(name, StudyFieldType::REAL, unit, help);
}

StudySchema&
StudySchema::Boolean(const std::string& name, const std::string& help)
{
    return Add(name, StudyFieldType::BOOLEAN, "", help);
}

StudySchema&
StudySchema::Text(const std::string& name, const std::string& help)
{
    return Add(name, StudyFieldType::TEXT, "", help);
}

StudyField&
StudySchema::Last()
{
    NS_ABORT_MSG_IF(m_fields.empty(), "StudySchema: no field declared yet");
    return m_fields.back();
}

StudySchema&
StudySchema::Key()
{
    Last().key = true;
    return *this;
}

StudySchema&
StudySchema::NotInCsv()
{
    Last().csv = false;
    return *this;
}

StudySchema&
StudySchema::Quoted()
{
    NS_ABORT_MSG_IF(Last().type != StudyFieldType::TEXT,
                    "StudySchema: only a text field can be quoted (" << Last().name << ")");
    Last().quoted = true;
    return *this;
}

std::size_t
StudySchema::GetN() const
{
    return m_fields.size();
}

const StudyField&
StudySchema::Get(std::size_t i) const
{
    NS_ABORT_MSG_IF(i >= m_fields.size(), "StudySchema: field index " << i << " out of range");
    return m_fields[i];
}

int64_t
StudySchema::Find(const std::string& name) const
{
    for (std::size_t i = 0; i < m_fields.size(); ++i)
    {
        if (m_fields[i].name == name)
        {
            return static_cast<int64_t>(i);
        }
    }
    return -1;
}

std::string
StudySchema::ListNames() const
{
    std::string names;
    for (const auto& f : m_fields)
    {
        names += (names.empty() ? "" : ", ") + f.name;
    }
    return names;
}

std::vector<std::string>
StudySchema::CsvColumns() const
{
    std::vector<std::string> columns;
    for (const auto& f : m_fields)
    {
        if (f.csv)
        {
            columns.push_back(f.name);
        }
    }
    return columns;
}

StudyRecord::StudyRecord(std::shared_ptr<const StudySchema> schema)
    : m_schema(std::move(schema))
{
    NS_ABORT_MSG_IF(!m_schema, "StudyRecord: no schema");
    for (std::size_t i = 0; i < m_schema->GetN(); ++i)
    {
        switch (m_schema->Get(i).type)
        {
        case StudyFieldType::INTEGER:
            m_values.emplace_back(int64_t(0));
            break;
        case StudyFieldType::UNSIGNED:
            m_values.emplace_back(uint64_t(0));
            break;
        case StudyFieldType::REAL:
            m_values.emplace_back(0.0);
            break;
        case StudyFieldType::BOOLEAN:
            m_values.emplace_back(false);
            break;
        case StudyFieldType::TEXT:
            m_values.emplace_back(std::string());
            break;
        }
    }
}

const StudySchema&
StudyRecord::GetSchema() const
{
    NS_ABORT_MSG_IF(!m_schema, "StudyRecord: an empty record has no schema");
    return *m_schema;
}

std::size_t
StudyRecord::IndexOf(const std::string& field) const
{
    int64_t i = m_schema ? m_schema->Find(field) : -1;
    NS_ABORT_MSG_IF(i < 0,
                    "StudyRecord: no field '"
                        << field << "'; valid: " << (m_schema ? m_schema->ListNames() : "none"));
    return static_cast<std::size_t>(i);
}

bool
StudyRecord::Has(const std::string& field) const
{
    return m_schema && m_schema->Find(field) >= 0;
}

void
StudyRecord::SetNotApplicable(const std::string& field)
{
    m_values[IndexOf(field)] = std::monostate();
}

bool
StudyRecord::IsNotApplicable(const std::string& field) const
{
    return std::holds_alternative<std::monostate>(m_values[IndexOf(field)]);
}

const StudyValue&
StudyRecord::GetValue(std::size_t i) const
{
    NS_ABORT_MSG_IF(i >= m_values.size(), "StudyRecord: field index " << i << " out of range");
    return m_values[i];
}

void
StudyRecord::WrongKind(std::size_t i, const std::string& what) const
{
    NS_ABORT_MSG("StudyRecord: field '" << m_schema->Get(i).name << "' is "
                                        << StudyFieldTypeName(m_schema->Get(i).type) << ", not "
                                        << what);
}

void
StudyRecord::SetSigned(std::size_t i, int64_t value)
{
    switch (m_schema->Get(i).type)
    {
    case StudyFieldType::INTEGER:
        m_values[i] = value;
        return;
    case StudyFieldType::UNSIGNED:
        NS_ABORT_MSG_IF(value < 0,
                        "StudyRecord: field '" << m_schema->Get(i).name << "' is unsigned, not "
                                               << value);
        m_values[i] = static_cast<uint64_t>(value);
        return;
    case StudyFieldType::REAL:
        m_values[i] = static_cast<double>(value);
        return;
    case StudyFieldType::BOOLEAN:
        NS_ABORT_MSG_IF(value != 0 && value != 1,
                        "StudyRecord: field '" << m_schema->Get(i).name << "' is boolean, not "
                                               << value);
        m_values[i] = value == 1;
        return;
    case StudyFieldType::TEXT:
        WrongKind(i, "a number");
    }
}

void
StudyRecord::SetUnsigned(std::size_t i, uint64_t value)
{
    switch (m_schema->Get(i).type)
    {
    case StudyFieldType::INTEGER:
        NS_ABORT_MSG_IF(value > static_cast<uint64_t>(INT64_MAX),
                        "StudyRecord: field '" << m_schema->Get(i).name << "' overflows");
        m_values[i] = static_cast<int64_t>(value);
        return;
    case StudyFieldType::UNSIGNED:
        m_values[i] = value;
        return;
    case StudyFieldType::REAL:
        m_values[i] = static_cast<double>(value);
        return;
    case StudyFieldType::BOOLEAN:
        NS_ABORT_MSG_IF(value > 1,
                        "StudyRecord: field '" << m_schema->Get(i).name << "' is boolean, not "
                                               << value);
        m_values[i] = value == 1;
        return;
    case StudyFieldType::TEXT:
        WrongKind(i, "a number");
    }
}

void
StudyRecord::SetReal(std::size_t i, double value)
{
    NS_ABORT_MSG_IF(m_schema->Get(i).type != StudyFieldType::REAL,
                    "StudyRecord: field '" << m_schema->Get(i).name << "' is "
                                           << StudyFieldTypeName(m_schema->Get(i).type)
                                           << ": a real value would be rounded");
    m_values[i] = value;
}

void
StudyRecord::SetBoolean(std::size_t i, bool value)
{
    NS_ABORT_MSG_IF(m_schema->Get(i).type != StudyFieldType::BOOLEAN,
                    "StudyRecord: field '" << m_schema->Get(i).name << "' is "
                                           << StudyFieldTypeName(m_schema->Get(i).type)
                                           << ", not boolean");
    m_values[i] = value;
}

void
StudyRecord::SetText(std::size_t i, const std::string& value)
{
    if (m_schema->Get(i).type != StudyFieldType::TEXT)
    {
        WrongKind(i, "text");
    }
    m_values[i] = value;
}

double
StudyRecord::GetNumber(std::size_t i) const
{
    const StudyValue& v = m_values[i];
    if (const auto* d = std::get_if<double>(&v))
    {
        return *d;
    }
    if (const auto* b = std::get_if<bool>(&v))
    {
        return *b ? 1.0 : 0.0;
    }
    if (const auto* s = std::get_if<int64_t>(&v))
    {
        return static_cast<double>(*s);
    }
    if (const auto* u = std::get_if<uint64_t>(&v))
    {
        return static_cast<double>(*u);
    }
    if (std::holds_alternative<std::monostate>(v))
    {
        return std::numeric_limits<double>::quiet_NaN(); // not applicable
    }
    WrongKind(i, "a number");
}

std::string
StudyRecord::FormatCell(std::size_t i, int precision) const
{
    const StudyValue& v = GetValue(i);
    std::ostringstream os;
    os.precision(precision);
    if (const auto* d = std::get_if<double>(&v))
    {
        os << *d;
    }
    else if (const auto* b = std::get_if<bool>(&v))
    {
        os << (*b ? 1 : 0);
    }
    else if (const auto* s = std::get_if<int64_t>(&v))
    {
        os << *s;
    }
    else if (const auto* u = std::get_if<uint64_t>(&v))
    {
        os << *u;
    }
    else if (std::holds_alternative<std::monostate>(v))
    {
        return ""; // not applicable: an empty cell
    }
    else
    {
        const std::string& text = std::get<std::string>(v);
        if (m_schema->Get(i).quoted)
        {
            os << '"';
            for (char c : text)
            {
                os << (c == '"' ? "\"\"" : std::string(1, c)); // RFC 4180: a quote is doubled
            }
            os << '"';
        }
        else
        {
            os << text;
        }
    }
    return os.str();
}

std::string
StudyRecord::Format(std::size_t i) const
{
    if (std::holds_alternative<std::monostate>(GetValue(i)))
    {
        return "n/a";
    }
    return FormatCell(i, 6);
}

} // namespace ns3
