/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clock-helper.h"

#include "ns3/chronometry-validation.h"
#include "ns3/constant-drift-oscillator.h"
#include "ns3/double.h"
#include "ns3/drifting-clock.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/oscillator.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClockHelper");

namespace
{

/**
 * Call \p install on every node, in order.
 * \param nodes the nodes
 * \param install makes and aggregates one object
 * \return the objects
 */
template <typename T, typename Install>
std::vector<Ptr<T>>
InstallEach(const NodeContainer& nodes, Install install)
{
    std::vector<Ptr<T>> installed;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        installed.push_back(install(*it));
    }
    return installed;
}

/**
 * Assign consecutive streams to the T aggregated to each node.
 * \param nodes the nodes
 * \param stream first stream index
 * \return the number of streams used
 */
template <typename T>
int64_t
AssignStreamsEach(const NodeContainer& nodes, int64_t stream)
{
    int64_t current = stream;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        if (Ptr<T> object = (*it)->GetObject<T>())
        {
            current += object->AssignStreams(current);
        }
    }
    return current - stream;
}

} // namespace

ClockHelper::ClockHelper()
{
    m_clockFactory.SetTypeId("ns3::DriftingClock");
    m_oscillatorFactory.SetTypeId("ns3::ConstantDriftOscillator");
}

void
ClockHelper::SetClockAttribute(const std::string& name, const AttributeValue& value)
{
    m_clockFactory.Set(name, value);
}

void
ClockHelper::SetOscillatorAttribute(const std::string& name, const AttributeValue& value)
{
    m_oscillatorFactory.Set(name, value);
}

void
ClockHelper::SetOffset(Ptr<RandomVariableStream> nanoseconds)
{
    NS_LOG_FUNCTION(this << nanoseconds);
    m_offsetNs = nanoseconds;
    m_offsets.clear();
}

void
ClockHelper::SetOffset(std::vector<Time> offsets)
{
    NS_LOG_FUNCTION(this << offsets.size());
    if (offsets.empty())
    {
        chronometry::ReportConfigError(
            "ClockHelper::SetOffset: an empty list (give one offset per node)");
    }
    m_offsets = std::move(offsets);
    m_offsetNs = nullptr;
}

void
ClockHelper::SetDrift(Ptr<RandomVariableStream> ppm)
{
    NS_LOG_FUNCTION(this << ppm);
    m_driftPpm = ppm;
    m_driftsPpm.clear();
}

void
ClockHelper::SetDriftPpm(std::vector<double> ppm)
{
    NS_LOG_FUNCTION(this << ppm.size());
    if (ppm.empty())
    {
        chronometry::ReportConfigError(
            "ClockHelper::SetDriftPpm: an empty list (give one drift in ppm per node)");
    }
    m_driftsPpm = std::move(ppm);
    m_driftPpm = nullptr;
}

Ptr<LocalClock>
ClockHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    if (!m_offsets.empty() || !m_driftsPpm.empty())
    {
        chronometry::ReportConfigError(
            "ClockHelper::Install(node " + std::to_string(node->GetId()) +
            "): per-node lists (SetOffset with a list of Time, SetDriftPpm) apply to "
            "Install(NodeContainer), whose i-th node gets element i");
    }
    return InstallAt(node, 0);
}

Ptr<LocalClock>
ClockHelper::InstallAt(Ptr<Node> node, std::size_t index) const
{
    if (node->GetObject<LocalClock>())
    {
        chronometry::ReportConfigError("ClockHelper::Install: node " +
                                       std::to_string(node->GetId()) + " already has a LocalClock");
    }
    Ptr<LocalClock> clock = m_clockFactory.Create<LocalClock>();
    if (auto drifting = DynamicCast<DriftingClock>(clock))
    {
        Ptr<Oscillator> oscillator = m_oscillatorFactory.Create<Oscillator>();
        if (m_driftPpm)
        {
            oscillator->SetBaseDrift(m_driftPpm->GetValue());
        }
        else if (!m_driftsPpm.empty())
        {
            oscillator->SetBaseDrift(m_driftsPpm.at(index));
        }
        drifting->SetAttribute("Oscillator", PointerValue(oscillator));
        if (m_offsetNs)
        {
            drifting->SetAttribute("InitialOffset",
                                   TimeValue(NanoSeconds(std::llround(m_offsetNs->GetValue()))));
        }
        else if (!m_offsets.empty())
        {
            drifting->SetAttribute("InitialOffset", TimeValue(m_offsets.at(index)));
        }
    }
    else if (m_offsetNs || m_driftPpm || !m_offsets.empty() || !m_driftsPpm.empty())
    {
        chronometry::ReportConfigError(
            "ClockHelper: SetOffset/SetDrift/SetDriftPpm apply to ns3::DriftingClock only, not "
            "to " +
            clock->GetInstanceTypeId().GetName());
    }
    node->AggregateObject(clock);
    return clock;
}

LocalClockContainer
ClockHelper::Install(const NodeContainer& nodes) const
{
    NS_LOG_FUNCTION(this << nodes.GetN());
    auto refuse = [&nodes](const char* setter, std::size_t given, const char* what) {
        chronometry::ReportConfigError(
            std::string("ClockHelper::") + setter + ": " + std::to_string(given) + " " + what +
            " for the " + std::to_string(nodes.GetN()) +
            " nodes passed to Install (give one per node, in the NodeContainer's order)");
    };
    if (!m_offsets.empty() && m_offsets.size() != nodes.GetN())
    {
        refuse("SetOffset", m_offsets.size(), "offsets");
    }
    if (!m_driftsPpm.empty() && m_driftsPpm.size() != nodes.GetN())
    {
        refuse("SetDriftPpm", m_driftsPpm.size(), "drifts");
    }
    LocalClockContainer installed;
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        installed.push_back(InstallAt(nodes.Get(i), i));
    }
    return installed;
}

int64_t
ClockHelper::AssignStreams(const NodeContainer& nodes, int64_t stream) const
{
    return AssignStreamsEach<LocalClock>(nodes, stream);
}

// ---------------------------------------------------------------- TscHelper

TscHelper::TscHelper()
{
    m_tscFactory.SetTypeId("ns3::SimulatedTsc");
    m_oscillatorFactory.SetTypeId("ns3::ConstantDriftOscillator");
    auto boot = CreateObject<UniformRandomVariable>();
    boot->SetAttribute("Min", DoubleValue(0.0));
    boot->SetAttribute("Max", DoubleValue(1099511627776.0)); // 2^40 ticks, ~8 min at 2.2 GHz
    m_boot = boot;
}

void
TscHelper::SetTscAttribute(const std::string& name, const AttributeValue& value)
{
    m_tscFactory.Set(name, value);
}

void
TscHelper::SetFrequency(Ptr<RandomVariableStream> hz)
{
    m_frequency = hz;
}

void
TscHelper::SetDrift(Ptr<RandomVariableStream> ppm)
{
    m_driftPpm = ppm;
}

void
TscHelper::SetBootValue(Ptr<RandomVariableStream> ticks)
{
    m_boot = ticks;
}

std::array<Ptr<UniformRandomVariable>, 2>
ClockHelper::SetUniformPopulation(Time skewBound, double maxDriftPpm)
{
    chronometry::RequireTimeInRange("ClockHelper::SetUniformPopulation skewBound",
                                    skewBound,
                                    Time(0),
                                    Hours(24));
    chronometry::RequireDoubleInRange("ClockHelper::SetUniformPopulation maxDriftPpm",
                                      maxDriftPpm,
                                      0,
                                      ConstantDriftOscillator::MAX_DRIFT_PPM,
                                      "ppm");
    std::array<Ptr<UniformRandomVariable>, 2> variables{CreateObject<UniformRandomVariable>(),
                                                        nullptr};
    variables[0]->SetAttribute("Min", DoubleValue(-skewBound.GetNanoSeconds() / 2.0));
    variables[0]->SetAttribute("Max", DoubleValue(skewBound.GetNanoSeconds() / 2.0));
    SetOffset(variables[0]);
    if (maxDriftPpm > 0)
    {
        variables[1] = CreateObject<UniformRandomVariable>();
        variables[1]->SetAttribute("Min", DoubleValue(-maxDriftPpm));
        variables[1]->SetAttribute("Max", DoubleValue(maxDriftPpm));
        SetDrift(variables[1]);
    }
    return variables;
}

std::array<Ptr<UniformRandomVariable>, 3>
TscHelper::SetUniformPopulation(double driftPpm, double minHz, double maxHz, double maxBootTicks)
{
    auto uniform = [](double lo, double hi) {
        auto variable = CreateObject<UniformRandomVariable>();
        variable->SetAttribute("Min", DoubleValue(lo));
        variable->SetAttribute("Max", DoubleValue(hi));
        return variable;
    };
    std::array<Ptr<UniformRandomVariable>, 3> variables{uniform(-driftPpm, driftPpm),
                                                        uniform(minHz, maxHz),
                                                        uniform(0, maxBootTicks)};
    SetDrift(variables[0]);
    SetFrequency(variables[1]);
    SetBootValue(variables[2]);
    return variables;
}

Ptr<SimulatedTsc>
TscHelper::Install(Ptr<Node> node) const
{
    if (node->GetObject<SimulatedTsc>())
    {
        chronometry::ReportConfigError("TscHelper::Install: node " + std::to_string(node->GetId()) +
                                       " already has a SimulatedTsc");
    }
    Ptr<SimulatedTsc> tsc = m_tscFactory.Create<SimulatedTsc>();
    Ptr<Oscillator> oscillator = m_oscillatorFactory.Create<Oscillator>();
    if (m_driftPpm)
    {
        oscillator->SetBaseDrift(m_driftPpm->GetValue());
    }
    tsc->SetAttribute("Oscillator", PointerValue(oscillator));
    if (m_frequency)
    {
        tsc->SetAttribute("NominalFrequency", DoubleValue(m_frequency->GetValue()));
    }
    if (m_boot)
    {
        double boot = m_boot->GetValue();
        if (!(boot >= 0.0))
        {
            chronometry::ReportConfigError(
                "TscHelper::SetBootValue: drew a negative boot value; valid range [0, 2^64)");
        }
        tsc->SetAttribute("BootValue", UintegerValue(static_cast<uint64_t>(boot)));
    }
    node->AggregateObject(tsc);
    return tsc;
}

SimulatedTscContainer
TscHelper::Install(const NodeContainer& nodes) const
{
    return InstallEach<SimulatedTsc>(nodes, [this](Ptr<Node> node) { return Install(node); });
}

int64_t
TscHelper::AssignStreams(const NodeContainer& nodes, int64_t stream) const
{
    return AssignStreamsEach<SimulatedTsc>(nodes, stream);
}

} // namespace ns3
