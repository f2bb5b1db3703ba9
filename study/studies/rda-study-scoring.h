/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_STUDY_SCORING_H
#define RDA_STUDY_SCORING_H

#include "ns3/equal-memory-baselines.h"
#include "ns3/rda-measurement-point.h"
#include "ns3/rda-truth-collector.h"
#include "ns3/study-result.h"

#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief The RDA study's scoring: keeps the sender's reports (RDA and, beside it on the same
 * packets and over the wire, LDA, FineComb and the raw log) and writes one row per flow and
 * send interval comparing each with both truths: every delivered packet of the send interval,
 * and the packets both points held in the interval (the paper's).
 */
class RdaStudyScoring
{
  public:
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
     * method's estimate and its error against both truths.
     * \param truth the truth collector's rows
     * \param flowIndex each flow's index (5-tuple order)
     * \param result receives the rows
     * \return what the rows counted
     */
    Counts AddRows(const std::vector<RdaTruthRow>& truth,
                   const std::map<RdaFlowKey, uint32_t>& flowIndex,
                   StudyResult& result);

    /** Forget every report. */
    void Clear();

  private:
    /**
     * \param row the row to fill
     * \param t the truth of its interval
     * \param r the sender's report
     */
    static void SetEstimates(StudyRecord& row, const RdaTruthRow& t, const RdaIntervalReport& r);
    /**
     * \param row the row to fill
     * \param r the sender's report
     */
    static void SetBytes(StudyRecord& row, const RdaIntervalReport& r);
    /**
     * The raw log's estimates, every method's signed error in ns against both truths (all
     * delivered, held) and its relative error against the held one, the baselines' bytes.
     * \param row the row to fill
     * \param t the truth of its interval
     * \param r the sender's report
     */
    static void SetAgainstBothTruths(StudyRecord& row,
                                     const RdaTruthRow& t,
                                     const RdaIntervalReport& r);

    std::map<std::pair<RdaFlowKey, uint32_t>, RdaIntervalReport> m_reports; //!< by flow, interval
};

} // namespace ns3

#endif /* RDA_STUDY_SCORING_H */
