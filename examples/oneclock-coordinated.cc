/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock coordinated operation and coordinated snapshot (Mizrahi and Moses, Sec. II-A/B).
//
// A client schedules the same desired completion time T_d on every server,
// with T_s = T_d - predicted ETE; each server starts when ITS OWN clock reads
// T_s.  For each predictor the run reports the mean absolute error of the true
// completion time against T_d, beside the mean absolute start error (the server
// clock's error at T_s) and the mean absolute prediction error -- three separate
// means, which do not add up -- and the spread of the true start and completion
// times across servers, which the clock skew E bounds from below.  The coordinated
// snapshot is the same with a short read-only operation (a get-config): all servers
// capture their state within E of each other.  Per-operation rows (the scheduling
// study's operations table) go to <outDir>/oneclock-coordinated-<predictor>.csv
// (written atomically).
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
    StudyCommandLine cmd(__FILE__, "scheduling");
    cmd.AddAlias("servers", "Servers");
    cmd.AddAlias("skew", "SkewBound");
    cmd.AddAlias("operations", "Operations");
    cmd.AddAlias("probeMode", "ProbeMode");
    cmd.AddAlias("window", "Window");
    cmd.AddAlias("spikeProbability", "SpikeProbability");
    cmd.AddValue("outDir", "Output folder (created when missing)", outDir);
    cmd.Parse(argc, argv);
    StudyCsv::PrepareFolder(outDir, "--outDir");
    StudySettings base = cmd.GetPoints().front();

    const StudyDescription& d = cmd.GetDescription();
    for (std::string predictor : {"Baseline", "Average", "FtAverage", "Kalman"})
    {
        StudySettings s = base;
        s.Set("Predictor", predictor);
        StudyResult r = StudyRunner::Run("scheduling", s);
        if (predictor == "Baseline")
        {
            std::cout << "Coordinated operation: " << r.Get<uint64_t>("servers") << " servers, E = "
                      << NanoSeconds(r.Get<int64_t>("skew_bound_ns")).As(Time::US) << ", "
                      << r.Get<uint64_t>("operations") << " operations, probing "
                      << r.Get<std::string>("probe_mode") << "\n";
        }
        std::cout << "  " << predictor
                  << ": mean |true completion - T_d| = " << r.Get<double>("mae_us")
                  << " us (separate means, not parts of it: |start error| "
                  << r.Get<double>("mae_clock_us") << " us, |prediction error| "
                  << r.Get<double>("mae_prediction_us")
                  << " us); spread across servers: start mean "
                  << r.Get<double>("mean_start_spread_us") << " us (max "
                  << r.Get<double>("max_start_spread_us") << ", offsets span "
                  << r.Get<double>("offset_range_us") << "), completion mean "
                  << r.Get<double>("mean_end_spread_us")
                  << " us; offline |ETE - predicted| Baseline/Average/FtAverage/Kalman = "
                  << r.Get<double>("mae_offline_baseline_us") << "/"
                  << r.Get<double>("mae_offline_average_us") << "/"
                  << r.Get<double>("mae_offline_ftaverage_us") << "/"
                  << r.Get<double>("mae_offline_kalman_us") << " us\n";
        StudyCsv rows(d.GetRowCsvHeader());
        for (const auto& line : r.GetRowCsvLines())
        {
            rows.AddLine(line);
        }
        rows.Write(outDir + "/oneclock-coordinated-" + predictor + ".csv");
    }

    StudySettings snap = base;
    snap.Set("Predictor", "FtAverage")
        .Set("ServiceBase", "50us")
        .Set("ServiceNoise", "5us")
        .Set("SpikeProbability", "0");
    StudyResult r = StudyRunner::Run("scheduling", snap);
    std::cout << "Coordinated snapshot (get-config, 50 us): capture spread mean "
              << r.Get<double>("mean_start_spread_us") << " us, max "
              << r.Get<double>("max_start_spread_us")
              << " us (E = " << NanoSeconds(r.Get<int64_t>("skew_bound_ns")).As(Time::US)
              << "); replies leave within " << r.Get<double>("mean_end_spread_us")
              << " us of each other on average\n";
    return 0;
}
