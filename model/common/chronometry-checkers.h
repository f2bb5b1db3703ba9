/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_CHECKERS_H
#define CHRONOMETRY_CHECKERS_H

#include "ns3/attribute.h"
#include "ns3/nstime.h"
#include "ns3/object-base.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Ranged Attribute checkers that keep ns-3's checker contract and say why they refuse.
 *
 * ns-3's own ranged checkers (MakeTimeChecker(min, max), ...) refuse an out-of-range value
 * with "Attribute name=X could not be set", without the range.  These checkers carry the
 * range once: Check() returns false for a bad value, as ns-3's contract asks (so
 * SetAttributeFailSafe and Config::SetDefaultFailSafe return false, and the caller decides),
 * and records the refusal as data (AttributeRefusal: the attribute, the value, the valid
 * range), which the caller can take (TakeLastRefusal) to report it:
 * "ns3::Class::Attribute = 20s is invalid; valid range: [1ns, 10s]".  When nobody takes it
 * and ns-3 stops the program instead (SetAttribute, Config::SetDefault, ObjectFactory::Set
 * with a refused value end in NS_FATAL_ERROR), a program that called ExplainConfigErrors()
 * gets that message after ns-3's and exit status 1 (chronometry's own programs call it).
 * RangeChecker::DescribeRange() gives the same range to generated command lines, Python keywords
 * and docs.  The attribute's name is found from the TypeId registry when a value is refused, so an
 * AddAttribute() call names it only once:
 *
 * \code
 *   .AddAttribute("SkewBound", "Largest |clock - true time|.", TimeValue(MilliSeconds(1)),
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
 * A value a RangeChecker refused, as data.
 */
struct AttributeRefusal
{
    std::string attribute; //!< "ns3::Class::Attribute", or "" (a checker outside a TypeId)
    std::string value;     //!< the refused value as shown ("20s", "'x'")
    std::string kind;      //!< what \p valid lists: "range" or "values"
    std::string valid;     //!< the valid range ("[1ns, 10s]") or values ("a, b")

    /** \return "ns3::Class::Attribute = 20s is invalid; valid range: [1ns, 10s]" */
    std::string Message() const;
};

/**
 * \ingroup chronometry
 * From now on, when ns-3 stops the program over a value a chronometry checker refused
 * (SetAttribute, Config::SetDefault or ObjectFactory::Set end in NS_FATAL_ERROR, which does
 * not say why), print "chronometry: configuration error: <the refusal>" and exit with status 1,
 * as a command-line tool refuses bad input, instead of an abort. Any other termination goes to
 * the handler that was in force before. Installs a std::terminate handler once (later calls do
 * nothing); nothing is installed unless a program asks, so linking the library changes nothing.
 * Call it first in main().
 */
void ExplainConfigErrors();

/**
 * The refusal of the last RangeChecker::Check() that refused a value in this thread, and
 * forget it (a Check() that accepts a value forgets it too).
 * \return the refusal; an empty optional if the last check accepted its value
 */
std::optional<AttributeRefusal> TakeLastRefusal();

/**
 * Record a checker's verdict for TakeLastRefusal (for RangeCheckers defined outside
 * chronometry-checkers.cc).
 * \param refusal the refusal, or std::nullopt when the check accepted its value
 */
void RecordRefusal(std::optional<AttributeRefusal> refusal);

/**
 * Set an Attribute, refusing a bad value through ReportConfigError with the checker's reason
 * (the attribute named as data): ns-3's SetAttributeFailSafe, then the report.  For code that
 * sets attributes from user input (study settings, bindings).
 * \param object the object
 * \param attribute the Attribute's name
 * \param value the value
 */
void SetAttributeOrReport(ObjectBase& object,
                          const std::string& attribute,
                          const AttributeValue& value);

/**
 * \ingroup chronometry
 * An AttributeChecker that knows its valid range.  Check() returns false for a value out of
 * range (ns-3's contract) and records why (TakeLastRefusal).
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
     * Values of the checker's own type that it must refuse, as data (the bad-input matrix
     * tries each on every Attribute that uses the checker): just below the low end and just
     * above the high end where the type can hold them (lo - 1 for whole numbers, the next
     * double outward, or the end itself when it is excluded, and NaN for reals; lo - 1 time
     * step for Times), or strings that are not one of the choices.
     * \return the values, each of the checker's value type (TimeValue, DoubleValue, ...)
     */
    virtual std::vector<Ptr<AttributeValue>> GetOutOfRangeExamples() const = 0;

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
 * A checker for message intervals that protocols send as log2 (PTP's logMessageInterval).
 * \param minLog smallest exponent
 * \param maxLog largest exponent
 * \return a checker for TimeValue accepting exactly 2^n seconds, minLog <= n <= maxLog
 */
Ptr<const AttributeChecker> MakeTimePowerOfTwoChecker(int minLog, int maxLog);

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
 * \param choices the valid items
 * \return a checker for StringValue accepting "none" or a set of distinct choices joined by
 *         '+' ("a+b": a command line's comma separates the points of a sweep; read it with
 *         SplitStringSet)
 */
Ptr<const AttributeChecker> MakeStringSetChecker(std::vector<std::string> choices);

/**
 * \param value a value MakeStringSetChecker accepted
 * \return its items ("none": none)
 */
std::vector<std::string> SplitStringSet(const std::string& value);

/**
 * A plug-in chosen as ns-3 chooses one (ObjectFactory): the value names a TypeId.
 * \param base the plug-ins' base class (ns3::ClockServo)
 * \param deprecated old names still accepted (each maps to a TypeId through
 *        ResolveTypeIdChoice), not listed among the valid values
 * \return a checker for StringValue accepting the name of every registered TypeId derived
 *         from \p base that has a constructor (its valid values, listed when one is refused,
 *         are read from the TypeId registry, so a new plug-in needs no edit here), or one of
 *         \p deprecated's old names
 */
Ptr<const AttributeChecker> MakeTypeIdChoiceChecker(
    TypeId base,
    std::vector<std::pair<std::string, std::string>> deprecated = {});

/**
 * The TypeId a MakeTypeIdChoiceChecker value names; an old name is mapped to its TypeId with
 * a note on stderr (once per process per name) that it is deprecated.
 * \param checker the checker (a MakeTypeIdChoiceChecker)
 * \param name a value it accepted ("ns3::PiServo", or an old name such as "pi")
 * \return the TypeId
 */
TypeId ResolveTypeIdChoice(const Ptr<const AttributeChecker>& checker, const std::string& name);

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
 * \param checker any checker
 * \return the names an ns-3 EnumChecker accepts, in its order; empty if it is not one
 */
std::vector<std::string> EnumNamesOf(const Ptr<const AttributeChecker>& checker);

/**
 * Check a value against an Attribute's own checker: a public setter that is also the
 * Attribute's accessor calls it, so that a direct C++ call is refused (through
 * ReportConfigError, naming the attribute and its range) exactly as the checker refuses it
 * for SetAttribute, with the range written once, in the checker.
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
