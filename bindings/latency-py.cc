/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the RDA latency measurement: the simulator-free sketches (RDA, LDA,
// FineComb, late-binding cache; the RDA study runs through run_study, bindings/study-py.cc).
// Timestamps and times are int nanoseconds.
#include "chronometry-py.h"

#include "ns3/latency-interval-cache.h"
#include "ns3/lda-sketch.h"
#include "ns3/rda-sketch.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace
{
/**
 * \param e estimate
 * \return dict view
 */
py::dict
EstimateDict(const ns3::LatencyEstimate& e)
{
    py::dict d;
    d["valid"] = e.valid;
    d["mean_ns"] = e.meanNs;
    d["variance_ns2"] = e.varianceNs2;
    d["std_ns"] = e.stdNs;
    d["std_valid"] = e.stdValid;
    d["useful_packets"] = e.usefulPackets;
    d["useful_buckets"] = e.usefulBuckets;
    d["pairs"] = e.pairs;
    return d;
}

/**
 * \param paper true for the paper's estimator
 * \return the estimator
 */
ns3::LatencyVarianceEstimator
Estimator(bool paper)
{
    return paper ? ns3::LatencyVarianceEstimator::PAPER : ns3::LatencyVarianceEstimator::CENTERED;
}
} // namespace

void
chronometry_py::RegisterLatency(py::module_& m)
{
    using namespace ns3;

    py::class_<RdaSketch>(m,
                          "RdaSketch",
                          "Reconcilable Difference Aggregator (k banks x m buckets).")
        .def(py::init<uint32_t, uint32_t, bool, uint64_t>(),
             py::arg("banks"),
             py::arg("buckets_per_bank"),
             py::arg("checksum") = true,
             py::arg("seed") = 0)
        .def("insert", &RdaSketch::Insert, py::arg("id"), py::arg("ts_ns"))
        .def("delete", &RdaSketch::Delete, py::arg("id"), py::arg("ts_ns"))
        .def("subtract", &RdaSketch::Subtract, py::arg("other"))
        .def(
            "decode",
            [](const RdaSketch& s) {
                std::vector<RdaSketch::Entry> e;
                bool ok = s.Decode(e);
                py::list out;
                for (const auto& x : e)
                {
                    out.append(py::make_tuple(x.id, x.sign));
                }
                return py::make_tuple(ok, out);
            },
            "(complete, [(id, sign)]): sign +1 sender only, -1 receiver only (for S - R)")
        .def_property_readonly("banks", &RdaSketch::GetBanks)
        .def_property_readonly("buckets_per_bank", &RdaSketch::GetBucketsPerBank)
        .def_property_readonly("memory_bytes", &RdaSketch::MemoryBytes)
        .def("copy", [](const RdaSketch& s) { return RdaSketch(s); });
    m.def(
        "rda_repair",
        [](RdaSketch& s,
           RdaSketch& r,
           const std::vector<std::tuple<uint64_t, int64_t, int64_t>>& e) {
            std::vector<RdaSketch::Entry> v;
            for (const auto& x : e)
            {
                v.push_back({std::get<0>(x), std::get<2>(x), std::get<1>(x)});
            }
            RdaSketch::Repair(s, r, v);
        },
        py::arg("sender"),
        py::arg("receiver"),
        py::arg("entries"),
        "Delete decoded entries [(id, sign, ts_ns)] from the side that holds them.");
    m.def(
        "rda_aggregate",
        [](const RdaSketch& s, const RdaSketch& r, bool paper) {
            return EstimateDict(RdaSketch::Aggregate(s, r, Estimator(paper)));
        },
        py::arg("sender"),
        py::arg("receiver"),
        py::arg("paper_variance") = false);

    py::class_<LdaSketch>(m, "LdaSketch", "Lossy Difference Aggregator (timestamp sum, count).")
        .def(py::init<uint32_t, uint64_t>(), py::arg("buckets"), py::arg("seed") = 0)
        .def("insert", &LdaSketch::Insert, py::arg("id"), py::arg("ts_ns"));
    m.def(
        "lda_aggregate",
        [](const LdaSketch& s, const LdaSketch& r, bool paper) {
            return EstimateDict(LdaSketch::Aggregate(s, r, Estimator(paper)));
        },
        py::arg("sender"),
        py::arg("receiver"),
        py::arg("paper_variance") = false);

    py::class_<FineCombSketch>(m, "FineCombSketch", "FineComb: LDA plus XOR parity, stash repair.")
        .def(py::init<uint32_t, uint64_t>(), py::arg("buckets"), py::arg("seed") = 0)
        .def("insert", &FineCombSketch::Insert, py::arg("id"), py::arg("ts_ns"));
    m.def(
        "finecomb_aggregate",
        [](const FineCombSketch& s,
           const FineCombSketch& r,
           const std::vector<std::pair<uint64_t, int64_t>>& senderStash,
           const std::vector<std::pair<uint64_t, int64_t>>& receiverStash,
           uint64_t maxCombinations,
           bool paper) {
            std::vector<FineCombSketch::StashEntry> a;
            std::vector<FineCombSketch::StashEntry> b;
            for (const auto& x : senderStash)
            {
                a.push_back({x.first, x.second});
            }
            for (const auto& x : receiverStash)
            {
                b.push_back({x.first, x.second});
            }
            return EstimateDict(
                FineCombSketch::Aggregate(s, r, a, b, maxCombinations, Estimator(paper)));
        },
        py::arg("sender"),
        py::arg("receiver"),
        py::arg("sender_stash") = std::vector<std::pair<uint64_t, int64_t>>(),
        py::arg("receiver_stash") = std::vector<std::pair<uint64_t, int64_t>>(),
        py::arg("max_combinations") = 4096,
        py::arg("paper_variance") = false);

    py::class_<LatencyIntervalCache>(m, "LatencyIntervalCache", "Late-binding (id, ts) cache.")
        .def(py::init<>())
        .def("add", &LatencyIntervalCache::Add, py::arg("id"), py::arg("ts_ns"))
        .def("__len__", &LatencyIntervalCache::Size)
        .def("signature", &LatencyIntervalCache::Signature, py::arg("k"), py::arg("seed") = 0)
        .def("build_rda",
             &LatencyIntervalCache::BuildRda,
             py::arg("banks"),
             py::arg("buckets_per_bank"),
             py::arg("checksum") = true,
             py::arg("seed") = 0);
    m.def("estimate_difference",
          &LatencyIntervalCache::EstimateDifference,
          py::arg("sig_a"),
          py::arg("size_a"),
          py::arg("sig_b"),
          py::arg("size_b"),
          py::arg("k"));
    m.def("exact_difference", &LatencyIntervalCache::ExactDifference, py::arg("a"), py::arg("b"));
}
