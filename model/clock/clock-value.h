/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLOCK_VALUE_H
#define CLOCK_VALUE_H

#include <cstdint>
#include <ostream>

#ifndef __SIZEOF_INT128__
#error "chronometry's clock arithmetic needs __int128 (GCC or Clang on a 64-bit target)"
#endif

namespace ns3
{

/**
 * \ingroup chronometry
 * An exact binary fixed-point number: a signed 128-bit integer counting 2^-64 units.
 *
 * Clock values (in ns-3 time steps) and slopes (clock time per true time) are
 * kept in this form so that clock arithmetic is exact and gives the same bits on
 * every platform, where \c long double is 80-bit on x86-64 and 64-bit elsewhere.
 *
 * Range: |x| < 2^63 (the int64 range of time steps); resolution 2^-64.
 * Sums are exact; a product with a whole number of time steps (MulSteps) is
 * exact and checked for overflow.  A double converts exactly when it is a
 * multiple of 2^-64 (every double of magnitude >= 2^-12, e.g. every slope
 * 1 + rho and every nanosecond jitter above 0.25 ps), otherwise it is rounded
 * to the nearest multiple (ties to even).
 */
class ClockValue
{
  public:
    /** The raw representation: the value times 2^64. */
    __extension__ typedef __int128 Raw;

    /** Number of fractional bits. */
    static constexpr int FRACTION_BITS = 64;

    /** Zero. */
    constexpr ClockValue()
        : m_raw(0)
    {
    }

    /**
     * \param steps a whole number
     * \return that number, exactly
     */
    static constexpr ClockValue FromSteps(int64_t steps)
    {
        return FromRaw(static_cast<Raw>(steps) * ONE);
    }

    /**
     * \param raw the value times 2^64
     * \return the value
     */
    static constexpr ClockValue FromRaw(Raw raw)
    {
        ClockValue v;
        v.m_raw = raw;
        return v;
    }

    /**
     * Convert a double: exact when it is a multiple of 2^-64, otherwise rounded to
     * the nearest multiple (ties to even).  A value that is not finite or whose
     * magnitude reaches 2^63 is a configuration error (the message names
     * \p what and the valid range).
     * \param value the number
     * \param what what the number is, for the error message
     * \return the fixed-point value
     */
    static ClockValue FromDouble(double value, const char* what = "ClockValue");

    /** \return the value times 2^64 */
    constexpr Raw GetRaw() const
    {
        return m_raw;
    }

    /** \return the largest whole number not above the value */
    constexpr int64_t Floor() const
    {
        // Arithmetic shift: floor for negative values too (GCC and Clang).
        return static_cast<int64_t>(m_raw >> FRACTION_BITS);
    }

    /** \return the smallest whole number not below the value */
    constexpr int64_t Ceil() const
    {
        return -FromRaw(-m_raw).Floor();
    }

    /** \return the nearest whole number, halves away from zero (as std::llround) */
    int64_t Round() const;

    /** \return the nearest double (ties to even) */
    double GetDouble() const;

    /**
     * \param steps a whole number of steps
     * \return this value times \p steps, exactly; a result outside the range is a
     *         configuration error
     */
    ClockValue MulSteps(int64_t steps) const
    {
        Raw product;
        if (__builtin_mul_overflow(m_raw, static_cast<Raw>(steps), &product) || product == MIN_RAW)
        {
            ReportProductOutOfRange(steps);
        }
        return FromRaw(product);
    }

    /**
     * \param other a value
     * \return the exact sum; a result outside the range is a configuration error
     */
    ClockValue CheckedAdd(ClockValue other) const
    {
        Raw sum;
        if (__builtin_add_overflow(m_raw, other.m_raw, &sum) || sum == MIN_RAW)
        {
            ReportSumOutOfRange(other);
        }
        return FromRaw(sum);
    }

    /**
     * \param other a value
     * \return the exact sum (the caller keeps it in range)
     */
    constexpr ClockValue operator+(ClockValue other) const
    {
        return FromRaw(m_raw + other.m_raw);
    }

    /**
     * \param other a value
     * \return the exact difference (the caller keeps it in range)
     */
    constexpr ClockValue operator-(ClockValue other) const
    {
        return FromRaw(m_raw - other.m_raw);
    }

    /** \return the negated value */
    constexpr ClockValue operator-() const
    {
        return FromRaw(-m_raw);
    }

    /**
     * \param other a value
     * \return this, increased by \p other
     */
    ClockValue& operator+=(ClockValue other)
    {
        m_raw += other.m_raw;
        return *this;
    }

    /// \name Comparisons
    /// \param other a value
    /// \return the comparison
    /// \{
    constexpr bool operator==(ClockValue other) const
    {
        return m_raw == other.m_raw;
    }

    constexpr bool operator!=(ClockValue other) const
    {
        return m_raw != other.m_raw;
    }

    constexpr bool operator<(ClockValue other) const
    {
        return m_raw < other.m_raw;
    }

    constexpr bool operator<=(ClockValue other) const
    {
        return m_raw <= other.m_raw;
    }

    constexpr bool operator>(ClockValue other) const
    {
        return m_raw > other.m_raw;
    }

    constexpr bool operator>=(ClockValue other) const
    {
        return m_raw >= other.m_raw;
    }

    /// \}

    /** 2^64: the raw form of 1. */
    static constexpr Raw ONE = static_cast<Raw>(1) << FRACTION_BITS;

  private:
    /** The one raw value outside the symmetric range: -2^127. */
    __extension__ static constexpr Raw MIN_RAW =
        -static_cast<Raw>(~static_cast<unsigned __int128>(0) >> 1) - 1;

    /**
     * Report a product outside the range (a configuration error).
     * \param steps the factor
     */
    [[noreturn]] void ReportProductOutOfRange(int64_t steps) const;

    /**
     * Report a sum outside the range (a configuration error).
     * \param other the other term
     */
    [[noreturn]] void ReportSumOutOfRange(ClockValue other) const;

    Raw m_raw; //!< the value times 2^64
};

/**
 * Print the value as a decimal (the whole part exactly, then 20 fractional digits
 * of the exact binary fraction, truncated).
 * \param os the stream
 * \param value the value
 * \return the stream
 */
std::ostream& operator<<(std::ostream& os, ClockValue value);

} // namespace ns3

#endif /* CLOCK_VALUE_H */
