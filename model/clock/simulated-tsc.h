/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SIMULATED_TSC_H
#define SIMULATED_TSC_H

#include "oscillator.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * A simulated invariant time-stamp counter (TSC), aggregated to a Node.
 *
 * A 64-bit counter that starts at BootValue at true time 0 and counts at
 * NominalFrequency scaled by its Oscillator's rate (1 + drift); it never
 * stops and wraps modulo 2^64.  A Read() costs ReadCost: the counter is
 * latched when the read instruction completes, ReadCost after the call.
 * Software only knows the nominal frequency, so TicksToDuration() converts
 * with it, and the difference from true durations is the drift error that
 * MinRTT-style relation estimators must deal with.
 */
class SimulatedTsc : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SimulatedTsc();
    ~SimulatedTsc() override;

    /**
     * Read the counter now (fires the TscRead trace).
     * \return the counter value latched ReadCost after now
     */
    uint64_t Read();

    /**
     * \param trueTime a true time, not negative
     * \return the counter value at \p trueTime (no read cost)
     */
    uint64_t GetTicksAt(Time trueTime);

    /**
     * \param trueTime a true time
     * \return the actual counting rate at \p trueTime in Hz (nominal * (1 + drift))
     */
    double GetActualFrequencyAt(Time trueTime);

    /**
     * Duration of a tick difference as software computes it (nominal frequency).
     * \param ticks tick difference
     * \return the duration
     */
    Time TicksToDuration(uint64_t ticks) const;

    /**
     * \param duration a non-negative duration
     * \return the nominal number of ticks in it
     */
    uint64_t DurationToTicks(Time duration) const;

    /** \return the nominal frequency in Hz */
    double GetNominalFrequency() const;

    /** \return the counter value at true time 0 */
    uint64_t GetBootValue() const;

    /** \return the frequency source */
    Ptr<Oscillator> GetOscillator() const;

    /** \return the read cost */
    Time GetReadCost() const;

    /**
     * Assign fixed random variable streams.
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature for TSC reads.
     * \param [in] trueTime when the counter was latched
     * \param [in] value the counter value
     */
    typedef void (*TscReadCallback)(Time trueTime, uint64_t value);

  protected:
    void DoDispose() override;

  private:
    /** \param hz nominal frequency */
    void SetNominalFrequency(double hz);
    /** \param cost read cost */
    void SetReadCost(Time cost);
    /** \param oscillator frequency source */
    void SetOscillator(Ptr<Oscillator> oscillator);

    double m_frequencyHz;                       //!< nominal frequency
    uint64_t m_bootValue;                       //!< counter at true time 0
    Ptr<Oscillator> m_oscillator;               //!< frequency source
    Time m_readCost;                            //!< time a read takes
    TracedCallback<Time, uint64_t> m_readTrace; //!< TscRead trace source
};

} // namespace ns3

#endif /* SIMULATED_TSC_H */
