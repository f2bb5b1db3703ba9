/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REALTIME_LAG_PROBE_H
#define REALTIME_LAG_PROBE_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <functional>
#include <vector>

namespace ns3
{
namespace chronometry
{

/**
 * \ingroup chronometry
 * \brief How far a real-time run's simulated time falls behind the host's clock.
 *
 * The anchor is the host's CLOCK_REALTIME at the origin RealtimeSimulatorImpl::Run takes:
 * read in the first event (simulated time 0) minus RealtimeSimulatorImpl::RealtimeNow() then,
 * how far past its origin the scheduler says the wall clock is. (Reading it before Run put a
 * constant 0.3-0.5 ms between the two, and reading it in the first event alone put that
 * event's own lateness, up to 0.2 ms measured.) The
 * anchor is handed to a callback there, before any application starts, so that the simulated
 * clocks are anchored to it. Every Period an event reads the host clock again: its lag is the
 * host time elapsed since the anchor minus Simulator::Now(), i.e. how late the scheduler ran an
 * event due at that time. A packet the simulation sends while it lags is stamped by a
 * simulated clock that late. The largest lag, its median and 99th percentile are kept. Each
 * probe also asks the stop predicate (a signal, a daemon that died) and stops the run if it
 * says so.
 */
class RealtimeLagProbe
{
  public:
    /**
     * \param period time between probes (simulated time)
     * \param stop asked at every probe; the run stops when it returns true
     */
    RealtimeLagProbe(Time period, std::function<bool()> stop);

    /**
     * Schedule the first probe at simulated time 0 (call just before Simulator::Run); it reads
     * the anchor and calls \p onAnchor with it (the host's CLOCK_REALTIME, as time since
     * 1970-01-01 UTC).
     * \param onAnchor anchors the simulated clocks
     */
    void Start(std::function<void(Time)> onAnchor);

    /** \return the anchor (zero before the first probe) */
    Time GetAnchor() const;
    /**
     * \param q a quantile in [0, 1]
     * \return that quantile of the probes' lags (zero without probes)
     */
    Time GetLagQuantile(double q) const;

    /** \return the largest lag seen */
    Time GetMaxLag() const;
    /** \return the simulated time of the probe that saw the largest lag */
    Time GetMaxLagAt() const;
    /** \return probes run */
    uint64_t GetProbeCount() const;
    /** \return whether the stop predicate stopped the run */
    bool Stopped() const;

    /** \return the host's CLOCK_REALTIME as time since 1970-01-01 UTC */
    static Time HostRealtime();

  private:
    /** Measure the lag, ask the predicate, schedule the next probe. */
    void Probe();

    Time m_period;                        //!< time between probes
    std::function<bool()> m_stop;         //!< stop predicate
    std::function<void(Time)> m_onAnchor; //!< anchors the clocks
    std::vector<int64_t> m_lags;          //!< every probe's lag (ns)
    Time m_anchor;                        //!< host time at simulated time 0
    Time m_maxLag;                        //!< largest lag
    Time m_maxLagAt;                      //!< when the largest lag was seen
    uint64_t m_probes{0};                 //!< probes run
    bool m_stopped{false};                //!< the predicate stopped the run
};

} // namespace chronometry
} // namespace ns3

#endif /* REALTIME_LAG_PROBE_H */
