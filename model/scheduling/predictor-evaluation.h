/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PREDICTOR_EVALUATION_H
#define PREDICTOR_EVALUATION_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * How one predictor did on a series: errors e = measured ETE - predicted ETE.
 */
struct PredictionErrorStats
{
    std::string name;    //!< predictor name
    uint64_t count = 0;  //!< scored predictions
    double maeNs = 0;    //!< mean |e|
    double rmseNs = 0;   //!< sqrt(mean e^2)
    double biasNs = 0;   //!< mean e (positive: predictions too short)
    double p99AbsNs = 0; //!< 99th percentile of |e| (nearest rank)
    double maxAbsNs = 0; //!< largest |e|
};

/**
 * \ingroup chronometry
 * Offline evaluation of every ETE predictor on one series, the way the paper
 * evaluated its algorithms (predict, then feed the measurement); free of the
 * simulator.
 *
 * Predictors, in this order: the paper's Baseline, Average, FtAverage and
 * Kalman (EtePredictor), the references LastSample, WindowMedian and
 * Calibrated (ReferencePredictor) and, when the series' levels are given,
 * LevelOracle, which predicts the noise- and spike-free level of each sample
 * (the server's true state, which no client sees).  All are scored on the
 * same samples: every sample after the first `skip`.
 */
class PredictorEvaluation
{
  public:
    /** \return the predictor names in evaluation order (LevelOracle last) */
    static std::vector<std::string> Names();

    /**
     * \param ete the measured ETEs, in order
     * \param level the true level of each sample (empty: no LevelOracle)
     * \param window N for every windowed predictor (1 to 4096)
     * \param skip samples fed but not scored at the start (warm-up)
     * \return the evaluation
     */
    static PredictorEvaluation Run(const std::vector<Time>& ete,
                                   const std::vector<Time>& level,
                                   uint32_t window,
                                   uint32_t skip);

    /** \return every predictor's statistics, in Names() order */
    const std::vector<PredictionErrorStats>& GetAll() const;

    /**
     * \param name a predictor name
     * \return its statistics (a configuration error if it was not evaluated)
     */
    const PredictionErrorStats& Get(const std::string& name) const;

    /** \return the name of the predictor with the lowest MAE, LevelOracle excluded */
    std::string BestByMae() const;

  private:
    std::vector<PredictionErrorStats> m_stats; //!< per predictor
};

/**
 * \param errors prediction errors in ns
 * \param name the predictor's name
 * \return their statistics
 */
PredictionErrorStats SummarizeErrors(const std::vector<double>& errors, const std::string& name);

} // namespace ns3

#endif /* PREDICTOR_EVALUATION_H */
