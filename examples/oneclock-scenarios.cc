/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock's model layer in small scenarios, scored against the simulator's truth.
//
// A client and 4 servers on a star of point-to-point links (one link per server, delay delta);
// every server clock has an offset uniform in [-E/2, E/2].  Three tables:
//  1. predictors: for identical servers, the paper's Table II testbed machines (III-VI) and its
//     cloud instances (I, II, I, II), per active predictor: MAE of the true completion time
//     against T_d, its 99th percentile, start and completion spread across servers;
//  2. delta across the 50 ms send-ahead lead: late sends, late arrivals, missed operations,
//     mean start delay and MAE for FT-Average and Baseline (SchedMaxPast 1 s and 20 ms);
//  3. atomic commit under fault mixes (messages lost by the network -- a RateErrorModel on both
//     ends of every link, so every message type either way --, refusals, crashes with volatile
//     or persisted schedules), without and with client retries: commits all / none / partial,
//     the partial-commit rate and the messages the network lost.
// Rows go to <outDir>/oneclock-scenarios.csv (written atomically); tables to stdout.
#include "ns3/chronometry-checkers.h"
#include "ns3/command-line.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/scheduled-operation-client.h"
#include "ns3/scheduled-operation-server.h"
#include "ns3/scheduling-helper.h"
#include "ns3/scheduling-message-monitor.h"
#include "ns3/scheduling-score.h"
#include "ns3/server-type-profile.h"
#include "ns3/study-csv.h"

#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/** One scenario. */
struct Scenario
{
    uint32_t servers = 4;                //!< servers
    Time skew = MicroSeconds(100);       //!< E
    Time delay = MicroSeconds(100);      //!< one-way delay per link
    std::vector<std::string> types;      //!< server types (empty: default service model)
    double spikeProbability = 0.02;      //!< default model: spike probability
    std::string predictor = "FtAverage"; //!< active predictor
    uint32_t operations = 50;            //!< operations
    uint64_t run = 1;                    //!< RngRun
    double loss = 0;                     //!< network loss per message (both ends of every link)
    std::function<void(SchedulingHelper&)> configure; //!< extra configuration
};

/** What a run of a scenario left besides its score. */
struct RunInfo
{
    ScheduledOperationSummary client; //!< the client's summary
    uint64_t aborts = 0;              //!< the client's aborts
    uint64_t sent = 0;                //!< messages sent (network truth)
    uint64_t lost = 0;                //!< of those, lost
    uint64_t cancelsLost = 0;         //!< CANCEL copies lost
};

/**
 * Build, run and score a scenario (destroys the simulator).
 * \param sc the scenario
 * \param info set to the client's summary, aborts and the messages lost
 * \return the score
 */
SchedulingScore
RunScenario(const Scenario& sc, RunInfo& info)
{
    RngSeedManager::SetRun(sc.run);
    NodeContainer clientNode;
    clientNode.Create(1);
    NodeContainer serverNodes;
    serverNodes.Create(sc.servers);
    InternetStackHelper internet;
    internet.Install(clientNode);
    internet.Install(serverNodes);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", TimeValue(sc.delay));
    std::vector<Ipv4Address> addresses;
    NetDeviceContainer links;
    for (uint32_t s = 0; s < sc.servers; ++s)
    {
        auto devices = p2p.Install(clientNode.Get(0), serverNodes.Get(s));
        links.Add(devices);
        Ipv4AddressHelper ipv4;
        std::string base = "10.40." + std::to_string(s) + ".0";
        ipv4.SetBase(base.c_str(), "255.255.255.0");
        addresses.push_back(ipv4.Assign(devices).GetAddress(1));
    }
    auto offset = CreateObject<UniformRandomVariable>();
    offset->SetAttribute("Min", DoubleValue(-sc.skew.GetNanoSeconds() / 2.0));
    offset->SetAttribute("Max", DoubleValue(sc.skew.GetNanoSeconds() / 2.0));
    offset->SetStream(4000000);
    clientNode.Get(0)->AggregateObject(CreateObject<DriftingClock>());
    for (uint32_t s = 0; s < sc.servers; ++s)
    {
        auto clock = CreateObject<DriftingClock>();
        clock->SetAttribute("InitialOffset",
                            TimeValue(NanoSeconds(static_cast<int64_t>(offset->GetValue()))));
        serverNodes.Get(s)->AggregateObject(clock);
    }
    SchedulingHelper helper;
    helper.SetServiceAttribute("SpikeProbability", DoubleValue(sc.spikeProbability));
    helper.SetServiceAttribute("Spike", StringValue("ns3::ExponentialRandomVariable[Mean=1e7]"));
    helper.SetClientAttribute("Predictor", StringValue(sc.predictor));
    helper.SetClientAttribute("MaxOperations", UintegerValue(sc.operations));
    if (sc.configure)
    {
        sc.configure(helper);
    }
    ApplicationContainer servers = sc.types.empty() ? helper.InstallServers(serverNodes)
                                                    : helper.InstallServers(serverNodes, sc.types);
    SchedulingHelper::AssignStreams(servers, 4000010);
    if (sc.loss > 0)
    {
        SchedulingHelper::AssignStreams(SchedulingHelper::InstallMessageLoss(links, sc.loss),
                                        4100000);
    }
    SchedulingMessageMonitor monitor;
    monitor.Install(NodeContainer(clientNode, serverNodes));
    ApplicationContainer clients = helper.InstallClient(clientNode.Get(0), addresses);
    auto app = DynamicCast<ScheduledOperationClient>(clients.Get(0));
    std::vector<std::map<uint32_t, ScheduledOperationTruth>> truths(sc.servers);
    for (uint32_t s = 0; s < sc.servers; ++s)
    {
        servers.Get(s)->TraceConnectWithoutContext(
            "OperationDetail",
            Callback<void, const ScheduledOperationTruth&>(
                [&truths, s](const ScheduledOperationTruth& t) {
                    if (!t.probe)
                    {
                        truths[s][t.id] = t;
                    }
                }));
    }
    TimeValue interval;
    TimeValue lead;
    app->GetAttribute("OperationInterval", interval);
    app->GetAttribute("OperationLead", lead);
    Time end = interval.Get() * int64_t(sc.operations + 1) + lead.Get() + Seconds(3);
    servers.Start(Time(0));
    clients.Start(Time(0));
    servers.Stop(end);
    clients.Stop(end);
    Simulator::Stop(end + Seconds(1));
    Simulator::Run();
    SchedulingScore score = SchedulingScore::Compute(app->GetRecords(), truths);
    info.client = app->Summarize();
    info.aborts = app->GetAborts();
    info.sent = monitor.GetTotal().sent;
    info.lost = monitor.GetTotal().Lost();
    info.cancelsLost = monitor.Get(SchedulingHeader::CANCEL, false).Lost();
    Simulator::Destroy();
    return score;
}

/** Sums of scores over runs. */
struct Sum
{
    uint32_t runs = 0;           //!< runs
    double mae = 0;              //!< sum of MAE (us)
    double p99 = 0;              //!< sum of p99 (us)
    double startSpread = 0;      //!< sum of mean start spread (us)
    double completionSpread = 0; //!< sum of mean completion spread (us)
    uint64_t lateSends = 0;      //!< late sends
    uint64_t lateArrivals = 0;   //!< late arrivals
    uint64_t missed = 0;         //!< missed
    uint64_t executed = 0;       //!< executed records
    uint64_t records = 0;        //!< records
    double startDelay = 0;       //!< sum of mean start delay (us, over executed records)
    uint64_t all = 0;            //!< commits everywhere
    uint64_t none = 0;           //!< commits nowhere
    uint64_t partial = 0;        //!< partial commits
    uint64_t aborts = 0;         //!< client aborts
    uint64_t retries = 0;        //!< SCHEDULE + CANCEL copies beyond the first
    uint64_t sent = 0;           //!< messages sent
    uint64_t lost = 0;           //!< messages lost by the network
    uint64_t cancelsLost = 0;    //!< CANCEL copies lost by the network

    /**
     * \param s a score
     * \param info what else the run left
     */
    void Add(const SchedulingScore& s, const RunInfo& info)
    {
        const ScheduledOperationSummary& c = info.client;
        const uint64_t a = info.aborts;
        sent += info.sent;
        lost += info.lost;
        cancelsLost += info.cancelsLost;
        ++runs;
        mae += s.maeUs;
        p99 += s.p99AbsUs;
        startSpread += s.meanStartSpreadUs;
        completionSpread += s.meanCompletionSpreadUs;
        lateSends += s.lateSends;
        lateArrivals += s.lateArrivals;
        missed += s.missed;
        executed += s.executed;
        records += s.records;
        startDelay += s.meanStartDelayUs;
        all += s.commitAll;
        none += s.commitNone;
        partial += s.commitPartial;
        aborts += a;
        retries += c.scheduleRetries + c.cancelRetries;
    }
};

/**
 * \param x a value
 * \param digits decimals
 * \return it formatted
 */
std::string
F(double x, int digits = 0)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, x);
    return buf;
}

/**
 * Append one CSV line: a point's sums, averaged over its runs where they are per run.
 * \param csv the CSV
 * \param table the table
 * \param mix the server or fault mix
 * \param predictor the active predictor
 * \param delay the link delay
 * \param maxPast the servers' SchedMaxPast
 * \param retries the client's retries
 * \param s the sums
 */
void
AddRow(std::ostringstream& csv,
       const std::string& table,
       const std::string& mix,
       const std::string& predictor,
       Time delay,
       Time maxPast,
       uint32_t retries,
       const Sum& s)
{
    double n = s.runs;
    uint64_t ops = s.all + s.none + s.partial;
    csv << table << ',' << mix << ',' << predictor << ',' << delay.GetNanoSeconds() << ','
        << maxPast.GetNanoSeconds() << ',' << retries << ',' << s.runs << ',' << s.records << ','
        << s.executed << ',' << s.mae / n << ',' << s.p99 / n << ',' << s.startSpread / n << ','
        << s.completionSpread / n << ',' << s.lateSends << ',' << s.lateArrivals << ',' << s.missed
        << ',' << s.startDelay / n << ',' << s.all << ',' << s.none << ',' << s.partial << ','
        << (ops ? double(s.partial) / ops : 0) << ',' << s.aborts << ',' << s.retries << ','
        << s.sent << ',' << s.lost << ',' << s.cancelsLost << '\n';
}

/**
 * Table 1: every predictor on identical, testbed and cloud server mixes.
 * \param runs runs per point
 * \param operations operations per run
 * \param csv receives one line per point
 */
void
PredictorTable(uint32_t runs, uint32_t operations, std::ostringstream& csv)
{
    // 1. Predictors on three server mixes.
    std::cout << "1. Predictors, 4 servers, E = 100 us, " << operations << " operations x " << runs
              << " runs (true completion vs T_d; spreads across servers, us)\n";
    std::cout << "   mix          predictor      MAE    p99  start-spread  completion-spread\n";
    // The scheduling study's mixes (ServerTypeMix), cycled over the servers.
    const std::vector<std::pair<std::string, std::vector<std::string>>> mixes = {
        {"identical", {}},
        {"testbed", ServerTypeMix("testbed")},
        {"cloud", ServerTypeMix("cloud")}};
    for (const auto& [mix, types] : mixes)
    {
        for (const auto& predictor : ScheduledOperationClient::PredictorNames())
        {
            Sum sum;
            for (uint32_t run = 1; run <= runs; ++run)
            {
                Scenario sc;
                sc.types = types;
                sc.predictor = predictor;
                sc.operations = operations;
                sc.run = run;
                RunInfo info;
                sum.Add(RunScenario(sc, info), info);
            }
            AddRow(csv, "predictors", mix, predictor, MicroSeconds(100), Seconds(1), 0, sum);
            std::printf("   %-12s %-12s %6s %6s %13s %18s\n",
                        mix.c_str(),
                        predictor.c_str(),
                        F(sum.mae / runs).c_str(),
                        F(sum.p99 / runs).c_str(),
                        F(sum.startSpread / runs).c_str(),
                        F(sum.completionSpread / runs).c_str());
        }
    }
}

/**
 * Table 2: the link delay across the send-ahead lead, for two SchedMaxPast values.
 * \param runs runs per point
 * \param operations operations per run
 * \param csv receives one line per point
 */
void
DelayTable(uint32_t runs, uint32_t operations, std::ostringstream& csv)
{
    // 2. Delay across the send-ahead lead.
    std::cout << "\n2. Delay delta across SendAhead = 50 ms (identical servers, spikes 2 %)\n";
    std::cout << "   max-past  delta(ms)  predictor  late-sends  late-arrivals  missed  "
                 "start-delay(us)  MAE(us)\n";
    for (Time maxPast : {Seconds(1), MilliSeconds(20)})
    {
        for (double ms : {10.0, 30.0, 45.0, 50.0, 55.0, 60.0, 70.0, 80.0})
        {
            Time delay = MicroSeconds(static_cast<int64_t>(ms * 1000));
            for (std::string predictor : {"FtAverage", "Baseline"})
            {
                Sum sum;
                for (uint32_t run = 1; run <= runs; ++run)
                {
                    Scenario sc;
                    sc.delay = delay;
                    sc.predictor = predictor;
                    sc.operations = operations;
                    sc.run = run;
                    sc.configure = [maxPast](SchedulingHelper& h) {
                        h.SetServerAttribute("SchedMaxPast", TimeValue(maxPast));
                    };
                    RunInfo info;
                    sum.Add(RunScenario(sc, info), info);
                }
                AddRow(csv, "delay", "identical", predictor, delay, maxPast, 0, sum);
                std::printf("   %8s  %9s  %-9s  %10llu  %13llu  %6llu  %15s  %7s\n",
                            (F(maxPast.GetMilliSeconds()) + "ms").c_str(),
                            F(ms).c_str(),
                            predictor.c_str(),
                            (unsigned long long)sum.lateSends,
                            (unsigned long long)sum.lateArrivals,
                            (unsigned long long)sum.missed,
                            sum.executed ? F(sum.startDelay / runs).c_str() : "-",
                            sum.executed ? F(sum.mae / runs).c_str() : "-");
            }
        }
    }
}

/** A named fault mix: the network's loss rate and how it configures the scheduling helper. */
struct Mix
{
    std::string name;                                 //!< label
    double loss;                                      //!< network loss per message
    std::function<void(SchedulingHelper&)> configure; //!< server faults
};

/** \return the atomic-commit fault mixes, in table order */
std::vector<Mix>
FaultMixes()
{
    auto none = [](SchedulingHelper&) {};
    auto refuse = [](SchedulingHelper& h) {
        h.SetServerAttribute("RefuseProbability", DoubleValue(0.05));
    };
    auto crashes = [](bool persist) {
        return [persist](SchedulingHelper& h) {
            h.SetServerAttribute("MeanTimeBetweenCrashes", TimeValue(Seconds(10)));
            h.SetServerAttribute("Downtime", TimeValue(MilliSeconds(500)));
            h.SetServerAttribute("PersistSchedule", BooleanValue(persist));
        };
    };
    return {
        {"none", 0, none},
        {"loss-1%", 0.01, none},
        {"loss-5%", 0.05, none},
        {"loss-20%", 0.2, none},
        {"refuse-5%", 0, refuse},
        {"refuse-5%+loss-5%", 0.05, refuse},
        {"crash-10s/0.5s-volatile", 0, crashes(false)},
        {"crash-10s/0.5s-persisted", 0, crashes(true)},
        {"all-of-the-above-volatile",
         0.05,
         [refuse, crashes](SchedulingHelper& h) {
             refuse(h);
             crashes(false)(h);
         }},
    };
}

/**
 * Table 3: atomic commit under fault mixes, without and with client retries.
 * \param runs runs per point
 * \param operations operations per run
 * \param csv receives one line per point
 */
void
AtomicTable(uint32_t runs, uint32_t operations, std::ostringstream& csv)
{
    // 3. Atomic commit under fault mixes.
    std::cout << "\n3. Atomic commit, 4 servers, E = 1 ms, " << operations << " commits x " << runs
              << " runs\n";
    std::cout << "   mix                          retries   all  none  partial  partial-rate  "
                 "copies  lost/sent  cancels-lost\n";
    const std::vector<Mix> faults = FaultMixes();
    for (const auto& [mix, loss, fault] : faults)
    {
        for (uint32_t retries : {0u, 3u})
        {
            Sum sum;
            for (uint32_t run = 1; run <= runs; ++run)
            {
                Scenario sc;
                sc.skew = MilliSeconds(1);
                sc.operations = operations;
                sc.run = run;
                sc.loss = loss;
                auto f = fault;
                sc.configure = [f, retries](SchedulingHelper& h) {
                    h.SetClientAttribute("AtomicCommit", BooleanValue(true));
                    h.SetClientAttribute("OperationInterval", TimeValue(Seconds(1)));
                    h.SetClientAttribute("OperationLead", TimeValue(MilliSeconds(800)));
                    h.SetClientAttribute("DecisionLead", TimeValue(MilliSeconds(400)));
                    h.SetClientAttribute("SendAhead", TimeValue(MilliSeconds(300)));
                    h.SetClientAttribute("CancelLead", TimeValue(MilliSeconds(100)));
                    h.SetClientAttribute("MaxRetries", UintegerValue(retries));
                    f(h);
                };
                RunInfo info;
                sum.Add(RunScenario(sc, info), info);
            }
            AddRow(csv, "atomic", mix, "FtAverage", MicroSeconds(100), Seconds(1), retries, sum);
            uint64_t ops = sum.all + sum.none + sum.partial;
            std::printf("   %-28s %7u  %4llu  %4llu  %7llu  %12s  %6llu  %9s  %12llu\n",
                        mix.c_str(),
                        retries,
                        (unsigned long long)sum.all,
                        (unsigned long long)sum.none,
                        (unsigned long long)sum.partial,
                        (F(100.0 * sum.partial / ops, 1) + "%").c_str(),
                        (unsigned long long)sum.retries,
                        (F(sum.sent ? 100.0 * sum.lost / sum.sent : 0.0, 1) + "%").c_str(),
                        (unsigned long long)sum.cancelsLost);
        }
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    uint32_t runs = 3;
    uint32_t operations = 50;
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("runs", "Random runs per point", runs);
    cmd.AddValue("operations", "Operations per run", operations);
    cmd.AddValue("outDir", "Output folder (created when missing)", outDir);
    cmd.Parse(argc, argv);
    StudyCsv::PrepareFolder(outDir, "--outDir");
    NS_ABORT_MSG_IF(runs < 1 || runs > 1000, "--runs must be in [1, 1000]");
    NS_ABORT_MSG_IF(operations < 1 || operations > 100000, "--operations must be in [1, 100000]");

    std::ostringstream csv;
    csv << "table,mix,predictor,delay_ns,sched_max_past_ns,retries,runs,records,executed,mae_us,"
           "p99_us,start_spread_us,completion_spread_us,late_sends,late_arrivals,missed,"
           "start_delay_us,commit_all,commit_none,commit_partial,partial_rate,aborts,copies,"
           "messages_sent,messages_lost,cancels_lost\n";
    PredictorTable(runs, operations, csv);
    DelayTable(runs, operations, csv);
    AtomicTable(runs, operations, csv);

    std::string path = outDir + "/oneclock-scenarios.csv";
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << csv.str();
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), path.c_str()) != 0, "cannot rename " << tmp);
    return 0;
}
