/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// WAP5 message linking against its baselines on simulator-free synthetic
// multi-tier traces (model/inference/synthetic-trace.h), many runs per point,
// with confidence intervals.  Per rate alpha (requests/s per client) and
// window x, every run's trace is linked by:
//   wap5          the published algorithm (d per child pair, y = 4)
//   wap5-pp       the per-parent-pair delay model (an extension)
//   wap5-pp-em    the same with 3 rounds of re-estimating d
//   latest        the latest arrival within x (the trivial baseline)
//   latest-yd     the latest arrival within y d (equals wap5: a check)
//   nesting       Project 5's nesting, one timestamp per message, calls and
//                 returns guessed from timing (the black-box form)
//   nesting-local nesting on the middle node's clock, guessed pairs
//   nesting-given nesting, one timestamp per message, true call/return pairs
//   uniform       WAP5's candidates, all equally likely (calibration baseline)
// and scored against the true parents (every message, spontaneous ones too):
// link precision / recall / decision accuracy, path patterns (expected counts
// and each root's most probable instance; hard baselines: their one tree per
// root), calibration (log-loss, Brier, ECE, top-label ECE), and where wap5
// and latest disagree, which is right.  Writes, atomically under --outDir,
// wap5-linking-scores-runs.csv (one row per run and method) and
// wap5-linking-scores.csv (per point and method: mean and 95 % Student-t
// interval over the runs), and prints the summary.
#include "sweep-arguments.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/command-line.h"
#include "ns3/core-module.h"
#include "ns3/latest-arrival-linker.h"
#include "ns3/link-calibration.h"
#include "ns3/message-linking.h"
#include "ns3/nesting-linker.h"
#include "ns3/score-interval.h"
#include "ns3/study-csv.h"
#include "ns3/synthetic-trace.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

using namespace ns3;

namespace
{

/** The metrics of one method on one run, by name (in column order). */
using Metrics = std::vector<std::pair<std::string, double>>;

/**
 * \param trace the trace
 * \param r a linking result (with patterns for a probabilistic method)
 * \param probabilistic whether r has probabilities and patterns of its own
 * \param pattern linker used for step 3
 * \return the metrics
 */
Metrics
Score(const SyntheticTrace& trace,
      LinkingResult r,
      bool probabilistic,
      const MessageLinker& pattern)
{
    LinkScore ls = ScoreLinks(r, trace.trueParent);
    auto truth = TruePatterns(trace.messages, trace.trueParent, r.clockOffset);
    std::vector<PathPattern> inferred;
    if (probabilistic)
    {
        pattern.BuildPatterns(trace.messages, r);
        inferred = r.patterns;
    }
    else
    {
        inferred = TruePatterns(trace.messages, MostLikelyParents(r), r.clockOffset);
    }
    PatternScore pe = ScorePatterns(inferred, truth);
    PatternScore pm = ScorePatterns(inferred, truth, true);
    CalibrationScore cal = ScoreCalibration(r, trace.trueParent);
    return {{"link_precision", ls.precision},
            {"link_recall", ls.recall},
            {"decision_accuracy", ls.decisionAccuracy},
            {"pattern_precision", pe.precision},
            {"pattern_recall", pe.recall},
            {"map_pattern_precision", pm.precision},
            {"map_pattern_recall", pm.recall},
            {"log_loss", cal.logLoss},
            {"brier", cal.brier},
            {"ece", cal.ece},
            {"top_label_ece", cal.topLabelEce},
            {"true_outside", double(cal.trueOutside) / std::max<uint64_t>(1, cal.choices)}};
}

/** The command line. */
struct Options
{
    std::string rates = "1,10,40,80"; //!< alpha values
    std::string windows = "0.1,2";    //!< x values, s
    uint32_t runs = 20;               //!< runs per point
    uint32_t messages = 500;          //!< messages per run, at least
    uint32_t clients = 4;             //!< client nodes
    uint32_t backends = 3;            //!< back-end nodes
    double skewMs = 50;               //!< E, ms
    double driftPpm = 0;              //!< drift bound, ppm
    double jitterUs = 100;            //!< network jitter, us
    double feReplyMs = 0;             //!< front-end step after a reply, ms
    double beReplyMs = 0;             //!< back-end step after the lookup, ms
    double feServiceMs = 2;           //!< front-end step, ms
    double beServiceMs = 5;           //!< back-end step, ms
    std::string outDir = ".";         //!< output directory
};

/**
 * \param argc argument count
 * \param argv arguments
 * \return the options
 */
Options
ParseOptions(int argc, char** argv)
{
    Options o;
    CommandLine cmd(__FILE__);
    cmd.AddValue("rates", "alpha: requests per second per client (comma list)", o.rates);
    cmd.AddValue("windows", "x in seconds (comma list)", o.windows);
    cmd.AddValue("runs", "runs (seeds) per point", o.runs);
    cmd.AddValue("messages", "at least this many messages per run (expected)", o.messages);
    cmd.AddValue("clients", "client nodes", o.clients);
    cmd.AddValue("backends", "back-end nodes", o.backends);
    cmd.AddValue("skewMs", "E: clock offsets uniform in [-E/2, E/2], ms", o.skewMs);
    cmd.AddValue("driftPpm", "clock drift uniform in [-drift, drift] ppm", o.driftPpm);
    cmd.AddValue("jitterUs", "network jitter (uniform, added to 1 ms), us", o.jitterUs);
    cmd.AddValue("feServiceMs", "mean front-end step, ms", o.feServiceMs);
    cmd.AddValue("beServiceMs", "mean back-end step, ms", o.beServiceMs);
    cmd.AddValue("feReplyMs",
                 "mean front-end step after a reply, ms (0: feServiceMs)",
                 o.feReplyMs);
    cmd.AddValue("beReplyMs",
                 "mean back-end step after the lookup, ms (0: beServiceMs)",
                 o.beReplyMs);
    cmd.AddValue("outDir", "output directory", o.outDir);
    cmd.Parse(argc, argv);
    StudyCsv::PrepareFolder(o.outDir, "--outDir");
    NS_ABORT_MSG_IF(o.runs < 1, "--runs must be at least 1");
    NS_ABORT_MSG_IF(o.messages < 1, "--messages must be at least 1");
    return o;
}

/**
 * \param o the options
 * \param rate alpha
 * \param run the run (seed)
 * \return a synthetic trace of at least o.messages messages
 */
SyntheticTrace
MakeTrace(const Options& o, double rate, uint32_t run)
{
    SyntheticTraceParams p;
    p.clients = o.clients;
    p.backends = o.backends;
    p.rate = rate;
    // About 5 messages per request: 1.25 x the target on average.
    p.duration = Seconds(1.25 * o.messages / (5.0 * o.clients * rate));
    p.networkJitter = MicroSeconds(o.jitterUs);
    p.clockOffset = MicroSeconds(o.skewMs * 1000);
    p.clockDriftPpm = o.driftPpm;
    p.frontEndService = MicroSeconds(o.feServiceMs * 1000);
    p.backendService = MicroSeconds(o.beServiceMs * 1000);
    p.frontEndReplyService = MicroSeconds(o.feReplyMs * 1000);
    p.backendReplyService = MicroSeconds(o.beReplyMs * 1000);
    p.seed = 1000003 * run + static_cast<uint64_t>(rate * 1000);
    SyntheticTrace t = GenerateSyntheticTrace(p);
    while (t.messages.size() < o.messages)
    {
        p.duration = p.duration * 1.25; // same seed, a longer trace
        t = GenerateSyntheticTrace(p);
    }
    return t;
}

/**
 * \param t a trace
 * \param window x
 * \return every method's linking result, by method name
 */
std::map<std::string, LinkingResult>
LinkAll(const SyntheticTrace& t, Time window)
{
    LinkingConfig c;
    c.window = window;
    LinkingConfig cpp = c;
    cpp.delayModel = LinkDelayModel::PER_PARENT_PAIR;
    LinkingConfig cem = cpp;
    cem.iterations = 3;
    NestingConfig nc;
    nc.window = window;
    NestingConfig nl = nc;
    nl.timestamps = NestingTimestamps::NODE_LOCAL;

    std::map<std::string, LinkingResult> results;
    results["wap5"] = MessageLinker(c).Link(t.messages);
    results["wap5-pp"] = MessageLinker(cpp).Link(t.messages);
    results["wap5-pp-em"] = MessageLinker(cem).Link(t.messages);
    results["latest"] = LatestArrivalLinker(c.window).Link(t.messages);
    results["latest-yd"] = LatestArrivalLinker(c.window, c.spontaneous).Link(t.messages);
    results["nesting"] = NestingLinker(nc).Link(t.messages);
    results["nesting-local"] = NestingLinker(nl).Link(t.messages);
    results["nesting-given"] = NestingLinker(nc).Link(t.messages, t.trueCallOf);
    results["uniform"] = UniformLinks(results["wap5"]);
    return results;
}

/** The methods, in output order. */
const std::vector<std::string> METHODS = {"wap5",
                                          "wap5-pp",
                                          "wap5-pp-em",
                                          "latest",
                                          "latest-yd",
                                          "nesting",
                                          "nesting-local",
                                          "nesting-given",
                                          "uniform"};

/** What the runs of one point gave. */
struct PointRuns
{
    /** method -> metric -> one value per run */
    std::map<std::string, std::map<std::string, std::vector<double>>> values;
    std::vector<double> nMessages; //!< messages per run
    /** wap5 and wap5-pp-em against latest: disagreement share, and the share of the
     * disagreements each side gets right, per run */
    std::map<std::string, std::vector<double>> versus;
};

/**
 * Run and score every run of one point, appending one CSV line per run and method.
 * \param o the options
 * \param rate alpha
 * \param window x, s
 * \param runCsv the per-run CSV (its header written with the first line)
 * \return the point's values
 */
PointRuns
RunPoint(const Options& o, double rate, double window, std::ostringstream& runCsv)
{
    PointRuns point;
    for (uint32_t run = 1; run <= o.runs; ++run)
    {
        SyntheticTrace t = MakeTrace(o, rate, run);
        point.nMessages.push_back(t.messages.size());
        LinkingConfig c;
        c.window = Seconds(window);
        MessageLinker wap(c);
        std::map<std::string, LinkingResult> results = LinkAll(t, c.window);
        for (const std::string model : {"wap5", "wap5-pp-em"})
        {
            DecisionComparison dc =
                CompareDecisions(results[model], results["latest"], t.trueParent);
            double n = std::max<double>(1, dc.disagreements);
            point.versus[model + ":disagreement_share"].push_back(dc.DisagreementShare());
            point.versus[model + ":model_right_share"].push_back(dc.firstRight / n);
            point.versus[model + ":latest_right_share"].push_back(dc.secondRight / n);
        }
        for (const auto& method : METHODS)
        {
            bool probabilistic = method.rfind("wap5", 0) == 0 || method == "uniform";
            Metrics m = Score(t, results[method], probabilistic, wap);
            if (runCsv.tellp() == 0)
            {
                runCsv << "rate,window_s,run,messages,method";
                for (const auto& [name, v] : m)
                {
                    runCsv << "," << name;
                }
                runCsv << "\n";
            }
            runCsv << rate << "," << window << "," << run << "," << t.messages.size() << ","
                   << method;
            for (const auto& [name, v] : m)
            {
                runCsv << "," << v;
                point.values[method][name].push_back(v);
            }
            runCsv << "\n";
        }
    }
    return point;
}

/**
 * Summarize one point: mean and interval of every metric into the summary CSV, and printed.
 * \param o the options
 * \param rate alpha
 * \param window x, s
 * \param point its runs
 * \param sumCsv the summary CSV (its header written with the first line)
 */
void
SummarizePoint(const Options& o,
               double rate,
               double window,
               PointRuns& point,
               std::ostringstream& sumCsv)
{
    if (sumCsv.tellp() == 0)
    {
        sumCsv << "rate,window_s,runs,min_messages,mean_messages,method,metric,mean,"
                  "ci_low,ci_high\n";
    }
    ScoreInterval msg = MeanInterval(point.nMessages);
    double minMessages = *std::min_element(point.nMessages.begin(), point.nMessages.end());
    auto emit =
        [&](const std::string& method, const std::string& metric, const std::vector<double>& v) {
            ScoreInterval s = MeanInterval(v);
            sumCsv << rate << "," << window << "," << o.runs << "," << minMessages << ","
                   << msg.mean << "," << method << "," << metric << "," << s.mean << "," << s.lower
                   << "," << s.upper << "\n";
            return s;
        };
    for (const auto& method : METHODS)
    {
        std::map<std::string, ScoreInterval> s;
        for (const auto& [metric, v] : point.values[method])
        {
            s[metric] = emit(method, metric, v);
        }
        auto show = [&](const std::string& metric) {
            std::ostringstream os;
            os << std::fixed << std::setprecision(3) << s[metric].mean << " +- "
               << s[metric].HalfWidth();
            return os.str();
        };
        std::printf("%-6g %-6g %-14s %-22s %-22s %-22s %-22s %-16s\n",
                    rate,
                    window,
                    method.c_str(),
                    show("link_precision").c_str(),
                    show("link_recall").c_str(),
                    show("map_pattern_recall").c_str(),
                    show("log_loss").c_str(),
                    show("top_label_ece").c_str());
    }
    std::printf("  messages per run: min %.0f, mean %.0f\n", minMessages, msg.mean);
    for (const std::string model : {"wap5", "wap5-pp-em"})
    {
        ScoreInterval d = emit(model + "-vs-latest",
                               "disagreement_share",
                               point.versus[model + ":disagreement_share"]);
        ScoreInterval w = emit(model + "-vs-latest",
                               "model_right_share",
                               point.versus[model + ":model_right_share"]);
        ScoreInterval l = emit(model + "-vs-latest",
                               "latest_right_share",
                               point.versus[model + ":latest_right_share"]);
        std::printf("  %s vs latest: disagree on %.3f +- %.3f of decisions; of those "
                    "%s right on %.2f, latest on %.2f\n",
                    model.c_str(),
                    d.mean,
                    d.HalfWidth(),
                    model.c_str(),
                    w.mean,
                    l.mean);
    }
}

} // namespace

int
main(int argc, char** argv)
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    const Options o = ParseOptions(argc, argv);
    std::ostringstream runCsv;
    std::ostringstream sumCsv;
    std::printf("%-6s %-6s %-14s %-22s %-22s %-22s %-22s %-16s\n",
                "alpha",
                "x_s",
                "method",
                "link P",
                "link R",
                "MAP pattern R",
                "log-loss",
                "top-label ECE");
    for (double rate : chronometry_examples::ParseNumberList("rates", o.rates))
    {
        for (double window : chronometry_examples::ParseNumberList("windows", o.windows))
        {
            PointRuns point = RunPoint(o, rate, window, runCsv);
            SummarizePoint(o, rate, window, point, sumCsv);
        }
    }
    StudyCsv::WriteAtomically(o.outDir + "/wap5-linking-scores-runs.csv", runCsv.str());
    StudyCsv::WriteAtomically(o.outDir + "/wap5-linking-scores.csv", sumCsv.str());
    return 0;
}
