/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CHRONOMETRY_GOSSIP_SCENARIO_H
#define CHRONOMETRY_GOSSIP_SCENARIO_H

// The replay study's scenario, built from the same model pieces as ReplayStudy::Build (n nodes,
// BoundedSkewClocks within E, a LAN at 500 Mb/s with propagation delay delta, stampers with
// E from the clocks, ReplayWorkloadApplication at alpha messages per second per node, Poisson),
// with what the benchmarks vary: the LAN (the thesis' CSMA segment or the switched LAN), which
// clocks are stamped (none: no stamper at all), and whether the log is then measured and checked
// as the study does.  With topology "csma", all clocks and check = true it is the study's run:
// the same events, messages and checker tallies as replay-clock-sweep at the same point.

#include "ns3/causality-helper.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/replay-workload-application.h"
#include "ns3/study-lan.h"

#include <algorithm>
#include <string>
#include <sys/resource.h>
#include <time.h>
#include <vector>

namespace chronometry_bench
{

/** What to run. */
struct GossipScenario
{
    uint32_t nodes = 64;                         //!< n
    double rate = 160;                           //!< alpha, messages per second per node
    ns3::Time duration = ns3::Seconds(2);        //!< simulated time
    ns3::Time delay = ns3::MicroSeconds(8);      //!< delta
    ns3::Time skew = ns3::MilliSeconds(1);       //!< E (the clocks' bound)
    ns3::Time interval = ns3::MicroSeconds(100); //!< RepCl I
    std::string topology = "csma";               //!< csma or switched
    bool stamp = true;                           //!< install the stampers
    bool vector = true;                          //!< stamp vector clocks
    bool vectorOnWire = true;                    //!< carry them (else the log recomputes them)
    bool lamport = true;                         //!< stamp Lamport clocks
    bool hlc = true;                             //!< stamp HLC
    bool hvc = true;                             //!< stamp HVC
    bool repcl = true;                           //!< stamp RepCl
    std::string encoding = "Bitmap";             //!< HVC and RepCl stamps: Bitmap, Sparse, Adaptive
    bool check = false;                          //!< measure and check the log afterwards
    uint64_t run = 1;                            //!< RngRun
    uint64_t exactLimit = 10000;                 //!< checker: all pairs up to this many events
    uint64_t samplePairs = 1000000;              //!< checker: random pairs beyond it
};

/** What one run gave. */
struct GossipOutcome
{
    uint64_t events = 0;             //!< events logged (0 without stampers)
    uint64_t messages = 0;           //!< messages the applications sent
    uint64_t received = 0;           //!< messages the applications received
    double simulateWall = 0;         //!< wall seconds: build, run, (no check), teardown
    double simulateCpu = 0;          //!< CPU seconds of the same
    double checkWall = 0;            //!< wall seconds of the measurements and the checker
    double checkCpu = 0;             //!< CPU seconds of the same
    double thetaMean = 0;            //!< RepCl stored offsets per event, mean (check only)
    double hvcMean = 0;              //!< HVC active entries per event, mean (check only)
    uint64_t logBytes = 0;           //!< the log's memory (CausalEventLog::GetMemoryBytes)
    ns3::ReplayCheckerReport report; //!< the checker's (check only)
};

/** \return wall seconds since some fixed point */
inline double
WallNow()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/** \return CPU seconds this process has used */
inline double
CpuNow()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/**
 * Build, run and tear down one scenario.
 * \param s the scenario
 * \return what it gave
 */
inline GossipOutcome
RunGossip(const GossipScenario& s)
{
    using namespace ns3;
    const double wall0 = WallNow();
    const double cpu0 = CpuNow();
    RngSeedManager::SetRun(s.run);
    NodeContainer nodes;
    nodes.Create(s.nodes);
    StudyLan lan = InstallStudyLan(nodes, "500Mbps", s.delay, "10.0.0.0", "255.0.0.0", s.topology);
    ClockHelper clocks;
    clocks.SetClock("ns3::BoundedSkewClock",
                    "SkewBound",
                    TimeValue(s.skew),
                    "Form",
                    StringValue("Bounded"));
    clocks.Install(nodes);
    int64_t stream = 1;
    stream += clocks.AssignStreams(nodes, stream);
    stream += lan.AssignStreams(stream);
    Ptr<CausalityLog> log;
    if (s.stamp)
    {
        CausalityHelper causality;
        causality.SetStamperAttribute("Interval", TimeValue(s.interval));
        causality.SetStamperAttribute("Encoding", StringValue(s.encoding));
        causality.SetStamperAttribute("Vector", BooleanValue(s.vector));
        causality.SetStamperAttribute("VectorOnWire", BooleanValue(s.vectorOnWire));
        causality.SetStamperAttribute("Lamport", BooleanValue(s.lamport));
        causality.SetStamperAttribute("Hlc", BooleanValue(s.hlc));
        causality.SetStamperAttribute("Hvc", BooleanValue(s.hvc));
        causality.SetStamperAttribute("RepCl", BooleanValue(s.repcl));
        log = causality.Install(nodes);
    }
    std::vector<Ipv4Address> peers;
    for (uint32_t i = 0; i < s.nodes; ++i)
    {
        peers.push_back(lan.interfaces.GetAddress(i));
    }
    std::vector<Ptr<ReplayWorkloadApplication>> apps;
    for (uint32_t i = 0; i < s.nodes; ++i)
    {
        auto app = CreateObjectWithAttributes<ReplayWorkloadApplication>("MessageRate",
                                                                         DoubleValue(s.rate),
                                                                         "LocalEventRate",
                                                                         DoubleValue(0),
                                                                         "Poisson",
                                                                         BooleanValue(true));
        app->SetPeers(peers, i);
        stream += app->AssignStreams(stream);
        app->SetStartTime(Time(0));
        app->SetStopTime(s.duration);
        nodes.Get(i)->AddApplication(app);
        apps.push_back(app);
    }
    Simulator::Stop(s.duration + s.delay + MilliSeconds(1));
    Simulator::Run();

    GossipOutcome out;
    for (const auto& app : apps)
    {
        out.messages += app->GetSent();
        out.received += app->GetReceived();
    }
    if (log)
    {
        out.events = log->GetEvents().size();
        out.logBytes = log->GetEvents().GetMemoryBytes();
    }
    if (s.check && log)
    {
        // What the study reads of every event, then the checker with the stampers' settings.
        const double c0 = WallNow();
        const double u0 = CpuNow();
        double theta = 0;
        double hvc = 0;
        // As the study reads them: a replay that does not recompute the uncarried vector clock
        // (the checker's own replay does, once).
        CausalEventLog::Cursor cursor(log->GetEvents(), false);
        while (cursor.Next())
        {
            const CausalEvent& e = cursor.Current();
            theta += e.stamp.repcl ? e.stamp.repcl->GetOffsetCount() : 0;
            hvc += e.stamp.hvc ? e.stamp.hvc->GetActiveCount() : 0;
        }
        out.thetaMean = out.events ? theta / out.events : 0;
        out.hvcMean = out.events ? hvc / out.events : 0;
        ReplayCheckerOptions options = log->GetCheckerOptions();
        options.exactLimit = s.exactLimit;
        options.samplePairs = s.samplePairs;
        options.seed = s.run;
        out.report = log->Check(options);
        out.checkWall = WallNow() - c0;
        out.checkCpu = CpuNow() - u0;
    }
    Simulator::Destroy();
    out.simulateWall = WallNow() - wall0 - out.checkWall;
    out.simulateCpu = CpuNow() - cpu0 - out.checkCpu;
    return out;
}

/** \return this process' peak resident set size, bytes */
inline double
PeakRssBytes()
{
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss * 1024.0;
}

} // namespace chronometry_bench

#endif /* CHRONOMETRY_GOSSIP_SCENARIO_H */
