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
// the commit, from the simulator) is counted per series: for each network loss
// rate, without and with client retries (3 copies of unanswered SCHEDULEs and
// CANCELs), then with the ACK deadline after the servers' start on a lossless
// network (CancelLead shorter than the ETE: cancels arrive too late).  The abort
// rate (commits the client cancelled) and the partial-commit rate (commits some
// but not all servers ran) per series go to stdout; one row per run goes to
// <outDir>/oneclock-atomic-commit.csv (written atomically).
#include "ns3/chronometry-checkers.h"
#include "ns3/core-module.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <cstdio>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    uint32_t runs = 50;
    std::string servers = "4";
    std::string operations = "20";
    std::string lossRates = "0,0.01,0.02,0.05,0.1,0.2";
    std::string refuse = "0.02";
    std::string skew = "1ms";
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("runs", "Random runs per series", runs);
    cmd.AddValue("servers", "Number of servers", servers);
    cmd.AddValue("operations", "Commits per run", operations);
    cmd.AddValue("lossRates",
                 "Probabilities that the network loses a message (every type, both ways), "
                 "comma-separated: one pair of series (0 and 3 retries) each",
                 lossRates);
    cmd.AddValue("refuse", "Probability that a server refuses the commit", refuse);
    cmd.AddValue("skew", "Clock skew bound E", skew);
    cmd.AddValue("outDir", "Output folder (created when missing)", outDir);
    cmd.Parse(argc, argv);
    StudyCsv::PrepareFolder(outDir, "--outDir");

    std::vector<std::string> losses;
    std::stringstream list(lossRates);
    for (std::string item; std::getline(list, item, ',');)
    {
        losses.push_back(item);
    }
    // (series, loss rate, retries, CancelLead): per loss rate without and with retries, the
    // ACK deadline before the servers' start; then the deadline after it, on a lossless network
    std::vector<std::tuple<std::string, std::string, std::string, std::string>> series;
    for (const auto& loss : losses)
    {
        series.emplace_back("no-retries", loss, "0", "100ms");
        series.emplace_back("3-retries", loss, "3", "100ms");
    }
    series.emplace_back("deadline-after-start", "0", "0", "500us");

    StudyCsv csv("series," + StudyDescription::Get("scheduling").GetCsvHeader());
    std::printf("series                loss  retries  cancel-lead  commits   all  none  aborts  "
                "abort-rate  partial  partial-rate  lost/sent  cancels-lost\n");
    for (const auto& one : series)
    {
        const std::string& name = std::get<0>(one);
        const std::string& loss = std::get<1>(one);
        const std::string& retries = std::get<2>(one);
        const std::string& cancelLead = std::get<3>(one);
        uint64_t all = 0;
        uint64_t none = 0;
        uint64_t partial = 0;
        uint64_t aborts = 0;
        uint64_t cancelsLost = 0;
        uint64_t sent = 0;
        uint64_t lost = 0;
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
                .Set("LossRate", loss)
                .Set("Refuse", refuse)
                .Set("Retries", retries)
                .Set("Run", std::to_string(run));
            StudyResult r = StudyRunner::Run("scheduling", s);
            all += r.Get<uint64_t>("commit_all");
            none += r.Get<uint64_t>("commit_none");
            partial += r.Get<uint64_t>("commit_partial");
            aborts += r.Get<uint64_t>("aborts");
            cancelsLost += r.Get<uint64_t>("cancels_lost");
            sent += r.Get<uint64_t>("messages_sent");
            lost += r.Get<uint64_t>("messages_lost");
            csv.Add(r, name + ",");
        }
        const uint64_t commits = all + none + partial;
        auto pct = [](uint64_t k, uint64_t n) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.2f%%", n ? 100.0 * double(k) / double(n) : 0.0);
            return std::string(buf);
        };
        std::printf("%-20s %5s  %7s  %11s  %7llu  %4llu  %4llu  %6llu  %10s  %7llu  %12s  %9s  "
                    "%12llu\n",
                    name.c_str(),
                    loss.c_str(),
                    retries.c_str(),
                    cancelLead.c_str(),
                    (unsigned long long)commits,
                    (unsigned long long)all,
                    (unsigned long long)none,
                    (unsigned long long)aborts,
                    pct(aborts, commits).c_str(),
                    (unsigned long long)partial,
                    pct(partial, commits).c_str(),
                    pct(lost, sent).c_str(),
                    (unsigned long long)cancelsLost);
    }
    csv.Write(outDir + "/oneclock-atomic-commit.csv");
    return 0;
}
