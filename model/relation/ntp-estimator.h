/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_ESTIMATOR_H
#define NTP_ESTIMATOR_H

#include "relation-estimate.h"

#include "ns3/nstime.h"
#include "ns3/ntp-clock-filter.h"

#include <cstdint>
#include <deque>

/**
 * \file
 * \ingroup chronometry
 * NTP-style offset estimation with an error bound (the paper's NTP baseline).
 */

namespace ns3
{
namespace relation
{

/**
 * One NTP exchange: t1, t4 on the client's clock, t2, t3 on the server's. Offset and delay
 * are the on-wire computation of the NTP cores (ntp::OnWireOffset, ntp::OnWireDelay).
 */
struct NtpSample
{
    Time t1; //!< client transmit
    Time t2; //!< server receive
    Time t3; //!< server transmit
    Time t4; //!< client receive

    /** \return offset theta = ((t2 - t1) + (t3 - t4)) / 2 (server minus client) */
    Time Offset() const;
    /** \return round-trip delay delta = (t4 - t1) - (t3 - t2) */
    Time Delay() const;
};

/**
 * NTP-style offset estimator (RFC 5905 on-wire offset and delay, clock filter
 * of the last FilterLength samples, dispersion growing at MaxSkew). The bound
 * of a sample at client time t is delay/2 + precision + phi (t - t1) (Eq. 1 of
 * the paper with Theta = 0 after correction, E = precision + phi * age and
 * Delta = delay), plus the drift-wander term R age^2 / 2 + J age when set.
 * Valid when phi bounds the relative rate of the two clocks at the sample and
 * the wander term bounds how far it moves afterwards.
 *
 * Two selection rules: BEST_AT_QUERY (default) uses, for every query, the kept
 * sample with the smallest bound at that instant; RFC5905 is the NTP core's clock
 * filter (NtpClockFilter, RFC 5905 section 10, with the popcorn spike suppressor
 * off): when a sample arrives, the register of the last FilterLength samples is
 * sorted by delay and the lowest-delay sample replaces the one in use only if it
 * is newer (the prime directive); queries then use that sample alone, with this
 * estimator's bound.
 */
class NtpEstimator
{
  public:
    /** How the clock filter picks the sample a query uses. */
    enum FilterMode
    {
        BEST_AT_QUERY, //!< the smallest bound at the query instant
        RFC5905        //!< RFC 5905 clock filter (selection at arrival, newer samples only)
    };

    /**
     * \param maxSkewPpm phi, in ppm, (0, 1e4]
     * \param precision read precision of each clock, [0, 1 s]
     * \param filterLength samples kept, [1, 1024]
     */
    NtpEstimator(double maxSkewPpm, Time precision, uint32_t filterLength = 8);

    /** \param mode the selection rule (before the first sample) */
    void SetFilterMode(FilterMode mode);
    /** \return the selection rule */
    FilterMode GetFilterMode() const;
    /**
     * \param ratePpmPerSecond R: bound on the rate of change of the relative drift, [0, 1e4]
     * \param stepPpm J: allowance for drift steps, [0, 1e4]
     */
    void SetDriftWander(double ratePpmPerSecond, double stepPpm = 0);

    /** \param sample a completed exchange (t4 >= t1) */
    void AddSample(const NtpSample& sample);
    /** \return true once a sample was added */
    bool HasSample() const;
    /** \return the number of samples kept */
    std::size_t GetNSamples() const;

    /**
     * \param clientTime a reading of the client's clock
     * \return the server clock at that instant, with its bound
     */
    TimeEstimate ToServer(Time clientTime) const;

  private:
    /**
     * \param s a sample \param clientTime query instant (client clock)
     * \return the bound of s at clientTime, seconds
     */
    double BoundOf(const NtpSample& s, Time clientTime) const;

    double m_phi;                     //!< max relative skew, fraction
    Time m_precision;                 //!< read precision
    uint32_t m_filterLength;          //!< samples kept
    FilterMode m_mode{BEST_AT_QUERY}; //!< selection rule
    double m_rate{0};                 //!< wander rate, fraction per second
    double m_step{0};                 //!< wander step, fraction
    std::deque<NtpSample> m_samples;  //!< the last FilterLength samples, oldest first
    uint64_t m_added{0};              //!< samples added so far (the next sample's tag)
    NtpClockFilter m_filter;          //!< RFC5905: the NTP core's clock filter
    bool m_hasSelected{false};        //!< RFC5905: a sample is in use
    NtpSample m_selected;             //!< RFC5905: the sample in use
};

} // namespace relation
} // namespace ns3

#endif /* NTP_ESTIMATOR_H */
