/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Soak runs: one long scenario per capability (at least 10^6 simulator events, or 10^6 data
// packets for RDA), with the process's resident memory read at the start and at the end and
// its peak. Run by hand (minutes each); doc/reliability.rst records the numbers.
//
//   ./soak --capability=causality --scale=1
//   ./soak --capability=all --scale=2 --outDir=results
//
// --scale multiplies the simulated length: comparing the peak memory of scale 1 and 2 shows
// which state grows with the run (the causality log that the replay checker needs, for
// instance) and which stays within its configured buffers.
#include "ns3/core-module.h"
#include "ns3/inference-study.h"
#include "ns3/rda-study.h"
#include "ns3/relation-study.h"
#include "ns3/replay-study.h"
#include "ns3/scheduling-study.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/** A field of /proc/self/status in kB (VmRSS, VmHWM), 0 if unavailable. */
uint64_t
StatusKb(const std::string& field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
    {
        if (line.rfind(field + ":", 0) == 0)
        {
            std::istringstream in(line.substr(field.size() + 1));
            uint64_t kb = 0;
            in >> kb;
            return kb;
        }
    }
    return 0;
}

uint64_t g_events = 0; //!< simulator events of the run, read just before Simulator::Destroy

void
RecordEventCount()
{
    g_events = Simulator::GetEventCount();
}

/** What one soak run measured. */
struct Soak
{
    std::string capability; //!< name
    uint64_t work = 0;      //!< the capability's own count (events, packets, ...)
    std::string workName;   //!< what work counts
};

Soak
Run(const std::string& capability, double scale)
{
    // The studies tear the simulator down at their end; a destroy event reads the count first.
    Simulator::ScheduleDestroy(&RecordEventCount);
    Soak s{capability, 0, ""};
    if (capability == "causality")
    {
        ReplayStudyParams p;
        p.nodes = 32;
        p.rate = 50;
        p.duration = Seconds(20 * scale);
        auto r = ReplayStudy::Run(p);
        s.work = r.events;
        s.workName = "causal events";
    }
    else if (capability == "latency")
    {
        RdaStudyParams p;
        p.intervals = static_cast<uint32_t>(500 * scale);
        p.intervalLength = MilliSeconds(200);
        p.packetInterval = MicroSeconds(100); // 2000 packets per interval
        auto r = RunRdaStudy(p);
        s.work = r.sent;
        s.workName = "data packets";
    }
    else if (capability == "relation")
    {
        RelationStudyParams p;
        p.workload = Seconds(60 * scale);
        p.tupleInterval = MilliSeconds(1);
        auto r = RunRelationStudy(p);
        s.work = 0;
        for (const auto& m : r.methods)
        {
            s.work += m.n;
        }
        s.workName = "durations checked";
    }
    else if (capability == "scheduling")
    {
        SchedulingStudyParams p;
        p.servers = 16;
        p.operations = static_cast<uint32_t>(2000 * scale);
        p.operationInterval = MilliSeconds(1100);
        p.operationLead = Seconds(1);
        auto r = SchedulingStudy::Run(p);
        s.work = r.executed;
        s.workName = "operations executed";
    }
    else if (capability == "inference")
    {
        InferenceStudyParams p;
        p.clients = 8;
        p.rate = 20;
        p.duration = Seconds(100 * scale);
        auto r = InferenceStudy::Run(p);
        s.work = r.messages;
        s.workName = "messages linked";
    }
    else
    {
        NS_ABORT_MSG("--capability = '" << capability
                                        << "' is invalid; valid values: causality, latency, "
                                           "relation, scheduling, inference, all");
    }
    return s;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string capability = "all";
    double scale = 1;
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("capability",
                 "causality, latency, relation, scheduling, inference, or all",
                 capability);
    cmd.AddValue("scale", "Multiplier of the simulated length, in (0, 100]", scale);
    cmd.AddValue("outDir", "Directory for soak.csv (appended)", outDir);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(!(scale > 0 && scale <= 100),
                    "--scale = " << scale << " is invalid; valid range: (0, 100]");

    std::vector<std::string> which = {capability};
    if (capability == "all")
    {
        which = {"causality", "latency", "relation", "scheduling", "inference"};
    }
    std::string path = outDir + "/soak.csv";
    bool header = !std::ifstream(path).good();
    std::ofstream csv(path, std::ios::app);
    NS_ABORT_MSG_IF(!csv, "cannot write " << path);
    if (header)
    {
        csv << "capability,scale,simulator_events,work,work_name,wall_s,rss_start_kb,"
               "rss_end_kb,peak_rss_kb\n";
    }
    for (const auto& c : which)
    {
        uint64_t rssStart = StatusKb("VmRSS");
        auto t0 = std::chrono::steady_clock::now();
        Soak s = Run(c, scale);
        double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        uint64_t rssEnd = StatusKb("VmRSS");
        uint64_t peak = StatusKb("VmHWM"); // peak of the process so far (runs are in order)
        std::cout << c << ": " << g_events << " simulator events, " << s.work << " " << s.workName
                  << ", " << wall << " s, RSS " << rssStart << " -> " << rssEnd << " kB, peak "
                  << peak << " kB" << std::endl;
        csv << c << "," << scale << "," << g_events << "," << s.work << "," << s.workName << ","
            << wall << "," << rssStart << "," << rssEnd << "," << peak << "\n";
        csv.flush();
    }
    return 0;
}
