/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "chronometry-checkers.h"

#include "chronometry-validation.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <limits>
#include <sstream>
#include <type_traits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ChronometryCheckers");

namespace chronometry
{

namespace
{

/** The last refusal of a RangeChecker in this thread (empty once a check accepts). */
thread_local std::optional<AttributeRefusal> t_lastRefusal;

/** The terminate handler in force before chronometry's. */
std::terminate_handler g_previousTerminate = nullptr;

/**
 * ns-3 ends SetAttribute, Config::SetDefault and ObjectFactory::Set with a refused value in
 * NS_FATAL_ERROR (std::terminate) after printing its own message, which does not say why:
 * when a chronometry checker's refusal is pending (nothing took it), say why and exit as a
 * command-line tool refuses bad input (status 1), not with an abort trace.
 */
[[noreturn]] void
ExplainRefusalAndExit()
{
    if (!std::current_exception() && t_lastRefusal)
    {
        std::cout.flush();
        std::cerr << "chronometry: configuration error: " << t_lastRefusal->Message() << std::endl;
        std::_Exit(1);
    }
    if (g_previousTerminate)
    {
        g_previousTerminate();
    }
    std::abort();
}

/**
 * \param object an object
 * \param attribute one of its Attributes
 * \return "ns3::Declaring::Attribute": the TypeId that declares it (the instance's or a
 *         parent's), as ns-3 names it in Config paths and the docs
 */
std::string
QualifiedName(const ObjectBase& object, const std::string& attribute)
{
    for (TypeId tid = object.GetInstanceTypeId();; tid = tid.GetParent())
    {
        for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
        {
            if (tid.GetAttribute(i).name == attribute)
            {
                return tid.GetName() + "::" + attribute;
            }
        }
        if (tid == tid.GetParent())
        {
            return object.GetInstanceTypeId().GetName() + "::" + attribute;
        }
    }
}

} // namespace

void
ExplainConfigErrors()
{
    // Installed on request, never when the library loads: linking chronometry must not change
    // how a host program (or the Python interpreter) terminates.
    static const bool installed = [] {
        g_previousTerminate = std::set_terminate(&ExplainRefusalAndExit);
        return true;
    }();
    (void)installed;
}

std::string
AttributeRefusal::Message() const
{
    return (attribute.empty() ? std::string("value") : attribute) + " = " + value +
           " is invalid; valid " + kind + ": " + valid;
}

std::optional<AttributeRefusal>
TakeLastRefusal()
{
    std::optional<AttributeRefusal> last;
    last.swap(t_lastRefusal);
    return last;
}

void
RecordRefusal(std::optional<AttributeRefusal> refusal)
{
    t_lastRefusal = std::move(refusal);
}

void
SetAttributeOrReport(ObjectBase& object, const std::string& attribute, const AttributeValue& value)
{
    t_lastRefusal.reset();
    std::string name = QualifiedName(object, attribute);
    TypeId::AttributeInformation info;
    bool found = object.GetInstanceTypeId().LookupAttributeByName(attribute, &info);
    // An enum's name is checked here: from ns-3.41 on an unknown name given to EnumValue
    // reads past the checker's list (NS_ASSERT in debug builds, undefined in optimized ones).
    const auto* text = dynamic_cast<const StringValue*>(&value);
    std::vector<std::string> names = found ? EnumNamesOf(info.checker) : std::vector<std::string>{};
    if (text && !names.empty() && std::find(names.begin(), names.end(), text->Get()) == names.end())
    {
        std::string valid;
        for (const auto& n : names)
        {
            valid += (valid.empty() ? "" : ", ") + n;
        }
        ReportConfigError(name + " = '" + text->Get() + "' is invalid; valid: " + valid, {name});
    }
    if (object.SetAttributeFailSafe(attribute, value))
    {
        return;
    }
    std::optional<AttributeRefusal> refusal = TakeLastRefusal();
    if (refusal)
    {
        refusal->attribute = name; // the attribute set (a checker may serve several)
        ReportConfigError(refusal->Message(), {name});
    }
    if (!found)
    {
        ReportConfigError(object.GetInstanceTypeId().GetName() + " has no Attribute " + attribute,
                          {name});
    }
    // ns-3's own checkers say nothing: an enum's names, or the value type, say what is valid
    std::string valid = info.checker->HasUnderlyingTypeInformation()
                            ? info.checker->GetUnderlyingTypeInformation()
                            : info.checker->GetValueTypeName();
    for (std::size_t at = valid.find('|'); at != std::string::npos; at = valid.find('|', at))
    {
        valid.replace(at, 1, ", ");
    }
    ReportConfigError(name + " = '" + value.SerializeToString(info.checker) +
                          "' is invalid; valid: " + valid,
                      {name});
}

std::string
RangeChecker::GetAttributeName() const
{
    // Only asked when a value is refused (or for documentation), so a scan of the
    // registry is cheap enough and spares every AddAttribute() a second copy of its name.
    // A checker shared by a current and a deprecated name is named by the current one.
    std::string deprecated;
    for (uint16_t t = 0; t < TypeId::GetRegisteredN(); ++t)
    {
        TypeId tid = TypeId::GetRegistered(t);
        for (std::size_t a = 0; a < tid.GetAttributeN(); ++a)
        {
            TypeId::AttributeInformation info = tid.GetAttribute(a);
            if (PeekPointer(info.checker) != this)
            {
                continue;
            }
            if (info.supportLevel == TypeId::SupportLevel::SUPPORTED)
            {
                return tid.GetName() + "::" + info.name;
            }
            deprecated = deprecated.empty() ? tid.GetName() + "::" + info.name : deprecated;
        }
    }
    return deprecated;
}

std::string
RangeChecker::GetUnit() const
{
    return "";
}

std::string
RangeChecker::GetUnderlyingTypeInformation() const
{
    return GetValueTypeName() + " in " + DescribeRange();
}

bool
RangeChecker::HasUnderlyingTypeInformation() const
{
    return true;
}

namespace
{

/**
 * A RangeChecker over one ns-3 value type: accepts values of type V whose
 * content passes the range test, reports the others by name.
 * \tparam V the AttributeValue class (TimeValue, DoubleValue, ...)
 */
template <typename V>
class TypedRangeChecker : public RangeChecker
{
  public:
    /** Value test: true if valid, else fills in the shown value. */
    using Test = std::function<bool(const V& value, std::string& shown)>;
    /** Values the test refuses, just outside the range. */
    using Examples = std::function<std::vector<Ptr<AttributeValue>>()>;

    /**
     * \param base ns-3's unbounded checker of the type (creates and copies values)
     * \param test the range test
     * \param examples values just outside the range (GetOutOfRangeExamples)
     * \param range the range as shown, e.g. "[1ns, 10s]"
     * \param kind what the range lists, for the message: "range" or "values"
     * \param unit unit of the values, or ""
     */
    TypedRangeChecker(Ptr<const AttributeChecker> base,
                      Test test,
                      Examples examples,
                      std::string range,
                      std::string kind = "range",
                      std::string unit = "")
        : m_base(base),
          m_test(std::move(test)),
          m_examples(std::move(examples)),
          m_range(std::move(range)),
          m_kind(std::move(kind)),
          m_unit(std::move(unit))
    {
    }

    bool Check(const AttributeValue& value) const override
    {
        const auto* v = dynamic_cast<const V*>(&value);
        if (v == nullptr)
        {
            return false; // another type: ns-3 then tries a string conversion, then refuses
        }
        std::string shown;
        if (m_test(*v, shown))
        {
            t_lastRefusal.reset();
            return true;
        }
        t_lastRefusal = AttributeRefusal{GetAttributeName(), shown, m_kind, m_range};
        return false;
    }

    std::string DescribeRange() const override
    {
        return m_range;
    }

    std::string GetUnit() const override
    {
        return m_unit;
    }

    std::vector<Ptr<AttributeValue>> GetOutOfRangeExamples() const override
    {
        return m_examples();
    }

    std::string GetValueTypeName() const override
    {
        return m_base->GetValueTypeName();
    }

    Ptr<AttributeValue> Create() const override
    {
        return m_base->Create();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        return m_base->Copy(source, destination);
    }

  private:
    Ptr<const AttributeChecker> m_base; //!< ns-3's checker of the value type
    Test m_test;                        //!< the range test
    Examples m_examples;                //!< values just outside the range
    std::string m_range;                //!< the range as shown
    std::string m_kind;                 //!< "range" or "values"
    std::string m_unit;                 //!< unit of the values
};

/**
 * \param x a number
 * \param unit its unit, or ""
 * \return "x unit"
 */
template <typename T>
std::string
WithUnit(T x, const std::string& unit)
{
    std::ostringstream os;
    if constexpr (std::is_floating_point_v<T>)
    {
        os << FormatReal(x);
    }
    else
    {
        os << x;
    }
    os << (unit.empty() ? "" : " " + unit);
    return os.str();
}

/**
 * \tparam V the value class \tparam T its content type
 * \param values contents
 * \return the contents as values
 */
template <typename V, typename T>
std::vector<Ptr<AttributeValue>>
ValuesOf(const std::vector<T>& values)
{
    std::vector<Ptr<AttributeValue>> out;
    for (const T& x : values)
    {
        out.push_back(Create<V>(x));
    }
    return out;
}

/**
 * \param lo lower end \param hi upper end \param unit unit
 * \return "[lo unit, hi unit]"
 */
template <typename T>
std::string
ClosedRange(T lo, T hi, const std::string& unit)
{
    return "[" + WithUnit(lo, unit) + ", " + WithUnit(hi, unit) + "]";
}

} // namespace

Ptr<const AttributeChecker>
MakeTimeRangeChecker(Time lo, Time hi)
{
    return Create<TypedRangeChecker<TimeValue>>(
        MakeTimeChecker(),
        [lo, hi](const TimeValue& v, std::string& shown) {
            Time t = v.Get();
            shown = FormatTime(t);
            return t >= lo && t <= hi;
        },
        [lo, hi]() {
            std::vector<Time> out;
            if (lo > Time::Min())
            {
                out.push_back(lo - TimeStep(1));
            }
            if (hi < Time::Max())
            {
                out.push_back(hi + TimeStep(1));
            }
            return ValuesOf<TimeValue>(out);
        },
        "[" + FormatTime(lo) + ", " + FormatTime(hi) + "]");
}

Ptr<const AttributeChecker>
MakeTimePowerOfTwoChecker(int minLog, int maxLog)
{
    auto twoToThe = [](int n) {
        const int64_t second = Seconds(1).GetTimeStep();
        return n >= 0 ? Time::From(second << n) : Time::From(second >> -n);
    };
    std::string range = "2^n s for n in [" + std::to_string(minLog) + ", " +
                        std::to_string(maxLog) + "] (" + FormatTime(twoToThe(minLog)) + " to " +
                        FormatTime(twoToThe(maxLog)) + ")";
    return Create<TypedRangeChecker<TimeValue>>(
        MakeTimeChecker(),
        [=](const TimeValue& v, std::string& shown) {
            Time t = v.Get();
            shown = FormatTime(t);
            for (int n = minLog; n <= maxLog; ++n)
            {
                // Exact: 2^n s is a whole number of time steps down to n = -9 at 1 ns.
                const int64_t second = Seconds(1).GetTimeStep();
                bool exact = n >= 0 || second % (int64_t{1} << -n) == 0;
                if (exact && t == twoToThe(n))
                {
                    return true;
                }
            }
            return false;
        },
        [=]() {
            // Just outside (half the shortest, twice the longest), and near misses of each
            // end (a time step off).
            return ValuesOf<TimeValue>(std::vector<Time>{twoToThe(minLog) / 2,
                                                         twoToThe(minLog) - TimeStep(1),
                                                         twoToThe(maxLog) + TimeStep(1),
                                                         twoToThe(maxLog) * 2});
        },
        range,
        "values");
}

Ptr<const AttributeChecker>
MakeDoubleRangeChecker(double lo, double hi, std::string unit, bool loInclusive, bool hiInclusive)
{
    std::string range = (loInclusive ? "[" : "(") + WithUnit(lo, unit) + ", " + WithUnit(hi, unit) +
                        (hiInclusive ? "]" : ")");
    return Create<TypedRangeChecker<DoubleValue>>(
        MakeDoubleChecker<double>(),
        [=](const DoubleValue& v, std::string& shown) {
            double x = v.Get();
            shown = WithUnit(x, unit);
            return std::isfinite(x) && (loInclusive ? x >= lo : x > lo) &&
                   (hiInclusive ? x <= hi : x < hi);
        },
        [=]() {
            const double inf = std::numeric_limits<double>::infinity();
            std::vector<double> out;
            if (std::isfinite(lo))
            {
                out.push_back(loInclusive ? std::nextafter(lo, -inf) : lo);
            }
            if (std::isfinite(hi))
            {
                out.push_back(hiInclusive ? std::nextafter(hi, inf) : hi);
            }
            out.push_back(std::numeric_limits<double>::quiet_NaN());
            return ValuesOf<DoubleValue>(out);
        },
        range,
        "range",
        unit);
}

Ptr<const AttributeChecker>
MakeUintegerRangeChecker(uint64_t lo, uint64_t hi, std::string unit)
{
    return Create<TypedRangeChecker<UintegerValue>>(
        MakeUintegerChecker<uint64_t>(),
        [=](const UintegerValue& v, std::string& shown) {
            uint64_t x = v.Get();
            shown = WithUnit(x, unit);
            return x >= lo && x <= hi;
        },
        [=]() {
            std::vector<uint64_t> out;
            if (lo > 0)
            {
                out.push_back(lo - 1);
            }
            if (hi < std::numeric_limits<uint64_t>::max())
            {
                out.push_back(hi + 1);
            }
            return ValuesOf<UintegerValue>(out);
        },
        ClosedRange(lo, hi, unit),
        "range",
        unit);
}

Ptr<const AttributeChecker>
MakeIntegerRangeChecker(int64_t lo, int64_t hi, std::string unit)
{
    return Create<TypedRangeChecker<IntegerValue>>(
        MakeIntegerChecker<int64_t>(),
        [=](const IntegerValue& v, std::string& shown) {
            int64_t x = v.Get();
            shown = WithUnit(x, unit);
            return x >= lo && x <= hi;
        },
        [=]() {
            std::vector<int64_t> out;
            if (lo > std::numeric_limits<int64_t>::min())
            {
                out.push_back(lo - 1);
            }
            if (hi < std::numeric_limits<int64_t>::max())
            {
                out.push_back(hi + 1);
            }
            return ValuesOf<IntegerValue>(out);
        },
        ClosedRange(lo, hi, unit),
        "range",
        unit);
}

Ptr<const AttributeChecker>
MakeStringChoiceChecker(std::vector<std::string> choices)
{
    std::string range;
    for (std::size_t i = 0; i < choices.size(); ++i)
    {
        range += (i ? ", " : "") + choices[i];
    }
    return Create<TypedRangeChecker<StringValue>>(
        MakeStringChecker(),
        [choices](const StringValue& v, std::string& shown) {
            shown = "'" + v.Get() + "'";
            for (const auto& c : choices)
            {
                if (v.Get() == c)
                {
                    return true;
                }
            }
            return false;
        },
        [choices]() {
            // the empty string, and the first choice with its first letter's case changed
            // (or with a suffix): near misses a user could type
            auto isChoice = [&choices](const std::string& s) {
                return std::find(choices.begin(), choices.end(), s) != choices.end();
            };
            std::vector<std::string> out;
            if (!isChoice(""))
            {
                out.emplace_back("");
            }
            std::string miss = choices.empty() ? "x" : choices.front();
            if (!miss.empty() && std::isalpha(static_cast<unsigned char>(miss[0])))
            {
                char c = miss[0];
                miss[0] = std::isupper(static_cast<unsigned char>(c))
                              ? std::tolower(static_cast<unsigned char>(c))
                              : std::toupper(static_cast<unsigned char>(c));
            }
            while (isChoice(miss) || miss.empty())
            {
                miss += "-x";
            }
            out.push_back(miss);
            return ValuesOf<StringValue>(out);
        },
        range,
        "values");
}

std::vector<std::string>
SplitStringSet(const std::string& value)
{
    std::vector<std::string> items;
    if (value == "none")
    {
        return items;
    }
    std::size_t from = 0;
    while (true)
    {
        const std::size_t plus = value.find('+', from);
        items.push_back(value.substr(from, plus == std::string::npos ? plus : plus - from));
        if (plus == std::string::npos)
        {
            return items;
        }
        from = plus + 1;
    }
}

Ptr<const AttributeChecker>
MakeStringSetChecker(std::vector<std::string> choices)
{
    std::string range = "none, or a +-separated set of";
    for (std::size_t i = 0; i < choices.size(); ++i)
    {
        range += (i ? ", " : " ") + choices[i];
    }
    return Create<TypedRangeChecker<StringValue>>(
        MakeStringChecker(),
        [choices](const StringValue& v, std::string& shown) {
            shown = "'" + v.Get() + "'";
            if (v.Get() == "none")
            {
                return true;
            }
            std::vector<std::string> seen;
            for (const auto& item : SplitStringSet(v.Get()))
            {
                // each item a choice, none twice (an empty item, "a++b" or "a+", is refused)
                if (std::find(choices.begin(), choices.end(), item) == choices.end() ||
                    std::find(seen.begin(), seen.end(), item) != seen.end())
                {
                    return false;
                }
                seen.push_back(item);
            }
            return true;
        },
        [choices]() {
            // empty, an unknown item, a trailing comma, a duplicate: near misses
            const std::string first = choices.empty() ? "x" : choices.front();
            return ValuesOf<StringValue>(
                std::vector<std::string>{"", first + "-x", first + "+", first + "+" + first});
        },
        range,
        "values");
}

std::string
DescribeRangeOf(const Ptr<const AttributeChecker>& checker)
{
    const auto* ranged = dynamic_cast<const RangeChecker*>(PeekPointer(checker));
    return ranged ? ranged->DescribeRange() : "";
}

void
CheckAttributeValue(const ObjectBase& object,
                    const std::string& attribute,
                    const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    bool found = object.GetInstanceTypeId().LookupAttributeByName(attribute, &info);
    NS_ABORT_MSG_IF(!found,
                    object.GetInstanceTypeId().GetName() << " has no Attribute " << attribute);
    std::string name = QualifiedName(object, attribute);
    t_lastRefusal.reset();
    if (!info.checker->Check(value))
    {
        std::optional<AttributeRefusal> refusal = TakeLastRefusal();
        if (refusal)
        {
            refusal->attribute = name;
        }
        ReportConfigError(refusal ? refusal->Message() : name + ": a value of the wrong type",
                          {name});
    }
}

std::string
UnitOf(const Ptr<const AttributeChecker>& checker)
{
    const auto* ranged = dynamic_cast<const RangeChecker*>(PeekPointer(checker));
    return ranged ? ranged->GetUnit() : "";
}

std::vector<std::string>
EnumNamesOf(const Ptr<const AttributeChecker>& checker)
{
    // "ns3::EnumValue" (ns-3 <= 3.40) or "ns3::EnumValue<E>"; the names are "A|B|C"
    std::vector<std::string> names;
    if (!checker || checker->GetValueTypeName().rfind("ns3::EnumValue", 0) != 0 ||
        !checker->HasUnderlyingTypeInformation())
    {
        return names;
    }
    std::istringstream split(checker->GetUnderlyingTypeInformation());
    for (std::string name; std::getline(split, name, '|');)
    {
        names.push_back(name);
    }
    return names;
}

} // namespace chronometry
} // namespace ns3
