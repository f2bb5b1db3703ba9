/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DRIFTING_CLOCK_H
#define DRIFTING_CLOCK_H

#include "clock-timeline.h"
#include "clock-value.h"
#include "local-clock.h"
#include "oscillator.h"

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A node clock driven by an Oscillator, as a real computer clock.
 *
 * Its deterministic reading at true time t is
 *   L(t) = InitialOffset + phase(t) + F(t) + A(t),
 * where phase(t) comes from the Oscillator (ideal, constant or random-walk
 * drift), F(t) is the frequency adjustment's contribution and A(t) is the sum of
 * the step and slew adjustments applied so far.  A read adds ReadJitter,
 * quantizes down to Resolution and, with Monotonic, never returns less than the
 * previous read.
 *
 * Slew follows adjtime(): the correction is spread at MaxSlewRate; a new slew
 * replaces the unapplied remainder of the previous one.
 *
 * AdjustFrequency(x) follows adjtimex's frequency (and a PHC's adjfine): from
 * now on the clock advances by (1 + x) per unit of oscillator phase, so its rate
 * over true time is (1 + rho(t)) (1 + x), multiplicative as the servos assume
 * (ClockServo's ServoAction).  F(t) = F(a) + x (phase(t) - phase(a)) since the
 * adjustment at true time a; x is held as a multiple of 2^-64 and the product is
 * evaluated once per linear piece of the oscillator (at its start, or at a, and
 * with the piece's slope from there), so F is piecewise linear and exact in the
 * fixed point; the rate is (1 + rho)(1 + x) within 2^-64.  A step or slew does
 * not change the frequency adjustment, nor the adjustment the slew rate.
 *
 * L(t) is exact fixed-point arithmetic (ClockValue).  A read evaluates the one
 * linear piece of L that covers the present, kept from the previous read and
 * recomputed only when true time leaves it or the model changes (a step, slew,
 * frequency adjustment, offset or oscillator change, or the oscillator's
 * DriftChanged), so it costs one multiplication.
 */
class DriftingClock : public LocalClock
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DriftingClock();
    ~DriftingClock() override;

    Time TrueToLocal(Time trueTime) override;
    ClockValue TrueToLocalExact(Time trueTime) override;
    Time LocalToTrue(Time localTime) override;
    int64_t AssignStreams(int64_t stream) override;

    /**
     * Step the clock by \p delta now (pending local-time events are re-planned).
     * \param delta the correction (may be negative)
     */
    void Step(Time delta);

    /**
     * Slew the clock by \p delta, at MaxSlewRate, starting now.
     * \param delta the total correction (may be negative)
     * \return the part of the previous slew that had not been applied yet
     */
    Time Slew(Time delta);

    /** \return the true time at which the slew in progress ends (now if none) */
    Time GetSlewEnd() const;

    /**
     * Set the frequency adjustment from now on (adjtimex's freq, a PHC's adjfine): the clock
     * then runs at (1 + rho) (1 + ppb x 10^-9) seconds per true second, rho being the
     * oscillator's drift.  The adjustment replaces the previous one (it does not add to it);
     * it is clamped to +-MaxFrequencyAdjustment, as the kernel clamps adjtimex's frequency.
     * Pending local-time events are re-planned.
     * \param ppb the adjustment in parts per billion (positive: faster)
     * \return the adjustment applied (\p ppb clamped)
     */
    double AdjustFrequency(double ppb);

    /** \return the frequency adjustment in force, in ppb (0 before any) */
    double GetFrequencyAdjustment() const;

    /**
     * \param t a true time (not before 0)
     * \return the clock's rate at \p t: (1 + rho(t)) (1 + x) plus the slew rate in force
     *         (local seconds per true second; as used, within 2^-64)
     */
    double GetRateAt(Time t);

    /**
     * \param oscillator the frequency source (re-plans pending events)
     */
    void SetOscillator(Ptr<Oscillator> oscillator);

    /** \return the frequency source */
    Ptr<Oscillator> GetOscillator() const;

    /**
     * \param t true time
     * \return the deterministic reading at \p t in time steps, unrounded (exact)
     */
    ClockValue GetExactValue(Time t);

    /**
     * TracedCallback signature for clock adjustments.
     * \param [in] trueTime when the adjustment was made
     * \param [in] delta its size
     * \param [in] slew true for a slew, false for a step
     */
    typedef void (*AdjustmentCallback)(Time trueTime, Time delta, bool slew);

    /**
     * TracedCallback signature for a frequency adjustment.
     * \param [in] trueTime when it was made
     * \param [in] ppb the adjustment applied from then on (after clamping)
     */
    typedef void (*FrequencyAdjustmentCallback)(Time trueTime, double ppb);

  protected:
    Time DoRead(const Time& trueNow) override;
    void DoDispose() override;

  private:
    /** \param offset InitialOffset value */
    void SetInitialOffset(Time offset);
    /** \return InitialOffset */
    Time GetInitialOffset() const;
    /** \param resolution Resolution value */
    void SetResolution(Time resolution);
    /** \return Resolution */
    Time GetResolution() const;
    /** \param ppm MaxSlewRate value */
    void SetMaxSlewRate(double ppm);
    /** \return MaxSlewRate in ppm */
    double GetMaxSlewRate() const;
    /**
     * The frequency term F at \p t, on the linear piece of F that covers it.
     * \param osc the oscillator's phase piece that covers \p t
     * \param t true time step
     * \param[out] slope F's slope on that piece (per true time step)
     * \param[out] end the end of F's segment (the next adjustment, or INT64_MAX)
     * \return F(t), exactly as the piece evaluation gives it
     */
    ClockValue FrequencyTerm(const ClockTimeline::Piece& osc,
                             int64_t t,
                             ClockValue& slope,
                             int64_t& end) const;
    /**
     * Earliest true time step, not before \p lo, at which the exact value reaches \p target,
     * searching around \p guess (galloping, then bisection; L is increasing).
     * \param lo the earliest candidate (now)
     * \param target the value
     * \param guess a time step near the answer (>= lo)
     * \return that time step
     */
    int64_t EarliestReaching(int64_t lo, ClockValue target, int64_t guess);
    /**
     * Called when the oscillator's frequency plan changes.
     * \param at true time of the change
     */
    void OnDriftChanged(Time at);
    /** Create the default oscillator if none was set. */
    void EnsureOscillator();
    /** Forget the cached piece of L (the model changed). */
    void InvalidatePiece();
    /**
     * Cache the linear piece of L that covers \p t.
     * \param t true time step
     * \return L(t)
     */
    ClockValue RefreshPiece(int64_t t);

    /**
     * \param t true time step
     * \return whether \p t lies in the cached piece of L
     */
    bool InPiece(int64_t t) const
    {
        return static_cast<uint64_t>(t) - static_cast<uint64_t>(m_pieceStart) < m_pieceSpan;
    }

    /**
     * \param t true time step inside the cached piece
     * \return L(t), exactly: L(start) + (1 + excess) * (t - start), where the slope's
     *         excess over 1 is a 64-bit fixed-point number (one multiplication)
     */
    ClockValue PieceValue(int64_t t) const
    {
        // Modulo 2^128 (unsigned), so that no intermediate sum can overflow: the result is
        // exact because RefreshPiece ends the piece before |L| could leave the range.
        __extension__ typedef unsigned __int128 URaw;
        int64_t dt = t - m_pieceStart;
        URaw sum = static_cast<URaw>(m_pieceValue.GetRaw()) +
                   (static_cast<URaw>(static_cast<uint64_t>(dt)) << ClockValue::FRACTION_BITS) +
                   static_cast<URaw>(static_cast<ClockValue::Raw>(m_pieceExcess) * dt);
        return ClockValue::FromRaw(static_cast<ClockValue::Raw>(sum));
    }

    /**
     * \return true when ReadJitter is known to add nothing to this read: no
     *         ReadJitter, or exactly a ConstantRandomVariable whose Constant is 0
     *         (which draws nothing from its stream)
     */
    bool JitterIsZero()
    {
        if (PeekPointer(m_jitter) != PeekPointer(m_jitterSeen))
        {
            ClassifyJitter();
        }
        if (m_jitterConstant != nullptr)
        {
            return m_jitterConstant->GetConstant() == 0.0;
        }
        return !m_jitter;
    }

    /** Classify a new ReadJitter object (is it exactly a ConstantRandomVariable?). */
    void ClassifyJitter();

    /**
     * \param value a clock value in time steps
     * \return \p value plus one draw of the read jitter
     */
    ClockValue AddJitter(ClockValue value);

    Ptr<Oscillator> m_oscillator;       //!< frequency source
    Time m_initialOffset;               //!< reading at true time 0
    Time m_resolution;                  //!< read quantum
    Ptr<RandomVariableStream> m_jitter; //!< read noise in nanoseconds
    bool m_monotonic;                   //!< never return less than the previous read
    double m_maxSlewRatePpm;            //!< slew speed
    ClockTimeline m_adjustment;         //!< sum of steps and slews, as a function of true time

    /** One frequency adjustment: F(t) = value + x (phase(t) - phase) from start on. */
    struct FrequencySegment
    {
        int64_t start;    //!< true time step of the adjustment
        ClockValue phase; //!< the oscillator's phase at start
        ClockValue value; //!< F at start
        int64_t factor;   //!< x times 2^64
        double ppb;       //!< x in ppb, as applied
    };

    /**
     * \param t a true time step
     * \return the frequency segment in force at \p t, or nullptr (no adjustment yet)
     */
    const FrequencySegment* FrequencySegmentAt(int64_t t) const;

    std::vector<FrequencySegment> m_frequency; //!< adjustments, oldest first (empty: none)
    double m_maxFrequencyPpb;                  //!< MaxFrequencyAdjustment
    Time m_slewEnd;                            //!< end of the current slew
    int64_t m_lastReading;                     //!< previous reading in time steps (INT64_MIN: none)
    int64_t m_pieceStart;                      //!< cached piece of L: first true time step
    uint64_t m_pieceSpan;                      //!< cached piece of L: its length in steps (0: none)
    ClockValue m_pieceValue;                   //!< cached piece of L: L(m_pieceStart)
    int64_t m_pieceExcess;                     //!< cached piece of L: slope - 1, times 2^64
    Ptr<RandomVariableStream> m_jitterSeen;    //!< the ReadJitter object classified below
    ConstantRandomVariable* m_jitterConstant;  //!< m_jitterSeen if exactly a constant, else null
    TracedCallback<Time, Time, bool> m_adjustmentTrace; //!< Adjustment trace source
    TracedCallback<Time, double> m_frequencyTrace;      //!< FrequencyAdjustment trace source
};

} // namespace ns3

#endif /* DRIFTING_CLOCK_H */
