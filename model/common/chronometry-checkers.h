/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_CHECKERS_H
#define CHRONOMETRY_CHECKERS_H

#include "ns3/attribute.h"
#include "ns3/nstime.h"
#include "ns3/object-base.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Ranged Attribute checkers whose refusal names the attribute and its range.
 *
 * ns-3's own ranged checkers (MakeTimeChecker(min, max), ...) refuse an
 * out-of-range value with "Attribute name=X could not be set", without the
 * range.  These checkers carry the range once: the refusal goes through
 * chronometry::ReportConfigError (abort, or ConfigError / Python ValueError in
 * THROW mode) as "ns3::Class::Attribute = 20s is invalid; valid range: [1ns,
 * 10s]", and RangeChecker::DescribeRange() gives the same range to generated
 * command lines, Python keywords and docs.  The attribute's name is found
 * from the TypeId registry when a value is refused, so an AddAttribute() call
 * names it only once:
 *
 * \code
 *   .AddAttribute("Bound", "Largest |clock - true time|.", TimeValue(MilliSeconds(1)),
 *                 MakeTimeAccessor(&BoundedSkewClock::m_bound),
 *                 chronometry::MakeTimeRangeChecker(NanoSeconds(1), Hours(1)))
 * \endcode
 */

namespace ns3
{
namespace chronometry
{

/**
 * \ingroup chronometry
 * An AttributeChecker that knows its valid range and reports a refusal by name.
 */
class RangeChecker : public AttributeChecker
{
  public:
    /** \return the valid range as shown in messages, e.g. "[1ns, 10s]", or the valid values "a, b"
     */
    virtual std::string DescribeRange() const = 0;

    /** \return the unit of the values ("ppm", "bytes"), or "" (times and plain numbers) */
    virtual std::string GetUnit() const;

    /**
     * \return "ns3::Class::Attribute" of the first registered attribute that uses
     *         this checker, or "" if none does (a checker used outside a TypeId)
     */
    std::string GetAttributeName() const;

    std::string GetUnderlyingTypeInformation() const override;
    bool HasUnderlyingTypeInformation() const override;
};

/**
 * \param lo smallest valid value
 * \param hi largest valid value
 * \return a checker for TimeValue accepting [lo, hi]
 */
Ptr<const AttributeChecker> MakeTimeRangeChecker(Time lo, Time hi);

/**
 * \param lo lower end of the range
 * \param hi upper end of the range
 * \param unit unit printed after the numbers (e.g. "ppm"); may be empty
 * \param loInclusive whether lo itself is valid
 * \param hiInclusive whether hi itself is valid
 * \return a checker for DoubleValue accepting finite values in the range
 */
Ptr<const AttributeChecker> MakeDoubleRangeChecker(double lo,
                                                   double hi,
                                                   std::string unit = "",
                                                   bool loInclusive = true,
                                                   bool hiInclusive = true);

/**
 * \param lo smallest valid value
 * \param hi largest valid value
 * \param unit unit printed after the numbers; may be empty
 * \return a checker for UintegerValue accepting [lo, hi]
 */
Ptr<const AttributeChecker> MakeUintegerRangeChecker(uint64_t lo,
                                                     uint64_t hi,
                                                     std::string unit = "");

/**
 * \param lo smallest valid value
 * \param hi largest valid value
 * \param unit unit printed after the numbers; may be empty
 * \return a checker for IntegerValue accepting [lo, hi]
 */
Ptr<const AttributeChecker> MakeIntegerRangeChecker(int64_t lo, int64_t hi, std::string unit = "");

/**
 * \param choices the valid values
 * \return a checker for StringValue accepting exactly one of the choices
 */
Ptr<const AttributeChecker> MakeStringChoiceChecker(std::vector<std::string> choices);

/**
 * \param checker any checker
 * \return its range description if it is a RangeChecker, else ""
 */
std::string DescribeRangeOf(const Ptr<const AttributeChecker>& checker);

/**
 * \param checker any checker
 * \return its unit if it is a RangeChecker with one, else ""
 */
std::string UnitOf(const Ptr<const AttributeChecker>& checker);

/**
 * Check a value against an Attribute's own checker: a public setter that is also the
 * Attribute's accessor calls it, so that a direct C++ call is refused exactly as
 * SetAttribute would refuse it (naming the attribute and its range), with the range written
 * once, in the checker.
 * \param object the object (its instance TypeId and parents are searched)
 * \param attribute the Attribute's name
 * \param value the value to check
 */
void CheckAttributeValue(const ObjectBase& object,
                         const std::string& attribute,
                         const AttributeValue& value);

} // namespace chronometry
} // namespace ns3

#endif /* CHRONOMETRY_CHECKERS_H */
