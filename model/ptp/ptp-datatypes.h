/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_DATATYPES_H
#define PTP_DATATYPES_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

/**
 * \file
 * \ingroup chronometry
 * The data types of IEEE 1588-2019 clause 5.3 that PTP messages carry: Timestamp (48-bit
 * seconds, 32-bit nanoseconds), PortIdentity (EUI-64 clockIdentity, portNumber), ClockQuality,
 * and the correctionField's TimeInterval (nanoseconds scaled by 2^16), with exact conversions
 * to and from ns3::Time.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief A PTP Timestamp (IEEE 1588-2019 5.3.3): 48-bit seconds and 32-bit nanoseconds
 * (below 10^9) since the PTP epoch.
 *
 * The conversions to and from ns3::Time are exact with a Time resolution of 1 ns (ns-3's
 * default) or finer; a Time below 1 ns is truncated (a PTP Timestamp has no fraction).
 */
struct PtpTimestamp
{
    uint64_t seconds{0};     //!< secondsField (48 bits)
    uint32_t nanoseconds{0}; //!< nanosecondsField, below 10^9

    /** Largest secondsField (2^48 - 1). */
    static constexpr uint64_t MAX_SECONDS = 0xFFFFFFFFFFFFULL;
    /** Nanoseconds in a second: the bound of nanosecondsField. */
    static constexpr uint32_t NS_PER_S = 1000000000U;

    /** \return whether seconds fits 48 bits and nanoseconds is below 10^9 */
    bool IsValid() const;

    /**
     * \param t an instant since the PTP epoch (>= 0)
     * \param[out] out the timestamp (unchanged when false)
     * \return false for a negative t
     */
    static bool TryFromTime(Time t, PtpTimestamp& out);
    /**
     * \param t an instant since the PTP epoch; aborts (naming the value) when negative
     * \return the timestamp
     */
    static PtpTimestamp FromTime(Time t);

    /**
     * \param[out] out the instant (unchanged when false)
     * \return false when invalid or beyond the range of Time at the current resolution
     */
    bool TryToTime(Time& out) const;
    /** \return the instant; aborts when TryToTime would fail */
    Time ToTime() const;

    /** \return "seconds.nnnnnnnnn" */
    std::string ToString() const;

    /**
     * \param o other
     * \return equality of both fields
     */
    bool operator==(const PtpTimestamp& o) const;
    /**
     * \param o other
     * \return inequality
     */
    bool operator!=(const PtpTimestamp& o) const;
    /**
     * \param o other
     * \return chronological order
     */
    bool operator<(const PtpTimestamp& o) const;
};

/**
 * \ingroup chronometry
 * \brief A PTP PortIdentity (IEEE 1588-2019 5.3.5): the clock's EUI-64 clockIdentity (held
 * as a big-endian 64-bit integer) and the port number (1..65534; 0 and 65535 have special
 * meanings in some messages).
 */
struct PtpPortIdentity
{
    uint64_t clockIdentity{0}; //!< EUI-64, first octet in the most significant byte
    uint16_t portNumber{0};    //!< port number

    /**
     * The clockIdentity of a node whose EUI-48 (MAC) is known: the EUI-64 made by inserting
     * FF-FE between the OUI and the rest (the mapping IEEE 1588-2008 7.5.2.2.2 specified).
     * \param mac the 6 MAC octets
     * \return the EUI-64
     */
    static uint64_t ClockIdentityFromEui48(const uint8_t mac[6]);

    /** \return "aabbcc.fffe.ddeeff-port" (linuxptp's spelling) */
    std::string ToString() const;
    /**
     * \param o other
     * \return equality of both fields
     */
    bool operator==(const PtpPortIdentity& o) const;
    /**
     * \param o other
     * \return inequality
     */
    bool operator!=(const PtpPortIdentity& o) const;
    /**
     * \param o other
     * \return order by clockIdentity, then portNumber (IEEE 1588-2019 9.3.4 compares them as
     *         unsigned octet strings, which is this order)
     */
    bool operator<(const PtpPortIdentity& o) const;
};

/**
 * \ingroup chronometry
 * \brief A PTP ClockQuality (IEEE 1588-2019 5.3.7). Defaults are those of a slave-only or
 * default clock: class 248, accuracy unknown (0xFE), variance unknown (0xFFFF).
 */
struct PtpClockQuality
{
    uint8_t clockClass{248};                  //!< clockClass (7.6.2.5)
    uint8_t clockAccuracy{0xFE};              //!< clockAccuracy (7.6.2.6)
    uint16_t offsetScaledLogVariance{0xFFFF}; //!< offsetScaledLogVariance (7.6.3.5)

    /**
     * \param o other
     * \return equality of the three fields
     */
    bool operator==(const PtpClockQuality& o) const;
    /**
     * \param o other
     * \return inequality
     */
    bool operator!=(const PtpClockQuality& o) const;
};

/**
 * \ingroup chronometry
 * \brief Conversions of the correctionField's TimeInterval: nanoseconds multiplied by 2^16
 * in a signed 64-bit integer (IEEE 1588-2019 5.3.2).
 */
namespace ptp
{

/** correctionField units per nanosecond. */
constexpr int64_t SCALED_NS_PER_NS = 65536;
/** The value a too-large correction saturates to (IEEE 1588-2019 5.3.2). */
constexpr int64_t SCALED_NS_SATURATED = 0x7FFFFFFFFFFFFFFFLL;

/**
 * \param t a duration; exact (a whole number of 2^-16 ns) when |t| < 2^47 ns (about 39 hours)
 *          and the Time resolution is 1 ns or a multiple of 2^-16 ns; otherwise rounded to
 *          the nearest 2^-16 ns
 * \return t in 2^-16 ns; SCALED_NS_SATURATED (or its negation) beyond +-2^47 ns
 */
int64_t TimeToScaledNs(Time t);

/**
 * \param scaled a TimeInterval in 2^-16 ns
 * \return it as a Time, rounded to the Time resolution (exact for a whole number of
 *         nanoseconds at the default 1 ns resolution)
 */
Time ScaledNsToTime(int64_t scaled);

/**
 * \param scaled a TimeInterval in 2^-16 ns
 * \return it in nanoseconds (double; exact below 2^53 units)
 */
double ScaledNsToNs(int64_t scaled);

} // namespace ptp

} // namespace ns3

#endif /* PTP_DATATYPES_H */
