/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The RDA latency study: a UdpClient stream from node S to node R over a LatencyChannel
// (Weibull per-packet delay, reorder and duplicate injection) with a receive error model;
// RdaMeasurementPoints on S (IPv4 Tx) and R (IPv4 Rx) with their own clocks; the control
// exchange on a second point-to-point link.  Every interval is scored against the per-packet
// truth, with LDA and FineComb at the RDA sketch's memory beside it.

#include "study-result.h"
#include "study-streams.h"
#include "study.h"

#include "ns3/applications-module.h"
#include "ns3/chronometry-checkers.h"
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
#include <map>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdaStudy");

namespace
{

/** What the truth collector needs of the parameters. */
struct TruthConfig
{
    uint32_t intervals; //!< measurement intervals
    bool checksum;      //!< RDA checksum field (sketch bytes)
    bool paperVariance; //!< the paper's variance estimator
    uint32_t seed;      //!< hash seed of LDA and FineComb
};

/** \brief One interval scored against the simulator's truth. */
struct IntervalScore
{
    uint32_t interval{0};       //!< index
    uint64_t common{0};         //!< packets in both points' caches of this interval
    uint64_t setDifference{0};  //!< exact |S xor R|
    double dHat{0};             //!< MinHash estimate used for late binding
    double trueMeanNs{0};       //!< mean true latency over the common packets
    double trueStdNs{0};        //!< population std of the true latencies
    double localMeanNs{0};      //!< mean of (receiver local - sender local) stamps
    double localStdNs{0};       //!< its std
    bool reported{false};       //!< the sender reported an estimate for this interval
    bool timedOut{false};       //!< the control exchange did not finish (ReportTimeout)
    bool decoded{false};        //!< RDA full decode
    double rdaMeanNs{0};        //!< RDA mean
    double rdaStdNs{0};         //!< RDA std
    double rdaUseful{0};        //!< RDA useful-packet fraction
    double ldaMeanNs{0};        //!< LDA mean (equal memory)
    double ldaStdNs{0};         //!< LDA std
    double ldaUseful{0};        //!< LDA useful fraction
    double fcMeanNs{0};         //!< FineComb mean (equal memory)
    double fcStdNs{0};          //!< FineComb std
    double fcUseful{0};         //!< FineComb useful fraction
    uint64_t sketchBytes{0};    //!< RDA memory k m bucket bytes (the LDA/FineComb budget)
    uint64_t wireBytes{0};      //!< control bytes on the wire, both ways
    uint32_t controlPackets{0}; //!< control datagrams, both ways
};

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
     * \param p what the collector needs of the parameters
     */
    explicit RdaTruth(const TruthConfig& p)
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
     */
    void Finish(const Ptr<RdaMeasurementPoint> mp[2])
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
    }

    /** \return the intervals, scored */
    const std::vector<IntervalScore>& GetScores() const
    {
        return m_results;
    }

    /** \return packets the sender point cached */
    uint64_t GetSent() const
    {
        return m_sent;
    }

    /** \return duplicates the receiver point discarded */
    uint64_t GetDuplicates() const
    {
        return m_duplicates;
    }

    /** \return mean true latency of every first reception of a packet the sender saw */
    double GetOverallTrueMean() const
    {
        return m_everyCount ? static_cast<double>(m_everySum / m_everyCount) : 0;
    }

  private:
    /**
     * \param i interval
     * \param cs sender's cache
     * \param cr receiver's cache
     */
    void Compute(uint32_t i, const LatencyIntervalCache& cs, const LatencyIntervalCache& cr)
    {
        const TruthConfig& p = m_params;
        IntervalScore& ir = m_results[i];
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

    TruthConfig m_params; //!< parameters
    /// per side, per interval: packet id -> true time (ns) the point cached it
    std::vector<std::map<uint64_t, int64_t>> m_trueTime[2];
    /// per side, per interval: the released cache until the other side releases its own
    std::vector<std::unique_ptr<LatencyIntervalCache>> m_released[2];
    std::map<uint32_t, RdaIntervalReport> m_reports; //!< sender reports not yet used
    /// packets the sender saw and the receiver not yet: id -> (true send time, interval)
    std::map<uint64_t, std::pair<int64_t, uint32_t>> m_inFlight;
    std::vector<IntervalScore> m_results; //!< per interval
    std::vector<bool> m_computed;         //!< per interval
    uint64_t m_sent{0};                   //!< packets the sender point cached
    uint64_t m_duplicates{0};             //!< duplicates the receiver point discarded
    long double m_everySum{0};            //!< overall truth: sum of true latencies
    uint64_t m_everyCount{0};             //!< overall truth: packets
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

/**
 * \ingroup chronometry
 * The RDA latency study; run it by name ("rda") through StudyRunner, chronometry-study or
 * chronometry.run_study.
 */
class RdaStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    uint32_t m_intervals;          //!< measurement intervals
    Time m_intervalLength;         //!< L
    Time m_packetInterval;         //!< UdpClient interval
    uint32_t m_packetSize;         //!< UdpClient payload bytes
    double m_lossRate;             //!< packet loss probability
    bool m_burstLoss;              //!< BurstErrorModel instead of RateErrorModel
    double m_reorderRate;          //!< probability of the reorder delay
    Time m_reorderDelayMax;        //!< reorder delay uniform in [0, this]
    double m_duplicateRate;        //!< probability a packet is delivered twice
    double m_controlLossRate;      //!< control-link packet loss (both ways)
    Time m_baseDelay;              //!< channel propagation delay
    double m_weibullShape;         //!< Weibull shape of the extra delay
    Time m_weibullScale;           //!< Weibull scale of the extra delay
    Time m_clockOffset;            //!< receiver clock offset
    double m_driftPpm;             //!< receiver clock drift
    Time m_skewBound;              //!< > 0: receiver BoundedSkewClock with this E
    uint32_t m_banks;              //!< RDA banks k
    double m_bucketsPerDifference; //!< late binding factor
    bool m_checksum;               //!< RDA checksum field
    bool m_paperVariance;          //!< the paper's F - mu^2
    uint32_t m_signatureSize;      //!< MinHash K
    uint32_t m_garbagePackets;     //!< malformed datagrams sent to each point's control port

    static constexpr uint16_t DATA_PORT = 9000; //!< UDP port of the measured stream
    std::unique_ptr<RdaTruth> m_truth;          //!< the per-packet truth
    Ptr<RdaMeasurementPoint> m_points[2];       //!< sender, receiver
    Ptr<LatencyChannel> m_channel;              //!< the data link
    FlowMonitorHelper m_flowMonitorHelper;      //!< FlowMonitor (cross-check)
    Ptr<FlowMonitor> m_flowMonitor;             //!< FlowMonitor (cross-check)
    uint64_t m_peakCachedPackets{0};            //!< most packets the points cached together
    uint32_t m_peakCachedIntervals{0};          //!< most interval caches held together
};

NS_OBJECT_ENSURE_REGISTERED(RdaStudy);

TypeId
RdaStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<RdaStudy>(
            "ns3::RdaStudy",
            "rda",
            "RDA one-way latency (mean, std) per interval against the per-packet truth, with "
            "LDA and FineComb at equal memory, under loss, reordering and clock error")
            .Parameter("Intervals",
                       "Measurement intervals",
                       &RdaStudy::m_intervals,
                       4,
                       MakeUintegerRangeChecker(1, 1000))
            .Parameter("IntervalLength",
                       "Interval length L",
                       &RdaStudy::m_intervalLength,
                       MilliSeconds(100),
                       MakeTimeRangeChecker(MilliSeconds(1), Seconds(60)))
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
            .Parameter("LossRate",
                       "Packet loss probability of the data link",
                       &RdaStudy::m_lossRate,
                       0.01,
                       MakeDoubleRangeChecker(0, 0.5),
                       C::Plain())
            .Switch("BurstLoss",
                    "Bursty loss (BurstErrorModel, mean burst 2.5) instead of RateErrorModel",
                    &RdaStudy::m_burstLoss,
                    false,
                    C::Plain())
            .Parameter("ReorderRate",
                       "Probability that a packet gets the reorder delay",
                       &RdaStudy::m_reorderRate,
                       0.01,
                       MakeDoubleRangeChecker(0, 1),
                       C::Plain())
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
            .Parameter("ClockOffset",
                       "Receiver clock offset (without SkewBound)",
                       &RdaStudy::m_clockOffset,
                       Time(0),
                       MakeTimeRangeChecker(Seconds(-1), Seconds(1)),
                       C::WholeIn(Time::NS))
            .Parameter("DriftPpm",
                       "Receiver clock drift (without SkewBound)",
                       &RdaStudy::m_driftPpm,
                       0.0,
                       MakeDoubleRangeChecker(-500, 500, "ppm"),
                       C::Plain())
            .Parameter("SkewBound",
                       "> 0: the receiver's clock is a BoundedSkewClock within this E",
                       &RdaStudy::m_skewBound,
                       Time(0),
                       MakeTimeRangeChecker(Time(0), Seconds(1)),
                       C::WholeIn(Time::NS))
            .Parameter("Banks",
                       "RDA banks k",
                       &RdaStudy::m_banks,
                       3,
                       MakeUintegerRangeChecker(1, 16),
                       C::Plain())
            .Parameter("BucketsPerDifference",
                       "Late binding: buckets per estimated set difference",
                       &RdaStudy::m_bucketsPerDifference,
                       2.0,
                       MakeDoubleRangeChecker(0.5, 64))
            .Switch("Checksum",
                    "RDA checksum field (false: the paper's form)",
                    &RdaStudy::m_checksum,
                    true,
                    C::Plain())
            .Switch("PaperVariance",
                    "The paper's variance estimator F - mu^2 (else centred)",
                    &RdaStudy::m_paperVariance,
                    false)
            .Parameter("SignatureSize",
                       "MinHash signature size K",
                       &RdaStudy::m_signatureSize,
                       1024,
                       MakeUintegerRangeChecker(16, 1500))
            .Parameter("GarbagePackets",
                       "Malformed datagrams sent to each point's control port",
                       &RdaStudy::m_garbagePackets,
                       0,
                       MakeUintegerRangeChecker(0, 1000))
            .Seed(C::None())
            .Run(C::None())
            .CsvPrecision(12)
            .Summary(
                StudySchema()
                    .Unsigned("malformed", "", "malformed control packets dropped")
                    .Unsigned("reordered", "", "packets given the reorder delay")
                    .Unsigned("sent", "", "data packets seen by the sender point")
                    .Unsigned("duplicates_discarded", "", "duplicates the receiver point discarded")
                    .Real("flow_monitor_mean_delay_ns",
                          "ns",
                          "FlowMonitor's mean delay of the data flow")
                    .Real("overall_true_mean_ns",
                          "ns",
                          "mean true latency of every first reception, by the receiver "
                          "point, of a packet the sender point saw (a packet later than "
                          "CacheRetention counts as lost)")
                    .Unsigned("peak_cached_packets",
                              "",
                              "most packets the two points' caches held together")
                    .Unsigned("peak_cached_intervals",
                              "",
                              "most interval caches the two points held together"))
            .Rows("intervals",
                  StudySchema()
                      .Unsigned("interval", "", "index")
                      .Key()
                      .Boolean("reported", "the sender reported an estimate")
                      .NotInCsv()
                      .Boolean("timed_out", "the control exchange did not finish")
                      .NotInCsv()
                      .Unsigned("common", "", "packets in both points' caches")
                      .Unsigned("set_difference", "", "exact |S xor R|")
                      .Real("d_hat", "", "MinHash estimate of the difference (late binding)")
                      .Boolean("decoded", "RDA decoded the whole difference")
                      .Real("true_mean_ns", "ns", "mean true latency of the common packets")
                      .Real("true_std_ns", "ns", "their population std")
                      .Real("local_mean_ns", "ns", "mean of receiver local - sender local")
                      .Real("local_std_ns", "ns", "its std")
                      .Real("rda_mean_ns", "ns", "RDA mean")
                      .Real("rda_std_ns", "ns", "RDA std")
                      .Real("lda_mean_ns", "ns", "LDA mean (equal memory)")
                      .Real("lda_std_ns", "ns", "LDA std")
                      .Real("fc_mean_ns", "ns", "FineComb mean (equal memory)")
                      .Real("fc_std_ns", "ns", "FineComb std")
                      .Real("rda_mean_rel_err", "", "|RDA mean - true| / true")
                      .Real("lda_mean_rel_err", "", "|LDA mean - true| / true")
                      .Real("fc_mean_rel_err", "", "|FineComb mean - true| / true")
                      .Real("rda_std_rel_err", "", "|RDA std - true| / true")
                      .Real("lda_std_rel_err", "", "|LDA std - true| / true")
                      .Real("fc_std_rel_err", "", "|FineComb std - true| / true")
                      .Real("rda_mean_rel_err_local",
                            "",
                            "|RDA mean - local-stamp mean| / local-stamp mean")
                      .Real("rda_useful", "", "RDA useful-packet fraction")
                      .Real("lda_useful", "", "LDA useful-packet fraction")
                      .Real("fc_useful", "", "FineComb useful-packet fraction")
                      .Unsigned("sketch_bytes", "bytes", "RDA memory (the LDA/FineComb budget)")
                      .Unsigned("wire_bytes", "bytes", "control bytes on the wire, both ways")
                      .Unsigned("control_packets", "", "control datagrams, both ways"),
                  true,
                  "reported");
    return tid;
}

void
RdaStudy::DoDispose()
{
    m_truth.reset();
    m_points[0] = nullptr;
    m_points[1] = nullptr;
    m_channel = nullptr;
    m_flowMonitor = nullptr;
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

    // clocks: sender perfect DriftingClock; receiver offset/drift or bounded skew
    ClockHelper senderClock;
    senderClock.Install(s);
    ClockHelper receiverClock;
    if (m_skewBound.IsStrictlyPositive())
    {
        receiverClock.SetClock("ns3::BoundedSkewClock", "Bound", TimeValue(m_skewBound));
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

    // data link: LatencyChannel with Weibull extra delay, reorder and duplicate injection
    RdaHelper rda;
    Ptr<WeibullRandomVariable> wb = CreateObject<WeibullRandomVariable>();
    wb->SetAttribute("Shape", DoubleValue(m_weibullShape));
    wb->SetAttribute("Scale", DoubleValue(m_weibullScale.GetSeconds()));
    Ptr<UniformRandomVariable> rd = CreateObject<UniformRandomVariable>();
    rd->SetAttribute("Min", DoubleValue(0));
    rd->SetAttribute("Max", DoubleValue(m_reorderDelayMax.GetSeconds()));
    rda.SetChannelAttribute("Delay", TimeValue(m_baseDelay));
    rda.SetChannelAttribute("ExtraDelay", PointerValue(wb));
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
        Ptr<RateErrorModel> e = CreateObject<RateErrorModel>();
        e->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
        e->SetAttribute("ErrorRate", DoubleValue(m_lossRate));
        streams.Assign(40, [&](int64_t x) { return e->AssignStreams(x); });
        em = e;
    }
    data.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));

    // control link: plain and loss-free
    PointToPointHelper ctl;
    ctl.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    ctl.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer control = ctl.Install(s, r);
    if (m_controlLossRate > 0)
    {
        for (uint32_t k = 0; k < 2; ++k)
        {
            Ptr<RateErrorModel> e = CreateObject<RateErrorModel>();
            e->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
            e->SetAttribute("ErrorRate", DoubleValue(m_controlLossRate));
            streams.Assign(60 + k, [&](int64_t x) { return e->AssignStreams(x); });
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

    const uint16_t dataPort = DATA_PORT;
    Time t0 = Seconds(1);
    Time end = t0 + m_intervalLength * static_cast<int64_t>(m_intervals);
    UdpServerHelper sink(dataPort);
    ApplicationContainer sinkApp = sink.Install(r);
    sinkApp.Start(Seconds(0.5));
    UdpClientHelper client(dataIf.GetAddress(1), dataPort);
    uint64_t count =
        (end - t0 + MilliSeconds(100)).GetTimeStep() / m_packetInterval.GetTimeStep() + 1;
    client.SetAttribute("MaxPackets", UintegerValue(count)); // 0 would send one packet only
    client.SetAttribute("Interval", TimeValue(m_packetInterval));
    client.SetAttribute("PacketSize", UintegerValue(m_packetSize));
    ApplicationContainer cliApp = client.Install(s);
    cliApp.Start(t0 - MilliSeconds(50));
    cliApp.Stop(end + MilliSeconds(50));

    m_truth = std::make_unique<RdaTruth>(
        TruthConfig{m_intervals, m_checksum, m_paperVariance, GetSeed()});
    rda.SetPointAttribute("DataPort", UintegerValue(dataPort));
    rda.SetPointAttribute("IntervalStart", TimeValue(t0));
    rda.SetPointAttribute("IntervalLength", TimeValue(m_intervalLength));
    rda.SetPointAttribute("Intervals", UintegerValue(m_intervals));
    rda.SetPointAttribute("Banks", UintegerValue(m_banks));
    rda.SetPointAttribute("BucketsPerDifference", DoubleValue(m_bucketsPerDifference));
    rda.SetPointAttribute("Checksum", BooleanValue(m_checksum));
    rda.SetPointAttribute("PaperVariance", BooleanValue(m_paperVariance));
    rda.SetPointAttribute("SignatureSize", UintegerValue(m_signatureSize));
    // The receiver keeps a cache until the sender's exchange must be over: ReportTimeout
    // (default 1 s) after the sender's local end, which lies up to the clocks' difference
    // (offset, skew bound, accumulated drift) away from the receiver's.
    Time clockGap = Abs(m_clockOffset) + m_skewBound +
                    NanoSeconds(static_cast<int64_t>(std::ceil(
                        std::fabs(m_driftPpm) * 1e-6 * (end + Seconds(2)).GetNanoSeconds())));
    rda.SetPointAttribute("CacheRetention",
                          TimeValue(Seconds(1) + clockGap + m_intervalLength + MilliSeconds(100)));
    ApplicationContainer points = rda.Install(s, ctlIf.GetAddress(0), r, ctlIf.GetAddress(1));
    points.Start(Seconds(0.1));
    for (int k = 0; k < 2; ++k)
    {
        m_points[k] = DynamicCast<RdaMeasurementPoint>(points.Get(k));
        m_points[k]->TraceConnectWithoutContext(
            "Observed",
            MakeBoundCallback(&RdaTruth::Observed, m_truth.get(), k));
        m_points[k]->TraceConnectWithoutContext(
            "CacheReleased",
            MakeBoundCallback(&RdaTruth::Released, m_truth.get(), k));
    }
    m_points[0]->TraceConnectWithoutContext("Estimate",
                                            MakeBoundCallback(&RdaTruth::Estimated, m_truth.get()));

    // malformed control datagrams (truncated or random bytes) towards both points
    if (m_garbagePackets > 0)
    {
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
                    junk->SendTo(Create<Packet>(b.data(), b.size()),
                                 0,
                                 InetSocketAddress(to, 9100));
                });
            }
        }
    }

    m_flowMonitor = m_flowMonitorHelper.Install(nodes);

    // What the points hold, sampled once per interval length until the end.
    for (Time t = t0; t <= end + Seconds(2); t += m_intervalLength)
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

    return end + Seconds(2);
}

void
RdaStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    m_truth->Finish(m_points);
    for (const IntervalScore& i : m_truth->GetScores())
    {
        StudyRecord& row = result.AddRow();
        row.Set("interval", i.interval);
        row.Set("reported", i.reported);
        row.Set("timed_out", i.timedOut);
        row.Set("common", i.common);
        row.Set("set_difference", i.setDifference);
        row.Set("d_hat", i.dHat);
        row.Set("decoded", i.decoded);
        row.Set("true_mean_ns", i.trueMeanNs);
        row.Set("true_std_ns", i.trueStdNs);
        row.Set("local_mean_ns", i.localMeanNs);
        row.Set("local_std_ns", i.localStdNs);
        row.Set("rda_mean_ns", i.rdaMeanNs);
        row.Set("rda_std_ns", i.rdaStdNs);
        row.Set("lda_mean_ns", i.ldaMeanNs);
        row.Set("lda_std_ns", i.ldaStdNs);
        row.Set("fc_mean_ns", i.fcMeanNs);
        row.Set("fc_std_ns", i.fcStdNs);
        row.Set("rda_mean_rel_err", Rel(i.rdaMeanNs, i.trueMeanNs));
        row.Set("lda_mean_rel_err", Rel(i.ldaMeanNs, i.trueMeanNs));
        row.Set("fc_mean_rel_err", Rel(i.fcMeanNs, i.trueMeanNs));
        row.Set("rda_std_rel_err", Rel(i.rdaStdNs, i.trueStdNs));
        row.Set("lda_std_rel_err", Rel(i.ldaStdNs, i.trueStdNs));
        row.Set("fc_std_rel_err", Rel(i.fcStdNs, i.trueStdNs));
        row.Set("rda_mean_rel_err_local", Rel(i.rdaMeanNs, i.localMeanNs));
        row.Set("rda_useful", i.rdaUseful);
        row.Set("lda_useful", i.ldaUseful);
        row.Set("fc_useful", i.fcUseful);
        row.Set("sketch_bytes", i.sketchBytes);
        row.Set("wire_bytes", i.wireBytes);
        row.Set("control_packets", i.controlPackets);
    }
    result.Set("malformed", m_points[0]->GetMalformedCount() + m_points[1]->GetMalformedCount());
    result.Set("reordered", m_channel->GetReordered());
    result.Set("sent", m_truth->GetSent());
    result.Set("duplicates_discarded", m_truth->GetDuplicates());
    result.Set("overall_true_mean_ns", m_truth->GetOverallTrueMean());
    result.Set("peak_cached_packets", m_peakCachedPackets);
    result.Set("peak_cached_intervals", m_peakCachedIntervals);

    // FlowMonitor cross-check of the mean delay of the data flow
    m_flowMonitor->CheckForLostPackets();
    Ptr<Ipv4FlowClassifier> cls =
        DynamicCast<Ipv4FlowClassifier>(m_flowMonitorHelper.GetClassifier());
    for (const auto& kv : m_flowMonitor->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple t = cls->FindFlow(kv.first);
        if (t.destinationPort == DATA_PORT && kv.second.rxPackets > 0)
        {
            result.Set("flow_monitor_mean_delay_ns",
                       kv.second.delaySum.GetNanoSeconds() /
                           static_cast<double>(kv.second.rxPackets));
        }
    }
}

} // namespace ns3
