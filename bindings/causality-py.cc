/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the causality clocks, random executions, the replay
// checker and the log exports.  Physical times are int nanoseconds.
#include "chronometry-py.h"

#include "ns3/causality-export.h"
#include "ns3/hybrid-vector-clock.h"
#include "ns3/logical-clocks.h"
#include "ns3/random-execution.h"
#include "ns3/replay-checker.h"
#include "ns3/replay-clock.h"
#include "ns3/skew-bound.h"

#include <optional>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace
{

using namespace ns3;

/**
 * The E HVC assumes in Execution.check: hvc_skew_bound_ns, or its deprecated name
 * hvc_epsilon_ns (a DeprecationWarning), or skew_ns.
 * \param current hvc_skew_bound_ns
 * \param deprecated hvc_epsilon_ns
 * \param skew skew_ns
 * \return E
 */
Time
HvcSkewBound(std::optional<Time> current, std::optional<Time> deprecated, Time skew)
{
    if (deprecated)
    {
        if (current)
        {
            throw py::value_error("hvc_epsilon_ns is the deprecated name of hvc_skew_bound_ns: "
                                  "give one");
        }
        if (PyErr_WarnEx(PyExc_DeprecationWarning,
                         "hvc_epsilon_ns is deprecated; use hvc_skew_bound_ns (the same setting)",
                         1) != 0)
        {
            throw py::error_already_set();
        }
        return *deprecated;
    }
    return current ? *current : skew;
}

/** An execution log held by Python (a named type, so pybind11 does not convert it to a list). */
struct Execution
{
    std::vector<CausalEvent> events; //!< the log
};

py::bytes
ToBytes(const std::vector<uint8_t>& v)
{
    return py::bytes(reinterpret_cast<const char*>(v.data()), v.size());
}

std::vector<uint8_t>
FromBytes(const py::bytes& b)
{
    std::string s = b;
    return std::vector<uint8_t>(s.begin(), s.end());
}

ReplayCounterRule
ParseRule(const std::string& rule)
{
    if (rule == "published")
    {
        return ReplayCounterRule::PUBLISHED;
    }
    if (rule == "epoch_counts")
    {
        return ReplayCounterRule::EPOCH_COUNTS;
    }
    throw py::value_error("counter_rule = '" + rule +
                          "' is invalid; valid values: 'published', 'epoch_counts'");
}

/**
 * \param encoding 'bitmap', 'sparse' or 'adaptive'
 * \return the encoding (ValueError for another name)
 */
StampEncoding
ParseEncoding(const std::string& encoding)
{
    if (encoding == "bitmap")
    {
        return STAMP_BITMAP;
    }
    if (encoding == "sparse")
    {
        return STAMP_SPARSE;
    }
    if (encoding == "adaptive")
    {
        return STAMP_ADAPTIVE;
    }
    throw py::value_error("encoding = '" + encoding +
                          "' is invalid; valid values: 'bitmap', 'sparse', 'adaptive'");
}

/**
 * \param encoding an encoding
 * \return its Python name: 'bitmap', 'sparse' or 'adaptive'
 */
std::string
EncodingName(StampEncoding encoding)
{
    std::string name = ToString(encoding);
    name[0] = static_cast<char>(name[0] - 'A' + 'a');
    return name;
}

py::dict
CountDict(const PropertyCount& c)
{
    py::dict d;
    d["applicable"] = c.applicable;
    d["violations"] = c.violations;
    d["examples"] = c.examples;
    return d;
}

/** Bind the operations every clock shares. */
template <typename Clock, typename PyClass>
void
BindCommon(PyClass& cls)
{
    cls.def("local_or_send",
            &Clock::LocalOrSend,
            py::arg("pt_ns"),
            "A local or send event at physical time pt_ns.")
        .def("receive",
             &Clock::Receive,
             py::arg("remote"),
             py::arg("pt_ns"),
             "A receive event merging the message's timestamp.")
        .def_static(
            "compare",
            [](const Clock& a, const Clock& b) { return ToString(Clock::Compare(a, b)); },
            py::arg("a"),
            py::arg("b"),
            "'before', 'after', 'equal' or 'concurrent'.")
        .def_property_readonly("encoded_bits", [](const Clock& c) { return c.GetEncodedBits(); });
}

/**
 * The stamp encodings of the sparse clocks (HVC, RepCl): the size under each, the form written.
 * \param cls the Python class
 */
template <typename Clock, typename PyClass>
void
BindEncodings(PyClass& cls)
{
    cls.def(
           "encoded_bits_as",
           [](const Clock& c, const std::string& encoding) {
               return c.GetEncodedBits(ParseEncoding(encoding));
           },
           py::arg("encoding"),
           "The size in bits under 'bitmap', 'sparse' or 'adaptive' (same clock).")
        .def_property_readonly(
            "encoded_form",
            [](const Clock& c) { return EncodingName(c.GetEncodedForm()); },
            "The form encode() writes: 'bitmap' or 'sparse'.");
}

/**
 * The logical clocks: LamportClock, VectorClock.
 * \param m the module
 */
void
RegisterLogicalClocks(py::module_& m)
{
    py::class_<LamportClock> lamport(
        m,
        "LamportClock",
        "Lamport's logical clock: one counter, the happened-before relation's weakest stamp.\n"
        "\n"
        "``LamportClock()`` starts at 0.");
    lamport.def(py::init<>())
        .def_property_readonly("value", &LamportClock::GetValue)
        .def("encode", [](const LamportClock& c) { return ToBytes(c.Encode()); })
        .def_static(
            "decode",
            [](const py::bytes& b) {
                LamportClock c;
                if (!LamportClock::Decode(FromBytes(b), c))
                {
                    throw py::value_error("LamportClock.decode: malformed bytes (valid: 8 bytes)");
                }
                return c;
            },
            py::arg("data"));
    BindCommon<LamportClock>(lamport);

    py::class_<VectorClock> vector(
        m,
        "VectorClock",
        "Vector clock: one entry per process, the ground truth of happened-before.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "n : int\n"
        "    The number of processes.\n"
        "self : int\n"
        "    This process' index, in [0, n - 1].\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An index outside [0, n - 1] (ConfigError).");
    vector.def(py::init<uint32_t, uint32_t>(), py::arg("n"), py::arg("self"))
        .def_property_readonly("entries", &VectorClock::GetEntries)
        .def("encode", [](const VectorClock& c) { return ToBytes(c.Encode()); })
        .def_static(
            "decode",
            [](const py::bytes& b, uint32_t n) {
                VectorClock c(n, 0);
                if (!VectorClock::Decode(FromBytes(b), n, c))
                {
                    throw py::value_error("VectorClock.decode: malformed bytes for n = " +
                                          std::to_string(n));
                }
                return c;
            },
            py::arg("data"),
            py::arg("n"));
    BindCommon<VectorClock>(vector);
}

/**
 * The hybrid clocks: HybridLogicalClock, HybridVectorClock.
 * \param m the module
 */
void
RegisterHybridClocks(py::module_& m)
{
    py::class_<HybridLogicalClock> hlc(
        m,
        "HybridLogicalClock",
        "Hybrid logical clock (l, c): physical time where it can, a counter where it cannot.\n"
        "\n"
        "``HybridLogicalClock()`` starts at (0, 0).");
    hlc.def(py::init<>())
        .def_property_readonly("l_ns", &HybridLogicalClock::GetL)
        .def_property_readonly("c", &HybridLogicalClock::GetC)
        .def("encode", [](const HybridLogicalClock& c) { return ToBytes(c.Encode()); })
        .def_static(
            "decode",
            [](const py::bytes& b) {
                HybridLogicalClock c;
                if (!HybridLogicalClock::Decode(FromBytes(b), c))
                {
                    throw py::value_error(
                        "HybridLogicalClock.decode: malformed bytes (valid: 12 bytes)");
                }
                return c;
            },
            py::arg("data"));
    BindCommon<HybridLogicalClock>(hlc);

    py::class_<HybridVectorClock> hvc(
        m,
        "HybridVectorClock",
        "Hybrid vector clock, sparse: an entry per process within epsilon of the newest time.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "n : int\n"
        "    The number of processes.\n"
        "self : int\n"
        "    This process' index, in [0, n - 1].\n"
        "epsilon_ns : int\n"
        "    The skew bound E it assumes, ns: entries more than E behind are dropped.\n"
        "encoding : str, default 'bitmap'\n"
        "    How encode() writes it: 'bitmap', 'sparse' or 'adaptive'.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An index outside [0, n - 1] or an unknown encoding (ConfigError).");
    hvc.def(py::init([](uint32_t n, uint32_t self, Time epsilon, const std::string& encoding) {
                return HybridVectorClock(n, self, epsilon, ParseEncoding(encoding));
            }),
            py::arg("n"),
            py::arg("self"),
            py::arg("epsilon_ns"),
            py::arg("encoding") = "bitmap")
        .def("expand", &HybridVectorClock::Expand, "The full vector (ns).")
        .def_property_readonly("active_count", &HybridVectorClock::GetActiveCount)
        .def_property_readonly("active_entries",
                               [](const HybridVectorClock& c) {
                                   const auto& a = c.GetActiveEntries();
                                   return std::vector<std::pair<uint32_t, int64_t>>(a.begin(),
                                                                                    a.end());
                               })
        .def("encode", [](const HybridVectorClock& c) { return ToBytes(c.Encode()); })
        .def_static(
            "decode",
            [](const py::bytes& b, uint32_t n, Time eps, const std::string& encoding) {
                const StampEncoding e = ParseEncoding(encoding);
                HybridVectorClock c(n, 0, eps, e);
                if (!HybridVectorClock::Decode(FromBytes(b), n, eps, c, e))
                {
                    throw py::value_error("HybridVectorClock.decode: malformed bytes for n = " +
                                          std::to_string(n) + ", encoding " + encoding);
                }
                return c;
            },
            py::arg("data"),
            py::arg("n"),
            py::arg("epsilon_ns"),
            py::arg("encoding") = "bitmap");
    BindCommon<HybridVectorClock>(hvc);
    BindEncodings<HybridVectorClock>(hvc);
}

/**
 * The replay clock: ReplayClockConfig, ReplayClock.
 * \param m the module
 */
void
RegisterReplayClock(py::module_& m)
{
    py::class_<ReplayClockConfig>(
        m,
        "ReplayClockConfig",
        "Parameters of a system's replay clocks (RepCl), shared by every process' clock.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "n : int, default 64\n"
        "    The number of processes, in [1, 65535].\n"
        "epsilon : int, default 10\n"
        "    The skew bound E in epochs (E = epsilon x interval).\n"
        "interval_ns : int, default 100000\n"
        "    The epoch length I, ns.\n"
        "counter_bits : int, default 4\n"
        "    Bits of each counter in the encoding (wider when a counter needs it).\n"
        "sum_counters : bool, default False\n"
        "    One summed counter instead of one per offset.\n"
        "counter_rule : str, default 'published'\n"
        "    The counter update rule: 'published' (the paper's) or 'epoch_counts'.\n"
        "encoding : str, default 'bitmap'\n"
        "    How encode() writes a clock: 'bitmap', 'sparse' or 'adaptive'.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value out of range or an unknown name (ConfigError).")
        .def(py::init([](uint32_t n,
                         uint32_t epsilon,
                         Time interval,
                         uint32_t counterBits,
                         bool sumCounters,
                         const std::string& rule,
                         const std::string& encoding) {
                 ReplayClockConfig c;
                 c.n = n;
                 c.epsilon = epsilon;
                 c.interval = interval;
                 c.counterBits = counterBits;
                 c.sumCounters = sumCounters;
                 c.counterRule = ParseRule(rule);
                 c.encoding = ParseEncoding(encoding);
                 c.Validate();
                 return c;
             }),
             py::arg("n") = 64,
             py::arg("epsilon") = 10,
             py::arg("interval_ns") = 100000,
             py::arg("counter_bits") = 4,
             py::arg("sum_counters") = false,
             py::arg("counter_rule") = "published",
             py::arg("encoding") = "bitmap")
        .def_readonly("n", &ReplayClockConfig::n)
        .def_property_readonly("encoding",
                               [](const ReplayClockConfig& c) { return EncodingName(c.encoding); })
        .def_readonly("epsilon", &ReplayClockConfig::epsilon)
        .def_property_readonly("interval_ns", [](const ReplayClockConfig& c) { return c.interval; })
        .def_property_readonly("offset_bits", &ReplayClockConfig::GetOffsetBits);

    py::class_<ReplayClock> repcl(m,
                                  "ReplayClock",
                                  "Replay clock <mx, bitmap, offsets, counters> of one process.\n"
                                  "\n"
                                  "Parameters\n"
                                  "----------\n"
                                  "config : ReplayClockConfig\n"
                                  "    The system's parameters.\n"
                                  "self : int\n"
                                  "    This process' index, in [0, config.n - 1].\n"
                                  "\n"
                                  "Raises\n"
                                  "------\n"
                                  "ValueError\n"
                                  "    An index out of range (ConfigError).");
    repcl.def(py::init<const ReplayClockConfig&, uint32_t>(), py::arg("config"), py::arg("self"))
        .def_static("from_parts",
                    &ReplayClock::FromParts,
                    py::arg("config"),
                    py::arg("self"),
                    py::arg("mx"),
                    py::arg("offsets"),
                    py::arg("counters") = std::vector<uint64_t>{})
        .def("shift", &ReplayClock::Shift, py::arg("new_mx"))
        .def_static("merge_same_epoch", &ReplayClock::MergeSameEpoch)
        .def_static("equal_offset", &ReplayClock::EqualOffset)
        .def_property_readonly("mx", &ReplayClock::GetMx)
        .def_property_readonly("offsets", &ReplayClock::ExpandOffsets)
        .def_property_readonly("counters", &ReplayClock::ExpandCounters)
        .def_property_readonly("bitmap", &ReplayClock::GetBitmap)
        .def_property_readonly("theta", &ReplayClock::GetOffsetCount)
        .def_property_readonly("sigma", &ReplayClock::GetCounterCount)
        .def(
            "encode",
            [](const ReplayClock& c) {
                bool widened = false;
                auto bytes = c.Encode(&widened);
                return py::make_tuple(ToBytes(bytes), widened);
            },
            "(bytes, widened): widened is True when a counter needed more than counter_bits.")
        .def_static(
            "decode",
            [](const py::bytes& b, const ReplayClockConfig& config) {
                ReplayClock c(config, config.n);
                if (!ReplayClock::Decode(FromBytes(b), config, c))
                {
                    throw py::value_error("ReplayClock.decode: malformed bytes for this config");
                }
                return c;
            },
            py::arg("data"),
            py::arg("config"));
    BindCommon<ReplayClock>(repcl);
    BindEncodings<ReplayClock>(repcl);
}

/**
 * An execution log: Execution (events, replay checker, exports).
 * \param m the module
 */
void
RegisterExecution(py::module_& m)
{
    py::class_<Execution>(
        m,
        "Execution",
        "An execution log: events in order, each stamped by every clock, with the vector-clock "
        "truth.\n"
        "\n"
        "Made by random_execution; ``len()``, ``event(i)``, ``check(...)`` (the replay "
        "checker),\n"
        "``write_csv`` and ``write_shiviz`` read it.")
        .def("__len__", [](const Execution& x) { return x.events.size(); })
        .def(
            "event",
            [](const Execution& x, std::size_t i) {
                const auto& v = x.events;
                if (i >= v.size())
                {
                    throw py::index_error("event index out of range");
                }
                const CausalEvent& e = v[i];
                py::dict d;
                d["id"] = e.id;
                d["process"] = e.process;
                d["kind"] = ToString(e.kind);
                d["true_ns"] = e.trueTime;
                d["pt_ns"] = e.pt;
                d["message"] = e.messageId;
                d["peer"] = e.peer;
                d["vector"] = e.stamp.vector.GetEntries();
                d["repcl_theta"] = e.stamp.repcl ? e.stamp.repcl->GetOffsetCount() : 0;
                d["repcl_bits"] = e.stamp.repcl ? e.stamp.repcl->GetEncodedBits() : 0;
                d["hvc_active"] = e.stamp.hvc ? e.stamp.hvc->GetActiveCount() : 0;
                return d;
            },
            py::arg("index"))
        .def(
            "check",
            [](const Execution& x,
               Time skew,
               Time interval,
               std::optional<Time> hvcSkewBound,
               std::optional<Time> hvcEpsilon) {
                const auto& v = x.events;
                ReplayCheckerOptions o;
                o.skewBound = skew;
                o.interval = interval;
                o.hvcSkewBound = HvcSkewBound(hvcSkewBound, hvcEpsilon, skew);
                auto r = ReplayChecker::Check(v, o);
                py::dict d;
                d["events"] = r.events;
                d["pairs"] = r.pairsExamined;
                d["sampled"] = r.sampled;
                d["concurrent_pairs"] = r.concurrentPairs;
                d["repcl_hb"] = CountDict(r.repclHb);
                d["repcl_far"] = CountDict(r.repclFar);
                d["repcl_far_thesis"] = CountDict(r.repclFarKnown);
                d["repcl_far_2e"] = CountDict(r.repclFarDoubleSkew);
                d["repcl_close"] = CountDict(r.repclClose);
                d["repcl_close_thesis"] = CountDict(r.repclCloseKnown);
                d["repcl_only_if_justified"] = CountDict(r.repclOnlyIfJustified);
                d["hlc_hb"] = CountDict(r.hlcHb);
                d["hvc_hb"] = CountDict(r.hvcHb);
                d["hvc_only_if"] = CountDict(r.hvcOnlyIfHb);
                d["repcl_forced"] = r.repclForced;
                d["hvc_forced"] = r.hvcForced;
                d["hlc_forced"] = r.hlcForced;
                d["summary"] = r.Summary();
                return d;
            },
            py::arg("skew_ns"),
            py::arg("interval_ns"),
            py::arg("hvc_skew_bound_ns") = py::none(),
            py::kw_only(),
            py::arg("hvc_epsilon_ns") = py::none(),
            "Run the replay checker; returns the tallies as a dict. hvc_skew_bound_ns: the E "
            "HVC assumes (default skew_ns); hvc_epsilon_ns is its deprecated name.")
        .def(
            "write_csv",
            [](const Execution& x, const std::string& path) {
                if (!CausalityExport::WriteCsv(x.events, path))
                {
                    throw py::value_error("write_csv: cannot write " + path);
                }
            },
            py::arg("path"))
        .def(
            "write_shiviz",
            [](const Execution& x, const std::string& path) {
                if (!CausalityExport::WriteShiViz(x.events, path))
                {
                    throw py::value_error("write_shiviz: cannot write " + path);
                }
            },
            py::arg("path"));
}

/**
 * random_execution: a simulator-free execution, every clock stamped.
 * \param m the module
 */
void
RegisterRandomExecution(py::module_& m)
{
    m.def(
        "random_execution",
        [](uint32_t n,
           uint32_t events,
           Time meanGap,
           double localFraction,
           Time minDelay,
           Time maxDelay,
           Time skew,
           Time interval,
           const std::string& rule,
           bool sumCounters,
           uint64_t seed) {
            if (!IsSkewBoundMultiple(skew, interval))
            {
                throw py::value_error("skew_ns must be a positive multiple of interval_ns (" +
                                      SkewBoundMultipleRule() + "); got " +
                                      std::to_string(skew.GetNanoSeconds()) + " and " +
                                      std::to_string(interval.GetNanoSeconds()));
            }
            RandomExecutionParams p;
            p.n = n;
            p.events = events;
            p.meanGap = meanGap;
            p.localFraction = localFraction;
            p.minDelay = minDelay;
            p.maxDelay = maxDelay;
            p.skewBound = skew;
            p.seed = seed;
            CausalityConfig c;
            c.n = n;
            c.hvcSkewBound = skew;
            c.replay.epsilon = static_cast<uint32_t>(skew.GetTimeStep() / interval.GetTimeStep());
            c.replay.interval = interval;
            c.replay.counterRule = ParseRule(rule);
            c.replay.sumCounters = sumCounters;
            return Execution{RandomExecution::Run(p, c)};
        },
        py::arg("n") = 8,
        py::arg("events") = 200,
        py::arg("mean_gap_ns") = 100000,
        py::arg("local_fraction") = 0.3,
        py::arg("min_delay_ns") = 1000,
        py::arg("max_delay_ns") = 300000,
        py::arg("skew_ns") = RandomExecutionParams().skewBound, // the C++ default, stated there
        py::arg("interval_ns") = 20000,
        py::arg("counter_rule") = "published",
        py::arg("sum_counters") = false,
        py::arg("seed") = 1,
        "A simulator-free random execution with bounded-skew clocks and every clock stamped.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "n : int, default 8\n"
        "    Processes, in [1, 65535].\n"
        "events : int, default 200\n"
        "    Events in total.\n"
        "mean_gap_ns : int, default 100000\n"
        "    Mean gap between a process' events, ns.\n"
        "local_fraction : float, default 0.3\n"
        "    Fraction of events that are local (the others send a message).\n"
        "min_delay_ns : int, default 1000\n"
        "    Shortest message delay, ns.\n"
        "max_delay_ns : int, default 300000\n"
        "    Longest message delay, ns.\n"
        "skew_ns : int, default 200000\n"
        "    The skew bound E of the bounded-skew clocks, ns (a multiple of interval_ns).\n"
        "interval_ns : int, default 20000\n"
        "    RepCl's epoch length I, ns.\n"
        "counter_rule : str, default 'published'\n"
        "    RepCl's counter rule.\n"
        "sum_counters : bool, default False\n"
        "    RepCl with one summed counter.\n"
        "seed : int, default 1\n"
        "    The random stream's seed.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "Execution\n"
        "    The log, every event stamped by every clock.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value out of range, or E not a multiple of I (ConfigError).");
}

} // namespace

void
chronometry_py::RegisterCausality(py::module_& m)
{
    RegisterLogicalClocks(m);
    RegisterHybridClocks(m);
    RegisterReplayClock(m);
    RegisterExecution(m);
    RegisterRandomExecution(m);
}
