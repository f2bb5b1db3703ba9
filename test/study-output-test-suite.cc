/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The researcher's loop (issue 40): result files that keep every finished point and refuse
// another study's, replications summarized with Student-t intervals that cover the true mean
// as often as they claim, "did you mean" for a mistyped name, a sweep's time estimate that
// calibrates itself, the sync study's cost estimate against the events it really runs, and
// the sync study's protocol-specific settings and not-applicable values.
#include "ns3/chronometry-ns3-compat.h"
#include "ns3/chronometry-validation.h"
#include "ns3/core-module.h"
#include "ns3/replication-summary.h"
#include "ns3/study-console.h"
#include "ns3/study-csv.h"
#include "ns3/study-runner.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace ns3;

namespace
{

/** A fresh folder under the system's temporary folder, removed with the object. */
class TemporaryFolder
{
  public:
    TemporaryFolder()
    {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "chronometry-output-XXXXXX").string();
        m_path = mkdtemp(pattern.data());
    }

    ~TemporaryFolder()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }

    /** \return its path */
    const std::string& Path() const
    {
        return m_path;
    }

  private:
    std::string m_path; //!< the folder
};

/**
 * \param path a file
 * \return its content
 */
std::string
Slurp(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/** A sink keeps every appended point, resumes by parameter cells, refuses another header. */
class CsvSinkTestCase : public TestCase
{
  public:
    CsvSinkTestCase()
        : TestCase("StudyCsvSink: missing folders created, whole lines, resume, header refusal")
    {
    }

  private:
    void DoRun() override
    {
        chronometry::ScopedThrowOnConfigError throwing;
        TemporaryFolder tmp;
        const std::string path = tmp.Path() + "/not/yet/there/out.csv";
        {
            StudyCsvSink sink(path, "a,b,x", "--csv");
            NS_TEST_ASSERT_MSG_EQ(std::filesystem::is_directory(tmp.Path() + "/not/yet/there"),
                                  true,
                                  "the folder is created before anything runs");
            sink.Append({"1,2,0.5"});
            NS_TEST_EXPECT_MSG_EQ(Slurp(path), "a,b,x\n1,2,0.5\n", "first point on disk at once");
            sink.Append({"1,3,0.25", "1,3,0.75"});
        }
        {
            StudyCsvSink again(path, "a,b,x", "--csv");
            NS_TEST_EXPECT_MSG_EQ(again.GetLinesFound(), 3u, "the lines found");
            NS_TEST_EXPECT_MSG_EQ(again.HasPoint("1,2"), true, "point 1,2 ran");
            NS_TEST_EXPECT_MSG_EQ(again.HasPoint("1,3"), true, "point 1,3 ran");
            NS_TEST_EXPECT_MSG_EQ(again.HasPoint("1,4"), false, "point 1,4 did not");
            NS_TEST_EXPECT_MSG_EQ(again.HasPoint("1,30"), false, "a cell is matched whole");
        }
        // A file cut mid-line (a writer killed outside this class) loses only that line.
        {
            std::ofstream cut(path, std::ios::app);
            cut << "1,5,0.1";
        }
        {
            StudyCsvSink cut(path, "a,b,x", "--csv");
            NS_TEST_EXPECT_MSG_EQ(cut.GetLinesFound(), 3u, "the partial line is dropped");
            NS_TEST_EXPECT_MSG_EQ(cut.HasPoint("1,5"), false, "and its point runs again");
        }
        bool refused = false;
        try
        {
            StudyCsvSink other(path, "a,c,x", "--csv");
        }
        catch (const chronometry::ConfigError& e)
        {
            refused = std::string(e.what()).find("column 2 is 'c' here and 'b' in the file") !=
                      std::string::npos;
        }
        NS_TEST_EXPECT_MSG_EQ(refused, true, "another study's file is refused, saying where");
        bool folder = false;
        try
        {
            StudyCsv::PrepareOutput(tmp.Path(), "--csv");
        }
        catch (const chronometry::ConfigError& e)
        {
            folder = std::string(e.what()).find("names a folder") != std::string::npos;
        }
        NS_TEST_EXPECT_MSG_EQ(folder, true, "a folder is not a file");
        bool unwritable = false;
        try
        {
            StudyCsv::WriteAtomically("/proc/chronometry/x.csv", "x\n");
        }
        catch (const chronometry::ConfigError& e)
        {
            unwritable = true;
        }
        NS_TEST_EXPECT_MSG_EQ(unwritable, true, "a write that fails is an error, not an abort");
    }
};

/** Student-t intervals: known quantiles, and coverage of the true mean over many groups. */
class ReplicationSummaryTestCase : public TestCase
{
  public:
    ReplicationSummaryTestCase()
        : TestCase("ReplicationSummary: t quantiles, 95% coverage, grouping, NaN left out")
    {
    }

  private:
    void DoRun() override
    {
        // Tabulated two-sided 95% quantiles (any statistics table).
        NS_TEST_EXPECT_MSG_EQ_TOL(ReplicationSummary::StudentTQuantile(0.975, 1),
                                  12.7062047361747,
                                  1e-9,
                                  "t(0.975, 1)");
        NS_TEST_EXPECT_MSG_EQ_TOL(ReplicationSummary::StudentTQuantile(0.975, 9),
                                  2.26215716279820,
                                  1e-9,
                                  "t(0.975, 9)");
        NS_TEST_EXPECT_MSG_EQ_TOL(ReplicationSummary::StudentTQuantile(0.975, 29),
                                  2.04522964213270,
                                  1e-9,
                                  "t(0.975, 29)");
        // Coverage: 4,000 groups of 4 normal runs (sigma 3 around 10). The t interval must
        // cover 10 in 95% of them; a normal quantile (1.96) would cover only 86%.
        std::mt19937_64 rng(40);
        std::normal_distribution<double> draw(10.0, 3.0);
        std::string header = "p,run,y";
        ReplicationSummary summary(header, {"p"}, {"y"});
        const int groups = 4000;
        for (int g = 0; g < groups; ++g)
        {
            for (int run = 1; run <= 4; ++run)
            {
                summary.AddLine(std::to_string(g) + "," + std::to_string(run) + "," +
                                std::to_string(draw(rng)));
            }
        }
        NS_TEST_ASSERT_MSG_EQ(summary.GetGroups(), static_cast<std::size_t>(groups), "groups");
        int covered = 0;
        for (int g = 0; g < groups; ++g)
        {
            ReplicationSummary::Statistic s = summary.Get(g, "y");
            covered += std::fabs(s.mean - 10.0) <= s.ci95 ? 1 : 0;
        }
        const double coverage = covered / double(groups);
        NS_TEST_EXPECT_MSG_GT(coverage, 0.935, "the 95% interval covers the mean");
        NS_TEST_EXPECT_MSG_LT(coverage, 0.965, "and is not wider than it says");
        // Empty and non-numeric cells are left out; one value has no spread.
        ReplicationSummary na("p,run,y,z", {"p"}, {"y", "z"});
        na.AddLine("a,1,1,");
        na.AddLine("a,2,3,nan");
        na.AddLine("a,3,,7");
        ReplicationSummary::Statistic y = na.Get(0, "y");
        NS_TEST_EXPECT_MSG_EQ(y.n, 2u, "two numbers");
        NS_TEST_EXPECT_MSG_EQ_TOL(y.mean, 2.0, 1e-12, "their mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(y.sd, std::sqrt(2.0), 1e-12, "their sample sd");
        ReplicationSummary::Statistic z = na.Get(0, "z");
        NS_TEST_EXPECT_MSG_EQ(z.n, 1u, "one number");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(z.ci95), true, "no interval from one run");
        NS_TEST_EXPECT_MSG_EQ(na.GetLines().front(), "a,3,2,1.41421,12.7062,7,,", "the line");
        NS_TEST_EXPECT_MSG_EQ(na.GetHeader(),
                              "p,runs,y_mean,y_sd,y_ci95,z_mean,z_sd,z_ci95",
                              "the header");
    }
};

/** "Did you mean": the closest valid names, and none when nothing is close. */
class ClosestNamesTestCase : public TestCase
{
  public:
    ClosestNamesTestCase()
        : TestCase("ClosestNames: case, transpositions, prefixes; nothing far")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> names =
            {"TimestampNoise", "TimestampMode", "Load", "LossRate", "Nodes", "SyncInterval"};
        NS_TEST_EXPECT_MSG_EQ(chronometry::DidYouMean("TimeStampNoise", names, "--"),
                              "did you mean --TimestampNoise?",
                              "case");
        NS_TEST_EXPECT_MSG_EQ(chronometry::ClosestNames("Lod", names).front(), "Load", "deletion");
        NS_TEST_EXPECT_MSG_EQ(chronometry::ClosestNames("Ndoes", names).front(),
                              "Nodes",
                              "transposition");
        NS_TEST_EXPECT_MSG_EQ(chronometry::ClosestNames("syncinterval", names).front(),
                              "SyncInterval",
                              "lower case");
        NS_TEST_EXPECT_MSG_EQ(chronometry::ClosestNames("Timestamp", names).size(),
                              2u,
                              "a prefix suggests both");
        NS_TEST_EXPECT_MSG_EQ(chronometry::DidYouMean("Frobnicate", names), "", "nothing close");
    }
};

/** The sweep's ETA: the prior, then calibrated on the finished points. */
class SweepProgressTestCase : public TestCase
{
  public:
    SweepProgressTestCase()
        : TestCase("SweepProgress: estimate, calibration on finished points, unknown costs")
    {
    }

  private:
    void DoRun() override
    {
        SweepProgress p({1e6, 2e6, 3e6});
        NS_TEST_EXPECT_MSG_EQ_TOL(p.GetEstimatedSeconds(), 12.0, 1e-9, "6 M events at 2 us");
        p.Finish(3.0); // this machine, this study: 3 us per estimated event
        NS_TEST_EXPECT_MSG_EQ_TOL(p.GetRemainingSeconds(), 15.0, 1e-9, "5 M events at 3 us");
        NS_TEST_EXPECT_MSG_EQ(p.DescribeProgress(6), "[##....] 1/3, ETA 15 s", "the bar");
        SweepProgress unknown({std::nan(""), std::nan(""), 4e6});
        NS_TEST_EXPECT_MSG_EQ(std::isnan(unknown.GetEstimatedSeconds()), true, "unknown");
        unknown.Finish(3.0);
        NS_TEST_EXPECT_MSG_EQ_TOL(unknown.GetRemainingSeconds(),
                                  3.0 + 8.0,
                                  1e-9,
                                  "unknown: the mean point; known: the prior");
        NS_TEST_EXPECT_MSG_EQ(FormatDuration(200), "3 min 20 s", "a duration for a person");
    }
};

/**
 * \param settings a sync point
 * \return (the study's estimate of its events, the events it ran)
 */
std::pair<double, double>
EstimatedAndRun(const StudySettings& settings)
{
    Ptr<Study> study = StudyDescription::Get("sync").Create();
    settings.Apply(study);
    const double estimate = study->EstimateEvents();
    StudyResult r = StudyRunner::Run(study);
    return {estimate, static_cast<double>(r.GetSimulatorEvents())};
}

/** The sync study's cost estimate within a factor of 2 of the events it runs. */
class SyncCostTestCase : public TestCase
{
  public:
    SyncCostTestCase()
        : TestCase("Sync cost: EstimateEvents within 2x of the simulator's events, load to NTP")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<StudySettings> points = {
            StudySettings().Set("Nodes", "8").Set("Duration", "4s").Set("Warmup", "1s"),
            StudySettings()
                .Set("Nodes", "4")
                .Set("Duration", "1s")
                .Set("Warmup", "500ms")
                .Set("Load", "0.3"),
            StudySettings()
                .Set("Nodes", "8")
                .Set("Topology", "line")
                .Set("Switches", "4")
                .Set("Duration", "4s")
                .Set("Warmup", "1s")
                .Set("Load", "0.05"),
            StudySettings()
                .Set("Nodes", "6")
                .Set("Sync", "ntp")
                .Set("Duration", "60s")
                .Set("Warmup", "10s"),
        };
        double idle = 0;
        for (std::size_t i = 0; i < points.size(); ++i)
        {
            auto [estimate, events] = EstimatedAndRun(points[i]);
            std::clog << "sync cost point " << i << ": estimated " << estimate << ", ran " << events
                      << " events (" << estimate / events << "x)" << std::endl;
            NS_TEST_EXPECT_MSG_GT(estimate / events, 0.5, "point " << i << ": not below half");
            NS_TEST_EXPECT_MSG_LT(estimate / events, 2.0, "point " << i << ": not above double");
            idle = i == 0 ? events / 4.0 : idle;
        }
        Ptr<Study> loaded = StudyDescription::Get("sync").Create();
        StudySettings().Set("Nodes", "8").Set("Load", "0.3").Apply(loaded);
        NS_TEST_EXPECT_MSG_GT(loaded->EstimateEvents() / 30.0,
                              100 * idle,
                              "Load 0.3 costs over 100x an idle second (the --help says so)");
    }
};

/** The sync study's settings and results fit the protocol that runs. */
class SyncProtocolFitTestCase : public TestCase
{
  public:
    SyncProtocolFitTestCase()
        : TestCase("Sync: NTP's own lock threshold and root-distance statistics; PTP-only "
                   "values empty in NTP rows and the reverse")
    {
    }

  private:
    void DoRun() override
    {
        const StudyDescription& d = StudyDescription::Get("sync");
        StudyResult ntp = StudyRunner::Run("sync",
                                           StudySettings()
                                               .Set("Nodes", "6")
                                               .Set("Sync", "ntp")
                                               .Set("Duration", "7200s")
                                               .Set("Warmup", "3600s")
                                               .Set("SamplePeriod", "100ms"));
        NS_TEST_EXPECT_MSG_EQ(ntp.Get<int64_t>("lock_threshold_applied_ns"),
                              1000000,
                              "NTP's own: 1 ms");
        NS_TEST_EXPECT_MSG_EQ(ntp.Get<bool>("locked"),
                              true,
                              "NTP locks within its threshold (after about 70 minutes)");
        NS_TEST_EXPECT_MSG_EQ(ntp.GetSummary().IsNotApplicable("ptp_samples"), true, "no PTP");
        const double p50 = ntp.Get<double>("root_distance_p50_ns");
        const double p99 = ntp.Get<double>("root_distance_p99_ns");
        const double error = ntp.Get<double>("true_error_p50_ns");
        std::clog << "NTP root distance p50 " << p50 << " ns, p99 " << p99 << " ns, true error p50 "
                  << error << " ns, ratio p50 " << ntp.Get<double>("root_distance_ratio_p50")
                  << ", coverage " << ntp.Get<double>("root_distance_coverage") << std::endl;
        NS_TEST_EXPECT_MSG_GT(p50, 0.0, "a root distance");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(p99, p50, "p99 >= p50");
        NS_TEST_EXPECT_MSG_GT(ntp.Get<double>("root_distance_ratio_p50"),
                              1.0,
                              "the bound is looser than the error it bounds, at the median");
        for (const auto& row : ntp.GetRows())
        {
            NS_TEST_EXPECT_MSG_EQ(row.IsNotApplicable("estimate_mean_ns"), true, "no estimate");
        }
        NS_TEST_EXPECT_MSG_EQ(ntp.GetRows().front().Get<uint64_t>("hops"), 0u, "host 0: 0 hops");
        // The CSV line: PTP's settings empty, NTP's present, PTP's results empty.
        std::vector<std::string> header = StudyCsv::SplitCells(d.GetCsvHeader());
        std::vector<std::string> cells = StudyCsv::SplitCells(ntp.GetCsvLines().front());
        auto cell = [&](const std::string& column) {
            auto it = std::find(header.begin(), header.end(), column);
            return it == header.end() ? std::string("<none>") : cells[it - header.begin()];
        };
        NS_TEST_EXPECT_MSG_EQ(cell("servo"), "", "servo is PTP's");
        NS_TEST_EXPECT_MSG_EQ(cell("transparent_clocks"), "", "and transparent clocks");
        NS_TEST_EXPECT_MSG_EQ(cell("min_poll"), "4", "NTP's poll is there");
        NS_TEST_EXPECT_MSG_EQ(cell("ptp_samples"), "", "no PTP samples: empty, not 0");

        StudyResult ptp = StudyRunner::Run(
            "sync",
            StudySettings().Set("Nodes", "3").Set("Duration", "4s").Set("Warmup", "2s"));
        NS_TEST_EXPECT_MSG_EQ(ptp.Get<int64_t>("lock_threshold_applied_ns"),
                              1000,
                              "PTP's own: 1 us");
        NS_TEST_EXPECT_MSG_EQ(ptp.GetSummary().IsNotApplicable("root_distance_coverage"),
                              true,
                              "PTP has no root distance: not '0% covered'");
        cells = StudyCsv::SplitCells(ptp.GetCsvLines().front());
        NS_TEST_EXPECT_MSG_EQ(cell("servo"), "ns3::PiServo", "PTP's servo: its TypeId");
        NS_TEST_EXPECT_MSG_EQ(cell("min_poll"), "", "NTP's poll is not PTP's");
        NS_TEST_EXPECT_MSG_EQ(cell("root_distance_coverage"), "", "empty, not 0");
    }
};

/** The suite. */
class StudyOutputTestSuite : public TestSuite
{
  public:
    StudyOutputTestSuite()
        : TestSuite("chronometry-study-output", Type::UNIT)
    {
        AddTestCase(new CsvSinkTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ReplicationSummaryTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new ClosestNamesTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SweepProgressTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SyncCostTestCase, chronometry::TestDuration::QUICK);
        AddTestCase(new SyncProtocolFitTestCase, chronometry::TestDuration::QUICK);
    }
};

/** Static instance. */
StudyOutputTestSuite g_studyOutputTestSuite;

} // namespace
