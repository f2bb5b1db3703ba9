/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the RDA latency measurement: the simulator-free sketches (RDA, LDA,
// FineComb, late-binding cache; the RDA study runs through run_study, bindings/study-py.cc).
// Timestamps and times are int nanoseconds.
#include "chronometry-py.h"

#include "ns3/latency-interval-cache.h"
#include "ns3/latency-paper-experiments.h"
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

/**
 * The Reconcilable Difference Aggregator: RdaSketch, rda_repair, rda_aggregate.
 * \param m the module
 */
void
RegisterRdaSketch(py::module_& m)
{
    using namespace ns3;
    py::class_<RdaSketch>(
        m,
        "RdaSketch",
        "Reconcilable Difference Aggregator: k banks of m buckets of (id, timestamp) sums.\n"
        "\n"
        "Both measurement points insert every packet; the receiver's sketch subtracted from the\n"
        "sender's leaves the packets only one side saw (lost or reordered), which decode() lists "
        "so\n"
        "that rda_repair can remove them before rda_aggregate.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "banks : int\n"
        "    Banks k, in [1, 16].\n"
        "buckets_per_bank : int\n"
        "    Buckets m per bank.\n"
        "checksum : bool, default True\n"
        "    Keep a checksum per bucket (detects a wrongly decoded pure bucket).\n"
        "seed : int, default 0\n"
        "    The bucket hash's seed (the same at both points).\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A bank or bucket count out of range (ConfigError).")
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
        "Delete decoded entries from the side that holds them.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "sender : RdaSketch\n"
        "    The sender's sketch.\n"
        "receiver : RdaSketch\n"
        "    The receiver's sketch.\n"
        "entries : list of (int, int, int)\n"
        "    Decoded (id, sign, ts_ns): sign +1 removes the entry from the sender, -1 from the "
        "receiver.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "None");
    m.def(
        "rda_aggregate",
        [](const RdaSketch& s, const RdaSketch& r, bool paper) {
            return EstimateDict(RdaSketch::Aggregate(s, r, Estimator(paper)));
        },
        py::arg("sender"),
        py::arg("receiver"),
        py::arg("paper_variance") = false,
        "RDA's latency estimate from a sender's and a receiver's sketch.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "sender : RdaSketch\n"
        "    The sender's sketch (repaired).\n"
        "receiver : RdaSketch\n"
        "    The receiver's sketch (repaired).\n"
        "paper_variance : bool, default False\n"
        "    Use the paper's variance estimator instead of chronometry's unbiased one.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "LatencyAggregate\n"
        "    The mean and variance of the latency over the usable packets, and what was usable.");
}

/**
 * The baselines at equal memory: LdaSketch, lda_aggregate, FineCombSketch, finecomb_aggregate.
 * \param m the module
 */
void
RegisterLdaAndFineComb(py::module_& m)
{
    using namespace ns3;
    py::class_<LdaSketch>(
        m,
        "LdaSketch",
        "Lossy Difference Aggregator: per bucket a timestamp sum and a count (the baseline RDA "
        "must beat).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "buckets : int\n"
        "    Buckets, at least 1.\n"
        "seed : int, default 0\n"
        "    The bucket hash's seed (the same at both points).\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A bucket count out of range (ConfigError).")
        .def(py::init<uint32_t, uint64_t>(), py::arg("buckets"), py::arg("seed") = 0)
        .def("insert", &LdaSketch::Insert, py::arg("id"), py::arg("ts_ns"));
    m.def(
        "lda_aggregate",
        [](const LdaSketch& s, const LdaSketch& r, bool paper) {
            return EstimateDict(LdaSketch::Aggregate(s, r, Estimator(paper)));
        },
        py::arg("sender"),
        py::arg("receiver"),
        py::arg("paper_variance") = false,
        "LDA's latency estimate from a sender's and a receiver's sketch: buckets whose counts "
        "agree.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "sender : LdaSketch\n"
        "    The sender's sketch.\n"
        "receiver : LdaSketch\n"
        "    The receiver's sketch.\n"
        "paper_variance : bool, default False\n"
        "    Use the paper's variance estimator.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "LatencyAggregate\n"
        "    The mean and variance of the latency over the usable buckets' packets.");

    py::class_<FineCombSketch>(
        m,
        "FineCombSketch",
        "FineComb: LDA plus an XOR parity per bucket, repaired from a stash of recent packets.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "buckets : int\n"
        "    Buckets, at least 1.\n"
        "seed : int, default 0\n"
        "    The bucket hash's seed (the same at both points).\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A bucket count out of range (ConfigError).")
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
        py::arg("paper_variance") = false,
        "FineComb's latency estimate: LDA's, with buckets repaired from the stashes.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "sender : FineCombSketch\n"
        "    The sender's sketch.\n"
        "receiver : FineCombSketch\n"
        "    The receiver's sketch.\n"
        "sender_stash : list of (int, int), default []\n"
        "    The sender's recent (id, ts_ns), candidates for a repair.\n"
        "receiver_stash : list of (int, int), default []\n"
        "    The receiver's recent (id, ts_ns).\n"
        "max_combinations : int, default 4096\n"
        "    The most stash subsets tried per bucket.\n"
        "paper_variance : bool, default False\n"
        "    Use the paper's variance estimator.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "LatencyAggregate\n"
        "    The mean and variance of the latency over the usable packets.");
}

/**
 * Late binding: LatencyIntervalCache, estimate_difference, exact_difference.
 * \param m the module
 */
void
RegisterIntervalCache(py::module_& m)
{
    using namespace ns3;
    py::class_<LatencyIntervalCache>(
        m,
        "LatencyIntervalCache",
        "Late-binding (id, ts) cache of one measurement interval at one point.\n"
        "\n"
        "It keeps every packet's id and timestamp so that the sketch can be sized after the "
        "interval\n"
        "(build_rda), from the difference the two points' MinHash signatures estimate.\n"
        "``LatencyIntervalCache()`` starts empty.")
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
          py::arg("k"),
          "Estimated size of the symmetric difference of two sets from their bottom-K MinHash "
          "signatures.\n"
          "\n"
          "d = |A| + |B| - 2 |A n B|, never below ||A| - |B||.\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "sig_a : list of int\n"
          "    A's signature (LatencyIntervalCache.signature).\n"
          "size_a : int\n"
          "    |A|.\n"
          "sig_b : list of int\n"
          "    B's signature, with the same k and seed.\n"
          "size_b : int\n"
          "    |B|.\n"
          "k : int\n"
          "    The signature size K used for both.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "float\n"
          "    The estimated difference d.");
    m.def("exact_difference",
          &LatencyIntervalCache::ExactDifference,
          py::arg("a"),
          py::arg("b"),
          "Exact size of the symmetric difference of two caches' packet sets (the truth for the "
          "estimate).\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "a : LatencyIntervalCache\n"
          "    One point's cache.\n"
          "b : LatencyIntervalCache\n"
          "    The other's.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "int\n"
          "    |A xor B|.");
}

/**
 * The difference's estimate with its error, and the sketch's size for it:
 * estimate_difference_with_error, buckets_for_target. \param m the module
 */
void
RegisterDifferenceEstimates(py::module_& m)
{
    using namespace ns3;
    m.def(
        "estimate_difference_with_error",
        [](const std::vector<uint64_t>& a,
           uint64_t sizeA,
           const std::vector<uint64_t>& b,
           uint64_t sizeB,
           uint32_t k,
           double z) {
            LatencyDifferenceEstimate e =
                LatencyIntervalCache::EstimateDifferenceWithError(a, sizeA, b, sizeB, k, z);
            py::dict d;
            d["d_hat"] = e.dHat;
            d["std_err"] = e.stdErr;
            d["upper"] = e.upper;
            return d;
        },
        py::arg("sig_a"),
        py::arg("size_a"),
        py::arg("sig_b"),
        py::arg("size_b"),
        py::arg("k"),
        py::arg("z") = 2.0,
        "estimate_difference with its standard error and a one-sided upper bound.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "sig_a : list of int\n"
        "    A's signature.\n"
        "size_a : int\n"
        "    |A|.\n"
        "sig_b : list of int\n"
        "    B's signature, with the same k and seed.\n"
        "size_b : int\n"
        "    |B|.\n"
        "k : int\n"
        "    The signature size K.\n"
        "z : float, default 2.0\n"
        "    The bound's width in standard errors (0: the bound is the estimate).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "DifferenceEstimate\n"
        "    The estimate, its standard error and the bound.");
    m.def("buckets_for_target",
          &LatencyIntervalCache::BucketsForTarget,
          "Buckets per bank: max(ceil(factor d_bound) + min_buckets, ceil(1 / std_rel_error^2)).",
          py::arg("d_bound"),
          py::arg("factor") = 0.6,
          py::arg("banks") = 3,
          py::arg("std_rel_error") = 0.0,
          py::arg("min_buckets") = 32,
          "Buckets per bank for an expected difference.\n"
          "\n"
          "max(ceil(factor d_bound) + min_buckets, ceil(1 / std_rel_error^2)).\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "d_bound : float\n"
          "    The difference to provision for (an upper bound of d).\n"
          "factor : float, default 0.6\n"
          "    Buckets per bank per difference.\n"
          "banks : int, default 3\n"
          "    Banks k (reserved: the bound is per bank).\n"
          "std_rel_error : float, default 0.0\n"
          "    Target relative standard error of the std estimate (0: none).\n"
          "min_buckets : int, default 32\n"
          "    Added to factor d_bound (small differences peel less reliably).\n"
          "\n"
          "Returns\n"
          "-------\n"
          "int\n"
          "    Buckets per bank.");
}

/**
 * Sketch experiments (simulator-free; doc/latency.rst): rda_transition (Figures 7, 8).
 * \param m the module
 */
void
RegisterTransitionAndLayout(py::module_& m)
{
    using namespace ns3;
    m.def(
        "rda_transition",
        [](uint32_t banks,
           uint32_t totalBuckets,
           bool checksum,
           uint64_t commonPackets,
           uint64_t difference,
           double lostFraction,
           double weibullShape,
           double weibullScaleNs,
           uint32_t trials,
           uint64_t seed) {
            if (banks < 1 || banks > RdaSketch::MAX_BANKS || totalBuckets < banks ||
                lostFraction < 0 || lostFraction > 1 || weibullShape <= 0 || trials < 1)
            {
                throw py::value_error("rda_transition: banks in [1, 16], total_buckets >= "
                                      "banks, lost_fraction in [0, 1], weibull_shape > 0, "
                                      "trials >= 1");
            }
            RdaTransitionParams p;
            p.banks = banks;
            p.totalBuckets = totalBuckets;
            p.checksum = checksum;
            p.commonPackets = commonPackets;
            p.difference = difference;
            p.lostFraction = lostFraction;
            p.weibullShape = weibullShape;
            p.weibullScaleNs = weibullScaleNs;
            p.trials = trials;
            p.seed = seed;
            RdaTransitionPoint t = RunRdaTransition(p);
            py::dict d;
            d["difference"] = t.difference;
            d["decoded_fraction"] = t.decodedFraction;
            d["rda_mean_rel_err"] = t.rdaMeanRelErr;
            d["rda_std_rel_err"] = t.rdaStdRelErr;
            d["rda_useful_fraction"] = t.rdaUsefulFraction;
            d["lda_mean_rel_err"] = t.ldaMeanRelErr;
            d["lda_std_rel_err"] = t.ldaStdRelErr;
            d["fc_mean_rel_err"] = t.fcMeanRelErr;
            d["fc_std_rel_err"] = t.fcStdRelErr;
            d["trials"] = t.trials;
            return d;
        },
        "Figure 7/8: RDA at a fixed size against LDA and FineComb as d grows (one point).",
        py::arg("banks") = 2,
        py::arg("total_buckets") = 5000,
        py::arg("checksum") = false,
        py::arg("common_packets") = 20000,
        py::arg("difference") = 0,
        py::arg("lost_fraction") = 0.5,
        py::arg("weibull_shape") = 0.6,
        py::arg("weibull_scale_ns") = 100000.0,
        py::arg("trials") = 20,
        py::arg("seed") = 1,
        "Figure 7/8 of the RDA paper, one point: RDA at a fixed size against LDA and FineComb as "
        "d grows.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "banks : int, default 2\n"
        "    RDA's banks, in [1, 16].\n"
        "total_buckets : int, default 5000\n"
        "    Buckets of every method (equal memory), at least banks.\n"
        "checksum : bool, default False\n"
        "    RDA with checksums.\n"
        "common_packets : int, default 20000\n"
        "    Packets both points see.\n"
        "difference : int, default 0\n"
        "    Packets only one point sees (lost or reordered), d.\n"
        "lost_fraction : float, default 0.5\n"
        "    The fraction of the difference that is lost (the rest reordered), in [0, 1].\n"
        "weibull_shape : float, default 0.6\n"
        "    Shape of the Weibull latency, > 0.\n"
        "weibull_scale_ns : float, default 100000.0\n"
        "    Scale of the Weibull latency, ns.\n"
        "trials : int, default 20\n"
        "    Independent trials, at least 1.\n"
        "seed : int, default 1\n"
        "    The first trial's seed.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "RdaTransition\n"
        "    The decoded fraction and each method's relative errors of the mean and the std.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value out of range, naming the valid ranges.");
}

/**
 * The equal-memory layout comparison: rda_layout.
 * \param m the module
 */
void
RegisterLayout(py::module_& m)
{
    using namespace ns3;
    m.def(
        "rda_layout",
        [](uint32_t banks,
           bool checksum,
           double bytesPerDifference,
           uint64_t difference,
           uint64_t commonPackets,
           uint32_t trials,
           uint64_t seed,
           bool validate) {
            if (banks < 1 || banks > RdaSketch::MAX_BANKS || bytesPerDifference <= 0 ||
                difference < 1)
            {
                throw py::value_error("rda_layout: banks in [1, 16], bytes_per_difference > 0, "
                                      "difference >= 1");
            }
            RdaLayoutResult r = RunRdaLayout(banks,
                                             checksum,
                                             bytesPerDifference,
                                             difference,
                                             commonPackets,
                                             trials,
                                             seed,
                                             validate);
            py::dict d;
            d["banks"] = r.banks;
            d["checksum"] = r.checksum;
            d["buckets_per_bank"] = r.bucketsPerBank;
            d["trials"] = r.trials;
            d["exact"] = r.exact;
            d["detected"] = r.detected;
            d["undetected"] = r.undetected;
            return d;
        },
        "Equal-memory layout comparison: exact decodes out of trials.",
        py::arg("banks"),
        py::arg("checksum"),
        py::arg("bytes_per_difference"),
        py::arg("difference"),
        py::arg("common_packets") = 1000,
        py::arg("trials") = 200,
        py::arg("seed") = 11,
        py::arg("validate") = true,
        "Equal-memory layout comparison: exact decodes of a bank layout out of trials.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "banks : int\n"
        "    Banks, in [1, 16].\n"
        "checksum : bool\n"
        "    With checksums.\n"
        "bytes_per_difference : float\n"
        "    Memory per expected difference, bytes (> 0).\n"
        "difference : int\n"
        "    The difference d, at least 1.\n"
        "common_packets : int, default 1000\n"
        "    Packets both points see.\n"
        "trials : int, default 200\n"
        "    Independent trials.\n"
        "seed : int, default 11\n"
        "    The first trial's seed.\n"
        "validate : bool, default True\n"
        "    Check every decode against the truth (counts the undetected failures).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "RdaLayout\n"
        "    Exact, detected-failed and undetected-failed decodes.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value out of range, naming the valid ranges.");
}

/**
 * decode_cost: the paper's Figure 6 (simulator-free).
 * \param m the module
 */
void
RegisterDecodeCost(py::module_& m)
{
    using namespace ns3;
    m.def(
        "decode_cost",
        [](uint64_t problematic, uint32_t stashSize, uint64_t maxCombinations, uint64_t seed) {
            if (stashSize > 63)
            {
                throw py::value_error("decode_cost: stash_size in [0, 63]");
            }
            DecodeCostPoint c = RunDecodeCost(problematic, stashSize, maxCombinations, seed);
            py::dict d;
            d["problematic"] = c.problematic;
            d["stash_size"] = c.stashSize;
            d["rda_cpu_s"] = c.rdaCpuSeconds;
            d["finecomb_brute_cpu_s"] = c.fineCombCpuSeconds;
            d["finecomb_bucketed_cpu_s"] = c.bucketedCpuSeconds;
            d["brute_subsets"] = c.combinationsTried;
            d["bucketed_subsets"] = c.bucketedCombinations;
            d["rda_decoded"] = c.rdaDecoded;
            return d;
        },
        "Figure 6: decode cost of RDA against brute-force and bucketed FineComb (CPU s).",
        py::arg("problematic"),
        py::arg("stash_size"),
        py::arg("max_combinations") = 1u << 22,
        py::arg("seed") = 5,
        "Figure 6 of the RDA paper: CPU time of RDA's decode against FineComb's brute-force and "
        "bucketed\n"
        "repairs.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "problematic : int\n"
        "    Problematic (one-sided) packets.\n"
        "stash_size : int\n"
        "    FineComb's stash, in [0, 63].\n"
        "max_combinations : int, default 4194304\n"
        "    The most subsets FineComb tries.\n"
        "seed : int, default 5\n"
        "    The random stream's seed.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "DecodeCost\n"
        "    CPU seconds of each method and the subsets FineComb tried.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A stash size out of range.");
}

} // namespace

void
chronometry_py::RegisterLatency(py::module_& m)
{
    RegisterRdaSketch(m);
    RegisterLdaAndFineComb(m);
    RegisterIntervalCache(m);
    RegisterDifferenceEstimates(m);
    RegisterTransitionAndLayout(m);
    RegisterLayout(m);
    RegisterDecodeCost(m);
}
