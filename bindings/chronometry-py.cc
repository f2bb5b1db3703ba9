/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python module "chronometry". Times cross the boundary as integers in
// nanoseconds (ns3::Time inside); invalid arguments raise ValueError naming the
// parameter and its valid range.
#include "chronometry-py.h"

#include "ns3/chronometry-validation.h"


namespace py = pybind11;

PYBIND11_MODULE(chronometry, m)
{
    m.doc() = "chronometry: time across nodes for ns-3. Times are integers in nanoseconds.";
    // The ns-3 release this module was built against (major * 100 + minor, e.g. 337, 348):
    // a Dask sweep checks that its workers import a build on the same ns-3 as the client.
    m.attr("NS3_VERSION") = CHRONOMETRY_NS3_VERSION;

    // Configuration errors become ValueError instead of aborting the interpreter.
    ns3::chronometry::SetValidationMode(ns3::chronometry::ValidationMode::THROW);
    py::register_exception<ns3::chronometry::ConfigError>(m, "ConfigError", PyExc_ValueError);

    chronometry_py::RegisterClock(m);
    chronometry_py::RegisterCausality(m);
    chronometry_py::RegisterStudy(m);
    chronometry_py::RegisterRelation(m);
    chronometry_py::RegisterScheduling(m);
    chronometry_py::RegisterInference(m);
    chronometry_py::RegisterLatency(m);
}
