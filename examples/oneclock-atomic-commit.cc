/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock network-wide atomic commit (Mizrahi and Moses, Sec. II-C).
//
// The client schedules a commit at the same T on every server and expects
// every server's ACK notification before T - CancelLead; if one is missing
// (ACK lost, or the server refused), it cancels the commit everywhere.  Over
// many random runs the true outcome (which servers ran the commit, from the
// simulator) is either all or none -- by construction for these two faults,
// which can only abort; lost CANCELs and server crashes, which do break
// atomicity, are in oneclock-scenarios (table 3).  A second series moves the
// ACK deadline after the servers' start (CancelLead shorter than the ETE): cancels then
// arrive too late and partial commits appear.  One summary row per run goes to
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
    std::string ackLoss = "0.04";
    std::string refuse = "0.02";
    std::string skew = "1ms";
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("runs", "Random runs per series", runs);
    cmd.AddValue("servers", "Number of servers", servers);
    cmd.AddValue("operations", "Commits per run", operations);
    cmd.AddValue("ackLoss", "Probability that a server's ACK is lost", ackLoss);
    cmd.AddValue("refuse", "Probability that a server refuses the commit", refuse);
    cmd.AddValue("skew", "Clock skew bound E", skew);
    cmd.AddValue("outDir", "Output folder (must exist)", outDir);
    cmd.Parse(argc, argv);

    StudyCsv csv("series," + StudyDescription::Get("scheduling").GetCsvHeader());
    for (std::string series : {"deadline-before-start", "deadline-after-start"})
    {
        std::string cancelLead = series == "deadline-after-start" ? "500us" : "100ms";
        uint64_t all = 0;
        uint64_t none = 0;
        uint64_t partial = 0;
        uint64_t aborts = 0;
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
                .Set("AckLoss", ackLoss)
                .Set("Refuse", refuse)
                .Set("Run", std::to_string(run));
            StudyResult r = StudyRunner::Run("scheduling", s);
            all += r.Get<uint64_t>("commit_all");
            none += r.Get<uint64_t>("commit_none");
            partial += r.Get<uint64_t>("commit_partial");
            aborts += r.Get<uint64_t>("aborts");
            csv.Add(r, series + ",");
        }
        std::cout << series << " (CancelLead " << cancelLead << "): " << runs << " runs x "
                  << operations << " commits on " << servers << " servers: all " << all << ", none "
                  << none << " (client aborts " << aborts << "), partial " << partial << "\n";
    }
    csv.Write(outDir + "/oneclock-atomic-commit.csv");
    return 0;
}
