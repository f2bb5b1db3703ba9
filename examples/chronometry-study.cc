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

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/huge-pages.h"
#include "ns3/replication-summary.h"
#include "ns3/study-command-line.h"
#include "ns3/study-console.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
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
    bool hasExt =
        csv.size() > ext.size() && csv.compare(csv.size() - ext.size(), ext.size(), ext) == 0;
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

/** The program's own options. */
struct Options
{
    std::string csv;             //!< --csv
    std::string rowsCsv;         //!< --rowsCsv
    std::string summaryCsv;      //!< --summaryCsv
    std::string output{"table"}; //!< --output
    uint32_t runs{1};            //!< --Runs
};

/**
 * Parse the command line and check the program's own options.
 * \param argc count \param argv arguments
 * \param cmd the study's command line
 * \return the options
 */
Options
ParseOptions(int argc, char* argv[], StudyCommandLine& cmd)
{
    Options o;
    bool print = false;
    cmd.AddValue("csv",
                 "CSV file each point's lines are appended to as it finishes (its folder is "
                 "created; run the same command again to run only the points missing from it)",
                 o.csv);
    cmd.AddValue("rowsCsv",
                 "CSV file of the study's rows table (methods, operations, per-node rows), "
                 "appended point by point as --csv",
                 o.rowsCsv);
    cmd.AddValue("Runs",
                 "Replications: every point runs this many times (Run = the --Run given, or "
                 "--RngRun, and the next ones); a summary per point gives each numeric result's "
                 "mean, standard deviation and 95% interval {a whole number in [1, 10000]}",
                 o.runs);
    cmd.AddValue("summaryCsv",
                 "CSV file of the replications' summary (default with --csv and --Runs > 1: "
                 "the --csv name with -summary before .csv)",
                 o.summaryCsv);
    cmd.AddValue("output",
                 "What standard output shows: table (each point's results: name, value, unit) "
                 "or csv (the CSV header and lines, when --csv is not given)",
                 o.output);
    cmd.AddValue("print", "Deprecated: the table is what standard output shows", print);
    cmd.Parse(argc, argv);
    if (o.output != "table" && o.output != "csv")
    {
        chronometry::ReportConfigError("--output = " + o.output + " is invalid; valid: table, csv");
    }
    if (o.runs < 1 || o.runs > 10000)
    {
        chronometry::ReportConfigError("--Runs = " + std::to_string(o.runs) +
                                       " is invalid; valid range: [1, 10000]");
    }
    if (print)
    {
        std::cerr << "chronometry: --print is deprecated; the table is the default output"
                  << std::endl;
    }
    cmd.Replicate(o.runs);
    if (!o.rowsCsv.empty() && !cmd.GetDescription().GetRowSchema())
    {
        chronometry::ReportConfigError("--rowsCsv is invalid for study " +
                                       cmd.GetDescription().GetName() +
                                       ": it has no rows table; valid: --csv");
    }
    if (o.summaryCsv.empty() && !o.csv.empty() && o.runs > 1)
    {
        o.summaryCsv = SummaryNameOf(o.csv);
    }
    return o;
}

/** The points still to run, configured and checked. */
struct Plan
{
    std::vector<Ptr<Study>> studies; //!< configured, not run
    std::vector<std::size_t> index;  //!< each one's index among the points
    std::vector<double> events;      //!< each one's estimated events
};

/**
 * Configure and check every point before the first runs; leave out those already in the file.
 * \param d the study \param points the points \param kept the file that says what ran
 * \return the points to run
 */
Plan
PlanPoints(const StudyDescription& d,
           const std::vector<StudySettings>& points,
           const StudyCsvSink& kept)
{
    Plan plan;
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
        plan.studies.push_back(study);
        plan.index.push_back(i);
        plan.events.push_back(study->EstimateEvents());
    }
    return plan;
}

/**
 * Ctrl-C and SIGTERM say where the finished points are and how to resume.
 * \param study the study's name \param path the file
 */
void
SayHowToResume(const std::string& study, const std::string& path)
{
    std::snprintf(g_interrupted,
                  sizeof(g_interrupted),
                  "\n%s: interrupted; the finished points are in %s: run the same command "
                  "again to run the rest\n",
                  study.c_str(),
                  path.c_str());
    std::signal(SIGINT, OnInterrupt);
    std::signal(SIGTERM, OnInterrupt);
}

/**
 * The replications' summary: to its CSV and, as mean +- interval, to the table.
 * \param d the study \param lines every CSV line of the sweep \param o the options
 * \param varying the parameters the command line varies (their columns head each table)
 */
void
Summarize(const StudyDescription& d,
          const std::vector<std::string>& lines,
          const Options& o,
          const std::vector<std::string>& varying)
{
    ReplicationSummary summary = ReplicationSummary::ForStudy(d);
    for (const auto& line : lines)
    {
        summary.AddLine(line);
    }
    if (!o.summaryCsv.empty())
    {
        StudyCsv file(summary.GetHeader());
        for (const auto& line : summary.GetLines())
        {
            file.AddLine(line);
        }
        file.Write(o.summaryCsv);
        std::cerr << summary.GetGroups() << " summary lines -> " << o.summaryCsv << std::endl;
    }
    if (o.output == "csv")
    {
        if (o.summaryCsv.empty())
        {
            std::cout << summary.GetHeader() << "\n";
            for (const auto& line : summary.GetLines())
            {
                std::cout << line << "\n";
            }
        }
        return;
    }
    const auto units = NumericUnits(d);
    // Each table is headed by the values of the parameters the command line varies.
    std::vector<std::string> headed;
    const std::vector<std::string> parameterColumns = d.GetParameterCsvColumns();
    for (std::size_t i = 0; i < d.GetParameters().size(); ++i)
    {
        const std::string& attribute = d.GetParameters()[i].attribute;
        if (attribute != "Run" &&
            std::find(varying.begin(), varying.end(), attribute) != varying.end())
        {
            headed.push_back(parameterColumns[i]);
        }
    }
    const auto& columns = summary.GetGroupColumns();
    for (std::size_t g = 0; g < summary.GetGroups(); ++g)
    {
        std::string key;
        for (std::size_t c = 0; c < columns.size(); ++c)
        {
            if (std::find(headed.begin(), headed.end(), columns[c]) != headed.end())
            {
                key += " " + columns[c] + "=" + summary.GetKey(g)[c];
            }
        }
        std::cout << "-- " << d.GetName() << " summary " << g + 1 << "/" << summary.GetGroups()
                  << key << " (mean +- 95% interval over runs)\n"
                  << FormatReplicationTable(summary, g, units);
    }
}

/**
 * A finished point on standard output: its table, or its CSV lines.
 * \param d the study \param r its result \param title the point's heading
 * \param o the options \param headerShown whether the CSV header was printed (updated)
 */
void
ShowPoint(const StudyDescription& d,
          const StudyResult& r,
          const std::string& title,
          const Options& o,
          bool& headerShown)
{
    if (o.output == "table")
    {
        std::cout << "-- " << d.GetName() << " point " << title << "\n"
                  << FormatStudyTable(r.GetSummary());
        if (d.GetRowsInCsv())
        {
            std::cout << "  (" << r.GetRows().size() << " " << d.GetRowsName()
                      << ": their lines are in --csv, or --output=csv)\n";
        }
    }
    else if (o.csv.empty())
    {
        if (!headerShown)
        {
            std::cout << d.GetCsvHeader() << "\n";
            headerShown = true;
        }
        for (const auto& line : r.GetCsvLines())
        {
            std::cout << line << "\n";
        }
    }
    std::cout << std::flush;
}

} // namespace

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    // Large studies touch gigabytes of ns-3 objects cold: 2 MB pages spare most TLB misses.
    RunWithHugePages(argv);
    StudyCommandLine cmd(__FILE__);
    const Options o = ParseOptions(argc, argv, cmd);
    const StudyDescription& d = cmd.GetDescription();

    // Everything is checked before the first point runs: the outputs (folders created, an
    // existing file's header), then every point's values and cross-parameter checks.
    StudyCsvSink out(o.csv, d.GetCsvHeader(), "--csv");
    StudyCsvSink rows(o.rowsCsv, d.GetRowSchema() ? d.GetRowCsvHeader(true) : "", "--rowsCsv");
    StudyCsv::PrepareOutput(o.summaryCsv, "--summaryCsv");
    const StudyCsvSink& kept = out.IsOpen() ? out : rows;
    const std::vector<StudySettings> points = cmd.GetPoints();
    Plan plan = PlanPoints(d, points, kept);
    SweepProgress progress(plan.events);
    if (plan.studies.size() < points.size())
    {
        std::cerr << d.GetName() << ": " << points.size() - plan.studies.size() << " of "
                  << points.size() << " points already in " << kept.GetPath() << " (skipped)"
                  << std::endl;
    }
    std::cerr << d.GetName() << ": " << progress.DescribePlan() << std::endl;
    if (kept.IsOpen())
    {
        SayHowToResume(d.GetName(), kept.GetPath());
    }

    bool headerShown = false;
    for (std::size_t k = 0; k < plan.studies.size(); ++k)
    {
        StudyResult r = StudyRunner::Run(plan.studies[k]);
        out.Append(r.GetCsvLines());
        rows.Append(r.GetRowCsvLines(true));
        progress.Finish(r.Get<double>("wall_s"));
        const std::string varying = cmd.DescribeVarying(points[plan.index[k]]);
        std::cerr << d.GetName() << " " << progress.DescribeProgress() << "  " << varying << " ("
                  << FormatDuration(r.Get<double>("wall_s")) << ")" << std::endl;
        ShowPoint(d,
                  r,
                  std::to_string(plan.index[k] + 1) + "/" + std::to_string(points.size()) +
                      (varying.empty() ? "" : ": " + varying),
                  o,
                  headerShown);
    }
    if (out.IsOpen())
    {
        std::cerr << out.GetLines().size() - out.GetLinesFound() << " lines -> " << o.csv << " ("
                  << out.GetLines().size() << " in all)" << std::endl;
    }
    if (rows.IsOpen())
    {
        std::cerr << rows.GetLines().size() - rows.GetLinesFound() << " rows -> " << o.rowsCsv
                  << std::endl;
    }
    if (o.runs > 1)
    {
        // Every line of the sweep, those found in the file too.
        Summarize(d, out.GetLines(), o, cmd.GetVaryingAttributes());
    }
    return 0;
}
