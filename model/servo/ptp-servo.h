/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PTP_SERVO_H
#define PTP_SERVO_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * State of a clock servo (linuxptp's servo states).
 */
enum class ServoState : uint8_t
{
    UNLOCKED, //!< collecting samples; the clock is not being steered yet
    JUMP,     //!< the clock is stepped by this action (a large offset)
    LOCKED    //!< steering the clock
};

/**
 * \param state a servo state
 * \return "unlocked", "jump" or "locked"
 */
std::string ToString(ServoState state);

/**
 * \ingroup chronometry
 * \brief What a servo asks of the clock it steers after one offset sample.
 *
 * Apply in this order: step the clock by stepBy (if step), set its frequency adjustment to
 * frequencyPpb (if adjustFrequency), spread slewBy over the next sync interval (a phase-only
 * correction: DriftingClock::Slew, or a temporary frequency offset of slewBy / interval).
 * The frequency adjustment scales the free-running rate, as adjtimex and a PHC's adjfine
 * do: local rate = free-running rate x (1 + frequencyPpb x 10^-9). Positive stepBy and
 * slewBy move the local clock forward.
 */
struct ServoAction
{
    ServoState state{ServoState::UNLOCKED}; //!< servo state after this sample
    bool step{false};                       //!< step the clock now
    Time stepBy;                            //!< the step (added to the local clock)
    bool adjustFrequency{false};            //!< set the frequency adjustment
    double frequencyPpb{0};                 //!< the adjustment to hold from now on (ppb)
    Time slewBy;                            //!< phase to slew in over the next interval
};

/**
 * \ingroup chronometry
 * \brief A clock servo (simulator-free): turns offset samples into clock corrections.
 *
 * Input: one offset sample per Sync (master - local, i.e. -offsetFromMaster of ptp::E2e) and
 * the local time of the sample (the Sync's arrival on the local clock). Output: a
 * ServoAction. The servo assumes every action has taken full effect by the next sample
 * (steps at once, frequency from now on, slews within the sync interval) and, like
 * linuxptp's servos, that it alone steers the clock.
 *
 * Shared Attributes: FirstStepThreshold and StepThreshold (when to step instead of steer,
 * linuxptp's first_step_threshold and step_threshold), MaxFrequency (the clamp of every
 * frequency adjustment, linuxptp's max_frequency), RateCorrection (syntonization: when off
 * the servo never touches the frequency and only steps or slews the measured phase).
 */
class ClockServo : public Object
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    ClockServo();
    ~ClockServo() override;

    /**
     * Feed one sample.
     * \param offset master - local
     * \param localTime the local clock's time of the sample
     * \return what to do to the clock
     */
    ServoAction Sample(Time offset, Time localTime);

    /**
     * Tell the servo the interval between samples (the sync interval); servos whose gains
     * depend on it rescale them.
     * \param interval the mean time between samples (> 0)
     */
    void SetSyncInterval(Time interval);
    /** \return the sync interval */
    Time GetSyncInterval() const;

    /**
     * Forget the servo's samples; the next sample starts afresh (a PI servo re-estimates the
     * frequency from its integral term). As linuxptp's servo_reset, it does not re-arm
     * FirstStepThreshold: only StepThreshold can step the clock after the first steering
     * action. PtpClock does not call it on a change of grandmaster (ptp4l does not either).
     */
    void Reset();

    /** \return the state after the last sample (UNLOCKED before any) */
    ServoState GetState() const;
    /** \return the frequency adjustment the servo holds (ppb; 0 before any) */
    double GetFrequencyPpb() const;
    /** \return whether the servo may change the clock's frequency */
    bool GetRateCorrection() const;
    /**
     * The master's clock rate over the steered local clock's, as the servo estimates it after
     * its last sample: linuxptp's servo_rate_ratio, 1 for a servo without an estimate (as
     * servo.c answers for every servo but linreg). The E2E path delay scales the slave's
     * turnaround t3 - t2 by it (linuxptp tsproc.c get_raw_delay).
     * \return the ratio (1: equal rates)
     */
    virtual double GetRateRatio() const;

    /**
     * Callback signature of the Sample trace source.
     * \param offset the sample (master - local)
     * \param state the state after it
     * \param frequencyPpb the frequency adjustment held after it
     */
    typedef void (*SampleCallback)(Time offset, ServoState state, double frequencyPpb);

  protected:
    /**
     * The servo's own rule.
     * \param offset master - local
     * \param localTime the local time of the sample
     * \return the action (its state is recorded by Sample)
     */
    virtual ServoAction DoSample(Time offset, Time localTime) = 0;
    /** Forget the servo's own samples. */
    virtual void DoReset() = 0;

    /**
     * \param offsetNs |offset| to test, in ns
     * \return whether a step is due: beyond FirstStepThreshold before the first steering
     *         action, or beyond StepThreshold (each enabled when non-zero)
     */
    bool StepDue(double offsetNs) const;
    /**
     * \param ppb a frequency adjustment
     * \return it clamped to +-MaxFrequency
     */
    double Clamp(double ppb) const;
    /** \return the sync interval in seconds */
    double IntervalSeconds() const;
    /** \return whether no action but UNLOCKED has been taken since creation (Reset keeps it) */
    bool IsFirstUpdate() const;
    /**
     * \param t a time
     * \return it in nanoseconds
     */
    static double ToNs(Time t);

    Time m_firstStepThreshold; //!< FirstStepThreshold (0: never)
    Time m_stepThreshold;      //!< StepThreshold (0: never)
    double m_maxFrequencyPpb;  //!< MaxFrequency
    bool m_rateCorrection;     //!< RateCorrection
    double m_frequencyPpb;     //!< the adjustment held

  private:
    Time m_syncInterval;                                    //!< SyncInterval
    ServoState m_state;                                     //!< last state
    bool m_firstUpdate;                                     //!< no steering yet
    TracedCallback<Time, ServoState, double> m_sampleTrace; //!< Sample trace source
};

/**
 * \ingroup chronometry
 * \brief The "set time" servo: steps the clock to the measured offset at every sample and
 * never changes its frequency (a phase-only servo; linuxptp has no such servo, ntpdate is
 * one). Its sampled error is the drift accumulated over one interval: drift x interval.
 *
 * State: JUMP when the step exceeds the step thresholds, LOCKED otherwise (it steps either
 * way).
 */
class SetTimeServo : public ClockServo
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    SetTimeServo();

  protected:
    ServoAction DoSample(Time offset, Time localTime) override;
    void DoReset() override;
};

} // namespace ns3

#endif /* PTP_SERVO_H */
