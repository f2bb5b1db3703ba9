/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PI_SERVO_H
#define PI_SERVO_H

#include "ptp-servo.h"

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief A proportional-integral clock servo modelled on linuxptp's pi servo.
 *
 * Gains in ppb per ns of offset (1/s), scaled with the sync interval T (in s) as linuxptp
 * does: kp = ProportionalScale x T^ProportionalExponent, at most ProportionalNormMax / T;
 * ki = IntegralScale x T^IntegralExponent, at most IntegralNormMax / T. A zero scale picks
 * linuxptp's defaults for the TimestampMode: kp 0.7, ki 0.3 for hardware time stamping,
 * kp 0.1, ki 0.001 for software time stamping. ProportionalConst and IntegralConst, when
 * both are non-zero, are used as they are for any T (within norm maxima 1.0 and 2.0).
 *
 * With RateCorrection (the default):
 *  - sample 1: remembered (UNLOCKED);
 *  - sample 2, once at least min(0.016 / ki, 1000) s of local time after sample 1: the
 *    frequency error measured between the two is removed at once (frequency adjustment
 *    F' = F + (10^9 + F) x (o2 - o1) / (L2 - L1), exact for a constant drift); the clock is
 *    stepped by the offset if it exceeds FirstStepThreshold (JUMP) and the servo is LOCKED;
 *  - every later sample o: frequency = kp o + I + ki o, I += ki o (not while clamped at
 *    MaxFrequency: no wind-up); an offset beyond StepThreshold (when set) restarts the
 *    servo at sample 1 (the step then comes with the re-estimated frequency).
 *
 * The loop is then linear: with a = kp T, b = ki T the offset obeys
 * e[k+1] = (2 - a - b) e[k] - (1 - a) e[k-1] (plus noise), poles z^2 - (2 - a - b) z +
 * (1 - a) = 0; linuxptp's hardware gains at T = 1 s give |z| = sqrt(0.3) = 0.548 per sample.
 *
 * Without RateCorrection the servo is proportional only and phase-only: it slews kp T o
 * over the next interval (steps beyond the thresholds), so a drift d leaves a sampled error
 * of d T / (kp T).
 */
class PiServo : public ClockServo
{
  public:
    /** Time stamping the gains are chosen for (linuxptp's -H / -S). */
    enum TimestampMode
    {
        HARDWARE, //!< kp 0.7, ki 0.3
        SOFTWARE  //!< kp 0.1, ki 0.001
    };

    /** \return the TypeId */
    static TypeId GetTypeId();
    PiServo();

    /** \return the proportional gain for the current sync interval (ppb per ns) */
    double GetKp() const;
    /** \return the integral gain for the current sync interval (ppb per ns) */
    double GetKi() const;

  protected:
    ServoAction DoSample(Time offset, Time localTime) override;
    void DoReset() override;

  private:
    /**
     * \param[out] kp proportional gain
     * \param[out] ki integral gain
     */
    void Gains(double& kp, double& ki) const;

    TimestampMode m_mode;   //!< TimestampMode
    double m_kpConst;       //!< ProportionalConst
    double m_kiConst;       //!< IntegralConst
    double m_kpScale;       //!< ProportionalScale
    double m_kpExponent;    //!< ProportionalExponent
    double m_kpNormMax;     //!< ProportionalNormMax
    double m_kiScale;       //!< IntegralScale
    double m_kiExponent;    //!< IntegralExponent
    double m_kiNormMax;     //!< IntegralNormMax
    int m_count;            //!< samples in the current start-up (0, 1, 2 = running)
    double m_firstOffsetNs; //!< offset of the start-up's first sample
    double m_firstLocalNs;  //!< local time of the start-up's first sample
    double m_integralPpb;   //!< the integral term (linuxptp's drift)
};

} // namespace ns3

#endif /* PI_SERVO_H */
