/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The OneClock scheduling study: a client and Servers servers on a CSMA LAN; every node has a
// DriftingClock whose offset is uniform in [-E/2, E/2] (so any two clocks are within E) and,
// optionally, a constant drift.  Every real operation on every server is scored against the
// simulator's truth: error = trueEnd - T_d = clockPart + predictionPart, where
// clockPart = trueStart - T_s (the server clock's error when it read T_s) and
// predictionPart = (trueEnd - trueStart) - predicted ETE.

#include "ns3/boolean.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/scheduled-operation-client.h"
#include "ns3/scheduled-operation-server.h"
#include "ns3/scheduling-helper.h"
#include "ns3/scheduling-message-monitor.h"
#include "ns3/scheduling-score.h"
#include "ns3/server-type-profile.h"
#include "ns3/study-lan.h"
#include "ns3/study-result.h"
#include "ns3/study-streams.h"
#include "ns3/study-sync.h"
#include "ns3/study.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SchedulingStudy");

namespace
{

/** Truth recorded by a server's OperationComplete trace. */
struct Truth
{
    Time trueStart; //!< start
    Time trueEnd;   //!< end
    Time localEnd;  //!< T_e
};

/** One real operation on one server: its score, the client's shadow predictions, T_e. */
struct OperationRow
{
    ScoredOperation scored;     //!< scored against the servers' truth (SchedulingScore)
    std::array<Time, 4> shadow; //!< predictions of Baseline, Average, FtAverage, Kalman
    Time reportedEnd;           //!< T_e (server local)
};

/**
 * \param records the client's records
 * \param score the records scored (GetOperations: one per record, in record order)
 * \param truth per server: id -> what its OperationComplete trace recorded
 * \return one row per record
 */
std::vector<OperationRow>
ReadOperations(const std::vector<ScheduledOperationRecord>& records,
               const SchedulingScore& score,
               const std::vector<std::map<uint32_t, Truth>>& truth)
{
    std::vector<OperationRow> rows;
    for (std::size_t i = 0; i < records.size(); ++i)
    {
        const ScheduledOperationRecord& r = records[i];
        OperationRow row;
        row.scored = score.GetOperations()[i];
        row.shadow = r.shadow;
        auto it = truth[r.server].find(r.id);
        if (it != truth[r.server].end())
        {
            row.reportedEnd = it->second.localEnd;
        }
        rows.push_back(row);
    }
    return rows;
}

/**
 * The paper's four predictors scored offline: mean |T_e - T_s - prediction| over the executed
 * operations, T_e as the server's clock read it.
 * \param rows the operations
 * \return Baseline's, Average's, FtAverage's and Kalman's, in us (0 when none executed)
 */
std::array<double, 4>
OfflineMae(const std::vector<OperationRow>& rows)
{
    std::array<double, 4> sum{};
    uint64_t executed = 0;
    for (const auto& row : rows)
    {
        if (!row.scored.executed)
        {
            continue;
        }
        ++executed;
        Time measuredEte = row.reportedEnd - row.scored.scheduled;
        for (std::size_t k = 0; k < 4; ++k)
        {
            sum[k] += std::abs((measuredEte - row.shadow[k]).GetNanoSeconds() / 1e3);
        }
    }
    std::array<double, 4> mae{};
    for (std::size_t k = 0; k < 4 && executed > 0; ++k)
    {
        mae[k] = sum[k] / executed;
    }
    return mae;
}

/**
 * \param rows the operations
 * \param result receives one row per operation and server
 */
void
AddOperationRows(const std::vector<OperationRow>& rows, StudyResult& result)
{
    for (const auto& o : rows)
    {
        const ScoredOperation& r = o.scored;
        StudyRecord& row = result.AddRow();
        row.Set("operation", r.operation);
        row.Set("server", r.server);
        row.Set("executed", r.executed);
        row.Set("desired_ns", r.desired.GetNanoSeconds());
        row.Set("scheduled_ns", r.scheduled.GetNanoSeconds());
        row.Set("predicted_ns", r.predicted.GetNanoSeconds());
        row.Set("pred_baseline_ns", o.shadow[0].GetNanoSeconds());
        row.Set("pred_average_ns", o.shadow[1].GetNanoSeconds());
        row.Set("pred_ftaverage_ns", o.shadow[2].GetNanoSeconds());
        row.Set("pred_kalman_ns", o.shadow[3].GetNanoSeconds());
        row.Set("true_start_ns", r.trueStart.GetNanoSeconds());
        row.Set("true_end_ns", r.trueEnd.GetNanoSeconds());
        row.Set("reported_end_ns", o.reportedEnd.GetNanoSeconds());
        row.Set("error_ns", r.completionError.GetNanoSeconds());
        row.Set("clock_part_ns", r.startError.GetNanoSeconds());
        row.Set("prediction_part_ns", r.predictionError.GetNanoSeconds());
    }
}

} // namespace

/**
 * \ingroup chronometry
 * The OneClock scheduling study; run it by name ("scheduling") through StudyRunner,
 * chronometry-study or chronometry.run_study.
 */
class SchedulingStudy : public Study
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    void Validate() const override;

  protected:
    Time Build(StudyStreams& streams) override;
    void Measure(StudyResult& result) override;
    void DoDispose() override;

  private:
    uint32_t m_servers;        //!< number of servers
    Time m_skew;               //!< E
    double m_driftPpm;         //!< drift uniform in [-driftPpm, driftPpm]
    Time m_delay;              //!< LAN propagation delay
    std::string m_serverTypes; //!< identical, testbed, cloud or all (Table II types)
    uint32_t m_operations;     //!< operations
    Time m_serviceNoise;       //!< service time noise standard deviation
    Time m_spikeMean;          //!< mean spike (exponential)
    double m_lossRate;         //!< network loss probability per message
    Time m_syncWarmup;         //!< Sync ptp, ntp: how much later the operations start
    StudySync m_sync;          //!< the clock source (Sync) and the E it delivers

    LocalClockContainer m_clocks;                   //!< client, then servers
    ApplicationContainer m_serverApps;              //!< servers
    ApplicationContainer m_clientApps;              //!< the client
    std::vector<std::map<uint32_t, Truth>> m_truth; //!< per server: id -> truth
    /** Per server: id -> the server's full record of a real operation it completed. */
    std::vector<std::map<uint32_t, ScheduledOperationTruth>> m_details;
    /** The network's truth: messages sent and lost, by type. */
    std::unique_ptr<SchedulingMessageMonitor> m_monitor;
};

NS_OBJECT_ENSURE_REGISTERED(SchedulingStudy);

TypeId
SchedulingStudy::GetTypeId()
{
    using chronometry::MakeDoubleRangeChecker;
    using chronometry::MakeStringChoiceChecker;
    using chronometry::MakeTimeRangeChecker;
    using chronometry::MakeUintegerRangeChecker;
    using C = StudyCsvColumn;
    static TypeId tid =
        StudyDeclaration<SchedulingStudy>(
            "ns3::SchedulingStudy",
            "scheduling",
            "OneClock scheduled operations on skewed clocks: start error against the truth, "
            "split into the clock part and the ETE prediction part, per predictor")
            .Parameter("Servers",
                       "Number of servers",
                       &SchedulingStudy::m_servers,
                       4,
                       MakeUintegerRangeChecker(1, 64))
            .SkewBound(&SchedulingStudy::m_skew,
                       "the clocks' offsets are uniform in [-E/2, E/2] "
                       "(ClockHelper::SetUniformPopulation)",
                       MicroSeconds(100)) // the scenario: a LAN's synchronized servers
            .Renamed("Skew", "SkewBound")
            .Parameter("DriftPpm",
                       "Clock drift, uniform in [-DriftPpm, DriftPpm]",
                       &SchedulingStudy::m_driftPpm,
                       0.0,
                       MakeDoubleRangeChecker(0, 1000, "ppm"))
            .Parameter("Delay",
                       "LAN propagation delay",
                       &SchedulingStudy::m_delay,
                       MicroSeconds(500),
                       MakeTimeRangeChecker(Time(0), Seconds(1)))
            .Parameter("ServerTypes",
                       "Service models of the servers: identical (the ServiceBase/Noise/Spike "
                       "parameters on every server), or Table II types cycled over the servers: "
                       "testbed (III, IV, V, VI), cloud (I, II), all (I to VI)",
                       &SchedulingStudy::m_serverTypes,
                       std::string("identical"),
                       MakeStringChoiceChecker([] {
                           std::vector<std::string> choices{"identical"};
                           for (const auto& mix : ServerTypeMixNames())
                           {
                               choices.push_back(mix);
                           }
                           return choices;
                       }()))
            .Forward<ScheduledOperationClient>("Predictor")
            .Forward<ScheduledOperationClient>("Window")
            .Forward<ScheduledOperationClient>("ProbeMode")
            .Forward<ScheduledOperationClient>("ProbePeriod")
            .Forward<ScheduledOperationClient>("BurstInterval")
            .Parameter("Operations",
                       "Operations per run",
                       &SchedulingStudy::m_operations,
                       100,
                       MakeUintegerRangeChecker(1, 1000000))
            .Forward<ScheduledOperationClient>("OperationInterval")
            .Forward<ScheduledOperationClient>("OperationLead")
            .Forward<ScheduledOperationClient>("DecisionLead")
            .Forward<ScheduledOperationClient>("SendAhead")
            .ForwardAs<ServiceTimeModel>("Base", "ServiceBase")
            .Parameter("ServiceNoise",
                       "Service time noise, standard deviation (normal, bounded at 4 sigma)",
                       &SchedulingStudy::m_serviceNoise,
                       MicroSeconds(100),
                       MakeTimeRangeChecker(Time(0), Seconds(1)))
            .Forward<ServiceTimeModel>("SpikeProbability", DoubleValue(0.02))
            .Parameter("SpikeMean",
                       "Mean spike (exponential)",
                       &SchedulingStudy::m_spikeMean,
                       MilliSeconds(10),
                       MakeTimeRangeChecker(Time(0), Seconds(10)))
            .Forward<ScheduledOperationServer>("SchedMaxFuture")
            .Forward<ScheduledOperationServer>("SchedMaxPast")
            .ForwardAs<ScheduledOperationClient>("AtomicCommit", "Atomic")
            .LossRate(&SchedulingStudy::m_lossRate,
                      "the client's and every server's device: every message type "
                      "(SCHEDULE, ACK, REPORT, CANCEL, CANCEL_ACK, ERROR, probes), both "
                      "directions")
            .ForwardAs<ScheduledOperationServer>("RefuseProbability", "Refuse")
            .Forward<ScheduledOperationClient>("CancelLead")
            .ForwardAs<ScheduledOperationServer>("MeanTimeBetweenCrashes",
                                                 "CrashMean",
                                                 C::In(Time::MS))
            .Forward<ScheduledOperationServer>("Downtime")
            .ForwardAs<ScheduledOperationServer>("PersistSchedule", "Persist")
            .ForwardAs<ScheduledOperationClient>("MaxRetries", "Retries")
            .Forward<ScheduledOperationClient>("RetryTimeout")
            .Sync("Clock source: none (the clocks as SkewBound and DriftPpm place them), ptp "
                  "(PtpClock, the client the grandmaster, the servers its slaves, hardware "
                  "time stamps, PI servo) or ntp (the client an NtpServer, the servers its "
                  "NtpClients) on the study's LAN, steering the servers' drifting clocks; with "
                  "a protocol the client's clock is the reference (true time: no offset, no "
                  "drift) and the servers keep the drawn offsets and drifts")
            .Parameter("SyncWarmup",
                       "Sync ptp, ntp: the client and servers start this much later than "
                       "without (the protocol's time to lock; the delivered E is sampled from "
                       "then on)",
                       &SchedulingStudy::m_syncWarmup,
                       Seconds(3),
                       MakeTimeRangeChecker(Time(0), Hours(24)))
            .Seed()
            .Run()
            .Topology()
            .Summary(WithSyncSkewFields(
                StudySchema()
                    .Unsigned("executed", "", "operations executed (all servers)")
                    .Unsigned("late", "", "SCHEDULE messages that could not leave in time")
                    .Unsigned("errors", "", "ERROR replies to real operations")
                    .Unsigned("probe_reports", "", "probe reports")
                    .Real("mae_us", "us", "mean |trueEnd - T_d|, active predictor")
                    .Real("mae_clock_us",
                          "us",
                          "mean |trueStart - T_s|: start error (server clock error plus any start "
                          "delay); not a share of mae_us (absolute errors do not add)")
                    .Real("mae_prediction_us",
                          "us",
                          "mean |(trueEnd - trueStart) - predicted ETE|: prediction error")
                    .Real("mae_offline_baseline_us",
                          "us",
                          "the paper's metric, mean |ETE - predicted|: Baseline")
                    .Real("mae_offline_average_us", "us", "the same: Average")
                    .Real("mae_offline_ftaverage_us", "us", "the same: FtAverage")
                    .Real("mae_offline_kalman_us", "us", "the same: Kalman")
                    .Real("offset_range_us", "us", "max - min server clock offset")
                    .Real("mean_start_spread_us",
                          "us",
                          "mean over operations of max - min true start")
                    .Real("max_start_spread_us", "us", "max over operations")
                    .Real("mean_end_spread_us", "us", "mean over operations of max - min true end")
                    .Unsigned("aborts", "", "atomic commit: client aborts")
                    .Unsigned("commit_all", "", "operations executed by every server")
                    .Unsigned("commit_none", "", "operations executed by none")
                    .Unsigned("commit_partial", "", "operations executed by some, not all")
                    .Unsigned("cancelled", "", "operations cancelled at servers")
                    .Unsigned("malformed", "", "malformed packets (client + servers)")
                    .Unsigned("late_arrivals",
                              "",
                              "executed operations whose SCHEDULE reached the server after T_s "
                              "(truth)")
                    .Unsigned("missed", "", "operations refused as too far in the past")
                    .Real("mean_start_delay_us",
                          "us",
                          "mean local start - T_s on the server's clock (the start-delay part of "
                          "the ETE)")
                    .Real("max_start_delay_us", "us", "largest start delay")
                    .Real("partial_rate", "", "commit_partial / operations")
                    .Real("abort_rate", "", "aborts / operations")
                    .Unsigned("messages_sent",
                              "",
                              "OneClock messages sent, every type, probes included (network "
                              "truth, at the IP layers)")
                    .Unsigned("messages_lost", "", "of those, never received")
                    .Unsigned("schedules_lost", "", "real operations' SCHEDULE copies lost")
                    .Unsigned("acks_lost", "", "real operations' ACKs lost")
                    .Unsigned("reports_lost", "", "real operations' REPORTs lost")
                    .Unsigned("cancels_lost", "", "CANCEL copies lost")
                    .Unsigned("cancel_acks_lost", "", "CANCEL_ACKs lost")
                    .Unsigned("errors_lost", "", "ERROR replies to real operations lost")
                    .Unsigned("probe_messages_lost",
                              "",
                              "probes' SCHEDULE, ACK, REPORT and ERROR messages lost"),
                "the operations' run, from SyncWarmup on"))
            .Rows("executions",
                  StudySchema()
                      .Unsigned("operation", "", "operation index")
                      .Key()
                      .Unsigned("server", "", "server index")
                      .Key()
                      .Boolean("executed", "the server ran it")
                      .Integer("desired_ns", "ns", "T_d")
                      .Integer("scheduled_ns", "ns", "T_s")
                      .Integer("predicted_ns", "ns", "predicted ETE (active predictor)")
                      .Integer("pred_baseline_ns", "ns", "prediction of Baseline")
                      .Integer("pred_average_ns", "ns", "prediction of Average")
                      .Integer("pred_ftaverage_ns", "ns", "prediction of FtAverage")
                      .Integer("pred_kalman_ns", "ns", "prediction of Kalman")
                      .Integer("true_start_ns", "ns", "simulator time of the start")
                      .Integer("true_end_ns", "ns", "simulator time of the completion")
                      .Integer("reported_end_ns", "ns", "T_e (server local)")
                      .Integer("error_ns", "ns", "trueEnd - T_d")
                      .Integer("clock_part_ns", "ns", "trueStart - T_s")
                      .Integer("prediction_part_ns", "ns", "(trueEnd - trueStart) - predicted"),
                  false);
    return tid;
}

void
SchedulingStudy::Validate() const
{
    auto below = [this](const std::string& a, const std::string& b) {
        Refuse({a, b}, Describe(a) + " is invalid; valid: below " + Describe(b));
    };
    const Time operationLead = Forwarded<TimeValue>("OperationLead");
    const Time decisionLead = Forwarded<TimeValue>("DecisionLead");
    const Time sendAhead = Forwarded<TimeValue>("SendAhead");
    if (decisionLead >= operationLead)
    {
        below("DecisionLead", "OperationLead");
    }
    if (sendAhead >= decisionLead)
    {
        below("SendAhead", "DecisionLead");
    }
    if (Forwarded<BooleanValue>("Atomic") && Forwarded<TimeValue>("CancelLead") >= sendAhead)
    {
        below("CancelLead", "SendAhead");
    }
    const uint64_t window = Forwarded<UintegerValue>("Window");
    if (Text("ProbeMode") == "Burst" &&
        operationLead - decisionLead <=
            Forwarded<TimeValue>("BurstInterval") * int64_t(window - 1) + sendAhead)
    {
        Refuse({"OperationLead", "DecisionLead", "Window", "BurstInterval", "SendAhead"},
               Describe("OperationLead") + " - " + Describe("DecisionLead") +
                   " is invalid; valid: above (" + Describe("Window") + " - 1) * " +
                   Describe("BurstInterval") + " + " + Describe("SendAhead") +
                   ", so that a burst's reports arrive before the decision");
    }
}

void
SchedulingStudy::DoDispose()
{
    m_clocks.clear();
    m_serverApps = ApplicationContainer();
    m_clientApps = ApplicationContainer();
    m_truth.clear();
    m_details.clear();
    m_monitor.reset();
    m_sync = StudySync();
    Study::DoDispose();
}

Time
SchedulingStudy::Build(StudyStreams& streams)
{
    NS_LOG_FUNCTION(this);
    NodeContainer client;
    client.Create(1);
    NodeContainer servers;
    servers.Create(m_servers);
    NodeContainer all(client, servers);
    StudyLan lan =
        InstallStudyLan(all, "100Mbps", m_delay, "10.1.0.0", "255.255.255.0", GetTopology());
    const Ipv4InterfaceContainer& interfaces = lan.interfaces;
    // Lost messages are the network's: an error model on every node's own device (each
    // message is received by exactly one of them), whatever its type or direction.
    if (m_lossRate > 0)
    {
        auto models = SchedulingHelper::InstallMessageLoss(lan.devices, m_lossRate);
        streams.Assign(5000000,
                       [&](int64_t s) { return SchedulingHelper::AssignStreams(models, s); });
    }
    m_monitor = std::make_unique<SchedulingMessageMonitor>();
    m_monitor->Install(all);

    ClockHelper clocks;
    auto [offset, drift] = clocks.SetUniformPopulation(m_skew, m_driftPpm);
    streams.Assign(offset, 2000001);
    if (drift)
    {
        streams.Assign(drift, 2000002);
    }
    m_clocks = clocks.Install(all);
    streams.Assign(2000010, [&](int64_t s) { return clocks.AssignStreams(all, s); });
    const bool synced = GetSync() != "none";
    if (synced)
    {
        // The protocol's reference (grandmaster, stratum-1 server): true time.
        m_clocks[0]->SetAttribute("InitialOffset", TimeValue(Time(0)));
        DynamicCast<DriftingClock>(m_clocks[0])
            ->SetOscillator(
                CreateObjectWithAttributes<ConstantDriftOscillator>("Drift", DoubleValue(0)));
    }

    SchedulingHelper helper;
    double variance = std::pow(double(m_serviceNoise.GetNanoSeconds()), 2);
    std::ostringstream noise;
    noise << "ns3::NormalRandomVariable[Mean=0|Variance=" << variance
          << "|Bound=" << 4 * m_serviceNoise.GetNanoSeconds() << "]";
    helper.SetServiceAttribute("Noise", StringValue(noise.str()));
    std::ostringstream spike;
    spike << "ns3::ExponentialRandomVariable[Mean=" << m_spikeMean.GetNanoSeconds() << "|Bound=0]";
    helper.SetServiceAttribute("Spike", StringValue(spike.str()));
    for (const auto& [attribute, value] : GetForwarded("ns3::ServiceTimeModel"))
    {
        helper.SetServiceAttribute(attribute, *value);
    }
    for (const auto& [attribute, value] : GetForwarded("ns3::ScheduledOperationServer"))
    {
        helper.SetServerAttribute(attribute, *value);
    }
    for (const auto& [attribute, value] : GetForwarded("ns3::ScheduledOperationClient"))
    {
        helper.SetClientAttribute(attribute, *value);
    }
    helper.SetClientAttribute("MaxOperations", UintegerValue(m_operations));

    m_serverApps = m_serverTypes == "identical"
                       ? helper.InstallServers(servers)
                       : helper.InstallServers(servers, ServerTypeMix(m_serverTypes));
    streams.Assign(3000000,
                   [&](int64_t s) { return SchedulingHelper::AssignStreams(m_serverApps, s); });
    std::vector<Ipv4Address> addresses;
    for (uint32_t i = 1; i <= m_servers; ++i)
    {
        addresses.push_back(interfaces.GetAddress(i));
    }
    m_clientApps = helper.InstallClient(client.Get(0), addresses);

    m_truth.resize(m_servers);
    m_details.resize(m_servers);
    for (uint32_t s = 0; s < m_servers; ++s)
    {
        auto server = DynamicCast<ScheduledOperationServer>(m_serverApps.Get(s));
        server->TraceConnectWithoutContext(
            "OperationComplete",
            Callback<void, uint32_t, bool, Time, Time, Time, Time>(
                [this, s](uint32_t id, bool probe, Time, Time ts, Time te, Time le) {
                    if (!probe)
                    {
                        m_truth[s][id] = Truth{ts, te, le};
                    }
                }));
        server->TraceConnectWithoutContext("OperationDetail",
                                           Callback<void, const ScheduledOperationTruth&>(
                                               [this, s](const ScheduledOperationTruth& t) {
                                                   if (!t.probe)
                                                   {
                                                       m_details[s][t.id] = t;
                                                   }
                                               }));
    }

    const Time operationInterval = Forwarded<TimeValue>("OperationInterval");
    const Time start = synced ? m_syncWarmup : Time(0);
    Time end = start + operationInterval * int64_t(m_operations) +
               Forwarded<TimeValue>("OperationLead") + operationInterval + Seconds(1);
    m_sync.Install(*this, all, interfaces, start, end, streams, 6000000);
    m_serverApps.Start(start);
    m_clientApps.Start(start);
    m_serverApps.Stop(end);
    m_clientApps.Stop(end);
    return end + Seconds(1);
}

void
SchedulingStudy::Measure(StudyResult& result)
{
    NS_LOG_FUNCTION(this);
    // Read-out: the client's records beside the servers' truth, the clocks' offsets and the
    // applications' counters.
    auto clientApp = DynamicCast<ScheduledOperationClient>(m_clientApps.Get(0));
    uint64_t malformed = clientApp->GetMalformed();
    uint64_t cancelled = 0;
    double lo = 1e300;
    double hi = -1e300;
    for (uint32_t s = 0; s < m_servers; ++s)
    {
        double o = (m_clocks[s + 1]->TrueToLocal(Time(0))).GetNanoSeconds();
        lo = std::min(lo, o);
        hi = std::max(hi, o);
        auto server = DynamicCast<ScheduledOperationServer>(m_serverApps.Get(s));
        cancelled += server->GetCancelled();
        malformed += server->GetMalformed();
    }
    const std::vector<ScheduledOperationRecord>& records = clientApp->GetRecords();
    uint64_t errors = 0;
    for (const auto& r : records)
    {
        errors += r.error;
    }

    // Scoring (no simulator needed): the servers' truth against the client's records.
    const SchedulingScore score = SchedulingScore::Compute(records, m_details);
    std::vector<OperationRow> rows = ReadOperations(records, score, m_truth);
    if (score.executed > 0)
    {
        result.Set("mae_us", score.maeUs);
        result.Set("mae_clock_us", score.maeStartUs);
        result.Set("mae_prediction_us", score.maePredictionUs);
    }
    const std::array<double, 4> maeOffline = OfflineMae(rows);
    result.Set("executed", score.executed);
    result.Set("late", score.lateSends);
    result.Set("errors", errors);
    result.Set("probe_reports", clientApp->GetProbeReports());
    result.Set("mae_offline_baseline_us", maeOffline[0]);
    result.Set("mae_offline_average_us", maeOffline[1]);
    result.Set("mae_offline_ftaverage_us", maeOffline[2]);
    result.Set("mae_offline_kalman_us", maeOffline[3]);
    result.Set("offset_range_us", (hi - lo) / 1e3);
    result.Set("mean_start_spread_us", score.meanStartSpreadUs);
    result.Set("max_start_spread_us", score.maxStartSpreadUs);
    result.Set("mean_end_spread_us", score.meanCompletionSpreadUs);
    result.Set("aborts", clientApp->GetAborts());
    result.Set("commit_all", score.commitAll);
    result.Set("commit_none", score.commitNone);
    result.Set("commit_partial", score.commitPartial);
    result.Set("cancelled", cancelled);
    result.Set("malformed", malformed);
    // Late arrivals, refusals and start delays, from the servers' own records (truth).
    result.Set("late_arrivals", score.lateArrivals);
    result.Set("missed", score.missed);
    result.Set("mean_start_delay_us", score.meanStartDelayUs);
    result.Set("max_start_delay_us", score.maxStartDelayUs);
    result.Set("partial_rate", score.partialRate);
    const uint64_t operations = records.size() / std::max<uint32_t>(1, m_servers);
    result.Set("abort_rate",
               operations ? double(clientApp->GetAborts()) / double(operations) : 0.0);
    using H = SchedulingHeader;
    auto lost = [this](H::MessageType type, bool probe) {
        return m_monitor->Get(type, probe).Lost();
    };
    const SchedulingMessageMonitor::Counts total = m_monitor->GetTotal();
    result.Set("messages_sent", total.sent);
    result.Set("messages_lost", total.Lost());
    result.Set("schedules_lost", lost(H::SCHEDULE, false));
    result.Set("acks_lost", lost(H::ACK, false));
    result.Set("reports_lost", lost(H::REPORT, false));
    result.Set("cancels_lost", lost(H::CANCEL, false));
    result.Set("cancel_acks_lost", lost(H::CANCEL_ACK, false));
    result.Set("errors_lost", lost(H::ERROR, false));
    result.Set("probe_messages_lost",
               lost(H::SCHEDULE, true) + lost(H::ACK, true) + lost(H::REPORT, true) +
                   lost(H::ERROR, true));
    AddOperationRows(rows, result);
    m_sync.Report(result);
}

} // namespace ns3
