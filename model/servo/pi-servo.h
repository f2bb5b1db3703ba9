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
 * linuxptp's default for the TimestampMode: kp 0.7, ki 0.3 for hardware time stamping,
 * kp 0.1, ki 0.001 for software time stamping. ProportionalConst (IntegralConst), when
 * non-zero, is used as it is for any T (within the norm maximum 1.0 / T, 2.0 / T). Each
 * gain and each setting stands alone, one Attribute per linuxptp option
 * (pi_proportional_const, pi_integral_const, pi_proportional_scale,
 * pi_proportional_exponent, pi_proportional_norm_max, pi_integral_scale,
 * pi_integral_exponent, pi_integral_norm_max).
 *
 * With RateCorrection (the default):
 *  - sample 1: remembered (UNLOCKED);
 *  - sample 2, once at least min(0.016 / ki, 1000) s of local time after sample 1: the
 *    frequency error measured between the two is added to the integral term I (frequency
 *    adjustment F = I' = I + (10^9 + I) x (o2 - o1) / (L2 - L1), exact for a constant drift);
 *    the clock is stepped by the offset if it exceeds FirstStepThreshold (armed only until
 *    the servo's first JUMP or LOCKED since its creation) or StepThreshold (JUMP); otherwise
 *    the servo is LOCKED. A sample 2 whose local time is not after sample 1's discards both (the
 * next sample is a new sample 1). On a restart (after StepThreshold or Reset) I is the integral
 * term kept from before, without the last output's proportional part, as in linuxptp;
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
