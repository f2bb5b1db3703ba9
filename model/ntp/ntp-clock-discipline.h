/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NTP_CLOCK_DISCIPLINE_H
#define NTP_CLOCK_DISCIPLINE_H

#include "ntp-datatypes.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptp-servo.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * States of the NTP clock discipline (RFC 5905 Figure 28).
 */
enum class NtpDisciplineState : uint8_t
{
    NSET, //!< never set, no frequency known
    FSET, //!< frequency set (SetFrequency, a "frequency file"), time not yet set
    SPIK, //!< an offset beyond the step threshold is being held off (stepout)
    FREQ, //!< measuring the frequency directly over the stepout interval
    SYNC  //!< normal operation: the hybrid PLL/FLL steers
};

/**
 * \param state a state
 * \return "NSET", "FSET", "SPIK", "FREQ" or "SYNC"
 */
std::string ToString(NtpDisciplineState state);

/**
 * \ingroup chronometry
 * What NtpClockDiscipline::Update did (the return codes of the RFC's local_clock()).
 */
enum class NtpClockReturn : uint8_t
{
    IGNORE, //!< the offset was not used (start-up, stepout, a spike)
    SLEW,   //!< the offset is being slewed out (the normal case; the RFC's ADJ)
    STEP,   //!< the clock was stepped: every association's filter must be reset
    PANIC   //!< |offset| beyond the panic threshold: nothing done (ntpd exits here)
};

/**
 * \param code a return code
 * \return "ignore", "slew", "step" or "panic"
 */
std::string ToString(NtpClockReturn code);

/**
 * \ingroup chronometry
 * \brief What one NtpClockDiscipline::Update asks of the clock it steers.
 *
 * `action` says the same for a glue that already applies a PTP ServoAction: step by
 * action.stepBy (if action.step), hold action.frequencyPpb, slew in action.slewBy (the phase
 * due since the last Advance). Positive values move the local clock forward.
 */
struct NtpDisciplineResult
{
    NtpClockReturn code{NtpClockReturn::IGNORE};        //!< what was done
    NtpDisciplineState state{NtpDisciplineState::NSET}; //!< state after the update
    Time phase;          //!< phase due since the last Advance, to slew in now
    Time step;           //!< the step (code STEP), to add to the clock now
    double frequency{0}; //!< frequency correction to hold from now on (s/s)
    int8_t poll{0};      //!< poll exponent from now on (log2 s)
    ServoAction action;  //!< the same as a PTP servo action
};

/**
 * \ingroup chronometry
 * \brief The NTPv4 clock discipline (RFC 5905 section 11.3, Appendix A.5.5.6-7 and
 * A.5.6.1), free of the simulator: a hybrid phase/frequency-locked loop with the step /
 * stepout / panic state machine and poll-interval adaptation.
 *
 * Input: each combined offset THETA (server minus client) and the client time it was
 * measured at. Output: a step, a frequency correction to hold, and a residual phase that the
 * clock-adjust process slews in over time (Advance). State machine (Figure 28): an offset
 * beyond StepThreshold is ignored once in SYNC (-> SPIK) and stepped only if it persists for
 * StepoutThreshold (WATCH); from NSET the clock is stepped at once and the frequency is then
 * measured directly over StepoutThreshold (FREQ); a first small offset from NSET is slewed
 * and starts the same measurement. In SYNC each offset theta, mu seconds after the last
 * update, changes the frequency by
 *  - PLL: theta min(mu, 2^tau) / (4 TC 2^tau)^2,
 *  - FLL (only when 2^tau > AllanIntercept / 2): (theta - theta_r) / (max(mu, AllanIntercept)
 *    max(FLL - tau, AVG)), theta_r the residual phase not yet slewed in,
 * clamped to +-MaxFrequency, and becomes the residual phase, which the clock-adjust process
 * slews in at the rate theta_r / (TC min(2^tau, AllanIntercept)) per second (an exponential
 * decay; Advance applies it in closed form). The poll exponent tau moves between MinPoll and
 * MaxPoll with the hysteresis ("jiggle") counter: +tau when |theta| < PGATE x jitter, else -2
 * tau; at +-LIMIT tau steps by one. Jitter is the exponential RMS (weight 1 / AVG) of offset
 * differences, at least Precision; wander likewise of frequency changes.
 *
 * Constants (not Attributes): TC = 16 (Figure 27's time-constant scale, ntpd's CLOCK_PLL;
 * Appendix A.5.5.6's "PLL 65536" would make the loop 2^24 times slower and never lock), FLL
 * = MAXPOLL + 1 = 18, AVG = 8 (Figure 27; the Appendix says 4), PGATE = 4, LIMIT = 30.
 * Attributes: StepThreshold (128 ms, Appendix A.5.5.6 and ntpd; Figure 27 says 125 ms),
 * StepoutThreshold (WATCH, 900 s; ntpd 4.2.8 uses 300 s), PanicThreshold (1000 s),
 * MinPoll / MaxPoll (6 / 10, RFC 5905 7.3's suggested defaults), MaxFrequency (500 ppm),
 * AllanIntercept (1500 s), Precision (the jitter floor).
 *
 * Times (`now`) are the process time, RFC 5905's seconds counter c.t: a monotonic time base
 * such as the simulator's time, not the clock being disciplined, which steps.
 *
 * Contract with the clock: the client calls Advance(now) whenever it likes (the RFC's
 * clock-adjust runs every second) and slews in what it returns; it holds the frequency of
 * the last result; it measures offsets on the clock so corrected. Update first takes the
 * phase due since the last Advance (returned in `phase`) out of the offset, as if it had
 * been slewed in continuously. After a STEP the client resets every clock filter (RFC 5905
 * 11.2.3: "all associations MUST be reset").
 */
class NtpClockDiscipline : public Object
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    NtpClockDiscipline();

    /**
     * Feed one combined offset.
     * \param offset THETA, server minus client
     * \param now the process time of the measurement (not before the previous call)
     * \return what to do to the clock
     */
    NtpDisciplineResult Update(Time offset, Time now);
    /**
     * Feed one combined offset measured by a sample older than now (RFC 5905 A.5.5.6
     * local_clock(): mu = p.t - s.t, and s.t becomes p.t). The clock-adjust process still runs
     * to now.
     * \param offset THETA, server minus client
     * \param now the process time (not before the previous call)
     * \param sampleTime p.t: the process time of the system peer's sample (not after now;
     *        mu and the next update's mu are measured from it)
     * \return what to do to the clock
     */
    NtpDisciplineResult Update(Time offset, Time now, Time sampleTime);
    /**
     * The clock-adjust process from the last Advance or Update to now: the residual phase
     * decays as (1 - 1 / (TC min(2^tau, AllanIntercept)))^seconds.
     * \param now the process time (not before the previous call)
     * \return the phase to slew in (add to the clock); the frequency correction is not
     *         included (the clock holds it)
     */
    Time Advance(Time now);
    /**
     * Start from a known frequency (the RFC's frequency file): state FSET.
     * \param frequency the correction to hold (s/s), within MaxFrequency
     */
    void SetFrequency(double frequency);
    /** Forget everything: state NSET, frequency 0, poll MinPoll. */
    void Reset();

    /** \return the state */
    NtpDisciplineState GetState() const;
    /** \return the frequency correction held (s/s) */
    double GetFrequency() const;
    /** \return the poll exponent tau */
    int8_t GetPoll() const;
    /** \return the poll interval 2^tau */
    Time GetPollInterval() const;
    /** \return the residual phase not yet slewed in */
    Time GetResidual() const;
    /** \return the clock jitter */
    Time GetJitter() const;
    /** \return the frequency wander (s/s) */
    double GetWander() const;
    /** \return the hysteresis counter */
    int GetHysteresis() const;
    /** \return the step threshold */
    Time GetStepThreshold() const;
    /** \return s.t: the sample time of the last update that reset the loop's reference */
    Time GetUpdateTime() const;

    /**
     * Callback signature of the Update trace source.
     * \param offset the offset fed
     * \param code what was done
     * \param frequency the frequency held after it (s/s)
     * \param poll the poll exponent after it
     */
    typedef void (*UpdateCallback)(Time offset, NtpClockReturn code, double frequency, int8_t poll);

    /** Time-constant scale TC (Figure 27; ntpd's CLOCK_PLL). */
    static constexpr double TC = 16;
    /** FLL gain exponent base FLL = MAXPOLL + 1 (Appendix A.5.5.6). */
    static constexpr double FLL = ntp::MAXPOLL + 1;
    /** Averaging constant AVG (Figure 27). */
    static constexpr double AVG = 8;
    /** Poll-adjust gate PGATE (Figure 27). */
    static constexpr double PGATE = 4;
    /** Hysteresis limit LIMIT (Figure 27). */
    static constexpr int LIMIT = 30;

  protected:
    void DoInitialize() override;

  private:
    /**
     * Poll-interval adaptation (RFC 5905 A.5.5.1): the hysteresis counter grows by the poll
     * exponent while the offset stays within PGATE x jitter, shrinks by twice it otherwise, and
     * moves the poll one step within [MinPoll, MaxPoll] when it passes LIMIT.
     */
    void AdaptPoll();
    /**
     * The RFC's rstclock(): enter a state with a new residual at time t.
     * \param state the state
     * \param t the update time
     * \param offset the new residual phase
     */
    void Reset(NtpDisciplineState state, Time t, double offset);
    /** Check MinPoll <= MaxPoll (once). */
    void CheckPolls();
    /**
     * \param r the result so far
     * \param offset the offset fed (for the trace)
     * \return it, traced, with the ServoAction filled in
     */
    NtpDisciplineResult Finish(NtpDisciplineResult r, Time offset);

    // Attributes
    Time m_stepThreshold;     //!< STEPT
    Time m_stepout;           //!< WATCH
    Time m_panic;             //!< PANICT (0: off)
    uint8_t m_minPoll;        //!< MinPoll
    uint8_t m_maxPoll;        //!< MaxPoll
    double m_maxFrequencyPpm; //!< MaxFrequency
    Time m_allan;             //!< AllanIntercept
    Time m_precision;         //!< Precision

    // State (doubles in seconds, as the RFC's variables)
    bool m_checked{false};                                //!< polls checked
    NtpDisciplineState m_state{NtpDisciplineState::NSET}; //!< c.state
    double m_offset{0};                                   //!< c.offset: residual phase
    double m_base{0};                                     //!< c.base
    double m_last{0};                                     //!< c.last: last offset
    double m_freq{0};                                     //!< c.freq
    double m_jitter{0};                                   //!< c.jitter
    double m_wander{0};                                   //!< c.wander
    int m_count{0};                                       //!< c.count: hysteresis
    int8_t m_poll{0};                                     //!< s.poll: tau
    Time m_updateTime;                                    //!< s.t: last update (rstclock)
    Time m_adjustTime;                                    //!< last Advance
    bool m_started{false}; //!< an update or advance has set the clocks above

    TracedCallback<Time, NtpClockReturn, double, int8_t> m_updateTrace; //!< Update
};

} // namespace ns3

#endif /* NTP_CLOCK_DISCIPLINE_H */
