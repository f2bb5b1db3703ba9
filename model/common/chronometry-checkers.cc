/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "chronometry-checkers.h"

#include "chronometry-validation.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/integer.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <functional>
#include <sstream>

namespace ns3
{
namespace chronometry
{

std::string
RangeChecker::GetAttributeName() const
{
    // Only asked when a value is refused (or for documentation), so a scan of the
    // registry is cheap enough and spares every AddAttribute() a second copy of its name.
    for (uint16_t t = 0; t < TypeId::GetRegisteredN(); ++t)
    {
        TypeId tid = TypeId::GetRegistered(t);
        for (std::size_t a = 0; a < tid.GetAttributeN(); ++a)
        {
            TypeId::AttributeInformation info = tid.GetAttribute(a);
            if (PeekPointer(info.checker) == this)
            {
                return tid.GetName() + "::" + info.name;
            }
        }
    }
    return "";
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

    /**
     * \param base ns-3's unbounded checker of the type (creates and copies values)
     * \param test the range test
     * \param range the range as shown, e.g. "[1ns, 10s]"
     * \param kind what the range lists, for the message: "range" or "values"
     * \param unit unit of the values, or ""
     */
    TypedRangeChecker(Ptr<const AttributeChecker> base,
                      Test test,
                      std::string range,
                      std::string kind = "range",
                      std::string unit = "")
        : m_base(base),
          m_test(std::move(test)),
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
            return true;
        }
        std::string name = GetAttributeName();
        ReportConfigError((name.empty() ? std::string("value") : name) + " = " + shown +
                          " is invalid; valid " + m_kind + ": " + m_range);
    }

    std::string DescribeRange() const override
    {
        return m_range;
    }

    std::string GetUnit() const override
    {
        return m_unit;
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
    os << x << (unit.empty() ? "" : " " + unit);
    return os.str();
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
        "[" + FormatTime(lo) + ", " + FormatTime(hi) + "]");
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
    if (!info.checker->Check(value)) // a RangeChecker reports a refusal by name itself
    {
        ReportConfigError(object.GetInstanceTypeId().GetName() + "::" + attribute +
                          ": a value of the wrong type");
    }
}

std::string
UnitOf(const Ptr<const AttributeChecker>& checker)
{
    const auto* ranged = dynamic_cast<const RangeChecker*>(PeekPointer(checker));
    return ranged ? ranged->GetUnit() : "";
}

} // namespace chronometry
} // namespace ns3
