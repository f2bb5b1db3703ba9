/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINREG_SERVO_H
#define LINREG_SERVO_H

#include "ptp-servo.h"

#include <array>
#include <cstdint>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief linuxptp's adaptive linear regression servo (linreg.c), sample for sample.
 *
 * The servo keeps the newest 64 samples as points (x, y) of the clock as if it had never been
 * corrected: x = the uncorrected local time, y = the master's time, both integer nanoseconds
 * from an arbitrary origin. Between two samples x advances by the local interval divided by
 * (1 + the held frequency adjustment), truncated to whole nanoseconds with the fraction
 * carried to the next interval; y advances by the local interval (linreg.c
 * update_reference). A step moves y alone.
 *
 * It fits lines by least squares over the newest 4, 8, 16, 32 and 64 points and uses the
 * largest size whose running mean of |prediction error| (each fit's prediction of the new
 * sample before it is added: a plain mean over the first 10, then exponential smoothing with
 * 0.02) is within 5% of the smallest so far (linreg.c update_size). UNLOCKED until 4 points.
 * The frequency is then slope - 1 plus the fitted offset now spread over c sync intervals, c =
 * 1 up to 16 points, 2 for 32, 3 for 64; clamped to MaxFrequency.
 *
 * The step thresholds test the fitted offset (not the sample). Local times equal to or
 * earlier than the previous one are taken as they come (the interval is then zero or
 * negative), as linreg.c does. GetRateRatio is linreg.c's frequency_ratio: the master's rate
 * over the corrected local clock's, slope / (1 + frequency).
 *
 * Module-only: without RateCorrection the frequency is never changed; the fitted offset is
 * slewed in over the next interval instead (taken into the time axis as a step), so a drift d
 * leaves a sampled error of about d T.
 */
class LinRegServo : public ClockServo
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    LinRegServo();

    /** \return the number of points of the fit used at the last sample (0 when UNLOCKED) */
    uint32_t GetWindow() const;
    /** \return the fitted rate of the uncorrected clock relative to the master, minus 1 */
    double GetFittedSlope() const;
    /** \return the master's rate over the corrected local clock's (1 before the first fit) */
    double GetRateRatio() const override;

  protected:
    ServoAction DoSample(Time offset, Time localTime) override;
    void DoReset() override;

  private:
    /** \brief One point: uncorrected local time and master time (ns). */
    struct Point
    {
        int64_t x; //!< uncorrected local time
        int64_t y; //!< master time
    };

    /** \brief The regression over one size. */
    struct Fit
    {
        double slope{0};     //!< dy/dx (0: not fitted since the last reset)
        double intercept{0}; //!< y - reference y at the reference x
        double err{0};       //!< running mean of |prediction error| (ns)
        uint32_t updates{0}; //!< prediction errors averaged so far (up to 10 plainly)
    };

    /** log2 of the smallest and largest fits. */
    static constexpr uint32_t MIN_ORDER = 2;
    /** log2 of the largest fit. */
    static constexpr uint32_t MAX_ORDER = 6;
    /** Points kept. */
    static constexpr uint32_t MAX_POINTS = 1u << MAX_ORDER;

    /**
     * Move the reference (the current time in x and y) and the fits' intercepts with it.
     * \param dx ns added to x
     * \param dy ns added to y
     */
    void MoveReference(int64_t dx, int64_t dy);
    /** \param localNs the local time of the new sample: advance the reference to it */
    void AdvanceReference(int64_t localNs);
    /** Update every fit with enough points (its prediction error first). \param y0 the offset */
    void Regress(double y0);
    /** \return the order (log2 of the size) of the fit to use, 0 for none */
    uint32_t ChooseOrder() const;
    /**
     * Move the time axis for a step or slew of the local clock.
     * \param byNs the step (ns, added to the local clock)
     */
    void Stepped(int64_t byNs);

    std::array<Point, MAX_POINTS> m_points;            //!< circular buffer
    std::array<Fit, MAX_ORDER - MIN_ORDER + 1> m_fits; //!< one per order
    Point m_reference;                                 //!< the current time in x and y
    uint32_t m_count;                                  //!< points held
    uint32_t m_newest;                                 //!< index of the newest point
    double m_xRemainder;                               //!< fraction of x carried (ns)
    bool m_hasLast;                                    //!< a previous sample exists
    int64_t m_lastLocalNs;                             //!< local time of the last sample
    uint32_t m_order;                                  //!< order used at the last sample
    double m_rateRatio;                                //!< GetRateRatio
    uint32_t m_deprecatedWindow{64};                   //!< Window (deprecated, ignored)
    bool m_deprecatedAdaptive{true};                   //!< Adaptive (deprecated, ignored)
};

} // namespace ns3

#endif /* LINREG_SERVO_H */
