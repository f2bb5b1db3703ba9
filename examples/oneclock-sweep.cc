/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock sweep: clock skew E x server load (spike probability) x probing mode
// x predictor.  One summary row per point to <outDir>/oneclock-sweep.csv
// (written atomically); plot it with examples/plot-oneclock.py.
#include "sweep-arguments.h"

#include "ns3/command-line.h"
#include "ns3/core-module.h"
#include "ns3/scheduling-study.h"

#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    SchedulingStudyParams p;
    std::string outDir = "results";
    std::string skews = "10us,100us,1ms,10ms";
    std::string loads = "0,0.02,0.1";
    std::string modes = "Periodic,Burst";
    CommandLine cmd(__FILE__);
    cmd.AddValue("servers", "Number of servers", p.servers);
    cmd.AddValue("operations", "Operations per point", p.operations);
    cmd.AddValue("skews", "Comma-separated clock skew bounds E", skews);
    cmd.AddValue("loads", "Comma-separated spike probabilities (server load)", loads);
    cmd.AddValue("modes", "Comma-separated probing modes (Periodic, Burst, None)", modes);
    cmd.AddValue("outDir", "Output folder (must exist)", outDir);
    cmd.Parse(argc, argv);
    p.run = RngSeedManager::GetRun();

    std::ostringstream csv;
    csv << SchedulingStudyResult::CsvHeader() << "\n";
    for (const auto& skew : chronometry_examples::SplitList(skews))
    {
        for (const auto& load : chronometry_examples::SplitList(loads))
        {
            for (const auto& mode : chronometry_examples::SplitList(modes))
            {
                for (std::string predictor : {"Baseline", "Average", "FtAverage", "Kalman"})
                {
                    SchedulingStudyParams q = p;
                    q.skew = Time(skew);
                    q.spikeProbability = std::stod(load);
                    q.probeMode = mode;
                    q.window = mode == "Burst" ? 4 : 8;
                    q.predictor = predictor;
                    SchedulingStudyResult r = SchedulingStudy::Run(q);
                    csv << r.ToCsvRow() << "\n";
                    std::cout << "E=" << skew << " load=" << load << " " << mode << " " << predictor
                              << ": MAE " << r.maeUs << " us (clock " << r.maeClockUs
                              << ", prediction " << r.maePredictionUs << ")\n";
                }
            }
        }
    }
    std::string path = outDir + "/oneclock-sweep.csv";
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << csv.str();
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), path.c_str()) != 0, "cannot rename " << tmp);
    return 0;
}
