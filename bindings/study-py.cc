/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The studies from Python, generated from their declarations (study/*-study.cc): one entry,
// run_study(name, **parameters), plus run_<name>_study aliases; studies() describes every
// study's parameters (keyword, type, default, range, unit) and records, which the sweep uses to
// check a grid before it runs; check_study(name, **parameters) configures and validates a
// point without running it.  Keywords are the parameters' Attribute names in snake_case; a
// Time has two: "delay" takes it with its unit ("8us", a timedelta), "delay_ns" as an int of
// nanoseconds (or with its unit).
#include "chronometry-py.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/string.h"
#include "ns3/study-runner.h"
#include "ns3/uinteger.h"

#include <cctype>
#include <cmath>
#include <map>
#include <stdexcept>

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
 * \param p a parameter
 * \return the keyword that takes a time with its unit ("delay" for "delay_ns"), "" if p is not
 *         a Time
 */
std::string
UnitKeyword(const StudyParameter& p)
{
    return p.time ? p.keyword.substr(0, p.keyword.size() - 3) : "";
}

/**
 * \param d a study
 * \param keyword a Python keyword: a parameter's ("delay_ns") or a Time's unit keyword ("delay")
 * \param unit set to whether it is the unit keyword
 * \return the parameter, or nullptr
 */
const StudyParameter*
FindKeyword(const StudyDescription& d, const std::string& keyword, bool& unit)
{
    for (const auto& p : d.GetParameters())
    {
        if (p.keyword == keyword || (p.time && UnitKeyword(p) == keyword))
        {
            unit = p.keyword != keyword;
            return &p;
        }
    }
    // a renamed parameter's old keyword ("skew_ns", "skew"), deprecated for one release
    const std::string current = d.RenamedFrom(keyword);
    const StudyParameter* p = current.empty() ? nullptr : d.FindParameter(current);
    if (p != nullptr)
    {
        const bool ns = keyword.size() >= 3 && keyword.compare(keyword.size() - 3, 3, "_ns") == 0;
        unit = p->time && !ns;
        PyErr_WarnEx(PyExc_DeprecationWarning,
                     (keyword + " is deprecated; use " +
                      (unit ? UnitKeyword(*p) : p->keyword) + " (the same parameter)")
                         .c_str(),
                     1);
    }
    return p;
}

/**
 * \param d a study
 * \return its Python keywords, comma-separated, a Time's as "delay / delay_ns"
 */
std::string
ListKeywords(const StudyDescription& d)
{
    std::string names;
    for (const auto& p : d.GetParameters())
    {
        names += (names.empty() ? "" : ", ") + (p.time ? UnitKeyword(p) + " / " : "") + p.keyword;
    }
    return names;
}

/** Attribute name -> the Python keyword it was given under ("Delay" -> "delay"). */
using GivenKeywords = std::map<std::string, std::string>;

/**
 * \param d a study
 * \param given the keywords the parameters were given under
 * \param attributes the qualified Attributes a configuration error refuses (its data)
 * \return their Python keywords, joined by ", ": each as it was given, else its canonical one
 */
std::string
KeywordsOf(const StudyDescription& d,
           const GivenKeywords& given,
           const std::vector<std::string>& attributes)
{
    std::string keywords;
    for (const auto& qualified : attributes)
    {
        for (const auto& p : d.GetParameters())
        {
            if (qualified != d.GetTypeId().GetName() + "::" + p.attribute)
            {
                continue;
            }
            auto it = given.find(p.attribute);
            std::string keyword = it == given.end() ? p.keyword : it->second;
            if ((", " + keywords + ", ").find(", " + keyword + ", ") == std::string::npos)
            {
                keywords += (keywords.empty() ? "" : ", ") + keyword;
            }
        }
    }
    return keywords;
}

/**
 * Run a configuration step; a ConfigError it raises names the Python keywords of the
 * Attributes it carries first ("skew_ns, interval_ns: ns3::ReplayStudy::Skew = 1ms is invalid;
 * valid: a multiple of ...")
 * unless it already starts with them ("delay = '8' is invalid for ns3::ReplayStudy::Delay ...").
 * \param d the study
 * \param given the keywords the parameters were given under
 * \param body the step
 */
template <typename F>
auto
NamingKeywords(const StudyDescription& d, const GivenKeywords& given, F&& body) -> decltype(body())
{
    try
    {
        return body();
    }
    catch (const chronometry::ConfigError& e)
    {
        std::string message = e.what();
        std::string keywords = KeywordsOf(d, given, e.GetAttributes());
        if (keywords.empty() || message.rfind(keywords + " ", 0) == 0)
        {
            throw;
        }
        throw chronometry::ConfigError(keywords + ": " + message, e.GetAttributes());
    }
}

/**
 * Report (ValueError) that a time is invalid, in the command line's words.
 * \param d the study
 * \param p a Time parameter
 * \param keyword the keyword the value was given under
 * \param v the value
 * \param why what is wrong with it
 */
[[noreturn]] void
RefuseTime(const StudyDescription& d,
           const StudyParameter& p,
           const std::string& keyword,
           py::handle v,
           const std::string& why)
{
    std::string range = d.GetRange(p);
    chronometry::ReportConfigError(keyword + " = " + std::string(py::repr(v)) + " is invalid for " +
                                   d.GetTypeId().GetName() + "::" + p.attribute +
                                   "; valid: a time such as 10us" +
                                   (range.empty() ? "" : " in " + range) + " (" + why + ")",
                                   {d.GetTypeId().GetName() + "::" + p.attribute});
}

/**
 * \param d the study
 * \param p a Time parameter
 * \param keyword the keyword the value was given under
 * \param v the value
 * \param ns a whole number of nanoseconds (a Python int, or a Fraction)
 * \return it as a Time; out of range of int64 (about 292 years): the parameter's range
 */
Time
ToTime(const StudyDescription& d,
       const StudyParameter& p,
       const std::string& keyword,
       py::handle v,
       const py::object& ns)
{
    if (py::int_(ns.attr("denominator")).not_equal(py::int_(1)))
    {
        RefuseTime(d, p, keyword, v, "not a whole number of nanoseconds");
    }
    py::int_ whole(ns.attr("numerator"));
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(whole.ptr(), &overflow);
    if (overflow != 0)
    {
        RefuseTime(d, p, keyword, v, "out of range");
    }
    return NanoSeconds(x);
}

/**
 * \param v a Python object
 * \param module the module of its type
 * \param name the name of its type
 * \return whether v's type is module.name (numpy's and pandas' types, without importing them)
 */
bool
IsA(py::handle v, const std::string& module, const std::string& name)
{
    py::handle type = reinterpret_cast<PyObject*>(Py_TYPE(v.ptr()));
    std::string m = py::str(type.attr("__module__"));
    return m.rfind(module, 0) == 0 && std::string(py::str(type.attr("__name__"))) == name;
}

/**
 * \param d the study
 * \param p a Time parameter
 * \param keyword the keyword the value was given under
 * \param v a numpy.timedelta64
 * \return its exact value; NaT, no unit, years or months, or not whole nanoseconds: ValueError
 */
Time
FromTimedelta64(const StudyDescription& d,
                const StudyParameter& p,
                const std::string& keyword,
                py::handle v)
{
    py::module_ numpy = py::module_::import("numpy");
    if (numpy.attr("isnat")(v).cast<bool>())
    {
        RefuseTime(d, p, keyword, v, "NaT is not a time");
    }
    auto [unit, count] =
        numpy.attr("datetime_data")(v.attr("dtype")).cast<std::pair<std::string, long long>>();
    static const std::map<std::string, std::pair<long long, long long>> nsPerUnit{
        {"as", {1, 1000000000}},
        {"fs", {1, 1000000}},
        {"ps", {1, 1000}},
        {"ns", {1, 1}},
        {"us", {1000, 1}},
        {"ms", {1000000, 1}},
        {"s", {1000000000, 1}},
        {"m", {60000000000, 1}},
        {"h", {3600000000000, 1}},
        {"D", {86400000000000, 1}},
        {"W", {604800000000000, 1}}};
    auto it = nsPerUnit.find(unit);
    if (it == nsPerUnit.end())
    {
        RefuseTime(d,
                   p,
                   keyword,
                   v,
                   unit == "generic"
                       ? "a numpy.timedelta64 without a unit"
                       : "a numpy.timedelta64 in " + unit + ", a unit of no fixed length");
    }
    py::object fraction = py::module_::import("fractions").attr("Fraction");
    py::int_ units(v.attr("astype")("int64"));
    return ToTime(d,
                  p,
                  keyword,
                  v,
                  fraction(units) * py::int_(count) *
                      fraction(it->second.first, it->second.second));
}

/**
 * A Time parameter's value from Python: a str with a unit ("8us", the command line's grammar,
 * parsed by StudyDescription::ParseValue), a datetime.timedelta (or pandas.Timedelta), a
 * numpy.timedelta64, each converted exactly; under the "_ns" keyword also an int of
 * nanoseconds or a float that is one.  A bare number under the unit keyword is refused: it
 * has no unit.
 * \param d the study
 * \param p a Time parameter
 * \param keyword the keyword it was given under
 * \param unit whether that is the unit keyword ("delay", not "delay_ns")
 * \param v the value
 * \return the time; ValueError for a value that is not a time or not a whole number of
 *         nanoseconds, TypeError for another type
 */
Time
TimeFromPython(const StudyDescription& d,
               const StudyParameter& p,
               const std::string& keyword,
               bool unit,
               py::handle v)
{
    const bool isBool = PyBool_Check(v.ptr());
    const bool isNumber = !isBool && (PyFloat_Check(v.ptr()) || PyIndex_Check(v.ptr()));
    if (py::isinstance<py::str>(v))
    {
        // the command line's grammar (exact), messages and range
        Ptr<AttributeValue> value = d.ParseValue(p, py::cast<std::string>(v), keyword);
        return DynamicCast<TimeValue>(value)->Get();
    }
    if (IsA(v, "numpy", "timedelta64"))
    {
        return FromTimedelta64(d, p, keyword, v);
    }
    if (IsA(v, "pandas", "NaTType"))
    {
        RefuseTime(d, p, keyword, v, "NaT is not a time");
    }
    if (py::isinstance(v, py::module_::import("datetime").attr("timedelta")))
    {
        if (py::hasattr(v, "to_timedelta64")) // pandas.Timedelta: nanoseconds beyond the fields
        {
            return FromTimedelta64(d, p, keyword, v.attr("to_timedelta64")());
        }
        py::int_ days(v.attr("days"));
        py::int_ seconds(v.attr("seconds"));
        py::int_ microseconds(v.attr("microseconds"));
        py::object ns = (days * py::int_(86400) + seconds) * py::int_(1000000000) +
                        microseconds * py::int_(1000);
        return ToTime(d, p, keyword, v, ns);
    }
    if (isNumber && unit)
    {
        RefuseTime(d,
                   p,
                   keyword,
                   v,
                   "a bare number has no unit: give a unit, e.g. '8us', or " + p.keyword +
                       "=<integer nanoseconds>");
    }
    if (isNumber && PyFloat_Check(v.ptr()))
    {
        double x = py::cast<double>(v);
        if (!std::isfinite(x) || std::floor(x) != x)
        {
            RefuseTime(d, p, keyword, v, "not a whole number of nanoseconds");
        }
        return ToTime(d, p, keyword, v, py::reinterpret_steal<py::object>(PyNumber_Long(v.ptr())));
    }
    if (isNumber)
    {
        return ToTime(d, p, keyword, v, py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr())));
    }
    throw py::type_error(keyword + " = " + std::string(py::repr(v)) +
                         " has the wrong type; valid: a str with a unit ('8us'), a "
                         "datetime.timedelta or a numpy.timedelta64" +
                         (unit ? "" : ", or an int of nanoseconds"));
}

/**
 * \param d the study
 * \param p one of its parameters, not a Time
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
    if (p.type == StudyFieldType::UNSIGNED)
    {
        if (!isInt)
        {
            throw wrongType("an int");
        }
        py::int_ value = py::reinterpret_borrow<py::object>(v);
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
        bool negative = overflow < 0 || (overflow == 0 && x < 0);
        if (!negative)
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
                                           " is invalid; valid range: " + d.GetRange(p),
                                       {d.GetTypeId().GetName() + "::" + p.attribute});
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
 * Configure a study from Python keywords and check it (its Validate()), building nothing.
 * \param name a study name
 * \param study a new instance of it
 * \param kw the keywords
 * \param given set to the keywords the parameters were given under
 * \return the keywords in their canonical form, in the order given: each Time under its "_ns"
 *         keyword as an int of nanoseconds, the other values as given.  An unknown keyword, a
 *         Time given twice ("delay" and "delay_ns"), a value out of range or a combination
 *         the study refuses: ValueError naming the keywords; a wrong type: TypeError
 */
py::dict
Configure(const std::string& name, Ptr<Study> study, const py::kwargs& kw, GivenKeywords& given)
{
    const StudyDescription& d = study->GetDescription();
    py::dict canonical;
    for (auto item : kw)
    {
        std::string keyword = py::str(item.first);
        bool unit = false;
        const StudyParameter* p = FindKeyword(d, keyword, unit);
        if (p == nullptr)
        {
            throw py::value_error("run_study('" + name + "'): unknown parameter '" + keyword +
                                  "'; valid: " + ListKeywords(d));
        }
        if (!given.emplace(p->attribute, keyword).second)
        {
            throw py::value_error("run_study('" + name + "'): " + UnitKeyword(*p) + " and " +
                                  p->keyword + " both given; give one (" + UnitKeyword(*p) +
                                  "='8us' or " + p->keyword + "=8000)");
        }
        NamingKeywords(d, given, [&] {
            if (p->time)
            {
                Time t = TimeFromPython(d, *p, keyword, unit, item.second);
                chronometry::SetAttributeOrReport(*study, p->attribute, TimeValue(t)); // its range
                canonical[py::str(p->keyword)] = py::int_(t.GetNanoSeconds());
            }
            else
            {
                chronometry::SetAttributeOrReport(*study, p->attribute, *FromPython(d, *p, item.second));
                canonical[py::str(p->keyword)] = item.second;
            }
        });
    }
    NamingKeywords(d, given, [&] { study->Validate(); }); // before anything is built
    return canonical;
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
            x["default"] = d.FormatValue(p, initial);
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
        "parameters. Keywords are the parameters' (see studies()); a time is given with its "
        "unit, delay='8us' (the command line's grammar), a datetime.timedelta or a "
        "numpy.timedelta64, or as delay_ns=<int nanoseconds> (which also takes those): a bare "
        "number under delay is refused. An unknown keyword, both delay and delay_ns, or a value "
        "out of range is a ValueError naming the keyword and what is valid, a value of the wrong "
        "type a TypeError.");
    m.def(
        "check_study",
        [](const std::string& study, const py::object& rows, const py::kwargs& kw) {
            return CheckStudy(study, rows, kw);
        },
        py::arg("study"),
        py::kw_only(),
        py::arg("rows") = py::none(),
        "Check one point of a study as run_study would (every keyword's type and range, then "
        "the study's checks across parameters, e.g. replay's Skew a multiple of Interval) "
        "without building or running anything; raise the same ValueError or TypeError. "
        "Return the keywords in canonical form: each time under its _ns keyword as an int of "
        "nanoseconds (delay='8us' -> delay_ns=8000), the other values as given.");
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
        "Every study: its parameters (keyword, unit_keyword, attribute, type, default, range, "
        "unit, help; a time's keyword is delay_ns, int nanoseconds, its unit_keyword delay, a "
        "time with its unit, None for the others), its summary fields, its rows and its CSV "
        "header.");
    py::dict runners;
    for (const auto& name : StudyDescription::GetNames())
    {
        const StudyDescription& d = StudyDescription::Get(name);
        for (const auto& p : d.GetParameters())
        {
            bool unit = false;
            if (p.time && FindKeyword(d, UnitKeyword(p), unit) != &p)
            {
                throw std::logic_error("study '" + name + "': the unit keyword '" + UnitKeyword(p) +
                                       "' of " + p.keyword + " is another parameter's keyword");
            }
        }
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
