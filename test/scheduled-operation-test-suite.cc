/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock client and servers on a small star of point-to-point links (one link, with its own
// delay, per server) whose clocks have known offsets, scored against the simulator's truth:
// properties of the completion error that can fail, late and missed operations as the delay
// crosses the send-ahead, completion spread beside start spread on identical and on
// heterogeneous servers, and what each fault (messages lost by the network, refusals, crash and
// restart with volatile or persisted schedules, retries) does to partial commits.
#include "ns3/chronometry-ns3-compat.h"
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
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <iostream>

using namespace ns3;

namespace
{

/** A small OneClock scenario. */
struct Setup
{
    std::vector<Time> offsets{Time(0), Time(0)}; //!< one server per entry: local = true + offset
    Time delay = MicroSeconds(100);              //!< one-way delay of every link
    std::vector<std::string> types;              //!< server types (empty: the service model below)
    Time serviceBase = MilliSeconds(2);          //!< service time
    Time serviceNoise = Time(0);                 //!< its normal standard deviation (0: constant)
    std::string predictor = "FtAverage";         //!< client predictor
    uint32_t operations = 20;                    //!< operations
    uint64_t run = 1;                            //!< RngRun
    double loss = 0;                             //!< network loss per message (every link end)
    /** Extra configuration of the helper before installation. */
    std::function<void(SchedulingHelper&)> configure;
    /** Called after installation, before the run (e.g. to schedule crashes). */
    std::function<void(ApplicationContainer&, Ptr<ScheduledOperationClient>)> before;
};

/** What a run left. */
struct Outcome
{
    SchedulingScore score;                                   //!< scored against truth
    ScheduledOperationSummary client;                        //!< the client's counts
    std::vector<ScheduledOperationRecord> records;           //!< the client's records
    std::vector<ScheduledOperationServer::Counters> servers; //!< per server
    uint64_t aborts = 0;                                     //!< client aborts
    /** Messages lost by the network, by type: [probe][type] (SchedulingMessageMonitor). */
    std::map<std::pair<bool, SchedulingHeader::MessageType>, uint64_t> lost;
    uint64_t sent = 0; //!< messages sent, every type
};

/**
 * Build, run and score a scenario; destroys the simulator.
 * \param setup the scenario
 * \return the outcome
 */
Outcome
RunScenario(const Setup& setup)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(setup.run);
    uint32_t n = setup.offsets.size();
    NodeContainer client;
    client.Create(1);
    NodeContainer servers;
    servers.Create(n);
    InternetStackHelper internet;
    internet.Install(client);
    internet.Install(servers);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", TimeValue(setup.delay));
    std::vector<Ipv4Address> addresses;
    NetDeviceContainer links;
    for (uint32_t s = 0; s < n; ++s)
    {
        auto devices = p2p.Install(client.Get(0), servers.Get(s));
        links.Add(devices);
        Ipv4AddressHelper ipv4;
        std::string base = "10.30." + std::to_string(s) + ".0";
        ipv4.SetBase(base.c_str(), "255.255.255.0");
        addresses.push_back(ipv4.Assign(devices).GetAddress(1));
    }
    if (setup.loss > 0)
    {
        // both ends of every link: each message is received by exactly one of them
        SchedulingHelper::AssignStreams(SchedulingHelper::InstallMessageLoss(links, setup.loss),
                                        2000);
    }
    SchedulingMessageMonitor monitor;
    monitor.Install(NodeContainer(client, servers));
    client.Get(0)->AggregateObject(CreateObject<DriftingClock>());
    for (uint32_t s = 0; s < n; ++s)
    {
        auto clock = CreateObject<DriftingClock>();
        clock->SetAttribute("InitialOffset", TimeValue(setup.offsets[s]));
        servers.Get(s)->AggregateObject(clock);
    }
    SchedulingHelper helper;
    helper.SetServiceAttribute("Base", TimeValue(setup.serviceBase));
    double sd = setup.serviceNoise.GetNanoSeconds();
    helper.SetServiceAttribute("Noise",
                               StringValue(sd > 0 ? "ns3::NormalRandomVariable[Mean=0|Variance=" +
                                                        std::to_string(sd * sd) +
                                                        "|Bound=" + std::to_string(4 * sd) + "]"
                                                  : "ns3::ConstantRandomVariable[Constant=0]"));
    helper.SetClientAttribute("Predictor", StringValue(setup.predictor));
    helper.SetClientAttribute("MaxOperations", UintegerValue(setup.operations));
    if (setup.configure)
    {
        setup.configure(helper);
    }
    ApplicationContainer serverApps = setup.types.empty()
                                          ? helper.InstallServers(servers)
                                          : helper.InstallServers(servers, setup.types);
    SchedulingHelper::AssignStreams(serverApps, 1000);
    ApplicationContainer clientApps = helper.InstallClient(client.Get(0), addresses);
    auto clientApp = DynamicCast<ScheduledOperationClient>(clientApps.Get(0));

    std::vector<std::map<uint32_t, ScheduledOperationTruth>> truths(n);
    for (uint32_t s = 0; s < n; ++s)
    {
        serverApps.Get(s)->TraceConnectWithoutContext(
            "OperationDetail",
            Callback<void, const ScheduledOperationTruth&>(
                [&truths, s](const ScheduledOperationTruth& t) {
                    if (!t.probe)
                    {
                        truths[s][t.id] = t;
                    }
                }));
    }
    if (setup.before)
    {
        setup.before(serverApps, clientApp);
    }
    TimeValue interval;
    TimeValue lead;
    clientApp->GetAttribute("OperationInterval", interval);
    clientApp->GetAttribute("OperationLead", lead);
    Time end = interval.Get() * int64_t(setup.operations + 1) + lead.Get() + Seconds(2);
    serverApps.Start(Time(0));
    clientApps.Start(Time(0));
    serverApps.Stop(end);
    clientApps.Stop(end);
    Simulator::Stop(end + Seconds(1));
    Simulator::Run();

    Outcome o;
    o.records = clientApp->GetRecords();
    o.score = SchedulingScore::Compute(o.records, truths);
    o.client = clientApp->Summarize();
    o.aborts = clientApp->GetAborts();
    for (uint32_t s = 0; s < n; ++s)
    {
        o.servers.push_back(
            DynamicCast<ScheduledOperationServer>(serverApps.Get(s))->GetCounters());
    }
    for (bool probe : {false, true})
    {
        for (auto type : {SchedulingHeader::SCHEDULE,
                          SchedulingHeader::ACK,
                          SchedulingHeader::REPORT,
                          SchedulingHeader::CANCEL,
                          SchedulingHeader::CANCEL_ACK,
                          SchedulingHeader::ERROR})
        {
            o.lost[{probe, type}] = monitor.Get(type, probe).Lost();
        }
    }
    o.sent = monitor.GetTotal().sent;
    Simulator::Destroy();
    return o;
}

/** Sum of one server counter. */
uint64_t
Total(const Outcome& o, uint64_t ScheduledOperationServer::Counters::*field)
{
    uint64_t sum = 0;
    for (const auto& c : o.servers)
    {
        sum += c.*field;
    }
    return sum;
}

/**
 * The completion error against properties that fail when the servers start at the wrong time,
 * report the wrong times or the client schedules from the wrong samples (this replaces the
 * old "error = clock part + prediction part" check, which holds by definition).
 */
class ErrorPropertiesTestCase : public TestCase
{
  public:
    ErrorPropertiesTestCase()
        : TestCase("completion error: 0 with perfect clocks and perfect prediction; exactly the "
                   "server's offset with perfect prediction; exactly the prediction error with "
                   "perfect clocks; start error exactly minus the offset otherwise")
    {
    }

  private:
    void DoRun() override
    {
        // Perfect clocks, constant 2 ms service: every predictor is exact after its first sample.
        for (std::string predictor : {"Average", "FtAverage", "Kalman", "WindowMedian"})
        {
            Setup s;
            s.predictor = predictor;
            Outcome o = RunScenario(s);
            NS_TEST_ASSERT_MSG_EQ(o.score.executed, 40u, predictor << ": all ran");
            for (const auto& op : o.score.GetOperations())
            {
                NS_TEST_ASSERT_MSG_EQ(op.completionError,
                                      Time(0),
                                      predictor << " op " << op.operation);
                NS_TEST_ASSERT_MSG_EQ(op.trueStart, op.scheduled, predictor << ": started at T_s");
            }
            NS_TEST_ASSERT_MSG_EQ(o.score.meanCompletionSpreadUs, 0.0, predictor << ": no spread");
        }
        Setup base;
        base.predictor = "Baseline";
        Outcome b = RunScenario(base);
        for (const auto& op : b.score.GetOperations())
        {
            NS_TEST_ASSERT_MSG_EQ(op.completionError, MilliSeconds(2), "Baseline: late by the ETE");
        }
        // Known offsets, constant service: the completion error is minus the offset, exactly,
        // and the client cannot see it (T_e - T_s is read on one clock).
        Setup k;
        k.offsets = {MicroSeconds(40), MicroSeconds(-30), Time(0), MicroSeconds(10)};
        Outcome ko = RunScenario(k);
        NS_TEST_ASSERT_MSG_EQ(ko.score.executed, 80u, "all ran");
        for (const auto& op : ko.score.GetOperations())
        {
            NS_TEST_ASSERT_MSG_EQ(op.completionError,
                                  Time(0) - k.offsets[op.server],
                                  "server " << op.server);
            NS_TEST_ASSERT_MSG_EQ(op.startError,
                                  Time(0) - k.offsets[op.server],
                                  "start " << op.server);
            NS_TEST_ASSERT_MSG_EQ(op.predictionError, Time(0), "exact prediction");
        }
        for (const auto& r : ko.records)
        {
            NS_TEST_ASSERT_MSG_EQ(r.completed - r.scheduled, MilliSeconds(2), "offset cancels");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(ko.score.meanStartSpreadUs, 70.0, 1e-9, "start spread = span");
        NS_TEST_ASSERT_MSG_EQ_TOL(ko.score.meanCompletionSpreadUs, 70.0, 1e-9, "completion too");
        NS_TEST_ASSERT_MSG_EQ_TOL(ko.score.maeUs, 20.0, 1e-9, "mean |offset|");
        // Perfect clocks, noisy service: the completion error is the prediction error, and the
        // truth-scored MAE equals the client's own (paper) metric for its predictor.
        Setup noisy;
        noisy.serviceNoise = MicroSeconds(100);
        noisy.offsets = {Time(0), Time(0), Time(0)};
        noisy.operations = 30;
        Outcome no = RunScenario(noisy);
        for (const auto& op : no.score.GetOperations())
        {
            NS_TEST_ASSERT_MSG_EQ(op.completionError, op.predictionError, "no clock error");
        }
        double paper = 0;
        for (const auto& [name, mae] : no.score.offlineMaeUs)
        {
            paper = name == "FtAverage" ? mae : paper;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(no.score.maeUs, paper, 1e-6, "truth = paper metric here");
        NS_TEST_ASSERT_MSG_GT(no.score.maeUs, 30.0, "the noise is not predictable");
        // Both: offsets within E/2 = 500 us and noisy service. The part of the error that is
        // not prediction error is exactly minus the offset: the server started when its clock
        // read T_s. (|error| <= |offset| + |prediction error| follows from that equality by
        // the triangle inequality, so it is not asserted: it could not fail.)
        Setup both = noisy;
        both.offsets = {MicroSeconds(-480), MicroSeconds(350), MicroSeconds(120)};
        Outcome bo = RunScenario(both);
        for (const auto& op : bo.score.GetOperations())
        {
            Time offset = both.offsets[op.server];
            NS_TEST_ASSERT_MSG_EQ(op.completionError - op.predictionError,
                                  Time(0) - offset,
                                  "server clock");
        }
        // The absolute errors do not add: cancellation makes the mean smaller than the sum.
        NS_TEST_ASSERT_MSG_LT(bo.score.maeUs,
                              bo.score.maeStartUs + bo.score.maePredictionUs - 1,
                              "mean |e| < mean |start| + mean |prediction|");
    }
};

/** Late and missed operations as the delay crosses the send-ahead lead (50 ms). */
class LateAndMissedTestCase : public TestCase
{
  public:
    LateAndMissedTestCase()
        : TestCase("delay below SendAhead: on time; above it: every operation starts late by "
                   "delay - SendAhead (reported as start delay, absorbed by prediction, not by "
                   "Baseline); beyond SendAhead + SchedMaxPast: every operation missed")
    {
    }

  private:
    void DoRun() override
    {
        auto configure = [](SchedulingHelper& h) {
            h.SetServerAttribute("SchedMaxPast", TimeValue(MilliSeconds(20)));
        };
        Setup s;
        s.configure = configure;
        s.delay = MilliSeconds(40);
        Outcome early = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(early.score.lateArrivals, 0u, "40 ms: on time");
        NS_TEST_ASSERT_MSG_EQ(early.score.missed, 0u, "40 ms: none missed");
        NS_TEST_ASSERT_MSG_EQ(early.client.maxStartDelayNs, 0.0, "no start delay");

        s.delay = MilliSeconds(60);
        for (std::string predictor : {"FtAverage", "Baseline"})
        {
            s.predictor = predictor;
            Outcome late = RunScenario(s);
            NS_TEST_ASSERT_MSG_EQ(late.score.executed, 40u, predictor << ": all ran");
            NS_TEST_ASSERT_MSG_EQ(late.score.lateArrivals, 40u, predictor << ": all late");
            NS_TEST_ASSERT_MSG_EQ(late.client.lateArrivals, 40u, "the client sees it in the ACKs");
            // Late by the delay beyond SendAhead plus the 0.5 us a 62-byte frame takes at 1 Gb/s.
            Time lateness = MilliSeconds(10) + NanoSeconds(496);
            for (const auto& r : late.records)
            {
                NS_TEST_ASSERT_MSG_EQ(r.startDelay, lateness, "start delay reported");
            }
            for (const auto& op : late.score.GetOperations())
            {
                NS_TEST_ASSERT_MSG_EQ(op.startDelay, lateness, "start delay (truth)");
                // Probes arrive late by the same amount, so ETE = 12 ms + 496 ns is what
                // FT-Average predicts, and the operation still completes at T_d.
                Time expected = predictor == "Baseline" ? lateness + MilliSeconds(2) : Time(0);
                NS_TEST_ASSERT_MSG_EQ(op.completionError, expected, predictor);
            }
        }
        s.predictor = "FtAverage";
        s.delay = MilliSeconds(80);
        Outcome missed = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(missed.score.executed, 0u, "80 ms: none ran");
        NS_TEST_ASSERT_MSG_EQ(missed.score.missed, 40u, "all refused as too far in the past");
        NS_TEST_ASSERT_MSG_EQ(missed.score.commitNone, 20u, "no operation anywhere");
        // Decision-time lateness: a predicted ETE beyond DecisionLead - SendAhead (150 ms)
        // leaves no time to send SendAhead before T_s.
        Setup slow;
        slow.serviceBase = MilliSeconds(180);
        Outcome so = RunScenario(slow);
        NS_TEST_ASSERT_MSG_EQ(so.score.lateSends, 40u, "every SCHEDULE left late");
        NS_TEST_ASSERT_MSG_EQ(so.score.lateArrivals, 0u, "but arrived before T_s (100 us)");
        NS_TEST_ASSERT_MSG_EQ(so.score.executed, 40u, "all ran");
    }
};

/** Completion spread beside start spread. */
class SpreadTestCase : public TestCase
{
  public:
    SpreadTestCase()
        : TestCase("identical servers: prediction adds start spread and no completion-spread "
                   "gain; heterogeneous servers (Table II types): prediction cuts the "
                   "completion spread")
    {
    }

  private:
    void DoRun() override
    {
        Setup same;
        same.offsets = {Time(0), Time(0), Time(0), Time(0)};
        same.serviceNoise = MicroSeconds(100);
        same.operations = 30;
        same.predictor = "Baseline";
        Outcome sb = RunScenario(same);
        same.predictor = "FtAverage";
        Outcome sf = RunScenario(same);
        NS_TEST_ASSERT_MSG_EQ(sb.score.maxStartSpreadUs, 0.0, "Baseline: one T_s, perfect clocks");
        NS_TEST_ASSERT_MSG_GT(sf.score.meanStartSpreadUs, 50.0, "FtAverage: T_s differ");
        NS_TEST_ASSERT_MSG_GT(sf.score.meanCompletionSpreadUs,
                              0.9 * sb.score.meanCompletionSpreadUs,
                              "identical servers: no completion-spread gain");
        NS_TEST_ASSERT_MSG_LT(sf.score.maeUs, 0.1 * sb.score.maeUs, "but the MAE gain is real");

        Setup mixed = same;
        mixed.types = {"III", "IV", "V", "VI"};
        mixed.predictor = "Baseline";
        Outcome mb = RunScenario(mixed);
        mixed.predictor = "FtAverage";
        Outcome mf = RunScenario(mixed);
        NS_TEST_ASSERT_MSG_GT(mb.score.meanCompletionSpreadUs, 1000.0, "types differ by > 1 ms");
        NS_TEST_ASSERT_MSG_LT(mf.score.meanCompletionSpreadUs,
                              0.5 * mb.score.meanCompletionSpreadUs,
                              "prediction equalizes completion");
        NS_TEST_ASSERT_MSG_GT(mf.score.meanStartSpreadUs, 1000.0, "by starting apart");
    }
};

/** The atomic-commit setting of the study: deadline well before T_s. */
Setup
Atomic(uint64_t run)
{
    Setup s;
    s.offsets = {MicroSeconds(-400), MicroSeconds(300), MicroSeconds(100), MicroSeconds(-200)};
    s.operations = 40;
    s.run = run;
    s.serviceNoise = MicroSeconds(100);
    return s;
}

/**
 * \param extra more configuration
 * \return a helper configuration for atomic commit plus the extra
 */
std::function<void(SchedulingHelper&)>
AtomicConfig(std::function<void(SchedulingHelper&)> extra)
{
    return [extra](SchedulingHelper& h) {
        h.SetClientAttribute("AtomicCommit", BooleanValue(true));
        h.SetClientAttribute("OperationInterval", TimeValue(Seconds(1)));
        h.SetClientAttribute("OperationLead", TimeValue(MilliSeconds(800)));
        h.SetClientAttribute("DecisionLead", TimeValue(MilliSeconds(400)));
        h.SetClientAttribute("SendAhead", TimeValue(MilliSeconds(300)));
        h.SetClientAttribute("CancelLead", TimeValue(MilliSeconds(100)));
        extra(h);
    };
}

/** Partially committed operations of a run, and how many of them the client had aborted. */
struct Partials
{
    uint64_t partial = 0; //!< operations some but not all servers ran (truth)
    uint64_t aborted = 0; //!< of those, operations the client sent CANCELs for
};

/**
 * \param o a run's outcome
 * \return its partial commits and how many of them the client had aborted
 */
Partials
PartialOperations(const Outcome& o)
{
    std::map<uint32_t, std::pair<uint32_t, uint32_t>> ran; // operation -> (ran it, servers)
    for (const auto& op : o.score.GetOperations())
    {
        auto& r = ran[op.operation];
        r.first += op.executed ? 1 : 0;
        ++r.second;
    }
    std::map<uint32_t, bool> cancelled;
    for (const auto& r : o.records)
    {
        cancelled[r.operation] = cancelled[r.operation] || r.cancelSent;
    }
    Partials p;
    for (const auto& [operation, r] : ran)
    {
        if (r.first > 0 && r.first < r.second)
        {
            ++p.partial;
            p.aborted += cancelled[operation] ? 1 : 0;
        }
    }
    return p;
}

/**
 * Messages lost by the network (an ns-3 RateErrorModel on both ends of every link), with
 * refusals, under atomic commit.  Properties that fail when a loss does not reach every message
 * type or direction, when a server runs what it should not, or when retries do not repair what
 * they can.
 */
class NetworkLossTestCase : public TestCase
{
  public:
    NetworkLossTestCase()
        : TestCase("atomic commit, 10 % network loss on every message type both ways, 2 % "
                   "refusals: about 10 % of every kind lost; without retries every partial "
                   "commit is an aborted operation and there are no more than lost CANCELs; "
                   "retries cut aborts >= 3x and leave no partial commit")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t aborts[2] = {0, 0};
        uint64_t partials[2] = {0, 0};
        uint64_t sent = 0;
        uint64_t lostAll = 0;
        std::map<std::pair<bool, SchedulingHeader::MessageType>, uint64_t> lost;
        for (uint64_t run : {1, 2, 3})
        {
            for (uint32_t retries : {0u, 4u})
            {
                Setup s = Atomic(run);
                s.loss = 0.1;
                s.configure = AtomicConfig([retries](SchedulingHelper& h) {
                    h.SetServerAttribute("RefuseProbability", DoubleValue(0.02));
                    h.SetClientAttribute("MaxRetries", UintegerValue(retries));
                });
                Outcome o = RunScenario(s);
                const bool retry = retries > 0;
                aborts[retry] += o.aborts;
                Partials p = PartialOperations(o);
                partials[retry] += p.partial;
                NS_TEST_ASSERT_MSG_EQ(p.aborted,
                                      p.partial,
                                      "a partial commit is always an operation the client "
                                      "aborted, run "
                                          << run << " retries " << retries);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(o.score.commitNone,
                                            o.aborts,
                                            "nothing ran only where the client aborted");
                if (!retry)
                {
                    // Every server that had the operation and missed its CANCEL ran it.
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(p.partial,
                                                (o.lost[{false, SchedulingHeader::CANCEL}]),
                                                "no more partial commits than lost CANCELs, run "
                                                    << run);
                }
                for (const auto& [key, n] : o.lost)
                {
                    lost[key] += n;
                    lostAll += n;
                }
                sent += o.sent;
            }
        }
        std::cout << "scheduled-operations network loss 10 %: lost " << lostAll << " / " << sent
                  << " messages; aborts " << aborts[0] << " (no retries) / " << aborts[1]
                  << " (4 retries); partial " << partials[0] << " / " << partials[1]
                  << "; CANCELs lost " << lost[{false, SchedulingHeader::CANCEL}] << std::endl;
        // Each message crosses one receiving device with an error model: lost with p = 0.1.
        NS_TEST_ASSERT_MSG_EQ_TOL(double(lostAll) / sent, 0.1, 0.02, "loss per message");
        for (auto type : {SchedulingHeader::SCHEDULE,
                          SchedulingHeader::ACK,
                          SchedulingHeader::REPORT,
                          SchedulingHeader::CANCEL,
                          SchedulingHeader::CANCEL_ACK,
                          SchedulingHeader::ERROR})
        {
            NS_TEST_ASSERT_MSG_GT((lost[{false, type}]), 0u, "real messages of type " << type);
        }
        for (auto type :
             {SchedulingHeader::SCHEDULE, SchedulingHeader::ACK, SchedulingHeader::REPORT})
        {
            NS_TEST_ASSERT_MSG_GT((lost[{true, type}]), 0u, "probe messages of type " << type);
        }
        NS_TEST_ASSERT_MSG_GT(partials[0], 3u, "lost CANCELs break all-or-none");
        NS_TEST_ASSERT_MSG_EQ(partials[1], 0u, "CANCEL copies repair it (0.1^5 per cancel)");
        NS_TEST_ASSERT_MSG_GT(aborts[0], 40u, "a lost SCHEDULE or ACK aborts the commit");
        NS_TEST_ASSERT_MSG_LT(aborts[1] * 3, aborts[0], "SCHEDULE copies recover most");
    }
};

/** Crash and restart, volatile and persisted schedules. */
class CrashTestCase : public TestCase
{
  public:
    CrashTestCase()
        : TestCase("a crash between ACK and T_s: volatile state loses the operation (partial "
                   "commit), persisted state runs it after the restart, unless T_s passed "
                   "beyond SchedMaxPast while down (expired, ERROR to the client)")
    {
    }

  private:
    void DoRun() override
    {
        // Operation 3 (planned at 3.5 s, T_d = 4.3 s, SCHEDULEs arrive at about 4.0 s, T_s
        // about 4.298 s) is acked by every server before server 1 crashes at 4.1 s.
        auto crash = [](Time downtime) {
            return [downtime](ApplicationContainer& servers, Ptr<ScheduledOperationClient>) {
                auto s1 = DynamicCast<ScheduledOperationServer>(servers.Get(1));
                s1->SetAttribute("Downtime", TimeValue(downtime));
                Simulator::Schedule(Seconds(4.1), &ScheduledOperationServer::Crash, s1);
            };
        };
        for (bool persist : {false, true})
        {
            Setup s = Atomic(1);
            s.operations = 8;
            s.configure = AtomicConfig([persist](SchedulingHelper& h) {
                h.SetServerAttribute("PersistSchedule", BooleanValue(persist));
            });
            s.before = crash(MilliSeconds(100));
            Outcome o = RunScenario(s);
            const auto& c1 = o.servers[1];
            NS_TEST_ASSERT_MSG_EQ(c1.crashes, 1u, "one crash");
            // Pending at 4.1 s: operation 3 and the probe sent at 4.0 s (T_s = 4.3 s).
            uint64_t forgotten = persist ? 0 : 2;
            uint64_t partial = persist ? 0 : 1;
            uint64_t all = persist ? 8 : 7;
            NS_TEST_ASSERT_MSG_EQ(c1.forgotten, forgotten, "pending operations lost?");
            NS_TEST_ASSERT_MSG_EQ(o.score.commitPartial, partial, "partial?");
            NS_TEST_ASSERT_MSG_EQ(o.aborts, 0u, "every ACK had arrived: the client committed");
            NS_TEST_ASSERT_MSG_EQ(o.score.commitAll, all, "others complete");
        }
        // Persisted, but down for 2 s with SchedMaxPast 1 s: the operation expires.
        Setup s = Atomic(1);
        s.operations = 8;
        s.configure = AtomicConfig([](SchedulingHelper& h) {
            h.SetServerAttribute("PersistSchedule", BooleanValue(true));
        });
        s.before = crash(Seconds(2));
        Outcome o = RunScenario(s);
        NS_TEST_ASSERT_MSG_EQ(o.servers[1].expired, 2u, "operation 3 and the probe expired");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(o.score.commitPartial, 1u, "partial despite persistence");
        bool told = false;
        for (const auto& r : o.records)
        {
            told = told || (r.server == 1 && r.Missed() && r.acked);
        }
        NS_TEST_ASSERT_MSG_EQ(told, true, "the client got TOO_FAR_PAST after the ACK");
    }
};

/** Random crashes over many commits. */
class RandomCrashTestCase : public TestCase
{
  public:
    RandomCrashTestCase()
        : TestCase("random crashes (mean 5 s up, 300 ms down) over 3 x 40 commits: partial "
                   "commits with volatile schedules; persistence and retries reduce them")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t partialVolatile = 0;
        uint64_t partialPersist = 0;
        uint64_t crashes = 0;
        for (uint64_t run : {1, 2, 3})
        {
            for (bool persist : {false, true})
            {
                Setup s = Atomic(run);
                s.configure = AtomicConfig([persist](SchedulingHelper& h) {
                    h.SetServerAttribute("MeanTimeBetweenCrashes", TimeValue(Seconds(5)));
                    h.SetServerAttribute("Downtime", TimeValue(MilliSeconds(300)));
                    h.SetServerAttribute("PersistSchedule", BooleanValue(persist));
                    h.SetClientAttribute("MaxRetries", UintegerValue(persist ? 3 : 0));
                });
                Outcome o = RunScenario(s);
                (persist ? partialPersist : partialVolatile) += o.score.commitPartial;
                crashes += Total(o, &ScheduledOperationServer::Counters::crashes);
                if (!persist)
                {
                    // Without retries or durable state a crash breaks all-or-none only by
                    // forgetting an acknowledged operation or interrupting a running one.
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(
                        o.score.commitPartial,
                        Total(o, &ScheduledOperationServer::Counters::forgotten) +
                            Total(o, &ScheduledOperationServer::Counters::interrupted),
                        "a partial commit needs a forgotten or interrupted operation, run " << run);
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(crashes, 30u, "crashes injected");
        NS_TEST_ASSERT_MSG_GT(partialVolatile, 0u, "volatile schedules: partial commits");
        NS_TEST_ASSERT_MSG_LT(partialPersist, partialVolatile, "persistence + retries help");
    }
};

/** Idempotent requests and the cancel tombstone, with a raw socket. */
class IdempotenceTestCase : public TestCase
{
  public:
    IdempotenceTestCase()
        : TestCase("server: a copy of a SCHEDULE is acknowledged again and runs once; a "
                   "SCHEDULE after its CANCEL (even a CANCEL that came first) is refused")
    {
    }

  private:
    std::vector<SchedulingHeader> m_replies; //!< replies received

    /** \param socket the test socket */
    void Receive(Ptr<Socket> socket)
    {
        while (Ptr<Packet> p = socket->Recv())
        {
            SchedulingHeader h;
            p->RemoveHeader(h);
            m_replies.push_back(h);
        }
    }

    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
        auto devices = p2p.Install(nodes);
        InternetStackHelper internet;
        internet.Install(nodes);
        Ipv4AddressHelper ipv4;
        ipv4.SetBase("10.31.0.0", "255.255.255.0");
        auto interfaces = ipv4.Assign(devices);
        for (uint32_t i = 0; i < 2; ++i)
        {
            nodes.Get(i)->AggregateObject(CreateObject<DriftingClock>());
        }
        auto server = CreateObject<ScheduledOperationServer>();
        nodes.Get(1)->AddApplication(server);
        uint32_t runs = 0;
        server->TraceConnectWithoutContext(
            "OperationDetail",
            Callback<void, const ScheduledOperationTruth&>(
                [&runs](const ScheduledOperationTruth&) { ++runs; }));
        Ptr<Socket> socket =
            Socket::CreateSocket(nodes.Get(0), TypeId::LookupByName("ns3::UdpSocketFactory"));
        socket->Bind();
        socket->Connect(InetSocketAddress(interfaces.GetAddress(1), 8300));
        socket->SetRecvCallback(MakeCallback(&IdempotenceTestCase::Receive, this));
        auto send = [socket](SchedulingHeader::MessageType type, uint32_t id, Time ts) {
            SchedulingHeader h;
            h.SetType(type);
            h.SetRequestId(id);
            h.SetTime1(ts);
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(h);
            socket->Send(p);
        };
        Simulator::Schedule(Seconds(1), [&]() {
            send(SchedulingHeader::SCHEDULE, 1, Seconds(1.5));
            send(SchedulingHeader::SCHEDULE, 1, Seconds(1.5)); // a retry
            send(SchedulingHeader::CANCEL, 2, Seconds(1.6));   // cancel first ...
        });
        Simulator::Schedule(Seconds(1.1), [&]() {
            send(SchedulingHeader::SCHEDULE, 2, Seconds(1.6)); // ... then its SCHEDULE arrives
            send(SchedulingHeader::SCHEDULE, 3, Seconds(1.7));
            send(SchedulingHeader::CANCEL, 3, Seconds(1.7));
            send(SchedulingHeader::CANCEL, 3, Seconds(1.7)); // a copy of the CANCEL
        });
        Simulator::Schedule(Seconds(1.2), [&]() {
            send(SchedulingHeader::SCHEDULE, 3, Seconds(1.7)); // a late copy after the cancel
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(runs, 1u, "only request 1 ran, once");
        const auto& c = server->GetCounters();
        NS_TEST_ASSERT_MSG_EQ(c.duplicates, 1u, "one copy of 1");
        NS_TEST_ASSERT_MSG_EQ(c.cancelled, 1u, "3 cancelled while pending");
        int acksOf1 = 0;
        int refusedCancelled = 0;
        int cancelOk = 0;
        int notPending = 0;
        for (const auto& h : m_replies)
        {
            if (h.GetType() == SchedulingHeader::ACK && h.GetRequestId() == 1)
            {
                ++acksOf1;
            }
            if (h.GetType() == SchedulingHeader::ERROR &&
                h.GetCode() == SchedulingHeader::CANCELLED)
            {
                ++refusedCancelled;
            }
            if (h.GetType() == SchedulingHeader::CANCEL_ACK)
            {
                (h.GetCode() == SchedulingHeader::OK ? cancelOk : notPending)++;
            }
            if (h.GetType() == SchedulingHeader::REPORT)
            {
                NS_TEST_ASSERT_MSG_EQ(h.GetTime1(), Seconds(1.5), "REPORT carries the start");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(acksOf1, 2, "both copies acknowledged");
        NS_TEST_ASSERT_MSG_EQ(refusedCancelled, 2, "2 and the late copy of 3 refused");
        NS_TEST_ASSERT_MSG_EQ(cancelOk, 2, "cancel of 3 and its copy");
        NS_TEST_ASSERT_MSG_EQ(notPending, 1, "cancel of 2 found nothing (yet)");
        Simulator::Destroy();
    }
};

} // namespace

/** \ingroup chronometry-tests OneClock client and servers against truth. */
class ScheduledOperationTestSuite : public TestSuite
{
  public:
    ScheduledOperationTestSuite()
        : TestSuite("chronometry-scheduled-operations", Type::SYSTEM)
    {
        AddTestCase(new ErrorPropertiesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new LateAndMissedTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SpreadTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new NetworkLossTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new CrashTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new RandomCrashTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new IdempotenceTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
static ScheduledOperationTestSuite g_scheduledOperationTestSuite;
