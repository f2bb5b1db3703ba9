/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The studies from Python, generated from their declarations (study/*-study.cc): one entry,
// run_study(name, **parameters), plus run_<name>_study aliases; studies() describes every
// study's parameters (keyword, type, default, range, unit) and records, which the sweep uses to
// check a grid before it runs.  Keywords are the parameters' Attribute names in snake_case, a
// Time with "_ns" and an int of nanoseconds.
#include "chronometry-py.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/string.h"
#include "ns3/study-runner.h"
#include "ns3/uinteger.h"

#include <cctype>
#include <map>

namespace py = pybind11;

namespace
{

using namespace ns3;

/**
 * \param v a record value
 * \return it as a Python object
 */
py::object
ToPython(const StudyValue& v)
{
    if (const auto* s = std::get_if<int64_t>(&v))
    {
        return py::int_(*s);
    }
    if (const auto* u = std::get_if<uint64_t>(&v))
    {
        return py::int_(*u);
    }
    if (const auto* d = std::get_if<double>(&v))
    {
        return py::float_(*d);
    }
    if (const auto* b = std::get_if<bool>(&v))
    {
        return py::bool_(*b);
    }
    return py::str(std::get<std::string>(v));
}

/**
 * \param record a record
 * \param into the dict to add its fields to
 */
void
AddFields(const StudyRecord& record, py::dict& into)
{
    for (std::size_t i = 0; i < record.GetSchema().GetN(); ++i)
    {
        into[py::str(record.GetSchema().Get(i).name)] = ToPython(record.GetValue(i));
    }
}

/**
 * \param d a study
 * \param message a configuration error
 * \return the Python keywords of the parameters the message names ("ns3::ReplayStudy::Skew"),
 *         in the order they appear, joined by ", "
 */
std::string
KeywordsIn(const StudyDescription& d, const std::string& message)
{
    std::map<std::size_t, std::string> found;
    for (const auto& p : d.GetParameters())
    {
        std::string path = d.GetTypeId().GetName() + "::" + p.attribute;
        for (std::size_t at = message.find(path); at != std::string::npos;
             at = message.find(path, at + 1))
        {
            std::size_t end = at + path.size();
            if (end == message.size() ||
                !(std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '_'))
            {
                found.emplace(at, p.keyword);
                break;
            }
        }
    }
    std::string keywords;
    for (const auto& [at, keyword] : found)
    {
        if (keywords.find(keyword) == std::string::npos)
        {
            keywords += (keywords.empty() ? "" : ", ") + keyword;
        }
    }
    return keywords;
}

/**
 * Run a configuration step; a ConfigError it raises names the Python keywords first
 * ("skew_ns, interval_ns: ns3::ReplayStudy::Skew = 1ms is invalid; valid: a multiple of ...").
 * \param d the study
 * \param body the step
 */
template <typename F>
auto
NamingKeywords(const StudyDescription& d, F&& body) -> decltype(body())
{
    try
    {
        return body();
    }
    catch (const chronometry::ConfigError& e)
    {
        std::string keywords = KeywordsIn(d, e.what());
        if (keywords.empty())
        {
            throw;
        }
        throw chronometry::ConfigError(keywords + ": " + e.what());
    }
}

/**
 * \param d the study
 * \param p one of its parameters
 * \param v the value given in Python
 * \return the value as the parameter's AttributeValue; TypeError for a value of the wrong type,
 *         ValueError for a negative count
 */
Ptr<AttributeValue>
FromPython(const StudyDescription& d, const StudyParameter& p, py::handle v)
{
    auto wrongType = [&](const std::string& expected) {
        return py::type_error(p.keyword + " = " + std::string(py::repr(v)) +
                              " has the wrong type; " + "valid: " + expected);
    };
    const bool isBool = PyBool_Check(v.ptr());
    const bool isInt = !isBool && PyIndex_Check(v.ptr()) && !PyFloat_Check(v.ptr());
    if (p.time || p.type == StudyFieldType::UNSIGNED)
    {
        if (!isInt)
        {
            throw wrongType(p.time ? "an int of nanoseconds (a float is refused rather than "
                                     "rounded)"
                                   : "an int");
        }
        py::int_ value = py::reinterpret_borrow<py::object>(v);
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
        bool negative = overflow < 0 || (overflow == 0 && x < 0);
        if (p.time && overflow == 0)
        {
            return Create<TimeValue>(NanoSeconds(x));
        }
        if (!p.time && !negative)
        {
            unsigned long long u = PyLong_AsUnsignedLongLong(value.ptr());
            if (!PyErr_Occurred())
            {
                return Create<UintegerValue>(u);
            }
            PyErr_Clear();
        }
        chronometry::ReportConfigError(d.GetTypeId().GetName() + "::" + p.attribute + " = " +
                                       std::string(py::str(v)) +
                                       " is invalid; valid range: " + d.GetRange(p));
    }
    if (p.type == StudyFieldType::REAL)
    {
        if (isBool || !(isInt || PyFloat_Check(v.ptr())))
        {
            throw wrongType("a number");
        }
        return Create<DoubleValue>(py::cast<double>(v));
    }
    if (p.type == StudyFieldType::BOOLEAN)
    {
        if (!isBool)
        {
            throw wrongType("True or False");
        }
        return Create<BooleanValue>(py::cast<bool>(v));
    }
    if (!py::isinstance<py::str>(v))
    {
        throw wrongType("a str, one of " + d.GetRange(p));
    }
    return Create<StringValue>(py::cast<std::string>(v));
}

/**
 * \param name a study name
 * \param rows include the rows: None = when they are the study's CSV lines
 * \param kw the parameters
 * \return the result as a dict
 */
py::dict
RunStudy(const std::string& name, const py::object& rows, const py::kwargs& kw)
{
    const StudyDescription& d = StudyDescription::Get(name); // ValueError: the valid names
    Ptr<Study> study = d.Create();
    for (auto item : kw)
    {
        std::string keyword = py::str(item.first);
        const StudyParameter* p = d.FindParameter(keyword);
        if (p == nullptr || p->keyword != keyword)
        {
            throw py::value_error("run_study('" + name + "'): unknown parameter '" + keyword +
                                  "'; valid: " + d.ListKeywords());
        }
        NamingKeywords(d, [&] {
            Ptr<AttributeValue> value = FromPython(d, *p, item.second);
            study->SetAttribute(p->attribute, *value); // the checker refuses it out of range
        });
    }
    if (!rows.is_none() && !PyBool_Check(rows.ptr()))
    {
        throw py::type_error("rows = " + std::string(py::repr(rows)) +
                             " has the wrong type; valid: True, False or None");
    }
    NamingKeywords(d, [&] { study->Validate(); }); // before anything is built
    StudyResult r = NamingKeywords(d, [&] {
        py::gil_scoped_release release;
        return StudyRunner::Run(study);
    });
    py::dict out;
    AddFields(r.GetParameters(), out); // every parameter of the point, the defaults too
    AddFields(r.GetSummary(), out);
    bool withRows = d.GetRowSchema() && (rows.is_none() ? d.GetRowsInCsv() : rows.cast<bool>());
    if (withRows)
    {
        py::list list;
        for (const auto& row : r.GetRows())
        {
            py::dict x;
            AddFields(row, x);
            list.append(x);
        }
        out[py::str(d.GetRowsName())] = list;
    }
    std::vector<std::string> lines = r.GetCsvLines();
    if (d.GetRowsInCsv())
    {
        std::string text;
        for (std::size_t i = 0; i < lines.size(); ++i)
        {
            text += (i ? "\n" : "") + lines[i];
        }
        out["csv_rows"] = text;
    }
    else
    {
        out["csv_row"] = lines.front();
    }
    return out;
}

/**
 * \param schema a schema
 * \return its fields as a list of dicts
 */
py::list
Fields(const StudySchema& schema)
{
    py::list fields;
    for (std::size_t i = 0; i < schema.GetN(); ++i)
    {
        const StudyField& f = schema.Get(i);
        py::dict x;
        x["name"] = f.name;
        x["type"] = StudyFieldTypeName(f.type);
        x["unit"] = f.unit;
        x["help"] = f.help;
        x["key"] = f.key;
        x["csv"] = f.csv;
        fields.append(x);
    }
    return fields;
}

/**
 * \param d a study
 * \return what it declares, for Python
 */
py::dict
Describe(const StudyDescription& d)
{
    py::dict out;
    out["type_id"] = d.GetTypeId().GetName();
    out["help"] = d.GetHelp();
    py::list parameters;
    for (const auto& p : d.GetParameters())
    {
        TypeId::AttributeInformation info = d.GetAttributeInformation(p);
        py::dict x;
        x["keyword"] = p.keyword;
        x["attribute"] = p.attribute;
        x["type"] = p.time ? "time" : StudyFieldTypeName(p.type);
        const AttributeValue& initial = *info.initialValue;
        if (const auto* t = dynamic_cast<const TimeValue*>(&initial))
        {
            x["default"] = t->Get().GetNanoSeconds();
        }
        else if (const auto* u = dynamic_cast<const UintegerValue*>(&initial))
        {
            x["default"] = u->Get();
        }
        else if (const auto* r = dynamic_cast<const DoubleValue*>(&initial))
        {
            x["default"] = r->Get();
        }
        else if (const auto* b = dynamic_cast<const BooleanValue*>(&initial))
        {
            x["default"] = b->Get();
        }
        else
        {
            x["default"] = StudyDescription::FormatValue(p, initial);
        }
        x["range"] = d.GetRange(p);
        x["unit"] = d.GetUnit(p);
        x["help"] = info.help;
        parameters.append(x);
    }
    out["parameters"] = parameters;
    out["summary"] = Fields(*d.GetSummarySchema());
    if (d.GetRowSchema())
    {
        py::dict rows;
        rows["name"] = d.GetRowsName();
        rows["fields"] = Fields(*d.GetRowSchema());
        rows["in_csv"] = d.GetRowsInCsv();
        rows["csv_filter"] = d.GetCsvFilter();
        out["rows"] = rows;
    }
    else
    {
        out["rows"] = py::none();
    }
    out["csv_header"] = d.GetCsvHeader();
    return out;
}

} // namespace

void
chronometry_py::RegisterStudy(py::module_& m)
{
    using namespace ns3;
    m.def(
        "run_study",
        [](const std::string& study, const py::object& rows, const py::kwargs& kw) {
            return RunStudy(study, rows, kw);
        },
        py::arg("study"),
        py::kw_only(),
        py::arg("rows") = py::none(),
        "Run one point of a study (see studies()) in ns-3 and return its measurements: the "
        "summary fields, the rows (always for a study whose CSV has a line per row, with "
        "rows=True for the others) and the CSV line(s) the C++ programs write for the same "
        "parameters. Keywords are the parameters' (times in int nanoseconds); an unknown "
        "keyword or a value out of range is a ValueError naming it and what is valid, a value "
        "of the wrong type a TypeError.");
    m.def(
        "studies",
        []() {
            py::dict out;
            for (const auto& name : StudyDescription::GetNames())
            {
                out[py::str(name)] = Describe(StudyDescription::Get(name));
            }
            return out;
        },
        "Every study: its parameters (keyword, attribute, type, default, range, unit, help), "
        "its summary fields, its rows and its CSV header.");
    py::dict runners;
    for (const auto& name : StudyDescription::GetNames())
    {
        std::string alias = "run_" + name + "_study";
        m.def(
            alias.c_str(),
            [name](const py::object& rows, const py::kwargs& kw) {
                return RunStudy(name, rows, kw);
            },
            py::kw_only(),
            py::arg("rows") = py::none(),
            ("run_study('" + name + "', **parameters): " + StudyDescription::Get(name).GetHelp())
                .c_str());
        std::string upper;
        for (char c : name)
        {
            upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        m.attr((upper + "_STUDY_CSV_HEADER").c_str()) = StudyDescription::Get(name).GetCsvHeader();
        runners[py::str(alias)] = name;
    }
    m.attr("STUDY_RUNNERS") = runners;
}
