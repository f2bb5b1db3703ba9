/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// RDA measurement points under real conditions, on a small self-built topology (two nodes,
// a LatencyChannel data link with Weibull delay, reordering and loss, a separate control
// link): the all-delivered truth against FlowMonitor, boundary matching, control
// retransmission, several flows, the raw-log fallback, malformed and late control
// messages; the Figure 7 decode transition (simulator-free).  A second suite,
// chronometry-rda-headline, runs the headline grid (1% / 10% loss x 0.2% / 2%
// reorder) and prints each method's error against the all-delivered truth and the wire
// bytes against the raw-log bytes.

#include "rda-prediction.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/latency-paper-experiments.h"
#include "ns3/lda-sketch.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"
#include "ns3/rda-helper.h"
#include "ns3/rda-receiver.h"
#include "ns3/rda-sender.h"
#include "ns3/rda-truth-collector.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>

using namespace ns3;

namespace
{

/**
 * \brief Drops the first control message of the given type for one interval (on the
 * device it is installed on as ReceiveErrorModel).
 */
class DropFirstControl : public ErrorModel
{
  public:
    /**
     * \param type message type to drop
     * \param interval interval it must belong to
     * \param count how many such messages to drop
     */
    DropFirstControl(RdaMessage::Type type, uint32_t interval, uint32_t count)
        : m_type(type),
          m_interval(interval),
          m_left(count)
    {
    }

    uint32_t dropped{0}; //!< messages dropped

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        if (m_left == 0)
        {
            return false;
        }
        Ptr<Packet> c = p->Copy();
        PppHeader ppp;
        Ipv4Header ip;
        UdpHeader udp;
        c->RemoveHeader(ppp);
        if (c->RemoveHeader(ip) == 0 || ip.GetProtocol() != 17 || ip.GetFragmentOffset() != 0 ||
            c->RemoveHeader(udp) == 0)
        {
            return false;
        }
        // a large message (a signature) comes in IP fragments: look at the first one's
        // prefix (magic, version, type, interval); losing it loses the datagram
        if (ip.GetFragmentOffset() != 0)
        {
            return false;
        }
        uint8_t b[8] = {0};
        if (c->CopyData(b, 8) < 8 || b[0] != 'R' || b[1] != 'D' || b[2] != RdaMessage::VERSION ||
            b[3] != m_type)
        {
            return false;
        }
        uint32_t interval = (uint32_t(b[4]) << 24) | (uint32_t(b[5]) << 16) |
                            (uint32_t(b[6]) << 8) | uint32_t(b[7]);
        if (interval != m_interval)
        {
            return false;
        }
        --m_left;
        ++dropped;
        return true;
    }

    void DoReset() override
    {
    }

    RdaMessage::Type m_type; //!< type dropped
    uint32_t m_interval;     //!< interval
    uint32_t m_left;         //!< drops left
};

/** \brief Parameters of the small scenario. */
struct Scenario
{
    double loss{0.01};                         //!< data loss
    double reorder{0.002};                     //!< reorder probability
    Time reorderMax{MilliSeconds(20)};         //!< reorder delay uniform in [0, this]
    Time packetInterval{MicroSeconds(100)};    //!< per flow
    uint32_t packetSize{200};                  //!< payload
    uint32_t flows{1};                         //!< UdpClients (distinct source ports)
    uint32_t intervals{4};                     //!< intervals
    Time intervalLength{MilliSeconds(100)};    //!< L
    Time receiverOffset{MicroSeconds(300)};    //!< receiver clock offset
    uint32_t run{1};                           //!< RngRun
    std::function<void(RdaHelper&)> configure; //!< extra point attributes
    Ptr<ErrorModel> toReceiverControl;         //!< error model on the receiver's control device
    Ptr<ErrorModel> toSenderControl;           //!< error model on the sender's control device
    bool keepCaches{false};                    //!< copy both sides' caches (LDA / FineComb)
    uint32_t garbage{0};                       //!< malformed datagrams to the sender
    uint32_t lateSignatures{0};                //!< well-formed SIGNATUREs for interval 0, late
    Time trafficStop{0};                       //!< clients stop then (0: after the last interval)
};

/** \brief What a scenario run gives. */
struct Outcome
{
    std::vector<RdaIntervalReport> reports; //!< sender reports
    std::vector<RdaTruthRow> truth;         //!< per flow and send interval
    std::vector<RdaTruthTotals> totals;     //!< per flow
    double fmMeanNs{0};                     //!< FlowMonitor mean delay (all flows)
    uint64_t fmRx{0};                       //!< FlowMonitor received packets
    uint64_t fmTx{0};                       //!< FlowMonitor sent packets
    uint64_t malformed{0};                  //!< both points
    uint64_t unexpected{0};                 //!< both points
    uint64_t senderRetransmissions{0};      //!< sender requests again
    uint64_t receiverRetransmissions{0};    //!< receiver signatures again
    std::map<std::pair<RdaFlowKey, uint32_t>, LatencyIntervalCache> caches[2]; //!< if kept

    /**
     * \param flow flow
     * \param i interval
     * \return the truth row (default if none)
     */
    RdaTruthRow Truth(const RdaFlowKey& flow, uint32_t i) const
    {
        for (const auto& t : truth)
        {
            if (t.flow == flow && t.interval == i)
            {
                return t;
            }
        }
        return RdaTruthRow();
    }
};

/** Caches by flow and interval. */
using CacheStore = std::map<std::pair<RdaFlowKey, uint32_t>, LatencyIntervalCache>;

/**
 * FlowCacheReleased sink: keep a copy.
 * \param store where
 * \param f flow
 * \param i interval
 * \param c cache
 */
void
KeepCache(CacheStore* store, const RdaFlowKey& f, uint32_t i, const LatencyIntervalCache& c)
{
    (*store)[{f, i}] = c;
}

/**
 * \param s scenario
 * \return outcome
 */
Outcome
RunScenario(const Scenario& s)
{
    RngSeedManager::SetSeed(7);
    RngSeedManager::SetRun(s.run);
    NodeContainer nodes;
    nodes.Create(2);
    Ptr<Node> a = nodes.Get(0);
    Ptr<Node> b = nodes.Get(1);
    ClockHelper senderClock;
    senderClock.Install(a);
    ClockHelper receiverClock;
    receiverClock.SetOffset(CreateObjectWithAttributes<ConstantRandomVariable>(
        "Constant",
        DoubleValue(static_cast<double>(s.receiverOffset.GetNanoSeconds()))));
    receiverClock.Install(b);

    RdaHelper rda;
    Ptr<WeibullRandomVariable> wb = CreateObject<WeibullRandomVariable>();
    wb->SetAttribute("Shape", DoubleValue(0.7));
    wb->SetAttribute("Scale", DoubleValue(50e-6));
    Ptr<UniformRandomVariable> rd = CreateObject<UniformRandomVariable>();
    rd->SetAttribute("Min", DoubleValue(0));
    rd->SetAttribute("Max", DoubleValue(s.reorderMax.GetSeconds()));
    rda.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    rda.SetChannelAttribute("ExtraDelay", PointerValue(wb));
    rda.SetChannelAttribute("ReorderDelay", PointerValue(rd));
    rda.SetChannelAttribute("ReorderProbability", DoubleValue(s.reorder));
    NetDeviceContainer data = rda.InstallLink(a, b);
    rda.AssignStreams(30);
    Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
    em->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
    em->SetAttribute("ErrorRate", DoubleValue(s.loss));
    em->AssignStreams(40);
    data.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));

    PointToPointHelper ctl;
    ctl.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    ctl.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer control = ctl.Install(a, b);
    if (s.toReceiverControl)
    {
        control.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(s.toReceiverControl));
    }
    if (s.toSenderControl)
    {
        control.Get(0)->SetAttribute("ReceiveErrorModel", PointerValue(s.toSenderControl));
    }
    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addr;
    addr.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer dataIf = addr.Assign(data);
    addr.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer ctlIf = addr.Assign(control);

    const Time t0 = Seconds(1);
    const Time end = t0 + s.intervalLength * static_cast<int64_t>(s.intervals);
    UdpServerHelper sink(9000);
    sink.Install(b).Start(Seconds(0.5));
    for (uint32_t f = 0; f < s.flows; ++f)
    {
        UdpClientHelper client(dataIf.GetAddress(1), 9000);
        client.SetAttribute("MaxPackets", UintegerValue(1u << 30));
        client.SetAttribute("Interval", TimeValue(s.packetInterval));
        client.SetAttribute("PacketSize", UintegerValue(s.packetSize + 10 * f));
        ApplicationContainer app = client.Install(a);
        app.Start(t0 - MilliSeconds(50) + MicroSeconds(7 * f));
        app.Stop(s.trafficStop.IsStrictlyPositive() ? s.trafficStop : end + MilliSeconds(50));
    }

    rda.SetPointAttribute("IntervalStart", TimeValue(t0));
    rda.SetPointAttribute("IntervalLength", TimeValue(s.intervalLength));
    rda.SetPointAttribute("Intervals", UintegerValue(s.intervals));
    if (s.configure)
    {
        s.configure(rda);
    }
    ApplicationContainer points = rda.Install(a, ctlIf.GetAddress(0), b, ctlIf.GetAddress(1));
    points.Start(Seconds(0.1));
    Ptr<RdaSender> sender = DynamicCast<RdaSender>(points.Get(0));
    Ptr<RdaReceiver> receiver = DynamicCast<RdaReceiver>(points.Get(1));

    Ptr<RdaTruthCollector> truth =
        CreateObjectWithAttributes<RdaTruthCollector>("IntervalStart",
                                                      TimeValue(t0),
                                                      "IntervalLength",
                                                      TimeValue(s.intervalLength),
                                                      "Intervals",
                                                      UintegerValue(s.intervals));
    truth->Install(a, b);

    Outcome out;
    if (s.keepCaches)
    {
        for (int k = 0; k < 2; ++k)
        {
            auto* store = &out.caches[k];
            points.Get(k)->TraceConnectWithoutContext("FlowCacheReleased",
                                                      MakeBoundCallback(&KeepCache, store));
        }
    }
    if (s.garbage > 0 || s.lateSignatures > 0)
    {
        Ptr<Socket> junk = Socket::CreateSocket(b, UdpSocketFactory::GetTypeId());
        junk->Bind();
        Ipv4Address to = ctlIf.GetAddress(0);
        for (uint32_t g = 0; g < s.garbage; ++g)
        {
            std::vector<uint8_t> bytes{'R', 'D', RdaMessage::VERSION, 3, 0, 0, 0};
            bytes.resize(7 + g % 11, static_cast<uint8_t>(g));
            Simulator::Schedule(t0 + MicroSeconds(997 * g), [junk, bytes, to]() {
                junk->SendTo(Create<Packet>(bytes.data(), bytes.size()),
                             0,
                             InetSocketAddress(to, 9100));
            });
        }
        for (uint32_t g = 0; g < s.lateSignatures; ++g)
        {
            RdaMessage m;
            m.type = RdaMessage::SIGNATURE;
            m.interval = 0;
            m.flows = 1;
            m.setSize = 5;
            m.values = {1, 2, 3};
            std::vector<uint8_t> bytes = m.Encode();
            Simulator::Schedule(end + s.intervalLength + MilliSeconds(g), [junk, bytes, to]() {
                junk->SendTo(Create<Packet>(bytes.data(), bytes.size()),
                             0,
                             InetSocketAddress(to, 9100));
            });
        }
    }

    FlowMonitorHelper fmh;
    Ptr<FlowMonitor> fm = fmh.Install(nodes);
    Simulator::Stop(end + Seconds(2));
    Simulator::Run();

    out.reports = sender->GetReports();
    out.truth = truth->GetRows();
    out.totals = truth->GetTotals();
    out.malformed = sender->GetMalformedCount() + receiver->GetMalformedCount();
    out.unexpected = sender->GetUnexpectedCount() + receiver->GetUnexpectedCount();
    out.senderRetransmissions = sender->GetRetransmissions();
    out.receiverRetransmissions = receiver->GetRetransmissions();
    fm->CheckForLostPackets();
    Ptr<Ipv4FlowClassifier> cls = DynamicCast<Ipv4FlowClassifier>(fmh.GetClassifier());
    long double delay = 0;
    for (const auto& kv : fm->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple t = cls->FindFlow(kv.first);
        if (t.destinationPort == 9000)
        {
            delay += kv.second.delaySum.GetNanoSeconds();
            out.fmRx += kv.second.rxPackets;
            out.fmTx += kv.second.txPackets;
        }
    }
    out.fmMeanNs = out.fmRx ? static_cast<double>(delay / out.fmRx) : 0;
    truth->Dispose();
    Simulator::Destroy();
    return out;
}

/**
 * \param est estimate
 * \param truth truth
 * \return |est - truth| / |truth|
 */
double
Rel(double est, double truth)
{
    return truth == 0 ? std::fabs(est) : std::fabs(est - truth) / std::fabs(truth);
}

/** \brief All-delivered truth against FlowMonitor, with loss and reordering on. */
class TruthFlowMonitorTestCase : public TestCase
{
  public:
    TruthFlowMonitorTestCase()
        : TestCase("all-delivered truth agrees with FlowMonitor under loss and reordering")
    {
    }

  private:
    void DoRun() override
    {
        for (double reorder : {0.002, 0.02})
        {
            Scenario s;
            s.loss = 0.1;
            s.reorder = reorder;
            s.flows = 2;
            Outcome o = RunScenario(s);
            uint64_t sent = 0;
            uint64_t delivered = 0;
            long double sum = 0;
            for (const auto& t : o.totals)
            {
                sent += t.sent;
                delivered += t.delivered;
                sum += t.trueMeanNs * t.delivered;
            }
            double mean = static_cast<double>(sum / delivered);
            std::cout << "[rda-measurement] reorder " << reorder << " truth mean " << mean
                      << " ns over " << delivered << " delivered; FlowMonitor " << o.fmMeanNs
                      << " ns over " << o.fmRx << std::endl;
            NS_TEST_ASSERT_MSG_EQ(o.totals.size(), 2u, "two flows");
            NS_TEST_ASSERT_MSG_EQ(delivered, o.fmRx, "every delivered packet counted once");
            NS_TEST_ASSERT_MSG_EQ(sent, o.fmTx, "every sent packet counted");
            NS_TEST_ASSERT_MSG_LT(Rel(mean, o.fmMeanNs), 0.01, "within 1% of FlowMonitor");
            // the per-interval rows cover the packets sent inside the measured window
            uint64_t rows = 0;
            uint64_t same = 0;
            for (const auto& r : o.truth)
            {
                rows += r.delivered;
                same += r.sameInterval;
            }
            NS_TEST_ASSERT_MSG_GT(rows, delivered * 0.8, "the window holds most packets");
            // A packet sent uniformly in [0, L) with delay l, on a receiver clock c ahead,
            // arrives in the same receiver interval with probability 1 - (l + c) / L (every
            // delay here is far below L - c): the share is 1 - (E[l] + c) / L from the
            // configuration (100 us + 230 bytes at 1 Gbps + Weibull(0.7, 50 us) + reorder),
            // within 3 binomial sigmas. Fails if the truth placed arrivals by the sender's
            // clock (share 1 - E[l] / L, more than 3 sigmas off) or by true time.
            const double meanNs = 100000 + 1840 + 50000 * std::tgamma(1 + 1 / 0.7) +
                                  reorder * s.reorderMax.GetNanoSeconds() / 2;
            const double lengthNs = s.intervalLength.GetNanoSeconds();
            const double share = 1 - (meanNs + s.receiverOffset.GetNanoSeconds()) / lengthNs;
            const double sigma = std::sqrt(share * (1 - share) / rows);
            std::cout << "[rda-measurement] same-interval share " << double(same) / rows
                      << ", predicted " << share << " +- " << sigma << std::endl;
            NS_TEST_ASSERT_MSG_EQ_TOL(double(same) / rows,
                                      share,
                                      3 * sigma,
                                      "same-interval share from the configuration");
        }
    }
};

/** \brief Boundary matching lowers the interval-matching bias. */
class BoundaryMatchingTestCase : public TestCase
{
  public:
    BoundaryMatchingTestCase()
        : TestCase("boundary matching lowers the bias against the all-delivered truth")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s;
        s.loss = 0.01;
        s.reorder = 0.02;
        s.reorderMax = MilliSeconds(40);
        s.intervals = 5;
        s.configure = [](RdaHelper& h) {
            h.SetSenderAttribute("Exchange", EnumValue(RdaSender::SKETCH));
        };
        Outcome o = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(o.reports.size(), 5u, "one report per interval");
        double errInterval = 0;
        double errMatched = 0;
        double bias = 0;
        for (const auto& r : o.reports)
        {
            RdaTruthRow t = o.Truth(r.flow, r.interval);
            NS_TEST_ASSERT_MSG_EQ(r.decoded, true, "decoded");
            NS_TEST_ASSERT_MSG_EQ(r.timedOut, false, "finished");
            // per-interval matching estimates the same-interval packets exactly ...
            NS_TEST_ASSERT_MSG_LT(Rel(r.estimate.meanNs, t.sameLocalMeanNs), 1e-9, "exact");
            // ... and boundary matching adds exactly those received in i-1 and i+1
            NS_TEST_ASSERT_MSG_EQ(r.boundaryMatched, t.adjacent - t.sameInterval, "matched");
            NS_TEST_ASSERT_MSG_LT(Rel(r.matchedEstimate.meanNs, t.adjacentLocalMeanNs),
                                  1e-9,
                                  "exact over the adjacent packets");
            errInterval += Rel(r.estimate.meanNs, t.localMeanNs);
            errMatched += Rel(r.matchedEstimate.meanNs, t.localMeanNs);
            bias += std::fabs(t.MatchingBiasNs());
        }
        std::cout << "[rda-measurement] mean rel error vs all delivered: interval "
                  << errInterval / 5 << ", boundary-matched " << errMatched / 5 << "; mean |bias| "
                  << bias / 5 << " ns" << std::endl;
        NS_TEST_ASSERT_MSG_GT(errInterval / 5, 0.05, "the interval-only bias is real");
        NS_TEST_ASSERT_MSG_LT(errMatched, 0.5 * errInterval, "boundary matching halves it");
        // without boundary matching the reports come with no matched packets
        s.configure = [](RdaHelper& h) {
            h.SetSenderAttribute("Exchange", EnumValue(RdaSender::SKETCH));
            h.SetSenderAttribute("BoundaryMatching", BooleanValue(false));
        };
        Outcome off = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(off.reports.size(), 5u, "reports");
        for (size_t i = 0; i < off.reports.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(off.reports[i].boundaryMatched, 0u, "off");
        }
    }
};

/** \brief A lost control message is recovered by retransmission. */
class RetransmissionTestCase : public TestCase
{
  public:
    RetransmissionTestCase()
        : TestCase("a lost request or signature is recovered by retransmission")
    {
    }

  private:
    void DoRun() override
    {
        Scenario base;
        base.intervals = 3;
        base.configure = [](RdaHelper& h) {
            h.SetSenderAttribute("Exchange", EnumValue(RdaSender::SKETCH));
        };
        Outcome clean = RunScenario(base);
        NS_TEST_ASSERT_MSG_EQ(clean.reports.size(), 3u, "reports");
        NS_TEST_ASSERT_MSG_EQ(clean.senderRetransmissions, 0u, "no loss, no retransmission");

        for (auto type : {RdaMessage::SKETCH_REQUEST, RdaMessage::TS_REQUEST})
        {
            for (uint32_t retries : {0u, 5u})
            {
                Scenario s = base;
                Ptr<DropFirstControl> drop = CreateObject<DropFirstControl>(type, 1, 1);
                s.toReceiverControl = drop;
                s.configure = [retries](RdaHelper& h) {
                    h.SetSenderAttribute("Exchange", EnumValue(RdaSender::SKETCH));
                    h.SetPointAttribute("MaxRetries", UintegerValue(retries));
                };
                Outcome o = RunScenario(s);
                if (drop->dropped == 0)
                {
                    // no receiver-only packet in interval 1: no TS_REQUEST to lose
                    NS_TEST_ASSERT_MSG_EQ(type, RdaMessage::TS_REQUEST, "the request was sent");
                    continue;
                }
                const RdaIntervalReport* r1 = nullptr;
                for (const auto& r : o.reports)
                {
                    r1 = r.interval == 1 ? &r : r1;
                }
                NS_TEST_ASSERT_MSG_NE(r1, nullptr, "interval 1 reported");
                if (retries == 0)
                {
                    NS_TEST_ASSERT_MSG_EQ(r1->timedOut, true, "without retries it times out");
                    continue;
                }
                NS_TEST_ASSERT_MSG_EQ(r1->timedOut, false, "recovered");
                NS_TEST_ASSERT_MSG_GT(r1->retransmissions, 0u, "by a retransmission");
                NS_TEST_ASSERT_MSG_EQ(r1->decoded, true, "decoded");
                NS_TEST_ASSERT_MSG_EQ(Rel(r1->estimate.meanNs, clean.reports[1].estimate.meanNs),
                                      0.0,
                                      "same estimate as without the loss");
                NS_TEST_ASSERT_MSG_GT(r1->wireBytes,
                                      clean.reports[1].wireBytes,
                                      "the retransmission is paid for on the wire");
            }
        }
        // a lost SIGNATURE: the receiver sends it again
        Scenario s = base;
        Ptr<DropFirstControl> drop = CreateObject<DropFirstControl>(RdaMessage::SIGNATURE, 2, 1);
        s.toSenderControl = drop;
        Outcome o = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(drop->dropped, 1u, "signature dropped");
        NS_TEST_ASSERT_MSG_GT(o.receiverRetransmissions, 0u, "signature sent again");
        NS_TEST_ASSERT_MSG_EQ(o.reports.size(), 3u, "reports");
        NS_TEST_ASSERT_MSG_EQ(o.reports[2].timedOut, false, "recovered");
        NS_TEST_ASSERT_MSG_EQ(Rel(o.reports[2].estimate.meanNs, clean.reports[2].estimate.meanNs),
                              0.0,
                              "same estimate");
    }
};

/** \brief Several flows through one pair of points: one sketch and report each. */
class SeveralFlowsTestCase : public TestCase
{
  public:
    SeveralFlowsTestCase()
        : TestCase("several flows keyed by 5-tuple, each with its own report")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s;
        s.flows = 3;
        s.loss = 0.05;
        s.reorder = 0.01;
        s.intervals = 3;
        Outcome o = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(o.reports.size(), 9u, "3 flows x 3 intervals");
        std::set<RdaFlowKey> flows;
        std::map<RdaFlowKey, uint64_t> perFlow;
        for (const auto& r : o.reports)
        {
            flows.insert(r.flow);
            RdaTruthRow t = o.Truth(r.flow, r.interval);
            std::cout << "[rda-measurement] flow " << r.flow.ToString() << " interval "
                      << r.interval << ": d-hat " << r.dHat << " upper " << r.dUpper << " m "
                      << r.bucketsPerBank << " decoded " << r.decoded << " sender-only "
                      << r.senderOnly << " receiver-only " << r.receiverOnly << " invalid "
                      << r.invalidEntries << " raw " << r.rawExchange << std::endl;
            NS_TEST_ASSERT_MSG_EQ(r.decoded, true, "decoded");
            NS_TEST_ASSERT_MSG_GT(t.delivered, 0u, "truth for the flow");
            NS_TEST_ASSERT_MSG_EQ(r.senderPackets, t.sent, "the flow's own packets");
            NS_TEST_ASSERT_MSG_LT(Rel(r.estimate.meanNs, t.sameLocalMeanNs),
                                  1e-9,
                                  "each flow estimated on its own packets");
            NS_TEST_ASSERT_MSG_LT(Rel(r.matchedEstimate.meanNs, t.adjacentLocalMeanNs),
                                  1e-9,
                                  "boundary matching per flow");
            perFlow[r.flow] += r.senderPackets;
        }
        NS_TEST_ASSERT_MSG_EQ(flows.size(), 3u, "three distinct 5-tuples");
        for (const auto& f : flows)
        {
            NS_TEST_ASSERT_MSG_EQ(f.dstPort, 9000, "same destination");
            NS_TEST_ASSERT_MSG_GT(perFlow[f], 2000u, "each flow has its packets");
        }
    }
};

/** \brief The raw-log fallback, and wire bytes against raw-log bytes. */
class RawFallbackTestCase : public TestCase
{
  public:
    RawFallbackTestCase()
        : TestCase("raw-log fallback when it is cheaper; wire bytes beside raw-log bytes")
    {
    }

  private:
    void DoRun() override
    {
        // few packets and heavy loss: the receiver's log is smaller than any sketch
        Scenario sparse;
        sparse.loss = 0.3;
        sparse.packetInterval = MilliSeconds(2);
        sparse.intervals = 3;
        Outcome o = RunScenario(sparse);
        NS_TEST_ASSERT_MSG_EQ(o.reports.size(), 3u, "reports");
        for (const auto& r : o.reports)
        {
            RdaTruthRow t = o.Truth(r.flow, r.interval);
            NS_TEST_ASSERT_MSG_EQ(r.rawExchange, true, "raw is cheaper");
            NS_TEST_ASSERT_MSG_EQ(r.decoded, true, "exact");
            NS_TEST_ASSERT_MSG_EQ(r.wireBytes,
                                  r.rawLogBytes + r.signatureBytes,
                                  "cost as predicted");
            NS_TEST_ASSERT_MSG_LT(Rel(r.estimate.meanNs, t.sameLocalMeanNs), 1e-9, "exact");
        }
        // many packets and light loss: the sketch wins and says by how much
        Scenario dense;
        dense.loss = 0.01;
        dense.packetInterval = MicroSeconds(20);
        dense.intervals = 3;
        Outcome d = RunScenario(dense);
        NS_TEST_ASSERT_MSG_EQ(d.reports.size(), 3u, "reports");
        for (const auto& r : d.reports)
        {
            std::cout << "[rda-measurement] dense interval " << r.interval << ": wire "
                      << r.wireBytes << " B, raw log " << r.rawLogBytes << " B, sketch "
                      << r.sketchBytes << " B, d-hat " << r.dHat << " upper " << r.dUpper << ", m "
                      << r.bucketsPerBank << std::endl;
            NS_TEST_ASSERT_MSG_EQ(r.rawExchange, false, "sketch is cheaper");
            NS_TEST_ASSERT_MSG_EQ(r.decoded, true, "decoded");
            NS_TEST_ASSERT_MSG_LT(r.wireBytes, r.rawLogBytes / 2, "sketch pays for itself");
        }
    }
};

/** \brief The fixed-m mode (FixedBuckets), and where it breaks: too few buckets. */
class FixedBucketsTestCase : public TestCase
{
  public:
    FixedBucketsTestCase()
        : TestCase("fixed-m mode: the given size is used; too small a size fails to decode")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t m : {400u, 8u})
        {
            Scenario s;
            s.loss = 0.05;
            s.intervals = 3;
            s.configure = [m](RdaHelper& h) {
                h.SetSenderAttribute("Exchange", EnumValue(RdaSender::SKETCH));
                h.SetSenderAttribute("FixedBuckets", UintegerValue(m));
            };
            Outcome o = RunScenario(s);
            NS_TEST_ASSERT_MSG_EQ(o.reports.size(), 3u, "reports");
            for (const auto& r : o.reports)
            {
                RdaTruthRow t = o.Truth(r.flow, r.interval);
                NS_TEST_ASSERT_MSG_EQ(r.bucketsPerBank, m, "the fixed size");
                NS_TEST_ASSERT_MSG_EQ(r.sketchBytes, 3u * m * 32, "k m buckets of 32 bytes");
                NS_TEST_ASSERT_MSG_EQ(r.timedOut, false, "finished");
                if (m == 400)
                {
                    NS_TEST_ASSERT_MSG_EQ(r.decoded, true, "8 buckets per difference decode");
                    NS_TEST_ASSERT_MSG_LT(Rel(r.estimate.meanNs, t.sameLocalMeanNs), 1e-9, "exact");
                }
                else
                {
                    // d ~ 50 differences in 24 cells: peeling cannot start
                    NS_TEST_ASSERT_MSG_EQ(r.decoded, false, "too small to decode");
                    NS_TEST_ASSERT_MSG_LT(r.estimate.usefulPackets,
                                          0.5 * t.sameInterval,
                                          "most packets lost to damaged buckets");
                }
            }
        }
    }
};

/** \brief Malformed and late control messages are counted and dropped. */
class BadControlTestCase : public TestCase
{
  public:
    BadControlTestCase()
        : TestCase("malformed and late control messages are counted and dropped")
    {
    }

  private:
    void DoRun() override
    {
        Scenario s;
        s.intervals = 3;
        Outcome clean = RunScenario(s);
        s.garbage = 20;
        s.lateSignatures = 3;
        Outcome o = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(o.malformed, 20u, "every malformed datagram counted");
        NS_TEST_ASSERT_MSG_EQ(o.unexpected, 3u, "every late signature counted");
        NS_TEST_ASSERT_MSG_EQ(o.reports.size(), clean.reports.size(), "reports unchanged");
        for (size_t i = 0; i < o.reports.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(o.reports[i].estimate.meanNs,
                                  clean.reports[i].estimate.meanNs,
                                  "estimates unchanged");
        }
        // intervals without any flow: announced, acknowledged, nothing unexpected, no report
        Scenario quiet;
        quiet.intervals = 3;
        quiet.trafficStop = Seconds(1) + MilliSeconds(50);
        Outcome q = RunScenario(quiet);
        NS_TEST_ASSERT_MSG_EQ(q.reports.size(), 1u, "only the interval with traffic");
        NS_TEST_ASSERT_MSG_EQ(q.unexpected, 0u, "empty announcements acknowledged");
        NS_TEST_ASSERT_MSG_EQ(q.receiverRetransmissions, 0u, "and not sent again");
    }
};

/** \brief Figure 7: the sharp decode transition at 5000 buckets (simulator-free). */
class Figure7TransitionTestCase : public TestCase
{
  public:
    Figure7TransitionTestCase()
        : TestCase("Figure 7: sharp decode transition near d = 2000 at 5000 buckets")
    {
    }

  private:
    void DoRun() override
    {
        auto at = [](uint64_t d) {
            RdaTransitionParams p;
            p.difference = d;
            p.trials = 12;
            p.commonPackets = 5000;
            return RunRdaTransition(p);
        };
        // k = 2 banks of 2500: the 2-core of the random bipartite graph of differences
        // becomes giant at d = 2500; below it, short cycles leave a few entries (probability
        // about -ln(1 - (d / 2500)^2) / 2 per interval)
        RdaTransitionPoint below = at(500);
        RdaTransitionPoint mid = at(1000);
        RdaTransitionPoint above = at(3500);
        RdaTransitionPoint far = at(8000);
        std::cout << "[rda-measurement] Figure 7: decoded fraction / mean rel error: d = 500 "
                  << below.decodedFraction << " / " << below.rdaMeanRelErr << "; d = 1000 "
                  << mid.decodedFraction << " / " << mid.rdaMeanRelErr << "; d = 3500 "
                  << above.decodedFraction << " / " << above.rdaMeanRelErr << " (LDA "
                  << above.ldaMeanRelErr << "); d = 8000 " << far.decodedFraction << " / "
                  << far.rdaMeanRelErr << std::endl;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(below.decodedFraction, 0.9, "well below, (nearly) all decode");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(mid.decodedFraction, 0.5, "at 1000 most decode");
        NS_TEST_ASSERT_MSG_EQ(above.decodedFraction, 0.0, "above the transition none does");
        NS_TEST_ASSERT_MSG_EQ(far.decodedFraction, 0.0, "nor far above");
        NS_TEST_ASSERT_MSG_GT(above.rdaMeanRelErr,
                              std::max(1e-6, 20 * below.rdaMeanRelErr),
                              "the error jumps across the transition");
        NS_TEST_ASSERT_MSG_LT(above.rdaMeanRelErr, above.ldaMeanRelErr, "still below LDA");
        NS_TEST_ASSERT_MSG_GT(far.rdaMeanRelErr, above.rdaMeanRelErr, "and grows with d");
    }
};

/**
 * \brief The headline grid: 1% / 10% loss x 0.2% / 2% reorder (reorder delay up
 * to one interval, 10^4 packets per interval), each method scored against the truth over
 * every delivered packet of its send interval, with the wire bytes beside the raw-log bytes.
 */
class HeadlineTestCase : public TestCase
{
  public:
    HeadlineTestCase()
        : TestCase("headline: error against all delivered packets, wire bytes vs raw log")
    {
    }

  private:
    void DoRun() override
    {
        std::cout << std::setprecision(3)
                  << "[rda-headline] mean |relative error| of the mean (std) against all "
                     "delivered packets per send interval; bias = same-interval truth minus "
                     "all-delivered truth\n"
                  << "[rda-headline] loss reorder | bias | RDA interval | RDA+boundary | LDA "
                     "| FineComb | wire B | raw-log B | sketch B | exchange"
                  << std::endl;
        for (double loss : {0.01, 0.1})
        {
            for (double reorder : {0.002, 0.02})
            {
                Scenario s;
                s.loss = loss;
                s.reorder = reorder;
                s.reorderMax = MilliSeconds(100);
                s.packetInterval = MicroSeconds(10);
                s.intervals = 5;
                s.keepCaches = true;
                Outcome o = RunScenario(s);
                NS_TEST_ASSERT_MSG_EQ(o.reports.size(), 5u, "one report per interval");
                double bias = 0;
                double e[4] = {0, 0, 0, 0};
                double es[4] = {0, 0, 0, 0};
                double wire = 0;
                double raw = 0;
                double sketch = 0;
                uint32_t rawChosen = 0;
                uint32_t decoded = 0;
                double innerMatched = 0;         // RDA+boundary without the last interval
                std::vector<double> innerBiasNs; // same-interval minus all-delivered mean, inner
                for (const auto& r : o.reports)
                {
                    RdaTruthRow t = o.Truth(r.flow, r.interval);
                    NS_TEST_ASSERT_MSG_EQ(r.timedOut, false, "finished");
                    bias += t.MatchingBiasNs() / t.localMeanNs;
                    const LatencyIntervalCache& cs = o.caches[0][{r.flow, r.interval}];
                    const LatencyIntervalCache& cr = o.caches[1][{r.flow, r.interval}];
                    uint64_t memory = static_cast<uint64_t>(r.banks) * r.bucketsPerBank * 32;
                    uint32_t lb = std::max<uint64_t>(1, memory / LdaSketch::BucketBytes());
                    uint32_t fb = std::max<uint64_t>(1, memory / FineCombSketch::BucketBytes());
                    LatencyEstimate lda = LdaSketch::Aggregate(cs.BuildLda(lb, 3),
                                                               cr.BuildLda(lb, 3),
                                                               LatencyVarianceEstimator::CENTERED);
                    LatencyEstimate fc =
                        FineCombSketch::Aggregate(cs.BuildFineComb(fb, 3),
                                                  cr.BuildFineComb(fb, 3),
                                                  cs.EdgeStash(std::min<uint32_t>(fb, 1000)),
                                                  cr.EdgeStash(std::min<uint32_t>(fb, 1000)),
                                                  4096,
                                                  LatencyVarianceEstimator::CENTERED);
                    const LatencyEstimate* m[4] = {&r.estimate, &r.matchedEstimate, &lda, &fc};
                    for (int k = 0; k < 4; ++k)
                    {
                        e[k] += Rel(m[k]->meanNs, t.localMeanNs);
                        es[k] += Rel(m[k]->stdNs, t.localStdNs);
                    }
                    if (r.interval + 1 < s.intervals)
                    {
                        innerMatched += Rel(r.matchedEstimate.meanNs, t.localMeanNs);
                        innerBiasNs.push_back(t.MatchingBiasNs());
                    }
                    decoded += r.decoded;
                    wire += r.wireBytes;
                    raw += r.rawLogBytes;
                    sketch += r.sketchBytes;
                    rawChosen += r.rawExchange;
                }
                double n = o.reports.size();
                std::cout << "[rda-headline] " << loss << " " << reorder << " | " << bias / n;
                for (int k = 0; k < 4; ++k)
                {
                    std::cout << " | " << e[k] / n << " (" << es[k] / n << ")";
                }
                std::cout << " | " << wire / n << " | " << raw / n << " | " << sketch / n << " | "
                          << (rawChosen ? "raw" : "sketch") << " | decoded " << decoded << "/"
                          << o.reports.size() << " | RDA+boundary without the last interval "
                          << innerMatched / (n - 1) << std::endl;
                NS_TEST_ASSERT_MSG_LT(wire, raw, "the sketch pays for itself");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(e[1], e[0] + 1e-12, "boundary matching never hurts");
                // (RDA + boundary is exact on the inner intervals by construction here, R = L:
                // not asserted.) The matching bias, from the configuration alone: 100 us + 230
                // bytes at 1 Gbps + Weibull(0.7, 50 us), a share `reorder` delayed uniformly in
                // [0, 100 ms], the receiver 300 us ahead; within 3 SE of the inner intervals'
                // mean. Fails if the truth placed arrivals otherwise than the receiver's clock
                // does, or the prediction needed a measured sigma.
                chronometry::test::RdaConfig c;
                c.reorderRate = reorder;
                c.reorderMaxNs = 1e8;
                c.clockNs = s.receiverOffset.GetNanoSeconds();
                const double predicted = chronometry::test::PredictRda(c).rdaErrNs - c.clockNs;
                double se = 0;
                const double measured = chronometry::test::MeanSe(innerBiasNs, se);
                std::cout << "[rda-headline] matching bias, inner intervals: " << measured << " +- "
                          << se << " ns, predicted from the configuration " << predicted << " ns"
                          << std::endl;
                NS_TEST_ASSERT_MSG_LT(std::fabs(measured - predicted),
                                      3 * se,
                                      "the configuration predicts the bias within 3 SE");
            }
        }
    }
};

/** \brief chronometry-rda-headline */
class RdaHeadlineTestSuite : public TestSuite
{
  public:
    RdaHeadlineTestSuite()
        : TestSuite("chronometry-rda-headline", Type::UNIT)
    {
        AddTestCase(new HeadlineTestCase, chronometry::TestDuration::QUICK);
    }
};

RdaHeadlineTestSuite g_rdaHeadlineTestSuite; //!< instance

/** \brief chronometry-rda-measurement */
class RdaMeasurementTestSuite : public TestSuite
{
  public:
    RdaMeasurementTestSuite()
        : TestSuite("chronometry-rda-measurement", Type::UNIT)
    {
        AddTestCase(new TruthFlowMonitorTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BoundaryMatchingTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RetransmissionTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SeveralFlowsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RawFallbackTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new BadControlTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new FixedBucketsTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new Figure7TransitionTestCase, chronometry::TestDuration::QUICK);
    }
};

RdaMeasurementTestSuite g_rdaMeasurementTestSuite; //!< instance

} // namespace
