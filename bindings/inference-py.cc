/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of WAP5 black-box causal path inference: message linking on a trace
// (link_trace), the latest-arrival and nesting baselines, scoring against true parents
// (calibration, intervals); the traces themselves (reconciliation from a causality log's
// columns, synthetic multi-tier traces, pairwise clock fits) are in
// bindings/inference-trace-py.cc, the ns-3 study runs through run_study
// (bindings/study-py.cc).  Times are int nanoseconds; an untraced side is None.
#include "inference-py.h"

#include "ns3/latest-arrival-linker.h"
#include "ns3/link-calibration.h"
#include "ns3/message-linking-analyzer.h"
#include "ns3/message-linking.h"
#include "ns3/nesting-linker.h"
#include "ns3/score-interval.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace
{

using namespace ns3;
using chronometry_py::inference::MakeTrace;

/**
 * \param p a pattern
 * \return it as a dict
 */
py::dict
PatternDict(const PathPattern& p)
{
    py::dict d;
    d["signature"] = p.signature;
    d["expected_count"] = p.expectedCount;
    d["instances"] = p.instances;
    d["map_count"] = p.mapCount;
    d["max_probability"] = p.maxProbability;
    py::list nodes;
    for (const auto& n : p.nodes)
    {
        py::dict nd;
        nd["sender"] = n.sender;
        nd["receiver"] = n.receiver;
        nd["parent"] = n.parent;
        nd["node_delay_ns"] = n.nodeDelay;
        nd["network_delay_ns"] = n.networkDelay;
        nodes.append(nd);
    }
    d["nodes"] = nodes;
    return d;
}

/**
 * \param c calibration scores
 * \return them as a dict
 */
py::dict
CalibrationDict(const CalibrationScore& c)
{
    py::dict d;
    d["choices"] = c.choices;
    d["predictions"] = c.predictions;
    d["true_outside"] = c.trueOutside;
    d["log_loss"] = c.logLoss;
    d["brier"] = c.brier;
    d["ece"] = c.ece;
    d["max_bin_error"] = c.maxBinError;
    d["top_label_ece"] = c.topLabelEce;
    auto bins = [](const std::vector<ReliabilityBin>& v) {
        py::list out;
        for (const auto& b : v)
        {
            py::dict bd;
            bd["lower"] = b.lower;
            bd["upper"] = b.upper;
            bd["count"] = b.count;
            bd["mean_predicted"] = b.meanPredicted;
            bd["observed"] = b.observed;
            out.append(bd);
        }
        return out;
    };
    d["reliability"] = bins(c.reliability);
    d["top_label_reliability"] = bins(c.topLabelReliability);
    return d;
}

/**
 * \param trueParent optional truth
 * \param n messages
 */
void
RequireTruthSize(const std::optional<std::vector<int64_t>>& trueParent, std::size_t n)
{
    if (!trueParent)
    {
        return;
    }
    if (trueParent->size() != n)
    {
        throw py::value_error("true_parent must have one entry per message");
    }
    for (int64_t p : *trueParent)
    {
        if (p < -1 || p >= static_cast<int64_t>(n))
        {
            throw py::value_error("true_parent: " + std::to_string(p) +
                                  " is not a message index or -1");
        }
    }
}

/**
 * \param r a linking result
 * \return its most_likely, spontaneous and parents (the links of every message)
 */
py::dict
LinksDict(const LinkingResult& r)
{
    py::dict d;
    py::list mostLikely;
    py::list spontaneous;
    py::list parents;
    for (const auto& ml : r.links)
    {
        mostLikely.append(ml.mostLikely);
        spontaneous.append(ml.spontaneous);
        py::list ps;
        for (const auto& l : ml.parents)
        {
            ps.append(py::make_tuple(l.parent, l.probability, l.delay));
        }
        parents.append(ps);
    }
    d["most_likely"] = mostLikely;
    d["spontaneous"] = spontaneous;
    d["parents"] = parents;
    return d;
}

/**
 * \param s a link score against the truth
 * \return precision, recall, decision_accuracy and the link counts
 */
py::dict
LinkScoreDict(const LinkScore& s)
{
    py::dict sd;
    sd["precision"] = s.precision;
    sd["recall"] = s.recall;
    sd["decision_accuracy"] = s.decisionAccuracy;
    sd["true_links"] = s.trueLinks;
    sd["inferred_links"] = s.inferredLinks;
    sd["correct_links"] = s.correctLinks;
    return sd;
}

/**
 * A hard or probabilistic linking result as a dict, scored if the truth is given.
 * \param trace the trace
 * \param r the result
 * \param trueParent optional truth
 * \return most_likely, spontaneous, parents, roots and, with the truth, score
 */
py::dict
ResultDict(const std::vector<TraceMessage>& trace,
           const LinkingResult& r,
           const std::optional<std::vector<int64_t>>& trueParent)
{
    py::dict d = LinksDict(r);
    d["roots"] = r.roots;
    if (trueParent)
    {
        LinkScore s = ScoreLinks(r, *trueParent);
        auto truth = TruePatterns(trace, *trueParent, r.clockOffset);
        auto inferred = TruePatterns(trace, MostLikelyParents(r), r.clockOffset);
        PatternScore ps = ScorePatterns(inferred, truth);
        py::dict sd = LinkScoreDict(s);
        sd["pattern_precision"] = ps.precision;
        sd["pattern_recall"] = ps.recall;
        sd["calibration"] = CalibrationDict(ScoreCalibration(r, *trueParent));
        d["score"] = sd;
    }
    return d;
}

/**
 * WAP5's linking result as a dict, scored if the truth is given.
 * \param trace the trace
 * \param r the result
 * \param trueParent optional truth
 * \return most_likely, spontaneous, parents, mean_delay_ns, clock_offset_ns, roots, instances,
 *         patterns and, with the truth, score (links, patterns, calibration)
 */
py::dict
LinkingDict(const std::vector<TraceMessage>& trace,
            const LinkingResult& r,
            const std::optional<std::vector<int64_t>>& trueParent)
{
    py::dict d = LinksDict(r);
    d["mean_delay_ns"] = r.meanDelay;
    d["clock_offset_ns"] = r.clockOffset;
    d["roots"] = r.roots;
    d["instances"] = r.instances;
    py::list patterns;
    for (const auto& p : r.patterns)
    {
        patterns.append(PatternDict(p));
    }
    d["patterns"] = patterns;
    if (trueParent)
    {
        LinkScore s = ScoreLinks(r, *trueParent);
        auto truth = TruePatterns(trace, *trueParent, r.clockOffset);
        PatternScore ps = ScorePatterns(r.patterns, truth);
        PatternScore pm = ScorePatterns(r.patterns, truth, true);
        py::dict sd = LinkScoreDict(s);
        sd["mean_true_probability"] = s.meanTrueProbability;
        sd["pattern_precision"] = ps.precision;
        sd["pattern_recall"] = ps.recall;
        sd["map_pattern_precision"] = pm.precision;
        sd["map_pattern_recall"] = pm.recall;
        sd["pattern_node_delay_error"] = PatternNodeDelayError(r.patterns, truth);
        sd["calibration"] = CalibrationDict(ScoreCalibration(r, *trueParent));
        d["score"] = sd;
    }
    return d;
}

/**
 * \param s an interval
 * \return it as a dict
 */
py::dict
IntervalDict(const ScoreInterval& s)
{
    py::dict d;
    d["n"] = s.n;
    d["mean"] = s.mean;
    d["stddev"] = s.stddev;
    d["lower"] = s.lower;
    d["upper"] = s.upper;
    d["level"] = s.level;
    return d;
}

/**
 * WAP5 message linking: link_trace.
 * \param m the module
 */
void
RegisterLinkTrace(py::module_& m)
{
    using namespace ns3;
    m.def(
        "link_trace",
        [](const std::vector<uint32_t>& senders,
           const std::vector<uint32_t>& receivers,
           const std::vector<std::optional<Time>>& sendTs,
           const std::vector<std::optional<Time>>& recvTs,
           std::optional<std::vector<int64_t>> trueParent,
           const py::kwargs& config) {
            // The linker's settings are MessageLinkingAnalyzer's Attributes: their one
            // declaration gives the keywords, defaults and ranges.
            Ptr<MessageLinkingAnalyzer> analyzer = CreateObject<MessageLinkingAnalyzer>();
            py::kwargs kw = config;
            if (kw.contains("delay_model"))
            {
                // the names before the analyzer's enum was the one declaration
                std::string model = py::str(kw["delay_model"]);
                const std::map<std::string, std::string> old{{"per-child-pair", "PerChildPair"},
                                                             {"per-parent-pair", "PerParentPair"}};
                if (old.count(model))
                {
                    PyErr_WarnEx(
                        PyExc_DeprecationWarning,
                        ("delay_model '" + model + "' is deprecated; use '" + old.at(model) + "'")
                            .c_str(),
                        1);
                    kw["delay_model"] = old.at(model);
                }
            }
            chronometry_py::SetAttributesFromKeywords(*analyzer, kw, {{"y", "spontaneous"}});
            LinkingConfig c = analyzer->GetConfig();
            auto trace = MakeTrace(senders, receivers, sendTs, recvTs);
            RequireTruthSize(trueParent, trace.size());
            LinkingResult r;
            {
                py::gil_scoped_release release;
                r = MessageLinker(c).Analyze(trace);
            }
            return LinkingDict(trace, r, trueParent);
        },
        py::arg("senders"),
        py::arg("receivers"),
        py::arg("send_ts"),
        py::arg("recv_ts"),
        py::kw_only(),
        py::arg("true_parent") = py::none(),
        // numpydoc; the linker's keywords listed from its TypeId (their defaults and ranges)
        ("WAP5 message linking on a reconciled trace.\n\n"
         "Parameters\n----------\n"
         "senders : list of int\n    Each message's sending node.\n"
         "receivers : list of int\n    Each message's receiving node.\n"
         "send_ts : list of int or None\n"
         "    Each message's send time on the sender's clock, ns (None: not traced).\n"
         "recv_ts : list of int or None\n"
         "    Each message's receive time on the receiver's clock, ns (None: not traced).\n"
         "true_parent : list of int or None, default None\n"
         "    Each message's true parent (index, or -1 for a spontaneous one): the result "
         "then has a 'score' (links, patterns, calibration).\n"
         "**kwargs\n"
         "    The linker's settings, from ns3::MessageLinkingAnalyzer's Attributes:\n\n" +
         chronometry_py::DescribeKeywords(MessageLinkingAnalyzer::GetTypeId()) +
         "\nReturns\n-------\nLinkInference\n"
         "    Per message its most likely parent, spontaneity and candidate parents; the pair "
         "delays and clock offsets, the patterns and, with the truth, the score.\n\n"
         "Raises\n------\nValueError\n"
         "    Columns of different lengths, an unknown keyword or a setting out of range.\n")
            .c_str());
}

/**
 * The latest-arrival baseline beside WAP5: latest_arrival_links.
 * \param m the module
 */
void
RegisterBaselines(py::module_& m)
{
    using namespace ns3;
    m.def(
        "latest_arrival_links",
        [](const std::vector<uint32_t>& senders,
           const std::vector<uint32_t>& receivers,
           const std::vector<std::optional<Time>>& sendTs,
           const std::vector<std::optional<Time>>& recvTs,
           Time window,
           double y,
           std::optional<std::vector<int64_t>> trueParent) {
            auto trace = MakeTrace(senders, receivers, sendTs, recvTs);
            RequireTruthSize(trueParent, trace.size());
            LinkingResult r = LatestArrivalLinker(window, y).Link(trace);
            return ResultDict(trace, r, trueParent);
        },
        py::arg("senders"),
        py::arg("receivers"),
        py::arg("send_ts"),
        py::arg("recv_ts"),
        py::arg("window_ns") = Seconds(2),
        py::arg("y") = 0.0,
        py::arg("true_parent") = py::none(),
        "The latest-arrival baseline: each message's parent is the latest message into its "
        "sender\n"
        "within window_ns (and, with y > 0, within y times the pair's mean delay); probability "
        "1.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "senders : list of int\n"
        "    Each message's sending node.\n"
        "receivers : list of int\n"
        "    Each message's receiving node.\n"
        "send_ts : list of int or None\n"
        "    Each message's send time on the sender's clock, ns (None: the sender is not "
        "traced).\n"
        "recv_ts : list of int or None\n"
        "    Each message's receive time on the receiver's clock, ns (None: not traced).\n"
        "window_ns : int, default 2000000000\n"
        "    The longest causal delay considered x, ns, in [1ns, 24h].\n"
        "y : float, default 0.0\n"
        "    With y > 0, a parent later than y d is no parent (WAP5's spontaneity rule).\n"
        "true_parent : list of int or None, default None\n"
        "    Each message's true parent (index, or -1 for a spontaneous one): the result is "
        "scored.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "LinkInference\n"
        "    Per message its most likely parent, spontaneity and candidates, the roots, and with "
        "the\n"
        "    truth the score.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    Columns of different lengths, or a window out of range (ConfigError).");
}

/**
 * Project 5's nesting baseline beside WAP5: nesting_links.
 * \param m the module
 */
void
RegisterNestingLinks(py::module_& m)
{
    using namespace ns3;
    m.def(
        "nesting_links",
        [](const std::vector<uint32_t>& senders,
           const std::vector<uint32_t>& receivers,
           const std::vector<std::optional<Time>>& sendTs,
           const std::vector<std::optional<Time>>& recvTs,
           Time window,
           const std::string& timestamps,
           std::optional<std::vector<int64_t>> callOf,
           std::optional<std::vector<int64_t>> trueParent) {
            auto trace = MakeTrace(senders, receivers, sendTs, recvTs);
            RequireTruthSize(trueParent, trace.size());
            NestingConfig c;
            c.window = window;
            if (timestamps == "single")
            {
                c.timestamps = NestingTimestamps::SINGLE;
            }
            else if (timestamps == "node-local")
            {
                c.timestamps = NestingTimestamps::NODE_LOCAL;
            }
            else
            {
                throw py::value_error("timestamps = '" + timestamps +
                                      "' is invalid; valid values: 'single', 'node-local'");
            }
            NestingLinker linker(c);
            LinkingResult r;
            if (callOf)
            {
                if (callOf->size() != trace.size())
                {
                    throw py::value_error("call_of must have one entry per message");
                }
                for (int64_t k : *callOf)
                {
                    if (k < -1 || k >= static_cast<int64_t>(trace.size()))
                    {
                        throw py::value_error("call_of: " + std::to_string(k) +
                                              " is not a message index or -1");
                    }
                }
                r = linker.Link(trace, *callOf);
            }
            else
            {
                r = linker.Link(trace);
            }
            py::dict d = ResultDict(trace, r, trueParent);
            d["call_of"] = callOf ? *callOf : NestingLinker::GuessCallPairs(trace, window);
            return d;
        },
        py::arg("senders"),
        py::arg("receivers"),
        py::arg("send_ts"),
        py::arg("recv_ts"),
        py::arg("window_ns") = Seconds(2),
        py::arg("timestamps") = "single",
        py::arg("call_of") = py::none(),
        py::arg("true_parent") = py::none(),
        "Project 5's nesting baseline: call pairs nested in call pairs.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "senders : list of int\n"
        "    Each message's sending node.\n"
        "receivers : list of int\n"
        "    Each message's receiving node.\n"
        "send_ts : list of int or None\n"
        "    Each message's send time on the sender's clock, ns (None: the sender is not "
        "traced).\n"
        "recv_ts : list of int or None\n"
        "    Each message's receive time on the receiver's clock, ns (None: not traced).\n"
        "window_ns : int, default 2000000000\n"
        "    The longest causal delay considered, ns.\n"
        "timestamps : str, default 'single'\n"
        "    'single': one timestamp per message, as published; 'node-local': the middle node's "
        "clock.\n"
        "call_of : list of int or None, default None\n"
        "    The call each return answers (-1 for a call), one per message; None: guessed from "
        "timing.\n"
        "true_parent : list of int or None, default None\n"
        "    Each message's true parent: the result is scored.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "LinkInference\n"
        "    The links, the call pairs used (call_of) and with the truth the score.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown timestamps value, call_of of the wrong length or naming no message, or a "
        "window\n"
        "    out of range.");
}

/**
 * Scores over runs: score_calibration, mean_interval, wilson_interval.
 * \param m the module
 */
void
RegisterScores(py::module_& m)
{
    using namespace ns3;
    m.def(
        "score_calibration",
        [](const std::vector<std::vector<double>>& probabilities,
           const std::vector<int64_t>& truth,
           uint32_t bins,
           double epsilon) {
            if (probabilities.size() != truth.size())
            {
                throw py::value_error("probabilities and truth must have the same length");
            }
            for (std::size_t i = 0; i < truth.size(); ++i)
            {
                if (truth[i] < -1 || truth[i] >= static_cast<int64_t>(probabilities[i].size()))
                {
                    throw py::value_error("truth[" + std::to_string(i) +
                                          "] is not an option index or -1");
                }
            }
            return CalibrationDict(ScoreChoices(probabilities, truth, bins, epsilon));
        },
        py::arg("probabilities"),
        py::arg("truth"),
        py::arg("bins") = 10,
        py::arg("epsilon") = 1e-12,
        "Calibration of probabilistic choices: log-loss, Brier score, ECE and reliability bins.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "probabilities : list of list of float\n"
        "    Per choice, the probability given to each option.\n"
        "truth : list of int\n"
        "    Per choice, the index of the true option, or -1 if none of them.\n"
        "bins : int, default 10\n"
        "    Reliability bins.\n"
        "epsilon : float, default 1e-12\n"
        "    The floor of a probability in the log-loss.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "CalibrationScore\n"
        "    The scores and the reliability bins.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A truth index that is not an option's, or lists of different lengths.");

    m.def(
        "mean_interval",
        [](const std::vector<double>& values, double level) {
            return IntervalDict(MeanInterval(values, level));
        },
        py::arg("values"),
        py::arg("level") = 0.95,
        "Student-t confidence interval of the mean of per-run scores.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "values : list of float\n"
        "    The per-run values.\n"
        "level : float, default 0.95\n"
        "    The confidence level, in (0, 1).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "Interval\n"
        "    n, mean, standard deviation and the interval.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A level out of range (ConfigError).");

    m.def(
        "wilson_interval",
        [](uint64_t successes, uint64_t trials, double level) {
            return IntervalDict(WilsonInterval(successes, trials, level));
        },
        py::arg("successes"),
        py::arg("trials"),
        py::arg("level") = 0.95,
        "Wilson score interval of a proportion.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "successes : int\n"
        "    Successes, in [0, trials].\n"
        "trials : int\n"
        "    Trials.\n"
        "level : float, default 0.95\n"
        "    The confidence level, in (0, 1).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "Interval\n"
        "    n, the proportion (mean), its standard deviation and the interval.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    Successes above trials or a level out of range (ConfigError).");
}

} // namespace

namespace chronometry_py
{
namespace inference
{

using namespace ns3;

std::vector<TraceMessage>
MakeTrace(const std::vector<uint32_t>& senders,
          const std::vector<uint32_t>& receivers,
          const std::vector<std::optional<Time>>& sendTs,
          const std::vector<std::optional<Time>>& recvTs)
{
    if (receivers.size() != senders.size() || sendTs.size() != senders.size() ||
        recvTs.size() != senders.size())
    {
        throw py::value_error("senders, receivers, send_ts and recv_ts must have the same length");
    }
    std::vector<TraceMessage> trace(senders.size());
    for (std::size_t i = 0; i < senders.size(); ++i)
    {
        trace[i].id = i + 1;
        trace[i].sender = senders[i];
        trace[i].receiver = receivers[i];
        trace[i].sendTs = sendTs[i];
        trace[i].recvTs = recvTs[i];
    }
    return trace;
}

} // namespace inference
} // namespace chronometry_py

void
chronometry_py::RegisterInference(py::module_& m)
{
    RegisterLinkTrace(m);
    inference::RegisterTraces(m);
    RegisterBaselines(m);
    RegisterNestingLinks(m);
    RegisterScores(m);
}
