/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python scenario runner for the replay-clock study: builds the ns-3 scenario
// in-process, runs it, tears the simulator down and returns the measurements.
#include "chronometry-py.h"

#include "ns3/replay-study.h"

namespace py = pybind11;

void
chronometry_py::RegisterStudy(py::module_& m)
{
    using namespace ns3;
    m.def(
        "run_replay_study",
        [](long long nodes,
           Time skew,
           Time interval,
           Time delay,
           Time jitter,
           bool onWire,
           double rate,
           double localRate,
           bool poisson,
           Time duration,
           const std::string& clockModel,
           const std::string& counterRule,
           bool sumCounters,
           long long run) {
            return chronometry_py::NamingKeywords(
                {"nodes",
                 "skew_ns",
                 "interval_ns",
                 "delay_ns",
                 "jitter_ns",
                 "on_wire",
                 "rate",
                 "local_rate",
                 "poisson",
                 "duration_ns",
                 "clock_model",
                 "counter_rule",
                 "sum_counters",
                 "run"},
                [&] {
                    ReplayStudyParams p;
                    p.nodes = uint32_t(chronometry_py::RequireCount("nodes", nodes, 2, 1024));
                    p.skew = skew;
                    p.interval = interval;
                    p.delay = delay;
                    p.jitter = jitter;
                    p.onWire = onWire;
                    p.rate = rate;
                    p.localRate = localRate;
                    p.poisson = poisson;
                    p.duration = duration;
                    p.clockModel = clockModel;
                    p.counterRule = counterRule;
                    p.sumCounters = sumCounters;
                    p.run = uint64_t(chronometry_py::RequireCount("run", run, 1, 1e18));
                    p.Validate(); // ValueError before anything is built
                    ReplayStudyResult r;
                    {
                        py::gil_scoped_release release;
                        r = ReplayStudy::Run(p);
                    }
                    py::dict d;
                    d["events"] = r.events;
                    d["messages"] = r.messages;
                    d["theta_mean"] = r.thetaMean;
                    d["theta_p99"] = r.thetaP99;
                    d["theta_max"] = r.thetaMax;
                    d["sigma_mean"] = r.sigmaMean;
                    d["sigma_max"] = r.sigmaMax;
                    d["repcl_bits_mean"] = r.bitsMean;
                    d["repcl_bits_p99"] = r.bitsP99;
                    d["repcl_bits_max"] = r.bitsMax;
                    d["hvc_mean"] = r.hvcMean;
                    d["hvc_max"] = r.hvcMax;
                    d["delay_min_us"] = r.delayMin;
                    d["delay_mean_us"] = r.delayMean;
                    d["delay_max_us"] = r.delayMax;
                    d["hlc_bits"] = r.hlcBits;
                    d["vector_bits_mean"] = r.vectorBitsMean;
                    d["pairs"] = r.pairs;
                    d["sampled"] = r.sampled;
                    d["concurrent_fraction"] = r.concurrentFraction;
                    d["r1_violations"] = r.r1Violations;
                    d["r2_violations"] = r.r2Violations;
                    d["r2_thesis_violations"] = r.r2ThesisViolations;
                    d["r3_violations"] = r.r3Violations;
                    d["r3_applicable"] = r.r3Applicable;
                    d["unjustified_orderings"] = r.unjustifiedOrderings;
                    d["hlc_violations"] = r.hlcViolations;
                    d["hvc_violations"] = r.hvcViolations;
                    d["forced_repcl"] = r.forcedRepCl;
                    d["forced_hvc"] = r.forcedHvc;
                    d["forced_hlc"] = r.forcedHlc;
                    d["wall_s"] = r.wallSeconds;
                    d["csv_row"] = r.ToCsvRow();
                    return d;
                });
        },
        py::arg("nodes") = 32,
        py::arg("skew_ns") = 1000000,
        py::arg("interval_ns") = 100000,
        py::arg("delay_ns") = 8000,
        py::arg("jitter_ns") = 0,
        py::arg("on_wire") = false,
        py::arg("rate") = 20.0,
        py::arg("local_rate") = 0.0,
        py::arg("poisson") = true,
        py::arg("duration_ns") = 1000000000,
        py::arg("clock_model") = "bounded",
        py::arg("counter_rule") = "Published",
        py::arg("sum_counters") = false,
        py::arg("run") = 1,
        "Run one point of the replay-clock study (the same scenario and CSV row as the "
        "replay-clock-sweep example) and return its measurements.");
    m.attr("REPLAY_STUDY_CSV_HEADER") = ReplayStudyResult::CsvHeader();
}
