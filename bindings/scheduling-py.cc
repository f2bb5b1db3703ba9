/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock scheduling: the ETE predictors (simulator-free; the scheduling study runs
// through run_study, bindings/study-py.cc).
#include "chronometry-py.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ete-predictor.h"

#include <pybind11/stl.h>

namespace py = pybind11;

void
chronometry_py::RegisterScheduling(py::module_& m)
{
    using namespace ns3;
    py::class_<EtePredictor>(m,
                             "EtePredictor",
                             "OneClock ETE predictor: Baseline, Average, FtAverage or Kalman over "
                             "the last N samples (times in ns).")
        .def(py::init([](const std::string& kind, long long window) {
                 chronometry::RequireDoubleInRange("window (N)", double(window), 1, 4096, "");
                 return EtePredictor(EtePredictorKindFromName(kind), uint32_t(window));
             }),
             py::arg("kind"),
             py::arg("window") = 8)
        .def("predict", &EtePredictor::Predict, "s[n|n-1] in ns (0 before any sample)")
        .def("update", &EtePredictor::Update, py::arg("ete_ns"), "feed a measured ETE in ns")
        .def("reset", &EtePredictor::Reset)
        .def_property_readonly(
            "kind",
            [](const EtePredictor& p) { return EtePredictorKindName(p.GetKind()); })
        .def_property_readonly("window", &EtePredictor::GetWindow)
        .def_property_readonly("sample_count", &EtePredictor::GetSampleCount)
        .def_property_readonly("variance", &EtePredictor::GetVariance, "Kalman P[n] (ns^2)")
        .def_property_readonly("gain", &EtePredictor::GetGain, "Kalman K[n]")
        .def_property_readonly("process_variance",
                               &EtePredictor::GetProcessVariance,
                               "Kalman W[n] (ns^2)")
        .def_property_readonly("measurement_variance",
                               &EtePredictor::GetMeasurementVariance,
                               "Kalman V[n] (ns^2)");
}
