/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-measurement-point.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
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
            .AddAttribute("DataPort",
                          "UDP destination port of the observed flows (0: every UDP port but "
                          "ControlPort). Flows are told apart by their 5-tuple.",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_dataPort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ControlPort",
                          "UDP port of the control exchange (both points).",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_controlPort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("Peer",
                          "Control address of the other measurement point (0.0.0.0: not set; "
                          "RdaHelper sets it).",
                          // Explicit: Ipv4Address() is 102.102.102.102 before ns-3.41, 0.0.0.0
                          // after.
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&RdaMeasurementPoint::m_peer),
                          MakeIpv4AddressChecker())
            .AddAttribute("IntervalStart",
                          "Local-clock start of interval 0 (both points use the same value).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&RdaMeasurementPoint::m_start),
                          MakeTimeChecker())
            .AddAttribute("IntervalLength",
                          "Interval length L on the local clock.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&RdaMeasurementPoint::m_length),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("Intervals",
                          "Number of intervals measured.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_intervals),
                          chronometry::MakeUintegerRangeChecker(1, 100000))
            .AddAttribute("SignatureSize",
                          "Bottom-K MinHash signature size K (same at both points).",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_sigSize),
                          chronometry::MakeUintegerRangeChecker(16, RdaMessage::MAX_ITEMS))
            .AddAttribute("HashSeed",
                          "Seed of the identifier, index and MinHash hashes (same at both "
                          "points).",
                          UintegerValue(0x5eed),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_seed),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("ChunkCells",
                          "Buckets per SKETCH_CHUNK datagram (a RAW_CHUNK carries twice as "
                          "many 16-byte entries).",
                          UintegerValue(40),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_chunkCells),
                          chronometry::MakeUintegerRangeChecker(1, RdaMessage::MAX_ITEMS / 2))
            .AddAttribute("CacheRetention",
                          "How long (simulator time) after an interval's local end its packet "
                          "caches are kept. Receiver: to answer the sender's requests; it must "
                          "cover ReportTimeout plus the clock offset between the points (a "
                          "request that comes later is dropped as unexpected and the sender "
                          "reports the interval as timed out). The sender releases a cache "
                          "as soon as the interval is reported.",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&RdaMeasurementPoint::m_retention),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("RetransmitTimeout",
                          "A control message that asks for an answer (receiver: SIGNATURE; "
                          "sender: SKETCH_REQUEST, RAW_REQUEST, TS_REQUEST) is sent again when "
                          "its answer has not come this long (simulator time) after it.",
                          TimeValue(MilliSeconds(50)),
                          MakeTimeAccessor(&RdaMeasurementPoint::m_retransmit),
                          chronometry::MakeTimeRangeChecker(MicroSeconds(10), Seconds(60)))
            .AddAttribute("MaxRetries",
                          "Retransmissions of one control message before giving up (the "
                          "sender then reports the interval as timed out at ReportTimeout).",
                          UintegerValue(5),
                          MakeUintegerAccessor(&RdaMeasurementPoint::m_maxRetries),
                          chronometry::MakeUintegerRangeChecker(0, 100))
            .AddTraceSource("Observed",
                            "A data packet was cached: id, true time, local time, interval.",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_observedTrace),
                            "ns3::RdaMeasurementPoint::ObservedCallback")
            .AddTraceSource("FlowObserved",
                            "A data packet was cached: flow, id, true time, local time, "
                            "interval.",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_flowObservedTrace),
                            "ns3::RdaMeasurementPoint::FlowObservedCallback")
            .AddTraceSource("MalformedControl",
                            "A malformed, unexpected or late control packet was dropped.",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_malformedTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("CacheReleased",
                            "A flow's cache of an interval is about to be freed: interval, "
                            "cache (valid during the call only; copy it to keep it).",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_releasedTrace),
                            "ns3::RdaMeasurementPoint::CacheReleasedCallback")
            .AddTraceSource("FlowCacheReleased",
                            "As CacheReleased, with the flow.",
                            MakeTraceSourceAccessor(&RdaMeasurementPoint::m_flowReleasedTrace),
                            "ns3::RdaMeasurementPoint::FlowCacheReleasedCallback");
    return tid;
}

RdaMeasurementPoint::RdaMeasurementPoint()
    : m_dataPort(9000),
      m_controlPort(9100),
      m_start(Seconds(1)),
      m_length(MilliSeconds(100)),
      m_retention(Seconds(2)),
      m_retransmit(MilliSeconds(50)),
      m_maxRetries(5),
      m_intervals(10),
      m_sigSize(1024),
      m_seed(0x5eed),
      m_chunkCells(40)
{
    NS_LOG_FUNCTION(this);
}

RdaMeasurementPoint::~RdaMeasurementPoint() = default;

Time
RdaMeasurementPoint::GetIntervalLength() const
{
    NS_LOG_FUNCTION(this);
    return m_length;
}

Time
RdaMeasurementPoint::GetIntervalStart() const
{
    NS_LOG_FUNCTION(this);
    return m_start;
}

uint32_t
RdaMeasurementPoint::GetIntervals() const
{
    NS_LOG_FUNCTION(this);
    return m_intervals;
}

const LatencyIntervalCache*
RdaMeasurementPoint::GetFlowCache(const RdaFlowKey& flow, uint32_t interval) const
{
    NS_LOG_FUNCTION(this << interval);
    auto it = m_caches.find(interval);
    if (it == m_caches.end())
    {
        return nullptr;
    }
    auto f = it->second.find(flow);
    return f == it->second.end() ? nullptr : &f->second;
}

uint64_t
RdaMeasurementPoint::GetCachedPackets() const
{
    NS_LOG_FUNCTION(this);
    uint64_t n = 0;
    for (const auto& [interval, flows] : m_caches)
    {
        for (const auto& [flow, cache] : flows)
        {
            n += cache.Size();
        }
    }
    return n;
}

uint32_t
RdaMeasurementPoint::GetCachedIntervals() const
{
    NS_LOG_FUNCTION(this);
    return static_cast<uint32_t>(m_caches.size());
}

uint64_t
RdaMeasurementPoint::GetMalformedCount() const
{
    NS_LOG_FUNCTION(this);
    return m_malformed;
}

uint64_t
RdaMeasurementPoint::GetUnexpectedCount() const
{
    NS_LOG_FUNCTION(this);
    return m_unexpected;
}

uint64_t
RdaMeasurementPoint::SignatureSeed() const
{
    return m_seed ^ 0x3141592653589793ULL;
}

uint64_t
RdaMeasurementPoint::SketchSeed(uint32_t interval) const
{
    return m_seed + interval;
}

std::map<RdaFlowKey, LatencyIntervalCache>&
RdaMeasurementPoint::Caches(uint32_t i)
{
    return m_caches[i];
}

bool
RdaMeasurementPoint::IsAnswerable(uint32_t i) const
{
    return i < m_phase.size() && m_phase[i] == ENDED;
}

void
RdaMeasurementPoint::Release(uint32_t i)
{
    if (i >= m_phase.size() || m_phase[i] == RELEASED)
    {
        return;
    }
    m_phase[i] = RELEASED;
    auto it = m_caches.find(i);
    if (it != m_caches.end())
    {
        for (const auto& [flow, cache] : it->second)
        {
            m_flowReleasedTrace(flow, i, cache);
            m_releasedTrace(i, cache);
        }
        m_caches.erase(it);
    }
}

void
RdaMeasurementPoint::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_ipv4 = nullptr;
    m_clock = nullptr;
    m_caches.clear();
    Application::DoDispose();
}

std::string
RdaMeasurementPoint::ObservedTrace() const
{
    return "Rx";
}

void
RdaMeasurementPoint::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_clock = GetNode()->GetObject<LocalClock>();
    if (!m_clock)
    {
        chronometry::ReportConfigError(
            GetInstanceTypeId().GetName() +
            " needs a LocalClock on its node (install one with ClockHelper)");
    }
    Ptr<Ipv4L3Protocol> ip = GetNode()->GetObject<Ipv4L3Protocol>();
    if (!ip)
    {
        chronometry::ReportConfigError(GetInstanceTypeId().GetName() +
                                       " needs an IPv4 stack on its node");
    }
    m_ipv4 = ip;
    ip->TraceConnectWithoutContext(ObservedTrace(), MakeCallback(&RdaMeasurementPoint::OnIp, this));
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_controlPort));
    m_socket->SetRecvCallback(MakeCallback(&RdaMeasurementPoint::OnControl, this));
    m_phase.assign(m_intervals, OPEN);
    for (uint32_t i = 0; i < m_intervals; ++i)
    {
        Time end = m_start + m_length * static_cast<int64_t>(i + 1);
        m_clock->ScheduleAtLocal(end, [this, i]() { IntervalEnded(i); });
    }
}

void
RdaMeasurementPoint::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_ipv4)
    {
        m_ipv4->TraceDisconnectWithoutContext(ObservedTrace(),
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
    if (c->GetSize() < 8 || c->PeekHeader(udp) == 0)
    {
        return;
    }
    uint16_t port = udp.GetDestinationPort();
    if ((m_dataPort != 0 && port != m_dataPort) || (m_dataPort == 0 && port == m_controlPort))
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
    uint32_t i = static_cast<uint32_t>(idx);
    if (m_phase[i] != OPEN)
    {
        return; // a clock stepped back into an interval already closed
    }
    std::vector<uint8_t> buf(c->GetSize());
    c->CopyData(buf.data(), buf.size());
    uint64_t id = LatencyPacketId(buf.data(), buf.size(), m_seed);
    RdaFlowKey flow;
    flow.src = ip.GetSource().Get();
    flow.dst = ip.GetDestination().Get();
    flow.srcPort = udp.GetSourcePort();
    flow.dstPort = port;
    flow.protocol = 17;
    if (m_caches[i][flow].Add(id, local.GetNanoSeconds()))
    {
        m_observedTrace(id, Simulator::Now(), local, i);
        m_flowObservedTrace(flow, id, Simulator::Now(), local, i);
    }
}

void
RdaMeasurementPoint::IntervalEnded(uint32_t i)
{
    NS_LOG_FUNCTION(this << i);
    m_phase[i] = ENDED;
    m_caches[i]; // an interval that saw nothing still has an (empty) set of flows
    OnIntervalEnd(i);
}

void
RdaMeasurementPoint::OnIntervalEnd(uint32_t i)
{
    Simulator::Schedule(m_retention, &RdaMeasurementPoint::Release, this, i);
}

uint64_t
RdaMeasurementPoint::Send(const RdaMessage& m)
{
    std::vector<uint8_t> b = m.Encode();
    m_socket->SendTo(Create<Packet>(b.data(), b.size()),
                     0,
                     InetSocketAddress(m_peer, m_controlPort));
    return b.size() + 28;
}

void
RdaMeasurementPoint::Unexpected(Ptr<const Packet> p)
{
    ++m_unexpected;
    m_malformedTrace(p);
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
            ++m_malformed;
            m_malformedTrace(p);
            continue;
        }
        uint64_t bytes = b.size() + 28;
        switch (m.type)
        {
        case RdaMessage::SIGNATURE:
            OnSignature(m, p, bytes);
            break;
        case RdaMessage::SKETCH_REQUEST:
            OnSketchRequest(m, p, bytes);
            break;
        case RdaMessage::SKETCH_CHUNK:
            OnSketchChunk(m, p, bytes);
            break;
        case RdaMessage::TS_REQUEST:
            OnTsRequest(m, p, bytes);
            break;
        case RdaMessage::TS_REPLY:
            OnTsReply(m, p, bytes);
            break;
        case RdaMessage::RAW_REQUEST:
            OnRawRequest(m, p, bytes);
            break;
        case RdaMessage::RAW_CHUNK:
            OnRawChunk(m, p, bytes);
            break;
        case RdaMessage::LDA_REQUEST:
            OnLdaRequest(m, p, bytes);
            break;
        case RdaMessage::FC_REQUEST:
            OnFineCombRequest(m, p, bytes);
            break;
        case RdaMessage::LDA_CHUNK:
        case RdaMessage::FC_CHUNK:
        case RdaMessage::FC_STASH:
            OnBaselineChunk(m, p, bytes);
            break;
        }
    }
}

void
RdaMeasurementPoint::OnSignature(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnSketchRequest(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnSketchChunk(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnTsRequest(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnTsReply(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnRawRequest(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnRawChunk(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnLdaRequest(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnFineCombRequest(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

void
RdaMeasurementPoint::OnBaselineChunk(const RdaMessage&, Ptr<const Packet> p, uint64_t)
{
    Unexpected(p);
}

} // namespace ns3
