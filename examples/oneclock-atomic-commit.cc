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
    uint32_t runs = 50;
    SchedulingStudyParams p;
    p.operations = 20;
    p.operationInterval = Seconds(1);
    p.operationLead = MilliSeconds(800);
    p.decisionLead = MilliSeconds(400);
    p.sendAhead = MilliSeconds(300);
    p.cancelLead = MilliSeconds(100);
    p.skew = MilliSeconds(1);
    p.atomic = true;
    p.ackLoss = 0.04;
    p.refuse = 0.02;
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("runs", "Random runs per series", runs);
    cmd.AddValue("servers", "Number of servers", p.servers);
    cmd.AddValue("operations", "Commits per run", p.operations);
    cmd.AddValue("ackLoss", "Probability that a server's ACK is lost", p.ackLoss);
    cmd.AddValue("refuse", "Probability that a server refuses the commit", p.refuse);
    cmd.AddValue("skew", "Clock skew bound E", p.skew);
    cmd.AddValue("outDir", "Output folder (must exist)", outDir);
    cmd.Parse(argc, argv);

    std::ostringstream csv;
    csv << "series," << SchedulingStudyResult::CsvHeader() << "\n";
    for (std::string series : {"deadline-before-start", "deadline-after-start"})
    {
        SchedulingStudyParams q = p;
        if (series == "deadline-after-start")
        {
            q.cancelLead = MicroSeconds(500);
        }
        uint64_t all = 0;
        uint64_t none = 0;
        uint64_t partial = 0;
        uint64_t aborts = 0;
        for (uint32_t run = 1; run <= runs; ++run)
        {
            q.run = run;
            SchedulingStudyResult r = SchedulingStudy::Run(q);
            all += r.commitAll;
            none += r.commitNone;
            partial += r.commitPartial;
            aborts += r.aborts;
            csv << series << ',' << r.ToCsvRow() << "\n";
        }
        std::cout << series << " (CancelLead " << q.cancelLead.As(Time::MS) << "): " << runs
                  << " runs x " << q.operations << " commits on " << q.servers << " servers: all "
                  << all << ", none " << none << " (client aborts " << aborts << "), partial "
                  << partial << "\n";
    }
    std::string path = outDir + "/oneclock-atomic-commit.csv";
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << csv.str();
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), path.c_str()) != 0, "cannot rename " << tmp);
    return 0;
}
