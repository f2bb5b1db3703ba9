/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// One point of the replay-clock study (thesis Table 5.1): n nodes on a LAN with
// propagation delay delta, clocks synchronized within E, replay clocks with
// epoch I, each node sending at alpha messages per second.  Appends one CSV row
// (theta, sigma, RepCl bits, HVC entries, HLC and vector sizes, violations of
// each requirement, concurrency, forced orderings, events, wall time) to --csv,
// atomically (the file is rewritten through a temporary and renamed).
//
//   ./replay-clock-sweep --nodes=32 --skew=1ms --interval=100us --delay=8us --rate=20 \
//       --duration=1s --RngRun=1 --csv=results/replay-sweep.csv

#include "ns3/core-module.h"
#include "ns3/replay-study.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    ReplayStudyParams p;
    std::string csv = "results/replay-sweep.csv";
    CommandLine cmd(__FILE__);
    cmd.AddValue("nodes", "Number of processes n", p.nodes);
    cmd.AddValue("skew", "Clock skew bound E", p.skew);
    cmd.AddValue("interval", "RepCl epoch length I (E must be a multiple of I)", p.interval);
    cmd.AddValue("delay", "Message delay delta (LAN propagation delay)", p.delay);
    cmd.AddValue("jitter",
                 "Extra per-message delay, uniform in [0, jitter] (needs onWire)",
                 p.jitter);
    cmd.AddValue("onWire", "Carry the stamps as real bytes (bandwidth simulated)", p.onWire);
    cmd.AddValue("rate", "Messages per second per node (alpha)", p.rate);
    cmd.AddValue("localRate", "Local events per second per node", p.localRate);
    cmd.AddValue("poisson", "Poisson sending (else fixed intervals)", p.poisson);
    cmd.AddValue("duration", "Simulated time", p.duration);
    cmd.AddValue("clockModel", "bounded, thesis or drifting", p.clockModel);
    cmd.AddValue("counterRule", "RepCl counter rule: Published or EpochCounts", p.counterRule);
    cmd.AddValue("sumCounters", "RepCl: keep only the sum of the counters", p.sumCounters);
    cmd.AddValue("csv", "CSV file to append the row to (created with a header)", csv);
    cmd.Parse(argc, argv);
    p.run = RngSeedManager::GetRun();

    ReplayStudyResult r = ReplayStudy::Run(p);

    std::ostringstream text;
    std::ifstream existing(csv);
    if (existing)
    {
        text << existing.rdbuf();
    }
    else
    {
        text << ReplayStudyResult::CsvHeader() << "\n";
    }
    text << r.ToCsvRow() << "\n";
    std::string tmp = csv + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << text.str();
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), csv.c_str()) != 0, "cannot rename " << tmp);

    std::cout << "n=" << p.nodes << " E=" << p.skew.As(Time::US) << " I=" << p.interval.As(Time::US)
              << " delta=" << p.delay.As(Time::US) << " alpha=" << p.rate << ": events " << r.events
              << ", theta mean " << r.thetaMean << " p99 " << r.thetaP99 << " max " << r.thetaMax
              << ", RepCl bits mean " << r.bitsMean << ", HVC entries mean " << r.hvcMean
              << ", requirement 1/2 violations " << r.r1Violations << "/" << r.r2ThesisViolations
              << ", requirement 3 " << r.r3Violations << " of " << r.r3Applicable << ", wall "
              << r.wallSeconds << " s -> " << csv << std::endl;
    return 0;
}
