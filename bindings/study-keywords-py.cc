/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python keywords -> a configured study (declared in bindings/study-py.h, used by
// bindings/study-py.cc): keywords are the parameters' Attribute names in snake_case; a Time has
// two, "delay" taking it with its unit ("8us", a timedelta, a numpy.timedelta64) and "delay_ns"
// as an int of nanoseconds (or with its unit), each converted exactly; every value is set through
// its Attribute's checker, and a refusal names the keyword it was given under.
#include "study-py.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace py = pybind11;

namespace
{

using namespace ns3;
using chronometry_py::study::UnitKeyword;

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

/**
 * \param d a study
 * \return its Python keywords, each Time's unit keyword ("delay") before its own ("delay_ns")
 */
std::vector<std::string>
Keywords(const StudyDescription& d)
{
    std::vector<std::string> keywords;
    for (const auto& p : d.GetParameters())
    {
        if (p.time)
        {
            keywords.push_back(UnitKeyword(p));
        }
        keywords.push_back(p.keyword);
    }
    return keywords;
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

} // namespace

namespace chronometry_py
{
namespace study
{

using namespace ns3;

std::string
UnitKeyword(const StudyParameter& p)
{
    return p.time ? p.keyword.substr(0, p.keyword.size() - 3) : "";
}

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
                     (keyword + " is deprecated; use " + (unit ? UnitKeyword(*p) : p->keyword) +
                      " (the same parameter)")
                         .c_str(),
                     1);
    }
    return p;
}

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
            std::string hint = chronometry::DidYouMean(keyword, Keywords(d));
            throw py::value_error("run_study('" + name + "'): unknown parameter '" + keyword +
                                  "'; " + (hint.empty() ? "" : hint + " ") +
                                  "valid: " + ListKeywords(d));
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
                chronometry::SetAttributeOrReport(*study,
                                                  p->attribute,
                                                  *FromPython(d, *p, item.second));
                canonical[py::str(p->keyword)] = item.second;
            }
        });
    }
    NamingKeywords(d, given, [&] { study->Validate(); }); // before anything is built
    return canonical;
}

} // namespace study
} // namespace chronometry_py
