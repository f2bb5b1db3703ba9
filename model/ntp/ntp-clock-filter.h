/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_CLOCK_FILTER_H
#define NTP_CLOCK_FILTER_H

#include "ntp-datatypes.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief One tuple of the clock filter (RFC 5905 section 10): an on-wire sample and when it
 * arrived.
 */
struct NtpFilterSample
{
    Time offset;     //!< theta, server minus client
    Time delay;      //!< delta
    Time dispersion; //!< epsilon at arrival
    Time time;       //!< arrival, in the client's process time (the RFC's t)
    uint64_t tag{0}; //!< the caller's identifier of the sample, returned with the selection
};

/**
 * \ingroup chronometry
 * What NtpClockFilter::Add did with a sample.
 */
enum class NtpFilterOutcome : uint8_t
{
    UPDATED, //!< a new sample was selected: the peer offset, delay and time changed
    STALE,   //!< the lowest-delay sample is not newer than the last one used: kept as it was
    SPIKE    //!< the popcorn spike suppressor discarded the selection: kept as it was
};

/**
 * \param outcome an outcome
 * \return "updated", "stale" or "spike"
 */
std::string ToString(NtpFilterOutcome outcome);

/**
 * \ingroup chronometry
 * \brief The NTP clock filter (RFC 5905 section 10, Appendix A.5.2), free of the simulator.
 *
 * An n-stage shift register (n = 8, NSTAGE, by default) of the newest samples (theta,
 * delta, epsilon, t), initially all dummy tuples (0, MAXDISP, MAXDISP, 0). On each sample:
 *  1. the sample is shifted in (the oldest stage falls out); every stage's dispersion has
 *     grown at PHI since its arrival, up to MAXDISP;
 *  2. the stages are sorted by increasing delay (ties: the newer first; dummies last);
 *  3. peer dispersion epsilon = sum_i epsilon_i / 2^(i+1) over the sorted stages, dummies
 *     included (16 s each: an empty filter reads a little under 16 s);
 *     peer jitter psi = sqrt(sum_{j=1}^{m-1} (theta_0 - theta_j)^2 / (m - 1)) over the m valid
 *     stages, at least the precision (RFC 5905 section 10 with the verified erratum 5600,
 *     which puts the 1 / (m - 1) inside the square root: an RMS);
 *  4. prime directive: if the lowest-delay stage is not newer than the sample last used,
 *     nothing else changes (STALE); a sample is used at most once and never one older than
 *     the last one used;
 *  5. popcorn spike suppressor (Appendix A.5.2): if |theta_0 - previous offset| > SpikeGate
 *     x psi and theta_0 arrived less than two poll intervals after the previous one used, it
 *     is discarded (SPIKE);
 *  6. otherwise the peer offset and delay become those of the lowest-delay stage and its
 *     arrival becomes the peer time (UPDATED).
 * Dispersion and jitter describe the register and are updated by every sample (as the
 * reference implementation does); offset, delay and time only by a selection. The peer
 * synchronization distance is lambda = delta / 2 + epsilon (GetDistance); it grows at PHI.
 *
 * Times (arrivals, `now`) are the client's process time, RFC 5905's seconds counter c.t: a
 * monotonic time base such as the simulator's time, not the clock being disciplined (which
 * steps). The filter never reads a clock itself.
 */
class NtpClockFilter
{
  public:
    /**
     * \param stages register length, [1, 1024] (RFC 5905: 8)
     * \param phi frequency tolerance PHI in s/s, (0, 0.01] (RFC 5905: 15e-6)
     * \param precision the client's precision (the floor of the jitter), [0, 1 s]
     * \param spikeGate popcorn gate in multiples of the jitter, [0, 1000]; 0 turns the
     *        suppressor off (RFC 5905: SGATE = 3)
     */
    NtpClockFilter(uint32_t stages = ntp::NSTAGE,
                   double phi = ntp::TOLERANCE,
                   Time precision = ntp::Log2ToTime(-20),
                   double spikeGate = ntp::SGATE);

    /**
     * Shift a sample in and run the filter.
     * \param sample the sample (its time not before the newest stage's)
     * \param pollInterval the system poll interval, for the spike suppressor (which compares
     *        with twice it); Time(0) turns the suppressor off for this sample
     * \return what happened
     */
    NtpFilterOutcome Add(const NtpFilterSample& sample, Time pollInterval = Time(0));
    /**
     * Shift a dummy tuple (0, MAXDISP, MAXDISP, now) in, as the poll process does after three
     * poll intervals without a valid reply (RFC 5905 section 10), and recompute dispersion
     * and jitter. The selected sample is kept.
     * \param now the process time
     */
    void AddDummy(Time now);
    /** Return to the initial state: every stage a dummy, nothing selected. */
    void Reset();

    /** \return whether a sample has been selected (the peer variables are set) */
    bool HasSelection() const;
    /** \return peer offset theta (of the selected sample) */
    Time GetOffset() const;
    /** \return peer delay delta (of the selected sample) */
    Time GetDelay() const;
    /** \return arrival time of the selected sample (the RFC's tp) */
    Time GetTime() const;
    /** \return tag of the selected sample */
    uint64_t GetTag() const;
    /**
     * \param at a process time, not before the last sample
     * \return peer dispersion epsilon, grown at PHI since it was computed
     */
    Time GetDispersion(Time at) const;
    /** \return when the peer dispersion was last computed (the newest stage's arrival) */
    Time GetDispersionTime() const;
    /** \return peer jitter psi */
    Time GetJitter() const;
    /**
     * \param at a process time
     * \return peer synchronization distance lambda = delta / 2 + epsilon(at)
     */
    Time GetDistance(Time at) const;
    /** \return the number of valid (non-dummy) stages */
    uint32_t GetValidStages() const;
    /** \return the register length */
    uint32_t GetStages() const;
    /**
     * \param i stage, 0 the newest
     * \return the tuple (dispersion as at its arrival)
     */
    const NtpFilterSample& GetStage(uint32_t i) const;
    /**
     * \param i stage, 0 the newest
     * \return whether it holds a sample (not a dummy)
     */
    bool IsStageValid(uint32_t i) const;
    /** \return samples discarded by the spike suppressor so far */
    uint64_t GetSpikes() const;
    /** \return the frequency tolerance PHI */
    double GetTolerance() const;

  private:
    /** \brief A stage: a tuple and whether it is a real sample. */
    struct Stage
    {
        NtpFilterSample sample; //!< the tuple
        bool valid{false};      //!< false: a dummy
    };

    /**
     * Shift a stage in, sort, recompute dispersion and jitter.
     * \param stage the new stage
     * \return the lowest-delay valid stage, or nullptr if none
     */
    const Stage* Shift(const Stage& stage);

    uint32_t m_stages;        //!< register length
    double m_phi;             //!< PHI
    Time m_precision;         //!< jitter floor
    double m_spikeGate;       //!< SGATE
    std::vector<Stage> m_reg; //!< stage 0 the newest
    bool m_selected{false};   //!< a sample has been selected
    NtpFilterSample m_peer;   //!< the selected sample (offset, delay, time, tag)
    Time m_dispersion;        //!< peer dispersion at m_dispersionTime
    Time m_dispersionTime;    //!< when it was computed
    Time m_jitter;            //!< peer jitter
    uint64_t m_spikes{0};     //!< spikes discarded
};

} // namespace ns3

#endif /* NTP_CLOCK_FILTER_H */
