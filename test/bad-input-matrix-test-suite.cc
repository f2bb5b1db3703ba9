/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The bad-input matrix, generated from the TypeIds: every settable Attribute of every
// registered TypeId of group "Chronometry" (the studies' parameters included: they are
// Attributes of ns3::ReplayStudy, ns3::RdaStudy, ...) is classified by its checker, and each
// class gets its invalid values from the checker itself:
//  - a ranged checker (chronometry::RangeChecker): each of its out-of-range examples
//    (RangeChecker::GetOutOfRangeExamples: just below and just above the range, NaN for a
//    real, near misses of a choice) and two values of another AttributeValue class must be
//    refused by SetAttributeFailSafe and Config::SetDefaultFailSafe (false, the value
//    unchanged, the refusal recorded as data naming the attribute, or the current name of a
//    deprecated one, and the valid range) and by chronometry::SetAttributeOrReport in THROW
//    mode (a ConfigError whose GetAttributes() names it);
//  - an ns-3 EnumChecker: an unknown name and a value of another class are refused, and every
//    valid name reads back (at construction and on a live object);
//  - a boolean, a Ptr or a callback: every value of the type is meaningful (exempt by type);
//  - anything else (an unranged number, an address) is in ExemptRows() with the reason, and
//    the completeness test fails for an Attribute in none of these classes.
// Every study parameter is also given as text through the command line (StudyCommandLine,
// hence StudyDescription::ParseValue): a wrong unit or type ("5" for a Time, "5ms" for a
// count, "abc" for a real) and the out-of-range examples as the command line writes them.
// What cannot be generated stays a short hand table, each row with its reason: relations
// between Attributes checked by a setter or by DoInitialize, and the combinations each study's
// Validate() refuses.
#include "expected-throw-scope.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/study-command-line.h"
#include "ns3/study-runner.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{

/** How the matrix treats an Attribute. */
enum class AttributeClass
{
    RANGED,      //!< a chronometry::RangeChecker: its out-of-range examples
    ENUM,        //!< an ns-3 EnumChecker: an unknown name
    BY_TYPE,     //!< every value of its type is meaningful (switch, Ptr, callback)
    EXEMPT,      //!< in ExemptRows(), with the reason
    PARSED,      //!< text its setter parses: invalid values by hand (ParsedRows())
    READ_ONLY,   //!< no setter: nothing to refuse
    UNCLASSIFIED //!< none of these: the completeness test fails
};

/** An Attribute whose checker refuses nothing, and why no value of its type is invalid. */
struct ExemptRow
{
    std::string type;      //!< TypeId name
    std::string attribute; //!< Attribute name
    std::string reason;    //!< why every value of its type is valid
};

/**
 * Attributes of a numeric or other value type without a ranged checker: every value of
 * their type is meaningful (ns-3's own checker holds a port to 16 bits).
 */
const std::vector<ExemptRow>&
ExemptRows()
{
    static const std::string port = "a UDP port: every 16-bit value is a port";
    static const std::string anyPort = "a UDP port; 0 observes every UDP port";
    static const std::string anyStart =
        "any local-clock instant (a clock with a negative offset reads below 0)";
    static const std::vector<ExemptRow> rows = {
        {"ns3::SimulatedTsc", "BootValue", "any 64-bit counter value is a boot value"},
        {"ns3::SyncStudy",
         "Pcap",
         "a directory path; Validate refuses one that does not exist (chronometry-sync-faults)"},
        {"ns3::SyncStudy",
         "SeriesFile",
         "a file path; Validate refuses one whose directory does not exist "
         "(chronometry-sync-faults)"},
        {"ns3::ReplayWorkloadApplication", "Port", port},
        {"ns3::TscClientApplication", "Port", port},
        {"ns3::PipelineApplication", "Port", port},
        {"ns3::ScheduledOperationServer", "Port", port},
        {"ns3::ScheduledOperationClient", "Port", port},
        {"ns3::ScheduledOperationClient", "MaxOperations", "0 means no limit; any count is valid"},
        {"ns3::MultiTierApplication", "Port", port},
        {"ns3::MultiTierApplication", "ServerPort", port},
        {"ns3::RdaMeasurementPoint", "DataPort", anyPort},
        {"ns3::RdaMeasurementPoint", "ControlPort", port},
        {"ns3::RdaMeasurementPoint", "Peer", "an IPv4 address (ns-3 parses it)"},
        {"ns3::RdaMeasurementPoint", "IntervalStart", anyStart},
        {"ns3::RdaMeasurementPoint", "HashSeed", "any 64-bit value seeds the hashes"},
        {"ns3::RdaTruthCollector", "DataPort", anyPort},
        {"ns3::RdaTruthCollector", "ControlPort", port},
        {"ns3::RdaTruthCollector", "IntervalStart", anyStart},
        {"ns3::PtpClock",
         "ClockIdentity",
         "any EUI-64 is an identity (0: derived from the first port's MAC address)"},
    };
    return rows;
}

/** A text Attribute its setter parses, values it must refuse, and why they are by hand. */
struct ParsedRow
{
    std::string type;                //!< TypeId name
    std::string attribute;           //!< Attribute name
    std::vector<std::string> values; //!< invalid texts
    std::string reason;              //!< what the setter checks
};

/**
 * Attributes whose checker accepts any string and whose setter parses it: the form and the
 * ranges inside the text are the setter's, so their invalid values cannot come from a checker.
 */
const std::vector<ParsedRow>&
ParsedRows()
{
    static const std::vector<ParsedRow> rows = {
        // not tau:adev, a tau or adev out of range, a tau twice, a curve no power-law sum follows
        {"ns3::PowerLawOscillator",
         "AdevPoints",
         {"1s", "1s:x", "0s:1e-9", "1s:1e-3", "1s:1e-9,1s:2e-9", "1s:1e-9,2s:1e-11"},
         "a list of tau:adev points parsed and fitted by the setter"},
        // not seconds:degC, a temperature out of range, a negative time, times not increasing
        {"ns3::StepTemperatureProfile",
         "Steps",
         {"600", "x:35", "600:200", "-1:30", "600:30,300:20", "600:30,600:31", "600:30,"},
         "a list of seconds:degC steps parsed by the setter"},
    };
    return rows;
}

/**
 * Value types of which every value is meaningful, and why (3.37 names BooleanValue without
 * its namespace, 3.48 with it).
 */
std::string
ExemptByType(const TypeId::AttributeInformation& info)
{
    std::string type = info.checker->GetValueTypeName();
    if (type == "BooleanValue" || type == "ns3::BooleanValue")
    {
        return "a switch: both values are meaningful";
    }
    if (type == "ns3::PointerValue")
    {
        return "a Ptr: ns-3 checks the object's type; a random variable's draws are checked "
               "when drawn";
    }
    if (type == "ns3::CallbackValue")
    {
        return "a callback: ns-3 checks its signature";
    }
    return "";
}

/** \return the exemption of \p type :: \p attribute, or nullptr */
const ExemptRow*
FindExempt(const std::string& type, const std::string& attribute)
{
    for (const auto& row : ExemptRows())
    {
        if (row.type == type && row.attribute == attribute)
        {
            return &row;
        }
    }
    return nullptr;
}

/**
 * \param tid a TypeId
 * \param info one of its own Attributes
 * \return how the matrix treats it
 */
AttributeClass
Classify(TypeId tid, const TypeId::AttributeInformation& info)
{
    if (!info.accessor->HasSetter() || !(info.flags & TypeId::ATTR_SET))
    {
        return AttributeClass::READ_ONLY;
    }
    if (dynamic_cast<const chronometry::RangeChecker*>(PeekPointer(info.checker)))
    {
        return AttributeClass::RANGED;
    }
    if (!chronometry::EnumNamesOf(info.checker).empty())
    {
        return AttributeClass::ENUM;
    }
    if (!ExemptByType(info).empty())
    {
        return AttributeClass::BY_TYPE;
    }
    if (FindExempt(tid.GetName(), info.name))
    {
        return AttributeClass::EXEMPT;
    }
    for (const auto& row : ParsedRows())
    {
        if (row.type == tid.GetName() && row.attribute == info.name)
        {
            return AttributeClass::PARSED;
        }
    }
    return AttributeClass::UNCLASSIFIED;
}

/** One settable Attribute of a chronometry TypeId, and the TypeId to construct for it. */
struct MatrixAttribute
{
    TypeId tid;                        //!< the TypeId that declares it
    TypeId::AttributeInformation info; //!< the Attribute
    TypeId concrete;                   //!< tid, or a concrete subclass when tid is abstract
    bool constructible{true};          //!< false: abstract without a concrete subclass
    AttributeClass kind;               //!< its class

    /** \return "ns3::Class::Attribute" as declared (and as refusals name it) */
    std::string Qualified() const
    {
        return tid.GetName() + "::" + info.name;
    }

    /** \return a new instance that has the Attribute */
    Ptr<Object> Create() const
    {
        ObjectFactory factory;
        factory.SetTypeId(concrete);
        return factory.Create<Object>();
    }
};

/**
 * \param tid an abstract TypeId
 * \return the first registered concrete TypeId derived from it (it inherits the Attributes),
 *         or tid itself if there is none
 */
TypeId
ConcreteSubclassOf(TypeId tid)
{
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId candidate = TypeId::GetRegistered(i);
        if (candidate != tid && candidate.HasConstructor() && candidate.IsChildOf(tid))
        {
            return candidate;
        }
    }
    return tid;
}

/** \return every Attribute of every TypeId of group "Chronometry", in registry order */
const std::vector<MatrixAttribute>&
MatrixAttributes()
{
    static const std::vector<MatrixAttribute> all = []() {
        std::vector<MatrixAttribute> out;
        for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            TypeId tid = TypeId::GetRegistered(i);
            if (tid.GetGroupName() != "Chronometry")
            {
                continue;
            }
            TypeId concrete = tid.HasConstructor() ? tid : ConcreteSubclassOf(tid);
            for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
            {
                MatrixAttribute m;
                m.tid = tid;
                m.info = tid.GetAttribute(a);
                m.concrete = concrete;
                m.constructible = concrete.HasConstructor();
                m.kind = m.info.supportLevel == TypeId::SupportLevel::OBSOLETE
                             ? AttributeClass::READ_ONLY
                             : Classify(tid, m.info);
                out.push_back(m);
            }
        }
        return out;
    }();
    return all;
}

/**
 * \param checker a checker
 * \return "ns3::Class::Attribute" of every registered Attribute that uses it: the current
 *         (supported) ones if there are any, else the deprecated ones
 */
std::set<std::string>
NamesSharing(Ptr<const AttributeChecker> checker)
{
    std::set<std::string> supported;
    std::set<std::string> deprecated;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        for (uint32_t a = 0; a < tid.GetAttributeN(); ++a)
        {
            TypeId::AttributeInformation info = tid.GetAttribute(a);
            if (info.checker == checker)
            {
                (info.supportLevel == TypeId::SupportLevel::SUPPORTED ? supported : deprecated)
                    .insert(tid.GetName() + "::" + info.name);
            }
        }
    }
    return supported.empty() ? deprecated : supported;
}

/**
 * \param checker the Attribute's checker
 * \return two values of other AttributeValue classes than the checker's (refused by type,
 *         whatever they hold)
 */
std::vector<Ptr<AttributeValue>>
WrongTypeValues(Ptr<const AttributeChecker> checker)
{
    std::vector<Ptr<AttributeValue>> out{Create<BooleanValue>(true)};
    if (checker->GetValueTypeName() == "ns3::DoubleValue")
    {
        out.push_back(Create<UintegerValue>(1));
    }
    else
    {
        out.push_back(Create<DoubleValue>(1));
    }
    return out;
}

/**
 * \param value a value
 * \param checker its Attribute's checker
 * \return the value as messages show it (a Time as 1ms, a real with every digit it needs)
 */
std::string
Show(const AttributeValue& value, Ptr<const AttributeChecker> checker)
{
    if (const auto* t = dynamic_cast<const TimeValue*>(&value))
    {
        return chronometry::FormatTime(t->Get());
    }
    if (const auto* d = dynamic_cast<const DoubleValue*>(&value))
    {
        return chronometry::FormatReal(d->Get());
    }
    return "'" + value.SerializeToString(checker) + "'";
}

/**
 * \param object an object
 * \param attribute one of its Attributes
 * \return its value as text ("" if it cannot be read)
 */
std::string
ValueText(Ptr<Object> object, const std::string& attribute)
{
    StringValue text;
    return object->GetAttributeFailSafe(attribute, text) ? text.Get() : "";
}

/**
 * \param tid a TypeId
 * \param attribute one of its Attributes
 * \return its initial value (Config::SetDefault's) as text
 */
std::string
InitialText(TypeId tid, const std::string& attribute)
{
    TypeId::AttributeInformation info;
    tid.LookupAttributeByName(attribute, &info);
    return info.initialValue->SerializeToString(info.checker);
}

/**
 * Runs \p configure in THROW mode.
 * \param configure the configuration
 * \param [out] attributes the ConfigError's attributes
 * \return the ConfigError's message ("" if none was raised)
 */
std::string
ErrorOf(const std::function<void()>& configure, std::vector<std::string>* attributes = nullptr)
{
    chronometry::ScopedThrowOnConfigError throwing;
    try
    {
        chronometry::test::ExpectedThrowScope expected;
        configure();
    }
    catch (const chronometry::ConfigError& e)
    {
        if (attributes)
        {
            *attributes = e.GetAttributes();
        }
        return e.what();
    }
    return "";
}

/** \return whether \p list holds \p name */
bool
Holds(const std::vector<std::string>& list, const std::string& name)
{
    return std::find(list.begin(), list.end(), name) != list.end();
}

/**
 * Every chronometry Attribute is generated (ranged, enum), exempt by its type, or exempt
 * with a reason; the exemptions name existing Attributes that no checker ranges.
 */
class CompletenessTestCase : public TestCase
{
  public:
    CompletenessTestCase()
        : TestCase("every chronometry Attribute is generated, or exempt with a reason")
    {
    }

  private:
    void DoRun() override
    {
        std::map<AttributeClass, uint32_t> counts;
        std::set<std::string> types;
        for (const auto& m : MatrixAttributes())
        {
            ++counts[m.kind];
            types.insert(m.tid.GetName());
            NS_TEST_EXPECT_MSG_NE(static_cast<int>(m.kind),
                                  static_cast<int>(AttributeClass::UNCLASSIFIED),
                                  m.Qualified()
                                      << " has neither a ranged checker (chronometry::Make*"
                                         "RangeChecker) nor an enum checker, and is not exempt: "
                                         "give it a range, or add it to ExemptRows() with the "
                                         "reason every value is valid");
            if (m.kind == AttributeClass::RANGED || m.kind == AttributeClass::ENUM)
            {
                NS_TEST_EXPECT_MSG_EQ(m.constructible,
                                      true,
                                      m.Qualified() << ": abstract, and no concrete TypeId "
                                                       "derived from it is registered");
            }
            // A deprecated setting with no successor (one the model no longer has, kept for
            // one release so old programs run) says so: its message starts with "ignored".
            const bool ignored = m.info.supportMsg.rfind("ignored", 0) == 0;
            if (m.info.supportLevel == TypeId::SupportLevel::DEPRECATED && !ignored)
            {
                // a deprecated name shares its successor's checker (one range, reported
                // under the current name)
                std::set<std::string> current = NamesSharing(m.info.checker);
                NS_TEST_EXPECT_MSG_EQ(current.count(m.Qualified()),
                                      0u,
                                      m.Qualified() << " is deprecated but shares its checker "
                                                       "with no current Attribute");
            }
        }
        for (const auto& row : ExemptRows())
        {
            TypeId tid;
            TypeId::AttributeInformation info;
            bool found = TypeId::LookupByNameFailSafe(row.type, &tid) &&
                         tid.LookupAttributeByName(row.attribute, &info);
            NS_TEST_EXPECT_MSG_EQ(found,
                                  true,
                                  "stale exemption: " << row.type << "::" << row.attribute);
            if (found)
            {
                NS_TEST_EXPECT_MSG_EQ(static_cast<int>(Classify(tid, info)),
                                      static_cast<int>(AttributeClass::EXEMPT),
                                      row.type << "::" << row.attribute
                                               << " is exempt but its checker is generated: "
                                                  "remove the exemption");
            }
        }
        NS_TEST_ASSERT_MSG_GT(counts[AttributeClass::RANGED], 150u, "the TypeIds were found");
        std::cout << "bad-input matrix: " << types.size() << " TypeIds, "
                  << MatrixAttributes().size() << " Attributes: " << counts[AttributeClass::RANGED]
                  << " ranged, " << counts[AttributeClass::ENUM] << " enum, "
                  << counts[AttributeClass::BY_TYPE] << " exempt by type, "
                  << counts[AttributeClass::EXEMPT] << " exempt with a reason, "
                  << counts[AttributeClass::PARSED] << " parsed by their setter, "
                  << counts[AttributeClass::READ_ONLY] << " read-only" << std::endl;
    }
};

/**
 * Every ranged Attribute refuses each of its checker's out-of-range examples and values of
 * another type, on every path ns-3 and chronometry offer, naming it and its range.
 */
class RangedAttributeTestCase : public TestCase
{
  public:
    RangedAttributeTestCase()
        : TestCase("out-of-range and wrong-type values of every ranged Attribute are refused "
                   "(FailSafe, SetDefaultFailSafe, SetAttributeOrReport) naming it and its range")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t attributes = 0;
        uint32_t outOfRange = 0;
        uint32_t wrongType = 0;
        for (const auto& m : MatrixAttributes())
        {
            if (m.kind != AttributeClass::RANGED || !m.constructible)
            {
                continue;
            }
            ++attributes;
            const auto* ranged =
                dynamic_cast<const chronometry::RangeChecker*>(PeekPointer(m.info.checker));
            const std::string range = ranged->DescribeRange();
            const std::set<std::string> names = NamesSharing(m.info.checker);
            std::vector<Ptr<AttributeValue>> examples = ranged->GetOutOfRangeExamples();
            NS_TEST_EXPECT_MSG_GT(examples.size(),
                                  0u,
                                  m.Qualified() << ": a ranged checker that refuses nothing");
            Ptr<Object> object = m.Create();
            const std::string before = ValueText(object, m.info.name);
            const std::string initial = InitialText(m.tid, m.info.name);
            for (const auto& value : examples)
            {
                ++outOfRange;
                const std::string what = m.Qualified() + " = " + Show(*value, m.info.checker);
                // ns-3's contract: Check() is false, FailSafe returns false, nothing changes
                chronometry::TakeLastRefusal();
                NS_TEST_EXPECT_MSG_EQ(m.info.checker->Check(*value), false, what << ": Check");
                chronometry::TakeLastRefusal();
                NS_TEST_EXPECT_MSG_EQ(object->SetAttributeFailSafe(m.info.name, *value),
                                      false,
                                      what << ": SetAttributeFailSafe");
                std::optional<chronometry::AttributeRefusal> refusal =
                    chronometry::TakeLastRefusal();
                NS_TEST_EXPECT_MSG_EQ(refusal.has_value(), true, what << ": refusal recorded");
                const std::string kind = refusal ? refusal->kind : "range";
                if (refusal)
                {
                    NS_TEST_EXPECT_MSG_EQ(names.count(refusal->attribute),
                                          1u,
                                          what << ": the refusal names " << refusal->attribute);
                    NS_TEST_EXPECT_MSG_EQ(refusal->valid, range, what << ": the valid range");
                }
                NS_TEST_EXPECT_MSG_EQ(ValueText(object, m.info.name),
                                      before,
                                      what << ": the value is unchanged");
                bool setDefault = Config::SetDefaultFailSafe(m.Qualified(), *value);
                NS_TEST_EXPECT_MSG_EQ(setDefault, false, what << ": Config::SetDefaultFailSafe");
                if (setDefault)
                {
                    Config::SetDefault(m.Qualified(), StringValue(initial)); // for the others
                }
                chronometry::TakeLastRefusal();
                NS_TEST_EXPECT_MSG_EQ(InitialText(m.tid, m.info.name),
                                      initial,
                                      what << ": the default is unchanged");
                // chronometry's report, in THROW mode
                std::vector<std::string> named;
                std::string message = ErrorOf(
                    [&]() { chronometry::SetAttributeOrReport(*object, m.info.name, *value); },
                    &named);
                NS_TEST_EXPECT_MSG_EQ(Holds(named, m.Qualified()),
                                      true,
                                      what << ": SetAttributeOrReport names it (got '" << message
                                           << "')");
                NS_TEST_EXPECT_MSG_NE(message.find("valid " + kind + ": " + range),
                                      std::string::npos,
                                      what << ": the message states the range (got '" << message
                                           << "')");
                NS_TEST_EXPECT_MSG_EQ(ValueText(object, m.info.name),
                                      before,
                                      what << ": the value is unchanged after the report");
            }
            for (const auto& value : WrongTypeValues(m.info.checker))
            {
                ++wrongType;
                const std::string what = m.Qualified() + " given a value of another type";
                NS_TEST_EXPECT_MSG_EQ(object->SetAttributeFailSafe(m.info.name, *value),
                                      false,
                                      what << ": SetAttributeFailSafe");
                NS_TEST_EXPECT_MSG_EQ(Config::SetDefaultFailSafe(m.Qualified(), *value),
                                      false,
                                      what << ": Config::SetDefaultFailSafe");
                std::vector<std::string> named;
                std::string message = ErrorOf(
                    [&]() { chronometry::SetAttributeOrReport(*object, m.info.name, *value); },
                    &named);
                NS_TEST_EXPECT_MSG_EQ(Holds(named, m.Qualified()),
                                      true,
                                      what << ": SetAttributeOrReport names it (got '" << message
                                           << "')");
                NS_TEST_EXPECT_MSG_NE(message.find(range),
                                      std::string::npos,
                                      what << ": the message says what is valid");
                NS_TEST_EXPECT_MSG_EQ(ValueText(object, m.info.name),
                                      before,
                                      what << ": the value is unchanged");
            }
            object->Dispose();
        }
        chronometry::TakeLastRefusal();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(outOfRange, 300u, "the examples were generated");
        std::cout << "bad-input matrix: " << attributes << " ranged Attributes, " << outOfRange
                  << " out-of-range and " << wrongType << " wrong-type values, "
                  << outOfRange + wrongType
                  << " (TypeId, Attribute, value) cases, each refused on 3 paths "
                     "(SetAttributeFailSafe, Config::SetDefaultFailSafe, SetAttributeOrReport)"
                  << std::endl;
    }
};

/**
 * Every enum Attribute refuses an unknown name (naming it and listing the valid names) and a
 * value of another type.
 */
class EnumRefusalTestCase : public TestCase
{
  public:
    EnumRefusalTestCase()
        : TestCase("every enum Attribute refuses an unknown name and another type, naming it")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t cases = 0;
        for (const auto& m : MatrixAttributes())
        {
            if (m.kind != AttributeClass::ENUM || !m.constructible)
            {
                continue;
            }
            std::vector<std::string> names = chronometry::EnumNamesOf(m.info.checker);
            Ptr<Object> object = m.Create();
            const std::string before = ValueText(object, m.info.name);
            // an unknown name: a near miss of the first (another case), and one of no enum
            std::string miss = names.front();
            miss[0] = std::isupper(static_cast<unsigned char>(miss[0]))
                          ? std::tolower(static_cast<unsigned char>(miss[0]))
                          : std::toupper(static_cast<unsigned char>(miss[0]));
            for (const std::string& unknown : {miss, std::string("NoSuchName")})
            {
                if (Holds(names, unknown))
                {
                    continue;
                }
                ++cases;
                std::vector<std::string> named;
                std::string message = ErrorOf(
                    [&]() {
                        chronometry::SetAttributeOrReport(*object,
                                                          m.info.name,
                                                          StringValue(unknown));
                    },
                    &named);
                NS_TEST_EXPECT_MSG_EQ(Holds(named, m.Qualified()),
                                      true,
                                      m.Qualified()
                                          << " = '" << unknown << "' refused by name (got '"
                                          << message << "')");
                NS_TEST_EXPECT_MSG_NE(message.find(names.back()),
                                      std::string::npos,
                                      m.Qualified() << ": the valid names are listed");
                NS_TEST_EXPECT_MSG_EQ(ValueText(object, m.info.name),
                                      before,
                                      m.Qualified() << ": unchanged");
            }
            for (const auto& value : WrongTypeValues(m.info.checker))
            {
                ++cases;
                NS_TEST_EXPECT_MSG_EQ(object->SetAttributeFailSafe(m.info.name, *value),
                                      false,
                                      m.Qualified() << " given a value of another type");
                NS_TEST_EXPECT_MSG_EQ(Config::SetDefaultFailSafe(m.Qualified(), *value),
                                      false,
                                      m.Qualified() << " default given a value of another type");
            }
            object->Dispose();
        }
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(cases, 40u, "the enum Attributes were found");
        std::cout << "bad-input matrix: " << cases << " enum cases" << std::endl;
    }
};

/**
 * Every value of every enum Attribute, given by name, is the value the object then has: at
 * construction (where ns-3 ignores an accessor that refuses the value) and on a live object.
 * From ns-3.41 on an EnumChecker<int> beside an accessor of the enum type accepted the name and
 * silently kept the default (BoundedSkewClock::Form = Thesis ran the Bounded form on 3.48).
 */
class EnumRoundTripTestCase : public TestCase
{
  public:
    EnumRoundTripTestCase()
        : TestCase("every enum Attribute value set by name reads back (construction and live)")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t checked = 0;
        for (const auto& m : MatrixAttributes())
        {
            if (m.kind != AttributeClass::ENUM || !m.constructible)
            {
                continue;
            }
            std::vector<std::string> values = chronometry::EnumNamesOf(m.info.checker);
            NS_TEST_ASSERT_MSG_GT(values.size(), 1u, m.Qualified());
            if (!m.info.accessor->HasGetter())
            {
                // Write-only (a setter): every name must at least be accepted by it.
                Ptr<Object> object = m.Create();
                for (const auto& value : values)
                {
                    NS_TEST_EXPECT_MSG_EQ(
                        object->SetAttributeFailSafe(m.info.name, StringValue(value)),
                        true,
                        m.Qualified() << " refuses " << value);
                    ++checked;
                }
                object->Dispose();
                continue;
            }
            // Each name at construction, then every other one on the live object.
            for (const auto& value : values)
            {
                ObjectFactory factory;
                factory.SetTypeId(m.concrete);
                factory.Set(m.info.name, StringValue(value));
                Ptr<Object> object = factory.Create<Object>();
                NS_TEST_EXPECT_MSG_EQ(ValueText(object, m.info.name),
                                      value,
                                      m.Qualified() << " set to " << value << " at construction");
                for (const auto& other : values)
                {
                    NS_TEST_EXPECT_MSG_EQ(
                        object->SetAttributeFailSafe(m.info.name, StringValue(other)),
                        true,
                        m.Qualified() << " refuses " << other);
                    NS_TEST_EXPECT_MSG_EQ(ValueText(object, m.info.name),
                                          other,
                                          m.Qualified()
                                              << " set to " << other << " on a live object");
                }
                object->Dispose();
                ++checked;
            }
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(checked, 12u, "the enum Attributes were found");
        Simulator::Destroy();
    }
};

/**
 * \param study a study's name
 * \param option the option ("SkewBound")
 * \param text its value
 * \param [out] named the ConfigError's attributes
 * \return the ConfigError's message from parsing "--option=text" ("" if none)
 */
std::string
CommandLineError(const std::string& study,
                 const std::string& option,
                 const std::string& text,
                 std::vector<std::string>& named)
{
    return ErrorOf(
        [&]() {
            std::vector<std::string> args = {"bad-input", "--" + option + "=" + text};
            std::vector<char*> argv;
            for (auto& a : args)
            {
                argv.push_back(a.data());
            }
            StudyCommandLine cmd("bad-input", study);
            cmd.Parse(static_cast<int>(argv.size()), argv.data());
        },
        &named);
}

/**
 * \param d a study
 * \param p one of its parameters
 * \return texts of the wrong form for it: no unit for a Time, a unit or a sign for a count,
 *         a word for a real, neither true nor false for a switch, an unknown enum name
 */
std::vector<std::string>
WrongTexts(const StudyDescription& d, const StudyParameter& p)
{
    if (p.time)
    {
        return {"5", "5 ms", "5parsecs", "ms"};
    }
    switch (p.type)
    {
    case StudyFieldType::UNSIGNED:
        return {"5ms", "-1", "1.5", "abc"};
    case StudyFieldType::REAL:
        return {"abc", "5ms", "0x", "1e"};
    case StudyFieldType::BOOLEAN:
        return {"maybe", "2"};
    default:
        break;
    }
    if (!chronometry::EnumNamesOf(d.GetAttributeInformation(p).checker).empty())
    {
        return {"NoSuchName"};
    }
    return {}; // a string choice: its checker's examples are the wrong texts
}

/**
 * Every study parameter given as text on the command line (StudyCommandLine, through
 * StudyDescription::ParseValue): a value of the wrong form, and each out-of-range example of
 * its checker written as the command line writes it, is refused naming the parameter; a
 * deprecated option name too, naming the current one.
 */
class StudyTextTestCase : public TestCase
{
  public:
    StudyTextTestCase()
        : TestCase("every study parameter refuses wrong units, types and out-of-range values "
                   "given as text on the command line, naming it")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t wrongForm = 0;
        uint32_t outOfRange = 0;
        uint32_t parameters = 0;
        for (const auto& name : StudyDescription::GetNames())
        {
            const StudyDescription& d = StudyDescription::Get(name);
            for (const auto& p : d.GetParameters())
            {
                ++parameters;
                const std::string qualified = d.GetTypeId().GetName() + "::" + p.attribute;
                Ptr<const AttributeChecker> checker = d.GetAttributeInformation(p).checker;
                std::vector<std::pair<std::string, bool>> texts; // text, out of range
                for (const auto& t : WrongTexts(d, p))
                {
                    texts.emplace_back(t, false);
                }
                if (const auto* ranged =
                        dynamic_cast<const chronometry::RangeChecker*>(PeekPointer(checker)))
                {
                    for (const auto& v : ranged->GetOutOfRangeExamples())
                    {
                        texts.emplace_back(d.FormatValue(p, *v), true);
                    }
                }
                for (const auto& entry : texts)
                {
                    // Not a structured binding: a lambda below captures text, which C++17
                    // (clang) does not allow for a binding.
                    const std::string& text = entry.first;
                    const bool ranged = entry.second;
                    ++(ranged ? outOfRange : wrongForm);
                    std::string what = qualified + " = '" + text + "'";
                    std::vector<std::string> direct;
                    std::string parsed =
                        ErrorOf([&]() { d.ParseValue(p, text, "--" + p.attribute); }, &direct);
                    NS_TEST_EXPECT_MSG_EQ(Holds(direct, qualified),
                                          true,
                                          what << ": ParseValue names it (got '" << parsed << "')");
                    if (text.empty())
                    {
                        continue; // ns-3's CommandLine refuses "--X=" itself (usage, exit)
                    }
                    std::vector<std::string> named;
                    std::string message = CommandLineError(name, p.attribute, text, named);
                    NS_TEST_EXPECT_MSG_EQ(Holds(named, qualified),
                                          true,
                                          what << ": the command line names it (got '" << message
                                               << "')");
                    NS_TEST_EXPECT_MSG_NE(message.find("valid"),
                                          std::string::npos,
                                          what << ": the message says what is valid");
                    if (ranged && !d.GetRange(p).empty())
                    {
                        NS_TEST_EXPECT_MSG_NE(message.find(d.GetRange(p)),
                                              std::string::npos,
                                              what << ": the message states the range (got '"
                                                   << message << "')");
                    }
                }
            }
            // A deprecated option name refuses a bad value naming the current parameter.
            for (const auto& [old, current] : d.GetRenamed())
            {
                const StudyParameter* p = d.FindParameter(current);
                NS_TEST_ASSERT_MSG_NE(p, nullptr, name << ": " << old << " -> " << current);
                std::vector<std::string> wrong = WrongTexts(d, *p);
                if (wrong.empty())
                {
                    continue;
                }
                ++wrongForm;
                std::vector<std::string> named;
                std::string message = CommandLineError(name, old, wrong.front(), named);
                NS_TEST_EXPECT_MSG_EQ(Holds(named, d.GetTypeId().GetName() + "::" + current),
                                      true,
                                      name << ": --" << old << " refused naming " << current
                                           << " (got '" << message << "')");
            }
        }
        NS_TEST_ASSERT_MSG_GT(parameters, 100u, "the studies were found");
        std::cout << "bad-input matrix: " << parameters << " study parameters, " << wrongForm
                  << " wrong-form and " << outOfRange << " out-of-range texts, each through "
                  << "ParseValue and the command line" << std::endl;
    }
};

/**
 * Each invalid text of an Attribute its setter parses is refused naming it, at construction
 * and on a live object.
 */
class ParsedAttributeTestCase : public TestCase
{
  public:
    ParsedAttributeTestCase()
        : TestCase("invalid texts of the Attributes their setters parse are refused naming them")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t cases = 0;
        for (const auto& row : ParsedRows())
        {
            TypeId tid = TypeId::LookupByName(row.type);
            TypeId::AttributeInformation info;
            NS_TEST_ASSERT_MSG_EQ(tid.LookupAttributeByName(row.attribute, &info),
                                  true,
                                  row.type << "::" << row.attribute);
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(Classify(tid, info)),
                                  static_cast<int>(AttributeClass::PARSED),
                                  row.type << "::" << row.attribute
                                           << " has a checker now: generated, remove the row");
            const std::string qualified = row.type + "::" + row.attribute;
            for (const auto& text : row.values)
            {
                std::string atConstruction = ErrorOf([&]() {
                    ObjectFactory factory(row.type);
                    factory.Set(row.attribute, StringValue(text));
                    factory.Create<Object>();
                });
                std::string onLiveObject = ErrorOf([&]() {
                    Ptr<Object> object = ObjectFactory(row.type).Create<Object>();
                    chronometry::SetAttributeOrReport(*object, row.attribute, StringValue(text));
                });
                for (const std::string& message : {atConstruction, onLiveObject})
                {
                    ++cases;
                    NS_TEST_EXPECT_MSG_NE(message.find(qualified),
                                          std::string::npos,
                                          qualified << " = '" << text << "' (" << row.reason
                                                    << "): refused by name (got '" << message
                                                    << "')");
                }
            }
        }
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(cases, 0u, "the parsed rows ran");
    }
};

/**
 * An Attribute value valid on its own but refused in combination with another Attribute,
 * by the setter or by DoInitialize: the checker cannot know the other value, so these are
 * not generated.
 */
struct RelationRow
{
    std::string type;                                         //!< TypeId name
    std::vector<std::pair<std::string, std::string>> context; //!< set first
    std::string attribute;                                    //!< the Attribute refused
    std::string value;                                        //!< its value
    std::string mention;                                      //!< the message names it
    std::string reason;                                       //!< where it is checked
};

/** Relations between Attributes, refused at construction and on a live object. */
class AttributeRelationTestCase : public TestCase
{
  public:
    AttributeRelationTestCase()
        : TestCase("values valid alone but not with another Attribute are refused naming both")
    {
    }

  private:
    void DoRun() override
    {
        const std::string setter = "a bound given by another Attribute, checked by the setter";
        const std::string leads =
            "the client's leads must be ordered; checked by DoInitialize (Initialize)";
        const std::vector<RelationRow> rows = {
            {"ns3::RandomWalkOscillator",
             {{"MaxAbsDrift", "10"}},
             "InitialDrift",
             "20",
             "MaxAbsDrift",
             setter},
            {"ns3::RandomWalkOscillator",
             {{"InitialDrift", "20"}},
             "MaxAbsDrift",
             "10",
             "InitialDrift",
             setter},
            {"ns3::PowerLawOscillator",
             {{"Tau0", "1s"}},
             "FlickerHorizon",
             "50s",
             "100 Tau0",
             "the flicker horizon must span 100 sample intervals; checked when the noise is "
             "planned again (the setter)"},
            {"ns3::PowerLawOscillator",
             {{"FlickerHorizon", "10s"}},
             "Tau0",
             "1s",
             "100 Tau0",
             "the flicker horizon must span 100 sample intervals; checked when the noise is "
             "planned again (the setter)"},
            // the defaults: OperationLead 1 s, DecisionLead 200 ms, SendAhead 50 ms
            {"ns3::ScheduledOperationClient", {}, "DecisionLead", "1s", "valid range", leads},
            {"ns3::ScheduledOperationClient", {}, "SendAhead", "200ms", "valid range", leads},
            {"ns3::ScheduledOperationClient",
             {{"AtomicCommit", "true"}},
             "CancelLead",
             "50ms",
             "valid range",
             leads},
            {"ns3::NtpClockDiscipline",
             {{"MaxPoll", "7"}},
             "MinPoll",
             "8",
             "MaxPoll (7)",
             "the poll exponent needs a range [MinPoll, MaxPoll]; checked by DoInitialize"},
            {"ns3::NtpClockDiscipline",
             {{"MinPoll", "8"}},
             "MaxPoll",
             "7",
             "MinPoll (8)",
             "the poll exponent needs a range [MinPoll, MaxPoll]; checked by DoInitialize"},
            {"ns3::ScheduledOperationClient",
             {{"ProbeMode", "Burst"}},
             "Window",
             "64",
             "BurstInterval",
             "a burst of Window probes must end before the decision; checked by DoInitialize"},
        };
        for (const auto& row : rows)
        {
            const std::string qualified = row.type + "::" + row.attribute;
            std::string atConstruction = ErrorOf([&]() {
                ObjectFactory factory(row.type);
                for (const auto& [name, setting] : row.context)
                {
                    factory.Set(name, StringValue(setting));
                }
                Ptr<Object> object = factory.Create<Object>();
                chronometry::SetAttributeOrReport(*object, row.attribute, StringValue(row.value));
                object->Initialize();
            });
            std::string onLiveObject = ErrorOf([&]() {
                Ptr<Object> object = ObjectFactory(row.type).Create<Object>();
                for (const auto& [name, setting] : row.context)
                {
                    chronometry::SetAttributeOrReport(*object, name, StringValue(setting));
                }
                chronometry::SetAttributeOrReport(*object, row.attribute, StringValue(row.value));
                object->Initialize();
            });
            for (const std::string& message : {atConstruction, onLiveObject})
            {
                NS_TEST_EXPECT_MSG_NE(message.find(row.type),
                                      std::string::npos,
                                      qualified << " = " << row.value << " (" << row.reason
                                                << "): refused (got '" << message << "')");
                NS_TEST_EXPECT_MSG_NE(message.find(row.mention),
                                      std::string::npos,
                                      qualified << " = " << row.value << ": names " << row.mention
                                                << " (got '" << message << "')");
            }
            // valid alone: the same value without the context is accepted
            if (!row.context.empty())
            {
                std::string alone = ErrorOf([&]() {
                    Ptr<Object> object = ObjectFactory(row.type).Create<Object>();
                    chronometry::SetAttributeOrReport(*object,
                                                      row.attribute,
                                                      StringValue(row.value));
                });
                NS_TEST_EXPECT_MSG_EQ(alone, "", qualified << " = " << row.value << " alone");
            }
            Simulator::Destroy();
        }
    }
};

/** A combination of parameters a study must refuse before building anything. */
struct CombinationRow
{
    std::string study;                 //!< study name
    StudySettings settings;            //!< each valid on its own
    std::vector<std::string> mentions; //!< what the message must name
};

/**
 * Each inconsistent combination of study parameters (each value within its own range) is
 * refused by the study's Validate() naming every attribute involved; a NaN given as a typed
 * value is refused by the checker; an unknown parameter name is refused with the valid names.
 */
class StudyCombinationTestCase : public TestCase
{
  public:
    StudyCombinationTestCase()
        : TestCase("inconsistent study parameters are refused before the run, naming them")
    {
    }

  private:
    void DoRun() override
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const std::vector<CombinationRow> rows = {
            {"replay",
             StudySettings().Set("Interval", "300us"), // E = 1 ms is not a multiple
             {"ns3::ReplayStudy::SkewBound = 1ms",
              "multiple of ns3::ReplayStudy::Interval = 300us"}},
            {"replay",
             StudySettings().Set("Interval", "2ms"), // I > E
             {"ns3::ReplayStudy::Skew", "ns3::ReplayStudy::Interval = 2ms"}},
            {"replay",
             StudySettings().Set("Jitter", "5us"), // needs OnWire
             {"ns3::ReplayStudy::Jitter = 5us", "ns3::ReplayStudy::OnWire = false"}},
            {"replay",
             StudySettings().Set("Rate", DoubleValue(nan)),
             {"ns3::ReplayStudy::Rate = nan", "valid range"}},
            {"scheduling",
             StudySettings().Set("DecisionLead", "2s"), // > OperationLead (1 s)
             {"ns3::SchedulingStudy::DecisionLead = 2s", "ns3::SchedulingStudy::OperationLead"}},
            {"scheduling",
             StudySettings().Set("SendAhead", "1s"), // > DecisionLead (200 ms)
             {"ns3::SchedulingStudy::SendAhead = 1s", "ns3::SchedulingStudy::DecisionLead"}},
            {"scheduling",
             StudySettings().Set("Atomic", "true").Set("CancelLead", "50ms"), // = SendAhead
             {"ns3::SchedulingStudy::CancelLead = 50ms", "ns3::SchedulingStudy::SendAhead"}},
            {"scheduling",
             StudySettings().Set("ProbeMode", "Burst").Set("Window", "64"),
             {"ns3::SchedulingStudy::OperationLead", "ns3::SchedulingStudy::Window = 64"}},
            {"scheduling",
             StudySettings().Set("SpikeProbability", DoubleValue(nan)),
             {"ns3::SchedulingStudy::SpikeProbability = nan"}},
            {"inference",
             StudySettings().Set("FanOut", "4"), // > Backends (3)
             {"ns3::InferenceStudy::FanOut = 4", "ns3::InferenceStudy::Backends = 3"}},
            {"relation",
             StudySettings().Set("DriftPpm", DoubleValue(nan)),
             {"ns3::RelationStudy::DriftPpm = nan ppm"}},
            {"rda",
             StudySettings().Set("LossRate", DoubleValue(nan)),
             {"ns3::RdaStudy::LossRate = nan"}},
            {"rda",
             StudySettings().Set("Bogus", "1"),
             {"ns3::RdaStudy has no parameter 'Bogus'; valid: Intervals, IntervalLength"}},
            {"rda",
             StudySettings().Set("SkewBound", "50"), // a Time needs its unit
             {"SkewBound = '50' is invalid for ns3::RdaStudy::SkewBound; valid: a time"}},
            {"replay",
             StudySettings().Set("Nodes", "-3"), // not a wrapped-around huge number
             {"Nodes = '-3' is invalid for ns3::ReplayStudy::Nodes; valid: a whole number in "
              "[2, 4096]"}},
        };
        for (const auto& row : rows)
        {
            // Defaults are valid: every message comes from the combination.
            std::string defaults = ErrorOf([&]() {
                Ptr<Study> study = StudyDescription::Get(row.study).Create();
                study->Validate();
            });
            NS_TEST_EXPECT_MSG_EQ(defaults, "", row.study << ": the defaults are valid");
            std::string message = ErrorOf([&]() {
                Ptr<Study> study = StudyDescription::Get(row.study).Create();
                row.settings.Apply(study);
                study->Validate();
            });
            for (const auto& mention : row.mentions)
            {
                NS_TEST_EXPECT_MSG_NE(message.find(mention),
                                      std::string::npos,
                                      row.study << ": '" << mention << "' named (got '" << message
                                                << "')");
            }
        }
        // The runner validates before it builds: nothing ran, so the simulator is clean.
        std::string refused =
            ErrorOf([]() { StudyRunner::Run("replay", StudySettings().Set("Interval", "300us")); });
        NS_TEST_EXPECT_MSG_NE(refused.find("multiple"), std::string::npos, "the runner validates");
        NS_TEST_EXPECT_MSG_EQ(Simulator::Now(), Time(0), "nothing was scheduled");
        NS_TEST_ASSERT_MSG_GT(rows.size(), 12u, "the combination matrix is not empty");
    }
};

/** The suite. */
class BadInputMatrixTestSuite : public TestSuite
{
  public:
    BadInputMatrixTestSuite()
        : TestSuite("chronometry-bad-input", Type::UNIT)
    {
        AddTestCase(new CompletenessTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RangedAttributeTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new EnumRefusalTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new EnumRoundTripTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StudyTextTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ParsedAttributeTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new AttributeRelationTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new StudyCombinationTestCase, chronometry::TestDuration::QUICK);
    }
};

static BadInputMatrixTestSuite g_badInputMatrixTestSuite; //!< registers the suite

} // namespace
