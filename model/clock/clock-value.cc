/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clock-value.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClockValue");

namespace
{

/** 2^63 as a double: the first magnitude outside the range. */
constexpr double TWO_63 = 9223372036854775808.0;

} // namespace

ClockValue
ClockValue::FromDouble(double value, const char* what)
{
    if (!std::isfinite(value) || !(std::fabs(value) < TWO_63))
    {
        chronometry::ReportConfigError(std::string(what) + " = " + std::to_string(value) +
                                       " is invalid; valid range: finite, with magnitude "
                                       "below 2^63");
    }
    if (value == 0.0)
    {
        return ClockValue();
    }
    // value = mantissa * 2^exponent with a 53-bit integer mantissa (exact).
    int exponent = 0;
    double fraction = std::frexp(std::fabs(value), &exponent); // in [0.5, 1)
    auto mantissa = static_cast<int64_t>(std::ldexp(fraction, 53));
    exponent -= 53;
    int shift = exponent + FRACTION_BITS; // raw = mantissa * 2^shift
    Raw raw;
    if (shift >= 0)
    {
        raw = static_cast<Raw>(mantissa) << shift; // < 2^127 because |value| < 2^63
    }
    else if (shift <= -FRACTION_BITS)
    {
        raw = 0; // mantissa * 2^shift < 2^53 * 2^-64: far below half a unit
    }
    else
    {
        // Round mantissa * 2^shift to the nearest integer, ties to even.
        int down = -shift;
        int64_t whole = mantissa >> down;
        int64_t rest = mantissa - (whole << down);
        int64_t half = int64_t{1} << (down - 1);
        if (rest > half || (rest == half && (whole & 1) != 0))
        {
            ++whole;
        }
        raw = whole;
    }
    return FromRaw(value < 0 ? -raw : raw);
}

int64_t
ClockValue::Round() const
{
    // On the magnitude, unsigned: |x| + 1/2 cannot overflow 128 bits.
    __extension__ typedef unsigned __int128 URaw;
    URaw magnitude = m_raw < 0 ? -static_cast<URaw>(m_raw) : static_cast<URaw>(m_raw);
    auto away = static_cast<uint64_t>((magnitude + ONE / 2) >> FRACTION_BITS);
    const auto limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (m_raw < 0)
    {
        return away > limit ? std::numeric_limits<int64_t>::min() : -static_cast<int64_t>(away);
    }
    if (away > limit)
    {
        chronometry::ReportConfigError("ClockValue: " + std::to_string(GetDouble()) +
                                       " rounds to 2^63, out of range; valid range: below "
                                       "2^63 - 1/2 time steps");
    }
    return static_cast<int64_t>(away);
}

double
ClockValue::GetDouble() const
{
    // Both steps are exact or correctly rounded: the integer conversion rounds to
    // nearest (ties to even), and scaling by 2^-64 is exact for normal results.
    return std::ldexp(static_cast<double>(m_raw), -FRACTION_BITS);
}

void
ClockValue::ReportProductOutOfRange(int64_t steps) const
{
    chronometry::ReportConfigError("ClockValue: " + std::to_string(GetDouble()) + " * " +
                                   std::to_string(steps) +
                                   " steps is out of range; valid range: magnitude below 2^63 "
                                   "time steps");
}

void
ClockValue::ReportSumOutOfRange(ClockValue other) const
{
    chronometry::ReportConfigError("ClockValue: " + std::to_string(GetDouble()) + " + " +
                                   std::to_string(other.GetDouble()) +
                                   " is out of range; valid range: magnitude below 2^63 time "
                                   "steps");
}

std::ostream&
operator<<(std::ostream& os, ClockValue value)
{
    __extension__ typedef unsigned __int128 URaw;
    ClockValue::Raw raw = value.GetRaw();
    URaw magnitude = raw < 0 ? -static_cast<URaw>(raw) : static_cast<URaw>(raw);
    auto whole = static_cast<uint64_t>(magnitude >> ClockValue::FRACTION_BITS);
    auto fraction = static_cast<uint64_t>(magnitude);
    std::string digits;
    for (int i = 0; i < 20 && fraction != 0; ++i)
    {
        URaw scaled = static_cast<URaw>(fraction) * 10;
        digits.push_back(static_cast<char>('0' + static_cast<int>(scaled >> 64)));
        fraction = static_cast<uint64_t>(scaled);
    }
    os << (raw < 0 ? "-" : "") << whole;
    if (!digits.empty())
    {
        os << '.' << digits;
    }
    return os;
}

} // namespace ns3
