/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the MinRTT relation estimator core (simulator-free; the relation
// study runs through run_study, bindings/study-py.cc), one registration function per class:
// probe rounds, drift wander, the two-round relation and its scenarios, the multi-round fit,
// the NTP-style baseline, the N-node graph. TSC values are Python ints (ticks); times are int
// nanoseconds.
#include "chronometry-py.h"

#include "ns3/multi-round-relation.h"
#include "ns3/ntp-estimator.h"
#include "ns3/relation-graph.h"
#include "ns3/tsc-relation.h"
#include "ns3/tsc-scenarios.h"

#include <cmath>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace
{

using namespace ns3;
using namespace ns3::relation;

/**
 * \param b a counter value as Python passes it (a float; an int arrives converted to one)
 * \return the same value as an exact counter value and a fractional offset, for the exact
 *         tick forms of the estimators
 */
TickPoint
ToTickPoint(double b)
{
    const double base = b >= 0 && b < 18446744073709551616.0 ? std::floor(b) : 0.0;
    return TickPoint{static_cast<uint64_t>(base), b - base};
}

/**
 * \param p a point on a counter
 * \return it as the float Python receives
 */
double
ToDouble(const TickPoint& p)
{
    return static_cast<double>(p.base) + p.offset;
}

/**
 * A probe round and the MinRTT choice: MinRttRound, select_min_rtt, DurationEstimate.
 * \param m the module
 */
void
RegisterMinRttRound(py::module_& m)
{
    py::class_<MinRttRound>(
        m,
        "MinRttRound",
        "One probe round initiated by A towards B, in counter ticks: A's send, B's reading, A's "
        "receive.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "send_a : int\n"
        "    A's counter when it sent the probe.\n"
        "peer_b : int\n"
        "    B's counter when it answered.\n"
        "recv_a : int\n"
        "    A's counter when the answer came back.")
        .def(py::init([](uint64_t sendA, uint64_t peerB, uint64_t recvA) {
                 return MinRttRound{sendA, peerB, recvA};
             }),
             py::arg("send_a"),
             py::arg("peer_b"),
             py::arg("recv_a"))
        .def_readwrite("send_a", &MinRttRound::sendA)
        .def_readwrite("peer_b", &MinRttRound::peerB)
        .def_readwrite("recv_a", &MinRttRound::recvA)
        .def_property_readonly("rtt", &MinRttRound::Rtt)
        .def_property_readonly("mid", &MinRttRound::Mid)
        .def_property_readonly("half_rtt", &MinRttRound::HalfRtt);
    m.def(
        "select_min_rtt",
        [](const std::vector<MinRttRound>& rounds) {
            if (rounds.empty())
            {
                throw py::value_error("select_min_rtt: rounds must not be empty");
            }
            return SelectMinRtt(rounds);
        },
        py::arg("rounds"),
        "The round with the smallest round-trip time (MinRTT's choice: the least queueing).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "rounds : list of MinRttRound\n"
        "    The rounds, at least one.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "MinRttRound\n"
        "    The round of the smallest recv_a - send_a.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    No rounds.");

    py::class_<DurationEstimate>(
        m,
        "DurationEstimate",
        "A duration translated into the reference A's ticks: ``value`` within +-``bound`` "
        "(chronometry's\n"
        "bound) and ``paper_bound`` (the paper's formula, for comparison; it can fail to "
        "cover).")
        .def_readonly("value", &DurationEstimate::value)
        .def_readonly("bound", &DurationEstimate::bound)
        .def_readonly("paper_bound", &DurationEstimate::paperBound);
}

/**
 * The drift-wander term: DriftWander.
 * \param m the module
 */
void
RegisterDriftWander(py::module_& m)
{
    py::class_<DriftWander>(
        m,
        "DriftWander",
        "Bound on how far the relative drift of two counters moves between probe rounds.\n"
        "\n"
        "A term added to every bound of a relation: a drift rate (ppm/s), steps (ppm) and a "
        "random walk\n"
        "(ppm/sqrt(s), K sigmas).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "rate_ppm_per_s : float, default 0.0\n"
        "    The largest drift rate, ppm/s.\n"
        "step_ppm : float, default 0.0\n"
        "    The largest drift step, ppm, in [0, 10000].\n"
        "peer_frequency_hz : float, default 0.0\n"
        "    B's nominal frequency, Hz (needed with any wander term).\n"
        "max_abs_drift_ppm : float, default 1000.0\n"
        "    The largest |relative drift|, ppm.\n"
        "random_walk_ppm_per_sqrt_s : float, default 0.0\n"
        "    The random walk's spread, ppm/sqrt(s).\n"
        "sigmas : float, default 4.0\n"
        "    The random walk's bound in standard deviations K.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value out of range, or a wander term without peer_frequency_hz (ConfigError, "
        "naming the\n"
        "    field).")
        .def(py::init([](double rate,
                         double step,
                         double peerHz,
                         double maxAbsDrift,
                         double walk,
                         double sigmas) {
                 DriftWander w;
                 w.ratePpmPerSecond = rate;
                 w.stepPpm = step;
                 w.peerFrequencyHz = peerHz;
                 w.maxAbsDriftPpm = maxAbsDrift;
                 w.randomWalkPpmPerSqrtSecond = walk;
                 w.sigmas = sigmas;
                 w.Validate("DriftWander");
                 return w;
             }),
             py::arg("rate_ppm_per_s") = 0.0,
             py::arg("step_ppm") = 0.0,
             py::arg("peer_frequency_hz") = 0.0,
             py::arg("max_abs_drift_ppm") = 1000.0,
             py::arg("random_walk_ppm_per_sqrt_s") = 0.0,
             py::arg("sigmas") = 4.0)
        .def_readonly("rate_ppm_per_s", &DriftWander::ratePpmPerSecond)
        .def_readonly("step_ppm", &DriftWander::stepPpm)
        .def_readonly("peer_frequency_hz", &DriftWander::peerFrequencyHz)
        .def_readonly("random_walk_ppm_per_sqrt_s", &DriftWander::randomWalkPpmPerSqrtSecond)
        .def_readonly("sigmas", &DriftWander::sigmas);
}

/**
 * The two-round relation (exact tick forms included) and tsc_relation_with_wander.
 * \param m the module
 */
void
RegisterTscRelation(py::module_& m)
{
    py::class_<TscRelation>(
        m,
        "TscRelation",
        "Two-round MinRTT relation of A's counter from B's (Eq. 2, 4): a ratio and an offset, "
        "bounded.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "first : MinRttRound\n"
        "    The earlier round.\n"
        "second : MinRttRound\n"
        "    The later round (B's reading after the first's).\n"
        "slack_ticks : float, default 1.0\n"
        "    Counter quantisation allowed on each reading, ticks.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    Rounds out of order or a negative slack (ConfigError).")
        .def(py::init<const MinRttRound&, const MinRttRound&, double>(),
             py::arg("first"),
             py::arg("second"),
             py::arg("slack_ticks") = 1.0)
        .def_property_readonly("ratio", &TscRelation::GetRatio)
        .def_property_readonly("e", &TscRelation::GetE)
        .def_property_readonly("ratio_bound", &TscRelation::GetRatioBound)
        .def(
            "translate",
            [](const TscRelation& r, double b) {
                PointEstimate t = r.Translate(ToTickPoint(b));
                return py::make_tuple(ToDouble(t.value), t.bound);
            },
            py::arg("b"),
            "(value, bound) of B's tick b in A ticks")
        .def("translate_duration", &TscRelation::TranslateDuration, py::arg("d_b"))
        .def(
            "translate_from",
            [](const TscRelation& r, uint64_t b, uint64_t aAnchor) {
                TickEstimate t = r.TranslateFrom(b, aAnchor);
                return py::make_tuple(t.value, t.bound);
            },
            py::arg("b"),
            py::arg("a_anchor"),
            "(A(b) - a_anchor, bound), exact at any counter value")
        .def(
            "translate_duration_at",
            [](const TscRelation& r, uint64_t bStart, uint64_t bEnd) {
                return r.TranslateDurationAt(bStart, bEnd);
            },
            py::arg("b_start"),
            py::arg("b_end"),
            "Scenario 1 with the drift-wander term");

    m.def(
        "tsc_relation_with_wander",
        [](const MinRttRound& first,
           const MinRttRound& second,
           const DriftWander& wander,
           double slack) { return TscRelation(first, second, slack, wander); },
        py::arg("first"),
        py::arg("second"),
        py::arg("wander"),
        py::arg("slack_ticks") = 1.0,
        "A TscRelation with a drift-wander term in every bound.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "first : MinRttRound\n"
        "    The earlier round.\n"
        "second : MinRttRound\n"
        "    The later round.\n"
        "wander : DriftWander\n"
        "    How far the relative drift may move.\n"
        "slack_ticks : float, default 1.0\n"
        "    Counter quantisation allowed on each reading, ticks.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "TscRelation\n"
        "    The relation, its bounds widened by the wander.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    Rounds out of order or a negative slack (ConfigError).");
}

/**
 * Durations across nodes from two-round relations: trivial_duration, duration_on_node,
 * duration_from_reference, duration_across_nodes, duration_across_nodes_via_reference. \param m the
 * module
 */
void
RegisterDurations(py::module_& m)
{
    using namespace ns3;
    m.def("trivial_duration",
          &TrivialDuration,
          py::arg("a_start"),
          py::arg("a_end"),
          "A duration whose two ends are on the reference A itself: exact, bound 0.\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "a_start : int\n"
          "    The start, A ticks.\n"
          "a_end : int\n"
          "    The end, A ticks.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "DurationEstimate\n"
          "    a_end - a_start, bound 0.");
    m.def("duration_on_node",
          &Scenario1,
          py::arg("ab"),
          py::arg("b_start"),
          py::arg("b_end"),
          "A duration with both ends on node B, in the reference A's ticks (the paper's Scenario "
          "1).\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "ab : TscRelation\n"
          "    The relation A from B.\n"
          "b_start : int\n"
          "    The start, B ticks.\n"
          "b_end : int\n"
          "    The end, B ticks.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "DurationEstimate\n"
          "    The duration in A ticks and its bound.");
    m.def("duration_from_reference",
          &Scenario2,
          py::arg("ab"),
          py::arg("a_tick"),
          py::arg("b_tick"),
          py::arg("start_on_reference") = true,
          "A duration with one end on the reference A and the other on B (the paper's Scenario "
          "2).\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "ab : TscRelation\n"
          "    The relation A from B.\n"
          "a_tick : int\n"
          "    The end on A, A ticks.\n"
          "b_tick : int\n"
          "    The end on B, B ticks.\n"
          "start_on_reference : bool, default True\n"
          "    The duration starts on A (False: it starts on B).\n"
          "\n"
          "Returns\n"
          "-------\n"
          "DurationEstimate\n"
          "    The duration in A ticks and its bound.");
    m.def("duration_across_nodes",
          &Scenario3,
          py::arg("ab"),
          py::arg("bc"),
          py::arg("b_start"),
          py::arg("c_end"),
          "A duration from node B to node C, neither the reference A (the paper's Scenario 3): C's "
          "end is\n"
          "chained through B's relation to C, so only one translation into A's ticks is needed.\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "ab : TscRelation\n"
          "    The relation A from B.\n"
          "bc : TscRelation\n"
          "    The relation B from C.\n"
          "b_start : int\n"
          "    The start, B ticks.\n"
          "c_end : int\n"
          "    The end, C ticks.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "DurationEstimate\n"
          "    The duration in A ticks and its bound.");
    m.def("duration_across_nodes_via_reference",
          &Baseline,
          py::arg("ab"),
          py::arg("ac"),
          py::arg("b_start"),
          py::arg("c_end"),
          "The baseline duration_across_nodes must beat: each end translated into A separately "
          "(Eq. 11).\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "ab : TscRelation\n"
          "    The relation A from B.\n"
          "ac : TscRelation\n"
          "    The relation A from C.\n"
          "b_start : int\n"
          "    The start, B ticks.\n"
          "c_end : int\n"
          "    The end, C ticks.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "DurationEstimate\n"
          "    The duration in A ticks and its bound (the paper's bound is 2e).");
}

/**
 * The fit over every round in both directions: FitStatus, MultiRoundRelation.
 * \param m the module
 */
void
RegisterMultiRoundRelation(py::module_& m)
{
    py::enum_<MultiRoundRelation::FitStatus>(
        m,
        "FitStatus",
        "What MultiRoundRelation.fit found: OK, NOT_FITTED (not yet), TOO_FEW (rounds), "
        "AFFINE_REFUTED\n"
        "(no affine relation fits every round: the drift moved) or UNBOUNDED.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "value : int\n"
        "    The status' number.")
        .value("NOT_FITTED", MultiRoundRelation::NOT_FITTED)
        .value("OK", MultiRoundRelation::OK)
        .value("TOO_FEW", MultiRoundRelation::TOO_FEW)
        .value("AFFINE_REFUTED", MultiRoundRelation::AFFINE_REFUTED)
        .value("UNBOUNDED", MultiRoundRelation::UNBOUNDED);

    py::class_<MultiRoundRelation>(
        m,
        "MultiRoundRelation",
        "Set-membership fit of A's counter from B's over every probe round, in both directions "
        "(Eigen).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "slack_ticks : float, default 1.0\n"
        "    Counter quantisation allowed on each reading, ticks, in [0, 1e9].\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A slack out of range (ConfigError).")
        .def(py::init<double>(), py::arg("slack_ticks") = 1.0)
        .def("add_round", &MultiRoundRelation::AddRound, py::arg("round"))
        .def("add_rounds", &MultiRoundRelation::AddRounds, py::arg("rounds"))
        .def("fit", &MultiRoundRelation::Fit)
        .def_property_readonly("n_rounds", &MultiRoundRelation::GetNRounds)
        .def("ratio_range",
             [](const MultiRoundRelation& r) {
                 Interval i = r.GetRatioRange();
                 return py::make_tuple(i.lo, i.hi);
             })
        .def(
            "translate",
            [](const MultiRoundRelation& r, double b) {
                PointEstimate t = r.Translate(ToTickPoint(b));
                return py::make_tuple(ToDouble(t.value), t.bound);
            },
            py::arg("b"))
        .def(
            "duration_range",
            [](const MultiRoundRelation& r, double d) {
                Interval i = r.DurationRange(d);
                return py::make_tuple(i.lo, i.hi);
            },
            py::arg("d_b"))
        .def(
            "add_reverse_round",
            [](MultiRoundRelation& r, const MinRttRound& round) { r.AddReverseRound(round); },
            py::arg("round"),
            "a round initiated by B: (B send, A read, B receive)")
        .def(
            "add_reverse_rounds",
            [](MultiRoundRelation& r, const std::vector<MinRttRound>& rounds) {
                r.AddReverseRounds(rounds);
            },
            py::arg("rounds"))
        .def(
            "set_drift_wander",
            [](MultiRoundRelation& r, const DriftWander& w) { r.SetDriftWander(w); },
            py::arg("wander"))
        .def("fit_status", [](const MultiRoundRelation& r) { return r.GetFitStatus(); })
        .def(
            "affine_residual",
            [](const MultiRoundRelation& r) { return r.GetAffineResidual(); },
            "smallest widening (ticks) that admits a line; 0 if the rounds are affine")
        .def(
            "translate_range_from",
            [](const MultiRoundRelation& r, uint64_t b, uint64_t aAnchor) {
                Interval i = r.TranslateRangeFrom(b, aAnchor);
                return py::make_tuple(i.lo, i.hi);
            },
            py::arg("b"),
            py::arg("a_anchor"))
        .def(
            "duration_range_at",
            [](const MultiRoundRelation& r, uint64_t bStart, uint64_t bEnd) {
                Interval i = r.DurationRangeAt(bStart, bEnd);
                return py::make_tuple(i.lo, i.hi);
            },
            py::arg("b_start"),
            py::arg("b_end"));
}

/**
 * The NTP-style baseline: NtpEstimator.
 * \param m the module
 */
void
RegisterNtpEstimator(py::module_& m)
{
    py::class_<NtpEstimator>(
        m,
        "NtpEstimator",
        "NTP-style offset estimator with a bound: the server's time from the client's, from the\n"
        "exchanges with the smallest delay.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "max_skew_ppm : float\n"
        "    The largest frequency error of the client's clock, ppm, in (0, 10000].\n"
        "precision_ns : int, default 1\n"
        "    The clocks' reading precision, ns.\n"
        "filter_length : int, default 8\n"
        "    Exchanges the filter keeps.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value out of range (ConfigError).")
        .def(py::init<double, Time, uint32_t>(),
             py::arg("max_skew_ppm"),
             py::arg("precision_ns") = 1,
             py::arg("filter_length") = 8)
        .def(
            "add_sample",
            [](NtpEstimator& e, Time t1, Time t2, Time t3, Time t4) {
                e.AddSample(NtpSample{t1, t2, t3, t4});
            },
            py::arg("t1"),
            py::arg("t2"),
            py::arg("t3"),
            py::arg("t4"))
        .def(
            "to_server",
            [](const NtpEstimator& e, Time t) {
                TimeEstimate x = e.ToServer(t);
                return py::make_tuple(x.value, x.bound);
            },
            py::arg("client_time_ns"))
        .def(
            "set_drift_wander",
            [](NtpEstimator& e, double rate, double step) { e.SetDriftWander(rate, step); },
            py::arg("rate_ppm_per_s"),
            py::arg("step_ppm") = 0.0)
        .def(
            "set_rfc5905_filter",
            [](NtpEstimator& e) { e.SetFilterMode(NtpEstimator::RFC5905); },
            "select samples as ntpd's clock filter does (before the first sample)");
}

/**
 * Relations over N nodes: RelationGraph.
 * \param m the module
 */
void
RegisterRelationGraph(py::module_& m)
{
    py::class_<RelationGraph>(
        m,
        "RelationGraph",
        "Relations over N nodes: the best chain between any two, tightened by the direct edge "
        "and every\n"
        "two-hop path, and the triangles whose relations disagree.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "nodes : int\n"
        "    The number of nodes, in [2, 65536].\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A node count out of range (ConfigError).")
        .def(py::init<uint32_t>(), py::arg("nodes"))
        .def_property_readonly("n_nodes", &RelationGraph::GetNNodes)
        .def_property_readonly("n_relations", &RelationGraph::GetNRelations)
        .def("set_max_hops", &RelationGraph::SetMaxHops, py::arg("hops"))
        .def(
            "add_relation",
            [](RelationGraph& g, uint32_t reference, uint32_t peer, const TscRelation& r) {
                g.AddRelation(reference, peer, r);
            },
            py::arg("reference"),
            py::arg("peer"),
            py::arg("relation"))
        .def(
            "add_relation",
            [](RelationGraph& g, uint32_t reference, uint32_t peer, const MultiRoundRelation& r) {
                g.AddRelation(reference, peer, r);
            },
            py::arg("reference"),
            py::arg("peer"),
            py::arg("relation"))
        .def("has_relation", &RelationGraph::HasRelation, py::arg("reference"), py::arg("peer"))
        .def(
            "translate",
            [](const RelationGraph& g, uint32_t from, uint64_t tick, uint32_t to) {
                RelationGraph::CheckedEstimate c = g.Translate(from, tick, to);
                py::dict d;
                d["found"] = c.best.found;
                d["path"] = c.best.path;
                // positions as (base tick, offset): base + offset ticks on the target
                d["base"] = c.best.estimate.value.base;
                d["offset"] = c.best.estimate.value.offset;
                d["bound"] = c.best.estimate.bound;
                d["tight_base"] = c.tightened.value.base;
                d["tight_offset"] = c.tightened.value.offset;
                d["tight_bound"] = c.tightened.bound;
                d["intervals"] = c.intervals;
                d["consistent"] = c.consistent;
                return d;
            },
            py::arg("from_node"),
            py::arg("tick"),
            py::arg("to_node"),
            "best chain, tightened by the direct edge and every two-hop path")
        .def(
            "duration",
            [](const RelationGraph& g,
               uint32_t reference,
               uint32_t startNode,
               uint64_t startTick,
               uint32_t endNode,
               uint64_t endTick) {
                RelationGraph::DurationResult r =
                    g.Duration(reference, startNode, startTick, endNode, endTick);
                py::dict d;
                d["found"] = r.found;
                d["value"] = r.estimate.value;
                d["bound"] = r.estimate.bound;
                d["consistent"] = r.consistent;
                return d;
            },
            py::arg("reference"),
            py::arg("start_node"),
            py::arg("start_tick"),
            py::arg("end_node"),
            py::arg("end_tick"))
        .def("check_triangles", [](const RelationGraph& g) {
            RelationGraph::TriangleReport t = g.CheckTriangles();
            py::list flagged;
            for (const auto& f : t.flagged)
            {
                flagged.append(py::make_tuple(f[0], f[1], f[2]));
            }
            py::dict d;
            d["checked"] = t.checked;
            d["flagged"] = flagged;
            return d;
        });
}

} // namespace

void
chronometry_py::RegisterRelation(py::module_& m)
{
    RegisterMinRttRound(m);
    RegisterDriftWander(m); // before the methods that take one
    RegisterTscRelation(m);
    RegisterDurations(m);
    RegisterMultiRoundRelation(m);
    RegisterNtpEstimator(m);
    RegisterRelationGraph(m);
}
