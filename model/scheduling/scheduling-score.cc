/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduling-score.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SchedulingScore");

namespace
{

/** Sums over the executed and the reported records. */
struct Sums
{
    std::vector<double> absErrors; //!< |completionError| per executed record, us
    double start = 0;              //!< sum of |startError|, us
    double prediction = 0;         //!< sum of |predictionError|, us
    double delay = 0;              //!< sum of start delays, us
    uint64_t startDominated = 0;   //!< executed records with |startError| > |predictionError|
    std::vector<double> offline;   //!< per predictor, sum of |T_e - T_s - predicted|, us
    uint64_t reported = 0;         //!< records with a REPORT
};

/**
 * Score one record against its server's truth.
 * \param r the record
 * \param truths per server, the truth of each real operation it completed
 * \param score receives the record's counts
 * \param sums receives its errors
 * \return the scored operation
 */
ScoredOperation
ScoreRecord(const ScheduledOperationRecord& r,
            const std::vector<std::map<uint32_t, ScheduledOperationTruth>>& truths,
            SchedulingScore& score,
            Sums& sums)
{
    if (r.server >= truths.size())
    {
        chronometry::ReportConfigError("SchedulingScore: a record names server " +
                                       std::to_string(r.server) + " but truth is given for " +
                                       std::to_string(truths.size()) + " servers");
    }
    ScoredOperation o;
    o.operation = r.operation;
    o.server = r.server;
    o.desired = r.desired;
    o.scheduled = r.scheduled;
    o.predicted = r.predicted;
    ++score.records;
    score.lateSends += r.late;
    score.missed += r.Missed();
    auto it = truths[r.server].find(r.id);
    if (it != truths[r.server].end())
    {
        const ScheduledOperationTruth& t = it->second;
        o.executed = true;
        o.trueStart = t.trueStart;
        o.trueEnd = t.trueEnd;
        o.completionError = t.trueEnd - r.desired;
        o.startError = t.trueStart - r.scheduled;
        o.predictionError = (t.trueEnd - t.trueStart) - r.predicted;
        o.startDelay = t.startLocal - t.scheduled;
        o.arrivedLate = t.arrivedLate;
        ++score.executed;
        score.lateArrivals += t.arrivedLate;
        double e = std::abs(o.completionError.GetNanoSeconds() / 1e3);
        double s = std::abs(o.startError.GetNanoSeconds() / 1e3);
        double p = std::abs(o.predictionError.GetNanoSeconds() / 1e3);
        sums.absErrors.push_back(e);
        sums.start += s;
        sums.prediction += p;
        sums.startDominated += s > p;
        double delay = o.startDelay.GetNanoSeconds() / 1e3;
        sums.delay += delay;
        score.maxStartDelayUs = std::max(score.maxStartDelayUs, delay);
    }
    if (r.reported)
    {
        ++sums.reported;
        Time measured = r.completed - r.scheduled;
        for (std::size_t k = 0; k < sums.offline.size(); ++k)
        {
            Time predicted = k < r.shadow.size() ? r.shadow[k] : r.reference[k - r.shadow.size()];
            sums.offline[k] += std::abs((measured - predicted).GetNanoSeconds() / 1e3);
        }
    }
    return o;
}

/**
 * Commits and spreads: per operation, whether every, no or some server ran it; over the
 * operations every server ran, the spread of the true starts and completions.
 * \param operations every record scored
 * \param score receives the counts and spreads
 */
void
ScoreOperations(const std::vector<ScoredOperation>& operations, SchedulingScore& score)
{
    std::map<uint32_t, std::vector<const ScoredOperation*>> byOperation;
    for (const auto& o : operations)
    {
        byOperation[o.operation].push_back(&o);
    }
    score.operations = byOperation.size();
    uint64_t full = 0;
    for (const auto& [operation, ops] : byOperation)
    {
        std::size_t ran = 0;
        Time s0 = Time::Max();
        Time s1 = Time::Min();
        Time e0 = Time::Max();
        Time e1 = Time::Min();
        for (const auto* o : ops)
        {
            if (!o->executed)
            {
                continue;
            }
            ++ran;
            s0 = std::min(s0, o->trueStart);
            s1 = std::max(s1, o->trueStart);
            e0 = std::min(e0, o->trueEnd);
            e1 = std::max(e1, o->trueEnd);
        }
        if (ran == ops.size())
        {
            ++score.commitAll;
            ++full;
            double startSpread = (s1 - s0).GetNanoSeconds() / 1e3;
            double endSpread = (e1 - e0).GetNanoSeconds() / 1e3;
            score.meanStartSpreadUs += startSpread;
            score.meanCompletionSpreadUs += endSpread;
            score.maxStartSpreadUs = std::max(score.maxStartSpreadUs, startSpread);
            score.maxCompletionSpreadUs = std::max(score.maxCompletionSpreadUs, endSpread);
        }
        else if (ran == 0)
        {
            ++score.commitNone;
        }
        else
        {
            ++score.commitPartial;
        }
    }
    if (full > 0)
    {
        score.meanStartSpreadUs /= full;
        score.meanCompletionSpreadUs /= full;
    }
    if (score.operations > 0)
    {
        score.partialRate = double(score.commitPartial) / score.operations;
    }
}

} // namespace

SchedulingScore
SchedulingScore::Compute(const std::vector<ScheduledOperationRecord>& records,
                         const std::vector<std::map<uint32_t, ScheduledOperationTruth>>& truths)
{
    NS_LOG_FUNCTION(records.size() << truths.size());
    SchedulingScore score;
    auto names = ScheduledOperationClient::PredictorNames();
    Sums sums;
    sums.offline.assign(names.size(), 0);
    score.m_operations.reserve(records.size());
    for (const auto& r : records)
    {
        score.m_operations.push_back(ScoreRecord(r, truths, score, sums));
    }
    ScoreOperations(score.m_operations, score);
    if (score.executed > 0)
    {
        double n = score.executed;
        double sum = 0;
        for (double e : sums.absErrors)
        {
            sum += e;
        }
        score.maeUs = sum / n;
        std::sort(sums.absErrors.begin(), sums.absErrors.end());
        std::size_t rank = static_cast<std::size_t>(std::ceil(0.99 * n));
        score.p99AbsUs = sums.absErrors[std::max<std::size_t>(rank, 1) - 1];
        score.maeStartUs = sums.start / n;
        score.maePredictionUs = sums.prediction / n;
        score.startDominatedShare = sums.startDominated / n;
        score.meanStartDelayUs = sums.delay / n;
    }
    for (std::size_t k = 0; k < names.size(); ++k)
    {
        score.offlineMaeUs.emplace_back(names[k],
                                        sums.reported > 0 ? sums.offline[k] / sums.reported : 0.0);
    }
    return score;
}

const std::vector<ScoredOperation>&
SchedulingScore::GetOperations() const
{
    return m_operations;
}

} // namespace ns3
