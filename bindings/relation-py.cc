/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the MinRTT relation estimator core (simulator-free; the relation
// study runs through run_study, bindings/study-py.cc). TSC values are Python ints (ticks);
// times are int nanoseconds.
#include "chronometry-py.h"

#include "ns3/tsc-relation.h"

#include <pybind11/stl.h>

namespace py = pybind11;

void
chronometry_py::RegisterRelation(py::module_& m)
{
    using namespace ns3;
    using namespace ns3::relation;

    py::class_<MinRttRound>(m, "MinRttRound", "One probe round initiated by A towards B (ticks).")
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
        py::arg("rounds"));

    py::class_<DurationEstimate>(m, "DurationEstimate")
        .def_readonly("value", &DurationEstimate::value)
        .def_readonly("bound", &DurationEstimate::bound)
        .def_readonly("paper_bound", &DurationEstimate::paperBound);

    py::class_<TscRelation>(m, "TscRelation", "Two-round MinRTT relation A from B (Eq. 2, 4).")
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
                TickEstimate t = r.Translate(b);
                return py::make_tuple(t.value, t.bound);
            },
            py::arg("b"),
            "(value, bound) of B's tick b in A ticks")
        .def("translate_duration", &TscRelation::TranslateDuration, py::arg("d_b"));

    m.def("trivial_duration", &TrivialDuration, py::arg("a_start"), py::arg("a_end"));
    m.def("scenario1", &Scenario1, py::arg("ab"), py::arg("b_start"), py::arg("b_end"));
    m.def("scenario2",
          &Scenario2,
          py::arg("ab"),
          py::arg("a_tick"),
          py::arg("b_tick"),
          py::arg("start_on_reference") = true);
    m.def("scenario3",
          &Scenario3,
          py::arg("ab"),
          py::arg("bc"),
          py::arg("b_start"),
          py::arg("c_end"));
    m.def("baseline",
          &Baseline,
          py::arg("ab"),
          py::arg("ac"),
          py::arg("b_start"),
          py::arg("c_end"));

    py::class_<MultiRoundRelation>(m,
                                   "MultiRoundRelation",
                                   "Set-membership fit over all probe rounds (Eigen).")
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
                TickEstimate t = r.Translate(b);
                return py::make_tuple(t.value, t.bound);
            },
            py::arg("b"))
        .def(
            "duration_range",
            [](const MultiRoundRelation& r, double d) {
                Interval i = r.DurationRange(d);
                return py::make_tuple(i.lo, i.hi);
            },
            py::arg("d_b"));

    py::class_<NtpEstimator>(m, "NtpEstimator", "NTP-style offset estimator with a bound.")
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
            py::arg("client_time_ns"));
}
