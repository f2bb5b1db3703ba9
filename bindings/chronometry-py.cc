/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python module "chronometry". Times cross the boundary as integers in
// nanoseconds (ns3::Time inside); invalid arguments raise ValueError naming the
// parameter and its valid range.
#include "chronometry-py.h"

#include "ns3/chronometry-validation.h"

#include <cctype>
#include <map>
#include <set>

namespace py = pybind11;

std::string
chronometry_py::KeywordOf(const std::string& message, std::initializer_list<const char*> keywords)
{
    auto isWordChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    std::map<std::size_t, std::pair<std::size_t, std::string>> found; // position -> (length, kw)
    for (const char* keyword : keywords)
    {
        std::string k(keyword);
        if (k.size() > 3 && k.compare(k.size() - 3, 3, "_ns") == 0)
        {
            k.resize(k.size() - 3);
        }
        std::string camel;
        bool upper = false;
        for (char c : k)
        {
            if (c == '_')
            {
                upper = true;
                continue;
            }
            camel += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
            upper = false;
        }
        for (const std::string& spelling : {std::string(keyword), camel})
        {
            for (std::size_t at = message.find(spelling); at != std::string::npos;
                 at = message.find(spelling, at + 1))
            {
                std::size_t end = at + spelling.size();
                if ((at == 0 || !isWordChar(message[at - 1])) &&
                    (end == message.size() || !isWordChar(message[end])))
                {
                    auto it = found.find(at);
                    if (it == found.end() || it->second.first < spelling.size())
                    {
                        found[at] = {spelling.size(), keyword};
                    }
                    break; // the first whole-word occurrence of this spelling
                }
            }
        }
    }
    std::string names;
    std::set<std::string> seen;
    for (const auto& [at, entry] : found)
    {
        if (seen.insert(entry.second).second)
        {
            names += (names.empty() ? "" : ", ") + entry.second;
        }
    }
    return names;
}

PYBIND11_MODULE(chronometry, m)
{
    m.doc() = "chronometry: time across nodes for ns-3. Times are integers in nanoseconds.";

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
}
