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
#include "ns3/chronometry-checkers.h"
#include "ns3/core-module.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

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

/** What one soak run measured. */
struct Soak
{
    std::string capability; //!< name
    uint64_t events = 0;    //!< simulator events of the run
    uint64_t work = 0;      //!< the capability's own count (events, packets, ...)
    std::string workName;   //!< what work counts
};

Soak
Run(const std::string& capability, double scale)
{
    Soak s{capability, 0, 0, ""};
    auto seconds = [scale](double x) { return std::to_string(x * scale) + "s"; };
    if (capability == "causality")
    {
        StudyResult r = StudyRunner::Run(
            "replay",
            StudySettings().Set("Nodes", "32").Set("Rate", "50").Set("Duration", seconds(20)));
        s.events = r.GetSimulatorEvents();
        s.work = r.Get<uint64_t>("events");
        s.workName = "causal events";
    }
    else if (capability == "latency")
    {
        StudyResult r =
            StudyRunner::Run("rda",
                             StudySettings()
                                 .Set("Intervals", std::to_string(uint32_t(500 * scale)))
                                 .Set("IntervalLength", "200ms")
                                 .Set("PacketInterval", "100us")); // 2000 packets per interval
        s.events = r.GetSimulatorEvents();
        s.work = r.Get<uint64_t>("packets_sent");
        s.workName = "data packets";
    }
    else if (capability == "relation")
    {
        StudyResult r = StudyRunner::Run(
            "relation",
            StudySettings().Set("Workload", seconds(60)).Set("TupleInterval", "1ms"));
        s.events = r.GetSimulatorEvents();
        for (const auto& m : r.GetRows())
        {
            s.work += m.Get<uint64_t>("n");
        }
        s.workName = "durations checked";
    }
    else if (capability == "scheduling")
    {
        StudyResult r =
            StudyRunner::Run("scheduling",
                             StudySettings()
                                 .Set("Servers", "16")
                                 .Set("Operations", std::to_string(uint32_t(2000 * scale)))
                                 .Set("OperationInterval", "1100ms")
                                 .Set("OperationLead", "1s"));
        s.events = r.GetSimulatorEvents();
        s.work = r.Get<uint64_t>("executed");
        s.workName = "operations executed";
    }
    else if (capability == "inference")
    {
        StudyResult r = StudyRunner::Run(
            "inference",
            StudySettings().Set("Clients", "8").Set("Rate", "20").Set("Duration", seconds(100)));
        s.events = r.GetSimulatorEvents();
        s.work = r.Get<uint64_t>("messages");
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
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
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
    StudyCsv::PrepareFolder(outDir, "--outDir");
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
        std::cout << c << ": " << s.events << " simulator events, " << s.work << " " << s.workName
                  << ", " << wall << " s, RSS " << rssStart << " -> " << rssEnd << " kB, peak "
                  << peak << " kB" << std::endl;
        csv << c << "," << scale << "," << s.events << "," << s.work << "," << s.workName << ","
            << wall << "," << rssStart << "," << rssEnd << "," << peak << "\n";
        csv.flush();
    }
    return 0;
}
