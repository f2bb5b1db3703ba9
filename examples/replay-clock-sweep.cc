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
//
// The options are aliases of the study's parameters (chronometry-study --study=replay --help
// lists them with their ranges); each also takes a comma-separated list.

#include "ns3/chronometry-checkers.h"
#include "ns3/core-module.h"
#include "ns3/study-command-line.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    std::string csv = "results/replay-sweep.csv";
    StudyCommandLine cmd(__FILE__, "replay");
    cmd.AddAlias("nodes", "Nodes");
    cmd.AddAlias("skew", "SkewBound");
    cmd.AddAlias("interval", "Interval");
    cmd.AddAlias("delay", "Delay");
    cmd.AddAlias("jitter", "Jitter");
    cmd.AddAlias("onWire", "OnWire", "false");
    cmd.AddAlias("rate", "Rate");
    cmd.AddAlias("localRate", "LocalRate");
    cmd.AddAlias("poisson", "Poisson", "true");
    cmd.AddAlias("duration", "Duration");
    cmd.AddAlias("clockModel", "ClockModel");
    cmd.AddAlias("counterRule", "CounterRule");
    cmd.AddAlias("sumCounters", "SumCounters", "false");
    cmd.AddValue("csv",
                 "CSV file each point's row is appended to as it finishes (created with a "
                 "header, its folder too)",
                 csv);
    cmd.Parse(argc, argv);

    StudyCsvSink out(csv, cmd.GetDescription().GetCsvHeader(), "--csv"); // checked first
    for (const auto& point : cmd.GetPoints())
    {
        StudyResult r = StudyRunner::Run("replay", point);
        out.Append(r.GetCsvLines());
        std::cout << "n=" << r.Get<uint64_t>("nodes")
                  << " E=" << NanoSeconds(r.Get<int64_t>("skew_bound_ns")).As(Time::US)
                  << " I=" << NanoSeconds(r.Get<int64_t>("interval_ns")).As(Time::US)
                  << " delta=" << NanoSeconds(r.Get<int64_t>("delay_ns")).As(Time::US)
                  << " alpha=" << r.Get<double>("rate") << ": events " << r.Get<uint64_t>("events")
                  << ", theta mean " << r.Get<double>("theta_mean") << " p99 "
                  << r.Get<double>("theta_p99") << " max " << r.Get<double>("theta_max")
                  << ", RepCl bits mean " << r.Get<double>("repcl_bits_mean")
                  << ", HVC entries mean " << r.Get<double>("hvc_mean")
                  << ", requirement 1/2 violations " << r.Get<uint64_t>("r1_violations") << "/"
                  << r.Get<uint64_t>("r2_thesis_violations") << ", requirement 3 "
                  << r.Get<uint64_t>("r3_violations") << " of " << r.Get<uint64_t>("r3_applicable")
                  << ", wall " << r.Get<double>("wall_s") << " s -> " << csv << std::endl;
    }
    return 0;
}
