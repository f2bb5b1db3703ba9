/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef REFERENCE_PREDICTOR_H
#define REFERENCE_PREDICTOR_H

#include "ns3/nstime.h"

#include <cstdint>
#include <deque>
#include <string>

namespace ns3
{

/**
 * \ingroup chronometry
 * Baselines the OneClock predictors must beat (not in the paper).
 */
enum class ReferencePredictorKind
{
    LAST_SAMPLE,   //!< s[n|n-1] = x[n-1] (persistence)
    WINDOW_MEDIAN, //!< median of the last N samples (the robust alternative to FT-Average)
    CALIBRATED     //!< mean of the first N samples, frozen: calibrate once, never adapt
};

/**
 * \param kind a reference kind
 * \return its name: LastSample, WindowMedian or Calibrated
 */
std::string ReferencePredictorKindName(ReferencePredictorKind kind);

/**
 * \param name LastSample, WindowMedian or Calibrated
 * \param kind set to the kind when the name is one
 * \return true if the name is a reference kind
 */
bool ReferencePredictorKindFromName(const std::string& name, ReferencePredictorKind& kind);

/**
 * \ingroup chronometry
 * A reference ETE predictor with EtePredictor's interface; free of the
 * simulator.
 *
 * - LastSample: the previous measurement.  Best when the ETE moves in steps
 *   larger than its noise; worst on independent noise (twice the variance).
 * - WindowMedian: median of the last N (for even N the mean of the two middle
 *   values).  For mean absolute error the median is the optimal constant, so
 *   on a stationary window it is the bar FT-Average (a trimmed mean) has to meet.
 * - Calibrated: mean of the first N samples after construction or Reset(),
 *   then frozen.  What a client gets from a one-time calibration without any
 *   adaptive prediction: on a stationary server the adaptive predictors can
 *   only match it; they earn their keep when the service time drifts.
 */
class ReferencePredictor
{
  public:
    /**
     * \param kind the reference
     * \param window N (1 to 4096)
     */
    ReferencePredictor(ReferencePredictorKind kind, uint32_t window);

    /** \return the predicted ETE of the next operation (0 before any sample) */
    Time Predict() const;

    /** \param ete a measured ETE */
    void Update(Time ete);

    /** Forget every sample (Calibrated calibrates again). */
    void Reset();

    /** \return the kind */
    ReferencePredictorKind GetKind() const;

    /** \return N */
    uint32_t GetWindow() const;

    /** \return samples fed since construction or Reset() */
    uint64_t GetSampleCount() const;

  private:
    ReferencePredictorKind m_kind; //!< kind
    uint32_t m_window;             //!< N
    uint64_t m_count;              //!< samples so far
    std::deque<int64_t> m_x;       //!< last N samples (ns), or the first N for Calibrated
};

} // namespace ns3

#endif /* REFERENCE_PREDICTOR_H */
