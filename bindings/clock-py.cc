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
    py::class_<ClockTimeline>(
        m,
        "ClockTimeline",
        "Piecewise-linear map from true time (ns) to a clock value (ns).\n"
        "\n"
        "A clock's value as a function of true time: segments of constant slope (the clock's "
        "rate), with\n"
        "steps (jumps) between them. ``ClockTimeline()`` starts at value 0 at true time 0 with "
        "slope 1;\n"
        "``ClockTimeline(start_ns, value_ns, slope)`` starts at ``value_ns`` at true time "
        "``start_ns``.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "start_ns : int\n"
        "    True time of the first segment's start, ns.\n"
        "value_ns : float\n"
        "    The clock's value at ``start_ns``, ns (finite).\n"
        "slope : float\n"
        "    Clock nanoseconds per true nanosecond of the first segment (finite).\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value or slope that is not finite.")
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
 * The clock math's functions: random walk, quantize, bounded-skew reading.
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
          "One random-walk update of a fractional frequency offset, reflected at +-bound.\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "rho : float\n"
          "    The current fractional frequency offset (1e-6 is 1 ppm).\n"
          "spread_per_sqrt_second : float\n"
          "    The walk's standard deviation per square root of a second, in [0, 0.01].\n"
          "interval_seconds : float\n"
          "    The time since the last update, s.\n"
          "z : float\n"
          "    A standard normal draw (the caller's random stream).\n"
          "bound : float, default 0.0\n"
          "    The walk is reflected at +-bound; 0 leaves it unbounded.\n"
          "\n"
          "Returns\n"
          "-------\n"
          "float\n"
          "    The next fractional frequency offset.\n"
          "\n"
          "Raises\n"
          "------\n"
          "ValueError\n"
          "    A spread, interval or bound out of range (ConfigError, naming it and its range).");
    m.def(
        "quantize",
        [](double value, Time resolution) {
            return Time::From(
                clockmath::Quantize(ClockValue::FromDouble(value, "quantize: value_ns"),
                                    resolution.GetTimeStep()));
        },
        py::arg("value_ns"),
        py::arg("resolution_ns"),
        "Floor a clock value to a multiple of the resolution.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "value_ns : float\n"
        "    The clock value, ns (finite, below 2^63 in magnitude).\n"
        "resolution_ns : int\n"
        "    The clock's resolution, ns (at least one time step).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "int\n"
        "    The largest multiple of ``resolution_ns`` not above ``value_ns``, ns.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A value that is not finite or a resolution below one time step (ConfigError).");
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
        "One reading of a bounded-skew clock.\n"
        "\n"
        "'bounded' draws uniformly in [max(previous, now), now + bound] (monotonic, never behind "
        "true\n"
        "time); 'thesis' in [previous, now + bound] (the thesis' Algorithm 5.1).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "previous_ns : int\n"
        "    The clock's previous reading, ns.\n"
        "now_ns : int\n"
        "    True time, ns.\n"
        "bound_ns : int\n"
        "    The skew bound E, ns.\n"
        "u : float\n"
        "    A uniform draw in [0, 1).\n"
        "form : str, default 'bounded'\n"
        "    'bounded' or 'thesis'.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "int\n"
        "    The reading, ns.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown form or a draw outside [0, 1).");
}

/**
 * The TSC counter's math: tsc_value, ticks_to_duration, duration_to_ticks; PPM.
 * \param m the module
 */
void
RegisterTscMath(py::module_& m)
{
    using namespace ns3;
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
        "TSC counter value (mod 2^64) after phase_seconds of oscillator time.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "phase_seconds : float\n"
        "    Oscillator time elapsed since boot, s.\n"
        "frequency_hz : float\n"
        "    The counter's nominal frequency, Hz, in (0, 1e11].\n"
        "boot_value : int, default 0\n"
        "    The counter's value at boot.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "int\n"
        "    The counter's value, modulo 2^64.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A frequency out of range (ConfigError).");
    m.def("ticks_to_duration",
          &clockmath::TicksToDuration,
          py::arg("ticks"),
          py::arg("frequency_hz"),
          "Nominal duration of a TSC tick count.\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "ticks : int\n"
          "    A number of counter ticks.\n"
          "frequency_hz : float\n"
          "    The counter's nominal frequency, Hz, in (0, 1e11].\n"
          "\n"
          "Returns\n"
          "-------\n"
          "int\n"
          "    The duration at the nominal frequency, ns.\n"
          "\n"
          "Raises\n"
          "------\n"
          "ValueError\n"
          "    A frequency out of range (ConfigError).");
    m.def("duration_to_ticks",
          &clockmath::DurationToTicks,
          py::arg("duration_ns"),
          py::arg("frequency_hz"),
          "Nominal TSC tick count of a duration.\n"
          "\n"
          "Parameters\n"
          "----------\n"
          "duration_ns : int\n"
          "    A duration, ns.\n"
          "frequency_hz : float\n"
          "    The counter's nominal frequency, Hz, in (0, 1e11].\n"
          "\n"
          "Returns\n"
          "-------\n"
          "int\n"
          "    The ticks the counter advances in that duration at its nominal frequency.\n"
          "\n"
          "Raises\n"
          "------\n"
          "ValueError\n"
          "    A frequency out of range (ConfigError).");
    m.attr("PPM") = clockmath::PPM;
}

} // namespace

void
chronometry_py::RegisterClock(py::module_& m)
{
    RegisterClockTimeline(m);
    RegisterClockMath(m);
    RegisterTscMath(m);
}
