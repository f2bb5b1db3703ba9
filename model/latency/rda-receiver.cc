/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-receiver.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaReceiver");
NS_OBJECT_ENSURE_REGISTERED(RdaReceiver);

TypeId
RdaReceiver::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RdaReceiver")
                            .SetParent<RdaMeasurementPoint>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<RdaReceiver>();
    return tid;
}

RdaReceiver::RdaReceiver() = default;

RdaReceiver::~RdaReceiver() = default;

uint64_t
RdaReceiver::GetRetransmissions() const
{
    NS_LOG_FUNCTION(this);
    return m_retransmissions;
}

void
RdaReceiver::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& [key, u] : m_unacked)
    {
        u.timer.Cancel();
    }
    m_unacked.clear();
    RdaMeasurementPoint::DoDispose();
}

void
RdaReceiver::OnIntervalEnd(uint32_t i)
{
    NS_LOG_FUNCTION(this << i);
    auto& flows = Caches(i);
    std::vector<RdaMessage> out;
    for (const auto& [flow, cache] : flows)
    {
        RdaMessage m;
        m.type = RdaMessage::SIGNATURE;
        m.interval = i;
        m.flow = flow;
        m.setSize = cache.Size();
        m.flows = static_cast<uint16_t>(std::min<size_t>(flows.size(), 65535));
        m.values = cache.Signature(m_sigSize, SignatureSeed());
        out.push_back(std::move(m));
    }
    if (out.empty())
    {
        RdaMessage m;
        m.type = RdaMessage::SIGNATURE;
        m.interval = i;
        m.flows = 0;
        out.push_back(m);
    }
    for (auto& m : out)
    {
        Send(m);
        Unacked& u = m_unacked[{i, m.flow}];
        u.message = std::move(m);
        u.timer = Simulator::Schedule(m_retransmit, &RdaReceiver::Resend, this, i, u.message.flow);
    }
    RdaMeasurementPoint::OnIntervalEnd(i);
}

void
RdaReceiver::Resend(uint32_t i, RdaFlowKey flow)
{
    auto it = m_unacked.find({i, flow});
    if (it == m_unacked.end() || !IsAnswerable(i))
    {
        if (it != m_unacked.end())
        {
            m_unacked.erase(it);
        }
        return;
    }
    Unacked& u = it->second;
    if (u.retries >= m_maxRetries)
    {
        m_unacked.erase(it);
        return;
    }
    ++u.retries;
    ++m_retransmissions;
    NS_LOG_LOGIC("signature of interval " << i << " flow " << flow.ToString() << " again");
    Send(u.message);
    u.timer = Simulator::Schedule(m_retransmit, &RdaReceiver::Resend, this, i, flow);
}

void
RdaReceiver::Acknowledged(uint32_t i, const RdaFlowKey& flow)
{
    auto it = m_unacked.find({i, flow});
    if (it != m_unacked.end())
    {
        it->second.timer.Cancel();
        m_unacked.erase(it);
    }
}

void
RdaReceiver::OnSketchRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t /* bytes */)
{
    if (!IsAnswerable(m.interval) || static_cast<uint64_t>(m.banks) * m.buckets > (1u << 22))
    {
        // before the interval ended (no signature sent yet) or after its cache was released:
        // answering from an empty cache would be garbage
        Unexpected(p);
        return;
    }
    Acknowledged(m.interval, m.flow);
    auto& flows = Caches(m.interval);
    auto f = flows.find(m.flow);
    LatencyIntervalCache empty;
    const LatencyIntervalCache& cache = f == flows.end() ? empty : f->second;
    RdaSketch s = cache.BuildRda(m.banks, m.buckets, m.checksum, m.seed);
    const auto& cells = s.GetBuckets();
    for (uint32_t off = 0; off < cells.size(); off += m_chunkCells)
    {
        RdaMessage ch;
        ch.type = RdaMessage::SKETCH_CHUNK;
        ch.interval = m.interval;
        ch.flow = m.flow;
        ch.checksum = m.checksum;
        ch.totalCells = cells.size();
        ch.offset = off;
        uint32_t end = std::min<uint32_t>(cells.size(), off + m_chunkCells);
        ch.cells.assign(cells.begin() + off, cells.begin() + end);
        Send(ch);
    }
}

void
RdaReceiver::OnTsRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t /* bytes */)
{
    if (!IsAnswerable(m.interval))
    {
        Unexpected(p);
        return;
    }
    auto& flows = Caches(m.interval);
    auto f = flows.find(m.flow);
    RdaMessage rep;
    rep.type = RdaMessage::TS_REPLY;
    rep.interval = m.interval;
    rep.flow = m.flow;
    rep.offset = m.offset;
    if (f != flows.end())
    {
        for (uint64_t id : m.values)
        {
            int64_t ts = 0;
            if (f->second.Lookup(id, ts))
            {
                rep.stamps.emplace_back(id, ts);
            }
        }
    }
    Send(rep);
}

void
RdaReceiver::OnRawRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t /* bytes */)
{
    if (!IsAnswerable(m.interval))
    {
        Unexpected(p);
        return;
    }
    Acknowledged(m.interval, m.flow);
    if (m.flow == RdaFlowKey())
    {
        return; // the acknowledgement of an interval with no flow
    }
    const LatencyIntervalCache& cache = CacheOf(m);
    std::vector<std::pair<uint64_t, int64_t>> log(cache.Entries().begin(), cache.Entries().end());
    std::sort(log.begin(), log.end());
    SendEntries(RdaMessage::RAW_CHUNK, m, log);
}

const LatencyIntervalCache&
RdaReceiver::CacheOf(const RdaMessage& m)
{
    auto& flows = Caches(m.interval);
    auto f = flows.find(m.flow);
    return f == flows.end() ? m_empty : f->second;
}

void
RdaReceiver::SendEntries(RdaMessage::Type type,
                         const RdaMessage& request,
                         const std::vector<std::pair<uint64_t, int64_t>>& entries)
{
    const uint32_t per = std::min<uint32_t>(2 * m_chunkCells, RdaMessage::MAX_ITEMS);
    uint32_t off = 0;
    do
    {
        RdaMessage ch;
        ch.type = type;
        ch.interval = request.interval;
        ch.flow = request.flow;
        ch.totalCells = entries.size();
        ch.offset = off;
        uint32_t end = std::min<uint32_t>(entries.size(), off + per);
        ch.stamps.assign(entries.begin() + off, entries.begin() + end);
        Send(ch);
        off = end;
    } while (off < entries.size());
}

void
RdaReceiver::OnLdaRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t /* bytes */)
{
    if (!IsAnswerable(m.interval))
    {
        Unexpected(p);
        return;
    }
    LdaSketch s = CacheOf(m).BuildLda(m.buckets, m.seed);
    const auto& cells = s.GetBucketVector();
    for (uint32_t off = 0; off < cells.size(); off += 2 * m_chunkCells)
    {
        RdaMessage ch;
        ch.type = RdaMessage::LDA_CHUNK;
        ch.interval = m.interval;
        ch.flow = m.flow;
        ch.totalCells = cells.size();
        ch.offset = off;
        uint32_t end = std::min<uint32_t>(cells.size(), off + 2 * m_chunkCells);
        ch.ldaCells.assign(cells.begin() + off, cells.begin() + end);
        Send(ch);
    }
}

void
RdaReceiver::OnFineCombRequest(const RdaMessage& m, Ptr<const Packet> p, uint64_t /* bytes */)
{
    if (!IsAnswerable(m.interval))
    {
        Unexpected(p);
        return;
    }
    const LatencyIntervalCache& cache = CacheOf(m);
    FineCombSketch s = cache.BuildFineComb(m.buckets, m.seed);
    const auto& cells = s.GetBucketVector();
    const uint32_t per = std::max<uint32_t>(1, m_chunkCells * 4 / 3);
    for (uint32_t off = 0; off < cells.size(); off += per)
    {
        RdaMessage ch;
        ch.type = RdaMessage::FC_CHUNK;
        ch.interval = m.interval;
        ch.flow = m.flow;
        ch.totalCells = cells.size();
        ch.offset = off;
        uint32_t end = std::min<uint32_t>(cells.size(), off + per);
        ch.fcCells.assign(cells.begin() + off, cells.begin() + end);
        Send(ch);
    }
    std::vector<std::pair<uint64_t, int64_t>> stash;
    for (const auto& e : cache.EdgeStash(m.stashSize))
    {
        stash.emplace_back(e.id, e.tsNs);
    }
    SendEntries(RdaMessage::FC_STASH, m, stash);
}

} // namespace ns3
