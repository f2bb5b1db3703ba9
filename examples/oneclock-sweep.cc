/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock sweep: clock skew E x server load (spike probability) x probing mode
// x predictor.  One summary row per point to <outDir>/oneclock-sweep.csv
// (written atomically); plot it with examples/plot-oneclock.py.  The window N
// follows the mode (a burst of 4 probes, else the last 8 samples), so this is not
// a plain product of lists: the loop is here, the rest is the scheduling study
// (chronometry-study --study=scheduling --help lists its parameters).
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
    std::string outDir = "results";
    std::string servers = "4";
    std::string operations = "100";
    std::string skews = "10us,100us,1ms,10ms";
    std::string loads = "0,0.02,0.1";
    std::string modes = "Periodic,Burst";
    CommandLine cmd(__FILE__);
    cmd.AddValue("servers", "Number of servers", servers);
    cmd.AddValue("operations", "Operations per point", operations);
    cmd.AddValue("skews", "Comma-separated clock skew bounds E", skews);
    cmd.AddValue("loads", "Comma-separated spike probabilities (server load)", loads);
    cmd.AddValue("modes", "Comma-separated probing modes (Periodic, Burst, None)", modes);
    cmd.AddValue("outDir", "Output folder (created when missing)", outDir);
    cmd.Parse(argc, argv);
    StudyCsv::PrepareFolder(outDir, "--outDir");

    const StudyDescription& d = StudyDescription::Get("scheduling");
    StudyCsv csv(d.GetCsvHeader());
    for (const auto& skew : StudyCommandLine::Split(skews))
    {
        for (const auto& load : StudyCommandLine::Split(loads))
        {
            for (const auto& mode : StudyCommandLine::Split(modes))
            {
                for (std::string predictor : {"Baseline", "Average", "FtAverage", "Kalman"})
                {
                    StudySettings s;
                    s.Set("Servers", servers)
                        .Set("Operations", operations)
                        .Set("SkewBound", skew)
                        .Set("SpikeProbability", load)
                        .Set("ProbeMode", mode)
                        .Set("Window", mode == "Burst" ? "4" : "8")
                        .Set("Predictor", predictor)
                        .Set("Run", std::to_string(RngSeedManager::GetRun()));
                    StudyResult r = StudyRunner::Run("scheduling", s);
                    csv.Add(r);
                    std::cout << "E=" << skew << " load=" << load << " " << mode << " " << predictor
                              << ": MAE " << r.Get<double>("mae_us") << " us (clock "
                              << r.Get<double>("mae_clock_us") << ", prediction "
                              << r.Get<double>("mae_prediction_us") << ")\n";
                }
            }
        }
    }
    csv.Write(outDir + "/oneclock-sweep.csv");
    return 0;
}
