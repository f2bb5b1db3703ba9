/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The RDA latency study: one or several UDP flows from node S to node R over a
// LatencyChannel (Weibull or Pareto per-packet delay, reorder and duplicate injection) with a
// receive error model; RdaSender on S (IPv4 Tx) and RdaReceiver on R (IPv4 Rx) with their own
// clocks; the control exchange on a second point-to-point link.  Every flow's send interval is
// scored against RdaTruthCollector's truth over every delivered packet (lost, late and
// boundary-crossing packets included): RDA with and without boundary matching beside LDA and
// FineComb at the exchange's memory.  FlowMonitor cross-checks the truth.

#include "rda-study.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-helper.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/latency-channel.h"
#include "ns3/network-module.h"
#include "ns3/packet-loss.h"
#include "ns3/point-to-point-module.h"
#include "ns3/rda-helper.h"
#include "ns3/rda-measurement-point.h"
#include "ns3/rda-receiver.h"
#include "ns3/rda-sender.h"
#include "ns3/rda-truth-collector.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"
#include "ns3/study-sync.h"
#include "ns3/study.h"

#include <cmath>
#include <map>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaStudy");

NS_OBJECT_ENSURE_REGISTERED(RdaStudy);

namespace
{

/**
 * \return the fields of a row: one flow's send interval, its truths and every method's
 * estimate, error and bytes
 */
StudySchema
RdaRowSchema()
{
    StudySchema rows;
    rows.Unsigned("flow", "", "flow index (5-tuple order)")
        .Key()
        .Unsigned("interval", "", "send interval")
        .Key()
        .Boolean("reported", "the sender reported an estimate")
        .NotInCsv()
        .Boolean("timed_out", "the control exchange did not finish")
        .NotInCsv()
        .Unsigned("sent", "", "packets the flow sent in the interval")
        .Unsigned("delivered", "", "of which delivered (the truth's packets)")
        .Unsigned("same_interval", "", "delivered within the receiver's interval of the same index")
        .Unsigned("boundary_matched", "", "packets RDA matched in a neighbouring interval")
        .Text("exchanged", "what the interval exchanged: sketch or raw")
        .Unsigned("set_difference", "", "exact |S xor R| of the two caches")
        .Real("d_hat", "", "MinHash estimate of the difference (late binding)")
        .Unsigned("buckets_per_bank", "", "RDA m (late-bound or fixed)")
        .Boolean("decoded", "RDA decoded the whole difference (raw: always)")
        .Real("true_mean_ns",
              "ns",
              "mean true delay of every delivered packet sent in the interval")
        .Real("true_std_ns", "ns", "their population std")
        .Real("local_mean_ns", "ns", "their mean receiver-local minus sender-local latency")
        .Real("local_std_ns", "ns", "its std")
        .Real("matching_bias",
              "",
              "(same-interval truth - all-delivered truth) / all-delivered, "
              "local stamps: the bias of per-interval matching")
        .Real("boundary_bias",
              "",
              "(truth over intervals i-1..i+1 - all-delivered) / "
              "all-delivered: the bias boundary matching leaves")
        .Real("rda_mean_ns", "ns", "RDA mean (the interval's own packets)")
        .Real("rda_std_ns", "ns", "RDA std")
        .Real("rdab_mean_ns", "ns", "RDA + boundary matching mean")
        .Real("rdab_std_ns", "ns", "RDA + boundary matching std")
        .Real("lda_mean_ns", "ns", "LDA mean (equal memory; the receiver's LDA over the wire)")
        .Real("lda_std_ns", "ns", "LDA std")
        .Real("fc_mean_ns",
              "ns",
              "FineComb mean (equal memory; the receiver's FineComb and stash over "
              "the wire)")
        .Real("fc_std_ns", "ns", "FineComb std")
        .Real("rda_mean_rel_err", "", "|RDA mean - true| / true")
        .Real("rdab_mean_rel_err", "", "|RDA+boundary mean - true| / true")
        .Real("lda_mean_rel_err", "", "|LDA mean - true| / true")
        .Real("fc_mean_rel_err", "", "|FineComb mean - true| / true")
        .Real("rda_std_rel_err", "", "|RDA std - true| / true")
        .Real("rdab_std_rel_err", "", "|RDA+boundary std - true| / true")
        .Real("lda_std_rel_err", "", "|LDA std - true| / true")
        .Real("fc_std_rel_err", "", "|FineComb std - true| / true")
        .Real("rda_mean_rel_err_local",
              "",
              "|RDA mean - local truth| / local truth (clock error removed)")
        .Real("rdab_mean_rel_err_local", "", "|RDA+boundary mean - local truth| / local truth")
        .Real("rda_useful", "", "RDA packets used / delivered")
        .Real("rdab_useful", "", "RDA+boundary packets used / delivered")
        .Real("lda_useful", "", "LDA packets used / delivered")
        .Real("fc_useful", "", "FineComb packets used / delivered")
        .Unsigned("wire_bytes",
                  "bytes",
                  "control bytes on the wire, both ways, retransmissions included")
        .Unsigned("raw_log_bytes",
                  "bytes",
                  "what sending the receiver's whole (id, timestamp) log costs")
        .Unsigned("sketch_bytes",
                  "bytes",
                  "RDA sketch k m bucket bytes (0 when raw; the LDA/FineComb "
                  "budget, else the raw log's)")
        .Unsigned("signature_bytes", "bytes", "MinHash signature, part of wire")
        .Unsigned("control_packets", "", "control datagrams, both ways")
        .Unsigned("retransmissions", "", "requests the sender sent again")
        .Unsigned("held", "", "packets both points cached in interval i (the paper's truth)")
        .Real("held_true_mean_ns", "ns", "mean true delay of the held packets")
        .Real("held_true_std_ns", "ns", "their std")
        .Real("held_local_mean_ns", "ns", "their mean latency on the points' own stamps")
        .Real("raw_mean_ns",
              "ns",
              "raw log mean: the receiver's whole log over the wire, exact over "
              "the held packets")
        .Real("raw_std_ns", "ns", "raw log std")
        .Real("raw_mean_rel_err", "", "|raw log mean - true| / true")
        .Real("rawb_mean_ns", "ns", "raw log mean with the packets matched in intervals i-1, i+1")
        .Real("rawb_std_ns", "ns", "raw log + boundary matching std")
        .Real("rawb_mean_rel_err", "", "|raw log + boundary mean - true| / true");
    for (const char* m : {"rda", "rdab", "lda", "fc", "raw", "rawb"})
    {
        const std::string p = m;
        rows.Real(p + "_mean_err_ns",
                  "ns",
                  p + " mean - true mean of every delivered packet (signed)")
            .Real(p + "_mean_err_held_ns",
                  "ns",
                  p + " mean - true mean of the held packets (signed)")
            .Real(p + "_mean_rel_err_held", "", "|" + p + " mean - held true| / held true");
    }
    rows.Real("rda_decode_check_ns",
              "ns",
              "decode check, not an accuracy: RDA mean - held packets' mean on the points' "
              "stamps (RDA's own input set: 0 whenever the sketch decoded)")
        .Real("rda_mean_err_held_local_ns", "ns", "deprecated alias of rda_decode_check_ns")
        .Boolean("baselines_complete", "LDA, FineComb and the raw log all answered")
        .Unsigned("lda_wire_bytes", "bytes", "LDA request and chunks, both ways")
        .Unsigned("fc_wire_bytes", "bytes", "FineComb request, chunks and stash, both ways")
        .Unsigned("raw_wire_bytes",
                  "bytes",
                  "raw-log request and chunks, both ways (RDA's own when it sent the raw log)");
    return rows;
}

} // namespace

TypeId
RdaStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeStringChoiceChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    static TypeId tid =
        StudyDeclaration<RdaStudy>(
            "ns3::RdaStudy",
            "rda",
            "RDA one-way latency (mean, std) per flow and send interval against every "
            "delivered packet (the headline; the packets both points held: a decode check), "
            "with and without "
            "boundary matching, beside LDA, FineComb (at equal memory) and the raw log, each "
            "exchanged over the wire on the same packets, under loss, reordering and clock "
            "error; wire bytes per method")
            .Forward<RdaMeasurementPoint>("Intervals", UintegerValue(4))
            .Forward<RdaMeasurementPoint>("IntervalLength")
            .Parameter("PacketInterval",
                       "Spacing of the UDP stream's packets",
                       &RdaStudy::m_packetInterval,
                       MicroSeconds(100),
                       MakeTimeRangeChecker(MicroSeconds(1), Seconds(1)))
            .Parameter("PacketSize",
                       "UDP payload of the stream's packets",
                       &RdaStudy::m_packetSize,
                       200,
                       MakeUintegerRangeChecker(12, 1400, "bytes"))
            .LossRate(&RdaStudy::m_lossRate,
                      "the data link's receiver; BurstLoss: a BurstErrorModel instead",
                      0.01) // the scenario: a lossy path is what RDA must survive
            .Switch("BurstLoss",
                    "Bursty loss (BurstErrorModel, mean burst 2.5) instead of RateErrorModel",
                    &RdaStudy::m_burstLoss,
                    false)
            .Parameter("ReorderRate",
                       "Probability that a packet gets the reorder delay",
                       &RdaStudy::m_reorderRate,
                       0.01,
                       MakeDoubleRangeChecker(0, 1))
            .Parameter("ReorderDelayMax",
                       "Reorder delay, uniform in [0, ReorderDelayMax]",
                       &RdaStudy::m_reorderDelayMax,
                       MilliSeconds(100),
                       MakeTimeRangeChecker(Time(0), Seconds(10)))
            .Parameter("DuplicateRate",
                       "Probability that a packet is delivered twice",
                       &RdaStudy::m_duplicateRate,
                       0.0,
                       MakeDoubleRangeChecker(0, 0.5))
            .Parameter("ControlLossRate",
                       "Packet loss of the control link (both ways)",
                       &RdaStudy::m_controlLossRate,
                       0.0,
                       MakeDoubleRangeChecker(0, 0.5))
            .Parameter("BaseDelay",
                       "Propagation delay of the data link",
                       &RdaStudy::m_baseDelay,
                       MicroSeconds(100),
                       MakeTimeRangeChecker(Time(0), Seconds(1)))
            .Parameter("WeibullShape",
                       "Weibull shape of the extra per-packet delay",
                       &RdaStudy::m_weibullShape,
                       0.7,
                       MakeDoubleRangeChecker(0.1, 10))
            .Parameter("WeibullScale",
                       "Weibull scale of the extra per-packet delay",
                       &RdaStudy::m_weibullScale,
                       MicroSeconds(50),
                       MakeTimeRangeChecker(Time(0), Seconds(1)))
            .Parameter("ExtraDelay",
                       "Distribution of the extra per-packet delay: weibull (WeibullShape, "
                       "WeibullScale) or pareto (ParetoShape, ParetoScale: heavy-tailed, "
                       "infinite variance for a shape <= 2)",
                       &RdaStudy::m_extraDelay,
                       std::string("weibull"),
                       MakeStringChoiceChecker({"weibull", "pareto"}))
            .Parameter("ParetoShape",
                       "ExtraDelay pareto: shape alpha of the extra delay (finite mean above 1)",
                       &RdaStudy::m_paretoShape,
                       1.5,
                       MakeDoubleRangeChecker(1.05, 10))
            .Parameter("ParetoScale",
                       "ExtraDelay pareto: scale (smallest extra delay); the mean is "
                       "alpha scale / (alpha - 1)",
                       &RdaStudy::m_paretoScale,
                       MicroSeconds(21),
                       MakeTimeRangeChecker(NanoSeconds(1), Seconds(1)))
            .Parameter("ClockOffset",
                       "Receiver clock offset (without SkewBound)",
                       &RdaStudy::m_clockOffset,
                       Time(0),
                       MakeTimeRangeChecker(Seconds(-1), Seconds(1)))
            .Parameter("DriftPpm",
                       "Receiver clock drift (without SkewBound)",
                       &RdaStudy::m_driftPpm,
                       0.0,
                       MakeDoubleRangeChecker(-500, 500, "ppm"))
            .SkewBound(&RdaStudy::m_skewBound,
                       "> 0: the receiver's clock is a BoundedSkewClock within this E (0: "
                       "ClockOffset, DriftPpm or Sync place it)",
                       Time(0))
            .Sync("Clock source: none (the receiver's clock as ClockOffset, DriftPpm or "
                  "SkewBound set it), ptp (PtpClock, the sender S the grandmaster, the receiver "
                  "R its slave, hardware time stamps, PI servo) or ntp (S an NtpServer, R its "
                  "NtpClient) over the data link, steering R's drifting clock (SkewBound 0); "
                  "the estimates' error then comes from the delivered offset, reported as E")
            .Parameter("SyncWarmup",
                       "Sync ptp, ntp: the flows and intervals start this much later than "
                       "without (the protocol's time to lock; the delivered E is sampled over "
                       "the measured intervals only)",
                       &RdaStudy::m_syncWarmup,
                       Seconds(3),
                       MakeTimeRangeChecker(Time(0), Hours(24)))
            .Forward<RdaSender>("Banks")
            .Forward<RdaSender>("BucketsPerDifference")
            .Forward<RdaSender>("Checksum")
            .Forward<RdaSender>("PaperVariance")
            .Forward<RdaMeasurementPoint>("SignatureSize")
            .Parameter("GarbagePackets",
                       "Malformed datagrams sent to each point's control port",
                       &RdaStudy::m_garbagePackets,
                       0,
                       MakeUintegerRangeChecker(0, 1000))
            .Parameter("Flows",
                       "UDP flows from S to R (each its own 5-tuple, sketch and rows)",
                       &RdaStudy::m_flows,
                       1,
                       MakeUintegerRangeChecker(1, 16))
            .Forward<RdaSender>("Exchange")
            .Forward<RdaSender>("BoundaryMatching")
            .Forward<RdaSender>("FixedBuckets")
            .Renamed("Buckets", "FixedBuckets")
            .Forward<RdaSender>("StdRelativeError")
            .Forward<RdaMeasurementPoint>("RetransmitTimeout")
            .Forward<RdaMeasurementPoint>("MaxRetries")
            .Seed()
            .Run()
            .CsvPrecision(12)
            .Summary(WithSyncSkewFields(
                StudySchema()
                    .Unsigned("malformed", "", "malformed control packets dropped")
                    .Unsigned("reordered", "", "packets given the reorder delay")
                    .Unsigned("packets_sent", "", "data packets sent (every flow, IPv4 Tx at S)")
                    .Unsigned("packets_delivered",
                              "",
                              "data packets delivered (first copies, IPv4 Rx at R)")
                    .Unsigned("duplicates_discarded", "", "further copies delivered")
                    .Real("truth_mean_delay_ns",
                          "ns",
                          "mean true delay of every delivered data packet (the truth)")
                    .Real("truth_held_mean_delay_ns",
                          "ns",
                          "mean true delay of the packets both points held in the same "
                          "interval (the paper's truth)")
                    .Real("flow_monitor_mean_delay_ns",
                          "ns",
                          "FlowMonitor's mean delay of the data flows (cross-check)")
                    .Unsigned("flow_monitor_tx_packets", "", "FlowMonitor's sent data packets")
                    .Unsigned("flow_monitor_rx_packets", "", "FlowMonitor's received data packets")
                    .Unsigned("intervals_decoded", "", "flow intervals RDA decoded completely")
                    .Unsigned("intervals_timed_out", "", "flow intervals whose exchange timed out")
                    .Unsigned("intervals_raw", "", "flow intervals that exchanged the raw log")
                    .Unsigned("retransmissions",
                              "",
                              "control messages sent again (sender and receiver)")
                    .Unsigned("peak_cached_packets",
                              "",
                              "most packets the two points' caches held together")
                    .Unsigned("peak_cached_intervals",
                              "",
                              "most interval caches the two points held together"),
                "the measured intervals"))
            .Rows("flow_intervals", RdaRowSchema(), true, "reported");
    return tid;
}

void
RdaStudy::Validate() const
{
    if (GetSync() != "none" && m_skewBound.IsStrictlyPositive())
    {
        Refuse({"Sync", "SkewBound"},
               Describe("Sync") + " is invalid with " + Describe("SkewBound") +
                   "; valid: Sync none, or SkewBound 0 (a protocol steers the receiver's "
                   "DriftingClock, set by ClockOffset and DriftPpm)");
    }
}

void
RdaStudy::DoDispose()
{
    if (m_truth)
    {
        m_truth->Dispose();
    }
    m_truth = nullptr;
    m_scoring.Clear();
    m_points[0] = nullptr;
    m_points[1] = nullptr;
    m_channel = nullptr;
    m_flowMonitor = nullptr;
    m_sync = StudySync();
    Study::DoDispose();
}

Time
RdaStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    NodeContainer nodes;
    nodes.Create(2);
    Ptr<Node> s = nodes.Get(0);
    Ptr<Node> r = nodes.Get(1);

    InstallClocks(s, r, streams);

    RdaHelper rda;
    NetDeviceContainer data = InstallDataLink(rda, s, r, streams);

    NetDeviceContainer control = InstallControlLink(s, r, streams);

    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addr;
    addr.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer dataIf = addr.Assign(data);
    addr.SetBase("10.1.2.0", "255.255.255.0");
    Ipv4InterfaceContainer ctlIf = addr.Assign(control);

    const uint16_t dataPort = DATA_PORT;
    const Time t0 = Seconds(1) + (GetSync() == "none" ? Time(0) : m_syncWarmup);
    Time end = t0 + Forwarded<TimeValue>("IntervalLength") *
                        static_cast<int64_t>(Forwarded<UintegerValue>("Intervals"));
    UdpServerHelper sink(dataPort);
    ApplicationContainer sinkApp = sink.Install(r);
    sinkApp.Start(Seconds(0.5));
    uint64_t count =
        (end - t0 + MilliSeconds(100)).GetTimeStep() / m_packetInterval.GetTimeStep() + 1;
    for (uint32_t f = 0; f < m_flows; ++f)
    {
        // each client binds its own ephemeral port: one 5-tuple per flow
        UdpClientHelper client(dataIf.GetAddress(1), dataPort);
        client.SetAttribute("MaxPackets", UintegerValue(count)); // 0 would send one packet
        client.SetAttribute("Interval", TimeValue(m_packetInterval));
        client.SetAttribute("PacketSize", UintegerValue(m_packetSize));
        ApplicationContainer cliApp = client.Install(s);
        cliApp.Start(t0 - MilliSeconds(50) + MicroSeconds(7 * f));
        cliApp.Stop(end + MilliSeconds(50));
    }

    rda.SetPointAttribute("DataPort", UintegerValue(dataPort));
    rda.SetPointAttribute("IntervalStart", TimeValue(t0));
    for (const auto& [attribute, value] : GetForwarded("ns3::RdaMeasurementPoint"))
    {
        rda.SetPointAttribute(attribute, *value);
    }
    for (const auto& [attribute, value] : GetForwarded("ns3::RdaSender"))
    {
        rda.SetSenderAttribute(attribute, *value);
    }
    // LDA, FineComb and the raw log on the same packets, over the wire
    rda.SetSenderAttribute("Baselines", BooleanValue(true));
    // The receiver keeps a cache until the sender's exchange must be over: ReportTimeout
    // (default 1 s) after the sender's local end, which lies up to the clocks' difference
    // (offset, skew bound, accumulated drift) away from the receiver's.
    Time clockGap = Abs(m_clockOffset) + m_skewBound +
                    NanoSeconds(static_cast<int64_t>(std::ceil(
                        std::fabs(m_driftPpm) * 1e-6 * (end + Seconds(2)).GetNanoSeconds())));
    rda.SetPointAttribute("CacheRetention",
                          TimeValue(Seconds(1) + clockGap + Forwarded<TimeValue>("IntervalLength") +
                                    MilliSeconds(100)));
    ApplicationContainer points = rda.Install(s, ctlIf.GetAddress(0), r, ctlIf.GetAddress(1));
    points.Start(Seconds(0.1));
    for (int k = 0; k < 2; ++k)
    {
        m_points[k] = DynamicCast<RdaMeasurementPoint>(points.Get(k));
    }
    m_points[0]->TraceConnectWithoutContext("Estimate",
                                            MakeCallback(&RdaStudyScoring::Estimated, &m_scoring));

    // the truth: every packet sent and delivered, independent of the points
    m_truth = CreateObjectWithAttributes<RdaTruthCollector>(
        "IntervalStart",
        TimeValue(t0),
        "IntervalLength",
        TimeValue(Forwarded<TimeValue>("IntervalLength")),
        "Intervals",
        UintegerValue(Forwarded<UintegerValue>("Intervals")),
        "DataPort",
        UintegerValue(dataPort));
    m_truth->Install(s, r);
    m_truth->WatchPoints(m_points[0], m_points[1]); // the held truth: what both points cache

    SendMalformedControl(r, ctlIf, t0, streams);

    m_flowMonitor = m_flowMonitorHelper.Install(nodes);

    SamplePeaks(t0, end);

    // Sync over the data link, S the reference; the truth over the measured intervals.
    m_sync.Install(*this, nodes, dataIf, t0, end, streams, 1000);

    return end + Seconds(2);
}

void
RdaStudy::InstallClocks(Ptr<Node> s, Ptr<Node> r, StudyStreams& streams)
{
    // clocks: sender perfect DriftingClock; receiver offset/drift or bounded skew
    ClockHelper senderClock;
    senderClock.Install(s);
    ClockHelper receiverClock;
    if (m_skewBound.IsStrictlyPositive())
    {
        receiverClock.SetClock("ns3::BoundedSkewClock", "SkewBound", TimeValue(m_skewBound));
    }
    else
    {
        receiverClock.SetOffset(CreateObjectWithAttributes<ConstantRandomVariable>(
            "Constant",
            DoubleValue(static_cast<double>(m_clockOffset.GetNanoSeconds()))));
        receiverClock.SetDrift(
            CreateObjectWithAttributes<ConstantRandomVariable>("Constant",
                                                               DoubleValue(m_driftPpm)));
    }
    receiverClock.Install(r);
    streams.Assign(10, [&](int64_t x) { return senderClock.AssignStreams(NodeContainer(s), x); });
    streams.Assign(20, [&](int64_t x) { return receiverClock.AssignStreams(NodeContainer(r), x); });
}

NetDeviceContainer
RdaStudy::InstallDataLink(RdaHelper& rda, Ptr<Node> s, Ptr<Node> r, StudyStreams& streams)
{
    Ptr<RandomVariableStream> extra;
    if (m_extraDelay == "pareto")
    {
        // unbounded (Bound 0): the tail is the point
        extra = CreateObjectWithAttributes<ParetoRandomVariable>(
            "Shape",
            DoubleValue(m_paretoShape),
            "Scale",
            DoubleValue(m_paretoScale.GetSeconds()),
            "Bound",
            DoubleValue(0));
    }
    else
    {
        extra = CreateObjectWithAttributes<WeibullRandomVariable>(
            "Shape",
            DoubleValue(m_weibullShape),
            "Scale",
            DoubleValue(m_weibullScale.GetSeconds()));
    }
    Ptr<UniformRandomVariable> rd = CreateObject<UniformRandomVariable>();
    rd->SetAttribute("Min", DoubleValue(0));
    rd->SetAttribute("Max", DoubleValue(m_reorderDelayMax.GetSeconds()));
    rda.SetChannelAttribute("Delay", TimeValue(m_baseDelay));
    rda.SetChannelAttribute("ExtraDelay", PointerValue(extra));
    rda.SetChannelAttribute("ReorderDelay", PointerValue(rd));
    rda.SetChannelAttribute("ReorderProbability", DoubleValue(m_reorderRate));
    rda.SetChannelAttribute("DuplicateProbability", DoubleValue(m_duplicateRate));
    NetDeviceContainer data = rda.InstallLink(s, r);
    m_channel = rda.GetLastChannel();
    streams.Assign(30, [&](int64_t x) { return rda.AssignStreams(x); });
    Ptr<ErrorModel> em;
    if (m_burstLoss)
    {
        Ptr<BurstErrorModel> b = CreateObject<BurstErrorModel>();
        b->SetAttribute("ErrorRate", DoubleValue(m_lossRate / 2.5)); // default burst U[1,4]
        streams.Assign(40, [&](int64_t x) { return b->AssignStreams(x); });
        em = b;
    }
    else
    {
        Ptr<RateErrorModel> e = CreatePacketLossModel(m_lossRate);
        streams.Assign(40, [&](int64_t x) { return e->AssignStreams(x); });
        em = e;
    }
    data.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));
    return data;
}

NetDeviceContainer
RdaStudy::InstallControlLink(Ptr<Node> s, Ptr<Node> r, StudyStreams& streams)
{
    PointToPointHelper ctl;
    ctl.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    ctl.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer control = ctl.Install(s, r);
    if (m_controlLossRate > 0)
    {
        for (uint32_t k = 0; k < 2; ++k)
        {
            Ptr<RateErrorModel> e = CreatePacketLossModel(m_controlLossRate);
            streams.Assign(60 + k, [&](int64_t x) { return e->AssignStreams(x); });
            control.Get(k)->SetAttribute("ReceiveErrorModel", PointerValue(e));
        }
    }
    return control;
}

void
RdaStudy::SendMalformedControl(Ptr<Node> r,
                               const Ipv4InterfaceContainer& ctlIf,
                               Time t0,
                               StudyStreams& streams)
{
    if (m_garbagePackets == 0)
    {
        return;
    }
    Ptr<Socket> junk = Socket::CreateSocket(r, UdpSocketFactory::GetTypeId());
    junk->Bind();
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    streams.Assign(u, 50);
    for (uint32_t g = 0; g < m_garbagePackets; ++g)
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
                junk->SendTo(Create<Packet>(b.data(), b.size()), 0, InetSocketAddress(to, 9100));
            });
        }
    }
}

void
RdaStudy::SamplePeaks(Time t0, Time end)
{
    for (Time t = t0; t <= end + Seconds(2); t += Forwarded<TimeValue>("IntervalLength"))
    {
        Simulator::Schedule(t, [this]() {
            m_peakCachedPackets =
                std::max(m_peakCachedPackets,
                         m_points[0]->GetCachedPackets() + m_points[1]->GetCachedPackets());
            m_peakCachedIntervals =
                std::max(m_peakCachedIntervals,
                         m_points[0]->GetCachedIntervals() + m_points[1]->GetCachedIntervals());
        });
    }
}

void
RdaStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    // flows in 5-tuple order get indexes 0, 1, ...
    std::vector<RdaTruthTotals> totals = m_truth->GetTotals();
    std::map<RdaFlowKey, uint32_t> index;
    uint64_t sent = 0;
    uint64_t delivered = 0;
    uint64_t duplicates = 0;
    long double delaySum = 0;
    for (const RdaTruthTotals& t : totals)
    {
        index.emplace(t.flow, static_cast<uint32_t>(index.size()));
        sent += t.sent;
        delivered += t.delivered;
        duplicates += t.duplicates;
        delaySum += static_cast<long double>(t.trueMeanNs) * t.delivered;
    }
    std::vector<RdaTruthRow> rows = m_truth->GetRows();
    long double heldSum = 0;
    uint64_t held = 0;
    for (const RdaTruthRow& t : rows)
    {
        heldSum += static_cast<long double>(t.heldTrueMeanNs) * t.held;
        held += t.held;
    }
    RdaStudyScoring::Counts counts = m_scoring.AddRows(rows, index, result);
    result.Set("truth_held_mean_delay_ns", held ? static_cast<double>(heldSum / held) : 0.0);
    result.Set("malformed", m_points[0]->GetMalformedCount() + m_points[1]->GetMalformedCount());
    result.Set("reordered", m_channel->GetReordered());
    result.Set("packets_sent", sent);
    result.Set("packets_delivered", delivered);
    result.Set("duplicates_discarded", duplicates);
    result.Set("truth_mean_delay_ns", delivered ? static_cast<double>(delaySum / delivered) : 0.0);
    result.Set("intervals_decoded", counts.decoded);
    result.Set("intervals_timed_out", counts.timedOut);
    result.Set("intervals_raw", counts.raw);
    result.Set("retransmissions",
               DynamicCast<RdaSender>(m_points[0])->GetRetransmissions() +
                   DynamicCast<RdaReceiver>(m_points[1])->GetRetransmissions());
    result.Set("peak_cached_packets", m_peakCachedPackets);
    result.Set("peak_cached_intervals", m_peakCachedIntervals);
    CrossCheckFlowMonitor(result);
    m_sync.Report(result);
}

void
RdaStudy::CrossCheckFlowMonitor(StudyResult& result)
{
    m_flowMonitor->CheckForLostPackets();
    Ptr<Ipv4FlowClassifier> cls =
        DynamicCast<Ipv4FlowClassifier>(m_flowMonitorHelper.GetClassifier());
    long double fmDelay = 0;
    uint64_t fmRx = 0;
    uint64_t fmTx = 0;
    for (const auto& kv : m_flowMonitor->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple t = cls->FindFlow(kv.first);
        if (t.destinationPort == DATA_PORT)
        {
            fmDelay += kv.second.delaySum.GetNanoSeconds();
            fmRx += kv.second.rxPackets;
            fmTx += kv.second.txPackets;
        }
    }
    result.Set("flow_monitor_mean_delay_ns", fmRx ? static_cast<double>(fmDelay / fmRx) : 0.0);
    result.Set("flow_monitor_tx_packets", fmTx);
    result.Set("flow_monitor_rx_packets", fmRx);
}

} // namespace ns3
