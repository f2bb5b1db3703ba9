/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_DATATYPES_H
#define NTP_DATATYPES_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

/**
 * \file
 * \ingroup chronometry
 * The data types of NTPv4 (RFC 5905 section 6): the 64-bit timestamp format (32-bit seconds
 * and 32-bit fraction since the prime epoch, 0 h 1 January 1900 UTC, era 0), the 32-bit
 * short format of root delay and root dispersion (16.16), the log2-seconds exponents of
 * precision and poll, with conversions to and from ns3::Time; and the protocol's global
 * parameters (RFC 5905 Figure 6 and Appendix A.1.1) as documented constants.
 */

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief RFC 5905's global parameters, the defaults of every NTP core of this module.
 *
 * Where a user would change one, the Attribute of the class that uses it is the setting
 * (NtpMitigation::Tolerance for PHI, NtpClockDiscipline::MinPoll, ...); these constants are
 * its default and the RFC's value.
 */
namespace ntp
{
/** UDP port (RFC 5905 Figure 6). */
constexpr uint16_t PORT = 123;
/** Version number of NTPv4. */
constexpr uint8_t VERSION = 4;
/** Frequency tolerance PHI (s/s): the dispersion grows at this rate (15 ppm). */
constexpr double TOLERANCE = 15e-6;
/** Smallest poll exponent the protocol allows (16 s). */
constexpr int8_t MINPOLL = 4;
/** Largest poll exponent the protocol allows (36 h). */
constexpr int8_t MAXPOLL = 17;
/** Default smallest poll exponent of a client (RFC 5905 7.3: "suggested default", 64 s). */
constexpr int8_t DEFAULT_MINPOLL = 6;
/** Default largest poll exponent of a client (RFC 5905 7.3: "suggested default", 1024 s). */
constexpr int8_t DEFAULT_MAXPOLL = 10;
/** Maximum dispersion MAXDISP, in seconds (16 s): the dispersion of an empty filter stage. */
constexpr double MAXDISP = 16;
/** Minimum dispersion increment MINDISP, in seconds (5 ms). */
constexpr double MINDISP = 0.005;
/** Distance threshold MAXDIST, in seconds (1 s): beyond it a server is unfit. */
constexpr double MAXDIST = 1;
/** Maximum stratum MAXSTRAT (16: unsynchronized). */
constexpr uint8_t MAXSTRAT = 16;
/** Stages of the clock filter NSTAGE (Appendix A.1.1). */
constexpr uint32_t NSTAGE = 8;
/** Minimum survivors of the cluster algorithm NMIN (RFC 5905 Figure 23). */
constexpr uint32_t NMIN = 3;
/** Minimum candidates for synchronization CMIN (RFC 5905 Figure 23). */
constexpr uint32_t CMIN = 1;
/** Spike gate SGATE of the popcorn spike suppressor (Appendix A.5.2: 3 x jitter). */
constexpr double SGATE = 3;
/** The NTP timestamp of 1 January 1970 (the Unix epoch): 2,208,988,800 s (Figure 4). */
constexpr uint32_t UNIX_EPOCH_SECONDS = 2208988800U;
} // namespace ntp

/**
 * \ingroup chronometry
 * \brief An NTP timestamp (RFC 5905 section 6): 32-bit unsigned seconds and a 32-bit
 * fraction (units of 2^-32 s, about 233 ps) since the prime epoch of era 0.
 *
 * A Time t is read as the instant t after the prime epoch (0 <= t < 2^32 s); a simulation
 * that wants realistic dates adds its own base (e.g. ntp::UNIX_EPOCH_SECONDS plus a date)
 * before converting. Time -> NtpTimestamp -> Time is the identity at the default 1 ns
 * resolution (the fraction is rounded to the nearest 2^-32 s, which is finer than 1 ns);
 * NtpTimestamp -> Time rounds to the nearest nanosecond. The value 0 means "unknown"
 * (IsZero), as in the RFC.
 */
struct NtpTimestamp
{
    uint32_t seconds{0};  //!< seconds since the era's epoch
    uint32_t fraction{0}; //!< fraction of a second, in 2^-32 s

    /** \return seconds and fraction as one 64-bit fixed-point number (32.32) */
    uint64_t ToRaw() const;
    /**
     * \param raw a 32.32 fixed-point number
     * \return it as a timestamp
     */
    static NtpTimestamp FromRaw(uint64_t raw);
    /** \return whether both fields are 0 (the RFC's "unknown or unsynchronized") */
    bool IsZero() const;

    /**
     * \param t an instant after the prime epoch of era 0
     * \param[out] out the timestamp (unchanged when false)
     * \return false for t < 0 or t >= 2^32 s (outside era 0)
     */
    static bool TryFromTime(Time t, NtpTimestamp& out);
    /**
     * \param t an instant after the prime epoch; aborts (naming the value) outside era 0
     * \return the timestamp, the fraction rounded to the nearest 2^-32 s
     */
    static NtpTimestamp FromTime(Time t);
    /**
     * Era-aware conversion (RFC 5905 6): the timestamp of t within its era, era floor(t / 2^32
     * s), as the wire carries it (the era is not on the wire; differences of timestamps less
     * than 68 years apart are right across an era boundary, see Difference).
     * \param t an instant after the prime epoch of era 0 (aborts, naming it, if negative)
     * \return the timestamp, the fraction rounded to the nearest 2^-32 s
     */
    static NtpTimestamp FromTimeAnyEra(Time t);
    /** \return the instant after the prime epoch, rounded to the nearest nanosecond */
    Time ToTime() const;

    /**
     * The RFC's only arithmetic on timestamps: the two's complement difference of the 64-bit
     * values, correct across an era boundary when the two are less than 68 years apart.
     * \param a a timestamp
     * \param b another
     * \return a - b, rounded to the nearest nanosecond (half away from zero)
     */
    static Time Difference(NtpTimestamp a, NtpTimestamp b);

    /** \return "seconds.fraction" with the fraction in decimal to 10 digits */
    std::string ToString() const;

    /**
     * \param o other
     * \return equality of both fields
     */
    bool operator==(const NtpTimestamp& o) const;
    /**
     * \param o other
     * \return inequality
     */
    bool operator!=(const NtpTimestamp& o) const;
};

/**
 * \ingroup chronometry
 * \brief The NTP short format (RFC 5905 section 6): 16-bit unsigned seconds and a 16-bit
 * fraction (units of 2^-16 s, about 15.26 us), used by Root Delay and Root Dispersion.
 *
 * NtpShort -> Time -> NtpShort is the identity (the nanosecond rounding is far below the
 * format's unit); Time -> NtpShort rounds to the nearest 2^-16 s and saturates to [0,
 * 65535.99998 s] (NTPv4 has no negative root delay or dispersion).
 */
struct NtpShort
{
    uint32_t raw{0}; //!< seconds in the high 16 bits, fraction in the low 16

    /**
     * \param t a duration
     * \return it rounded to the nearest 2^-16 s, saturated to the format's range
     */
    static NtpShort FromTime(Time t);
    /** \return the duration, rounded to the nearest nanosecond */
    Time ToTime() const;
    /** \return the duration in seconds (exact) */
    double ToSeconds() const;

    /**
     * \param o other
     * \return equality
     */
    bool operator==(const NtpShort& o) const;
    /**
     * \param o other
     * \return inequality
     */
    bool operator!=(const NtpShort& o) const;
};

namespace ntp
{

/**
 * \param exponent a log2-seconds exponent (Precision or Poll field)
 * \return 2^exponent seconds, rounded to the nearest nanosecond; exponents beyond [-60, 33]
 *         are clamped to it
 */
Time Log2ToTime(int8_t exponent);

/**
 * \param t a positive duration (a clock's precision)
 * \return the smallest exponent p with 2^p s >= t, within [-60, 33] (the Precision field a
 *         clock of that precision sends; -60 for t <= 0)
 */
int8_t TimeToLog2(Time t);

} // namespace ntp

} // namespace ns3

#endif /* NTP_DATATYPES_H */
