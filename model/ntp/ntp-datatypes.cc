/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-datatypes.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpDatatypes");

namespace
{
constexpr uint64_t NS_PER_S = 1000000000ULL; //!< nanoseconds in a second
constexpr uint64_t TWO_32 = 1ULL << 32;      //!< 2^32
__extension__ typedef __int128 Int128;       //!< signed 128-bit integer

/**
 * \param num numerator
 * \param den denominator (> 0)
 * \return num / den rounded to the nearest integer, halves away from zero
 */
int64_t
RoundDiv(Int128 num, Int128 den)
{
    const Int128 half = den / 2;
    return static_cast<int64_t>(num >= 0 ? (num + half) / den : -((-num + half) / den));
}
} // namespace

uint64_t
NtpTimestamp::ToRaw() const
{
    return (static_cast<uint64_t>(seconds) << 32) | fraction;
}

NtpTimestamp
NtpTimestamp::FromRaw(uint64_t raw)
{
    return NtpTimestamp{static_cast<uint32_t>(raw >> 32), static_cast<uint32_t>(raw)};
}

bool
NtpTimestamp::IsZero() const
{
    return seconds == 0 && fraction == 0;
}

bool
NtpTimestamp::TryFromTime(Time t, NtpTimestamp& out)
{
    if (t.IsStrictlyNegative())
    {
        return false;
    }
    const auto ns = static_cast<uint64_t>(t.GetNanoSeconds());
    if (ns / NS_PER_S >= TWO_32)
    {
        return false;
    }
    // The largest fraction, round(999999999 x 2^32 / 10^9), is below 2^32: no carry.
    const uint64_t frac = ((ns % NS_PER_S) * TWO_32 + NS_PER_S / 2) / NS_PER_S;
    out.seconds = static_cast<uint32_t>(ns / NS_PER_S);
    out.fraction = static_cast<uint32_t>(frac);
    return true;
}

NtpTimestamp
NtpTimestamp::FromTime(Time t)
{
    NtpTimestamp ts;
    NS_ABORT_MSG_UNLESS(TryFromTime(t, ts),
                        "NtpTimestamp::FromTime: " << t.As(Time::S)
                                                   << " is outside NTP era 0 [0, 2^32 s)");
    return ts;
}

NtpTimestamp
NtpTimestamp::FromTimeAnyEra(Time t)
{
    NS_ABORT_MSG_IF(t.IsStrictlyNegative(),
                    "NtpTimestamp::FromTimeAnyEra: " << t.As(Time::S) << " is before 1900");
    const auto ns = static_cast<uint64_t>(t.GetNanoSeconds());
    const uint64_t eraNs = TWO_32 * NS_PER_S; // one era, 2^32 s
    return FromTime(NanoSeconds(static_cast<int64_t>(ns % eraNs)));
}

Time
NtpTimestamp::ToTime() const
{
    const uint64_t fracNs = (static_cast<uint64_t>(fraction) * NS_PER_S + TWO_32 / 2) >> 32;
    return NanoSeconds(static_cast<int64_t>(seconds * NS_PER_S + fracNs));
}

Time
NtpTimestamp::Difference(NtpTimestamp a, NtpTimestamp b)
{
    // Two's complement difference of the 64-bit values, read as signed 32.32.
    const auto d = static_cast<int64_t>(a.ToRaw() - b.ToRaw());
    return NanoSeconds(RoundDiv(static_cast<Int128>(d) * static_cast<Int128>(NS_PER_S),
                                static_cast<Int128>(TWO_32)));
}

std::string
NtpTimestamp::ToString() const
{
    // 10 decimal digits of the fraction: round(fraction x 10^10 / 2^32).
    const uint64_t dec =
        static_cast<uint64_t>(RoundDiv(static_cast<Int128>(fraction) * 10000000000LL, TWO_32));
    char buf[40];
    if (dec >= 10000000000ULL) // rounds up to the next second
    {
        std::snprintf(buf,
                      sizeof(buf),
                      "%llu.0000000000",
                      static_cast<unsigned long long>(seconds) + 1ULL);
    }
    else
    {
        std::snprintf(buf,
                      sizeof(buf),
                      "%u.%010llu",
                      static_cast<unsigned>(seconds),
                      static_cast<unsigned long long>(dec));
    }
    return buf;
}

bool
NtpTimestamp::operator==(const NtpTimestamp& o) const
{
    return seconds == o.seconds && fraction == o.fraction;
}

bool
NtpTimestamp::operator!=(const NtpTimestamp& o) const
{
    return !(*this == o);
}

NtpShort
NtpShort::FromTime(Time t)
{
    if (!t.IsStrictlyPositive())
    {
        return NtpShort{0};
    }
    const auto ns = static_cast<uint64_t>(t.GetNanoSeconds());
    constexpr uint64_t maxNs = 65536ULL * NS_PER_S; // beyond: saturated
    if (ns >= maxNs)
    {
        return NtpShort{0xFFFFFFFFU};
    }
    const uint64_t raw = (ns * 65536ULL + NS_PER_S / 2) / NS_PER_S;
    return NtpShort{static_cast<uint32_t>(std::min<uint64_t>(raw, 0xFFFFFFFFULL))};
}

Time
NtpShort::ToTime() const
{
    return NanoSeconds(static_cast<int64_t>((static_cast<uint64_t>(raw) * NS_PER_S + 32768) >> 16));
}

double
NtpShort::ToSeconds() const
{
    return std::ldexp(static_cast<double>(raw), -16);
}

bool
NtpShort::operator==(const NtpShort& o) const
{
    return raw == o.raw;
}

bool
NtpShort::operator!=(const NtpShort& o) const
{
    return raw != o.raw;
}

namespace ntp
{

Time
Log2ToTime(int8_t exponent)
{
    const int e = std::clamp<int>(exponent, -60, 33);
    return NanoSeconds(std::llround(std::ldexp(1e9, e)));
}

int8_t
TimeToLog2(Time t)
{
    if (!t.IsStrictlyPositive())
    {
        return -60;
    }
    int e = static_cast<int>(std::ceil(std::log2(t.GetSeconds())));
    // log2 of a double can land one off at exact powers of two: settle on the smallest.
    while (e > -60 && Log2ToTime(static_cast<int8_t>(e - 1)) >= t)
    {
        --e;
    }
    while (e < 33 && Log2ToTime(static_cast<int8_t>(e)) < t)
    {
        ++e;
    }
    return static_cast<int8_t>(std::clamp(e, -60, 33));
}

} // namespace ntp

} // namespace ns3
