/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_REPLAY_CLOCK_REFERENCE_H
#define CHRONOMETRY_REPLAY_CLOCK_REFERENCE_H

#include "ns3/causal-process.h"
#include "ns3/replay-clock.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry-tests
 * Plain full-size reference RepCl (test only): arrays of n offsets and n counters, the thesis'
 * algorithms written directly.  Tests compare ReplayClock against it step by step.
 */
class ReplayClockReference
{
  public:
    /**
     * \param config parameters
     * \param self owner
     */
    ReplayClockReference(const ReplayClockConfig& config, uint32_t self);

    /** \param pt physical time of a send or local event */
    void LocalOrSend(Time pt);

    /**
     * \param remote the message's timestamp
     * \param pt physical time of the receive event
     */
    void Receive(const ReplayClockReference& remote, Time pt);

    /**
     * \param a a timestamp
     * \param b another
     * \return the section 4.6 relation
     */
    static CausalOrder Compare(const ReplayClockReference& a, const ReplayClockReference& b);

    int64_t mx = 0;                 //!< largest known epoch
    std::vector<uint32_t> offsets;  //!< n offsets, epsilon = unknown
    std::vector<uint64_t> counters; //!< n counters
    uint64_t sum = 0;               //!< sum-of-counters mode counter

  private:
    /** \param newMx shift target */
    void Shift(int64_t newMx);
    /** \param newMx shift target, EPOCH_COUNTS rules */
    void ShiftCounts(int64_t newMx);
    /** \param epoch owner's epoch, EPOCH_COUNTS rules */
    void AdvanceOwn(int64_t epoch);
    /**
     * \param other another timestamp
     * \return EqualOffset
     */
    bool SameOffsets(const ReplayClockReference& other) const;

    ReplayClockConfig m_config; //!< parameters
    uint32_t m_self;            //!< owner
};

/**
 * \ingroup chronometry-tests
 * Run the reference RepCl along a logged execution: every process starts at its initial
 * timestamp; a local or send event applies LocalOrSend at the event's pt, a receive applies
 * Receive with the reference timestamp the sender had after the matching send.
 * \param log the events of one execution, in the order they happened (as RandomExecution or
 *        the stamper logs them)
 * \param config the execution's RepCl configuration (config.n is overwritten by \p n)
 * \param n the number of processes
 * \return the reference timestamp after each event, in the log's order
 */
std::vector<ReplayClockReference> ReplayReferenceAlong(const std::vector<CausalEvent>& log,
                                                       ReplayClockConfig config,
                                                       uint32_t n);

} // namespace ns3

#endif /* CHRONOMETRY_REPLAY_CLOCK_REFERENCE_H */
