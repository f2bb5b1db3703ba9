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

#include "ns3/command-line.h"
#include "ns3/core-module.h"
#include "ns3/latest-arrival-linker.h"
#include "ns3/link-calibration.h"
#include "ns3/message-linking.h"
#include "ns3/nesting-linker.h"
#include "ns3/score-interval.h"
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

/**
 * Write a file atomically.
 * \param path destination
 * \param text contents
 */
void
WriteAtomically(const std::string& path, const std::string& text)
{
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp);
        NS_ABORT_MSG_IF(!out, "cannot write " << tmp);
        out << text;
    }
    NS_ABORT_MSG_IF(std::rename(tmp.c_str(), path.c_str()) != 0, "cannot rename " << tmp);
}

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

} // namespace

int
main(int argc, char** argv)
{
    std::string rates = "1,10,40,80";
    std::string windows = "0.1,2";
    uint32_t runs = 20;
    uint32_t messages = 500;
    uint32_t clients = 4;
    uint32_t backends = 3;
    double skewMs = 50;
    double driftPpm = 0;
    double jitterUs = 100;
    double feReplyMs = 0;
    double beReplyMs = 0;
    double feServiceMs = 2;
    double beServiceMs = 5;
    std::string outDir = ".";
    CommandLine cmd(__FILE__);
    cmd.AddValue("rates", "alpha: requests per second per client (comma list)", rates);
    cmd.AddValue("windows", "x in seconds (comma list)", windows);
    cmd.AddValue("runs", "runs (seeds) per point", runs);
    cmd.AddValue("messages", "at least this many messages per run (expected)", messages);
    cmd.AddValue("clients", "client nodes", clients);
    cmd.AddValue("backends", "back-end nodes", backends);
    cmd.AddValue("skewMs", "E: clock offsets uniform in [-E/2, E/2], ms", skewMs);
    cmd.AddValue("driftPpm", "clock drift uniform in [-drift, drift] ppm", driftPpm);
    cmd.AddValue("jitterUs", "network jitter (uniform, added to 1 ms), us", jitterUs);
    cmd.AddValue("feServiceMs", "mean front-end step, ms", feServiceMs);
    cmd.AddValue("beServiceMs", "mean back-end step, ms", beServiceMs);
    cmd.AddValue("feReplyMs", "mean front-end step after a reply, ms (0: feServiceMs)", feReplyMs);
    cmd.AddValue("beReplyMs",
                 "mean back-end step after the lookup, ms (0: beServiceMs)",
                 beReplyMs);
    cmd.AddValue("outDir", "output directory", outDir);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(runs < 1, "--runs must be at least 1");
    NS_ABORT_MSG_IF(messages < 1, "--messages must be at least 1");

    const std::vector<std::string> methods = {"wap5",
                                              "wap5-pp",
                                              "wap5-pp-em",
                                              "latest",
                                              "latest-yd",
                                              "nesting",
                                              "nesting-local",
                                              "nesting-given",
                                              "uniform"};
    std::ostringstream runCsv;
    std::ostringstream sumCsv;
    bool runHeader = false;
    bool sumHeader = false;
    std::printf("%-6s %-6s %-14s %-22s %-22s %-22s %-22s %-16s\n",
                "alpha",
                "x_s",
                "method",
                "link P",
                "link R",
                "MAP pattern R",
                "log-loss",
                "top-label ECE");
    for (double rate : chronometry_examples::ParseNumberList("rates", rates))
    {
        for (double window : chronometry_examples::ParseNumberList("windows", windows))
        {
            std::map<std::string, std::map<std::string, std::vector<double>>> values;
            std::vector<double> nMessages;
            // wap5 and wap5-pp-em against latest: disagreement share, and the
            // share of the disagreements each side gets right.
            std::map<std::string, std::vector<double>> versus;
            for (uint32_t run = 1; run <= runs; ++run)
            {
                SyntheticTraceParams p;
                p.clients = clients;
                p.backends = backends;
                p.rate = rate;
                // About 5 messages per request: 1.25 x the target on average.
                p.duration = Seconds(1.25 * messages / (5.0 * clients * rate));
                p.networkJitter = MicroSeconds(jitterUs);
                p.clockOffset = MicroSeconds(skewMs * 1000);
                p.clockDriftPpm = driftPpm;
                p.frontEndService = MicroSeconds(feServiceMs * 1000);
                p.backendService = MicroSeconds(beServiceMs * 1000);
                p.frontEndReplyService = MicroSeconds(feReplyMs * 1000);
                p.backendReplyService = MicroSeconds(beReplyMs * 1000);
                p.seed = 1000003 * run + static_cast<uint64_t>(rate * 1000);
                SyntheticTrace t = GenerateSyntheticTrace(p);
                while (t.messages.size() < messages)
                {
                    p.duration = p.duration * 1.25; // same seed, a longer trace
                    t = GenerateSyntheticTrace(p);
                }
                nMessages.push_back(t.messages.size());

                LinkingConfig c;
                c.window = Seconds(window);
                MessageLinker wap(c);
                LinkingConfig cpp = c;
                cpp.delayModel = LinkDelayModel::PER_PARENT_PAIR;
                LinkingConfig cem = cpp;
                cem.iterations = 3;
                NestingConfig nc;
                nc.window = Seconds(window);
                NestingConfig nl = nc;
                nl.timestamps = NestingTimestamps::NODE_LOCAL;

                std::map<std::string, LinkingResult> results;
                results["wap5"] = wap.Link(t.messages);
                results["wap5-pp"] = MessageLinker(cpp).Link(t.messages);
                results["wap5-pp-em"] = MessageLinker(cem).Link(t.messages);
                results["latest"] = LatestArrivalLinker(c.window).Link(t.messages);
                results["latest-yd"] =
                    LatestArrivalLinker(c.window, c.spontaneous).Link(t.messages);
                results["nesting"] = NestingLinker(nc).Link(t.messages);
                results["nesting-local"] = NestingLinker(nl).Link(t.messages);
                results["nesting-given"] = NestingLinker(nc).Link(t.messages, t.trueCallOf);
                results["uniform"] = UniformLinks(results["wap5"]);
                for (const std::string model : {"wap5", "wap5-pp-em"})
                {
                    DecisionComparison dc =
                        CompareDecisions(results[model], results["latest"], t.trueParent);
                    double n = std::max<double>(1, dc.disagreements);
                    versus[model + ":disagreement_share"].push_back(dc.DisagreementShare());
                    versus[model + ":model_right_share"].push_back(dc.firstRight / n);
                    versus[model + ":latest_right_share"].push_back(dc.secondRight / n);
                }
                for (const auto& method : methods)
                {
                    bool probabilistic = method.rfind("wap5", 0) == 0 || method == "uniform";
                    Metrics m = Score(t, results[method], probabilistic, wap);
                    if (!runHeader)
                    {
                        runCsv << "rate,window_s,run,messages,method";
                        for (const auto& [name, v] : m)
                        {
                            runCsv << "," << name;
                        }
                        runCsv << "\n";
                        runHeader = true;
                    }
                    runCsv << rate << "," << window << "," << run << "," << t.messages.size() << ","
                           << method;
                    for (const auto& [name, v] : m)
                    {
                        runCsv << "," << v;
                        values[method][name].push_back(v);
                    }
                    runCsv << "\n";
                }
            }
            if (!sumHeader)
            {
                sumCsv << "rate,window_s,runs,min_messages,mean_messages,method,metric,mean,"
                          "ci_low,ci_high\n";
                sumHeader = true;
            }
            ScoreInterval msg = MeanInterval(nMessages);
            double minMessages = *std::min_element(nMessages.begin(), nMessages.end());
            auto emit = [&](const std::string& method,
                            const std::string& metric,
                            const std::vector<double>& v) {
                ScoreInterval s = MeanInterval(v);
                sumCsv << rate << "," << window << "," << runs << "," << minMessages << ","
                       << msg.mean << "," << method << "," << metric << "," << s.mean << ","
                       << s.lower << "," << s.upper << "\n";
                return s;
            };
            for (const auto& method : methods)
            {
                std::map<std::string, ScoreInterval> s;
                for (const auto& [metric, v] : values[method])
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
                                       versus[model + ":disagreement_share"]);
                ScoreInterval w = emit(model + "-vs-latest",
                                       "model_right_share",
                                       versus[model + ":model_right_share"]);
                ScoreInterval l = emit(model + "-vs-latest",
                                       "latest_right_share",
                                       versus[model + ":latest_right_share"]);
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
    }
    WriteAtomically(outDir + "/wap5-linking-scores-runs.csv", runCsv.str());
    WriteAtomically(outDir + "/wap5-linking-scores.csv", sumCsv.str());
    return 0;
}
