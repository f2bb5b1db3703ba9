/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-sender.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaSender");
NS_OBJECT_ENSURE_REGISTERED(RdaSender);

namespace
{
/** Receiver-only identifiers per TS_REQUEST. */
constexpr size_t TS_BATCH = 150;
} // namespace

TypeId
RdaSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdaSender")
            .SetParent<RdaMeasurementPoint>()
            .SetGroupName("Chronometry")
            .AddConstructor<RdaSender>()
            .AddAttribute("Banks",
                          "RDA banks k (paper: 2; default 3, chosen at equal memory, see "
                          "doc/latency.rst).",
                          UintegerValue(3),
                          MakeUintegerAccessor(&RdaSender::m_banks),
                          chronometry::MakeUintegerRangeChecker(1, RdaSketch::MAX_BANKS))
            .AddAttribute("BucketsPerDifference",
                          "Late binding: buckets per bank per set difference, applied to the "
                          "upper bound of the MinHash estimate (paper: 2 on the estimate; "
                          "default 0.6, i.e. k m = 1.8 d_upper cells at k = 3, chosen at equal "
                          "memory, see doc/latency.rst).",
                          DoubleValue(0.6),
                          MakeDoubleAccessor(&RdaSender::m_bpd),
                          chronometry::MakeDoubleRangeChecker(0.25, 64, "", true, true))
            .AddAttribute("MinBuckets",
                          "Late binding: buckets per bank added to BucketsPerDifference times "
                          "the bound on d (small differences need relatively more cells to "
                          "peel).",
                          UintegerValue(32),
                          MakeUintegerAccessor(&RdaSender::m_minBuckets),
                          chronometry::MakeUintegerRangeChecker(1, 1 << 20))
            .AddAttribute("FixedBuckets",
                          "Buckets per bank used for every interval instead of late binding "
                          "(the paper's fixed-size experiments, Figures 7/8); 0 = late "
                          "binding.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RdaSender::m_fixedBuckets),
                          chronometry::MakeUintegerRangeChecker(0, 1 << 20))
            .AddAttribute("Checksum",
                          "Checksum field in every bucket (32-byte buckets, default: at equal "
                          "memory it decodes at least as many intervals as the paper's form "
                          "from 48 bytes per difference up, see doc/latency.rst); false is the "
                          "paper's 24-byte bucket. Decoded IDs are validated against the "
                          "sender's cache while peeling either way.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RdaSender::m_checksum),
                          MakeBooleanChecker())
            .AddAttribute("DifferenceConfidence",
                          "Late binding sizes for the MinHash estimate of d plus this many "
                          "standard errors.",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&RdaSender::m_z),
                          chronometry::MakeDoubleRangeChecker(0, 10, "", true, true))
            .AddAttribute("StdRelativeError",
                          "Target relative standard error of the standard-deviation "
                          "estimate: m >= 1 / target^2 buckets per bank (0: no target).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&RdaSender::m_stdRelError),
                          chronometry::MakeDoubleRangeChecker(0, 1, "", true, true))
            .AddAttribute("PaperVariance",
                          "false: centered variance estimator (offset-invariant, default); "
                          "true: F - mu^2 (Algorithm 3 as published).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RdaSender::m_paperVariance),
                          MakeBooleanChecker())
            .AddAttribute("ReportTimeout",
                          "An interval whose exchange has not finished this long (simulator "
                          "time) after its local end is reported as timed out.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&RdaSender::m_timeout),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("Exchange",
                          "Auto: the cheaper of the sketch and the receiver's raw log by the "
                          "sender's estimate; Sketch; Raw.",
                          EnumValue(RdaSender::AUTO),
                          chronometry::MakeEnumAccessorOf<Exchange>(&RdaSender::m_exchange),
                          MakeEnumChecker(RdaSender::AUTO,
                                          "Auto",
                                          RdaSender::SKETCH,
                                          "Sketch",
                                          RdaSender::RAW,
                                          "Raw"))
            .AddAttribute("BoundaryMatching",
                          "Match the sender-only packets of interval i with the receiver-only "
                          "packets of i+1 and i-1 (matchedEstimate); interval i is then "
                          "reported once its neighbours are finished.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RdaSender::m_boundary),
                          MakeBooleanChecker())
            .AddAttribute("Baselines",
                          "Also run LDA and FineComb (at the memory of RDA's exchange) and the "
                          "receiver's raw log on the same packets, each as a real control "
                          "exchange with the receiver (LDA_REQUEST, FC_REQUEST, RAW_REQUEST, "
                          "retransmitted like RDA's); reported in each report's baselines, "
                          "their bytes apart from wireBytes.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RdaSender::m_baselines),
                          MakeBooleanChecker())
            .AddTraceSource("Estimate",
                            "A flow's interval report (mean, std, decode, bytes).",
                            MakeTraceSourceAccessor(&RdaSender::m_estimateTrace),
                            "ns3::RdaSender::EstimateCallback");
    return tid;
}

RdaSender::RdaSender()
    : m_banks(3),
      m_bpd(0.6),
      m_minBuckets(32),
      m_fixedBuckets(0),
      m_checksum(true),
      m_z(2.0),
      m_stdRelError(0),
      m_timeout(Seconds(1)),
      m_exchange(RdaSender::AUTO),
      m_boundary(true),
      m_paperVariance(false),
      m_baselines(false)
{
    NS_LOG_FUNCTION(this);
}

RdaSender::~RdaSender() = default;

const std::vector<RdaIntervalReport>&
RdaSender::GetReports() const
{
    NS_LOG_FUNCTION(this);
    return m_reporter.GetReports();
}

uint64_t
RdaSender::GetRetransmissions() const
{
    NS_LOG_FUNCTION(this);
    return m_retransmissions;
}

void
RdaSender::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_reporter.Clear();
    RdaMeasurementPoint::DoDispose();
}

std::string
RdaSender::ObservedTrace() const
{
    return "Tx";
}

const LatencyIntervalCache&
RdaSender::LocalCache(uint32_t i, const RdaFlowKey& flow)
{
    auto& flows = Caches(i);
    auto it = flows.find(flow);
    return it == flows.end() ? m_empty : it->second;
}

void
RdaSender::CountIn(FlowState& st, uint64_t bytes)
{
    st.report.bytesToSender += bytes;
    st.report.wireBytes += bytes;
    st.report.controlPackets++;
}

void
RdaSender::SendCounted(FlowState& st, const RdaMessage& m)
{
    uint64_t bytes = Send(m);
    st.report.bytesToReceiver += bytes;
    st.report.wireBytes += bytes;
    st.report.controlPackets++;
}

void
RdaSender::OnIntervalEnd(uint32_t i)
{
    NS_LOG_FUNCTION(this << i);
    IntervalState& st = m_reporter.State(i);
    st.closed = true;
    for (const auto& [flow, cache] : Caches(i))
    {
        st.flows[flow]; // every flow the sender saw gets a report
    }
    Simulator::Schedule(m_timeout, &RdaSender::CheckTimeout, this, i);
    std::vector<RdaFlowKey> keys;
    for (const auto& [flow, fs] : st.flows)
    {
        keys.push_back(flow);
    }
    for (const auto& flow : keys)
    {
        TryRequest(i, flow);
    }
    SettleSenderOnlyFlows(i);
    TryReport(i);
}

void
RdaSender::OnSignature(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes)
{
    uint32_t i = m.interval;
    if (m.flows == 0)
    {
        // The receiver saw no flow: nothing to request, every sender flow is sender-only.  A
        // RAW_REQUEST of the all-zero flow acknowledges the announcement (again if it is
        // repeated, even after the report: our acknowledgement was lost).
        RdaMessage ack;
        ack.type = RdaMessage::RAW_REQUEST;
        ack.interval = i;
        Send(ack);
        if (m_reporter.IsReported(i))
        {
            return;
        }
        IntervalState& st = m_reporter.State(i);
        st.flowsExpected = 0;
        st.signatures.clear();
        SettleSenderOnlyFlows(i);
        TryReport(i);
        return;
    }
    if (m_reporter.IsReported(i))
    {
        Unexpected(p); // late: the interval is reported
        return;
    }
    IntervalState& st = m_reporter.State(i);
    st.flowsExpected = m.flows;
    FlowState& fs = st.flows[m.flow];
    CountIn(fs, bytes);
    fs.report.signatureBytes += bytes;
    if (fs.haveSignature)
    {
        return; // a retransmission that crossed our request
    }
    fs.haveSignature = true;
    fs.signature = m.values;
    std::sort(fs.signature.begin(), fs.signature.end());
    fs.report.receiverPackets = m.setSize;
    st.signatures.insert(m.flow);
    TryRequest(i, m.flow);
    SettleSenderOnlyFlows(i);
    TryReport(i);
}

void
RdaSender::SettleSenderOnlyFlows(uint32_t i)
{
    IntervalState& st = m_reporter.State(i);
    if (!st.closed || st.flowsExpected < 0 ||
        st.signatures.size() < static_cast<size_t>(st.flowsExpected))
    {
        return;
    }
    for (auto& [flow, fs] : st.flows)
    {
        if (fs.phase != RdaIntervalReporter::WAIT_SIGNATURE || fs.haveSignature)
        {
            continue;
        }
        // The receiver has none of this flow's packets in interval i.
        const LatencyIntervalCache& cache = LocalCache(i, flow);
        fs.report.interval = i;
        fs.report.flow = flow;
        fs.report.senderPackets = cache.Size();
        fs.report.decoded = true;
        fs.report.senderOnly = cache.Size();
        for (const auto& [id, ts] : cache.Entries())
        {
            fs.senderOnly[id] = ts;
        }
        fs.phase = RdaIntervalReporter::FINISHED;
    }
}

void
RdaSender::TryRequest(uint32_t i, const RdaFlowKey& flow)
{
    IntervalState& st = m_reporter.State(i);
    FlowState& fs = st.flows[flow];
    if (!st.closed || !fs.haveSignature || fs.phase != RdaIntervalReporter::WAIT_SIGNATURE ||
        st.timedOut)
    {
        return;
    }
    const LatencyIntervalCache& cache = LocalCache(i, flow);
    std::vector<uint64_t> mine = cache.Signature(m_sigSize, SignatureSeed());
    LatencyDifferenceEstimate d =
        LatencyIntervalCache::EstimateDifferenceWithError(mine,
                                                          cache.Size(),
                                                          fs.signature,
                                                          fs.report.receiverPackets,
                                                          m_sigSize,
                                                          m_z);
    fs.signature = {};
    uint32_t m = m_fixedBuckets > 0 ? m_fixedBuckets
                                    : LatencyIntervalCache::BucketsForTarget(d.upper,
                                                                             m_bpd,
                                                                             m_banks,
                                                                             m_stdRelError,
                                                                             m_minBuckets);
    m = std::min<uint32_t>(m, (1u << 22) / m_banks);
    RdaIntervalReport& r = fs.report;
    r.interval = i;
    r.flow = flow;
    r.senderPackets = cache.Size();
    r.dHat = d.dHat;
    r.dUpper = d.upper;
    r.banks = m_banks;
    r.bucketsPerBank = m;
    // Wire cost of each way, from what the sender knows now.
    const uint64_t cells = static_cast<uint64_t>(m_banks) * m;
    const double receiverOnly = std::max(0.0,
                                         (d.dHat + static_cast<double>(fs.report.receiverPackets) -
                                          static_cast<double>(cache.Size())) /
                                             2.0);
    const double sketchCost =
        RdaMessage::SketchExchangeBytes(cells, m_chunkCells, m_checksum, receiverOnly, TS_BATCH);
    const uint64_t rawCost = RdaMessage::RawExchangeBytes(fs.report.receiverPackets, m_chunkCells);
    r.rawLogBytes = rawCost;
    bool raw = m_exchange == RdaSender::RAW ||
               (m_exchange == RdaSender::AUTO && static_cast<double>(rawCost) <= sketchCost);
    r.rawExchange = raw;
    if (raw)
    {
        fs.phase = RdaIntervalReporter::WAIT_RAW;
        fs.seen.clear();
        fs.received = 0;
    }
    else
    {
        fs.phase = RdaIntervalReporter::WAIT_SKETCH;
        r.sketchBytes = cells * (m_checksum ? 32 : 24);
        fs.remote = std::make_unique<RdaSketch>(m_banks, m, m_checksum, SketchSeed(i));
        fs.seen.assign(cells, false);
        fs.received = 0;
    }
    SendRequest(i, flow);
    if (m_baselines)
    {
        StartBaselines(i, flow);
    }
}

void
RdaSender::SendRequest(uint32_t i, const RdaFlowKey& flow)
{
    FlowState& fs = m_reporter.State(i).flows[flow];
    RdaMessage req;
    req.interval = i;
    req.flow = flow;
    if (fs.phase == RdaIntervalReporter::WAIT_RAW)
    {
        req.type = RdaMessage::RAW_REQUEST;
        SendCounted(fs, req);
    }
    else if (fs.phase == RdaIntervalReporter::WAIT_SKETCH)
    {
        req.type = RdaMessage::SKETCH_REQUEST;
        req.banks = static_cast<uint8_t>(m_banks);
        req.buckets = fs.report.bucketsPerBank;
        req.checksum = m_checksum;
        req.seed = SketchSeed(i);
        SendCounted(fs, req);
    }
    else if (fs.phase == RdaIntervalReporter::WAIT_STAMPS)
    {
        for (size_t b = 0; b < fs.batches.size(); ++b)
        {
            if (fs.answered[b])
            {
                continue;
            }
            req.type = RdaMessage::TS_REQUEST;
            req.offset = b;
            req.values = fs.batches[b];
            SendCounted(fs, req);
        }
    }
    else
    {
        return;
    }
    fs.timer.Cancel();
    fs.timer = Simulator::Schedule(m_retransmit, &RdaSender::Retransmit, this, i, flow);
}

void
RdaSender::Retransmit(uint32_t i, RdaFlowKey flow)
{
    IntervalState* st = m_reporter.Find(i);
    if (st == nullptr || st->timedOut)
    {
        return;
    }
    FlowState& fs = st->flows[flow];
    if (fs.phase == RdaIntervalReporter::FINISHED ||
        fs.phase == RdaIntervalReporter::WAIT_SIGNATURE || fs.retries >= m_maxRetries)
    {
        return;
    }
    ++fs.retries;
    ++fs.report.retransmissions;
    ++m_retransmissions;
    NS_LOG_LOGIC("interval " << i << " flow " << flow.ToString() << ": request again");
    SendRequest(i, flow);
}

void
RdaSender::OnSketchChunk(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes)
{
    FlowState* found = m_reporter.FindFlow(m.interval, m.flow);
    if (found == nullptr)
    {
        Unexpected(p);
        return;
    }
    FlowState& fs = *found;
    if (fs.phase != RdaIntervalReporter::WAIT_SKETCH || !fs.remote ||
        m.totalCells != fs.seen.size() || m.checksum != m_checksum)
    {
        Unexpected(p); // late (already decoded) or not what was asked for
        return;
    }
    CountIn(fs, bytes);
    for (size_t j = 0; j < m.cells.size(); ++j)
    {
        uint32_t idx = m.offset + j;
        if (!fs.seen[idx])
        {
            fs.seen[idx] = true;
            ++fs.received;
        }
        fs.remote->SetBucket(idx, m.cells[j]);
    }
    if (fs.received == fs.seen.size())
    {
        fs.timer.Cancel();
        fs.retries = 0;
        DecodeFlow(m.interval, m.flow);
    }
}

void
RdaSender::DecodeFlow(uint32_t i, const RdaFlowKey& flow)
{
    FlowState& fs = m_reporter.State(i).flows[flow];
    const LatencyIntervalCache& cache = LocalCache(i, flow);
    RdaSketch diff = cache.BuildRda(m_banks, fs.report.bucketsPerBank, m_checksum, SketchSeed(i));
    diff.Subtract(*fs.remote);
    std::vector<RdaSketch::Entry> entries;
    bool complete = diff.Decode(entries, [&cache](uint64_t id, int64_t sign) {
        int64_t ts = 0;
        return (sign > 0) == cache.Lookup(id, ts);
    });
    std::vector<uint64_t> ask;
    for (auto& e : entries)
    {
        if (e.sign > 0)
        {
            // validation: a sender-only ID must be in the sender's cache
            if (cache.Lookup(e.id, e.tsNs))
            {
                ++fs.report.senderOnly;
                fs.entries.push_back(e);
                fs.senderOnly[e.id] = e.tsNs;
            }
            else
            {
                ++fs.report.invalidEntries;
            }
        }
        else
        {
            ask.push_back(e.id);
        }
    }
    fs.report.decoded = complete;
    if (ask.empty())
    {
        FinishSketch(i, flow);
        return;
    }
    fs.phase = RdaIntervalReporter::WAIT_STAMPS;
    for (size_t off = 0; off < ask.size(); off += TS_BATCH)
    {
        fs.batches.emplace_back(ask.begin() + off,
                                ask.begin() + std::min(ask.size(), off + TS_BATCH));
    }
    fs.answered.assign(fs.batches.size(), false);
    fs.unanswered = fs.batches.size();
    SendRequest(i, flow);
}

void
RdaSender::OnTsReply(const RdaMessage& m, Ptr<const Packet> p, uint64_t bytes)
{
    FlowState* found = m_reporter.FindFlow(m.interval, m.flow);
    if (found == nullptr)
    {
        Unexpected(p);
        return;
    }
    FlowState& fs = *found;
    if (fs.phase != RdaIntervalReporter::WAIT_STAMPS || m.offset >= fs.batches.size() ||
        fs.answered[m.offset])
    {
        Unexpected(p);
        return;
    }
    CountIn(fs, bytes);
    fs.answered[m.offset] = true;
    --fs.unanswered;
    std::unordered_map<uint64_t, int64_t> got(m.stamps.begin(), m.stamps.end());
    for (uint64_t id : fs.batches[m.offset])
    {
        auto s = got.find(id);
        if (s == got.end())
        {
            // validation: a receiver-only ID must be in the receiver's cache
            ++fs.report.invalidEntries;
            continue;
        }
        ++fs.report.receiverOnly;
        fs.entries.push_back({id, s->second, -1});
        fs.receiverOnly[id] = s->second;
    }
    if (fs.unanswered == 0)
    {
        fs.timer.Cancel();
        FinishSketch(m.interval, m.flow);
    }
}

void
RdaSender::FinishSketch(uint32_t i, const RdaFlowKey& flow)
{
    FlowState& fs = m_reporter.State(i).flows[flow];
    RdaSketch local =
        LocalCache(i, flow).BuildRda(m_banks, fs.report.bucketsPerBank, m_checksum, SketchSeed(i));
    RdaSketch::Repair(local, *fs.remote, fs.entries);
    fs.report.estimate = RdaSketch::Aggregate(local,
                                              *fs.remote,
                                              m_paperVariance ? LatencyVarianceEstimator::PAPER
                                                              : LatencyVarianceEstimator::CENTERED);
    fs.report.decoded = fs.report.decoded && fs.report.invalidEntries == 0;
    fs.remote.reset();
    fs.entries = {};
    fs.batches = {};
    fs.answered = {};
    fs.seen = {};
    Finished(i, flow);
}

void
RdaSender::Finished(uint32_t i, const RdaFlowKey& flow)
{
    FlowState& fs = m_reporter.State(i).flows[flow];
    fs.phase = RdaIntervalReporter::FINISHED;
    fs.timer.Cancel();
    TryReport(i);
}

void
RdaSender::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_reporter.Start(m_intervals, m_boundary);
    RdaMeasurementPoint::StartApplication();
}

void
RdaSender::CheckTimeout(uint32_t i)
{
    if (m_reporter.IsReported(i))
    {
        return;
    }
    IntervalState& st = m_reporter.State(i);
    if (st.reported)
    {
        return;
    }
    st.timedOut = true;
    for (auto& [flow, fs] : st.flows)
    {
        if (fs.baselines && !fs.baselines->IsDone())
        {
            fs.baselineTimer.Cancel();
            fs.baselines->GiveUp();
        }
        if (fs.phase == RdaIntervalReporter::FINISHED)
        {
            continue;
        }
        fs.timer.Cancel();
        fs.report.interval = i;
        fs.report.flow = flow;
        fs.report.senderPackets = LocalCache(i, flow).Size();
        fs.report.timedOut = true;
        fs.report.decoded = false;
        fs.report.estimate = LatencyEstimate{};
        fs.senderOnly.clear();
        fs.receiverOnly.clear();
        fs.remote.reset();
        fs.phase = RdaIntervalReporter::FINISHED;
    }
    TryReport(i);
}

void
RdaSender::TryReport(uint32_t i)
{
    for (uint32_t j : m_reporter.Reportable(i))
    {
        for (const RdaIntervalReport& r : m_reporter.Report(j, Simulator::Now()))
        {
            m_estimateTrace(r);
        }
        Release(j);
    }
    m_reporter.Forget();
}

} // namespace ns3
