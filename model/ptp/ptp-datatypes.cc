/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ptp-datatypes.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cstdio>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PtpDatatypes");

bool
PtpTimestamp::IsValid() const
{
    return seconds <= MAX_SECONDS && nanoseconds < NS_PER_S;
}

bool
PtpTimestamp::TryFromTime(Time t, PtpTimestamp& out)
{
    if (t.IsStrictlyNegative())
    {
        return false;
    }
    // GetNanoSeconds truncates a finer resolution toward zero, i.e. down for t >= 0. Every
    // non-negative int64 of nanoseconds has fewer than 2^48 seconds.
    const int64_t ns = t.GetNanoSeconds();
    out.seconds = static_cast<uint64_t>(ns / NS_PER_S);
    out.nanoseconds = static_cast<uint32_t>(ns % NS_PER_S);
    return true;
}

PtpTimestamp
PtpTimestamp::FromTime(Time t)
{
    PtpTimestamp ts;
    NS_ABORT_MSG_UNLESS(TryFromTime(t, ts),
                        "PtpTimestamp::FromTime: " << t.As(Time::NS)
                                                   << " is before the PTP epoch (negative)");
    return ts;
}

bool
PtpTimestamp::TryToTime(Time& out) const
{
    if (!IsValid())
    {
        return false;
    }
    // Largest number of nanoseconds a Time holds at the current resolution.
    const auto maxNs = static_cast<uint64_t>(Time::Max().GetNanoSeconds());
    if (seconds > (maxNs - nanoseconds) / NS_PER_S)
    {
        return false;
    }
    out = NanoSeconds(static_cast<int64_t>(seconds * NS_PER_S + nanoseconds));
    return true;
}

Time
PtpTimestamp::ToTime() const
{
    Time t;
    NS_ABORT_MSG_UNLESS(TryToTime(t),
                        "PtpTimestamp::ToTime: " << ToString()
                                                 << " is invalid or beyond the range of Time");
    return t;
}

std::string
PtpTimestamp::ToString() const
{
    char buf[48];
    std::snprintf(buf,
                  sizeof(buf),
                  "%llu.%09u",
                  static_cast<unsigned long long>(seconds),
                  static_cast<unsigned>(nanoseconds));
    return buf;
}

bool
PtpTimestamp::operator==(const PtpTimestamp& o) const
{
    return seconds == o.seconds && nanoseconds == o.nanoseconds;
}

bool
PtpTimestamp::operator!=(const PtpTimestamp& o) const
{
    return !(*this == o);
}

bool
PtpTimestamp::operator<(const PtpTimestamp& o) const
{
    return std::tie(seconds, nanoseconds) < std::tie(o.seconds, o.nanoseconds);
}

uint64_t
PtpPortIdentity::ClockIdentityFromEui48(const uint8_t mac[6])
{
    const uint8_t octets[8] = {mac[0], mac[1], mac[2], 0xFF, 0xFE, mac[3], mac[4], mac[5]};
    uint64_t id = 0;
    for (uint8_t o : octets)
    {
        id = (id << 8) | o;
    }
    return id;
}

std::string
PtpPortIdentity::ToString() const
{
    char buf[40];
    std::snprintf(buf,
                  sizeof(buf),
                  "%06llx.%04llx.%06llx-%u",
                  static_cast<unsigned long long>(clockIdentity >> 40),
                  static_cast<unsigned long long>((clockIdentity >> 24) & 0xFFFF),
                  static_cast<unsigned long long>(clockIdentity & 0xFFFFFF),
                  static_cast<unsigned>(portNumber));
    return buf;
}

bool
PtpPortIdentity::operator==(const PtpPortIdentity& o) const
{
    return clockIdentity == o.clockIdentity && portNumber == o.portNumber;
}

bool
PtpPortIdentity::operator!=(const PtpPortIdentity& o) const
{
    return !(*this == o);
}

bool
PtpPortIdentity::operator<(const PtpPortIdentity& o) const
{
    return std::tie(clockIdentity, portNumber) < std::tie(o.clockIdentity, o.portNumber);
}

bool
PtpClockQuality::operator==(const PtpClockQuality& o) const
{
    return clockClass == o.clockClass && clockAccuracy == o.clockAccuracy &&
           offsetScaledLogVariance == o.offsetScaledLogVariance;
}

bool
PtpClockQuality::operator!=(const PtpClockQuality& o) const
{
    return !(*this == o);
}

namespace ptp
{

int64_t
TimeToScaledNs(Time t)
{
    constexpr int64_t limitNs = int64_t{1} << 47; // 2^47 ns * 2^16 = 2^63
    if (Time::GetResolution() == Time::NS)
    {
        const int64_t ns = t.GetTimeStep();
        if (ns >= limitNs)
        {
            return SCALED_NS_SATURATED;
        }
        if (ns <= -limitNs)
        {
            return -SCALED_NS_SATURATED;
        }
        return ns * SCALED_NS_PER_NS;
    }
    const int64x64_t ns = t.To(Time::NS);
    if (ns >= int64x64_t(limitNs))
    {
        return SCALED_NS_SATURATED;
    }
    if (ns <= int64x64_t(-limitNs))
    {
        return -SCALED_NS_SATURATED;
    }
    return (ns * int64x64_t(SCALED_NS_PER_NS)).Round();
}

Time
ScaledNsToTime(int64_t scaled)
{
    if (Time::GetResolution() == Time::NS)
    {
        // Round half away from zero, in integers (exact).
        const int64_t whole = scaled / SCALED_NS_PER_NS;
        const int64_t rest = scaled % SCALED_NS_PER_NS;
        int64_t ns = whole;
        if (2 * rest >= SCALED_NS_PER_NS)
        {
            ++ns;
        }
        else if (2 * rest <= -SCALED_NS_PER_NS)
        {
            --ns;
        }
        return NanoSeconds(ns);
    }
    return Time::From(int64x64_t(scaled) / int64x64_t(SCALED_NS_PER_NS), Time::NS);
}

double
ScaledNsToNs(int64_t scaled)
{
    return static_cast<double>(scaled) / static_cast<double>(SCALED_NS_PER_NS);
}

} // namespace ptp

} // namespace ns3
