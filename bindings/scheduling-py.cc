/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// OneClock scheduling: the ETE predictors, the reference predictors, the offline
// evaluation, the server types and synthetic service-time series (all
// simulator-free; the scheduling study runs through run_study,
// bindings/study-py.cc).
#include "chronometry-py.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/ete-predictor.h"
#include "ns3/predictor-evaluation.h"
#include "ns3/reference-predictor.h"
#include "ns3/server-type-profile.h"
#include "ns3/service-time-model.h"
#include "ns3/string.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace
{

/**
 * \param kind LastSample, WindowMedian or Calibrated
 * \return the kind (ValueError naming the valid ones otherwise)
 */
ns3::ReferencePredictorKind
ReferenceKind(const std::string& kind)
{
    ns3::ReferencePredictorKind k;
    if (!ns3::ReferencePredictorKindFromName(kind, k))
    {
        ns3::chronometry::ReportConfigError("kind = '" + kind +
                                            "' is invalid; valid values: LastSample, "
                                            "WindowMedian, Calibrated");
    }
    return k;
}

/**
 * \param s prediction error statistics
 * \return them as a dict
 */
py::dict
StatsDict(const ns3::PredictionErrorStats& s)
{
    py::dict d;
    d["count"] = s.count;
    d["mae_ns"] = s.maeNs;
    d["rmse_ns"] = s.rmseNs;
    d["bias_ns"] = s.biasNs;
    d["p99_abs_ns"] = s.p99AbsNs;
    d["max_abs_ns"] = s.maxAbsNs;
    return d;
}

/**
 * OneClock's ETE predictors: EtePredictor.
 * \param m the module
 */
void
RegisterEtePredictor(py::module_& m)
{
    using namespace ns3;
    py::class_<EtePredictor>(
        m,
        "EtePredictor",
        "OneClock's end-to-end-time predictor: Baseline, Average, FtAverage or Kalman over the "
        "last N\n"
        "samples (times in ns).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "kind : str\n"
        "    'Baseline', 'Average', 'FtAverage' or 'Kalman'.\n"
        "window : int, default 8\n"
        "    The samples N it keeps.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown kind or a window out of range (ConfigError).")
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

/**
 * The baselines the predictors must beat: ReferencePredictor.
 * \param m the module
 */
void
RegisterReferencePredictor(py::module_& m)
{
    using namespace ns3;
    py::class_<ReferencePredictor>(
        m,
        "ReferencePredictor",
        "A baseline the OneClock predictors must beat: LastSample, WindowMedian (the median of "
        "the last\n"
        "N) or Calibrated (the mean of the first N, then frozen); times in ns.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "kind : str\n"
        "    'LastSample', 'WindowMedian' or 'Calibrated'.\n"
        "window : int, default 8\n"
        "    The samples N.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown kind or a window out of range (ConfigError).")
        .def(py::init([](const std::string& kind, long long window) {
                 chronometry::RequireDoubleInRange("window (N)", double(window), 1, 4096, "");
                 return ReferencePredictor(ReferenceKind(kind), uint32_t(window));
             }),
             py::arg("kind"),
             py::arg("window") = 8)
        .def("predict", &ReferencePredictor::Predict, "predicted ETE in ns (0 before any sample)")
        .def("update", &ReferencePredictor::Update, py::arg("ete_ns"), "feed a measured ETE in ns")
        .def("reset", &ReferencePredictor::Reset)
        .def_property_readonly(
            "kind",
            [](const ReferencePredictor& p) { return ReferencePredictorKindName(p.GetKind()); })
        .def_property_readonly("window", &ReferencePredictor::GetWindow)
        .def_property_readonly("sample_count", &ReferencePredictor::GetSampleCount);
}

/**
 * evaluate_predictors: every predictor replayed offline over a series.
 * \param m the module
 */
void
RegisterEvaluation(py::module_& m)
{
    using namespace ns3;
    m.def(
        "evaluate_predictors",
        [](const std::vector<Time>& ete,
           const std::vector<Time>& level,
           long long window,
           long long skip) {
            return chronometry_py::NamingKeywords({}, {"window", "skip"}, [&] {
                chronometry::RequireDoubleInRange("window", double(window), 1, 4096, "");
                chronometry::RequireDoubleInRange("skip", double(skip), 0, 1e9, "");
                auto ev = PredictorEvaluation::Run(ete, level, uint32_t(window), uint32_t(skip));
                py::dict d;
                for (const auto& st : ev.GetAll())
                {
                    d[py::str(st.name)] = StatsDict(st);
                }
                return d;
            });
        },
        py::arg("ete_ns"),
        py::arg("level_ns") = std::vector<Time>{},
        py::arg("window") = 8,
        py::arg("skip") = 0,
        "Replay every ETE predictor over a series offline (predict, then feed) and score the "
        "errors.\n"
        "\n"
        "The predictors: the paper's Baseline, Average, FtAverage, Kalman, the references "
        "LastSample,\n"
        "WindowMedian, Calibrated and, given the levels, LevelOracle (the true level: a bound, "
        "not a\n"
        "method).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "ete_ns : list of int\n"
        "    The measured end-to-end times, ns, in order.\n"
        "level_ns : list of int, default []\n"
        "    The true levels (one per sample) for LevelOracle, or empty.\n"
        "window : int, default 8\n"
        "    The predictors' window N.\n"
        "skip : int, default 0\n"
        "    Leading samples not scored (warm-up).\n"
        "\n"
        "Returns\n"
        "-------\n"
        "PredictorEvaluation\n"
        "    The errors of every predictor, by name.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    Levels not one per sample, or a window out of range (ConfigError).");
}

/**
 * server_types: the OneClock paper's Table II as ServiceTimeModel attributes.
 * \param m the module
 */
void
RegisterServerTypes(py::module_& m)
{
    using namespace ns3;
    m.def(
        "server_types",
        []() {
            py::list out;
            for (const auto& name : ServerTypeNames())
            {
                const ServerTypeProfile& p = GetServerTypeProfile(name);
                py::dict d;
                d["name"] = p.name;
                d["platform"] = p.platform;
                d["description"] = p.description;
                d["mean_ns"] = p.MeanServiceTime();
                py::dict attributes;
                for (const auto& [k, v] : p.Attributes())
                {
                    attributes[py::str(k)] = v;
                }
                d["attributes"] = attributes;
                out.append(d);
            }
            return out;
        },
        "The server types of the OneClock paper's Table II as ServiceTimeModel attributes.\n"
        "\n"
        "The numbers are chronometry's, not the paper's: see doc/scheduling.rst.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "list of ServerType\n"
        "    Each type's name, platform, description, mean service time and attributes.");
}

/**
 * draw_service_series: a synthetic service-time series without a simulator.
 * \param m the module
 */
void
RegisterServiceSeries(py::module_& m)
{
    using namespace ns3;
    m.def(
        "draw_service_series",
        [](long long count,
           Time period,
           const std::string& serverType,
           const std::map<std::string, std::string>& attributes,
           long long stream,
           Time start) {
            std::map<std::string, std::string> keywordOf{
                {"ns3::ServiceTimeModel::ServerType", "server_type"}};
            for (const auto& [name, value] : attributes)
            {
                keywordOf["ns3::ServiceTimeModel::" + name] = "attributes";
            }
            return chronometry_py::NamingKeywords(keywordOf, {"count", "stream"}, [&] {
                chronometry::RequireDoubleInRange("count", double(count), 1, 1e7, "");
                chronometry::RequireDoubleInRange("stream", double(stream), 0, 1e15, "");
                auto model = CreateObject<ServiceTimeModel>();
                if (!serverType.empty())
                {
                    model->SetServerType(serverType);
                }
                TypeId tid = ServiceTimeModel::GetTypeId();
                for (const auto& [name, value] : attributes)
                {
                    TypeId::AttributeInformation info;
                    if (!tid.LookupAttributeByName(name, &info))
                    {
                        chronometry::ReportConfigError(
                            "attributes: '" + name + "' is not a ns3::ServiceTimeModel attribute");
                    }
                    chronometry::SetAttributeOrReport(*model, name, StringValue(value));
                }
                model->AssignStreams(stream);
                py::list ete;
                py::list level;
                py::list spike;
                py::list degraded;
                py::list cold;
                for (const auto& d : model->DrawSeries(start, period, uint32_t(count)))
                {
                    ete.append(d.total.GetNanoSeconds());
                    level.append(d.level.GetNanoSeconds());
                    spike.append(d.spike);
                    degraded.append(d.degraded);
                    cold.append(d.cold);
                }
                model->Dispose();
                py::dict out;
                out["ete_ns"] = ete;
                out["level_ns"] = level;
                out["spike"] = spike;
                out["degraded"] = degraded;
                out["cold"] = cold;
                return out;
            });
        },
        py::arg("count"),
        py::arg("period_ns") = 1000000000LL,
        py::arg("server_type") = "",
        py::arg("attributes") = std::map<std::string, std::string>{},
        py::arg("stream") = 1,
        py::arg("start_ns") = 0,
        "Draw a synthetic service-time series from a ns3::ServiceTimeModel without a simulator.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "count : int\n"
        "    Draws.\n"
        "period_ns : int, default 1000000000\n"
        "    True time between draws, ns.\n"
        "server_type : str, default ''\n"
        "    A Table II server type ('I' ... 'VI'), or '' for the model's defaults.\n"
        "attributes : dict of str to str, default {}\n"
        "    ServiceTimeModel attributes as strings, applied after the server type.\n"
        "stream : int, default 1\n"
        "    The random stream.\n"
        "start_ns : int, default 0\n"
        "    True time of the first draw, ns.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "ServiceSeries\n"
        "    The ETEs, their true levels (the oracle) and which draws had a spike, the degraded "
        "regime\n"
        "    or the cold penalty.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown server type or attribute, or a value out of range (ConfigError).");
}

} // namespace

void
chronometry_py::RegisterScheduling(py::module_& m)
{
    RegisterEtePredictor(m);
    // the simulator-free model pieces
    RegisterReferencePredictor(m);
    RegisterEvaluation(m);
    RegisterServerTypes(m);
    RegisterServiceSeries(m);
}
