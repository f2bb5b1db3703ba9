/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_PY_H
#define STUDY_PY_H

// What the two halves of the studies' bindings share: bindings/study-keywords-py.cc turns
// Python keywords into a configured study (Configure), bindings/study-py.cc runs and describes
// studies (run_study, check_study, studies() and the per-study aliases).

#include "chronometry-py.h"

#include "ns3/chronometry-validation.h"
#include "ns3/study-runner.h"

#include <map>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace chronometry_py
{
namespace study
{

/** Attribute name -> the Python keyword it was given under ("Delay" -> "delay"). */
using GivenKeywords = std::map<std::string, std::string>;

/**
 * \param p a parameter
 * \return the keyword that takes a time with its unit ("delay" for "delay_ns"), "" if p is not
 *         a Time
 */
std::string UnitKeyword(const ns3::StudyParameter& p);

/**
 * \param d a study
 * \param keyword a Python keyword: a parameter's ("delay_ns") or a Time's unit keyword ("delay")
 * \param unit set to whether it is the unit keyword
 * \return the parameter, or nullptr
 */
const ns3::StudyParameter* FindKeyword(const ns3::StudyDescription& d,
                                       const std::string& keyword,
                                       bool& unit);

/**
 * \param d a study
 * \param given the keywords the parameters were given under
 * \param attributes the qualified Attributes a configuration error refuses (its data)
 * \return their Python keywords, joined by ", ": each as it was given, else its canonical one
 */
std::string KeywordsOf(const ns3::StudyDescription& d,
                       const GivenKeywords& given,
                       const std::vector<std::string>& attributes);

/**
 * Run a configuration step; a ConfigError it raises names the Python keywords of the
 * Attributes it carries first ("skew_ns, interval_ns: ns3::ReplayStudy::Skew = 1ms is invalid;
 * valid: a multiple of ...")
 * unless it already starts with them ("delay = '8' is invalid for ns3::ReplayStudy::Delay ...").
 * \param d the study
 * \param given the keywords the parameters were given under
 * \param body the step
 * \return what body returns
 */
template <typename F>
auto
NamingKeywords(const ns3::StudyDescription& d, const GivenKeywords& given, F&& body)
    -> decltype(body())
{
    try
    {
        return body();
    }
    catch (const ns3::chronometry::ConfigError& e)
    {
        std::string message = e.what();
        std::string keywords = KeywordsOf(d, given, e.GetAttributes());
        if (keywords.empty() || message.rfind(keywords + " ", 0) == 0)
        {
            throw;
        }
        throw ns3::chronometry::ConfigError(keywords + ": " + message, e.GetAttributes());
    }
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
pybind11::dict Configure(const std::string& name,
                         ns3::Ptr<ns3::Study> study,
                         const pybind11::kwargs& kw,
                         GivenKeywords& given);

/**
 * \param d a study
 * \param p one of its parameters
 * \return its default in Python: a Time as an int of nanoseconds, a count as an int, a real,
 *         a bool, anything else as its text
 */
pybind11::object DefaultOf(const ns3::StudyDescription& d, const ns3::StudyParameter& p);

/**
 * \param name a study name ("relation-graph")
 * \return it as a Python identifier ("relation_graph"): every character that cannot be in one
 *         becomes '_'
 */
std::string Identifier(const std::string& name);

/**
 * A study's runner as the module shows it (bindings/study-signature-py.cc): a Python function
 * run_<name>_study around the pybind11 implementation, with the study's signature
 * (inspect.signature: rows, then every parameter keyword-only with its default, a Time as
 * "delay" = None and "delay_ns" = its default), a docstring generated from the declarations and
 * its result's type, <Name>StudyResult (a TypedDict, set on the module with <Name>StudyRow for a
 * study with rows). It passes every keyword on, so an unknown one still gets the
 * implementation's ValueError, except a Time's unit keyword given as None ("not given").
 * \param m the module
 * \param d the study
 * \param impl the implementation (rows=None, **parameters)
 * \return the function
 */
pybind11::object SignedRunner(pybind11::module_& m,
                              const ns3::StudyDescription& d,
                              const pybind11::cpp_function& impl);

} // namespace study
} // namespace chronometry_py

#endif /* STUDY_PY_H */
