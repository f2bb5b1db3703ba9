/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "predictor-evaluation.h"

#include "ns3/chronometry-validation.h"
#include "ns3/ete-predictor.h"
#include "ns3/log.h"
#include "ns3/reference-predictor.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PredictorEvaluation");

namespace
{
const std::vector<EtePredictorKind> PAPER{EtePredictorKind::BASELINE,
                                          EtePredictorKind::AVERAGE,
                                          EtePredictorKind::FT_AVERAGE,
                                          EtePredictorKind::KALMAN}; //!< paper predictors
const std::vector<ReferencePredictorKind> REFERENCES{
    ReferencePredictorKind::LAST_SAMPLE,
    ReferencePredictorKind::WINDOW_MEDIAN,
    ReferencePredictorKind::CALIBRATED}; //!< reference predictors
} // namespace

PredictionErrorStats
SummarizeErrors(const std::vector<double>& errors, const std::string& name)
{
    PredictionErrorStats s;
    s.name = name;
    s.count = errors.size();
    if (errors.empty())
    {
        return s;
    }
    std::vector<double> abs;
    abs.reserve(errors.size());
    double sum = 0;
    double sumSq = 0;
    double sumAbs = 0;
    for (double e : errors)
    {
        sum += e;
        sumSq += e * e;
        sumAbs += std::abs(e);
        abs.push_back(std::abs(e));
    }
    double n = errors.size();
    s.maeNs = sumAbs / n;
    s.rmseNs = std::sqrt(sumSq / n);
    s.biasNs = sum / n;
    std::sort(abs.begin(), abs.end());
    std::size_t rank = static_cast<std::size_t>(std::ceil(0.99 * n));
    s.p99AbsNs = abs[std::max<std::size_t>(rank, 1) - 1];
    s.maxAbsNs = abs.back();
    return s;
}

std::vector<std::string>
PredictorEvaluation::Names()
{
    std::vector<std::string> names;
    for (auto k : PAPER)
    {
        names.push_back(EtePredictorKindName(k));
    }
    for (auto k : REFERENCES)
    {
        names.push_back(ReferencePredictorKindName(k));
    }
    names.emplace_back("LevelOracle");
    return names;
}

PredictorEvaluation
PredictorEvaluation::Run(const std::vector<Time>& ete,
                         const std::vector<Time>& level,
                         uint32_t window,
                         uint32_t skip)
{
    chronometry::RequireDoubleInRange("PredictorEvaluation window N", window, 1, 4096, "samples");
    if (!level.empty() && level.size() != ete.size())
    {
        chronometry::ReportConfigError(
            "PredictorEvaluation: the levels must be empty or one per ETE sample");
    }
    std::vector<EtePredictor> paper;
    for (auto k : PAPER)
    {
        paper.emplace_back(k, window);
    }
    std::vector<ReferencePredictor> refs;
    for (auto k : REFERENCES)
    {
        refs.emplace_back(k, window);
    }
    std::size_t n = paper.size() + refs.size() + 1;
    std::vector<std::vector<double>> errors(n);
    for (std::size_t i = 0; i < ete.size(); ++i)
    {
        double x = ete[i].GetNanoSeconds();
        if (i >= skip)
        {
            std::size_t j = 0;
            for (const auto& p : paper)
            {
                errors[j++].push_back(x - p.Predict().GetNanoSeconds());
            }
            for (const auto& r : refs)
            {
                errors[j++].push_back(x - r.Predict().GetNanoSeconds());
            }
            if (!level.empty())
            {
                errors[j].push_back(x - level[i].GetNanoSeconds());
            }
        }
        for (auto& p : paper)
        {
            p.Update(ete[i]);
        }
        for (auto& r : refs)
        {
            r.Update(ete[i]);
        }
    }
    PredictorEvaluation result;
    auto names = Names();
    for (std::size_t j = 0; j < n; ++j)
    {
        if (j + 1 == n && level.empty())
        {
            break;
        }
        result.m_stats.push_back(SummarizeErrors(errors[j], names[j]));
    }
    return result;
}

const std::vector<PredictionErrorStats>&
PredictorEvaluation::GetAll() const
{
    return m_stats;
}

const PredictionErrorStats&
PredictorEvaluation::Get(const std::string& name) const
{
    for (const auto& s : m_stats)
    {
        if (s.name == name)
        {
            return s;
        }
    }
    chronometry::ReportConfigError("PredictorEvaluation: no predictor named '" + name + "'");
}

std::string
PredictorEvaluation::BestByMae() const
{
    std::string best;
    double lowest = 0;
    for (const auto& s : m_stats)
    {
        if (s.name == "LevelOracle")
        {
            continue;
        }
        if (best.empty() || s.maeNs < lowest)
        {
            best = s.name;
            lowest = s.maeNs;
        }
    }
    return best;
}

} // namespace ns3
