/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-baseline-exchange.h"

#include "latency-moments.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaBaselineExchange");

namespace
{
/** Index of each answer in RdaBaselineExchange's parts. */
enum PartIndex : uint8_t
{
    LDA_PART = 0,
    FC_PART = 1,
    STASH_PART = 2,
    RAW_PART = 3
};
} // namespace

bool
RdaBaselineExchange::Part::Complete() const
{
    return !wanted || (started && received == seen.size());
}

bool
RdaBaselineExchange::Part::Take(uint32_t total, uint32_t offset, size_t n)
{
    if (!wanted || (started && total != seen.size()) || static_cast<uint64_t>(offset) + n > total)
    {
        return false;
    }
    if (!started)
    {
        started = true;
        seen.assign(total, false);
    }
    for (size_t j = 0; j < n; ++j)
    {
        if (!seen[offset + j])
        {
            seen[offset + j] = true;
            ++received;
        }
    }
    return true;
}

RdaBaselineExchange::RdaBaselineExchange(uint32_t interval,
                                         const RdaFlowKey& flow,
                                         uint64_t memoryBytes,
                                         uint64_t seed,
                                         bool raw)
    : m_interval(interval),
      m_flow(flow),
      m_seed(seed)
{
    NS_LOG_FUNCTION(this << interval << memoryBytes << seed << raw);
    const EqualMemoryGeometry g(memoryBytes);
    m_report.exchanged = true;
    m_report.memoryBytes = memoryBytes;
    m_report.ldaBuckets = g.ldaBuckets;
    m_report.fineCombBuckets = g.fineCombBuckets;
    m_report.fineCombStash = g.fineCombStash;
    m_lda = std::make_unique<LdaSketch>(g.ldaBuckets, seed);
    m_fineComb = std::make_unique<FineCombSketch>(g.fineCombBuckets, seed);
    m_parts[LDA_PART].wanted = true;
    m_parts[FC_PART].wanted = true;
    m_parts[STASH_PART].wanted = true;
    m_parts[RAW_PART].wanted = raw;
}

std::vector<RdaMessage>
RdaBaselineExchange::Requests() const
{
    std::vector<RdaMessage> out;
    RdaMessage m;
    m.interval = m_interval;
    m.flow = m_flow;
    m.seed = m_seed;
    if (!m_parts[LDA_PART].Complete())
    {
        m.type = RdaMessage::LDA_REQUEST;
        m.buckets = m_report.ldaBuckets;
        out.push_back(m);
    }
    if (!m_parts[FC_PART].Complete() || !m_parts[STASH_PART].Complete())
    {
        m.type = RdaMessage::FC_REQUEST;
        m.buckets = m_report.fineCombBuckets;
        m.stashSize = m_report.fineCombStash;
        out.push_back(m);
    }
    if (!m_parts[RAW_PART].Complete())
    {
        RdaMessage r;
        r.type = RdaMessage::RAW_REQUEST;
        r.interval = m_interval;
        r.flow = m_flow;
        out.push_back(r);
    }
    return out;
}

void
RdaBaselineExchange::Count(RdaMessage::Type type, uint64_t bytes)
{
    switch (type)
    {
    case RdaMessage::LDA_REQUEST:
    case RdaMessage::LDA_CHUNK:
        m_report.ldaWireBytes += bytes;
        break;
    case RdaMessage::FC_REQUEST:
    case RdaMessage::FC_CHUNK:
    case RdaMessage::FC_STASH:
        m_report.fineCombWireBytes += bytes;
        break;
    default:
        m_report.rawWireBytes += bytes;
        break;
    }
    ++m_report.controlPackets;
}

bool
RdaBaselineExchange::Accept(const RdaMessage& m)
{
    if (m_done || m.interval != m_interval || !(m.flow == m_flow))
    {
        return false;
    }
    switch (m.type)
    {
    case RdaMessage::LDA_CHUNK:
        if (m.totalCells != m_lda->GetBuckets() ||
            !m_parts[LDA_PART].Take(m.totalCells, m.offset, m.ldaCells.size()))
        {
            return false;
        }
        for (size_t j = 0; j < m.ldaCells.size(); ++j)
        {
            m_lda->SetBucket(m.offset + j, m.ldaCells[j]);
        }
        return true;
    case RdaMessage::FC_CHUNK:
        if (m.totalCells != m_fineComb->GetBuckets() ||
            !m_parts[FC_PART].Take(m.totalCells, m.offset, m.fcCells.size()))
        {
            return false;
        }
        for (size_t j = 0; j < m.fcCells.size(); ++j)
        {
            m_fineComb->SetBucket(m.offset + j, m.fcCells[j]);
        }
        return true;
    case RdaMessage::FC_STASH:
    case RdaMessage::RAW_CHUNK: {
        const bool stash = m.type == RdaMessage::FC_STASH;
        Part& part = m_parts[stash ? STASH_PART : RAW_PART];
        if ((stash && m.totalCells > m_report.fineCombStash) ||
            !part.Take(m.totalCells, m.offset, m.stamps.size()))
        {
            return false;
        }
        if (stash)
        {
            m_stash.resize(m.totalCells, {0, 0});
        }
        else
        {
            m_raw.resize(m.totalCells, {0, 0});
        }
        for (size_t j = 0; j < m.stamps.size(); ++j)
        {
            if (stash)
            {
                m_stash[m.offset + j] = {m.stamps[j].first, m.stamps[j].second};
            }
            else
            {
                m_raw[m.offset + j] = m.stamps[j];
            }
        }
        return true;
    }
    default:
        return false;
    }
}

bool
RdaBaselineExchange::IsAnswered() const
{
    for (const Part& p : m_parts)
    {
        if (!p.Complete())
        {
            return false;
        }
    }
    return true;
}

void
RdaBaselineExchange::Finish(const LatencyIntervalCache& local, LatencyVarianceEstimator estimator)
{
    NS_LOG_FUNCTION(this);
    if (m_done)
    {
        return;
    }
    m_done = true;
    m_report.complete = true;
    m_report.lda =
        LdaSketch::Aggregate(local.BuildLda(m_report.ldaBuckets, m_seed), *m_lda, estimator);
    m_report.fineComb =
        FineCombSketch::Aggregate(local.BuildFineComb(m_report.fineCombBuckets, m_seed),
                                  *m_fineComb,
                                  local.EdgeStash(m_report.fineCombStash),
                                  m_stash,
                                  EqualMemoryGeometry::FINECOMB_MAX_COMBINATIONS,
                                  estimator);
    if (m_parts[RAW_PART].wanted)
    {
        m_report.raw = local.CompareWithLog(m_raw, m_senderOnly, m_receiverOnly).Estimate();
        m_report.rawMatched = m_report.raw;
        m_report.setDifference = m_senderOnly.size() + m_receiverOnly.size();
    }
    m_lda.reset();
    m_fineComb.reset();
    m_stash = {};
    m_raw = {};
}

void
RdaBaselineExchange::GiveUp()
{
    NS_LOG_FUNCTION(this);
    m_done = true;
    m_report.complete = false;
    m_lda.reset();
    m_fineComb.reset();
    m_stash = {};
    m_raw = {};
}

bool
RdaBaselineExchange::IsDone() const
{
    return m_done;
}

const RdaBaselineReport&
RdaBaselineExchange::GetReport() const
{
    return m_report;
}

void
RdaBaselineExchange::SetRawMatched(const LatencyEstimate& matched, uint64_t count)
{
    m_report.rawMatched = matched;
    m_report.rawBoundaryMatched = count;
}

const std::unordered_map<uint64_t, int64_t>&
RdaBaselineExchange::RawSenderOnly() const
{
    return m_senderOnly;
}

const std::unordered_map<uint64_t, int64_t>&
RdaBaselineExchange::RawReceiverOnly() const
{
    return m_receiverOnly;
}

uint32_t&
RdaBaselineExchange::Retries()
{
    return m_report.retransmissions;
}

} // namespace ns3
