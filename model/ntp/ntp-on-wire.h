/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_ON_WIRE_H
#define NTP_ON_WIRE_H

#include "ntp-datatypes.h"

#include "ns3/nstime.h"

/**
 * \file
 * \ingroup chronometry
 * The NTP on-wire computation (RFC 5905 section 8 and 9.2) as pure functions: the offset
 * theta and round-trip delay delta of one client/server exchange from its four timestamps,
 * and the sample's dispersion epsilon. The relation study's NTP baseline
 * (relation::NtpSample) uses these too.
 *
 * Timestamps: T1 the request's departure (client clock), T2 its arrival (server clock), T3
 * the reply's departure (server clock), T4 its arrival (client clock). theta is server minus
 * client: the correction to add to the client's clock. With one-way delays d_f (request) and
 * d_r (reply) and a true offset theta_0, theta = theta_0 + (d_f - d_r) / 2 and delta = d_f +
 * d_r: the error of theta is half the path asymmetry, and since neither delay is negative it
 * is at most delta / 2, whatever the asymmetry.
 */

namespace ns3
{

struct NtpMessage;

namespace ntp
{

/**
 * theta = [(T2 - T1) + (T3 - T4)] / 2, halved in Time arithmetic (truncated toward zero at
 * the Time resolution).
 * \param t1 request departure, client clock
 * \param t2 request arrival, server clock
 * \param t3 reply departure, server clock
 * \param t4 reply arrival, client clock
 * \return the offset, server minus client
 */
Time OnWireOffset(Time t1, Time t2, Time t3, Time t4);

/**
 * delta = (T4 - T1) - (T3 - T2), exact (not clamped).
 * \param t1 request departure, client clock
 * \param t2 request arrival, server clock
 * \param t3 reply departure, server clock
 * \param t4 reply arrival, client clock
 * \return the round-trip delay
 */
Time OnWireDelay(Time t1, Time t2, Time t3, Time t4);

/**
 * \ingroup chronometry
 * \brief One sample of the on-wire protocol, ready for the clock filter.
 */
struct OnWireSample
{
    Time offset;     //!< theta, server minus client
    Time delay;      //!< delta, clamped to at least the client's precision
    Time dispersion; //!< epsilon = server precision + client precision + PHI (T4 - T1)
};

/**
 * The sample of one exchange (RFC 5905 section 8 and 9.2): theta and delta as above, delta
 * clamped to no less than the client's precision (a negative delay from a large frequency
 * error "is misleading in subsequent computations"), epsilon = rho_r + rho + PHI (T4 - T1).
 * \param t1 request departure, client clock
 * \param t2 request arrival, server clock
 * \param t3 reply departure, server clock
 * \param t4 reply arrival, client clock
 * \param serverPrecision rho_r, the server's precision (ntp::Log2ToTime of its Precision field)
 * \param clientPrecision rho, the client's precision
 * \param phi the frequency tolerance PHI (s/s)
 * \return the sample
 */
OnWireSample OnWire(Time t1,
                    Time t2,
                    Time t3,
                    Time t4,
                    Time serverPrecision,
                    Time clientPrecision,
                    double phi = TOLERANCE);

/**
 * The same from a server's reply (T1 its Origin, T2 its Receive, T3 its Transmit Timestamp,
 * rho_r from its Precision field) and the client's T4, with the RFC's era-safe arithmetic:
 * first-order differences of the 64-bit timestamps in two's complement, summed exactly,
 * rounded once to the nearest nanosecond.
 * \param reply the server's reply
 * \param t4 its arrival, client clock, as a timestamp
 * \param clientPrecision rho, the client's precision
 * \param phi the frequency tolerance PHI (s/s)
 * \return the sample
 */
OnWireSample OnWire(const NtpMessage& reply,
                    NtpTimestamp t4,
                    Time clientPrecision,
                    double phi = TOLERANCE);

} // namespace ntp
} // namespace ns3

#endif /* NTP_ON_WIRE_H */
