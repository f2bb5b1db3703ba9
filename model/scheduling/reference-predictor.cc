/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "reference-predictor.h"

#include "ns3/chronometry-validation.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ReferencePredictor");

std::string
ReferencePredictorKindName(ReferencePredictorKind kind)
{
    switch (kind)
    {
    case ReferencePredictorKind::LAST_SAMPLE:
        return "LastSample";
    case ReferencePredictorKind::WINDOW_MEDIAN:
        return "WindowMedian";
    case ReferencePredictorKind::CALIBRATED:
        return "Calibrated";
    }
    return "?";
}

bool
ReferencePredictorKindFromName(const std::string& name, ReferencePredictorKind& kind)
{
    for (auto k : {ReferencePredictorKind::LAST_SAMPLE,
                   ReferencePredictorKind::WINDOW_MEDIAN,
                   ReferencePredictorKind::CALIBRATED})
    {
        if (ReferencePredictorKindName(k) == name)
        {
            kind = k;
            return true;
        }
    }
    return false;
}

ReferencePredictor::ReferencePredictor(ReferencePredictorKind kind, uint32_t window)
    : m_kind(kind),
      m_window(window),
      m_count(0)
{
    chronometry::RequireDoubleInRange("ReferencePredictor window N", window, 1, 4096, "samples");
}

void
ReferencePredictor::Reset()
{
    m_count = 0;
    m_x.clear();
}

ReferencePredictorKind
ReferencePredictor::GetKind() const
{
    return m_kind;
}

uint32_t
ReferencePredictor::GetWindow() const
{
    return m_window;
}

uint64_t
ReferencePredictor::GetSampleCount() const
{
    return m_count;
}

Time
ReferencePredictor::Predict() const
{
    if (m_x.empty())
    {
        return Time(0);
    }
    switch (m_kind)
    {
    case ReferencePredictorKind::LAST_SAMPLE:
        return NanoSeconds(m_x.back());
    case ReferencePredictorKind::WINDOW_MEDIAN: {
        std::vector<int64_t> v(m_x.begin(), m_x.end());
        std::size_t mid = v.size() / 2;
        std::nth_element(v.begin(), v.begin() + mid, v.end());
        int64_t upper = v[mid];
        if (v.size() % 2 == 1)
        {
            return NanoSeconds(upper);
        }
        int64_t lower = *std::max_element(v.begin(), v.begin() + mid);
        return NanoSeconds(static_cast<int64_t>(std::llround((double(lower) + upper) / 2)));
    }
    case ReferencePredictorKind::CALIBRATED: {
        double sum = std::accumulate(m_x.begin(), m_x.end(), 0.0);
        return NanoSeconds(static_cast<int64_t>(std::llround(sum / m_x.size())));
    }
    }
    return Time(0);
}

void
ReferencePredictor::Update(Time ete)
{
    NS_LOG_FUNCTION(this << ete);
    ++m_count;
    if (m_kind == ReferencePredictorKind::CALIBRATED)
    {
        if (m_x.size() < m_window)
        {
            m_x.push_back(ete.GetNanoSeconds());
        }
        return;
    }
    m_x.push_back(ete.GetNanoSeconds());
    std::size_t keep = m_kind == ReferencePredictorKind::LAST_SAMPLE ? 1 : m_window;
    while (m_x.size() > keep)
    {
        m_x.pop_front();
    }
}

} // namespace ns3
