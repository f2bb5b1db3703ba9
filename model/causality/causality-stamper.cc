/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-stamper.h"

#include "causality-export.h"
#include "causality-tag.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/local-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityStamper");

NS_OBJECT_ENSURE_REGISTERED(CausalityLog);
NS_OBJECT_ENSURE_REGISTERED(CausalityStamper);

// ---------------------------------------------------------------- CausalityLog

TypeId
CausalityLog::GetTypeId()
{
    static TypeId tid = TypeId("ns3::CausalityLog")
                            .SetParent<Object>()
                            .SetGroupName("Chronometry")
                            .AddConstructor<CausalityLog>();
    return tid;
}

std::vector<CausalEvent>&
CausalityLog::GetEvents()
{
    return m_events;
}

bool
CausalityLog::WriteCsv(const std::string& path) const
{
    return CausalityExport::WriteCsv(m_events, path);
}

bool
CausalityLog::WriteShiViz(const std::string& path) const
{
    return CausalityExport::WriteShiViz(m_events, path);
}

ReplayCheckerReport
CausalityLog::Check(const ReplayCheckerOptions& options) const
{
    return ReplayChecker::Check(m_events, options);
}

// ---------------------------------------------------------------- CausalityStamper

TypeId
CausalityStamper::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CausalityStamper")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<CausalityStamper>()
            .AddAttribute("Hlc",
                          "Run hybrid logical clocks.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CausalityStamper::m_hlc),
                          MakeBooleanChecker())
            .AddAttribute("Hvc",
                          "Run hybrid vector clocks.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CausalityStamper::m_hvc),
                          MakeBooleanChecker())
            .AddAttribute("RepCl",
                          "Run replay clocks.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CausalityStamper::m_repcl),
                          MakeBooleanChecker())
            .AddAttribute("HvcEpsilon",
                          "HVC bound epsilon; valid range [1ns, 24h]; should be at least the "
                          "clocks' skew bound.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&CausalityStamper::m_hvcEpsilon),
                          MakeTimeChecker())
            .AddAttribute("Interval",
                          "RepCl epoch length I; valid range [1ns, 1h].",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&CausalityStamper::m_interval),
                          MakeTimeChecker())
            .AddAttribute("Epsilon",
                          "RepCl epsilon = E / I (integer); valid range [1, 2^20].",
                          UintegerValue(10),
                          MakeUintegerAccessor(&CausalityStamper::m_epsilon),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("CounterBits",
                          "RepCl counter width in the encoding, bits; valid range [1, 64].",
                          UintegerValue(4),
                          MakeUintegerAccessor(&CausalityStamper::m_counterBits),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SumCounters",
                          "RepCl: keep only the sum of the counters (the thesis' ns-3 form).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&CausalityStamper::m_sumCounters),
                          MakeBooleanChecker())
            .AddAttribute("CounterRule",
                          "RepCl counter rule: Published (the thesis) or EpochCounts "
                          "(chronometry's corrected variant).",
                          EnumValue(static_cast<int>(ReplayCounterRule::PUBLISHED)),
                          MakeEnumAccessor(&CausalityStamper::m_counterRule),
                          MakeEnumChecker(static_cast<int>(ReplayCounterRule::PUBLISHED),
                                          "Published",
                                          static_cast<int>(ReplayCounterRule::EPOCH_COUNTS),
                                          "EpochCounts"))
            .AddTraceSource("Stamped",
                            "A packet was stamped: (message id, stamp bytes).",
                            MakeTraceSourceAccessor(&CausalityStamper::m_stampedTrace),
                            "ns3::CausalityStamper::StampCallback")
            .AddTraceSource("Merged",
                            "A received stamp was merged: (message id, stamp bytes).",
                            MakeTraceSourceAccessor(&CausalityStamper::m_mergedTrace),
                            "ns3::CausalityStamper::StampCallback")
            .AddTraceSource("Malformed",
                            "A received stamp failed to decode and was ignored.",
                            MakeTraceSourceAccessor(&CausalityStamper::m_malformedTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

CausalityStamper::CausalityStamper()
    : m_hlc(true),
      m_hvc(true),
      m_repcl(true),
      m_hvcEpsilon(MilliSeconds(1)),
      m_interval(MicroSeconds(100)),
      m_epsilon(10),
      m_counterBits(4),
      m_sumCounters(false),
      m_counterRule(ReplayCounterRule::PUBLISHED),
      m_process(0),
      m_n(0),
      m_stamped(0),
      m_merged(0),
      m_unstamped(0),
      m_stampBytes(0)
{
}

CausalityStamper::~CausalityStamper() = default;

void
CausalityStamper::DoDispose()
{
    m_log = nullptr;
    m_state.reset();
    Object::DoDispose();
}

CausalityConfig
CausalityStamper::GetConfig() const
{
    CausalityConfig c;
    c.n = m_n;
    c.hlc = m_hlc;
    c.hvc = m_hvc;
    c.repcl = m_repcl;
    c.hvcEpsilon = m_hvcEpsilon;
    c.replay.n = m_n;
    c.replay.epsilon = m_epsilon;
    c.replay.interval = m_interval;
    c.replay.counterBits = m_counterBits;
    c.replay.sumCounters = m_sumCounters;
    c.replay.counterRule = m_counterRule;
    return c;
}

void
CausalityStamper::Start(uint32_t process,
                        uint32_t n,
                        Ptr<CausalityLog> log,
                        std::function<uint32_t(Ipv4Address)> processOf)
{
    NS_LOG_FUNCTION(this << process << n);
    m_process = process;
    m_n = n;
    m_log = log;
    m_processOf = std::move(processOf);
    chronometry::RequireTimeInRange("ns3::CausalityStamper::HvcEpsilon",
                                    m_hvcEpsilon,
                                    Time::From(1),
                                    Hours(24));
    chronometry::RequireTimeInRange("ns3::CausalityStamper::Interval",
                                    m_interval,
                                    Time::From(1),
                                    Hours(1));
    chronometry::RequireDoubleInRange("ns3::CausalityStamper::Epsilon", m_epsilon, 1, 1 << 20, "");
    chronometry::RequireDoubleInRange("ns3::CausalityStamper::CounterBits",
                                      m_counterBits,
                                      1,
                                      64,
                                      "bits");
    m_state = std::make_unique<CausalProcess>(GetConfig(), process, &m_log->GetEvents());
    Ptr<Ipv4L3Protocol> ipv4 = GetObject<Ipv4L3Protocol>();
    if (!ipv4)
    {
        chronometry::ReportConfigError("CausalityStamper: the node has no IPv4 stack "
                                       "(install the Internet stack before CausalityHelper)");
    }
    ipv4->TraceConnectWithoutContext("SendOutgoing", MakeCallback(&CausalityStamper::OnSend, this));
    ipv4->TraceConnectWithoutContext("LocalDeliver",
                                     MakeCallback(&CausalityStamper::OnDeliver, this));
}

Time
CausalityStamper::ReadClock() const
{
    Ptr<LocalClock> clock = GetObject<LocalClock>();
    return clock->GetLocalTime();
}

void
CausalityStamper::RecordLocalEvent()
{
    m_state->OnLocal(Simulator::Now(), ReadClock());
}

void
CausalityStamper::OnSend(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t)
{
    uint32_t destination = m_processOf(header.GetDestination());
    uint64_t id = packet->GetUid() + 1; // 0 is reserved for "no message"
    std::vector<uint8_t> stamp = m_state->OnSend(Simulator::Now(), ReadClock(), id, destination);
    CausalityTag tag;
    tag.SetMessageId(id);
    tag.SetSource(m_process);
    tag.SetStamp(stamp);
    packet->AddByteTag(tag);
    ++m_stamped;
    m_stampBytes += stamp.size();
    m_stampedTrace(id, static_cast<uint32_t>(stamp.size()));
}

void
CausalityStamper::OnDeliver(const Ipv4Header&, Ptr<const Packet> packet, uint32_t)
{
    CausalityTag tag;
    if (!packet->FindFirstMatchingByteTag(tag))
    {
        ++m_unstamped;
        return;
    }
    if (!m_state->OnReceive(tag.GetStamp(),
                            Simulator::Now(),
                            ReadClock(),
                            tag.GetMessageId(),
                            tag.GetSource()))
    {
        m_malformedTrace(packet);
        return;
    }
    ++m_merged;
    m_mergedTrace(tag.GetMessageId(), static_cast<uint32_t>(tag.GetStamp().size()));
}

uint64_t
CausalityStamper::GetStampedCount() const
{
    return m_stamped;
}

uint64_t
CausalityStamper::GetMergedCount() const
{
    return m_merged;
}

uint64_t
CausalityStamper::GetUnstampedCount() const
{
    return m_unstamped;
}

uint64_t
CausalityStamper::GetMalformedCount() const
{
    return m_state ? m_state->GetMalformedCount() : 0;
}

uint64_t
CausalityStamper::GetStampBytes() const
{
    return m_stampBytes;
}

uint32_t
CausalityStamper::GetProcess() const
{
    return m_process;
}

} // namespace ns3
