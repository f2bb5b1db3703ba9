/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "service-time-model.h"

#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/server-type-profile.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ServiceTimeModel");

NS_OBJECT_ENSURE_REGISTERED(ServiceTimeModel);

TypeId
ServiceTimeModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ServiceTimeModel")
            .SetParent<Object>()
            .SetGroupName("Chronometry")
            .AddConstructor<ServiceTimeModel>()
            .AddAttribute("Base",
                          "Fixed part of the service time.",
                          TimeValue(MilliSeconds(2)),
                          MakeTimeAccessor(&ServiceTimeModel::m_base),
                          chronometry::MakeTimeRangeChecker(Time(0), Hours(1)))
            .AddAttribute("Noise",
                          "Nanoseconds added to every service time (any RandomVariableStream).",
                          StringValue("ns3::NormalRandomVariable[Mean=0|Variance=1e10|Bound=4e5]"),
                          MakePointerAccessor(&ServiceTimeModel::m_noise),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("SpikeProbability",
                          "Probability that an operation hits a load spike.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ServiceTimeModel::m_spikeProbability),
                          chronometry::MakeDoubleRangeChecker(0, 1))
            .AddAttribute("Spike",
                          "Nanoseconds added on a load spike (any RandomVariableStream; "
                          "ns3::ParetoRandomVariable for tails heavier than exponential).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=2e7]"),
                          MakePointerAccessor(&ServiceTimeModel::m_spike),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("TrendPerHour",
                          "Change of the service time level per hour of simulated time "
                          "(negative: the server gets faster); the level never goes below 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ServiceTimeModel::m_trendPerHour),
                          chronometry::MakeTimeRangeChecker(Seconds(-10), Seconds(10)))
            .AddAttribute("ColdExtra",
                          "Added to the level when the previous draw was more than ColdAfter "
                          "earlier (cold caches, paper Sec. V-C); 0 disables.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&ServiceTimeModel::m_coldExtra),
                          chronometry::MakeTimeRangeChecker(Time(0), Hours(1)))
            .AddAttribute("ColdAfter",
                          "Idle time after which the next draw pays ColdExtra.",
                          TimeValue(Seconds(30)),
                          MakeTimeAccessor(&ServiceTimeModel::m_coldAfter),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(24)))
            .AddAttribute("DegradedSlowdown",
                          "Factor applied to the whole service time in the degraded regime of "
                          "a two-state process (1: no regimes).",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&ServiceTimeModel::SetDegradedSlowdown,
                                             &ServiceTimeModel::GetDegradedSlowdown),
                          chronometry::MakeDoubleRangeChecker(1, 1000))
            .AddAttribute("NormalDwell",
                          "Mean (exponential) time spent in the normal regime.",
                          TimeValue(Seconds(600)),
                          MakeTimeAccessor(&ServiceTimeModel::m_normalDwell),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1000)))
            .AddAttribute("DegradedDwell",
                          "Mean (exponential) time spent in the degraded regime.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&ServiceTimeModel::m_degradedDwell),
                          chronometry::MakeTimeRangeChecker(MilliSeconds(1), Hours(1000)));
    return tid;
}

ServiceTimeModel::ServiceTimeModel()
    : m_base(MilliSeconds(2)),
      m_spikeProbability(0),
      m_trendPerHour(0),
      m_coldExtra(0),
      m_coldAfter(Seconds(30)),
      m_slowdown(1),
      m_normalDwell(Seconds(600)),
      m_degradedDwell(Seconds(60)),
      m_degraded(false),
      m_regimeStarted(false),
      m_drawn(false)
{
    m_coin = CreateObject<UniformRandomVariable>();
}

void
ServiceTimeModel::DoDispose()
{
    m_noise = nullptr;
    m_spike = nullptr;
    m_coin = nullptr;
    m_dwell = nullptr;
    Object::DoDispose();
}

void
ServiceTimeModel::SetDegradedSlowdown(double slowdown)
{
    m_slowdown = slowdown;
    // Created only when regimes are used, so that a model without them draws from the same
    // streams (and the same global stream numbering) as before regimes existed.
    if (m_slowdown > 1 && !m_dwell)
    {
        m_dwell = CreateObject<ExponentialRandomVariable>();
        m_dwell->SetAttribute("Mean", DoubleValue(1.0));
    }
}

double
ServiceTimeModel::GetDegradedSlowdown() const
{
    return m_slowdown;
}

void
ServiceTimeModel::SetServerType(const std::string& type)
{
    NS_LOG_FUNCTION(this << type);
    for (const auto& [name, value] : GetServerTypeProfile(type).Attributes())
    {
        SetAttribute(name, StringValue(value));
    }
}

void
ServiceTimeModel::AdvanceRegime(Time at)
{
    if (m_slowdown <= 1 || !m_dwell)
    {
        return;
    }
    auto dwell = [this]() {
        Time mean = m_degraded ? m_degradedDwell : m_normalDwell;
        return NanoSeconds(
            static_cast<int64_t>(m_dwell->GetValue() * double(mean.GetNanoSeconds())) + 1);
    };
    if (!m_regimeStarted)
    {
        m_regimeStarted = true;
        m_nextSwitch = dwell(); // from t = 0, normal regime
    }
    while (at >= m_nextSwitch)
    {
        m_degraded = !m_degraded;
        m_nextSwitch += dwell();
    }
}

Time
ServiceTimeModel::Sample()
{
    return Draw(Simulator::Now()).total;
}

ServiceDraw
ServiceTimeModel::Draw(Time at)
{
    ServiceDraw d;
    AdvanceRegime(at);
    double level = m_base.GetNanoSeconds();
    if (!m_trendPerHour.IsZero())
    {
        level += double(m_trendPerHour.GetNanoSeconds()) * at.GetSeconds() / 3600.0;
    }
    if (m_coldExtra.IsStrictlyPositive() && m_drawn && at - m_lastDraw > m_coldAfter)
    {
        level += m_coldExtra.GetNanoSeconds();
        d.cold = true;
    }
    level = std::max(0.0, level);
    // Draw order (noise, coin, spike) as before trends and regimes existed.
    double ns = level + m_noise->GetValue();
    if (m_spikeProbability > 0 && m_coin->GetValue() < m_spikeProbability)
    {
        ns += std::max(0.0, m_spike->GetValue());
        d.spike = true;
    }
    double factor = 1;
    if (m_slowdown > 1 && m_degraded)
    {
        factor = m_slowdown;
        d.degraded = true;
    }
    d.total = NanoSeconds(static_cast<int64_t>(std::max(0.0, ns) * factor));
    d.level = NanoSeconds(static_cast<int64_t>(level * factor));
    m_drawn = true;
    m_lastDraw = at;
    return d;
}

std::vector<ServiceDraw>
ServiceTimeModel::DrawSeries(Time start, Time period, uint32_t count)
{
    NS_LOG_FUNCTION(this << start << period << count);
    chronometry::RequireTimeInRange("ServiceTimeModel::DrawSeries period",
                                    period,
                                    Time(1),
                                    Hours(24));
    std::vector<ServiceDraw> out;
    out.reserve(count);
    for (uint32_t i = 0; i < count; ++i)
    {
        out.push_back(Draw(start + period * int64_t(i)));
    }
    return out;
}

int64_t
ServiceTimeModel::AssignStreams(int64_t stream)
{
    m_noise->SetStream(stream);
    m_spike->SetStream(stream + 1);
    m_coin->SetStream(stream + 2);
    if (m_dwell)
    {
        m_dwell->SetStream(stream + 3);
        return 4;
    }
    return 3;
}

} // namespace ns3
