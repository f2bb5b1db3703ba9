/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The manual's attribute tables, generated from the TypeIds: one reStructuredText table per
// registered TypeId of group "Chronometry" that has Attributes (Attribute, default, valid
// range, unit, help; deprecated names marked), written to <dir>/<kebab-case class>.rst, and
// one table per declared study (parameter and Python keyword, default, range, unit, CSV
// column, help) written to <dir>/study-<name>.rst. The chapters include them
// (".. include:: attributes/bounded-skew-clock.rst"); the CTest test doc-attribute-tables
// writes them again and fails when the committed files differ
// (scripts/check-doc-attribute-tables.py; `cmake --build build --target
// chronometry-doc-tables` writes them into doc/attributes/).
//
//   chronometry-attribute-tables DIR

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/study-description.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <cctype>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/** The line every generated file starts with. */
const char* const GENERATED =
    ".. Generated from the TypeIds by chronometry-attribute-tables: do not edit; write it again\n"
    "   with `cmake --build build --target chronometry-doc-tables`.\n\n";

/**
 * \param name "ns3::BoundedSkewClock"
 * \return "bounded-skew-clock"
 */
std::string
KebabCase(const std::string& name)
{
    std::string bare = name.substr(name.rfind(':') + 1);
    std::string out;
    for (std::size_t i = 0; i < bare.size(); ++i)
    {
        char c = bare[i];
        bool upper = std::isupper(static_cast<unsigned char>(c));
        // a new word: an upper-case letter after a lower-case one or a digit, or before a
        // lower-case one inside a run of capitals ("RdaSender", "SimulatedTsc", "UdpSendJitter")
        bool boundary =
            i > 0 && upper &&
            (!std::isupper(static_cast<unsigned char>(bare[i - 1])) ||
             (i + 1 < bare.size() && std::islower(static_cast<unsigned char>(bare[i + 1]))));
        if (boundary)
        {
            out += '-';
        }
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

/**
 * \param text plain text
 * \return the text with reStructuredText's inline markup characters escaped
 */
std::string
Escape(const std::string& text)
{
    std::string out;
    for (char c : text)
    {
        if (c == '\\' || c == '*' || c == '`' || c == '|' || c == '_')
        {
            out += '\\';
        }
        out += c;
    }
    return out;
}

/**
 * \param text text without "``"
 * \return the text as an inline literal, or "(empty)"
 */
std::string
Literal(const std::string& text)
{
    if (text.empty())
    {
        return "(empty)";
    }
    return "``" + text + "``";
}

/**
 * \param info an Attribute
 * \return its default as the command line and the manual write it
 */
std::string
DefaultOf(const TypeId::AttributeInformation& info)
{
    const AttributeValue& v = *info.initialValue;
    if (const auto* t = dynamic_cast<const TimeValue*>(&v))
    {
        return chronometry::FormatTime(t->Get());
    }
    if (const auto* d = dynamic_cast<const DoubleValue*>(&v))
    {
        return chronometry::FormatReal(d->Get());
    }
    if (const auto* b = dynamic_cast<const BooleanValue*>(&v))
    {
        return b->Get() ? "true" : "false";
    }
    if (const auto* u = dynamic_cast<const UintegerValue*>(&v))
    {
        return std::to_string(u->Get());
    }
    if (const auto* p = dynamic_cast<const PointerValue*>(&v))
    {
        // an object made at registration: its type (its address would change every run)
        Ptr<Object> object = p->GetObject();
        return object ? object->GetInstanceTypeId().GetName() : "none";
    }
    // an enum's name, a string, or the text an object is made from
    // ("ns3::ConstantRandomVariable[Constant=0]": a StringValue given to a Ptr Attribute)
    return v.SerializeToString(info.checker);
}

/**
 * \param info an Attribute
 * \return its valid values as the manual writes them
 */
std::string
ValidOf(const TypeId::AttributeInformation& info)
{
    std::string range = chronometry::DescribeRangeOf(info.checker);
    if (!range.empty())
    {
        return Escape(range);
    }
    std::vector<std::string> names = chronometry::EnumNamesOf(info.checker);
    if (!names.empty())
    {
        std::string out;
        for (const auto& n : names)
        {
            out += (out.empty() ? "" : ", ") + Literal(n);
        }
        return out;
    }
    std::string type = info.checker->GetValueTypeName();
    std::string under = info.checker->HasUnderlyingTypeInformation()
                            ? info.checker->GetUnderlyingTypeInformation()
                            : "";
    std::smatch m;
    if (type == "BooleanValue" || type == "ns3::BooleanValue")
    {
        return "true, false";
    }
    if (type == "ns3::PointerValue" &&
        std::regex_match(under, m, std::regex(R"(ns3::Ptr<\s*(?:ns3::)?(\w+)\s*>)")))
    {
        return "any " + Literal(m[1].str());
    }
    if (type == "ns3::TimeValue")
    {
        return "any time";
    }
    if (std::regex_match(under, m, std::regex(R"(u?int\d+_t (-?\d+):(\d+))")))
    {
        return "[" + m[1].str() + ", " + m[2].str() + "]";
    }
    if (type.find("Ipv4Address") != std::string::npos)
    {
        return "an IPv4 address";
    }
    return Escape(under.empty() ? type : under);
}

/**
 * Write one row of a list-table.
 * \param os the output
 * \param cells the cells (already in reStructuredText)
 */
void
Row(std::ostream& os, const std::vector<std::string>& cells)
{
    for (std::size_t i = 0; i < cells.size(); ++i)
    {
        std::string cell = cells[i];
        for (char& c : cell)
        {
            c = c == '\n' ? ' ' : c;
        }
        os << (i == 0 ? "   * -" : "     -") << (cell.empty() ? "" : " " + cell) << "\n";
    }
}

/**
 * \param tid a TypeId with Attributes
 * \return its table
 */
std::string
AttributeTable(TypeId tid)
{
    std::ostringstream os;
    os << GENERATED;
    os << ".. list-table:: Attributes of ``" << tid.GetName() << "``\n"
       << "   :header-rows: 1\n"
       << "   :widths: 20 12 20 10 38\n\n";
    Row(os, {"Attribute", "Default", "Valid values", "Unit", "Meaning"});
    for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
    {
        TypeId::AttributeInformation info = tid.GetAttribute(a);
        if (info.supportLevel == TypeId::SupportLevel::OBSOLETE)
        {
            continue;
        }
        std::string name = Literal(info.name);
        std::string help = Escape(info.help);
        if (info.supportLevel == TypeId::SupportLevel::DEPRECATED)
        {
            name += " (*deprecated*: " + Escape(info.supportMsg) + ")";
        }
        std::string unit = chronometry::UnitOf(info.checker);
        Row(os,
            {name,
             Literal(DefaultOf(info)),
             ValidOf(info),
             unit.empty() ? "" : Escape(unit),
             help});
    }
    return os.str();
}

/**
 * \param d a study
 * \return its parameter table
 */
std::string
StudyTable(const StudyDescription& d)
{
    std::ostringstream os;
    os << GENERATED;
    os << ".. list-table:: Parameters of the ``" << d.GetName() << "`` study (``"
       << d.GetTypeId().GetName() << "``)\n"
       << "   :header-rows: 1\n"
       << "   :widths: 22 10 18 8 16 26\n\n";
    Row(os,
        {"Parameter (option, Python keyword)",
         "Default",
         "Valid values",
         "Unit",
         "CSV column",
         "Meaning"});
    std::vector<StudyCsvColumnInfo> columns = d.DescribeCsvColumns();
    for (std::size_t i = 0; i < d.GetParameters().size(); ++i)
    {
        const StudyParameter& p = d.GetParameters()[i];
        TypeId::AttributeInformation info = d.GetAttributeInformation(p);
        std::string unit = p.time ? "" : d.GetUnit(p); // a Time carries its unit
        std::string range = d.GetRange(p);
        if (range.empty())
        {
            range = ValidOf(info);
        }
        else
        {
            range = Escape(range);
        }
        std::string help = Escape(info.help);
        if (!p.model.empty() && p.modelAttribute == p.attribute)
        {
            help += " (" + Literal(p.model + "::" + p.modelAttribute) + ")";
        }
        Row(os,
            {Literal("--" + p.attribute) + ", " + Literal(p.keyword),
             Literal(d.GetDefaultText(p)),
             range,
             unit.empty() ? "" : Escape(unit),
             Literal(columns[i].name) +
                 (columns[i].unit.empty() ? "" : " [" + Escape(columns[i].unit) + "]"),
             help});
    }
    if (!d.GetRenamed().empty())
    {
        os << "\nDeprecated names, kept for one release:";
        std::string sep = " ";
        for (const auto& [old, current] : d.GetRenamed())
        {
            os << sep << Literal("--" + old) << " (use " << Literal("--" + current) << ")";
            sep = ", ";
        }
        os << ".\n";
    }
    return os.str();
}

/**
 * \param path a file
 * \param text its content
 * \return whether it was written
 */
bool
Write(const std::string& path, const std::string& text)
{
    std::ofstream out(path);
    out << text;
    return static_cast<bool>(out);
}

} // namespace

int
main(int argc, char* argv[])
{
    if (argc != 2)
    {
        std::cerr << "usage: chronometry-attribute-tables DIR" << std::endl;
        return 2;
    }
    const std::string dir = argv[1];
    int written = 0;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        if (tid.GetGroupName() != "Chronometry" || tid.GetAttributeN() == 0)
        {
            continue;
        }
        bool study = false;
        for (const auto& name : StudyDescription::GetNames())
        {
            study = study || StudyDescription::Get(name).GetTypeId() == tid;
        }
        if (study)
        {
            continue; // its parameter table says more (keyword, CSV column)
        }
        if (!Write(dir + "/" + KebabCase(tid.GetName()) + ".rst", AttributeTable(tid)))
        {
            std::cerr << "cannot write " << dir << std::endl;
            return 1;
        }
        ++written;
    }
    for (const auto& name : StudyDescription::GetNames())
    {
        if (!Write(dir + "/study-" + name + ".rst", StudyTable(StudyDescription::Get(name))))
        {
            std::cerr << "cannot write " << dir << std::endl;
            return 1;
        }
        ++written;
    }
    std::cout << "chronometry-attribute-tables: " << written << " tables in " << dir << std::endl;
    return 0;
}
