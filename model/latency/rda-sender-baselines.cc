/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RdaSender, continued: the receiver's raw log (RDA's exchange when it is the cheaper, and
// the raw-log baseline) and the baselines run beside RDA on the same packets, LDA and
// FineComb at the memory of RDA's exchange, each a real control exchange with the receiver
// (Baselines).
#include "rda-sender.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaSenderBaselines");

void
RdaSender::OnRawChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes)
{
    FlowState* found = m_reporter.FindFlow(m.interval, m.flow);
    if (found == nullptr)
    {
        Unexpected(p);
        return;
    }
    FlowState& fs = *found;
    if (fs.phase != RdaIntervalReporter::WAIT_RAW)
    {
        // not RDA's own exchange: the raw baseline's, or late
        if (!TakeBaselineChunk(m, bytes))
        {
            Unexpected(p);
        }
        return;
    }
    if (!fs.seen.empty() && m.totalCells != fs.seen.size())
    {
        Unexpected(p);
        return;
    }
    CountIn(fs, bytes);
    if (fs.seen.empty() && fs.received == 0)
    {
        fs.seen.assign(m.totalCells, false);
        fs.raw.assign(m.totalCells, {0, 0});
    }
    for (size_t j = 0; j < m.stamps.size(); ++j)
    {
        uint32_t idx = m.offset + j;
        if (!fs.seen[idx])
        {
            fs.seen[idx] = true;
            ++fs.received;
        }
        fs.raw[idx] = m.stamps[j];
    }
    if (fs.received == fs.seen.size())
    {
        fs.timer.Cancel();
        FinishRaw(m.interval, m.flow);
    }
}

void
RdaSender::FinishRaw(uint32_t i, const RdaFlowKey& flow)
{
    FlowState& fs = m_reporter.State(i).flows[flow];
    LatencyMoments both =
        LocalCache(i, flow).CompareWithLog(fs.raw, fs.senderOnly, fs.receiverOnly);
    fs.report.senderOnly = fs.senderOnly.size();
    fs.report.receiverOnly = fs.receiverOnly.size();
    fs.report.decoded = true;
    fs.report.estimate = both.Estimate();
    fs.raw = {};
    fs.seen = {};
    Finished(i, flow);
}

void
RdaSender::StartBaselines(uint32_t i, const RdaFlowKey& flow)
{
    NS_LOG_FUNCTION(this << i << flow.ToString());
    FlowState& fs = m_reporter.State(i).flows[flow];
    const RdaIntervalReport& r = fs.report;
    // equal memory: RDA's sketch, or the raw log when that is what RDA exchanged
    const uint64_t memory = r.rawExchange ? r.rawLogBytes : r.sketchBytes;
    fs.baselines =
        std::make_unique<RdaBaselineExchange>(i, flow, memory, SketchSeed(i), !r.rawExchange);
    SendBaselineRequests(i, flow);
}

void
RdaSender::SendBaselineRequests(uint32_t i, const RdaFlowKey& flow)
{
    FlowState& fs = m_reporter.State(i).flows[flow];
    for (const RdaMessage& m : fs.baselines->Requests())
    {
        fs.baselines->Count(m.type, Send(m));
    }
    fs.baselineTimer.Cancel();
    fs.baselineTimer =
        Simulator::Schedule(m_retransmit, &RdaSender::RetransmitBaselines, this, i, flow);
}

void
RdaSender::RetransmitBaselines(uint32_t i, RdaFlowKey flow)
{
    FlowState* fs = m_reporter.FindFlow(i, flow);
    if (fs == nullptr || !fs->baselines || fs->baselines->IsDone() ||
        fs->baselines->Retries() >= m_maxRetries)
    {
        return;
    }
    ++fs->baselines->Retries();
    NS_LOG_LOGIC("interval " << i << " flow " << flow.ToString() << ": baselines again");
    SendBaselineRequests(i, flow);
}

void
RdaSender::OnBaselineChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes)
{
    if (!TakeBaselineChunk(m, bytes))
    {
        Unexpected(p);
    }
}

bool
RdaSender::TakeBaselineChunk(const RdaMessage& m, uint64_t bytes)
{
    FlowState* fs = m_reporter.FindFlow(m.interval, m.flow);
    if (fs == nullptr || !fs->baselines || !fs->baselines->Accept(m))
    {
        return false;
    }
    RdaBaselineExchange& b = *fs->baselines;
    b.Count(m.type, bytes);
    if (b.IsAnswered())
    {
        fs->baselineTimer.Cancel();
        b.Finish(LocalCache(m.interval, m.flow),
                 m_paperVariance ? LatencyVarianceEstimator::PAPER
                                 : LatencyVarianceEstimator::CENTERED);
        TryReport(m.interval);
    }
    return true;
}

} // namespace ns3
