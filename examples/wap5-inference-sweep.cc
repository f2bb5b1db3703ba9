/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// WAP5 black-box causal path inference, scored against the simulator's true
// causality: sweeps the request rate alpha, the parallelism (clients), the
// clock skew E, the drift and the message delay delta one factor at a time
// around a base point, with several runs per point.  Writes
// <outDir>/wap5-sweep.csv (one row per run, a "factor" column first) and
// <outDir>/wap5-patterns.csv (the base point's top inferred and true path
// patterns, one row per pattern node) for examples/plot-wap5.py.
//
//   ./wap5-inference-sweep --rates=1,5,20,50 --skews=0us,1ms,100ms --runs=3

#include "sweep-arguments.h"

#include "ns3/core-module.h"
#include "ns3/inference-study.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>

using namespace ns3;

namespace
{

/**
 * \param list comma-separated values, or "none" to skip this axis
 * \return the values
 */
std::vector<std::string>
Axis(const std::string& list)
{
    return list == "none" ? std::vector<std::string>{} : chronometry_examples::SplitList(list);
}

/**
 * \param option command-line option
 * \param list comma-separated numbers, or "none" to skip this axis
 * \return the numbers
 */
std::vector<double>
NumberAxis(const std::string& option, const std::string& list)
{
    return list == "none" ? std::vector<double>{}
                          : chronometry_examples::ParseNumberList(option, list);
}

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

/**
 * \param os output
 * \param kind "inferred" or "true"
 * \param patterns patterns
 * \param top how many
 */
void
PatternRows(std::ostream& os,
            const std::string& kind,
            const std::vector<PathPattern>& patterns,
            uint32_t top)
{
    for (uint32_t k = 0; k < patterns.size() && k < top; ++k)
    {
        const auto& p = patterns[k];
        for (uint32_t i = 0; i < p.nodes.size(); ++i)
        {
            const auto& node = p.nodes[i];
            os << kind << "," << k << ",\"" << p.signature << "\"," << p.expectedCount << ","
               << p.instances << "," << p.mapCount << "," << i << "," << node.parent << ","
               << node.sender << "," << node.receiver << "," << node.nodeDelay / 1e3 << ","
               << node.networkDelay / 1e3 << "\n";
        }
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    InferenceStudyParams base;
    std::string rates = "1,5,10,20,40,80";
    std::string clients = "1,2,4,8,16";
    std::string skews = "0us,1ms,100ms,10s";
    std::string drifts = "0,50,500";
    std::string delays = "10us,100us,1ms,5ms";
    uint32_t runs = 2;
    uint32_t top = 4;
    std::string outDir = "results";
    CommandLine cmd(__FILE__);
    cmd.AddValue("workload",
                 "multitier, or gossip (the replay-clock workload: every message spontaneous)",
                 base.workload);
    cmd.AddValue("clients", "Base parallelism (client nodes)", base.clients);
    cmd.AddValue("backends", "Back-end nodes", base.backends);
    cmd.AddValue("fanOut", "Back-ends per request", base.fanOut);
    cmd.AddValue("lookupProbability", "Back-end calls the lookup service", base.lookupProbability);
    cmd.AddValue("rate", "Base alpha: requests per second per client", base.rate);
    cmd.AddValue("skew", "Base clock skew E (offsets uniform in [-E/2, E/2])", base.skew);
    cmd.AddValue("drift", "Base drift bound, ppm", base.driftPpm);
    cmd.AddValue("delay", "Base message delay delta", base.delay);
    cmd.AddValue("duration", "Simulated time per run", base.duration);
    cmd.AddValue("window", "Linking window x", base.linking.window);
    cmd.AddValue("y", "Spontaneous factor y", base.linking.spontaneous);
    cmd.AddValue("maxTryBoth", "Try-both decisions per root k", base.linking.maxTryBoth);
    cmd.AddValue("traceLookup", "Trace the lookup node", base.traceLookup);
    cmd.AddValue("rates", "Sweep: alpha values ('none': skip)", rates);
    cmd.AddValue("parallelism", "Sweep: client counts ('none': skip)", clients);
    cmd.AddValue("skews", "Sweep: E values ('none': skip)", skews);
    cmd.AddValue("drifts", "Sweep: drift bounds in ppm ('none': skip)", drifts);
    cmd.AddValue("delays", "Sweep: delta values ('none': skip)", delays);
    cmd.AddValue("runs", "Runs per point", runs);
    cmd.AddValue("top", "Top patterns written for the base point", top);
    cmd.AddValue("outDir", "Output folder", outDir);
    cmd.Parse(argc, argv);
    mkdir(outDir.c_str(), 0755);

    std::ostringstream csv;
    csv << "factor," << InferenceStudyResult::CsvHeader() << "\n";
    auto point = [&](const std::string& factor, InferenceStudyParams p) {
        for (uint32_t run = 1; run <= runs; ++run)
        {
            p.run = run;
            InferenceStudyResult r = InferenceStudy::Run(p);
            csv << factor << "," << r.ToCsvRow() << "\n";
            std::cout << factor << " clients=" << p.clients << " alpha=" << p.rate
                      << " E=" << p.skew.As(Time::US) << " drift=" << p.driftPpm
                      << " delta=" << p.delay.As(Time::US) << " run " << run << ": " << r.messages
                      << " msgs, link precision " << r.linkPrecision << " recall " << r.linkRecall
                      << ", MAP patterns " << r.mapPatternPrecision << "/" << r.mapPatternRecall
                      << ", node delay err " << r.patternNodeDelayError << ", net delay err "
                      << r.networkDelayErrorUs << " us (raw " << r.rawNetworkDelayErrorUs
                      << "), vc candidates " << r.vcCandidates << std::endl;
        }
    };
    for (double v : NumberAxis("rates", rates))
    {
        InferenceStudyParams p = base;
        p.rate = v;
        point("rate", p);
    }
    for (double v : NumberAxis("clients", clients))
    {
        NS_ABORT_MSG_IF(v < 0 || v != std::floor(v) || v > 1e6,
                        "--clients: " << v << " is not a whole number of clients");
        InferenceStudyParams p = base;
        p.clients = static_cast<uint32_t>(v);
        point("parallelism", p);
    }
    for (const auto& v : Axis(skews))
    {
        InferenceStudyParams p = base;
        p.skew = Time(v);
        point("skew", p);
    }
    for (double v : NumberAxis("drifts", drifts))
    {
        InferenceStudyParams p = base;
        p.driftPpm = v;
        point("drift", p);
    }
    for (const auto& v : Axis(delays))
    {
        InferenceStudyParams p = base;
        p.delay = Time(v);
        point("delay", p);
    }
    WriteAtomically(outDir + "/wap5-sweep.csv", csv.str());

    std::vector<PathPattern> inferred;
    std::vector<PathPattern> truth;
    InferenceStudyParams p = base;
    p.run = 1;
    InferenceStudy::Run(p, inferred, truth);
    std::ostringstream pat;
    pat << "kind,rank,signature,expected_count,instances,map_count,node,parent,sender,receiver,"
           "node_delay_us,network_delay_us\n";
    PatternRows(pat, "inferred", inferred, top);
    PatternRows(pat, "true", truth, top);
    WriteAtomically(outDir + "/wap5-patterns.csv", pat.str());
    std::cout << "-> " << outDir << "/wap5-sweep.csv, " << outDir << "/wap5-patterns.csv"
              << std::endl;
    return 0;
}
