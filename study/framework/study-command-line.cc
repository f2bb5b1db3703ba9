/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-command-line.h"

#include "ns3/abort.h"
#include "ns3/chronometry-validation.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyCommandLine");

namespace
{

/**
 * \param d a study
 * \param p one of its parameters
 * \return the --help line of its option: help, kind of value, range and unit
 */
std::string
HelpOf(const StudyDescription& d, const StudyParameter& p)
{
    std::string help = d.GetAttributeInformation(p).help;
    std::string range = d.GetRange(p);
    std::string kind;
    if (p.attribute == "Seed")
    {
        kind = "a whole number in " + range + "; default: ns-3's --RngSeed";
    }
    else if (p.attribute == "Run")
    {
        kind = "a whole number in " + range + "; default: ns-3's --RngRun";
    }
    else if (p.time)
    {
        kind = "a time in " + range;
    }
    else if (p.type == StudyFieldType::BOOLEAN)
    {
        kind = "true or false";
    }
    else if (p.type == StudyFieldType::TEXT)
    {
        kind = "one of: " + range;
    }
    else if (p.type == StudyFieldType::REAL)
    {
        kind = "a number in " + range;
    }
    else
    {
        kind = "a whole number in " + range;
    }
    return help + " {" + kind + "}";
}

/**
 * \param d a study
 * \return its CSV columns for --help, one per line: name, unit, meaning
 */
std::string
DescribeColumns(const StudyDescription& d)
{
    std::ostringstream os;
    os << "CSV columns (--csv; one line per "
       << (d.GetRowsInCsv() ? d.GetRowsName().substr(0, d.GetRowsName().size() - 1) + " of a point"
                            : "point")
       << "; the parameters of the point first, every one of them):\n";
    bool results = false;
    for (const auto& c : d.DescribeCsvColumns())
    {
        if (!c.parameter && !results)
        {
            os << "  -- results --\n";
            results = true;
        }
        os << "  " << c.name << (c.unit.empty() ? "" : " [" + c.unit + "]") << ": " << c.meaning
           << "\n";
    }
    return os.str();
}

} // namespace

StudyCommandLine::StudyCommandLine(const std::string& file, const std::string& study)
    : m_file(file),
      m_study(study),
      m_cmd(file)
{
    if (!m_study.empty())
    {
        m_description = &StudyDescription::Get(m_study);
    }
}

void
StudyCommandLine::AddAlias(const std::string& option,
                           const std::string& attribute,
                           const std::string& defaultText,
                           Conversion convert,
                           const std::string& help)
{
    NS_ABORT_MSG_IF(m_description == nullptr, "StudyCommandLine: aliases need a fixed study");
    const StudyParameter* p = m_description->FindParameter(attribute);
    NS_ABORT_MSG_IF(p == nullptr || p->attribute != attribute,
                    "StudyCommandLine: " << m_description->GetTypeId().GetName()
                                         << " has no parameter " << attribute);
    Alias& alias = m_aliases[option];
    alias.attribute = attribute;
    alias.convert = std::move(convert);
    alias.text = defaultText;
    alias.initial = defaultText;
    m_cmd.AddValue(option,
                   (help.empty() ? m_description->GetAttributeInformation(*p).help : help) +
                       " (sets --" + attribute + ")",
                   alias.text);
}

void
StudyCommandLine::AddParameterOptions()
{
    for (const auto& p : m_description->GetParameters())
    {
        std::string& text = m_options[p.attribute];
        bool rng = p.attribute == "Seed" || p.attribute == "Run";
        text = rng ? "" : m_description->GetDefaultText(p);
        m_cmd.AddValue(p.attribute, HelpOf(*m_description, p), text);
    }
    // A renamed parameter's old option still sets it (deprecated, for one release).
    for (const auto& [old, current] : m_description->GetRenamed())
    {
        Alias& alias = m_aliases[old];
        alias.attribute = current;
        m_cmd.AddValue(old, "Deprecated name of --" + current, alias.text);
    }
}

void
StudyCommandLine::Parse(int argc, char* argv[])
{
    std::string names;
    for (const auto& n : StudyDescription::GetNames())
    {
        names += "\n  " + n + ": " + StudyDescription::Get(n).GetHelp();
    }
    if (m_description == nullptr)
    {
        for (int i = 1; i < argc; ++i)
        {
            if (std::strncmp(argv[i], "--study=", 8) == 0)
            {
                m_study = argv[i] + 8;
            }
        }
        m_cmd.AddValue("study", "The study to run (see the list above)", m_study);
        if (!m_study.empty())
        {
            m_description = &StudyDescription::Get(m_study); // unknown: names the valid ones
        }
    }
    std::ostringstream usage;
    if (m_description != nullptr)
    {
        usage << "Study '" << m_description->GetName() << "' ("
              << m_description->GetTypeId().GetName() << "): " << m_description->GetHelp() << "\n\n"
              << "Every parameter option takes one value or a comma-separated list; the points "
                 "are the Cartesian product of the lists (the parameter listed first varies "
                 "slowest). Times need a unit (10us, 1ms, 2s).\n\n"
              << DescribeColumns(*m_description);
        AddParameterOptions();
    }
    else
    {
        usage << "Run a chronometry study: --study=NAME, then --help for its parameters.\n"
              << "Studies:" << names << "\n";
    }
    m_cmd.Usage(usage.str());
    RefuseUnknownOptions(argc, argv);
    m_cmd.Parse(argc, argv);
    if (m_description == nullptr)
    {
        chronometry::ReportConfigError("--study is required; valid values:" + names);
    }

    // The aliases (with the program's defaults), then the options given explicitly.
    for (const auto& [option, alias] : m_aliases)
    {
        const StudyParameter* p = m_description->FindParameter(alias.attribute);
        bool bareSwitch =
            alias.text.empty() && p->type == StudyFieldType::BOOLEAN && !alias.initial.empty();
        if (alias.text.empty() && !bareSwitch)
        {
            continue; // no default of the program's own, and not given
        }
        std::string text = bareSwitch ? "true" : alias.text;
        if (m_description->RenamedFrom(option) == alias.attribute)
        {
            std::cerr << "chronometry: --" << option << " is deprecated; use --" << alias.attribute
                      << std::endl;
        }
        m_lists[alias.attribute] =
            ParseList(*p, alias.convert ? alias.convert(text) : text, "--" + option);
    }
    for (const auto& p : m_description->GetParameters())
    {
        const std::string& text = m_options[p.attribute];
        bool rng = p.attribute == "Seed" || p.attribute == "Run";
        std::string initial = rng ? "" : m_description->GetDefaultText(p);
        if (text != initial)
        {
            m_lists[p.attribute] = ParseList(p, text, "--" + p.attribute);
        }
    }
    if (!m_lists.count("Seed"))
    {
        m_lists["Seed"] = {std::to_string(RngSeedManager::GetSeed())};
    }
    if (!m_lists.count("Run"))
    {
        m_lists["Run"] = {std::to_string(RngSeedManager::GetRun())};
    }
}

std::vector<std::string>
StudyCommandLine::GetOptionNames() const
{
    // ns-3's CommandLine's own options, then its global values (--RngRun, --SchedulerType).
    std::vector<std::string> names = {"help",
                                      "PrintHelp",
                                      "PrintGlobals",
                                      "PrintGroups",
                                      "PrintGroup",
                                      "PrintTypeIds",
                                      "PrintAttributes",
                                      "PrintVersion",
                                      "version",
                                      "study"};
    for (auto g = GlobalValue::Begin(); g != GlobalValue::End(); ++g)
    {
        names.push_back((*g)->GetName());
    }
    if (m_description != nullptr)
    {
        for (const auto& p : m_description->GetParameters())
        {
            names.push_back(p.attribute);
        }
        for (const auto& [old, current] : m_description->GetRenamed())
        {
            names.push_back(old);
        }
    }
    for (const auto& [option, alias] : m_aliases)
    {
        names.push_back(option);
    }
    names.insert(names.end(), m_programOptions.begin(), m_programOptions.end());
    return names;
}

void
StudyCommandLine::RefuseUnknownOptions(int argc, char* argv[]) const
{
    const std::vector<std::string> names = GetOptionNames();
    for (int i = 1; i < argc; ++i)
    {
        std::string arg = argv[i];
        if (arg.compare(0, 1, "-") != 0)
        {
            continue; // not an option: ns-3 takes it as a positional argument
        }
        const std::size_t start = arg.find_first_not_of('-');
        std::string name = start == std::string::npos ? "" : arg.substr(start);
        name = name.substr(0, name.find('='));
        if (name.empty())
        {
            continue;
        }
        if (name.find("::") != std::string::npos ||
            std::find(names.begin(), names.end(), name) != names.end())
        {
            continue; // ns-3's --ns3::Type::Attribute=, or an option of ours
        }
        std::string hint = chronometry::DidYouMean(name, names, "--");
        chronometry::ReportConfigError(
            "unknown option --" + name + (hint.empty() ? "" : "; " + hint) + " (" +
            (m_description ? "--study=" + m_description->GetName() + " --help" : "--help") +
            " lists them)");
    }
}

void
StudyCommandLine::Replicate(uint32_t runs, const std::string& option)
{
    if (runs <= 1)
    {
        return;
    }
    std::vector<std::string>& list = m_lists["Run"];
    if (list.size() > 1)
    {
        chronometry::ReportConfigError(option + " = " + std::to_string(runs) +
                                       " is invalid with a list of --Run values; valid: --Run "
                                       "with one value (the first run) and " +
                                       option + ", or a list of --Run values alone");
    }
    const uint64_t first = std::stoull(list.front());
    list.clear();
    for (uint32_t k = 0; k < runs; ++k)
    {
        list.push_back(std::to_string(first + k));
    }
}

std::vector<std::string>
StudyCommandLine::ParseList(const StudyParameter& p,
                            const std::string& text,
                            const std::string& origin) const
{
    std::vector<std::string> items;
    if (text.empty() && p.type == StudyFieldType::BOOLEAN)
    {
        items.emplace_back("true"); // a bare switch: --OnWire
    }
    else
    {
        items = Split(text);
    }
    if (items.empty())
    {
        std::string qualified = m_description->GetTypeId().GetName() + "::" + p.attribute;
        chronometry::ReportConfigError(origin + " is empty for " + qualified +
                                           "; valid: one value or a comma-separated list",
                                       {qualified});
    }
    for (const auto& item : items)
    {
        m_description->ParseValue(p, item, origin);
    }
    return items;
}

const StudyDescription&
StudyCommandLine::GetDescription() const
{
    NS_ABORT_MSG_IF(m_description == nullptr, "StudyCommandLine: Parse() first");
    return *m_description;
}

std::vector<StudySettings>
StudyCommandLine::GetPoints() const
{
    std::vector<std::pair<std::string, const std::vector<std::string>*>> axes;
    for (const auto& p : GetDescription().GetParameters())
    {
        auto it = m_lists.find(p.attribute);
        if (it != m_lists.end())
        {
            axes.emplace_back(p.attribute, &it->second);
        }
    }
    std::vector<StudySettings> points;
    std::vector<std::size_t> at(axes.size(), 0);
    while (true)
    {
        StudySettings s;
        for (std::size_t a = 0; a < axes.size(); ++a)
        {
            s.Set(axes[a].first, (*axes[a].second)[at[a]]);
        }
        points.push_back(s);
        std::size_t a = axes.size();
        while (a > 0)
        {
            --a;
            if (++at[a] < axes[a].second->size())
            {
                break;
            }
            at[a] = 0;
            if (a == 0)
            {
                return points;
            }
        }
        if (axes.empty())
        {
            return points;
        }
    }
}

std::string
StudyCommandLine::DescribeVarying(const StudySettings& settings) const
{
    std::string out;
    for (const auto& e : settings.GetEntries())
    {
        auto it = m_lists.find(e.attribute);
        if (it != m_lists.end() && it->second.size() > 1)
        {
            out += (out.empty() ? "" : " ") + e.attribute + "=" + e.text;
        }
    }
    return out;
}

std::vector<std::string>
StudyCommandLine::GetVaryingAttributes() const
{
    std::vector<std::string> out;
    for (const auto& p : GetDescription().GetParameters())
    {
        auto it = m_lists.find(p.attribute);
        if (it != m_lists.end() && it->second.size() > 1)
        {
            out.push_back(p.attribute);
        }
    }
    return out;
}

std::vector<std::string>
StudyCommandLine::Split(const std::string& list)
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

std::string
StudyCommandLine::WithUnit(const std::string& list, const std::string& unit)
{
    std::string out;
    for (const auto& item : Split(list))
    {
        out += (out.empty() ? "" : ",") + item + unit;
    }
    return out;
}

std::string
StudyCommandLine::OneTo(const std::string& count)
{
    char* end = nullptr;
    unsigned long n = std::strtoul(count.c_str(), &end, 10);
    if (count.empty() || *end != '\0' || n < 1 || n > 1000000)
    {
        chronometry::ReportConfigError("runs = '" + count +
                                       "' is invalid; valid range: [1, 1000000]");
    }
    std::string out;
    for (unsigned long i = 1; i <= n; ++i)
    {
        out += (i > 1 ? "," : "") + std::to_string(i);
    }
    return out;
}

} // namespace ns3
