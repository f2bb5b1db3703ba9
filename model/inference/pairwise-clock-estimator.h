/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PAIRWISE_CLOCK_ESTIMATOR_H
#define PAIRWISE_CLOCK_ESTIMATOR_H

#include "trace-message.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The estimated relation of two nodes' clocks a < b:
 * clock_b - clock_a = offset + rate * (t_a - reference), t_a read on clock a.
 */
struct PairClockFit
{
    Time reference;      //!< instant on clock a the offset refers to
    Time offset;         //!< clock_b - clock_a at the reference
    double rate = 0;     //!< d(clock_b - clock_a) / d(clock_a), dimensionless (1e-6 = 1 ppm)
    uint32_t points = 0; //!< offset samples fitted (1: constant offset)

    /**
     * \param onA an instant read on clock a
     * \return clock_b - clock_a then
     */
    Time OffsetAt(Time onA) const;
};

/**
 * \ingroup chronometry
 * Pairwise clock offsets from a reconciled trace under symmetric network
 * delays (WAP5 section 5.2, after Paxson).  For nodes a < b with messages both
 * ways, forward observations recv_b - send_a are delay + offset and backward
 * ones recv_a - send_b are delay - offset; the minimum of each (the least
 * queued message) cancels the delay.
 *
 * With one segment this is the paper's filter: one constant offset for the
 * whole trace (clock skew ignored), (min forward - min backward) / 2.  With
 * S > 1 segments the pair's span (on clock a) is cut into S equal segments;
 * each segment with messages both ways gives an offset sample (min forward -
 * min backward) / 2 at the mean time of the two minima (exact for a linearly
 * drifting offset), and a least-squares line through the samples gives the
 * offset and the rate.  Over long traces with drift a constant offset is off
 * by the drift times half the trace length; the line is not.
 */
class PairwiseClockEstimator
{
  public:
    /** \param segments S (1: the paper's constant offset); valid range [1, 1e6] */
    explicit PairwiseClockEstimator(uint32_t segments = 1);

    /**
     * \param trace reconciled messages (messages with a nil side are skipped)
     * \return per pair (a, b), a < b, with messages both ways: the fit
     */
    std::map<NodePair, PairClockFit> Estimate(const std::vector<TraceMessage>& trace) const;

    /**
     * The paper's constant offsets: (min(b_recv - a_send) - min(a_recv - b_send)) / 2.
     * \param trace the trace
     * \return per pair (a, b), a < b: clock_b - clock_a
     */
    static std::map<NodePair, Time> EstimateOffsets(const std::vector<TraceMessage>& trace);

  private:
    uint32_t m_segments; //!< S
};

/**
 * \ingroup chronometry
 * \param offsets pairwise constant offsets (clock_b - clock_a for a < b)
 * \param m a message
 * \return its network delay in ns, corrected by its pair's offset if known
 *         (0 if a side is nil)
 */
double CorrectedNetworkDelay(const std::map<NodePair, Time>& offsets, const TraceMessage& m);

/**
 * \ingroup chronometry
 * \param fits pairwise offset-and-rate fits
 * \param m a message
 * \return its network delay in ns, corrected by its pair's offset at the
 *         message's time if known (0 if a side is nil)
 */
double CorrectedNetworkDelay(const std::map<NodePair, PairClockFit>& fits, const TraceMessage& m);

} // namespace ns3

#endif /* PAIRWISE_CLOCK_ESTIMATOR_H */
