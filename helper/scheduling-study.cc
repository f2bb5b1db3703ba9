/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scheduling-study.h"

#include "scheduling-helper.h"

#include "ns3/boolean.h"
#include "ns3/chronometry-validation.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/scheduled-operation-client.h"
#include "ns3/scheduled-operation-server.h"
#include "ns3/study-lan.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SchedulingStudy");

void
SchedulingStudyParams::Validate() const
{
    using chronometry::RequireDoubleInRange;
    using chronometry::RequireTimeInRange;
    RequireDoubleInRange("SchedulingStudy: servers", servers, 1, 64, "");
    RequireTimeInRange("SchedulingStudy: skew (E)", skew, Time(0), Seconds(10));
    RequireDoubleInRange("SchedulingStudy: driftPpm", driftPpm, 0, 1000, "ppm");
    RequireTimeInRange("SchedulingStudy: delay", delay, Time(0), Seconds(1));
    EtePredictorKindFromName(predictor);
    RequireDoubleInRange("SchedulingStudy: window (N)", window, 1, 4096, "samples");
    if (probeMode != "None" && probeMode != "Periodic" && probeMode != "Burst")
    {
        chronometry::ReportConfigError("SchedulingStudy: probeMode '" + probeMode +
                                       "' is invalid; valid: None, Periodic, Burst");
    }
    RequireDoubleInRange("SchedulingStudy: operations", operations, 1, 1e6, "");
    RequireTimeInRange("SchedulingStudy: serviceBase", serviceBase, Time(0), Seconds(10));
    RequireTimeInRange("SchedulingStudy: serviceNoise", serviceNoise, Time(0), Seconds(1));
    RequireDoubleInRange("SchedulingStudy: spikeProbability", spikeProbability, 0, 1, "");
    RequireTimeInRange("SchedulingStudy: spikeMean", spikeMean, Time(0), Seconds(10));
    RequireDoubleInRange("SchedulingStudy: ackLoss", ackLoss, 0, 1, "");
    RequireDoubleInRange("SchedulingStudy: refuse", refuse, 0, 1, "");
    RequireTimeInRange("SchedulingStudy: operationInterval",
                       operationInterval,
                       MilliSeconds(1),
                       Hours(1));
    RequireTimeInRange("SchedulingStudy: operationLead", operationLead, MilliSeconds(1), Hours(1));
    RequireTimeInRange("SchedulingStudy: decisionLead",
                       decisionLead,
                       Time(1),
                       operationLead - Time(1));
    RequireTimeInRange("SchedulingStudy: sendAhead", sendAhead, Time(1), decisionLead - Time(1));
    if (atomic)
    {
        RequireTimeInRange("SchedulingStudy: cancelLead", cancelLead, Time(1), sendAhead - Time(1));
    }
    if (probeMode == "Burst" &&
        operationLead - decisionLead <= burstInterval * int64_t(window - 1) + sendAhead)
    {
        chronometry::ReportConfigError(
            "SchedulingStudy: operationLead - decisionLead must exceed (window - 1) * "
            "burstInterval + sendAhead so that a burst's reports arrive before the decision");
    }
    RequireDoubleInRange("SchedulingStudy: run", static_cast<double>(run), 1, 1e18, "");
}

std::string
SchedulingStudyResult::CsvHeader()
{
    return "servers,skew_ns,drift_ppm,predictor,window,probe_mode,probe_period_ns,operations,"
           "spike_probability,spike_mean_ns,atomic,ack_loss,run,executed,late,errors,"
           "probe_reports,mae_us,mae_clock_us,mae_prediction_us,mae_offline_baseline_us,"
           "mae_offline_average_us,mae_offline_ftaverage_us,mae_offline_kalman_us,"
           "offset_range_us,mean_start_spread_us,max_start_spread_us,mean_end_spread_us,aborts,"
           "commit_all,commit_none,commit_partial,cancelled,malformed,wall_s";
}

std::string
SchedulingStudyResult::ToCsvRow() const
{
    const auto& p = params;
    std::ostringstream os;
    os << p.servers << ',' << p.skew.GetNanoSeconds() << ',' << p.driftPpm << ',' << p.predictor
       << ',' << p.window << ',' << p.probeMode << ',' << p.probePeriod.GetNanoSeconds() << ','
       << p.operations << ',' << p.spikeProbability << ',' << p.spikeMean.GetNanoSeconds() << ','
       << p.atomic << ',' << p.ackLoss << ',' << p.run << ',' << executed << ',' << late << ','
       << errors << ',' << probeReports << ',' << maeUs << ',' << maeClockUs << ','
       << maePredictionUs;
    for (double m : maeOfflineUs)
    {
        os << ',' << m;
    }
    os << ',' << offsetRangeUs << ',' << meanStartSpreadUs << ',' << maxStartSpreadUs << ','
       << meanEndSpreadUs << ',' << aborts << ',' << commitAll << ',' << commitNone << ','
       << commitPartial << ',' << cancelled << ',' << malformed << ',' << wallSeconds;
    return os.str();
}

std::string
SchedulingStudyResult::OperationCsvHeader()
{
    return "operation,server,executed,desired_ns,scheduled_ns,predicted_ns,pred_baseline_ns,"
           "pred_average_ns,pred_ftaverage_ns,pred_kalman_ns,true_start_ns,true_end_ns,"
           "reported_end_ns,error_ns,clock_part_ns,prediction_part_ns";
}

std::string
SchedulingStudyResult::OperationCsvRows() const
{
    std::ostringstream os;
    for (const auto& r : rows)
    {
        os << r.operation << ',' << r.server << ',' << r.executed << ','
           << r.desired.GetNanoSeconds() << ',' << r.scheduled.GetNanoSeconds() << ','
           << r.predicted.GetNanoSeconds();
        for (const auto& s : r.shadow)
        {
            os << ',' << s.GetNanoSeconds();
        }
        os << ',' << r.trueStart.GetNanoSeconds() << ',' << r.trueEnd.GetNanoSeconds() << ','
           << r.reportedEnd.GetNanoSeconds() << ',' << r.error.GetNanoSeconds() << ','
           << r.clockPart.GetNanoSeconds() << ',' << r.predictionPart.GetNanoSeconds() << '\n';
    }
    return os.str();
}

namespace
{

/** Truth recorded by a server's OperationComplete trace. */
struct Truth
{
    Time trueStart; //!< start
    Time trueEnd;   //!< end
    Time localEnd;  //!< T_e
};

} // namespace

SchedulingStudyResult
SchedulingStudy::Run(const SchedulingStudyParams& params)
{
    params.Validate();
    auto wallStart = std::chrono::steady_clock::now();
    RngSeedManager::SetRun(params.run);

    NodeContainer client;
    client.Create(1);
    NodeContainer servers;
    servers.Create(params.servers);
    NodeContainer all(client, servers);
    StudyLan lan = InstallStudyLan(all, "100Mbps", params.delay, "10.1.0.0", "255.255.255.0");
    const Ipv4InterfaceContainer& interfaces = lan.interfaces;

    ClockHelper clocks;
    auto offset = CreateObject<UniformRandomVariable>();
    offset->SetAttribute("Min", DoubleValue(-params.skew.GetNanoSeconds() / 2.0));
    offset->SetAttribute("Max", DoubleValue(params.skew.GetNanoSeconds() / 2.0));
    offset->SetStream(2000001);
    clocks.SetOffset(offset);
    if (params.driftPpm > 0)
    {
        auto drift = CreateObject<UniformRandomVariable>();
        drift->SetAttribute("Min", DoubleValue(-params.driftPpm));
        drift->SetAttribute("Max", DoubleValue(params.driftPpm));
        drift->SetStream(2000002);
        clocks.SetDrift(drift);
    }
    LocalClockContainer installed = clocks.Install(all);
    clocks.AssignStreams(all, 2000010);

    SchedulingHelper helper;
    helper.SetServiceAttribute("Base", TimeValue(params.serviceBase));
    double variance = std::pow(double(params.serviceNoise.GetNanoSeconds()), 2);
    std::ostringstream noise;
    noise << "ns3::NormalRandomVariable[Mean=0|Variance=" << variance
          << "|Bound=" << 4 * params.serviceNoise.GetNanoSeconds() << "]";
    helper.SetServiceAttribute("Noise", StringValue(noise.str()));
    helper.SetServiceAttribute("SpikeProbability", DoubleValue(params.spikeProbability));
    std::ostringstream spike;
    spike << "ns3::ExponentialRandomVariable[Mean=" << params.spikeMean.GetNanoSeconds()
          << "|Bound=0]";
    helper.SetServiceAttribute("Spike", StringValue(spike.str()));
    helper.SetServerAttribute("SchedMaxFuture", TimeValue(params.schedMaxFuture));
    helper.SetServerAttribute("SchedMaxPast", TimeValue(params.schedMaxPast));
    helper.SetServerAttribute("AckLossProbability", DoubleValue(params.ackLoss));
    helper.SetServerAttribute("RefuseProbability", DoubleValue(params.refuse));
    helper.SetClientAttribute("Predictor", StringValue(params.predictor));
    helper.SetClientAttribute("Window", UintegerValue(params.window));
    helper.SetClientAttribute("ProbeMode", StringValue(params.probeMode));
    helper.SetClientAttribute("ProbePeriod", TimeValue(params.probePeriod));
    helper.SetClientAttribute("BurstInterval", TimeValue(params.burstInterval));
    helper.SetClientAttribute("OperationInterval", TimeValue(params.operationInterval));
    helper.SetClientAttribute("OperationLead", TimeValue(params.operationLead));
    helper.SetClientAttribute("DecisionLead", TimeValue(params.decisionLead));
    helper.SetClientAttribute("SendAhead", TimeValue(params.sendAhead));
    helper.SetClientAttribute("MaxOperations", UintegerValue(params.operations));
    helper.SetClientAttribute("AtomicCommit", BooleanValue(params.atomic));
    helper.SetClientAttribute("CancelLead", TimeValue(params.cancelLead));

    ApplicationContainer serverApps = helper.InstallServers(servers);
    SchedulingHelper::AssignStreams(serverApps, 3000000);
    std::vector<Ipv4Address> addresses;
    for (uint32_t i = 1; i <= params.servers; ++i)
    {
        addresses.push_back(interfaces.GetAddress(i));
    }
    ApplicationContainer clientApps = helper.InstallClient(client.Get(0), addresses);

    std::vector<std::map<uint32_t, Truth>> truth(params.servers);
    for (uint32_t s = 0; s < params.servers; ++s)
    {
        auto server = DynamicCast<ScheduledOperationServer>(serverApps.Get(s));
        server->TraceConnectWithoutContext(
            "OperationComplete",
            Callback<void, uint32_t, bool, Time, Time, Time, Time>(
                [&truth, s](uint32_t id, bool probe, Time, Time ts, Time te, Time le) {
                    if (!probe)
                    {
                        truth[s][id] = Truth{ts, te, le};
                    }
                }));
    }

    Time end = params.operationInterval * int64_t(params.operations) + params.operationLead +
               params.operationInterval + Seconds(1);
    serverApps.Start(Seconds(0));
    clientApps.Start(Seconds(0));
    serverApps.Stop(end);
    clientApps.Stop(end);
    Simulator::Stop(end + Seconds(1));
    Simulator::Run();

    SchedulingStudyResult result;
    result.params = params;
    auto clientApp = DynamicCast<ScheduledOperationClient>(clientApps.Get(0));
    result.probeReports = clientApp->GetProbeReports();
    result.aborts = clientApp->GetAborts();
    result.malformed = clientApp->GetMalformed();
    double lo = 1e300;
    double hi = -1e300;
    for (uint32_t s = 0; s < params.servers; ++s)
    {
        double o = (installed[s + 1]->TrueToLocal(Time(0))).GetNanoSeconds();
        lo = std::min(lo, o);
        hi = std::max(hi, o);
        auto server = DynamicCast<ScheduledOperationServer>(serverApps.Get(s));
        result.cancelled += server->GetCancelled();
        result.malformed += server->GetMalformed();
    }
    result.offsetRangeUs = (hi - lo) / 1e3;

    double sumErr = 0;
    double sumClock = 0;
    double sumPred = 0;
    std::array<double, 4> sumOffline{};
    std::map<uint32_t, std::vector<const SchedulingOperationRow*>> byOperation;
    for (const auto& r : clientApp->GetRecords())
    {
        SchedulingOperationRow row;
        row.operation = r.operation;
        row.server = r.server;
        row.desired = r.desired;
        row.scheduled = r.scheduled;
        row.predicted = r.predicted;
        row.shadow = r.shadow;
        result.late += r.late;
        result.errors += r.error;
        auto it = truth[r.server].find(r.id);
        if (it != truth[r.server].end())
        {
            row.executed = true;
            row.trueStart = it->second.trueStart;
            row.trueEnd = it->second.trueEnd;
            row.reportedEnd = it->second.localEnd;
            row.error = row.trueEnd - row.desired;
            row.clockPart = row.trueStart - row.scheduled;
            row.predictionPart = (row.trueEnd - row.trueStart) - row.predicted;
            ++result.executed;
            sumErr += std::abs(row.error.GetNanoSeconds() / 1e3);
            sumClock += std::abs(row.clockPart.GetNanoSeconds() / 1e3);
            sumPred += std::abs(row.predictionPart.GetNanoSeconds() / 1e3);
            Time measuredEte = row.reportedEnd - row.scheduled;
            for (std::size_t k = 0; k < 4; ++k)
            {
                sumOffline[k] += std::abs((measuredEte - row.shadow[k]).GetNanoSeconds() / 1e3);
            }
        }
        result.rows.push_back(row);
    }
    for (const auto& row : result.rows)
    {
        byOperation[row.operation].push_back(&row);
    }
    if (result.executed > 0)
    {
        result.maeUs = sumErr / result.executed;
        result.maeClockUs = sumClock / result.executed;
        result.maePredictionUs = sumPred / result.executed;
        for (std::size_t k = 0; k < 4; ++k)
        {
            result.maeOfflineUs[k] = sumOffline[k] / result.executed;
        }
    }
    uint64_t fullOps = 0;
    for (const auto& [op, rows] : byOperation)
    {
        uint32_t ran = 0;
        Time s0 = Time::Max();
        Time s1 = Time::Min();
        Time e0 = Time::Max();
        Time e1 = Time::Min();
        for (const auto* row : rows)
        {
            if (row->executed)
            {
                ++ran;
                s0 = std::min(s0, row->trueStart);
                s1 = std::max(s1, row->trueStart);
                e0 = std::min(e0, row->trueEnd);
                e1 = std::max(e1, row->trueEnd);
            }
        }
        if (ran == rows.size())
        {
            ++result.commitAll;
            ++fullOps;
            double spread = (s1 - s0).GetNanoSeconds() / 1e3;
            result.meanStartSpreadUs += spread;
            result.maxStartSpreadUs = std::max(result.maxStartSpreadUs, spread);
            result.meanEndSpreadUs += (e1 - e0).GetNanoSeconds() / 1e3;
        }
        else if (ran == 0)
        {
            ++result.commitNone;
        }
        else
        {
            ++result.commitPartial;
        }
    }
    if (fullOps > 0)
    {
        result.meanStartSpreadUs /= fullOps;
        result.meanEndSpreadUs /= fullOps;
    }
    Simulator::Destroy();
    result.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    return result;
}

} // namespace ns3
