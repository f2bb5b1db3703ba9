/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// WAP5 black-box causal path inference, scored against the simulator's true
// causality: sweeps the request rate alpha, the parallelism (clients), the
// clock skew E, the drift and the message delay delta one factor at a time
// around a base point, with several runs per point.  Writes
// <outDir>/wap5-sweep.csv (one row per run, a "factor" column first) and
// <outDir>/wap5-patterns.csv (the base point's top inferred and true path
// patterns, one row per pattern node: the inference study's patterns table) for
// examples/plot-wap5.py.
//
//   ./wap5-inference-sweep --rates=1,5,20,50 --skews=0us,1ms,100ms --runs=3
//
// The base point's options are aliases of the inference study's parameters
// (chronometry-study --study=inference --help lists every one, with its range).

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
    std::string rates = "1,5,10,20,40,80";
    std::string clients = "1,2,4,8,16";
    std::string skews = "0us,1ms,100ms,10s";
    std::string drifts = "0,50,500";
    std::string delays = "10us,100us,1ms,5ms";
    uint32_t runs = 2;
    uint32_t top = 4;
    std::string outDir = "results";
    StudyCommandLine cmd(__FILE__, "inference");
    cmd.AddAlias("workload", "Workload");
    cmd.AddAlias("clients", "Clients", "", nullptr, "Base parallelism (client nodes)");
    cmd.AddAlias("backends", "Backends");
    cmd.AddAlias("fanOut", "FanOut");
    cmd.AddAlias("lookupProbability", "LookupProbability");
    cmd.AddAlias("rate", "Rate", "", nullptr, "Base alpha: requests per second per client");
    cmd.AddAlias("skew", "SkewBound", "", nullptr, "Base clock skew E");
    cmd.AddAlias("drift", "DriftPpm", "", nullptr, "Base drift bound, ppm");
    cmd.AddAlias("delay", "Delay", "", nullptr, "Base message delay delta");
    cmd.AddAlias("duration", "Duration");
    cmd.AddAlias("window", "Window");
    cmd.AddAlias("y", "Spontaneous");
    cmd.AddAlias("maxTryBoth", "MaxTryBoth");
    cmd.AddAlias("traceLookup", "TraceLookup", "true");
    cmd.AddValue("rates", "Sweep: alpha values ('none': skip)", rates);
    cmd.AddValue("parallelism", "Sweep: client counts ('none': skip)", clients);
    cmd.AddValue("skews", "Sweep: E values ('none': skip)", skews);
    cmd.AddValue("drifts", "Sweep: drift bounds in ppm ('none': skip)", drifts);
    cmd.AddValue("delays", "Sweep: delta values ('none': skip)", delays);
    cmd.AddValue("runs", "Runs per point", runs);
    cmd.AddValue("top", "Top patterns written for the base point", top);
    cmd.AddValue("outDir", "Output folder", outDir);
    cmd.Parse(argc, argv);
    StudyCsv::PrepareFolder(outDir, "--outDir");
    const StudyDescription& d = cmd.GetDescription();
    const StudySettings base = cmd.GetPoints().front();

    StudyCsv csv("factor," + d.GetCsvHeader());
    // One factor at a time: (factor name, parameter, values or "none").
    const std::vector<std::vector<std::string>> factors = {{"rate", "Rate", rates},
                                                           {"parallelism", "Clients", clients},
                                                           {"skew", "SkewBound", skews},
                                                           {"drift", "DriftPpm", drifts},
                                                           {"delay", "Delay", delays}};
    for (const auto& factor : factors)
    {
        if (factor[2] == "none")
        {
            continue;
        }
        for (const auto& value : StudyCommandLine::Split(factor[2]))
        {
            for (uint32_t run = 1; run <= runs; ++run)
            {
                StudySettings p = base;
                p.Set(factor[1], value).Set("Run", std::to_string(run));
                StudyResult r = StudyRunner::Run("inference", p);
                csv.Add(r, factor[0] + ",");
                std::cout << factor[0] << " " << factor[1] << "=" << value << " run " << run << ": "
                          << r.Get<uint64_t>("messages") << " msgs, link precision "
                          << r.Get<double>("link_precision") << " recall "
                          << r.Get<double>("link_recall") << ", MAP patterns "
                          << r.Get<double>("map_pattern_precision") << "/"
                          << r.Get<double>("map_pattern_recall") << ", node delay err "
                          << r.Get<double>("pattern_node_delay_error") << ", net delay err "
                          << r.Get<double>("network_delay_error_us") << " us (raw "
                          << r.Get<double>("raw_network_delay_error_us") << "), vc candidates "
                          << r.Get<double>("vc_candidates") << std::endl;
            }
        }
    }
    csv.Write(outDir + "/wap5-sweep.csv");

    // The base point's patterns: the study's patterns table, the top ranks of each kind.
    StudySettings p = base;
    p.Set("Run", "1");
    StudyResult r = StudyRunner::Run("inference", p);
    StudyCsv patterns(d.GetRowCsvHeader());
    std::vector<std::string> lines = r.GetRowCsvLines();
    for (std::size_t i = 0; i < lines.size(); ++i)
    {
        if (r.GetRows()[i].Get<uint64_t>("rank") < top)
        {
            patterns.AddLine(lines[i]);
        }
    }
    patterns.Write(outDir + "/wap5-patterns.csv");
    std::cout << "-> " << outDir << "/wap5-sweep.csv, " << outDir << "/wap5-patterns.csv"
              << std::endl;
    return 0;
}
