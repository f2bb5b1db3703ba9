/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_VALIDATION_H
#define CHRONOMETRY_VALIDATION_H

#include "ns3/nstime.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * Configuration-time validation shared by every chronometry Attribute setter.
 *
 * ns-3's own range checkers reject a bad value with a generic fatal error that
 * does not name the valid range.  chronometry validates in its setters instead
 * and reports "<Class>::<Attribute> = <value> is invalid; valid range: <range>".
 * By default a report ends the program the way a command-line tool refuses bad
 * input: the message on standard error and exit status 1 (not an abort and its
 * trace: the input was wrong, not the program).  Tests and the Python bindings
 * switch to ValidationMode::THROW, which throws chronometry::ConfigError so the
 * message can be checked (and becomes a Python ValueError).
 */

namespace ns3
{
namespace chronometry
{

/**
 * \ingroup chronometry
 * Thrown for invalid configuration when the validation mode is THROW.
 */
class ConfigError : public std::invalid_argument
{
  public:
    /**
     * \param message the complete explanation, naming the parameter and its valid range
     * \param attributes the Attributes it refuses, qualified ("ns3::ReplayStudy::Skew"), as
     *        data (the Python module names its keywords from them, not from the text)
     */
    explicit ConfigError(const std::string& message, std::vector<std::string> attributes = {});

    /** \return the qualified Attributes the error refuses (empty if it names none) */
    const std::vector<std::string>& GetAttributes() const;

  private:
    std::vector<std::string> m_attributes; //!< qualified Attribute names
};

/** What happens when a configuration error is reported. */
enum class ValidationMode
{
    EXIT, //!< the message on standard error, then exit status 1 (the default)
    THROW //!< throw ConfigError with the message
};

/**
 * Select how configuration errors are reported (process-wide).
 * \param mode the new mode
 * \return the previous mode
 */
ValidationMode SetValidationMode(ValidationMode mode);

/** \return the current validation mode */
ValidationMode GetValidationMode();

/**
 * Report an invalid configuration according to the current ValidationMode.
 * \param message the full explanation
 * \param attributes the qualified Attributes it refuses ("ns3::ReplayStudy::Skew"), if any
 */
[[noreturn]] void ReportConfigError(const std::string& message,
                                    std::vector<std::string> attributes = {});

/**
 * Print a Time in the largest unit that shows it exactly (1s, 250ms, 3us, 7ns; inf, -inf).
 * \param t the time
 * \return the text
 */
std::string FormatTime(Time t);

/**
 * Print a real number in the fewest significant digits, at least 6, that read back as the same
 * double (0.1, 1e+06, 100000.00000000001 for the double just above 1e5; nan, inf).  A value
 * refused just outside a range is then not shown as the range's end.
 * \param x the number
 * \return the text
 */
std::string FormatReal(double x);

/**
 * Check lo <= value <= hi for a Time-valued parameter.
 * \param parameter qualified name, e.g. "ns3::DriftingClock::Resolution"
 * \param value the value being set
 * \param lo smallest valid value
 * \param hi largest valid value
 */
void RequireTimeInRange(std::string_view parameter, Time value, Time lo, Time hi);

/**
 * Check that a real-valued parameter lies in a range.
 * \param parameter qualified name, e.g. "ns3::ConstantDriftOscillator::Drift"
 * \param value the value being set
 * \param lo lower end of the range
 * \param hi upper end of the range
 * \param unit unit printed after the numbers (e.g. "ppm"); may be empty
 * \param loInclusive whether lo itself is valid
 * \param hiInclusive whether hi itself is valid
 */
void RequireDoubleInRange(std::string_view parameter,
                          double value,
                          double lo,
                          double hi,
                          std::string_view unit,
                          bool loInclusive = true,
                          bool hiInclusive = true);

/**
 * The valid names closest to a mistyped one, for "did you mean" hints: the case-insensitive
 * optimal-string-alignment distance (insertions, deletions, substitutions and adjacent
 * transpositions) at most a third of the longer name (at least 1, at most 3), nearest first,
 * ties in the candidates' order.  A candidate that differs only in case, or that starts with
 * the name ("--Time" for "TimestampNoise"), comes first; only the nearest are given (those at
 * the best distance, and one further when the best is not 0).
 * \param name the name given ("TimeStampNoise")
 * \param candidates the valid names
 * \param most at most this many
 * \return the closest candidates (empty: none close)
 */
std::vector<std::string> ClosestNames(std::string_view name,
                                      const std::vector<std::string>& candidates,
                                      std::size_t most = 3);

/**
 * \param name the name given
 * \param candidates the valid names
 * \param prefix written before each suggestion ("--" for options, "" for keywords)
 * \return "did you mean --A?" or "did you mean --A or --B?"; "" when none is close
 */
std::string DidYouMean(std::string_view name,
                       const std::vector<std::string>& candidates,
                       std::string_view prefix = "");

/**
 * RAII guard that switches to THROW mode for its lifetime (used by tests).
 */
class ScopedThrowOnConfigError
{
  public:
    ScopedThrowOnConfigError();
    ~ScopedThrowOnConfigError();
    ScopedThrowOnConfigError(const ScopedThrowOnConfigError&) = delete;
    ScopedThrowOnConfigError& operator=(const ScopedThrowOnConfigError&) = delete;

  private:
    ValidationMode m_previous; //!< mode restored on destruction
};

} // namespace chronometry
} // namespace ns3

#endif /* CHRONOMETRY_VALIDATION_H */
