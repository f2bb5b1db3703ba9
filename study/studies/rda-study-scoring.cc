/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-study-scoring.h"

#include "ns3/log.h"

#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaStudyScoring");

void
RdaStudyScoring::Estimated(const RdaIntervalReport& report)
{
    m_reports[{report.flow, report.interval}] = report;
}

void
RdaStudyScoring::SetEstimates(StudyRecord& row, const RdaTruthRow& t, const RdaIntervalReport& r)
{
    const double n = t.delivered ? static_cast<double>(t.delivered) : 1.0;
    const RdaBaselineReport& b = r.baselines;
    const LatencyEstimate* e[6] =
        {&r.estimate, &r.matchedEstimate, &b.lda, &b.fineComb, &b.raw, &b.rawMatched};
    const char* name[6] = {"rda", "rdab", "lda", "fc", "raw", "rawb"};
    for (int k = 0; k < 4; ++k)
    {
        const std::string p = name[k];
        row.Set(p + "_mean_ns", e[k]->meanNs);
        row.Set(p + "_std_ns", e[k]->stdNs);
        row.Set(p + "_mean_rel_err", RelativeError(e[k]->meanNs, t.trueMeanNs));
        row.Set(p + "_std_rel_err", RelativeError(e[k]->stdNs, t.trueStdNs));
        row.Set(p + "_useful", e[k]->usefulPackets / n);
    }
    row.Set("rda_mean_rel_err_local", RelativeError(r.estimate.meanNs, t.localMeanNs));
    row.Set("rdab_mean_rel_err_local", RelativeError(r.matchedEstimate.meanNs, t.localMeanNs));
}

void
RdaStudyScoring::SetBytes(StudyRecord& row, const RdaIntervalReport& r)
{
    row.Set("wire_bytes", r.wireBytes);
    row.Set("raw_log_bytes", r.rawLogBytes);
    row.Set("sketch_bytes", r.sketchBytes);
    row.Set("signature_bytes", r.signatureBytes);
    row.Set("control_packets", r.controlPackets);
    row.Set("retransmissions", r.retransmissions);
}

void
RdaStudyScoring::SetAgainstBothTruths(StudyRecord& row,
                                      const RdaTruthRow& t,
                                      const RdaIntervalReport& r)
{
    const RdaBaselineReport& b = r.baselines;
    const LatencyEstimate* e[6] =
        {&r.estimate, &r.matchedEstimate, &b.lda, &b.fineComb, &b.raw, &b.rawMatched};
    const char* name[6] = {"rda", "rdab", "lda", "fc", "raw", "rawb"};
    for (int k = 4; k < 6; ++k)
    {
        const std::string p = name[k];
        row.Set(p + "_mean_ns", e[k]->meanNs);
        row.Set(p + "_std_ns", e[k]->stdNs);
        row.Set(p + "_mean_rel_err", RelativeError(e[k]->meanNs, t.trueMeanNs));
    }
    for (int k = 0; k < 6; ++k)
    {
        const std::string p = name[k];
        row.Set(p + "_mean_err_ns", e[k]->meanNs - t.trueMeanNs);
        row.Set(p + "_mean_err_held_ns", e[k]->meanNs - t.heldTrueMeanNs);
        row.Set(p + "_mean_rel_err_held", RelativeError(e[k]->meanNs, t.heldTrueMeanNs));
    }
    // the decode check: RDA against its own input set (what both points held) on the points'
    // stamps; 0 whenever the sketch decoded, so it checks the decoder, not the estimate
    row.Set("rda_decode_check_ns", r.estimate.meanNs - t.heldLocalMeanNs);
    row.Set("rda_mean_err_held_local_ns", r.estimate.meanNs - t.heldLocalMeanNs);
    row.Set("baselines_complete", b.complete);
    row.Set("lda_wire_bytes", b.ldaWireBytes);
    row.Set("fc_wire_bytes", b.fineCombWireBytes);
    // when RDA itself exchanged the raw log, that exchange is the raw log's cost
    row.Set("raw_wire_bytes", r.rawExchange ? r.wireBytes - r.signatureBytes : b.rawWireBytes);
}

RdaStudyScoring::Counts
RdaStudyScoring::AddRows(const std::vector<RdaTruthRow>& truth,
                         const std::map<RdaFlowKey, uint32_t>& flowIndex,
                         StudyResult& result)
{
    NS_LOG_FUNCTION(this << truth.size());
    Counts counts;
    for (const RdaTruthRow& t : truth)
    {
        StudyRecord& row = result.AddRow();
        auto index = flowIndex.find(t.flow);
        row.Set("flow", index != flowIndex.end() ? index->second : 0u);
        row.Set("interval", t.interval);
        row.Set("sent", t.sent);
        row.Set("delivered", t.delivered);
        row.Set("same_interval", t.sameInterval);
        row.Set("true_mean_ns", t.trueMeanNs);
        row.Set("true_std_ns", t.trueStdNs);
        row.Set("local_mean_ns", t.localMeanNs);
        row.Set("local_std_ns", t.localStdNs);
        row.Set("matching_bias", RelativeError(t.sameLocalMeanNs, t.localMeanNs));
        row.Set("boundary_bias", RelativeError(t.adjacentLocalMeanNs, t.localMeanNs));
        row.Set("held", t.held);
        row.Set("held_true_mean_ns", t.heldTrueMeanNs);
        row.Set("held_true_std_ns", t.heldTrueStdNs);
        row.Set("held_local_mean_ns", t.heldLocalMeanNs);
        auto rep = m_reports.find({t.flow, t.interval});
        const bool reported = rep != m_reports.end() && !rep->second.timedOut;
        row.Set("reported", reported && t.delivered > 0);
        row.Set("timed_out", rep != m_reports.end() && rep->second.timedOut);
        if (rep == m_reports.end())
        {
            continue; // no report (zero estimates; not in the CSV)
        }
        const RdaIntervalReport& r = rep->second;
        counts.timedOut += r.timedOut;
        if (r.timedOut)
        {
            continue;
        }
        counts.decoded += r.decoded;
        counts.raw += r.rawExchange;
        row.Set("boundary_matched", r.boundaryMatched);
        row.Set("exchanged", std::string(r.rawExchange ? "raw" : "sketch"));
        row.Set("set_difference", t.HeldDifference());
        row.Set("d_hat", r.dHat);
        row.Set("buckets_per_bank", r.bucketsPerBank);
        row.Set("decoded", r.decoded);
        SetEstimates(row, t, r);
        SetBytes(row, r);
        SetAgainstBothTruths(row, t, r);
    }
    return counts;
}

void
RdaStudyScoring::Clear()
{
    m_reports.clear();
}

} // namespace ns3
