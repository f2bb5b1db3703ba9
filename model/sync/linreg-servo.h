/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINREG_SERVO_H
#define LINREG_SERVO_H

#include "ptp-servo.h"

#include <deque>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief An adaptive clock servo by linear regression, modelled on linuxptp's linreg.
 *
 * The servo keeps the recent samples as points (x, y) of the clock as if it had never been
 * corrected: x = local time minus every correction applied so far, y = offset plus those
 * corrections; for a constant drift they lie on a line. It fits that line by least squares
 * over the newest n points and sets the frequency so that the fitted offset reaches zero at
 * the next sample: frequency = slope + (predicted offset now) / (c T), c = 1 for n <= 16,
 * 2 for 32, 3 for 64 (a longer window spreads its phase correction wider, as linuxptp's).
 *
 * Window sizes: Adaptive (the default) fits 4, 8, ..., Window points at once and uses the
 * largest size whose running mean of |prediction error| (the fit's prediction of each new
 * sample before it is added; a plain mean over 10 samples, then exponential smoothing with
 * 0.02) is within 5% of the smallest; otherwise the fixed size Window. UNLOCKED until the
 * window (the smallest one when adaptive) is full.
 *
 * With a fixed window of n and white measurement noise sigma, the sampled error is the
 * extrapolation error of the fitted line one interval ahead: RMS = sigma x
 * sqrt(1/n + 3 (n + 1) / (n (n - 1))) (c = 1), e.g. 0.52 sigma for n = 16.
 *
 * Without RateCorrection the frequency is never changed: the predicted offset is slewed in
 * over the next interval instead, so a drift d leaves a sampled error of d T.
 */
class LinRegServo : public ClockServo
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    LinRegServo();

    /** \return the window size used at the last sample (0 when UNLOCKED) */
    uint32_t GetWindow() const;
    /** \return the fitted rate of the uncorrected clock relative to the master, minus 1 */
    double GetFittedSlope() const;

  protected:
    ServoAction DoSample(Time offset, Time localTime) override;
    void DoReset() override;

  private:
    /** \brief One point of the uncorrected clock. */
    struct Point
    {
        double x; //!< uncorrected local time (ns)
        double y; //!< uncorrected offset (ns)
    };

    /** \brief The fit over one window size. */
    struct Fit
    {
        uint32_t size{0};    //!< points
        bool valid{false};   //!< fitted at least once
        double x0{0};        //!< x of the newest point of the fit
        double slope{0};     //!< dy/dx
        double intercept{0}; //!< y at x0
        double err{0};       //!< running mean of |prediction error|
        uint32_t updates{0}; //!< prediction errors seen
    };

    /** Largest window. */
    static constexpr uint32_t MAX_WINDOW = 64;

    /** \param fit the fit to recompute over the newest fit.size points */
    void Refit(Fit& fit) const;
    /** \return the fit to use, or nullptr */
    const Fit* Choose() const;
    /** Set up the fits for the configured sizes. */
    void Configure();

    uint32_t m_window;          //!< Window
    bool m_adaptive;            //!< Adaptive
    std::deque<Point> m_points; //!< newest last
    std::vector<Fit> m_fits;    //!< one per size
    bool m_configured;          //!< m_fits built
    bool m_hasLast;             //!< a previous sample exists
    double m_lastLocalNs;       //!< local time of the previous sample (after its step)
    double m_correctionNs;      //!< sum of every correction applied (ns)
    double m_pendingSlewNs;     //!< slew asked for at the previous sample
    uint32_t m_used;            //!< window used at the last sample
    double m_slope;             //!< slope used at the last sample
};

} // namespace ns3

#endif /* LINREG_SERVO_H */
