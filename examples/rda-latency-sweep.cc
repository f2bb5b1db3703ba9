/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Sweep of the RDA one-way latency study (paper Figure 7): loss rate, reorder rate and
// the receiver's clock skew bound E.  For every measurement interval it writes the true
// mean/std over the packets both points captured, the RDA / LDA / FineComb estimates (equal
// memory), their relative errors, the decode outcome, the useful-packet fractions and the
// control bytes on the wire to <outDir>/rda-latency-sweep.csv (written atomically: a
// temporary file renamed).  Plot with examples/plot-rda.py.
//
//   rda-latency-sweep                                              (default: small sweep)
//   rda-latency-sweep --losses=0.01,0.1 --reorders=0.01 --skews=0,50 --intervals=10
//
// The options are aliases of the RDA study's parameters (chronometry-study --study=rda --help
// lists every parameter, with its range).

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
    using Cli = StudyCommandLine;
    auto in = [](const std::string& unit) {
        return [unit](const std::string& v) { return Cli::WithUnit(v, unit); };
    };
    std::string outDir = "results";
    Cli cmd(__FILE__, "rda");
    cmd.AddAlias("losses", "LossRate", "0.01,0.05,0.1", nullptr, "comma-separated loss rates");
    cmd.AddAlias("reorders", "ReorderRate", "0.01,0.05", nullptr, "comma-separated reorder rates");
    cmd.AddAlias("skews",
                 "SkewBound",
                 "0,50",
                 in("us"),
                 "comma-separated receiver skew bounds E (us; 0 = synchronised)");
    cmd.AddAlias("intervals", "Intervals", "5", nullptr, "measurement intervals per run");
    cmd.AddAlias("intervalMs", "IntervalLength", "100", in("ms"), "interval length L (ms)");
    cmd.AddAlias("packetUs", "PacketInterval", "100", in("us"), "packet spacing (us)");
    cmd.AddAlias("runs", "Run", "1", &Cli::OneTo, "runs (RNG run numbers 1..runs) per point");
    cmd.AddAlias("banks", "Banks", "3", nullptr, "RDA banks k");
    cmd.AddAlias("checksum",
                 "Checksum",
                 "true",
                 nullptr,
                 "RDA checksum field (false: the paper's)");
    cmd.AddAlias("burst", "BurstLoss", "false", nullptr, "bursty loss (BurstErrorModel)");
    cmd.AddValue("outDir", "output directory", outDir);
    cmd.Parse(argc, argv);

    StudyCsv::PrepareFolder(outDir, "--outDir");
    std::string csv = outDir + "/rda-latency-sweep.csv";
    StudyCsv out(cmd.GetDescription().GetCsvHeader());
    for (const auto& point : cmd.GetPoints())
    {
        StudyResult r = StudyRunner::Run("rda", point);
        out.Add(r);
        double err[3] = {0, 0, 0};
        uint64_t n = 0;
        uint64_t decoded = 0;
        for (const auto& i : r.GetRows())
        {
            if (i.Get<bool>("reported"))
            {
                ++n;
                decoded += i.Get<bool>("decoded");
                err[0] += i.Get<double>("rda_mean_rel_err");
                err[1] += i.Get<double>("lda_mean_rel_err");
                err[2] += i.Get<double>("fc_mean_rel_err");
            }
        }
        std::cout << "loss " << r.Get<double>("loss_rate") << " reorder "
                  << r.Get<double>("reorder_rate") << " E "
                  << NanoSeconds(r.Get<int64_t>("skew_bound_ns")).As(Time::US) << " run "
                  << r.Get<uint64_t>("run") << ": decoded " << decoded << "/" << n
                  << "  mean rel err RDA/LDA/FC " << (n ? err[0] / n : 0) << " "
                  << (n ? err[1] / n : 0) << " " << (n ? err[2] / n : 0) << std::endl;
    }
    out.Write(csv);
    std::cout << "wrote " << csv << std::endl;
    return 0;
}
