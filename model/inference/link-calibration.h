/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINK_CALIBRATION_H
#define LINK_CALIBRATION_H

#include "linking-result.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * One bin of a reliability curve: predictions with probability in [lower,
 * upper) (the last bin includes 1), their mean and how often they were true.
 */
struct ReliabilityBin
{
    double lower = 0;         //!< lower edge
    double upper = 0;         //!< upper edge
    uint64_t count = 0;       //!< predictions in the bin
    double meanPredicted = 0; //!< mean predicted probability (0 if empty)
    double observed = 0;      //!< share that came true (0 if empty)
};

/**
 * \ingroup chronometry
 * Calibration of probabilistic choices (each message: a distribution over
 * "spontaneous" and its candidate parents) against the true choices.
 */
struct CalibrationScore
{
    uint64_t choices = 0;     //!< messages (distributions) scored
    uint64_t predictions = 0; //!< probabilities scored (options over all messages)
    uint64_t trueOutside = 0; //!< true choice absent from the options (given probability 0)
    double logLoss = 0;       //!< mean -ln p(true choice), p clipped below at epsilon
    double brier = 0;         //!< mean over messages of sum_j (p_j - o_j)^2 (0 best, 2 worst)
    double ece = 0;           //!< sum over bins of count / predictions * |mean - observed|
    double maxBinError = 0;   //!< largest |mean - observed| over non-empty bins
    double topLabelEce = 0;   //!< the same for each message's most likely option only
    std::vector<ReliabilityBin> reliability;         //!< every option's probability vs outcome
    std::vector<ReliabilityBin> topLabelReliability; //!< most likely option vs correctness
};

/**
 * \ingroup chronometry
 * Score probabilistic choices.  Each distribution's probabilities should sum
 * to 1; the true option's index, or -1 when the truth is none of the options
 * (it then counts as an extra option of probability 0: log-loss -ln epsilon,
 * Brier + 1, and every listed option an outcome 0).
 * \param probabilities per choice, the probability of each option
 * \param truth per choice, the index of the true option or -1
 * \param bins reliability bins over [0, 1]; valid range [1, 1000]
 * \param epsilon smallest probability in the log-loss; valid range (0, 0.5]
 * \return the scores
 */
CalibrationScore ScoreChoices(const std::vector<std::vector<double>>& probabilities,
                              const std::vector<int64_t>& truth,
                              uint32_t bins = 10,
                              double epsilon = 1e-12);

/**
 * \ingroup chronometry
 * Calibration of link probabilities: per message the options are
 * "spontaneous" and each candidate parent, scored against the true parent
 * (-1: spontaneous; a true parent outside the candidates counts as outside).
 * \param result a linking result (WAP5 or a baseline)
 * \param trueParent per message, parent index or -1
 * \param bins reliability bins
 * \param epsilon smallest probability in the log-loss
 * \return the scores
 */
CalibrationScore ScoreCalibration(const LinkingResult& result,
                                  const std::vector<int64_t>& trueParent,
                                  uint32_t bins = 10,
                                  double epsilon = 1e-12);

/**
 * \ingroup chronometry
 * The trivial probabilistic baseline: the same candidates, with spontaneity
 * and every candidate equally likely (most likely: the most recent
 * candidate, or spontaneous when there is none).
 * \param result a linking result
 * \return the result with uniform probabilities
 */
LinkingResult UniformLinks(const LinkingResult& result);

} // namespace ns3

#endif /* LINK_CALIBRATION_H */
