/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ETE_PREDICTOR_H
#define ETE_PREDICTOR_H

#include "ns3/nstime.h"

#include <cstdint>
#include <deque>
#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * The prediction algorithms of OneClock (Mizrahi and Moses, Sec. IV-B).
 */
enum class EtePredictorKind
{
    BASELINE,   //!< s[n|n-1] = 0
    AVERAGE,    //!< mean of the last N samples (Eq. 1)
    FT_AVERAGE, //!< mean of the last N without their min and max (Eq. 2)
    KALMAN      //!< one-dimensional Kalman filter with sample-variance W and V (Eq. 5-11)
};

/**
 * \param kind a predictor kind
 * \return its name: Baseline, Average, FtAverage or Kalman
 */
std::string EtePredictorKindName(EtePredictorKind kind);

/**
 * \param name Baseline, Average, FtAverage or Kalman
 * \return the kind (a configuration error names the valid choices otherwise)
 */
EtePredictorKind EtePredictorKindFromName(const std::string& name);

/**
 * \ingroup chronometry
 * Predicts the elapsed time of execution (ETE = T_e - T_s) of the next
 * scheduled operation from past measurements; free of the simulator.
 *
 * Windows: with fewer than N samples so far, the window holds the m < N
 * samples there are.  FT-Average drops the minimum and the maximum when the
 * window holds at least 3 samples and is a plain average otherwise (Eq. 2
 * with N replaced by m; with N < 3 it is always a plain average).
 *
 * Kalman: s[1] = x[1] and P[1] = 0 (the paper gives no initial state).  At
 * every later step W[n] (Eq. 10) is the population variance of the last N
 * (or fewer) increments s[i] - s[i-1] and V[n] (Eq. 11) that of the last N
 * (or fewer) residuals x[i] - s[i].  When P[n|n-1] + V[n] = 0 the gain (Eq. 8)
 * is undefined; we then use K = 1/n, the running-mean gain.
 *
 * Times are handled in nanoseconds as doubles inside.
 */
class EtePredictor
{
  public:
    /**
     * \param kind the algorithm
     * \param window N, the number of samples used (1 to 4096)
     */
    EtePredictor(EtePredictorKind kind, uint32_t window);

    /** \return s[n|n-1], the predicted ETE of the next operation (0 before any sample) */
    Time Predict() const;

    /**
     * Feed a measurement x[n] (T_e - T_s as reported).
     * \param ete the measured ETE (may be negative if the server started early)
     */
    void Update(Time ete);

    /** Forget every sample (used at the start of a probe burst). */
    void Reset();

    /** \return the algorithm */
    EtePredictorKind GetKind() const;

    /** \return N */
    uint32_t GetWindow() const;

    /** \return number of samples fed since construction or Reset() */
    uint64_t GetSampleCount() const;

    /** \return Kalman P[n], estimated variance of the ETE estimate, in ns^2 (0 otherwise) */
    double GetVariance() const;

    /** \return Kalman K[n] of the last update (0 otherwise) */
    double GetGain() const;

    /** \return Kalman W[n] used in the last update, in ns^2 */
    double GetProcessVariance() const;

    /** \return Kalman V[n] used in the last update, in ns^2 */
    double GetMeasurementVariance() const;

  private:
    /** \return the prediction in ns */
    double PredictNs() const;

    /**
     * Kalman update with a sample.
     * \param x the sample in ns
     */
    void KalmanUpdate(double x);

    EtePredictorKind m_kind;  //!< algorithm
    uint32_t m_window;        //!< N
    uint64_t m_count;         //!< samples so far
    std::deque<double> m_x;   //!< last N samples x[] (ns)
    std::deque<double> m_s;   //!< Kalman: last N+1 estimates s[] (ns)
    std::deque<double> m_res; //!< Kalman: last N residuals x[i] - s[i] (ns)
    double m_p;               //!< Kalman P[n]
    double m_gain;            //!< Kalman K[n]
    double m_w;               //!< Kalman W[n]
    double m_v;               //!< Kalman V[n]
};

} // namespace ns3

#endif /* ETE_PREDICTOR_H */
