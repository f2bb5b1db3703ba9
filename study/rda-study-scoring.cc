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
RdaStudyScoring::Configure(LatencyVarianceEstimator estimator, uint64_t seed)
{
    m_estimator = estimator;
    m_seed = seed;
}

void
RdaStudyScoring::SenderCacheReleased(const RdaFlowKey& flow,
                                     uint32_t i,
                                     const LatencyIntervalCache& cache)
{
    CacheReleased(0, flow, i, cache);
}

void
RdaStudyScoring::ReceiverCacheReleased(const RdaFlowKey& flow,
                                       uint32_t i,
                                       const LatencyIntervalCache& cache)
{
    CacheReleased(1, flow, i, cache);
}

void
RdaStudyScoring::CacheReleased(int k,
                               const RdaFlowKey& flow,
                               uint32_t i,
                               const LatencyIntervalCache& cache)
{
    const Key key = std::make_pair(flow, i);
    m_caches[k][key] = cache;
    auto other = m_caches[1 - k].find(key);
    auto rep = m_reports.find(key);
    if (other == m_caches[1 - k].end() || rep == m_reports.end())
    {
        return; // scored at the end (AddRows)
    }
    const LatencyIntervalCache& cs = k == 0 ? m_caches[0][key] : other->second;
    const LatencyIntervalCache& cr = k == 1 ? m_caches[1][key] : other->second;
    m_baselines[key] = Score(rep->second, cs, cr);
    m_caches[0].erase(key);
    m_caches[1].erase(key);
}

void
RdaStudyScoring::Estimated(const RdaIntervalReport& report)
{
    m_reports[{report.flow, report.interval}] = report;
}

EqualMemoryBaselines
RdaStudyScoring::Score(const RdaIntervalReport& rep,
                       const LatencyIntervalCache& cs,
                       const LatencyIntervalCache& cr) const
{
    // LDA and FineComb get the RDA sketch's memory, or the raw log's when RDA sent that
    uint64_t budget = rep.sketchBytes > 0 ? rep.sketchBytes : rep.rawLogBytes;
    return ScoreAtEqualMemory(cs, cr, budget, m_estimator, m_seed);
}

void
RdaStudyScoring::SetEstimates(StudyRecord& row,
                              const RdaTruthRow& t,
                              const RdaIntervalReport& r,
                              const EqualMemoryBaselines& b)
{
    const double n = t.delivered ? static_cast<double>(t.delivered) : 1.0;
    const LatencyEstimate* e[4] = {&r.estimate, &r.matchedEstimate, &b.lda, &b.fineComb};
    const char* name[4] = {"rda", "rdab", "lda", "fc"};
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

RdaStudyScoring::Counts
RdaStudyScoring::AddRows(const std::vector<RdaTruthRow>& truth,
                         const std::map<RdaFlowKey, uint32_t>& flowIndex,
                         Ptr<const RdaMeasurementPoint> sender,
                         Ptr<const RdaMeasurementPoint> receiver,
                         StudyResult& result)
{
    NS_LOG_FUNCTION(this << truth.size());
    Ptr<const RdaMeasurementPoint> points[2] = {sender, receiver};
    Counts counts;
    for (const RdaTruthRow& t : truth)
    {
        StudyRecord& row = result.AddRow();
        const Key key = std::make_pair(t.flow, t.interval);
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
        auto rep = m_reports.find(key);
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
        auto b = m_baselines.find(key);
        if (b == m_baselines.end())
        {
            // caches not both released yet: score from what the points (or the store) hold
            const LatencyIntervalCache* c[2];
            LatencyIntervalCache empty;
            for (int k = 0; k < 2; ++k)
            {
                auto s = m_caches[k].find(key);
                c[k] = s != m_caches[k].end() ? &s->second
                                              : points[k]->GetFlowCache(t.flow, t.interval);
                c[k] = c[k] ? c[k] : &empty;
            }
            b = m_baselines.emplace(key, Score(r, *c[0], *c[1])).first;
        }
        row.Set("boundary_matched", r.boundaryMatched);
        row.Set("exchanged", std::string(r.rawExchange ? "raw" : "sketch"));
        row.Set("set_difference", b->second.setDifference);
        row.Set("d_hat", r.dHat);
        row.Set("buckets_per_bank", r.bucketsPerBank);
        row.Set("decoded", r.decoded);
        SetEstimates(row, t, r, b->second);
        row.Set("wire_bytes", r.wireBytes);
        row.Set("raw_log_bytes", r.rawLogBytes);
        row.Set("sketch_bytes", r.sketchBytes);
        row.Set("signature_bytes", r.signatureBytes);
        row.Set("control_packets", r.controlPackets);
        row.Set("retransmissions", r.retransmissions);
    }
    return counts;
}

void
RdaStudyScoring::Clear()
{
    m_caches[0].clear();
    m_caches[1].clear();
    m_reports.clear();
    m_baselines.clear();
}

} // namespace ns3
