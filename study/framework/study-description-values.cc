/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// StudyDescription: a parameter's value as text, both ways (the command line, Python and the
// CSV read and write values through these).
#include "study-description.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyDescriptionValues");

std::string
StudyDescription::FormatValue(const StudyParameter& p, const AttributeValue& value) const
{
    if (const auto* t = dynamic_cast<const TimeValue*>(&value))
    {
        return chronometry::FormatTime(t->Get());
    }
    if (const auto* b = dynamic_cast<const BooleanValue*>(&value))
    {
        return b->Get() ? "true" : "false";
    }
    if (const auto* d = dynamic_cast<const DoubleValue*>(&value))
    {
        return chronometry::FormatReal(d->Get()); // reads back as the same double
    }
    if (const auto* u = dynamic_cast<const UintegerValue*>(&value))
    {
        return std::to_string(u->Get());
    }
    if (const auto* s = dynamic_cast<const StringValue*>(&value))
    {
        return s->Get();
    }
    return value.SerializeToString(GetAttributeInformation(p).checker); // an enum's name
}

std::string
StudyDescription::GetDefaultText(const StudyParameter& p) const
{
    return FormatValue(p, *GetAttributeInformation(p).initialValue);
}

Ptr<AttributeValue>
StudyDescription::ParseValue(const StudyParameter& p,
                             const std::string& text,
                             const std::string& origin) const
{
    TypeId::AttributeInformation info = GetAttributeInformation(p);
    Ptr<AttributeValue> value = info.checker->Create();
    std::string range = GetRange(p);
    std::string what = p.time                              ? "a time such as 10us"
                       : p.type == StudyFieldType::BOOLEAN ? "true or false"
                       : p.type == StudyFieldType::TEXT    ? "one of " + range
                       : p.type == StudyFieldType::REAL    ? "a number"
                                                           : "a whole number";
    bool parsed = false;
    std::string why;
    if (p.type == StudyFieldType::UNSIGNED)
    {
        // ns-3's UintegerValue would read "-1" as 2^64 - 1: digits only.
        parsed = std::regex_match(text, std::regex("[0-9]+"));
    }
    else if (p.time)
    {
        // A number and a unit, read exactly: ns-3 takes a bare number for seconds, aborts on
        // an unknown unit and rounds through a double, so the study reads it itself.
        int64_t ns = 0;
        why = ParseNanoseconds(text, ns);
        parsed = why.empty();
        if (parsed)
        {
            value = ns3::Create<TimeValue>(NanoSeconds(ns));
        }
    }
    else if (p.type == StudyFieldType::REAL)
    {
        // strtod, not ns-3's stream parser, which aborts on "nan" and "0x10" (text it cannot
        // read to the end); a NaN or an infinity is then refused by the checker
        char* end = nullptr;
        double x = std::strtod(text.c_str(), &end);
        parsed = !text.empty() && !std::isspace(static_cast<unsigned char>(text[0])) &&
                 end == text.c_str() + text.size();
        value = ns3::Create<DoubleValue>(x);
    }
    else
    {
        // switches and choices: ns-3's own parser, then the checker; an enum's name is looked
        // up first (from ns-3.41 on an unknown name reads past the checker's list)
        std::vector<std::string> names = chronometry::EnumNamesOf(info.checker);
        parsed = names.empty() || std::find(names.begin(), names.end(), text) != names.end();
    }
    parsed = parsed && (p.time || p.type == StudyFieldType::REAL ||
                        value->DeserializeFromString(text, info.checker));
    if (!parsed)
    {
        chronometry::ReportConfigError(
            origin + " = '" + text + "' is invalid for " + m_tid.GetName() + "::" + p.attribute +
                "; valid: " + what +
                (range.empty() || p.type == StudyFieldType::TEXT ? "" : " in " + range) +
                (why.empty() || why == "not a number and a unit" ? "" : " (" + why + ")"),
            {m_tid.GetName() + "::" + p.attribute});
    }
    if (!info.checker->Check(*value)) // out of range: the checker says why
    {
        std::optional<chronometry::AttributeRefusal> refusal = chronometry::TakeLastRefusal();
        std::string qualified = m_tid.GetName() + "::" + p.attribute;
        if (refusal)
        {
            refusal->attribute = qualified;
        }
        chronometry::ReportConfigError(
            refusal ? refusal->Message() : origin + " = '" + text + "' is invalid for " + qualified,
            {qualified});
    }
    return value;
}

std::string
StudyDescription::ParseNanoseconds(const std::string& text, int64_t& ns)
{
    std::smatch m;
    static const std::regex time("([+-]?)([0-9]*)(?:[.]([0-9]*))?(?:[eE]([+-]?[0-9]+))?"
                                 "(s|ms|us|ns|ps|fs|min|h|d)");
    if (!std::regex_match(text, m, time) || (m[2].length() == 0 && m[3].length() == 0))
    {
        return "not a number and a unit";
    }
    // value = digits * 10^exponent * (femtoseconds per unit) / 10^6, in 128-bit integers
    static const std::map<std::string, __int128> fsPerUnit{
        {"fs", 1},
        {"ps", 1000},
        {"ns", 1000000},
        {"us", 1000000000},
        {"ms", 1000000000000},
        {"s", 1000000000000000},
        {"min", __int128(60) * 1000000000000000},
        {"h", __int128(3600) * 1000000000000000},
        {"d", __int128(86400) * 1000000000000000}};
    // digits x 10^exponent in the unit: trailing zeros go to the exponent, leading ones away
    std::string fraction = m[3].str();
    fraction.erase(fraction.find_last_not_of('0') + 1);
    std::string digits = m[2].str() + fraction;
    long exponent = -static_cast<long>(fraction.size());
    if (m[4].length() > 0)
    {
        if (m[4].length() > 6) // |exponent| >= 10^5 (a sign counts): zero, tiny or huge
        {
            ns = 0;
            return digits.find_first_not_of('0') == std::string::npos ? ""
                   : m[4].str()[0] == '-' ? "not a whole number of nanoseconds"
                                          : "out of range";
        }
        exponent += std::stol(m[4].str());
    }
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    while (!digits.empty() && digits.back() == '0')
    {
        digits.pop_back();
        ++exponent;
    }
    if (digits.empty())
    {
        ns = 0;
        return "";
    }
    if (digits.size() > 19)
    {
        return "not a whole number of nanoseconds"; // int64 nanoseconds have 19 digits at most
    }
    // value in femtoseconds x 10^exponent; every product stays below 2^120
    const __int128 cap = __int128(1) << 120;
    __int128 value = 0;
    for (char c : digits)
    {
        value = value * 10 + (c - '0');
    }
    value *= fsPerUnit.at(m[5].str()); // < 10^19 x 8.64e19 < 2^120
    for (; exponent > 0; --exponent)
    {
        if (value > cap / 10)
        {
            return "out of range";
        }
        value *= 10;
    }
    __int128 denominator = 1000000; // femtoseconds per nanosecond
    for (; exponent < 0; ++exponent)
    {
        if (denominator > cap / 10)
        {
            return "not a whole number of nanoseconds";
        }
        denominator *= 10;
    }
    if (value % denominator != 0)
    {
        return "not a whole number of nanoseconds";
    }
    value /= denominator;
    if (value > std::numeric_limits<int64_t>::max())
    {
        return "out of range";
    }
    ns = static_cast<int64_t>(m[1].str() == "-" ? -value : value);
    return "";
}

} // namespace ns3
