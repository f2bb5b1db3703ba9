/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// What stamping costs in a whole simulation (issue 22): the replay study's gossip scenario
// (n = 64 nodes on the thesis' CSMA LAN, alpha = 160 messages per second per node, 2 s
// simulated, BoundedSkewClocks within E = 1 ms) run in one process with stamping off (no
// stamper installed), with the stampers logging but running no clock, with each clock alone
// (vector, Lamport, HLC, HVC, RepCl) and with all five.  Every configuration runs once per
// round, in a fresh random order each round (so that a load change on the shared machine hits
// all alike); each run's wall and CPU time (build, run and teardown of the simulation; no
// checker) is divided by the unstamped run's of the same round, and the median over the rounds
// is printed.  PASS/FAIL: all five clocks stamped add at most 15% CPU time (the target of the
// issue); the wall-time ratio is printed beside it.  Every run must send the same messages
// (stamping does not change the simulation), which the benchmark checks.
#include "gossip-scenario.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <random>

using namespace ns3;
using namespace chronometry_bench;

namespace
{

/** A stamping configuration. */
struct Mode
{
    std::string name;     //!< row label
    GossipScenario setup; //!< the scenario with its switches
};

/**
 * \param v a sample
 * \return its median
 */
double
Median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
}

} // namespace

int
main(int argc, char** argv)
{
    uint32_t nodes = 64;
    double rate = 160;
    Time duration = Seconds(2);
    std::string topology = "csma";
    uint32_t rounds = 5;
    double target = 1.15;
    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "n", nodes);
    cmd.AddValue("rate", "alpha: messages per second per node", rate);
    cmd.AddValue("duration", "Simulated time", duration);
    cmd.AddValue("topology", "csma (the thesis' LAN) or switched", topology);
    cmd.AddValue("rounds", "Rounds (every configuration once per round)", rounds);
    cmd.AddValue("target", "Largest CPU-time ratio of all five clocks to no stamping", target);
    cmd.Parse(argc, argv);
    if (topology != "csma" && topology != "switched")
    {
        std::cerr << "--topology: '" << topology << "' is invalid; valid: csma, switched\n";
        return 2;
    }
    if (rounds < 1)
    {
        std::cerr << "--rounds: 0 is invalid; valid: at least 1\n";
        return 2;
    }

    GossipScenario base;
    base.nodes = nodes;
    base.rate = rate;
    base.duration = duration;
    base.topology = topology;
    auto only = [&base](const std::string& clock) {
        GossipScenario s = base;
        s.vector = clock == "vector";
        s.lamport = clock == "lamport";
        s.hlc = clock == "hlc";
        s.hvc = clock == "hvc";
        s.repcl = clock == "repcl";
        return s;
    };
    std::vector<Mode> modes;
    GossipScenario off = base;
    off.stamp = false;
    modes.push_back({"off (no stamper)", off});
    modes.push_back({"log only (no clock)", only("none")});
    modes.push_back({"vector alone", only("vector")});
    modes.push_back({"Lamport alone", only("lamport")});
    modes.push_back({"HLC alone", only("hlc")});
    modes.push_back({"HVC alone", only("hvc")});
    modes.push_back({"RepCl alone", only("repcl")});
    modes.push_back({"all five", base});

    std::cout << "stamping overhead: n = " << nodes << ", " << topology << " LAN, alpha = " << rate
              << "/s per node, " << duration.GetSeconds() << " s simulated; " << rounds
              << " rounds, configurations in a random order each round\n";
    std::map<std::string, std::vector<double>> wallRatio;
    std::map<std::string, std::vector<double>> cpuRatio;
    std::map<std::string, std::vector<double>> cpuSeconds;
    std::map<std::string, uint64_t> events;
    std::map<std::string, uint64_t> logBytes;
    uint64_t messages = 0;
    bool sameTraffic = true;
    std::mt19937 rng(12345);
    for (uint32_t round = 0; round < rounds; ++round)
    {
        std::vector<std::size_t> order(modes.size());
        for (std::size_t i = 0; i < order.size(); ++i)
        {
            order[i] = i;
        }
        std::shuffle(order.begin(), order.end(), rng);
        std::map<std::string, GossipOutcome> got;
        for (std::size_t i : order)
        {
            got[modes[i].name] = RunGossip(modes[i].setup);
        }
        const GossipOutcome& reference = got[modes[0].name];
        for (const auto& m : modes)
        {
            const GossipOutcome& o = got[m.name];
            wallRatio[m.name].push_back(o.simulateWall / reference.simulateWall);
            cpuRatio[m.name].push_back(o.simulateCpu / reference.simulateCpu);
            cpuSeconds[m.name].push_back(o.simulateCpu);
            events[m.name] = o.events;
            logBytes[m.name] = o.logBytes;
            sameTraffic =
                sameTraffic && o.messages == reference.messages && o.received == reference.received;
        }
        messages = reference.messages;
        std::cout << "round " << round + 1 << " done (unstamped: " << std::setprecision(3)
                  << reference.simulateCpu << " s CPU)\n";
        std::cout.flush();
    }

    std::cout << "\n"
              << std::left << std::setw(22) << "configuration" << std::right << std::setw(10)
              << "events" << std::setw(11) << "log B/ev" << std::setw(10) << "CPU s"
              << std::setw(12) << "CPU ratio" << std::setw(12) << "wall ratio"
              << "\n";
    for (const auto& m : modes)
    {
        std::cout << std::left << std::setw(22) << m.name << std::right << std::setw(10)
                  << events[m.name] << std::fixed << std::setprecision(1) << std::setw(11)
                  << (events[m.name] ? double(logBytes[m.name]) / events[m.name] : 0)
                  << std::setprecision(3) << std::setw(10) << Median(cpuSeconds[m.name])
                  << std::setw(12) << Median(cpuRatio[m.name]) << std::setw(12)
                  << Median(wallRatio[m.name]) << std::defaultfloat << "\n";
    }
    const double all = Median(cpuRatio["all five"]);
    const bool pass = all <= target && sameTraffic;
    std::cout << "\n"
              << (sameTraffic ? "" : "FAIL the runs did not all send the same messages\n")
              << (pass ? "PASS" : "FAIL") << " all five clocks stamped: CPU time x" << all
              << " of the unstamped run (median of " << rounds << " rounds; target <= " << target
              << "), wall time x" << Median(wallRatio["all five"]) << "; " << messages
              << " messages per run\n";
    return pass ? 0 : 1;
}
