/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-measurement-point.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/local-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-header.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaMeasurementPoint");
NS_OBJECT_ENSURE_REGISTERED(RdaMeasurementPoint);

TypeId
RdaMeasurementPoint::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdaMeasurementPoint")
            .SetParent<Application>()
            .SetGroupName("Chronometry")
            .AddConstructor<RdaMeasurementPoint>()
            .AddAttribute("Role",
                          "Sender (upstream: decodes and reports) or Receiver (downstream).",
                          EnumValue(SENDER),
                          chronometry::MakeEnumAccessorOf<Role>(&RdaMeasurementPoint::SetRole),
                          MakeEnumChecker(SENDER, "Sender", RECEIVER, "Receiver"))
            .AddAttribute("DataPort",
                          "UDP destination port of the observed stream.",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_dataPort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ControlPort",
                          "UDP port of the control exchange (both points).",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_controlPort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Peer",
                          "Control address of the other measurement point.",
                          Ipv4AddressValue(),
                          MakeIpv4AddressAccessor(&RdaMeasurementPoint::m_peer),
                          MakeIpv4AddressChecker())
            .AddAttribute("IntervalStart",
                          "Local-clock start of interval 0 (both points use the same value).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&RdaMeasurementPoint::m_start),
                          MakeTimeChecker())
            .AddAttribute("IntervalLength",
                          "Interval length L on the local clock; valid range [1 ms, 1 h].",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&RdaMeasurementPoint::SetIntervalLength,
                                           &RdaMeasurementPoint::GetIntervalLength),
                          MakeTimeChecker())
            .AddAttribute("ReportTimeout",
                          "Sender: an interval whose exchange has not finished this long "
                          "(simulator time) after its local end is reported as timed out "
                          "(estimate invalid); valid range [1 ms, 1 h].",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&RdaMeasurementPoint::SetReportTimeout,
                                           &RdaMeasurementPoint::GetReportTimeout),
                          MakeTimeChecker())
            .AddAttribute("Intervals",
                          "Number of intervals measured; valid range [1, 100000].",
                          UintegerValue(10),
                          MakeUintegerAccessor(&RdaMeasurementPoint::SetIntervals,
                                               &RdaMeasurementPoint::GetIntervals),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Banks",
                          "RDA banks k (paper: 2; chronometry default 3 because 2 banks leave "
                          "irreducible 2-cycles); valid range [1, 16].",
                          UintegerValue(3),
                          MakeUintegerAccessor(&RdaMeasurementPoint::SetBanks,
                                               &RdaMeasurementPoint::GetBanks),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("BucketsPerDifference",
                          "Late binding: buckets per bank = this times the MinHash estimate "
                          "of the set difference (paper: 2); valid range [0.5, 64].",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&RdaMeasurementPoint::SetBucketsPerDifference,
                                             &RdaMeasurementPoint::GetBucketsPerDifference),
                          MakeDoubleChecker<double>())
            .AddAttribute("MinBuckets",
                          "Smallest buckets per bank; valid range [1, 1048576].",
                          UintegerValue(32),
                          MakeUintegerAccessor(&RdaMeasurementPoint::SetMinBuckets,
                                               &RdaMeasurementPoint::GetMinBuckets),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Checksum",
                          "Checksum field in every bucket (chronometry default); false "
                          "reproduces the paper's checksum-free pure test.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RdaMeasurementPoint::m_checksum),
                          MakeBooleanChecker())
            .AddAttribute("SignatureSize",
                          "Bottom-K MinHash signature size K; valid range [16, 1500].",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&RdaMeasurementPoint::SetSignatureSize,
                                               &RdaMeasurementPoint::GetSignatureSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HashSeed",
                          "Seed of the identifier, index and MinHash hashes (same at both "
                          "points).",
                          UintegerValue(0x5eed),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_seed),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("ChunkCells",
                          "Buckets per SKETCH_CHUNK datagram; valid range [1, 1500].",
                          UintegerValue(40),
                          MakeUintegerAccessor(&RdaMeasurementPoint::SetChunkCells,
                                               &RdaMeasurementPoint::GetChunkCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PaperVariance",
                          "false: centered variance estimator (offset-invariant, chronometry "
                          "default); true: F - mu^2 (Algorithm 3 as published).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RdaMeasurementPoint::SetPaperVariance,
                                              &RdaMeasurementPoint::GetPaperVariance),
                          MakeBooleanChecker())
            .AddAttribute("CacheRetention",
                          "Receiver: how long (simulator time) after an interval's local end "
                          "its packet cache is kept to answer the sender's requests. It must "
                          "cover ReportTimeout plus the clock offset between the points; a "
                          "request that comes later is dropped as unexpected and the sender "
                          "reports the interval as timed out. The sender releases a cache as "
                          "soon as the interval is reported. Valid range [1 ms, 1 h].",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&RdaMeasurementPoint::SetCacheRetention,
                                           &RdaMeasurementPoint::GetCacheRetention),
                          MakeTimeChecker())
            .AddTraceSource("Estimate",
                            "Sender: the interval's report (mean, std, decode, bytes).",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_estimateTrace),
                            "ns3::RdaMeasurementPoint::EstimateCallback")
            .AddTraceSource("Observed",
                            "A data packet was cached: id, true time, local time, interval.",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_observedTrace),
                            "ns3::RdaMeasurementPoint::ObservedCallback")
            .AddTraceSource("MalformedControl",
                            "A malformed or unexpected control packet was dropped.",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_malformedTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("CacheReleased",
                            "An interval's packet cache is about to be freed: interval, cache "
                            "(valid during the call only; copy it to keep it).",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_releasedTrace),
                            "ns3::RdaMeasurementPoint::CacheReleasedCallback");
    return tid;
}

RdaMeasurementPoint::RdaMeasurementPoint()
    : m_role(SENDER),
      m_dataPort(9000),
      m_controlPort(9100),
      m_start(Seconds(1)),
      m_length(MilliSeconds(100)),
      m_timeout(Seconds(1)),
      m_retention(Seconds(2)),
      m_intervals(10),
      m_banks(3),
      m_bpd(2),
      m_minBuckets(32),
      m_checksum(true),
      m_sigSize(1024),
      m_seed(0x5eed),
      m_chunkCells(40),
      m_maxCells(1u << 22),
      m_estimator(LatencyVarianceEstimator::CENTERED)
{
}

RdaMeasurementPoint::~RdaMeasurementPoint() = default;

void
RdaMeasurementPoint::SetRole(Role v)
{
    m_role = v;
}

void
RdaMeasurementPoint::SetBanks(uint32_t v)
{
    chronometry::RequireDoubleInRange("ns3::RdaMeasurementPoint::Banks", v, 1, 16, "");
    m_banks = v;
}

uint32_t
RdaMeasurementPoint::GetBanks() const
{
    return m_banks;
}

void
RdaMeasurementPoint::SetBucketsPerDifference(double v)
{
    chronometry::RequireDoubleInRange("ns3::RdaMeasurementPoint::BucketsPerDifference",
                                      v,
                                      0.5,
                                      64,
                                      "");
    m_bpd = v;
}

double
RdaMeasurementPoint::GetBucketsPerDifference() const
{
    return m_bpd;
}

void
RdaMeasurementPoint::SetMinBuckets(uint32_t v)
{
    chronometry::RequireDoubleInRange("ns3::RdaMeasurementPoint::MinBuckets", v, 1, 1 << 20, "");
    m_minBuckets = v;
}

uint32_t
RdaMeasurementPoint::GetMinBuckets() const
{
    return m_minBuckets;
}

void
RdaMeasurementPoint::SetSignatureSize(uint32_t v)
{
    chronometry::RequireDoubleInRange("ns3::RdaMeasurementPoint::SignatureSize",
                                      v,
                                      16,
                                      RdaMessage::MAX_ITEMS,
                                      "");
    m_sigSize = v;
}

uint32_t
RdaMeasurementPoint::GetSignatureSize() const
{
    return m_sigSize;
}

void
RdaMeasurementPoint::SetIntervalLength(Time v)
{
    chronometry::RequireTimeInRange("ns3::RdaMeasurementPoint::IntervalLength",
                                    v,
                                    MilliSeconds(1),
                                    Hours(1));
    m_length = v;
}

Time
RdaMeasurementPoint::GetIntervalLength() const
{
    return m_length;
}

void
RdaMeasurementPoint::SetReportTimeout(Time v)
{
    chronometry::RequireTimeInRange("ns3::RdaMeasurementPoint::ReportTimeout",
                                    v,
                                    MilliSeconds(1),
                                    Hours(1));
    m_timeout = v;
}

Time
RdaMeasurementPoint::GetReportTimeout() const
{
    return m_timeout;
}

void
RdaMeasurementPoint::SetCacheRetention(Time v)
{
    chronometry::RequireTimeInRange("ns3::RdaMeasurementPoint::CacheRetention",
                                    v,
                                    MilliSeconds(1),
                                    Hours(1));
    m_retention = v;
}

Time
RdaMeasurementPoint::GetCacheRetention() const
{
    return m_retention;
}

void
RdaMeasurementPoint::Release(uint32_t i)
{
    if (i >= m_released.size() || m_released[i])
    {
        return;
    }
    m_released[i] = true;
    auto it = m_caches.find(i);
    if (it != m_caches.end())
    {
        m_releasedTrace(i, it->second);
        m_caches.erase(it);
    }
}

void
RdaMeasurementPoint::Close(Pending& st, uint32_t i)
{
    st.done = true;
    st.remote.reset();
    // Only the report (and the done flag, which marks late messages as unexpected) stay.
    st.signature = {};
    st.cellSeen = {};
    st.entries = {};
    st.awaiting.clear();
    m_reports.push_back(st.report);
    m_estimateTrace(st.report);
    Release(i);
}

void
RdaMeasurementPoint::CheckTimeout(uint32_t i)
{
    Pending& st = m_pending[i];
    if (st.done)
    {
        return;
    }
    st.report.interval = i;
    st.report.senderPackets = m_caches[i].Size();
    st.report.timedOut = true;
    st.report.decoded = false;
    st.report.estimate = LatencyEstimate{};
    st.report.completedAt = Simulator::Now();
    Close(st, i);
}

void
RdaMeasurementPoint::SetIntervals(uint32_t v)
{
    chronometry::RequireDoubleInRange("ns3::RdaMeasurementPoint::Intervals", v, 1, 100000, "");
    m_intervals = v;
}

uint32_t
RdaMeasurementPoint::GetIntervals() const
{
    return m_intervals;
}

void
RdaMeasurementPoint::SetChunkCells(uint32_t v)
{
    chronometry::RequireDoubleInRange("ns3::RdaMeasurementPoint::ChunkCells",
                                      v,
                                      1,
                                      RdaMessage::MAX_ITEMS,
                                      "");
    m_chunkCells = v;
}

void
RdaMeasurementPoint::SetPaperVariance(bool v)
{
    m_estimator = v ? LatencyVarianceEstimator::PAPER : LatencyVarianceEstimator::CENTERED;
}

bool
RdaMeasurementPoint::GetPaperVariance() const
{
    return m_estimator == LatencyVarianceEstimator::PAPER;
}

uint32_t
RdaMeasurementPoint::GetChunkCells() const
{
    return m_chunkCells;
}

const std::vector<RdaIntervalReport>&
RdaMeasurementPoint::GetReports() const
{
    return m_reports;
}

const LatencyIntervalCache*
RdaMeasurementPoint::GetCache(uint32_t interval) const
{
    auto it = m_caches.find(interval);
    return it == m_caches.end() ? nullptr : &it->second;
}

uint64_t
RdaMeasurementPoint::GetCachedPackets() const
{
    uint64_t n = 0;
    for (const auto& [interval, cache] : m_caches)
    {
        n += cache.Size();
    }
    return n;
}

uint32_t
RdaMeasurementPoint::GetCachedIntervals() const
{
    return static_cast<uint32_t>(m_caches.size());
}

uint64_t
RdaMeasurementPoint::GetMalformedCount() const
{
    return m_malformed;
}

void
RdaMeasurementPoint::DoDispose()
{
    m_socket = nullptr;
    m_ipv4 = nullptr;
    m_clock = nullptr;
    m_pending.clear();
    m_caches.clear();
    Application::DoDispose();
}

void
RdaMeasurementPoint::StartApplication()
{
    m_clock = GetNode()->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(
            "ns3::RdaMeasurementPoint needs a LocalClock on its node (install one with "
            "ClockHelper)");
    }
    Ptr<Ipv4L3Protocol> ip = GetNode()->GetObject<Ipv4L3Protocol>();
    if (!ip)
    {
        chronometry::ReportConfigError("ns3::RdaMeasurementPoint needs an IPv4 stack on its node");
    }
    m_ipv4 = ip;
    ip->TraceConnectWithoutContext(m_role == SENDER ? "Tx" : "Rx",
                                   MakeCallback(&RdaMeasurementPoint::OnIp, this));
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_controlPort));
    m_socket->SetRecvCallback(MakeCallback(&RdaMeasurementPoint::OnControl, this));
    m_released.assign(m_intervals, false);
    for (uint32_t i = 0; i < m_intervals; ++i)
    {
        Time end = m_start + m_length * static_cast<int64_t>(i + 1);
        m_clock->ScheduleAtLocal(end, [this, i]() { OnIntervalEnd(i); });
    }
}

void
RdaMeasurementPoint::StopApplication()
{
    if (m_ipv4)
    {
        m_ipv4->TraceDisconnectWithoutContext(m_role == SENDER ? "Tx" : "Rx",
                                              MakeCallback(&RdaMeasurementPoint::OnIp, this));
    }
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
}

void
RdaMeasurementPoint::OnIp(Ptr<const Packet> p, Ptr<Ipv4> /* ipv4 */, uint32_t /* interface */)
{
    Ptr<Packet> c = p->Copy();
    Ipv4Header ip;
    if (c->RemoveHeader(ip) == 0 || ip.GetProtocol() != 17 || ip.GetFragmentOffset() != 0 ||
        !ip.IsLastFragment())
    {
        return;
    }
    UdpHeader udp;
    if (c->GetSize() < 8 || c->PeekHeader(udp) == 0 || udp.GetDestinationPort() != m_dataPort)
    {
        return;
    }
    Time local = m_clock->GetLocalTime();
    if (local < m_start)
    {
        return;
    }
    int64_t idx = (local - m_start).GetTimeStep() / m_length.GetTimeStep();
    if (idx >= m_intervals)
    {
        return;
    }
    std::vector<uint8_t> buf(c->GetSize());
    c->CopyData(buf.data(), buf.size());
    uint64_t id = LatencyPacketId(buf.data(), buf.size(), m_seed);
    uint32_t i = static_cast<uint32_t>(idx);
    if (m_released[i])
    {
        return; // a clock stepped back into an interval already closed
    }
    if (m_caches[i].Add(id, local.GetNanoSeconds()))
    {
        m_observedTrace(id, Simulator::Now(), local, i);
    }
}

void
RdaMeasurementPoint::Send(const RdaMessage& m, bool toSender, uint32_t interval)
{
    std::vector<uint8_t> b = m.Encode();
    Ptr<Packet> p = Create<Packet>(b.data(), b.size());
    m_socket->SendTo(p, 0, InetSocketAddress(m_peer, m_controlPort));
    if (m_role == SENDER)
    {
        auto it = m_pending.find(interval);
        if (it != m_pending.end())
        {
            it->second.report.bytesToReceiver += b.size() + 28;
            it->second.report.controlPackets++;
        }
    }
    (void)toSender;
}

void
RdaMeasurementPoint::OnIntervalEnd(uint32_t i)
{
    LatencyIntervalCache& cache = m_caches[i];
    if (m_role == RECEIVER)
    {
        RdaMessage m;
        m.type = RdaMessage::SIGNATURE;
        m.interval = i;
        m.setSize = cache.Size();
        m.values = cache.Signature(m_sigSize, m_seed ^ 0x3141592653589793ULL);
        Send(m, true, i);
        Simulator::Schedule(m_retention, &RdaMeasurementPoint::Release, this, i);
        return;
    }
    m_pending[i].closed = true;
    Simulator::Schedule(m_timeout, &RdaMeasurementPoint::CheckTimeout, this, i);
    TryRequest(i);
}

void
RdaMeasurementPoint::Malformed(Ptr<const Packet> p)
{
    ++m_malformed;
    m_malformedTrace(p);
}

void
RdaMeasurementPoint::TryRequest(uint32_t i)
{
    Pending& st = m_pending[i];
    if (!st.closed || !st.haveSignature || st.requested)
    {
        return;
    }
    st.requested = true;
    const LatencyIntervalCache& cache = m_caches[i];
    std::vector<uint64_t> mine = cache.Signature(m_sigSize, m_seed ^ 0x3141592653589793ULL);
    double dh = LatencyIntervalCache::EstimateDifference(mine,
                                                         cache.Size(),
                                                         st.signature,
                                                         st.report.receiverPackets,
                                                         m_sigSize);
    uint32_t m = LatencyIntervalCache::BucketsFor(dh, m_bpd, m_minBuckets);
    m = std::min<uint32_t>(m, m_maxCells / m_banks);
    st.report.interval = i;
    st.report.senderPackets = cache.Size();
    st.report.dHat = dh;
    st.report.banks = m_banks;
    st.report.bucketsPerBank = m;
    st.remote = std::make_unique<RdaSketch>(m_banks, m, m_checksum, m_seed + i);
    st.cellSeen.assign(static_cast<size_t>(m_banks) * m, false);
    RdaMessage req;
    req.type = RdaMessage::SKETCH_REQUEST;
    req.interval = i;
    req.banks = static_cast<uint8_t>(m_banks);
    req.buckets = m;
    req.checksum = m_checksum;
    req.seed = m_seed + i;
    Send(req, false, i);
}

void
RdaMeasurementPoint::OnControl(Ptr<Socket> socket)
{
    Address from;
    Ptr<Packet> p;
    while ((p = socket->RecvFrom(from)))
    {
        std::vector<uint8_t> b(p->GetSize());
        p->CopyData(b.data(), b.size());
        RdaMessage m;
        if (!RdaMessage::Decode(b.data(), b.size(), m) || m.interval >= m_intervals)
        {
            Malformed(p);
            continue;
        }
        uint64_t bytes = b.size() + 28;
        if (m_role == RECEIVER)
        {
            auto it = m_caches.find(m.interval);
            if (it == m_caches.end())
            {
                // Before the interval ended (no signature sent yet) or after its cache was
                // released (CacheRetention): answering from an empty cache would be garbage.
                Malformed(p);
                continue;
            }
            if (m.type == RdaMessage::SKETCH_REQUEST)
            {
                if (static_cast<uint64_t>(m.banks) * m.buckets > m_maxCells)
                {
                    Malformed(p);
                    continue;
                }
                RdaSketch s = it->second.BuildRda(m.banks, m.buckets, m.checksum, m.seed);
                const auto& cells = s.GetBuckets();
                for (uint32_t off = 0; off < cells.size(); off += m_chunkCells)
                {
                    RdaMessage ch;
                    ch.type = RdaMessage::SKETCH_CHUNK;
                    ch.interval = m.interval;
                    ch.totalCells = cells.size();
                    ch.offset = off;
                    uint32_t end = std::min<uint32_t>(cells.size(), off + m_chunkCells);
                    ch.cells.assign(cells.begin() + off, cells.begin() + end);
                    Send(ch, true, m.interval);
                }
            }
            else if (m.type == RdaMessage::TS_REQUEST)
            {
                RdaMessage rep;
                rep.type = RdaMessage::TS_REPLY;
                rep.interval = m.interval;
                for (uint64_t id : m.values)
                {
                    int64_t ts = 0;
                    if (it->second.Lookup(id, ts))
                    {
                        rep.stamps.emplace_back(id, ts);
                    }
                }
                Send(rep, true, m.interval);
            }
            else
            {
                Malformed(p);
            }
            continue;
        }
        // sender
        Pending& st = m_pending[m.interval];
        if (st.done)
        {
            Malformed(p);
            continue;
        }
        if (m.type == RdaMessage::SIGNATURE && !st.haveSignature)
        {
            st.haveSignature = true;
            st.signature = m.values;
            std::sort(st.signature.begin(), st.signature.end());
            st.report.receiverPackets = m.setSize;
            st.report.bytesToSender += bytes;
            st.report.controlPackets++;
            TryRequest(m.interval);
        }
        else if (m.type == RdaMessage::SKETCH_CHUNK && st.remote &&
                 m.totalCells == st.cellSeen.size())
        {
            st.report.bytesToSender += bytes;
            st.report.controlPackets++;
            for (size_t j = 0; j < m.cells.size(); ++j)
            {
                uint32_t idx = m.offset + j;
                if (!st.cellSeen[idx])
                {
                    st.cellSeen[idx] = true;
                    ++st.cellsReceived;
                }
                st.remote->SetBucket(idx, m.cells[j]);
            }
            if (st.cellsReceived == st.cellSeen.size() && st.entries.empty() &&
                st.repliesPending == 0)
            {
                DecodeInterval(m.interval);
            }
        }
        else if (m.type == RdaMessage::TS_REPLY && st.repliesPending > 0)
        {
            st.report.bytesToSender += bytes;
            st.report.controlPackets++;
            for (const auto& s : m.stamps)
            {
                if (st.awaiting.erase(s.first))
                {
                    for (auto& e : st.entries)
                    {
                        if (e.sign < 0 && e.id == s.first)
                        {
                            e.tsNs = s.second;
                        }
                    }
                }
            }
            if (--st.repliesPending == 0)
            {
                Finish(m.interval);
            }
        }
        else
        {
            Malformed(p);
        }
    }
}

void
RdaMeasurementPoint::DecodeInterval(uint32_t i)
{
    Pending& st = m_pending[i];
    const LatencyIntervalCache& cache = m_caches[i];
    RdaSketch local = cache.BuildRda(m_banks, st.report.bucketsPerBank, m_checksum, m_seed + i);
    RdaSketch diff = local;
    diff.Subtract(*st.remote);
    std::vector<RdaSketch::Entry> entries;
    st.report.decoded = diff.Decode(entries);
    std::vector<uint64_t> ask;
    for (auto& e : entries)
    {
        if (e.sign > 0)
        {
            ++st.report.senderOnly;
            if (cache.Lookup(e.id, e.tsNs))
            {
                st.entries.push_back(e);
            }
        }
        else
        {
            ++st.report.receiverOnly;
            st.entries.push_back(e);
            st.awaiting.insert(e.id);
            ask.push_back(e.id);
        }
    }
    if (st.entries.empty())
    {
        st.entries.push_back({0, 0, 0}); // marker: decoding done, nothing to repair
    }
    if (ask.empty())
    {
        Finish(i);
        return;
    }
    const size_t per = 150;
    for (size_t off = 0; off < ask.size(); off += per)
    {
        RdaMessage req;
        req.type = RdaMessage::TS_REQUEST;
        req.interval = i;
        req.values.assign(ask.begin() + off, ask.begin() + std::min(ask.size(), off + per));
        ++st.repliesPending;
        Send(req, false, i);
    }
}

void
RdaMeasurementPoint::Finish(uint32_t i)
{
    Pending& st = m_pending[i];
    RdaSketch local =
        m_caches[i].BuildRda(m_banks, st.report.bucketsPerBank, m_checksum, m_seed + i);
    std::vector<RdaSketch::Entry> usable;
    for (const auto& e : st.entries)
    {
        if (e.sign == 0 || (e.sign < 0 && st.awaiting.count(e.id)))
        {
            continue; // marker, or a stamp that never came back
        }
        usable.push_back(e);
    }
    st.report.stampsMissing = st.awaiting.size();
    RdaSketch::Repair(local, *st.remote, usable);
    st.report.estimate = RdaSketch::Aggregate(local, *st.remote, m_estimator);
    st.report.completedAt = Simulator::Now();
    Close(st, i);
}

} // namespace ns3
