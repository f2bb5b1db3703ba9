/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-stamper.h"

#include "causality-export.h"
#include "causality-header.h"
#include "causality-tag.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/enum.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv6-interface.h"
#include "ns3/local-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityStamper");

NS_OBJECT_ENSURE_REGISTERED(CausalityLog);
NS_OBJECT_ENSURE_REGISTERED(CausalityStamper);

/**
 * \ingroup chronometry
 * Stands in for UDP in IPv4's protocol table (OnWire mode): strips the
 * CausalityHeader, hands it to the stamper, and passes the UDP segment on.
 */
class CausalityUdpShim : public IpL4Protocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::CausalityUdpShim").SetParent<IpL4Protocol>().SetGroupName("Chronometry");
        return tid;
    }

    /**
     * \param udp the real UDP
     * \param stamper the node's stamper
     */
    void Set(Ptr<UdpL4Protocol> udp, Ptr<CausalityStamper> stamper)
    {
        m_udp = udp;
        m_stamper = stamper;
    }

    int GetProtocolNumber() const override
    {
        return UdpL4Protocol::PROT_NUMBER;
    }

    RxStatus Receive(Ptr<Packet> p,
                     const Ipv4Header& header,
                     Ptr<Ipv4Interface> incomingInterface) override
    {
        uint32_t before = p->GetSize();
        if (!m_stamper->StripAndMerge(p))
        {
            return IpL4Protocol::RX_OK; // truncated header: dropped (counted)
        }
        Ipv4Header inner = header;
        inner.SetPayloadSize(header.GetPayloadSize() - (before - p->GetSize()));
        return m_udp->Receive(p, inner, incomingInterface);
    }

    RxStatus Receive(Ptr<Packet> p,
                     const Ipv6Header& header,
                     Ptr<Ipv6Interface> incomingInterface) override
    {
        return m_udp->Receive(p, header, incomingInterface);
    }

    void ReceiveIcmp(Ipv4Address icmpSource,
                     uint8_t icmpTtl,
                     uint8_t icmpType,
                     uint8_t icmpCode,
                     uint32_t icmpInfo,
                     Ipv4Address payloadSource,
                     Ipv4Address payloadDestination,
                     const uint8_t payload[8]) override
    {
        m_udp->ReceiveIcmp(icmpSource,
                           icmpTtl,
                           icmpType,
                           icmpCode,
                           icmpInfo,
                           payloadSource,
                           payloadDestination,
                           payload);
    }

    void SetDownTarget(DownTargetCallback cb) override
    {
        m_udp->SetDownTarget(cb);
    }

    void SetDownTarget6(DownTargetCallback6 cb) override
    {
        m_udp->SetDownTarget6(cb);
    }

    DownTargetCallback GetDownTarget() const override
    {
        return m_udp->GetDownTarget();
    }

    DownTargetCallback6 GetDownTarget6() const override
    {
        return m_udp->GetDownTarget6();
    }

  protected:
    void DoDispose() override
    {
        m_udp = nullptr;
        m_stamper = nullptr;
        IpL4Protocol::DoDispose();
    }

  private:
    Ptr<UdpL4Protocol> m_udp;        //!< the real UDP
    Ptr<CausalityStamper> m_stamper; //!< the node's stamper
};

NS_OBJECT_ENSURE_REGISTERED(CausalityUdpShim);

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
            .AddAttribute("OnWire",
                          "Carry stamps as real bytes between the IPv4 and UDP headers (so their "
                          "bandwidth is simulated) instead of a byte tag. UDP traffic only; "
                          "every node of the system must use the same setting.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&CausalityStamper::m_onWire),
                          MakeBooleanChecker())
            .AddAttribute("HvcEpsilon",
                          "HVC bound epsilon; valid range [1ns, 24h]; should be at least the "
                          "clocks' skew bound.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&CausalityStamper::m_hvcEpsilon),
                          MakeTimeChecker())
            .AddAttribute("Interval",
                          "RepCl epoch length I.",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&CausalityStamper::m_interval),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(1)))
            .AddAttribute("Epsilon",
                          "RepCl epsilon = E / I (integer); valid range [1, 2^20].",
                          UintegerValue(10),
                          MakeUintegerAccessor(&CausalityStamper::m_epsilon),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("CounterBits",
                          "RepCl counter width in the encoding.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&CausalityStamper::m_counterBits),
                          chronometry::MakeUintegerRangeChecker(1, 64, "bits"))
            .AddAttribute("SumCounters",
                          "RepCl: keep only the sum of the counters (the thesis' ns-3 form).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&CausalityStamper::m_sumCounters),
                          MakeBooleanChecker())
            .AddAttribute("CounterRule",
                          "RepCl counter rule: Published (the thesis) or EpochCounts "
                          "(chronometry's corrected variant).",
                          EnumValue(static_cast<int>(ReplayCounterRule::PUBLISHED)),
                          chronometry::MakeEnumAccessorOf<ReplayCounterRule>(
                              &CausalityStamper::m_counterRule),
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
      m_onWire(false),
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
    // The saved down target holds the node's Ipv4 (our own aggregate): drop it, or the
    // node would keep itself alive after Simulator::Destroy.
    m_udpDown = IpL4Protocol::DownTargetCallback();
    Object::DoDispose();
}

void
CausalityStamper::CheckAttributes() const
{
    chronometry::RequireTimeInRange("ns3::CausalityStamper::HvcEpsilon",
                                    m_hvcEpsilon,
                                    Time::From(1),
                                    Hours(24));
    chronometry::RequireDoubleInRange("ns3::CausalityStamper::Epsilon", m_epsilon, 1, 1 << 20, "");
}

void
CausalityStamper::DoInitialize()
{
    // Also checked here, so that an object configured but not (yet) started is refused too.
    CheckAttributes();
    Object::DoInitialize();
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
    CheckAttributes();
    m_state = std::make_unique<CausalProcess>(GetConfig(), process, &m_log->GetEvents());
    Ptr<Ipv4L3Protocol> ipv4 = GetObject<Ipv4L3Protocol>();
    if (!ipv4)
    {
        chronometry::ReportConfigError("CausalityStamper: the node has no IPv4 stack "
                                       "(install the Internet stack before CausalityHelper)");
    }
    if (m_onWire)
    {
        Ptr<UdpL4Protocol> udp = GetObject<UdpL4Protocol>();
        if (!udp)
        {
            chronometry::ReportConfigError("ns3::CausalityStamper::OnWire = true needs UDP on "
                                           "the node (install the Internet stack first)");
        }
        m_udpDown = udp->GetDownTarget();
        udp->SetDownTarget(MakeCallback(&CausalityStamper::SendDown, this));
        auto shim = CreateObject<CausalityUdpShim>();
        shim->Set(udp, this);
        ipv4->Insert(shim);
        return;
    }
    ipv4->TraceConnectWithoutContext("SendOutgoing", MakeCallback(&CausalityStamper::OnSend, this));
    ipv4->TraceConnectWithoutContext("LocalDeliver",
                                     MakeCallback(&CausalityStamper::OnDeliver, this));
}

std::vector<uint8_t>
CausalityStamper::Stamp(Ipv4Address destination, uint64_t id)
{
    std::vector<uint8_t> stamp =
        m_state->OnSend(Simulator::Now(), ReadClock(), id, m_processOf(destination));
    ++m_stamped;
    m_stampBytes += stamp.size();
    m_stampedTrace(id, static_cast<uint32_t>(stamp.size()));
    return stamp;
}

void
CausalityStamper::Merge(const std::vector<uint8_t>& stamp,
                        uint64_t id,
                        uint32_t source,
                        Ptr<const Packet> packet)
{
    if (!m_state->OnReceive(stamp, Simulator::Now(), ReadClock(), id, source))
    {
        m_malformedTrace(packet);
        return;
    }
    ++m_merged;
    m_mergedTrace(id, static_cast<uint32_t>(stamp.size()));
}

void
CausalityStamper::SendDown(Ptr<Packet> packet,
                           Ipv4Address source,
                           Ipv4Address destination,
                           uint8_t protocol,
                           Ptr<Ipv4Route> route)
{
    uint64_t id = packet->GetUid() + 1; // 0 is reserved for "no message"
    CausalityHeader header;
    header.SetMessageId(id);
    header.SetSource(m_process);
    header.SetStamp(Stamp(destination, id));
    packet->AddHeader(header);
    m_udpDown(packet, source, destination, protocol, route);
}

bool
CausalityStamper::StripAndMerge(Ptr<Packet> packet)
{
    bool present = false;
    if (!CausalityHeader::Probe(packet, present))
    {
        if (present)
        {
            // The magic is there but the header does not fit: the segment is unusable.
            m_state->OnReceive({}, Simulator::Now(), ReadClock(), 0, m_n); // counted as malformed
            m_malformedTrace(packet);
            return false;
        }
        ++m_unstamped;
        return true;
    }
    CausalityHeader header;
    packet->RemoveHeader(header);
    Merge(header.GetStamp(), header.GetMessageId(), header.GetSource(), packet);
    return true;
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
    uint64_t id = packet->GetUid() + 1; // 0 is reserved for "no message"
    CausalityTag tag;
    tag.SetMessageId(id);
    tag.SetSource(m_process);
    tag.SetStamp(Stamp(header.GetDestination(), id));
    packet->AddByteTag(tag);
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
    Merge(tag.GetStamp(), tag.GetMessageId(), tag.GetSource(), packet);
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
