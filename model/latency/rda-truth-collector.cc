/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-truth-collector.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/local-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/rda-measurement-point.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaTruthCollector");
NS_OBJECT_ENSURE_REGISTERED(RdaTruthCollector);

namespace
{
/**
 * \param n count
 * \param s sum
 * \param q sum of squares
 * \param[out] mean mean
 * \param[out] sd population standard deviation
 */
void
MeanStd(long double n, long double s, long double q, double& mean, double& sd)
{
    if (n <= 0)
    {
        mean = sd = 0;
        return;
    }
    long double m = s / n;
    mean = static_cast<double>(m);
    sd = static_cast<double>(std::sqrt(std::max<long double>(0, q / n - m * m)));
}
} // namespace

TypeId
RdaTruthCollector::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdaTruthCollector")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<RdaTruthCollector>()
            .AddAttribute("IntervalStart",
                          "Local-clock start of interval 0 (as the measurement points).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&RdaTruthCollector::m_start),
                          MakeTimeChecker())
            .AddAttribute("IntervalLength",
                          "Interval length on the local clocks (as the measurement points).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&RdaTruthCollector::m_length),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("Intervals",
                          "Number of intervals (as the measurement points).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&RdaTruthCollector::m_intervals),
                          chronometry::MakeUintegerRangeChecker(1, 100000))
            .AddAttribute("DataPort",
                          "UDP destination port of the flows (0: every UDP port but "
                          "ControlPort).",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&RdaTruthCollector::m_dataPort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ControlPort",
                          "UDP port excluded when DataPort is 0.",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&RdaTruthCollector::m_controlPort),
                          MakeUintegerChecker<uint16_t>());
    return tid;
}

RdaTruthCollector::RdaTruthCollector()
    : m_start(Seconds(1)),
      m_length(MilliSeconds(100)),
      m_intervals(10),
      m_dataPort(9000),
      m_controlPort(9100)
{
}

RdaTruthCollector::~RdaTruthCollector() = default;

void
RdaTruthCollector::DoDispose()
{
    if (m_senderIp)
    {
        m_senderIp->TraceDisconnectWithoutContext("Tx",
                                                  MakeCallback(&RdaTruthCollector::OnTx, this));
    }
    if (m_receiverIp)
    {
        m_receiverIp->TraceDisconnectWithoutContext("Rx",
                                                    MakeCallback(&RdaTruthCollector::OnRx, this));
    }
    if (m_senderPoint)
    {
        m_senderPoint->TraceDisconnectWithoutContext(
            "FlowObserved",
            MakeCallback(&RdaTruthCollector::SenderCached, this));
        m_receiverPoint->TraceDisconnectWithoutContext(
            "FlowObserved",
            MakeCallback(&RdaTruthCollector::ReceiverCached, this));
    }
    m_senderPoint = nullptr;
    m_receiverPoint = nullptr;
    m_senderIp = nullptr;
    m_receiverIp = nullptr;
    m_senderClock = nullptr;
    m_receiverClock = nullptr;
    Object::DoDispose();
}

void
RdaTruthCollector::Install(Ptr<Node> sender, Ptr<Node> receiver)
{
    NS_LOG_FUNCTION(this << sender << receiver);
    m_senderClock = sender->GetObject<LocalClock>();
    m_receiverClock = receiver->GetObject<LocalClock>();
    m_senderIp = sender->GetObject<Ipv4L3Protocol>();
    m_receiverIp = receiver->GetObject<Ipv4L3Protocol>();
    if (!m_senderClock || !m_receiverClock || !m_senderIp || !m_receiverIp)
    {
        chronometry::ReportConfigError(
            "ns3::RdaTruthCollector::Install needs an IPv4 stack and a LocalClock on both "
            "nodes");
        return;
    }
    m_senderIp->TraceConnectWithoutContext("Tx", MakeCallback(&RdaTruthCollector::OnTx, this));
    m_receiverIp->TraceConnectWithoutContext("Rx", MakeCallback(&RdaTruthCollector::OnRx, this));
}

bool
RdaTruthCollector::Classify(Ptr<const Packet> p, RdaFlowKey& flow) const
{
    Ptr<Packet> c = p->Copy();
    Ipv4Header ip;
    if (c->RemoveHeader(ip) == 0 || ip.GetProtocol() != 17 || ip.GetFragmentOffset() != 0)
    {
        return false;
    }
    UdpHeader udp;
    if (c->GetSize() < 8 || c->PeekHeader(udp) == 0)
    {
        return false;
    }
    uint16_t port = udp.GetDestinationPort();
    if ((m_dataPort != 0 && port != m_dataPort) || (m_dataPort == 0 && port == m_controlPort))
    {
        return false;
    }
    flow.src = ip.GetSource().Get();
    flow.dst = ip.GetDestination().Get();
    flow.srcPort = udp.GetSourcePort();
    flow.dstPort = port;
    flow.protocol = 17;
    return true;
}

int64_t
RdaTruthCollector::IntervalOf(Time local) const
{
    if (local < m_start)
    {
        return -1;
    }
    int64_t idx = (local - m_start).GetTimeStep() / m_length.GetTimeStep();
    return idx < m_intervals ? idx : -1;
}

void
RdaTruthCollector::OnTx(Ptr<const Packet> p, Ptr<Ipv4>, uint32_t)
{
    RdaFlowKey flow;
    if (!Classify(p, flow))
    {
        return;
    }
    Time local = m_senderClock->GetLocalTime();
    InFlight f{flow, Simulator::Now().GetNanoSeconds(), local.GetNanoSeconds(), IntervalOf(local)};
    m_inFlight[p->GetUid()] = f;
    RdaTruthTotals& t = m_totals[flow];
    t.flow = flow;
    ++t.sent;
    if (f.interval >= 0)
    {
        ++m_acc[{flow, static_cast<uint32_t>(f.interval)}].sent;
    }
}

void
RdaTruthCollector::OnRx(Ptr<const Packet> p, Ptr<Ipv4>, uint32_t)
{
    RdaFlowKey flow;
    if (!Classify(p, flow))
    {
        return;
    }
    auto it = m_inFlight.find(p->GetUid());
    if (it == m_inFlight.end())
    {
        auto t = m_totals.find(flow);
        if (t != m_totals.end())
        {
            ++t->second.duplicates; // a further copy of a delivered packet
        }
        return;
    }
    const InFlight f = it->second;
    m_inFlight.erase(it);
    Time local = m_receiverClock->GetLocalTime();
    long double trueDelay = Simulator::Now().GetNanoSeconds() - f.sentNs;
    long double localDelay = local.GetNanoSeconds() - f.localNs;
    RdaTruthTotals& t = m_totals[f.flow];
    ++t.delivered;
    Sums& td = m_totalDelay[f.flow];
    td.n += 1;
    td.s += trueDelay;
    if (f.interval < 0)
    {
        return;
    }
    Acc& a = m_acc[{f.flow, static_cast<uint32_t>(f.interval)}];
    auto add = [](Sums& s, long double x) {
        s.n += 1;
        s.s += x;
        s.q += x * x;
    };
    add(a.trueDelay, trueDelay);
    add(a.local, localDelay);
    int64_t ri = IntervalOf(local);
    if (ri == f.interval)
    {
        add(a.same, localDelay);
    }
    if (ri >= 0 && std::llabs(ri - f.interval) <= 1)
    {
        add(a.adjacent, localDelay);
    }
}

void
RdaTruthCollector::WatchPoints(Ptr<RdaMeasurementPoint> sender, Ptr<RdaMeasurementPoint> receiver)
{
    NS_LOG_FUNCTION(this << sender << receiver);
    if (!sender || !receiver)
    {
        chronometry::ReportConfigError(
            "ns3::RdaTruthCollector::WatchPoints needs both measurement points");
        return;
    }
    m_senderPoint = sender;
    m_receiverPoint = receiver;
    sender->TraceConnectWithoutContext("FlowObserved",
                                       MakeCallback(&RdaTruthCollector::SenderCached, this));
    receiver->TraceConnectWithoutContext("FlowObserved",
                                         MakeCallback(&RdaTruthCollector::ReceiverCached, this));
}

void
RdaTruthCollector::SenderCached(const RdaFlowKey& flow,
                                uint64_t id,
                                Time trueTime,
                                Time localTime,
                                uint32_t interval)
{
    Held& h = m_held[{flow, interval}];
    ++h.sender;
    h.pending[id] = {trueTime.GetNanoSeconds(), localTime.GetNanoSeconds()};
}

void
RdaTruthCollector::ReceiverCached(const RdaFlowKey& flow,
                                  uint64_t id,
                                  Time trueTime,
                                  Time localTime,
                                  uint32_t interval)
{
    Held& h = m_held[{flow, interval}];
    ++h.receiver;
    auto it = h.pending.find(id);
    if (it == h.pending.end())
    {
        return; // receiver-only in this interval
    }
    auto add = [](Sums& s, long double x) {
        s.n += 1;
        s.s += x;
        s.q += x * x;
    };
    add(h.trueDelay, static_cast<long double>(trueTime.GetNanoSeconds() - it->second.first));
    add(h.local, static_cast<long double>(localTime.GetNanoSeconds() - it->second.second));
    h.pending.erase(it);
}

bool
RdaTruthCollector::GetRow(const RdaFlowKey& flow, uint32_t interval, RdaTruthRow& row) const
{
    auto it = m_acc.find({flow, interval});
    if (it == m_acc.end())
    {
        return false;
    }
    const Acc& a = it->second;
    row = RdaTruthRow();
    row.flow = flow;
    row.interval = interval;
    row.sent = a.sent;
    row.delivered = static_cast<uint64_t>(a.trueDelay.n);
    MeanStd(a.trueDelay.n, a.trueDelay.s, a.trueDelay.q, row.trueMeanNs, row.trueStdNs);
    MeanStd(a.local.n, a.local.s, a.local.q, row.localMeanNs, row.localStdNs);
    row.sameInterval = static_cast<uint64_t>(a.same.n);
    MeanStd(a.same.n, a.same.s, a.same.q, row.sameLocalMeanNs, row.sameLocalStdNs);
    row.adjacent = static_cast<uint64_t>(a.adjacent.n);
    MeanStd(a.adjacent.n,
            a.adjacent.s,
            a.adjacent.q,
            row.adjacentLocalMeanNs,
            row.adjacentLocalStdNs);
    auto h = m_held.find({flow, interval});
    if (h != m_held.end())
    {
        const Held& x = h->second;
        row.senderHeld = x.sender;
        row.receiverHeld = x.receiver;
        row.held = static_cast<uint64_t>(x.trueDelay.n);
        MeanStd(x.trueDelay.n, x.trueDelay.s, x.trueDelay.q, row.heldTrueMeanNs, row.heldTrueStdNs);
        MeanStd(x.local.n, x.local.s, x.local.q, row.heldLocalMeanNs, row.heldLocalStdNs);
    }
    return true;
}

std::vector<RdaTruthRow>
RdaTruthCollector::GetRows() const
{
    std::vector<RdaTruthRow> out;
    for (const auto& [key, acc] : m_acc)
    {
        RdaTruthRow row;
        GetRow(key.first, key.second, row);
        out.push_back(row);
    }
    return out;
}

std::vector<RdaTruthTotals>
RdaTruthCollector::GetTotals() const
{
    std::vector<RdaTruthTotals> out;
    for (const auto& [flow, t] : m_totals)
    {
        RdaTruthTotals x = t;
        auto d = m_totalDelay.find(flow);
        if (d != m_totalDelay.end() && d->second.n > 0)
        {
            x.trueMeanNs = static_cast<double>(d->second.s / d->second.n);
        }
        out.push_back(x);
    }
    return out;
}

uint64_t
RdaTruthCollector::GetInFlight() const
{
    return m_inFlight.size();
}

} // namespace ns3
