/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ete-predictor.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EtePredictor");

namespace
{

/**
 * \param values samples
 * \return their population variance (0 for fewer than 2)
 */
double
PopulationVariance(const std::deque<double>& values)
{
    if (values.size() < 2)
    {
        return 0;
    }
    double mean = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
    double sum = 0;
    for (double v : values)
    {
        sum += (v - mean) * (v - mean);
    }
    return sum / values.size();
}

} // namespace

std::string
EtePredictorKindName(EtePredictorKind kind)
{
    switch (kind)
    {
    case EtePredictorKind::BASELINE:
        return "Baseline";
    case EtePredictorKind::AVERAGE:
        return "Average";
    case EtePredictorKind::FT_AVERAGE:
        return "FtAverage";
    case EtePredictorKind::KALMAN:
        return "Kalman";
    }
    return "?";
}

EtePredictorKind
EtePredictorKindFromName(const std::string& name)
{
    for (auto kind : {EtePredictorKind::BASELINE,
                      EtePredictorKind::AVERAGE,
                      EtePredictorKind::FT_AVERAGE,
                      EtePredictorKind::KALMAN})
    {
        if (EtePredictorKindName(kind) == name)
        {
            return kind;
        }
    }
    chronometry::ReportConfigError("predictor: '" + name +
                                   "' is not one of Baseline, Average, FtAverage, Kalman");
}

EtePredictor::EtePredictor(EtePredictorKind kind, uint32_t window)
    : m_kind(kind),
      m_window(window),
      m_count(0),
      m_p(0),
      m_gain(0),
      m_w(0),
      m_v(0)
{
    chronometry::RequireDoubleInRange("EtePredictor window N", window, 1, 4096, "samples");
}

void
EtePredictor::Reset()
{
    m_count = 0;
    m_x.clear();
    m_s.clear();
    m_res.clear();
    m_p = m_gain = m_w = m_v = 0;
}

EtePredictorKind
EtePredictor::GetKind() const
{
    return m_kind;
}

uint32_t
EtePredictor::GetWindow() const
{
    return m_window;
}

uint64_t
EtePredictor::GetSampleCount() const
{
    return m_count;
}

double
EtePredictor::GetVariance() const
{
    return m_p;
}

double
EtePredictor::GetGain() const
{
    return m_gain;
}

double
EtePredictor::GetProcessVariance() const
{
    return m_w;
}

double
EtePredictor::GetMeasurementVariance() const
{
    return m_v;
}

Time
EtePredictor::Predict() const
{
    return NanoSeconds(static_cast<int64_t>(std::llround(PredictNs())));
}

double
EtePredictor::PredictNs() const
{
    if (m_count == 0 || m_kind == EtePredictorKind::BASELINE)
    {
        return 0;
    }
    switch (m_kind)
    {
    case EtePredictorKind::AVERAGE:
        return std::accumulate(m_x.begin(), m_x.end(), 0.0) / m_x.size();
    case EtePredictorKind::FT_AVERAGE: {
        double sum = std::accumulate(m_x.begin(), m_x.end(), 0.0);
        if (m_x.size() < 3)
        {
            return sum / m_x.size();
        }
        auto [mn, mx] = std::minmax_element(m_x.begin(), m_x.end());
        return (sum - *mn - *mx) / (m_x.size() - 2);
    }
    case EtePredictorKind::KALMAN:
        return m_s.back(); // Eq. 5
    default:
        return 0;
    }
}

void
EtePredictor::Update(Time ete)
{
    double x = ete.GetNanoSeconds();
    NS_LOG_FUNCTION(this << x);
    if (m_kind == EtePredictorKind::KALMAN)
    {
        KalmanUpdate(x);
    }
    m_x.push_back(x);
    while (m_x.size() > m_window)
    {
        m_x.pop_front();
    }
    ++m_count;
}

void
EtePredictor::KalmanUpdate(double x)
{
    if (m_count == 0)
    {
        m_s.push_back(x);
        m_res.push_back(0);
        m_p = 0;
        m_gain = 1;
        return;
    }
    // Eq. 10: variance of the last N increments of s (from the last N + 1 estimates).
    std::deque<double> increments;
    for (std::size_t i = 1; i < m_s.size(); ++i)
    {
        increments.push_back(m_s[i] - m_s[i - 1]);
    }
    m_w = PopulationVariance(increments);
    m_v = PopulationVariance(m_res); // Eq. 11
    double prior = m_s.back();       // Eq. 5
    double pPrior = m_p + m_w;       // Eq. 6
    double denominator = pPrior + m_v;
    m_gain = denominator > 0 ? pPrior / denominator : 1.0 / (m_count + 1); // Eq. 8
    double s = prior + m_gain * (x - prior);                               // Eq. 7
    m_p = (1 - m_gain) * pPrior;                                           // Eq. 9
    m_s.push_back(s);
    while (m_s.size() > m_window + 1)
    {
        m_s.pop_front();
    }
    m_res.push_back(x - s);
    while (m_res.size() > m_window)
    {
        m_res.pop_front();
    }
}

} // namespace ns3
