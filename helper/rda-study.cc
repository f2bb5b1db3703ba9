/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rda-study.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/latency-channel.h"
#include "ns3/lda-sketch.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rda-helper.h"
#include "ns3/rda-measurement-point.h"

#include <cmath>
#include <iomanip>
#include <map>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaStudy");

namespace
{
/**
 * \brief The study's ground truth, kept per interval and freed as the measurement points
 * release their caches, so that a long study holds O(intervals in flight) packets.
 *
 * Every interval's result is computed once both points have released (or, at the end,
 * still hold) their cache of it: true latencies come from the per-interval true-time logs,
 * LDA and FineComb are built from the two caches at the RDA sketch's memory.
 */
class RdaTruth
{
  public:
    /**
     * \param p the study's parameters
     */
    explicit RdaTruth(const RdaStudyParams& p)
        : m_params(p),
          m_trueTime{std::vector<std::map<uint64_t, int64_t>>(p.intervals),
                     std::vector<std::map<uint64_t, int64_t>>(p.intervals)},
          m_results(p.intervals),
          m_computed(p.intervals, false)
    {
        for (auto& side : m_released)
        {
            side.resize(p.intervals);
        }
        for (uint32_t i = 0; i < p.intervals; ++i)
        {
            m_results[i].interval = i;
        }
    }

    /**
     * Observed trace of side k (0 sender, 1 receiver).
     * \param self the collector
     * \param k side
     * \param id packet id
     * \param t true time
     * \param i interval
     */
    static void Observed(RdaTruth* self, int k, uint64_t id, Time t, Time /* local */, uint32_t i)
    {
        self->m_trueTime[k][i][id] = t.GetNanoSeconds();
        if (k == 0)
        {
            ++self->m_sent;
            self->m_inFlight[id] = {t.GetNanoSeconds(), i};
            return;
        }
        // Overall truth: every first reception of a packet the sender point saw (any interval).
        auto it = self->m_inFlight.find(id);
        if (it != self->m_inFlight.end())
        {
            self->m_everySum += t.GetNanoSeconds() - it->second.first;
            ++self->m_everyCount;
            self->m_inFlight.erase(it);
        }
    }

    /**
     * CacheReleased trace of side k.
     * \param self the collector
     * \param k side
     * \param i interval
     * \param cache the released cache
     */
    static void Released(RdaTruth* self, int k, uint32_t i, const LatencyIntervalCache& cache)
    {
        self->m_released[k][i] = std::make_unique<LatencyIntervalCache>(cache);
        if (self->m_released[1 - k][i])
        {
            self->Compute(i, *self->m_released[0][i], *self->m_released[1][i]);
        }
    }

    /**
     * Estimate trace of the sender.
     * \param self the collector
     * \param report the report
     */
    static void Estimated(RdaTruth* self, const RdaIntervalReport& report)
    {
        self->m_reports[report.interval] = report;
    }

    /**
     * After the run: compute the intervals whose caches were not both released.
     * \param mp the two points
     * \param res the result to fill
     */
    void Finish(const Ptr<RdaMeasurementPoint> mp[2], RdaStudyResult& res)
    {
        LatencyIntervalCache empty;
        for (uint32_t i = 0; i < m_params.intervals; ++i)
        {
            if (!m_computed[i])
            {
                const LatencyIntervalCache* c[2];
                for (int k = 0; k < 2; ++k)
                {
                    c[k] = m_released[k][i] ? m_released[k][i].get() : mp[k]->GetCache(i);
                    c[k] = c[k] ? c[k] : &empty;
                }
                Compute(i, *c[0], *c[1]);
            }
        }
        res.intervals = m_results;
        res.sent = m_sent;
        res.duplicatesDiscarded = m_duplicates;
        res.overallTrueMeanNs = m_everyCount ? static_cast<double>(m_everySum / m_everyCount) : 0;
    }

  private:
    /**
     * \param i interval
     * \param cs sender's cache
     * \param cr receiver's cache
     */
    void Compute(uint32_t i, const LatencyIntervalCache& cs, const LatencyIntervalCache& cr)
    {
        const RdaStudyParams& p = m_params;
        RdaIntervalResult& ir = m_results[i];
        m_duplicates += cr.Duplicates();
        ir.setDifference = LatencyIntervalCache::ExactDifference(cs, cr);
        const auto& sentAt = m_trueTime[0][i];
        const auto& receivedAt = m_trueTime[1][i];
        long double ts = 0;
        long double tq = 0;
        long double ls = 0;
        long double lq = 0;
        for (const auto& kv : cs.Entries())
        {
            int64_t rts = 0;
            if (!cr.Lookup(kv.first, rts))
            {
                continue;
            }
            long double tl = receivedAt.at(kv.first) - sentAt.at(kv.first);
            long double ll = rts - kv.second;
            ts += tl;
            tq += tl * tl;
            ls += ll;
            lq += ll * ll;
            ++ir.common;
        }
        if (ir.common > 0)
        {
            long double n = ir.common;
            ir.trueMeanNs = static_cast<double>(ts / n);
            ir.trueStdNs = static_cast<double>(
                std::sqrt(std::max<long double>(0, tq / n - (ts / n) * (ts / n))));
            ir.localMeanNs = static_cast<double>(ls / n);
            ir.localStdNs = static_cast<double>(
                std::sqrt(std::max<long double>(0, lq / n - (ls / n) * (ls / n))));
        }
        auto it = m_reports.find(i);
        if (it != m_reports.end() && it->second.timedOut)
        {
            ir.timedOut = true;
        }
        else if (it != m_reports.end() && ir.common > 0)
        {
            const RdaIntervalReport& rep = it->second;
            ir.reported = true;
            ir.dHat = rep.dHat;
            ir.decoded = rep.decoded;
            ir.rdaMeanNs = rep.estimate.meanNs;
            ir.rdaStdNs = rep.estimate.stdNs;
            ir.rdaUseful = rep.estimate.usefulPackets / ir.common;
            ir.wireBytes = rep.bytesToSender + rep.bytesToReceiver;
            ir.controlPackets = rep.controlPackets;
            ir.sketchBytes =
                static_cast<uint64_t>(rep.banks) * rep.bucketsPerBank * (p.checksum ? 32 : 24);
            LatencyVarianceEstimator est = p.paperVariance ? LatencyVarianceEstimator::PAPER
                                                           : LatencyVarianceEstimator::CENTERED;
            uint32_t lb = std::max<uint64_t>(1, ir.sketchBytes / LdaSketch::BucketBytes());
            LatencyEstimate lda =
                LdaSketch::Aggregate(cs.BuildLda(lb, p.seed), cr.BuildLda(lb, p.seed), est);
            uint32_t fb = std::max<uint64_t>(1, ir.sketchBytes / FineCombSketch::BucketBytes());
            LatencyEstimate fc = FineCombSketch::Aggregate(cs.BuildFineComb(fb, p.seed),
                                                           cr.BuildFineComb(fb, p.seed),
                                                           cs.EdgeStash(fb),
                                                           cr.EdgeStash(fb),
                                                           4096,
                                                           est);
            ir.ldaMeanNs = lda.meanNs;
            ir.ldaStdNs = lda.stdNs;
            ir.ldaUseful = lda.usefulPackets / ir.common;
            ir.fcMeanNs = fc.meanNs;
            ir.fcStdNs = fc.stdNs;
            ir.fcUseful = fc.usefulPackets / ir.common;
        }
        // Packets the sender cached in this interval and the receiver never saw within the
        // caches' lifetime are lost (or later than CacheRetention): stop tracking them.
        for (const auto& kv : sentAt)
        {
            auto f = m_inFlight.find(kv.first);
            if (f != m_inFlight.end() && f->second.second == i)
            {
                m_inFlight.erase(f);
            }
        }
        m_computed[i] = true;
        for (int k = 0; k < 2; ++k)
        {
            m_trueTime[k][i].clear();
            m_released[k][i].reset();
        }
        m_reports.erase(i);
    }

    RdaStudyParams m_params; //!< parameters
    /// per side, per interval: packet id -> true time (ns) the point cached it
    std::vector<std::map<uint64_t, int64_t>> m_trueTime[2];
    /// per side, per interval: the released cache until the other side releases its own
    std::vector<std::unique_ptr<LatencyIntervalCache>> m_released[2];
    std::map<uint32_t, RdaIntervalReport> m_reports; //!< sender reports not yet used
    /// packets the sender saw and the receiver not yet: id -> (true send time, interval)
    std::map<uint64_t, std::pair<int64_t, uint32_t>> m_inFlight;
    std::vector<RdaIntervalResult> m_results; //!< per interval
    std::vector<bool> m_computed;             //!< per interval
    uint64_t m_sent{0};                       //!< packets the sender point cached
    uint64_t m_duplicates{0};                 //!< duplicates the receiver point discarded
    long double m_everySum{0};                //!< overall truth: sum of true latencies
    uint64_t m_everyCount{0};                 //!< overall truth: packets
};

/**
 * \param v value
 * \param truth truth
 * \return |v - truth| / |truth|
 */
double
Rel(double v, double truth)
{
    return truth == 0 ? std::fabs(v) : std::fabs(v - truth) / std::fabs(truth);
}
} // namespace

void
RdaStudyParams::Validate() const
{
    using chronometry::RequireDoubleInRange;
    using chronometry::RequireTimeInRange;
    RequireDoubleInRange("RdaStudyParams::intervals", intervals, 1, 1000, "");
    RequireTimeInRange("RdaStudyParams::intervalLength",
                       intervalLength,
                       MilliSeconds(1),
                       Seconds(60));
    RequireTimeInRange("RdaStudyParams::packetInterval",
                       packetInterval,
                       MicroSeconds(1),
                       Seconds(1));
    RequireDoubleInRange("RdaStudyParams::packetSize", packetSize, 12, 1400, "bytes");
    RequireDoubleInRange("RdaStudyParams::lossRate", lossRate, 0, 0.5, "");
    RequireDoubleInRange("RdaStudyParams::reorderRate", reorderRate, 0, 1, "");
    RequireDoubleInRange("RdaStudyParams::duplicateRate", duplicateRate, 0, 0.5, "");
    RequireDoubleInRange("RdaStudyParams::controlLossRate", controlLossRate, 0, 0.5, "");
    RequireTimeInRange("RdaStudyParams::reorderDelayMax", reorderDelayMax, Time(0), Seconds(10));
    RequireTimeInRange("RdaStudyParams::baseDelay", baseDelay, Time(0), Seconds(1));
    RequireDoubleInRange("RdaStudyParams::weibullShape", weibullShape, 0.1, 10, "");
    RequireTimeInRange("RdaStudyParams::weibullScale", weibullScale, Time(0), Seconds(1));
    RequireTimeInRange("RdaStudyParams::clockOffset", clockOffset, Seconds(-1), Seconds(1));
    RequireDoubleInRange("RdaStudyParams::driftPpm", driftPpm, -500, 500, "ppm");
    RequireTimeInRange("RdaStudyParams::skewBound", skewBound, Time(0), Seconds(1));
    RequireDoubleInRange("RdaStudyParams::banks", banks, 1, 16, "");
    RequireDoubleInRange("RdaStudyParams::bucketsPerDifference", bucketsPerDifference, 0.5, 64, "");
    RequireDoubleInRange("RdaStudyParams::signatureSize", signatureSize, 16, 1500, "");
    RequireDoubleInRange("RdaStudyParams::garbagePackets", garbagePackets, 0, 1000, "");
    // ns-3's RngSeedManager refuses seed 0; run numbers start at 1 (RngRun convention).
    RequireDoubleInRange("RdaStudyParams::seed", seed, 1, 4294967295.0, "");
    RequireDoubleInRange("RdaStudyParams::run", static_cast<double>(run), 1, 1e18, "");
}

RdaStudyResult
RunRdaStudy(const RdaStudyParams& p)
{
    p.Validate();
    RngSeedManager::SetSeed(p.seed);
    RngSeedManager::SetRun(p.run);

    NodeContainer nodes;
    nodes.Create(2);
    Ptr<Node> s = nodes.Get(0);
    Ptr<Node> r = nodes.Get(1);

    // clocks: sender perfect DriftingClock; receiver offset/drift or bounded skew
    ClockHelper senderClock;
    senderClock.Install(s);
    ClockHelper receiverClock;
    if (p.skewBound.IsStrictlyPositive())
    {
        receiverClock.SetClock("ns3::BoundedSkewClock", "Bound", TimeValue(p.skewBound));
    }
    else
    {
        receiverClock.SetOffset(CreateObjectWithAttributes<ConstantRandomVariable>(
            "Constant",
            DoubleValue(static_cast<double>(p.clockOffset.GetNanoSeconds()))));
        receiverClock.SetDrift(
            CreateObjectWithAttributes<ConstantRandomVariable>("Constant",
                                                               DoubleValue(p.driftPpm)));
    }
    receiverClock.Install(r);
    senderClock.AssignStreams(NodeContainer(s), 10);
    receiverClock.AssignStreams(NodeContainer(r), 20);

    // data link: LatencyChannel with Weibull extra delay, reorder and duplicate injection
    RdaHelper rda;
    Ptr<WeibullRandomVariable> wb = CreateObject<WeibullRandomVariable>();
    wb->SetAttribute("Shape", DoubleValue(p.weibullShape));
    wb->SetAttribute("Scale", DoubleValue(p.weibullScale.GetSeconds()));
    Ptr<UniformRandomVariable> rd = CreateObject<UniformRandomVariable>();
    rd->SetAttribute("Min", DoubleValue(0));
    rd->SetAttribute("Max", DoubleValue(p.reorderDelayMax.GetSeconds()));
    rda.SetChannelAttribute("Delay", TimeValue(p.baseDelay));
    rda.SetChannelAttribute("ExtraDelay", PointerValue(wb));
    rda.SetChannelAttribute("ReorderDelay", PointerValue(rd));
    rda.SetChannelAttribute("ReorderProbability", DoubleValue(p.reorderRate));
    rda.SetChannelAttribute("DuplicateProbability", DoubleValue(p.duplicateRate));
    NetDeviceContainer data = rda.InstallLink(s, r);
    Ptr<LatencyChannel> ch = rda.GetLastChannel();
    rda.AssignStreams(30);
    Ptr<ErrorModel> em;
    if (p.burstLoss)
    {
        Ptr<BurstErrorModel> b = CreateObject<BurstErrorModel>();
        b->SetAttribute("ErrorRate", DoubleValue(p.lossRate / 2.5)); // default burst U[1,4]
        b->AssignStreams(40);
        em = b;
    }
    else
    {
        Ptr<RateErrorModel> e = CreateObject<RateErrorModel>();
        e->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
        e->SetAttribute("ErrorRate", DoubleValue(p.lossRate));
        e->AssignStreams(40);
        em = e;
    }
    data.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));

    // control link: plain and loss-free
    PointToPointHelper ctl;
    ctl.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    ctl.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer control = ctl.Install(s, r);
    if (p.controlLossRate > 0)
    {
        for (uint32_t k = 0; k < 2; ++k)
        {
            Ptr<RateErrorModel> e = CreateObject<RateErrorModel>();
            e->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
            e->SetAttribute("ErrorRate", DoubleValue(p.controlLossRate));
            e->AssignStreams(60 + k);
            control.Get(k)->SetAttribute("ReceiveErrorModel", PointerValue(e));
        }
    }

    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addr;
    addr.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer dataIf = addr.Assign(data);
    addr.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer ctlIf = addr.Assign(control);

    const uint16_t dataPort = 9000;
    Time t0 = Seconds(1);
    Time end = t0 + p.intervalLength * static_cast<int64_t>(p.intervals);
    UdpServerHelper sink(dataPort);
    ApplicationContainer sinkApp = sink.Install(r);
    sinkApp.Start(Seconds(0.5));
    UdpClientHelper client(dataIf.GetAddress(1), dataPort);
    uint64_t count =
        (end - t0 + MilliSeconds(100)).GetTimeStep() / p.packetInterval.GetTimeStep() + 1;
    client.SetAttribute("MaxPackets", UintegerValue(count)); // 0 would send one packet only
    client.SetAttribute("Interval", TimeValue(p.packetInterval));
    client.SetAttribute("PacketSize", UintegerValue(p.packetSize));
    ApplicationContainer cliApp = client.Install(s);
    cliApp.Start(t0 - MilliSeconds(50));
    cliApp.Stop(end + MilliSeconds(50));

    RdaTruth truth(p);
    rda.SetPointAttribute("DataPort", UintegerValue(dataPort));
    rda.SetPointAttribute("IntervalStart", TimeValue(t0));
    rda.SetPointAttribute("IntervalLength", TimeValue(p.intervalLength));
    rda.SetPointAttribute("Intervals", UintegerValue(p.intervals));
    rda.SetPointAttribute("Banks", UintegerValue(p.banks));
    rda.SetPointAttribute("BucketsPerDifference", DoubleValue(p.bucketsPerDifference));
    rda.SetPointAttribute("Checksum", BooleanValue(p.checksum));
    rda.SetPointAttribute("PaperVariance", BooleanValue(p.paperVariance));
    rda.SetPointAttribute("SignatureSize", UintegerValue(p.signatureSize));
    // The receiver keeps a cache until the sender's exchange must be over: ReportTimeout
    // (default 1 s) after the sender's local end, which lies up to the clocks' difference
    // (offset, skew bound, accumulated drift) away from the receiver's.
    Time clockGap = Abs(p.clockOffset) + p.skewBound +
                    NanoSeconds(static_cast<int64_t>(std::ceil(
                        std::fabs(p.driftPpm) * 1e-6 * (end + Seconds(2)).GetNanoSeconds())));
    rda.SetPointAttribute("CacheRetention",
                          TimeValue(Seconds(1) + clockGap + p.intervalLength + MilliSeconds(100)));
    ApplicationContainer points = rda.Install(s, ctlIf.GetAddress(0), r, ctlIf.GetAddress(1));
    points.Start(Seconds(0.1));
    Ptr<RdaMeasurementPoint> mp[2];
    for (int k = 0; k < 2; ++k)
    {
        mp[k] = DynamicCast<RdaMeasurementPoint>(points.Get(k));
        mp[k]->TraceConnectWithoutContext("Observed",
                                          MakeBoundCallback(&RdaTruth::Observed, &truth, k));
        mp[k]->TraceConnectWithoutContext("CacheReleased",
                                          MakeBoundCallback(&RdaTruth::Released, &truth, k));
    }
    mp[0]->TraceConnectWithoutContext("Estimate", MakeBoundCallback(&RdaTruth::Estimated, &truth));

    // malformed control datagrams (truncated or random bytes) towards both points
    if (p.garbagePackets > 0)
    {
        Ptr<Socket> junk = Socket::CreateSocket(r, UdpSocketFactory::GetTypeId());
        junk->Bind();
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(50);
        for (uint32_t g = 0; g < p.garbagePackets; ++g)
        {
            std::vector<uint8_t> b(1 + u->GetInteger(0, 60));
            for (auto& x : b)
            {
                x = static_cast<uint8_t>(u->GetInteger(0, 255));
            }
            if (g % 2 == 0 && b.size() > 3)
            {
                b[0] = 'R'; // right magic, truncated body
                b[1] = 'D';
                b[2] = 1;
                b[3] = 3;
            }
            for (int k = 0; k < 2; ++k)
            {
                Ipv4Address to = ctlIf.GetAddress(k);
                Simulator::Schedule(t0 + MicroSeconds(997 * g + 13 * k), [junk, b, to]() {
                    junk->SendTo(Create<Packet>(b.data(), b.size()),
                                 0,
                                 InetSocketAddress(to, 9100));
                });
            }
        }
    }

    FlowMonitorHelper fmh;
    Ptr<FlowMonitor> fm = fmh.Install(nodes);

    // What the points hold, sampled once per interval length until the end.
    RdaStudyResult res;
    for (Time t = t0; t <= end + Seconds(2); t += p.intervalLength)
    {
        Simulator::Schedule(t, [&res, mp]() {
            res.peakCachedPackets = std::max(res.peakCachedPackets,
                                             mp[0]->GetCachedPackets() + mp[1]->GetCachedPackets());
            res.peakCachedIntervals =
                std::max(res.peakCachedIntervals,
                         mp[0]->GetCachedIntervals() + mp[1]->GetCachedIntervals());
        });
    }

    Simulator::Stop(end + Seconds(2));
    Simulator::Run();

    res.malformed = mp[0]->GetMalformedCount() + mp[1]->GetMalformedCount();
    res.reordered = ch->GetReordered();
    truth.Finish(mp, res);

    // FlowMonitor cross-check of the mean delay of the data flow
    fm->CheckForLostPackets();
    Ptr<Ipv4FlowClassifier> cls = DynamicCast<Ipv4FlowClassifier>(fmh.GetClassifier());
    for (const auto& kv : fm->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple t = cls->FindFlow(kv.first);
        if (t.destinationPort == dataPort && kv.second.rxPackets > 0)
        {
            res.flowMonitorMeanDelayNs =
                kv.second.delaySum.GetNanoSeconds() / static_cast<double>(kv.second.rxPackets);
        }
    }
    Simulator::Destroy();
    return res;
}

std::string
RdaStudyCsvHeader()
{
    return "loss_rate,burst,reorder_rate,clock_offset_ns,drift_ppm,skew_bound_ns,banks,checksum,"
           "interval,common,set_difference,d_hat,decoded,true_mean_ns,true_std_ns,local_mean_ns,"
           "local_std_ns,rda_mean_ns,rda_std_ns,lda_mean_ns,lda_std_ns,fc_mean_ns,fc_std_ns,"
           "rda_mean_rel_err,lda_mean_rel_err,fc_mean_rel_err,rda_std_rel_err,lda_std_rel_err,"
           "fc_std_rel_err,rda_mean_rel_err_local,rda_useful,lda_useful,fc_useful,sketch_bytes,"
           "wire_bytes,control_packets\n";
}

std::string
RdaStudyCsvRows(const RdaStudyParams& p, const RdaStudyResult& r)
{
    std::ostringstream o;
    o << std::setprecision(12);
    for (const auto& i : r.intervals)
    {
        if (!i.reported)
        {
            continue;
        }
        o << p.lossRate << "," << p.burstLoss << "," << p.reorderRate << ","
          << p.clockOffset.GetNanoSeconds() << "," << p.driftPpm << ","
          << p.skewBound.GetNanoSeconds() << "," << p.banks << "," << p.checksum << ","
          << i.interval << "," << i.common << "," << i.setDifference << "," << i.dHat << ","
          << i.decoded << "," << i.trueMeanNs << "," << i.trueStdNs << "," << i.localMeanNs << ","
          << i.localStdNs << "," << i.rdaMeanNs << "," << i.rdaStdNs << "," << i.ldaMeanNs << ","
          << i.ldaStdNs << "," << i.fcMeanNs << "," << i.fcStdNs << ","
          << Rel(i.rdaMeanNs, i.trueMeanNs) << "," << Rel(i.ldaMeanNs, i.trueMeanNs) << ","
          << Rel(i.fcMeanNs, i.trueMeanNs) << "," << Rel(i.rdaStdNs, i.trueStdNs) << ","
          << Rel(i.ldaStdNs, i.trueStdNs) << "," << Rel(i.fcStdNs, i.trueStdNs) << ","
          << Rel(i.rdaMeanNs, i.localMeanNs) << "," << i.rdaUseful << "," << i.ldaUseful << ","
          << i.fcUseful << "," << i.sketchBytes << "," << i.wireBytes << "," << i.controlPackets
          << "\n";
    }
    return o.str();
}

} // namespace ns3
