/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the simulator-free clock math.
#include "chronometry-py.h"

#include "ns3/clock-timeline.h"
#include "ns3/clock-value.h"
#include "ns3/drift-math.h"

#include <cmath>

namespace py = pybind11;

namespace
{

ns3::clockmath::BoundedSkewForm
ParseForm(const std::string& form)
{
    if (form == "bounded")
    {
        return ns3::clockmath::BoundedSkewForm::BOUNDED;
    }
    if (form == "thesis")
    {
        return ns3::clockmath::BoundedSkewForm::THESIS;
    }
    throw py::value_error("form = '" + form + "' is invalid; valid values: 'bounded', 'thesis'");
}

/**
 * ClockTimeline: a piecewise-linear map from true time to a clock value.
 * \param m the module
 */
void
RegisterClockTimeline(py::module_& m)
{
    using namespace ns3;
    py::class_<ClockTimeline>(m,
                              "ClockTimeline",
                              "Piecewise-linear map from true time (ns) to a clock value (ns).")
        .def(py::init<>(), "Value 0 at true time 0, slope 1.")
        .def(py::init([](Time start, double value, double slope) {
                 if (!std::isfinite(value) || !std::isfinite(slope))
                 {
                     throw py::value_error("ClockTimeline: value and slope must be finite");
                 }
                 return ClockTimeline(start,
                                      ClockValue::FromDouble(value, "ClockTimeline: value_ns"),
                                      slope);
             }),
             py::arg("start_ns"),
             py::arg("value_ns"),
             py::arg("slope"))
        .def(
            "set_slope",
            [](ClockTimeline& t, Time at, double slope) {
                if (at < Time(0) || !std::isfinite(slope))
                {
                    throw py::value_error("set_slope: at_ns must be >= 0 and slope finite");
                }
                t.SetSlope(at, slope);
            },
            py::arg("at_ns"),
            py::arg("slope"),
            "Change the slope from at_ns on (continuous); later segments are discarded.")
        .def(
            "jump",
            [](ClockTimeline& t, Time at, double delta) {
                if (at < Time(0) || !std::isfinite(delta))
                {
                    throw py::value_error("jump: at_ns must be >= 0 and delta finite");
                }
                t.Jump(at, ClockValue::FromDouble(delta, "jump: delta_ns"));
            },
            py::arg("at_ns"),
            py::arg("delta_ns"),
            "Add delta_ns to every value from at_ns on (a clock step).")
        .def(
            "value_at",
            [](const ClockTimeline& t, Time at) {
                if (at < Time(0))
                {
                    throw py::value_error(
                        "value_at: t_ns = " + std::to_string(at.GetNanoSeconds()) +
                        " is invalid; valid range: >= 0");
                }
                return t.ValueAt(at).GetDouble();
            },
            py::arg("t_ns"))
        .def(
            "slope_at",
            [](const ClockTimeline& t, Time at) {
                if (at < Time(0))
                {
                    throw py::value_error("slope_at: t_ns must be >= 0 (valid range: >= 0)");
                }
                return t.SlopeAt(at);
            },
            py::arg("t_ns"))
        .def(
            "earliest_reaching",
            [](const ClockTimeline& t, Time from, double target) {
                if (from < Time(0))
                {
                    throw py::value_error("earliest_reaching: from_ns must be >= 0");
                }
                if (!std::isfinite(target))
                {
                    throw py::value_error("earliest_reaching: target_ns must be finite (valid "
                                          "range: finite)");
                }
                return t.EarliestReaching(
                    from,
                    ClockValue::FromDouble(target, "earliest_reaching: target_ns"));
            },
            py::arg("from_ns"),
            py::arg("target_ns"),
            "Earliest true time >= from_ns at which the value reaches target_ns.")
        .def_property_readonly("segment_count", &ClockTimeline::GetSegmentCount)
        .def_property_readonly("last_segment_start", &ClockTimeline::GetLastSegmentStart);
}

/**
 * The clock math's functions: random walk, quantize, bounded-skew reading, TSC ticks; PPM.
 * \param m the module
 */
void
RegisterClockMath(py::module_& m)
{
    using namespace ns3;
    m.def("next_random_walk_drift",
          &clockmath::NextRandomWalkDrift,
          py::arg("rho"),
          py::arg("spread_per_sqrt_second"),
          py::arg("interval_seconds"),
          py::arg("z"),
          py::arg("bound") = 0.0,
          "One random-walk update of a fractional frequency offset, reflected at +-bound "
          "(0 = unbounded).");
    m.def(
        "quantize",
        [](double value, Time resolution) {
            return Time::From(
                clockmath::Quantize(ClockValue::FromDouble(value, "quantize: value_ns"),
                                    resolution.GetTimeStep()));
        },
        py::arg("value_ns"),
        py::arg("resolution_ns"),
        "Floor a clock value to a multiple of the resolution.");
    m.def(
        "draw_bounded_skew_reading",
        [](Time previous, Time now, Time bound, double u, const std::string& form) {
            return Time::From(clockmath::DrawBoundedSkewReading(previous.GetTimeStep(),
                                                                now.GetTimeStep(),
                                                                bound.GetTimeStep(),
                                                                u,
                                                                ParseForm(form)));
        },
        py::arg("previous_ns"),
        py::arg("now_ns"),
        py::arg("bound_ns"),
        py::arg("u"),
        py::arg("form") = "bounded",
        "One reading of a bounded-skew clock: 'bounded' draws uniformly in "
        "[max(previous, now), now + bound]; 'thesis' in [previous, now + bound].");
    m.def(
        "tsc_value",
        [](double phaseSeconds, double frequencyHz, uint64_t boot) {
            // seconds -> time steps exactly (a double is a binary fraction; 2^-64 resolution)
            ClockValue seconds = ClockValue::FromDouble(phaseSeconds, "tsc_value: phase_seconds");
            return clockmath::TscValue(seconds.MulSteps(Seconds(1).GetTimeStep()),
                                       frequencyHz,
                                       boot);
        },
        py::arg("phase_seconds"),
        py::arg("frequency_hz"),
        py::arg("boot_value") = 0,
        "TSC counter value (mod 2^64) after phase_seconds of oscillator time.");
    m.def("ticks_to_duration",
          &clockmath::TicksToDuration,
          py::arg("ticks"),
          py::arg("frequency_hz"),
          "Nominal duration (ns) of a TSC tick count.");
    m.def("duration_to_ticks",
          &clockmath::DurationToTicks,
          py::arg("duration_ns"),
          py::arg("frequency_hz"),
          "Nominal TSC tick count of a duration (ns).");
    m.attr("PPM") = clockmath::PPM;
}

} // namespace

void
chronometry_py::RegisterClock(py::module_& m)
{
    RegisterClockTimeline(m);
    RegisterClockMath(m);
}
