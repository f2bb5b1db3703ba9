/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_STUDY_SCORING_H
#define RDA_STUDY_SCORING_H

#include "study-result.h"

#include "ns3/equal-memory-baselines.h"
#include "ns3/ptr.h"
#include "ns3/rda-measurement-point.h"
#include "ns3/rda-truth-collector.h"

#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * The RDA study's scoring: keeps the sender's reports and the caches the two measurement
 * points release, scores LDA and FineComb at each report's memory (ScoreAtEqualMemory) as
 * soon as both caches and the report are there, and writes one row per flow and send
 * interval comparing RDA (with and without boundary matching), LDA and FineComb with the
 * truth.
 */
class RdaStudyScoring
{
  public:
    /**
     * \param estimator the baselines' variance estimator (the sender's)
     * \param seed the baselines' hash seed
     */
    void Configure(LatencyVarianceEstimator estimator, uint64_t seed);

    /**
     * FlowCacheReleased of the sender point.
     * \param flow flow
     * \param i interval
     * \param cache the cache
     */
    void SenderCacheReleased(const RdaFlowKey& flow, uint32_t i, const LatencyIntervalCache& cache);
    /**
     * FlowCacheReleased of the receiver point.
     * \param flow flow
     * \param i interval
     * \param cache the cache
     */
    void ReceiverCacheReleased(const RdaFlowKey& flow,
                               uint32_t i,
                               const LatencyIntervalCache& cache);
    /** \param report an Estimate of the sender */
    void Estimated(const RdaIntervalReport& report);

    /** \brief What the rows counted. */
    struct Counts
    {
        uint64_t decoded{0};  //!< intervals whose sketch decoded (or raw)
        uint64_t timedOut{0}; //!< intervals reported as timed out
        uint64_t raw{0};      //!< intervals exchanged as the raw log
    };

    /**
     * Add one row per truth row: the truth, and where the sender reported the interval, every
     * method's estimate and its error.  Caches not released yet are read from the points.
     * \param truth the truth collector's rows
     * \param flowIndex each flow's index (5-tuple order)
     * \param sender the sender point
     * \param receiver the receiver point
     * \param result receives the rows
     * \return what the rows counted
     */
    Counts AddRows(const std::vector<RdaTruthRow>& truth,
                   const std::map<RdaFlowKey, uint32_t>& flowIndex,
                   Ptr<const RdaMeasurementPoint> sender,
                   Ptr<const RdaMeasurementPoint> receiver,
                   StudyResult& result);

    /** Forget every report and cache. */
    void Clear();

  private:
    /** (flow, interval) */
    using Key = std::pair<RdaFlowKey, uint32_t>;

    /**
     * Keep a released cache of side k; score the baselines once both caches and the report
     * are there, and free the caches.
     * \param k side (0 sender, 1 receiver)
     * \param flow flow
     * \param i interval
     * \param cache the cache
     */
    void CacheReleased(int k,
                       const RdaFlowKey& flow,
                       uint32_t i,
                       const LatencyIntervalCache& cache);
    /**
     * \param report the sender's report
     * \param cs sender cache
     * \param cr receiver cache
     * \return LDA and FineComb at the report's memory (the sketch's, or the raw log's)
     */
    EqualMemoryBaselines Score(const RdaIntervalReport& report,
                               const LatencyIntervalCache& cs,
                               const LatencyIntervalCache& cr) const;
    /**
     * \param row the row to fill
     * \param t the truth of its interval
     * \param r the sender's report
     * \param b the baselines
     */
    static void SetEstimates(StudyRecord& row,
                             const RdaTruthRow& t,
                             const RdaIntervalReport& r,
                             const EqualMemoryBaselines& b);

    LatencyVarianceEstimator m_estimator{LatencyVarianceEstimator::CENTERED}; //!< baselines'
    uint64_t m_seed{0};                                                       //!< hash seed
    std::map<Key, LatencyIntervalCache> m_caches[2]; //!< released caches not yet scored
    std::map<Key, RdaIntervalReport> m_reports;      //!< by flow, interval
    std::map<Key, EqualMemoryBaselines> m_baselines; //!< scored
};

} // namespace ns3

#endif /* RDA_STUDY_SCORING_H */
