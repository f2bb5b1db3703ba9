/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_SWEEP_ARGUMENTS_H
#define CHRONOMETRY_SWEEP_ARGUMENTS_H

// Comma-separated sweep lists given on the command line of the sweep examples
// (e.g. --losses=0.01,0.05). A value that is not a number stops the example with
// a message naming the option, instead of an uncaught std::stod exception.

#include "ns3/abort.h"

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

namespace chronometry_examples
{

/**
 * \param list comma-separated items
 * \return the non-empty items, in order
 */
inline std::vector<std::string>
SplitList(const std::string& list)
{
    std::vector<std::string> out;
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ','))
    {
        if (!item.empty())
        {
            out.push_back(item);
        }
    }
    return out;
}

/**
 * \param option the command-line option, for the error message
 * \param list comma-separated numbers
 * \return the numbers, in order
 */
inline std::vector<double>
ParseNumberList(const std::string& option, const std::string& list)
{
    std::vector<double> out;
    for (const std::string& item : SplitList(list))
    {
        std::size_t used = 0;
        double v = 0;
        try
        {
            v = std::stod(item, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        NS_ABORT_MSG_IF(used != item.size(),
                        "--" << option << " = '" << list << "': '" << item
                             << "' is not a number (expected comma-separated numbers)");
        out.push_back(v);
    }
    NS_ABORT_MSG_IF(out.empty(), "--" << option << " is empty (expected comma-separated numbers)");
    return out;
}

} // namespace chronometry_examples

#endif /* CHRONOMETRY_SWEEP_ARGUMENTS_H */
