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

#include "sweep-arguments.h"

#include "ns3/core-module.h"
#include "ns3/relation-study.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>

using namespace ns3;
using chronometry_examples::ParseNumberList;

int
main(int argc, char* argv[])
{
    std::string drifts = "20";
    std::string asymmetries = "100";
    std::string loads = "0.7";
    std::string outDir = "results";
    uint32_t rounds = 100;
    uint32_t runs = 1;
    double workload = 4;
    CommandLine cmd(__FILE__);
    cmd.AddValue("drifts", "comma-separated TSC drift bounds (ppm)", drifts);
    cmd.AddValue("asymmetries",
                 "comma-separated extra one-way delays into B and C (us)",
                 asymmetries);
    cmd.AddValue("loads", "comma-separated background loads in [0, 0.98]", loads);
    cmd.AddValue("rounds", "MinRTT rounds per pair in quiescent windows", rounds);
    cmd.AddValue("runs", "runs (RNG run numbers 1..runs) per point", runs);
    cmd.AddValue("workload", "busy phase length (s)", workload);
    cmd.AddValue("outDir", "output directory", outDir);
    cmd.Parse(argc, argv);

    mkdir(outDir.c_str(), 0755);
    std::string csv = outDir + "/minrtt-relation-sweep.csv";
    std::string tmp = csv + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << RelationStudyCsvHeader() << "\n";
        for (double d : ParseNumberList("drifts", drifts))
        {
            for (double a : ParseNumberList("asymmetries", asymmetries))
            {
                for (double l : ParseNumberList("loads", loads))
                {
                    for (uint32_t run = 1; run <= runs; ++run)
                    {
                        RelationStudyParams p;
                        p.driftPpm = d;
                        p.asymmetry = MicroSeconds(a);
                        p.load = l;
                        p.rounds = rounds;
                        p.run = run;
                        p.workload = Seconds(workload);
                        RelationStudyResult r = RunRelationStudy(p);
                        out << RelationStudyCsvRows(p, r) << "\n";
                        std::cout << "drift " << d << " ppm, asymmetry " << a << " us, load " << l
                                  << ", run " << run << ": " << r.tuples
                                  << " tuples, MinRTT quiet/busy "
                                  << r.minRttQuiet.GetMicroSeconds() << "/"
                                  << r.minRttBusy.GetMicroSeconds() << " us\n";
                        for (const auto& m : r.methods)
                        {
                            std::printf("  %-12s %-5s n=%4u covered=%4u paper=%4u  bound mean "
                                        "%9.2f max %9.2f us  |err| mean %8.2f max %8.2f us\n",
                                        m.method.c_str(),
                                        m.duration.c_str(),
                                        m.n,
                                        m.covered,
                                        m.paperCovered,
                                        m.meanBound.GetSeconds() * 1e6,
                                        m.maxBound.GetSeconds() * 1e6,
                                        m.meanAbsError.GetSeconds() * 1e6,
                                        m.maxAbsError.GetSeconds() * 1e6);
                        }
                    }
                }
            }
        }
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), csv.c_str()) != 0, "cannot rename " << tmp);
    std::cout << "wrote " << csv << std::endl;
    return 0;
}
