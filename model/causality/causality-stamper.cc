/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-stamper.h"

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
#include "ns3/skew-bound.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityStamper");

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

// ---------------------------------------------------------------- CausalityStamper

TypeId
CausalityStamper::GetTypeId()
{
    // One checker of E for its current and deprecated names.
    static Ptr<const AttributeChecker> skewBoundChecker = MakeSkewBoundChecker(true);
    static TypeId tid =
        TypeId("ns3::CausalityStamper")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<CausalityStamper>()
            .AddAttribute("Vector",
                          "Run vector clocks, the ground truth of happened-before.  Without "
                          "them the execution is stamped (e.g. to measure what the other clocks "
                          "cost) but the log cannot be checked.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CausalityStamper::m_vector),
                          MakeBooleanChecker())
            .AddAttribute("VectorOnWire",
                          "Carry the vector clock in every message (n entries).  False: the "
                          "nodes neither run nor carry it and the CausalEventLog recomputes it "
                          "from the message graph when replayed (the same vectors; messages do "
                          "not grow with n, for large studies).  Every node of the system must "
                          "use the same setting.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CausalityStamper::m_vectorOnWire),
                          MakeBooleanChecker())
            .AddAttribute("Lamport",
                          "Run Lamport clocks.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CausalityStamper::m_lamport),
                          MakeBooleanChecker())
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
            .AddAttribute("StampSyncProtocols",
                          "Stamp, merge and log the datagrams of PTP (UDP 319, 320) and NTP "
                          "(UDP 123) too.  False: a synchronization protocol's own messages are "
                          "not events (neither stamped nor merged nor logged), so steering the "
                          "clocks does not change the execution the stampers see.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&CausalityStamper::m_stampSync),
                          MakeBooleanChecker())
            // The deprecated name first, sharing the checker (see BoundedSkewClock).
            .AddAttribute("HvcEpsilon",
                          "Deprecated name of SkewBound (one name for E across chronometry).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&CausalityStamper::m_skewBound),
                          skewBoundChecker,
                          TypeId::SupportLevel::DEPRECATED,
                          "use SkewBound")
            .AddAttribute(
                "SkewBound",
                SkewBoundHelp("the stamper's, for HVC (its epsilon) and, with Interval, RepCl "
                              "(Epsilon = E / Interval unless Epsilon is set): 0 (the default) "
                              "takes E from the node's clock (LocalClock::GetSkewBound); else it "
                              "must equal a bounded clock's E unless AllowSkewMismatch."),
                TimeValue(Time(0)),
                MakeTimeAccessor(&CausalityStamper::m_skewBound),
                skewBoundChecker)
            .AddAttribute("Interval",
                          "RepCl epoch length I.",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&CausalityStamper::m_interval),
                          chronometry::MakeTimeRangeChecker(Time::From(1), Hours(1)))
            .AddAttribute("Epsilon",
                          "RepCl's epsilon = E / I, an integer (the only place chronometry "
                          "spells E as epsilon: in units of Interval): 0 (the default) is "
                          "SkewBound / Interval, or the node clock's E / Interval (I must "
                          "divide it); else Epsilon x Interval must equal a bounded clock's E "
                          "unless AllowSkewMismatch.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&CausalityStamper::m_epsilon),
                          chronometry::MakeUintegerRangeChecker(0, MAX_EPSILON))
            .AddAttribute("AllowSkewMismatch",
                          "Accept an explicit SkewBound / Epsilon that disagrees with the "
                          "clock's skew bound (e.g. E below the real skew); the mismatch is then "
                          "reported (CausalityLog::GetSkewMismatches, the checker's summary, "
                          "standard error) instead of refused at Start.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&CausalityStamper::m_allowSkewMismatch),
                          MakeBooleanChecker())
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
                          EnumValue(ReplayCounterRule::PUBLISHED),
                          chronometry::MakeEnumAccessorOf<ReplayCounterRule>(
                              &CausalityStamper::m_counterRule),
                          // The enum type itself, not int: from ns-3.41 on the checker's
                          // type must be the accessor's (else a name is silently ignored).
                          MakeEnumChecker(ReplayCounterRule::PUBLISHED,
                                          "Published",
                                          ReplayCounterRule::EPOCH_COUNTS,
                                          "EpochCounts"))
            .AddAttribute(
                "Encoding",
                "How HVC and RepCl stamps name the processes they hold: Bitmap (the "
                "published fixed forms: RepCl's n-bit bitmap, HVC's ids at "
                "ceil(log2 n) bits), Sparse (a sorted list of delta-coded ids, "
                "LEB128-style varints, O(theta log n) bits) or Adaptive (per stamp the "
                "smaller of the two, marked by a flag).  Every node of the system must "
                "use the same setting.",
                EnumValue(STAMP_BITMAP),
                chronometry::MakeEnumAccessorOf<StampEncoding>(&CausalityStamper::m_encoding),
                MakeEnumChecker(STAMP_BITMAP,
                                "Bitmap",
                                STAMP_SPARSE,
                                "Sparse",
                                STAMP_ADAPTIVE,
                                "Adaptive"))
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
    : m_vector(true),
      m_vectorOnWire(true),
      m_lamport(true),
      m_hlc(true),
      m_hvc(true),
      m_repcl(true),
      m_onWire(false),
      m_stampSync(false),
      m_skewBound(Time(0)),
      m_interval(MicroSeconds(100)),
      m_epsilon(0),
      m_allowSkewMismatch(false),
      m_skewBoundInUse(Time(0)),
      m_epsilonInUse(0),
      m_counterBits(4),
      m_sumCounters(false),
      m_counterRule(ReplayCounterRule::PUBLISHED),
      m_encoding(STAMP_BITMAP),
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
CausalityStamper::DoInitialize()
{
    // Also checked here, so that an object configured but not (yet) started is refused too.
    Object::DoInitialize();
}

CausalityConfig
CausalityStamper::GetConfig() const
{
    CausalityConfig c;
    c.n = m_n;
    c.vector = m_vector;
    c.vectorOnWire = m_vectorOnWire;
    c.lamport = m_lamport;
    c.hlc = m_hlc;
    c.hvc = m_hvc;
    c.repcl = m_repcl;
    c.hvcSkewBound = m_skewBoundInUse;
    c.replay.n = m_n;
    c.replay.epsilon = m_epsilonInUse;
    c.replay.interval = m_interval;
    c.replay.counterBits = m_counterBits;
    c.replay.sumCounters = m_sumCounters;
    c.replay.counterRule = m_counterRule;
    c.encoding = m_encoding;
    c.replay.encoding = m_encoding;
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
    ResolveSkewBound();
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

void
CausalityStamper::ResolveSkewBound()
{
    Ptr<Node> node = GetObject<Node>();
    Ptr<LocalClock> clock = GetObject<LocalClock>();
    uint32_t nodeId = node ? node->GetId() : 0;
    const Time clockE = clock ? clock->GetSkewBound() : Time::Max();
    const bool bounded = clockE != Time::Max();
    auto clockName = [&]() {
        std::ostringstream os;
        os << "node " << nodeId << "'s clock ("
           << (clock ? clock->GetInstanceTypeId().GetName() : std::string("none")) << ")";
        return os.str();
    };
    auto mismatch = [&](const std::string& setting) {
        std::ostringstream os;
        os << setting << " disagrees with " << clockName()
           << ", whose skew bound is E = " << clockE.As(Time::US);
        if (!m_allowSkewMismatch)
        {
            chronometry::ReportConfigError(
                "ns3::CausalityStamper: " + os.str() +
                "; leave SkewBound and Epsilon at 0 to take E from the clock, or set "
                "AllowSkewMismatch = true to run with a different E on purpose");
        }
        m_log->ReportSkewMismatch(os.str() + " (AllowSkewMismatch)");
    };

    // E for HVC (its epsilon) and, unless Epsilon is set, for RepCl.  With neither given nor
    // to be had, and the clocks that need it off, the smallest valid value stands in (the
    // configuration needs one; no stamp uses it).
    const bool given = !m_skewBound.IsZero();
    if (!given && !bounded && !m_hvc)
    {
        m_skewBoundInUse = Time::From(1);
    }
    else if (!given)
    {
        if (!bounded)
        {
            chronometry::ReportConfigError(
                "ns3::CausalityStamper::SkewBound = 0 takes E from the clock, but " + clockName() +
                    " has no skew bound: set SkewBound (valid range " +
                    chronometry::DescribeRangeOf(MakeSkewBoundChecker(false)) +
                    ") or use a BoundedSkewClock",
                {"ns3::CausalityStamper::SkewBound"});
        }
        chronometry::RequireTimeInRange("ns3::CausalityStamper: the skew bound E of " + clockName(),
                                        clockE,
                                        Time::From(1),
                                        MaxSkewBound());
        m_skewBoundInUse = clockE;
    }
    else
    {
        m_skewBoundInUse = m_skewBound;
        if ((m_hvc || (m_repcl && m_epsilon == 0)) && bounded && m_skewBound != clockE)
        {
            std::ostringstream os;
            os << "SkewBound = " << m_skewBound.As(Time::US);
            mismatch(os.str());
        }
    }

    // RepCl's Epsilon = E / I (with RepCl off and no usable E, 1 stands in: no stamp uses it).
    const Time repclE = given ? m_skewBound : clockE;
    const bool known = given || bounded;
    const bool divides = known && IsSkewBoundMultiple(repclE, m_interval);
    if (m_epsilon == 0 && !m_repcl && !divides)
    {
        m_epsilonInUse = 1;
    }
    else if (m_epsilon == 0)
    {
        if (!known)
        {
            chronometry::ReportConfigError(
                "ns3::CausalityStamper::Epsilon = 0 takes E / Interval from SkewBound or the "
                "clock, but SkewBound is 0 and " +
                    clockName() +
                    " has no skew bound: set SkewBound (or Epsilon, valid range [1, " +
                    std::to_string(MAX_EPSILON) + "]) or use a BoundedSkewClock",
                {"ns3::CausalityStamper::SkewBound", "ns3::CausalityStamper::Epsilon"});
        }
        if (!divides)
        {
            std::ostringstream os;
            os << "ns3::CausalityStamper::Interval = " << m_interval.As(Time::US)
               << " must divide the skew bound E = " << repclE.As(Time::US) << " of "
               << (given ? std::string("SkewBound") : clockName())
               << " (valid: " << SkewBoundMultipleRule() << ")";
            chronometry::ReportConfigError(os.str(), {"ns3::CausalityStamper::Interval"});
        }
        m_epsilonInUse = static_cast<uint32_t>(repclE.GetTimeStep() / m_interval.GetTimeStep());
    }
    else
    {
        m_epsilonInUse = m_epsilon;
        const Time explicitE = m_interval * static_cast<int64_t>(m_epsilon);
        if (m_repcl && bounded && explicitE != clockE)
        {
            std::ostringstream os;
            os << "Epsilon x Interval = " << m_epsilon << " x " << m_interval.As(Time::US) << " = "
               << explicitE.As(Time::US);
            mismatch(os.str());
        }
    }
    m_log->RegisterStamperSettings(nodeId,
                                   m_interval * static_cast<int64_t>(m_epsilonInUse),
                                   m_interval,
                                   m_skewBoundInUse);
}

Time
CausalityStamper::GetSkewBound() const
{
    return m_skewBoundInUse;
}

uint32_t
CausalityStamper::GetEpsilon() const
{
    return m_epsilonInUse;
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

bool
CausalityStamper::IsIgnored(uint8_t protocol, Ptr<const Packet> segment) const
{
    uint8_t p[4]; // the UDP header's source and destination ports, in network order
    auto sync = [&p](int k) {
        const int port = p[k] << 8 | p[k + 1];
        return port == 319 || port == 320 || port == 123; // PTP event, general; NTP
    };
    return !m_stampSync && protocol == UdpL4Protocol::PROT_NUMBER && segment->CopyData(p, 4) == 4 &&
           (sync(0) || sync(2));
}

void
CausalityStamper::SendDown(Ptr<Packet> packet,
                           Ipv4Address source,
                           Ipv4Address destination,
                           uint8_t protocol,
                           Ptr<Ipv4Route> route)
{
    if (IsIgnored(protocol, packet))
    {
        m_udpDown(packet, source, destination, protocol, route);
        return;
    }
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
        m_unstamped += !IsIgnored(UdpL4Protocol::PROT_NUMBER, packet);
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
    if (IsIgnored(header.GetProtocol(), packet))
    {
        return;
    }
    uint64_t id = packet->GetUid() + 1; // 0 is reserved for "no message"
    CausalityTag tag;
    tag.SetMessageId(id);
    tag.SetSource(m_process);
    tag.SetStamp(Stamp(header.GetDestination(), id));
    packet->AddByteTag(tag);
}

void
CausalityStamper::OnDeliver(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t)
{
    if (IsIgnored(header.GetProtocol(), packet))
    {
        return;
    }
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
