/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Scale of the replay-clock study (issues 22 and 33): the study's scenario (n nodes gossiping at
// alpha messages per second per node for a simulated duration, every clock stamped, the log
// measured and checked as the study does) on the switched LAN for n = 64 to 4,096 and on the
// thesis' CSMA LAN up to --csmaMax.  Each point runs in a child process of its own, so that its
// peak resident set size (wait4's ru_maxrss) and CPU time are its own.  Printed per point:
// events, messages, wall and CPU seconds (simulation, then measurements + checker), peak RSS,
// the log's bytes per event, CPU and wall microseconds per event and the ratio of CPU time per
// event to the smallest n's, measured in the same run; then PASS/FAIL against the targets
// (issue 33; issue 22's were 4 GB and 2x at n = 1,024):
//   * memory: the switched LAN at the largest n (4,096 by default) peaks at <= 8 GB;
//   * linear time: on the switched LAN, CPU time per event at the largest n is within 1.5x of
//     that at the smallest (64).  CPU time, not wall time, because the machine is shared:
//     another process' load inflates wall time more than our CPU time.  It still moves CPU
//     time by up to a quarter between runs (cache and memory contention), hence --rounds.
// HVC and RepCl run the Adaptive encoding by default (--encoding): the published Bitmap form
// costs n bits per stamp, O(n) per message by design, which is what the sparse form removes.
// The heap is on 2 MB pages (RunWithHugePages, as chronometry-study runs; --hugePages=false
// for 4 KB pages): at n = 4,096 most of a message's touches of ns-3 objects are cold, and with
// small pages also TLB misses.  --csv writes the table for bench/plot-replay-scale.py.
#include "gossip-scenario.h"

#include "ns3/huge-pages.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace ns3;
using namespace chronometry_bench;

namespace
{

/** One measured point. */
struct Point
{
    std::string topology;  //!< csma or switched
    uint32_t nodes = 0;    //!< n
    GossipOutcome outcome; //!< what the child measured
    double peakRss = 0;    //!< bytes (wait4)
    double childCpu = 0;   //!< CPU seconds of the whole child (wait4)
    bool ok = false;       //!< the child finished
};

/**
 * Run one point in a child process.
 * \param s the scenario
 * \return what it measured
 */
Point
RunInChild(const GossipScenario& s)
{
    Point p;
    p.topology = s.topology;
    p.nodes = s.nodes;
    int fds[2];
    if (pipe(fds) != 0)
    {
        std::perror("pipe");
        return p;
    }
    std::cout.flush();
    pid_t pid = fork();
    if (pid == 0)
    {
        close(fds[0]);
        GossipOutcome o = RunGossip(s);
        std::ostringstream os;
        os << std::setprecision(17) << o.events << " " << o.messages << " " << o.received << " "
           << o.simulateWall << " " << o.simulateCpu << " " << o.checkWall << " " << o.checkCpu
           << " " << o.thetaMean << " " << o.hvcMean << " " << o.logBytes << " "
           << o.report.pairsExamined << " " << (o.report.sampled ? 1 : 0) << " "
           << o.report.repclHb.violations << " " << o.report.hvcHb.violations << " "
           << o.report.hlcHb.violations << " " << o.report.repclClose.violations << " "
           << o.report.repclClose.applicable << "\n";
        std::string text = os.str();
        ssize_t written = write(fds[1], text.data(), text.size());
        close(fds[1]);
        _exit(written == static_cast<ssize_t>(text.size()) ? 0 : 1);
    }
    close(fds[1]);
    std::string text;
    char buffer[4096];
    ssize_t got;
    while ((got = read(fds[0], buffer, sizeof(buffer))) > 0)
    {
        text.append(buffer, static_cast<std::size_t>(got));
    }
    close(fds[0]);
    int status = 0;
    rusage usage;
    wait4(pid, &status, 0, &usage);
    p.peakRss = usage.ru_maxrss * 1024.0;
    p.childCpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 + usage.ru_stime.tv_sec +
                 usage.ru_stime.tv_usec * 1e-6;
    std::istringstream in(text);
    GossipOutcome& o = p.outcome;
    uint64_t sampled = 0;
    in >> o.events >> o.messages >> o.received >> o.simulateWall >> o.simulateCpu >> o.checkWall >>
        o.checkCpu >> o.thetaMean >> o.hvcMean >> o.logBytes >> o.report.pairsExamined >> sampled >>
        o.report.repclHb.violations >> o.report.hvcHb.violations >> o.report.hlcHb.violations >>
        o.report.repclClose.violations >> o.report.repclClose.applicable;
    o.report.sampled = sampled != 0;
    p.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && !in.fail();
    return p;
}

/**
 * \param text comma-separated numbers
 * \return them
 */
std::vector<uint32_t>
ParseList(const std::string& text)
{
    std::vector<uint32_t> out;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        out.push_back(static_cast<uint32_t>(std::stoul(item)));
    }
    return out;
}

/**
 * Parse --topologies.
 * \param text comma-separated topologies
 * \param tops the topologies, in order
 * \return false (saying why) for one that is invalid
 */
bool
ParseTopologies(const std::string& text, std::vector<std::string>& tops)
{
    tops.clear();
    std::istringstream in(text);
    std::string t;
    while (std::getline(in, t, ','))
    {
        if (t != "switched" && t != "csma")
        {
            std::cerr << "--topologies: '" << t << "' is invalid; valid: switched, csma\n";
            return false;
        }
        tops.push_back(t);
    }
    return true;
}

/** The scenario's description and the table's heading. */
void
PrintHeading(double rate,
             Time duration,
             Time delay,
             const std::string& encoding,
             bool vectorOnWire,
             uint32_t rounds)
{
    std::cout << "replay study scenario: alpha = " << rate << "/s per node, "
              << duration.GetSeconds() << " s simulated, delta = " << delay.As(Time::US)
              << ", E = 1 ms, I = 100 us, all clocks stamped (" << encoding
              << " encoding), vector clock "
              << (vectorOnWire ? "carried in every message" : "recomputed by the log (not carried)")
              << ", log measured and checked (exact up to 10000 events, else 1e6 sampled pairs); "
                 "one child process per run, malloc on "
              << (IsHeapOnHugePages() ? "2 MB" : "4 KB") << " pages (THP mode '"
              << GetTransparentHugePageMode() << "'), " << rounds
              << " run(s) per point (at least 9 of the smallest n, every ratio's "
                 "denominator), the one of median CPU time reported (spread: the largest run's "
                 "CPU time over the smallest's)\n\n";
    std::cout << std::left << std::setw(9) << "topology" << std::right << std::setw(6) << "n"
              << std::setw(10) << "events" << std::setw(9) << "lost" << std::setw(9) << "sim s"
              << std::setw(9) << "sim cpu" << std::setw(9) << "check s" << std::setw(10)
              << "peak MB" << std::setw(10) << "log B/ev" << std::setw(11) << "cpu us/ev"
              << std::setw(11) << "wall us/ev" << std::setw(9) << "x n=min" << std::setw(8)
              << "spread"
              << "  checker\n";
}

/** One point's row, on the console and (when open) in the CSV table. */
void
PrintRow(std::ofstream& table,
         const std::string& topology,
         const std::string& encoding,
         uint32_t n,
         const Point& p,
         double cpuPerEvent,
         double wallPerEvent,
         double firstCpuPerEvent,
         double spread)
{
    const GossipOutcome& o = p.outcome;
    std::ostringstream checker;
    checker << (o.report.sampled ? "sampled " : "exact ") << o.report.pairsExamined
            << " pairs, R1/HVC/HLC violations " << o.report.repclHb.violations << "/"
            << o.report.hvcHb.violations << "/" << o.report.hlcHb.violations;
    std::cout << std::left << std::setw(9) << topology << std::right << std::setw(6) << n
              << std::setw(10) << o.events << std::setw(9) << (o.messages - o.received)
              << std::fixed << std::setprecision(2) << std::setw(9) << o.simulateWall
              << std::setw(9) << o.simulateCpu << std::setw(9) << o.checkWall
              << std::setprecision(0) << std::setw(10) << p.peakRss / 1e6 << std::setw(10)
              << (o.events ? double(o.logBytes) / o.events : 0) << std::setprecision(2)
              << std::setw(11) << cpuPerEvent << std::setw(11) << wallPerEvent << std::setw(9)
              << cpuPerEvent / firstCpuPerEvent << std::setw(8) << spread << "  "
              << (p.ok ? checker.str() : "child FAILED") << std::defaultfloat << "\n";
    std::cout.flush();
    if (table.is_open())
    {
        table << std::setprecision(10) << topology << "," << encoding << "," << n << "," << o.events
              << "," << o.messages << "," << o.received << "," << o.simulateWall << ","
              << o.simulateCpu << "," << o.checkWall << "," << o.checkCpu << "," << p.childCpu
              << "," << p.peakRss << "," << o.logBytes << "," << cpuPerEvent << "," << wallPerEvent
              << "," << o.thetaMean << "," << o.hvcMean << "," << o.report.pairsExamined << ","
              << (o.report.sampled ? 1 : 0) << "," << o.report.repclHb.violations << ","
              << o.report.hvcHb.violations << "," << o.report.hlcHb.violations << ","
              << (IsHeapOnHugePages() ? 1 : 0) << "\n";
    }
}

/** The targets, on the switched LAN; true when they are met (or none can be evaluated). */
bool
CheckTargets(const std::vector<Point>& points,
             bool allOk,
             double memoryTargetGb,
             double linearTarget)
{
    const Point* smallest = nullptr;
    const Point* largest = nullptr;
    for (const auto& p : points)
    {
        if (p.topology != "switched" || !p.ok || p.outcome.events == 0)
        {
            continue;
        }
        if (!smallest || p.nodes < smallest->nodes)
        {
            smallest = &p;
        }
        if (!largest || p.nodes > largest->nodes)
        {
            largest = &p;
        }
    }
    bool pass = allOk;
    std::cout << "\n";
    if (largest && smallest && largest != smallest)
    {
        const double gb = largest->peakRss / 1e9;
        const bool memoryOk = gb <= memoryTargetGb;
        const double a = smallest->childCpu / smallest->outcome.events;
        const double b = largest->childCpu / largest->outcome.events;
        const double aw = (smallest->outcome.simulateWall + smallest->outcome.checkWall) /
                          smallest->outcome.events;
        const double bw =
            (largest->outcome.simulateWall + largest->outcome.checkWall) / largest->outcome.events;
        const bool linearOk = b / a <= linearTarget;
        std::cout << (memoryOk ? "PASS" : "FAIL") << " memory: switched LAN, n = " << largest->nodes
                  << ": peak RSS " << std::setprecision(3) << gb
                  << " GB (target <= " << memoryTargetGb << " GB)\n";
        std::cout << (linearOk ? "PASS" : "FAIL")
                  << " linear: switched LAN, CPU time per event at n = " << largest->nodes << " is "
                  << b / a << "x that at n = " << smallest->nodes << " (events x"
                  << double(largest->outcome.events) / smallest->outcome.events << ", CPU time x"
                  << largest->childCpu / smallest->childCpu << "; target <= " << linearTarget
                  << "x; wall time per event " << bw / aw << "x)\n";
        // The checker's sampled pairs are a fixed cost (1e6 pairs whatever n), which flatters
        // the ratio at small n: the simulation alone, stated beside it.
        const double sa = smallest->outcome.simulateCpu / smallest->outcome.events;
        const double sb = largest->outcome.simulateCpu / largest->outcome.events;
        std::cout << "info: simulation alone (no checker), CPU time per event at n = "
                  << largest->nodes << " is " << sb / sa << "x that at n = " << smallest->nodes
                  << " (" << sa * 1e6 << " -> " << sb * 1e6 << " us per event)\n";
        pass = pass && memoryOk && linearOk;
    }
    else
    {
        std::cout << "no targets evaluated (needs two sizes on the switched LAN)\n";
    }
    return pass;
}

/** Whether --encoding and --rounds are valid (saying why not). */
bool
ValidOptions(const std::string& encoding, uint32_t rounds)
{
    if (encoding != "Bitmap" && encoding != "Sparse" && encoding != "Adaptive")
    {
        std::cerr << "--encoding: '" << encoding
                  << "' is invalid; valid: Bitmap, Sparse, Adaptive\n";
        return false;
    }
    if (rounds < 1)
    {
        std::cerr << "--rounds: " << rounds << " is invalid; valid: at least 1\n";
        return false;
    }
    return true;
}

/** Open the CSV table (a temporary name until it is complete) and write its header. */
void
OpenTable(const std::string& csv, std::ofstream& table)
{
    if (!csv.empty())
    {
        table.open(csv + ".tmp");
        table
            << "topology,encoding,nodes,events,messages,received,sim_wall_s,sim_cpu_s,check_wall_s,"
               "check_cpu_s,child_cpu_s,peak_rss_bytes,log_bytes,cpu_us_per_event,"
               "wall_us_per_event,theta_mean,hvc_mean,pairs,sampled,r1_violations,"
               "hvc_violations,hlc_violations,huge_pages\n";
    }
}

/**
 * Run a point runsHere times, each in a child process.
 * \param s the scenario
 * \param runsHere how many runs
 * \param allOk set false when a child fails
 * \param spread the largest run's CPU time over the smallest's
 * \return the run of median CPU time
 */
Point
MedianRun(const GossipScenario& s, uint32_t runsHere, bool& allOk, double& spread)
{
    std::vector<Point> runs;
    for (uint32_t k = 0; k < runsHere; ++k)
    {
        runs.push_back(RunInChild(s));
        allOk = allOk && runs.back().ok;
    }
    std::sort(runs.begin(), runs.end(), [](const Point& a, const Point& b) {
        return a.childCpu < b.childCpu;
    });
    Point p = runs[runs.size() / 2];
    spread = runs.back().childCpu / std::max(runs.front().childCpu, 1e-9);
    return p;
}

} // namespace

int
main(int argc, char** argv)
{
    std::string sizes = "64,128,256,512,1024,2048,4096";
    std::string topologies = "switched,csma";
    uint32_t csmaMax = 512;
    double rate = 160;
    Time duration = Seconds(2);
    Time delay = MicroSeconds(8);
    double memoryTargetGb = 8;
    double linearTarget = 1.5;
    bool vectorOnWire = false;
    std::string encoding = "Adaptive";
    std::string csv;
    uint32_t rounds = 1;
    bool hugePages = true;
    CommandLine cmd(__FILE__);
    cmd.AddValue("sizes", "Numbers of nodes n, comma-separated", sizes);
    cmd.AddValue("topologies", "switched, csma or both (comma-separated)", topologies);
    cmd.AddValue("csmaMax", "Largest n run on the CSMA LAN (it costs O(n^2))", csmaMax);
    cmd.AddValue("rate", "alpha: messages per second per node", rate);
    cmd.AddValue("duration", "Simulated time", duration);
    cmd.AddValue("delay", "delta: the LAN's propagation delay", delay);
    cmd.AddValue("memoryTarget", "Peak RSS target at the largest n, GB", memoryTargetGb);
    cmd.AddValue("linearTarget",
                 "Largest ratio of CPU time per event, largest n / smallest n",
                 linearTarget);
    cmd.AddValue("vectorOnWire",
                 "Carry the ground-truth vector clock in every message (the replay study's "
                 "VectorOnWire; default false, as there: the log recomputes it)",
                 vectorOnWire);
    cmd.AddValue("encoding",
                 "HVC and RepCl stamps (the stampers' Encoding): Bitmap (the published forms, "
                 "O(n) bits per stamp), Sparse or Adaptive (O(theta log n) bits; the default, as "
                 "a study at thousands of nodes runs it)",
                 encoding);
    cmd.AddValue("rounds",
                 "Runs per point (the smallest n: at least 9); the one of median CPU time is "
                 "reported",
                 rounds);
    cmd.AddValue("hugePages",
                 "Back the heap with 2 MB pages (RunWithHugePages, as chronometry-study does; "
                 "false: 4 KB pages, unless GLIBC_TUNABLES asks for them)",
                 hugePages);
    cmd.AddValue("csv", "Write the table here (for bench/plot-replay-scale.py)", csv);
    cmd.Parse(argc, argv);
    if (hugePages)
    {
        RunWithHugePages(argv); // runs this program again, with the tunable set, if it can
    }
    std::vector<std::string> tops;
    if (!ValidOptions(encoding, rounds))
    {
        return 2;
    }
    std::vector<uint32_t> ns = ParseList(sizes);
    if (!ParseTopologies(topologies, tops))
    {
        return 2;
    }
    PrintHeading(rate, duration, delay, encoding, vectorOnWire, rounds);
    std::vector<Point> points;
    std::ofstream table;
    OpenTable(csv, table);
    bool allOk = true;
    for (const auto& topology : tops)
    {
        double firstCpuPerEvent = 0;
        for (uint32_t n : ns)
        {
            if (topology == "csma" && n > csmaMax)
            {
                continue;
            }
            GossipScenario s;
            s.nodes = n;
            s.rate = rate;
            s.duration = duration;
            s.delay = delay;
            s.topology = topology;
            s.check = true;
            s.vectorOnWire = vectorOnWire;
            s.encoding = encoding;
            // The run of median CPU time among the rounds (the machine is shared: one run's
            // CPU time can be inflated by another process' use of the memory system).
            // The smallest n is every ratio's denominator and costs little: at least 9 runs.
            const uint32_t runsHere =
                firstCpuPerEvent == 0 ? std::max<uint32_t>(rounds, 9) : rounds;
            double spread = 0;
            Point p = MedianRun(s, runsHere, allOk, spread);
            const GossipOutcome& o = p.outcome;
            const double totalWall = o.simulateWall + o.checkWall;
            const double cpuPerEvent = o.events ? p.childCpu / o.events * 1e6 : 0;
            const double wallPerEvent = o.events ? totalWall / o.events * 1e6 : 0;
            if (firstCpuPerEvent == 0)
            {
                firstCpuPerEvent = cpuPerEvent;
            }
            PrintRow(table,
                     topology,
                     encoding,
                     n,
                     p,
                     cpuPerEvent,
                     wallPerEvent,
                     firstCpuPerEvent,
                     spread);
            points.push_back(p);
        }
    }
    if (table.is_open())
    {
        table.close();
        std::rename((csv + ".tmp").c_str(), csv.c_str());
    }

    // The targets, on the switched LAN.
    bool pass = CheckTargets(points, allOk, memoryTargetGb, linearTarget);
    return pass ? 0 : 1;
}
