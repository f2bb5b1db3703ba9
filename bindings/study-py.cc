/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The studies from Python, generated from their declarations (study/studies/*-study.cc): one
// entry, run_study(name, **parameters), plus run_<name>_study aliases; studies() describes
// every study's parameters (keyword, type, default, range, unit) and records, which the sweep
// uses to check a grid before it runs; check_study(name, **parameters) configures and
// validates a point without running it; estimate_study_events, its cost before it runs.
// Keywords are the parameters' Attribute names in snake_case; a Time has two: "delay" takes it
// with its unit ("8us", a timedelta), "delay_ns" as an int of nanoseconds (or with its unit).
#include "study-py.h"

#include "ns3/study-console.h"
#include "ns3/study.h"

#include <cctype>
#include <map>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace
{

using namespace ns3;
using namespace chronometry_py::study;

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
    if (std::holds_alternative<std::monostate>(v))
    {
        return py::none(); // not applicable in this run
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
 * \param rows the rows argument of run_study
 * TypeError unless it is True, False or None.
 */
void
CheckRows(const py::object& rows)
{
    if (!rows.is_none() && !PyBool_Check(rows.ptr()))
    {
        throw py::type_error("rows = " + std::string(py::repr(rows)) +
                             " has the wrong type; valid: True, False or None");
    }
}

/**
 * \param name a study name
 * \param rows the rows argument of run_study (only checked)
 * \param kw the parameters
 * \return the parameters in canonical form (see Configure); nothing is built or run
 */
py::dict
CheckStudy(const std::string& name, const py::object& rows, const py::kwargs& kw)
{
    const StudyDescription& d = StudyDescription::Get(name); // ValueError: the valid names
    GivenKeywords given;
    py::dict canonical = Configure(name, d.Create(), kw, given);
    CheckRows(rows);
    return canonical;
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
    GivenKeywords given;
    Configure(name, study, kw, given);
    CheckRows(rows);
    StudyResult r = NamingKeywords(d, given, [&] {
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
        x["unit_keyword"] = p.time ? py::object(py::str(UnitKeyword(p))) : py::object(py::none());
        x["attribute"] = p.attribute;
        py::list deprecated; // a renamed parameter's old keywords, for one release
        for (const auto& [old, current] : d.GetRenamed())
        {
            if (current == p.attribute)
            {
                const std::string snake = StudyDescription::SnakeCase(old);
                deprecated.append(snake + (p.time ? "_ns" : ""));
                if (p.time)
                {
                    deprecated.append(snake);
                }
            }
        }
        x["deprecated_keywords"] = deprecated;
        x["type"] = p.time ? "time" : StudyFieldTypeName(p.type);
        x["default"] = DefaultOf(d, p);
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

/**
 * \param name a study name
 * \return it in upper case ("RELATION-GRAPH")
 */
std::string
Upper(const std::string& name)
{
    std::string upper;
    for (char c : name)
    {
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return upper;
}

/**
 * Refuse, when the module is imported, a study whose Time parameter's unit keyword ("delay" of
 * "delay_ns") is another parameter's keyword.
 * \param d a study
 */
void
CheckUnitKeywords(const StudyDescription& d)
{
    for (const auto& p : d.GetParameters())
    {
        bool unit = false;
        if (p.time && FindKeyword(d, UnitKeyword(p), unit) != &p)
        {
            throw std::logic_error("study '" + d.GetName() + "': the unit keyword '" +
                                   UnitKeyword(p) + "' of " + p.keyword +
                                   " is another parameter's keyword");
        }
    }
}

/**
 * The module's __getattr__ (PEP 562) for the names that were not Python identifiers
 * ("run_relation-graph_study", reachable with getattr only): each is its identifier's
 * ("run_relation_graph_study"), with a DeprecationWarning.  Kept for one release.
 * \param m the module
 * \param renamed old name -> new name
 */
void
RegisterRenamed(py::module_& m, const std::map<std::string, std::string>& renamed)
{
    py::handle module = m; // the module outlives its functions
    m.def(
        "__getattr__",
        [module, renamed](const std::string& name) -> py::object {
            auto it = renamed.find(name);
            if (it == renamed.end())
            {
                throw py::attribute_error("module 'chronometry' has no attribute '" + name + "'");
            }
            std::string message = "chronometry." + name +
                                  " is deprecated (not a Python identifier); use chronometry." +
                                  it->second;
            if (PyErr_WarnEx(PyExc_DeprecationWarning, message.c_str(), 1) != 0)
            {
                throw py::error_already_set(); // warnings turned into errors
            }
            return module.attr(it->second.c_str());
        },
        py::arg("name"),
        "The names of studies whose name is not an identifier, under their former spelling "
        "(deprecated).");
}

/**
 * Per study: run_<name>_study (the name as an identifier: run_relation_graph_study),
 * <NAME>_STUDY_CSV_HEADER, an entry of STUDY_RUNNERS (alias -> study); a name that was not an
 * identifier stays reachable under its former spelling (RegisterRenamed).
 * \param m the module
 */
void
RegisterPerStudyNames(py::module_& m)
{
    py::dict runners;
    std::map<std::string, std::string> renamed;
    for (const auto& name : StudyDescription::GetNames())
    {
        const StudyDescription& d = StudyDescription::Get(name);
        CheckUnitKeywords(d);
        std::string alias = "run_" + Identifier(name) + "_study";
        std::string header = Upper(Identifier(name)) + "_STUDY_CSV_HEADER";
        if (runners.contains(alias))
        {
            throw std::logic_error("study '" + name + "': " + alias + " is another study's");
        }
        // The implementation, and around it the function with the study's real signature and
        // a docstring generated from the declarations (help(), inspect.signature).
        py::cpp_function impl([name](const py::object& rows,
                                     const py::kwargs& kw) { return RunStudy(name, rows, kw); },
                              py::name(alias.c_str()),
                              py::kw_only(),
                              py::arg("rows") = py::none(),
                              ("run_study('" + name + "', **parameters): " + d.GetHelp()).c_str());
        m.attr(alias.c_str()) = SignedRunner(m, d, impl);
        m.attr(header.c_str()) = d.GetCsvHeader();
        runners[py::str(alias)] = name;
        if (Identifier(name) != name)
        {
            renamed["run_" + name + "_study"] = alias;
            renamed[Upper(name) + "_STUDY_CSV_HEADER"] = header;
        }
    }
    m.attr("STUDY_RUNNERS") = runners;
    RegisterRenamed(m, renamed);
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
        "Run one point of a study (see studies()) in ns-3 and return its measurements.\n"
        "\n"
        "The result holds the summary fields, the rows (always for a study whose CSV has a line "
        "per row,\n"
        "with rows=True for the others) and the CSV line(s) the C++ programs write for the same\n"
        "parameters. A time is given with its unit, delay='8us' (the command line's grammar), a\n"
        "datetime.timedelta or a numpy.timedelta64, or as delay_ns=<int nanoseconds> (which also "
        "takes\n"
        "those): a bare number under delay is refused.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "study : str\n"
        "    The study's name, as studies() lists it ('replay', 'relation-graph', ...).\n"
        "rows : bool or None, default None\n"
        "    Include the rows (None: when they are the CSV's lines).\n"
        "**kwargs\n"
        "    The study's parameters by keyword (see studies() or run_<name>_study's signature).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "dict\n"
        "    Every parameter, then the results: the study's <Name>StudyResult (its overloads in "
        "the\n"
        "    stubs say which).\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown study or keyword, both keywords of a time, or a value out of range, "
        "naming the\n"
        "    keyword and what is valid.\n"
        "TypeError\n"
        "    A value of the wrong type.");
    m.def(
        "check_study",
        [](const std::string& study, const py::object& rows, const py::kwargs& kw) {
            return CheckStudy(study, rows, kw);
        },
        py::arg("study"),
        py::kw_only(),
        py::arg("rows") = py::none(),
        "Check one point of a study as run_study would, without building or running anything.\n"
        "\n"
        "Every keyword's type and range is checked, then the study's checks across parameters "
        "(e.g.\n"
        "replay's SkewBound a multiple of Interval).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "study : str\n"
        "    The study's name.\n"
        "rows : bool or None, default None\n"
        "    As run_study's.\n"
        "**kwargs\n"
        "    The study's parameters by keyword.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "dict\n"
        "    The keywords in canonical form: each time under its _ns keyword as an int of "
        "nanoseconds\n"
        "    (delay='8us' -> delay_ns=8000), the other values as given.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    As run_study: an unknown study or keyword, or a value out of range.\n"
        "TypeError\n"
        "    A value of the wrong type.");
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
        "Every study's declaration: its parameters, result fields, rows and CSV header.\n"
        "\n"
        "A time's keyword is delay_ns (int nanoseconds) and its unit_keyword delay (a time with "
        "its\n"
        "unit); unit_keyword is None for the other parameters.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "dict of str to StudyDescription\n"
        "    Study name -> its TypeId, help, parameters (keyword, unit_keyword, attribute, "
        "type,\n"
        "    default, range, unit, help), summary fields, rows and CSV header.");
    RegisterPerStudyNames(m);
}

/**
 * A study's cost, estimated from its keywords before it runs (what a sweep prints first).
 * \param m the module
 */
void
chronometry_py::RegisterStudyCost(py::module_& m)
{
    m.def(
        "estimate_study_events",
        [](const std::string& name, const py::kwargs& kw) {
            const ns3::StudyDescription& d = ns3::StudyDescription::Get(name);
            ns3::Ptr<ns3::Study> study = d.Create();
            chronometry_py::study::GivenKeywords given;
            chronometry_py::study::Configure(name, study, kw, given);
            return study->EstimateEvents();
        },
        py::arg("study"),
        "The simulator events one point of a study is estimated to run, before it runs.\n"
        "\n"
        "Times: multiply by SECONDS_PER_EVENT_PRIOR until a point has finished.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "study : str\n"
        "    The study's name.\n"
        "**kwargs\n"
        "    The point's parameters (checked as run_study checks them).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "float\n"
        "    The estimated events; NaN when the study has no cost model (then a sweep estimates "
        "from\n"
        "    the points it has finished).\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    As run_study: an unknown study or keyword, or a value out of range.");
    m.attr("SECONDS_PER_EVENT_PRIOR") = ns3::SweepProgress::PRIOR_SECONDS_PER_EVENT;
}
