/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock network-wide atomic commit (Mizrahi and Moses, Sec. II-C).
//
// The client schedules a commit at the same T on every server and expects
// every server's ACK notification before T - CancelLead; if one is missing
// (the SCHEDULE or the ACK lost by the network, or the server refused), it
// cancels the commit everywhere.  Messages are lost by the network (the study's
// LossRate: an ErrorModel on the links, every message type, both ways), so a
// CANCEL can be lost too, and the server that missed it runs an aborted commit:
// a partial commit.  Over many random runs the true outcome (which servers ran
// the commit, from the simulator) is counted per series: without retries, with
// client retries (copies of unanswered SCHEDULEs and CANCELs), and with the ACK
// deadline after the servers' start (CancelLead shorter than the ETE: cancels
// arrive too late).  One summary row per run goes to
// <outDir>/oneclock-atomic-commit.csv (written atomically).
#include "ns3/core-module.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t runs = 50;
    std::string servers = "4";
    std::string operations = "20";
    std::string lossRate = "0.02";
    std::string refuse = "0.02";
    std::string skew = "1ms";
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("runs", "Random runs per series", runs);
    cmd.AddValue("servers", "Number of servers", servers);
    cmd.AddValue("operations", "Commits per run", operations);
    cmd.AddValue("lossRate",
                 "Probability that the network loses a message (every type, both ways)",
                 lossRate);
    cmd.AddValue("refuse", "Probability that a server refuses the commit", refuse);
    cmd.AddValue("skew", "Clock skew bound E", skew);
    cmd.AddValue("outDir", "Output folder (must exist)", outDir);
    cmd.Parse(argc, argv);

    StudyCsv csv("series," + StudyDescription::Get("scheduling").GetCsvHeader());
    for (std::string series : {"deadline-before-start", "with-3-retries", "deadline-after-start"})
    {
        std::string cancelLead = series == "deadline-after-start" ? "500us" : "100ms";
        std::string retries = series == "with-3-retries" ? "3" : "0";
        uint64_t all = 0;
        uint64_t none = 0;
        uint64_t partial = 0;
        uint64_t aborts = 0;
        uint64_t cancelsLost = 0;
        for (uint32_t run = 1; run <= runs; ++run)
        {
            StudySettings s;
            s.Set("Servers", servers)
                .Set("Operations", operations)
                .Set("OperationInterval", "1s")
                .Set("OperationLead", "800ms")
                .Set("DecisionLead", "400ms")
                .Set("SendAhead", "300ms")
                .Set("CancelLead", cancelLead)
                .Set("SkewBound", skew)
                .Set("Atomic", "true")
                .Set("LossRate", lossRate)
                .Set("Refuse", refuse)
                .Set("Retries", retries)
                .Set("Run", std::to_string(run));
            StudyResult r = StudyRunner::Run("scheduling", s);
            all += r.Get<uint64_t>("commit_all");
            none += r.Get<uint64_t>("commit_none");
            partial += r.Get<uint64_t>("commit_partial");
            aborts += r.Get<uint64_t>("aborts");
            cancelsLost += r.Get<uint64_t>("cancels_lost");
            csv.Add(r, series + ",");
        }
        std::cout << series << " (CancelLead " << cancelLead << ", " << retries
                  << " retries): " << runs << " runs x " << operations << " commits on " << servers
                  << " servers: all " << all << ", none " << none << " (client aborts " << aborts
                  << "), partial " << partial << " (CANCELs lost: " << cancelsLost << ")\n";
    }
    csv.Write(outDir + "/oneclock-atomic-commit.csv");
    return 0;
}
