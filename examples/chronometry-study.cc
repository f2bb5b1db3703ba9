/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Every chronometry study from one command line, generated from the study's declaration:
//
//   chronometry-study --help                               the studies
//   chronometry-study --study=replay --help                its parameters: range, unit, default
//   chronometry-study --study=replay --SkewBound=1ms --Rate=160 --csv=replay.csv
//   chronometry-study --study=rda --LossRate=0.01,0.1 --SkewBound=0ns,50us --Run=1,2,3
//
// Each parameter takes one value or a comma-separated list; the points are the Cartesian
// product of the lists (the parameter declared first varies slowest).  The CSV lines (one per
// point, or one per row for the relation and RDA studies) are appended to --csv (created with
// the header; written atomically), or printed when --csv is empty; --rowsCsv writes the study's
// rows table (methods, operations, patterns, intervals) with the parameter columns first.

#include "ns3/core-module.h"
#include "ns3/huge-pages.h"
#include "ns3/study-command-line.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    // Large studies touch gigabytes of ns-3 objects cold: 2 MB pages spare most TLB misses.
    RunWithHugePages(argv);
    std::string csv;
    std::string rowsCsv;
    bool print = false;
    StudyCommandLine cmd(__FILE__);
    cmd.AddValue("csv", "CSV file the lines are appended to (empty: standard output)", csv);
    cmd.AddValue("rowsCsv", "CSV file for the study's rows table (replaced)", rowsCsv);
    cmd.AddValue("print", "Print every point's summary, one field per line", print);
    cmd.Parse(argc, argv);

    const StudyDescription& d = cmd.GetDescription();
    StudyCsv out(d.GetCsvHeader());
    StudyCsv rows(d.GetRowSchema() ? d.GetRowCsvHeader(true) : "");
    std::vector<StudySettings> points = cmd.GetPoints();
    for (std::size_t i = 0; i < points.size(); ++i)
    {
        StudyResult r = StudyRunner::Run(d.GetName(), points[i]);
        out.Add(r);
        for (const auto& line : r.GetRowCsvLines(true))
        {
            rows.AddLine(line);
        }
        std::cerr << d.GetName() << " " << i + 1 << "/" << points.size() << " "
                  << cmd.DescribeVarying(points[i]) << " (" << r.Get<double>("wall_s") << " s)"
                  << std::endl;
        if (print)
        {
            const StudyRecord& s = r.GetSummary();
            for (std::size_t f = 0; f < s.GetSchema().GetN(); ++f)
            {
                std::cout << "  " << s.GetSchema().Get(f).name << " = " << s.Format(f) << "\n";
            }
        }
    }
    if (csv.empty())
    {
        std::cout << d.GetCsvHeader() << "\n";
        for (const auto& line : out.GetLines())
        {
            std::cout << line << "\n";
        }
    }
    else
    {
        out.Append(csv);
        std::cerr << out.GetLines().size() << " lines -> " << csv << std::endl;
    }
    if (!rowsCsv.empty())
    {
        rows.Write(rowsCsv);
        std::cerr << rows.GetLines().size() << " rows -> " << rowsCsv << std::endl;
    }
    return 0;
}
