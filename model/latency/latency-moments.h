/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LATENCY_MOMENTS_H
#define LATENCY_MOMENTS_H

#include "rda-sketch.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Exact running moments of latencies known packet by packet (count, sum and sum of
 * squares, in ns, in extended precision), their population estimate, and the pooling of an
 * estimate made elsewhere (a sketch's) with them.
 *
 * The RDA sender uses it for the raw-log exchange (every latency known) and for boundary
 * matching (latencies of packets matched across neighbouring intervals, pooled into the
 * interval's estimate).  Simulator-free.
 */
class LatencyMoments
{
  public:
    /** \param latencyNs one latency, in ns */
    void Add(long double latencyNs);

    /** \return the number of latencies added */
    uint64_t GetCount() const;

    /**
     * \return the population mean and variance of the latencies added (valid when there is
     * at least one; stdValid when at least two); usefulPackets is their number
     */
    LatencyEstimate Estimate() const;

    /**
     * Pool \p estimate, taken as exact over its usefulPackets packets, with the latencies
     * added here: the mean and variance of the union.  With nothing added, \p estimate
     * unchanged; with an invalid \p estimate, Estimate().
     * \param estimate an estimate over other packets
     * \return the pooled estimate (its other fields as in \p estimate)
     */
    LatencyEstimate PoolWith(const LatencyEstimate& estimate) const;

  private:
    long double m_n{0}; //!< count
    long double m_s{0}; //!< sum
    long double m_q{0}; //!< sum of squares
};

} // namespace ns3

#endif /* LATENCY_MOMENTS_H */
