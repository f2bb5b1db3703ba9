/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_PY_H
#define CHRONOMETRY_PY_H

// Shared pieces of the Python module: each capability registers its bindings in
// its own bindings/<capability>-py.cc through a Register<Capability>() function
// declared here and called from chronometry-py.cc; each one calls a registration
// function per class or area of its file.

#include "ns3/chronometry-validation.h"
#include "ns3/nstime.h"
#include "ns3/object-base.h"
#include "ns3/type-id.h"

#include <initializer_list>
#include <map>
#include <pybind11/pybind11.h>
#include <string>

namespace pybind11
{
namespace detail
{

/** ns3::Time <-> Python int (nanoseconds); floats are refused rather than truncated. */
template <>
struct type_caster<ns3::Time>
{
    PYBIND11_TYPE_CASTER(ns3::Time, const_name("int"));

    bool load(handle src, bool /* convert */)
    {
        if (!src || PyFloat_Check(src.ptr()) || !PyIndex_Check(src.ptr()))
        {
            return false; // nanoseconds are whole numbers: refuse floats rather than truncate
        }
        object index = reinterpret_steal<object>(PyNumber_Index(src.ptr()));
        if (!index)
        {
            PyErr_Clear();
            return false;
        }
        int overflow = 0;
        long long ns = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
        if (overflow != 0 || (ns == -1 && PyErr_Occurred()))
        {
            PyErr_Clear();
            return false;
        }
        value = ns3::NanoSeconds(ns);
        return true;
    }

    static handle cast(const ns3::Time& t, return_value_policy, handle)
    {
        return PyLong_FromLongLong(t.GetNanoSeconds());
    }
};

} // namespace detail
} // namespace pybind11

namespace chronometry_py
{

/** Clock math: ClockTimeline, random walk, bounded-skew draws, TSC conversions. */
void RegisterClock(pybind11::module_& m);

/** Causality clocks, random executions, replay checker, exports. */
void RegisterCausality(pybind11::module_& m);

/** The studies: run_study, studies(), run_<name>_study, <NAME>_STUDY_CSV_HEADER. */
void RegisterStudy(pybind11::module_& m);

/** A study's cost before it runs: estimate_study_events, SECONDS_PER_EVENT_PRIOR. */
void RegisterStudyCost(pybind11::module_& m);

/** MinRTT relation estimators. */
void RegisterRelation(pybind11::module_& m);
/** OneClock scheduling: ETE predictors. */
void RegisterScheduling(pybind11::module_& m);
/**
 * WAP5 inference: reconciliation, linking, synthetic traces.
 * \param m the module
 */
void RegisterInference(pybind11::module_& m);

/** RDA latency sketches (RDA, LDA, FineComb, late binding). */
void RegisterLatency(pybind11::module_& m);

/**
 * Set an Object's Attributes from Python keywords, so that a binding's settings are the
 * model's one declaration (its TypeId: names, defaults, ranges, help).  Keywords are the
 * Attribute names in snake_case, a Time's with "_ns" and an int of nanoseconds; a value out of
 * range or of the wrong kind is a ValueError naming the keyword; an unknown keyword a
 * ValueError listing the valid ones.  Deprecated Attributes have no keyword.
 * \param object the object (a fresh one: its Attributes at their defaults)
 * \param kw the keywords
 * \param renamed old keyword -> current keyword, accepted with a DeprecationWarning
 */
void SetAttributesFromKeywords(ns3::ObjectBase& object,
                               const pybind11::kwargs& kw,
                               const std::map<std::string, std::string>& renamed = {});

/**
 * \param tid a TypeId
 * \return one line per settable Attribute for a docstring: "keyword (default; range): help"
 */
std::string DescribeKeywords(ns3::TypeId tid);

/**
 * Run a binding's body; a ConfigError it raises is raised again with the Python keywords of
 * the Attributes it refuses (its data, ConfigError::GetAttributes) in front ("attributes:
 * ns3::ServiceTimeModel::DegradedSlowdown = 0.5 is invalid; valid range ..."), so that a Python
 * user reads the name they typed as well as the model's own.  (The studies name their
 * keywords from their declarations: bindings/study-keywords-py.cc.)
 * \param keywordOf refused Attribute -> Python keyword; an Attribute whose name is a keyword
 *        of \p keywords is its own keyword
 * \param keywords the binding's keyword arguments
 * \param body the binding's body
 * \return what body returns
 */
template <class F>
auto
NamingKeywords(const std::map<std::string, std::string>& keywordOf,
               std::initializer_list<const char*> keywords,
               F&& body) -> decltype(body())
{
    try
    {
        return body();
    }
    catch (const ns3::chronometry::ConfigError& e)
    {
        std::string named;
        for (const auto& attribute : e.GetAttributes())
        {
            auto it = keywordOf.find(attribute);
            std::string keyword = it != keywordOf.end() ? it->second : "";
            for (const char* k : keywords)
            {
                keyword = attribute == k ? attribute : keyword;
            }
            if (!keyword.empty() &&
                (", " + named + ", ").find(", " + keyword + ", ") == std::string::npos)
            {
                named += (named.empty() ? "" : ", ") + keyword;
            }
        }
        std::string message = e.what();
        if (named.empty() || message.rfind(named + " ", 0) == 0)
        {
            throw; // none, or the message starts with the keyword already
        }
        throw ns3::chronometry::ConfigError(named + ": " + message, e.GetAttributes());
    }
}

/**
 * A count given as a Python int, checked before it is narrowed (a negative
 * value would otherwise wrap around or be refused with a TypeError).
 * \param keyword the Python keyword
 * \param value the value given
 * \param lo smallest valid value
 * \param hi largest valid value
 * \return the value
 */
inline long long
RequireCount(const char* keyword, long long value, double lo, double hi)
{
    ns3::chronometry::RequireDoubleInRange(keyword, double(value), lo, hi, "");
    return value;
}

} // namespace chronometry_py

#endif /* CHRONOMETRY_PY_H */
