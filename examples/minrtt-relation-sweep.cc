/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Sweep of the MinRTT relation study: TSC drift (ppm), one-way delay asymmetry
// and background load. For every run and method (CP, CP_BUSY, CP_MULTI,
// CP_BASELINE, ReT, NTP) it writes the coverage (|error| <= bound), the bound
// sizes and the true errors to <outDir>/minrtt-relation-sweep.csv (written
// atomically: a temporary file renamed). Plot with examples/plot-minrtt.py.
//
//   minrtt-relation-sweep --drifts=20 --asymmetries=100 --loads=0.7     (default scenario)
//   minrtt-relation-sweep --drifts=5,20,50 --asymmetries=0,100,300 --loads=0,0.4,0.7
//
// The options are aliases of the relation study's parameters (chronometry-study
// --study=relation --help lists every parameter, with its range).

#include "ns3/chronometry-checkers.h"
#include "ns3/core-module.h"
#include "ns3/study-command-line.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <cstdio>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    using Cli = StudyCommandLine;
    std::string outDir = "results";
    Cli cmd(__FILE__, "relation");
    cmd.AddAlias("drifts", "DriftPpm", "20", nullptr, "comma-separated TSC drift bounds (ppm)");
    cmd.AddAlias(
        "asymmetries",
        "Asymmetry",
        "100",
        [](const std::string& v) { return Cli::WithUnit(v, "us"); },
        "comma-separated extra one-way delays into B and C (us)");
    cmd.AddAlias("loads", "Load", "0.7", nullptr, "comma-separated background loads");
    cmd.AddAlias("rounds", "Rounds", "100", nullptr, "MinRTT rounds per pair in quiescent windows");
    cmd.AddAlias("runs", "Run", "1", &Cli::OneTo, "runs (RNG run numbers 1..runs) per point");
    cmd.AddAlias(
        "workload",
        "Workload",
        "4",
        [](const std::string& v) { return Cli::WithUnit(v, "s"); },
        "busy phase length (s)");
    cmd.AddValue("outDir", "output directory", outDir);
    cmd.Parse(argc, argv);

    StudyCsv::PrepareFolder(outDir, "--outDir");
    std::string csv = outDir + "/minrtt-relation-sweep.csv";
    StudyCsv out(cmd.GetDescription().GetCsvHeader());
    for (const auto& point : cmd.GetPoints())
    {
        StudyResult r = StudyRunner::Run("relation", point);
        out.Add(r);
        const StudyRecord& first = r.GetRows().front();
        std::cout << "drift " << r.Get<double>("drift_ppm") << " ppm, asymmetry "
                  << r.Get<int64_t>("asymmetry_ns") / 1000 << " us, load " << r.Get<double>("load")
                  << ", run " << r.Get<uint64_t>("run") << ": " << r.Get<uint64_t>("tuples")
                  << " tuples, MinRTT quiet/busy " << first.Get<double>("min_rtt_quiet_us") << "/"
                  << first.Get<double>("min_rtt_busy_us") << " us\n";
        for (const auto& m : r.GetRows())
        {
            std::printf("  %-12s %-5s n=%4u covered=%4u paper=%4u  bound mean "
                        "%9.2f max %9.2f us  |err| mean %8.2f max %8.2f us\n",
                        m.Get<std::string>("method").c_str(),
                        m.Get<std::string>("path").c_str(),
                        m.Get<unsigned>("n"),
                        m.Get<unsigned>("covered"),
                        m.Get<unsigned>("paper_covered"),
                        m.Get<double>("mean_bound_us"),
                        m.Get<double>("max_bound_us"),
                        m.Get<double>("mean_abs_error_us"),
                        m.Get<double>("max_abs_error_us"));
        }
    }
    out.Write(csv);
    std::cout << "wrote " << csv << std::endl;
    return 0;
}
