/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ntp-on-wire.h"

#include "ntp-message.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NtpOnWire");

namespace ntp
{

namespace
{
__extension__ typedef __int128 Int128; //!< signed 128-bit integer

/**
 * \param units a signed number of 2^-shift seconds
 * \param shift the binary point
 * \return it in nanoseconds, rounded half away from zero
 */
Time
FixedToTime(Int128 units, int shift)
{
    const Int128 den = static_cast<Int128>(1) << shift;
    const Int128 num = units * 1000000000;
    const Int128 half = den / 2;
    return NanoSeconds(
        static_cast<int64_t>(num >= 0 ? (num + half) / den : -((-num + half) / den)));
}

/**
 * \param a a timestamp
 * \param b another
 * \return a - b in 2^-32 s, two's complement (RFC 5905 section 6)
 */
int64_t
Diff(NtpTimestamp a, NtpTimestamp b)
{
    return static_cast<int64_t>(a.ToRaw() - b.ToRaw());
}

/**
 * \param phi PHI (s/s)
 * \param interval T4 - T1
 * \return PHI x interval, rounded to the nanosecond (0 for a negative interval)
 */
Time
Drift(double phi, Time interval)
{
    const double ns = std::max(0.0, static_cast<double>(interval.GetNanoSeconds())) * phi;
    return NanoSeconds(std::llround(ns));
}
} // namespace

Time
OnWireOffset(Time t1, Time t2, Time t3, Time t4)
{
    return ((t2 - t1) + (t3 - t4)) / 2;
}

Time
OnWireDelay(Time t1, Time t2, Time t3, Time t4)
{
    return (t4 - t1) - (t3 - t2);
}

OnWireSample
OnWire(Time t1, Time t2, Time t3, Time t4, Time serverPrecision, Time clientPrecision, double phi)
{
    OnWireSample s;
    s.offset = OnWireOffset(t1, t2, t3, t4);
    s.delay = std::max(OnWireDelay(t1, t2, t3, t4), clientPrecision);
    s.dispersion = serverPrecision + clientPrecision + Drift(phi, t4 - t1);
    return s;
}

OnWireSample
OnWire(const NtpMessage& reply, NtpTimestamp t4, Time clientPrecision, double phi)
{
    const NtpTimestamp t1 = reply.originTimestamp;
    const NtpTimestamp t2 = reply.receiveTimestamp;
    const NtpTimestamp t3 = reply.transmitTimestamp;
    const Int128 offsetUnits = static_cast<Int128>(Diff(t2, t1)) + Diff(t3, t4);
    const Int128 delayUnits = static_cast<Int128>(Diff(t4, t1)) - Diff(t3, t2);
    OnWireSample s;
    s.offset = FixedToTime(offsetUnits, 33); // the sum over 2: one more fraction bit
    s.delay = std::max(FixedToTime(delayUnits, 32), clientPrecision);
    s.dispersion =
        Log2ToTime(reply.precision) + clientPrecision + Drift(phi, FixedToTime(Diff(t4, t1), 32));
    return s;
}

} // namespace ntp
} // namespace ns3
