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
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaStudy");

namespace
{
/** \brief Per-packet observation. */
struct Obs
{
    Time trueTime;  //!< simulator time
    Time localTime; //!< local clock
};

/**
 * \param m map to fill
 * \param id id
 * \param t true time
 * \param l local time
 * \param i interval
 */
void
Record(std::map<uint64_t, Obs>* m, uint64_t id, Time t, Time l, uint32_t /* i */)
{
    (*m)[id] = {t, l};
}

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

    std::map<uint64_t, Obs> obsS;
    std::map<uint64_t, Obs> obsR;
    rda.SetPointAttribute("DataPort", UintegerValue(dataPort));
    rda.SetPointAttribute("IntervalStart", TimeValue(t0));
    rda.SetPointAttribute("IntervalLength", TimeValue(p.intervalLength));
    rda.SetPointAttribute("Intervals", UintegerValue(p.intervals));
    rda.SetPointAttribute("Banks", UintegerValue(p.banks));
    rda.SetPointAttribute("BucketsPerDifference", DoubleValue(p.bucketsPerDifference));
    rda.SetPointAttribute("Checksum", BooleanValue(p.checksum));
    rda.SetPointAttribute("PaperVariance", BooleanValue(p.paperVariance));
    rda.SetPointAttribute("SignatureSize", UintegerValue(p.signatureSize));
    ApplicationContainer points = rda.Install(s, ctlIf.GetAddress(0), r, ctlIf.GetAddress(1));
    points.Start(Seconds(0.1));
    Ptr<RdaMeasurementPoint> mp[2];
    std::map<uint64_t, Obs>* obs[2] = {&obsS, &obsR};
    for (int k = 0; k < 2; ++k)
    {
        mp[k] = DynamicCast<RdaMeasurementPoint>(points.Get(k));
        mp[k]->TraceConnectWithoutContext("Observed", MakeBoundCallback(&Record, obs[k]));
    }

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

    Simulator::Stop(end + Seconds(2));
    Simulator::Run();

    RdaStudyResult res;
    res.malformed = mp[0]->GetMalformedCount() + mp[1]->GetMalformedCount();
    res.reordered = ch->GetReordered();
    res.sent = obsS.size();
    for (uint32_t i = 0; i < p.intervals; ++i)
    {
        const LatencyIntervalCache* c = mp[1]->GetCache(i);
        res.duplicatesDiscarded += c ? c->Duplicates() : 0;
    }
    std::map<uint32_t, RdaIntervalReport> reports;
    for (const auto& rep : mp[0]->GetReports())
    {
        reports[rep.interval] = rep;
    }
    long double allSum = 0;
    uint64_t allN = 0;
    LatencyIntervalCache emptyCache;
    for (uint32_t i = 0; i < p.intervals; ++i)
    {
        RdaIntervalResult ir;
        ir.interval = i;
        const LatencyIntervalCache* cs = mp[0]->GetCache(i);
        const LatencyIntervalCache* cr = mp[1]->GetCache(i);
        cs = cs ? cs : &emptyCache;
        cr = cr ? cr : &emptyCache;
        ir.setDifference = LatencyIntervalCache::ExactDifference(*cs, *cr);
        long double ts = 0;
        long double tq = 0;
        long double ls = 0;
        long double lq = 0;
        for (const auto& kv : cs->Entries())
        {
            int64_t rts = 0;
            if (!cr->Lookup(kv.first, rts))
            {
                continue;
            }
            const Obs& a = obsS.at(kv.first);
            const Obs& b = obsR.at(kv.first);
            long double tl = (b.trueTime - a.trueTime).GetNanoSeconds();
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
            allSum += ts;
            allN += ir.common;
        }
        auto it = reports.find(i);
        if (it != reports.end() && it->second.timedOut)
        {
            ir.timedOut = true;
        }
        else if (it != reports.end() && ir.common > 0)
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
                LdaSketch::Aggregate(cs->BuildLda(lb, p.seed), cr->BuildLda(lb, p.seed), est);
            uint32_t fb = std::max<uint64_t>(1, ir.sketchBytes / FineCombSketch::BucketBytes());
            LatencyEstimate fc = FineCombSketch::Aggregate(cs->BuildFineComb(fb, p.seed),
                                                           cr->BuildFineComb(fb, p.seed),
                                                           cs->EdgeStash(fb),
                                                           cr->EdgeStash(fb),
                                                           4096,
                                                           est);
            ir.ldaMeanNs = lda.meanNs;
            ir.ldaStdNs = lda.stdNs;
            ir.ldaUseful = lda.usefulPackets / ir.common;
            ir.fcMeanNs = fc.meanNs;
            ir.fcStdNs = fc.stdNs;
            ir.fcUseful = fc.usefulPackets / ir.common;
        }
        res.intervals.push_back(ir);
    }
    (void)allSum;
    (void)allN;
    long double every = 0;
    uint64_t everyN = 0;
    for (const auto& kv : obsS)
    {
        auto it = obsR.find(kv.first);
        if (it != obsR.end())
        {
            every += (it->second.trueTime - kv.second.trueTime).GetNanoSeconds();
            ++everyN;
        }
    }
    res.overallTrueMeanNs = everyN ? static_cast<double>(every / everyN) : 0;

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
