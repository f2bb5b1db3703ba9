/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The compiled part of the Python package "chronometry" (chronometry._chronometry; the
// package's submodules, bindings/python/chronometry/, say where each name lives). Times cross the
// boundary as integers in nanoseconds (ns3::Time inside); invalid arguments raise ValueError naming
// the parameter and its valid range.
#include "chronometry-py.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/string.h"
#include "ns3/study-console.h"
#include "ns3/study-description.h"
#include "ns3/study.h"
#include "ns3/uinteger.h"

namespace py = pybind11;

namespace
{

/**
 * \param name an Attribute name ("TryBothBand")
 * \param time whether it is a Time
 * \return its Python keyword ("try_both_band", "window_ns")
 */
std::string
KeywordOf(const std::string& name, bool time)
{
    return ns3::StudyDescription::SnakeCase(name) + (time ? "_ns" : "");
}

/**
 * \param info an Attribute
 * \return whether it holds a Time
 */
bool
IsTime(const ns3::TypeId::AttributeInformation& info)
{
    return dynamic_cast<const ns3::TimeValue*>(ns3::PeekPointer(info.initialValue)) != nullptr;
}

/**
 * \param info an Attribute
 * \return whether a Python keyword sets it (settable, current name)
 */
bool
HasKeyword(const ns3::TypeId::AttributeInformation& info)
{
    return (info.flags & ns3::TypeId::ATTR_SET) && info.accessor->HasSetter() &&
           info.supportLevel == ns3::TypeId::SupportLevel::SUPPORTED;
}

/**
 * \param info an Attribute
 * \param v a Python value
 * \return it as the Attribute's value (a StringValue the checker converts, for enums)
 */
ns3::Ptr<ns3::AttributeValue>
ValueOf(const ns3::TypeId::AttributeInformation& info, py::handle v)
{
    using namespace ns3;
    if (IsTime(info))
    {
        return Create<TimeValue>(py::cast<Time>(v)); // int nanoseconds (a float is refused)
    }
    if (PyBool_Check(v.ptr()))
    {
        return Create<BooleanValue>(py::cast<bool>(v));
    }
    if (py::isinstance<py::str>(v))
    {
        return Create<StringValue>(py::cast<std::string>(v));
    }
    const AttributeValue& initial = *info.initialValue;
    if (dynamic_cast<const UintegerValue*>(&initial) && PyIndex_Check(v.ptr()) &&
        !PyFloat_Check(v.ptr()))
    {
        long long x = py::cast<long long>(v);
        if (x < 0)
        {
            return Create<StringValue>(std::to_string(x)); // refused by the checker, by name
        }
        return Create<UintegerValue>(static_cast<uint64_t>(x));
    }
    if (dynamic_cast<const DoubleValue*>(&initial) &&
        (PyFloat_Check(v.ptr()) || PyIndex_Check(v.ptr())))
    {
        return Create<DoubleValue>(py::cast<double>(v));
    }
    return Create<StringValue>(py::str(v)); // the checker says what is valid
}

} // namespace

void
chronometry_py::SetAttributesFromKeywords(ns3::ObjectBase& object,
                                          const py::kwargs& kw,
                                          const std::map<std::string, std::string>& renamed)
{
    using namespace ns3;
    TypeId tid = object.GetInstanceTypeId();
    std::map<std::string, TypeId::AttributeInformation> attributes; // keyword -> Attribute
    std::string valid;
    for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
    {
        TypeId::AttributeInformation info = tid.GetAttribute(i);
        if (HasKeyword(info))
        {
            const std::string k = KeywordOf(info.name, IsTime(info));
            attributes.emplace(k, info);
            valid += (valid.empty() ? "" : ", ") + k;
        }
    }
    for (auto item : kw)
    {
        std::string keyword = py::str(item.first);
        auto old = renamed.find(keyword);
        if (old != renamed.end())
        {
            PyErr_WarnEx(PyExc_DeprecationWarning,
                         (keyword + " is deprecated; use " + old->second).c_str(),
                         1);
            keyword = old->second;
        }
        auto it = attributes.find(keyword);
        if (it == attributes.end())
        {
            throw py::value_error("unknown keyword '" + keyword + "'; valid: " + valid);
        }
        try
        {
            chronometry::SetAttributeOrReport(object,
                                              it->second.name,
                                              *ValueOf(it->second, item.second));
        }
        catch (const chronometry::ConfigError& e)
        {
            throw chronometry::ConfigError(keyword + ": " + e.what(), e.GetAttributes());
        }
    }
}

std::string
chronometry_py::DescribeKeywords(ns3::TypeId tid)
{
    using namespace ns3;
    std::string out;
    for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
    {
        TypeId::AttributeInformation info = tid.GetAttribute(i);
        if (!HasKeyword(info))
        {
            continue;
        }
        std::string initial = info.initialValue->SerializeToString(info.checker);
        if (IsTime(info))
        {
            initial = std::to_string(
                DynamicCast<const TimeValue>(info.initialValue)->Get().GetNanoSeconds());
        }
        std::string range = chronometry::DescribeRangeOf(info.checker);
        out += "    " + KeywordOf(info.name, IsTime(info)) + " (default " + initial +
               (range.empty() ? "" : "; " + range) + "): " + info.help + "\n";
    }
    return out;
}

PYBIND11_MODULE(_chronometry, m)
{
    m.doc() = "chronometry: time across nodes for ns-3. Times are integers in nanoseconds.";
    // The ns-3 release this module was built against (major * 100 + minor, e.g. 337, 348):
    // a Dask sweep checks that its workers import a build on the same ns-3 as the client.
    m.attr("NS3_VERSION") = CHRONOMETRY_NS3_VERSION;
    // chronometry's release (VERSION, through CMake), as the package's __version__.
    m.attr("__version__") = CHRONOMETRY_VERSION;

    // Configuration errors become ValueError instead of aborting the interpreter.
    ns3::chronometry::SetValidationMode(ns3::chronometry::ValidationMode::THROW);
    py::register_exception<ns3::chronometry::ConfigError>(m, "ConfigError", PyExc_ValueError);

    chronometry_py::RegisterClock(m);
    chronometry_py::RegisterCausality(m);
    chronometry_py::RegisterStudy(m);
    chronometry_py::RegisterRelation(m);
    chronometry_py::RegisterScheduling(m);
    chronometry_py::RegisterInference(m);
    chronometry_py::RegisterLatency(m);
    chronometry_py::RegisterStudyCost(m);
}
