/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_TEST_WORLD_H
#define NTP_TEST_WORLD_H

// A simulator-free world for the NTP core tests: true time t (seconds, double), a client
// clock that drifts and can be stepped, slewed and frequency-corrected, and servers whose
// clocks are off by a known error and that are reached over paths with a fixed one-way
// delay in each direction plus exponential queueing. An exchange reads every clock at the
// instants the packets pass, truncated to the nanosecond, and returns the four timestamps
// and the truth beside them.

#include "ns3/ntp-clock-filter.h"
#include "ns3/ntp-message.h"
#include "ns3/ntp-mitigation.h"
#include "ns3/ntp-on-wire.h"

#include <cmath>
#include <random>

namespace ns3
{
namespace ntptest
{

/** \brief A server: its clock's error and what it advertises, and the path to it. */
struct Server
{
    uint32_t id{0};        //!< association id
    double error{0};       //!< server clock - true time (s), constant
    uint8_t stratum{1};    //!< advertised stratum
    double rootDelay{0};   //!< advertised root delay (s)
    double rootDisp{0};    //!< advertised root dispersion (s)
    int8_t precision{-20}; //!< advertised precision (log2 s)
    double fwd{1e-3};      //!< fixed request delay (s)
    double rev{1e-3};      //!< fixed reply delay (s)
    double queueFwd{0};    //!< mean exponential queueing on the request (s)
    double queueRev{0};    //!< mean exponential queueing on the reply (s)
    double hold{20e-6};    //!< server turnaround (s)
};

/**
 * \brief The client's clock: L(t) = t + x0 + drift t + corrections, where the corrections
 * are steps, slews and a held frequency correction (the disciplined part).
 */
struct Client
{
    double x0{0};           //!< initial offset (s)
    double drift{0};        //!< free-running rate error (s/s)
    double freq{0};         //!< frequency correction held (s/s)
    double applied{0};      //!< steps and slews so far, plus the frequency part up to `at`
    double at{0};           //!< true time the frequency part was accumulated to
    double changeAt{1e300}; //!< true time the free-running rate changes (a frequency step)
    double driftAfter{0};   //!< free-running rate error from then on (s/s)

    /**
     * Accumulate the held frequency correction up to true time t.
     * \param t true time (not before `at`)
     */
    void Advance(double t)
    {
        applied += freq * (t - at);
        at = t;
    }

    /**
     * \param t true time (>= at)
     * \return the clock's error L(t) - t
     */
    double Error(double t) const
    {
        const double stepped = t > changeAt ? (driftAfter - drift) * (t - changeAt) : 0.0;
        return x0 + drift * t + stepped + applied + freq * (t - at);
    }

    /**
     * \param t true time
     * \return the clock read at t, truncated to the nanosecond
     */
    Time Read(double t) const
    {
        return NanoSeconds(static_cast<int64_t>(std::floor((t + Error(t)) * 1e9)));
    }
};

/** \brief One exchange and the truth beside it. */
struct Exchange
{
    Time t1;           //!< request departure, client clock
    Time t2;           //!< request arrival, server clock
    Time t3;           //!< reply departure, server clock
    Time t4;           //!< reply arrival, client clock
    double arrival{0}; //!< true time of the reply's arrival
};

/**
 * \param s the server
 * \param c the client
 * \param t true time the request leaves
 * \param rng random numbers for the queueing
 * \return the exchange
 */
inline Exchange
Exchange1(const Server& s, const Client& c, double t, std::mt19937_64& rng)
{
    auto queue = [&rng](double mean) {
        return mean > 0 ? std::exponential_distribution<double>(1.0 / mean)(rng) : 0.0;
    };
    auto serverRead = [&s](double u) {
        return NanoSeconds(static_cast<int64_t>(std::floor((u + s.error) * 1e9)));
    };
    Exchange x;
    const double arrive = t + s.fwd + queue(s.queueFwd);
    const double leave = arrive + s.hold;
    x.arrival = leave + s.rev + queue(s.queueRev);
    x.t1 = c.Read(t);
    x.t2 = serverRead(arrive);
    x.t3 = serverRead(leave);
    x.t4 = c.Read(x.arrival);
    return x;
}

/**
 * \param s the server
 * \return the header fields of its reply that the mitigation uses
 */
inline NtpMessage
ReplyOf(const Server& s)
{
    NtpMessage m;
    m.mode = NtpMode::SERVER;
    m.leap = NtpLeap::NO_WARNING;
    m.stratum = s.stratum;
    m.precision = s.precision;
    m.rootDelay = NtpShort::FromTime(Seconds(s.rootDelay));
    m.rootDispersion = NtpShort::FromTime(Seconds(s.rootDisp));
    m.referenceId = 0x0A000000U + s.id;
    return m;
}

/**
 * Run one exchange into a filter.
 * \param s the server
 * \param c the client
 * \param t true time the request leaves
 * \param filter the association's clock filter
 * \param poll the poll interval (for the spike suppressor)
 * \param rng random numbers
 * \return the exchange
 */
inline Exchange
Poll(const Server& s,
     const Client& c,
     double t,
     NtpClockFilter& filter,
     Time poll,
     std::mt19937_64& rng)
{
    const Exchange x = Exchange1(s, c, t, rng);
    const ntp::OnWireSample w = ntp::OnWire(x.t1,
                                            x.t2,
                                            x.t3,
                                            x.t4,
                                            ntp::Log2ToTime(s.precision),
                                            ntp::Log2ToTime(-20),
                                            filter.GetTolerance());
    NtpFilterSample f;
    f.offset = w.offset;
    f.delay = w.delay;
    f.dispersion = w.dispersion;
    f.time = Seconds(x.arrival); // the process time (RFC 5905's c.t): here, true time
    filter.Add(f, poll);
    return x;
}

} // namespace ntptest
} // namespace ns3

#endif /* NTP_TEST_WORLD_H */
