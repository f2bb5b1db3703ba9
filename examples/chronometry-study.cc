/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Every chronometry study from one command line, generated from the study's declaration:
//
//   chronometry-study --help                               the studies
//   chronometry-study --study=replay --help                its parameters: range, unit, default
//   chronometry-study --study=replay --SkewBound=1ms --Rate=160 --csv=out/replay.csv
//   chronometry-study --study=rda --LossRate=0.01,0.1 --SkewBound=0ns,50us --Runs=10
//
// Each parameter takes one value or a comma-separated list; the points are the Cartesian
// product of the lists (the parameter declared first varies slowest).  Every point is checked
// before the first one runs, and so are the output files (their folders are created).  Each
// point's CSV lines are appended to --csv as it finishes (atomically: the file always holds
// whole lines), so an interrupted sweep keeps its finished points, and running the same command
// again runs only the points missing from the file.  --Runs=N runs every point N times and
// adds a summary per point (mean, standard deviation, 95% interval of each numeric result).
// Standard output shows each point's results as a table (--output=csv: the CSV lines).

#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/huge-pages.h"
#include "ns3/replication-summary.h"
#include "ns3/study-command-line.h"
#include "ns3/study-console.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <csignal>
#include <cstring>
#include <iostream>
#include <unistd.h>

using namespace ns3;

namespace
{

/** What SIGINT writes before the program ends (set once the sweep starts). */
char g_interrupted[512] = "";

/**
 * Ctrl-C: say what is kept and how to resume, then end as SIGINT would.
 * \param signal the signal
 */
void
OnInterrupt(int signal)
{
    ssize_t written = write(STDERR_FILENO, g_interrupted, std::strlen(g_interrupted));
    (void)written;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

/**
 * \param csv a CSV file's name
 * \return the name of its replications' summary: "out/x.csv" -> "out/x-summary.csv"
 */
std::string
SummaryNameOf(const std::string& csv)
{
    const std::string ext = ".csv";
    bool hasExt = csv.size() > ext.size() && csv.compare(csv.size() - ext.size(), ext.size(), ext) == 0;
    return (hasExt ? csv.substr(0, csv.size() - ext.size()) : csv) + "-summary.csv";
}

/**
 * \param cells cells
 * \return them joined by commas
 */
std::string
Join(const std::vector<std::string>& cells)
{
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i)
    {
        out += (i ? "," : "") + cells[i];
    }
    return out;
}

/**
 * \param d a study
 * \return each numeric CSV result column with its unit (for the replications' table)
 */
std::vector<std::pair<std::string, std::string>>
NumericUnits(const StudyDescription& d)
{
    std::vector<std::pair<std::string, std::string>> units;
    for (const auto& c : d.DescribeCsvColumns())
    {
        const auto& schema = d.GetRowsInCsv() ? *d.GetRowSchema() : *d.GetSummarySchema();
        if (!c.parameter)
        {
            const StudyField& f = schema.Get(static_cast<std::size_t>(schema.Find(c.name)));
            if (!f.key && f.type != StudyFieldType::TEXT)
            {
                units.emplace_back(c.name, c.unit);
            }
        }
    }
    return units;
}

} // namespace

int
main(int argc, char* argv[])
{
    // Large studies touch gigabytes of ns-3 objects cold: 2 MB pages spare most TLB misses.
    RunWithHugePages(argv);
    std::string csv;
    std::string rowsCsv;
    std::string summaryCsv;
    std::string output = "table";
    uint32_t runs = 1;
    bool print = false;
    StudyCommandLine cmd(__FILE__);
    cmd.AddValue("csv",
                 "CSV file each point's lines are appended to as it finishes (its folder is "
                 "created; run the same command again to run only the points missing from it)",
                 csv);
    cmd.AddValue("rowsCsv",
                 "CSV file of the study's rows table (methods, operations, per-node rows), "
                 "appended point by point as --csv",
                 rowsCsv);
    cmd.AddValue("Runs",
                 "Replications: every point runs this many times (Run = the --Run given, or "
                 "--RngRun, and the next ones); a summary per point gives each numeric result's "
                 "mean, standard deviation and 95% interval {a whole number in [1, 10000]}",
                 runs);
    cmd.AddValue("summaryCsv",
                 "CSV file of the replications' summary (default with --csv and --Runs > 1: "
                 "the --csv name with -summary before .csv)",
                 summaryCsv);
    cmd.AddValue("output",
                 "What standard output shows: table (each point's results: name, value, unit) "
                 "or csv (the CSV header and lines, when --csv is not given)",
                 output);
    cmd.AddValue("print", "Deprecated: the table is what standard output shows", print);
    cmd.Parse(argc, argv);
    if (output != "table" && output != "csv")
    {
        chronometry::ReportConfigError("--output = " + output + " is invalid; valid: table, csv");
    }
    if (runs < 1 || runs > 10000)
    {
        chronometry::ReportConfigError("--Runs = " + std::to_string(runs) +
                                       " is invalid; valid range: [1, 10000]");
    }
    if (print)
    {
        std::cerr << "chronometry: --print is deprecated; the table is the default output"
                  << std::endl;
    }
    cmd.Replicate(runs);
    const StudyDescription& d = cmd.GetDescription();
    if (!rowsCsv.empty() && !d.GetRowSchema())
    {
        chronometry::ReportConfigError("--rowsCsv is invalid for study " + d.GetName() +
                                       ": it has no rows table; valid: --csv");
    }
    if (summaryCsv.empty() && !csv.empty() && runs > 1)
    {
        summaryCsv = SummaryNameOf(csv);
    }

    // Everything is checked before the first point runs: the outputs (folders created, an
    // existing file's header), then every point's values and cross-parameter checks.
    StudyCsvSink out(csv, d.GetCsvHeader(), "--csv");
    StudyCsvSink rows(rowsCsv, d.GetRowSchema() ? d.GetRowCsvHeader(true) : "", "--rowsCsv");
    StudyCsv::PrepareOutput(summaryCsv, "--summaryCsv");
    const StudyCsvSink& kept = out.IsOpen() ? out : rows;
    std::vector<StudySettings> points = cmd.GetPoints();
    std::vector<Ptr<Study>> todo;
    std::vector<std::size_t> todoIndex;
    std::vector<double> estimated;
    for (std::size_t i = 0; i < points.size(); ++i)
    {
        Ptr<Study> study = d.Create();
        points[i].Apply(study);
        study->Validate();
        std::string key = Join(d.ParameterCsvCells(StudyRunner::ReadParameters(study)));
        if (kept.IsOpen() && kept.HasPoint(key))
        {
            continue; // finished by an earlier run of this sweep
        }
        todo.push_back(study);
        todoIndex.push_back(i);
        estimated.push_back(study->EstimateEvents());
    }
    SweepProgress progress(estimated);
    if (todo.size() < points.size())
    {
        std::cerr << d.GetName() << ": " << points.size() - todo.size() << " of " << points.size()
                  << " points already in " << kept.GetPath() << " (skipped)" << std::endl;
    }
    std::cerr << d.GetName() << ": " << progress.DescribePlan() << std::endl;
    if (kept.IsOpen())
    {
        std::snprintf(g_interrupted,
                      sizeof(g_interrupted),
                      "\n%s: interrupted; the finished points are in %s: run the same command "
                      "again to run the rest\n",
                      d.GetName().c_str(),
                      kept.GetPath().c_str());
        std::signal(SIGINT, OnInterrupt);
        std::signal(SIGTERM, OnInterrupt);
    }

    bool headerShown = false;
    for (std::size_t k = 0; k < todo.size(); ++k)
    {
        StudyResult r = StudyRunner::Run(todo[k]);
        std::vector<std::string> lines = r.GetCsvLines();
        out.Append(lines);
        rows.Append(r.GetRowCsvLines(true));
        progress.Finish(r.Get<double>("wall_s"));
        std::string varying = cmd.DescribeVarying(points[todoIndex[k]]);
        std::cerr << d.GetName() << " " << progress.DescribeProgress() << "  " << varying << " ("
                  << FormatDuration(r.Get<double>("wall_s")) << ")" << std::endl;
        if (output == "table")
        {
            std::cout << "-- " << d.GetName() << " point " << todoIndex[k] + 1 << "/"
                      << points.size() << (varying.empty() ? "" : ": " + varying) << "\n"
                      << FormatStudyTable(r.GetSummary());
            if (d.GetRowsInCsv())
            {
                std::cout << "  (" << r.GetRows().size() << " " << d.GetRowsName()
                          << ": their lines are in --csv, or --output=csv)\n";
            }
            std::cout << std::flush;
        }
        else if (!out.IsOpen())
        {
            if (!headerShown)
            {
                std::cout << d.GetCsvHeader() << "\n";
                headerShown = true;
            }
            for (const auto& line : lines)
            {
                std::cout << line << "\n";
            }
            std::cout << std::flush;
        }
    }
    if (out.IsOpen())
    {
        std::cerr << out.GetLines().size() - out.GetLinesFound() << " lines -> " << csv << " ("
                  << out.GetLines().size() << " in all)" << std::endl;
    }
    if (rows.IsOpen())
    {
        std::cerr << rows.GetLines().size() - rows.GetLinesFound() << " rows -> " << rowsCsv
                  << std::endl;
    }
    if (runs > 1)
    {
        // From every line of the sweep, the ones found in the file included.
        ReplicationSummary summary = ReplicationSummary::ForStudy(d);
        for (const auto& line : out.GetLines())
        {
            summary.AddLine(line);
        }
        if (!summaryCsv.empty())
        {
            StudyCsv file(summary.GetHeader());
            for (const auto& line : summary.GetLines())
            {
                file.AddLine(line);
            }
            file.Write(summaryCsv);
            std::cerr << summary.GetGroups() << " summary lines -> " << summaryCsv << std::endl;
        }
        if (output == "table")
        {
            const auto units = NumericUnits(d);
            const auto& columns = summary.GetGroupColumns();
            for (std::size_t g = 0; g < summary.GetGroups(); ++g)
            {
                std::string key; // the group columns that differ between groups
                for (std::size_t c = 0; c < columns.size(); ++c)
                {
                    for (std::size_t o = 0; o < summary.GetGroups(); ++o)
                    {
                        if (summary.GetKey(o)[c] != summary.GetKey(g)[c])
                        {
                            key += " " + columns[c] + "=" + summary.GetKey(g)[c];
                            break;
                        }
                    }
                }
                std::cout << "-- " << d.GetName() << " summary " << g + 1 << "/"
                          << summary.GetGroups() << key << " (mean +- 95% interval over runs)\n"
                          << FormatReplicationTable(summary, g, units);
            }
        }
        else if (summaryCsv.empty())
        {
            std::cout << summary.GetHeader() << "\n";
            for (const auto& line : summary.GetLines())
            {
                std::cout << line << "\n";
            }
        }
    }
    return 0;
}
